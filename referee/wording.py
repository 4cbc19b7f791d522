"""How a count is said in every message: "1 game", "2 games", never "1 game(s)"."""

from __future__ import annotations


def counted(number: int, word: str, plural: str | None = None) -> str:
    """`number` and `word`, the word in the plural unless the number is one (`plural` where
    adding an s is wrong: "1 entry", "2 entries")."""
    return f"{number} {word if number == 1 else plural or word + 's'}"
