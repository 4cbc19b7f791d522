"""Which findings a report shows: `--select` and `--ignore` of rule ids and prefixes.

A selector is a whole id (`K-PIRATE`) or a prefix (`K-`, `N-`, `K-TEAM`); a finding
is shown when it matches a selected one (or none is selected) and no ignored one.
A game's verdict is then made from the findings shown: a game whose only finding
is ignored counts as legal. The replay itself still stops at the first illegal
move; a comment in the log (see referee-notation(5)) accepts a ruling at one move
so that the rest of the game is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Selection:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def of(cls, select: Sequence[str], ignore: Sequence[str]) -> "Selection":
        return cls(tuple(code.upper() for code in select), tuple(code.upper() for code in ignore))

    @property
    def active(self) -> bool:
        return bool(self.select or self.ignore)

    def shows(self, code: str) -> bool:
        if self.select and not code.startswith(self.select):
            return False
        return not (self.ignore and code.startswith(self.ignore))

    def apply(self, games: list[dict[str, Any]]) -> None:
        """Leave each game only the findings shown, and its verdict made from them."""
        if not self.active:
            return
        for game in games:
            game["diagnostics"] = [d for d in game["diagnostics"] if self.shows(d["code"])]
            codes = [d["code"] for d in game["diagnostics"] if d["severity"] == "error"]
            game["verdict"] = ("malformed" if any(code.startswith("N-") for code in codes)
                               else "illegal" if codes else "legal")

    def filter(self, diagnostics: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [d for d in diagnostics if self.shows(d["code"])] if self.active else diagnostics
