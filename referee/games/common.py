"""What every game shares: its first tags, in canonical order, and the seating checks."""

from collections.abc import Collection, Sequence
from typing import Any

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


def choose_data(what: str, tag: str, name: str, digest: str | None, built_in: Any, built_in_names: Collection[str],
                given: Sequence[Any], rulings: tuple[str, ...] = ()) -> Any:
    """The data set a log names, or the N-DATA violation that says why it cannot be judged.

    A log names its data by `name`, and by `digest` where it gives one; each data set has a
    `name` and a `digest`. The built-in set (`built_in`, named by any of `built_in_names` or by
    its own name) needs no file. A log is judged on what it names and nothing else, whatever
    the order of the --data files: when the log gives no digest, the one file of that name;
    when --data files are given for the game and none of them is the built-in set, a log
    naming the built-in set is a mismatch, never judged on the built-in set behind their back.
    `what` names the kind of data ("board", "card data"), `tag` the header tag."""
    part = f"tag:{tag}"
    given_list = ", ".join(f"{data.name} sha256:{data.digest[:12]}…" for data in given)
    if name in built_in_names or name == built_in.name:
        if digest is not None and digest != built_in.digest:
            return Violation("N-DATA", f"this log names the built-in {what} with another digest than it has",
                             part=part, rulings=rulings,
                             notes=(f"the built-in {what} is sha256:{built_in.digest}",
                                    f"the log names sha256:{digest}"))
        if given and not any(data.digest == built_in.digest for data in given):
            return Violation("N-DATA", f"this log names the built-in {what}, and no --data file given for its game is "
                             f"that {what}: {given_list}", part=part, rulings=rulings,
                             notes=("a log is judged only on the data it names: judge it without --data, or "
                                    "name the file's data in the log",))
        return built_in
    named = [data for data in given if data.name == name]
    if digest is not None:
        for data in named:
            if data.digest == digest:
                return data
        if named:
            return Violation("N-DATA", f"the --data file named '{name}' is not the one this log names: its digest is "
                             + " or ".join(f"sha256:{data.digest}" for data in named), part=part, rulings=rulings,
                             notes=(f"the log names sha256:{digest}",))
    elif len(named) == 1:
        return named[0]
    elif len(named) > 1:
        return Violation("N-DATA", f"{len(named)} --data files are named '{name}': this log names no digest to tell "
                         "them apart", part=part, rulings=rulings,
                         notes=tuple(f"given: {name} sha256:{data.digest}" for data in named))
    notes = [f"the --data files give: {given_list}"] if given else []
    return Violation("N-DATA", f"this game is played on {what} '{name}' that no --data file gives", part=part,
                     rulings=rulings, notes=(*notes, "give the file with --data FILE"))
