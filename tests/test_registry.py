"""The registry knows every game without loading it, and loads only what a log needs."""

from __future__ import annotations

import subprocess
import sys

from referee.games import ENTRIES, GAMES, all_extensions, game_for_tag
from tests.conftest import ROOT


def test_every_entry_matches_its_game() -> None:
    for entry in ENTRIES:
        game = GAMES[entry.id]
        assert (game.id, game.name, tuple(game.extensions)) == (entry.id, entry.name, entry.extensions)
        assert game_for_tag(f"  {entry.name.upper()} ") is game
    assert game_for_tag("Chess") is None
    assert all_extensions() == tuple(ext for entry in ENTRIES for ext in entry.extensions)


def test_a_korsar_log_loads_neither_corsari_nor_the_other_commands() -> None:
    probe = ("import sys; from referee.cli import main; sys.argv = ['referee', 'check', "
             "'samples/korsar/legal/k-example.korsar']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "loaded = list(sys.modules)\n"
             "print(' '.join(sorted(loaded)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    loaded = done.stdout.split()
    assert "referee.games.korsar.engine" in loaded
    assert not [m for m in loaded if m.startswith("referee.games.corsari")]
    assert "referee.cli.archive" not in loaded and "referee.cli.replay" not in loaded
    for costly in ("jsonschema", "xml.sax.saxutils", "concurrent.futures.process", "urllib.request"):
        assert costly not in loaded, f"{costly} is loaded for nothing"
