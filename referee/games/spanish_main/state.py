"""The pieces of a Spanish Main game as the referee tracks them at level 1: plain data.

Every piece is a named instance (`Anna.s1`) of a card; where it lies is a string
(`ship:Anna.s1`, `island:I3`, `home:Anna`, `fort:Anna.f1`, `gone`). A face-down token
whose name the log has not given yet (S-HIDDEN) is a placeholder `?I3` (the island it
came from) until a `reveal` names it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from operator import attrgetter
from typing import Any, TypeVar

from referee.games.spanish_main.cards import Card

P = TypeVar("P")


@cache
def _layout(kind: type) -> tuple[Callable[[Any], tuple[Any, ...]], tuple[int, ...]]:
    """A piece type's fields read at once (in the order its constructor takes them), and the
    positions of those holding a list or set (copied; the rest is shared)."""
    assert all(f.init for f in fields(kind)) and not hasattr(kind, "__post_init__")  # the constructor only stores
    assert len(fields(kind)) > 1  # attrgetter of one name gives the value, not a tuple
    names = tuple(f.name for f in fields(kind))
    containers = tuple(index for index, f in enumerate(fields(kind)) if str(f.type).startswith(("list[", "set[")))
    return attrgetter(*names), containers


def clone(piece: P) -> P:
    """A copy of a piece that shares nothing mutable with it (its lists and sets are copied; its
    card, immutable, is shared): what an illegal entry's undo needs, far cheaper than a deep copy."""
    kind = type(piece)
    read, containers = _layout(kind)
    values = list(read(piece))
    for index in containers:
        values[index] = values[index].copy()
    return kind(*values)  # type: ignore[no-any-return]


@dataclass(slots=True)
class Ship:
    id: str
    card: Card
    owner: str
    controller: str
    standing: list[int]
    """Mast numbers (1 = bow) still standing."""
    crew: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    docked: str | None = None
    docked_turn: int = 0
    """The turn the ship docked: it may explore from the next turn on (S-EXPLORE)."""
    explored_here: bool = False
    contacts: set[str] = field(default_factory=set)
    """What the log last stated it touches (S-L1-CONTACT): islands, terrain, pieces."""
    bow: set[str] = field(default_factory=set)
    """Ships its bow was last stated to touch (S-RAM, S-PIN)."""
    ended: set[str] = field(default_factory=set)
    """What it was stated to touch before a move ended the contact (S-L1-CONTACT): a ram, tow or
    exploration refused for want of a contact says why it has none."""
    lost: str | None = None
    entangled: str | None = None
    moves_from: int = 0
    """The first turn it may be given a move action (freed from a sargasso sea: the next one)."""
    towing: str | None = None
    towed_by: str | None = None
    wreck: bool = False
    sunk: bool = False
    scuttled: bool = False
    scuttle_turn: int = 0
    pose: tuple[float, float, float] | None = None
    """Level 2: the bow tip (x, y) in mm and the heading in degrees (S-GEO-MODEL)."""

    @property
    def derelict(self) -> bool:
        return not self.standing

    @property
    def afloat(self) -> bool:
        return not self.sunk


@dataclass(slots=True)
class Crew:
    id: str
    card: Card
    owner: str
    where: str
    face_up: bool = False


@dataclass(slots=True)
class Token:
    id: str
    card: Card
    owner: str
    where: str = "pool"
    value: int | None = None
    """A unique's value once a declared ability sets it (S-ABILITY-DECLARED)."""

    @property
    def gold(self) -> int:
        return self.value if self.value is not None else self.card.gold or 0

    @property
    def unique(self) -> bool:
        return self.card.unique


@dataclass(slots=True)
class Island:
    name: str
    placer: str
    tokens: list[str] = field(default_factory=list)
    hidden: int = 0
    """Face-down tokens whose names the log has not given (a hidden deal)."""
    home_of: str | None = None
    fort: str | None = None
    explored_by: set[str] = field(default_factory=set)
    marks: set[str] = field(default_factory=set)
    gold: int = 0
    """Gold left by a destroyed fort, as an amount (S-GOLD)."""
    shape: Any = None
    """Level 2: its outline on the table (a shapely polygon)."""


@dataclass(slots=True)
class Terrain:
    name: str
    kind: str
    placer: str
    gold: int | None = None
    """An iceberg's gold number."""
    frozen: bool = False
    shape: Any = None
    """Level 2: its outline on the table (a shapely polygon)."""
    rim: tuple[tuple[float, float], ...] = ()
    """Level 2: where the printed numbers 1 to 6 stand on a fog bank's or an iceberg's outline."""


@dataclass(slots=True)
class Fort:
    id: str
    card: Card
    owner: str
    island: str | None = None
    flags: list[int] = field(default_factory=list)
    gold: int = 0
    tokens: list[str] = field(default_factory=list)
    destroyed: bool = False
    shape: Any = None
    """Level 2: its footprint on the table."""
    flag_points: tuple[tuple[float, float], ...] = ()

    @property
    def built(self) -> bool:
        return self.island is not None and not self.destroyed

    @property
    def abandoned(self) -> bool:
        return self.built and not self.flags


@dataclass(slots=True)
class EventCard:
    id: str
    card: Card
    owner: str
    used: int = 0
