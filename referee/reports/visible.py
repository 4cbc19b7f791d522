"""Text from a log made safe to show: a log can hold any character, and a terminal,
an XML parser or a JSON reader must never be steered by one.

`visible` is for people: control characters (ESC could retitle a window or clear
the screen, BEL rings), directional formatting characters (which can make a line
read in another order than it is written), Unicode's line and paragraph separators
and lone surrogates are shown as
escapes such as `\\x1b` or `\\u202e`, so what is printed is what the file holds.
`xml_safe` is for XML 1.0, which forbids most control characters even escaped.
"""

from __future__ import annotations

import re

_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_LINES = "\u2028\u2029"
"""Unicode's line and paragraph separators: a terminal may not break there, an editor or a
browser does, so a line would not read as it is printed."""
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}{_LINES}\ud800-\udfff]")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """The text with every character that would act on a terminal written as an escape."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_escape, text)


def json_visible(text: str) -> str:
    """JSON text with the same characters written as JSON escapes (`\\u202e`): valid JSON that
    reads back the same, and a terminal it is printed on shows what it holds. (In JSON text
    they can stand only inside strings, where an escape means the character itself.)"""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def xml_safe(text: str) -> str:
    """The text with every character XML 1.0 cannot hold written as an escape."""
    if _NOT_XML.search(text) is None:
        return text
    return _NOT_XML.sub(_escape, text)
