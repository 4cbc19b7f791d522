"""From a record's tags to a Corsari set-up (C-PLAYERS), and the seeded deal of a round."""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from referee.diagnostics import Violation
from referee.games.common import seating_problem
from referee.games.corsari.cards import HAND_SIZE, QUAY_SIZE, UNSHUFFLED
from referee.games.corsari.notation import RESERVED, CorsariDeal, parse_result
from referee.games.tagvalues import parse_players
from referee.record import GameRecord
from referee.shuffle import shuffled


@dataclass(slots=True)
class CorsariSetup:
    players: list[str]
    first: int
    seed: str | None
    claimed: list[tuple[str, int, bool]] | None
    has_claim: bool


def read_setup(record: GameRecord) -> CorsariSetup | Violation:
    players = parse_players(record.tag_value("Players") or "")
    problem = seating_problem(players, RESERVED, "C-PLAYERS", "Corsari", 2, 4)
    if problem is not None:
        return problem
    first = (record.tag_value("First") or "").strip()
    if first not in players:
        return Violation("C-SETUP", f"the first player '{first}' is not a player of this game",
                         {"first": first, "players": players}, part="tag:First")
    seed = record.tag_value("Seed")
    result = record.tag_value("Result")
    claimed = parse_result(result) if result is not None else None
    if claimed is not None:
        named = [player for player, _, _ in claimed]
        twice = [p for p in named if named.count(p) > 1]
        if twice:
            return Violation("C-SCORE", f"the claimed result names {twice[0]} twice", part="tag:Result")
    return CorsariSetup(players, players.index(first), seed.strip() if seed is not None else None,
                        claimed, result is not None)


def seeded_deal(players: list[str], seed: str, round_number: int, cards: Set[str]) -> CorsariDeal:
    """C-SETUP with a seed: the cards outside the penalty piles, in the documented
    unshuffled order, shuffled with the seed "<seed>:<round>"; twelve consecutive cards
    to each seat in order, then the quay as laid, then the card that starts the pile,
    then the deck, top first."""
    dealt = shuffled(list(filter(cards.__contains__, UNSHUFFLED)), f"{seed}:{round_number}")
    count = len(players)
    hands = tuple((player, tuple(dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i, player in enumerate(players))
    start = count * HAND_SIZE
    quay = tuple(dealt[start:start + QUAY_SIZE[count]])
    pile = dealt[start + QUAY_SIZE[count]]
    deck = tuple(dealt[start + QUAY_SIZE[count] + 1:])
    return CorsariDeal(hands, quay, pile, deck)
