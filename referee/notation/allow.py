"""Allowing a ruling at one move: `{allow K-TARGET}` after the move, or after a tag.

An archive holds real games with real mistakes. An allow comment names the rulings
(ids, separated by blanks or commas, and optionally a reason after a colon) whose
finding at that move is accepted as part of the record: the finding is kept as
*suppressed*, counted and listed on request, and judging goes on with the next move.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from referee.record import Comment

ALLOW = re.compile(r"\s*allow\s+(?P<ids>[A-Za-z]+-[A-Za-z0-9-]+(?:[\s,]+[A-Za-z]+-[A-Za-z0-9-]+)*)\s*"
                   r"(?::\s*(?P<reason>.*?))?\s*", re.S)


def allowance(comments: Iterable[Comment], rule: str) -> str | None:
    """The allow comment among `comments` that names `rule`, as written; None if none does."""
    for comment in comments:
        if not comment.braced:
            continue
        match = ALLOW.fullmatch(comment.text)
        if match is None:
            continue
        ids = {part.upper() for part in re.split(r"[\s,]+", match["ids"]) if part}
        if rule.upper() in ids:
            return "{" + comment.text.strip() + "}"
    return None
