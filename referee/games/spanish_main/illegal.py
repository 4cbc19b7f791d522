"""How a section of the Spanish Main rules refuses an entry: it raises `Illegal`, which
the engine turns into the game's verdict after putting the state back as it was."""

from __future__ import annotations

from typing import Any

from referee.diagnostics import Violation


class Illegal(Exception):
    """Raised inside a handler: the entry breaks `violation`; the state is restored."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def fail(rule: str, message: str, part: str = "action", notes: tuple[str, ...] = (),
         rulings: tuple[str, ...] = (), **facts: Any) -> Illegal:
    """`rulings`: those besides `rule` whose reading decided the finding, cited with it."""
    return Illegal(Violation(rule, message, facts, part=part, notes=notes, rulings=rulings))


def check_die(value: int, part: str) -> None:
    """S-DICE: a d6 shows 1 to 6."""
    if not 1 <= value <= 6:
        raise fail("S-DICE", f"a d6 shows 1 to 6, not {value}", part)
