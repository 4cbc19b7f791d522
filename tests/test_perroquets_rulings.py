"""Pirates & Perroquets, ruling by ruling: for every P- id a legal log that puts the
ruling to work, and the state it leaves where that state is the ruling's point.

The illegal side of every id is a sample in `samples/perroquets/illegal/`, named
after the ruling and stating the rule and line it expects (tests/test_samples.py);
the precedence case below pins the first violation where two rulings meet.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.games.perroquets.data import GameData, load
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.geometry import Square, parse_square
from referee.games.perroquets.resolve import RoundReport
from referee.pipeline.datafiles import judge_options
from referee.pipeline.replay import check_text

from .perroquets_logs import header, meeting, opening, shared_square, stuck_meeting

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "perroquets"
RULES = GAMES["perroquets"]


def sample(name: str) -> str:
    return (SAMPLES / "legal" / f"{name}.perroquets").read_text(encoding="utf-8")


def legal(text: str, options: JudgeOptions = NO_OPTIONS) -> PerroquetsEngine:
    """Replay a log that must be legal: no diagnostic at all."""
    report = check_text("ruling.perroquets", text, options=options)
    assert [(d.code, d.message) for d in report.all_diagnostics()] == []
    (game,) = report.games
    assert game.verdict == "legal"
    assert isinstance(game.engine, PerroquetsEngine)
    return game.engine


def first_error(text: str) -> tuple[str, tuple[str, ...], str]:
    """The first error's rule, the rulings it cites and its message."""
    report = check_text("ruling.perroquets", text)
    found = [d for d in report.all_diagnostics() if d.is_error]
    assert found, "the log is illegal"
    return found[0].code, tuple(found[0].rulings), found[0].message


def sq(name: str) -> Square:
    square = parse_square(name)
    assert square is not None
    return square


def hold(e: PerroquetsEngine, player: str) -> dict[int, int]:
    """A player's hold by value, values he holds none of left out."""
    return {value: n for value, n in sorted(e.holds[player].items()) if n}


def account(e: PerroquetsEngine) -> RoundReport:
    """The account of the round the log stops in."""
    assert e.round.report is not None
    return e.round.report


def last_account(e: PerroquetsEngine) -> RoundReport:
    """The account of the round before."""
    assert e.last is not None and e.last.report is not None
    return e.last.report


def events(e: PerroquetsEngine) -> list[tuple[str, str, str, Square | None, int, int, str | None]]:
    """The round's changes of holds: (kind, player, rule, square, value, count, receiver)."""
    return [(ev.kind, ev.player, ev.rule, ev.square, ev.value, ev.count, ev.receiver) for ev in account(e).events]


def with_data(text: str, data: GameData) -> str:
    return text.replace('[Data "default"]', f'[Data "{data.tag_value()}"]')


LAGOON = SAMPLES / "boards" / "lagoon-9.json"
LAGOON_GAME = (SAMPLES / "boards" / "lagoon-game.perroquets").read_text(encoding="utf-8")
ON_LAGOON = judge_options([str(LAGOON)])

_DEFAULT_DOCUMENT = json.loads((ROOT / "referee/games/perroquets/default.json").read_text(encoding="utf-8"))
ELEVEN = load({**_DEFAULT_DOCUMENT, "id": "pp-eleven", "bag": {"1": 4, "2": 4, "3": 3}})
"""The default board and cards with a bag of 11: after the set-up's 9, two are left."""
ON_ELEVEN = JudgeOptions({"perroquets": (ELEVEN,)})
SHORT_BAG = with_data(header(), ELEVEN) + (
    "0. X: ship k11  Y: ship a1  parrots: 4/2 1 1 1  parrots: 2/2 2 2 2  parrots: 3/3 3 3 3\n"
    "1. parrots: 1/1 2 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"
    "2. wind: 1  Y: draw A B  X: draw A B  X: none  Y: none\n")
"""Round 1 finds two parrots in the bag: a 2 and a 1 go on zones one and two of side 1's
formation 1 (the b11 and g11 dots); round 2 has no new parrots."""

EXAMPLE_1 = sample("p-example-1-island")
"""Anna on e8 captures the 3 flying down column e, then sails F2 L under a south wind:
e7, e6 and the island f6, where she loses it."""
EXAMPLE_2 = sample("p-example-2-edge")
"""Ben on b5 captures two 2s in round 1, then sails F3 west: a5, and the edge stops him."""
EXAMPLE_3 = sample("p-example-3-crowd").split("\n\n[Game")
TIE_ON_F10, ALONE_ON_F10 = EXAMPLE_3[0] + "\n", "[Game" + EXAMPLE_3[1]

HOARD = header() + ("0. X: ship k11  Y: ship b3  parrots: 4/2 3 1 1  parrots: 3/2 1 1 3  parrots: 2/2 1 1 1\n"
                    "1. parrots: 4/4 3 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n")
"""Y on b3 catches three 3s in round 1: from the a3 dot of the set-up and of round 1, and the
one that flies up column b from the b1 dot."""
HOARD_STUCK = HOARD + "2. parrots: 4/4 2 1 1  wind: 1  Y: draw A B  X: draw A B  X: none  Y: none\n"
"""Y, stuck with his three 3s, loses them; then the flights bring him a 2 from the a3 dot."""
HOARD_EDGE = HOARD + ("2. parrots: 4/4 2 1 1  wind: 2  Y: draw B=B8 A  X: draw A B  X: none  Y: take B8 green\n")
"""Y catches a 2 (holding 3 3 3 2), then B8's F3 under a west wind: a3, and the edge stops him."""

CROWD = header() + ("0. X: ship f10  Y: ship g10  parrots: 1/3 1 2 1  parrots: 3/1 1 1 1  parrots: 2/2 1 1 1\n"
                    "1. parrots: 1/1 1 1 1  wind: 2  X: draw A B  Y: draw A=A1 B  X: none  Y: take A1 green\n"
                    "2. parrots: 1/4 2 2 2  wind: 3  Y: draw A=A1 B  X: draw A=A2 B  X: take A2 green  "
                    "Y: take A1 green\n")
"""X (who caught the f11 dot's 2 in round 1) and Y (none) share f10 when one 2 flies over it."""

SHELTER = header() + ("0. X: ship f9  Y: ship a1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1  parrots: 4/3 1 1 1\n"
                      "1. parrots: 1/4 2 3 2  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n")
"""X stands on the island f9 when the f11 dot's 3 flies f11, f10, f9."""

PICKUP = header("Anna Ben", "Anna") + (
    "0. Anna: ship e7  Ben: ship a1  parrots: 1/2 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
    "1. parrots: 3/1 1 1 1  wind: 3  Anna: draw B=B8 A  Ben: draw A B  Anna: take B8 green  Ben: none\n")
"""The 3 from the e11 dot rests over e9; Anna's F3 north passes e8, e9 and stops on e10."""

STEP_ORDER = header() + ("0. X: ship f10  Y: ship f9  parrots: 3/1 1 1 1  parrots: 2/2 1 1 1  parrots: 4/3 1 1 1\n"
                         "1. parrots: 3/3 2 2 2  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"
                         "2. parrots: 1/4 2 3 2  wind: 1  Y: draw A B  X: draw A=A1 B  X: take A1 green  Y: none\n")
"""X catches a 3 on f10, then steps onto the island f9 where Y, stuck (weight 0), stands."""

STRAIGHT = header() + ("0. X: ship b3  Y: ship b6  parrots: 4/2 2 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
                       "1. parrots: 3/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"
                       "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw A B  X: none  Y: none\n")
"""The a5 dot's 2 rests over b5 in round 1 and flies on east in round 2, past Y on b6."""

OFF_THE_EDGE = header() + (
    "0. X: ship i8  Y: ship a2  parrots: 4/1 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
    "1. parrots: 1/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"
    "2. parrots: 1/1 2 2 2  wind: 1  Y: draw A B  X: draw A B  X: none  Y: none\n"
    "3. parrots: 2/1 1 2 2  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"
    "4. parrots: 2/3 3 3 3  wind: 1  Y: draw A B  X: draw A=A1 B  X: take A1 green  Y: none\n")
"""The a7 dot's 3 crosses row 7 three squares a round: over i7 after round 3, off the board in round 4."""

THREE = header("Anna Ben Cleo", "Cleo") + (
    "0. Cleo: ship a1  Anna: ship k1  Ben: ship k11  parrots: 1/1 1 1 1  parrots: 2/1 1 1 1  parrots: 3/1 1 1 1\n"
    "1. parrots: 4/1 1 1 1  wind: 1  Cleo: draw A B  Anna: draw A B  Ben: draw A B\n"
    "   Anna: none  Ben: none  Cleo: none\n"
    "2. parrots: 1/2 2 2 2  wind: 1  Anna: draw A B  Ben: draw A  Ben: draw B  Cleo: draw A B\n"
    "   Anna: none  Ben: none  Cleo: none  claim: first Anna\n")
"""Three players, Cleo first: round 2 belongs to Anna, on Cleo's left."""

FOUR = header("Anna Ben Cleo Dora", "Cleo") + (
    "0. Cleo: ship a1  Dora: ship k1  Anna: ship k11  Ben: ship a11\n"
    "   parrots: 1/1 1 1 1  parrots: 2/1 1 1 1  parrots: 3/1 1 1 1\n"
    "1. parrots: 4/1 1 1 1  wind: 1  Cleo: draw A A  Dora: draw A A  Anna: draw A A  Ben: draw A A\n")
"""Four players seated Anna Ben Cleo Dora, Cleo first; every draw from pile A empties it."""

EVERY_ENTRY = ('[Game "Pirates & Perroquets"]\n[Players "X Y"]\n[First "X"]\n[Data "default"]\n'
               '[Variants "-"]\n[Result "*"]\n\n') + opening().split("\n\n", 1)[1] + (
    "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A=A6 B  reveal: Y C2 A1 / X A6 B1\n"
    "   X: take A6 green  Y: take C2 green  Y: lose 2  claim: X holds 2  claim: Y at b8\n")
"""Every kind of entry a log records, each where P-LOG puts it: 21 in all."""

ENDED = (SAMPLES / "illegal" / "p-end-after.perroquets").read_text(encoding="utf-8").replace(
    "19. wind: 1\n", "claim: Ben holds 2\n").replace('[Result "*"]', '[Result "Anna=1 Ben=2"]')
"""The bag is empty and round 18's flights take the last parrot off the board: the game ends
before the ships sail, and a claim about that round still follows."""

Check = Callable[[PerroquetsEngine], object]
CASES: dict[str, tuple[str, Check] | tuple[str, Check, JudgeOptions]] = {
    "P-DATA": (LAGOON_GAME, lambda e: e.data.id == "lagoon-9" and not e.data.reconstructed
               and (e.board.width, e.board.height, e.board.dot_position) == (9, 9, "on-edge")
               and e.over and e.scores() == {"Anna": 4, "Ben": 4, "Cleo": 1}
               and "notice" not in e.outcome().summary, ON_LAGOON),
    "P-DEFAULT": (meeting(), lambda e: e.data.id == "pp-reconstructed-1" and e.data.reconstructed
                  and e.outcome().summary["notice"] == "played on pp-reconstructed-1, the reconstructed board and "
                  "cards: plausible, not the publisher's (P-DEFAULT)"
                  and (e.board.width, e.board.height, len(e.board.islands)) == (11, 11, 13)
                  and e.data.pile_sizes == dict.fromkeys("ABCDE", 8) and e.data.bag == {1: 12, 2: 12, 3: 12}),
    "P-BOARD": (EXAMPLE_2, lambda e: e.ships == {"Anna": (10, 10), "Ben": (0, 4)}
                and account(e).voyage("Ben").edge),
    "P-DOTS": (TIE_ON_F10, lambda e: [(f.start, f.squares[0]) for f in account(e).flights if f.on_dot]
               == [((2, 11), sq("c11")), ((5, 11), sq("f11")), ((8, 11), sq("i11"))]),
    "P-STEPS": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw B A  X: draw A B  X: none  "
                "Y: take B green F F L\n",
                lambda e: e.round.cards["Y"] == "B5"
                and account(e).voyage("Y").path == ((sq("b6"), True), (sq("b7"), True), (sq("a7"), True))),
    "P-CARDS": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw 3=C2 1  X: draw 1=A6 2  X: take A6 green  "
                "Y: take C2 green\n",
                lambda e: [s.pile for s in e.round.slots] == ["C", "A", "A", "B"]
                and e.round.weights == {"X": 1, "Y": 3} and [v.player for v in account(e).order] == ["X", "Y"]),
    "P-PARROT": (STRAIGHT, lambda e: [(f.squares, f.outcome) for f in account(e).flights if f.start == sq("b5")]
                 == [([sq("c5"), sq("d5")], "rests")] and hold(e, "Y") == {}),
    "P-BAG": (meeting() + "3. parrots: 2/1 1 1 3\n", lambda e: dict(e.bag) == {2: 7, 3: 11}),
    "P-PLAYERS": (FOUR, lambda e: e.players == ["Anna", "Ben", "Cleo", "Dora"] and e.players[e.first] == "Cleo"
                  and list(e.ships) == ["Cleo", "Dora", "Anna", "Ben"]),
    "P-DICE": (header() + "0. X: ship b3  Y: ship b5  parrots: 1/1 1 1 1  parrots: 4/4 1 2 3  parrots: 2/4 1 1 1\n"
               "1. parrots: 3/1 1 1 1  wind: 4\n",
               lambda e: e.wave_sides == ["N", "W", "E"] and (e.round.roll, e.round.wind) == (4, "E")),
    "P-SETUP": (opening().split("1. parrots")[0], lambda e: e.round_number == 0 and e.phase == "done"
                and e.ships == {"X": sq("b3"), "Y": sq("b5")} and len(e.parrots) == 9
                and all(p.on_dot for p in e.parrots) and e.pile_size == e.data.pile_sizes),
    "P-SETUP-SHIPS": (header(first="Y") + "0. Y: ship c3  X: ship c6  parrots: 4/2 2 2 1  parrots: 2/2 1 1 1  "
                      "parrots: 3/3 1 1 1\n",
                      lambda e: list(e.ships.items()) == [("Y", sq("c3")), ("X", sq("c6"))]
                      and all(e.board.is_island(s) for s in e.ships.values())),
    "P-SETUP-PARROTS": (opening(), lambda e: e.wave_sides == ["W", "E", "S"]
                        and sum(f.on_dot for f in account(e).flights) == len(account(e).flights) == 12),
    "P-SETUP-PILES": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=A1 A=A2  X: draw A=A6 B\n",
                      lambda e: e.pile_size == {"A": 5, "B": 7, "C": 8, "D": 8, "E": 8}
                      and e.round.known == {"A1", "A2", "A6"}),
    "P-ROUND": (EVERY_ENTRY + "3. parrots: 2/1 1 1 3\n",
                lambda e: (e.round.number, e.phase, e.round.new_parrots) == (3, "wind", 3) and e.last is not None
                and e.last.revealed and e.last.choices == {"Y": [2]} and e.last.report is not None
                and e.players[e.first] == "X"),
    "P-PLACE": (SHORT_BAG, lambda e: e.last is not None and e.last.new_parrots == 2 and e.round.new_parrots == 0
                and [(f.value, f.start) for f in last_account(e).flights if f.start[1] == 11]
                == [(2, (1, 11)), (1, (6, 11))] and not e.bag and e.phase == "after", ON_ELEVEN),
    "P-FLIP": (opening() + "2. parrots: 3/1 2 2 2 black  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  X: take A6 green  "
               "Y: take C2 green  claim: colour black\n3. parrots: 2/1 3 3 3 white\n",
               lambda e: e.round.number == 3 and (e.colour(), e.colour(2)) == ("white", "black")
               and e.round.new_parrots == 3),
    "P-WIND": (meeting(), lambda e: (e.round.roll, e.round.wind) == (3, "N") and e.ships["Y"] == sq("b8")),
    "P-DRAW": (FOUR, lambda e: e.phase == "decide" and e.pile_size["A"] == 0
               and [s.pile for s in e.round.slots] == ["A"] * 8),
    "P-DRAW-ORDER": (THREE, lambda e: [s.player for s in e.round.slots]
                     == ["Anna", "Anna", "Ben", "Ben", "Cleo", "Cleo"]),
    "P-REVEAL": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A B  "
                 "reveal: Y C2 A1 / X A2 B1  X: take A2 green  Y: take C2 green\n",
                 lambda e: [(s.player, s.pile, s.card) for s in e.round.slots]
                 == [("Y", "C", "C2"), ("Y", "A", "A1"), ("X", "A", "A2"), ("X", "B", "B1")]
                 and e.round.cards == {"X": "A2", "Y": "C2"}),
    "P-CHOOSE": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  "
                 "X: take C2 black  Y: take A6 green\n",
                 lambda e: e.round.cards == {"X": "C2", "Y": "A6"} and e.round.weights == {"X": 3, "Y": 1}
                 and e.ships == {"X": sq("c5"), "Y": sq("b7")}),
    "P-TAKEN": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  "
                "Y: take C2 green  X: take A6 green\n",
                lambda e: list(e.round.decisions) == ["Y", "X"] and e.round.cards == {"Y": "C2", "X": "A6"}
                and [v.player for v in account(e).order] == ["X", "Y"]
                and (hold(e, "X"), hold(e, "Y")) == ({2: 2}, {})),
    "P-STUCK": (HOARD_STUCK, lambda e: events(e) == [
        ("lose", "X", "P-STUCK", None, 0, 0, None), ("lose", "Y", "P-STUCK", None, 0, 3, None),
        ("gain", "Y", "P-FLY-SHIP", sq("b3"), 2, 0, None)]
        and hold(e, "Y") == {2: 1} and dict(e.gone) == {3: 3} and e.ships["Y"] == sq("b3")),
    "P-FLY": (meeting(), lambda e: all(f.outcome == "rests" and len(f.squares) == f.value for f in account(e).flights)
              and [f.squares for f in account(e).flights if f.start in ((4, -1), (0, 9))]
              == [[sq("b10")], [sq("e1"), sq("e2")]]
              and (2, "N", sq("e2"), False) in [(p.value, p.heading, p.square, p.on_dot) for p in e.parrots]),
    "P-FLY-EDGE": (OFF_THE_EDGE, lambda e: [(f.squares, f.outcome, f.rule, f.by) for f in account(e).flights
                                           if f.start == sq("i7") and f.value == 3]
                   == [([sq("j7"), sq("k7")], "gone", "P-FLY-EDGE", None)]
                   and e.gone[3] == 1 and e.ships["X"] == sq("i7")
                   and [ev[2] for ev in events(e) if ev[0] == "gain"] == ["P-FLY-SHIP", "P-FLY-SHIP"]),
    "P-FLY-ISLAND": (SHELTER, lambda e: [(f.squares, f.outcome, f.by) for f in account(e).flights if f.value == 3]
                     == [([sq("f11"), sq("f10"), sq("f9")], "rests", None)]
                     and hold(e, "X") == {} and any(p.square == sq("f9") for p in e.parrots)),
    "P-FLY-SHIP": (ALONE_ON_F10, lambda e: [(f.squares, f.outcome, f.rule, f.by) for f in account(e).flights
                                           if f.value == 3]
                   == [([sq("f11"), sq("f10")], "captured", "P-FLY-SHIP", "X")] and hold(e, "X") == {3: 1}),
    "P-FLY-CROWD": (CROWD, lambda e: [(f.by, f.rule, f.counts, f.rulings) for f in account(e).flights
                                     if f.outcome == "captured"] == [("Y", "P-FLY-CROWD", {"X": 1, "Y": 0}, ())]
                    and (hold(e, "X"), hold(e, "Y")) == ({2: 1}, {2: 1})),
    "P-FLY-ORDER": (shared_square(), lambda e: [(f.value, f.by, f.counts, f.rulings) for f in account(e).flights
                                               if f.outcome == "captured"]
                    == [(1, "Y", {"X": 1, "Y": 0}, ("P-FLY-ORDER",)), (2, "Y", {"X": 1, "Y": 0}, ("P-FLY-ORDER",))]
                    and (hold(e, "X"), hold(e, "Y")) == ({2: 1}, {1: 1, 2: 1})),
    "P-SHIP": (stuck_meeting(), lambda e: [v.player for v in account(e).order] == ["X"] and account(e).stuck == ["Y"]
               and e.ships == {"X": sq("b5"), "Y": sq("b5")} and account(e).voyage("X").start == sq("b3")),
    "P-SHIP-ORDER": (opening() + "2. parrots: 3/1 2 2 2  wind: 4  Y: draw A=A1 A=A2  X: draw B B  X: take A2 green  "
                     "Y: take A1 green  claim: order X Y\n",
                     lambda e: [(v.player, v.weight, v.crossed) for v in account(e).order] == [("X", 1, 0), ("Y", 1, 1)]
                     and e.players[e.first] == "Y"),
    "P-SHIP-PATH": (meeting(), lambda e: [([s for s, _ in v.path], v.notes) for v in account(e).order] == [
        ([sq("b4"), sq("b5")], {1: ["meets Y: X (weight 1) takes 1 from Y (weight 3)"]}),
        ([sq("b6"), sq("b7"), sq("b8")], {})]),
    "P-PICKUP": (PICKUP, lambda e: events(e)[-1] == ("gain", "Anna", "P-PICKUP", sq("e9"), 3, 0, None)
                 and e.ships["Anna"] == sq("e10") and hold(e, "Anna") == {3: 1}
                 and not any(p.square == sq("e9") for p in e.parrots)),
    "P-ISLAND": (EXAMPLE_1, lambda e: events(e)[1:] == [("gain", "Anna", "P-FLY-SHIP", sq("e8"), 3, 0, None),
                                                        ("lose", "Anna", "P-ISLAND", sq("f6"), 0, 1, None)]
                 and e.ships["Anna"] == sq("f6") and hold(e, "Anna") == {} and dict(e.gone) == {3: 1}),
    "P-MEET": (meeting(), lambda e: events(e) == [("lose", "Y", "P-MEET", sq("b5"), 0, 1, "X")]
               and (hold(e, "X"), hold(e, "Y")) == ({2: 2}, {}) and not e.gone),
    "P-EDGE": (HOARD_EDGE, lambda e: account(e).voyage("Y").edge and e.ships["Y"] == sq("a3")
               and [ev for ev in events(e) if ev[2] == "P-EDGE"] == [("lose", "Y", "P-EDGE", sq("a3"), 0, 2, None)]
               and hold(e, "Y") == {3: 2} and dict(e.gone) == {2: 1, 3: 1}),
    "P-STEP-ORDER": (STEP_ORDER, lambda e: [(ev.rule, ev.count, ev.rulings) for ev in account(e).events[1:]]
                     == [("P-FLY-SHIP", 0, ()), ("P-ISLAND", 1, ()), ("P-MEET", 0, ("P-STEP-ORDER",))]
                     and (hold(e, "X"), hold(e, "Y")) == ({}, {}) and dict(e.gone) == {3: 1}),
    "P-LOSE": (HOARD_EDGE + "Y: lose 3 3\n", lambda e: e.round.choices == {"Y": [3, 3]}
               and hold(e, "Y") == {2: 1, 3: 1} and dict(e.gone) == {3: 2}),
    "P-NEXT": (THREE, lambda e: e.players[e.first] == "Anna" and e.last is not None
               and e.last.slots[0].player == "Cleo" and e.round.slots[0].player == "Anna"),
    "P-RETURN": (opening().replace("X: draw A B", "X: draw A=A1 B")
                 + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=A1 B\n",
                 lambda e: e.round.known == {"A1"} and e.pile_size == {"A": 7, "B": 7, "C": 8, "D": 8, "E": 8}),
    "P-END": (ENDED, lambda e: e.over and e.phase == "over" and e.end_reason == "in round 18, after the parrots flew"
              and account(e).order == [] and not e.parrots and not e.bag
              and e.outcome().finished and e.outcome().winners == ["Ben"]),
    "P-SCORE": (sample("variant-order-by-length"), lambda e: e.outcome().claim == "holds"
                and e.scores() == {"Anna": 0, "Ben": 1, "Cleo": 1} and e.outcome().winners == ["Ben", "Cleo"]),
    "P-LOG": (EVERY_ENTRY, lambda e: (e.setup.players, e.setup.first, e.setup.variants) == (["X", "Y"], 0, frozenset())
              and e.setup.has_claim and e.setup.claimed is None and e.turns == 21
              and len(account(e).flights) == 13 and [v.player for v in account(e).order] == ["X", "Y"]),
    "P-HIDDEN": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw C B  X: take A green F  "
                 "Y: take C green F3\n",
                 lambda e: e.round.cards == {"X": None, "Y": None} and e.round.weights == {"X": 1, "Y": 3}
                 and e.ships == {"X": sq("b4"), "Y": sq("b8")}),
    "P-CLAIM": (EXAMPLE_1 + "claim: first Ben  claim: colour black  claim: Ben at a1\n",
                lambda e: [(f.by, f.squares[-1]) for f in account(e).flights if f.outcome == "captured"]
                == [("Anna", sq("e8"))] and [v.player for v in account(e).order] == ["Anna"]
                and e.ships == {"Anna": sq("f6"), "Ben": sq("a1")} and hold(e, "Anna") == {}
                and e.players[e.first] == "Ben" and e.colour() == "black"),
    "P-PRECEDENCE": (opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B\n",
                     lambda e: e.phase == "draw" and [(s.player, s.pile) for s in e.round.slots]
                     == [("Y", "A"), ("Y", "B")]),
    "P-VARIANTS": (meeting("wind-toward") + "claim: Y at b2\n",
                   lambda e: e.variants == frozenset({"wind-toward"}) and e.round.wind == "S"
                   and e.ships == {"X": sq("b1"), "Y": sq("b2")}),
}


def test_every_ruling_has_a_legal_case() -> None:
    assert sorted(CASES) == sorted(r.id for r in RULES.rulings)


@pytest.mark.parametrize("ruling", sorted(CASES))
def test_legal_case(ruling: str) -> None:
    text, check, *options = CASES[ruling]
    engine = legal(text, *options)
    assert check(engine), ruling


# -- precedence: where two rulings meet, the first violation is the one the rulings file puts first


def test_precedence_phase_before_seat() -> None:
    """P-PRECEDENCE: an unseated player drawing before the wind breaks P-ROUND and P-PLAYERS;
    the phase is named, citing P-PRECEDENCE; each fault alone names its own rule."""
    base = opening() + "2. parrots: 3/1 2 2 2  "
    assert first_error(base + "wind: 3  Zed: draw A B\n")[:2] == ("P-PLAYERS", ())
    assert first_error(base + "Y: draw A B\n")[:2] == ("P-ROUND", ())
    rule, rulings, _ = first_error(base + "Zed: draw A B\n")
    assert rule == "P-ROUND" and "P-PRECEDENCE" in rulings


# -- P-PICKUP with optional-pickup: two parrots alike are two parrots

ALIKE = sample("variant-optional-pickup-alike")
"""Two 1s from the c11 dot, both flying south, rest over c10 when Anna's A1 takes her there
from b10 in round 2; her decision leaves one of them, and claims say so."""
ALIKE_UNCLAIMED = ALIKE.split("  claim:")[0] + "\n"
"""The same without its claims: Anna's decision, 'take A1 green leave c10=1', then Ben's."""


def _at(e: PerroquetsEngine, name: str) -> list[tuple[int, str]]:
    return [(p.value, p.heading) for p in e.parrots if p.square == sq(name)]


@pytest.mark.parametrize("leaves,kept,left", [
    (" leave c10=1", {1: 1}, [(1, "S")]),                           # take one, leave the other
    (" leave c10=1 leave c10=1", {}, [(1, "S"), (1, "S")]),         # leave both
    ("", {1: 2}, []),                                               # take both
])
def test_two_parrots_alike_are_taken_or_left_one_by_one(leaves: str, kept: dict[int, int],
                                                         left: list[tuple[int, str]]) -> None:
    """P-PICKUP (optional-pickup): the log names each parrot left, and every choice can be
    written, though the two show the same value and beak."""
    engine = legal(ALIKE_UNCLAIMED.replace(" leave c10=1", leaves))
    assert hold(engine, "Anna") == kept and _at(engine, "c10") == left
    pickups = [ev for ev in events(engine) if ev[2] == "P-PICKUP"]
    assert pickups == [("gain", "Anna", "P-PICKUP", sq("c10"), 1, 0, None)] * sum(kept.values())
    assert len(engine.parrots) == len({id(p) for p in engine.parrots})  # no parrot stands for two


def test_the_claims_of_a_parrot_taken_and_one_left_hold() -> None:
    engine = legal(ALIKE)
    assert hold(engine, "Anna") == {1: 1} and _at(engine, "c10") == [(1, "S")]


def test_a_leave_more_than_the_parrots_alike_is_reported_where_it_is_written() -> None:
    """The third 'leave c10=1' of three, over two 1s, names no parrot: the caret is on it."""
    text = ALIKE_UNCLAIMED.replace("leave c10=1", "leave c10=1 leave c10=1 leave c10=1")
    report = check_text("ruling.perroquets", text)
    (found,) = [d for d in report.all_diagnostics() if d.is_error]
    assert found.span is not None
    line = text.splitlines()[found.span.line - 1]
    assert found.code == "P-PICKUP" and found.span.col - 1 == line.rindex("leave c10=1")


def test_a_parrot_left_flies_on_alone() -> None:
    """The 1 left over c10 flies on in round 3 to the island c9, while Anna keeps the one she took."""
    engine = legal(ALIKE + "3. parrots: 2/1 1 1 1  wind: 1  Anna: draw A B  Ben: draw A B  Anna: none  Ben: none\n")
    assert (1, "S") in _at(engine, "c9") and not [p for p in _at(engine, "c10") if p[0] == 1]
    assert [(f.value, f.squares) for f in account(engine).flights if f.start == sq("c10")] == [(1, [sq("c9")])]


def test_a_claim_of_a_pickup_where_the_ship_left_every_parrot_says_so() -> None:
    """P-CLAIM: the parrots were there; the decision left them (P-PICKUP)."""
    text = ALIKE_UNCLAIMED.replace("leave c10=1", "leave c10=1 leave c10=1") + "   claim: Anna picks up c10\n"
    rule, rulings, message = first_error(text)
    assert (rule, rulings) == ("P-CLAIM", ("P-PICKUP",)) and "leaves every parrot over c10" in message


def test_a_reveal_from_piles_other_than_the_draws_names_each_pile_once() -> None:
    """P-REVEAL: two cards drawn from one pile are said so ('pile C twice'), not 'pile C and C'."""
    assert first_error(opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C C  X: draw A B  "
                       "reveal: Y C2 A1 / X A2 B1\n") == (
        "P-REVEAL", (), "Y drew from pile C twice: C2 A1 come from piles A and C")
