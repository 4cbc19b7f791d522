"""A Perroquets game's header: players, first player, data and variants (P-PLAYERS, P-DATA)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.diagnostics import Violation
from referee.games.base import JudgeOptions
from referee.games.perroquets.data import DEFAULT_NAME, GameData, default_data
from referee.games.perroquets.notation import RESERVED
from referee.games.common import choose_data, read_variants, seating_problem
from referee.games.tagvalues import parse_players
from referee.record import GameRecord

VARIANT_NAMES = ("setup-repeat-sides", "wind-toward", "draw-rounds", "sequential-flight", "order-by-length",
                 "optional-pickup", "meet-at-end", "stuck-no-fight", "discard-piles", "end-of-round", "sum-values")
DATA_TAG = re.compile(r"(?P<id>[A-Za-z0-9][A-Za-z0-9_.-]{0,63})(?: sha256:(?P<digest>[0-9a-f]{64}))?")
RESULT_ENTRY = re.compile(r"(?P<player>[A-Za-z][A-Za-z_]*)=(?P<score>[0-9]{1,4})")


@dataclass(frozen=True, slots=True)
class Setup:
    players: list[str]
    first: int
    data: GameData
    variants: frozenset[str]
    claimed: dict[str, int] | None
    has_claim: bool


def read_setup(record: GameRecord, options: JudgeOptions) -> Setup | Violation:
    players = parse_players(record.tag_value("Players") or "")
    problem = seating_problem(players, RESERVED, "P-PLAYERS", "Pirates & Perroquets", 2, 4)
    if problem is not None:
        return problem
    first = (record.tag_value("First") or "").strip()
    if first not in players:
        return Violation("P-PLAYERS", f"the first player '{first}' is not seated",
                         {"first": first, "players": players}, part="tag:First")
    data = _data(record, options)
    if isinstance(data, Violation):
        return data
    variants = read_variants(record, options, VARIANT_NAMES, "P-VARIANTS", "Pirates & Perroquets")
    if isinstance(variants, Violation):
        return variants
    claimed: dict[str, int] | None = None
    result = record.tag_value("Result")
    if result is not None and result.strip() != "*":
        claimed = {}
        for match in RESULT_ENTRY.finditer(result):
            claimed[match["player"]] = int(match["score"])
    return Setup(players, players.index(first), data, variants, claimed, result is not None)


def _data(record: GameRecord, options: JudgeOptions) -> GameData | Violation:
    """The data the log names (P-DATA): the built-in default, or the --data file of its id and digest."""
    written = (record.tag_value("Data") or DEFAULT_NAME).strip()
    match = DATA_TAG.fullmatch(written)
    assert match is not None  # the tag's grammar
    return choose_data("board", "Data", match["id"], match["digest"], default_data(), (DEFAULT_NAME,),
                       options.data_for("perroquets"), rulings=("P-DATA",))
