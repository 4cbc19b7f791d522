"""The notation's grammar: a tree of a few kinds of element, read two ways.

The Spanish Main grammar is built from a few kinds of element only — a sequence, an ordered
choice, an optional part, a repetition, a word (a regular expression, with the action that
labels what it matched) and the end of the text — each skipping whitespace before it, as
pyparsing's elements do. Its tree is read two ways:

- `compile_grammar` turns it into plain closures with pyparsing's meaning (ordered choice, greedy
  repetition, no going back into an element once it matched, whitespace skipped before each
  word). They answer "these words" or "no", without pyparsing's cost per element — an exception
  for every alternative that does not match, a results object for every element: about a third
  of a millisecond for an ordinary `move`, paid for every distinct entry of an archive — and
  without importing pyparsing, which is most of a check's start;
- `Element.pyparsing` is the pyparsing element of the same tree, built when first asked for. On
  "no" the caller asks it, so every error message and position comes from pyparsing; so does
  anything the closures leave to it (text with a tab, which pyparsing expands first).

So the tree stays the one definition of the notation, and a test holds the two readings to the
same words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyparsing as pp

Match = Callable[[str, int, list[Any]], int]
"""(text, position, words so far) -> the position after the match (words appended), or -1."""

Reader = Callable[[str], "list[Any] | None"]

Action = Callable[[str, int, Any], Any]
"""A word's parse action, as pyparsing calls it: (text, where the word starts, its tokens) -> the
token to keep. The closures call it with the matched text as the only token."""

WHITE = frozenset(" \n\t\r")
"""What every element skips before it: pyparsing's default whitespace."""

_FAILED = -1


class _Unsupported(Exception):
    """A parse action's result the closures cannot keep (several tokens): pyparsing decides."""


class Element:
    """One element of the grammar; `+`, `|` and `* n` combine elements as pyparsing's do."""

    _built: "pp.ParserElement | None" = None

    def __add__(self, other: Element) -> Element:
        return Sequence([*_parts(self, Sequence), *_parts(other, Sequence)])

    def __or__(self, other: Element) -> Element:
        return Choice([*_parts(self, Choice), *_parts(other, Choice)])

    def __mul__(self, count: int) -> Element:
        return Sequence([self] * count)

    def pyparsing(self) -> "pp.ParserElement":
        """The pyparsing element of this tree, made once."""
        if self._built is None:
            import pyparsing as pp

            self._built = self._build(pp)
        return self._built

    def _build(self, pp: Any) -> "pp.ParserElement":
        raise NotImplementedError

    def _compile(self) -> Match:
        raise NotImplementedError


def _parts(element: Element, kind: type) -> list[Element]:
    """The parts a sequence (or choice) adds to one of its kind: pyparsing too reads `a + b + c`
    as one sequence of three."""
    return list(element.parts) if type(element) is kind else [element]  # type: ignore[attr-defined]


class Word(Element):
    """A regular expression, matched where the text goes on after whitespace; what it matched
    becomes the token its action makes (the text itself without one)."""

    def __init__(self, pattern: str, name: str | None = None, action: Action | None = None) -> None:
        self.pattern, self.name, self.action = pattern, name, action

    def with_action(self, action: Action) -> Word:
        return Word(self.pattern, self.name, action)

    def _build(self, pp: Any) -> "pp.ParserElement":
        element = pp.Regex(self.pattern)
        if self.name is not None:
            element.set_name(self.name)
        if self.action is not None:
            element.set_parse_action(self.action)
        return element

    def _compile(self) -> Match:
        match_at, action = re.compile(self.pattern).match, self.action
        may_be_empty = match_at("") is not None
        white = WHITE

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
                tokens = [found[0]]
                word = action(text, position, tokens)
                if word is None or word is tokens:
                    words.append(found[0])
                elif isinstance(word, list):
                    raise _Unsupported("a parse action giving several tokens")
                else:
                    words.append(word)
            return found.end()

        return match


class End(Element):
    """The end of the text, after whitespace."""

    def _build(self, pp: Any) -> "pp.ParserElement":
        return pp.StringEnd()

    def _compile(self) -> Match:
        white = WHITE

        def match(text: str, position: int, words: list[Any]) -> int:
            position = _skip(text, position, white)
            length = len(text)
            if position < length:
                return _FAILED
            return position + 1 if position == length else position

        return match


class Sequence(Element):
    def __init__(self, parts: list[Element]) -> None:
        self.parts = parts

    def _build(self, pp: Any) -> "pp.ParserElement":
        return pp.And([part.pyparsing() for part in self.parts])

    def _compile(self) -> Match:
        parts = [part._compile() for part in self.parts]

        def match(text: str, position: int, words: list[Any]) -> int:
            for part in parts:
                position = part(text, position, words)
                if position < 0:
                    return _FAILED
            return position

        return match


class Choice(Element):
    """The first of the choices that matches."""

    def __init__(self, parts: list[Element]) -> None:
        self.parts = parts

    def _build(self, pp: Any) -> "pp.ParserElement":
        return pp.MatchFirst([part.pyparsing() for part in self.parts])

    def _compile(self) -> Match:
        choices = [part._compile() for part in self.parts]

        def match(text: str, position: int, words: list[Any]) -> int:
            kept = len(words)
            for choice in choices:
                end = choice(text, position, words)
                if end >= 0:
                    return end
                del words[kept:]
            return _FAILED

        return match


class Opt(Element):
    def __init__(self, part: Element) -> None:
        self.part = part

    def _build(self, pp: Any) -> "pp.ParserElement":
        return pp.Opt(self.part.pyparsing())

    def _compile(self) -> Match:
        part = self.part._compile()

        def match(text: str, position: int, words: list[Any]) -> int:
            kept = len(words)
            end = part(text, position, words)
            if end >= 0:
                return end
            del words[kept:]
            return position

        return match


class Many(Element):
    """As many as match, greedily: at least `least` (0 or 1)."""

    def __init__(self, part: Element, least: int) -> None:
        assert least in (0, 1)
        self.part, self.least = part, least

    def _build(self, pp: Any) -> "pp.ParserElement":
        return (pp.OneOrMore if self.least else pp.ZeroOrMore)(self.part.pyparsing())

    def _compile(self) -> Match:
        part, least = self.part._compile(), self.least

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


def ZeroOrMore(part: Element) -> Element:
    return Many(part, 0)


def OneOrMore(part: Element) -> Element:
    return Many(part, 1)


def compile_grammar(grammar: Element) -> Reader:
    """A reader giving the words `grammar.pyparsing().parse_string(text, parse_all=True).as_list()`
    gives, or None where that parse fails or the reader cannot tell."""
    match = grammar._compile()
    white = WHITE

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
