"""Korsar's 78 cards (K-CARDS) and how notation writes them.

A card is its notation code, a short string: galleons `$2`…`$8` (the printed
gold), pirates colour + strength (`Y1`…`B4`), captains colour + `C` (`RC`), and
the admiral `AD`. Colours are Y(ellow), R(ed), G(reen), B(lue). Strings keep
records, JSON and diagnostics identical to what a person writes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

Kind = Literal["galleon", "pirate", "captain", "admiral"]

COLOURS = ("Y", "R", "G", "B")
COLOUR_NAMES = {"Y": "yellow", "R": "red", "G": "green", "B": "blue"}
ADMIRAL = "AD"

GALLEON_COPIES = {2: 5, 3: 6, 4: 5, 5: 5, 6: 2, 7: 1, 8: 1}
PIRATE_COPIES = {1: 2, 2: 4, 3: 4, 4: 2}


@dataclass(frozen=True, slots=True)
class CardInfo:
    code: str
    kind: Kind
    value: int = 0
    colour: str | None = None

    @property
    def is_character(self) -> bool:
        return self.kind in ("captain", "admiral")

    def describe(self) -> str:
        if self.kind == "galleon":
            return f"galleon of {self.value}"
        if self.kind == "pirate":
            return f"{COLOUR_NAMES[self.colour or 'Y']} pirate of {self.value}"
        if self.kind == "captain":
            return f"{COLOUR_NAMES[self.colour or 'Y']} captain"
        return "admiral"


def _build() -> tuple[dict[str, CardInfo], Counter[str], tuple[str, ...]]:
    infos: dict[str, CardInfo] = {}
    copies: Counter[str] = Counter()
    order: list[str] = []
    for value, count in GALLEON_COPIES.items():
        code = f"${value}"
        infos[code] = CardInfo(code, "galleon", value)
        copies[code] = count
        order.extend([code] * count)
    for colour in COLOURS:
        for strength, count in PIRATE_COPIES.items():
            code = f"{colour}{strength}"
            infos[code] = CardInfo(code, "pirate", strength, colour)
            copies[code] = count
            order.extend([code] * count)
    for colour in COLOURS:
        code = f"{colour}C"
        infos[code] = CardInfo(code, "captain", 0, colour)
        copies[code] = 1
        order.append(code)
    infos[ADMIRAL] = CardInfo(ADMIRAL, "admiral")
    copies[ADMIRAL] = 1
    order.append(ADMIRAL)
    return infos, copies, tuple(order)


CARDS, COPIES, UNSHUFFLED_DECK = _build()
"""`UNSHUFFLED_DECK` is the documented order a seeded shuffle starts from:
galleons by value, pirates by colour (Y R G B) then strength, captains Y R G B,
the admiral last."""

assert len(UNSHUFFLED_DECK) == 78 and sum(GALLEON_COPIES[v] * v for v in GALLEON_COPIES) == 100


def card_info(code: str) -> CardInfo | None:
    return CARDS.get(code)


def misprint_read(code: str) -> str | None:
    """The yellow pirate a black one means (K-EXAMPLE): the rules' worked example prints a
    black pirate, a colour Korsar does not have, where yellow is meant."""
    if len(code) == 2 and code[0] == "K" and ("Y" + code[1]) in CARDS:
        return "Y" + code[1]
    return None


def why_unknown(code: str) -> str:
    """One sentence on why a card-like code names no Korsar card."""
    if code.startswith("$"):
        return f"'{code}' is no galleon: galleons are worth 2 to 8 gold"
    if len(code) >= 2 and code[0] not in COLOURS and code != ADMIRAL:
        return (f"'{code}' names colour '{code[0]}', which Korsar does not have: "
                "the colours are Y, R, G and B")
    if len(code) >= 2 and code[1:].isdigit():
        return f"'{code}' is no pirate: pirates have strength 1 to 4"
    return f"'{code}' is not a Korsar card"
