"""ANSI styling, applied only when the caller decided colour is wanted."""

from __future__ import annotations

import os
from typing import TextIO

_CODES = {"red": "31", "yellow": "33", "blue": "34", "green": "32", "bold": "1", "dim": "2"}


def wants_colour(stream: TextIO, choice: str = "auto") -> bool:
    """`always`/`never` decide; `auto` colours a terminal unless NO_COLOR is set,
    and FORCE_COLOR forces colour."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Style:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"
