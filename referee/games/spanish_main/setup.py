"""A Spanish Main game's header: players, build total, card data, counts and variants
(S-PLAYERS, S-BUILD, S-DATA, S-ISLANDS, S-TREASURE, S-AMBIG)."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from referee.diagnostics import Violation
from referee.games.base import JudgeOptions
from referee.games.common import choose_data, read_variants, seating_problem
from referee.games.spanish_main.cards import SAMPLE_NAME, CardSet, sample_cards
from referee.games.spanish_main.notation import RESERVED
from referee.games.tagvalues import parse_players
from referee.record import GameRecord

VARIANT_NAMES = ("ram-own-masts", "board-reroll", "fog-ends-turn", "islands-all-pairs", "fort-paid-only",
                 "win-end-of-turn", "most-gold")
CARDS_TAG = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]{0,63})(?: sha256:(?P<digest>[0-9a-f]{64}))?")
STANDARD_BUILD = 40


@dataclass(frozen=True, slots=True)
class Geometry:
    """Level 2's header (S-UNITS, S-GEO-MODEL): card sides, the table, the tolerance, in mm."""

    short: float = 63.0
    long: float = 88.0
    table: tuple[float, float] | None = None
    epsilon: float = 1.0

    def length(self, symbol: str) -> float:
        return self.short if symbol == "S" else self.long


@dataclass(frozen=True, slots=True)
class Setup:
    players: list[str]
    build: int
    cards: CardSet
    islands: int
    treasure_count: int
    treasure_gold: int
    variants: frozenset[str]
    claimed: str | None
    """The claimed winner, `none`, '*' (the game is not over), or None (no Result tag)."""
    geometry: Geometry | None = None
    """Level 2's settings, or None: the log is judged at level 1 (S-LEVELS)."""


SETUP_TAGS = ("Players", "Build", "Cards", "Islands", "Treasure", "Variants", "Result", "Geometry", "Units", "Table",
              "Tolerance")
"""The tags a game's set-up is read from."""
_READ_LIMIT = 1024
_read: dict[tuple[str | None, ...], tuple[JudgeOptions, Setup]] = {}
"""Set-ups already read, by the values of their SETUP_TAGS, with the options they were read with:
the games of an archive mostly share them, and a set-up is read before every game is judged."""


def read_setup(record: GameRecord, options: JudgeOptions) -> Setup | Violation:
    tags = _tag_values(record)
    key = tuple(map(tags.get, SETUP_TAGS))
    known = _read.get(key)
    if known is not None and known[0] is options:
        return known[1]
    setup = _setup_from(record, tags, options)
    if isinstance(setup, Setup):
        if len(_read) >= _READ_LIMIT:
            _read.clear()
        _read[key] = (options, setup)
    return setup


def _setup_from(record: GameRecord, tags: dict[str, str], options: JudgeOptions) -> Setup | Violation:
    """The set-up the tags give, or what is wrong with them."""
    players = parse_players(tags.get("Players") or "")
    problem = seating_problem(players, RESERVED, "S-PLAYERS", "Pirates of the Spanish Main", 2, 2)
    if problem is not None:
        return problem
    build = int(tags.get("Build") or STANDARD_BUILD)
    if build < 1:
        return Violation("S-BUILD", "the build total is a positive number of points", part="tag:Build")
    cards = _cards(tags, options)
    if isinstance(cards, Violation):
        return cards
    islands_tag = tags.get("Islands")
    if islands_tag is None and build != STANDARD_BUILD:
        return Violation("S-ISLANDS", f"a game of {build} points states its number of islands",
                         part="tag:Build", notes=("add [Islands \"N\"] (at least 3); 40 points play 6",))
    islands = int(islands_tag) if islands_tag is not None else 6
    if islands < 3:
        return Violation("S-ISLANDS", f"{islands} islands: a game needs at least 3", part="tag:Islands")
    treasure_tag = tags.get("Treasure")
    if treasure_tag is None and build != STANDARD_BUILD:
        return Violation("S-TREASURE", f"a game of {build} points states each player's treasure",
                         part="tag:Build", notes=("add [Treasure \"COUNT GOLD\"]; 40 points play 8 tokens, 15 gold",))
    count, gold = (int(v) for v in (treasure_tag or "8 15").split())
    if 2 * count != 4 * (islands - 2):
        return Violation("S-TREASURE", f"{islands} islands leave {islands - 2} wild ones, holding "
                         f"{4 * (islands - 2)} tokens: each player contributes half, not {count}",
                         part="tag:Treasure" if treasure_tag else "tag:Islands")
    variants = read_variants(record, options, VARIANT_NAMES, "S-AMBIG", "Pirates of the Spanish Main")
    if isinstance(variants, Violation):
        return variants
    written = tags.get("Result")
    claimed = None if written is None else written.strip()
    if claimed is not None and claimed not in ("none", "*") and claimed not in players:
        return Violation("S-WIN", f"the claimed winner '{claimed}' is not a player", part="tag:Result")
    geometry = _geometry(tags, options)
    if isinstance(geometry, Violation):
        return geometry
    return Setup(players, build, cards, islands, count, gold, variants, claimed, geometry)


def _tag_values(record: GameRecord) -> dict[str, str]:
    """Each tag's value by name, the first of a name (as `GameRecord.tag_value` finds it), read in
    one pass: a game's header is read before every game is judged."""
    values: dict[str, str] = {}
    for tag in record.tags:
        values.setdefault(tag.name, tag.value)
    return values


def _geometry(tags: dict[str, str], options: JudgeOptions) -> Geometry | Violation | None:
    """Level 2 when the header says `Geometry "full"` and no `--level 1` says otherwise."""
    if (tags.get("Geometry") or "none").strip() != "full" or options.settings.get("level") == "1":
        return None
    try:
        importlib.import_module("shapely")  # loaded here only to learn that level 2 can be judged
    except ImportError:
        return Violation("N-INSTALL", "needs shapely: pip install 'referee[geometry]' (this log gives positions, "
                         "Geometry \"full\", and shapely measures them)", part="tag:Geometry",
                         notes=("or judge the log at level 1, trusting its stated facts: --level 1",))
    units = dict(item.split("=") for item in (tags.get("Units") or "S=63 L=88").split())
    if float(units["S"]) >= float(units["L"]):
        return Violation("S-UNITS", f"S is a card's short side and L its long one: S={units['S']} is not shorter "
                         f"than L={units['L']}", part="tag:Units")
    table = tags.get("Table")
    width, height = (float(v) for v in table.split()) if table else (0.0, 0.0)
    return Geometry(float(units["S"]), float(units["L"]), (width, height) if table else None,
                    float(tags.get("Tolerance") or 1))


def _cards(tags: dict[str, str], options: JudgeOptions) -> CardSet | Violation:
    written = (tags.get("Cards") or "").strip()
    if not written:
        return Violation("S-DATA", "the log names no card data", part="tag:Cards",
                         notes=("add [Cards \"sample\"] for the bundled cards, or name your file and give it "
                                "with --data FILE",))
    match = CARDS_TAG.fullmatch(written)
    assert match is not None  # the tag's grammar
    return choose_data("card data", "Cards", match["name"], match["digest"], sample_cards(), (SAMPLE_NAME,),
                       options.data_for("spanish-main"), rulings=("S-DATA",))
