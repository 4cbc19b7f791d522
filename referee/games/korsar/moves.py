"""Korsar's legal entries: what the player to move may write now (K-ORDER), in canonical
notation, listed by kind — `draw`, `galleon`, `play` (a card on a galleon), `discard`.

With the deal known, the cards are those of the player's hand. In a log without the deal
(K-HIDDEN) a hand is partly unknown: while it holds cards the log has not shown, the player
may write any card of which a copy is not yet accounted for, as the referee judges it, so
those cards are listed too. What is left open, because it only adds to an entry listed:
the card a draw may show (`draw Y3`), the captures a turn may state (`xA3`) and the
character a captain or the admiral may be said to chase (`~RC`); an entry that states them
is accepted when they are true, and is the same move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.base import EntryList
from referee.games.korsar.cards import CARDS, COPIES
from referee.games.korsar.engine import KorsarEngine, _card_order
from referee.games.korsar.notation import GalleonRef, KorsarAction, format_body

if TYPE_CHECKING:
    from referee.shuffle import SeededChoices

NOTE = ("Each card the player may write: from the hand, and, in a log without the deal, any "
        "card with a copy not yet accounted for while the hand holds cards not shown (K-HIDDEN); "
        "every galleon a card may be played on. Left open: the card a draw may show, the captures "
        "a turn may state and the character said to be chased, which only add to a listed entry.")

_KINDS = {"galleon": "galleon", "play": "play", "discard": "discard", "draw": "draw"}


def candidate_cards(engine: KorsarEngine, seat: int) -> list[str]:
    """The cards `seat` may write: its known hand, and any card not all of whose copies are
    accounted for while some of its cards are unknown."""
    hand = engine.hands[seat]
    cards = set(hand)
    unknown = engine.hand_size[seat] - sum(hand.values())
    if unknown > 0 and engine.deck is None:
        accounted = engine.accounted
        cards.update(card for card in CARDS if accounted[card] < COPIES[card])
    return sorted(cards, key=_card_order)


_ORDER = {card: _card_order(card) for card in CARDS}
_DRAW = KorsarAction("draw")
_MADE: dict[tuple[str, str | None, GalleonRef | None], KorsarAction] = {}


def _action(kind: str, card: str | None = None, target: GalleonRef | None = None) -> KorsarAction:
    """Actions are values: each is made once and shared by every position that offers it."""
    key = (kind, card, target)
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) > 20_000:
            _MADE.clear()
        action = _MADE[key] = KorsarAction(kind, card, target)  # type: ignore[arg-type]
    return action


def legal_actions(engine: KorsarEngine) -> list[KorsarAction]:
    """Every legal action of the player to move, in canonical form: the draw, then each
    card in card order (a galleon; a discard once the deck is empty; the card on each
    galleon it may be played on, in table order). The one generator: `legal_entries` writes
    these out, and a simulated player chooses among them (`choose`)."""
    if engine.over or engine.new_round_next:
        return []
    seat = engine.next_seat
    side = engine.side_of[seat]
    captures = engine._captures_for(seat)
    table = [g for g in engine.table if g not in captures] if captures else engine.table
    actions: list[KorsarAction] = [_DRAW] if engine.deck_size > 0 else []
    if engine.hand_size[seat] == 0:
        return actions
    cards = candidate_cards(engine, seat) if engine.hidden else sorted(engine.hands[seat], key=_ORDER.__getitem__)
    targets = []  # (galleon, its name, its sides' colours, this side's colour, placed by this side)
    counts: dict[tuple[int, int], int] = {}
    for galleon in table:
        counts[galleon.placer, galleon.value] = counts.get((galleon.placer, galleon.value), 0) + 1
    for galleon in table:
        if engine._judge_team_round(seat, galleon) is not None:
            continue
        twins = counts[galleon.placer, galleon.value] > 1
        ref = GalleonRef(engine.players[galleon.placer], galleon.value, galleon.round if twins else None)
        own = galleon.forces.get(side)
        others = {force.colour for other, force in galleon.forces.items() if other != side}
        targets.append((ref, others, own.colour if own is not None else None, galleon.side == side))
    discard = engine.deck_size == 0
    for card in cards:
        info = CARDS[card]
        kind = info.kind
        if kind == "galleon":
            actions.append(_action("galleon", card))
            continue
        if discard:
            actions.append(_action("discard", card))
        colour = info.colour
        for ref, others, own, ours in targets:
            if kind == "pirate":
                if (own is not None and own != colour) or colour in others:
                    continue
            elif kind == "captain":
                if own != colour:
                    continue
            elif not ours:
                continue
            actions.append(_action("play", card, ref))
    return actions


def legal_entries(engine: KorsarEngine) -> EntryList:
    """The entries of the position: `legal_actions`, each written out, listed under its kind."""
    entries = EntryList()
    if engine.over or engine.new_round_next:
        return entries
    player = engine.players[engine.next_seat]
    for action in legal_actions(engine):
        entries.add(player, _KINDS[action.kind], [format_body(action)], [action])
    if engine.hidden and engine.deck_size > 0:
        entries.notes.append("a draw may show the card drawn, one with a copy not yet accounted for")
    return entries


def choose(engine: KorsarEngine, chooser: SeededChoices) -> tuple[str, KorsarAction] | None:
    """A uniform choice among `legal_actions` (None: there is none), the entry `legal_entries`
    would list at that index, made without writing every action out."""
    actions = legal_actions(engine)
    if not actions:
        return None
    return engine.players[engine.next_seat], actions[chooser.below(len(actions))]
