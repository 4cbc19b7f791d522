"""Notation: log text ↔ game records, for every game.

The file structure (tag lines, round numbers, `player:` entries, comments) is
shared and read by `scanner`; each game supplies the grammar of an entry's body
and of its own tag values.
"""
