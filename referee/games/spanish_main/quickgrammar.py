"""The notation's pyparsing grammar, walked without pyparsing's cost per element.

pyparsing spends most of an entry's parse on bookkeeping — an exception for every alternative
that does not match, a results object for every element — about a third of a millisecond for
an ordinary `move`, paid for every distinct entry of an archive. The Spanish Main grammar is
built from a few kinds of element only: And, MatchFirst, Opt, ZeroOrMore, OneOrMore, Regex and
StringEnd, each skipping the default whitespace. `compile_grammar` turns such a tree into plain
closures with pyparsing's own meaning (ordered choice, greedy repetition, no going back into an
element once it matched, whitespace skipped before each word) that call the grammar's own parse
actions, so the grammar stays the one definition of the notation.

A compiled grammar only answers "these words" or "no". On "no" the caller asks pyparsing, so
every error message and position still comes from pyparsing; anything outside the subset (an
element of another kind or with other options, text with a tab, which pyparsing expands first)
is left to pyparsing too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyparsing as pp

Match = Callable[[str, int, list[Any]], int]
"""(text, position, words so far) -> the position after the match (words appended), or -1."""

Reader = Callable[[str], "list[Any] | None"]


class _Unsupported(Exception):
    """The grammar (or, found while matching, a parse action's result) is outside the subset."""


_FAILED = -1
_NOT_MATCHED = getattr(pp.Opt, "_Opt__optionalNotMatched", None)
"""pyparsing's marker for an Opt without a default value."""


def compile_grammar(grammar: pp.ParserElement) -> Reader | None:
    """A reader giving the words `grammar.parse_string(text, parse_all=True).as_list()` gives, or
    None where that parse fails or the reader cannot tell; None for a grammar outside the subset."""
    grammar.streamline()  # what pyparsing does before its first parse: compile the final tree
    white = frozenset(grammar.whiteChars)
    try:
        match = _compile(grammar, white)
    except _Unsupported:
        return None

    def read(text: str) -> list[Any] | None:
        if "\t" in text:
            return None
        words: list[Any] = []
        try:
            end = match(text, 0, words)
        except _Unsupported:
            return None
        if end < 0 or _skip(text, end, white) < len(text):  # parse_all: only whitespace may follow
            return None
        return words

    return read


def _skip(text: str, position: int, white: frozenset[str]) -> int:
    length = len(text)
    while position < length and text[position] in white:
        position += 1
    return position


def _compile(element: pp.ParserElement, white: frozenset[str]) -> Match:
    _check_plain(element, white)
    kind = type(element)
    if kind is pp.Regex:
        return _regex(element, white)
    if element.parseAction:
        raise _Unsupported(f"a parse action on {kind.__name__}")
    if kind is pp.StringEnd:
        return _string_end(white)
    if kind is pp.And:
        if any(type(e) is pp.And._ErrorStop for e in element.exprs):
            raise _Unsupported("'-' in an And")
        return _sequence([_compile(e, white) for e in element.exprs])
    if kind is pp.MatchFirst:
        return _first([_compile(e, white) for e in element.exprs])
    if kind is pp.Opt:
        if element.defaultValue is not _NOT_MATCHED or _NOT_MATCHED is None:
            raise _Unsupported("an Opt with a default value")
        return _optional(_compile(element.expr, white))
    if kind in (pp.ZeroOrMore, pp.OneOrMore):
        if element.not_ender is not None or getattr(element, "max_count", None) is not None:
            raise _Unsupported("a repetition with stop_on or a bound")
        return _repeat(_compile(element.expr, white), 0 if kind is pp.ZeroOrMore else 1)
    raise _Unsupported(f"{kind.__name__} elements")


def _check_plain(element: pp.ParserElement, white: frozenset[str]) -> None:
    """Only elements that skip the same whitespace, with no results names, ignored expressions,
    debugging, failure actions or post-processing: what the closures assume."""
    if (not element.skipWhitespace or frozenset(element.whiteChars) != white or element.ignoreExprs
            or element.resultsName or element.debug or element.failAction is not None
            or type(element).postParse is not pp.ParserElement.postParse):
        raise _Unsupported(f"{type(element).__name__} with options")


def _regex(element: pp.Regex, white: frozenset[str]) -> Match:
    if element.asGroupList or element.asMatch or len(element.parseAction) > 1 or element.re.groupindex:
        raise _Unsupported("a Regex with groups, named groups or several parse actions")
    match_at = element.re_match
    action = element.parseAction[0] if element.parseAction else None
    may_be_empty = element.mayReturnEmpty

    def match(text: str, position: int, words: list[Any]) -> int:
        length = len(text)
        while position < length and text[position] in white:
            position += 1
        if position > length and may_be_empty:
            return _FAILED
        found = match_at(text, position)
        if found is None:
            return _FAILED
        if action is None:
            words.append(found[0])
        else:
            tokens = pp.ParseResults(found[0])
            word = action(text, position, tokens)
            if word is None or word is tokens:
                words.append(found[0])
            elif isinstance(word, pp.ParseResults | list):
                raise _Unsupported("a parse action giving several tokens")
            else:
                words.append(word)
        return found.end()

    return match


def _string_end(white: frozenset[str]) -> Match:
    def match(text: str, position: int, words: list[Any]) -> int:
        position = _skip(text, position, white)
        length = len(text)
        if position < length:
            return _FAILED
        return position + 1 if position == length else position

    return match


def _sequence(parts: list[Match]) -> Match:
    def match(text: str, position: int, words: list[Any]) -> int:
        for part in parts:
            position = part(text, position, words)
            if position < 0:
                return _FAILED
        return position

    return match


def _first(choices: list[Match]) -> Match:
    def match(text: str, position: int, words: list[Any]) -> int:
        kept = len(words)
        for choice in choices:
            end = choice(text, position, words)
            if end >= 0:
                return end
            del words[kept:]
        return _FAILED

    return match


def _optional(part: Match) -> Match:
    def match(text: str, position: int, words: list[Any]) -> int:
        kept = len(words)
        end = part(text, position, words)
        if end >= 0:
            return end
        del words[kept:]
        return position

    return match


def _repeat(part: Match, least: int) -> Match:
    def match(text: str, position: int, words: list[Any]) -> int:
        count = 0
        while True:
            kept = len(words)
            end = part(text, position, words)
            if end < 0:
                del words[kept:]
                return position if count >= least else _FAILED
            if end == position:
                raise _Unsupported("a repetition of what may match nothing")  # pyparsing would loop
            position, count = end, count + 1

    return match
