"""Corsari's rules as a state machine over rounds: the deal, turns of take and
discard, the fastest captain's raise, the other players' completions and splits,
the round's score, and the end of the game.

Each entry is judged in the precedence order of the rulings: C-END, C-TURN,
C-CARDS, C-TAKE, C-DISCARD, C-VOID / C-LAST-DECK, C-RAISE, C-CREW,
C-DISMISS (read at C-PORT's colour), C-STOWAWAY, C-COMPLETE, C-SCORE; an entry in a
round that a take of the last quay card voided is C-VOID, not C-TURN, since the
round is over for that reason. A Violation leaves the state untouched:
every entry is judged in full before anything is applied.

Most entries of a real log are plain and legal: a take and a discard, a raise from
a hand known in full. `play` first tries those quick paths (`_quick_turn`,
`_quick_split_turn`), which accept only what the full judges (`_judge_turn`,
`_judge_split_turn`) accept and leave the same state; anything else — an illegal
entry, a hidden hand, a stated dismissal — goes through the full judges, which
decide every case and explain it. A checker spends most of its time on the quick
paths, so they use plain dict operations on the hands, not Counter's own methods
(written in Python), and copy nothing; and they read a turn's steps once, into the
`reading` kept with the turn, since a log's turns share the objects of their texts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

from referee.diagnostics import Violation
from referee.games.base import Engine, Outcome, SideResult
from referee.games.corsari.cards import (
    ALL_CARDS,
    CARD_RANK,
    CARD_VALUE,
    COLOUR_CARDS,
    COLOUR_NAMES,
    HAND_SIZE,
    QUAY_SIZE,
    colour,
    is_card,
    order_key,
    value,
    why_unknown,
)
from referee.games.corsari.notation import SOURCES, CorsariDeal, CorsariTurn, Step
from referee.games.corsari.setup import CorsariSetup, seeded_deal
from referee.games.corsari.view import CorsariView, HandView, RoundInPlay, RoundPlayed

Phase = Literal["between", "deal", "turns", "splits"]
PENALTY_TRIGGER = 35
DEAL = "deal"


@dataclass(slots=True)
class Split:
    """A raised hand: the crew, the dismissed (home-port colour), the stowaways."""

    crew: list[str]
    dismissed: list[str]
    stowaways: list[str]
    filled: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(map(CARD_VALUE.__getitem__, self.stowaways))  # a split holds only real cards


@dataclass(slots=True)
class RoundState:
    number: int
    first: int
    hands: list[Counter[str]]
    hand_size: list[int]
    deck: list[str] | None  # top at the end; None when the deal is hidden
    deck_size: int
    pile: list[str]  # top at the end
    quay: list[str]  # exposed card at the end
    hidden: bool
    accounted: set[str]
    next_seat: int
    fastest: int | None = None
    port: str | None = None
    crew_colours: frozenset[str] = frozenset()
    crew_values: frozenset[int] = frozenset()
    pending: list[int] = field(default_factory=list)
    splits: dict[int, Split] = field(default_factory=dict)
    void: bool = False
    winner_of_round: int | None = None
    entries: int = 0


@dataclass(slots=True)
class _Plan:
    """A judged entry, ready to apply."""

    take: Step | None = None
    taken: str | None = None
    discard: str | None = None
    split: Split | None = None
    void: bool = False


class CorsariEngine(Engine):
    def __init__(self, setup: CorsariSetup) -> None:
        self.setup = setup
        self.players = list(setup.players)
        self.seat = {player: index for index, player in enumerate(self.players)}
        self.count = len(self.players)
        self.penalty: list[list[str]] = [[] for _ in self.players]
        self.round_number = 0
        self.next_first = setup.first
        self.phase: Phase = "between"
        self.current: RoundState | None = None
        self.final_round = False
        self.over = False
        self.end_reason = ""
        self.grand_masters: list[int] = []
        self.scored_rounds = 0
        self.void_rounds = 0
        self.turns = 0
        self.history: list[RoundPlayed] = []
        self._in_play: frozenset[str] = ALL_CARDS  # the cards outside the penalty piles
        self._seeded: tuple[int, CorsariDeal] | None = None  # (round, its seeded deal), dealt once

    # -- the Engine interface ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def round_due(self) -> int | None:
        return self.round_number + 1 if self.phase == "between" and not self.over else None

    def start_round(self, number: int) -> Violation | None:
        if self.over:
            return Violation("C-END", f"the game is over ({self.end_reason}): no round follows", part="round")
        if self.phase != "between":
            return self._round_not_over(number)
        if number != self.round_number + 1:
            return Violation("C-TURN", f"this is round {self.round_number + 1}, not round {number}",
                             {"round": self.round_number + 1}, part="round")
        self.round_number = number
        self.phase = "deal"
        if self.setup.seed is not None:
            self._deal(self._seeded_deal(number))
        return None

    def play(self, player: str, action: CorsariTurn | CorsariDeal) -> Violation | None:
        if action.__class__ is CorsariTurn:  # a game over is between rounds: no quick path is open
            reading = action.reading  # type: ignore[union-attr]
            if reading is None:
                reading = _read(action)  # type: ignore[arg-type]
            phase = self.phase
            if phase == "turns":
                state = self.current
                if self.seat.get(player) == state.next_seat and \
                        self._quick_turn(state, state.next_seat, reading):  # type: ignore[union-attr]
                    return None
            elif phase == "splits":
                state = self.current
                if self.seat.get(player) == state.pending[0] and \
                        self._quick_split_turn(state, state.pending[0], reading):  # type: ignore[union-attr]
                    return None
        return self._play(player, action)

    def _play(self, player: str, action: CorsariTurn | CorsariDeal) -> Violation | None:
        """`play` the full way: every check in the precedence of the rulings."""
        if self.over:
            return Violation("C-END", f"the game is over ({self.end_reason})", part="mover")
        if self.phase == "between":
            if self.current is not None and self.current.void:
                return self._after_void()
            return Violation("C-TURN", f"round {self.round_number + 1} must begin with its number, "
                             f"'{self.round_number + 1}.'", part="mover")
        if isinstance(action, CorsariDeal):
            return self._play_deal(action)
        if self.phase == "deal":
            return Violation("C-SETUP", f"round {self.round_number} has no deal: a log without a Seed "
                             "gives each round's deal, at least the quay and the pile",
                             part="mover", notes=("write e.g. 'deal: quay R1 O2 ... / pile K5' after the "
                                                  "round number",))
        assert self.current is not None
        seat = self.seat.get(player)
        if seat is None:
            return Violation("C-TURN", f"'{player}' is not a player of this game",
                             {"players": self.players}, part="mover")
        if self.phase == "turns":
            plan = self._judge_turn(seat, action)
        else:
            plan = self._judge_split_turn(seat, action)
        if isinstance(plan, Violation):
            return plan
        self._apply(seat, plan)
        return None

    def set_aside(self, player: str, action: CorsariTurn | CorsariDeal, violation: Violation) -> None:
        """A turn set aside passes to the next player; a deal or a raise set aside changes nothing."""
        state = self.current
        if (self.over or self.phase != "turns" or state is None or violation.rule == "C-TURN"
                or self.seat.get(player) != state.next_seat):
            return
        self.turns += 1
        state.entries += 1
        state.next_seat = (state.next_seat + 1) % self.count

    def finish(self) -> list[Violation]:
        problem = self._check_claim()
        return [problem] if problem is not None else []

    def canonical_action(self, player: str, action: CorsariTurn | CorsariDeal) -> Any:
        return action

    # -- the quick paths: plain legal entries, played at once ---------------------------------

    def _quick_turn(self, state: RoundState, seat: int, reading: tuple[Any, ...]) -> bool:
        """A turn of the player to move that is a take and a discard from a hand that holds
        the card, perhaps followed by a raise from a hand known in full: played at once,
        True. False, with nothing changed, for anything else: `_judge_turn` decides it.

        The checks are those of `_judge_turn` on such a turn (C-TURN, C-CARDS, C-TAKE,
        C-DISCARD, C-VOID, C-LAST-DECK, then `_quick_split`), each in its accepting form:
        a card held is a card, and a take that shows its card shows the top one."""
        if len(reading) != 4:
            return False
        source, shown, card, crew = reading
        if source == "deck":
            stock = state.deck
            if stock is None or not state.deck_size or (state.deck_size == 1 and crew is None):
                return False  # a hidden deck, an empty one, or its last card taken without a raise
        elif source == "pile":
            stock = state.pile
            if not stock:
                return False
        elif source == "quay":
            stock = state.quay
            if len(stock) < 2:
                return False  # the last quay card voids the round
        else:
            return False
        taken = stock[-1]
        if shown is not None and shown != taken:
            return False
        hand = state.hands[seat]
        if card != taken and not hand.get(card):
            return False
        split = None
        if crew is not None:
            if state.hidden or not state.quay:
                return False  # no home port to read: the full judge says what is wrong first
            after = {*hand, taken}
            after.discard(card)
            exposed = state.quay[-2] if source == "quay" else state.quay[-1]
            split = _quick_split(after, crew, exposed[0])
            if split is None:
                return False
        # judged: now `_apply`, written out (most entries pass here)
        self.turns += 1
        state.entries += 1
        stock.pop()
        if source == "deck":
            state.deck_size -= 1
        if card != taken:  # else the card taken goes straight to the pile: the hand is as it was
            hand[taken] = 1  # each card is one of a kind: the hand had none of it, and one of `card`
            hand.pop(card)  # dict's own: Counter's __delitem__ is written in Python
        accounted = state.accounted
        accounted.add(taken)
        accounted.add(card)
        state.pile.append(card)
        if split is None:
            state.next_seat = (seat + 1) % self.count
        else:
            self._apply_split(state, seat, split, whole_hand=True)
        return True

    def _quick_split_turn(self, state: RoundState, seat: int, reading: tuple[Any, ...]) -> bool:
        """After the fastest captain, the raise of the player whose turn it is, perhaps after a
        fill, from a hand known in full: played at once, True. False, with nothing changed,
        for anything else: `_judge_split_turn` decides it."""
        if len(reading) != 2 or state.hidden:
            return False
        filled, crew = reading
        hand = state.hands[seat]
        if filled is None:
            filled = ()
        elif not self._quick_fill(state, hand, filled):
            return False
        assert state.port is not None
        split = _quick_split(hand.keys() - filled, crew, state.port, filled)
        if split is None:
            return False
        self.turns += 1
        state.entries += 1
        self._apply_split(state, seat, split, whole_hand=True)
        return True

    @staticmethod
    def _quick_fill(state: RoundState, hand: Counter[str], filled: tuple[str, ...]) -> bool:
        """Whether `_judge_fill` accepts these cards at a glance: each held and named once, of
        a colour of the fastest captain's crew, and of a value it lacks, each value once."""
        named = set(filled)
        if not state.crew_colours or len(named) != len(filled) or not named <= hand.keys():
            return False
        values = set(map(CARD_VALUE.__getitem__, filled))  # cards held are cards
        return (len(values) == len(filled) and values.isdisjoint(state.crew_values)
                and state.crew_colours.issuperset(map(colour, filled)))

    # -- rounds and deals ----------------------------------------------------------------

    def _after_void(self) -> Violation:
        """C-VOID for anything written in a round after the take that voided it: a turn, a
        raise, a completion, a split or a deal. It says why the round is over, which C-TURN's
        'must begin with its number' would hide."""
        number = self.round_number
        return Violation("C-VOID", f"round {number} is void: the take of the last quay card ended it, "
                         "so nothing more is played in it", {"round": number}, part="mover",
                         notes=(f"the next round begins with its number, '{number + 1}.'",))

    def _round_not_over(self, number: int) -> Violation:
        state = self.current
        if self.phase == "deal":
            return Violation("C-SETUP", f"round {self.round_number} has no deal and no turn",
                             part="round")
        assert state is not None
        if self.phase == "splits":
            waiting = self.players[state.pending[0]]
            return Violation("C-RAISE", f"round {self.round_number} is not over: {waiting} has yet to "
                             "raise anchor", {"waiting": waiting}, part="round")
        return Violation("C-TURN", f"round {self.round_number} is not over: nobody has raised anchor "
                         "and the quay is not empty", part="round")

    def _cards_in_play(self) -> frozenset[str]:
        """The cards outside the penalty piles: kept up to date by `_score_round`, the one
        place the piles grow, rather than gathered again for every deal."""
        return self._in_play

    def _seeded_deal(self, number: int) -> CorsariDeal:
        """Round `number`'s seeded deal, shuffled once: `start_round` deals it, and a deal the
        log writes out is compared with it. The cards shuffled change only between rounds."""
        seed = self.setup.seed
        assert seed is not None
        if self._seeded is None or self._seeded[0] != number:
            self._seeded = (number, seeded_deal(self.players, seed, number, self._in_play))
        return self._seeded[1]

    def _play_deal(self, deal: CorsariDeal) -> Violation | None:
        seeded_and_untouched = (self.setup.seed is not None and self.phase == "turns"
                                and self.current is not None and self.current.entries == 0)
        if self.phase != "deal" and not seeded_and_untouched:
            return Violation("C-TURN", "a deal comes right after its round's number", part="mover")
        problem = self._judge_deal(deal)
        if problem is not None:
            return problem
        self.turns += 1
        if self.setup.seed is not None:
            assert self.current is not None
            self.current.entries += 1
            return None  # the seeded deal is already in place and the written one agrees
        self._deal(deal)
        return None

    def _judge_deal(self, deal: CorsariDeal) -> Violation | None:
        quay_size = QUAY_SIZE[self.count]
        listed = list(deal.quay) + ([deal.pile] if deal.pile else [])
        if deal.hands is not None:
            listed += [card for _, hand in deal.hands for card in hand]
        if deal.deck is not None:
            listed += list(deal.deck)
        for card in listed:
            if not is_card(card):
                return Violation("C-CARDS", why_unknown(card), {"card": card}, part="action")
        if len(deal.quay) != quay_size:
            return Violation("C-SETUP", f"with {self.count} players the quay holds {quay_size} cards, "
                             f"not {len(deal.quay)}", part="segment:quay")
        if deal.pile is None:
            return Violation("C-SETUP", "the deal must name the card that starts the discard pile",
                             part="action", notes=("add '/ pile CARD'",))
        if (deal.hands is None) != (deal.deck is None):
            return Violation("C-HIDDEN", "a deal gives both the hands and the deck, or neither",
                             part="action")
        if deal.hands is not None:
            owners = [owner for owner, _ in deal.hands]
            if owners != self.players:
                return Violation("C-SETUP", "the deal gives every player's hand once, in seat order",
                                 {"listed": owners}, part="action",
                                 notes=(f"seat order: {' '.join(self.players)}",))
            for owner, hand in deal.hands:
                if len(hand) != HAND_SIZE:
                    return Violation("C-SETUP", f"{owner} is dealt {len(hand)} card{'s' * (len(hand) != 1)} instead of {HAND_SIZE}",
                                     part=f"segment:{owner}")
        repeated = sorted(card for card, n in Counter(listed).items() if n > 1)
        if repeated:
            return Violation("C-SETUP", f"{repeated[0]} is dealt twice", {"card": repeated[0]}, part="action")
        in_play = self._cards_in_play()
        penalised = sorted(set(listed) - in_play, key=order_key)
        if penalised:
            return Violation("C-SETUP", f"{penalised[0]} lies in a penalty pile and is not dealt again",
                             {"card": penalised[0]}, part="action")
        if deal.deck is not None and set(listed) != in_play:
            missing = sorted(in_play - set(listed), key=order_key)
            return Violation("C-SETUP", f"the deal leaves out {len(missing)} card(s) in play: "
                             f"{' '.join(missing[:8])}", {"missing": missing}, part="action",
                             notes=("every card outside the penalty piles is dealt",))
        if self.setup.seed is not None:
            state = self.current
            assert state is not None
            expected = self._seeded_deal(self.round_number)
            if deal != expected and not (deal.hands is None and deal.quay == expected.quay
                                         and deal.pile == expected.pile):
                return Violation("C-SETUP", "the deal written differs from the one the Seed gives",
                                 part="action")
        return None

    def _deal(self, deal: CorsariDeal) -> None:
        first = self.next_first
        in_play = self._cards_in_play()
        hidden = deal.hands is None
        dealt = len(deal.quay) + 1 + HAND_SIZE * self.count
        seen = set(deal.quay).union(*self.penalty)  # the cards out of play lie in the penalty piles
        if deal.pile:
            seen.add(deal.pile)
        self.current = RoundState(
            number=self.round_number,
            first=first,
            hands=[Counter(hand) for _, hand in deal.hands] if deal.hands else [Counter() for _ in self.players],
            hand_size=[HAND_SIZE] * self.count,
            deck=list(reversed(deal.deck)) if deal.deck is not None else None,
            deck_size=len(deal.deck) if deal.deck is not None else len(in_play) - dealt,
            pile=[deal.pile] if deal.pile else [],
            quay=list(deal.quay),
            hidden=hidden,
            accounted=seen,
            next_seat=first,
        )
        self.phase = "turns"

    # -- judging a turn of the round (before anyone raised) -----------------------------

    def _judge_turn(self, seat: int, turn: CorsariTurn) -> _Plan | Violation:
        state = self.current
        assert state is not None
        player = self.players[seat]
        if seat != state.next_seat:
            return Violation("C-TURN", f"it is {self.players[state.next_seat]}'s turn, not {player}'s",
                             {"expected": self.players[state.next_seat]}, part="mover")
        steps = turn.steps
        # a take of the last quay card voids the round: what the entry writes after it is C-VOID
        # (settled on review), not a step out of its place in a live round (C-TURN, C-TAKE)
        voiding = len(steps) > 1 and steps[0].kind == "take" and steps[0].source == "quay" and len(state.quay) == 1
        problem = (None if voiding else _order_problem(steps, allow_fill=False)) or self._unknown_card(steps)
        if problem is not None:
            return problem
        takes = [i for i, s in enumerate(steps) if s.kind == "take"]
        if not takes:
            return Violation("C-TAKE", f"{player} takes no card: a turn starts by taking one, from the deck, "
                             "the discard pile or the quay", part="step:0")
        if len(takes) > 1 and not voiding:
            return Violation("C-TAKE", "a turn takes exactly one card", part=f"step:{takes[1]}")
        take = steps[0]
        plan = _Plan(take=take)
        taken = self._judge_take(seat, take)
        if isinstance(taken, Violation):
            return taken
        plan.taken = taken
        hand = state.hands[seat].copy()
        if taken is not None:
            hand[taken] += 1
        size = state.hand_size[seat] + 1
        if take.source == "quay" and len(state.quay) == 1:
            for index, step in enumerate(steps):
                if step.kind == "discard":
                    problem = self._judge_from_hand(seat, hand, size, list(step.cards), "C-DISCARD",
                                                    f"step:{index}")
                    if problem is not None:
                        return problem
            if len(steps) > 1:
                said = ("that turn has no discard and no raise" if steps[1].kind in ("discard", "raise")
                        else "nothing more is written in that turn")
                return Violation("C-VOID", f"taking the last card of the quay ends the round at once: {said}",
                                 part="step:1", notes=("the round is void and nothing is scored",))
            plan.void = True
            return plan
        discards = [i for i, s in enumerate(steps) if s.kind == "discard"]
        if not discards:
            return Violation("C-DISCARD", f"{player} takes a card but discards none: the hand must go "
                             f"back to {HAND_SIZE}", part="step:0")
        if len(discards) > 1:
            return Violation("C-DISCARD", "a turn discards exactly one card", part=f"step:{discards[1]}")
        discard = steps[discards[0]].cards[0]
        problem = self._judge_from_hand(seat, hand, size, [discard], "C-DISCARD", f"step:{discards[0]}")
        if problem is not None:
            return problem
        plan.discard = discard
        hand = _minus(hand, [discard])
        size -= 1
        raises = [i for i, s in enumerate(steps) if s.kind == "raise"]
        last_deck = take.source == "deck" and state.deck_size == 1
        if not raises:
            if last_deck:
                return Violation("C-LAST-DECK", f"{player} took the last card of the deck and must raise "
                                 "anchor this turn", part="step:1")
            return plan
        if len(raises) > 1:
            return Violation("C-RAISE", "'raise' is given twice", part=f"step:{raises[1]}")
        exposed = state.quay[-2] if take.source == "quay" else state.quay[-1]
        split = self._judge_split(seat, hand, size, steps, raises[0], colour(exposed), frozenset([discard]))
        if isinstance(split, Violation):
            return split
        plan.split = split
        return plan

    def _judge_take(self, seat: int, take: Step) -> str | None | Violation:
        """The card taken, None when it is a hidden deck card."""
        state = self.current
        assert state is not None
        if take.source not in SOURCES:  # the grammar and the JSON schema name one; the Python API may not
            named = "no source" if take.source is None else f"'{take.source}', which is no source"
            return Violation("C-TAKE", f"the take names {named}: take from the deck, the discard pile or the quay",
                             part="step:0")
        shown = take.cards[0] if take.cards else None
        if take.source == "deck":
            if state.deck_size == 0:  # a round dealt from exactly enough cards has no deck
                return Violation("C-TAKE", "the deck is empty: take from the discard pile or the quay",
                                 part="step:0")
            if state.deck is not None:
                top = state.deck[-1]
                if shown is not None and shown != top:
                    return Violation("C-TAKE", f"the deal puts {top} on top of the deck, not {shown}",
                                     {"top": top, "shown": shown}, part="step:0")
                return top
            if shown is not None and shown in state.accounted:
                return self._seen_elsewhere(shown, "step:0")
            return shown
        source = state.pile if take.source == "pile" else state.quay
        name = "discard pile" if take.source == "pile" else "quay"
        if not source:
            return Violation("C-TAKE", f"the {name} is empty", part="step:0")
        top = source[-1]
        if shown is not None and shown != top:
            exposed = "top of the discard pile" if take.source == "pile" else "exposed quay card"
            return Violation("C-TAKE", f"the {exposed} is {top}, not {shown}", {"top": top, "shown": shown},
                             part="step:0")
        return top

    def _seen_elsewhere(self, card: str, part: str) -> Violation:
        return Violation("C-CARDS", f"Corsari has one {card}, and it is already elsewhere",
                         {"card": card}, part=part,
                         notes=("in a log without the deal, a card's place is known once it is seen (C-HIDDEN)",))

    def _judge_from_hand(self, seat: int, hand: Counter[str], size: int, cards: list[str], rule: str,
                         part: str, used: frozenset[str] = frozenset(), step: int | None = None) -> Violation | None:
        """Whether `cards` can all come from this hand (known cards first, then unknown ones).
        `used` holds the cards the same entry already put somewhere: none can be named again.
        `step`, where `cards` are that step's own, lets a card named twice be shown where it
        is named the second time, not under the whole step."""
        state = self.current
        assert state is not None
        player = self.players[seat]
        need = Counter(cards)
        unknown = size - sum(hand.values())
        for card, count in need.items():
            if count > 1:
                second = [index for index, named in enumerate(cards) if named == card][1]
                return Violation(rule, f"{card} is named twice", {"card": card},
                                 part=f"card:{step}:{second}" if step is not None else part)
            if hand[card] >= 1:
                continue
            named = f"card:{step}:{cards.index(card)}" if step is not None else part
            if card in state.accounted:
                return Violation(rule, f"{player} does not hold {card}: it is "
                                 f"{self._where(card)}", {"card": card}, part=named)
            if unknown <= 0:
                held = " ".join(sorted(hand.elements(), key=order_key))
                return Violation(rule, f"{player} does not hold {card}", {"card": card, "hand": held},
                                 part=named, notes=(f"{player}'s hand: {held}",))
            if card in used:
                return Violation(rule, f"{card} is already used in this entry", {"card": card}, part=named)
            unknown -= 1
        return None

    def _where(self, card: str) -> str:
        state = self.current
        assert state is not None
        if card in state.quay:
            return "in the quay"
        if card in state.pile:
            return "in the discard pile"
        for seat, hand in enumerate(state.hands):
            if hand[card]:
                return f"in {self.players[seat]}'s hand"
        for seat, pile in enumerate(self.penalty):
            if card in pile:
                return f"in {self.players[seat]}'s penalty pile"
        return "already seen elsewhere"

    def _unknown_card(self, steps: tuple[Step, ...]) -> Violation | None:
        for index, step in enumerate(steps):
            for card in step.cards:
                if not is_card(card):
                    return Violation("C-CARDS", why_unknown(card), {"card": card}, part=f"step:{index}")
        return None

    # -- raising anchor: crew, dismissed, stowaways (C-RAISE, C-CREW, C-DISMISS, C-STOWAWAY) --

    def _judge_split(self, seat: int, hand: Counter[str], size: int, steps: tuple[Step, ...],
                     at: int, port: str, used: frozenset[str] = frozenset()) -> Split | Violation:
        state = self.current
        assert state is not None
        player = self.players[seat]
        crew = list(steps[at].cards)
        part = f"step:{at}"
        problem = self._judge_from_hand(seat, hand, size, crew, "C-CREW", part, used, step=at)
        if problem is not None:
            return problem
        colours = {colour(card) for card in crew}
        if len(colours) > 2:
            return Violation("C-CREW", f"a crew has at most two colours; {player}'s has {len(colours)}: "
                             + ", ".join(COLOUR_NAMES[c] for c in sorted(colours)), {"crew": crew}, part=part)
        values = [value(card) for card in crew]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            second = [index for index, named in enumerate(values) if named == twice[0]][1]
            return Violation("C-CREW", f"a crew fills each post once; value {twice[0]} appears twice",
                             {"crew": crew}, part=f"card:{at}:{second}")
        rest = _minus(hand, crew)
        unknown = size - len(crew) - sum(rest.values())
        stated = {s.kind: (i, list(s.cards)) for i, s in enumerate(steps) if s.kind in ("dismiss", "stow")}
        if unknown > 0:
            if "dismiss" not in stated or "stow" not in stated:
                return Violation("C-HIDDEN", f"{player}'s hand is not fully known: a log without the deal "
                                 "states the dismissed and the stowaways when raising anchor", part=part,
                                 notes=(f"{unknown} of {player}'s cards are unknown",))
            declared = stated["dismiss"][1] + stated["stow"][1]
            problem = self._judge_from_hand(seat, rest, size - len(crew), declared, "C-HIDDEN",
                                            f"step:{stated['stow'][0]}", used | frozenset(crew))
            if problem is not None:
                return problem
            if len(declared) != size - len(crew):
                return Violation("C-HIDDEN", f"{player} holds {size} cards, but crew, dismissed and "
                                 f"stowaways name {len(crew) + len(declared)}", part=f"step:{stated['stow'][0]}")
            rest = Counter(declared)
        dismissed = sorted((c for c in rest.elements() if colour(c) == port), key=order_key)
        stowaways = sorted((c for c in rest.elements() if colour(c) != port), key=order_key)
        if "dismiss" in stated:
            index, written = stated["dismiss"]
            if sorted(written, key=order_key) != dismissed:
                wrong = [c for c in written if colour(c) != port]
                notes: tuple[str, ...] = ()
                if wrong:  # the list was read from another colour: C-PORT says which colour it is
                    notes = (f"the home-port colour is {COLOUR_NAMES[port]}, the exposed quay card's when the "
                             f"fastest captain raised anchor, not {COLOUR_NAMES[colour(wrong[0])]}",)
                return Violation("C-DISMISS", f"the dismissed are every card of the home-port colour "
                                 f"({COLOUR_NAMES[port]}) outside the crew: {' '.join(dismissed) or 'none'}",
                                 {"dismissed": dismissed, "port": port}, part=f"step:{index}", notes=notes,
                                 rulings=("C-PORT",) if wrong else ())
        if "stow" in stated:
            index, written = stated["stow"]
            if sorted(written, key=order_key) != stowaways:
                return Violation("C-STOWAWAY", "the stowaways are every card outside the crew and the "
                                 f"dismissed: {' '.join(stowaways) or 'none'}",
                                 {"stowaways": stowaways}, part=f"step:{index}")
        return Split(sorted(crew, key=order_key), dismissed, stowaways)

    # -- after the fastest captain: completions and splits (C-COMPLETE) -----------------

    def _judge_split_turn(self, seat: int, turn: CorsariTurn) -> _Plan | Violation:
        state = self.current
        assert state is not None
        player = self.players[seat]
        expected = state.pending[0]
        if seat != expected:
            return Violation("C-RAISE", f"{self.players[expected]} raises anchor next, not {player}",
                             {"expected": self.players[expected]}, part="mover")
        steps = turn.steps
        if any(step.kind in ("take", "discard") for step in steps):
            index = next(i for i, s in enumerate(steps) if s.kind in ("take", "discard"))
            return Violation("C-RAISE", f"the fastest captain, {self.players[state.fastest or 0]}, has raised "
                             "anchor: the others now only raise anchor, with no take or discard",
                             part=f"step:{index}")
        problem = _order_problem(steps, allow_fill=True) or self._unknown_card(steps)
        if problem is not None:
            return problem
        raises = [i for i, s in enumerate(steps) if s.kind == "raise"]
        if not raises:
            return Violation("C-RAISE", f"{player} must raise anchor now, naming the crew", part="step:0")
        if len(raises) > 1:
            return Violation("C-RAISE", "'raise' is given twice", part=f"step:{raises[1]}")
        hand = state.hands[seat].copy()
        size = state.hand_size[seat]
        fills = [i for i, s in enumerate(steps) if s.kind == "fill"]
        filled = list(steps[fills[0]].cards) if fills else []
        held = [card for card in filled if hand[card] > 0 or card not in state.accounted]
        if len(held) < len(filled):  # a card seen elsewhere: the split cannot be judged without it
            return self._judge_fill(seat, hand, size, filled, f"step:{fills[0]}") or \
                Violation("C-COMPLETE", "a filled card is not in the hand", part=f"step:{fills[0]}")
        assert state.port is not None
        split = self._judge_split(seat, _minus(hand, held), size - len(held), steps, raises[0], state.port,
                                  frozenset(filled))
        if isinstance(split, Violation):
            return split
        if fills:
            problem = self._judge_fill(seat, hand, size, filled, f"step:{fills[0]}")
            if problem is not None:
                return problem
        split.filled = filled
        return _Plan(split=split)

    def _judge_fill(self, seat: int, hand: Counter[str], size: int, cards: list[str], part: str) -> Violation | None:
        state = self.current
        assert state is not None
        captain = self.players[state.fastest or 0]
        problem = self._judge_from_hand(seat, hand, size, cards, "C-COMPLETE", part)
        if problem is not None:
            return problem
        if not state.crew_colours:
            return Violation("C-COMPLETE", f"{captain}'s crew is empty and cannot be completed", part=part)
        seen: set[int] = set()
        for card in cards:
            if colour(card) not in state.crew_colours:
                allowed = " or ".join(COLOUR_NAMES[c] for c in sorted(state.crew_colours))
                return Violation("C-COMPLETE", f"{card} is not of a colour of {captain}'s crew ({allowed})",
                                 {"card": card}, part=part)
            if value(card) in state.crew_values:
                return Violation("C-COMPLETE", f"{captain}'s crew already had a {value(card)} when raising anchor",
                                 {"card": card}, part=part)
            if value(card) in seen:
                return Violation("C-COMPLETE", f"one player fills value {value(card)} only once", {"card": card},
                                 part=part)
            seen.add(value(card))
        return None

    # -- applying a judged entry ------------------------------------------------------------

    def _apply(self, seat: int, plan: _Plan) -> None:
        state = self.current
        assert state is not None
        self.turns += 1
        state.entries += 1
        if plan.take is not None:
            self._take(seat, plan.take, plan.taken)
            if plan.void:
                self._end_void_round()
                return
            assert plan.discard is not None
            self._remove_from_hand(seat, [plan.discard])
            state.pile.append(plan.discard)
            state.accounted.add(plan.discard)
        if plan.split is None:
            state.next_seat = (seat + 1) % self.count
            return
        self._apply_split(state, seat, plan.split)

    def _apply_split(self, state: RoundState, seat: int, split: Split, whole_hand: bool = False) -> None:
        """A judged raise: the hand goes into the split; the first raise fixes the home port
        and the crew the others may complete; the last one scores the round. `whole_hand`:
        the hand is known in full and the split (with the fill) names each of its cards
        once, so it empties the hand — what `_remove_from_hand` would do card by card."""
        if whole_hand:
            hand = state.hands[seat]
            state.accounted.update(hand)
            hand.clear()
            state.hand_size[seat] = 0
        else:
            if split.filled:
                self._remove_from_hand(seat, split.filled)
            self._remove_from_hand(seat, split.crew + split.dismissed + split.stowaways)
        state.splits[seat] = split
        if state.fastest is None:
            state.fastest = seat
            state.port = colour(state.quay[-1])
            state.crew_colours = frozenset(map(colour, split.crew))
            state.crew_values = frozenset(map(CARD_VALUE.__getitem__, split.crew))
            state.pending = [(seat + k) % self.count for k in range(1, self.count)]
            self.phase = "splits"
        else:
            state.pending.pop(0)
        if not state.pending:
            self._score_round()

    def _take(self, seat: int, take: Step, taken: str | None) -> None:
        state = self.current
        assert state is not None
        state.hand_size[seat] += 1
        if take.source == "deck":
            state.deck_size -= 1
            if state.deck is not None:
                state.deck.pop()
        elif take.source == "pile":
            state.pile.pop()
        else:
            state.quay.pop()
        if taken is not None:
            hand = state.hands[seat]
            hand[taken] = hand.get(taken, 0) + 1
            state.accounted.add(taken)

    def _remove_from_hand(self, seat: int, cards: list[str]) -> None:
        """Each card leaves the hand: from its known cards when it is one of them, else from
        its unknown ones. Dict operations: Counter's own are written in Python."""
        state = self.current
        assert state is not None
        hand = state.hands[seat]
        accounted = state.accounted
        state.hand_size[seat] -= len(cards)
        for card in cards:
            held = hand.get(card, 0)
            if held > 1:
                hand[card] = held - 1
            elif held == 1:
                hand.pop(card)
            accounted.add(card)

    def _end_void_round(self) -> None:
        state = self.current
        assert state is not None
        state.void = True
        self.void_rounds += 1
        self.history.append({"round": state.number, "void": True})
        self._close_round()

    def _score_round(self) -> None:
        """C-SCORE, then the end of the game (C-END, C-GRAND-MASTER)."""
        state = self.current
        assert state is not None and state.fastest is not None
        fastest = state.fastest
        totals = {seat: split.total for seat, split in state.splits.items()}
        f_total = totals[fastest]
        others = [seat for seat in totals if seat != fastest]
        taken: dict[int, list[str]] = {seat: [] for seat in totals}
        if all(f_total < totals[seat] for seat in others):
            state.winner_of_round = fastest
            for seat in others:
                taken[seat] = list(state.splits[seat].stowaways)
        else:
            taken[fastest] = list(state.splits[fastest].stowaways)
            for seat in others:
                if totals[seat] <= f_total:
                    taken[fastest] += state.splits[seat].stowaways
                else:
                    taken[seat] = list(state.splits[seat].stowaways)
        for seat, cards in taken.items():
            self.penalty[seat].extend(cards)
        self._in_play = self._in_play.difference(*taken.values())
        self.scored_rounds += 1
        masters = [seat for seat, split in state.splits.items() if not split.stowaways]
        self.history.append({"round": state.number, "void": False, "fastest": self.players[fastest],
                             "totals": {self.players[s]: t for s, t in sorted(totals.items())},
                             "penalty": {self.players[s]: len(c) for s, c in sorted(taken.items())},
                             "grand_masters": [self.players[s] for s in masters]})
        if masters:
            self.grand_masters = masters
            self._end(f"{' and '.join(self.players[s] for s in masters)} raised anchor with no stowaway: "
                      "grand master")
        elif self.final_round:
            self._end("the extra round after the penalty piles reached 35 cards is played")
        elif sum(map(len, self.penalty)) >= PENALTY_TRIGGER:
            self.final_round = True
        self._close_round()

    def _close_round(self) -> None:
        state = self.current
        assert state is not None
        self.phase = "between"
        self.next_first = (state.first + 1) % self.count
        if not self.over:
            needed = HAND_SIZE * self.count + QUAY_SIZE[self.count] + 1
            if len(self._cards_in_play()) < needed:
                self._end("too few cards outside the penalty piles to deal another round")

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason

    # -- the outcome and the claimed result --------------------------------------------------

    def outcome(self) -> Outcome:
        sides = []
        for seat, player in enumerate(self.players):
            sides.append(SideResult(player, [player], len(self.penalty[seat]), {
                "penalty_value": sum(value(c) for c in self.penalty[seat]),
                "grand_master": seat in self.grand_masters,
            }))
        winners: list[str] = []
        if self.over:
            if self.grand_masters:
                winners = [self.players[s] for s in self.grand_masters]
            else:
                fewest = min(len(pile) for pile in self.penalty)
                winners = [p for s, p in enumerate(self.players) if len(self.penalty[s]) == fewest]
        summary = {"rounds": self.round_number, "scored_rounds": self.scored_rounds,
                   "void_rounds": self.void_rounds, "end": self.end_reason or None,
                   "penalty_total": sum(len(pile) for pile in self.penalty),
                   "extra_round": self.final_round}
        claim = None
        if self.setup.has_claim:
            claim = "holds" if self._check_claim() is None else "false"
        return Outcome(self.over, sides, winners, summary, claim)

    def _check_claim(self) -> Violation | None:
        if not self.setup.has_claim:
            return None
        claimed = self.setup.claimed
        if not self.over:
            if claimed is None:
                return None
            return Violation("C-END", "the log claims a final result, but the game is not over",
                             part="tag:Result", notes=('an unfinished game is written [Result "*"]',))
        actual = {p: len(self.penalty[s]) for s, p in enumerate(self.players)}
        if claimed is None:
            return Violation("C-END", f"the game is over ({self.end_reason}), but the log claims it unfinished",
                             part="tag:Result", notes=(_counts(actual),))
        if sorted(p for p, _, _ in claimed) != sorted(self.players):
            return Violation("C-SCORE", "the claimed result names every player once: " + " ".join(self.players),
                             part="tag:Result")
        for player, cards, _ in claimed:
            if cards != actual[player]:
                return Violation("C-SCORE", f"the log claims {player} holds {cards} penalty cards, but "
                                 f"{player} holds {actual[player]}", {"claimed": cards, "actual": actual[player]},
                                 part="tag:Result", notes=(_counts(actual),))
        masters = {self.players[s] for s in self.grand_masters}
        for player, _, marked in claimed:
            if marked != (player in masters):
                said = "marks" if marked else "does not mark"
                return Violation("C-GRAND-MASTER", f"the log {said} {player} as grand master, but "
                                 + (f"{player} is one" if player in masters else f"{player} is not"),
                                 {"grand_masters": sorted(masters)}, part="tag:Result")
        return None

    # -- describing the state ---------------------------------------------------------------------

    def view(self) -> CorsariView:
        state = self.current
        round_view: RoundInPlay | None = None
        if state is not None:
            hands: dict[str, HandView] = {}
            for seat, player in enumerate(self.players):
                known = sorted(state.hands[seat].elements(), key=order_key)
                hands[player] = {"size": state.hand_size[seat], "known": known,
                                 "unknown": state.hand_size[seat] - len(known)}
            round_view = {
                "number": state.number,
                "first": self.players[state.first],
                "deck": state.deck_size,
                "pile_top": state.pile[-1] if state.pile else None,
                "pile": len(state.pile),
                "quay": list(state.quay),
                "exposed": state.quay[-1] if state.quay else None,
                "port": state.port or (colour(state.quay[-1]) if state.quay else None),
                "port_fixed": state.port is not None,
                "deal_known": not state.hidden,
                "hands": hands,
                "fastest": None if state.fastest is None else self.players[state.fastest],
                "splits": {self.players[s]: {"crew": list(sp.crew), "dismissed": list(sp.dismissed),
                                             "stowaways": list(sp.stowaways), "filled": list(sp.filled),
                                             "total": sp.total}
                           for s, sp in state.splits.items()},
                "void": state.void,
            }
        next_player = None
        if not self.over and state is not None:
            if self.phase == "turns":
                next_player = self.players[state.next_seat]
            elif self.phase == "splits":
                next_player = self.players[state.pending[0]]
        return {
            "game": "corsari",
            "round": self.round_number,
            "phase": self.phase,
            "turns": self.turns,
            "over": self.over,
            "end": self.end_reason or None,
            "next": next_player,
            "current": round_view,
            "penalty": {p: sorted(self.penalty[s], key=order_key) for s, p in enumerate(self.players)},
            "penalty_total": sum(len(pile) for pile in self.penalty),
            "extra_round": self.final_round,
            "history": [entry.copy() for entry in self.history],  # a view is a snapshot: later rounds add here
        }


def _order_problem(steps: tuple[Step, ...], allow_fill: bool) -> Violation | None:
    """Steps come in the order take, discard, raise, dismiss, stow (fill first after a raise).
    A repeated raise is left to C-RAISE, judged later in the precedence."""
    rank = {"fill": 0, "take": 1, "discard": 2, "raise": 3, "dismiss": 4, "stow": 5}
    if not any(step.kind == "raise" for step in steps):
        stated = [i for i, step in enumerate(steps) if step.kind in ("dismiss", "stow")]
        if stated:
            return Violation("C-TURN", "dismissed and stowaways are stated only when raising anchor",
                             part=f"step:{stated[0]}")
    for index, step in enumerate(steps):
        if step.kind == "fill" and not allow_fill:
            return Violation("C-TURN", "'fill' completes the fastest captain's crew, once he has raised "
                             "anchor", part=f"step:{index}")
        if index and rank[step.kind] < rank[steps[index - 1].kind]:
            return Violation("C-TURN", f"'{step.kind}' is out of its place: a turn takes, discards, then may "
                             "raise anchor (naming the crew, then the dismissed and the stowaways)",
                             part=f"step:{index}")
        if index and step.kind == steps[index - 1].kind and step.kind in ("dismiss", "stow", "fill"):
            return Violation("C-TURN", f"'{step.kind}' is given twice", part=f"step:{index}")
    return None


_RANK = CARD_RANK.__getitem__
_KIND = attrgetter("kind")


def _read(turn: CorsariTurn) -> tuple[Any, ...]:
    """A turn's `reading`, made once and kept with it: what the quick paths need of its
    steps. (source, card shown or None, card discarded, crew or None) for a take and a
    discard, perhaps followed by a raise; (cards filled or None, crew) for a raise,
    perhaps after a fill; () for anything else, which the full judges alone decide."""
    steps = turn.steps
    kinds = tuple(map(_KIND, steps))
    reading: tuple[Any, ...] = ()
    if kinds == ("take", "discard") or kinds == ("take", "discard", "raise"):
        take, discard = steps[0], steps[1]
        if len(discard.cards) == 1 and len(take.cards) <= 1:
            reading = (take.source, take.cards[0] if take.cards else None, discard.cards[0],
                       steps[2].cards if len(steps) == 3 else None)
    elif kinds == ("raise",) or kinds == ("fill", "raise"):
        reading = (steps[0].cards if len(steps) == 2 else None, steps[-1].cards)
    object.__setattr__(turn, "reading", reading)  # frozen: a memo, not part of the turn's value
    return reading


def _quick_split(held: set[str], crew: tuple[str, ...], port: str, filled: tuple[str, ...] = ()) -> Split | None:
    """The split of a raise from the cards `held`, a hand known in full (every card once),
    when the crew is legal at a glance: its cards held and each named once, at most two
    colours, each value once (C-CREW). None when `_judge_split` must look and explain.
    The split is the one `_judge_split` gives when no dismissed nor stowaways are stated."""
    chosen = set(crew)
    if len(chosen) != len(crew) or not chosen <= held:
        return None
    if len(set(map(colour, crew))) > 2 or len(set(map(CARD_VALUE.__getitem__, crew))) != len(crew):
        return None
    rest = held - chosen
    home = COLOUR_CARDS[port]
    return Split(sorted(crew, key=_RANK), sorted(rest & home, key=_RANK), sorted(rest - home, key=_RANK),
                 list(filled))


def _minus(hand: Counter[str], cards: list[str]) -> Counter[str]:
    rest = hand.copy()
    for card in cards:
        if rest[card] > 0:
            rest[card] -= 1
            if not rest[card]:
                del rest[card]
    return rest


def _counts(actual: dict[str, int]) -> str:
    return "penalty cards: " + " ".join(f"{p}={n}" for p, n in actual.items())
