"""What a Pirates & Perroquets game keeps between entries, and what can be read off it.

The engine changes this state entry by entry; the claims, the views and the move
lists only read it, so they know this module and not the engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.games.perroquets.data import GameData
from referee.games.perroquets.geometry import Heading, Square
from referee.games.perroquets.notation import Decide
from referee.games.perroquets.resolve import Parrot, RoundReport, lanes_of
from referee.games.perroquets.setup import Setup


@dataclass(slots=True)
class Slot:
    """One draw of the round: who drew, from which pile, and the card where known."""

    player: str
    pile: str
    card: str | None


@dataclass(slots=True)
class RoundState:
    number: int
    wind: Heading | None = None
    roll: int | None = None
    slots: list[Slot] = field(default_factory=list)
    known: set[str] = field(default_factory=set)
    """The cards of `slots` known: named at the draw or shown at the reveal."""
    revealed: bool = False
    decisions: dict[str, Decide] = field(default_factory=dict)
    weights: dict[str, int] = field(default_factory=dict)
    cards: dict[str, str | None] = field(default_factory=dict)
    """The card each decision took, where the log says or the matching forces it."""
    entries: dict[str, int] = field(default_factory=dict)
    """Where each decision stands in the log (diagnostics' move numbers), to report a pickup
    choice at its own entry when the round's resolution finds it wrong."""
    report: RoundReport | None = None
    holds_before: dict[str, Counter[int]] = field(default_factory=dict)
    choices: dict[str, list[int]] = field(default_factory=dict)
    """The values each player's list names as given or lost this round (P-LOSE)."""
    loss_entries: dict[str, int] = field(default_factory=dict)
    """Where each of those lists stands in the log."""
    settled_gone: list[int] = field(default_factory=list)
    """The values this round's losses sent out of the game, as the holds now count them."""
    unsettled: bool = False
    """The lists written so far do not fit together yet: one waits for a giver's list, and
    the round is judged again once its lists are all in (P-LOSE)."""
    new_parrots: int = 0


class PerroquetsState:
    """The table: ships, parrots, bag, holds and piles, and the round under way."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.data: GameData = setup.data
        self.board = setup.data.board
        self.lanes = lanes_of(self.board)
        self.variants = setup.variants
        self.players = list(setup.players)
        self.first = setup.first
        self.round_number = 0
        self.phase = "ships"
        self.ships: dict[str, Square] = {}
        self.parrots: list[Parrot] = []
        self.bag: Counter[int] = Counter({value: n for value, n in setup.data.bag.items() if n})
        """The parrots in the bag, by value: only values it holds."""
        self.holds: dict[str, Counter[int]] = {p: Counter() for p in self.players}
        self.counts = {p: 0 for p in self.players}
        """The parrots in each hold: what a round's resolution needs of the holds, kept beside them."""
        self.gone: Counter[int] = Counter()
        self.wave_sides: list[Heading] = []
        self.draw_orders = tuple(self._draw_order(first) for first in range(len(self.players)))
        """The drawers of a round in draw order, for each first player."""
        self.pile_size = dict(setup.data.pile_sizes)
        self.discard_size = {letter: 0 for letter in setup.data.piles}
        self.out_of_pile: dict[str, set[str]] = {letter: set() for letter in setup.data.piles}
        """discard-piles: the cards known to lie in a pile's discard."""
        self.round = RoundState(0)
        self.last: RoundState | None = None
        self.over = False
        self.end_reason = ""

    def colour(self, number: int | None = None) -> str:
        """P-FLIP: the colour the parrots on the board show during round `number`."""
        number = self.round_number if number is None else number
        return "white" if number <= 1 or number % 2 else "black"

    def expected_mover(self) -> str | None:
        """Who must write the next entry (a ship to place, a draw to make), if anyone."""
        if self.phase == "ships":
            return self._seat(len(self.ships))
        if self.phase == "draw":
            return self._next_drawer()
        return None

    def _seat(self, offset: int) -> str:
        return self.players[(self.first + offset) % len(self.players)]

    def _draw_order(self, first: int) -> tuple[str, ...]:
        """Who makes each draw of a round whose first player is `first`: from him clockwise,
        each both cards in turn, or (draw-rounds) one card each, twice."""
        seats = self.players[first:] + self.players[:first]
        if "draw-rounds" in self.variants:
            return (*seats, *seats)
        return tuple(player for player in seats for _ in range(2))

    def _next_drawer(self, extra: int = 0) -> str | None:
        """Who draws next once `extra` more draws are made, if anyone."""
        order = self.draw_orders[self.first]
        count = len(self.round.slots) + extra
        return order[count] if count < len(order) else None

    def _awaiting(self) -> str:
        if self.phase == "ships":
            return f"{self._seat(len(self.ships))} places a ship next"
        if self.phase == "waves":
            return f"the set-up has {len(self.wave_sides)} of its three waves of parrots"
        if self.phase == "done":
            return "the set-up is complete: round 1 begins next"
        if self.phase == "place":
            return f"the bag holds {sum(self.bag.values())} parrots: the round begins with new parrots"
        if self.phase == "wind":
            return "the wind is rolled next"
        if self.phase == "draw":
            return f"{self._next_drawer()} draws next ({len(self.round.slots)} of {2 * len(self.players)} draws made)"
        if self.phase == "decide":
            waiting = [p for p in self.players if p not in self.round.decisions]
            return "decisions still to come: " + " ".join(waiting)
        return ""

    def data_rulings(self) -> tuple[str, ...]:
        """What decides that a square, pile, card or value does not exist: the data (P-DATA),
        and on the built-in data the referee's reconstruction of it (P-DEFAULT)."""
        return ("P-DATA", "P-DEFAULT") if self.data.reconstructed else ("P-DATA",)
