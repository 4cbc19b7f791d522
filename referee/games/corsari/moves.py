"""Corsari's legal entries: every entry the log may hold next, in canonical notation.

Before anyone raises anchor, the player to move takes the top card of the deck, the
discard pile or the quay and discards a card of the hand (`take`); he may raise anchor in
the same turn, naming any crew of the hand left — at most two colours, each value once,
possibly none (`raise`); the quay's last card ends the round alone (`void`); the deck's last
card is taken only with a raise (C-LAST-DECK). Once the fastest captain has raised, the
others raise in turn, each perhaps filling the captain's crew first (`raise`, with `fill`).

A hand of twelve cards has hundreds of crews, so a position has thousands of entries: the
texts are built from each crew's text, found once per hand, and an entry's action is read
back from its text only when asked for (`EntryList`).

Canonical spellings: a take names its source without the card (`deck`, not `deck=R5`),
a raise states no dismissed and no stowaways where the hand is known, and cards are in
card order. Those other spellings are the same entries and are not listed.

In a log without the deal (C-HIDDEN) a hand is partly unknown: its discards are its known
cards and, while it holds cards the log has not shown, any card not yet seen; a raise from a
hand not known in full must state the dismissed and the stowaways, every partition of the
unknown cards, and is left open (so is the last deck card, taken only with one). A round
of a log without a Seed begins with a deal whose cards are the log's own: left open too;
the deal a Seed gives, which a log may write out before a round's first turn, is said in
the list's notes rather than listed.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.base import EntryList
from referee.games.corsari.cards import ALL_CARDS, CARD_RANK, CARD_VALUE
from referee.games.corsari.engine import CorsariEngine, RoundState
from referee.games.corsari.notation import read_body

NOTE = ("Every take and discard, every crew a raise may name (at most two colours, each value once, "
        "or none) and every fill. A take is listed without the card it shows, and a raise from a known "
        "hand without its dismissed and stowaways: those spellings are the same entries. In a log "
        "without the deal, any card not yet seen may be discarded from a hand holding unknown cards; a "
        "raise from such a hand states its dismissed and stowaways and is left open, as is a round's "
        "deal in a log without a Seed; a seeded deal written out is said, not listed.")

_RANK = CARD_RANK.__getitem__


def _read(player: str, text: str) -> object:
    return read_body(text)


def crews(cards: Iterable[str]) -> tuple[dict[str, int], list[int], list[str]]:
    """Every crew of these cards: (each card's bit, each crew's mask of cards, each crew's
    text), the empty crew first, then one colour's crews, then two colours'. Cards are in
    card order in each text."""
    ordered = sorted(cards, key=_RANK)
    bit = {card: 1 << index for index, card in enumerate(ordered)}
    by_colour: dict[str, list[str]] = {}
    for card in ordered:
        by_colour.setdefault(card[0], []).append(card)
    subsets: list[list[tuple[int, int, str]]] = []  # per colour: (values, cards, text)
    for run in by_colour.values():
        found = []
        for chosen in range(1, 1 << len(run)):
            members = [run[i] for i in range(len(run)) if chosen >> i & 1]
            values = cards_mask = 0
            for card in members:
                values |= 1 << CARD_VALUE[card]
                cards_mask |= bit[card]
            found.append((values, cards_mask, " ".join(members)))
        subsets.append(found)
    masks = [0]
    texts = [""]
    for found in subsets:
        masks.extend(mask for _, mask, _ in found)
        texts.extend(text for _, _, text in found)
    for first in range(len(subsets)):
        for second in range(first + 1, len(subsets)):
            later = subsets[second]
            for values, mask, text in subsets[first]:
                for other_values, other_mask, other_text in later:
                    if not values & other_values:
                        masks.append(mask | other_mask)
                        texts.append(f"{text} {other_text}")
    return bit, masks, texts


def _raise_words(texts: list[str]) -> list[str]:
    return [f" raise {text}" if text else " raise" for text in texts]


def legal_entries(engine: CorsariEngine, face_down: bool = False) -> EntryList:
    """The entries of the position; with `face_down`, as the table may be told them while the
    deck lies face down (a seeded game at the table): a take from the deck discards a card
    of the hand, and what would name the card it draws is left out."""
    entries = EntryList(_read)
    state = engine.current
    if engine.over or engine.phase == "between":
        return entries
    if engine.phase == "deal" or state is None:
        entries.notes.append("a deal is due: 'deal: quay … / pile …', perhaps with the hands and the deck; "
                             "its cards are the log's to give")
        return entries
    if engine.setup.seed is not None and engine.phase == "turns" and state.entries == 0:
        entries.notes.append("the deal the Seed gives may be written out before the first turn "
                             "('deal: …', in full or its quay and pile alone); the turns need not wait for it")
    if engine.phase == "turns":
        _turn_entries(engine, state, entries, face_down)
    else:
        _split_entries(engine, state, entries)
    return entries


def _unseen(state: RoundState) -> list[str]:
    return sorted(ALL_CARDS - state.accounted, key=_RANK)


def _turn_entries(engine: CorsariEngine, state: RoundState, entries: EntryList, face_down: bool = False) -> None:
    seat = state.next_seat
    player = engine.players[seat]
    hand = state.hands[seat]
    sources = [source for source, stock in (("deck", state.deck_size), ("pile", len(state.pile)),
                                            ("quay", len(state.quay))) if stock]
    raises: list[tuple[str, list[str]]] = []
    for source in sources:
        if source == "quay" and len(state.quay) == 1:
            entries.add(player, "void", ["quay"])
            continue
        stock = state.deck if source == "deck" else state.pile if source == "pile" else state.quay
        taken = stock[-1] if stock else None  # None: a hidden deck's card
        if face_down and source == "deck" and taken is not None:
            if state.deck_size > 1:  # the card drawn, face down, is nobody's to name but its taker's
                entries.add(player, "take", [f"deck -{card}" for card in sorted(set(hand), key=_RANK)])
            entries.notes.append("a take from the deck may also discard the card it draws, and raise anchor "
                                 "after it: those entries would name that face-down card, so they are not listed")
            continue
        held = set(hand)
        if taken is not None:
            held.add(taken)
        unknown = state.hand_size[seat] + 1 - len(held)
        discards = held | set(_unseen(state)) if unknown > 0 else held
        must_raise = source == "deck" and state.deck_size == 1
        if not must_raise:
            entries.add(player, "take", [f"{source} -{card}" for card in sorted(discards, key=_RANK)])
        if unknown > 1 or (unknown == 1 and not discards - held):
            continue  # after any discard the hand is not known in full: its raises are left open
        bit, masks, texts = crews(held)
        words = _raise_words(texts)
        for card in sorted(discards, key=_RANK):
            left = bit.get(card, 0)
            if unknown and left:
                continue  # a known card discarded keeps an unknown one in the hand
            prefix = f"{source} -{card}"
            raises.append((player, [prefix + word for mask, word in zip(masks, words) if not mask & left]))
    for mover, texts in raises:
        entries.add(mover, "raise", texts)
    if state.hidden and state.deck_size:
        entries.notes.append("a take from the deck may show its card, one not yet seen")


def _split_entries(engine: CorsariEngine, state: RoundState, entries: EntryList) -> None:
    seat = state.pending[0]
    player = engine.players[seat]
    hand = state.hands[seat]
    if sum(hand.values()) < state.hand_size[seat]:
        entries.notes.append(f"{player} raises anchor from a hand not known in full: the raise states the "
                             "dismissed and the stowaways, and is left open")
        return
    bit, masks, texts = crews(hand)
    fills: list[tuple[int, list[str]]] = [(0, [])]
    if state.crew_colours:
        by_value: dict[int, list[str]] = {}
        for card in sorted(hand, key=_RANK):
            worth = CARD_VALUE[card]
            if card[0] in state.crew_colours and worth not in state.crew_values:
                by_value.setdefault(worth, []).append(card)
        for worth in sorted(by_value):
            fills += [(mask | bit[card], cards + [card]) for mask, cards in fills for card in by_value[worth]]
    ordered = sorted((sorted(cards, key=_RANK), mask) for mask, cards in fills)
    ordered.sort(key=lambda fill: (len(fill[0]), [_RANK(card) for card in fill[0]]))
    words = _raise_words(texts)
    for cards, used in ordered:
        prefix = f"fill {' '.join(cards)}" if cards else ""
        entries.add(player, "raise", [(prefix + word).lstrip() for mask, word in zip(masks, words)
                                      if not mask & used])

