"""The declared fields of a Perroquets position, as `Engine.view()` gives it.

The declarations stand apart from the view module that builds and draws a position, so
the engine may name the type of what it gives without knowing how a position is built
(the engine knows neither the claims nor the view: they read its state).
"""

from __future__ import annotations

from typing import TypedDict

from referee.games.base import RoundView


Point = TypedDict("Point", {"x": int, "y": int})
"""A square by its coordinates from a1 = (0, 0), the margin's dots included (-1 and the width)."""


class DataView(TypedDict):
    """The board and cards the game is played on: their id, digest, and whether they are
    the project's reconstruction (P-DEFAULT)."""

    id: str
    digest: str
    reconstructed: bool


class BoardView(TypedDict):
    width: int
    height: int
    islands: list[str]


class ParrotView(TypedDict):
    value: int
    heading: str
    on_dot: bool
    square: str | None
    """The board square; None for a parrot waiting on a dot of the margin."""
    at: Point


class HoldView(TypedDict):
    count: int
    values: list[int]


class DrawView(TypedDict):
    player: str
    pile: str
    card: str | None


class _Decision(TypedDict):
    stuck: bool


class DecisionView(_Decision, total=False):
    """A player's decision of phase 4: `stuck` alone when the ship cannot sail, else the card
    played, its colour and the weight it gives the ship. (The keys it may lack are declared in
    a class of their own: under postponed annotations Python 3.11 would take `NotRequired` for
    a required key.)"""

    card: str | None
    colour: str | None
    weight: int | None


class PathSquare(TypedDict):
    square: str
    sea: bool
    happened: list[str]


class VoyageView(TypedDict):
    """A ship's move in the order ships sail, square by square."""

    player: str
    weight: int
    crossed: int
    steps: int
    start: str
    edge: bool
    path: list[PathSquare]


FlightView = TypedDict("FlightView", {"value": int, "from": Point, "over": list[str], "outcome": str,
                                      "rule": str, "by": str | None})
"""A parrot's flight, and what became of it by which ruling (`from` is a Python keyword, hence
this form of the declaration)."""


class RoundPlayed(TypedDict):
    """The last round played, as the referee worked it out: the ships' order, each voyage,
    the flights, and all of it in words (`account`)."""

    number: int
    stuck: list[str]
    ended: str | None
    order: list[VoyageView]
    flights: list[FlightView]
    account: list[str]


class PerroquetsView(RoundView):
    """A Perroquets position (`state_view`): `next` is who writes the next entry of the phase."""

    data: DataView
    variants: list[str]
    board: BoardView
    players: list[str]
    phase: str
    """Where the round stands (`PHASES` says it in words)."""
    first: str
    colour: str
    """The colour the parrots show."""
    wind: str | None
    wind_roll: int | None
    ships: dict[str, str | None]
    parrots: list[ParrotView]
    bag: dict[str, int]
    """How many parrots of each value (as a string, a JSON key) the bag holds."""
    holds: dict[str, HoldView]
    gone: int
    piles: dict[str, int]
    draws: list[DrawView]
    decisions: dict[str, DecisionView]
    end: str | None
    last_round: RoundPlayed | None
