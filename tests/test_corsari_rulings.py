"""Corsari, ruling by ruling: for every C- id at least one legal log and one illegal one.

An illegal case asserts the first diagnostic exactly: its rule id, the line and the
column it points at, and its message. A legal case asserts that the log replays
without a single diagnostic and, where it matters, the state it leaves: hands, the
quay, each player's split, the penalty piles, the winners.

Most logs carry a hand-made deal: every hand, the quay as laid (exposed card last),
the card starting the pile and the deck, top first, with the cards not named
following in the documented unshuffled order. Logs without the deal give only the
quay and the pile (C-HIDDEN); seeded logs are checked against an independent copy
of the documented shuffle.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games import GAMES
from referee.games.corsari.cards import UNSHUFFLED
from referee.notation.writer import format_game
from referee.simulate import random_game

from . import judging
from .judging import documented_shuffle, where

# -- the cards -----------------------------------------------------------------------

COLOURS = "ROYGCBVPKW"
CARDS = tuple(f"{c}{v}" for c in COLOURS for v in range(1, 12))
"""The 110 cards in the documented unshuffled order: colours R O Y G C B V P K W,
each from 1 to 11."""


def run_of(colour: str, low: int, high: int) -> str:
    """`run_of("R", 1, 3)` is "R1 R2 R3"."""
    return " ".join(f"{colour}{v}" for v in range(low, high + 1))


def card_key(card: str) -> tuple[int, int]:
    return COLOURS.index(card[0]), int(card[1:])


def ordered(cards) -> list[str]:
    return sorted(cards, key=card_key)


# -- building logs -------------------------------------------------------------------


def deal(hands: dict[str, str], quay: str, pile: str, deck_top: str = "", out: str = "") -> str:
    """A round's whole deal: the hands (seat order), the quay as laid, the pile card,
    the deck starting with `deck_top`, then every other card still in play (not in
    `out`, the penalty piles) in the unshuffled order."""
    named = " ".join([*hands.values(), quay, pile, deck_top]).split()
    assert len(named) == len(set(named)), "a card is named twice"
    gone = set(out.split())
    assert not gone & set(named), "a penalised card is dealt"
    rest = [card for card in CARDS if card not in set(named) | gone]
    segments = [f"{player} {cards}" for player, cards in hands.items()]
    segments += [f"quay {quay}", f"pile {pile}", " ".join(["deck", *deck_top.split(), *rest])]
    return "deal: " + " / ".join(segments)


def public(quay: str, pile: str) -> str:
    """A round's deal as the table sees it (C-HIDDEN): the quay and the pile only."""
    return f"deal: quay {quay} / pile {pile}"


def log(rounds, players: str = "A B C", first: str = "A", **tags: str) -> str:
    """A Corsari log: one list of entries per round, numbered from 1; the first entry
    (usually the deal) follows the round number, each other entry has its own line."""
    lines = ['[Game "Corsari"]', f'[Players "{players}"]', f'[First "{first}"]']
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    lines.append("")
    for number, entries in enumerate(rounds, start=1):
        lines.append(f"{number}. {entries[0]}")
        lines += entries[1:]
    return "\n".join(lines) + "\n"


def quay_takes(order: str, quay: str, count: int) -> list[str]:
    """`count` turns, in the seat order `order`, each taking the exposed quay card and
    discarding it."""
    laid = quay.split()
    return [f"{order[i % len(order)]}: quay={laid[-1 - i]} -{laid[-1 - i]}" for i in range(count)]


# -- judging logs --------------------------------------------------------------------


def replay(text: str):
    return judging.replay(text, "t.corsari")


def legal(text: str):
    """Replay a log that must be legal: no diagnostic at all."""
    return judging.legal(text, "t.corsari")


def illegal(text: str, code: str, at: str, message: str | None):
    """Replay a log that must be illegal; its first error cites `code` at the place
    marked by `at` (see `where`), with exactly `message` (None only where the wording
    is not settled; the caller then asserts the facts)."""
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


def current(game) -> dict:
    return view(game)["current"]


def hand(game, player: str) -> list[str]:
    """The cards of a player's hand the referee knows, in card order."""
    return current(game)["hands"][player]["known"]


def split(game, player: str) -> dict:
    return current(game)["splits"][player]


def penalty(game) -> dict[str, int]:
    """How many penalty cards each player holds."""
    return {player: len(cards) for player, cards in view(game)["penalty"].items()}


def scores(game) -> dict[str, int]:
    return {side.side: side.score for side in game.outcome.sides}


def masters(game) -> dict[str, bool]:
    return {side.side: side.details["grand_master"] for side in game.outcome.sides}


# -- positions -----------------------------------------------------------------------

# Three players. The quay shows a yellow card (Y7) on a pink one (P1): the home-port
# colour is yellow until Y7 is taken, pink after.
BASE_HANDS = {
    "A": "R1 R2 R3 R4 R5 R6 G7 G8 Y1 Y2 K10 K11",
    "B": "O1 O2 O3 O4 O5 O6 C7 C8 Y3 Y4 K8 K9",
    "C": "B1 B2 B3 B4 B5 B6 V7 V8 Y5 Y6 K6 K7",
}
BASE_QUAY = "W1 W2 W3 W4 W5 W6 P1 Y7"
BASE = deal(BASE_HANDS, BASE_QUAY, "P11", "P2 P3 P4")
A_RAISES = "A: deck -P2 raise R1 R2 R3 R4 R5 R6 G7 G8"
B_RAISES = "B: raise O1 O2 O3 O4 O5 O6 C7 C8"
C_RAISES = "C: raise B1 B2 B3 B4 B5 B6 V7 V8"
BASE_ROUND = [BASE, A_RAISES, B_RAISES, C_RAISES]
"""A raises at once: stowaways K10 K11 (21); B's K8 K9 (17) and C's K6 K7 (13) are no
more, so A takes all six."""

# Three players for completions: the home-port colour is white and nobody holds a
# white card. A's crew R1 R2 R3 G4 G5 lacks the values 6 to 11.
FILL_HANDS = {
    "A": "R1 R2 R3 G4 G5 Y1 K1 K2 K3 K4 K5 K6",
    "B": "R6 R7 G7 G8 O1 O2 O3 O4 O5 O6 O7 O8",
    "C": "G6 R8 R10 G10 R4 B1 B2 B3 B4 B5 B6 B7",
}
FILL = deal(FILL_HANDS, run_of("W", 1, 8), "P11", "P1 P2 P3")
FILL_RAISE = "A: deck -P1 raise R1 R2 R3 G4 G5"
FILL_ROUND = [FILL, FILL_RAISE, "B: fill R6 R7 G8 raise O1 O2 O3 O4 O5 O6 O7 O8",
              "C: fill G6 R8 raise B1 B2 B3 B4 B5 B6 B7"]
"""A's stowaways Y1 K1..K6 (22); B after filling keeps G7 (7); C keeps R4 R10 G10 (24):
A takes his own and B's (8 cards), C his own (3)."""
FILL_PENALTY = "Y1 K1 K2 K3 K4 K5 K6 G7 R4 R10 G10"

# Two players, home-port colour white. A's crew R1..R6 G7 G8 leaves K1..K4 (10); B's
# full crew O1..O6 O9 O10 C7 C8 leaves K5 V5 (10).
PAIR_HANDS = {"A": "R1 R2 R3 R4 R5 R6 G7 G8 K1 K2 K3 K4",
              "B": "O1 O2 O3 O4 O5 O6 O9 O10 C7 C8 K5 V5"}
PAIR_QUAY = run_of("W", 1, 7)
PAIR = deal(PAIR_HANDS, PAIR_QUAY, "P11", "P1 P2")
PAIR_RAISE = "A: deck -P1 raise R1 R2 R3 R4 R5 R6 G7 G8"

# Four players with the deck drained: 52 deck cards, one turn each.
FOUR_HANDS = {"A": run_of("R", 1, 11) + " K1", "B": run_of("O", 1, 11) + " K2",
              "C": run_of("Y", 1, 11) + " K3", "D": run_of("G", 1, 11) + " K4"}
FOUR = deal(FOUR_HANDS, run_of("W", 1, 9), "W10")
FOUR_DECK = FOUR.split(" / deck ")[1].split()


def drain(count: int) -> list[str]:
    """The first `count` turns of FOUR, each taking the deck's top card and discarding it."""
    return [f"{'ABCD'[i % 4]}: deck -{FOUR_DECK[i]}" for i in range(count)]


# A game of three rounds' worth of pieces that reaches 35 penalty cards in round 1:
# B raises with an empty crew and the greatest total, and takes all 36 stowaways.
TRIGGER_HANDS = {"A": run_of("O", 1, 11) + " V1", "B": run_of("C", 1, 11) + " V2",
                 "C": run_of("B", 1, 10) + " V3 V4"}
TRIGGER_ROUND = [deal(TRIGGER_HANDS, run_of("W", 1, 8), "P11", "P1 P2"),
                 "A: deck -P1", "B: deck -P2 raise", "C: raise", "A: raise"]
TRIGGER_PENALTY = " ".join(TRIGGER_HANDS.values())


def last_round(order: str, out: str = TRIGGER_PENALTY) -> list[str]:
    """A round whose first player (order[0]) raises at once with a full crew and one
    stowaway, K1: he wins it; the other two raise with empty crews and keep their
    twelve stowaways (Y1..Y11 K2 = 68, then R7..R11 G1..G6 K3 = 69)."""
    given = {order[0]: run_of("R", 1, 6) + " " + run_of("G", 7, 11) + " K1",
             order[1]: run_of("Y", 1, 11) + " K2",
             order[2]: run_of("R", 7, 11) + " " + run_of("G", 1, 6) + " K3"}
    hands = {player: given[player] for player in sorted(given)}
    return [deal(hands, run_of("W", 1, 8), "P11", "P1", out=out),
            f"{order[0]}: deck -P1 raise {run_of('R', 1, 6)} {run_of('G', 7, 11)}",
            f"{order[1]}: raise", f"{order[2]}: raise"]


TRIGGER_GAME = [TRIGGER_ROUND, last_round("BCA")]
"""After round 1: B 36 (trigger). Round 2, the extra one: A 12, B 36, C 12."""


# -- C-CARDS -------------------------------------------------------------------------


def test_cards_the_110_cards_in_their_documented_order():
    """C-CARDS: ten colours R O Y G C B V P K W, each with one card of every value 1 to 11."""
    assert UNSHUFFLED == CARDS
    assert len(set(CARDS)) == 110


def test_cards_a_deal_of_all_110_cards_is_accepted():
    """C-CARDS: a deal naming each of the 110 cards once; A takes the deck's top card."""
    game = legal(log([[BASE, "A: deck=P2 -K11"]]))
    assert hand(game, "A") == ordered("R1 R2 R3 R4 R5 R6 G7 G8 Y1 Y2 P2 K10".split())
    assert (current(game)["deck"], current(game)["pile_top"], current(game)["pile"]) == (64, "K11", 2)


def test_cards_a_colour_corsari_does_not_have():
    """C-CARDS: there is no X colour."""
    text = log([[BASE, "A: deck -X7"]])
    illegal(text, "C-CARDS", "A: deck ^-X7",
            "'X7' names colour 'X', which Corsari does not have: the colours are "
            "R, O, Y, G, C, B, V, P, K, W")


def test_cards_no_value_above_eleven():
    """C-CARDS: values run from 1 to 11."""
    text = log([[BASE, "A: deck -R12"]])
    illegal(text, "C-CARDS", "A: deck ^-R12", "'R12' is no Corsari card: values run from 1 to 11")


def test_cards_an_unknown_card_in_the_deal():
    """C-CARDS: the deal itself names a card that does not exist."""
    text = log([[BASE.replace("pile P11", "pile X11"), "A: deck -P2"]])
    illegal(text, "C-CARDS", "deal: ^",
            "'X11' names colour 'X', which Corsari does not have: the colours are "
            "R, O, Y, G, C, B, V, P, K, W")


def test_cards_a_card_seen_in_two_places():
    """C-CARDS: without the deal, A shows drawing W8, which lies in the quay."""
    text = log([[public(run_of("W", 1, 8), "P11"), "A: deck=W8 -R1"]])
    first = illegal(text, "C-CARDS", "A: ^deck=W8", "Corsari has one W8, and it is already elsewhere")
    assert first.notes == ["in a log without the deal, a card's place is known once it is seen (C-HIDDEN)"]


# -- C-PLAYERS -----------------------------------------------------------------------


def test_players_two_play_with_a_quay_of_seven():
    """C-PLAYERS / C-SETUP: two players, seven quay cards."""
    game = legal(log([[PAIR, "A: deck -P1"]], players="A B"))
    assert (current(game)["quay"], current(game)["deck"]) == (PAIR_QUAY.split(), 77)


def test_players_four_play_with_a_quay_of_nine():
    """C-PLAYERS / C-SETUP: four players, nine quay cards."""
    game = legal(log([[FOUR] + drain(4)], players="A B C D"))
    assert (current(game)["quay"], current(game)["deck"], view(game)["next"]) == (run_of("W", 1, 9).split(), 48, "A")


def test_players_five_are_too_many():
    """C-PLAYERS: 2 to 4 players."""
    text = log([[BASE]], players="A B C D E")
    illegal(text, "C-PLAYERS", '[Players "^', "Corsari is played by 2 to 4 players, not 5")


def test_players_one_is_too_few():
    """C-PLAYERS: 2 to 4 players."""
    text = log([[BASE]], players="A")
    illegal(text, "C-PLAYERS", '[Players "^', "Corsari is played by 2 to 4 players, not 1")


def test_players_a_seat_taken_twice():
    """C-PLAYERS: each player has one seat."""
    text = log([[BASE]], players="A B A")
    illegal(text, "C-PLAYERS", '[Players "^', "player 'A' is seated twice")


def test_players_a_word_of_the_notation_is_no_name():
    """C-PLAYERS: 'deck' cannot name a player."""
    text = log([[BASE]], players="A deck")
    first = illegal(text, "C-PLAYERS", '[Players "^', "'deck' is a word of Corsari notation and cannot name a player")
    assert first.notes == ["reserved: deal deck dismiss fill pile quay raise stow"]


# -- C-SETUP -------------------------------------------------------------------------


def seeded(seed: str, round_number: int, out: set[str] = frozenset()) -> list[str]:
    """A seeded round's cards as dealt: the cards in play, in the unshuffled order,
    shuffled with "<seed>:<round>"."""
    return documented_shuffle([card for card in CARDS if card not in out], f"{seed}:{round_number}")


def test_setup_a_seed_fixes_the_deal():
    """C-SETUP: with a seed, twelve consecutive cards to each seat in order, then the
    quay as laid, the pile card and the deck, top first."""
    dealt = seeded("corsari", 1)
    top = dealt[45]
    game = legal(log([[f"A: deck={top} -{top}"]], Seed="corsari"))
    assert hand(game, "A") == ordered(dealt[0:12])
    assert hand(game, "B") == ordered(dealt[12:24])
    assert hand(game, "C") == ordered(dealt[24:36])
    assert current(game)["quay"] == dealt[36:44]
    assert (current(game)["pile"], current(game)["pile_top"], current(game)["deck"]) == (2, top, 64)


def test_setup_a_seeded_round_after_a_void_one_reshuffles_every_card():
    """C-SETUP: round 2 deals all 110 cards again with "<seed>:2", seats in order even
    though B plays first."""
    first = seeded("corsari", 1)
    quay = " ".join(first[36:44])
    void = quay_takes("ABC", quay, 7) + [f"B: quay={first[36]}"]
    second = seeded("corsari", 2)
    top = second[45]
    game = legal(log([void, [f"B: deck={top} -{top}"]], Seed="corsari"))
    assert view(game)["history"] == [{"round": 1, "void": True}]
    assert (current(game)["number"], current(game)["first"]) == (2, "B")
    assert hand(game, "A") == ordered(second[0:12])
    assert hand(game, "C") == ordered(second[24:36])
    assert current(game)["quay"] == second[36:44]


def test_setup_a_seeded_deal_may_be_written_out():
    """C-SETUP: a written deal that agrees with the seed, whole or public only."""
    dealt = seeded("corsari", 1)
    whole = deal({"A": " ".join(dealt[0:12]), "B": " ".join(dealt[12:24]), "C": " ".join(dealt[24:36])},
                 " ".join(dealt[36:44]), dealt[44], " ".join(dealt[45:]))
    legal(log([[whole, f"A: deck -{dealt[45]}"]], Seed="corsari"))
    legal(log([[public(" ".join(dealt[36:44]), dealt[44]), f"A: deck -{dealt[45]}"]], Seed="corsari"))


def test_setup_a_written_deal_that_differs_from_the_seed():
    """C-SETUP: the seed decides the deal."""
    dealt = seeded("corsari", 1)
    text = log([[public(" ".join(dealt[37:44] + dealt[36:37]), dealt[44]), f"A: deck -{dealt[45]}"]],
               Seed="corsari")
    illegal(text, "C-SETUP", "deal: ^", "the deal written differs from the one the Seed gives")


def test_setup_the_first_player_turns_clockwise_round_by_round():
    """C-SETUP: round 1 starts with the First tag's player, round 2 with the next seat."""
    hands = {"A": "R1 R2 R3 R4 R5 R6 G7 G8 Y1 Y2 P5 P6", "B": "O1 O2 O3 O4 O5 O6 C7 C8 Y3 Y4 P7 P8",
             "C": "B1 B2 B3 B4 B5 B6 V7 V8 Y5 Y6 P9 P10"}
    second = deal(hands, BASE_QUAY, "P11", "P2", out="K6 K7 K8 K9 K10 K11")
    game = legal(log([BASE_ROUND, [second, "B: deck -P2"]]))
    assert (current(game)["number"], current(game)["first"], view(game)["next"]) == (2, "B", "C")


def test_setup_the_first_tag_names_a_player():
    """C-SETUP: the First tag names a seated player."""
    text = log([[BASE]], first="Z")
    illegal(text, "C-SETUP", '[First "^', "the first player 'Z' is not a player of this game")


def test_setup_the_quay_size_follows_the_players():
    """C-SETUP: three players lay eight quay cards, not seven."""
    text = log([[deal(BASE_HANDS, "W2 W3 W4 W5 W6 P1 Y7", "P11", "W1 P2"), "A: deck -P2"]])
    illegal(text, "C-SETUP", "/ ^quay W2", "with 3 players the quay holds 8 cards, not 7")


def test_setup_each_player_is_dealt_twelve():
    """C-SETUP: twelve cards each."""
    hands = dict(BASE_HANDS, A="R2 R3 R4 R5 R6 G7 G8 Y1 Y2 K10 K11")
    text = log([[deal(hands, BASE_QUAY, "P11", "R1 P2"), "A: deck -P2"]])
    illegal(text, "C-SETUP", "deal: ^", "A is dealt 11 cards instead of 12")


def test_setup_hands_are_given_in_seat_order():
    """C-SETUP: the hands follow the seats."""
    hands = {"B": BASE_HANDS["B"], "A": BASE_HANDS["A"], "C": BASE_HANDS["C"]}
    text = log([[deal(hands, BASE_QUAY, "P11", "P2"), "A: deck -P2"]])
    first = illegal(text, "C-SETUP", "deal: ^", "the deal gives every player's hand once, in seat order")
    assert first.notes == ["seat order: A B C"]


def test_setup_a_card_dealt_twice():
    """C-SETUP: a card is dealt once."""
    text = log([[BASE.replace("deck P2", "deck R1 P2"), "A: deck -P2"]])
    illegal(text, "C-SETUP", "deal: ^", "R1 is dealt twice")


def test_setup_every_card_in_play_is_dealt():
    """C-SETUP: the deal leaves out P2."""
    text = log([[BASE.replace(" P2 P3 P4", " P3 P4"), "A: deck -P3"]])
    first = illegal(text, "C-SETUP", "deal: ^", "the deal leaves out 1 card(s) in play: P2")
    assert first.notes == ["every card outside the penalty piles is dealt"]


def test_setup_the_pile_card_is_named():
    """C-SETUP: the deal names the card that starts the discard pile."""
    text = log([[BASE.replace(" / pile P11", ""), "A: deck -P2"]])
    first = illegal(text, "C-SETUP", "deal: ^", "the deal must name the card that starts the discard pile")
    assert first.notes == ["add '/ pile CARD'"]


def test_setup_penalty_cards_are_not_dealt_again():
    """C-SETUP: after round 1, A's six penalty cards stay out of the shuffle."""
    text = log([BASE_ROUND, [BASE, "B: deck -P2"]])
    illegal(text, "C-SETUP", "2. deal: ^", "K6 lies in a penalty pile and is not dealt again")


def test_setup_a_round_without_a_deal():
    """C-SETUP: without a seed, each round gives its deal."""
    text = log([["A: deck -P2"]])
    first = illegal(text, "C-SETUP", "1. ^A:", "round 1 has no deal: a log without a Seed gives each "
                    "round's deal, at least the quay and the pile")
    assert first.notes == ["write e.g. 'deal: quay R1 O2 ... / pile K5' after the round number"]


# -- C-PORT --------------------------------------------------------------------------


def test_port_read_when_the_fastest_captain_raises_after_the_quay_changed():
    """C-PORT: A takes the exposed Y7, so P1 is exposed when B raises: the home-port
    colour is pink for every split. B keeps P2 and dismisses it; the yellow cards are
    stowaways. B's 15 is strictly lowest."""
    rounds = [[BASE, "A: quay=Y7 -Y7", "B: deck=P2 -K9 raise O1 O2 O3 O4 O5 O6 C7 C8 dismiss P2 stow Y3 Y4 K8",
               "C: raise B1 B2 B3 B4 B5 B6 V7 V8 dismiss stow Y5 Y6 K6 K7",
               "A: raise R1 R2 R3 R4 R5 R6 G7 G8 dismiss stow Y1 Y2 K10 K11"]]
    game = legal(log(rounds))
    assert (current(game)["port"], current(game)["port_fixed"], current(game)["exposed"]) == ("P", True, "P1")
    assert split(game, "B") == {"crew": "O1 O2 O3 O4 O5 O6 C7 C8".split(), "dismissed": ["P2"],
                                "stowaways": ["Y3", "Y4", "K8"], "filled": [], "total": 15}
    assert view(game)["history"][0]["totals"] == {"A": 24, "B": 15, "C": 24}
    assert penalty(game) == {"A": 4, "B": 0, "C": 4}


def test_port_stays_fixed_for_the_other_players_splits():
    """C-PORT: the colour read at B's raise stays pink for C, not the round's first
    exposed colour (yellow). C's dismissed list, read at yellow, is wrong: C-DISMISS,
    decided by C-PORT, which names only the colour."""
    rounds = [[BASE, "A: quay=Y7 -Y7", "B: deck=P2 -K9 raise O1 O2 O3 O4 O5 O6 C7 C8",
               "C: raise B1 B2 B3 B4 B5 B6 V7 V8 dismiss Y5 Y6"]]
    text = log(rounds)
    first = illegal(text, "C-DISMISS", "C: raise B1 B2 B3 B4 B5 B6 V7 V8 ^dismiss",
                    "the dismissed are every card of the home-port colour (pink) outside the crew: none")
    assert first.facts == {"dismissed": [], "port": "P"}
    assert first.rulings == ["C-PORT"]
    assert first.notes == ["the home-port colour is pink, the exposed quay card's when the fastest captain "
                           "raised anchor, not yellow"]


def test_port_a_dismissed_colour_that_is_not_the_port():
    """C-PORT: with Y7 exposed, B cannot dismiss his black cards: a wrong stated list of
    the dismissed is C-DISMISS, decided by the colour C-PORT reads."""
    text = log([[BASE, A_RAISES, "B: raise O1 dismiss K8 K9"]])
    first = illegal(text, "C-DISMISS", "B: raise O1 ^dismiss",
                    "the dismissed are every card of the home-port colour (yellow) outside the crew: Y3 Y4")
    assert (first.rulings, first.notes) == (["C-PORT"], [
        "the home-port colour is yellow, the exposed quay card's when the fastest captain raised anchor, not black"])


def test_port_read_after_the_fastest_captains_own_take_from_the_quay():
    """C-PORT: A takes Y7 from the quay and raises in the same turn: the port is read
    after his take, so it is pink (P1) for A as for the others; A's yellow cards are
    stowaways, not dismissed."""
    rounds = [[BASE, "A: quay=Y7 -Y7 raise R1 R2 R3 R4 R5 R6 G7 G8", B_RAISES, C_RAISES]]
    game = legal(log(rounds))
    assert split(game, "A") == {"crew": "R1 R2 R3 R4 R5 R6 G7 G8".split(), "dismissed": [],
                                "stowaways": ["Y1", "Y2", "K10", "K11"], "filled": [], "total": 24}
    assert current(game)["port"] == "P"
    assert penalty(game) == {"A": 12, "B": 0, "C": 0}


# -- C-TURN --------------------------------------------------------------------------


def test_turn_players_go_clockwise_from_the_first():
    """C-TURN: A, B, C, then A again; each takes one card and discards one."""
    rounds = [[BASE, "A: deck -P2", "B: deck -P3", "C: deck -P4", "A: pile=P4 -K11"]]
    game = legal(log(rounds))
    assert (view(game)["next"], view(game)["turns"], current(game)["pile_top"]) == ("B", 5, "K11")  # the deal entry counts as one
    assert {p: current(game)["hands"][p]["size"] for p in "ABC"} == {"A": 12, "B": 12, "C": 12}


def test_turn_a_round_may_start_with_another_first_player():
    """C-TURN: First "C" makes C play first, then A."""
    game = legal(log([[BASE, "C: deck -P2", "A: deck -P3"]], first="C"))
    assert view(game)["next"] == "B"


def test_turn_out_of_turn():
    """C-TURN: B plays before A."""
    text = log([[BASE, "B: deck -P2"]])
    first = illegal(text, "C-TURN", "^B: deck", "it is A's turn, not B's")
    assert first.facts == {"expected": "A"}


def test_turn_someone_not_playing():
    """C-TURN: Z has no seat."""
    text = log([[BASE, "Z: deck -P2"]])
    illegal(text, "C-TURN", "^Z: deck", "'Z' is not a player of this game")


def test_turn_a_discard_before_the_take():
    """C-TURN: a step out of its place."""
    text = log([[BASE, "A: -K11 deck"]])
    illegal(text, "C-TURN", "A: -K11 ^deck",
            "'take' is out of its place: a turn takes, discards, then may raise anchor "
            "(naming the crew, then the dismissed and the stowaways)")


def test_turn_a_fill_before_anyone_raised():
    """C-TURN: 'fill' belongs after the fastest captain's raise."""
    text = log([[BASE, "A: deck -P2 fill R1"]])
    illegal(text, "C-TURN", "A: deck -P2 ^fill",
            "'fill' completes the fastest captain's crew, once he has raised anchor")


def test_turn_dismissed_stated_without_a_raise():
    """C-TURN: the dismissed are stated only with a raise."""
    text = log([[BASE, "A: deck -P2 dismiss Y1"]])
    illegal(text, "C-TURN", "A: deck -P2 ^dismiss", "dismissed and stowaways are stated only when raising anchor")


def test_turn_a_deal_in_the_middle_of_a_round():
    """C-TURN: a deal comes right after its round's number."""
    text = log([[BASE, "A: deck -P2", BASE]])
    illegal(text, "C-TURN", "^deal: ", "a deal comes right after its round's number")


def test_turn_a_round_that_is_not_over():
    """C-TURN: nobody raised anchor and the quay is not empty."""
    text = log([[BASE, "A: deck -P2"], [BASE]])
    illegal(text, "C-TURN", "^2. ", "round 1 is not over: nobody has raised anchor and the quay is not empty")


def test_turn_a_round_skipped():
    """C-TURN: round 3 after round 1."""
    text = log([BASE_ROUND]) + "3. " + BASE + "\n"
    first = illegal(text, "C-TURN", "^3. ", "this is round 2, not round 3")
    assert first.facts == {"round": 2}


def test_turn_a_new_round_needs_its_number():
    """C-TURN: round 1 is scored; a further entry belongs to round 2."""
    text = log([BASE_ROUND + ["B: deck -P2"]])
    illegal(text, "C-TURN", "^B: deck -P2", "round 2 must begin with its number, '2.'")


# -- C-TAKE --------------------------------------------------------------------------


def test_take_from_each_of_the_three_sources():
    """C-TAKE: the deck's top, the pile's top, the exposed quay card, each stated."""
    rounds = [[BASE, "A: deck=P2 -P2", "B: pile=P2 -K9", "C: quay=Y7 -K7"]]
    game = legal(log(rounds))
    assert hand(game, "B") == ordered("O1 O2 O3 O4 O5 O6 C7 C8 Y3 Y4 K8 P2".split())
    assert hand(game, "C") == ordered("B1 B2 B3 B4 B5 B6 V7 V8 Y5 Y6 Y7 K6".split())
    assert (current(game)["exposed"], current(game)["pile_top"], current(game)["deck"]) == ("P1", "K7", 64)


def test_take_no_card():
    """C-TAKE: a turn starts by taking a card."""
    text = log([[BASE, "A: -K11"]])
    illegal(text, "C-TAKE", "A: ^-K11",
            "A takes no card: a turn starts by taking one, from the deck, the discard pile or the quay")


def test_take_two_cards():
    """C-TAKE: exactly one card."""
    text = log([[BASE, "A: deck pile -K11"]])
    illegal(text, "C-TAKE", "A: deck ^pile", "a turn takes exactly one card")


def test_take_a_pile_card_that_is_not_on_top():
    """C-TAKE: the pile's top is P11."""
    text = log([[BASE, "A: pile=P10 -K11"]])
    first = illegal(text, "C-TAKE", "A: ^pile=P10", "the top of the discard pile is P11, not P10")
    assert first.facts == {"top": "P11", "shown": "P10"}


def test_take_a_quay_card_that_is_not_exposed():
    """C-TAKE: only the last card laid can be taken."""
    text = log([[BASE, "A: quay=P1 -K11"]])
    illegal(text, "C-TAKE", "A: ^quay=P1", "the exposed quay card is Y7, not P1")


def test_take_a_deck_card_that_is_not_on_top():
    """C-TAKE: with the deal known, the deck's top is P2, not the P3 stated."""
    text = log([[BASE, "A: deck=P3 -K11"]])
    first = illegal(text, "C-TAKE", "A: ^deck=P3", None)
    assert first.facts == {"top": "P2", "shown": "P3"}


# -- C-DISCARD -----------------------------------------------------------------------


def test_discard_the_card_just_taken_or_one_of_the_hand():
    """C-DISCARD: A discards the card he took, B one of his own."""
    game = legal(log([[BASE, "A: deck -P2", "B: deck -O1"]]))
    assert hand(game, "A") == ordered(BASE_HANDS["A"].split())
    assert hand(game, "B") == ordered("O2 O3 O4 O5 O6 C7 C8 Y3 Y4 P3 K8 K9".split())
    assert (current(game)["pile"], current(game)["pile_top"]) == (3, "O1")


def test_discard_none():
    """C-DISCARD: the hand goes back to 12."""
    text = log([[BASE, "A: deck"]])
    illegal(text, "C-DISCARD", "A: ^deck", "A takes a card but discards none: the hand must go back to 12")


def test_discard_two():
    """C-DISCARD: exactly one card."""
    text = log([[BASE, "A: deck -R1 -R2"]])
    illegal(text, "C-DISCARD", "A: deck -R1 ^-R2", "a turn discards exactly one card")


def test_discard_a_card_not_held():
    """C-DISCARD: B1 is C's."""
    text = log([[BASE, "A: deck -B1"]])
    first = illegal(text, "C-DISCARD", "A: deck ^-B1", "A does not hold B1")
    assert first.notes == ["A's hand: R1 R2 R3 R4 R5 R6 Y1 Y2 G7 G8 P2 K10 K11"]


# -- C-RAISE -------------------------------------------------------------------------


def test_raise_the_others_follow_clockwise_from_the_fastest_captain():
    """C-RAISE: B raises first; C, then A raise after him, with no take or discard."""
    rounds = [[BASE, "A: deck -P2", "B: deck -P3 raise O1 O2 O3 O4 O5 O6 C7 C8", C_RAISES,
               "A: raise R1 R2 R3 R4 R5 R6 G7 G8"]]
    game = legal(log(rounds))
    assert view(game)["history"] == [{"round": 1, "void": False, "fastest": "B",
                                      "totals": {"A": 21, "B": 17, "C": 13},
                                      "penalty": {"A": 2, "B": 4, "C": 0}, "grand_masters": []}]
    assert view(game)["phase"] == "between"


def test_raise_a_take_after_the_fastest_captains_raise():
    """C-RAISE: once A raised, B only raises."""
    text = log([[BASE, A_RAISES, "B: deck -K8"]])
    illegal(text, "C-RAISE", "B: ^deck -K8",
            "the fastest captain, A, has raised anchor: the others now only raise anchor, with no take or discard")


def test_raise_out_of_order_after_the_fastest_captain():
    """C-RAISE: B raises before C."""
    text = log([[BASE, A_RAISES, "C: raise"]])
    first = illegal(text, "C-RAISE", "^C: raise", "B raises anchor next, not C")
    assert first.facts == {"expected": "B"}


def test_raise_missing_after_the_fastest_captain():
    """C-RAISE: B fills but does not raise."""
    text = log([[FILL, FILL_RAISE, "B: fill R6"]])
    illegal(text, "C-RAISE", "B: ^fill R6", "B must raise anchor now, naming the crew")


def test_raise_twice_in_one_entry():
    """C-RAISE: one split per player."""
    text = log([[BASE, A_RAISES, "B: raise O1 raise O2"]])
    illegal(text, "C-RAISE", "B: raise O1 ^raise O2", "'raise' is given twice")


def test_raise_a_split_missing_before_the_next_round():
    """C-RAISE: round 2 starts while C has yet to raise."""
    text = log([[BASE, A_RAISES, B_RAISES], [BASE]])
    first = illegal(text, "C-RAISE", "^2. ", "round 1 is not over: C has yet to raise anchor")
    assert first.facts == {"waiting": "C"}


# -- C-LAST-DECK ---------------------------------------------------------------------


def test_last_deck_taken_with_a_raise():
    """C-LAST-DECK: D takes the 52nd and last deck card and raises; the others follow."""
    rounds = [[FOUR] + drain(51) + [f"D: deck -{FOUR_DECK[51]} raise G1", "A: raise R1", "B: raise O1",
                                    "C: raise Y1"]]
    game = legal(log(rounds, players="A B C D"))
    assert (current(game)["deck"], current(game)["fastest"]) == (0, "D")
    assert view(game)["history"][0]["totals"] == {"A": 66, "B": 67, "C": 68, "D": 69}


def test_last_deck_taken_without_a_raise():
    """C-LAST-DECK: the player who takes the deck's last card must raise this turn."""
    text = log([[FOUR] + drain(51) + [f"D: deck -{FOUR_DECK[51]}"]], players="A B C D")
    illegal(text, "C-LAST-DECK", f"D: deck ^-{FOUR_DECK[51]}",
            "D took the last card of the deck and must raise anchor this turn")


# -- C-VOID --------------------------------------------------------------------------


def test_void_the_last_quay_card_ends_the_round():
    """C-VOID: A takes the seventh and last quay card: no discard, nothing scored, and
    round 2 is dealt with B first."""
    rounds = [[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay=W1"], [PAIR, "B: deck -P1", "A: deck -P2"]]
    game = legal(log(rounds, players="A B"))
    assert view(game)["history"] == [{"round": 1, "void": True}]
    assert penalty(game) == {"A": 0, "B": 0}
    assert (current(game)["number"], current(game)["first"], view(game)["next"]) == (2, "B", "B")
    assert game.outcome.summary["void_rounds"] == 1


def test_void_the_taking_turn_has_no_discard():
    """C-VOID: taking the last quay card, A cannot discard."""
    text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay -W1"]], players="A B")
    first = illegal(text, "C-VOID", "A: quay ^-W1",
                    "taking the last card of the quay ends the round at once: that turn has no discard and no raise")
    assert first.notes == ["the round is void and nothing is scored"]


VOID_ROUND = [PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay=W1"]
"""Round 1 of two players, void: A takes the last quay card."""

AFTER_VOID = {
    "a turn": "B: deck -P1",
    "a raise": "B: raise O1 O2 O3",
    "a completion": "B: fill R7 raise O1",
    "a split": "B: dismiss stow K5",
    "the taker's own raise": "A: raise R1 R2",
    "a deal": PAIR,
}


def test_void_what_follows_is_written_in_the_next_round():
    """C-VOID: after the void round, the same entries written after '2.' and its deal
    are judged as any other: B plays first."""
    for entry in ("B: deck -P1", "B: deck -P1 raise O1 O2 O3 O4 O5 O6 O9 O10 C7 C8"):
        game = legal(log([VOID_ROUND, [PAIR, entry]], players="A B"))
        assert view(game)["history"][0] == {"round": 1, "void": True}


def test_void_anything_written_after_the_voiding_take():
    """C-VOID, settled on review: a turn, a raise, a completion, a split or a deal written
    in round 1 after the take that voided it is C-VOID, which says why the round is over,
    not C-TURN's 'round 2 must begin with its number'."""
    for what, entry in AFTER_VOID.items():
        text = log([VOID_ROUND + [entry]], players="A B")
        first = illegal(text, "C-VOID", "^" + entry,
                        "round 1 is void: the take of the last quay card ended it, so nothing more is played in it")
        assert first.notes == ["the next round begins with its number, '2.'"], what
        assert first.facts == {"round": 1}


def test_void_any_step_after_the_voiding_take_in_its_own_entry():
    """C-VOID, not C-TURN or C-TAKE: a split, a completion or a second take written in the
    entry after the take of the last quay card is written in a void round. What the
    precedence puts first still comes first: a card that does not exist (C-CARDS), a wrong
    card named on the take (C-TAKE)."""
    for tail, shown in (("dismiss", "^dismiss"), ("stow K1", "^stow K1"), ("fill R1", "^fill R1"),
                        ("deck", "quay ^deck")):
        text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + [f"A: quay {tail}"]], players="A B")
        illegal(text, "C-VOID", shown,
                "taking the last card of the quay ends the round at once: nothing more is written in that turn")
    text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay -Z9"]], players="A B")
    illegal(text, "C-CARDS", "quay ^-Z9", None)
    text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay=W2 dismiss"]], players="A B")
    illegal(text, "C-TAKE", "A: ^quay=W2", "the exposed quay card is W1, not W2")


def test_void_a_seeded_log_plays_on_in_the_void_round():
    """C-VOID: the same in a seeded log, where no deal is written."""
    text = ('[Game "Corsari"]\n[Players "A B"]\n[First "A"]\n[Seed "quay-2"]\n\n'
            "1. A: quay -Y9  B: quay -G10  A: quay -O9  B: quay -G7  A: quay -W11\n"
            "   B: quay -C7  A: quay  B: quay\n")
    illegal(text, "C-VOID", "^B: quay\n",
            "round 1 is void: the take of the last quay card ended it, so nothing more is played in it")
    game = legal(text.replace("A: quay  B: quay", "A: quay\n2. B: deck -W11"))
    assert view(game)["next"] == "A"


def test_void_a_round_passes_the_first_player_on():
    """C-VOID / C-SETUP: after the void round 1, A does not play first in round 2."""
    text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay"], [PAIR, "A: deck -P1"]], players="A B")
    illegal(text, "C-TURN", "^A: deck -P1", "it is B's turn, not A's")


# -- C-CREW --------------------------------------------------------------------------


def test_crew_of_two_colours_one_colour_or_none():
    """C-CREW: A's crew has red and green, B's only orange, C's is empty."""
    rounds = [[BASE, A_RAISES, "B: raise O1 O2 O3 O4 O5 O6", "C: raise"]]
    game = legal(log(rounds))
    assert split(game, "A")["crew"] == "R1 R2 R3 R4 R5 R6 G7 G8".split()
    assert split(game, "B") == {"crew": "O1 O2 O3 O4 O5 O6".split(), "dismissed": ["Y3", "Y4"],
                                "stowaways": ["C7", "C8", "K8", "K9"], "filled": [], "total": 32}
    assert split(game, "C") == {"crew": [], "dismissed": ["Y5", "Y6"],
                                "stowaways": "B1 B2 B3 B4 B5 B6 V7 V8 K6 K7".split(), "filled": [], "total": 49}


def test_crew_of_three_colours():
    """C-CREW: at most two colours."""
    text = log([[BASE, A_RAISES, "B: raise O1 C7 Y3"]])
    first = illegal(text, "C-CREW", "B: ^raise O1",
                    "a crew has at most two colours; B's has 3: cyan, orange, yellow")
    assert first.facts == {"crew": ["O1", "C7", "Y3"]}


def test_crew_with_a_value_twice():
    """C-CREW: no value twice."""
    text = log([[BASE, "A: deck -P2 raise R1 Y1 Y2"]])
    illegal(text, "C-CREW", "A: deck -P2 raise R1 ^Y1", "a crew fills each post once; value 1 appears twice")


def test_crew_of_a_card_not_held():
    """C-CREW: the crew comes from the hand."""
    text = log([[BASE, "A: deck -R1 raise R1"]])
    first = illegal(text, "C-CREW", "A: deck -R1 raise ^R1", "A does not hold R1")
    assert first.notes == ["A's hand: R2 R3 R4 R5 R6 Y1 Y2 G7 G8 P2 K10 K11"]


# -- C-DISMISS -----------------------------------------------------------------------


def test_dismiss_the_home_port_cards_outside_the_crew_cost_nothing():
    """C-DISMISS: with Y7 exposed, B's Y3 Y4 go back; only K8 K9 count."""
    rounds = [[BASE, A_RAISES, "B: raise O1 O2 O3 O4 O5 O6 C7 C8 dismiss Y3 Y4 stow K8 K9", C_RAISES]]
    game = legal(log(rounds))
    assert split(game, "B") == {"crew": "O1 O2 O3 O4 O5 O6 C7 C8".split(), "dismissed": ["Y3", "Y4"],
                                "stowaways": ["K8", "K9"], "filled": [], "total": 17}
    assert view(game)["history"][0]["totals"] == {"A": 21, "B": 17, "C": 13}


def test_dismiss_a_home_port_card_in_the_crew_is_not_dismissed():
    """C-DISMISS: a yellow card named in the crew stays in the crew."""
    game = legal(log([[BASE, A_RAISES, "B: raise O1 O2 Y3 dismiss Y4 stow O3 O4 O5 O6 C7 C8 K8 K9"]]))
    assert (split(game, "B")["crew"], split(game, "B")["dismissed"]) == (["O1", "O2", "Y3"], ["Y4"])


def test_dismiss_one_home_port_card_left_out():
    """C-DISMISS: every yellow card outside the crew is dismissed."""
    text = log([[BASE, A_RAISES, "B: raise O1 dismiss Y3 stow"]])
    first = illegal(text, "C-DISMISS", "B: raise O1 ^dismiss",
                    "the dismissed are every card of the home-port colour (yellow) outside the crew: Y3 Y4")
    assert first.facts == {"dismissed": ["Y3", "Y4"], "port": "Y"}
    assert (first.rulings, first.notes) == ([], [])


def test_dismiss_a_card_of_another_colour_with_the_right_ones():
    """C-DISMISS, not C-PORT: the dismissed list holds both yellow cards and a black one
    too; the colour was right, the list is wrong."""
    text = log([[BASE, A_RAISES, "B: raise O1 dismiss Y3 Y4 K8"]])
    first = illegal(text, "C-DISMISS", "B: raise O1 ^dismiss",
                    "the dismissed are every card of the home-port colour (yellow) outside the crew: Y3 Y4")
    assert first.rulings == ["C-PORT"]


def test_dismiss_in_a_hidden_hand_one_home_port_card_stowed():
    """C-DISMISS: a log without the deal states the whole hand; a home-port card written
    among the stowaways is one missing from the dismissed."""
    text = log([[public(BASE_QUAY, "P11"), "A: deck=P2 -P2 raise R1 R2 R3 R4 R5 R6 G7 G8 dismiss Y1 "
                 "stow Y2 K10 K11"]])
    first = illegal(text, "C-DISMISS", "G7 G8 ^dismiss Y1",
                    "the dismissed are every card of the home-port colour (yellow) outside the crew: Y1 Y2")
    assert first.rulings == []


# -- C-STOWAWAY ----------------------------------------------------------------------


def test_stowaway_all_the_rest_added_up():
    """C-STOWAWAY: C's stowaways stated in full, K6 + K7 = 13."""
    game = legal(log([[BASE, A_RAISES, B_RAISES, "C: raise B1 B2 B3 B4 B5 B6 V7 V8 dismiss Y5 Y6 stow K6 K7"]]))
    assert (split(game, "C")["stowaways"], split(game, "C")["total"]) == (["K6", "K7"], 13)


def test_stowaway_one_left_out():
    """C-STOWAWAY: K9 is a stowaway too."""
    text = log([[BASE, A_RAISES, "B: raise O1 O2 O3 O4 O5 O6 C7 C8 dismiss Y3 Y4 stow K8"]])
    first = illegal(text, "C-STOWAWAY", "Y4 ^stow K8",
                    "the stowaways are every card outside the crew and the dismissed: K8 K9")
    assert first.facts == {"stowaways": ["K8", "K9"]}


# -- C-COMPLETE ----------------------------------------------------------------------


def test_complete_in_the_crews_colours_with_values_it_lacked():
    """C-COMPLETE: B fills 6, 7 and 8; C fills 6 and 8 again, in the other colours.
    Filled cards leave the filler's hand and cost nothing."""
    game = legal(log([FILL_ROUND]))
    assert split(game, "B") == {"crew": "O1 O2 O3 O4 O5 O6 O7 O8".split(), "dismissed": [],
                                "stowaways": ["G7"], "filled": ["R6", "R7", "G8"], "total": 7}
    assert split(game, "C") == {"crew": "B1 B2 B3 B4 B5 B6 B7".split(), "dismissed": [],
                                "stowaways": ["R4", "R10", "G10"], "filled": ["G6", "R8"], "total": 24}
    assert view(game)["history"][0]["totals"] == {"A": 22, "B": 7, "C": 24}


def test_complete_a_one_colour_crew_in_its_colour():
    """C-COMPLETE: A's crew is red only; B fills R6, C fills R4 (4 was lacking)."""
    rounds = [[FILL, "A: deck -P1 raise R1 R2 R3", "B: fill R6 raise", "C: fill R4 raise"]]
    game = legal(log(rounds))
    assert (split(game, "B")["filled"], split(game, "C")["filled"]) == (["R6"], ["R4"])
    assert view(game)["history"][0]["totals"] == {"A": 31, "B": 58, "C": 62}


def test_complete_a_colour_outside_the_crew():
    """C-COMPLETE: O1 is of neither crew colour."""
    text = log([[FILL, FILL_RAISE, "B: fill O1 raise"]])
    first = illegal(text, "C-COMPLETE", "B: ^fill O1", "O1 is not of a colour of A's crew (green or red)")
    assert first.facts == {"card": "O1"}


def test_complete_a_value_the_crew_had():
    """C-COMPLETE: A's crew had a 4 (G4) when he raised."""
    text = log([[FILL, FILL_RAISE, "B: fill R6 raise", "C: fill R4 raise"]])
    illegal(text, "C-COMPLETE", "C: ^fill R4", "A's crew already had a 4 when raising anchor")


def test_complete_one_player_the_same_value_twice():
    """C-COMPLETE: B fills 7 once, not in red and in green."""
    text = log([[FILL, FILL_RAISE, "B: fill R7 G7 raise"]])
    illegal(text, "C-COMPLETE", "B: ^fill R7 G7", "one player fills value 7 only once")


def test_complete_a_one_colour_crew_in_another_colour():
    """C-COMPLETE: a red crew takes no green card."""
    text = log([[FILL, "A: deck -P1 raise R1 R2 R3", "B: fill G8 raise"]])
    illegal(text, "C-COMPLETE", "B: ^fill G8", "G8 is not of a colour of A's crew (red)")


def test_complete_an_empty_crew():
    """C-COMPLETE: an empty crew cannot be completed."""
    text = log([[FILL, "A: deck -P1 raise", "B: fill R6 raise"]])
    illegal(text, "C-COMPLETE", "B: ^fill R6", "A's crew is empty and cannot be completed")


def test_complete_with_a_card_not_held():
    """C-COMPLETE: R7 is not in C's hand."""
    text = log([[FILL, FILL_RAISE, "B: raise", "C: fill R9 raise"]])
    first = illegal(text, "C-COMPLETE", "C: ^fill R9", "C does not hold R9")
    assert first.notes == ["C's hand: R4 R8 R10 G6 G10 B1 B2 B3 B4 B5 B6 B7"]


# -- C-SCORE -------------------------------------------------------------------------


def test_score_the_captain_strictly_lowest_wins_the_round():
    """C-SCORE: A's 10 is below B's 20: A pays nothing, B takes his own K5 V5 O10."""
    game = legal(log([[PAIR, PAIR_RAISE, "B: raise O1 O2 O3 O4 O5 O6 O9 C7 C8"]], players="A B"))
    assert view(game)["history"][0]["totals"] == {"A": 10, "B": 20}
    assert view(game)["penalty"] == {"A": [], "B": ["O10", "V5", "K5"]}


def test_score_an_equal_total_goes_to_the_captain():
    """C-SCORE: B's 10 equals A's 10: A is not strictly lowest and takes B's stowaways
    with his own; B takes nothing."""
    game = legal(log([[PAIR, PAIR_RAISE, "B: raise O1 O2 O3 O4 O5 O6 O9 O10 C7 C8"]], players="A B"))
    assert view(game)["history"][0]["totals"] == {"A": 10, "B": 10}
    assert view(game)["penalty"] == {"A": ["V5", "K1", "K2", "K3", "K4", "K5"], "B": []}


def test_score_smaller_totals_go_to_the_captain_greater_ones_stay():
    """C-SCORE: A 22; B's smaller 7 goes to A, C's greater 24 stays with C."""
    game = legal(log([FILL_ROUND]))
    assert view(game)["penalty"] == {"A": ordered("Y1 G7 K1 K2 K3 K4 K5 K6".split()), "B": [],
                                     "C": ["R4", "R10", "G10"]}
    assert view(game)["history"][0]["penalty"] == {"A": 8, "B": 0, "C": 3}


def test_score_a_false_claim():
    """C-SCORE: the Result tag gives each player's penalty cards."""
    text = log(TRIGGER_GAME, Result="A=12 B=35 C=12")
    first = illegal(text, "C-SCORE", '[Result "^', "the log claims B holds 35 penalty cards, but B holds 36")
    assert first.notes == ["penalty cards: A=12 B=36 C=12"]


def test_score_the_claim_names_every_player():
    """C-SCORE: C is missing from the claim."""
    text = log(TRIGGER_GAME, Result="A=12 B=36")
    illegal(text, "C-SCORE", '[Result "^', "the claimed result names every player once: A B C")


def test_score_the_claim_names_a_player_twice():
    """C-SCORE: A twice."""
    text = log([BASE_ROUND], Result="A=6 A=0 C=0")
    illegal(text, "C-SCORE", '[Result "^', "the claimed result names A twice")


# -- C-END ---------------------------------------------------------------------------


def test_end_35_penalty_cards_then_exactly_one_more_round():
    """C-END: 36 penalty cards after round 1: round 2 is the last. Ties share the win:
    A and C hold 12 cards each (worth 69 and 68), B 36."""
    after_one = legal(log([TRIGGER_ROUND]))
    assert (after_one.outcome.finished, view(after_one)["penalty_total"], view(after_one)["extra_round"]) == (
        False, 36, True)
    game = legal(log(TRIGGER_GAME, Result="A=12 B=36 C=12"))
    assert game.outcome.finished
    assert view(game)["end"] == "the extra round after the penalty piles reached 35 cards is played"
    assert scores(game) == {"A": 12, "B": 36, "C": 12}
    assert game.outcome.winners == ["A", "C"]
    assert {s.side: s.details["penalty_value"] for s in game.outcome.sides}["A"] == 69
    assert {s.side: s.details["penalty_value"] for s in game.outcome.sides}["C"] == 68
    assert game.outcome.claim == "holds"


def test_end_fewer_than_35_cards_do_not_trigger():
    """C-END: 11 penalty cards after round 1: the game goes on, no extra round yet."""
    game = legal(log([FILL_ROUND]))
    assert (game.outcome.finished, view(game)["penalty_total"], view(game)["extra_round"]) == (False, 11, False)
    assert game.outcome.winners == []


def test_end_a_void_extra_round_does_not_count():
    """C-END: the extra round 2 is void (C takes the last quay card); round 3, with C
    first, is the last one."""
    void = last_round("BCA")[:1] + quay_takes("BCA", run_of("W", 1, 8), 7) + ["C: quay=W1"]
    after_void = legal(log([TRIGGER_ROUND, void]))
    assert (after_void.outcome.finished, view(after_void)["extra_round"]) == (False, True)
    game = legal(log([TRIGGER_ROUND, void, last_round("CAB")], Result="A=12 B=48 C=0"))
    assert [entry["void"] for entry in view(game)["history"]] == [False, True, False]
    assert (game.outcome.finished, scores(game), game.outcome.winners) == (True, {"A": 12, "B": 48, "C": 0}, ["C"])


def test_end_nothing_after_the_extra_round():
    """C-END: no round 3 once the extra round is played."""
    text = log(TRIGGER_GAME + [last_round("CAB")])
    illegal(text, "C-END", "^3. ",
            "the game is over (the extra round after the penalty piles reached 35 cards is played): "
            "no round follows")


def test_end_too_few_cards_to_deal_end_the_game_at_once():
    """C-END: four players need 58 cards to deal; after round 2, 81 cards lie in the
    penalty piles and only 29 remain: no extra round."""
    round_one = [FOUR, f"A: deck -{FOUR_DECK[0]} raise " + run_of("R", 1, 11),
                 "B: raise O1", "C: raise Y1", "D: raise G1"]
    out = " ".join([run_of("O", 2, 11), "K2", run_of("Y", 2, 11), "K3", run_of("G", 2, 11), "K4"])
    hands = {"A": run_of("R", 1, 11) + " K7", "B": run_of("V", 1, 11) + " K11",
             "C": run_of("B", 1, 11) + " K10", "D": run_of("P", 1, 10) + " K9 K8"}
    round_two = [deal(hands, run_of("W", 1, 9), "W10", "W11", out=out),
                 "B: deck -W11 raise", "C: raise", "D: raise", "A: raise"]
    game = legal(log([round_one, round_two], players="A B C D", Result="A=0 B=59 C=11 D=11"))
    assert view(game)["history"][0]["penalty"] == {"A": 0, "B": 11, "C": 11, "D": 11}
    assert (view(game)["penalty_total"], game.outcome.finished) == (81, True)
    assert view(game)["end"] == "too few cards outside the penalty piles to deal another round"
    assert game.outcome.winners == ["A"]
    text = log([round_one, round_two, [FOUR]], players="A B C D")
    illegal(text, "C-END", "^3. ", "the game is over (too few cards outside the penalty piles to deal "
            "another round): no round follows")


def test_end_no_entry_after_the_end():
    """C-END: an entry after the extra round's last split."""
    text = log([TRIGGER_ROUND, last_round("BCA") + ["A: deck -P2"]])
    illegal(text, "C-END", "^A: deck -P2", "the game is over (the extra round after the penalty piles "
            "reached 35 cards is played)")


def test_end_an_unfinished_log_claims_no_result():
    """C-END: after one round the game goes on; the claim is '*'."""
    game = legal(log([BASE_ROUND], Result="*"))
    assert (game.outcome.finished, game.outcome.claim) == (False, "holds")
    text = log([BASE_ROUND], Result="A=6 B=0 C=0")
    first = illegal(text, "C-END", '[Result "^', "the log claims a final result, but the game is not over")
    assert first.notes == ['an unfinished game is written [Result "*"]']


def test_end_a_finished_game_claimed_unfinished():
    """C-END: the game is over, the claim is not '*'."""
    text = log(TRIGGER_GAME, Result="*")
    first = illegal(text, "C-END", '[Result "^', "the game is over (the extra round after the penalty "
                    "piles reached 35 cards is played), but the log claims it unfinished")
    assert first.notes == ["penalty cards: A=12 B=36 C=12"]


def test_end_a_random_complete_game_adds_up():
    """C-END / C-SCORE / C-SETUP: a random complete seeded game replays legally; its
    claim holds, each score is the penalty pile's size, the winners hold the fewest
    cards (or are grand masters), and each round's first player is the next seat."""
    rules = GAMES["corsari"]
    record, _ = random_game(rules, ["A", "B", "C"], False, "rulings")
    game = legal(format_game(record, rules))
    assert game.outcome.finished and game.outcome.claim == "holds"
    assert scores(game) == penalty(game)
    history = view(game)["history"]
    assert sum(sum(entry["penalty"].values()) for entry in history if not entry["void"]) == sum(
        scores(game).values())
    assert [round_.turns[0].player for round_ in record.rounds] == [
        "ABC"[(number - 1) % 3] for number in range(1, len(record.rounds) + 1)]
    gms = [side.side for side in game.outcome.sides if side.details["grand_master"]]
    fewest = min(scores(game).values())
    assert game.outcome.winners == (gms or [p for p, n in scores(game).items() if n == fewest])


# -- C-GRAND-MASTER ------------------------------------------------------------------

GM_A = run_of("R", 1, 6) + " " + run_of("G", 7, 11)
GM_B = run_of("O", 1, 6) + " " + run_of("C", 7, 11)


def test_grand_master_two_in_the_same_round_both_win():
    """C-GRAND-MASTER: A and B each raise with a full crew and one white (home-port)
    card dismissed: no stowaway. The game ends; both win."""
    hands = {"A": GM_A + " W1", "B": GM_B + " W2"}
    rounds = [[deal(hands, run_of("W", 3, 9), "P11", "P1"), f"A: deck -P1 raise {GM_A}",
               f"B: raise {GM_B} dismiss W2 stow"]]
    game = legal(log(rounds, players="A B", Result="A=0! B=0!"))
    assert (game.outcome.finished, game.outcome.winners, masters(game)) == (True, ["A", "B"], {"A": True, "B": True})
    assert view(game)["end"] == "A and B raised anchor with no stowaway: grand master"
    assert game.outcome.claim == "holds"


def test_grand_master_the_fastest_captain_alone():
    """C-GRAND-MASTER: A has no stowaway, B two: A wins alone at once."""
    hands = {"A": GM_A + " W1", "B": PAIR_HANDS["B"]}
    rounds = [[deal(hands, run_of("W", 3, 9), "P11", "P1"), f"A: deck -P1 raise {GM_A}",
               "B: raise O1 O2 O3 O4 O5 O6 O9 O10 C7 C8"]]
    game = legal(log(rounds, players="A B", Result="A=0! B=2"))
    assert (game.outcome.winners, scores(game)) == (["A"], {"A": 0, "B": 2})


def test_grand_master_another_player_wins_alone_even_with_more_penalty_cards():
    """C-GRAND-MASTER: in round 2, C (not the fastest captain) raises with no stowaway.
    C holds 3 penalty cards, B only 1; C wins alone."""
    hands = {"A": "R1 R2 R3 R5 R6 R7 R8 R9 R11 P1 P2 P3", "B": GM_B + " Y2",
             "C": run_of("B", 1, 11) + " W1"}
    round_two = [deal(hands, run_of("W", 2, 9), "P11", "V1", out=FILL_PENALTY),
                 f"B: deck -V1 raise {GM_B}", f"C: raise {run_of('B', 1, 11)} dismiss W1 stow", "A: raise"]
    game = legal(log([FILL_ROUND, round_two], Result="A=20 B=1 C=3!"))
    assert scores(game) == {"A": 20, "B": 1, "C": 3}
    assert (game.outcome.winners, masters(game)) == (["C"], {"A": False, "B": False, "C": True})


def test_grand_master_the_mark_is_missing():
    """C-GRAND-MASTER: A is a grand master, the claim does not mark him."""
    hands = {"A": GM_A + " W1", "B": GM_B + " W2"}
    rounds = [[deal(hands, run_of("W", 3, 9), "P11", "P1"), f"A: deck -P1 raise {GM_A}", f"B: raise {GM_B}"]]
    text = log(rounds, players="A B", Result="A=0 B=0!")
    first = illegal(text, "C-GRAND-MASTER", '[Result "^', "the log does not mark A as grand master, but A is one")
    assert first.facts == {"grand_masters": ["A", "B"]}


def test_grand_master_a_mark_on_someone_who_is_not():
    """C-GRAND-MASTER: B kept two stowaways."""
    hands = {"A": GM_A + " W1", "B": PAIR_HANDS["B"]}
    rounds = [[deal(hands, run_of("W", 3, 9), "P11", "P1"), f"A: deck -P1 raise {GM_A}",
               "B: raise O1 O2 O3 O4 O5 O6 O9 O10 C7 C8"]]
    text = log(rounds, players="A B", Result="A=0! B=2!")
    illegal(text, "C-GRAND-MASTER", '[Result "^', "the log marks B as grand master, but B is not")


# -- C-HIDDEN ------------------------------------------------------------------------

PUBLIC = public(run_of("W", 1, 8), "P11")


def test_hidden_a_log_without_the_deal_states_whole_hands():
    """C-HIDDEN: only the quay and the pile are given; each raise states the crew, the
    dismissed and the stowaways, and they are judged."""
    rounds = [[PUBLIC, "A: deck -R1 raise R2 R3 R4 dismiss stow K1 K2 K3 K4 K5 K6 K7 K8 K9",
               "B: raise O1 dismiss W9 stow " + run_of("O", 2, 11),
               "C: raise dismiss W10 W11 stow " + run_of("B", 1, 10)]]
    game = legal(log(rounds))
    assert current(game)["deal_known"] is False
    assert view(game)["history"][0]["totals"] == {"A": 45, "B": 65, "C": 55}
    assert penalty(game) == {"A": 0, "B": 10, "C": 10}


def test_hidden_a_card_taken_from_the_pile_is_known():
    """C-HIDDEN: A takes P11 from the pile; his stated hand includes it."""
    rounds = [[PUBLIC, "A: pile=P11 -R1 raise R2 R3 R4 dismiss stow K1 K2 K3 K4 K5 K6 K7 K8 P11"]]
    game = legal(log(rounds))
    assert split(game, "A")["stowaways"] == ["P11"] + run_of("K", 1, 8).split()


def test_hidden_a_raise_without_the_whole_hand():
    """C-HIDDEN: the dismissed and the stowaways are stated."""
    text = log([[PUBLIC, "A: deck -R1 raise R2 R3 R4"]])
    first = illegal(text, "C-HIDDEN", "A: deck -R1 ^raise",
                    "A's hand is not fully known: a log without the deal states the dismissed and the "
                    "stowaways when raising anchor")
    assert first.notes == ["9 of A's cards are unknown"]


def test_hidden_a_stated_hand_of_the_wrong_size():
    """C-HIDDEN: twelve cards, not eleven."""
    text = log([[PUBLIC, "A: deck -R1 raise R2 R3 R4 dismiss stow K1 K2 K3 K4 K5 K6 K7 K8"]])
    illegal(text, "C-HIDDEN", "dismiss ^stow", "A holds 12 cards, but crew, dismissed and stowaways name 11")


def test_hidden_a_stated_card_that_lies_in_the_quay():
    """C-HIDDEN: W8 is in the quay, not in A's hand."""
    text = log([[PUBLIC, "A: deck -R1 raise R2 R3 R4 dismiss stow K1 K2 K3 K4 K5 K6 K7 K8 W8"]])
    illegal(text, "C-HIDDEN", "dismiss ^stow", "A does not hold W8: it is in the quay")


def test_hidden_a_stated_hand_without_the_card_taken():
    """C-HIDDEN: A took P11 from the pile, so it is in the hand he states."""
    text = log([[PUBLIC, "A: pile=P11 -R1 raise R2 R3 R4 dismiss stow K1 K2 K3 K4 K5 K6 K7 K8 K9"]])
    first = illegal(text, "C-HIDDEN", "dismiss ^stow", "A does not hold K9")
    assert first.notes == ["A's hand: P11"]


def test_hidden_a_discard_of_a_card_seen_in_another_hand():
    """C-HIDDEN / C-DISCARD: A was seen drawing K1; B cannot discard it."""
    text = log([[PUBLIC, "A: deck=K1 -R1", "B: deck -K1"]])
    illegal(text, "C-DISCARD", "B: deck ^-K1", "B does not hold K1: it is in A's hand")


def test_hidden_hands_without_the_deck():
    """C-HIDDEN: a deal gives both the hands and the deck, or neither."""
    text = log([[BASE.split(" / deck")[0], "A: deck -P2"]])
    illegal(text, "C-HIDDEN", "deal: ^", "a deal gives both the hands and the deck, or neither")


# -- precedence: when one entry breaks several rules ---------------------------------


def test_precedence_end_before_turn():
    """C-END before C-TURN: after the end, B (not next) plays."""
    text = log([TRIGGER_ROUND, last_round("BCA") + ["B: deck -P2"]])
    illegal(text, "C-END", "^B: deck -P2", "the game is over (the extra round after the penalty piles "
            "reached 35 cards is played)")


def test_precedence_turn_before_cards():
    """C-TURN before C-CARDS: B plays out of turn, with a card that does not exist."""
    text = log([[BASE, "B: deck -X7"]])
    illegal(text, "C-TURN", "^B: deck -X7", "it is A's turn, not B's")


def test_precedence_a_step_out_of_place_before_cards():
    """C-TURN before C-CARDS: the discard of a card that does not exist comes first."""
    text = log([[BASE, "A: -X7 deck"]])
    illegal(text, "C-TURN", "A: -X7 ^deck",
            "'take' is out of its place: a turn takes, discards, then may raise anchor "
            "(naming the crew, then the dismissed and the stowaways)")


def test_precedence_cards_before_take():
    """C-CARDS before C-TAKE: no take, and a card that does not exist."""
    text = log([[BASE, "A: -X7"]])
    illegal(text, "C-CARDS", "A: ^-X7",
            "'X7' names colour 'X', which Corsari does not have: the colours are R, O, Y, G, C, B, V, P, K, W")


def test_precedence_take_before_discard():
    """C-TAKE before C-DISCARD: the pile's top is not P10, and A does not hold B1."""
    text = log([[BASE, "A: pile=P10 -B1"]])
    illegal(text, "C-TAKE", "A: ^pile=P10", "the top of the discard pile is P11, not P10")


def test_precedence_discard_before_last_deck():
    """C-DISCARD before C-LAST-DECK: D takes the last deck card, discards a card he
    does not hold and does not raise."""
    text = log([[FOUR] + drain(51) + ["D: deck -R1"]], players="A B C D")
    first = illegal(text, "C-DISCARD", "D: deck ^-R1", "D does not hold R1")
    assert first.notes == ["D's hand: G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 K4 " + FOUR_DECK[51]]


def test_precedence_turn_before_last_deck():
    """C-TURN before C-LAST-DECK: D takes the last deck card, does not raise, and states
    the dismissed, a step out of its place."""
    text = log([[FOUR] + drain(51) + [f"D: deck -{FOUR_DECK[51]} dismiss"]], players="A B C D")
    illegal(text, "C-TURN", f"D: deck -{FOUR_DECK[51]} ^dismiss",
            "dismissed and stowaways are stated only when raising anchor")


def test_precedence_take_before_a_second_raise():
    """C-TAKE before C-RAISE: the pile's top is not P10, and A raises twice."""
    text = log([[BASE, "A: pile=P10 -K11 raise raise"]])
    illegal(text, "C-TAKE", "A: ^pile=P10", "the top of the discard pile is P11, not P10")


def test_precedence_void_before_raise():
    """C-VOID before C-RAISE: A takes the last quay card and raises, twice."""
    text = log([[PAIR] + quay_takes("AB", PAIR_QUAY, 6) + ["A: quay raise raise"]], players="A B")
    illegal(text, "C-VOID", "A: quay ^raise",
            "taking the last card of the quay ends the round at once: that turn has no discard and no raise")


def test_precedence_raise_before_crew():
    """C-RAISE before C-CREW: C raises before B, with a crew of three colours."""
    text = log([[BASE, A_RAISES, "C: raise B1 V7 Y5"]])
    illegal(text, "C-RAISE", "^C: raise B1", "B raises anchor next, not C")


def test_precedence_a_take_after_the_raise_before_crew():
    """C-RAISE before C-CREW: B takes a card after A's raise, then names three colours."""
    text = log([[BASE, A_RAISES, "B: deck -K8 raise O1 C7 Y3"]])
    illegal(text, "C-RAISE", "B: ^deck -K8",
            "the fastest captain, A, has raised anchor: the others now only raise anchor, with no take or discard")


def test_precedence_crew_before_dismiss():
    """C-CREW before C-DISMISS: three colours, and black cards dismissed."""
    text = log([[BASE, A_RAISES, "B: raise O1 C7 Y3 dismiss K8"]])
    illegal(text, "C-CREW", "B: ^raise O1", "a crew has at most two colours; B's has 3: cyan, orange, yellow")


def test_precedence_crew_before_complete():
    """C-CREW before C-COMPLETE: B fills with an orange card and names three colours."""
    text = log([[FILL, FILL_RAISE, "B: fill O1 raise O2 R7 G7"]])
    illegal(text, "C-CREW", "B: fill O1 ^raise", "a crew has at most two colours; B's has 3: green, orange, red")


def test_precedence_port_before_complete():
    """C-DISMISS (read at C-PORT's colour) before C-COMPLETE: B fills with an orange card
    and dismisses an orange one while the home-port colour is white."""
    text = log([[FILL, FILL_RAISE, "B: fill O1 raise O2 dismiss O3"]])
    first = illegal(text, "C-DISMISS", "B: fill O1 raise O2 ^dismiss",
                    "the dismissed are every card of the home-port colour (white) outside the crew: none")
    assert first.rulings == ["C-PORT"]


def test_precedence_port_before_stowaways():
    """C-DISMISS before C-STOWAWAY: a legal fill, then orange dismissed and wrong stowaways."""
    text = log([[FILL, FILL_RAISE, "B: fill R6 raise O2 dismiss O3 stow O4"]])
    illegal(text, "C-DISMISS", "B: fill R6 raise O2 ^dismiss",
            "the dismissed are every card of the home-port colour (white) outside the crew: none")


def test_precedence_complete_before_score():
    """C-COMPLETE before C-SCORE: an illegal fill stops the replay; the false claim is
    not judged."""
    text = log([[FILL, FILL_RAISE, "B: fill R7 G7 raise"]], Result="A=1 B=1 C=1")
    illegal(text, "C-COMPLETE", "B: ^fill R7 G7", "one player fills value 7 only once")
    assert [d.code for d in replay(text).diagnostics] == ["C-COMPLETE"]


# Each value: a test replaying a legal log whose state or outcome the ruling decides.
# The illegal cases are the samples named after each ruling (tests/test_samples.py).
LEGAL_CASES: dict[str, Callable[..., object]] = {
    "C-CARDS": test_cards_a_deal_of_all_110_cards_is_accepted,
    "C-PLAYERS": test_players_four_play_with_a_quay_of_nine,
    "C-SETUP": test_setup_a_seed_fixes_the_deal,
    "C-PORT": test_port_read_when_the_fastest_captain_raises_after_the_quay_changed,
    "C-TURN": test_turn_players_go_clockwise_from_the_first,
    "C-TAKE": test_take_from_each_of_the_three_sources,
    "C-DISCARD": test_discard_the_card_just_taken_or_one_of_the_hand,
    "C-RAISE": test_raise_the_others_follow_clockwise_from_the_fastest_captain,
    "C-LAST-DECK": test_last_deck_taken_with_a_raise,
    "C-VOID": test_void_the_last_quay_card_ends_the_round,
    "C-CREW": test_crew_of_two_colours_one_colour_or_none,
    "C-DISMISS": test_dismiss_the_home_port_cards_outside_the_crew_cost_nothing,
    "C-STOWAWAY": test_stowaway_all_the_rest_added_up,
    "C-COMPLETE": test_complete_in_the_crews_colours_with_values_it_lacked,
    "C-SCORE": test_score_the_captain_strictly_lowest_wins_the_round,
    "C-END": test_end_35_penalty_cards_then_exactly_one_more_round,
    "C-GRAND-MASTER": test_grand_master_two_in_the_same_round_both_win,
    "C-HIDDEN": test_hidden_a_log_without_the_deal_states_whole_hands,
}


def test_every_ruling_has_a_legal_case():
    assert sorted(LEGAL_CASES) == sorted(r.id for r in GAMES["corsari"].rulings)


def test_a_crew_card_at_fault_is_shown_where_it_is_named() -> None:
    """C-CREW: the caret stands under the card at fault (named twice, a value twice, a card not
    held), not under the whole raise."""
    opening = ('[Game "Corsari"]\n[Players "A B C"]\n[First "A"]\n[Seed "rules-1"]\n[Result "*"]\n\n'
               "1. A: pile -C9  B: pile -K10  C: quay -O8  A: deck -W7  B: pile -B6\n"
               "   C: quay -W10  A: quay -G10  B: quay -Y5  C: pile -B8\n")
    for crew, message, at in (
            ("B2 B7 B8 B10 B7 K4 K5 K11 dismiss O1 O5 stow V1 K2 W1", "B7 is named twice", 35),
            ("B2 B7 B8 B10 K2 K4 K5 K11 dismiss O1 O5 stow V1 W1", "a crew fills each post once; value 2 appears twice",
             35),
            ("B2 B7 B8 B9 B10 K4 K5 K11 dismiss O1 O5 stow V1 K2 W1", "A does not hold B9", 31)):
        text = opening + f"   A: pile -G3 raise {crew}\n"
        first = [d for d in judging.replay(text, "crew.corsari").diagnostics if d.is_error][0]
        assert (first.code, first.message, first.span.line, first.span.col) == ("C-CREW", message, 9, at), crew
