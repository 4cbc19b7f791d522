"""The Spanish Main referee at level 1 (S-L1): a state machine over the log's entries.

Geometric facts — segments moved, contacts, ranges — are stated by the log and trusted
(counted as *accepted, not checked*); every other rule is checked, in the precedence
of the rulings: the end, the turn, unknown pieces, ownership, one action a ship, the
ship's state, the action's own ruling, then the dice. The first illegal entry ends the
judging of a game; nothing here prints.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from referee.diagnostics import Violation
from referee.games.base import Engine, Outcome, SideResult
from referee.games.spanish_main.cards import Card, sample_cards
from referee.games.spanish_main.notation import DEAL, Event
from referee.games.spanish_main.setup import Setup
from referee.games.spanish_main.state import Crew, EventCard, Fort, Island, Ship, Terrain, Token, clone

SETUP_STAGES = ("fleet", "treasure", "roll", "island", "terrain", "home", "deal")
ACTIONS = ("move", "about", "shoot", "explore", "repair", "free")
"""Entries that are a ship's (or fort's) action for the turn; the rest are free (S-FREE)."""
AFTER_BUILDING = frozenset({"build", "end", "resign", "reveal", "ability", "event", "effect"})
"""What may follow a fort built at the end of the turn (S-TURN, S-FORT-BUILD)."""
START_STEP = frozenset({"icebergs", "drift", "resign"})
"""What may come before the start step is over (S-ICEBERG): the step itself, or giving up."""
NEVER_WAIVED = frozenset({"S-ONE-MISSES", "S-DICE", "S-PLAYERS", "S-TURN", "S-DATA", "S-DATA-UNKNOWN"})
CHECKPOINT_EVERY = 512
"""Level 1 saves the state once every this many calls, not before every entry: an illegal entry
(rare) is undone by going back to the last saved state and playing the calls since again. A save
costs about what judging a dozen entries costs, and each refusal saves afresh, so the replays of
a game never add up to more than its calls: the bound only keeps one refusal's replay short."""


class Illegal(Exception):
    """Raised inside a handler: the entry breaks `violation`; the state is restored."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def fail(rule: str, message: str, part: str = "action", notes: tuple[str, ...] = (),
         rulings: tuple[str, ...] = (), **facts: Any) -> Illegal:
    """`rulings`: those besides `rule` whose reading decided the finding, cited with it."""
    return Illegal(Violation(rule, message, facts, part=part, notes=notes, rulings=rulings))


def keyword_of(card: Card, name: str) -> str | None:
    """The card's keyword of this name in notation spelling (`cannon=+1`), or None."""
    return card.written_keywords.get(name)


def _cargo_keyword(card: Card) -> int:
    """What the card's cargo keyword adds (`cargo=+1`), 0 without one."""
    found = keyword_of(card, "cargo")
    return 0 if found is None else int(found.split("=")[1])


class SpanishMainEngine(Engine):
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players
        self.cards = setup.cards.cards
        self.variants = setup.variants
        self.ships: dict[str, Ship] = {}
        self.crew: dict[str, Crew] = {}
        self.tokens: dict[str, Token] = {}
        self.forts: dict[str, Fort] = {}
        self.events: dict[str, EventCard] = {}
        self.islands: dict[str, Island] = {}
        self.terrain: dict[str, Terrain] = {}
        self.icebergs: list[str] = []
        """The icebergs among the terrain, in the order placed: the start step asks after them at every entry."""
        self.placement: list[str] = []
        self.gold = {p: 0 for p in self.players}
        self._scuttling = False
        """Whether a ship was ever scuttled: until one is, no turn starts with a sinking (S-SCUTTLE)."""
        self._ships_touch = False
        """Whether a ship was ever stated to touch another ship (or towed one): until one is, no ship's
        contacts name a ship, so none has a ship that moves or sinks to forget (S-L1-CONTACT)."""
        self._gold_moved = True
        """Whether gold may have reached or left a home island or a fort since S-WIN was last judged:
        only then can the judging find a winner it did not find before, so only then is it done."""
        self.homes: dict[str, str] = {}
        self.stage = "fleet"
        self.stage_done: dict[str, set[str]] = {"fleet": set(), "treasure": set()}
        self.rolls: list[tuple[str, int]] = []
        self.first: str | None = None
        self.hidden_deal = False
        self.distributed = 0
        self.started = False
        self.turn = 0
        self.turn_player: str | None = None
        self.turn_ended = False
        self.acted: dict[str, list[str]] = {}
        self.forts_shot: set[str] = set()
        self.after: dict[str, Any] | None = None
        """The action whose free actions may still follow (S-ACTION-ORDER)."""
        self.sea_values: dict[str, int] = {}
        self.keywords_used: set[tuple[str, str]] = set()
        self.icebergs_rolled: int | None = None
        self.drifts_due: list[str] = []
        self.building = False
        self.waiver: dict[str, Any] | None = None
        self.granted: set[str] = set()
        self.winner: str | None = None
        self.end_reason: str | None = None
        self.over = False
        self.checked = 0
        self.accepted = 0
        self.on_word = False
        """Whether the entry being judged rests on a declared ability or an unnamed token (S-LEVELS)."""
        self.on_geo = False
        """Whether it rests on a stated geometric fact: taken on the log's word at level 1 only."""
        self.declared: list[str] = []
        self.notices: list[Violation] = []
        """Findings that do not make an entry illegal (S-GEO-MARGIN), until the replay takes them."""
        self.before: dict[str, Any] = {}
        """The state before the entry being judged (level 2 reads where a ship was lost or caught)."""
        self.geometry = None
        if setup.geometry is not None:
            from referee.games.spanish_main.level2 import GeometryJudge

            self.geometry = GeometryJudge(self, setup.geometry)
        self._journal: list[tuple[str | None, Any]] | None = None if self.geometry is not None else []
        """Level 1: the calls since `_checkpoint`, (None, N) for round N begun and (player, action)
        for an entry played; None at level 2, where every entry is saved before it is judged."""
        self._checkpoint: dict[str, Any] | None = None
        """The state before the journal's first call, None for the state a new engine starts in (most
        games are judged without a refusal, so without needing it); never changed (restored from a copy)."""

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
        violation = self._start_round(number)
        journal = self._journal
        if journal is not None:  # noted even when refused: it may have ended the turn first (S-END)
            journal.append((None, number))
            if len(journal) >= CHECKPOINT_EVERY:
                self._save_checkpoint()
        return violation

    def _start_round(self, number: int) -> Violation | None:
        if self.over:
            return Violation("S-END", f"the game ended ({self.end_reason}): no turn {number} is played", part="round")
        if not self.started:
            if number != 0:
                return Violation("S-SETUP", f"the log begins with the set-up, round 0, not turn {number}",
                                 part="round")
            self.started = True
            return None
        if self.stage != "play":
            return Violation("S-SETUP", f"turn {number} begins before the set-up is complete: "
                             f"{self._setup_awaited()}", part="round")
        if number != self.turn + 1:
            return Violation("S-TURN", f"turn {self.turn + 1} comes next, not turn {number}", part="round")
        if self.turn and not self.turn_ended:
            self._end_turn()
            if self.over:
                return Violation("S-END", f"the game ended at the end of turn {self.turn} "
                                 f"({self.end_reason}): no turn {number} is played", part="round")
        self.turn = number
        self.turn_player = self.first if number % 2 == 1 else self._other(self.first)  # type: ignore[arg-type]
        self.turn_ended = False
        self.acted, self.forts_shot, self.after = {}, set(), None
        self.sea_values, self.keywords_used = {}, set()
        self.building, self.waiver, self.granted = False, None, set()
        self.icebergs_rolled, self.drifts_due = None, []
        if self._scuttling:
            self._start_of_turn()
        return None

    def play(self, player: str, action: Any) -> Violation | None:
        journal = self._journal
        if journal is None:
            return self._play_saved(player, action)
        try:
            self._play(player, action)
        except Illegal as illegal:
            self._rewind()
            return illegal.violation
        journal.append((player, action))
        if len(journal) >= CHECKPOINT_EVERY:
            self._save_checkpoint()
        return None

    def _play_saved(self, player: str, action: Any) -> Violation | None:
        """Level 2: the state is saved before the entry (the geometry reads it as `before`)."""
        saved = self.before = self._snapshot()
        if self.geometry is not None:
            self.geometry.focus = None
        try:
            self._play(player, action)
            if self.geometry is not None:
                self._judge_geometry(player, action)
        except Illegal as illegal:
            self._restore(saved)
            return illegal.violation
        return None

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
        found, self.notices = self.notices, []
        return found

    def set_aside(self, player: str, action: Any, violation: Violation) -> None:
        """An entry accepted by an allow comment changes nothing; the turn goes on."""

    def finish(self) -> list[Violation]:
        problems: list[Violation] = []
        if self.stage != "play" and self.started and not self.over:
            problems.append(Violation("S-SETUP", f"the log ends inside the set-up: {self._setup_awaited()}",
                                      part="end"))
        claimed = self.setup.claimed
        if claimed is not None:
            actual = self._claimable_winner()
            if actual != (None if claimed == "*" else claimed):
                problems.append(Violation("S-WIN", f"the log claims {self._said(claimed)}, but "
                                          f"{self._said(actual)}", {"claimed": claimed, "actual": actual},
                                          part="tag:Result"))
        return problems

    def outcome(self) -> Outcome:
        sides = [SideResult(p, [p], self.total_gold(p), {"home": self.gold[p],
                                                         "forts": self.total_gold(p) - self.gold[p]})
                 for p in self.players]
        winner = self._claimable_winner()
        summary: dict[str, Any] = {"turns": self.turn, "distributed_gold": self.distributed,
                                   "checked_events": self.checked, "accepted_not_checked": self.accepted}
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

    def view(self) -> dict[str, Any]:
        from referee.games.spanish_main.view import engine_view

        return engine_view(self)

    def accepts(self, player: str, action: Any) -> bool:
        """Whether this entry would be legal now; the state is left as it was either way."""
        saved = self._snapshot()
        if self._journal is None:
            verdict = self._play_saved(player, action)
        else:
            try:
                self._play(player, action)
                verdict = None
            except Illegal as illegal:
                verdict = illegal.violation
        self._restore(saved)
        return verdict is None

    @property
    def placer(self) -> str:
        """Who places the next island or terrain piece (S-ISLANDS, S-TERRAIN-PLACE)."""
        return self._placer()

    @property
    def icebergs_due(self) -> bool:
        """Whether this turn still starts with the iceberg roll (S-ICEBERG)."""
        return self.icebergs_rolled is None and bool(self._drifting_icebergs())

    def opponent(self, player: str) -> str:
        return self._other(player)

    def copy(self) -> "SpanishMainEngine":
        clone = copy.copy(self)
        clone._restore(self._snapshot())
        if self._journal is not None:
            clone._journal = list(self._journal)  # the checkpoint is never changed: shared
        return clone

    # -- saving and restoring (an illegal entry leaves the state untouched) ----------------------
    # Level 2 saves the state before every entry (its geometry reads that state). Level 1 saves it
    # only now and then (`_save_checkpoint`) and undoes an illegal entry by replaying the calls since
    # (`_rewind`): copying every piece before every entry was most of the time a log took.

    _PIECES = ("ships", "crew", "tokens", "forts", "events", "islands", "terrain")
    _CONTAINERS = ("placement", "icebergs", "gold", "homes", "rolls", "forts_shot", "sea_values", "keywords_used",
                   "drifts_due", "granted", "declared")
    _PLAIN = ("stage", "first", "hidden_deal", "distributed", "started", "turn", "turn_player", "turn_ended",
              "icebergs_rolled", "building", "winner", "end_reason", "over", "checked", "accepted")

    def _snapshot(self) -> dict[str, Any]:
        """Everything an entry may change, copied so that no later change reaches the copy."""
        return self._copied(vars(self))

    @classmethod
    def _copied(cls, state: dict[str, Any]) -> dict[str, Any]:
        """A copy of the changeable part of `state` (the engine's attributes, or a snapshot of them),
        piece by piece rather than deeply: cards and strings are shared, never changed."""
        saved: dict[str, Any] = {name: {key: clone(piece) for key, piece in state[name].items()}
                                 for name in cls._PIECES}
        saved.update({name: state[name].copy() for name in cls._CONTAINERS})
        saved.update({name: state[name] for name in cls._PLAIN})
        saved["stage_done"] = {stage: done.copy() for stage, done in state["stage_done"].items()}
        saved["acted"] = {ship: kinds.copy() for ship, kinds in state["acted"].items()}
        after, waiver = state["after"], state["waiver"]
        saved["after"] = None if after is None else dict(after, used=set(after["used"]))
        saved["waiver"] = None if waiver is None else dict(waiver)
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        for name, value in saved.items():
            setattr(self, name, value)
        self._gold_moved = True  # as far as S-WIN knows

    def _save_checkpoint(self) -> None:
        """Level 1: save the state now and then (`play` and `start_round` note each call in the
        journal), so that undoing an entry never replays more than CHECKPOINT_EVERY calls."""
        assert self._journal is not None
        self._checkpoint = self._snapshot()
        self._journal.clear()

    def _rewind(self) -> None:
        """Level 1: undo the entry just refused by restoring the last saved state and playing the
        calls since again (the engine is deterministic, and those calls were all accepted). What a
        snapshot does not hold (notices, the last entry's grounds) is left as the refused entry left it,
        as a restored snapshot would leave it."""
        assert self._journal is not None
        kept = (self.notices, self.on_word, self.on_geo)
        if self._checkpoint is None:
            self._restore(type(self)(self.setup)._snapshot())
        else:
            self._restore(self._copied(self._checkpoint))
        self.notices = []
        for player, entry in self._journal:
            if player is None:
                self._start_round(entry)
            else:
                self._play(player, entry)
        self.notices, self.on_word, self.on_geo = kept
        self._checkpoint, self._journal = self._snapshot(), []  # refusals in a row replay nothing

    # -- helpers -------------------------------------------------------------------------------

    def _other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def _said(self, winner: str | None) -> str:
        if winner in (None, "*"):
            return "the game is not over"
        return "nobody wins" if winner == "none" else f"{winner} wins"

    def _claimable_winner(self) -> str | None:
        if self.winner is not None:
            return self.winner
        if self.stage == "play" and "most-gold" in self.variants:
            a, b = (self.total_gold(p) for p in self.players)
            return self.players[0] if a > b else self.players[1] if b > a else "none"
        return None if not self.over else "none"

    def total_gold(self, player: str) -> int:
        """Gold at home and in the player's built forts (with fort-paid-only, a fort counts its cost)."""
        return self.gold_totals()[player]

    def gold_totals(self) -> dict[str, int]:
        """Every player's `total_gold`, in one pass over the forts: judged after every entry (S-WIN)."""
        totals = self.gold.copy()
        if self.forts:
            paid_only = "fort-paid-only" in self.variants
            for fort in self.forts.values():
                if fort.built:
                    totals[fort.owner] += (fort.card.cost or 0) if paid_only else fort.gold
        return totals

    def piece(self, name: str, part: str = "action") -> Any:
        found = (self.ships.get(name) or self.crew.get(name) or self.tokens.get(name) or self.forts.get(name)
                 or self.events.get(name))  # a piece is never false
        if found is not None:
            return found
        raise fail("S-DATA-UNKNOWN", f"{name} is no piece of this game", part,
                   notes=("pieces are named in the set-up's fleet and treasure entries",))

    def _no_card(self, card: str, part: str) -> Illegal:
        """S-DATA-UNKNOWN for a card the data lacks: with the bundled sample cards in use, what that
        file holds (S-DATA-SAMPLES) decided it."""
        bundled = self.setup.cards is sample_cards()
        where = "the bundled sample cards" if bundled else "the card data"
        return fail("S-DATA-UNKNOWN", f"no card {card} in {where}", part,
                    rulings=("S-DATA-SAMPLES",) if bundled else ())

    def ship(self, name: str, part: str = "ship") -> Ship:
        found = self.ships.get(name)  # where `piece` looks first
        if found is None:
            self.piece(name, part)  # S-DATA-UNKNOWN for a name of no piece at all
            raise fail("S-DATA-UNKNOWN", f"{name} is not a ship", part)
        if found.sunk:
            raise fail("S-SINK", f"{name} has sunk", part)
        return found

    def cargo_of(self, ship: Ship) -> int:
        """S-LINK: printed cargo, +1 a linked pair of crew aboard, +1 a crew linked to the ship,
        plus cargo keywords of the ship and of crew able to use abilities aboard."""
        links, bonus = self._cargo_added(ship)
        return (ship.card.cargo or 0) + links + bonus

    def _cargo_added(self, ship: Ship) -> tuple[int, int]:
        """What the links of the crew aboard add to the printed cargo (S-LINK), and what cargo
        keywords add."""
        card = ship.card
        links = 0
        bonus = max(0, _cargo_keyword(card))
        aboard: list[Card] = []  # loops, not comprehensions: judged for every crew placed and every exploration
        for name in ship.crew:
            one = self.crew[name].card
            if card.id in one.links or one.id in card.links:
                links += 1
            for other in aboard:  # each pair once
                if one.id in other.links or other.id in one.links:
                    links += 1
            if one.nationality == card.nationality:
                bonus = max(bonus, _cargo_keyword(one))
            aboard.append(one)
        return links, bonus

    def over_cargo(self, ship: Ship, message: str, part: str, **facts: Any) -> Illegal:
        """S-CARGO; a cargo its crew's links enlarged was counted by S-LINK's reading, cited with it."""
        linked = self._cargo_added(ship)[0] > 0
        return fail("S-CARGO", message, part, rulings=("S-LINK",) if linked else (), **facts)

    def load_of(self, ship: Ship) -> int:
        load = len(ship.crew)
        for name in ship.tokens:
            if name.startswith("?") or not self.tokens[name].card.unique:
                load += 1
        return load

    def crew_cost(self, ship: Ship) -> int:
        cost = 0
        for name in ship.crew:
            cost += self.crew[name].card.cost or 0
        return cost

    def touches(self, one: str, other: str) -> bool:
        """S-L1-CONTACT: a contact either piece was last stated to have."""
        a, b = self.ships.get(one), self.ships.get(other)
        return bool((a and (other in a.contacts or other in a.bow)) or (b and (one in b.contacts or one in b.bow)))

    def unstated(self, one: str, other: str) -> tuple[str, ...]:
        """The rulings that decide a contact the log does not state: at level 1 the log's statement
        is all there is (S-L1); a contact stated once and ended by a move is gone (S-L1-CONTACT)."""
        a, b = self.ships.get(one), self.ships.get(other)
        ended = bool((a and other in a.ended) or (b and one in b.ended))
        return (("S-L1",) if self.geometry is None else ()) + (("S-L1-CONTACT",) if ended else ())

    def bad_fact(self, message: str, part: str, notes: tuple[str, ...] = ()) -> Illegal:
        """S-L1-FACTS. At level 1 the geometry a fact states is trusted (S-L1) and what it names is
        checked like everything else (S-LEVELS): that reading is why the name is what is refused."""
        return fail("S-L1-FACTS", message, part, notes,
                    rulings=("S-L1", "S-LEVELS") if self.geometry is None else ())

    def pinned_by(self, ship: Ship) -> str | None:
        """S-PIN: the opponent ship its bow touches, while that ship is a non-derelict afloat and not lost."""
        if not ship.bow:
            return None  # a bow touching nothing, as most do
        for name in sorted(ship.bow):
            other = self.ships.get(name)
            if (other is not None and other.afloat and not other.derelict and not other.lost and not other.wreck
                    and other.controller != ship.controller):
                return name
        return None

    def own(self, player: str, name: str, part: str = "ship") -> Ship:
        ship = self.ships.get(name)
        if ship is None or ship.sunk:
            ship = self.ship(name, part)  # which says why not
        if ship.controller != player:
            raise fail("S-OWN", f"{name} is in {ship.controller}'s fleet, not {player}'s", part)
        return ship

    # -- playing an entry -----------------------------------------------------------------------

    def _play(self, player: str, action: Event) -> None:
        if self.over:
            raise fail("S-END", f"the game ended ({self.end_reason}): nothing more is played")
        if player not in self.players and player != DEAL:
            raise fail("S-PLAYERS", f"'{player}' is not seated: the players are {' and '.join(self.players)}",
                       "mover")
        if self.stage != "play":
            self._setup_entry(player, action)
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
        before = self._snapshot() if waiver is not None else None
        self.on_word = self.on_geo = False
        try:
            if self.icebergs:  # the start step is theirs (S-ICEBERG)
                self._start_step_due(action)
            handler(self, player, action)
        except Illegal as illegal:
            if before is not None and illegal.violation.rule in waiver["overrides"]:  # type: ignore[index]
                self._restore(before)
                self._waived(player, action, illegal.violation)
                return
            raise
        if self.on_word or (self.on_geo and self.geometry is None):
            self.accepted += 1
        else:
            self.checked += 1
        if self._gold_moved and "win-end-of-turn" not in self.variants:  # asked here too: most entries move no gold
            self._check_win()

    def _waived(self, player: str, action: Event, violation: Violation) -> None:
        """A declared ability sets aside the ruling this entry breaks: its effects are written
        as `effect` entries; the entry itself is accepted, not checked (S-ABILITY-DECLARED)."""
        self.accepted += 1
        self.waiver = None
        if action.verb in ACTIONS:
            self.acted.setdefault(action.get("ship"), []).append(action.verb)
            self.after = None

    def _start_step_due(self, action: Event) -> None:
        """S-TURN: the start step (icebergs and their drifts) comes before anything else."""
        if action.verb in START_STEP:
            return
        if self.icebergs_rolled is None and self._drifting_icebergs():
            raise fail("S-ICEBERG", f"turn {self.turn} starts with the iceberg roll ('icebergs DIE'): "
                       "an iceberg can still drift")
        if self.drifts_due:
            raise fail("S-ICEBERG", f"iceberg {self.drifts_due[0]} drifts first (the roll {self.icebergs_rolled} "
                       "is above its gold number)", notes=("write 'drift " + self.drifts_due[0] + " DIE …'",))

    def _drifting_icebergs(self) -> list[Terrain]:
        terrain = self.terrain
        return [terrain[name] for name in self.icebergs if not terrain[name].frozen]

    def _start_of_turn(self) -> None:
        """S-SCUTTLE: this player's scuttled derelicts sink, automatically (S-AUTO)."""
        for ship in self.ships.values():
            if ship.scuttled and ship.controller == self.turn_player and ship.afloat:
                self._sink(ship, None, scuttled=True)

    def _end_turn(self) -> None:
        self.turn_ended = True
        self.building = False
        if "win-end-of-turn" in self.variants:
            self._check_win()

    # -- set-up (round 0) --------------------------------------------------------------------------

    def _setup_awaited(self) -> str:
        if self.stage in ("fleet", "treasure"):
            waiting = [p for p in self.players if p not in self.stage_done[self.stage]]
            return f"awaiting {waiting[0]}'s {self.stage} entry"
        if self.stage == "roll":
            return "awaiting the roll for first player"
        if self.stage == "island":
            return f"{len(self.islands)} of {self.setup.islands} islands placed"
        if self.stage in ("terrain", "home"):
            return "awaiting the home islands"
        return "awaiting the treasure deal"

    def _setup_entry(self, player: str, action: Event) -> None:
        verb = action.verb
        if verb == "place":
            self._setup_place(player, action)
            return
        stage = "terrain" if verb in ("fog", "sargasso", "reef", "iceberg") else verb
        if stage not in SETUP_STAGES:
            raise fail("S-SETUP", f"'{verb}' is played in a turn: the set-up is still {self._setup_awaited()}")
        if stage != self.stage and not (self.stage == "terrain" and stage == "home"):
            raise fail("S-SETUP", f"a {verb} entry does not come now: the set-up is {self._setup_awaited()} "
                       "(it goes fleets, treasure, roll, islands, terrain, homes, deal)")
        if stage == "deal" and player != DEAL:
            raise fail("S-SETUP", "the deal is the table's entry: 'deal: …'", "mover")
        _SETUP_HANDLERS[stage](self, player, action)
        self.checked += 1

    def _advance(self, stage: str) -> None:
        self.stage = stage

    def _setup_fleet(self, player: str, action: Event) -> None:
        if self.stage != "fleet" or player in self.stage_done["fleet"]:
            raise fail("S-SETUP", f"{player}'s fleet is already given" if player in self.stage_done["fleet"]
                       else "the fleets come first")
        points = 0
        cards, ships, crew, forts, events = self.cards, self.ships, self.crew, self.forts, self.events
        items = action.records("items")
        fleet = {i["name"] for i in items if (named := cards.get(i["card"])) is not None and named.kind == "ship"}
        aboard: list[Crew] = []
        for index, item in enumerate(items):
            card = cards.get(item["card"])
            name = f"{player}.{item['name']}"
            if card is None:
                raise self._no_card(item["card"], f"item:{index}")
            if name in ships or name in crew or name in forts or name in events:
                raise fail("S-BUILD", f"{name} is named twice", f"item:{index}")
            kind = card.kind
            if kind == "treasure":
                raise fail("S-BUILD", f"{card.id} is treasure: it goes in the treasure entry", f"item:{index}")
            at = item.get("at")
            if (at is not None) != (kind == "crew"):
                raise fail("S-CREW-PLACE", f"each crew says where it starts (@SHIP or @home), and only crew: {name}",
                           f"item:{index}")
            if kind == "ship":
                points += card.cost or 0
                ships[name] = Ship(name, card, player, player, list(range(1, (card.masts or 0) + 1)))
            elif kind == "crew":
                points += card.cost or 0
                if at != "home" and at not in fleet:
                    raise fail("S-CREW-PLACE", f"{name} starts aboard {player}.{at}, which is no ship of the fleet",
                               f"item:{index}")
                crew[name] = member = Crew(name, card, player, "home" if at == "home" else f"ship:{player}.{at}")
                if at != "home":
                    aboard.append(member)
            elif kind == "event":
                points += card.cost or 0
                events[name] = EventCard(name, card, player)
            else:
                forts[name] = Fort(name, card, player)
        if points > self.setup.build:
            raise fail("S-BUILD", f"{player}'s fleet costs {points} points, over the build total of "
                       f"{self.setup.build}", points=points)
        if not fleet:
            raise fail("S-BUILD", f"{player}'s fleet has no ship")
        for member in aboard:  # the order of `crew`: this fleet's crew are its last
            ship = ships[member.where[5:]]
            ship.crew.append(member.id)
            self._check_aboard(ship, member, "S-CREW-PLACE")
        self.stage_done["fleet"].add(player)
        if len(self.stage_done["fleet"]) == 2:
            self._advance("treasure")

    def _check_aboard(self, ship: Ship, crew: Crew, rule: str) -> None:
        """S-CREW-COST, S-CREW-ZERO and S-CARGO for a crew coming aboard."""
        if crew.card.cost == 0 and crew.card.nationality != ship.card.nationality:
            raise fail("S-CREW-ZERO", f"{crew.id} costs 0 points: it may only be aboard a ship of its "
                       f"nationality ({crew.card.nationality}), not {ship.id} ({ship.card.nationality})")
        cost = self.crew_cost(ship)
        if cost > (ship.card.cost or 0):
            raise fail("S-CREW-COST", f"the crew aboard {ship.id} cost {cost} points, more than the ship's "
                       f"{ship.card.cost}", crew_cost=cost)
        if self.load_of(ship) > self.cargo_of(ship):
            raise self.over_cargo(ship, f"{ship.id} would carry {self.load_of(ship)} with cargo "
                                  f"{self.cargo_of(ship)}", "action", load=self.load_of(ship))

    def _setup_treasure(self, player: str, action: Event) -> None:
        if self.stage != "treasure" or player in self.stage_done["treasure"]:
            raise fail("S-SETUP", f"{player}'s treasure is already given")
        items = action.records("items")
        plain_gold, types = 0, set()
        cards, tokens, ships, crew = self.cards, self.tokens, self.ships, self.crew
        for index, item in enumerate(items):
            card = cards.get(item["card"])
            name = f"{player}.{item['name']}"
            if card is None:
                raise self._no_card(item["card"], f"item:{index}")
            if card.kind != "treasure":
                raise fail("S-TREASURE", f"{card.id} is a {card.kind}, not treasure", f"item:{index}")
            if name in tokens or name in ships or name in crew:
                raise fail("S-TREASURE", f"{name} is named twice", f"item:{index}")
            if card.unique:
                if card.unique_type in types:
                    raise fail("S-UNIQUE", f"{player} contributes two uniques of type {card.unique_type}",
                               f"item:{index}")
                types.add(card.unique_type)
            else:
                plain_gold += card.gold or 0
            tokens[name] = Token(name, card, player)
        if len(items) != self.setup.treasure_count:
            raise fail("S-TREASURE", f"{player} contributes {len(items)} tokens, not {self.setup.treasure_count}",
                       notes=("uniques count among the tokens (S-UNIQUE)",))
        if plain_gold != self.setup.treasure_gold:
            raise fail("S-TREASURE", f"{player}'s tokens total {plain_gold} gold, not {self.setup.treasure_gold}",
                       gold=plain_gold)
        self.stage_done["treasure"].add(player)
        if len(self.stage_done["treasure"]) == 2:
            self._advance("roll")

    def _setup_roll(self, player: str, action: Event) -> None:
        die = action.get("die")
        expected = self.players[len(self.rolls) % 2]
        if player != expected:
            raise fail("S-FIRST", f"{expected} rolls next for first player", "mover")
        self._die(die, "die")
        self.rolls.append((player, die))
        if len(self.rolls) % 2 == 0:
            (_, a), (_, b) = self.rolls[-2:]
            if a != b:
                self.first = self.players[0] if a > b else self.players[1]
                self._advance("island")

    def _placer(self) -> str:
        assert self.first is not None
        return self.first if len(self.placement) % 2 == 0 else self._other(self.first)

    def _setup_island(self, player: str, action: Event) -> None:
        if len(self.islands) >= self.setup.islands:
            raise fail("S-ISLANDS", f"all {self.setup.islands} islands are placed")
        place = action.get("place")
        self._place_check(player, place, "S-ISLANDS")
        self.islands[place] = Island(place, player)
        self.placement.append(place)
        if len(self.islands) == self.setup.islands:
            self._advance("terrain")

    def _place_check(self, player: str, place: str, rule: str) -> None:
        if player != self._placer():
            raise fail(rule, f"{self._placer()} places the next piece (in turn from the first player)", "mover")
        self._unplaced(place, rule)

    def _unplaced(self, place: str, rule: str) -> None:
        if place in self.islands or place in self.terrain:
            raise fail(rule, f"{place} is already placed", "place")

    def _setup_terrain(self, player: str, action: Event) -> None:
        if len(self.islands) < self.setup.islands:
            raise fail("S-TERRAIN-PLACE", f"terrain is placed after the {self.setup.islands} islands")
        place = action.get("place")
        self._unplaced(place, "S-TERRAIN-PLACE")
        placers = [piece.placer for piece in self.terrain.values()]
        if not self._terrain_in_turn(placers + [player]):
            raise fail("S-TERRAIN-PLACE", f"{self._other(player)} places the next terrain piece: turns alternate "
                       "from the first player until one of them has no more, and then the other places the rest",
                       "mover")
        gold = action.get("gold")
        if gold is not None and not 1 <= gold <= 6:
            raise fail("S-TERRAIN-PLACE", f"an iceberg's gold number is 1 to 6, not {gold}", "place")
        self.terrain[place] = Terrain(place, action.verb, player, gold)
        if action.verb == "iceberg":
            self.icebergs.append(place)
        self.placement.append(place)

    def _terrain_in_turn(self, placers: list[str]) -> bool:
        """Terrain is placed in turn from the first player until one of them has no more; the
        other then places the rest: an alternating run from the first player, then one player's
        run (S-TERRAIN-PLACE). Where one player's run can begin, it can also begin where the
        alternation stops (what follows is shorter), so only that place is tried."""
        assert self.first is not None
        turns = (self.first, self._other(self.first))
        alternating = 0
        while alternating < len(placers) and placers[alternating] == turns[alternating % 2]:
            alternating += 1
        return len(set(placers[alternating:])) <= 1

    def _terrain_notice(self) -> None:
        """Unequal numbers of terrain pieces are allowed, with a notice (S-TERRAIN-PLACE)."""
        counts = {p: sum(1 for piece in self.terrain.values() if piece.placer == p) for p in self.players}
        if len(set(counts.values())) > 1:
            said = ", ".join(f"{p} {n}" for p, n in counts.items())
            self.notices.append(Violation(
                "S-TERRAIN-PLACE", f"the players placed unequal numbers of terrain pieces ({said})",
                {"terrain_pieces": counts}, part="action", severity="warning"))

    def _setup_home(self, player: str, action: Event) -> None:
        assert self.first is not None
        placed_last = self.stage != "home"
        self.stage = "home"
        second = self._other(self.first)
        last = self.islands[self.placement[-1]].placer if self.placement[-1] in self.islands \
            else self.terrain[self.placement[-1]].placer
        owner, place = action.get("player"), action.get("place")
        if not self.homes:
            if owner != self.first or player != last:
                raise fail("S-HOME", f"{last} placed the last piece and picks {self.first}'s home island first",
                           "mover")
        elif owner != second or player != self.first or second in self.homes:
            raise fail("S-HOME", f"{self.first} picks {second}'s home island next" if second not in self.homes
                       else "both home islands are chosen", "mover")
        island = self.islands.get(place)
        if island is None:
            raise fail("S-HOME", f"{place} is not an island", "place")
        if island.home_of is not None:
            raise fail("S-HOME", f"{place} is already {island.home_of}'s home island", "place")
        island.home_of = owner
        self.homes[owner] = place
        if placed_last:
            self._terrain_notice()
        for ship in self.ships.values():
            if ship.owner == owner:
                ship.docked, ship.contacts = place, {place}
        for crew in self.crew.values():
            if crew.owner == owner and crew.where == "home":
                crew.where = f"island:{place}"
        if len(self.homes) == 2:
            self._advance("deal")

    def _setup_place(self, player: str, action: Event) -> None:
        """A ship's pose at the start (level 2), once the homes are chosen and before the deal;
        level 1 takes it on the log's word."""
        if self.stage != "deal":
            raise fail("S-SETUP", f"ships are placed once both home islands are chosen, before the deal: the "
                       f"set-up is {self._setup_awaited()}")
        self.own(player, action.get("ship"))
        if self.geometry is None:
            self.accepted += 1
        else:
            self.checked += 1

    def _setup_deal(self, player: str, action: Event) -> None:
        if len(self.homes) < 2:
            raise fail("S-SETUP", "the treasure is dealt once both home islands are chosen")
        wild = [i for i in self.islands.values() if i.home_of is None]
        self.distributed = sum(t.gold for t in self.tokens.values() if not t.card.unique)
        if action.get("hidden"):
            self.hidden_deal = True
            for island in wild:
                island.hidden = 4
            self._advance("play")
            return
        seen: set[str] = set()
        dealt = {deal["place"]: list(deal.get("tokens", ())) for deal in action.records("islands")}
        for place, tokens in dealt.items():
            island = self.islands.get(place)
            if island is None or island.home_of is not None:
                raise fail("S-DEAL", f"{place} is not a wild island", f"island:{place}")
            if len(tokens) != 4:
                raise fail("S-DEAL", f"{place} is dealt {len(tokens)} tokens, not 4", f"island:{place}")
            for token in tokens:
                if token not in self.tokens:
                    raise fail("S-DATA-UNKNOWN", f"{token} is no token of the contributions", f"island:{place}")
                if token in seen:
                    raise fail("S-DEAL", f"{token} is dealt twice", f"island:{place}")
                seen.add(token)
        missing = [i.name for i in wild if i.name not in dealt]
        if missing:
            raise fail("S-DEAL", f"wild island {missing[0]} is dealt nothing: 4 tokens a wild island")
        left = sorted(set(self.tokens) - seen)
        if left:
            raise fail("S-DEAL", f"{left[0]} is not dealt: the pool is every token contributed")
        for place, tokens in dealt.items():
            self.islands[place].tokens = tokens
            where = f"island:{place}"
            for token in tokens:
                self.tokens[token].where = where
        self._advance("play")

    # -- dice, keywords, abilities ------------------------------------------------------------------

    def _die(self, value: int, part: str) -> None:
        if not 1 <= value <= 6:
            raise fail("S-DICE", f"a d6 shows 1 to 6, not {value}", part)

    def _uses(self, action: Event, ship: Ship, allowed: tuple[str, ...],
              indexes: set[int] | None = None) -> dict[str, int]:
        """Declared keywords (S-KEYWORDS) on `ship` (those of `indexes` only, when given): each the
        source's, usable now, once a turn a ship."""
        bonus: dict[str, int] = {}
        if action.get("uses") is None:
            return bonus  # as most entries declare no keyword
        for index, use in enumerate(action.records("uses")):
            if indexes is not None and index not in indexes:
                continue
            part = f"use:{index}"
            keyword, source = use["keyword"], use["source"]
            name = keyword.split("=")[0]
            holder = self.piece(source, f"source:{index}")
            if name not in allowed:
                raise fail("S-KEYWORDS", f"{keyword} does not change a {action.verb}", part)
            if keyword_of(holder.card, name) != keyword:
                raise fail("S-KEYWORDS", f"{source} ({holder.card.name}) has no {keyword}", part)
            self._in_play(holder, ship, part)
            if (ship.id, name) in self.keywords_used:
                raise fail("S-STACK", f"{ship.id} already used {name} this turn", part)
            self.keywords_used.add((ship.id, name))
            if isinstance(holder, Crew):
                holder.face_up = True
            value = keyword.split("=")[1] if "=" in keyword else "0"
            bonus[name] = int(value) if value.lstrip("+").isdigit() else 0
            if name == "speed":
                bonus["speed:" + value] = 1
        return bonus

    def _in_play(self, holder: Any, ship: Ship | None, part: str) -> None:
        """S-ABILITY: a ship always; crew aboard a ship of its nationality; a unique picked up; a fort
        not abandoned."""
        if isinstance(holder, Ship):
            if ship is not None and holder.id != ship.id:
                raise fail("S-ABILITY", f"{holder.id}'s ability is its own, not {ship.id}'s", part)
            if not holder.afloat or holder.wreck:
                raise fail("S-ABILITY", f"{holder.id} is out of play", part)
        elif isinstance(holder, Crew):
            if not holder.where.startswith("ship:"):
                raise fail("S-ABILITY", f"{holder.id} is not aboard a ship: crew on an island have no ability", part)
            aboard = self.ships[holder.where[5:]]
            if ship is not None and aboard.id != ship.id:
                raise fail("S-ABILITY", f"{holder.id} is aboard {aboard.id}, not {ship.id}", part)
            if holder.card.nationality != aboard.card.nationality:
                raise fail("S-ABILITY", f"{holder.id} ({holder.card.nationality}) cannot use its ability aboard "
                           f"{aboard.id} ({aboard.card.nationality})", part)
        elif isinstance(holder, Token):
            if not holder.unique or not holder.where.startswith("ship:"):
                raise fail("S-ABILITY", f"{holder.id} is not a unique picked up", part)
        elif isinstance(holder, Fort):
            if not holder.built or holder.abandoned:
                raise fail("S-ABILITY", f"{holder.id} is not a standing fort", part)

    def _do_ability(self, player: str, action: Event) -> None:
        holder = self.piece(action.get("source"), "source")
        if isinstance(holder, EventCard):
            raise fail("S-EVENT", f"{holder.id} is an event: play it with 'event'", "source")
        owner = holder.controller if isinstance(holder, Ship) else holder.owner
        if isinstance(holder, Crew) and holder.where.startswith("ship:"):
            owner = self.ships[holder.where[5:]].controller
        if owner != player:
            raise fail("S-OWN", f"{holder.id} is not {player}'s", "source")
        self._in_play(holder, None, "source")
        self._declare(player, holder, action)

    def _declare(self, player: str, holder: Any, action: Event) -> None:
        overrides = set(action.get("overrides", ()))
        barred = sorted(overrides & NEVER_WAIVED)
        if barred:
            raise fail("S-ABILITY-DECLARED", f"no ability sets aside {barred[0]}", "overrides")
        if isinstance(holder, Crew):
            holder.face_up = True
        self.waiver = {"overrides": overrides, "pending": True}
        self.declared.append(f"{holder.id}: {action.get('text')}")
        self.on_word = True

    def _do_event(self, player: str, action: Event) -> None:
        holder = self.piece(action.get("source"), "source")
        if not isinstance(holder, EventCard):
            raise fail("S-EVENT", f"{holder.id} is not an event card", "source")
        if holder.owner != player:
            raise fail("S-OWN", f"{holder.id} is {holder.owner}'s event", "source")
        if holder.used >= holder.card.uses:
            raise fail("S-EVENT", f"{holder.id} is played {holder.card.uses} time(s) at most", "source")
        holder.used += 1
        self._declare(player, holder, action)

    def _do_effect(self, player: str, action: Event) -> None:
        """The written consequence of an ability just declared (S-ABILITY-DECLARED)."""
        if self.waiver is None:
            raise fail("S-ABILITY-DECLARED", "an effect follows the ability or event it comes from")
        self.waiver["pending"] = True
        kind = action.get("effect")
        if kind == "gold":
            who = action.get("player")
            if who not in self.players:
                raise fail("S-ABILITY-DECLARED", f"{who} is not a player", "player")
            self.gold[who] += action.get("amount")
            self._gold_moved = True
        elif kind == "action":
            self.granted.add(self.ship(action.get("target"), "target").id)
        elif kind == "reroll":
            self._die(action.get("die"), "die")
        elif kind in ("move", "value"):
            self._treasure_effect(kind, action)
        elif kind == "kill":
            crew = self.piece(action.get("target"), "target")
            if not isinstance(crew, Crew) or crew.where == "gone":
                raise fail("S-ABILITY-DECLARED", f"{action.get('target')} is no crew in play", "target")
            self._remove_crew(crew)
        else:
            ship = self.ship(action.get("target"), "target")
            mast = action.get("mast")
            if kind == "lose":
                self._lose_mast(ship, mast, "mast", "S-ABILITY-DECLARED")
            else:
                if mast in ship.standing or not 1 <= mast <= (ship.card.masts or 0):
                    raise fail("S-ABILITY-DECLARED", f"mast {mast} of {ship.id} is not an eliminated mast", "mast")
                ship.standing.append(mast)
                ship.standing.sort()
        self.on_word = True

    def _treasure_effect(self, kind: str, action: Event) -> None:
        """A declared ability moves a token between ships and islands, or sets a unique's value;
        treasure that comes aboard a ship docked at its controller's home is unloaded (S-UNLOAD)."""
        token = self.piece(action.get("target"), "target")
        if not isinstance(token, Token):
            raise fail("S-ABILITY-DECLARED", f"{action.get('target')} is no treasure token", "target")
        if kind == "value":
            if not token.unique:
                raise fail("S-ABILITY-DECLARED", f"{token.id} is no unique: only a unique's value is set", "target")
            token.value = action.get("amount")
            return
        held, _, holder = token.where.partition(":")
        if held not in ("ship", "island"):
            raise fail("S-ABILITY-DECLARED", f"{token.id} is neither aboard a ship nor on an island", "target")
        place = action.get("place")
        if place in self.islands:
            destination: Any = self.islands[place]
        else:
            destination = self.ship(place, "place")
        (self.ships[holder] if held == "ship" else self.islands[holder]).tokens.remove(token.id)
        destination.tokens.append(token.id)
        if isinstance(destination, Ship):
            token.where = f"ship:{destination.id}"
            if destination.docked is not None and destination.docked == self.homes.get(destination.controller):
                self._unload(destination)
        else:
            token.where = f"island:{place}"

    # -- the start step ---------------------------------------------------------------------------

    def _do_icebergs(self, player: str, action: Event) -> None:
        if self.icebergs_rolled is not None:
            raise fail("S-ICEBERG", "the icebergs are rolled for once a turn")
        if self.acted or self.after:
            raise fail("S-ICEBERG", "the iceberg roll comes at the start of the turn")
        drifting = self._drifting_icebergs()
        if not drifting:
            raise fail("S-DICE", "no iceberg can drift: no roll is due", "die")
        die = action.get("die")
        self._die(die, "die")
        self.icebergs_rolled = die
        self.drifts_due = [t.name for t in drifting if (t.gold or 0) < die]

    def _do_drift(self, player: str, action: Event) -> None:
        name = action.get("iceberg")
        if not self.drifts_due or self.drifts_due[0] != name:
            due = self.drifts_due[0] if self.drifts_due else None
            raise fail("S-ICEBERG", f"{name} does not drift now" + (f": {due} drifts next" if due else ""),
                       "iceberg")
        self._die(action.get("die"), "die")
        self.drifts_due.pop(0)
        stops = action.get("stops")
        self.on_geo = True
        if stops is None:
            return
        if stops in self.islands:
            self.terrain[name].frozen = True
            if action.get("mast") is not None:
                raise fail("S-ICEBERG", "an iceberg stopped by an island takes no mast", "mast")
            return
        ship = self.ship(stops, "stops")
        if ship.lost:
            raise fail("S-FOG", f"{ship.id} is lost in fog: the iceberg cannot touch it", "stops")
        if ship.derelict or ship.wreck:
            if action.get("mast") is not None:
                raise fail("S-ICEBERG", f"{ship.id} has no standing mast to lose", "mast")
            return
        if action.get("mast") is None:
            raise fail("S-ICEBERG", f"{ship.id}'s player names the mast it loses", "stops")
        self._lose_mast(ship, action.get("mast"), "mast", "S-ICEBERG")

    # -- actions ----------------------------------------------------------------------------------

    def _action(self, player: str, ship: Ship, kind: str) -> None:
        """S-ACTION-ONE and S-ACTION-ORDER: one action a ship a turn (two of different kinds with
        extra-action); any new action closes the free actions of the one before."""
        done = self.acted.get(ship.id)
        if done:
            extra = keyword_of(ship.card, "extra-action") is not None or ship.id in self.granted
            if not extra or len(done) >= 2 or kind in done:
                raise fail("S-ACTION-ONE", f"{ship.id} already had its action this turn ({done[0]})", "ship")
            if ship.id in self.granted:
                self.granted.discard(ship.id)
        if self.building:
            raise fail("S-TURN", "forts are built at the end of the turn: no action follows")
        if done is None:
            self.acted[ship.id] = [kind]
        else:
            done.append(kind)
        self.after = None

    def _acting(self, player: str, action: Event, kind: str, derelict_may: bool = False) -> Ship:
        """The ship an action entry names, given its action: the player's (S-OWN), its first action
        this turn (S-ACTION-ONE), never a wreck (S-WRECK), a derelict only where it may act (S-DERELICT)."""
        ship = self.own(player, action.get("ship"))
        self._action(player, ship, kind)
        if ship.derelict and not derelict_may and not ship.wreck:
            raise fail("S-DERELICT", f"{ship.id} has no standing mast: a derelict may only explore or be repaired",
                       "ship", rulings=("S-AUTO",))  # no entry made it one: the referee did, with its last mast
        if ship.wreck:
            raise fail("S-WRECK", f"{ship.id} is a wreck: it takes no action", "ship")
        return ship

    def _do_move(self, player: str, action: Event) -> None:
        if not self._plain_move(player, action):
            self._moving(player, action, about=False)

    def _plain_move(self, player: str, action: Event) -> bool:
        """The move most entries are — the mover's ship, its first action, free to sail, no keyword
        or fog exit, segments from its base move, docking at an island open to it — judged in one
        pass, as `_moving` judges it; False, with nothing changed, for any other move (or one
        `_moving` may refuse before it docks), which `_moving` then judges. A third of a game's
        entries are moves."""
        shape = _docking_move(action)
        if shape is None:
            return False
        name, segments, place = shape
        ship = self.ships.get(name)
        if (ship is None or ship.sunk or ship.controller != player or name in self.acted or self.building
                or not ship.standing or ship.wreck or ship.towed_by or ship.towing or ship.lost or ship.entangled
                or ship.bow or ship.moves_from > self.turn):
            return False
        if segments:
            left = list(ship.card.move)
            for segment in segments:
                if segment not in left:
                    return False
                left.remove(segment)
        island = self.islands.get(place)
        if island is None:
            return False
        owner = ship.controller
        if (island.home_of is not None and island.home_of != owner) or \
                (island.fort is not None and self.forts[island.fort].owner != owner):
            return False
        self.acted[name] = ["move"]
        self.on_geo = True  # the dock, and any segments: stated
        self._leave(ship)
        ship.docked, ship.docked_turn = place, self.turn
        if island.home_of == owner:
            self._unload(ship)  # which refuses the move as `_moving` would, for face-down tokens aboard
        ship.contacts.add(place)
        self.after = {"ship": name, "used": set()}
        return True

    def _do_about(self, player: str, action: Event) -> None:
        self._moving(player, action, about=True)

    def _moving(self, player: str, action: Event, about: bool) -> None:
        ship = self._acting(player, action, "move")
        if ship.towed_by:
            raise fail("S-TOW", f"{ship.id} is towed by {ship.towed_by}: it moves with it", "ship")
        if ship.lost and about:
            raise fail("S-FOG", f"{ship.id} is lost: it can only be given a move action to come out", "ship",
                       rulings=("S-COME-ABOUT",))  # coming about is a move action, but one without segments
        if ship.entangled:
            raise fail("S-SARGASSO", f"{ship.id} is entangled in {ship.entangled}: try to free it instead", "ship",
                       rulings=("S-EXAMPLE",))
        if ship.moves_from > self.turn:
            raise fail("S-SARGASSO", f"{ship.id} was freed this turn: it may move from its next turn", "ship")
        if ship.bow:  # a bow touching nothing, as most do, pins nothing
            pinner = self.pinned_by(ship)
            if pinner is not None:
                raise fail("S-PIN", f"{ship.id} is pinned: its bow touches {pinner}", "ship")
        bonus = self._uses(action, ship, ("speed",))
        exit_die = action.get("exit")
        if ship.lost:
            if exit_die is None:
                raise fail("S-FOG", f"{ship.id} is lost in {ship.lost}: its move begins with 'exit DIE'", "ship")
            self._die(exit_die, "exit")
            self.on_geo = True
            towed = self.ships.get(ship.towing) if ship.towing else None
            ship.lost = None
            if towed is not None:
                towed.lost = None
        elif exit_die is not None:
            raise fail("S-DICE", f"{ship.id} is not in a fog bank: no exit roll", "exit")
        if not about:
            self._segments(ship, action.get("segments", ()), bonus)
        self._leave(ship)
        self._facts(player, ship, action.records("facts"), about)
        self.after = {"ship": ship.id, "used": set()}
        if ship.lost and "fog-ends-turn" in self.variants:
            self.turn_ended = True

    def _segments(self, ship: Ship, segments: Sequence[str], bonus: dict[str, int]) -> None:
        """S-MOVE: segments taken from the base move, each at most once (cut short or left out)."""
        if ship.towing:
            base = ["S"]
        else:
            base = list(ship.card.move)
            if bonus:
                for key in ("speed:S", "speed:L"):
                    if key in bonus:
                        base.append(key[-1])
        left = base.copy()
        for segment in segments:
            if segment not in left:
                raise fail("S-MOVE", f"{ship.id}'s base move is {'+'.join(base)}: no segment {segment} left "
                           "for this move" + (" (a ship towing moves S)" if ship.towing else ""), "segments",
                           base=base)
            left.remove(segment)
        if segments:
            self.on_geo = True

    def _leave(self, ship: Ship) -> None:
        """S-L1-CONTACT: a moving ship's contacts end, and others' contacts with it; leaving an
        island it explored marks it (S-MARK)."""
        if ship.docked is not None and ship.explored_here and ship.docked in self.islands:
            self.islands[ship.docked].marks.add(ship.controller)
        ship.docked, ship.explored_here = None, False
        if ship.contacts or ship.bow:
            ship.ended.update(ship.contacts, ship.bow)
            ship.contacts, ship.bow = set(), set()
        self._forget(ship.id, moved=True)
        towed = self.ships.get(ship.towing) if ship.towing else None
        if towed is not None:
            towed.ended.update(towed.contacts - {ship.id}, towed.bow)
            towed.docked, towed.contacts, towed.bow = None, {ship.id}, set()

    def _forget(self, name: str, moved: bool = False) -> None:
        """No ship is touching `name` any more (it moved away or sank); a move ended those contacts."""
        if not self._ships_touch:
            return
        for other in self.ships.values():
            if name in other.contacts:  # a test, not `discard`: most ships touch nothing that moves
                other.contacts.remove(name)
                if moved:
                    other.ended.add(name)
            if name in other.bow:
                other.bow.remove(name)
                if moved:
                    other.ended.add(name)

    def _facts(self, player: str, ship: Ship, facts: Sequence[dict[str, Any]], about: bool) -> None:
        stopped: str | None = None
        towed = self.ships.get(ship.towing) if ship.towing else None
        for index, fact in enumerate(facts):
            kind, target, part = fact["fact"], fact["target"], f"fact:{index}"
            if kind == "reveal":
                self._reveal(ship, list(target), part)
                continue
            if stopped is not None and kind in ("reef", "sargasso", "fog"):
                raise fail("S-STOP", f"{ship.id} stopped ({stopped}): nothing is met after", part)
            self.on_geo = True
            if kind in ("touch", "bow", "dock"):
                self._contact(player, ship, kind, target, part, about)
                stopped = stopped or f"it touched {target}"
            elif kind == "fog":
                self._terrain(target, "fog", part)
                ship.lost = target
                if towed is not None:
                    towed.lost = target
                stopped = f"it entered fog bank {target}"
            elif kind == "sargasso":
                value = self._sea_value(target, "sargasso", fact.get("die"), index)
                for victim in [ship] + ([towed] if towed else []):
                    if value > (victim.card.masts or 0):
                        victim.entangled = target
                if ship.entangled or (towed is not None and towed.entangled):
                    stopped = f"it is entangled in {target}"
            elif kind == "reef":
                value = self._sea_value(target, "reef", fact.get("die"), index)
                lost = max(0, (ship.card.masts or 0) - value)
                named = list(fact.get("masts", ()))
                self._reef_loss(ship, lost, named, index)
                if towed is not None and not towed.wreck and value < (towed.card.masts or 0):
                    self._wreck(towed)  # a derelict has no mast to lose: any loss wrecks it (S-AMBIG)
                    towed = None
                if ship.derelict:
                    stopped = "it has no mast left"
        if towed is not None:
            towed.docked = ship.docked
            if ship.docked is not None and ship.docked == self.homes.get(towed.controller):
                self._unload(towed)

    def _terrain(self, name: str, kind: str, part: str) -> Terrain:
        found = self.terrain.get(name)
        if found is None or found.kind != kind:
            raise self.bad_fact(f"{name} is no {kind} of this table", part)
        return found

    def _sea_value(self, name: str, kind: str, die: int | None, index: int) -> int:
        """S-SARGASSO, S-REEF: rolled the first time in a turn, then known for the rest of it."""
        self._terrain(name, kind, f"fact:{index}")
        rule = "S-SARGASSO" if kind == "sargasso" else "S-REEF"
        known = self.sea_values.get(name)
        if known is None:
            if die is None:
                raise fail(rule, f"{name} has no value yet this turn: roll a d6 ('{kind} {name} DIE')",
                           f"fact:{index}")
            self._die(die, f"die:{index}")
            self.sea_values[name] = die
            return die
        if die is not None:
            raise fail("S-DICE", f"{name}'s value this turn is already {known}: no roll", f"die:{index}")
        return known

    def _reef_loss(self, ship: Ship, lost: int, named: list[int], index: int) -> None:
        part = f"masts:{index}" if named else f"fact:{index}"
        if lost > len(ship.standing):
            if sorted(named) != sorted(ship.standing):
                raise fail("S-WRECK", f"{ship.id} loses {lost} masts with {len(ship.standing)} standing: it is "
                           f"wrecked, every standing mast named ({','.join(map(str, ship.standing)) or 'none'})",
                           part, rulings=("S-EXAMPLE",))
            ship.standing = []
            self._wreck(ship)
            return
        if len(named) != lost:
            raise fail("S-REEF", f"the reef's value costs {ship.id} {lost} mast{'s' if lost != 1 else ''}"
                       f" (masts at construction {ship.card.masts}), not {len(named)}", part,
                       rulings=("S-EXAMPLE",), loss=lost)
        for mast in named:
            self._lose_mast(ship, mast, part, "S-REEF")

    def _wreck(self, ship: Ship) -> None:
        ship.wreck = True
        if ship.towing:
            self.ships[ship.towing].towed_by = None
            ship.towing = None
        if ship.towed_by:
            self.ships[ship.towed_by].towing = None
            ship.towed_by = None

    def _contact(self, player: str, ship: Ship, kind: str, target: str, part: str, about: bool) -> None:
        if target in self.islands:
            island = self.islands[target]
            if kind == "bow":
                raise self.bad_fact("'bow' names a ship; an island is docked at or touched", part)
            if kind == "dock":
                enemy_home = island.home_of is not None and island.home_of != ship.controller
                enemy_fort = island.fort is not None and self.forts[island.fort].owner != ship.controller
                if enemy_home or enemy_fort:
                    raise fail("S-DOCK-ENEMY", f"{ship.id} cannot dock at {target}: "
                               + ("the opponent's home island" if enemy_home else "it has an opponent's fort"), part)
                if ship.lost:
                    raise fail("S-FOG", f"{ship.id} is lost: it cannot dock", part)
                ship.docked, ship.docked_turn = target, self.turn
                if island.home_of == ship.controller:
                    self._unload(ship)
            ship.contacts.add(target)
            return
        if target in self.terrain:
            if kind != "touch":
                raise self.bad_fact(f"{target} is terrain: it is met by its own fact (fog, reef, sargasso) "
                                    "or touched", part)
            ship.contacts.add(target)
            return
        if kind == "dock" or "." not in target:
            raise self.bad_fact(f"{target} is no island" + ("" if kind == "dock" else " or terrain piece")
                                + " of this table", part, notes=("placed: " + " ".join(self.placement),))
        other = self.piece(target, part)
        if isinstance(other, Fort):
            ship.contacts.add(target)
            return
        if not isinstance(other, Ship) or other.sunk or other.id == ship.id:
            raise self.bad_fact(f"{target} is no ship afloat that {ship.id} can touch", part)
        if other.lost:
            raise fail("S-FOG", f"{target} is lost in fog: nothing touches it", part)
        (ship.bow if kind == "bow" else ship.contacts).add(target)
        self._ships_touch = True

    def _unload(self, ship: Ship) -> None:
        """S-UNLOAD: treasure worth more than 0 aboard a ship docked at its controller's home goes
        ashore at once (a unique worth 0 stays aboard)."""
        if not ship.tokens:
            return  # as most ships come home
        home = ship.controller
        hidden = [t for t in ship.tokens if t.startswith("?")]
        if hidden:
            raise fail("S-HIDDEN", f"{ship.id} unloads at home: name the {len(hidden)} face-down token(s) aboard "
                       "first ('reveal TOKEN,…' in the move)", rulings=("S-UNLOAD",))
        kept = []
        ashore = f"home:{home}"
        for name in ship.tokens:
            token = self.tokens[name]
            gold = token.gold
            if gold > 0:
                token.where = ashore
                self.gold[home] += gold
                self._gold_moved = True
            else:
                kept.append(name)
        ship.tokens = kept

    def _reveal(self, ship: Ship, names: list[str], part: str) -> None:
        """S-HIDDEN: face-down tokens aboard named; each from the contributions, never in two places,
        and no island yielding more than it held."""
        for name in names:
            if name in self.crew:
                raise fail("S-REVEAL", f"{name} is crew: 'reveal' names face-down treasure, and a face-down crew "
                           "is revealed by its first declared use ('ability', or a keyword used)", part)
        placeholders = [t for t in ship.tokens if t.startswith("?")]
        if len(names) > len(placeholders):
            raise fail("S-HIDDEN", f"{ship.id} carries {len(placeholders)} unnamed token(s), not {len(names)}", part)
        for name in names:
            token = self.tokens.get(name)
            if token is None:
                raise fail("S-DATA-UNKNOWN", f"{name} is no token of the contributions", part)
            if token.where != "pool":
                raise fail("S-HIDDEN", f"{name} is already known to be elsewhere ({token.where})", part)
            placeholder = placeholders.pop(0)
            ship.tokens[ship.tokens.index(placeholder)] = name
            token.where = f"ship:{ship.id}"

    def _do_reveal(self, player: str, action: Event) -> None:
        ship = self.ship(action.get("ship"))
        self._reveal(ship, list(action.get("tokens")), "tokens")

    # free actions after a move: ram, board, tow, exploring on docking

    def _follow_up(self, ship_name: str, kind: str) -> Ship:
        after = self.after
        if after is None or after["ship"] != ship_name:
            raise fail("S-ACTION-ORDER" if after is not None else "S-FREE",
                       f"a {kind} follows right after {ship_name}'s move, before anything else")
        if kind in after["used"]:
            raise fail("S-ACTION-ORDER", f"one {kind} per move action")
        after["used"].add(kind)
        return self.ships[ship_name]

    def _do_ram(self, player: str, action: Event) -> None:
        ship = self.own(player, action.get("ship"))
        target = self.ship(action.get("target"), "target")
        self._follow_up(ship.id, "ram")
        if ship.lost or target.lost:
            raise fail("S-FOG", "no ram by or at a ship lost in fog", "target")
        if target.controller == ship.controller:
            raise fail("S-RAM", f"{target.id} is in {player}'s own fleet: only the opponent's ships are rammed",
                       "target")
        if target.wreck:
            raise fail("S-WRECK", f"{target.id} is a wreck: it cannot be rammed", "target")
        if target.id not in ship.bow:
            raise fail("S-RAM", f"{ship.id}'s bow was not stated to touch {target.id} ('bow {target.id}' in the move)",
                       "target", rulings=self.unstated(ship.id, target.id))
        if ship.id in target.bow:
            raise fail("S-RAM", f"{ship.id} and {target.id} are pinned together: they cannot ram each other",
                       "target")
        bonus = self._uses(action, ship, ("ram",))
        die = action.get("die")
        self._die(die, "die")
        masts = len(ship.standing) if "ram-own-masts" in self.variants else len(target.standing)
        total = die + bonus.get("ram", 0)
        mast = action.get("mast")
        if total > masts and not target.derelict:
            if mast is None:
                raise fail("S-RAM", f"{total} beats {masts} masts: {target.controller} names the mast "
                           f"{target.id} loses ('mast M')", "die")
            self._lose_mast(target, mast, "mast", "S-RAM")
        elif mast is not None:
            raise fail("S-RAM", f"{total} does not beat {masts} masts: no mast is lost", "mast")
        self.after = {"ship": ship.id, "used": self.after["used"] if self.after else set(),  # type: ignore[index]
                      "rammed": target.id}

    def _do_board(self, player: str, action: Event) -> None:
        after = self.after
        if after is None or "rammed" not in after or "board" in after["used"]:
            raise fail("S-BOARD", "a boarding party is sent right after a ram, one per ram")
        rammer, rammed = self.ships[after["ship"]], self.ships[after["rammed"]]
        rolls = [dict(r) for r in action.get("rolls")]
        sender = rolls[0]["player"]
        if sender != player or rolls[1]["player"] != self._other(player):
            raise fail("S-BOARD", "each player rolls: the sender's roll first, written under the sender's name",
                       "roll:0")
        ships = {rammer.controller: rammer, rammed.controller: rammed}
        totals = {}
        for index, roll in enumerate(rolls):
            self._die(roll["die"], f"roll:{index}")
        left = set(range(len(action.get("uses", ()))))
        for roll in rolls:
            own_ship = ships[roll["player"]]
            mine = {i for i in left if self._source_ship(dict(action.get("uses")[i])["source"]) == own_ship.id}
            bonus = self._uses(action, own_ship, ("board",), mine)
            totals[roll["player"]] = roll["die"] + len(own_ship.standing) + bonus.get("board", 0)
            left -= mine
        self._uses(action, ships[sender], ("board",), left)  # a source aboard neither ship: S-ABILITY
        a, b = totals[rolls[0]["player"]], totals[rolls[1]["player"]]
        after["used"].add("board")
        result, item = action.get("result"), action.get("item")
        if a == b:
            if result is not None:
                raise fail("S-BOARD", f"a tie ({a} each) does nothing", "item")
            if "board-reroll" in self.variants:
                after["used"].discard("board")
            return
        winner = rolls[0]["player"] if a > b else rolls[1]["player"]
        loser_ship = ships[self._other(winner)]
        if result is None:
            return
        if result == "kills":
            crew = self.crew.get(item)
            if crew is None or crew.where != f"ship:{loser_ship.id}":
                raise fail("S-BOARD", f"{winner} won ({max(a, b)} to {min(a, b)}): {item} is no crew aboard "
                           f"{loser_ship.id}", "item")
            self._remove_crew(crew)
        else:
            if item not in loser_ship.tokens:
                raise fail("S-BOARD", f"{winner} won ({max(a, b)} to {min(a, b)}): {item} is no treasure aboard "
                           f"{loser_ship.id}", "item")
            gainer = ships[winner]
            token = self.tokens[item]
            loser_ship.tokens.remove(item)
            gainer.tokens.append(item)
            token.where = f"ship:{gainer.id}"
            if not token.unique and self.load_of(gainer) > self.cargo_of(gainer):
                raise self.over_cargo(gainer, f"{gainer.id} has no free cargo space for {item}", "item")
            if gainer.docked and gainer.docked == self.homes.get(gainer.controller):
                self._unload(gainer)

    def _source_ship(self, source: str) -> str | None:
        holder = self.ships.get(source)
        if holder is not None:
            return holder.id
        crew = self.crew.get(source)
        return crew.where[5:] if crew is not None and crew.where.startswith("ship:") else None

    def _do_tow(self, player: str, action: Event) -> None:
        ship = self.own(player, action.get("ship"))
        target = self.ship(action.get("target"), "target")
        self._follow_up(ship.id, "tow")
        if ship.derelict:
            raise fail("S-TOW", f"{ship.id} is a derelict: it cannot tow", "ship")
        if not target.derelict:
            raise fail("S-TOW", f"{target.id} has standing masts: only a derelict is towed", "target")
        if target.wreck:
            raise fail("S-WRECK", f"{target.id} is a wreck: it cannot be towed", "target")
        if target.lost or ship.lost:
            raise fail("S-FOG", "no tow into or out of a fog bank", "target")
        if target.entangled:
            raise fail("S-SARGASSO", f"{target.id} is entangled: it cannot be towed", "target",
                       rulings=("S-EXAMPLE",))
        if ship.towing or target.towed_by:
            raise fail("S-TOW", "one derelict a tower, one tower a derelict", "target")
        if not self.touches(ship.id, target.id):
            raise fail("S-TOW", f"{ship.id} was not stated to touch {target.id}'s bow ('touch {target.id}')", "target",
                       rulings=self.unstated(ship.id, target.id))
        ship.towing, target.towed_by = target.id, ship.id
        if target.controller != player:
            target.scuttled = False
        target.controller = player
        target.docked = None
        target.contacts, target.bow = {ship.id}, set()
        self._ships_touch = True

    def _do_release(self, player: str, action: Event) -> None:
        ship = self.own(player, action.get("ship"))
        if not ship.towing:
            raise fail("S-TOW", f"{ship.id} tows nothing", "ship")
        towed = self.ships[ship.towing]
        towed.towed_by, ship.towing = None, None

    def _do_explore(self, player: str, action: Event) -> None:
        ship = self.own(player, action.get("ship"))
        other_name = action.get("other")
        free = False
        if other_name is None and self.after is not None and self.after["ship"] == ship.id and ship.docked:
            island = self.islands.get(ship.docked)
            marked = island is not None and player in island.marks
            on_dock = any(dict(u)["keyword"] == "explore-on-dock" for u in action.get("uses", ()))
            free = marked or on_dock
        if free:
            self._follow_up(ship.id, "explore")
            self._uses(action, ship, ("explore-on-dock",))
        else:
            if other_name is None and self.after is not None and self.after["ship"] == ship.id and ship.docked:
                raise fail("S-MARK", f"{ship.id} has just docked at {ship.docked}, which bears no mark of {player}'s: "
                           "exploring it at once is free only on a marked island (or with explore-on-dock)", "ship")
            self._action(player, ship, "explore")
            if action.get("uses"):
                raise fail("S-KEYWORDS", "explore-on-dock makes the exploration on docking free; "
                           "this one is the ship's action", "use:0")
        if ship.lost:
            raise fail("S-FOG", f"{ship.id} is lost: it cannot explore", "ship")
        if other_name is not None:
            self._explore_ship(player, ship, action)
            return
        if ship.docked is None or ship.docked not in self.islands:
            raise fail("S-DOCK", f"{ship.id} is docked at no island: a ship docks when a move ends with its bow "
                       "on one, and stays docked until it moves again", "ship")
        island = self.islands[ship.docked]
        if island.home_of is not None:
            raise fail("S-EXPLORE", f"{island.name} is a home island, not a wild one", "ship")
        if island.fort is not None:
            raise fail("S-EXPLORE", f"{island.name} has a fort: it cannot be explored", "ship")
        if not free and ship.docked_turn >= self.turn:
            raise fail("S-EXPLORE", f"{ship.id} docked at {island.name} this turn: it explores from its next "
                       f"turn (or at once on an island bearing {player}'s mark)", "ship")
        first = not island.explored_by
        island.explored_by.add(player)
        ship.explored_here = True
        if action.get("gives"):
            raise fail("S-EXPLORE", "exploring an island takes tokens; nothing is given to it", "gives")
        count = action.get("count")
        if count is not None:
            if not self.hidden_deal and island.tokens:
                raise fail("S-HIDDEN", f"the deal is open: name the tokens taken from {island.name}", "takes")
            if count > island.hidden:
                raise fail("S-HIDDEN", f"{island.name} holds {island.hidden} face-down token(s), not {count}",
                           "takes")
            island.hidden -= count
            ship.tokens.extend([f"?{island.name}"] * count)
            self.on_word = True
        else:
            coins = action.get("coins", ())
            heap = sum(dict(c)["gold"] for c in coins) if coins else 0
            if heap > island.gold:
                raise fail("S-GOLD", f"{island.name} holds {island.gold} gold in a heap, not {heap}", "takes")
            for coin in coins:
                ship.tokens.append(self._coin(player, coin, f"ship:{ship.id}", "takes").id)
            island.gold -= heap
            aboard = f"ship:{ship.id}"
            for name in action.get("takes", ()):
                if name not in island.tokens:
                    if self.hidden_deal and name in self.tokens and self.tokens[name].where == "pool" \
                            and island.hidden:
                        island.hidden -= 1
                        island.tokens.append(name)
                    else:
                        raise fail("S-EXPLORE", f"{name} does not lie on {island.name}", "takes")
                island.tokens.remove(name)
                ship.tokens.append(name)
                self.tokens[name].where = aboard
            if first:
                left = [t for t in island.tokens if self.tokens[t].unique]
                if left:
                    raise fail("S-UNIQUE-PICK", f"the first exploration of {island.name} takes every unique lying "
                               f"there: {left[0]} is left", "takes")
        if self.load_of(ship) > self.cargo_of(ship):
            raise self.over_cargo(ship, f"{ship.id} would carry {self.load_of(ship)} with cargo "
                                  f"{self.cargo_of(ship)}", "takes", load=self.load_of(ship))

    def _explore_ship(self, player: str, ship: Ship, action: Event) -> None:
        """S-EXPLORE-SHIP: a ship of its fleet, a derelict or a wreck it touches: treasure either
        way, crew only between ships of one fleet."""
        other = self.ship(action.get("other"), "other")
        if other.lost:
            raise fail("S-FOG", f"{other.id} is lost in fog", "other")
        if other.controller != player and not other.derelict and not other.wreck:
            raise fail("S-EXPLORE-SHIP", f"{other.id} is the opponent's and neither a derelict nor a wreck", "other")
        if not self.touches(ship.id, other.id):
            raise fail("S-EXPLORE-SHIP", f"{ship.id} was not stated to touch {other.id}", "other",
                       rulings=self.unstated(ship.id, other.id))
        self.on_geo = True
        same_fleet = other.controller == player
        for source, dest, names, part in ((other, ship, action.get("takes", ()), "takes"),
                                          (ship, other, action.get("gives", ()), "gives")):
            for name in names:
                if name in self.crew:
                    if not same_fleet:
                        raise fail("S-EXPLORE-SHIP", "crew pass only between ships of one fleet", part)
                    crew = self.crew[name]
                    if name not in source.crew:
                        raise fail("S-EXPLORE-SHIP", f"{name} is not aboard {source.id}", part)
                    source.crew.remove(name)
                    dest.crew.append(name)
                    crew.where = f"ship:{dest.id}"
                    self._check_aboard(dest, crew, "S-CREW-COST")
                elif name in source.tokens:
                    source.tokens.remove(name)
                    dest.tokens.append(name)
                    self.tokens[name].where = f"ship:{dest.id}"
                else:
                    raise fail("S-EXPLORE-SHIP", f"{name} is not aboard {source.id}", part)
        for each in (ship, other):
            if not each.wreck and self.load_of(each) > self.cargo_of(each):
                raise self.over_cargo(each, f"{each.id} would carry {self.load_of(each)} with cargo "
                                      f"{self.cargo_of(each)}", "takes")

    def _do_shoot(self, player: str, action: Event) -> None:
        shooter = self.piece(action.get("ship"), "ship")
        if isinstance(shooter, Fort):
            self._fort_shoot(player, shooter, action)
            return
        ship = self._acting(player, action, "shoot")
        if ship.lost:
            raise fail("S-FOG", f"{ship.id} is lost in fog: it cannot shoot", "ship")
        bonus = self._uses(action, ship, ("cannon",))
        fired: set[int] = set()
        for index, fire in enumerate(action.records("fires")):
            mast = fire["mast"]
            if fire["weapon"] != "mast":
                raise fail("S-SHOOT", "a ship fires from its masts ('mast M')", f"mast:{index}")
            if mast in fired:
                raise fail("S-SHOOT", f"mast {mast} fires once a shoot action", f"mast:{index}")
            if mast not in ship.standing:
                raise fail("S-SHOOT", f"mast {mast} of {ship.id} is not standing", f"mast:{index}")
            cannon = ship.card.cannons[mast - 1]
            if cannon is None:
                raise fail("S-SHOOT", f"mast {mast} of {ship.id} carries no cannon", f"mast:{index}")
            fired.add(mast)
            self._fire(player, ship.id, cannon, fire, index, bonus.get("cannon", 0))

    def _fort_shoot(self, player: str, fort: Fort, action: Event) -> None:
        if fort.owner != player:
            raise fail("S-OWN", f"{fort.id} is {fort.owner}'s fort", "ship")
        if not fort.built:
            raise fail("S-FORT-SHOOT", f"{fort.id} is not built", "ship")
        if fort.id in self.forts_shot:
            raise fail("S-ACTION-ONE", f"{fort.id} already fired this turn", "ship")
        if self.building:
            raise fail("S-TURN", "forts are built at the end of the turn: no action follows")
        if fort.abandoned:
            raise fail("S-FORT-HIT", f"{fort.id} is abandoned: it takes no action", "ship")
        if action.get("uses"):
            raise fail("S-KEYWORDS", "a fort's shot takes no ship's keyword", "use:0")
        self.forts_shot.add(fort.id)
        self.after = None
        fired: set[int] = set()
        for index, fire in enumerate(action.records("fires")):
            flag = fire["mast"]
            if fire["weapon"] != "flag":
                raise fail("S-FORT-SHOOT", "a fort fires from its flags ('flag N')", f"mast:{index}")
            if flag in fired or flag not in fort.flags:
                raise fail("S-FORT-SHOOT", f"flag {flag} of {fort.id} is not a standing flag yet to fire",
                           f"mast:{index}")
            fired.add(flag)
            cannon = fort.card.cannons[flag - 1]
            assert cannon is not None
            self._fire(player, fort.id, cannon, fire, index, 0)

    def _fire(self, player: str, shooter: str, cannon: Any, fire: dict[str, Any], index: int, bonus: int) -> None:
        target_name = fire["target"]
        part = f"target:{index}"
        if fire["range"] == "L" and cannon.range == "S":
            raise fail("S-SHOOT", f"a {cannon.rank}S cannon reaches targets within S, not L", f"range:{index}")
        target = self.piece(target_name, part)
        if isinstance(target, Fort):
            if not target.built:
                raise fail("S-TARGET", f"{target.id} is not a fort on the table", part)
            if target.owner == player:
                raise fail("S-TARGET", f"{target.id} is {player}'s own fort", part)
        else:
            if not isinstance(target, Ship) or target.sunk:
                raise fail("S-TARGET", f"{target_name} is no ship afloat", part)
            if target.controller == player:
                raise fail("S-TARGET", f"{target.id} is in {player}'s own fleet", part)
            if target.docked is not None and target.docked == self.homes.get(target.controller):
                raise fail("S-TARGET", f"{target.id} is docked at its home island: it cannot be shot", part)
            if target.lost:
                raise fail("S-FOG", f"{target.id} is lost in fog: it cannot be shot", part)
            if target.wreck:
                raise fail("S-TARGET", f"{target.id} is a wreck", part)
        die = fire["die"]
        self._die(die, f"die:{index}")
        self.on_geo = True  # range and line of sight are stated
        hit = die != 1 and die + bonus >= cannon.rank
        lose = fire.get("lose")
        if not hit:
            if lose is not None:
                why = "a 1 always misses" if die == 1 else f"{die}{f'+{bonus}' if bonus else ''} misses rank {cannon.rank}"
                raise fail("S-ONE-MISSES" if die == 1 else "S-HIT", f"{why}: nothing is lost", f"lose:{index}")
            return
        if isinstance(target, Fort):
            if target.abandoned:
                if lose is not None:
                    raise fail("S-FORT-HIT", f"{target.id} is abandoned: the hit destroys it", f"lose:{index}")
                self._destroy_fort(target)
                return
            if lose is None or lose not in target.flags:
                raise fail("S-FORT-HIT", f"the hit removes a standing flag of {target.id}, named by its owner "
                           f"({','.join(map(str, target.flags))})", f"lose:{index}" if lose else part)
            target.flags.remove(lose)
            return
        if target.derelict:
            if lose is not None:
                raise fail("S-SINK", f"{target.id} is a derelict: the hit sinks it", f"lose:{index}")
            self._sink(target, player)
            return
        if lose is None:
            raise fail("S-MAST-LOSS", f"the hit ({die}{f'+{bonus}' if bonus else ''} against rank {cannon.rank}) "
                       f"removes a mast of {target.id}, named ('lose M')", f"die:{index}")
        self._lose_mast(target, lose, f"lose:{index}", "S-MAST-LOSS")

    def _lose_mast(self, ship: Ship, mast: int, part: str, rule: str) -> None:
        if mast not in ship.standing:
            raise fail(rule, f"mast {mast} of {ship.id} is not standing (standing: "
                       f"{','.join(map(str, ship.standing)) or 'none'})", part)
        ship.standing.remove(mast)

    def _sink(self, ship: Ship, sinker: str | None, scuttled: bool = False) -> None:
        """S-SINK, S-SINK-SPLIT, S-SCUTTLE: crew eliminated, uniques gone; the gold split by a shot."""
        hidden = [t for t in ship.tokens if t.startswith("?")]
        if hidden and not scuttled:
            raise fail("S-HIDDEN", f"{ship.id} sinks carrying {len(hidden)} face-down token(s): name them first "
                       f"('reveal {ship.id} TOKEN,…')", rulings=("S-SINK-SPLIT",) if sinker is not None else ())
        gold = sum(self.tokens[t].gold for t in ship.tokens if not t.startswith("?") and not self.tokens[t].unique)
        for name in list(ship.crew):
            self._remove_crew(self.crew[name])
        for name in ship.tokens:
            if not name.startswith("?"):
                self.tokens[name].where = "gone"
        ship.tokens = []
        ship.sunk = True
        ship.docked, ship.contacts, ship.bow = None, set(), set()
        self._forget(ship.id)
        if ship.towing:
            self.ships[ship.towing].towed_by = None
            ship.towing = None
        if ship.towed_by:
            self.ships[ship.towed_by].towing = None
            ship.towed_by = None
        if sinker is not None and not scuttled and gold:
            share = (gold + 1) // 2
            self.gold[sinker] += share
            self.gold[ship.controller] += gold - share
            self._gold_moved = True

    def _remove_crew(self, crew: Crew) -> None:
        if crew.where.startswith("ship:"):
            self.ships[crew.where[5:]].crew.remove(crew.id)
        crew.where = "gone"

    def _destroy_fort(self, fort: Fort) -> None:
        """S-FORT-HIT, S-GOLD: the fort's gold lies on the island as a heap the log splits into
        coins as it is taken; a token worth nothing that went in (a unique) lies there again."""
        island = self.islands[fort.island]  # type: ignore[index]
        island.gold += fort.gold
        returned = [t for t in fort.tokens if self.tokens[t].gold == 0]
        for name in returned:
            self.tokens[name].where = f"island:{island.name}"
        island.tokens.extend(returned)
        island.fort, island.explored_by, island.marks = None, set(), set()
        fort.destroyed, fort.gold, fort.tokens = True, 0, []
        self._gold_moved = True

    def _do_repair(self, player: str, action: Event) -> None:
        ship = self._acting(player, action, "repair", derelict_may=True)
        anywhere = keyword_of(ship.card, "repair-anywhere") is not None
        if not anywhere and (ship.docked is None or ship.docked != self.homes.get(ship.controller)):
            raise fail("S-REPAIR", f"{ship.id} is not docked at {ship.controller}'s home island", "ship")
        mast = action.get("mast")
        if mast in ship.standing or not 1 <= mast <= (ship.card.masts or 0):
            raise fail("S-REPAIR", f"mast {mast} of {ship.id} is not an eliminated mast (masts at construction: "
                       f"{ship.card.masts})", "mast")
        ship.standing.append(mast)
        ship.standing.sort()
        if ship.towed_by:
            self.ships[ship.towed_by].towing = None
            ship.towed_by = None

    def _do_scuttle(self, player: str, action: Event) -> None:
        ship = self.own(player, action.get("ship"))
        if not ship.derelict:
            raise fail("S-SCUTTLE", f"{ship.id} has standing masts: only a derelict is scuttled", "ship")
        if ship.scuttle_turn == self.turn:
            raise fail("S-SCUTTLE", f"{ship.id} was already tried this turn", "ship")
        die = action.get("die")
        self._die(die, "die")
        ship.scuttle_turn = self.turn
        if die >= 5:
            ship.scuttled = True
            self._scuttling = True

    def _do_free(self, player: str, action: Event) -> None:
        ship = self._acting(player, action, "free")
        if not ship.entangled:
            raise fail("S-SARGASSO", f"{ship.id} is not entangled", "ship")
        die = action.get("die")
        self._die(die, "die")
        if die + len(ship.standing) > 6:
            ship.entangled = None
            ship.contacts = set()
            ship.moves_from = self.turn + 1
            self.on_geo = True  # where it is placed, stern on the edge

    def _crew_move(self, player: str, action: Event) -> tuple[Ship, list[Crew]]:
        ship = self.own(player, action.get("ship"))
        if ship.docked is None:
            raise fail("S-CREW-MOVE", f"{ship.id} is not docked: crew move only at an island", "ship")
        crews = []
        for index, name in enumerate(action.get("crew")):
            crew = self.crew.get(name)
            if crew is None:
                raise fail("S-DATA-UNKNOWN", f"{name} is no crew of this game", "crew")
            if crew.owner != player and crew.where.startswith("island"):
                raise fail("S-CREW-MOVE", f"{name} is {crew.owner}'s crew", "crew")
            crews.append(crew)
        return ship, crews

    def _do_land(self, player: str, action: Event) -> None:
        ship, crews = self._crew_move(player, action)
        for crew in crews:
            if crew.where != f"ship:{ship.id}":
                raise fail("S-CREW-MOVE", f"{crew.id} is not aboard {ship.id}", "crew")
            ship.crew.remove(crew.id)
            crew.where = f"island:{ship.docked}"

    def _do_embark(self, player: str, action: Event) -> None:
        ship, crews = self._crew_move(player, action)
        for crew in crews:
            if crew.where != f"island:{ship.docked}" or crew.owner != player:
                raise fail("S-CREW-MOVE", f"{crew.id} is no crew of {player}'s lying on {ship.docked}", "crew")
            ship.crew.append(crew.id)
            crew.where = f"ship:{ship.id}"
            self._check_aboard(ship, crew, "S-CREW-COST")

    def _do_transfer(self, player: str, action: Event) -> None:
        ship, crews = self._crew_move(player, action)
        other = self.own(player, action.get("target"), "target")
        if other is ship:
            raise fail("S-CREW-MOVE", f"crew pass from one ship to another: {ship.id} cannot take its own crew",
                       "target")
        if other.docked != ship.docked:
            raise fail("S-CREW-MOVE", f"{other.id} is not docked at {ship.docked}", "target")
        for crew in crews:
            if crew.where != f"ship:{ship.id}":
                raise fail("S-CREW-MOVE", f"{crew.id} is not aboard {ship.id}", "crew")
            ship.crew.remove(crew.id)
            other.crew.append(crew.id)
            crew.where = f"ship:{other.id}"
            self._check_aboard(other, crew, "S-CREW-COST")

    def _coin(self, player: str, coin: Any, where: str, part: str) -> Token:
        """S-GOLD: a coin the log names as gold leaves a fort or a heap, a token like any other."""
        name, gold = dict(coin)["name"], dict(coin)["gold"]
        if name.split(".", 1)[0] != player:
            raise fail("S-GOLD", f"{name}: a coin {player} takes is named '{player}.NAME'", part)
        if any(name in table for table in (self.ships, self.crew, self.tokens, self.forts, self.events)):
            raise fail("S-GOLD", f"{name} already names a piece: each coin gets a new name", part)
        if gold < 1:
            raise fail("S-GOLD", f"{name} holds no gold: a coin is worth 1 or more", part)
        token = Token(name, Card(id="coin", kind="treasure", name="coin", gold=gold), player, where)
        self.tokens[name] = token
        return token

    def _fort_treasure(self, player: str, action: Event) -> tuple[Ship, Fort]:
        """S-FORT-TREASURE: a ship of the fort's owner docked at the fort's island, in their turn."""
        ship = self.own(player, action.get("ship"))
        fort = self.piece(action.get("fort"), "fort")
        if not isinstance(fort, Fort) or not fort.built:
            raise fail("S-FORT-TREASURE", f"{action.get('fort')} is no fort standing on an island", "fort")
        if fort.owner != player:
            raise fail("S-FORT-TREASURE", f"{fort.id} is {fort.owner}'s fort: only its owner's ships use it", "fort")
        if ship.wreck:
            raise fail("S-WRECK", f"{ship.id} is a wreck: nothing goes aboard or ashore", "ship")
        if ship.docked != fort.island:
            raise fail("S-FORT-TREASURE", f"{ship.id} is not docked at {fort.island}, {fort.id}'s island", "ship",
                       docked=ship.docked)
        return ship, fort

    def _do_load(self, player: str, action: Event) -> None:
        ship, fort = self._fort_treasure(player, action)
        coins = list(action.get("coins"))
        taken = sum(dict(c)["gold"] for c in coins)
        cost = fort.card.cost or 0
        if fort.gold - taken < cost:
            raise fail("S-FORT-TREASURE", f"{fort.id} holds {fort.gold} gold and keeps its cost of {cost}: "
                       f"{max(fort.gold - cost, 0)} may leave, not {taken}", "coins", fort_gold=fort.gold)
        for coin in coins:
            ship.tokens.append(self._coin(player, coin, f"ship:{ship.id}", "coins").id)
        fort.gold -= taken
        self._gold_moved = True
        if self.load_of(ship) > self.cargo_of(ship):
            raise self.over_cargo(ship, f"{ship.id} would carry {self.load_of(ship)} with cargo "
                                  f"{self.cargo_of(ship)}", "coins", load=self.load_of(ship))

    def _do_unload(self, player: str, action: Event) -> None:
        ship, fort = self._fort_treasure(player, action)
        for name in action.get("tokens"):
            if name not in ship.tokens:
                raise fail("S-FORT-TREASURE", f"{name} is not aboard {ship.id}"
                           + (" (name the face-down tokens first: 'reveal')" if any(t.startswith("?") for t in
                                                                                    ship.tokens) else ""), "tokens")
            token = self.tokens[name]
            if token.gold == 0:
                raise fail("S-FORT-TREASURE", f"{name} is worth no gold: only gold goes into a fort", "tokens")
            ship.tokens.remove(name)
            token.where = f"fort:{fort.id}"
            fort.tokens.append(name)
            fort.gold += token.gold
            self._gold_moved = True

    def _do_build(self, player: str, action: Event) -> None:
        fort = self.piece(action.get("fort"), "fort")
        if not isinstance(fort, Fort) or fort.owner != player:
            raise fail("S-FORT-LIST", f"{action.get('fort')} is no fort {player} holds", "fort")
        if fort.island is not None:
            raise fail("S-FORT-LIST", f"{fort.id} is built once", "fort")
        place = action.get("place")
        island = self.islands.get(place)
        if island is None or island.home_of is not None or island.fort is not None:
            raise fail("S-FORT-BUILD", f"{place} is not a wild island without fort", "place")
        if player not in island.explored_by:
            raise fail("S-FORT-BUILD", f"{player} has not explored {place}", "place")
        if not any(s.controller == player and s.docked == place and s.afloat for s in self.ships.values()):
            raise fail("S-FORT-BUILD", f"no ship of {player}'s is docked at {place}", "place")
        cost = fort.card.cost or 0
        if self.gold[player] < cost:
            raise fail("S-FORT-BUILD", f"{player}'s home island holds {self.gold[player]} gold, less than "
                       f"{fort.id}'s cost of {cost}", "fort")
        if island.hidden:
            raise fail("S-HIDDEN", f"{place} still holds {island.hidden} face-down token(s): they move into the fort, "
                       "so their names are given first (explore them, or reveal the deal)", "place")
        self.building = True
        self.after = None
        self.gold[player] -= cost
        self._gold_moved = True
        fort.island, fort.flags = place, list(range(1, len(fort.card.cannons) + 1))
        fort.gold = cost + sum(self.tokens[t].gold for t in island.tokens) + island.gold
        for name in island.tokens:
            self.tokens[name].where = f"fort:{fort.id}"
        fort.tokens, island.tokens, island.gold = list(island.tokens), [], 0
        island.fort = fort.id

    def _do_end(self, player: str, action: Event) -> None:
        self._end_turn()

    def _do_resign(self, player: str, action: Event) -> None:
        self.winner = self._other(player)
        self.over = True
        self.end_reason = f"{player} resigned"

    # -- the end --------------------------------------------------------------------------------------

    def _check_win(self) -> None:
        """S-WIN: more than half the distributed gold on a home island and in forts wins at once;
        both at once (a sinking's split): the player whose turn it is."""
        if self.over or not self._gold_moved:
            return
        self._gold_moved = False
        totals = self.gold_totals()
        over = [p for p in self.players if 2 * totals[p] > self.distributed]
        if not over:
            return
        winner = self.turn_player if len(over) == 2 else over[0]
        self.winner = winner
        self.over = True
        self.end_reason = f"{winner} holds {totals[winner]} of {self.distributed} gold"  # type: ignore[index]


def _docking_move(action: Event) -> tuple[str, tuple[str, ...], str] | None:
    """(ship, segments, island) of a move that declares no keyword, rolls no fog exit and states one
    fact, a dock; None for any other move. Worked out once an entry (it is judged in every game
    that plays it)."""
    derived = action.derived
    if "docking" not in derived:
        facts = action.records("facts")
        plain = (action.get("uses") is None and action.get("exit") is None and len(facts) == 1
                 and facts[0]["fact"] == "dock")
        derived["docking"] = (action.get("ship"), tuple(action.get("segments", ())), facts[0]["target"]) \
            if plain else None
    return derived["docking"]  # type: ignore[no-any-return]


_TURN_HANDLERS: dict[str, Callable[[SpanishMainEngine, str, Event], None]] = {
    name.removeprefix("_do_"): handler for name, handler in vars(SpanishMainEngine).items() if name.startswith("_do_")}
"""Each turn entry's handler by verb, looked up once rather than by name at every entry."""
_SETUP_HANDLERS: dict[str, Callable[[SpanishMainEngine, str, Event], None]] = {
    stage: vars(SpanishMainEngine)[f"_setup_{stage}"] for stage in SETUP_STAGES}
"""Each set-up stage's handler."""
