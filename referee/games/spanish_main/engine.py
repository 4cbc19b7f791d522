"""The Spanish Main referee (S-L1, S-GEO): a state machine over the log's entries.

The engine is the game's state (`state.GameState`) and a dispatcher: each entry goes to the
section of the rules it belongs to, one module each, as the rulings are laid out —
`setup_entries` (the set-up, round 0), `turn` (the turn and the end of the game), `moving`
(moves, contacts, docking), `ramming` (rams and boarding), `towing`, `exploring`,
`shooting` (shots, sinking, scuttling, repairs), `forts` (gold and forts), `terrain`
(icebergs, fog, sargasso, reefs), `crewing` (crew aboard and ashore) and `abilities`.

At level 1, geometric facts — segments moved, contacts, ranges — are stated by the log and
trusted (counted as *accepted, not checked*); every other rule is checked, in the
precedence of the rulings: the end, the turn, unknown pieces, ownership, one action a
ship, the ship's state, the action's own ruling, then the dice. At level 2, an entry level
1 accepts is then measured (`level2`). The first illegal entry ends the judging of a game;
nothing here prints.

An entry only asked about (`is_legal`) is judged after a mark (`GameState.mark`) and undone,
whatever the verdict; so is every entry at level 2, an illegal one undone. At level 1 an entry
played (`play`, `plays`) is noted in a journal instead, and an illegal one undone by playing the
journal again from the last saved state (`_rewind`): see `CHECKPOINT_EVERY` for why.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.diagnostics import Violation
from referee.games.base import Engine, Outcome, SideResult
from referee.games.spanish_main import (abilities, crewing, exploring, forts, moving, ramming, setup_entries,
                                        shooting, terrain, towing, turn)
from referee.games.spanish_main.illegal import Illegal, fail
from referee.games.spanish_main.notation import DEAL, Event
from referee.games.spanish_main.setup import Setup
from referee.games.spanish_main.state import GameState, Mark

if TYPE_CHECKING:
    from referee.games.spanish_main.view import SpanishMainView

AFTER_BUILDING = frozenset({"build", "end", "resign", "reveal", "ability", "event", "effect"})
"""What may follow a fort built at the end of the turn (S-TURN, S-FORT-BUILD)."""
CHECKPOINT_EVERY = 512
"""Level 1 saves the state once every this many calls, not before every entry: an illegal entry
(rare) is undone by going back to the last saved state and playing the calls since again. A level-1
entry costs about 3.6 µs of processor time; a mark before it (`GameState.mark`) adds 1.3 µs for the
attributes alone and 8 µs with the containers, the tables and the pieces copied as they are read,
so that checking a corpus took 1.8 times as long. A save costs about what judging a dozen entries
costs, and each refusal saves afresh, so the replays of a game never add up to more than its calls:
the bound only keeps one refusal's replay short."""


class SpanishMainEngine(GameState, Engine):
    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.geometry = None
        if setup.geometry is not None:
            from referee.games.spanish_main.level2 import GeometryJudge

            self.geometry = GeometryJudge(self, setup.geometry)
        self._journal: list[tuple[str | None, Any]] | None = None if self.geometry is not None else []
        """Level 1: the calls since `_checkpoint`, (None, N) for round N begun and (player, action)
        for an entry played; None at level 2, where every entry is judged after a mark."""
        self._checkpoint: dict[str, Any] | None = None
        """The state before the journal's first call, None for the state a new engine starts in (most
        games are judged without a refusal, so without needing it); never changed (restored from a copy)."""
        self._judged_ahead: tuple[str, Any, Mark | None] | None = None
        """The entry judged legal just now, before its `play`: by a trial (`is_legal`), with the
        state the trial left, or played already (`plays`), with None. Only the very next call may
        be the `play` of that entry, which then takes that state (or finds it in place) rather than
        judging the entry again: every other call forgets it."""

    # -- the Engine interface ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def round_due(self) -> int | None:
        if self.over:
            return None
        if not self.started:
            return 0
        if self.stage != "play":
            return None
        if self.turn == 0 or self.turn_ended:
            return self.turn + 1
        return None

    def start_round(self, number: int) -> Violation | None:
        self._judged_ahead = None
        violation = turn.start_round(self, number)
        journal = self._journal
        if journal is not None:  # noted even when refused: it may have ended the turn first (S-END)
            journal.append((None, number))
            if len(journal) >= CHECKPOINT_EVERY:
                self._save_checkpoint()
        return violation

    def play(self, player: str, action: Any) -> Violation | None:
        ahead = self._judged_ahead
        if ahead is not None:
            self._judged_ahead = None
            if ahead[1] is action and ahead[0] == player:
                if ahead[2] is None:
                    return None  # played by `plays` already, and noted
                self.__dict__ = ahead[2]  # the state the trial left, what playing the entry leaves
                self.keep()
                self._noted(player, action)  # kept at level 1 only (`is_legal`)
                return None
        journal = self._journal
        if journal is not None:
            try:
                self._play(player, action)
            except Illegal as illegal:
                self._rewind()
                return illegal.violation
            journal.append((player, action))  # `_noted`, written out: judging spends most of its time here
            if len(journal) >= CHECKPOINT_EVERY:
                self._save_checkpoint()
            return None
        mark = self.mark()
        try:
            self._judge(player, action, mark)
        except Illegal as illegal:
            self.undo(mark)
            self._gold_moved = True  # as far as S-WIN knows
            return illegal.violation
        self.keep()
        return None

    def _judge(self, player: str, action: Any, mark: Mark) -> None:
        """The entry played after `mark`, and at level 2 then measured. The geometry reads the state
        before the entry (`self.before`): the mark is that state, as no change since reaches it, so
        level 2 needs no save of its own."""
        if self.geometry is None:
            self._play(player, action)
            return
        self.before = mark
        self.geometry.focus = None
        self._play(player, action)
        self._judge_geometry(player, action)
        self.before = {}  # read no more: a state kept must not hold every state before it

    def _judge_geometry(self, player: str, action: Event) -> None:
        """Level 2, after level 1 accepted the entry (S-LEVELS: level 1's violation comes first)."""
        from referee.games.spanish_main.level2 import GeoIllegal

        judge = self.geometry
        assert judge is not None
        judge.notices = []
        try:
            judge.judge(player, action)
        except GeoIllegal as illegal:
            raise Illegal(illegal.violation) from None
        self.notices.extend(judge.notices)

    def take_notices(self) -> list[Violation]:
        self._judged_ahead = None
        found, self.notices = self.notices, []
        return found

    def set_aside(self, player: str, action: Any, violation: Violation) -> None:
        """An entry accepted by an allow comment changes nothing; the turn goes on."""

    def finish(self) -> list[Violation]:
        problems: list[Violation] = []
        if self.stage != "play" and self.started and not self.over:
            problems.append(Violation("S-SETUP", f"the log ends inside the set-up: {setup_entries.awaited(self)}",
                                      part="end"))
        claimed = self.setup.claimed
        if claimed is not None:
            actual = turn.claimable_winner(self)
            if actual != (None if claimed == "*" else claimed):
                problems.append(Violation("S-WIN", f"the log claims {turn.said(self, claimed)}, but "
                                          f"{turn.said(self, actual)}", {"claimed": claimed, "actual": actual},
                                          part="tag:Result"))
        return problems

    def outcome(self) -> Outcome:
        sides = [SideResult(p, [p], self.total_gold(p), {"home": self.gold[p],
                                                         "forts": self.total_gold(p) - self.gold[p]})
                 for p in self.players]
        winner = turn.claimable_winner(self)
        summary: dict[str, Any] = {"turns": self.turn, "distributed_gold": self.distributed,
                                   "checked_events": self.checked, "accepted_not_checked": self.unchecked}
        if self.end_reason:
            summary["ended"] = self.end_reason
        if self.declared:
            summary["declared_abilities"] = list(self.declared)
        winners = [] if winner in (None, "none") else [winner]  # type: ignore[list-item]
        claimed = self.setup.claimed
        if claimed == "*":
            claim = None if winner is None else "false"
        else:
            claim = None if claimed is None else "holds" if claimed == winner else "false"
        return Outcome(self.over or winner not in (None, "none"), sides, winners, summary, claim)

    def canonical_action(self, player: str, action: Any) -> Any:
        return action

    def view(self) -> SpanishMainView:
        from referee.games.spanish_main.view import engine_view

        return engine_view(self, None if self.geometry is None else self.geometry.table_view())

    def is_legal(self, player: str, action: Any) -> bool:
        """Whether this entry would be legal now: judged after a mark, then undone whatever the
        verdict (and whatever else stops the trial), so the state is left exactly as it was."""
        self._judged_ahead = None
        mark = self.mark(trial=True)
        try:
            self._judge(player, action, mark)
        except Illegal:
            return False
        finally:
            tried = self.__dict__
            self.undo(mark)
        if self._journal is not None:  # level 1: its state kept for the `play` that may follow
            self._judged_ahead = (player, action, tried)
        return True

    def plays(self, player: str, action: Any) -> bool:
        """The entry played now if it is legal (True), kept and noted as `play` keeps and notes it;
        if it is illegal, the state as it was (False), undone as `play` undoes it. For a simulated
        captain that plays the first legal entry it finds, of kinds the rules seldom refuse it: no
        trial before the entry is played. The caller's `play` of this very entry next only reports it."""
        if self.play(player, action) is not None:
            return False
        self._judged_ahead = (player, action, None)
        return True

    @property
    def placer(self) -> str:
        """Who places the next island or terrain piece (S-ISLANDS, S-TERRAIN-PLACE)."""
        return setup_entries.placer(self)

    @property
    def icebergs_due(self) -> bool:
        """Whether this turn still starts with the iceberg roll (S-ICEBERG)."""
        return self.icebergs_rolled is None and bool(terrain.drifting_icebergs(self))

    def opponent(self, player: str) -> str:
        return self.other(player)

    def copy(self) -> "SpanishMainEngine":
        clone = copy.copy(self)
        vars(clone).update(self.copied())
        clone.notices = list(self.notices)  # what the copy notices is its own
        clone._judged_ahead = None
        if self.geometry is not None:
            clone.geometry = self.geometry.for_game(clone)  # it measures the copy's pieces, not these
        if self._journal is not None:
            clone._journal = list(self._journal)  # the checkpoint is never changed: shared
        return clone

    # -- level 1: undoing an entry by playing the journal again ---------------------------------

    def _noted(self, player: str, action: Any) -> None:
        """Level 1: an entry played, noted in the journal."""
        journal = self._journal
        assert journal is not None
        journal.append((player, action))
        if len(journal) >= CHECKPOINT_EVERY:
            self._save_checkpoint()

    def _save_checkpoint(self) -> None:
        """Level 1: save the state now and then (`play` and `start_round` note each call in the
        journal), so that undoing an entry never replays more than CHECKPOINT_EVERY calls."""
        assert self._journal is not None
        self._checkpoint = self.copied()
        self._journal.clear()

    def _rewind(self) -> None:
        """Level 1: undo the entry just refused by restoring the last saved state and playing the
        calls since again (the engine is deterministic, and those calls were all accepted). The
        notices the refused entry gave are left, as a mark's undo leaves them."""
        assert self._journal is not None
        notices = self.notices
        saved = type(self)(self.setup).copied() if self._checkpoint is None else self._copied(self._checkpoint)
        vars(self).update(saved)
        self._gold_moved = True  # as far as S-WIN knows
        self.notices = []
        for player, entry in self._journal:
            if player is None:
                turn.start_round(self, entry)
            else:
                self._play(player, entry)
        self.notices = notices
        self._checkpoint, self._journal = self.copied(), []  # refusals in a row replay nothing

    # -- dispatching an entry ---------------------------------------------------------------------

    def _play(self, player: str, action: Event) -> None:
        if self.over:
            raise fail("S-END", f"the game ended ({self.end_reason}): nothing more is played")
        if player not in self.players and player != DEAL:
            raise fail("S-PLAYERS", f"'{player}' is not seated: the players are {' and '.join(self.players)}",
                       "mover")
        if self.stage != "play":
            setup_entries.setup_entry(self, player, action)
            return
        if self.turn == 0:
            raise fail("S-TURN", "the set-up is over: turn 1 begins the play", "round")
        verb = action.verb
        if verb == DEAL:
            raise fail("S-SETUP", "the treasure is dealt once, in the set-up")
        if player != self.turn_player and verb != "board":
            raise fail("S-TURN", f"it is {self.turn_player}'s turn {self.turn}, not {player}'s", "mover")
        if self.turn_ended:
            raise fail("S-TURN", f"{player}'s turn {self.turn} has ended", "mover")
        waiver = self.waiver
        if waiver is not None:
            if waiver.get("pending"):
                waiver["pending"] = False
            else:
                self.waiver = waiver = None
        if self.building and verb not in AFTER_BUILDING:
            raise fail("S-TURN", "forts are built at the end of the turn: only more forts and 'end' follow")
        handler = _TURN_HANDLERS.get(verb)
        if handler is None:  # the grammar reads only set-up verbs besides the turn's
            raise fail("S-SETUP", f"'{verb}' belongs to the set-up, which ended before turn 1")
        before = self.mark() if waiver is not None else None
        self.on_word = self.on_geo = False
        try:
            if self.icebergs:  # the start step is theirs (S-ICEBERG)
                terrain.start_step_due(self, action)
            handler(self, player, action)
        except Illegal as illegal:
            if before is not None and illegal.violation.rule in waiver["overrides"]:  # type: ignore[index]
                self.undo(before)
                self._gold_moved = True  # as far as S-WIN knows
                abilities.waived(self, player, action, illegal.violation)
                return
            raise
        if self.on_word or (self.on_geo and not self.measured):
            self.unchecked += 1
        else:
            self.checked += 1
        if self._gold_moved and "win-end-of-turn" not in self.variants:  # asked here too: most entries move no gold
            turn.check_win(self)

    def _do_move(self, player: str, action: Event) -> None:
        if not self._plain_move(player, action):
            moving.move(self, player, action, about=False)

    def _plain_move(self, player: str, action: Event) -> bool:
        """The usual move judged in one pass (`moving.plain_move`); False for any other."""
        return moving.plain_move(self, player, action)

    def _terrain_in_turn(self, placers: list[str]) -> bool:
        """Whether terrain placed by these players, in this order, is placed in turn (S-TERRAIN-PLACE)."""
        return setup_entries.terrain_in_turn(self, placers)


_TURN_HANDLERS: dict[str, Callable[[SpanishMainEngine, str, Event], None]] = {
    "move": SpanishMainEngine._do_move, "about": moving.do_about,
    "land": crewing.do_land, "embark": crewing.do_embark, "transfer": crewing.do_transfer,
    "ram": ramming.do_ram, "board": ramming.do_board,
    "tow": towing.do_tow, "release": towing.do_release,
    "explore": exploring.do_explore, "reveal": exploring.do_reveal,
    "shoot": shooting.do_shoot, "repair": shooting.do_repair, "scuttle": shooting.do_scuttle,
    "load": forts.do_load, "unload": forts.do_unload, "build": forts.do_build,
    "icebergs": terrain.do_icebergs, "drift": terrain.do_drift, "free": terrain.do_free,
    "ability": abilities.do_ability, "event": abilities.do_event, "effect": abilities.do_effect,
    "end": turn.do_end, "resign": turn.do_resign}
"""Each turn entry's handler by verb, in the section of the rules it belongs to."""
