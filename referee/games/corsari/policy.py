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
values as a bit mask. Choices between equals use the seeded word stream, so the same
seed gives the same game.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from typing import Any

from referee.games.corsari.cards import CARD_RANK, CARD_VALUE, COLOURS
from referee.games.corsari.engine import CorsariEngine, RoundState
from referee.games.corsari.notation import CorsariTurn, Step
from referee.shuffle import SeededChoices

VOID_AT = 50
"""Stowaway points at which a player would rather void the round than raise."""

LOOKS = 6
"""How many takes and discards a player weighs before playing the best of them."""

_SUMS = [sum(worth for worth in range(1, 12) if mask >> worth & 1) for mask in range(1 << 12)]
"""A set of values as a bit mask (bit v for value v) -> their sum."""

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
    staying = _Takes(hand)
    voiding = None
    for source, stock in (("deck", state.deck), ("pile", state.pile), ("quay", state.quay)):
        if not stock or (source == "deck" and last_deck):
            continue
        if source == "quay" and len(stock) == 1:
            voiding = CorsariTurn((Step("take", (), "quay"),))
            continue
        staying.add(source, stock[-1])
    if not staying and voiding is None:
        notes["forced raises"] += 1
        return player, _lightest_raise(state, hand, port, "deck", chooser)
    # Taking the quay's last card voids the round: only a player whose stowaways are
    # very heavy wants that, or one who has nothing else to do.
    if voiding is not None:
        heavy = _lightest_of(*_values(hand, port))[0] >= VOID_AT
        if heavy or not staying:
            notes["rounds voided on purpose"] += int(heavy or bool(staying))
            return player, voiding
    # A player weighs a few takes and discards, as people do: for each, the lightest
    # crew the hand after it could raise with. One round in four is cautious: nobody
    # settles for less than a clean crew, and hands improve slowly, so such rounds run
    # on towards the deck's end.
    cautious = state.number % 4 == 0
    size = len(staying)
    looked = sorted({chooser.below(size) for _ in range(2 if cautious else LOOKS)})
    values, points = _values(hand, port)
    reach: dict[int, tuple[int, tuple[int, ...]]] = {}
    kept: dict[int, dict[str, int]] = {}  # the values each look weighed, to name a crew's colours
    for index in looked:
        _, taken, card = staying[index]
        if taken == card:  # the hand is as it was
            reach[index] = _lightest_of(values, points)
            kept[index] = values
            continue
        after, total = dict(values), points
        if card[0] != port:
            after[card[0]] &= ~(1 << CARD_VALUE[card])
            total -= CARD_VALUE[card]
        if taken[0] != port:
            after[taken[0]] = after.get(taken[0], 0) | 1 << CARD_VALUE[taken]
            total += CARD_VALUE[taken]
        reach[index] = _lightest_of(after, total)
        kept[index] = after
    least = min(total for total, _ in reach.values())
    turns_each = state.entries // engine.count
    bar = turns_each // 4 if cautious else 3 * turns_each // (1 + state.number % 3)
    # Near the deck's end some players raise while they can choose their moment; the
    # others play on, and one of them may have to draw the last card (C-LAST-DECK).
    if least <= bar or (state.deck_size <= engine.count and chooser.below(2) == 0):
        best = [index for index, (total, pair) in reach.items() if total == least and pair]
        if best:
            index = best[chooser.below(len(best))]
            source, taken, card = staying[index]
            after = [c for c in hand if c != card] + ([taken] if taken != card else [])
            return player, CorsariTurn((Step("take", (), source), Step("discard", (card,)),
                                        Step("raise", _crew(after, _colours(kept[index], reach[index][1])))))
    if last_deck and chooser.below(3) == 0:
        notes["forced raises"] += 1
        return player, _lightest_raise(state, hand, port, "deck", chooser)
    lightest = [index for index in looked if reach[index][0] == least]
    source, _, card = staying[lightest[chooser.below(len(lightest))]]
    return player, _plain(source, card)


_PLAIN: dict[tuple[str, str], CorsariTurn] = {}


def _plain(source: str, card: str) -> CorsariTurn:
    """The take and discard, made once: turns are values, and most entries of a game are these."""
    turn = _PLAIN.get((source, card))
    if turn is None:
        turn = _PLAIN[source, card] = CorsariTurn((Step("take", (), source), Step("discard", (card,))))
    return turn


class _Takes:
    """The takes and discards of a hand in the generator's order — by source, then the
    discard in card order among the hand and the card taken — each (source, card taken,
    discard) made when asked for by its index."""

    def __init__(self, hand: list[str]) -> None:
        self.hand = sorted(hand, key=_RANK)
        self.ranks = [_RANK(card) for card in self.hand]
        self.sources: list[tuple[str, str, int]] = []  # source, card taken, its place among the hand's

    def add(self, source: str, taken: str) -> None:
        self.sources.append((source, taken, bisect_left(self.ranks, _RANK(taken))))

    def __len__(self) -> int:
        return len(self.sources) * (len(self.hand) + 1)

    def __getitem__(self, index: int) -> tuple[str, str, str]:
        source, taken, place = self.sources[index // (len(self.hand) + 1)]
        at = index % (len(self.hand) + 1)
        return source, taken, self.hand[at] if at < place else taken if at == place else self.hand[at - 1]


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
    card, crew = best[chooser.below(len(best))]
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
