"""The legal entries that begin with what is typed, offered a word at a time.

A Corsari position may hold thousands of entries (every raise of every crew), a Perroquets
draw over a thousand: offered whole, they bury the few words a person chooses between. So
what comes after the typed text is grouped by its next word — the player, then the kind or
the card, then the target — and an entry alone behind its word is offered whole.

Shared by `play`'s Tab and the language server's completion, so both offer the same steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NextWord:
    """One step of completion: `text` replaces the word being typed (`partial`, from
    `word_start` in the typed text) — the next word of `count` entries, or the rest of the
    only entry behind it (`whole`, that entry; None while several share the word)."""

    text: str
    partial: str
    word_start: int
    count: int
    kinds: tuple[str, ...]
    players: tuple[str, ...]
    whole: str | None


def next_words(typed: str, candidates: Iterable[tuple[str, str, str]]) -> list[NextWord]:
    """The next word of each candidate `(whole text, kind, player)` that begins with `typed`,
    in the order the candidates first give it."""
    if not typed or typed[-1].isspace():
        word_start = len(typed)
    else:
        word_start = max(typed.rfind(" "), typed.rfind("\t")) + 1
    partial = typed[word_start:]
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for whole, kind, player in candidates:
        if not whole.startswith(typed):
            continue
        rest = whole[len(typed):]
        if rest[:1].isspace():
            key = " " + rest.split()[0]
        else:
            key = partial + rest.split(" ", 1)[0] if rest else partial
        groups.setdefault(key, []).append((whole, kind, player))
    steps: list[NextWord] = []
    for key, members in groups.items():
        kinds = tuple(dict.fromkeys(kind for _, kind, _ in members))
        players = tuple(dict.fromkeys(player for _, _, player in members))
        if len(members) == 1:
            whole = members[0][0]
            steps.append(NextWord(partial + whole[len(typed):], partial, word_start, 1, kinds, players, whole))
        else:
            text = partial + key if key[:1].isspace() else key
            steps.append(NextWord(text, partial, word_start, len(members), kinds, players, None))
    return steps
