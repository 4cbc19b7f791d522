"""Corsari's 110 cards (C-CARDS): ten colours, one card of each value 1 to 11.

The rule text does not name the colours; the referee names them by letter:
R red, O orange, Y yellow, G green, C cyan, B blue, V violet, P pink, K black,
W white. A card is colour + value: `R7`, `B11`.

The engine asks a card's value, colour and sort key on every move, so these are
looked up in tables built once; the functions still answer for any code (a code
that is no card is worked out as before), so callers need not check first.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

COLOURS = ("R", "O", "Y", "G", "C", "B", "V", "P", "K", "W")
COLOUR_NAMES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "C": "cyan",
                "B": "blue", "V": "violet", "P": "pink", "K": "black", "W": "white"}
VALUES = range(1, 12)
UNSHUFFLED = tuple(f"{colour}{value}" for colour in COLOURS for value in VALUES)
"""The documented order a seeded shuffle starts from: colours in the order above,
each from 1 to 11."""
ALL_CARDS = frozenset(UNSHUFFLED)
QUAY_SIZE = {2: 7, 3: 8, 4: 9}
HAND_SIZE = 12

assert len(UNSHUFFLED) == 110

CARD_VALUE: dict[str, int] = {card: int(card[1:]) for card in UNSHUFFLED}
"""card -> value, for the 110 cards."""
ORDER_KEY: dict[str, tuple[int, int]] = {card: (COLOURS.index(card[0]), int(card[1:])) for card in UNSHUFFLED}
"""card -> its `order_key`, for the 110 cards."""
CARD_RANK: dict[str, int] = {card: index for index, card in enumerate(UNSHUFFLED)}
"""card -> place in UNSHUFFLED: for real cards, sorting by it is sorting by `order_key`."""
COLOUR_CARDS: dict[str, frozenset[str]] = {shade: frozenset(f"{shade}{worth}" for worth in VALUES) for shade in COLOURS}
"""colour -> its eleven cards."""


def is_card(code: str) -> bool:
    return code in ALL_CARDS


colour: Callable[[str], str] = itemgetter(0)
"""A card's colour: the letter it starts with (a built-in call, asked on every raise)."""


def value(code: str) -> int:
    known = CARD_VALUE.get(code)
    return known if known is not None else int(code[1:])


def why_unknown(code: str) -> str:
    if code[:1] not in COLOURS:
        return (f"'{code}' names colour '{code[:1]}', which Corsari does not have: the colours are "
                + ", ".join(COLOURS))
    return f"'{code}' is no Corsari card: values run from 1 to 11"


def order_key(code: str) -> tuple[int, int]:
    known = ORDER_KEY.get(code)
    if known is not None:
        return known
    return (COLOURS.index(code[0]) if code[0] in COLOURS else 99, value(code) if code[1:].isdigit() else 0)
