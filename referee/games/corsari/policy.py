"""How a simulated Corsari player chooses among the legal moves: the shape of real
play, so corpora hold rounds as people play them.

A player keeps improving his hand — of a few takes and discards drawn at random,
he plays the one that leaves the best crew within reach — and raises anchor once
his stowaways are light enough, a bar that rises as the round goes on, or, half
the time, when the deck is nearly out; a player who plays on with one card left
in the deck sometimes draws it and must raise (counted as a forced raise). A player completing the fastest captain's crew names
the crew that leaves him the lightest stowaways. Choices between equals use the
seeded word stream, so the same seed gives the same game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games.corsari.cards import colour, value
from referee.games.corsari.engine import CorsariEngine, _crews, _minus
from referee.games.corsari.notation import CorsariTurn, Step
from referee.shuffle import SeededChoices

VOID_AT = 50
"""Stowaway points at which a player would rather void the round than raise."""

LOOKS = 6
"""How many takes and discards a player weighs before playing the best of them."""


def choose(engine: CorsariEngine, moves: list[tuple[str, Any]], chooser: SeededChoices,
           notes: Counter[str]) -> tuple[str, Any]:
    state = engine.current
    if state is None or engine.phase not in ("turns", "splits"):
        return moves[chooser.below(len(moves))]
    if engine.phase == "splits":
        seat = state.pending[0]
        return _lightest(moves, state.hands[seat], state.quay[-1] if state.quay else None, chooser)
    seat = state.next_seat
    hand = state.hands[seat]
    port = state.quay[-1] if state.quay else None
    notes["forced raises"] += 0  # shown in the statistics even when none happened
    staying = [move for move in moves if not _raises(move[1])]
    if not staying:
        notes["forced raises"] += 1
        return _lightest(moves, hand, port, chooser, state)
    # Taking the quay's last card voids the round: only a player whose stowaways are
    # very heavy wants that.
    voiding = [move for move in staying if not _discards(move[1])]
    staying = [move for move in staying if _discards(move[1])] or staying
    if voiding and _heaviest_kept(hand, port) >= VOID_AT:
        notes["rounds voided on purpose"] += 1
        return voiding[0]
    # A player weighs a few takes and discards, as people do: for each, the lightest
    # crew the hand after it could raise with (every raising move is a staying
    # move's take and discard plus a crew, so no raise is missed by looking so).
    # One round in four is cautious: nobody settles for less than a clean crew, and
    # hands improve slowly, so such rounds run on towards the deck's end.
    cautious = state.number % 4 == 0
    looked = sorted({chooser.below(len(staying)) for _ in range(2 if cautious else LOOKS)})
    reach = {index: _best_crew(staying[index][1], hand, port, state) for index in looked}
    least = min(total for total, _ in reach.values())
    turns_each = state.entries // engine.count
    bar = turns_each // 4 if cautious else 3 * turns_each // (1 + state.number % 3)
    # Near the deck's end some players raise while they can choose their moment; the
    # others play on, and one of them may have to draw the last card (C-LAST-DECK).
    if least <= bar or (state.deck_size <= engine.count and chooser.below(2) == 0):
        best = [(staying[index][0], CorsariTurn(staying[index][1].steps + (Step("raise", crew),)))
                for index, (total, crew) in reach.items()
                if total == least and crew and _discards(staying[index][1])]
        if best:
            return best[chooser.below(len(best))]
    if state.deck_size == 1 and chooser.below(3) == 0:
        drawing = [move for move in moves if _takes_from(move[1], "deck")]
        if drawing:
            notes["forced raises"] += 1
            return _lightest(drawing, hand, port, chooser, state)
    lightest = [index for index in looked if reach[index][0] == least]
    return staying[lightest[chooser.below(len(lightest))]]


def _heaviest_kept(hand: Counter[str], port: str | None) -> int:
    """The lightest stowaways the hand as it stands could raise with."""
    whole = _points(hand, port)
    port_colour = colour(port) if port else None
    return min(whole - sum(value(card) for card in crew if colour(card) != port_colour) for crew in _crews(hand))


def _discards(turn: CorsariTurn) -> bool:
    """A take and a discard, which a raise may follow (a take of the quay's last card
    ends the round instead)."""
    return any(step.kind == "discard" for step in turn.steps)


def _takes_from(turn: CorsariTurn, source: str) -> bool:
    return any(step.kind == "take" and step.source == source for step in turn.steps)


def _raises(turn: Any) -> bool:
    return isinstance(turn, CorsariTurn) and bool(turn.steps) and turn.steps[-1].kind == "raise"


def _best_crew(turn: CorsariTurn, hand: Counter[str], port: str | None, state: Any) -> tuple[int, tuple[str, ...]]:
    """The lightest stowaways the hand after this move could raise with, and that crew."""
    after = _hand_after(turn, hand, state)
    whole = _points(after, port)
    port_colour = colour(port) if port else None
    return min(((whole - sum(value(card) for card in crew if colour(card) != port_colour), crew)
                for crew in _crews(after)), key=lambda found: found[0])


def _lightest(moves: list[tuple[str, Any]], hand: Counter[str], port: str | None, chooser: SeededChoices,
              state: Any = None) -> tuple[str, Any]:
    totals = _stowaway_totals(moves, hand, port, state)
    least = min(totals)
    best = [move for move, total in zip(moves, totals) if total == least]
    return best[chooser.below(len(best))]


def _stowaway_totals(moves: list[tuple[str, Any]], hand: Counter[str], port: str | None,
                     state: Any) -> list[int]:
    """The stowaway points of each raising move: the hand left outside the crew, the
    home port's colour costing nothing. Moves share their take and discard, so the
    hand after those is counted once for all the crews that follow."""
    port_colour = colour(port) if port else None
    before: dict[tuple[Any, ...], int] = {}
    totals = []
    for _, turn in moves:
        prefix = tuple(step for step in turn.steps if step.kind != "raise")
        if prefix not in before:
            before[prefix] = _points(_hand_after(CorsariTurn(prefix), hand, state), port)
        crew = next((step.cards for step in turn.steps if step.kind == "raise"), ())
        totals.append(before[prefix] - sum(value(card) for card in crew if colour(card) != port_colour))
    return totals


def _hand_after(turn: CorsariTurn, hand: Counter[str], state: Any) -> Counter[str]:
    after = hand.copy()
    for step in turn.steps:
        if step.kind == "take" and state is not None:
            stock = state.deck if step.source == "deck" else state.pile if step.source == "pile" else state.quay
            if stock:
                after[stock[-1]] += 1
        elif step.kind in ("discard", "fill"):
            after = _minus(after, list(step.cards))
    return after


def _points(cards: Counter[str], port: str | None) -> int:
    port_colour = colour(port) if port else None
    return sum(value(card) * count for card, count in cards.items() if colour(card) != port_colour)
