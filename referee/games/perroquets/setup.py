"""A Perroquets game's header: players, first player, data and variants (P-PLAYERS, P-DATA)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.diagnostics import Violation
from referee.games.base import JudgeOptions
from referee.games.perroquets.data import DEFAULT_NAME, GameData, default_data
from referee.games.perroquets.notation import RESERVED
from referee.games.common import read_variants, seating_problem
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
    written = (record.tag_value("Data") or DEFAULT_NAME).strip()
    given: tuple[GameData, ...] = options.data_for("perroquets")
    if written == DEFAULT_NAME:
        return default_data()
    match = DATA_TAG.fullmatch(written)
    assert match is not None  # the tag's grammar
    if match["id"] == default_data().id and match["digest"] in (None, default_data().digest):
        return default_data()
    for data in given:
        if data.id == match["id"]:
            if match["digest"] is not None and data.digest != match["digest"]:
                return Violation("N-DATA", f"the data file given for '{data.id}' is not the one this log names: "
                                 f"its digest is sha256:{data.digest}", part="tag:Data",
                                 notes=(f"the log names sha256:{match['digest']}",))
            return data
    return Violation("N-DATA", f"this game is played on data '{match['id']}' that no --data file gives",
                     part="tag:Data", notes=("give the file with --data FILE",))
