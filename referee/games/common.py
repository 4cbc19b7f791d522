"""What every game shares: its first tags, in canonical order, and the seating checks."""

from collections.abc import Collection

from referee.diagnostics import Violation
from referee.games.base import JudgeOptions, TagSpec
from referee.record import GameRecord

COMMON_TAGS: tuple[TagSpec, ...] = (
    TagSpec("Game", True, "the game: Korsar, …"),
    TagSpec("Event", False, "free text: where and why the game was played"),
    TagSpec("Site", False, "free text: the place"),
    TagSpec("Date", False, "free text, by convention YYYY.MM.DD"),
    TagSpec("Annotator", False, "free text: who wrote the log"),
)


def seating_problem(players: list[str], reserved: Collection[str], rule: str, game: str,
                    fewest: int, most: int) -> Violation | None:
    """The Players tag's fault, if any: a player seated twice, a player named by a word of
    the game's notation, or a number of players the game is not made for."""
    twice = sorted({p for p in players if players.count(p) > 1})
    if twice:
        return Violation(rule, f"player '{twice[0]}' is seated twice", part="tag:Players")
    words = [p for p in players if p in reserved]
    if words:
        return Violation(rule, f"'{words[0]}' is a word of {game} notation and cannot name a player",
                         part="tag:Players", notes=("reserved: " + " ".join(sorted(reserved)),))
    if not fewest <= len(players) <= most:
        return Violation(rule, f"{game} is played by {fewest} to {most} players, not {len(players)}",
                         {"players": len(players)}, part="tag:Players")
    return None


def read_variants(record: GameRecord, options: JudgeOptions, names: Collection[str], rule: str,
                  game: str) -> frozenset[str] | Violation:
    """The variants a game is played with: its Variants tag ('-' for none), or else those of the
    command line that are this game's."""
    tag = record.tag_value("Variants")
    if tag is None:
        return frozenset(name for name in options.variants if name in names)
    for name in tag.split():
        if name not in names and name != "-":
            return Violation(rule, f"'{name}' is not a variant of {game}", part="tag:Variants",
                             notes=("variants: " + " ".join(names),))
    return frozenset(name for name in tag.split() if name != "-")
