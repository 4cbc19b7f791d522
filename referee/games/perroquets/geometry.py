"""Squares, headings and the step language (P-BOARD, P-STEPS): the board's plain geometry.

A square is (x, y), both from 0: x counts columns a, b, … west to east and y rows 1, 2, …
south to north, so `e8` is (4, 7). Squares off the grid exist too: a parrot on a dot
printed in the margin waits one square outside its entry square.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Square = tuple[int, int]
Heading = Literal["N", "E", "S", "W"]

HEADINGS: tuple[Heading, ...] = ("N", "E", "S", "W")
VECTORS: dict[str, Square] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: dict[Heading, Heading] = {"N": "S", "S": "N", "E": "W", "W": "E"}
DIRECTIONS = ("F", "B", "L", "R", "FL", "FR", "BL", "BR")
SQUARE_TEXT = re.compile(r"([a-z])([1-9][0-9]?)")
STEP_TEXT = re.compile(r"(FL|FR|BL|BR|F|B|L|R)([2-9])?")


def square_name(square: Square) -> str:
    x, y = square
    return f"{chr(97 + x)}{y + 1}"


def parse_square(text: str) -> Square | None:
    """`e8` as (4, 7); None for anything else (the board decides whether it is on the grid)."""
    match = SQUARE_TEXT.fullmatch(text)
    if match is None or match.group(2).startswith("0"):
        return None
    return ord(match.group(1)) - 97, int(match.group(2)) - 1


def step(square: Square, vector: Square) -> Square:
    return square[0] + vector[0], square[1] + vector[1]


def _left(vector: Square) -> Square:
    return -vector[1], vector[0]


def _right(vector: Square) -> Square:
    return vector[1], -vector[0]


@lru_cache(maxsize=64)
def direction_vector(direction: str, heading: Heading) -> Square:
    """One step of the card, turned so that its red arrow heads `heading`."""
    forward = VECTORS[heading]
    parts = {"F": forward, "B": (-forward[0], -forward[1]), "L": _left(forward), "R": _right(forward)}
    x = sum(parts[letter][0] for letter in direction)
    y = sum(parts[letter][1] for letter in direction)
    return x, y


@dataclass(frozen=True, slots=True)
class Manoeuvre:
    """A card's path: single steps, in order (`F2 L` is F, F, L)."""

    steps: tuple[str, ...]

    def __str__(self) -> str:
        return format_steps(self.steps)

    def vectors(self, heading: Heading) -> tuple[Square, ...]:
        return _vectors(self.steps, heading)

    def offsets(self, heading: Heading) -> tuple[Square, ...]:
        """Where each step leaves the ship, counted from where it set out."""
        return _offsets(self.steps, heading)


@lru_cache(maxsize=4096)
def _vectors(steps: tuple[str, ...], heading: Heading) -> tuple[Square, ...]:
    """A card's steps under one wind: a few hundred pairs in all, so they are worked out once."""
    return tuple(direction_vector(direction, heading) for direction in steps)


@lru_cache(maxsize=4096)
def _offsets(steps: tuple[str, ...], heading: Heading) -> tuple[Square, ...]:
    x = y = 0
    offsets = []
    for dx, dy in _vectors(steps, heading):
        x, y = x + dx, y + dy
        offsets.append((x, y))
    return tuple(offsets)


def parse_manoeuvre(text: str) -> Manoeuvre | None:
    """A path in the step language, any run lengths; None when it is not one."""
    steps: list[str] = []
    for token in text.split():
        match = STEP_TEXT.fullmatch(token)
        if match is None:
            return None
        steps.extend([match.group(1)] * int(match.group(2) or 1))
    return Manoeuvre(tuple(steps)) if steps else None


def format_steps(steps: tuple[str, ...] | list[str]) -> str:
    """Canonical form: runs merged, a run over 9 split."""
    tokens: list[str] = []
    index = 0
    while index < len(steps):
        direction = steps[index]
        run = 1
        while index + run < len(steps) and steps[index + run] == direction and run < 9:
            run += 1
        tokens.append(direction if run == 1 else f"{direction}{run}")
        index += run
    return " ".join(tokens)
