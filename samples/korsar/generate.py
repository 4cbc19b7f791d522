#!/usr/bin/env python3
"""Regenerate the generated Korsar samples in samples/korsar/legal/.

Every game here is a random legal game played by the referee's own move
generator (referee.simulate) from a fixed seed, so the same seed always gives
the same deal and the same moves, on every machine. The script then replays
each game and writes into its turns what happened, as a careful writer would:
the galleons each capture phase took (`xB5`) and the character a captain or
the admiral chased (`~AD`). The referee checks both kinds of statement, so the
samples exercise them. A few comments point out the first time something worth
seeing happens, and a last one says how the game ended.

    python3 samples/korsar/generate.py          rewrite the files
    python3 samples/korsar/generate.py --check  only compare; exit 1 if a file differs

The seeds were chosen so that, between them, the games show captures by pirate
strength, captains, the admiral, chased characters, a galleon left on the table
in a tie at the end, galleons still in hand at the end, and discards once the
deck has run out.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from referee.games import GAMES  # noqa: E402
from referee.games.korsar.cards import COLOUR_NAMES, card_info  # noqa: E402
from referee.games.korsar.engine import Galleon, KorsarEngine  # noqa: E402
from referee.games.korsar.notation import GalleonRef, KorsarAction, format_hands  # noqa: E402
from referee.notation.writer import format_game  # noqa: E402
from referee.record import Comment, GameRecord, Tag  # noqa: E402
from referee.simulate import random_game  # noqa: E402

RULES = GAMES["korsar"]
LEGAL = HERE / "legal"

# file, players in seat order, team play, seed, what the game is
DEALT = (
    ("solo-2-players.korsar", "A B", False, "solo2-1608", "two players, each alone"),
    ("solo-3-players.korsar", "A B C", False, "solo3-39", "three players, each alone"),
    ("solo-4-players.korsar", "A B C D", False, "solo4-269", "four players, each alone (no Teams tag)"),
    ("solo-5-players.korsar", "A B C D E", False, "solo5-53", "five players, each alone"),
    ("teams-4-players.korsar", "A B C D", True, "team4-712", "four players in two teams"),
    ("teams-6-players.korsar", "A B C D E F", True, "team6-275", "six players in three teams"),
    ("teams-8-players.korsar", "A B C D E F G H", True, "team8-290", "eight players in four teams"),
)

# The game logged without its deal: players, seed of the game it records.
NO_DEAL = ("no-deal.korsar", "A B C", "solo3-86")
SHOWN_DRAWS = 4  # how many draws, from the first, show the card drawn

# What a game may show, in the order the header lists it.
EVENTS = (
    ("strength", "captures by pirate strength"),
    ("captain", "a captain"),
    ("admiral", "the admiral"),
    ("chase", "a chase"),
    ("character", "a galleon won by its character"),
    ("partner", "a partner's galleon taken by the first mate"),
    ("second-mate", "a second mate's capture phase"),
    ("discard", "discards"),
    ("tie", "a galleon left in a tie"),
    ("in-hand", "galleons left in hand"),
)


def describe(card: str) -> str:
    info = card_info(card)
    assert info is not None
    return info.describe()


def strengths(engine: KorsarEngine, galleon: Galleon) -> str:
    ordered = sorted(galleon.forces.items(), key=lambda item: -item[1].strength)
    return " to ".join(f"{force.strength} ({engine.side_names[side]}, "
                       f"{COLOUR_NAMES[force.colour]})" for side, force in ordered)


class Annotator:
    """Replays a game, states its captures and chases, and comments on the firsts."""

    def __init__(self, record: GameRecord) -> None:
        engine = RULES.new_engine(record)
        assert isinstance(engine, KorsarEngine), engine
        self.engine = engine
        self.seen: set[str] = set()

    def first(self, event: str) -> bool:
        """True the first time `event` happens in the game."""
        if event in self.seen:
            return False
        self.seen.add(event)
        return True

    def shows(self) -> str:
        return ", ".join(words for event, words in EVENTS if event in self.seen)

    def ref(self, galleon: Galleon) -> GalleonRef:
        engine = self.engine
        round_ = galleon.round if "/" in engine.ref_of(galleon) else None
        return GalleonRef(engine.players[galleon.placer], galleon.value, round_)

    def turn(self, player: str, action: KorsarAction) -> tuple[KorsarAction, list[str]]:
        """Play one turn; give it back with its captures and chase stated, and comments."""
        engine = self.engine
        seat = engine.seat[player]
        side = engine.side_of[seat]
        captures: list[Galleon] = []
        if engine.has_capture_phase(seat):
            captures = [g for g in engine.table if engine.controller(g) == side]
        refs = tuple(self.ref(g) for g in captures)
        notes: list[str] = []
        for galleon, ref in zip(captures, refs):
            if galleon.character is not None:
                if self.first("character"):
                    notes.append(f"the {describe(galleon.character[0])} on {ref} wins it "
                                 f"for {engine.side_names[side]}, whatever the pirates")
            elif len(galleon.forces) > 1:
                if self.first("strength"):
                    notes.append(f"{ref} falls to pirate strength, {strengths(engine, galleon)}")
            elif not galleon.forces and galleon.placer != seat:
                if self.first("partner"):
                    notes.append(f"{ref}, placed by the partner and never attacked, goes to the team")
        if captures and not engine.first_mate[seat]:
            if self.first("second-mate"):
                partner = engine.players[seat - 1]
                notes.append(f"{partner} has no more turns, so {player} has the capture phase")
        deck_before = engine.deck_size
        assert engine.play(player, action) is None
        chased = engine.last_chased
        stated = KorsarAction(action.kind, action.card, action.target, refs, chased)
        info = card_info(action.card) if action.card else None
        if chased is not None:
            if self.first("chase"):
                notes.append(f"the {describe(action.card)} chases the {describe(chased)} "
                             f"from {action.target}, and the {describe(chased)} leaves the game")
        elif info is not None and info.kind == "captain":
            if self.first("captain"):
                notes.append(f"a captain joins its own side's {COLOUR_NAMES[info.colour]} pirates "
                             f"and holds {action.target} for {engine.side_names[side]}")
        elif info is not None and info.kind == "admiral":
            if self.first("admiral"):
                notes.append(f"the admiral may go only on a galleon of {engine.side_names[side]}'s "
                             "own, and needs no pirate there")
        if action.kind == "draw" and deck_before == 1:
            if self.first("last-draw"):
                notes.append("the last card of the deck: from now on nobody draws")
        if action.kind == "discard":
            if self.first("discard"):
                notes.append("with the deck empty, a card that is not a galleon may be discarded")
        return stated, notes

    def ending(self) -> str:
        engine = self.engine
        if engine.teams:
            out = [f"{engine.players[i]} and {engine.players[i + 1]}"
                   for i in range(0, len(engine.players), 2)
                   if engine.hand_size[i] == 0 and engine.hand_size[i + 1] == 0]
            words = f"the deck is empty and {out[0]} both hold no card: the game is over"
        else:
            out = [engine.players[s] for s in range(len(engine.players)) if engine.hand_size[s] == 0]
            words = f"the deck is empty and {out[0]} holds no card: the game is over"
        swept = [(engine.side_names[side], f"{engine.players[g.placer]}{g.value}")
                 for side, galleons in enumerate(engine.swept) for g in galleons]
        if swept:
            words += "; still held on the table: " + ", ".join(f"{name} goes to {side}"
                                                              for side, name in swept)
        if engine.left_on_table:
            names = [f"{engine.players[g.placer]}{g.value}" for g in engine.left_on_table]
            words += f"; {', '.join(names)} held in a tie stays on the table for nobody"
            self.first("tie")
        hands = engine.hands if engine.setup.end_hands is None else \
            [cards for _, cards in engine.setup.end_hands]
        if any(card.startswith("$") for hand in hands for card in hand):
            self.first("in-hand")
        return words


def annotate(record: GameRecord) -> Annotator:
    annotator = Annotator(record)
    engine = annotator.engine
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            turn.action, notes = annotator.turn(turn.player, turn.action)
            turn.text = RULES.format_turn(turn.action)
            turn.comments.extend(Comment(note, True) for note in notes)
    assert engine.is_over
    record.rounds[-1].turns[-1].comments.append(Comment(annotator.ending(), False))
    return annotator


def header(*sentences: str) -> list[Comment]:
    return [Comment(line, False) for line in textwrap.wrap(" ".join(sentences), 77)]


def dealt_game(players: str, teams: bool, seed: str, what: str) -> str:
    record, _ = random_game(RULES, players.split(), teams, seed)
    annotator = annotate(record)
    record.preamble = header(f'A complete game of Korsar for {what}, dealt by the seed "{seed}".',
                             f"Shows {annotator.shows()}.")
    return format_game(record, RULES)


def no_deal_game(players: str, seed: str) -> str:
    """The same kind of game, logged as players at a table would: no deal, most draws
    without the card, and the hands at the end so that the score can be checked."""
    record, dealt = random_game(RULES, players.split(), False, seed)
    assert isinstance(dealt, KorsarEngine)
    final_hands = [(player, sorted(dealt.hands[seat].elements(), key=_card_order))
                   for seat, player in enumerate(dealt.players)]
    # Replay with the deal to learn the card behind each of the first draws.
    replay = RULES.new_engine(record)
    assert isinstance(replay, KorsarEngine)
    shown = 0
    for round_ in record.rounds:
        replay.start_round(round_.number)
        for turn in round_.turns:
            action = turn.action
            if action.kind == "draw" and shown < SHOWN_DRAWS:
                assert replay.deck is not None
                action = KorsarAction("draw", replay.deck[-1])
                shown += 1
            assert replay.play(turn.player, turn.action) is None
            turn.action = action
    result = next(tag for tag in record.tags if tag.name == "Result")
    record.tags = [tag for tag in record.tags if tag.name not in ("Seed", "Result")]
    record.tags.append(Tag("EndHands", format_hands(final_hands)))
    record.tags.append(result)
    annotator = annotate(record)
    record.preamble = header(
        "A complete game of Korsar for three players, logged without the deal: only the first four draws",
        "show the card, and EndHands gives the hands at the end so that the score can be checked.",
        f"Shows {annotator.shows()}.")
    return format_game(record, RULES)


def _card_order(card: str) -> tuple[int, str]:
    return ({"$": 0, "Y": 1, "R": 2, "G": 3, "B": 4, "A": 5}.get(card[0], 9), card)


def outputs() -> dict[Path, str]:
    files = {LEGAL / name: dealt_game(players, teams, seed, what)
             for name, players, teams, seed, what in DEALT}
    name, players, seed = NO_DEAL
    files[LEGAL / name] = no_deal_game(players, seed)
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
