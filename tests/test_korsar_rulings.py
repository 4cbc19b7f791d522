"""Korsar, ruling by ruling: for every K- id at least one legal log and one illegal one.

An illegal case asserts the first diagnostic exactly: its rule id, the line and the
column it points at (and, where the wording matters, its message). A legal case
asserts that the log replays without a single diagnostic and, where it matters, the
state it leaves: who captured what, what stays on the table, the score.

Most logs are written without the deal, so players play cards from hands the
referee cannot see (within the card counts, K-HIDDEN). Logs that need known hands
carry a hand-made deal (Hands and Deck tags built from the 78 cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from referee.formatting import canonical_game
from referee.games import GAMES
from referee.pipeline.replay import check_text
from referee.games.korsar.cards import COPIES, UNSHUFFLED_DECK
from referee.notation.writer import format_game
from referee.simulate import random_game

from . import judging
from .judging import documented_shuffle, where

# -- building logs -------------------------------------------------------------------


def log(players: str = "A B C", rounds: list[str] | tuple[str, ...] = (), **tags: str) -> str:
    """A Korsar log: the Game and Players tags, the given tags, then one round per line,
    numbered from 1 ("A: $3  B: draw  C: R2@A3")."""
    lines = ['[Game "Korsar"]', f'[Players "{players}"]']
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    lines.append("")
    lines += [f"{number}. {turns}" for number, turns in enumerate(rounds, start=1)]
    return "\n".join(lines) + "\n"


def raw(players: str, movetext: str, **tags: str) -> str:
    """A log whose movetext is written out as is, round numbers included."""
    return log(players, (), **tags) + movetext + "\n"


def draw_rounds(players: str, count: int) -> list[str]:
    """`count` rounds in which every player draws."""
    return ["  ".join(f"{player}: draw" for player in players.split())] * count


def deal(hands: dict[str, str], deck_top: str = "") -> dict[str, str]:
    """Hands and Deck tags of a hand-made deal: each hand as given (six cards), the deck
    starting with `deck_top`, the remaining cards after it in the unshuffled order."""
    pool = Counter(UNSHUFFLED_DECK)
    for cards in [*hands.values(), deck_top]:
        for card in cards.split():
            pool[card] -= 1
            assert pool[card] >= 0, f"the deal uses {card} too often"
    rest = []
    for card in UNSHUFFLED_DECK:
        if pool[card] > 0:
            pool[card] -= 1
            rest.append(card)
    return {
        "Hands": " / ".join(f"{player}: {cards}" for player, cards in hands.items()),
        "Deck": " ".join(deck_top.split() + rest),
    }


def turns_of(rounds: list[str]) -> list[tuple[str, str]]:
    """(player, body) of every turn, in order, from rounds written as `log` takes them."""
    found = []
    for line in rounds:
        for entry in line.split("  "):
            player, body = entry.split(": ", 1)
            found.append((player, body))
    return found


def cards_seen(rounds: list[str]) -> Counter[str]:
    """Every card a log shows being played, discarded or drawn face up (not chases)."""
    seen: Counter[str] = Counter()
    for _, body in turns_of(rounds):
        for word in body.split():
            if word.startswith(("x", "~")) or word in ("draw", "discard"):
                continue
            seen[word.split("@")[0]] += 1
    return seen


def end_hands(players: str, rounds: list[str], galleons: dict[str, str]) -> str:
    """An EndHands tag for a finished log without the deal.

    Each hand has the size the log implies (six, plus one per draw, minus one per card
    put down). `galleons` says who holds which galleons; every galleon not seen in
    the log must be listed there. The other unseen cards fill the hands."""
    sizes = {player: 6 for player in players.split()}
    for player, body in turns_of(rounds):
        action = next(word for word in body.split() if not word.startswith("x"))
        sizes[player] += 1 if action == "draw" else -1
    pool = Counter(COPIES) - cards_seen(rounds)
    hands = {player: galleons.get(player, "").split() for player in sizes}
    for cards in hands.values():
        pool.subtract(cards)
    assert min(pool.values()) >= 0, "a listed galleon is not available"
    assert not [card for card in +pool if card.startswith("$")], "every unseen galleon must be held"
    others = list((+pool).elements())
    assert len(others) + sum(map(len, hands.values())) == sum(sizes.values())
    for player, cards in hands.items():
        while len(cards) < sizes[player]:
            cards.append(others.pop(0))
    return " / ".join(f"{player}: {' '.join(cards) or '-'}" for player, cards in hands.items())


# -- judging logs --------------------------------------------------------------------


def replay(text: str):
    return judging.replay(text, "t.korsar")


def legal(text: str):
    """Replay a log that must be legal: no diagnostic at all."""
    return judging.legal(text, "t.korsar")


def illegal(text: str, code: str, at: str, message: str | None = None):
    """Replay a log that must be illegal; its first error cites `code` at the place
    marked by `at` (see `where`), with `message` when given."""
    game = replay(text)
    assert game.verdict == "illegal"
    first = game.diagnostics[0]
    assert first.severity == "error"
    assert (first.code, first.span.line, first.span.col) == (code, *where(text, at))
    if message is not None:
        assert first.message == message
    return first


def view(game) -> dict:
    return game.engine.view()


def table(game) -> dict[str, str | None]:
    """Each galleon on the table and the side that controls it (None: a tie)."""
    return {galleon["galleon"]: galleon["controlled_by"] for galleon in view(game)["table"]}


def hand(game, player: str) -> list[str]:
    """The cards of a player's hand that the referee knows, sorted."""
    return sorted(view(game)["hands"][player]["known"])


def scores(game) -> dict[str, int | None]:
    return {side.side: side.score for side in game.outcome.sides}


def detail(game, key: str) -> dict[str, object]:
    return {side.side: side.details[key] for side in game.outcome.sides}


# -- K-CARDS -------------------------------------------------------------------------


def test_cards_all_six_galleons_of_three_may_be_played():
    """K-CARDS: the game holds six galleons of 3; playing all six is fine."""
    game = legal(log("A B C", ["A: $3  B: $3  C: $3", "A: $3  B: $3  C: $3"]))
    assert detail(game, "captured") == {"A": [3], "B": [3], "C": [3]}
    assert table(game) == {"A3": "A", "B3": "B", "C3": "C"}


def test_cards_a_seventh_galleon_of_three_is_illegal():
    """K-CARDS: a card seen more often than the game holds it."""
    text = log("A B C", ["A: $3  B: $3  C: $3", "A: $3  B: $3  C: $3", "A: $3"])
    illegal(text, "K-CARDS", "3. A: ^$3",
            "Korsar has 6 $3 cards, and every one is already accounted for")


def test_cards_the_admiral_exists_once():
    """K-CARDS: a second admiral is one card too many."""
    text = log("A B C", ["A: $3  B: R1@A3  C: $5", "A: AD@A3  B: G1@C5  C: AD@C5"])
    illegal(text, "K-CARDS", "C: ^AD@C5", "Korsar has 1 AD card, and every one is already accounted for")


def test_cards_with_the_deal_a_card_held_elsewhere_is_a_hand_error():
    """K-CARDS / K-HAND: with the deal known, A plays the admiral that B holds: the
    card exists once and is not yet out, so A merely does not hold it (K-HAND)."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 BC", "B": "$7 G1 G2 B1 B2 AD"})
    legal(log("A B", ["A: $8  B: $7", "A: Y1@B7  B: AD@B7"], **tags))
    illegal(log("A B", ["A: $8  B: $7", "A: AD@B7"], **tags), "K-HAND", "A: ^AD@B7",
            "A does not hold AD")


def test_cards_with_the_deal_a_second_admiral_is_a_card_too_many():
    """K-CARDS before K-HAND: with the deal known, once B has played the admiral, A
    playing one too shows a second admiral, which the game does not have."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 BC", "B": "$7 G1 G2 B1 B2 AD"})
    first = illegal(log("A B", ["A: $8  B: $7", "A: Y1@B7  B: AD@B7", "A: AD@B7"], **tags),
                    "K-CARDS", "3. A: ^AD@B7", "Korsar has 1 AD card, and every one is already accounted for")
    assert first.notes == ["every copy has already been played or discarded"]


def test_cards_with_the_deal_a_draw_showing_a_card_already_out():
    """K-CARDS before K-HIDDEN: a draw shows the admiral that B has already played."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 BC", "B": "$7 G1 G2 B1 B2 AD"}, deck_top="$6")
    legal(log("A B", ["A: $8  B: $7", "A: Y1@B7  B: AD@B7", "A: draw $6"], **tags))
    illegal(log("A B", ["A: $8  B: $7", "A: Y1@B7  B: AD@B7", "A: draw AD"], **tags),
            "K-CARDS", "3. A: draw ^AD", "Korsar has 1 AD card, and every one is already accounted for")


def test_cards_a_colour_outside_the_four_is_illegal():
    """K-CARDS: there is no black (or any fifth) colour."""
    text = log("A B C", ["A: $3  B: draw  C: K2@A3"])
    illegal(text, "K-CARDS", "C: ^K2@A3",
            "'K2' names colour 'K', which Korsar does not have: the colours are Y, R, G and B")


def test_cards_no_galleon_is_worth_nine():
    """K-CARDS: galleons are worth 2 to 8."""
    illegal(log("A B C", ["A: $9"]), "K-CARDS", "A: ^$9",
            "'$9' is no galleon: galleons are worth 2 to 8 gold")


def test_cards_no_pirate_has_strength_five():
    """K-CARDS: pirates have strength 1 to 4."""
    illegal(log("A B C", ["A: $3  B: R5@A3"]), "K-CARDS", "B: ^R5@A3",
            "'R5' is no pirate: pirates have strength 1 to 4")


def test_cards_a_dealt_card_that_does_not_exist_is_illegal():
    """K-CARDS: the deal itself may not name a card outside the 78."""
    tags = deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})
    tags["Hands"] = tags["Hands"].replace("B: $3", "B: P3", 1)
    text = log("A B", ["A: draw"], **tags)
    illegal(text, "K-CARDS", '[Hands "^A:', "'P3' names colour 'P', which Korsar does not have: "
            "the colours are Y, R, G and B")


# -- K-PLAYERS -----------------------------------------------------------------------


@pytest.mark.parametrize("players", ["A B", "A B C", "A B C D", "A B C D E"])
def test_players_two_to_five_play_alone(players):
    """K-PLAYERS: 2, 3, 4 or 5 players, each for themself."""
    first = players.split()[0]
    game = legal(log(players, [f"{first}: $3"]))
    assert [side.side for side in game.outcome.sides] == players.split()


def test_players_seven_is_not_allowed():
    """K-PLAYERS: never 7 players."""
    illegal(log("A B C D E F G", ["A: draw"]), "K-PLAYERS", '[Players "^A B',
            "Korsar cannot be played by 7 players")


@pytest.mark.parametrize("players, count", [("A", 1), ("A B C D E F G H I", 9)])
def test_players_fewer_than_two_or_more_than_eight(players, count):
    """K-PLAYERS: 2 to 8 players."""
    illegal(log(players, ["A: draw"]), "K-PLAYERS", '[Players "^',
            f"Korsar is played by 2 to 8 players, not {count}")


def test_players_a_seat_taken_twice():
    """K-PLAYERS: each player sits once."""
    illegal(log("A B A", ["A: draw"]), "K-PLAYERS", '[Players "^', "player 'A' is seated twice")


# -- K-TEAMS -------------------------------------------------------------------------


def test_teams_six_players_in_teams_of_two():
    """K-TEAMS: six players play as three teams; the first seat of a pair is the first
    mate, whose capture phase takes the partner's unattacked galleon for the team."""
    text = log("A B C D E F", ["A: draw  B: $4  C: draw  D: draw  E: draw  F: draw", "A: xB4 draw"],
               Teams="A+B C+D E+F")
    game = legal(text)
    assert detail(game, "captured") == {"A+B": [4], "C+D": [], "E+F": []}
    assert [side.players for side in game.outcome.sides] == [["A", "B"], ["C", "D"], ["E", "F"]]


def test_teams_four_players_may_play_in_teams():
    """K-PLAYERS / K-TEAMS: four players may also play as two teams."""
    game = legal(log("A B C D", ["A: $3"], Teams="A+B C+D"))
    assert [side.side for side in game.outcome.sides] == ["A+B", "C+D"]


def test_teams_six_players_need_teams():
    """K-TEAMS: six (and eight) players play in teams, so the Teams tag is required."""
    first = illegal(log("A B C D E F", ["A: draw"]), "K-TEAMS", '[Players "^',
                    "6 players play in teams of two: add a Teams tag")
    assert first.notes == ['partners sit side by side: [Teams "A+B C+D E+F"]']


def test_teams_partners_sit_side_by_side():
    """K-TEAMS: seats run A1 A2 B1 B2, so A and C cannot be partners."""
    illegal(log("A B C D", ["A: draw"], Teams="A+C B+D"), "K-TEAMS", '[Teams "^',
            "partners sit side by side, first mates in seat order")


def test_teams_first_mate_is_the_first_seat_of_the_pair():
    """K-TEAMS: the first seat of each pair, in turn order, is its first mate."""
    illegal(log("A B C D", ["A: draw"], Teams="B+A C+D"), "K-TEAMS", '[Teams "^',
            "partners sit side by side, first mates in seat order")


def test_teams_may_be_listed_in_any_order_and_are_written_in_seat_order():
    """K-TEAMS: the pairs are a seating, not a sequence: "C+D A+B" seats the same table."""
    text = log("A B C D", ["A: $3  B: draw  C: draw  D: draw"], Teams="C+D A+B")
    game = legal(text)
    assert game.moves == 4
    report = check_text("t.korsar", text, canonical=True)
    assert '[Teams "A+B C+D"]' in canonical_game(report.games[0])


def test_teams_five_players_cannot_play_in_teams():
    """K-PLAYERS / K-TEAMS: only 4, 6 or 8 players form teams."""
    illegal(log("A B C D E", ["A: draw"], Teams="A+B C+D"), "K-TEAMS", '[Teams "^',
            "5 players cannot play in teams: only 4, 6 or 8 can")


# -- K-SETUP -------------------------------------------------------------------------


def test_setup_a_seed_fixes_the_deal():
    """K-SETUP: with a seed, six consecutive cards of the shuffle go to each seat in
    order and the rest is the deck, top first; a shown draw is that top card."""
    cards = documented_shuffle(UNSHUFFLED_DECK, "s")
    top = cards[18]
    game = legal(log("A B C", [f"A: draw {top}  B: draw {cards[19]}"], Seed="s"))
    hands = view(game)["hands"]
    assert Counter(hands["A"]["known"]) == Counter(cards[0:6] + [top])
    assert Counter(hands["B"]["known"]) == Counter(cards[6:12] + [cards[19]])
    assert Counter(hands["C"]["known"]) == Counter(cards[12:18])
    assert view(game)["deck"] == 58


def test_setup_a_hand_made_deal():
    """K-SETUP: a log may give every hand and the whole deck."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"}, deck_top="$6 YC")
    game = legal(log("A B", ["A: $8  B: draw $6"], **tags))
    assert hand(game, "B") == sorted("$7 G1 G2 B1 B2 BC $6".split())
    assert view(game)["deck"] == 65


def test_setup_seed_and_hands_together():
    """K-SETUP: a deal is given by a seed or by the hands and deck, not both."""
    tags = {"Seed": "s", **deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})}
    illegal(log("A B", ["A: draw"], **tags), "K-SETUP", '[Seed "^s',
            "a log gives either a Seed or the Hands and the Deck, not both")


def test_setup_hands_without_the_deck():
    """K-SETUP: a deal gives the hands and the deck."""
    hands = deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})["Hands"]
    illegal(log("A B", ["A: draw"], Hands=hands), "K-SETUP", '[Hands "^',
            "the deal is incomplete: the Deck tag is missing")


def test_setup_each_player_is_dealt_six():
    """K-SETUP: six cards each."""
    tags = deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})
    tags["Hands"] = tags["Hands"].replace("A: $2 $2 $2 $2 $2 $3", "A: $2 $2 $2 $2 $2")
    tags["Deck"] = "$3 " + tags["Deck"]
    illegal(log("A B", ["A: draw"], **tags), "K-SETUP", '[Hands "^',
            "A is dealt 5 cards instead of 6")


def test_cards_a_deal_never_holds_more_copies_than_the_game():
    """K-CARDS (as K-HIDDEN says): a card dealt more often than the game has copies."""
    tags = deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})
    tags["Deck"] = tags["Deck"].replace("AD", "YC")
    first = illegal(log("A B", ["A: draw"], **tags), "K-CARDS", '[Deck "^',
                    "the deal holds 2 of YC; Korsar has 1")
    assert first.notes == ["too many: YC", "missing: AD"]


def test_setup_the_deal_holds_the_78_cards():
    """K-SETUP: all 78 cards are dealt; a deck that lacks one is incomplete."""
    tags = deal({"A": "$2 $2 $2 $2 $2 $3", "B": "$3 $3 $3 $3 $3 $4"})
    tags["Deck"] = tags["Deck"].replace(" AD", "").replace("AD ", "")
    first = illegal(log("A B", ["A: draw"], **tags), "K-SETUP", '[Deck "^',
                    "the hands and the deck are not the 78 Korsar cards")
    assert first.notes == ["missing: AD"]


def test_setup_hands_follow_the_seats():
    """K-SETUP: the Hands tag lists the players in seat order."""
    tags = deal({"B": "$2 $2 $2 $2 $2 $3", "A": "$3 $3 $3 $3 $3 $4"})
    illegal(log("A B", ["A: draw"], **tags), "K-SETUP", '[Hands "^',
            "the Hands tag must list every player once, in seat order")


# -- K-TURN --------------------------------------------------------------------------


def test_turn_the_capture_phase_is_automatic():
    """K-TURN: a player takes what they control at the start of the turn, stated or not."""
    game = legal(log("A B C", ["A: $3  B: $4  C: draw", "A: draw  B: xB4 draw"]))
    assert detail(game, "captured") == {"A": [3], "B": [4], "C": []}
    assert table(game) == {}


def test_turn_drawing_has_no_hand_limit():
    """K-TURN: a player may keep drawing; nothing caps the hand."""
    game = legal(log("A B C", draw_rounds("A B C", 10)))
    assert view(game)["hands"]["A"]["size"] == 16
    assert view(game)["deck"] == 30


def test_turn_a_stated_capture_phase_must_state_every_capture():
    """K-TURN: the capture phase is mandatory; a turn that states captures and leaves
    one out is illegal (team play, where one phase may take two galleons)."""
    text = log("A B C D", ["A: $2  B: $3  C: draw  D: draw", "A: xA2 draw"], Teams="A+B C+D")
    illegal(text, "K-TURN", "A: ^xA2 draw",
            "the capture phase is mandatory: A also captures B3, which the log leaves out")


# -- K-ORDER -------------------------------------------------------------------------


def test_order_players_move_in_seat_order_round_by_round():
    """K-ORDER: A, B, C, then round 2 begins with A again."""
    game = legal(log("A B C", ["A: draw  B: draw  C: draw", "A: draw  B: draw"]))
    assert (view(game)["round"], view(game)["next"]) == (2, "C")


def test_order_a_move_out_of_turn():
    """K-ORDER: B may not move before A."""
    illegal(log("A B C", ["B: draw"]), "K-ORDER", "1. ^B: draw", "it is A's turn, not B's")


def test_order_a_move_by_someone_not_playing():
    """K-ORDER: only the seated players move."""
    illegal(log("A B C", ["A: draw  B: draw  D: draw"]), "K-ORDER", "D: draw",
            "'D' is not a player of this game")


def test_order_a_missing_round_number():
    """K-ORDER: each round begins with its number."""
    text = raw("A B C", "1. A: draw  B: draw  C: draw  A: draw")
    illegal(text, "K-ORDER", "A: draw", "round 2 must begin with its number, '2.'")


def test_order_a_repeated_round_number():
    """K-ORDER: round numbers go up one by one."""
    text = raw("A B C", "1. A: draw  B: draw  C: draw\n1. A: draw")
    illegal(text, "K-ORDER", "1. A: draw", "this is round 2, not round 1")


def test_order_an_early_round_number():
    """K-ORDER: a round may not begin before everyone has played in the last one."""
    text = raw("A B C", "1. A: draw  B: draw\n2. C: draw")
    illegal(text, "K-ORDER", "2. C", "round 2 cannot begin here: C has yet to play in round 1")


# -- K-HAND --------------------------------------------------------------------------


def test_hand_playing_dealt_and_drawn_cards():
    """K-HAND: a card dealt or drawn is in the hand and may be played."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"}, deck_top="$6")
    game = legal(log("A B", ["A: $8  B: G1@A8", "A: draw  B: xA8 $7", "A: $6"], **tags))
    assert hand(game, "A") == sorted("Y1 Y2 R1 R2 AD".split())
    assert hand(game, "B") == sorted("G2 B1 B2 BC".split())
    assert table(game) == {"B7": "B", "A6": "A"}


def test_hand_a_card_not_in_the_known_hand():
    """K-HAND: with the deal known, a player plays only what they hold."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"})
    first = illegal(log("A B", ["A: $7"], **tags), "K-HAND", "A: ^$7", "A does not hold $7")
    assert first.notes == ["A's hand: $8 AD R1 R2 Y1 Y2"]


def test_hand_nobody_plays_from_an_empty_hand():
    """K-HAND: without the deal, the referee still counts: six cards put down and no
    draw leave A's hand empty."""
    rounds = ["A: $2  B: draw  C: draw", "A: $2  B: draw  C: draw", "A: $3  B: draw  C: draw",
              "A: $3  B: draw  C: draw", "A: $4  B: draw  C: draw", "A: $4  B: draw  C: draw",
              "A: $5"]
    illegal(log("A B C", rounds), "K-HAND", "7. A: ^$5", "A has no card in hand")


# -- K-DRAW --------------------------------------------------------------------------

FIVE = "A B C D E"
DRAINED = draw_rounds(FIVE, 9) + ["A: draw  B: draw  C: draw"]  # 48 draws: the deck is empty


def test_draw_the_last_card_of_the_deck():
    """K-DRAW: the deck (48 cards with five players) may be drawn to its last card;
    play goes on after it (K-END)."""
    game = legal(log(FIVE, DRAINED))
    assert (view(game)["deck"], view(game)["over"], view(game)["next"]) == (0, False, "D")


def test_draw_from_an_empty_deck():
    """K-DRAW: nobody draws from an empty deck."""
    rounds = DRAINED[:-1] + ["A: draw  B: draw  C: draw  D: draw"]
    illegal(log(FIVE, rounds), "K-DRAW", "D: ^draw", "the deck is empty: nothing can be drawn")


# -- K-DISCARD -----------------------------------------------------------------------


def test_discard_once_the_deck_is_empty():
    """K-DISCARD: with the deck empty, a card other than a galleon may be discarded."""
    rounds = DRAINED[:-1] + ["A: draw  B: draw  C: draw  D: discard Y1  E: discard R4"]
    game = legal(log(FIVE, rounds))
    assert view(game)["out_of_game"] == 2
    assert {p: h["size"] for p, h in view(game)["hands"].items()} == {
        "A": 16, "B": 16, "C": 16, "D": 14, "E": 14}


def test_discard_while_the_deck_still_holds_cards():
    """K-DISCARD: no discard while the deck lasts."""
    first = illegal(log("A B C", ["A: draw  B: discard Y2"]), "K-DISCARD", "B: ^discard Y2",
                    "a card may be discarded only once the deck is empty")
    assert first.notes == ["the deck still holds 59 cards"]


def test_discard_a_galleon():
    """K-DISCARD: a galleon is never discarded, even with the deck empty."""
    rounds = DRAINED[:-1] + ["A: draw  B: draw  C: draw  D: discard $5"]
    illegal(log(FIVE, rounds), "K-DISCARD", "D: ^discard $5", "a galleon may never be discarded")


# -- K-TARGET ------------------------------------------------------------------------


def test_target_a_galleon_on_the_table():
    """K-TARGET: a pirate names a galleon on the table by its placer and gold."""
    game = legal(log("A B C", ["A: $3  B: R2@A3"]))
    assert view(game)["table"][0]["forces"] == [
        {"side": "B", "colour": "R", "strength": 2, "cards": ["R2"], "players": ["B"]}]


def test_target_two_galleons_of_the_same_gold_are_named_by_round():
    """K-TARGET: with two 3s of A on the table (A3/1 tied, A3/2 new), each is named
    with the round it was placed."""
    rounds = ["A: $3  B: R1@A3  C: G1@A3", "A: $3  B: draw  C: G1@A3/2"]
    game = legal(log("A B C", rounds))
    assert table(game) == {"A3/1": None, "A3/2": "C"}


def test_target_the_round_is_not_needed_once_one_twin_is_gone():
    """K-TARGET: A3/2 is needed only while A has two 3s on the table; once B captures
    one of them, the other is plain A3 again."""
    rounds = ["A: $3  B: R1@A3  C: draw", "A: $3  B: xA3/1 draw  C: G1@A3"]
    game = legal(log("A B C", rounds))
    assert detail(game, "captured") == {"A": [], "B": [3], "C": []}
    assert table(game) == {"A3": "C"}
    assert view(game)["table"][0]["round"] == 2


def test_target_an_ambiguous_name():
    """K-TARGET: 'A3' is ambiguous while A has two galleons of 3 on the table."""
    rounds = ["A: $3  B: R1@A3  C: G1@A3", "A: $3  B: draw  C: G1@A3"]
    first = illegal(log("A B C", rounds), "K-TARGET", "C: G1@^A3",
                    "A3 is ambiguous: A has 2 galleons of 3 on the table")
    assert first.notes == ["name one by the round it was placed: A3/1 or A3/2"]


def test_target_a_galleon_that_is_not_there():
    """K-TARGET: no galleon A4 has been placed."""
    first = illegal(log("A B C", ["A: $3  B: R2@A4"]), "K-TARGET", "B: R2@^A4",
                    "there is no galleon A4 on the table")
    assert first.notes == ["table: A3"]


def test_target_the_wrong_round():
    """K-TARGET: A's only 3 was placed in round 1, so A3/2 names nothing."""
    illegal(log("A B C", ["A: $3  B: draw  C: draw", "A: draw  B: R2@A3/2"]), "K-TARGET",
            "B: R2@^A3/2", "there is no galleon A3/2 on the table")


def test_target_after_the_movers_own_capture_phase():
    """K-TARGET: A took its unattacked A3 at the start of the turn; it is no target."""
    first = illegal(log("A B C", ["A: $3  B: draw  C: draw", "A: Y1@A3"]), "K-TARGET",
                    "A: Y1@^A3", "there is no galleon A3 on the table")
    assert first.notes == ["the table is empty", "after the capture phase"]


def test_target_a_pirate_needs_a_galleon():
    """K-TARGET: a pirate is played on a galleon."""
    illegal(log("A B C", ["A: $3  B: Y2"]), "K-TARGET", "B: ^Y2",
            "a yellow pirate of 2 is played on a galleon: write it Y2@GALLEON, e.g. Y2@A3")


def test_target_a_galleon_of_someone_not_playing():
    """K-TARGET: a galleon is named by a player of the game."""
    illegal(log("A B C", ["A: $3  B: Y2@Z3"]), "K-TARGET", "B: Y2@^Z3",
            "'Z' is not a player, so Z3 names no galleon")


# -- K-GALLEON -----------------------------------------------------------------------


def test_galleon_a_player_may_have_several():
    """K-GALLEON: galleons lie in front of the player who placed them, several at once."""
    game = legal(log("A B C", ["A: $3  B: R1@A3  C: draw", "A: $4"]))
    placed = {g["galleon"]: (g["placed_by"], g["round"]) for g in view(game)["table"]}
    assert placed == {"A3": ("A", 1), "A4": ("A", 2)}
    assert table(game) == {"A3": "B", "A4": "A"}


def test_galleon_is_not_played_on_a_galleon():
    """K-GALLEON: a galleon is placed, never played on another galleon."""
    illegal(log("A B C", ["A: $3  B: $4@A3"]), "K-GALLEON", "B: ^$4@A3",
            "a galleon is placed in front of B, not on another galleon: write just the card")


# -- K-PIRATE ------------------------------------------------------------------------


def test_pirate_defending_ones_own_galleon():
    """K-PIRATE: the owner may put pirates on their own galleon to defend it."""
    rounds = ["A: $3  B: R2@A3  C: draw", "A: Y3@A3  B: draw  C: draw", "A: xA3 draw"]
    game = legal(log("A B C", rounds))
    assert detail(game, "captured") == {"A": [3], "B": [], "C": []}


def test_pirate_one_side_one_colour_strengths_add_up():
    """K-PIRATE: a side's pirates on one galleon share one colour and add up."""
    game = legal(log("A B C", ["A: $3  B: R2@A3  C: draw", "A: Y2@A3  B: R1@A3"]))
    forces = view(game)["table"][0]["forces"]
    assert [(f["side"], f["colour"], f["strength"], f["cards"]) for f in forces] == [
        ("B", "R", 3, ["R2", "R1"]), ("A", "Y", 2, ["Y2"])]
    assert table(game) == {"A3": "B"}


def test_pirate_a_second_colour_of_the_same_side():
    """K-PIRATE: B plays red on A3 and cannot add green."""
    text = log("A B C", ["A: $3  B: R2@A3  C: draw", "A: Y2@A3  B: G1@A3"])
    illegal(text, "K-PIRATE", "B: ^G1@A3", "B plays red on A3: a green pirate cannot join")


def test_pirate_two_sides_need_different_colours():
    """K-PIRATE: C cannot play red where B already plays red."""
    text = log("A B C", ["A: $3  B: R2@A3  C: R1@A3"])
    illegal(text, "K-PIRATE", "C: ^R1@A3", "B already plays red on A3: each side needs its own colour")


def test_pirate_at_most_four_sides_on_a_galleon():
    """K-PIRATE: four colours, so with four attackers on A6 the owner finds no colour left."""
    text = log(FIVE, ["A: $6  B: Y1@A6  C: R1@A6  D: G1@A6  E: B1@A6", "A: Y2@A6"])
    first = illegal(text, "K-PIRATE", "2. A: ^Y2@A6",
                    "B already plays yellow on A6: each side needs its own colour")
    assert first.facts["side"] == "B"


# -- K-TEAM-COLOUR -------------------------------------------------------------------

TEAMS4 = {"Teams": "A+B C+D"}


def test_team_colour_partners_add_up_as_one_side():
    """K-TEAM-COLOUR: A's Y2 and B's Y2 on C3 are one side of 4, beating C's R3;
    A then captures C3 for the team."""
    rounds = ["A: draw  B: draw  C: $3  D: draw",
              "A: Y2@C3  B: draw  C: R3@C3  D: draw",
              "A: draw  B: Y2@C3  C: draw  D: draw"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    forces = view(game)["table"][0]["forces"]
    assert [(f["side"], f["colour"], f["strength"], f["players"]) for f in forces] == [
        ("A+B", "Y", 4, ["A", "B"]), ("C+D", "R", 3, ["C"])]
    assert table(game) == {"C3": "A+B"}
    game = legal(log("A B C D", rounds + ["A: xC3 draw"], **TEAMS4))
    assert detail(game, "captured") == {"A+B": [3], "C+D": []}


def test_team_colour_a_partner_must_follow_the_teams_colour():
    """K-TEAM-COLOUR: A plays yellow on C3, so B may not play red there."""
    rounds = ["A: draw  B: draw  C: $3  D: draw", "A: Y2@C3  B: draw  C: R3@C3  D: draw",
              "A: draw  B: G2@C3"]
    illegal(log("A B C D", rounds, **TEAMS4), "K-TEAM-COLOUR", "B: ^G2@C3",
            "B's team plays yellow on C3: a green pirate cannot join")


# -- K-CAPTAIN -----------------------------------------------------------------------


def test_captain_on_a_pirate_of_its_colour():
    """K-CAPTAIN: B's red captain joins B's red pirate and B controls A3."""
    game = legal(log("A B C", ["A: $3  B: R1@A3  C: draw", "A: Y4@A3  B: RC@A3"]))
    assert view(game)["table"][0]["character"] == {"card": "RC", "side": "B", "player": "B"}
    assert table(game) == {"A3": "B"}


def test_captain_on_the_partners_pirate():
    """K-CAPTAIN: in team play the side's pirate may be the partner's."""
    rounds = ["A: draw  B: draw  C: $3  D: draw", "A: Y1@C3  B: draw  C: R2@C3  D: draw",
              "A: draw  B: YC@C3"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    assert view(game)["table"][0]["character"] == {"card": "YC", "side": "A+B", "player": "B"}
    assert table(game) == {"C3": "A+B"}


def test_captain_without_a_pirate():
    """K-CAPTAIN: a captain opens nothing."""
    illegal(log("A B C", ["A: $3  B: YC@A3"]), "K-CAPTAIN", "B: ^YC@A3",
            "the yellow captain needs a yellow pirate of B on A3 first, and there is no pirate")


def test_captain_of_another_colour():
    """K-CAPTAIN: B plays yellow on A3, so the red captain may not join."""
    illegal(log("A B C", ["A: $3  B: Y1@A3  C: draw", "A: R1@A3  B: RC@A3"]), "K-CAPTAIN", "B: ^RC@A3",
            "the red captain needs a red pirate of B on A3 first, and there are yellow pirates")


# -- K-ADMIRAL -----------------------------------------------------------------------


def test_admiral_on_ones_own_galleon_without_pirates():
    """K-ADMIRAL: the admiral needs no pirate, and it beats B's pirates."""
    game = legal(log("A B C", ["A: $3  B: R4@A3  C: draw", "A: AD@A3  B: R4@A3  C: draw", "A: xA3 draw"]))
    assert detail(game, "captured") == {"A": [3], "B": [], "C": []}


def test_admiral_on_a_galleon_of_the_team():
    """K-ADMIRAL: in team play, on a galleon the partner placed."""
    rounds = ["A: $3  B: draw  C: R2@A3  D: draw", "A: draw  B: AD@A3"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    assert view(game)["table"][0]["character"] == {"card": "AD", "side": "A+B", "player": "B"}


def test_admiral_on_someone_elses_galleon():
    """K-ADMIRAL: only on one's own galleon."""
    illegal(log("A B C", ["A: $3  B: AD@A3"]), "K-ADMIRAL", "B: AD@^A3",
            "the admiral may be played only on a galleon of B's own; A3 was placed by A")


# -- K-CHARACTER ---------------------------------------------------------------------

CHASE = ["A: $3  B: R1@A3  C: draw", "A: AD@A3  B: RC@A3 ~AD  C: draw"]


def test_character_a_captain_chases_the_admiral():
    """K-CHARACTER: B's captain chases A's admiral, which leaves the game; the captain
    stays and B captures A3 on its next turn."""
    game = legal(log("A B C", CHASE))
    assert view(game)["table"][0]["character"] == {"card": "RC", "side": "B", "player": "B"}
    assert (view(game)["out_of_game"], table(game)) == (1, {"A3": "B"})
    game = legal(log("A B C", CHASE + ["A: draw  B: xA3 draw"]))
    assert detail(game, "captured") == {"A": [], "B": [3], "C": []}
    assert view(game)["out_of_game"] == 3  # the admiral, then R1 and RC with the galleon


def test_character_the_chase_is_recorded_even_unstated():
    """K-CHARACTER: the chase happens whether or not the log states it."""
    game = legal(log("A B C", ["A: $3  B: R1@A3  C: draw", "A: AD@A3  B: RC@A3"]))
    assert view(game)["last_chased"] == "AD"


def test_character_a_stated_chase_of_a_character_not_there():
    """K-CHARACTER: A3 carries the admiral, not the yellow captain."""
    rounds = ["A: $3  B: R1@A3  C: draw", "A: AD@A3  B: RC@A3 ~YC"]
    illegal(log("A B C", rounds), "K-CHARACTER", "B: RC@A3 ^~YC",
            "the log says YC is chased, but A3 carries AD")


# -- K-TEAM-ROUND --------------------------------------------------------------------


def test_team_round_defending_a_galleon_the_partner_just_placed():
    """K-TEAM-ROUND: placing a galleon is no attack; B may defend A3 at once."""
    game = legal(log("A B C D", ["A: $3  B: Y1@A3  C: R2@A3  D: draw"], **TEAMS4))
    assert table(game) == {"A3": "C+D"}
    forces = view(game)["table"][0]["forces"]
    assert [(f["side"], f["strength"]) for f in forces] == [("A+B", 1), ("C+D", 2)]


def test_team_round_the_partner_plays_elsewhere():
    """K-TEAM-ROUND: only the galleon A just played on is closed to B."""
    rounds = ["A: draw  B: draw  C: $3  D: $4", "A: Y2@C3  B: Y1@D4"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    assert table(game) == {"C3": "A+B", "D4": "A+B"}


def test_team_round_both_partners_on_one_galleon_in_a_round():
    """K-TEAM-ROUND: B may not follow A on C3 in the same round."""
    rounds = ["A: draw  B: draw  C: $3  D: draw", "A: Y2@C3  B: Y1@C3"]
    illegal(log("A B C D", rounds, **TEAMS4), "K-TEAM-ROUND", "B: Y1@^C3",
            "A played on C3 just before: partners may not both play on one galleon in the same round")


# -- K-CONTROL -----------------------------------------------------------------------


def test_control_is_the_sum_of_strengths_not_the_number_of_cards():
    """K-CONTROL: A's single Y4 beats B's R1 + R2 (3 with two cards)."""
    rounds = ["A: $3  B: R1@A3  C: draw", "A: Y4@A3  B: R2@A3  C: draw"]
    game = legal(log("A B C", rounds))
    assert table(game) == {"A3": "A"}
    game = legal(log("A B C", rounds + ["A: xA3 draw"]))
    assert detail(game, "captured") == {"A": [3], "B": [], "C": []}


def test_control_a_tied_galleon_stays_on_the_table():
    """K-CONTROL: tied leaders control nothing; the galleon waits, even for its owner."""
    rounds = ["A: $3  B: R2@A3  C: G2@A3", "A: draw  B: draw  C: draw", "A: draw"]
    game = legal(log("A B C", rounds))
    assert table(game) == {"A3": None}
    assert detail(game, "captured") == {"A": [], "B": [], "C": []}


def test_control_a_character_beats_any_strength():
    """K-CONTROL: A's Y1 with the yellow captain holds C8 against B's R4 + R4."""
    rounds = ["A: draw  B: draw  C: $8",
              "A: Y1@C8  B: R4@C8  C: draw",
              "A: YC@C8  B: R4@C8  C: draw"]
    game = legal(log("A B C", rounds))
    forces = view(game)["table"][0]["forces"]
    assert [(f["side"], f["strength"], len(f["cards"])) for f in forces] == [("A", 1, 1), ("B", 8, 2)]
    assert table(game) == {"C8": "A"}
    game = legal(log("A B C", rounds + ["A: xC8 draw"]))
    assert detail(game, "captured") == {"A": [8], "B": [], "C": []}


def test_control_several_captures_in_one_capture_phase():
    """K-CONTROL / K-TEAM-CAPTURE: one capture phase of A takes both the team's
    unattacked galleons, A2 and B3."""
    rounds = ["A: $2  B: $3  C: draw  D: draw", "A: xA2 xB3 draw"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    assert detail(game, "captured") == {"A+B": [3, 2], "C+D": []}
    assert view(game)["last_captures"] == [2, 3]
    assert table(game) == {}


def test_control_a_stated_capture_of_a_tied_galleon():
    """K-CONTROL (stated capture): A3 is tied, so A does not take it."""
    rounds = ["A: $3  B: R2@A3  C: G2@A3", "A: xA3 draw"]
    first = illegal(log("A B C", rounds), "K-CONTROL", "A: ^xA3",
                    "the log says A captures A3, but it is held in a tie")
    assert first.facts == {"galleon": "A3", "controller": None}


def test_control_a_stated_capture_of_a_galleon_another_side_holds():
    """K-CONTROL (stated capture): B leads on A3."""
    rounds = ["A: $3  B: R2@A3  C: draw", "A: xA3 draw"]
    illegal(log("A B C", rounds), "K-CONTROL", "A: ^xA3", "the log says A captures A3, but B controls it")


def test_control_a_stated_capture_of_a_galleon_not_on_the_table():
    """K-CONTROL (stated capture): there is no B5 to take."""
    rounds = ["A: $3  B: draw  C: draw", "A: xA3 xB5 draw"]
    illegal(log("A B C", rounds), "K-CONTROL", "A: xA3 ^xB5",
            "the log says A captures B5, but there is no galleon B5 on the table")


def test_control_a_stated_capture_with_an_ambiguous_name():
    """K-CONTROL (stated capture): 'A3' names two galleons; the message quotes the naming problem as written."""
    rounds = ["A: $3  B: R1@A3  C: G1@A3", "A: $3  B: draw  C: draw", "A: xA3 draw"]
    first = illegal(log("A B C", rounds), "K-CONTROL", "A: ^xA3",
                    "the log says A captures A3, but A3 is ambiguous: A has 2 galleons of 3 on the table")
    assert first.notes[0] == "name one by the round it was placed: A3/1 or A3/2"


# -- K-TEAM-CAPTURE ------------------------------------------------------------------


def test_team_capture_the_first_mate_takes_the_partners_unattacked_galleon():
    """K-TEAM-CAPTURE / K-GALLEON: B's galleon belongs to the team; A captures it."""
    game = legal(log("A B C D", ["A: draw  B: $4  C: draw  D: draw", "A: xB4 draw"], **TEAMS4))
    assert detail(game, "captured") == {"A+B": [4], "C+D": []}


def test_team_capture_the_second_mate_has_no_capture_phase():
    """K-TEAM-CAPTURE: the team holds C3 at the start of B's turn, yet B takes nothing;
    A takes C3 on the next turn."""
    rounds = ["A: draw  B: draw  C: $3  D: draw", "A: Y2@C3  B: draw"]
    game = legal(log("A B C D", rounds, **TEAMS4))
    assert table(game) == {"C3": "A+B"}
    assert view(game)["last_captures"] == []
    game = legal(log("A B C D", rounds[:1] + ["A: Y2@C3  B: draw  C: draw  D: draw", "A: xC3 draw"],
                     **TEAMS4))
    assert detail(game, "captured") == {"A+B": [3], "C+D": []}


def test_team_capture_stated_by_the_second_mate():
    """K-TEAM-CAPTURE (stated capture): B may not claim C3 while A still has turns."""
    rounds = ["A: draw  B: draw  C: $3  D: draw", "A: Y2@C3  B: xC3 draw"]
    illegal(log("A B C D", rounds, **TEAMS4), "K-TEAM-CAPTURE", "B: ^xC3",
            "the log says B captures C3, but only the first mate, A, captures for the team "
            "while A still has turns")


# -- the ends of games: a solo game of five, and a team game of eight ------------------

# Five players, no deal shown: A empties its hand, B..E mostly draw. B6 ends tied
# (Y3 against R3), C3 is never attacked, and A's last card takes D4 from E.
SOLO_END = [
    "A: $5  B: $6  C: draw  D: draw  E: draw",
    "A: Y3@B6  B: R3@B6  C: draw  D: draw  E: draw",
    "A: $2  B: draw  C: draw  D: draw  E: draw",
    "A: $3  B: draw  C: draw  D: draw  E: draw",
    "A: $4  B: draw  C: draw  D: draw  E: draw",
    "A: $7  B: draw  C: draw  D: draw  E: draw",
    "A: draw  B: draw  C: draw  D: draw  E: draw",
    "A: $8  B: draw  C: draw  D: draw  E: draw",
    "A: draw  B: draw  C: draw  D: draw  E: draw",
    "A: $2  B: draw  C: draw  D: draw  E: draw",
    "A: draw  B: draw  C: $2  D: $2  E: $2",
    "A: $3  B: draw  C: draw  D: draw  E: draw",
    "A: draw  B: draw  C: $3  D: $4  E: B2@D4",  # B draws the deck's last card
    "A: Y4@D4",  # A's last card, the deck empty: the game ends at once
]
# Galleons nobody placed: $3 x3, $4 x3, $5 x4, $6, held at the end by B..E.
SOLO_END_GALLEONS = {"B": "$6 $5 $5", "C": "$5", "D": "$5 $4 $4 $4", "E": "$3 $3 $3"}


def solo_end(result: str | None = None) -> str:
    """The five-player game with the hands at the end, and a claimed result if given."""
    tags = {"EndHands": end_hands(FIVE, SOLO_END, SOLO_END_GALLEONS)}
    if result is not None:
        tags["Result"] = result
    return log(FIVE, SOLO_END, **tags)


def test_end_when_a_player_puts_down_the_last_card():
    """K-END: with the deck empty, A's last card ends the game at once."""
    game = legal(log(FIVE, SOLO_END))
    assert (game.outcome.finished, view(game)["next"], view(game)["deck"]) == (True, None, 0)
    assert view(game)["hands"]["A"]["size"] == 0
    game = legal(log(FIVE, SOLO_END[:-1]))
    assert (game.outcome.finished, view(game)["next"]) == (False, "A")


def test_end_when_the_last_card_is_drawn_and_a_hand_is_already_empty():
    """K-END: A put down its last card while the deck still held three; the game ends
    as D draws the deck's last card, before E moves."""
    rounds = SOLO_END[:10] + ["A: draw  B: draw  C: draw  D: draw  E: draw",
                              "A: $3  B: draw  C: draw  D: draw"]
    game = legal(log(FIVE, rounds))
    assert (game.outcome.finished, view(game)["deck"], view(game)["hands"]["A"]["size"]) == (True, 0, 0)
    rounds[-1] += "  E: draw"
    illegal(log(FIVE, rounds), "K-END", "^E: draw",
            "the game is already over: the deck is empty and A holds no card")


def test_end_nothing_is_played_after_the_end():
    """K-END: after A's last card nobody moves."""
    rounds = SOLO_END[:-1] + ["A: Y4@D4  B: discard G1"]
    illegal(log(FIVE, rounds), "K-END", "^B: discard G1",
            "the game is already over: the deck is empty and A holds no card")


def test_end_no_round_begins_after_the_end():
    """K-END: not even a round number."""
    text = log(FIVE, SOLO_END) + "15. B: discard G1\n"
    illegal(text, "K-END", "^15.", "the game is already over: the deck is empty and A holds no card")


def test_end_the_final_sweep():
    """K-END / K-CONTROL: at the end every galleon goes to the side controlling it:
    D4 to A (Y4 against E's B2), C3 (never attacked) to its owner C."""
    game = legal(log(FIVE, SOLO_END))
    assert detail(game, "swept") == {"A": [4], "B": [], "C": [3], "D": [], "E": []}
    assert detail(game, "captured") == {"A": [8, 7, 5, 4, 3, 3, 2, 2], "B": [], "C": [2],
                                        "D": [2], "E": [2]}


def test_end_a_tied_galleon_stays_and_counts_for_nobody():
    """K-END / K-CONTROL: B6, tied 3 to 3, stays on the table at the end."""
    game = legal(log(FIVE, SOLO_END))
    assert game.outcome.summary["left_on_table"] == ["B6"]
    assert view(game)["left_on_table"] == ["B6"]
    assert all(6 not in side.details["captured"] + side.details["swept"] for side in game.outcome.sides)


# Eight players in four teams, no deal shown. A and B put down all their cards (B
# draws once); C..H draw the deck (30 cards) empty in round 6. A, empty, has no more
# turns: rounds 7 and 8 begin with B, who then has the capture phase.
TEAM_END = [
    "A: $2  B: Y1@A2  C: $8  D: draw  E: draw  F: draw  G: draw  H: draw",
    "A: $2  B: Y1@A2  C: $7  D: draw  E: draw  F: draw  G: draw  H: draw",
    "A: $3  B: draw  C: $6  D: draw  E: draw  F: draw  G: draw  H: draw",
    "A: $3  B: Y2@A3  C: draw  D: draw  E: draw  F: draw  G: draw  H: draw",
    "A: $4  B: Y2@A4  C: draw  D: draw  E: draw  F: draw  G: draw  H: draw",
    "A: $5  B: Y2@A5  C: draw  D: draw  E: discard G1  F: discard G1  G: discard G2  H: discard G2",
    "B: xA5 $2  C: discard R1  D: discard R1  E: discard R2  F: discard R2  G: discard B1  H: discard B1",
    "B: discard Y3",
]
EIGHT = "A B C D E F G H"
TEAMS8 = {"Teams": "A+B C+D E+F G+H"}
# Galleons nobody placed ($2 x2, $3 x4, $4 x4, $5 x4, $6: 58 gold) stay with E+F and G+H.
TEAM_END_GALLEONS = {"E": "$6 $5 $5", "F": "$5 $5", "G": "$4 $4 $4 $4", "H": "$3 $3 $3 $3 $2 $2"}


def team_end(result: str | None = None) -> str:
    """The eight-player game with the hands at the end, and a claimed result if given."""
    tags = {**TEAMS8, "EndHands": end_hands(EIGHT, TEAM_END, TEAM_END_GALLEONS)}
    if result is not None:
        tags["Result"] = result
    return log(EIGHT, TEAM_END, **tags)


def test_end_in_team_play_one_empty_mate_does_not_end_the_game():
    """K-END: after round 6 the deck is empty and A holds nothing, but B holds a card."""
    game = legal(log(EIGHT, TEAM_END[:6], **TEAMS8))
    state = view(game)
    assert (state["over"], state["deck"], state["next"]) == (False, 0, "B")
    assert (state["hands"]["A"]["size"], state["hands"]["B"]["size"]) == (0, 2)


def test_end_in_team_play_when_both_mates_are_empty():
    """K-END: B's last card ends the game, though C..H still hold cards."""
    game = legal(log(EIGHT, TEAM_END, **TEAMS8))
    assert game.outcome.finished
    sizes = {player: hand["size"] for player, hand in view(game)["hands"].items()}
    assert sizes == {"A": 0, "B": 0, "C": 5, "D": 11, "E": 9, "F": 9, "G": 9, "H": 9}
    illegal(log(EIGHT, TEAM_END[:-1] + ["B: discard Y3  C: discard R3"], **TEAMS8), "K-END",
            "^C: discard R3", "the game is already over: the deck is empty and A and B hold no card")


def test_end_in_team_play_an_empty_player_with_a_partner_holding_cards_is_skipped():
    """K-END: A has no more turns, so round 7 begins with B; a move by A breaks K-END,
    which comes before K-ORDER."""
    game = legal(log(EIGHT, TEAM_END[:6] + ["B: xA5 $2  C: discard R1"], **TEAMS8))
    assert (view(game)["next"], view(game)["over"]) == ("D", False)
    rounds = TEAM_END[:6] + ["A: discard Y3"]
    illegal(log(EIGHT, rounds, **TEAMS8), "K-END", "7. ^A",
            "A has no more turns: the deck is empty and A holds no card, while B still does")


def test_end_a_player_without_turns_moving_later_in_the_round():
    """K-END before K-ORDER: A, out of turns, moves where C is due; the move breaks
    K-END, not merely the seat order."""
    rounds = TEAM_END[:6] + ["B: xA5 $2  A: discard Y3"]
    illegal(log(EIGHT, rounds, **TEAMS8), "K-END", "7. B: xA5 $2  ^A",
            "A has no more turns: the deck is empty and A holds no card, while B still does")


def test_team_capture_passes_to_the_partner_once_the_first_mate_is_out():
    """K-TEAM-CAPTURE: with A out of turns, B's turn has the capture phase: B takes A5,
    then its own B2."""
    game = legal(log(EIGHT, TEAM_END[:6] + ["B: xA5 $2"], **TEAMS8))
    assert view(game)["last_captures"] == [5]
    assert detail(game, "captured")["A+B"] == [5, 4, 3, 3, 2, 2]
    game = legal(log(EIGHT, TEAM_END, **TEAMS8))
    assert view(game)["last_captures"] == [2]
    assert detail(game, "captured")["A+B"] == [5, 4, 3, 3, 2, 2, 2]


# -- K-SCORE -------------------------------------------------------------------------

def test_score_captured_gold_minus_galleons_in_hand():
    """K-SCORE: A 34 captured + 4 swept; B holds 16 in galleons; C 2 + 3 - 5;
    D 2 - 17; E 2 - 9. The claimed result matches."""
    game = legal(solo_end("A=38 B=-16 C=0 D=-15 E=-7"))
    assert scores(game) == {"A": 38, "B": -16, "C": 0, "D": -15, "E": -7}
    assert detail(game, "galleons_in_hand") == {"A": [], "B": [6, 5, 5], "C": [5], "D": [5, 4, 4, 4],
                                                "E": [3, 3, 3]}
    assert (game.outcome.winners, game.outcome.claim) == (["A"], "holds")


def test_score_equal_scores_share_the_win():
    """K-SCORE: A+B captured 21 and C+D captured 21 (C's 8, 7 and 6), neither team
    holds a galleon: both win."""
    game = legal(team_end("A+B=21 C+D=21 E+F=-26 G+H=-32"))
    assert scores(game) == {"A+B": 21, "C+D": 21, "E+F": -26, "G+H": -32}
    assert game.outcome.winners == ["A+B", "C+D"]


def test_score_partners_hands_count_together():
    """K-SCORE: E+F's galleons in hand are E's and F's together."""
    game = legal(team_end())
    assert detail(game, "galleons_in_hand")["E+F"] == [6, 5, 5, 5, 5]


def test_score_a_random_complete_game_adds_up():
    """K-SCORE: in a complete game with its deal, each score is the gold captured and
    swept minus the galleons left in hand, and the claimed result holds."""
    record, _ = random_game(GAMES["korsar"], ["A", "B", "C"], False, "rulings")
    game = legal(format_game(record, GAMES["korsar"]))
    assert game.outcome.finished and game.outcome.claim == "holds"
    for side in game.outcome.sides:
        gold = sum(side.details["captured"]) + sum(side.details["swept"])
        assert side.score == gold - sum(side.details["galleons_in_hand"])
    best = max(side.score for side in game.outcome.sides)
    assert game.outcome.winners == [side.side for side in game.outcome.sides if side.score == best]


def test_score_a_claim_that_cannot_be_checked():
    """K-SCORE / K-HIDDEN: without the deal or the hands at the end, B..E's scores are
    unknown; the claim is not checked, which is a warning, not an error."""
    text = log(FIVE, SOLO_END, Result="A=38 B=0 C=5 D=2 E=2")
    game = replay(text)
    assert game.verdict == "legal"
    [warning] = game.diagnostics
    assert (warning.code, warning.severity, warning.span.line, warning.span.col) == (
        "K-SCORE", "warning", *where(text, '[Result "^'))
    assert warning.message == "the claimed result cannot be checked: some hands at the end are unknown"
    assert scores(game) == {"A": 38, "B": None, "C": None, "D": None, "E": None}
    assert (game.outcome.claim, game.outcome.winners) == ("not checked", [])


def test_score_a_claim_judged_on_the_sides_that_are_known():
    """K-SCORE / K-HIDDEN: without EndHands only A's score (38, its hand empty) is known;
    a claim giving A another score is false, whatever the unknown sides claim."""
    text = log(FIVE, SOLO_END, Result="A=30 B=0 C=5 D=2 E=2")
    first = illegal(text, "K-SCORE", '[Result "^', "the log claims A scores 30, but A scores 38")
    assert first.severity == "error"
    assert replay(text).outcome.claim == "false"


def test_score_a_false_claim():
    """K-SCORE: the Result tag must match the score."""
    text = solo_end("A=38 B=-16 C=5 D=-15 E=-7")
    illegal(text, "K-SCORE", '[Result "^', "the log claims C scores 5, but C scores 0")


def test_score_a_finished_game_claimed_unfinished():
    """K-SCORE: a game that reached its end does not claim '*'."""
    first = illegal(solo_end("*"), "K-SCORE", '[Result "^',
                    "the game is over, but the log claims it unfinished ('*')")
    assert first.notes == ["score: A=38 B=-16 C=0 D=-15 E=-7"]


def test_score_every_side_is_named():
    """K-SCORE: the claim names every side once."""
    illegal(solo_end("A=38 B=-16 C=0 D=-15"), "K-SCORE", '[Result "^',
            "the claimed result must name every side once: A, B, C, D, E")


# -- K-HIDDEN ------------------------------------------------------------------------


def test_hidden_end_hands_that_fit():
    """K-HIDDEN: the hands shown at the end hold the right counts, include what was seen
    drawn, and fit the unseen cards; they make the hands known."""
    text = log("A B C", ["A: draw Y3  B: draw  C: $4"],
               EndHands="A: $2 $2 $2 $2 $2 Y3 Y3 / B: $3 $3 $3 $3 $3 $3 R1 / C: G1 G1 G2 G2 G2")
    game = legal(text)
    assert view(game)["hands"]["A"] == {"size": 7, "known": ["$2"] * 5 + ["Y3", "Y3"], "unknown": 0}


def test_hidden_a_shown_draw_must_be_the_top_of_the_deck():
    """K-HIDDEN: with the deal known, a card shown on a draw is the deck's top."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"}, deck_top="$6 YC")
    illegal(log("A B", ["A: draw YC"], **tags), "K-HIDDEN", "A: draw ^YC",
            "the deal puts $6 on top of the deck, not YC")


def test_hidden_end_hands_of_the_wrong_size():
    """K-HIDDEN: A drew once, so A holds seven cards."""
    text = log("A B C", ["A: draw  B: draw  C: draw"],
               EndHands="A: $2 $2 $2 $2 $2 $3 / B: - / C: -")
    illegal(text, "K-HIDDEN", '[EndHands "^', "A holds 7 cards at the end, but the log shows 6")


def test_hidden_end_hands_without_a_card_seen_drawn():
    """K-HIDDEN: A was seen drawing Y3, so its hand at the end shows it."""
    text = log("A B C", ["A: draw Y3"],
               EndHands="A: $2 $2 $2 $2 $2 $3 $3 / B: G1 G1 G2 G2 G2 G2 / C: B1 B1 B2 B2 B2 B2")
    illegal(text, "K-HIDDEN", '[EndHands "^', "A was seen to take Y3, which the shown hand lacks")


def test_hidden_end_hands_with_a_card_too_many():
    """K-HIDDEN / K-CARDS: the hands at the end may not show the only $8 again."""
    text = log("A B C", ["A: $8"],
               EndHands="A: $2 $2 $2 $2 $8 / B: R1 R1 R2 R2 R2 R2 / C: G1 G1 G2 G2 G2 G2")
    illegal(text, "K-CARDS", '[EndHands "^', "Korsar has 1 $8 card, and every one is already accounted for")


def test_hidden_end_hands_with_the_deal_must_be_the_dealt_hands():
    """K-HIDDEN: with the deal known, the hands shown at the end are the ones it gives."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"})
    tags["EndHands"] = "A: Y1 Y2 R1 R2 YC / B: $7 G1 G2 B1 B2 BC"
    illegal(log("A B", ["A: $8"], **tags), "K-HIDDEN", '[EndHands "^',
            "the hand shown for A is not the one the deal gives: AD R1 R2 Y1 Y2")


# -- K-CLAIM -------------------------------------------------------------------------


def test_claim_true_statements_are_accepted():
    """K-CLAIM: a true stated capture and a true stated chase."""
    game = legal(log("A B C", CHASE + ["A: draw  B: xA3 draw"]))
    assert detail(game, "captured")["B"] == [3]


def test_claim_true_statements_are_what_the_moves_do():
    """K-CLAIM: B's stated chase (~AD) is the chase B's captain makes, B's stated capture
    (xA3) the one B's capture phase makes; the same moves unstated leave the same state."""
    chased = legal(log("A B C", ["A: $3  B: R1@A3  C: draw", "A: AD@A3  B: RC@A3 ~AD"]))
    assert view(chased)["last_chased"] == "AD"
    rounds = CHASE + ["A: draw  B: xA3 draw"]
    stated = legal(log("A B C", rounds))
    assert view(stated)["last_captures"] == [3]
    unstated = [turns.replace(" ~AD", "").replace(" xA3", "") for turns in rounds]
    assert unstated != rounds
    assert view(legal(log("A B C", unstated))) == view(stated)


def test_claim_a_chase_stated_on_a_pirate():
    """K-CLAIM: a pirate chases nothing."""
    illegal(log("A B C", ["A: $3  B: R1@A3 ~AD"]), "K-CLAIM", "B: R1@A3 ^~AD",
            "only a captain or the admiral chases a character")


def test_claim_a_chase_stated_on_a_draw():
    """K-CLAIM: a draw chases nothing."""
    illegal(log("A B C", ["A: draw ~AD"]), "K-CLAIM", "A: draw ^~AD",
            "only a captain or the admiral played on a galleon chases a character")


# -- K-UNFINISHED --------------------------------------------------------------------


def test_unfinished_a_log_may_stop_early():
    """K-UNFINISHED: the moves are judged; the score is provisional and nobody wins."""
    game = legal(log("A B C", ["A: $3  B: draw  C: draw", "A: draw"], Result="*"))
    assert (game.outcome.finished, game.outcome.winners, game.outcome.claim) == (False, [], "holds")
    assert detail(game, "captured") == {"A": [3], "B": [], "C": []}
    assert scores(game) == {"A": None, "B": None, "C": None}


def test_unfinished_a_log_that_stops_early_claims_no_score():
    """K-UNFINISHED: a stopped log's Result is '*'."""
    text = log("A B C", ["A: $3  B: draw  C: draw", "A: draw"], Result="A=3 B=0 C=0")
    first = illegal(text, "K-UNFINISHED", '[Result "^',
                    "the log claims a final score, but it stops before the game's end")
    assert first.notes == ['an unfinished game is written [Result "*"]']


# -- K-EXAMPLE -----------------------------------------------------------------------

EXAMPLE = [
    "A: $3  B: draw  C: R2@A3",
    "A: Y3@A3  B: $2  C: R2@A3",
    "A: draw  B: xB2 $6  C: xA3 G3@B6",
    "A: B3@B6  B: AD@B6  C: $2",
    "A: BC@B6 ~AD  B: Y2@C2  C: draw",
    "A: xB6 G2@C2  B: draw  C: draw",
]


def test_example_the_rules_worked_example():
    """K-EXAMPLE: after turn 6, A holds 6 gold (B6, won with the blue captain), B 2 (its
    own unattacked B2), C 3 (A3, won 4 to 3); C2 is tied 2 to 2."""
    game = legal(log("A B C", EXAMPLE, Result="*"))
    assert game.moves == 18
    assert detail(game, "captured") == {"A": [6], "B": [2], "C": [3]}
    assert table(game) == {"C2": None}
    assert (game.outcome.finished, game.outcome.winners) == (False, [])


def test_example_after_turn_five_the_blue_captain_holds_b6():
    """K-EXAMPLE: A's blue captain chased B's admiral; A holds B6 against C's green 3."""
    game = legal(log("A B C", EXAMPLE[:5]))
    b6 = next(g for g in view(game)["table"] if g["galleon"] == "B6")
    assert b6["character"] == {"card": "BC", "side": "A", "player": "A"}
    assert b6["controlled_by"] == "A"


def test_example_the_misprinted_black_pirate():
    """K-EXAMPLE / K-CARDS: written as printed, the black (noir) pirate is no card."""
    rounds = list(EXAMPLE)
    rounds[1] = "A: N3@A3  B: $2  C: R2@A3"
    illegal(log("A B C", rounds), "K-CARDS", "A: ^N3@A3",
            "'N3' names colour 'N', which Korsar does not have: the colours are Y, R, G and B")


def test_example_claims_no_final_score():
    """K-EXAMPLE / K-UNFINISHED: the example stops after turn 6; it has no final score."""
    illegal(log("A B C", EXAMPLE, Result="A=6 B=2 C=3"), "K-UNFINISHED", '[Result "^',
            "the log claims a final score, but it stops before the game's end")


# -- precedence: when one move breaks several rules -----------------------------------


def test_precedence_end_before_order():
    """K-END before K-ORDER and K-HAND: after the end, A moves again with no card."""
    rounds = SOLO_END[:-1] + ["A: Y4@D4  A: discard G1"]
    illegal(log(FIVE, rounds), "K-END", "^A: discard G1")


def test_precedence_order_before_cards():
    """K-ORDER before K-CARDS: B moves out of turn with a card that does not exist."""
    illegal(log("A B C", ["B: P3"]), "K-ORDER", "1. ^B", "it is A's turn, not B's")


def test_precedence_cards_before_hand():
    """K-CARDS before K-HAND: a card that does not exist, not in the known hand."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"})
    illegal(log("A B", ["A: $9"], **tags), "K-CARDS", "A: ^$9")


def test_precedence_cards_before_hand_for_an_empty_hand():
    """K-CARDS before K-HAND: A's hand is empty, and P3 does not exist."""
    rounds = ["A: $2  B: draw  C: draw", "A: $2  B: draw  C: draw", "A: $3  B: draw  C: draw",
              "A: $3  B: draw  C: draw", "A: $4  B: draw  C: draw", "A: $4  B: draw  C: draw",
              "A: P3"]
    illegal(log("A B C", rounds), "K-CARDS", "7. A: ^P3")


def test_precedence_a_card_too_many_from_an_empty_hand():
    """K-CARDS before K-HAND: A's hand is empty and every $3 is already out."""
    rounds = ["A: $3  B: $3  C: draw", "A: $3  B: $3  C: draw", "A: $3  B: $3  C: draw",
              "A: $2  B: draw  C: draw", "A: $2  B: draw  C: draw", "A: $2  B: draw  C: draw",
              "A: $3"]
    illegal(log("A B C", rounds), "K-CARDS", "7. A: ^$3",
            "Korsar has 6 $3 cards, and every one is already accounted for")


def test_precedence_cards_before_draw():
    """K-CARDS before K-DRAW: a draw from the empty deck shows a card that does not exist."""
    rounds = DRAINED[:-1] + ["A: draw  B: draw  C: draw  D: draw P3"]
    illegal(log(FIVE, rounds), "K-CARDS", "D: draw ^P3")


def test_precedence_a_card_too_many_drawn_from_an_empty_deck():
    """K-CARDS before K-DRAW: the deck is empty and the only $8 is already on the table."""
    rounds = ["A: $8  B: draw  C: draw  D: draw  E: draw"] + draw_rounds(FIVE, 8) + [
        "A: draw  B: draw  C: draw  D: draw  E: draw $8"]  # 4 + 40 + 4 draws: D drew the last card
    illegal(log(FIVE, rounds), "K-CARDS", "E: draw ^$8",
            "Korsar has 1 $8 card, and every one is already accounted for")


def test_precedence_hand_before_discard():
    """K-HAND before K-DISCARD: A discards, with the deck full, a card it does not hold."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"})
    illegal(log("A B", ["A: discard B4"], **tags), "K-HAND", "A: discard ^B4", "A does not hold B4")


def test_precedence_hand_before_target():
    """K-HAND before K-TARGET: a card A does not hold, on a galleon that is not there."""
    tags = deal({"A": "$8 Y1 Y2 R1 R2 AD", "B": "$7 G1 G2 B1 B2 BC"})
    illegal(log("A B", ["A: G4@B5"], **tags), "K-HAND", "A: ^G4@B5", "A does not hold G4")


def test_precedence_a_galleon_discarded_while_the_deck_lasts():
    """K-DISCARD: a galleon discarded with the deck still full: the deck rule is cited."""
    illegal(log("A B C", ["A: discard $3"]), "K-DISCARD", "A: ^discard",
            "a card may be discarded only once the deck is empty")


def test_precedence_target_before_the_cards_own_rules():
    """K-TARGET before K-ADMIRAL: the admiral on a galleon that is not there."""
    illegal(log("A B C", ["A: $3  B: AD@A4"]), "K-TARGET", "B: AD@^A4",
            "there is no galleon A4 on the table")


def test_precedence_target_before_claims():
    """K-TARGET before K-CLAIM: a false capture stated with a missing target."""
    illegal(log("A B C", ["A: $3  B: xA3 R1@A5"]), "K-TARGET", "B: xA3 R1@^A5")


def test_precedence_the_cards_own_rules_before_claims():
    """K-CAPTAIN before the claims: no red pirate of B, and no admiral to chase either;
    and a false capture stated on it."""
    illegal(log("A B C", ["A: $3  B: xA3 RC@A3 ~AD"]), "K-CAPTAIN", "B: xA3 ^RC@A3")


# Each value: a test replaying a legal log whose state or outcome the ruling decides.
# The illegal cases are the samples named after each ruling (tests/test_samples.py).
LEGAL_CASES: dict[str, Callable[..., object]] = {
    "K-CARDS": test_cards_all_six_galleons_of_three_may_be_played,
    "K-PLAYERS": test_players_two_to_five_play_alone,
    "K-TEAMS": test_teams_six_players_in_teams_of_two,
    "K-SETUP": test_setup_a_seed_fixes_the_deal,
    "K-TURN": test_turn_the_capture_phase_is_automatic,
    "K-ORDER": test_order_players_move_in_seat_order_round_by_round,
    "K-HAND": test_hand_playing_dealt_and_drawn_cards,
    "K-DRAW": test_draw_the_last_card_of_the_deck,
    "K-TARGET": test_target_two_galleons_of_the_same_gold_are_named_by_round,
    "K-GALLEON": test_galleon_a_player_may_have_several,
    "K-PIRATE": test_pirate_one_side_one_colour_strengths_add_up,
    "K-TEAM-COLOUR": test_team_colour_partners_add_up_as_one_side,
    "K-CAPTAIN": test_captain_on_a_pirate_of_its_colour,
    "K-ADMIRAL": test_admiral_on_ones_own_galleon_without_pirates,
    "K-CHARACTER": test_character_a_captain_chases_the_admiral,
    "K-TEAM-ROUND": test_team_round_defending_a_galleon_the_partner_just_placed,
    "K-CONTROL": test_control_is_the_sum_of_strengths_not_the_number_of_cards,
    "K-TEAM-CAPTURE": test_team_capture_the_first_mate_takes_the_partners_unattacked_galleon,
    "K-DISCARD": test_discard_once_the_deck_is_empty,
    "K-END": test_end_when_a_player_puts_down_the_last_card,
    "K-HIDDEN": test_hidden_end_hands_that_fit,
    "K-SCORE": test_score_captured_gold_minus_galleons_in_hand,
    "K-CLAIM": test_claim_true_statements_are_what_the_moves_do,
    "K-UNFINISHED": test_unfinished_a_log_may_stop_early,
    "K-EXAMPLE": test_example_the_rules_worked_example,
}


def test_every_ruling_has_a_legal_case():
    assert sorted(LEGAL_CASES) == sorted(r.id for r in GAMES["korsar"].rulings)
