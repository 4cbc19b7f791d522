"""From a record's tags to a Korsar set-up: seats, sides, the deal (K-PLAYERS,
K-TEAMS, K-SETUP), and the claims judged at the end (EndHands, Result)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from referee.diagnostics import Violation
from referee.games.korsar.cards import COPIES, UNSHUFFLED_DECK, card_info, why_unknown
from referee.games.korsar.notation import (
    parse_deck,
    parse_hands,
    parse_result,
    parse_teams,
)
from referee.games.tagvalues import parse_players
from referee.record import GameRecord
from referee.shuffle import shuffled

HAND_SIZE = 6


@dataclass(slots=True)
class KorsarSetup:
    players: list[str]
    teams: list[tuple[str, str]] | None
    hands: list[list[str]] | None
    deck: list[str] | None  # top first
    end_hands: list[tuple[str, list[str]]] | None
    claimed: dict[str, int] | None
    has_claim: bool

    @property
    def sides(self) -> list[tuple[str, ...]]:
        if self.teams is None:
            return [(player,) for player in self.players]
        return [tuple(team) for team in self.teams]


def deal_from_seed(players: list[str], seed: str) -> tuple[list[list[str]], list[str]]:
    """K-SETUP with a seed: shuffle the documented unshuffled deck, deal six consecutive
    cards to each seat in order, the rest is the deck, top first."""
    cards = shuffled(UNSHUFFLED_DECK, seed)
    hands = [cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(len(players))]
    return hands, cards[len(players) * HAND_SIZE:]


def read_setup(record: GameRecord) -> KorsarSetup | Violation:
    players = parse_players(record.tag_value("Players") or "")
    problem = _check_players(players)
    if problem:
        return problem
    teams = None
    if record.tag("Teams") is not None:
        teams = parse_teams(record.tag_value("Teams") or "")
    problem = _check_teams(players, teams)
    if problem:
        return problem
    if teams is not None:
        teams = seat_ordered(players, teams)

    hands: list[list[str]] | None = None
    deck: list[str] | None = None
    seed = record.tag_value("Seed")
    seed = seed.strip() if seed is not None else None
    has_hands = record.tag("Hands") is not None
    has_deck = record.tag("Deck") is not None
    if seed is not None and (has_hands or has_deck):
        return Violation("K-SETUP", "a log gives either a Seed or the Hands and the Deck, not both",
                         part="tag:Seed")
    if has_hands != has_deck:
        missing = "Deck" if has_hands else "Hands"
        return Violation("K-SETUP", f"the deal is incomplete: the {missing} tag is missing",
                         part="tag:Hands" if has_hands else "tag:Deck",
                         notes=("a deal gives every hand and the whole deck, or use a Seed",))
    if seed is not None:
        hands, deck = deal_from_seed(players, seed)
    elif has_hands:
        dealt = parse_hands(record.tag_value("Hands") or "")
        problem = _check_hand_owners(players, dealt, "Hands")
        if problem:
            return problem
        hands = [cards for _, cards in dealt]
        deck = parse_deck(record.tag_value("Deck") or "")
        problem = _check_deal(players, hands, deck)
        if problem:
            return problem

    end_hands = None
    if record.tag("EndHands") is not None:
        end_hands = parse_hands(record.tag_value("EndHands") or "")
        problem = _check_hand_owners(players, end_hands, "EndHands")
        if problem:
            return problem
        for _, cards in end_hands:
            for card in cards:
                if card_info(card) is None:
                    return Violation("K-CARDS", why_unknown(card), {"card": card}, part="tag:EndHands")

    result = record.tag_value("Result")
    claims = parse_result(result) if result is not None else None
    claimed = None if claims is None else dict(claims)
    if claims is not None and len(claimed or {}) != len(claims):
        twice = next(side for side, _ in claims if [s for s, _ in claims].count(side) > 1)
        return Violation("K-SCORE", f"the claimed result names {twice} twice: each side is named once",
                         {"side": twice}, part="tag:Result")
    return KorsarSetup(players, teams, hands, deck, end_hands, claimed, result is not None)


def _check_players(players: list[str]) -> Violation | None:
    duplicates = sorted({p for p in players if players.count(p) > 1})
    if duplicates:
        return Violation("K-PLAYERS", f"player '{duplicates[0]}' is seated twice", part="tag:Players")
    count = len(players)
    if count == 7:
        return Violation("K-PLAYERS", "Korsar cannot be played by 7 players",
                         {"players": count}, part="tag:Players")
    if not 2 <= count <= 8:
        return Violation("K-PLAYERS", f"Korsar is played by 2 to 8 players, not {count}",
                         {"players": count}, part="tag:Players")
    return None


def _check_teams(players: list[str], teams: list[tuple[str, str]] | None) -> Violation | None:
    count = len(players)
    if teams is None:
        if count in (6, 8):
            return Violation("K-TEAMS", f"{count} players play in teams of two: add a Teams tag",
                             {"players": count}, part="tag:Players",
                             notes=(f"partners sit side by side: [Teams \"{_pairs(players)}\"]",))
        return None
    if count not in (4, 6, 8):
        return Violation("K-TEAMS", f"{count} players cannot play in teams: only 4, 6 or 8 can",
                         {"players": count}, part="tag:Teams")
    expected = [(players[i], players[i + 1]) for i in range(0, count, 2)]
    if sorted(teams) != sorted(expected):  # the pairs may be listed in any order
        return Violation("K-TEAMS", "partners sit side by side, first mates in seat order",
                         {"teams": ["+".join(t) for t in teams]}, part="tag:Teams",
                         notes=(f"with seats {' '.join(players)} the teams are \"{_pairs(players)}\"",))
    return None


def seat_ordered(players: list[str], teams: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The teams in seat order of their first mates: the order canonical notation writes."""
    seat = {player: index for index, player in enumerate(players)}
    return sorted(teams, key=lambda team: seat.get(team[0], len(seat)))


def _pairs(players: list[str]) -> str:
    return " ".join(f"{players[i]}+{players[i + 1]}" for i in range(0, len(players) - 1, 2))


def _check_hand_owners(players: list[str], hands: list[tuple[str, list[str]]], tag: str) -> Violation | None:
    owners = [owner for owner, _ in hands]
    if owners != players:
        return Violation("K-SETUP", f"the {tag} tag must list every player once, in seat order",
                         {"listed": owners, "players": players}, part=f"tag:{tag}",
                         notes=(f"seat order: {' '.join(players)}",))
    return None


def _check_deal(players: list[str], hands: list[list[str]], deck: list[str]) -> Violation | None:
    for player, hand in zip(players, hands):
        for card in hand:
            if card_info(card) is None:
                return Violation("K-CARDS", why_unknown(card), {"card": card}, part="tag:Hands")
        if len(hand) != HAND_SIZE:
            return Violation("K-SETUP", f"{player} is dealt {len(hand)} card{'s' * (len(hand) != 1)} instead of {HAND_SIZE}",
                             {"player": player, "cards": len(hand)}, part="tag:Hands")
    for card in deck:
        if card_info(card) is None:
            return Violation("K-CARDS", why_unknown(card), {"card": card}, part="tag:Deck")
    dealt = Counter(card for hand in hands for card in hand) + Counter(deck)
    if dealt != COPIES:
        extra = sorted((dealt - COPIES).elements())
        missing = sorted((COPIES - dealt).elements())
        parts = []
        if extra:
            parts.append(f"too many: {' '.join(extra[:8])}")
        if missing:
            parts.append(f"missing: {' '.join(missing[:8])}")
        if extra:  # more copies of a card than the game has: K-CARDS, as K-HIDDEN says
            card = extra[0]
            return Violation("K-CARDS", f"the deal holds {dealt[card]} of {card}; Korsar has "
                             f"{COPIES[card]}", {"extra": extra, "missing": missing}, part="tag:Deck",
                             notes=tuple(parts))
        return Violation("K-SETUP", "the hands and the deck are not the 78 Korsar cards",
                         {"extra": extra, "missing": missing}, part="tag:Deck",
                         notes=tuple(parts))
    return None
