"""Pirates & Perroquets: the readings settled on review, each legal one way and illegal
the other, with where the finding stands (the samples hold longer games of each)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.perroquets.notation import Decide, Leave, format_entry, parse_entry
from referee.pipeline.replay import check_text
from referee.validation import schema_errors

from .perroquets_logs import header, opening

RULES = GAMES["perroquets"]
SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "perroquets"


def errors(text: str) -> list[tuple[str, int | None, str]]:
    """Each error's rule, the number of the entry it stands at, and its message."""
    report = check_text("review.perroquets", text)
    return [(d.code, d.move_number, d.message) for d in report.all_diagnostics() if d.is_error]


def rules_found(text: str) -> list[str]:
    return [code for code, _, _ in errors(text)]


# -- a hidden draw that a later entry shows (discard-piles) ------------------------------------

SHOWN = header("Anna Ben", "Anna", "discard-piles") + (
    "0. Anna: ship c7  Ben: ship e3  parrots: 2/4 1 1 1  parrots: 1/1 1 2 3  parrots: 3/2 1 1 2\n"
    "1. parrots: 1/2 2 2 3  wind: 3  Anna: draw B A  Ben: draw A A  Anna: take B2 green  Ben: none\n"
    "2. parrots: 4/4 1 1 2  wind: 1  ")
"""Anna's B2 was drawn face down in round 1; her decision showed it, so it lies in pile B's
discard in round 2 (entries 1-13 before round 2's draws)."""


def test_a_card_a_decision_showed_cannot_be_drawn_again() -> None:
    assert errors(SHOWN + "Ben: draw B=B2 A\n")[0][:2] == ("P-DRAW", 14)
    assert rules_found(SHOWN + "Ben: draw B=B3 A  Anna: draw B C  Ben: take B3 green  Anna: none\n") == []


def test_a_decision_that_shows_a_card_in_the_discard_shows_an_impossible_draw() -> None:
    drawn = SHOWN + "Ben: draw B A  Anna: draw C D  "
    code, entry, message = errors(drawn + "Ben: take B2 green\n")[0]
    assert (code, entry) == ("P-DRAW", 16) and "B2 lies in pile B's discard" in message
    assert rules_found(drawn + "Ben: take B1 green  Anna: none\n") == []
    # without the variant every card is back in its pile: B2 may come again
    assert rules_found(SHOWN.replace('[Variants "discard-piles"]\n', "") + drawn[len(SHOWN):]
                       + "Ben: take B2 green  Anna: none\n") == []


def test_a_reveal_that_shows_a_card_in_the_discard_is_p_draw() -> None:
    drawn = SHOWN + "Ben: draw B A  Anna: draw C D  "
    assert rules_found(drawn + "reveal: Ben B2 A1 / Anna C1 D1\n") == ["P-DRAW"]
    assert rules_found(drawn + "reveal: Ben B3 A1 / Anna C1 D1\n") == []


# -- a third draw, a second ship ---------------------------------------------------------------

ROUND_1 = opening().split("1. ")[0] + "1. parrots: 3/1 1 1 1  wind: 1  "


@pytest.mark.parametrize("draws", ["X: draw A B  Y: draw A B  X: draw C", "X: draw A B  Y: draw A B  Y: draw C",
                                   "X: draw A B  X: draw C"])
def test_a_draw_by_a_player_who_has_drawn_his_cards_is_p_draw(draws: str) -> None:
    assert rules_found(ROUND_1 + draws + "\n") == ["P-DRAW"]
    assert rules_found(ROUND_1 + draws.rpartition("  ")[0] + "\n") == []


def test_a_draw_after_a_decision_is_out_of_its_phase() -> None:
    assert rules_found(ROUND_1 + "X: draw A B  Y: draw A B  X: none  Y: draw C\n") == ["P-ROUND"]


def test_an_unknown_pile_comes_before_a_third_draw() -> None:
    assert rules_found(ROUND_1 + "X: draw A B  Y: draw A B  X: draw Q\n") == ["P-CARDS"]


def test_a_second_ship_is_p_setup_ships_until_the_parrots_come() -> None:
    ships = header() + "0. X: ship b3  Y: ship b5  "
    assert rules_found(ships + "X: ship c4\n") == ["P-SETUP-SHIPS"]
    assert rules_found(ships + "parrots: 4/2 2 2 1  X: ship c4\n") == ["P-ROUND"]
    assert rules_found(ships + "Y: ship a12\n") == ["P-BOARD"]  # an unknown square comes first
    assert rules_found(ships + "parrots: 4/2 2 2 1\n") == []


# -- the lists of lost parrots of a round, read together -----------------------------------------

LOSSES = (SAMPLES / "legal" / "losses-read-together.perroquets").read_text(encoding="utf-8")
BEFORE_LISTS = LOSSES[:LOSSES.index("  Anna: lose 3")] + "\n"
"""Round 5: Ben gives Anna a parrot at g10, then Anna loses one on the island f9 (entry 35 is
the round's last decision)."""


def final_state(text: str):
    (game,) = check_text("review.perroquets", text).games
    assert game.verdict == "legal", game.diagnostics
    return game.engine


def test_the_lists_of_a_round_read_the_same_in_either_order() -> None:
    one = final_state(BEFORE_LISTS + "   Anna: lose 3  Ben: lose 3\n")
    other = final_state(BEFORE_LISTS + "   Ben: lose 3  Anna: lose 3\n")
    assert one.holds == other.holds and one.gone == other.gone
    assert one.holds["Anna"][3] == 0 and one.gone[3] >= 1


def test_a_list_that_fits_only_a_gift_never_named_is_p_lose_at_its_own_entry() -> None:
    assert errors(BEFORE_LISTS + "   Anna: lose 3\n")[0][:2] == ("P-LOSE", 36)
    # judged when the next round begins, and reported at the list itself
    assert errors(BEFORE_LISTS + "   Anna: lose 3\n6. parrots: 3/1 1 1 1\n")[0][:2] == ("P-LOSE", 36)
    assert errors(BEFORE_LISTS + "   Anna: lose 3  Ben: lose 1\n")[0][:2] == ("P-LOSE", 36)
    assert errors(BEFORE_LISTS + "   Anna: lose 3  claim: Anna holds 3  Ben: lose 1\n")[0][:2] == ("P-LOSE", 36)
    # a list that no giver's list can mend is refused at once
    assert errors(BEFORE_LISTS + "   Ben: lose 1  Anna: lose 3\n")[0][:2] == ("P-LOSE", 37)
    assert rules_found(BEFORE_LISTS + "   Anna: lose 1\n") == []


@pytest.mark.parametrize("values", ["3 3", "1 3"])
def test_a_list_names_exactly_what_was_lost(values: str) -> None:
    assert rules_found(BEFORE_LISTS + f"   Anna: lose {values}\n") == ["P-LOSE"]


def test_a_list_in_the_round_that_ends_the_game_is_held_to_the_same() -> None:
    last = (SAMPLES / "legal" / "lose-in-the-last-round.perroquets").read_text(encoding="utf-8")
    assert rules_found(last) == []
    for wrong in ("Ben: lose 2 1", "Ben: lose 9", "Anna: lose 1"):
        assert rules_found(last.replace("Ben: lose 2", wrong)) == ["P-LOSE"], wrong


# -- pickup choices (optional-pickup) ----------------------------------------------------------

BEAKS = (SAMPLES / "legal" / "variant-optional-pickup-beak.perroquets").read_text(encoding="utf-8")
"""Two 2s over b10, beaks S and E; Anna's decision (entry 10), a pile, colour and path, stops
there; Ben's (entry 11) completes the round."""


def test_a_pickup_choice_after_a_hidden_decision_names_the_parrot_by_its_beak() -> None:
    assert rules_found(BEAKS) == []
    assert rules_found(BEAKS.replace("leave b10=2E", "leave b10=2S")) == ["P-CLAIM"]  # the other one stays
    assert errors(BEAKS.replace("leave b10=2E", "leave b10=2"))[0][:2] == ("P-PICKUP", 10)
    assert errors(BEAKS.replace("leave b10=2E", "leave b10=2N"))[0][:2] == ("P-PICKUP", 10)


def test_a_wrong_pickup_choice_is_reported_at_its_own_entry() -> None:
    code, entry, message = errors(BEAKS.replace("leave b10=2E", "leave b9=2"))[0]
    assert (code, entry) == ("P-PICKUP", 10) and "on b9" in message


def test_a_pickup_choice_is_written_and_read_back_whole() -> None:
    for text in ("take C green F3 leave b10=2E", "take C2 black leave b10=2E leave c4=1",
                 "take 3 green L F2 L leave e5=12W"):
        action = parse_entry("Anna", text).action
        assert isinstance(action, Decide) and action.leaves
        assert format_entry(action) == text
        assert RULES.action_from_json(RULES.action_to_json(action)) == action
    assert parse_entry("Anna", "take C green F3 leave b10=2E").action.leaves == (Leave("b10", 2, "E"),)


def test_a_game_with_pickup_choices_by_beak_exports_valid_json(run, tmp_path) -> None:
    log = tmp_path / "beaks.perroquets"
    log.write_text(BEAKS, encoding="utf-8")
    document = json.loads(run("export", str(log)).output)
    assert schema_errors("game-record", document) == []
    exported = json.dumps(document)
    assert '"pile": "C", "path": "F3", "leaves": [{"square": "b10", "value": 2, "beak": "E"}]' in exported


ALIKE = (SAMPLES / "legal" / "variant-optional-pickup-alike.perroquets").read_text(encoding="utf-8")
"""Two 1s alike in value and beak over c10, where Anna's A1 takes her; she leaves one."""


def test_a_game_that_leaves_two_parrots_alike_exports_both_and_imports_back(run, tmp_path) -> None:
    """Each parrot left is one leave, in the notation and in JSON, however alike they are."""
    both = ALIKE.replace("leave c10=1", "leave c10=1 leave c10=1").replace("claim: Anna picks up c10",
                                                                           "claim: Anna at c10")
    both = both.replace("claim: Anna holds 1", "claim: Anna holds 0")
    assert rules_found(both) == []
    log = tmp_path / "alike.perroquets"
    log.write_text(both, encoding="utf-8")
    document = json.loads(run("export", str(log)).output)
    assert schema_errors("game-record", document) == []
    assert '"leaves": [{"square": "c10", "value": 1}, {"square": "c10", "value": 1}]' in json.dumps(document)
    exported = tmp_path / "alike.json"
    exported.write_text(json.dumps(document), encoding="utf-8")
    back = run("import", str(exported))
    assert back.exit_code == 0 and back.output == run("fmt", str(log)).output


def test_an_allow_comment_at_a_list_found_wrong_later_accepts_it_once() -> None:
    for later in ("", "6. parrots: 3/1 1 1 1  wind: 1\n", "   Ben: lose 1\n"):
        text = BEFORE_LISTS + "   Anna: lose 3 {allow P-LOSE: a note}\n" + later
        (game,) = check_text("review.perroquets", text).games
        assert game.verdict == "legal" and [d.code for d in game.suppressed] == ["P-LOSE"], later
