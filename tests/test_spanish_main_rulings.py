"""Pirates of the Spanish Main, ruling by ruling: for every S- id a legal log that puts
the ruling to work, and the state it leaves where that state is the ruling's point.

The illegal side of every id is a sample in `samples/spanish-main/illegal/`, named
after the ruling and stating the rule and line it expects (tests/test_samples.py);
the precedence cases below pin the first violation where two rulings meet.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.games.spanish_main.cards import load as cards_load
from referee.games.spanish_main.cards import sample_cards
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.pipeline.replay import check_text

from .judging import where

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "spanish-main"
sys.path.insert(0, str(SAMPLES))

import generate as s  # noqa: E402
import table  # noqa: E402

RULES = GAMES["spanish-main"]
G = s.GAME
RAM = s.T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: ram Anna.s1 Ben.s2 5 mast 1\n"
"""Anna's gull rams Ben's heron with a 5: above its 4 masts, the heron loses mast 1."""
AT_I3 = "1. Anna: move Anna.s2 S+S dock I3  Anna: end\n"
SINKING = (AT_I3 + "2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1  Ben: end\n"
           "3. Anna: explore Anna.s2 takes Anna.t2,Anna.t4  Anna: end\n"
           "4. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 2  Ben: end\n5. Anna: end\n"
           "6. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6\n")
"""Ben's bulwark sinks Anna's sloop carrying 3 gold (1 + 2)."""


def sample(name: str) -> str:
    return (SAMPLES / "legal" / f"{name}.spanish-main").read_text(encoding="utf-8")


def legal(text: str, warnings: tuple[str, ...] = ()) -> SpanishMainEngine:
    """Replay a log that must be legal: no diagnostic but the warnings named."""
    report = check_text("ruling.spanish-main", text)
    assert report.diagnostics == []
    (game,) = report.games
    assert [(d.code, d.message) for d in game.diagnostics if d.is_error] == []
    assert [d.code for d in game.diagnostics if not d.is_error] == list(warnings)
    assert game.verdict == "legal"
    return game.engine


def first_error(text: str) -> tuple[str, int, int, str]:
    report = check_text("ruling.spanish-main", text)
    found = [d for d in report.all_diagnostics() if d.is_error]
    assert found, "the log is illegal"
    return found[0].code, found[0].span.line, found[0].span.col, found[0].message


def _ship(e: SpanishMainEngine, name: str):
    return e.ships[name]


Check = Callable[[SpanishMainEngine], object]
L2 = sample("level2-short-game")
L2_SETUP = table.header() + table.setup()
CASES: dict[str, tuple[str, Check]] = {
    "S-LEVELS": (G + s.T12, lambda e: e.checked > 0 and e.unchecked == 2),
    "S-UNITS": (G + "1. Anna: move Anna.s1 S+L  Anna: move Anna.s3 L+S  Anna: end\n", lambda e: len(e.acted) == 2),
    "S-DICE": (G + s.T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 6 lose 1\n",
               lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-DATA": (G, lambda e: e.cards["s-gull"].masts == 3),
    "S-DATA-CHECK": (s.header(cards="sample sha256:" + sample_cards().digest) + s.SETUP,
                     lambda e: e.stage == "play"),
    "S-DATA-UNKNOWN": (G, lambda e: _ship(e, "Anna.s1").card.id == "s-gull" and e.tokens["Ben.t1"].unique),
    "S-DATA-SAMPLES": (G, lambda e: {c.nationality for c in e.cards.values() if c.kind == "ship"}
                       == {"Pirates", "English"}),
    "S-PLAYERS": (G, lambda e: tuple(e.players) == ("Anna", "Ben")),
    "S-BUILD": (s.header() + s.setup(fleet_a=s.FLEET_A + " s4=s-gull"), lambda e: len(e.ships) == 7),
    "S-CREW-COST": (s.header() + s.setup(fleet_a="Anna: fleet s1=s-gull s2=s-sloop c1=c-ada@s2 c2=c-bo@s2"),
                    lambda e: e.crew_cost(_ship(e, "Anna.s2")) == _ship(e, "Anna.s2").card.cost == 5),
    "S-CREW-ZERO": (G, lambda e: e.crew["Ben.c1"].where == "ship:Ben.s2"),
    "S-LINK": (G, lambda e: e.cargo_of(_ship(e, "Anna.s1")) == 5 + 1 + 1),
    "S-CARGO": (s.header() + s.setup(fleet_a="Anna: fleet s1=s-gull s2=s-sloop c1=c-ada@s2 c2=c-bo@s2")
                + AT_I3 + "2. Ben: end\n3. Anna: explore Anna.s2 takes Anna.t2,Ben.t2\n",
                lambda e: e.load_of(_ship(e, "Anna.s2")) == e.cargo_of(_ship(e, "Anna.s2")) == 4),
    "S-EVENT": (G + '1. Anna: event Anna.e1 "a squall"\n', lambda e: e.events["Anna.e1"].used == 1),
    "S-SETUP": (G, lambda e: e.stage == "play" and e.turn == 0),
    "S-FIRST": (s.header() + s.setup(rolls="Anna: roll 3  Ben: roll 3  Anna: roll 5  Ben: roll 2"),
                lambda e: e.first == "Anna"),
    "S-ISLANDS": (G, lambda e: e.placement[:6] == ["I1", "I2", "I3", "I4", "I5", "I6"]),
    "S-TERRAIN-PLACE": (s.ICE, lambda e: e.terrain["B1"].gold == 4),
    "S-HOME": (G, lambda e: e.homes == {"Anna": "I1", "Ben": "I6"}),
    "S-CREW-PLACE": (s.header() + s.setup(fleet_a=s.FLEET_A.replace("c2=c-bo@s1", "c2=c-bo@home")),
                     lambda e: e.crew["Anna.c2"].where == "island:I1"),
    "S-TREASURE": (G, lambda e: e.distributed == 30),
    "S-UNIQUE": (G, lambda e: [t for t in e.tokens.values() if t.unique] == [e.tokens["Ben.t1"]]),
    "S-DEAL": (G, lambda e: all(len(i.tokens) == 4 for i in e.islands.values() if i.home_of is None)),
    "S-TURN": (G + s.T12, lambda e: e.turn == 2 and e.turn_ended),
    "S-OWN": (G + "1. Anna: move Anna.s1 L\n", lambda e: e.acted == {"Anna.s1": ["move"]}),
    "S-ACTION-ONE": (G + "1. Anna: move Anna.s1 L  Anna: move Anna.s2 S  Anna: about Anna.s3\n",
                     lambda e: len(e.acted) == 3),
    "S-ACTION-ORDER": (G + RAM, lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-FREE": (G + s.T12 + "3. Anna: land Anna.s1 Anna.c2  Anna: move Anna.s1 S\n",
               lambda e: e.crew["Anna.c2"].where == "island:I2" and e.acted["Anna.s1"] == ["move"]),
    "S-AUTO": (G + s.SHOT_SLOOP, lambda e: _ship(e, "Anna.s2").derelict),
    "S-MOVE": (G + "1. Anna: move Anna.s2 S+S  Anna: move Anna.s1 L\n",
               lambda e: e.acted == {"Anna.s2": ["move"], "Anna.s1": ["move"]}),
    "S-STOP": (G + "1. Anna: move Anna.s1 L reef R1 4\n", lambda e: _ship(e, "Anna.s1").standing == [1, 2, 3]),
    "S-COME-ABOUT": (G + "1. Anna: about Anna.s1\n", lambda e: e.acted == {"Anna.s1": ["move"]}),
    "S-DERELICT": (G + AT_I3 + "2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1 mast 2 at Anna.s2 S 5 lose 2"
                   "  Ben: end\n3. Anna: explore Anna.s2 takes Anna.t2\n",
                   lambda e: _ship(e, "Anna.s2").derelict and _ship(e, "Anna.s2").tokens == ["Anna.t2"]),
    "S-DOCK": (G + s.T12 + "3. Anna: move Anna.s1 S  Anna: end\n",
               lambda e: _ship(e, "Anna.s1").docked is None and _ship(e, "Ben.s2").docked == "I5"),
    "S-DOCK-ENEMY": (G + "1. Anna: move Anna.s1 L+S touch I6\n", lambda e: _ship(e, "Anna.s1").docked is None),
    "S-UNLOAD": (G + s.T12 + "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1,Anna.t7,Ben.t6  Anna: end\n"
                 "4. Ben: end\n5. Anna: move Anna.s1 L+S dock I1\n",
                 lambda e: e.gold["Anna"] == 7 and _ship(e, "Anna.s1").tokens == ["Ben.t1"]),
    "S-CREW-MOVE": (G + "1. Anna: move Anna.s1 L+S dock I2  Anna: move Anna.s3 L+S dock I2\n"
                    "   Anna: transfer Anna.s1 Anna.s3 Anna.c2  Anna: land Anna.s3 Anna.c2\n"
                    "   Anna: embark Anna.s1 Anna.c2\n", lambda e: e.crew["Anna.c2"].where == "ship:Anna.s1"),
    "S-RAM": (G + RAM, lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-PIN": (G + s.BOW + "4. Ben: end\n5. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 4 lose 1\n",
              lambda e: e.pinned_by(_ship(e, "Anna.s1")) == "Ben.s2"),
    "S-BOARD": (G + RAM + "   Anna: board Anna=6 Ben=1 kills Ben.c1\n", lambda e: e.crew["Ben.c1"].where == "gone"),
    "S-TOW": (G + s.SHOT_SLOOP + "3. Anna: move Anna.s1 S touch Anna.s2  Anna: tow Anna.s1 Anna.s2\n",
              lambda e: _ship(e, "Anna.s1").towing == "Anna.s2"),
    "S-EXPLORE": (G + s.T12 + "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1\n",
                  lambda e: e.islands["I2"].explored_by == {"Anna"} and e.islands["I2"].tokens == ["Anna.t7", "Ben.t6"]),
    "S-UNIQUE-PICK": (G + s.T12 + "3. Anna: explore Anna.s1 takes Ben.t1\n",
                      lambda e: e.load_of(_ship(e, "Anna.s1")) == 2),
    "S-MARK": (G + s.T12 + "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1  Anna: end\n4. Ben: end\n"
               "5. Anna: move Anna.s1 S  Anna: end\n6. Ben: end\n"
               "7. Anna: move Anna.s1 S dock I2  Anna: explore Anna.s1 takes Anna.t7\n",
               lambda e: "Anna" in e.islands["I2"].marks),
    "S-EXPLORE-SHIP": (G + "1. Anna: move Anna.s3 L+S touch Anna.s1  Anna: end\n2. Ben: end\n"
                       "3. Anna: explore Anna.s3 Anna.s1 takes Anna.c2\n",
                       lambda e: e.crew["Anna.c2"].where == "ship:Anna.s3"),
    "S-SHOOT": (G + s.T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 5 lose 1 mast 2 at Ben.s2 L 4 lose 2\n",
                lambda e: _ship(e, "Ben.s2").standing == [3, 4]),
    "S-TARGET": (G + s.FORT + "9. Anna: shoot Anna.s3 mast 1 at Ben.f1 L 4 lose 1\n",
                 lambda e: e.forts["Ben.f1"].flags == [2]),
    "S-HIT": (G + s.T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 3 lose 1\n",
              lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-ONE-MISSES": (G + s.T12 + "3. Anna: shoot Anna.s2 mast 1 at Ben.s2 S 1\n",
                     lambda e: _ship(e, "Ben.s2").standing == [1, 2, 3, 4]),
    "S-MAST-LOSS": (G + s.T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 5 lose 3\n",
                    lambda e: _ship(e, "Ben.s2").standing == [1, 2, 4]),
    "S-SINK": (G + s.SHOT_SLOOP + "3. Anna: end\n4. Ben: shoot Ben.s1 mast 3 at Anna.s2 L 6\n",
               lambda e: _ship(e, "Anna.s2").sunk),
    "S-SINK-SPLIT": (sample("won-by-a-sinking"),
                     lambda e: (e.gold["Anna"], e.gold["Ben"]) == (13 + 3, 11 + 3) and e.winner == "Anna"),
    "S-SCUTTLE": (G + s.SHOT_SLOOP + "3. Anna: scuttle Anna.s2 6  Anna: end\n4. Ben: end\n5. Anna: end\n",
                  lambda e: _ship(e, "Anna.s2").sunk and e.gold == {"Anna": 0, "Ben": 0}),
    "S-REPAIR": (G + s.SHOT_HERON + "3. Anna: move Anna.s3 L+S dock I1  Anna: end\n4. Ben: end\n"
                 "5. Anna: repair Anna.s3 1\n", lambda e: _ship(e, "Anna.s3").standing == [1, 3, 4]),
    "S-GOLD": (G + s.FORT_FALLS + "13. Anna: explore Anna.s1 takes Anna.k1=4,Anna.k2=3\n",
               lambda e: e.islands["I5"].gold == 0 and [e.tokens[t].gold for t in _ship(e, "Anna.s1").tokens]
               [-2:] == [4, 3]),
    "S-FORT-LIST": (G + s.FORT, lambda e: e.forts["Ben.f1"].island == "I5" and e.gold["Ben"] == 5),
    "S-FORT-BUILD": (G + s.FORT, lambda e: e.forts["Ben.f1"].gold == 6 and e.total_gold("Ben") == 11),
    "S-FORT-TREASURE": (G + s.FORT + "9. Anna: end\n10. Ben: unload Ben.s3 Ben.f1 Anna.t5"
                        "  Ben: load Ben.s2 Ben.f1 Ben.k1=2\n",
                        lambda e: e.forts["Ben.f1"].gold == 6 and e.tokens["Ben.k1"].where == "ship:Ben.s2"),
    "S-FORT-SHOOT": (G + s.FORT + "9. Anna: move Anna.s2 S+S  Anna: end\n"
                     "10. Ben: shoot Ben.f1 flag 1 at Anna.s2 L 5 lose 1 flag 2 at Anna.s2 S 4 lose 2\n",
                     lambda e: _ship(e, "Anna.s2").derelict),
    "S-FORT-HIT": (G + s.FORT_FALLS, lambda e: e.forts["Ben.f1"].destroyed and e.islands["I5"].gold == 7
                   and e.islands["I5"].explored_by == set()),
    "S-FOG": (G + "1. Anna: move Anna.s1 L fog F1  Anna: end\n2. Ben: end\n"
              "3. Anna: move Anna.s1 exit 4 S\n", lambda e: _ship(e, "Anna.s1").lost is None),
    "S-ICEBERG": (sample("iceberg-drift"),
                  lambda e: e.terrain["B1"].frozen and _ship(e, "Ben.s2").standing == [1, 2, 3]),
    "S-SARGASSO": (G + "1. Anna: move Anna.s1 L sargasso G1 4  Anna: end\n2. Ben: end\n3. Anna: free Anna.s1 6\n",
                   lambda e: _ship(e, "Anna.s1").entangled is None and _ship(e, "Anna.s1").moves_from == 4),
    "S-REEF": (G + "1. Anna: move Anna.s3 L+S reef R1 2 lose 1,2\n", lambda e: _ship(e, "Anna.s3").standing == [3, 4]),
    "S-WRECK": (G + s.SHOT_HERON + "3. Anna: move Anna.s3 L reef R1 1 lose 3,4\n",
                lambda e: _ship(e, "Anna.s3").wreck),
    "S-ABILITY": (G + s.T12 + "3. Anna: shoot Anna.s1 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 2 lose 1\n",
                  lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-REVEAL": (G + s.T12 + "3. Anna: shoot Anna.s1 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 2 lose 1\n",
                 lambda e: e.crew["Anna.c2"].face_up and not e.crew["Anna.c1"].face_up),
    "S-STACK": (G + s.T12 + "3. Anna: shoot Anna.s1 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 2 lose 1"
                "  Anna: end\n4. Ben: end\n"
                "5. Anna: shoot Anna.s1 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 2 lose 2\n",
                lambda e: _ship(e, "Ben.s2").standing == [3, 4]),
    "S-KEYWORDS": (G + "1. Anna: move Anna.s2 with speed=S of Anna.s2 S+S+S\n",
                   lambda e: e.keywords_used == {("Anna.s2", "speed")}),
    "S-ABILITY-DECLARED": (sample("declared-ability"), lambda e: len(e.declared) == 2),
    "S-WIN": (sample("fort-built-and-destroyed"), lambda e: e.winner == "Anna" and 2 * e.total_gold("Anna") > 30),
    "S-END": (G.replace('[Result "*"]', '[Result "Ben"]') + "1. Anna: resign\n",
              lambda e: e.over and e.winner == "Ben"),
    "S-L1": (G + "1. Anna: move Anna.s1 L+S touch I3 dock I2\n",
             lambda e: _ship(e, "Anna.s1").docked == "I2" and e.unchecked == 1),
    "S-L1-FACTS": (G + "1. Anna: move Anna.s1 L+S touch I3 touch Ben.s1\n",
                   lambda e: _ship(e, "Anna.s1").contacts == {"I3", "Ben.s1"}),
    "S-L1-CONTACT": (G + s.BOW + "4. Ben: move Ben.s2 S  Ben: end\n",
                     lambda e: e.pinned_by(_ship(e, "Anna.s1")) is None),
    "S-L1-PLACED": (G + "1. Anna: move Anna.s1 L sargasso G1 4  Anna: end\n2. Ben: move Ben.s2 L bow Anna.s1  Ben: end\n"
                    "3. Anna: free Anna.s1 5 touch G1  Anna: end\n4. Ben: move Ben.s2 S\n",
                    lambda e: _ship(e, "Anna.s1").contacts == {"G1"} and not _ship(e, "Ben.s2").bow),
    "S-HIDDEN": (s.HIDDEN + "1. Anna: move Anna.s3 L+S dock I2  Anna: end\n2. Ben: end\n"
                 "3. Anna: explore Anna.s3 takes 2  Anna: end\n4. Ben: end\n"
                 "5. Anna: move Anna.s3 L+S reveal Anna.t2,Anna.t4 dock I1\n", lambda e: e.gold["Anna"] == 3),
    "S-AMBIG": (s.header('[Variants "ram-own-masts"]\n') + s.SETUP
                + s.T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: ram Anna.s1 Ben.s2 4 mast 1\n",
                lambda e: _ship(e, "Ben.s2").standing == [2, 3, 4]),
    "S-GEO-MODEL": (L2, lambda e: e.geometry.table.bounds == (0, 0, 1500, 900)
                    and all(ship.pose is not None for ship in e.ships.values())),
    "S-GEO-DATA": (L2, lambda e: e.unchecked == 0 and e.checked > 50),
    "S-GEO-ISLANDS": (L2, lambda e: round(e.islands["I2"].shape.distance(e.islands["I1"].shape)) == 372),
    "S-GEO-TERRAIN": (L2, lambda e: {n: t.shape.area > 0 for n, t in e.terrain.items()}
                      == {"R1": True, "G1": True, "F1": True, "R2": True} and len(e.terrain["F1"].rim) == 6),
    "S-GEO-SETUP": (L2_SETUP, lambda e: e.ships["Anna.s1"].pose == (200, 450, 180)),
    "S-GEO-MOVE": (L2, lambda e: e.ships["Ben.s3"].pose == (580.9, 356.1, 240.3)),
    "S-GEO-COME-ABOUT": (L2_SETUP + "1. Anna: about Anna.s1\n", lambda e: e.ships["Anna.s1"].pose == (284, 450, 0)),
    "S-GEO-FACT": (L2, lambda e: "I2" in e.islands and e.islands["I2"].explored_by == {"Anna"}),
    "S-GEO-SHOT": (L2, lambda e: (e.ships["Ben.s3"].standing, e.ships["Anna.s1"].standing) == ([3], [1, 2])),
    "S-GEO-ICEBERG": (sample("level2-iceberg"), lambda e: e.ships["Anna.s1"].standing == [2, 3]
                      and round(e.terrain["B1"].shape.centroid.y, 1) == 420.0),
    "S-GEO-EXIT": (sample("level2-fog"), lambda e: e.ships["Ben.s3"].lost is None
                   and e.ships["Ben.s3"].pose == (1057.5, 610.2, 120)),
    "S-GEO-FORT": (sample("level2-fort"), lambda e: e.forts["Ben.f1"].shape.area == 1600
                   and e.forts["Ben.f1"].flag_points == ((1350, 180), (1350, 220))),
    "S-EXAMPLE": (sample("s-example-terrain"),
                  lambda e: [e.ships[n].standing for n in ("Anna.s1", "Anna.s3", "Ben.s2", "Ben.s3")]
                  == [[1, 2, 3], [1, 2, 3, 4], [1, 2], [1, 2, 3]] and e.ships["Anna.s1"].moves_from == 4),
}


MARGIN = L2_SETUP + "1. Anna: about Anna.s1  Anna: end\n2. Ben: end\n3. Anna: move Anna.s1 S@348,450,0\n"
"""A segment S of 64 mm: exactly S + ε."""


def test_every_ruling_has_a_legal_case():
    assert sorted([*CASES, "S-GEO-MARGIN"]) == sorted(r.id for r in RULES.rulings)


def test_margin_a_statement_that_holds_within_the_tolerance_is_accepted_with_a_notice():
    """S-GEO-MARGIN: 64 mm for an S of 63 with ε = 1 is accepted, with the figures; a tenth more is not."""
    engine = legal(MARGIN, warnings=("S-GEO-MARGIN",))
    assert engine.ships["Anna.s1"].pose == (348, 450, 0)
    (notice,) = [d for d in check_text("m.spanish-main", MARGIN).all_diagnostics()]
    assert notice.severity == "warning" and "64 mm" in notice.message and "63 mm" in notice.message
    code, _, _, message = first_error(MARGIN.replace("S@348,450,0", "S@348.2,450,0"))
    assert code == "S-GEO-MOVE" and "64.2 mm" in message
    tighter = MARGIN.replace('[Table "1500 900"]', '[Table "1500 900"]\n[Tolerance "0.5"]')
    assert first_error(tighter)[0] == "S-GEO-MOVE"


@pytest.mark.parametrize("ruling", sorted(CASES))
def test_legal_case(ruling):
    text, check = CASES[ruling]
    engine = legal(text)
    assert check(engine), ruling


# -- precedence: where two rulings meet, the first violation is the one the rulings file puts first


def test_precedence_dock_enemy_before_unload():
    """S-DOCK-ENEMY before anything the docking would do: the move never docks."""
    text = G + "1. Anna: move Anna.s1 L+S dock I6\n"
    assert first_error(text)[:3] == ("S-DOCK-ENEMY", *where(text, "dock I6"))


def test_precedence_fort_treasure_before_cargo():
    """S-FORT-TREASURE before S-CARGO: 3 gold may not leave a fort holding its cost, however much room."""
    text = G + s.FORT + "9. Anna: end\n10. Ben: load Ben.s2 Ben.f1 Ben.k1=1,Ben.k2=1,Ben.k3=1,Ben.k4=1,Ben.k5=1\n"
    code, line, col, message = first_error(text)
    assert (code, line, col) == ("S-FORT-TREASURE", *where(text, "Ben.k1=1,"))
    assert "0 may leave, not 5" in message


def test_precedence_gold_before_cargo():
    """S-GOLD before S-CARGO: a heap of 7 is not taken as 8, whether or not it would fit."""
    text = G + s.FORT_FALLS + "13. Anna: explore Anna.s1 takes Anna.k1=2,Anna.k2=2,Anna.k3=2,Anna.k4=2\n"
    assert first_error(text)[0] == "S-GOLD"


def test_a_coin_is_named_by_its_taker():
    text = G + s.FORT_FALLS + "13. Anna: explore Anna.s1 takes Ben.k9=7\n"
    code, _, _, message = first_error(text)
    assert code == "S-GOLD" and "Anna.NAME" in message


def test_only_the_owners_ships_use_a_fort():
    """Anna's sloop lay at I5 when Ben built there: the fort is still not hers to fill."""
    text = G + s.FORT.replace("7. Anna: move Anna.s2 S+S", "7. Anna: move Anna.s2 S+S dock I5") + (
        "9. Anna: unload Anna.s2 Ben.f1 Anna.t1\n")
    code, _, _, message = first_error(text)
    assert code == "S-FORT-TREASURE" and "only its owner's ships" in message


def test_only_gold_goes_into_a_fort():
    text = G + s.FORT + "9. Anna: end\n10. Ben: unload Ben.s3 Ben.f1 Ben.t1\n"
    code, _, _, message = first_error(text)
    assert code == "S-FORT-TREASURE" and "not aboard Ben.s3" in message


def test_a_towed_derelict_meets_the_reef_its_tower_meets():
    """S-AMBIG, S-TOW: the sloop (2 masts at construction) is towed over a reef of 1 and wrecked; the gull
    (3 masts) loses two of its own; the tow ends."""
    text = G + s.SHOT_SLOOP + ("3. Anna: move Anna.s1 S touch Anna.s2  Anna: tow Anna.s1 Anna.s2  Anna: end\n"
                               "4. Ben: end\n5. Anna: move Anna.s1 S reef R1 1 lose 1,2\n")
    engine = legal(text)
    assert engine.ships["Anna.s2"].wreck and engine.ships["Anna.s1"].towing is None
    assert engine.ships["Anna.s1"].standing == [3]
    kept = G + s.SHOT_SLOOP + ("3. Anna: move Anna.s1 S touch Anna.s2  Anna: tow Anna.s1 Anna.s2  Anna: end\n"
                               "4. Ben: end\n5. Anna: move Anna.s1 S reef R1 3\n")
    engine = legal(kept)
    assert not engine.ships["Anna.s2"].wreck and engine.ships["Anna.s1"].towing == "Anna.s2"


def test_an_odd_sinking_split_rounds_up_for_the_sinker():
    """S-SINK-SPLIT: 3 gold aboard the sunk sloop: 2 to Ben, who sank it, 1 to Anna."""
    engine = legal(G + SINKING)
    assert (engine.gold["Ben"], engine.gold["Anna"]) == (2, 1)
    assert engine.tokens["Anna.t2"].where == "gone"


def test_a_destroyed_fort_leaves_its_gold_once():
    """The gold of tokens unloaded into a fort is counted in its amount only: destroyed, it
    leaves that amount on the island and no token beside it."""
    engine = legal(G + s.FORT_FALLS)
    island = engine.islands["I5"]
    assert (island.gold, island.tokens) == (7, [])
    assert engine.total_gold("Ben") == engine.gold["Ben"] == 5
    assert engine.tokens["Ben.k1"].where == "ship:Ben.s2" and engine.tokens["Ben.k1"].gold == 3


@pytest.mark.parametrize("terrain, counts", [
    ("Anna: reef R1  Ben: sargasso G1  Anna: fog F1", {"Anna": 2, "Ben": 1}),
    ("Anna: reef R1  Anna: sargasso G1  Anna: fog F1", {"Anna": 3, "Ben": 0}),
    ("Ben: reef R1", {"Anna": 0, "Ben": 1}),
    ("Anna: reef R1  Ben: sargasso G1  Ben: fog F1  Ben: reef R2", {"Anna": 1, "Ben": 3}),
])
def test_terrain_in_unequal_numbers_is_placed_with_a_notice(terrain, counts):
    """Turns alternate from the first player until one has no more; the other places the rest,
    and the unequal numbers get a notice, not a violation (S-TERRAIN-PLACE)."""
    picker = "Anna" if terrain.split("  ")[-1].startswith("Anna") else "Ben"
    text = s.header() + s.setup(terrain=terrain, homes=f"{picker}: home Anna=I1  Anna: home Ben=I6")
    report = check_text("ruling.spanish-main", text)
    (game,) = report.games
    assert game.verdict == "legal"
    (notice,) = game.diagnostics
    assert (notice.code, notice.severity, notice.facts) == ("S-TERRAIN-PLACE", "warning", {"terrain_pieces": counts})


@pytest.mark.parametrize("terrain, late", [
    ("Ben: reef R1  Anna: sargasso G1", "Anna"),
    ("Anna: reef R1  Anna: sargasso G1  Ben: fog F1", "Ben"),
    ("Anna: reef R1  Ben: sargasso G1  Ben: fog F1  Anna: reef R2", "Anna"),
])
def test_terrain_out_of_turn_is_illegal(terrain, late):
    text = s.header() + s.setup(terrain=terrain, homes="Anna: home Anna=I1  Anna: home Ben=I6")
    rule, _, _, message = first_error(text)
    assert rule == "S-TERRAIN-PLACE" and message.startswith(f"{'Anna' if late == 'Ben' else 'Ben'} places")


def test_crew_pass_between_two_ships_not_to_the_same_one():
    docked = G + "1. Anna: move Anna.s3 L+S dock I2  Anna: end\n2. Ben: end\n3. Anna: move Anna.s1 L+S dock I2\n"
    legal(docked + "   Anna: transfer Anna.s1 Anna.s3 Anna.c2\n")
    rule, _, _, message = first_error(docked + "   Anna: transfer Anna.s1 Anna.s1 Anna.c2\n")
    assert rule == "S-CREW-MOVE" and "its own crew" in message


AT_I2 = G + s.T12 + "3. Anna: event Anna.e1 \"a squall\"\n"
"""Anna's gull lies docked at I2, whose four tokens are known (an open deal); Anna plays her
event, whose consequences follow as effects (S-ABILITY-DECLARED)."""


def test_a_declared_effect_moves_treasure_between_islands_and_ships():
    engine = legal(AT_I2 + "   Anna: effect move Anna.t1 Anna.s1  Anna: effect move Ben.t1 I3\n")
    assert _ship(engine, "Anna.s1").tokens == ["Anna.t1"] and engine.tokens["Anna.t1"].where == "ship:Anna.s1"
    assert "Ben.t1" in engine.islands["I3"].tokens and "Ben.t1" not in engine.islands["I2"].tokens


def test_a_treasure_moved_aboard_a_ship_at_its_home_is_unloaded_and_stays_there():
    home = G + "1. Anna: event Anna.e1 \"a squall\"  Anna: effect move Anna.t7 Anna.s3\n"
    engine = legal(home)
    assert engine.gold["Anna"] == 3 and engine.tokens["Anna.t7"].where == "home:Anna"
    rule, _, _, message = first_error(home + "   Anna: effect move Anna.t7 I2\n")
    assert rule == "S-ABILITY-DECLARED" and "neither aboard a ship nor on an island" in message


def test_a_declared_effect_sets_a_uniques_value_and_no_other_tokens():
    engine = legal(AT_I2 + "   Anna: effect value Ben.t1 4\n")
    assert engine.tokens["Ben.t1"].unique and engine.tokens["Ben.t1"].gold == 4
    rule, _, _, message = first_error(AT_I2 + "   Anna: effect value Anna.t1 4\n")
    assert rule == "S-ABILITY-DECLARED" and "no unique" in message


def test_a_declared_effect_names_the_die_set_aside_for_a_reroll():
    legal(AT_I2 + "   Anna: effect reroll 1\n")
    rule, _, _, _ = first_error(AT_I2 + "   Anna: effect reroll 7\n")
    assert rule == "S-DICE"


def test_the_effects_go_to_json_and_back_unchanged(tmp_path):
    import json

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.validation import validator

    log = tmp_path / "effects.spanish-main"
    runner = CliRunner()
    raw = AT_I2 + ("   Anna: effect move Anna.t1 Anna.s1  Anna: effect move Ben.t1 I3  Anna: effect value Ben.t1 4\n"
                   "   Anna: effect reroll 1\n")
    log.write_text(raw, encoding="utf-8")
    assert runner.invoke(cli, ["fmt", "-i", str(log)]).exit_code == 0
    exported = runner.invoke(cli, ["export", str(log)])
    assert exported.exit_code == 0
    assert list(validator("game-record").iter_errors(json.loads(exported.output))) == []
    assert runner.invoke(cli, ["import", "-"], input=exported.output).output == log.read_text(encoding="utf-8")


# -- the rulings that decided a finding, cited with it (Diagnostic.rulings)


def decided(text: str, options: JudgeOptions = NO_OPTIONS) -> tuple[str, list[str]]:
    """The one error of a one-game log: its code and the rulings cited with it."""
    (game,) = check_text("decided.spanish-main", text, options=options).games
    (error,) = [d for d in game.diagnostics if d.is_error]
    return error.code, sorted(error.rulings)


def test_a_ram_never_stated_rests_on_the_level_1_reading_alone():
    """S-L1-CONTACT is cited only where a move ended a contact the log had stated."""
    text = G + s.T12 + "3. Anna: move Anna.s1 S  Anna: ram Anna.s1 Ben.s2 5\n"
    assert decided(text) == ("S-RAM", ["S-L1"])
    ended = G + s.BOW + "4. Ben: move Ben.s2 S  Ben: end\n5. Anna: move Anna.s1 S  Anna: ram Anna.s1 Ben.s2 5\n"
    assert decided(ended) == ("S-RAM", ["S-L1", "S-L1-CONTACT"])


def test_a_cargo_without_links_cites_none():
    """S-LINK is cited only where links enlarged the cargo: the sloop has none aboard."""
    text = G + AT_I3 + "2. Ben: end\n3. Anna: explore Anna.s2 takes Anna.t2,Ben.t2,Anna.t4,Ben.t4\n"
    assert decided(text) == ("S-CARGO", [])


def test_an_unknown_card_cites_the_sample_cards_only_when_they_are_in_use():
    """The same cards given with --data are the player's file, not the bundled one (S-DATA-SAMPLES)."""
    text = s.header() + s.setup(fleet_a=s.FLEET_A + " s4=s-galleon")
    assert decided(text) == ("S-DATA-UNKNOWN", ["S-DATA-SAMPLES"])
    document = json.loads((ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json").read_text())
    given = JudgeOptions(data={"spanish-main": (cards_load(document, "mine"),)})
    assert decided(text.replace('[Cards "sample"]', '[Cards "mine"]'), given) == ("S-DATA-UNKNOWN", [])


def test_a_fact_naming_nothing_cites_the_level_1_reading_at_level_1_only():
    """At level 2 the stated geometry is measured, not trusted: S-L1 and S-LEVELS do not decide."""
    text = G + "1. Anna: move Anna.s1 L dock R1\n"
    assert decided(text) == ("S-L1-FACTS", ["S-L1", "S-LEVELS"])
    beyond = (SAMPLES / "illegal" / "s-geo-margin-beyond.spanish-main").read_text(encoding="utf-8")
    level2 = beyond.replace("3. Anna: move Anna.s1 S@349,450,0", "3. Anna: move Anna.s1 S@340,450,0 touch I9")
    assert decided(level2) == ("S-L1-FACTS", [])


# -- ships placed anew, contacts where a move stops, a towed ship's terrain, lost
#    targets, hidden tokens named on an island (S-L1-PLACED, S-L1-CONTACT, S-TOW, S-TARGET, S-HIDDEN)

TOWED = (s.SHOT_SLOOP + "3. Anna: move Anna.s1 S touch Anna.s2  Anna: tow Anna.s1 Anna.s2  Anna: end\n4. Ben: end\n")
"""Anna's gull takes her derelict sloop (2 masts at construction) in tow."""
PINNED_THEN_TOWED = ("1. Anna: move Anna.s2 S+S  Anna: end\n"
                     "2. Ben: move Ben.s2 L bow Anna.s2  Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1 "
                     "mast 2 at Anna.s2 S 5 lose 2  Ben: end\n"
                     "3. Anna: move Anna.s1 S touch Anna.s2  Anna: tow Anna.s1 Anna.s2  Anna: end\n4. Ben: end\n"
                     "5. Anna: move Anna.s1 S dock I1  Anna: repair Anna.s2 1  Anna: end\n")
"""Ben's heron's bow touched the sloop; the sloop is towed home and repaired there."""
ENTANGLED = ("1. Anna: move Anna.s1 L sargasso G1 4  Anna: end\n2. Ben: move Ben.s2 L bow Anna.s1  Ben: end\n")
"""Anna's gull (3 masts) is entangled in G1; Ben's heron's bow touches it: the heron is pinned."""
HIDDEN_FORT = ("1. Anna: end\n2. Ben: move Ben.s2 L+S dock I5  Ben: end\n3. Anna: end\n"
               "4. Ben: explore Ben.s2 takes 2  Ben: end\n5. Anna: end\n"
               "6. Ben: move Ben.s2 L+S reveal Ben.t6,Ben.t7 dock I6  Ben: end\n7. Anna: end\n"
               "8. Ben: move Ben.s2 L+S dock I5  Ben: ")
"""A hidden deal: Ben takes two of I5's four tokens, brings them home (6 gold) and docks at I5 again."""


def test_a_towed_derelict_s_old_contacts_end_when_its_tower_moves():
    """S-L1-PLACED: the heron's bow no longer touches the sloop, towed away and repaired: it moves."""
    engine = legal(G + PINNED_THEN_TOWED + "6. Ben: move Ben.s2 S\n")
    assert engine.ships["Anna.s2"].docked == "I1" and engine.ships["Anna.s2"].standing == [1]
    assert "Anna.s2" not in engine.ships["Ben.s2"].bow | engine.ships["Ben.s2"].contacts


def test_a_contact_ended_by_a_tow_cites_the_placing():
    """S-L1-PLACED: the heron touched the derelict sloop; towed, the sloop lies behind the gull."""
    report = check_text("r.spanish-main", G + PINNED_THEN_TOWED.split("5. ")[0] + "5. Anna: end\n"
                        "6. Ben: explore Ben.s2 Anna.s2\n")
    (found,) = [d for d in report.all_diagnostics() if d.is_error]
    assert found.code == "S-EXPLORE-SHIP" and "S-L1-PLACED" in found.rulings


def test_a_freed_ship_is_placed_anew_with_the_contacts_its_entry_states():
    """S-L1-PLACED: freed, the gull lies anew: the heron's bow no longer touches it, and the bow
    contact the free states is the gull's own."""
    engine = legal(G + ENTANGLED + "3. Anna: free Anna.s1 5 touch G1 bow Ben.s3  Anna: end\n4. Ben: move Ben.s2 S\n")
    gull = engine.ships["Anna.s1"]
    assert gull.entangled is None and gull.contacts == {"G1"} and gull.bow == {"Ben.s3"}
    assert engine.pinned_by(gull) == "Ben.s3"


def test_a_ship_that_stays_entangled_states_no_contact():
    code, _, col, message = first_error(G + ENTANGLED + "3. Anna: free Anna.s1 3 touch G1\n")
    assert code == "S-L1-PLACED" and col == 25 and "stays entangled" in message


def test_a_freed_ship_states_at_most_one_bow_contact():
    code, _, _, _ = first_error(G + ENTANGLED + "3. Anna: free Anna.s1 5 bow Ben.s2 bow Ben.s3\n")
    assert code == "S-L1-PLACED"


def test_a_free_reads_and_writes_its_contacts_through_json_unchanged():
    from referee.games.spanish_main.notation import format_entry, from_json, parse_entry, to_json

    for text in ("free Anna.s1 5 touch G1 bow Ben.s3", "free Anna.s1 5 @10,20,90 touch I2",
                 "move Anna.s1 S towed reef R1 1 towed sargasso G1 dock I2", "reveal I5 Anna.t1,Anna.t2"):
        action = parse_entry("Anna", text).action
        assert format_entry(from_json(to_json(action))) == text


def test_where_a_move_stops_any_side_touches_and_one_bow_fact():
    """S-L1-CONTACT: touches and one bow fact where the move stops."""
    engine = legal(G + "1. Anna: move Anna.s1 L+S touch I3 touch Ben.s1 dock I2\n")
    assert engine.ships["Anna.s1"].contacts == {"I3", "Ben.s1", "I2"} and engine.ships["Anna.s1"].docked == "I2"


@pytest.mark.parametrize("facts", ["dock I2 bow Ben.s1", "bow Ben.s1 touch I3 dock I2"])
def test_a_second_bow_fact_where_a_move_stops_is_refused(facts):
    code, _, _, message = first_error(G + f"1. Anna: move Anna.s1 L+S {facts}\n")
    assert code == "S-L1-FACTS" and "at most one bow fact" in message


def test_a_ship_lost_in_fog_touches_nothing():
    code, _, _, _ = first_error(G + "1. Anna: move Anna.s1 L fog F1 touch I3\n")
    assert code == "S-FOG"


def test_a_towed_derelict_meets_a_reef_its_tower_does_not():
    """S-TOW: the sloop alone touches the reef (1, below its 2 masts): it is wrecked, the gull keeps its masts."""
    engine = legal(G + TOWED + "5. Anna: move Anna.s1 S towed reef R1 1\n")
    assert engine.ships["Anna.s2"].wreck and engine.ships["Anna.s1"].standing == [1, 2, 3]
    assert engine.ships["Anna.s1"].towing is None
    kept = legal(G + TOWED + "5. Anna: move Anna.s1 S towed reef R1 2\n")
    assert not kept.ships["Anna.s2"].wreck and kept.ships["Anna.s1"].towing == "Anna.s2"


def test_a_towed_derelict_entangled_holds_its_tower_until_released():
    """S-TOW, S-SARGASSO: 3 above the sloop's 2 masts entangles it; the gull moves again once it lets go."""
    text = G + TOWED + "5. Anna: move Anna.s1 S towed sargasso G1 3  Anna: end\n6. Ben: end\n"
    engine = legal(text + "7. Anna: release Anna.s1  Anna: move Anna.s1 S\n")
    assert engine.ships["Anna.s2"].entangled == "G1" and engine.ships["Anna.s1"].towing is None
    code, _, _, message = first_error(text + "7. Anna: move Anna.s1 S\n")
    assert code == "S-SARGASSO" and "release" in message


@pytest.mark.parametrize("text, rule", [
    (TOWED.replace("  Anna: tow Anna.s1 Anna.s2", "") + "5. Anna: move Anna.s1 S towed reef R1 1\n", "S-TOW"),
    (TOWED + "5. Anna: move Anna.s1 S reef R1 3 towed reef R1\n", "S-REEF"),
    (TOWED + "5. Anna: move Anna.s1 S dock I2 towed reef R1 1\n", "S-STOP"),
])
def test_a_towed_derelict_s_terrain_is_checked(text, rule):
    assert first_error(G + text)[0] == rule


def test_a_ship_lost_in_fog_is_no_target():
    """S-TARGET names lost ships: shooting at one breaks it, not S-FOG; out of the fog it is a target again."""
    lost = G + "1. Anna: move Anna.s1 L fog F1  Anna: end\n"
    code, _, _, message = first_error(lost + "2. Ben: shoot Ben.s1 mast 1 at Anna.s1 L 6 lose 1\n")
    assert code == "S-TARGET" and "lost in F1" in message
    engine = legal(lost + "2. Ben: end\n3. Anna: move Anna.s1 exit 4 -  Anna: end\n"
                   "4. Ben: shoot Ben.s1 mast 1 at Anna.s1 L 6 lose 1\n")
    assert engine.ships["Anna.s1"].standing == [2, 3]


def test_a_fort_is_built_on_an_island_whose_face_down_tokens_are_named_first():
    """S-HIDDEN, S-FORT-BUILD: the two tokens left on I5 are named as they move into the fort."""
    engine = legal(s.HIDDEN + HIDDEN_FORT + "reveal I5 Anna.t1,Anna.t2  Ben: build Ben.f1 I5  Ben: end\n")
    fort, island = engine.forts["Ben.f1"], engine.islands["I5"]
    assert fort.gold == 6 + 1 + 1 and island.hidden == 0 and island.tokens == []
    assert engine.tokens["Anna.t1"].where == "fort:Ben.f1"


@pytest.mark.parametrize("entry, rule, words", [
    ("build Ben.f1 I5\n", "S-HIDDEN", "reveal I5"),
    ("reveal I5 Anna.t1,Anna.t2,Anna.t3\n", "S-HIDDEN", "holds 2"),
    ("reveal I5 Ben.t6\n", "S-HIDDEN", "elsewhere"),
    ("reveal I5 Ben.c1\n", "S-REVEAL", "crew"),
    ("reveal I9 Anna.t1\n", "S-DATA-UNKNOWN", "no island"),
])
def test_tokens_named_on_an_island_are_checked(entry, rule, words):
    code, _, _, message = first_error(s.HIDDEN + HIDDEN_FORT + entry)
    assert code == rule and words in message


def test_the_shooter_names_the_face_down_tokens_of_the_ship_he_sinks():
    """S-HIDDEN, S-SINK-SPLIT: Ben writes the reveal of the tokens aboard Anna's sloop, in his turn, then sinks it."""
    text = (s.HIDDEN + "1. Anna: move Anna.s2 S+S dock I3  Anna: end\n"
            "2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1  Ben: end\n"
            "3. Anna: explore Anna.s2 takes 2  Anna: end\n"
            "4. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 2  Ben: end\n5. Anna: end\n"
            "6. Ben: reveal Anna.s2 Anna.t7,Anna.t8  Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6\n")
    engine = legal(text)
    assert engine.ships["Anna.s2"].sunk and (engine.gold["Ben"], engine.gold["Anna"]) == (3, 3)


def test_a_freed_ship_s_stated_contacts_are_measured_at_level_2():
    """S-GEO-FACT on S-L1-PLACED: the gull freed with its stern on G1's edge touches G1; it lies far from I2."""
    text = sample("level2-sargasso")
    freed = "free Anna.s1 6 @293.6,425.3,110.9"
    assert freed in text
    engine = legal(text.replace(freed, freed + " touch G1"))
    assert engine.ships["Anna.s1"].contacts == {"G1"}
    code, _, _, message = first_error(text.replace(freed, freed + " touch I2"))
    assert code == "S-GEO-FACT" and "touch I2" in message


def _fact_kind(action: dict) -> None:
    action["facts"][0]["fact"] = "dock"  # a ship placed anew does not dock


def _towed_false(action: dict) -> None:
    action["facts"][0]["towed"] = False


def _ship_and_place(action: dict) -> None:
    action["ship"] = "Ben.s2"  # a reveal names a ship or an island, not both


@pytest.mark.parametrize("log, kind, spoil", [
    (G + ENTANGLED + "3. Anna: free Anna.s1 5 touch G1 bow Ben.s3  Anna: end\n", "free", _fact_kind),
    (G + TOWED + "5. Anna: move Anna.s1 S towed sargasso G1 2 towed reef R1 2\n", "move", _towed_false),
    (s.HIDDEN + HIDDEN_FORT + "reveal I5 Anna.t1,Anna.t2  Ben: build Ben.f1 I5  Ben: end\n", "reveal",
     _ship_and_place),
])
def test_contacts_of_a_ship_placed_anew_towed_terrain_and_island_reveals_go_to_json_and_back(tmp_path, log, kind,
                                                                                              spoil):
    import json

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.validation import validator

    path = tmp_path / "placed.spanish-main"
    runner = CliRunner()
    path.write_text(log, encoding="utf-8")
    assert runner.invoke(cli, ["fmt", "-i", str(path)]).exit_code == 0
    exported = runner.invoke(cli, ["export", str(path)])
    assert exported.exit_code == 0
    document = json.loads(exported.output)
    assert list(validator("game-record").iter_errors(document)) == []
    assert runner.invoke(cli, ["import", "-"], input=exported.output).output == path.read_text(encoding="utf-8")
    (action,) = [t["action"] for g in document["games"] for r in g["rounds"] for t in r["turns"]
                 if t["action"]["kind"] == kind and (kind != "move" or "facts" in t["action"]
                                                     and t["action"]["facts"][0].get("towed"))]
    spoil(action)
    assert list(validator("game-record").iter_errors(document)) != []


def test_one_numbering_of_entries_in_every_finding():
    """Set-up entries and the deal are moves 1 to 19 of the standard set-up: an illegal entry and a
    syntax error in the same place get the same number, the one `show --move` takes."""
    setup_entries = sum(len(round_.turns) for round_ in check_text("n.spanish-main", G).games[0].record.rounds)
    assert setup_entries == 19
    illegal = check_text("n.spanish-main", G + "1. Anna: move Anna.s2 S+L\n")
    unreadable = check_text("n.spanish-main", G + "1. Anna: move Anna.s2 S+X\n")
    (rule,) = [d for d in illegal.all_diagnostics() if d.is_error]
    (syntax,) = [d for d in unreadable.all_diagnostics() if d.is_error]
    assert (rule.code, syntax.code) == ("S-MOVE", "N-SYNTAX")
    assert rule.move_number == syntax.move_number == setup_entries + 1
    deal = check_text("n.spanish-main", G.replace("Ben.t8\n", "Ben.t8,Ben.t9\n"))
    (found,) = [d for d in deal.all_diagnostics() if d.is_error]
    assert found.move_number == setup_entries


def test_a_tag_finding_has_no_move_number():
    report = check_text("n.spanish-main", G.replace('[Result "*"]', '[Result "Anna"]'))
    (found,) = [d for d in report.all_diagnostics() if d.is_error]
    assert found.code == "S-WIN" and found.move_number is None


def test_a_ship_meets_a_reef_once_a_move():
    """S-REEF: once per move; the gull (3 masts) loses one mast to a reef of 2, not one each time it is named."""
    engine = legal(G + "1. Anna: move Anna.s1 L+S reef R1 2 lose 1 touch I3\n")
    assert engine.ships["Anna.s1"].standing == [2, 3]
    code, _, _, message = first_error(G + "1. Anna: move Anna.s1 L+S reef R1 2 lose 1 reef R1 lose 2\n")
    assert code == "S-REEF" and "once a move" in message


def test_treasure_passed_to_a_ship_docked_at_home_is_unloaded():
    """S-UNLOAD, S-EXPLORE-SHIP: the sloop, docked at home, takes the gull's tokens: the gold goes ashore at
    once, the map (a unique worth 0) stays aboard."""
    text = G + ("1. Anna: move Anna.s1 S+L dock I2  Anna: end\n2. Ben: end\n"
                "3. Anna: explore Anna.s1 takes Anna.t1,Ben.t1,Anna.t7  Anna: end\n4. Ben: end\n"
                "5. Anna: move Anna.s1 S+L touch Anna.s2  Anna: end\n6. Ben: end\n"
                "7. Anna: explore Anna.s2 Anna.s1 takes Anna.t1,Ben.t1,Anna.t7\n")
    engine = legal(text)
    assert engine.ships["Anna.s2"].tokens == ["Ben.t1"] and engine.gold["Anna"] == 4
    assert engine.tokens["Anna.t7"].where == "home:Anna"


# -- S-MARK: the mark goes on the island explored, for the player who explored it --------------------

TOWED_BY_ANNA = G + s.EXPLORED_DERELICT + "5. Anna: move Anna.s1 L+S touch Anna.s2  Anna: tow Anna.s1 Anna.s2  Anna: end\n"


def test_a_ship_towed_away_from_the_island_it_explored_marks_it():
    """S-MARK: the sloop explored I3 and its tower takes it away: Anna's mark is on I3, so her
    heron docking there explores it at once, free."""
    engine = legal(TOWED_BY_ANNA)
    assert engine.islands["I3"].marks == {"Anna"}
    engine = legal(TOWED_BY_ANNA + "6. Ben: end\n7. Anna: move Anna.s3 L+S dock I3  Anna: explore Anna.s3 takes Ben.t2\n")
    assert engine.islands["I3"].tokens == ["Ben.t4"] and engine.load_of(engine.ships["Anna.s3"]) == 1


def test_the_mark_of_a_ship_towed_into_the_other_fleet_is_its_explorers():
    engine = legal(G + s.EXPLORED_DERELICT + "5. Anna: end\n6. Ben: move Ben.s2 L+S touch Anna.s2  "
                   "Ben: tow Ben.s2 Anna.s2\n")
    assert engine.ships["Anna.s2"].controller == "Ben" and engine.islands["I3"].marks == {"Anna"}


def test_the_island_a_ship_explored_is_marked_not_the_one_it_next_sails_from():
    """Towed home from I3, repaired there and sailing away from home under its own move, the
    sloop marks I3 (as its tower took it away) and never its home island."""
    engine = legal(TOWED_BY_ANNA + "6. Ben: end\n7. Anna: move Anna.s1 S dock I1  Anna: end\n8. Ben: end\n"
                   "9. Anna: repair Anna.s2 1  Anna: end\n10. Ben: end\n11. Anna: move Anna.s2 S  Anna: end\n")
    assert {name: island.marks for name, island in engine.islands.items() if island.marks} == {"I3": {"Anna"}}


def test_a_destroyed_fort_leaves_no_mark_from_an_exploration_before_it():
    """S-FORT-HIT: a destroyed fort's island is again unexplored, marks removed; a ship that
    explored it before and leaves afterwards marks nothing."""
    from referee.games.spanish_main import effects

    engine = legal(G + s.T12 + "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1  Anna: end\n")
    ship = engine.ships["Anna.s1"]
    assert ship.explored_here == ("I2", "Anna")
    fort = engine.forts["Ben.f1"]
    fort.island, engine.islands["I2"].fort = "I2", fort.id
    effects.destroy_fort(engine, fort)
    effects.leave(engine, ship)
    assert engine.islands["I2"].marks == set()
