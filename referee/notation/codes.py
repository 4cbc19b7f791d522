"""The notation's own finding codes (N-…), explained as rulings are, so that
`referee rules` can explain every code a diagnostic can cite."""

from __future__ import annotations

from referee.games.base import Ruling

NOTATION_CODES: tuple[Ruling, ...] = (
    Ruling("N-ENCODING", "The file must be UTF-8",
           "A log is UTF-8 text, with or without a byte-order mark. A file with bytes that are not "
           "UTF-8 is not read at all: the finding gives the offset of the first bad byte (counted "
           "from 0) and its line. Save the log as UTF-8 and check it again."),
    Ruling("N-GAME", "A game starts with a Game tag naming a known game",
           "Each game of a log begins with its tags, the first of them [Game \"...\"] naming a game "
           "the referee knows. A file that is empty, blank or holds only comments has no game; a game "
           "without a Game tag, or whose Game tag names an unknown game, is not read any further."),
    Ruling("N-TAG", "Tags are well formed, known and given once",
           "A tag is written [Name \"value\"], one per line, optionally followed by a comment. A tag "
           "line that does not have this shape, text after a tag, a tag given twice, a tag the game "
           "does not know (own tags start with X-), a value that does not fit the game's grammar for "
           "it, or a missing required tag is a notation error."),
    Ruling("N-COMMENT", "Every braced comment is closed",
           "A comment opened with { ends at the next }. One still open when a tag line comes or the "
           "file ends is a notation error; the comment is kept up to there."),
    Ruling("N-SYNTAX", "Movetext follows the notation's grammar",
           "Movetext is round numbers (1.), each followed by turns written player: body. A turn "
           "before the first round number, a word outside any turn, a stray } or :, a turn without a "
           "body, a body the game's grammar cannot read, a turn over 2,000 characters and a line over "
           "100,000 characters are notation errors. The finding names the word that could not be "
           "read and what was expected there."),
    Ruling("N-DATA", "The data a log names must be given",
           "A game played on data (a board, a card set) names it in its header, by a name and "
           "optionally the SHA-256 digest of its canonical JSON, or as the built-in data the referee "
           "ships. A log is judged on the data it names and on nothing else, whatever the order of the "
           "--data files: when no file given has that name, when its digest differs, when two files "
           "share the name and the log gives no digest to tell them apart, or when the log names the "
           "built-in data and the --data files given for its game are other data, the game cannot be "
           "judged: give the right file with --data FILE. This is a usage error (exit 2), not a verdict."),
    Ruling("N-INSTALL", "What judging a log needs must be installed",
           "A log may need an optional part of the referee: a Pirates of the Spanish Main log that gives "
           "positions (Geometry \"full\") is measured with the shapely package (pip install "
           "'referee[geometry]'). Without it the game cannot be judged as written: a usage error (exit 2), "
           "not a verdict; --level 1 judges such a log on its stated facts instead."),
)

USAGE_CODES = frozenset({"N-DATA", "N-INSTALL"})
"""Findings that say the game could not be judged here (data not given, a package not
installed): `check` exits 2 for them, as for any other usage error."""


def notation_code(code: str) -> Ruling | None:
    for ruling in NOTATION_CODES:
        if ruling.id == code:
            return ruling
    return None
