"""What the tests of `referee play` type: a sample log's entries, as a person at the table
would type them, and the log they must give back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from referee.notation.writer import format_game
from referee.pipeline.replay import check_text
from referee.record import GameRecord

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

PLAYED = {
    "korsar": SAMPLES / "korsar/legal/solo-3-players.korsar",
    "corsari": SAMPLES / "corsari/legal/no-deal.corsari",
    "perroquets": SAMPLES / "perroquets/legal/hidden-cards.perroquets",
    "spanish-main": SAMPLES / "spanish-main/legal/hidden-deal.spanish-main",
}
"""One whole game of each: Korsar dealt by a seed, the others with what they hide left
hidden (Corsari's deck, Perroquets' draws, Spanish Main's deal of treasure)."""


@dataclass(frozen=True)
class TypedGame:
    header: list[str]
    """The command line's header facts: --game, --players and a --tag for each other tag."""
    entries: list[str]
    """Every entry in canonical notation, in order."""
    expected: str
    """The sample's canonical form, without its comments: what the log must be at the end."""
    players: list[str]


def typed_game(path: Path) -> TypedGame:
    text = path.read_text(encoding="utf-8")
    report = check_text(str(path), text, canonical=True)
    game = report.games[0]
    assert game.verdict == "legal" and game.record is not None and game.rules is not None
    record = game.record
    bare = GameRecord(record.game, [type(tag)(tag.name, tag.value) for tag in record.tags], [], [], 1)
    for round_ in record.rounds:
        bare.rounds.append(type(round_)(round_.number, None,
                                        [type(turn)(turn.player, turn.action, game.canonical[id(turn)])
                                         for turn in round_.turns]))
    expected = format_game(bare, game.rules, lambda turn: turn.text)
    players = (record.tag_value("Players") or "").split()
    header = ["--game", game.rules.name, "--players", " ".join(players)]
    for tag in record.tags:
        if tag.name not in ("Game", "Players", "Result"):
            header += ["--tag", f"{tag.name}={tag.value}"]
    entries = [f"{turn.player}: {turn.text}" for round_ in bare.rounds for turn in round_.turns]
    return TypedGame(header, entries, expected, players)


CAPTURES = re.compile(r"^(?P<who>[^:]+: )(?P<captures>(?:x\S+ )+)")


def without_automatic_parts(entry: str) -> str:
    """A Korsar entry as a person may type it: the capture phase and the chase left to the
    referee (`A: xA4 R1@B5` typed `A: R1@B5`)."""
    entry = CAPTURES.sub(lambda m: m["who"], entry)
    return re.sub(r" ~\S+$", "", entry)
