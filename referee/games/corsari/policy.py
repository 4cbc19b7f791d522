"""How a simulated Corsari player chooses his entry: the shape of real play, so corpora
hold rounds as people play them.

A player keeps improving his hand — of a few takes and discards drawn at random,
he plays the one that leaves the best crew within reach — and raises anchor once
his stowaways are light enough, a bar that rises as the round goes on, or, half
the time, when the deck is nearly out; a player who plays on with one card left
in the deck sometimes draws it and must raise (counted as a forced raise). A player
completing the fastest captain's crew fills every post he can and names the crew
that leaves him the lightest stowaways.

The choices are among the entries `referee.games.corsari.moves` lists, read from the
same pieces — the takes and discards in the order it lists them, and the crews a hand
allows — without listing the thousands of crews a hand has: the lightest crew of a hand
is two colours' (or one colour's) cards, one per value, and is found from each colour's
values as a bit mask. The takes and discards weighed are drawn together, as the digits of
one seeded number, and choices between equals use the seeded word stream too, so the same
seed gives the same game.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from typing import Any, TypeVar

from referee.games.corsari.cards import CARD_RANK, CARD_VALUE, COLOURS, UNSHUFFLED
from referee.games.corsari.engine import CorsariEngine, RoundState
from referee.games.corsari.notation import CorsariTurn, Step
from referee.shuffle import SeededChoices

T = TypeVar("T")

VOID_AT = 50
"""Stowaway points at which a player would rather void the round than raise."""

LOOKS = 6
"""How many takes and discards a player weighs before playing the best of them."""

_SUMS = [sum(worth for worth in range(1, 12) if mask >> worth & 1) for mask in range(1 << 12)]
"""A set of values as a bit mask (bit v for value v) -> their sum."""

_KEYED = [saved << 12 | values for values, saved in enumerate(_SUMS)]
"""A set of values as a bit mask -> its sum above the mask itself: sorting these sorts masks by sum."""

_UNCHANGED: dict[str, int] = {}
"""No colour changed: a look whose discard is the card taken (never written to)."""
_BIT = {card: 1 << worth for card, worth in CARD_VALUE.items()}
"""A card -> its value as a bit mask."""

_RANK = CARD_RANK.__getitem__
_ORDER = {shade: index for index, shade in enumerate(COLOURS)}


def choose(engine: CorsariEngine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
    """The simulated player's entry, or None where the game has none to choose here."""
    state = engine.current
    if state is None or engine.over or engine.phase not in ("turns", "splits") or state.hidden:
        return None
    if engine.phase == "splits":
        seat = state.pending[0]
        return engine.players[seat], _lightest_completion(state, seat)
    notes["forced raises"] += 0  # shown in the statistics even when none happened
    seat = state.next_seat
    player = engine.players[seat]
    hand = list(state.hands[seat])
    port = state.quay[-1][0]
    last_deck = state.deck_size == 1
    tops: list[tuple[str, str]] = []  # the sources a player may take from and play on, with their top cards
    if state.deck and not last_deck:
        tops.append(("deck", state.deck[-1]))
    if state.pile:
        tops.append(("pile", state.pile[-1]))
    voiding = len(state.quay) == 1
    if not voiding:
        tops.append(("quay", state.quay[-1]))
    if not tops and not voiding:
        notes["forced raises"] += 1
        return player, _lightest_raise(state, hand, port, "deck", chooser)
    values, points = _values(hand, port)
    # Taking the quay's last card voids the round: only a player whose stowaways are
    # very heavy wants that, or one who has nothing else to do.
    if voiding:
        heavy = points - _saving(values.values()) >= VOID_AT
        if heavy or not tops:
            notes["rounds voided on purpose"] += int(heavy or bool(tops))
            return player, _VOID
    # A player weighs a few takes and discards, as people do: for each, the lightest
    # crew the hand after it could raise with. One round in four is cautious: nobody
    # settles for less than a clean crew, and hands improve slowly, so such rounds run
    # on towards the deck's end.
    cautious = state.number % 4 == 0
    ranks = sorted(map(_RANK, hand))  # the hand in card order, as ranks
    width = len(ranks) + 1  # the discards after a take: the hand's cards and the card taken
    looked = _draws(chooser, len(tops) * width, 2 if cautious else LOOKS)
    ranked = sorted([(_KEYED[mask], shade) for shade, mask in values.items()], reverse=True)
    looks: list[tuple[int, int, str, str, str, dict[str, int]]] = []  # stowaways, saved, source, taken, discard, changed
    for index in looked:
        slot, at = divmod(index, width)
        source, taken = tops[slot]
        rank = _RANK(taken)
        place = bisect_left(ranks, rank)
        if at == place:  # the card taken goes straight to the pile: the hand is as it was
            saved = _saving_changed(ranked, _UNCHANGED)
            looks.append((points - saved, saved, source, taken, taken, _UNCHANGED))
            continue
        card = UNSHUFFLED[ranks[at] if at < place else ranks[at - 1]]
        total = points
        changed = {}  # the colours whose values the take and the discard change
        shade = card[0]
        if shade != port:
            changed[shade] = values[shade] & ~_BIT[card]
            total -= CARD_VALUE[card]
        shade = taken[0]
        if shade != port:
            changed[shade] = changed.get(shade, values.get(shade, 0)) | _BIT[taken]
            total += CARD_VALUE[taken]
        saved = _saving_changed(ranked, changed)
        looks.append((total - saved, saved, source, taken, card, changed))
    least = min(look[0] for look in looks)
    turns_each = state.entries // engine.count
    bar = turns_each // 4 if cautious else 3 * turns_each // (1 + state.number % 3)
    # Near the deck's end some players raise while they can choose their moment; the
    # others play on, and one of them may have to draw the last card (C-LAST-DECK).
    if least <= bar or (state.deck_size <= engine.count and chooser.below(2) == 0):
        best = [look for look in looks if look[0] == least and look[1]]  # a crew that saves a point
        if best:
            _, _, source, taken, card, changed = _one_of(best, chooser)
            after = {**values, **changed}  # `_values` of the hand kept, in the order `_colours` reads
            kept = [c for c in hand if c != card] + ([taken] if taken != card else [])
            crew = _crew(kept, _colours(after, _lightest_of(after, 0)[1]))
            return player, CorsariTurn((Step("take", (), source), Step("discard", (card,)), Step("raise", crew)))
    if last_deck and chooser.below(3) == 0:
        notes["forced raises"] += 1
        return player, _lightest_raise(state, hand, port, "deck", chooser)
    lightest = [look for look in looks if look[0] == least]
    _, _, source, _, card, _ = _one_of(lightest, chooser)
    return player, _plain(source, card)


def _one_of(equals: list[T], chooser: SeededChoices) -> T:
    """One of equal choices, drawn from the seeded stream when there are several."""
    return equals[0] if len(equals) == 1 else equals[chooser.below(len(equals))]


def _draws(chooser: SeededChoices, size: int, count: int) -> list[int]:
    """`count` indices below `size`, each uniform and independent of the others, in order and
    without repeats: the digits in base `size` of one seeded number below size**count, so that
    one word of the stream serves the whole look rather than one word each."""
    if size ** count > 1 << 64:  # more than one word holds: a word each
        return sorted({chooser.below(size) for _ in range(count)})
    drawn = chooser.below(size ** count)
    found = set()
    for _ in range(count):
        drawn, index = divmod(drawn, size)
        found.add(index)
    return sorted(found)


_VOID = CorsariTurn((Step("take", (), "quay"),))
_PLAIN: dict[tuple[str, str], CorsariTurn] = {}


def _plain(source: str, card: str) -> CorsariTurn:
    """The take and discard, made once: turns are values, and most entries of a game are these."""
    turn = _PLAIN.get((source, card))
    if turn is None:
        turn = _PLAIN[source, card] = CorsariTurn((Step("take", (), source), Step("discard", (card,))))
    return turn


def _values(cards: list[str], port: str) -> tuple[dict[str, int], int]:
    """The values of each colour but the home port's, as bit masks (bit v for value v), and
    their points: what stowaways the cards would cost."""
    values: dict[str, int] = {}
    points = 0
    for card in cards:
        shade = card[0]
        if shade != port:
            worth = CARD_VALUE[card]
            points += worth
            values[shade] = values.get(shade, 0) | 1 << worth
    return values, points


def _lightest_of(values: dict[str, int], points: int) -> tuple[int, tuple[int, ...]]:
    """The lightest stowaways the cards of these values could raise with, and the values of
    the colours of that crew (none: no crew saves a point; `_colours` names them). The cards of the home-port colour cost nothing,
    so the crew is drawn from one or two other colours, one card per value. Colours are
    weighed from the one worth most alone, and a pair is passed over once the two alone
    could not beat the best found."""
    sums = _SUMS
    masks = sorted(values.values(), key=sums.__getitem__, reverse=True)
    best = 0
    found: tuple[int, ...] = ()
    count = len(masks)
    for i in range(count):
        own = masks[i]
        alone = sums[own]
        if alone > best:
            best, found = alone, (own,)
        for j in range(i + 1, count):
            other = masks[j]
            if alone + sums[other] <= best:
                break
            saved = sums[own | other]
            if saved > best:
                best, found = saved, (own, other)
        if i + 1 < count and alone + sums[masks[i + 1]] <= best:
            break
    return points - best, found


def _saving(masks: Iterable[int]) -> int:
    """The most points a crew of cards of these values (a bit mask per colour, as `_values`
    gives them) saves: `_lightest_of`'s saving without naming the crew, so it needs no
    colours and weighs the masks in any order."""
    return _best_pair(sorted(map(_KEYED.__getitem__, masks), reverse=True))


def _saving_changed(ranked: list[tuple[int, str]], changed: dict[str, int]) -> int:
    """`_saving` of a hand's values (`ranked`: each colour's `_KEYED` mask with the colour,
    most first) once the colours of `changed` hold the values it gives them."""
    keyed = [_KEYED[mask] for mask in changed.values()]
    keyed += [entry for entry, shade in ranked if shade not in changed]
    keyed.sort(reverse=True)
    return _best_pair(keyed)


def _best_pair(keyed: list[int]) -> int:
    """`_saving` of `_KEYED` masks, most first. The two colours worth most alone save their
    sum when they share no value, and no other pair saves more: most hands stop there; else
    pairs are weighed from the colour worth most alone, until none could save more."""
    if len(keyed) < 2:
        return keyed[0] >> 12 if keyed else 0
    sums = _SUMS
    first, second = keyed[0], keyed[1]
    best = sums[(first | second) & 4095]
    if best == (first >> 12) + (second >> 12):
        return best
    for i in range(len(keyed) - 1):
        own = keyed[i]
        alone = own >> 12
        if alone + (keyed[i + 1] >> 12) <= best:
            break
        own &= 4095
        for other in keyed[i + 1:]:
            if alone + (other >> 12) <= best:
                break
            saved = sums[own | other & 4095]
            if saved > best:
                best = saved
    return best


def _colours(values: dict[str, int], found: tuple[int, ...]) -> tuple[str, ...]:
    """The colours whose values `_lightest_of` found (of two alike, the first)."""
    shades = list(values)
    pair = [shades[list(values.values()).index(found[0])]]
    if len(found) == 2:
        rest = [shade for shade in shades if shade != pair[0]]
        pair.append(rest[[values[shade] for shade in rest].index(found[1])])
    return tuple(pair)


def _crew(cards: list[str], pair: tuple[str, ...]) -> tuple[str, ...]:
    """The crew of these colours: each card of the first, then the second's of other values."""
    crew = [card for card in cards if card[0] == pair[0]]
    if len(pair) == 2:
        taken = {CARD_VALUE[card] for card in crew}
        crew += [card for card in cards if card[0] == pair[1] and CARD_VALUE[card] not in taken]
    return tuple(sorted(crew, key=_RANK))


def _lightest(cards: list[str], port: str) -> tuple[int, tuple[str, ...]]:
    """The lightest stowaways these cards could raise with, and that crew."""
    values, points = _values(cards, port)
    total, found = _lightest_of(values, points)
    return total, _crew(cards, _colours(values, found)) if found else ()


def _lightest_raise(state: RoundState, hand: list[str], port: str, source: str,
                    chooser: SeededChoices) -> CorsariTurn:
    """The raise after a take from `source` whose stowaways are lightest, over every discard;
    of equals, one chosen by the seeded stream."""
    stock = state.deck if source == "deck" else state.pile if source == "pile" else state.quay
    assert stock
    taken = stock[-1]
    options = []
    for card in sorted(hand + [taken], key=_RANK):
        after = [c for c in hand if c != card]
        if taken != card:
            after.append(taken)
        total, crew = _lightest(after, port)
        options.append((total, card, crew))
    least = min(total for total, _, _ in options)
    best = [(card, crew) for total, card, crew in options if total == least]
    card, crew = _one_of(best, chooser)
    return CorsariTurn((Step("take", (), source), Step("discard", (card,)), Step("raise", crew)))


def _lightest_completion(state: RoundState, seat: int) -> CorsariTurn:
    """After the fastest captain: every post of his crew the hand can fill (a card of his
    colours, of a value he lacks, the dearest colour's first), then the lightest crew of the rest."""
    hand = sorted(state.hands[seat], key=_RANK)
    port = state.port or ""
    filled: dict[int, str] = {}
    if state.crew_colours:
        for card in hand:
            worth = CARD_VALUE[card]
            if card[0] in state.crew_colours and worth not in state.crew_values:
                if worth not in filled or filled[worth][0] == port:
                    filled[worth] = card
    rest = [card for card in hand if card not in filled.values()]
    _, crew = _lightest(rest, port)
    fill = tuple(sorted(filled.values(), key=_RANK))
    return CorsariTurn(((Step("fill", fill),) if fill else ()) + (Step("raise", crew),))
