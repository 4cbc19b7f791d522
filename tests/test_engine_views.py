"""What the engines say about a position: the state as data (`view`), how a galleon
and the table read in notes, the card order, and the exact verdict (rule, message,
facts, the part of the move at fault, notes) on illegal moves."""

from __future__ import annotations

import re

from referee.diagnostics import Violation
from referee.games import GAMES
from referee.games.corsari.notation import CorsariTurn, Step
from referee.notation.writer import format_game
from referee.simulate import random_game

from . import judging
from .test_corsari_rulings import BASE, FILL, FILL_RAISE, deal as corsari_deal, log as corsari_log
from .test_korsar_rulings import deal, log

KORSAR = GAMES["korsar"]
CORSARI = GAMES["corsari"]

# -- Korsar ---------------------------------------------------------------------------

HANDS = {"A": "$3 $3 Y2 Y1 YC AD", "B": "$4 R2 R3 G1 RC B2", "C": "$5 G2 B3 B1 GC Y3"}
OPENING = ["A: $3  B: R2@A3  C: G2@A3", "A: $3  B: $4  C: Y3@B4"]
"""A3/1 is tied (B's red 2, C's green 2), A3/2 is A's and unattacked, B4 is C's."""


def korsar_at(rounds, hands=HANDS, deck_top="B4 Y4", players="A B C", **tags):
    """The engine after `rounds`, with the next round begun if one is due."""
    if hands is not None:
        tags.update(deal(hands, deck_top))
    game = judging.legal(log(players, rounds, **tags), "t.korsar")
    engine = game.engine
    due = engine.round_due()
    if due is not None:
        assert engine.start_round(due) is None
    return engine


def korsar_try(engine, body: str, player: str | None = None) -> Violation | None:
    player = player or engine.players[engine.next_seat]
    return engine.copy().play(player, KORSAR.parse_turn(player, body).action)


def notes_of(engine) -> list[str]:
    return [engine.describe_galleon(galleon) for galleon in engine.table]


def test_korsar_view_of_a_contested_table():
    engine = korsar_at(OPENING + ["A: xA3/2 draw  B: R3@B4  C: GC@A3"])
    assert engine.view() == {
        "game": "korsar",
        "round": 4,
        "turns": 9,
        "over": False,
        "next": "A",
        "deck": 59,
        "deal_known": True,
        "table": [
            {"galleon": "A3", "value": 3, "placed_by": "A", "round": 1,
             "forces": [{"side": "B", "colour": "R", "strength": 2, "cards": ["R2"], "players": ["B"]},
                        {"side": "C", "colour": "G", "strength": 2, "cards": ["G2"], "players": ["C"]}],
             "character": {"card": "GC", "side": "C", "player": "C"},
             "controlled_by": "C"},
            {"galleon": "B4", "value": 4, "placed_by": "B", "round": 2,
             "forces": [{"side": "C", "colour": "Y", "strength": 3, "cards": ["Y3"], "players": ["C"]},
                        {"side": "B", "colour": "R", "strength": 3, "cards": ["R3"], "players": ["B"]}],
             "character": None,
             "controlled_by": None},
        ],
        "hands": {
            "A": {"size": 5, "known": ["Y1", "Y2", "YC", "B4", "AD"], "unknown": 0},
            "B": {"size": 3, "known": ["RC", "G1", "B2"], "unknown": 0},
            "C": {"size": 3, "known": ["$5", "B1", "B3"], "unknown": 0},
        },
        "loot": {"A": [3], "B": [], "C": []},
        "out_of_game": 0,
        "last_captures": [],
        "last_chased": None,
        "score": {"A": 3, "B": 0, "C": -5},
        "left_on_table": [],
    }
    assert notes_of(engine) == ["A3: B R2 (2); C G2 (2); GC of C — held by C",
                                "B4: C Y3 (3); B R3 (3) — tie"]
    assert engine.describe_table() == "table: A3, B4"


def test_korsar_view_right_after_a_capture_and_after_a_chase():
    captured = korsar_at(OPENING + ["A: xA3/2 draw"])
    view = captured.view()
    assert (view["next"], view["last_captures"], view["loot"], view["out_of_game"]) == ("B", [3], {
        "A": [3], "B": [], "C": []}, 0)
    chased = korsar_at(OPENING + ["A: xA3/2 draw  B: R3@B4  C: GC@A3", "A: draw  B: RC@A3 ~GC"])
    view = chased.view()
    assert (view["next"], view["last_captures"], view["last_chased"], view["out_of_game"]) == ("C", [], "GC", 1)
    assert view["table"][0]["character"] == {"card": "RC", "side": "B", "player": "B"}
    assert view["table"][0]["controlled_by"] == "B"
    assert notes_of(chased)[0] == "A3: B R2 (2); C G2 (2); RC of B — held by B"


def test_korsar_view_of_a_team_force_and_unattacked_galleons():
    hands = {"A": "$3 Y1 R1 G1 YC AD", "B": "$4 Y2 R2 B2 RC GC", "C": "$5 Y3 G2 B3 BC R3",
             "D": "$2 Y4 G3 B1 G4 R4"}
    teams = {"players": "A B C D", "Teams": "A+B C+D", "hands": hands}
    engine = korsar_at(["A: $3  B: draw  C: G2@A3  D: draw", "A: draw  B: Y2@A3  C: draw  D: draw",
                        "A: Y1@A3"], **teams)
    (a3,) = engine.view()["table"]
    assert a3["forces"] == [
        {"side": "C+D", "colour": "G", "strength": 2, "cards": ["G2"], "players": ["C"]},
        {"side": "A+B", "colour": "Y", "strength": 3, "cards": ["Y2", "Y1"], "players": ["A", "B"]}]
    assert a3["controlled_by"] == "A+B"
    assert notes_of(engine) == ["A3: C+D G2 (2); A+B Y2 Y1 (3) — held by A+B"]
    placed = korsar_at(["A: $3  B: $4"], **teams)
    assert notes_of(placed) == ["A3: unattacked — held by A+B", "B4: unattacked — held by A+B"]
    assert placed.view()["table"][1]["forces"] == [] and placed.view()["table"][1]["controlled_by"] == "A+B"


def test_korsar_view_without_the_deal():
    engine = korsar_at(["A: $3  B: draw  C: Y1@A3"], hands=None)
    view = engine.view()
    assert view["deal_known"] is False
    assert view["hands"] == {"A": {"size": 5, "known": [], "unknown": 5},
                             "B": {"size": 7, "known": [], "unknown": 7},
                             "C": {"size": 5, "known": [], "unknown": 5}}
    assert view["score"] == {"A": None, "B": None, "C": None}


def test_korsar_cards_are_ordered_galleons_yellow_red_green_blue_admiral():
    hands = {"A": "AD B1 G1 R1 Y1 $2", "B": "YC Y2 Y1 BC B2 $8", "C": "RC GC R2 G2 $3 $4"}
    view = korsar_at([], hands=hands).view()
    assert view["hands"]["A"]["known"] == ["$2", "Y1", "R1", "G1", "B1", "AD"]
    assert view["hands"]["B"]["known"] == ["$8", "Y1", "Y2", "YC", "B2", "BC"]
    assert view["hands"]["C"]["known"] == ["$3", "$4", "R2", "RC", "G2", "GC"]


def test_korsar_a_target_is_looked_for_after_the_capture_phase():
    engine = korsar_at(OPENING)  # A captures A3/2 first
    assert notes_of(engine) == ["A3/1: B R2 (2); C G2 (2) — tie", "A3/2: unattacked — held by A",
                                "B4: C Y3 (3) — held by C"]
    assert engine.describe_table() == "table: A3/1, A3/2, B4"
    problem = korsar_try(engine, "Y1@C5")
    assert (problem.rule, problem.message, problem.part, problem.notes) == (
        "K-TARGET", "there is no galleon C5 on the table", "target", ("table: A3, B4", "after the capture phase"))
    assert problem.facts["galleon"] == "C5"
    problem = korsar_try(engine, "Y1@A3/2")
    assert (problem.rule, problem.message, problem.notes) == (
        "K-TARGET", "there is no galleon A3/2 on the table", ("table: A3, B4", "after the capture phase"))
    # what the writer wrote is named as canonical notation names it once A3/2 is gone
    action = KORSAR.parse_turn("A", "xA3/2 Y1@A3/1").action
    assert KORSAR.format_turn(engine.canonical_action("A", action)) == "xA3/2 Y1@A3"
    # a player not to move has no capture phase now: both 3s stay
    assert KORSAR.format_turn(engine.canonical_action("B", action)) == "xA3/2 Y1@A3/1"
    assert engine.canonical_action("Z", action) == action
    chase = KORSAR.parse_turn("A", "xA3/2 YC@A3/1 ~GC").action
    assert KORSAR.format_turn(engine.canonical_action("A", chase)) == "xA3/2 YC@A3 ~GC"


def test_korsar_verdicts_on_cards_played_on_galleons():
    engine = korsar_at(OPENING)
    b4 = "B4: C Y3 (3) — held by C"
    assert korsar_try(engine, "Y1@B4") == Violation(
        "K-PIRATE", "C already plays yellow on B4: each side needs its own colour",
        {"galleon": "B4", "card": "Y1", "colour": "Y", "side": "C"}, "card", (b4,))
    assert korsar_try(engine, "YC@A3/1") == Violation(
        "K-CAPTAIN", "the yellow captain needs a yellow pirate of A on A3/1 first, and there is no pirate",
        {"galleon": "A3/1", "card": "YC"}, "card", ("A3/1: B R2 (2); C G2 (2) — tie",))
    assert korsar_try(engine, "AD@B4") == Violation(
        "K-ADMIRAL", "the admiral may be played only on a galleon of A's own; B4 was placed by B",
        {"galleon": "B4", "card": "AD"}, "target", (b4,))
    assert korsar_try(engine, "xB4 draw") == Violation(
        "K-CONTROL", "the log says A captures B4, but C controls it", {"galleon": "B4", "controller": "C"},
        "capture:0", (b4, "the writer's claims are checked (K-CLAIM)"))
    assert korsar_try(engine, "xA3/1 draw") == Violation(
        "K-CONTROL", "the log says A captures A3/1, but it is held in a tie", {"galleon": "A3/1", "controller": None},
        "capture:0", ("A3/1: B R2 (2); C G2 (2) — tie", "the writer's claims are checked (K-CLAIM)"))
    assert korsar_try(engine, "G1@A3/1") == Violation(
        "K-HAND", "A does not hold G1", {"player": "A", "card": "G1", "hand": ["AD", "Y1", "Y2", "YC"]},
        "card", ("A's hand: AD Y1 Y2 YC",))
    assert korsar_try(engine, "Y1@Z3") == Violation(
        "K-TARGET", "'Z' is not a player, so Z3 names no galleon", {"galleon": "Z3"}, "target",
        ("table: A3, B4", "after the capture phase"))


def test_korsar_verdicts_on_a_yellow_force():
    hands = {"A": "$3 Y1 R1 G1 YC AD", "B": "$4 Y2 R2 B2 RC GC", "C": "$5 Y3 G3 B3 BC R3"}
    engine = korsar_at(["A: $3  B: Y2@A3  C: G3@A3", "A: R1@A3"], hands=hands, deck_top="")
    a3 = ("A3: B Y2 (2); C G3 (3); A R1 (1) — held by C",)
    assert korsar_try(engine, "R2@A3") == Violation(
        "K-PIRATE", "B plays yellow on A3: a red pirate cannot join",
        {"galleon": "A3", "card": "R2", "colour": "Y"}, "card", a3)
    assert korsar_try(engine, "RC@A3") == Violation(
        "K-CAPTAIN", "the red captain needs a red pirate of B on A3 first, and there are yellow pirates",
        {"galleon": "A3", "card": "RC"}, "card", a3)
    assert korsar_try(engine, "discard R2") == Violation(
        "K-DISCARD", "a card may be discarded only once the deck is empty", {"deck": 60}, "action",
        ("the deck still holds 60 cards",))
    assert korsar_try(engine, "draw Y1") == Violation(
        "K-HIDDEN", "the deal puts $2 on top of the deck, not Y1", {"top": "$2", "shown": "Y1"}, "card")
    assert korsar_try(engine, "R2") == Violation(
        "K-TARGET", "a red pirate of 2 is played on a galleon: write it R2@GALLEON, e.g. R2@A3", {"card": "R2"})
    assert korsar_try(engine, "$4@A3") == Violation(
        "K-GALLEON", "a galleon is placed in front of B, not on another galleon: write just the card",
        {"card": "$4"})
    assert korsar_try(engine, "draw ~YC") == Violation(
        "K-CLAIM", "only a captain or the admiral played on a galleon chases a character", {"chased": "YC"},
        "chase")
    # a second side joining with a colour another side plays names that side
    assert korsar_try(engine, "draw", "C") == Violation(
        "K-ORDER", "it is B's turn, not C's", {"expected": "B", "player": "C"}, "mover")
    assert korsar_try(engine, "draw", "Z") == Violation(
        "K-ORDER", "'Z' is not a player of this game", {"players": ["A", "B", "C"]}, "mover", ("it is B's turn",))


def test_korsar_a_pirate_joining_a_colour_of_another_side_names_that_side():
    hands = {"A": "$3 Y1 R1 G1 YC AD", "B": "$4 Y2 R2 B2 RC GC", "C": "$5 Y3 G3 B3 BC R3"}
    # on B4 C plays green first, then A yellow; B's yellow is A's colour, not C's
    engine = korsar_at(["A: $3  B: $4  C: G3@B4", "A: Y1@B4"], hands=hands, deck_top="")
    assert korsar_try(engine, "Y2@B4") == Violation(
        "K-PIRATE", "A already plays yellow on B4: each side needs its own colour",
        {"galleon": "B4", "card": "Y2", "colour": "Y", "side": "A"}, "card",
        ("B4: C G3 (3); A Y1 (1) — held by C",))


def test_korsar_team_verdicts():
    hands = {"A": "$3 Y2 R1 G1 YC AD", "B": "$4 Y1 R2 B2 RC GC", "C": "$5 Y3 G2 B3 BC R3",
             "D": "$2 Y4 G3 B1 G4 R4"}
    teams = {"players": "A B C D", "Teams": "A+B C+D", "hands": hands}
    tied = ["A: $3  B: draw  C: G2@A3  D: draw", "A: Y2@A3  B: draw  C: draw  D: draw"]
    engine = korsar_at(tied, **teams)
    a3 = ("A3: C+D G2 (2); A+B Y2 (2) — tie",)
    # A began the yellow force himself
    assert korsar_try(engine, "R1@A3") == Violation(
        "K-PIRATE", "A plays yellow on A3: a red pirate cannot join", {"galleon": "A3", "card": "R1", "colour": "Y"},
        "card", a3)
    engine = korsar_at(tied + ["A: draw  B: draw  C: draw  D: draw", "A: draw"], **teams)
    assert korsar_try(engine, "R2@A3") == Violation(
        "K-TEAM-COLOUR", "B's team plays yellow on A3: a red pirate cannot join",
        {"galleon": "A3", "card": "R2", "colour": "Y"}, "card", a3)
    assert korsar_try(engine, "RC@A3") == Violation(
        "K-CAPTAIN", "the red captain needs a red pirate of the team on A3 first, and there are yellow pirates",
        {"galleon": "A3", "card": "RC"}, "card", a3)
    just_played = korsar_at(tied + ["A: draw  B: draw  C: draw  D: draw", "A: YC@A3"], **teams)
    assert korsar_try(just_played, "Y1@A3") == Violation(
        "K-TEAM-ROUND", "A played on A3 just before: partners may not both play on one galleon in the same round",
        {"galleon": "A3", "partner": "A"}, "target", ("A3: C+D G2 (2); A+B Y2 (2); YC of A+B — held by A+B",))
    assert korsar_try(korsar_at(["A: draw  B: draw  C: $5  D: draw"], **teams), "AD@C5") == Violation(
        "K-ADMIRAL", "the admiral may be played only on a galleon of the team's own; C5 was placed by C",
        {"galleon": "C5", "card": "AD"}, "target", ("C5: unattacked — held by C+D",))


def test_korsar_verdicts_in_a_log_without_the_deal():
    engine = korsar_at(["A: $2  B: $2  C: $2", "A: Y1@B2  B: Y1@C2  C: AD@C2", "A: $3  B: $3"], hands=None)
    note = ("in a log without the deal, a card is accounted for once it is seen drawn, played or discarded "
            "(K-HIDDEN)",)
    assert korsar_try(engine, "Y1@A3") == Violation(
        "K-CARDS", "Korsar has 2 Y1 cards, and every one is already accounted for", {"card": "Y1", "copies": 2},
        "card", note)
    assert korsar_try(engine, "draw AD") == Violation(
        "K-CARDS", "Korsar has 1 AD card, and every one is already accounted for", {"card": "AD", "copies": 1},
        "card", note)
    emptied = korsar_at(["A: $2  B: draw", "A: $2  B: draw", "A: $2  B: draw", "A: $3  B: draw",
                         "A: $3  B: draw", "A: $3  B: draw"], hands=None, players="A B")
    assert korsar_try(emptied, "$4") == Violation("K-HAND", "A has no card in hand", {"hand": 0}, "card")
    assert korsar_try(emptied, "draw") is None


def test_korsar_verdicts_on_round_numbers():
    engine = korsar_at(["A: $3  B: draw  C: draw"], hands=None)  # round 2 begun
    fresh = judging.legal(log("A B C", ["A: $3  B: draw  C: draw"]), "t.korsar").engine
    assert fresh.play("A", KORSAR.parse_turn("A", "draw").action) == Violation(
        "K-ORDER", "round 2 must begin with its number, '2.'", {"round": 2}, "mover")
    assert fresh.start_round(3) == Violation("K-ORDER", "this is round 2, not round 3", {"round": 2}, "round")
    assert engine.start_round(3) == Violation(
        "K-ORDER", "round 3 cannot begin here: A has yet to play in round 2", {"round": 2, "next": "A"}, "round")


# -- Corsari --------------------------------------------------------------------------


def corsari_at(rounds, **kwargs):
    game = judging.replay(corsari_log(rounds, **kwargs), "t.corsari")
    assert game.diagnostics == [], [d.message for d in game.diagnostics]
    return game.engine


def turn(text: str, player: str = "A"):
    return CORSARI.parse_turn(player, text).action


def test_corsari_view_before_and_after_the_fastest_captain_raises():
    engine = CORSARI.new_engine(judging.replay(corsari_log([]), "t.corsari").record)
    assert engine.view() == {"game": "corsari", "round": 0, "phase": "between", "turns": 0, "over": False,
                             "end": None, "next": None, "current": None,
                             "penalty": {"A": [], "B": [], "C": []}, "penalty_total": 0, "extra_round": False,
                             "history": []}
    engine = corsari_at([[BASE, "A: quay -K11"]])
    now = engine.view()["current"]
    assert engine.view()["next"] == "B"
    assert (now["quay"][-1], now["exposed"], now["port"], now["port_fixed"]) == ("P1", "P1", "P", False)
    assert (now["pile_top"], now["pile"], now["deck"], now["fastest"], now["void"]) == ("K11", 2, 65, None, False)
    assert now["hands"]["A"] == {"size": 12, "known": ["R1", "R2", "R3", "R4", "R5", "R6", "Y1", "Y2", "Y7",
                                                       "G7", "G8", "K10"], "unknown": 0}
    engine = corsari_at([[FILL, FILL_RAISE]])
    view = engine.view()
    assert (view["phase"], view["next"]) == ("splits", "B")
    now = view["current"]
    assert (now["port"], now["port_fixed"], now["fastest"]) == ("W", True, "A")
    assert now["splits"] == {"A": {"crew": ["R1", "R2", "R3", "G4", "G5"], "dismissed": [],
                                   "stowaways": ["Y1", "K1", "K2", "K3", "K4", "K5", "K6"], "filled": [],
                                   "total": 22}}


def test_corsari_view_of_a_partly_known_hand_and_a_void_round():
    hidden = "deal: quay W1 W2 W3 W4 W5 W6 W7 W8 / pile P11"
    engine = corsari_at([[hidden, "A: quay -K1"]])
    assert engine.view()["current"]["hands"]["A"] == {"size": 12, "known": ["W8"], "unknown": 11}
    takes = [f"{'ABC'[i % 3]}: quay=W{8 - i} -W{8 - i}" for i in range(7)] + ["B: quay"]
    engine = corsari_at([[hidden, *takes]])
    view = engine.view()
    assert view["history"] == [{"round": 1, "void": True}]
    assert view["current"]["void"] is True and view["current"]["quay"] == []
    assert (view["current"]["exposed"], view["current"]["port"]) == (None, None)
    assert engine.outcome().summary["void_rounds"] == 1


def test_corsari_verdicts_on_rounds_not_over():
    engine = corsari_at([[BASE, "A: deck -P2"]])
    assert engine.start_round(2) == Violation(
        "C-TURN", "round 1 is not over: nobody has raised anchor and the quay is not empty", part="round")
    engine = corsari_at([[FILL, FILL_RAISE]])
    assert engine.start_round(2) == Violation(
        "C-RAISE", "round 1 is not over: B has yet to raise anchor", {"waiting": "B"}, "round")
    waiting = CORSARI.new_engine(judging.replay(corsari_log([]), "t.corsari").record)
    assert waiting.start_round(1) is None
    assert waiting.start_round(2) == Violation("C-SETUP", "round 1 has no deal and no turn", part="round")


def test_corsari_verdicts_on_cards_seen_elsewhere():
    hidden = "deal: quay W1 W2 W3 W4 W5 W6 W7 W8 / pile P11"
    engine = corsari_at([[hidden, "A: deck -K1"]])
    assert engine.copy().play("B", turn("deck=K1 -K2", "B")) == Violation(
        "C-CARDS", "Corsari has one K1, and it is already elsewhere", {"card": "K1"}, "step:0",
        ("in a log without the deal, a card's place is known once it is seen (C-HIDDEN)",))
    assert engine.copy().play("B", turn("deck -K1", "B")) == Violation(
        "C-DISCARD", "B does not hold K1: it is in the discard pile", {"card": "K1"}, "step:1")
    assert engine.copy().play("B", turn("deck -P11", "B")) == Violation(
        "C-DISCARD", "B does not hold P11: it is in the discard pile", {"card": "P11"}, "step:1")
    assert engine.copy().play("B", turn("pile -W7", "B")) == Violation(
        "C-DISCARD", "B does not hold W7: it is in the quay", {"card": "W7"}, "step:1")
    public = "deal: quay K1 K2 K3 K4 K5 K6 K7 / pile K8"
    raised = corsari_at([[public, "A: deck -R1 raise R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 dismiss stow Y1 Y2"]],
                        players="A B")
    crew_card = turn("raise R5 dismiss stow G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11", "B")
    assert raised.copy().play("B", crew_card) == Violation(
        "C-CREW", "B does not hold R5: it is already seen elsewhere", {"card": "R5"}, "card:0:0")  # under R5


def test_corsari_verdicts_on_deals():
    engine = CORSARI.new_engine(judging.replay(corsari_log([]), "t.corsari").record)
    assert engine.start_round(1) is None
    quay = "W1 W2 W3 W4 W5 W6 W7 W8"

    def dealt(text):
        return engine.copy().play("deal", CORSARI.parse_turn("deal", text.removeprefix("deal: ")).action)

    assert dealt(f"deal: quay {quay} / pile Z1") == Violation(
        "C-CARDS", "'Z1' names colour 'Z', which Corsari does not have: the colours are R, O, Y, G, C, B, V, P, K, W",
        {"card": "Z1"})
    assert dealt(f"deal: quay {quay} / pile W8") == Violation("C-SETUP", "W8 is dealt twice", {"card": "W8"})
    whole = corsari_deal({"A": "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K1",
                          "B": "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 K2",
                          "C": "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 K3"}, quay, "P11")
    short = whole.replace(" G3 G4 G5 G6 G7 G8 G9 G10 G11 C1", "")
    problem = dealt(short)
    assert problem == Violation(
        "C-SETUP", "the deal leaves out 10 card(s) in play: G3 G4 G5 G6 G7 G8 G9 G10",
        {"missing": ["G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11", "C1"]}, "action",
        ("every card outside the penalty piles is dealt",))
    assert dealt(f"deal: quay {quay}") == Violation(
        "C-SETUP", "the deal must name the card that starts the discard pile", notes=("add '/ pile CARD'",))
    assert dealt(f"deal: quay {quay} W9 / pile P1") == Violation(
        "C-SETUP", "with 3 players the quay holds 8 cards, not 9", part="segment:quay")
    assert dealt(whole.split(" / deck")[0]) == Violation(
        "C-HIDDEN", "a deal gives both the hands and the deck, or neither")
    swapped = whole.replace("A R1", "X R1").replace("B O1", "A O1").replace("X R1", "B R1")
    assert dealt(swapped) == Violation(
        "C-SETUP", "the deal gives every player's hand once, in seat order", {"listed": ["B", "A", "C"]},
        notes=("seat order: A B C",))
    assert dealt(whole.replace(" K1 /", " /").replace("deck ", "deck K1 ")) == Violation(
        "C-SETUP", "A is dealt 11 cards instead of 12", part="segment:A")
    seeded = CORSARI.new_engine(judging.replay(corsari_log([], Seed="s1"), "t.corsari").record)
    assert seeded.start_round(1) is None
    assert seeded.play("deal", CORSARI.parse_turn("deal", whole.removeprefix("deal: ")).action) == Violation(
        "C-SETUP", "the deal written differs from the one the Seed gives")
    assert dealt(whole) is None
    assert engine.copy().play("A", turn("deck -K1")) is not None
    before = engine.view()["turns"]
    copy = engine.copy()
    assert copy.play("deal", CORSARI.parse_turn("deal", whole.removeprefix("deal: ")).action) is None
    assert copy.view()["turns"] == before + 1
    assert copy.view()["current"]["hands"]["A"]["known"][-1] == "K1"
    assert CORSARI.legal_entries(copy) and copy.view()["next"] == "A"
    assert copy.play("A", CorsariTurn((Step("take", (), "deck"), Step("discard", ("K1",))))) is None


def test_corsari_a_completion_names_the_fastest_captain():
    engine = corsari_at([[FILL, "B: deck -P1 raise R6 R7 G8"]], first="B")
    assert engine.view()["next"] == "C"
    assert engine.copy().play("C", turn("fill B1 raise", "C")) == Violation(
        "C-COMPLETE", "B1 is not of a colour of B's crew (green or red)", {"card": "B1"}, "step:0")


def test_korsar_a_finished_log_without_the_deal_shows_unknown_scores():
    record, _ = random_game(KORSAR, ["A", "B"], False, "note")
    text = re.sub(r'\[Seed "[^"]*"\]\n', "", format_game(record, KORSAR))
    text = re.sub(r'\[Result "[^"]*"\]', '[Result "*"]', text)
    (problem,) = judging.replay(text, "t.korsar").diagnostics
    assert (problem.code, problem.message, problem.notes) == (
        "K-SCORE", "the game is over, but the log claims it unfinished ('*')", ["score: A=43 B=?"])


# -- Pirates of the Spanish Main ------------------------------------------------------

def test_after_a_spanish_main_end_the_turn_is_over_and_the_next_player_named():
    """Between a turn's `end` and the next entry no turn is under way: the view says so, rather
    than name as "to play" the player who has just ended."""
    from pathlib import Path

    from referee.games.spanish_main.view import moment

    log = Path(__file__).parent.parent / "samples" / "spanish-main" / "legal" / "tow-and-fog.spanish-main"
    game = judging.legal(log.read_text(encoding="utf-8"), log.name)
    rules = GAMES["spanish-main"]
    engine = rules.new_engine(game.record)
    said = []
    for round_ in game.record.rounds:
        for turn in round_.turns:
            if engine.round_due() is not None:
                engine.start_round(round_.number)
            assert engine.play(turn.player, turn.action) is None
            said.append((turn.text, moment(engine.view())))
    ends = [(text, where) for text, where in said if text == "end"]
    assert ends and all(" over: " in where for _, where in ends)
    assert ("end", "turn 2 over: Anna plays turn 3") in said
    played = [where for text, where in said if text != "end" and not where.startswith(("set-up: ", "before"))]
    assert played and all(where.endswith(" to play") for where in played)
