"""Pirates & Perroquets' legal entries, and the simulated players' choices made from the
same pieces without listing a draw phase's every pair of cards.

Listed, by kind: `ship` (each free square), `parrots` (each side of the board, formation
and set of values the bag still holds; the dice are written, so every face is listed),
`wind` (each face of the d4), `draw` (each card a pile still holds, named — and a pair of
them where a player draws both cards of the round, which may be written in one entry — and
the same draws with their cards left out, as a log that hides them writes them, P-HIDDEN),
`reveal` (once a round's draws are made with a card hidden, every way they may turn face up,
while there are at most REVEALS_LISTED; past that, a note shows how one is written) and
`decide` (for each player yet to decide, no decision, or each drawn card not yet taken, in
either colour; with the optional-pickup variant, each with every set of parrots its ship may
leave, where the round can still be played out: `pickup_decisions`).

Left open, because they are the writer's to state and are checked when stated: the colour
a placement may name, a draw that names one card and hides the other, a reveal among more
ways than are listed, a decision that names its pile and path instead of its card (a log
that hid the draw), with the optional-pickup variant a leave its ship never uses, the game
over first (no fault, and no choice), and a beak a leave need not name, the values lost,
and claims.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from itertools import accumulate, product
from typing import Any

from referee.games.base import EntryList
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.geometry import square_name
from referee.games.perroquets.notation import PARROTS, REVEAL, WIND, Draw, DrawSlot, PlaceParrots, parse_entry
from referee.games.perroquets.resolve import Leave
from referee.shuffle import SeededChoices

NOTE = ("Every free square for a ship; every side, formation and values the bag holds for the "
        "parrots; every face of the wind's d4; every card a pile holds for a draw, named, and the same "
        "draws with their cards hidden (P-HIDDEN); once a round's draws hide a card, every reveal they "
        "may give (up to 5,000: past that a note shows how one is written); every decision on a drawn "
        "card not yet taken, in either colour, or none, and with optional pickup each with every set of "
        "parrots its ship may leave, where the round can still be played out (before its last decision, "
        "where some decisions to come make the earlier leaves good). Left open: a placement's stated "
        "colour, a draw naming one card and hiding the other, a reveal among more ways than are listed, "
        "a decision by pile and path, a leave its ship never uses, the game over first (optional "
        "pickup), the values lost and claims.")


def value_tuples(engine: PerroquetsEngine) -> tuple[tuple[int, ...], ...]:
    """The values a placement may roll: as many dice as the bag allows (three at most), in
    any order, each value no more often than the bag holds it."""
    return _value_tuples(tuple(sorted((v, n) for v, n in engine.bag.items() if n)))


@lru_cache(maxsize=256)
def _value_tuples(bag: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """`value_tuples` of a bag, (value, parrots of it) in value order: a game's bags are few
    and come again game after game, so each is worked out once."""
    held = dict(bag)
    return tuple(combo for combo in product(held, repeat=min(3, sum(held.values())))
                 if all(combo.count(v) <= held[v] for v in set(combo)))


def placement_sides(engine: PerroquetsEngine) -> list[int]:
    used = set(engine.wave_sides) if engine.phase == "waves" and "setup-repeat-sides" not in engine.variants else set()
    return [number for number, side in engine.board.sides.items() if side not in used]


def available_cards(engine: PerroquetsEngine) -> list[Any]:
    drawn = {slot.card for slot in engine.round.slots}
    cards = engine.data.cards.values()
    if "discard-piles" in engine.variants:
        # a pile run dry is shuffled from its discard: every card not drawn this round comes again
        return [c for c in cards if c.id not in drawn and (c.id not in engine.out_of_pile[c.pile]
                                                           or engine.pile_size[c.pile] == 0)]
    if not any(engine.out_of_pile.values()):  # no discard known: every card not drawn this round
        return [c for c in cards if c.id not in drawn]
    return [c for c in cards if c.id not in drawn and c.id not in engine.out_of_pile[c.pile]]


def draws_pairs(engine: PerroquetsEngine) -> bool:
    """Whether the player to draw writes both cards of the round in one entry."""
    player = engine.expected_mover()
    return not ("draw-rounds" in engine.variants or any(s.player == player for s in engine.round.slots))


def _second_counts(engine: PerroquetsEngine, cards: list[Any]) -> dict[str, int]:
    """For a first card of each pile, how many cards may follow it in a pair: any other, unless
    its pile holds one card only."""
    in_pile = Counter(card.pile for card in cards)
    if "discard-piles" in engine.variants:
        return {pile: len(cards) - 1 for pile in in_pile}
    return {pile: len(cards) - (1 if engine.pile_size[pile] >= 2 else count) for pile, count in in_pile.items()}


def _seconds(engine: PerroquetsEngine, first: Any, cards: list[Any]) -> list[Any]:
    if engine.pile_size[first.pile] >= 2 or "discard-piles" in engine.variants:
        return [c for c in cards if c.id != first.id]
    return [c for c in cards if c.pile != first.pile]


def _partners(engine: PerroquetsEngine, cards: list[Any]) -> list[tuple[Any, list[Any]]]:
    """Each first card of a pair with the second cards that may follow it, in listing order."""
    return [(first, _seconds(engine, first, cards)) for first in cards]


def legal_entries(engine: PerroquetsEngine) -> EntryList:
    entries = EntryList(lambda player, text: parse_entry(player, text).action)
    if engine.over:
        return entries
    phase = engine.phase
    if phase == "ships":
        player = engine.expected_mover()
        assert player is not None
        taken = set(engine.ships.values())
        entries.add(player, "ship", [f"ship {square_name(s)}" for s in engine.board.squares() if s not in taken])
    elif phase in ("waves", "place"):
        tuples = [" ".join(map(str, values)) for values in value_tuples(engine)]
        entries.add(PARROTS, "parrots", [f"{side}/{formation} {values}" for side in placement_sides(engine)
                                         for formation in range(1, 5) for values in tuples])
        entries.notes.append("a placement may also name the parrots' colour")
    elif phase == "wind":
        entries.add(WIND, "wind", ["1", "2", "3", "4"])
    elif phase == "draw":
        player = engine.expected_mover()
        assert player is not None
        cards = available_cards(engine)
        piles = sorted({c.pile for c in cards})
        if draws_pairs(engine):  # both cards in one entry, or the first alone
            entries.add(player, "draw", [f"draw {a.pile}={a.id} {b.pile}={b.id}"
                                         for a, seconds in _partners(engine, cards) for b in seconds])
            entries.add(player, "draw", [f"draw {a} {b}" for a in piles for b in piles
                                         if a != b or engine.pile_size[a] >= 2 or "discard-piles" in engine.variants])
        entries.add(player, "draw", [f"draw {c.pile}={c.id}" for c in cards])
        entries.add(player, "draw", [f"draw {pile}" for pile in piles])
        entries.notes.append("a draw may name one card and hide the other")
    elif phase == "decide":
        _reveals(engine, entries)
        taken = {c for c in engine.round.cards.values() if c}
        cards = [s.card for s in engine.round.slots if s.card and s.card not in taken]
        for player in [player for player in engine.players if player not in engine.round.decisions]:
            if "optional-pickup" in engine.variants:
                entries.add(player, "decide", [_decision_text(card, colour, leaves)
                                               for card, colour, leaves in pickup_decisions(engine, player, cards)])
            else:
                entries.add(player, "decide", ["none"] + [f"take {card} {colour}" for card in cards
                                                          for colour in ("green", "black")])
        if any(s.card is None for s in engine.round.slots):
            entries.notes.append("a draw was hidden: a decision may name the pile, colour and path of a card "
                                 "it could be ('take C green L F2 L')")
    else:
        entries.notes.append(f"the log writes the {phase} here (left open)")
    return entries


Choice = tuple[str | None, str | None, tuple[Leave, ...]]
"""A decision: its card and colour (None, None: stuck) and the parrots its ship leaves."""


def pickup_decisions(engine: PerroquetsEngine, player: str, cards: list[str]) -> list[Choice]:
    """optional-pickup: `player`'s decisions, none or a drawn card not taken (`cards`) in either
    colour, each with every set of parrots its ship may leave, where the round can still be
    played out (`PerroquetsEngine.pickup_choices`): the round's last decision where the rules
    accept it, an earlier one where some decisions to come make it good. An earlier decision the
    engine takes at once may yet leave the round no way on: a leave written before it then names
    a parrot that no longer waits for its ship, and the round's last decision finds the fault
    there (P-PICKUP)."""
    found: list[Choice] = []
    options: list[tuple[str | None, str | None]] = [(None, None)]
    options += [(card, colour) for card in cards for colour in ("green", "black")]
    for card, colour in options:
        found += [(card, colour, leaves) for leaves in engine.pickup_choices(player, card, colour)]
    return found


def _decision_text(card: str | None, colour: str | None, leaves: tuple[Leave, ...]) -> str:
    if card is None:
        return "none"
    return f"take {card} {colour}" + "".join(f" leave {square_name(square)}={value}{beak or ''}"
                                             for square, value, beak in leaves)


REVEALS_LISTED = 5000
"""The most reveals a listing spells out; past that it says how to write one."""


def _reveals(engine: PerroquetsEngine, entries: EntryList) -> None:
    """The reveal, when it is due (a round with a hidden draw, before its decisions): every way
    the cards drawn may turn face up — each hidden draw one card of its pile still to be drawn,
    the named ones as they were, all different — in the order of the draws, while there are
    few enough to list."""
    round_ = engine.round
    if round_.revealed or round_.decisions or not any(slot.card is None for slot in round_.slots):
        return
    by_pile: dict[str, list[str]] = {}
    for card in available_cards(engine):
        by_pile.setdefault(card.pile, []).append(card.id)
    players = list(dict.fromkeys(slot.player for slot in round_.slots))
    choices = [[slot.card] if slot.card else by_pile.get(slot.pile, []) for slot in round_.slots]
    count = 1
    for options in choices:
        count *= len(options)
    if not count:
        return
    if count > REVEALS_LISTED:
        example = " / ".join(f"{who} " + " ".join(f"{slot.pile}?" if slot.card is None else slot.card
                                                  for slot in round_.slots if slot.player == who)
                             for who in players)
        entries.notes.append(f"the reveal is due before the decisions: 'reveal: {example}', each '?' the card the "
                             "draw gave (too many ways to list)")
        return
    texts = []
    for cards in product(*choices):
        if len(set(cards)) < len(cards):
            continue
        hands = {who: [] for who in players}
        for slot, card in zip(round_.slots, cards):
            hands[slot.player].append(card)
        texts.append(" / ".join(f"{who} {' '.join(hands[who])}" for who in players))
    entries.add(REVEAL, "reveal", texts)


def choose(engine: PerroquetsEngine, chooser: SeededChoices) -> tuple[str, Any] | None:
    """A uniform choice among the placements, or the draws, the generator lists with their
    cards named, made without listing them: one number drawn from the seeded stream, read as
    an index into them in the order `legal_entries` builds them, so the same seed gives the
    same game. None for the other phases."""
    phase = engine.phase
    if engine.over:
        return None
    if phase in ("waves", "place"):
        sides, tuples = placement_sides(engine), value_tuples(engine)
        count = len(sides) * 4 * len(tuples)
        if not count:
            return None
        index = chooser.below(count)
        side, rest = divmod(index, 4 * len(tuples))
        formation, values = divmod(rest, len(tuples))
        return PARROTS, PlaceParrots(sides[side], formation + 1, tuples[values])
    if phase != "draw":
        return None
    player = engine.expected_mover()
    assert player is not None
    cards = available_cards(engine)
    if not draws_pairs(engine):
        if not cards:
            return None
        card = cards[chooser.below(len(cards))]
        return player, Draw((DrawSlot(card.pile, card.id),))
    if "discard-piles" in engine.variants or min(engine.pile_size.values()) >= 2:  # any card may follow any other
        if len(cards) < 2:
            return None
        at, index = divmod(chooser.below(len(cards) * (len(cards) - 1)), len(cards) - 1)
        second = cards[index + (index >= at)]
        return player, Draw((DrawSlot(cards[at].pile, cards[at].id), DrawSlot(second.pile, second.id)))
    per_pile = _second_counts(engine, cards)
    ends = list(accumulate(per_pile[card.pile] for card in cards))  # where each first card's pairs end
    if not ends or not ends[-1]:
        return None
    index = chooser.below(ends[-1])
    at = bisect_right(ends, index)
    first = cards[at]
    second = _seconds(engine, first, cards)[index - (ends[at - 1] if at else 0)]
    return player, Draw((DrawSlot(first.pile, first.id), DrawSlot(second.pile, second.id)))

