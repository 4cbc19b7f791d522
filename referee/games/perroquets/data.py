"""The board, the navigation cards and the parrot bag, read from data (P-DATA).

The printed board and cards are lost, so they are data: one JSON file holds all
three, checked against `schemas/perroquets-data.schema.json` and then for what a
schema cannot say (squares on the grid, one-to-one die faces, dots on their own
edge). A log names its data by id and the SHA-256 of the canonical JSON, so a
verdict always says which board it was reached on. The built-in default
(P-DEFAULT) is a reconstruction, and every report made with it says so.
"""

from __future__ import annotations

import json
import pkgutil
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.games.base import DataError
from referee.hashing import sha256
from referee.games.perroquets.geometry import (
    HEADINGS,
    OPPOSITE,
    Heading,
    Manoeuvre,
    Square,
    parse_manoeuvre,
    parse_square,
    square_name,
)

FORMAT = "perroquets-data"
DEFAULT_NAME = "default"
MIN_BAG = 9
"""The set-up places three waves of three."""


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    islands: frozenset[Square]
    sides: dict[int, Heading]
    """The side each side roll names (the cloud's number)."""
    wind: dict[int, Heading]
    """Where the wind blows toward, for each wind roll (the red arrow's heading)."""
    dots: dict[Heading, dict[int, tuple[Square, ...]]]
    """Entry squares: dots[side][formation], one per zone in zone order."""
    dot_position: str

    def on_grid(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def is_island(self, square: Square) -> bool:
        return square in self.islands

    def squares(self) -> list[Square]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def edge_of(self, square: Square, side: Heading) -> bool:
        x, y = square
        return {"N": y == self.height - 1, "S": y == 0, "W": x == 0, "E": x == self.width - 1}[side]

    def side_number(self, side: Heading) -> int:
        return next(number for number, named in self.sides.items() if named == side)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    pile: str
    weight: int
    green: Manoeuvre
    black: Manoeuvre

    def path(self, colour: str) -> Manoeuvre:
        return self.green if colour == "green" else self.black


@dataclass(frozen=True, slots=True)
class GameData:
    """One data set, ready for the engine; picklable, so it travels with the work."""

    id: str
    digest: str
    reconstructed: bool
    board: Board
    piles: dict[str, int]
    """Pile letter -> the number on its backs."""
    cards: dict[str, Card]
    bag: dict[int, int]
    pile_sizes: dict[str, int] = field(init=False, repr=False, compare=False)
    """Pile letter -> the cards in it: the size of each pile at the start of a game."""
    letters: dict[str, str] = field(init=False, repr=False, compare=False)
    """Each way a log may write a pile (its letter, or its number) -> its letter."""

    def __post_init__(self) -> None:
        # worked out once per data set rather than once per game or draw
        in_pile = Counter(card.pile for card in self.cards.values())
        object.__setattr__(self, "pile_sizes", {letter: in_pile[letter] for letter in self.piles})
        letters: dict[str, str] = {}
        for letter, number in self.piles.items():
            letters.setdefault(str(number), letter)
        letters.update((letter, letter) for letter in self.piles)  # a letter reads as a letter first
        object.__setattr__(self, "letters", letters)

    @property
    def bag_total(self) -> int:
        return sum(self.bag.values())

    def pile_cards(self, pile: str) -> list[Card]:
        return [card for card in self.cards.values() if card.pile == pile]

    def pile_letter(self, written: str) -> str | None:
        """A pile as a log may write it: its letter or its number."""
        return self.letters.get(written)

    @property
    def name(self) -> str:
        """What a log's Data tag calls it: its id."""
        return self.id

    def tag_value(self) -> str:
        return f"{self.id} sha256:{self.digest}"


def canonical_json(document: Any) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest_of(document: Any) -> str:
    return sha256(canonical_json(document)).hexdigest()


def load(document: Any) -> GameData:
    """A data document checked and made ready; DataError names the JSON pointer at fault,
    and every fault breaks P-DATA (what the board, cards and bag must be)."""
    from referee.jsonschemas import clipped, first_errors, pointer_of  # jsonschema only when data is read

    errors = first_errors(FORMAT, document)
    if errors is not None:
        raise DataError(clipped(errors.first.message), pointer_of(errors.first), "P-DATA", errors.others())
    try:
        return _ready(document)
    except DataError as error:
        raise DataError(error.message, error.pointer, error.rule or "P-DATA") from None


def _ready(document: Any) -> GameData:
    """A document the schema accepts, checked for what a schema cannot say and made ready."""
    board = _board(document["board"])
    piles = _piles(document["piles"])
    cards = _cards(document["cards"], piles)
    bag = {int(value): count for value, count in document["bag"].items()}
    if sum(bag.values()) < MIN_BAG:
        raise DataError(f"the bag holds {sum(bag.values())} parrots: the set-up needs {MIN_BAG}", "/bag")
    return GameData(document["id"], digest_of(document), bool(document.get("reconstructed", False)),
                    board, piles, cards, bag)


def _board(raw: dict[str, Any]) -> Board:
    width, height = raw["width"], raw["height"]

    def square(text: str, pointer: str) -> Square:
        found = parse_square(text)
        if found is None or not (0 <= found[0] < width and 0 <= found[1] < height):
            raise DataError(f"{text!r} is not a square of a {width} × {height} board", pointer)
        return found

    islands = frozenset(square(text, f"/board/islands/{i}") for i, text in enumerate(raw["islands"]))
    maps: dict[str, dict[int, Heading]] = {}
    for key in ("sides", "wind"):
        faces = {int(roll): heading for roll, heading in raw[key].items()}
        if sorted(faces.values()) != sorted(HEADINGS):
            raise DataError("the four die results must name N, E, S and W once each", f"/board/{key}")
        maps[key] = faces
    dots: dict[Heading, dict[int, tuple[Square, ...]]] = {}
    for side in HEADINGS:
        dots[side] = {}
        for formation, entries in sorted(raw["dots"][side].items()):
            placed = []
            for zone, text in enumerate(entries):
                pointer = f"/board/dots/{side}/{formation}/{zone}"
                found = square(text, pointer)
                if not _on_edge(found, side, width, height):
                    raise DataError(f"{text} is not on the {side} edge: a dot's entry square lies on its side",
                                    pointer)
                placed.append(found)
            dots[side][int(formation)] = tuple(placed)
    return Board(width, height, islands, maps["sides"], maps["wind"], dots, raw.get("dot_position", "outside"))


def _on_edge(square: Square, side: str, width: int, height: int) -> bool:
    x, y = square
    return {"N": y == height - 1, "S": y == 0, "W": x == 0, "E": x == width - 1}[side]


def _piles(raw: list[dict[str, Any]]) -> dict[str, int]:
    piles: dict[str, int] = {}
    for index, pile in enumerate(raw):
        if pile["letter"] in piles:
            raise DataError(f"pile {pile['letter']} is given twice", f"/piles/{index}/letter")
        if pile["number"] in piles.values():
            raise DataError(f"two piles bear the number {pile['number']}", f"/piles/{index}/number")
        piles[pile["letter"]] = pile["number"]
    return piles


def _cards(raw: list[dict[str, Any]], piles: dict[str, int]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for index, entry in enumerate(raw):
        pointer = f"/cards/{index}"
        if entry["id"] in cards:
            raise DataError(f"card {entry['id']} is given twice", f"{pointer}/id")
        if entry["pile"] not in piles:
            raise DataError(f"pile {entry['pile']} is not among the piles", f"{pointer}/pile")
        green, black = parse_manoeuvre(entry["green"]), parse_manoeuvre(entry["black"])
        assert green is not None and black is not None  # the schema's pattern
        cards[entry["id"]] = Card(entry["id"], entry["pile"], entry.get("weight", piles[entry["pile"]]),
                                  green, black)
    for letter in piles:
        if not any(card.pile == letter for card in cards.values()):
            raise DataError(f"pile {letter} holds no card", "/piles")
    return cards


@lru_cache(maxsize=1)
def default_data() -> GameData:
    """P-DEFAULT, shipped inside the package. The tests hold the file to the schema
    (test_the_data_schema_accepts_the_shipped_files), so reading it needs no jsonschema:
    importing that was most of the time a short check of default games took to start."""
    data = pkgutil.get_data(__package__, "default.json")  # importing importlib.resources costs more
    assert data is not None  # the package's loader reads the files it ships
    return _ready(json.loads(data.decode("utf-8")))


def entry_offgrid(board: Board, side: Heading, entry: Square) -> Square:
    """Where a parrot on a margin dot waits: one square outside its entry square."""
    heading = OPPOSITE[side]  # it flies away from its side
    from referee.games.perroquets.geometry import VECTORS

    vector = VECTORS[heading]
    return entry[0] - vector[0], entry[1] - vector[1]


def describe(data: GameData) -> str:
    note = " (reconstructed: plausible, not the publisher's)" if data.reconstructed else ""
    return f"{data.id}{note}"


__all__ = ["Board", "Card", "GameData", "load", "default_data", "digest_of", "describe", "square_name"]
