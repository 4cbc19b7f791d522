#!/usr/bin/env python3
"""Regenerate the generated Corsari samples in samples/corsari/legal/.

Each game is dealt by a fixed seed and played by a simple, deterministic
policy written here on top of the rules engine, so the same seed always gives
the same deal and the same moves, on every machine:

  * a turn takes the discard pile's top card, or the exposed quay card, when
    it improves the hand clearly, and otherwise the top of the deck; it then
    discards the card that leaves the best hand. A hand is judged by its
    stowaway total under its best crew, with and without the home-port colour;
  * a player raises anchor once his stowaway total is small: at most 5 at
    first, one more for each time round the table (and always after taking
    the deck's last card);
  * a player whose stowaways are very heavy (35 or more) takes the quay's last
    card when it is the only one left, which makes the round void;
  * after the fastest captain has raised, each other player puts into his crew
    whatever lowers his own stowaway total, then names his best crew.

Among equally good discards the choice is made with seeded words (SHA-256 of
the seed and a counter), never with Python's `random`. Every game is judged by
the referee before it is written: it must be legal and its claimed result
must hold. Comments point out the first time something worth seeing happens,
and a line comment closes each round with its score.

    python3 samples/corsari/generate.py          rewrite the files
    python3 samples/corsari/generate.py --check  only compare; exit 1 if a file differs

rules-text-example.corsari, in the same folder, is written by hand and is not
touched here.

The seeds were chosen so that, between them, the games show a fastest captain
winning a round, a fastest captain taking the stowaways of players with equal
or smaller totals, completions of the fastest captain's crew, dismissed cards,
a forced raise after the deck's last card, void rounds (one of them an extra
round, which is then dealt again), the extra round after 35 penalty cards,
and a grand master.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
import textwrap
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from referee.games import GAMES  # noqa: E402
from referee.games.corsari.cards import COLOUR_NAMES, colour, order_key, value  # noqa: E402
from referee.games.corsari.engine import CorsariEngine  # noqa: E402
from referee.games.corsari.notation import CorsariDeal, CorsariTurn, Step  # noqa: E402
from referee.notation.writer import format_game  # noqa: E402
from referee.record import Comment, GameRecord, Round, Tag, Turn  # noqa: E402
from referee.pipeline.replay import check_text  # noqa: E402

RULES = GAMES["corsari"]
LEGAL = HERE / "legal"
NUMBERS = {2: "two", 3: "three", 4: "four"}

# file, players in seat order, first player, seed, whether raises state the
# dismissed and the stowaways, a sentence on what the game is
DEALT = (
    ("game-2-players.corsari", "A B", "A", "corsari2-33", False,
     "Raises name only the crew: the dismissed and the stowaways follow from the deal."),
    ("game-3-players.corsari", "A B C", "A", "corsari3-65", True,
     "Raises name the crew, then state the dismissed and the stowaways, which the referee checks."),
    ("game-4-players.corsari", "A B C D", "A", "corsari4-40", True,
     "Raises name the crew, then state the dismissed and the stowaways, which the referee checks."),
    ("void-round.corsari", "A B C", "A", "corsari3-37", True,
     "Raises name the crew, then state the dismissed and the stowaways."),
    ("grand-master.corsari", "A B C", "A", "s3-177", True,
     "Raises name the crew, then state the dismissed and the stowaways."),
)

# The game logged without its deal: players, first player, seed of the game it records.
NO_DEAL = ("no-deal.corsari", "A B C", "A", "corsari3-47")

# What a game may show, in the order the header lists it.
EVENTS = (
    ("win", "a fastest captain winning a round"),
    ("take", "a fastest captain taking the stowaways of a player with a smaller total"),
    ("tie", "a fastest captain taking the stowaways of a player with an equal total"),
    ("fill", "completions of the fastest captain's crew"),
    ("dismiss", "dismissed cards"),
    ("void", "a void round"),
    ("last-deck", "a forced raise after the deck's last card"),
    ("extra", "the extra round after 35 penalty cards"),
    ("void-extra", "a void extra round, dealt again"),
    ("grand-master", "a grand master"),
)


# -- the policy ----------------------------------------------------------------------

class Chooser:
    """Seeded choices among equals: SHA-256 words of the seed and a counter."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.counter = 0

    def pick(self, items: list[str]) -> str:
        if len(items) == 1:
            return items[0]
        digest = hashlib.sha256(f"{self.seed}:policy:{self.counter}".encode()).digest()
        self.counter += 1
        return items[int.from_bytes(digest[:8], "big") % len(items)]


@lru_cache(maxsize=1 << 18)
def best_split(cards: tuple[str, ...], port: str | None) -> tuple[int, tuple[str, ...]]:
    """The smallest stowaway total a hand can reach, and a crew that reaches it: for
    each colour and pair of colours, one card per value, keeping in the crew the card
    that would otherwise cost something."""
    colours = sorted({colour(card) for card in cards})
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for pair in [()] + [(c,) for c in colours] + list(itertools.combinations(colours, 2)):
        chosen: dict[int, str] = {}
        for card in cards:
            if colour(card) in pair:
                held = chosen.get(value(card))
                if held is None or (colour(held) == port and colour(card) != port):
                    chosen[value(card)] = card
        crew = tuple(sorted(chosen.values(), key=order_key))
        total = sum(value(card) for card in cards if card not in crew and colour(card) != port)
        key = (total, -len(crew))
        if best is None or key < best[0]:
            best = (key, crew)
    assert best is not None
    return best[0][0], best[1]


def quality(cards: Iterable[str], port: str | None) -> int:
    """Lower is better: the stowaway total now, plus the total without the port's help."""
    ordered = tuple(sorted(cards, key=order_key))
    return best_split(ordered, port)[0] + best_split(ordered, None)[0]


def without(cards: Iterable[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def raise_steps(crew: tuple[str, ...], rest: list[str], port: str, stated: bool) -> list[Step]:
    """`raise CREW`, with the dismissed and the stowaways when the log states them."""
    steps = [Step("raise", crew)]
    if stated:
        steps.append(Step("dismiss", tuple(sorted((c for c in rest if colour(c) == port), key=order_key))))
        steps.append(Step("stow", tuple(sorted((c for c in rest if colour(c) != port), key=order_key))))
    return steps


class Policy:
    BASE = 5          # the largest stowaway total a player raises with at first
    STEP = 1          # what each time round the table adds to it
    PILE_GAIN = 3     # how much better a hand must get to take the pile's top card
    QUAY_GAIN = 6     # ... or the exposed quay card
    VOID_TOTAL = 35   # the stowaway total that makes a player take the quay's last card

    def __init__(self, seed: str, stated: bool) -> None:
        self.choose = Chooser(seed)
        self.stated = stated

    def turn(self, engine: CorsariEngine) -> CorsariTurn:
        state = engine.current
        assert state is not None and state.deck is not None
        seat = state.next_seat
        hand = sorted(state.hands[seat].elements(), key=order_key)
        port = colour(state.quay[-1])
        if len(state.quay) == 1 and best_split(tuple(hand), port)[0] >= self.VOID_TOTAL:
            return CorsariTurn((Step("take", (), "quay"),))
        now = quality(hand, port)
        best: tuple[int, str, str, str] | None = None
        for source in ("pile", "quay"):
            if source == "quay" and len(state.quay) < 2:
                continue
            card = state.pile[-1] if source == "pile" else state.quay[-1]
            after = port if source == "pile" else colour(state.quay[-2])
            gain = now - min(quality(without(hand + [card], d), after) for d in set(hand + [card]))
            needed = self.PILE_GAIN if source == "pile" else self.QUAY_GAIN
            if gain >= needed and (best is None or gain > best[0]):
                best = (gain, source, card, after)
        if best is None:
            source, card, port_after = "deck", state.deck[-1], port
        else:
            _, source, card, port_after = best
        full = hand + [card]
        scores = {d: quality(without(full, d), port_after) for d in sorted(set(full), key=order_key)}
        low = min(scores.values())
        discard = self.choose.pick([d for d, score in scores.items() if score == low])
        kept = without(full, discard)
        total, crew = best_split(tuple(sorted(kept, key=order_key)), port_after)
        steps = [Step("take", (), source), Step("discard", (discard,))]
        must = source == "deck" and state.deck_size == 1
        if must or total <= self.BASE + (state.entries // engine.count) * self.STEP:
            rest = list(kept)
            for member in crew:
                rest.remove(member)
            steps += raise_steps(crew, rest, port_after, self.stated)
        return CorsariTurn(tuple(steps))

    def split(self, engine: CorsariEngine) -> CorsariTurn:
        state = engine.current
        assert state is not None and state.port is not None
        hand = sorted(state.hands[state.pending[0]].elements(), key=order_key)
        fillable: dict[int, list[str]] = {}
        for card in hand:
            if colour(card) in state.crew_colours and value(card) not in state.crew_values:
                fillable.setdefault(value(card), []).append(card)
        best: tuple[tuple[int, int], tuple[str, ...], tuple[str, ...], list[str]] | None = None
        for combo in itertools.product(*([None, *cards] for _, cards in sorted(fillable.items()))):
            fill = tuple(card for card in combo if card is not None)
            rest = [card for card in hand if card not in fill]
            total, crew = best_split(tuple(rest), state.port)
            key = (total, len(fill))
            if best is None or key < best[0]:
                best = (key, fill, crew, [card for card in rest if card not in crew])
        assert best is not None
        _, fill, crew, rest = best
        steps = ([Step("fill", fill)] if fill else []) + raise_steps(crew, rest, state.port, self.stated)
        return CorsariTurn(tuple(steps))


# -- playing and annotating a game -------------------------------------------------------

def names(players: list[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def cards_word(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


class Scribe:
    """Plays a seeded game with the policy and writes it down with its comments."""

    def __init__(self, players: list[str], first: str, seed: str, stated: bool) -> None:
        tags = [Tag("Game", "Corsari"), Tag("Players", " ".join(players)), Tag("First", first),
                Tag("Seed", seed)]
        self.record = GameRecord("corsari", tags=tags)
        engine = RULES.new_engine(self.record)
        assert isinstance(engine, CorsariEngine), engine
        self.engine = engine
        self.policy = Policy(seed, stated)
        self.seen: set[str] = set()
        self.deals: list[CorsariDeal] = []

    def first(self, event: str) -> bool:
        if event in self.seen:
            return False
        self.seen.add(event)
        return True

    def shows(self) -> str:
        return ", ".join(words for event, words in EVENTS if event in self.seen)

    def play(self) -> None:
        engine = self.engine
        current: Round | None = None
        while not engine.is_over:
            due = engine.round_due()
            if due is not None:
                assert engine.start_round(due) is None
                state = engine.current
                assert state is not None
                self.deals.append(CorsariDeal(None, tuple(state.quay), state.pile[-1], None))
                current = Round(due)
                self.record.rounds.append(current)
            assert engine.current is not None and current is not None
            if engine.phase == "turns":
                player = engine.players[engine.current.next_seat]
                action = self.policy.turn(engine)
            else:
                player = engine.players[engine.current.pending[0]]
                action = self.policy.split(engine)
            turn = Turn(player, action, RULES.format_turn(action))
            current.turns.append(turn)
            self.entry(turn, current)
        self.record.tags.append(Tag("Result", RULES.result_tag(engine.outcome())))

    def entry(self, turn: Turn, round_: Round) -> None:
        engine = self.engine
        state = engine.current
        assert state is not None
        action: CorsariTurn = turn.action
        take = action.steps[0] if action.steps[0].kind == "take" else None
        last_deck = take is not None and take.source == "deck" and state.deck_size == 1
        void = take is not None and take.source == "quay" and len(state.quay) == 1
        final = engine.final_round
        exposed = state.quay[-2] if take is not None and take.source == "quay" and not void else \
            state.quay[-1]
        seat = engine.seat[turn.player]
        captain = state.fastest
        assert engine.play(turn.player, action) is None
        notes = []
        if void:
            event = "void-extra" if final else "void"
            if self.first(event):
                notes.append(f"{turn.player} takes the last quay card: the round ends at once, with no "
                             "discard and no raise")
            turn.comments.extend(Comment(note, True) for note in notes)
            self.close_round(round_, void=True, final=final)
            return
        if last_deck and self.first("last-deck"):
            notes.append(f"{turn.player} took the last card of the deck and must raise anchor now")
        split = state.splits.get(seat)
        if split is not None:
            if captain is None and self.first("captain"):
                port = colour(exposed)
                notes.append(f"{turn.player} raises anchor first and is the fastest captain; the "
                             f"exposed quay card {exposed} makes {COLOUR_NAMES[port]} the home-port "
                             "colour for every split of the round")
            if split.filled and self.first("fill"):
                fastest = engine.players[state.fastest or 0]
                values = " and ".join(("an " if value(card) in (8, 11) else "a ") + str(value(card))
                                      for card in split.filled)
                notes.append(f"{turn.player} puts {names(split.filled)} into {fastest}'s crew, which "
                             f"lacked {values} when {fastest} raised anchor; "
                             + ("it does" if len(split.filled) == 1 else "they do")
                             + f" not count among {turn.player}'s stowaways")
            if split.dismissed and self.first("dismiss"):
                one = len(split.dismissed) == 1
                notes.append(f"{names(split.dismissed)}, of the home-port colour and outside the "
                             f"crew, {'is' if one else 'are'} dismissed: back to the quay, "
                             f"{'it costs' if one else 'they cost'} nothing")
            if not split.stowaways:
                self.seen.add("grand-master")
                notes.append(f"{turn.player} has no stowaway at all: grand master, the game ends "
                             "once this round is scored")
        turn.comments.extend(Comment(note, True) for note in notes)
        if engine.phase == "between":
            self.close_round(round_, void=False)

    def close_round(self, round_: Round, void: bool, final: bool = False) -> None:
        engine = self.engine
        last = round_.turns[-1]
        if void:
            words = f"round {round_.number} is void: nothing is scored"
            if final:
                words += "; a void extra round does not count, so another one is dealt"
        else:
            words = self.score_words(engine.history[-1])
            total = sum(len(pile) for pile in engine.penalty)
            if engine.is_over:
                pass
            elif engine.final_round and "extra" not in self.seen:
                self.seen.add("extra")
                words += (f"; the penalty piles now hold {total} cards, 35 or more: one more round, "
                          "then the game ends")
            else:
                words += f"; the penalty piles hold {total} cards in all"
        if engine.is_over:
            words += "; " + self.ending()
        last.comments.append(Comment(words, False))

    def score_words(self, history: dict) -> str:
        fastest = history["fastest"]
        totals: dict[str, int] = history["totals"]
        penalty: dict[str, int] = history["penalty"]
        others = [p for p in totals if p != fastest]
        f_total = totals[fastest]
        listed = ", ".join(f"{p} {t}" for p, t in totals.items())
        head = f"stowaways {listed}"
        if all(f_total < totals[p] for p in others):
            self.seen.add("win")
            if len(others) == 1:
                return (f"{head}: {fastest}, the fastest captain, is below {others[0]} and wins the "
                        f"round; {others[0]} puts his own stowaways into his penalty pile "
                        f"({cards_word(penalty[others[0]])})")
            return (f"{head}: {fastest}, the fastest captain, is below everyone else and wins the round; "
                    f"the others put their own stowaways into their penalty piles ("
                    + ", ".join(f"{p} {cards_word(penalty[p])}" for p in others) + ")")
        low = [p for p in others if totals[p] <= f_total]
        high = [p for p in others if totals[p] > f_total]
        if any(totals[p] == f_total for p in low):
            self.seen.add("tie")
        if any(totals[p] < f_total for p in low):
            self.seen.add("take")
        words = (f"{head}: {names(low)} {'is' if len(low) == 1 else 'are'} not above the fastest "
                 f"captain's {f_total}, so {fastest} takes {names([p + chr(39) + 's' for p in low])} "
                 f"stowaways with his own: {cards_word(penalty[fastest])}")
        if high:
            words += "; " + ", ".join(f"{p} takes his own {cards_word(penalty[p])}" for p in high)
        return words

    def ending(self) -> str:
        engine = self.engine
        outcome = engine.outcome()
        counts = ", ".join(f"{side.side} {side.score}" for side in outcome.sides)
        if engine.grand_masters:
            return (f"the game is over: {names(outcome.winners)} "
                    f"{'wins' if len(outcome.winners) == 1 else 'win'} as grand master "
                    f"(penalty cards {counts})")
        if engine.end_reason.startswith("too few"):
            reason = "too few cards are left outside the penalty piles to deal again"
        else:
            reason = "the extra round has been played"
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        return f"{reason} and the game is over: penalty cards {counts}; {names(outcome.winners)} {verb}"


def header(*sentences: str) -> list[Comment]:
    return [Comment(line, False) for line in textwrap.wrap(" ".join(sentences), 77)]


def judged(text: str, name: str) -> str:
    """The text, once the referee finds it legal with a claimed result that holds."""
    report = check_text(name, text)
    assert report.ok, [(d.code, d.span, d.message) for d in report.all_diagnostics()]
    for game in report.games:
        assert game.outcome is not None and game.outcome.finished, name
        assert game.outcome.claim == "holds", name
    return text


def dealt_game(name: str, players: str, first: str, seed: str, stated: bool, what: str) -> str:
    scribe = Scribe(players.split(), first, seed, stated)
    scribe.play()
    count = NUMBERS[len(players.split())]
    scribe.record.preamble = header(
        f'A complete game of Corsari for {count} players, dealt by the seed "{seed}".', what,
        f"Shows {scribe.shows()}.")
    return judged(format_game(scribe.record, RULES), name)


def no_deal_game(name: str, players: str, first: str, seed: str) -> str:
    """A game logged as players at a table see it: each round's deal gives only the
    quay and the pile's first card, takes from the deck do not show the card, and
    every raise states the whole hand."""
    scribe = Scribe(players.split(), first, seed, stated=True)
    scribe.play()
    record = scribe.record
    record.tags = [tag for tag in record.tags if tag.name != "Seed"]
    for round_, deal in zip(record.rounds, scribe.deals):
        round_.turns.insert(0, Turn("deal", deal, RULES.format_turn(deal)))
    count = NUMBERS[len(players.split())]
    record.preamble = header(
        f"A complete game of Corsari for {count} players, logged without the deal, as the table "
        "sees it: each round opens with the quay as laid and the card that starts the discard "
        "pile, takes from the deck do not show the card, and every raise states the whole hand "
        "(the crew, the dismissed and the stowaways), which the referee checks against what "
        "each player was seen to take.", f"Shows {scribe.shows()}.")
    return judged(format_game(record, RULES), name)


def outputs() -> dict[Path, str]:
    files = {LEGAL / name: dealt_game(name, players, first, seed, stated, what)
             for name, players, first, seed, stated, what in DEALT}
    name, players, first, seed = NO_DEAL
    files[LEGAL / name] = no_deal_game(name, players, first, seed)
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if a file differs")
    args = parser.parse_args()
    stale = []
    for path, text in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'differs' if args.check else 'wrote'}: {path.relative_to(HERE)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
