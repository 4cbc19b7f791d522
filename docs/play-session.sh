#!/bin/sh
# Plays the session of docs/play-session.txt in a real terminal (tmux, 100 columns) and
# writes what the screen showed there. Run from the repository root: sh docs/play-session.sh
set -eu
python=${PYTHON:-python3}
root=$(pwd)
work=$(mktemp -d)
cat > "$work/rc" <<RC
PS1='\$ '
referee() { PYTHONPATH="$root" "$python" -m referee "\$@"; }
export NO_COLOR=1
cd "$work"
RC
tmux new-session -d -s referee-play-session -x 100 -y 80 "bash --rcfile $work/rc -i"
keys() { tmux send-keys -t referee-play-session "$@"; sleep 1; }
keys clear Enter
keys "referee play table.korsar --game Korsar --players 'A B C' --seed solo3-39" Enter
sleep 3  # the prompt is up before anything is typed
keys 'A: $' Tab
tmux capture-pane -t referee-play-session -p > "$work/menu"
keys 4 Enter
keys 'B: $5' Enter
keys 'C: dr' Tab
keys Enter
keys 'A: R1@B9' Enter
keys 'A: R1@B5' Enter
keys 'B: G2@B5' Enter
keys 'C: B3@B5' Enter
keys why Enter
keys 'why 4' Enter
keys undo Enter
keys 'C: B3@B5' Enter
keys score Enter
keys quit Enter
keys 'cat table.korsar' Enter
tmux capture-pane -t referee-play-session -p -S - > "$work/screen"
tmux kill-session -t referee-play-session
trim() { sed -e 's/[[:space:]]*$//' "$1" | awk 'NF { shown = 1 } shown' | sed -e '/^\$$/,$d'; }
{
    echo "A game of Korsar refereed with \`referee play\` in a terminal 100 columns wide, as the"
    echo "screen showed it. At the first prompt, 'A: \$' was typed and Tab pressed: the galleons"
    echo "in A's hand are offered."
    echo
    trim "$work/menu" | awk 'NF'
    echo
    echo "The whole session ('C: dr' and Tab completed 'C: draw'):"
    echo
    trim "$work/screen"
} > docs/play-session.txt
rm -rf "$work"
