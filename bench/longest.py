"""The longest of a few seeded simulated games of each game: what the benchmarks of a
person at work (`play.py` at the table, `lsp.py` in an editor) type, so both time the
same games."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import GAMES  # noqa: E402
from referee.record import GameRecord  # noqa: E402
from referee.simulate import random_game  # noqa: E402

SETUPS = {
    "korsar": (["A", "B", "C", "D", "E"], False, ()),
    "corsari": (["A", "B", "C", "D"], False, ()),
    "perroquets": (["A", "B", "C", "D"], False, (("Variants", "draw-rounds"),)),
    "spanish-main": (["Anna", "Ben"], False, ()),
}
"""Each game set up for long games: the most players, Perroquets drawing in rounds."""


def longest_record(game: str, seeds: int, prefix: str) -> GameRecord:
    """The record of the longest of `seeds` games simulated with the seeds `PREFIX-0`, `PREFIX-1`…"""
    rules = GAMES[game]
    players, teams, extra = SETUPS[game]
    best: GameRecord | None = None
    for index in range(seeds):
        record, _ = random_game(rules, players, teams, f"{prefix}-{index}", extra_tags=extra)
        if best is None or record.entry_count() > best.entry_count():
            best = record
    assert best is not None, "no game simulated"
    return best
