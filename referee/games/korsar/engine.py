"""Korsar's rules as a state machine: legal moves, the state after a move, and the
violation (with its K- rule id) of an illegal one.

The state is mutable, as in a chess board: `play` either applies a legal turn or
returns a Violation and leaves everything as it was. Each turn is checked in the
precedence order of the rulings: K-END, K-ORDER, K-CARDS, K-HAND / K-DRAW,
K-DISCARD, K-TARGET, the card's own rules, then the writer's claims.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from referee.diagnostics import Violation
from referee.games.base import Engine, Outcome, SideResult
from referee.games.korsar.cards import (
    CARDS,
    COLOUR_NAMES,
    COPIES,
    card_info,
    misprint_read,
    why_unknown,
)
from referee.games.korsar.notation import GalleonRef, KorsarAction
from referee.games.korsar.setup import HAND_SIZE, KorsarSetup
from referee.games.korsar.view import GalleonView, HandView, KorsarView


@dataclass(slots=True)
class Force:
    """One side's pirates on one galleon: a single colour, strengths added up."""

    colour: str
    strength: int = 0
    cards: list[tuple[str, str]] = field(default_factory=list)  # (player, card)


@dataclass(slots=True, eq=False)
class Galleon:
    """A galleon on the table; compared by identity (two can look alike).

    `holder` is the side in control (K-CONTROL), None in a tie; it is kept up to
    date as cards are played so the capture phase need not recount every galleon.
    """

    value: int
    placer: int
    side: int
    round: int
    forces: dict[int, Force] = field(default_factory=dict)
    character: tuple[str, int, str] | None = None  # (card, side, player)
    holder: int | None = None  # given as `side` when the galleon is placed

    def recount(self) -> None:
        if self.character is not None:
            self.holder = self.character[1]
        elif not self.forces:
            self.holder = self.side
        else:
            best = -1
            leader: int | None = None
            for side, force in self.forces.items():
                if force.strength > best:
                    best, leader = force.strength, side
                elif force.strength == best:
                    leader = None
            self.holder = leader

    @property
    def untouched(self) -> bool:
        return not self.forces and self.character is None


class KorsarEngine(Engine):
    def __init__(self, setup: KorsarSetup) -> None:
        self.setup = setup
        self.players = list(setup.players)
        self.seat = {player: index for index, player in enumerate(self.players)}
        self.teams = setup.teams is not None
        sides = setup.sides
        self.side_names = ["+".join(side) for side in sides]
        self.side_of = [0] * len(self.players)
        for index, side in enumerate(sides):
            for player in side:
                self.side_of[self.seat[player]] = index
        self.first_mate = [not self.teams or i % 2 == 0 for i in range(len(self.players))]
        self.hidden = setup.hands is None
        count = len(self.players)
        if setup.hands is not None and setup.deck is not None:
            self.hands = [Counter(hand) for hand in setup.hands]
            self.deck: list[str] | None = list(reversed(setup.deck))  # top at the end
            self.deck_size = len(setup.deck)
        else:
            self.hands = [Counter() for _ in range(count)]
            self.deck = None
            self.deck_size = 78 - HAND_SIZE * count
        self.hand_size = [HAND_SIZE] * count
        self.accounted: Counter[str] = Counter()  # hidden logs: copies whose place is known
        self.table: list[Galleon] = []
        self.loot: list[list[Galleon]] = [[] for _ in sides]
        self.out_of_game: list[str] = []
        self.round = 0
        self.turns = 0
        self.next_seat = 0
        self.new_round_next = True
        self.last: tuple[int, Galleon | None] | None = None  # (seat, galleon attacked)
        self.over = False
        self.swept: list[list[Galleon]] = [[] for _ in sides]
        self.left_on_table: list[Galleon] = []
        self.last_captures: list[Galleon] = []
        self.last_chased: str | None = None
        self.final_sides: list[SideResult] | None = None

    # -- the Engine interface ----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def round_due(self) -> int | None:
        return self.round + 1 if self.new_round_next and not self.over else None

    def start_round(self, number: int) -> Violation | None:
        if self.over:
            return self._over_violation(part="round")
        if not self.new_round_next:
            waiting = self.players[self.next_seat]
            return Violation("K-ORDER", f"round {number} cannot begin here: {waiting} has yet to play "
                             f"in round {self.round}", {"round": self.round, "next": waiting}, part="round")
        if number != self.round + 1:
            return Violation("K-ORDER", f"this is round {self.round + 1}, not round {number}",
                             {"round": self.round + 1}, part="round")
        self.round = number
        self.new_round_next = False
        return None

    def play(self, player: str, action: KorsarAction) -> Violation | None:
        seat = self.next_seat
        if self.over or self.new_round_next or self.players[seat] != player:
            return self._out_of_turn(player)
        captures = self._captures_for(seat)
        if not action.captures and action.chased is None and self._play_plain(seat, action, captures):
            return None
        judged = self._judge(seat, action, captures)
        if judged.__class__ is Violation:
            return judged  # type: ignore[return-value]
        self._apply(seat, action, captures, judged)  # type: ignore[arg-type]
        return None

    def set_aside(self, player: str, action: KorsarAction, violation: Violation) -> None:
        """The turn of the player whose move is set aside passes (K-ORDER aside: that move was
        not the player's to make)."""
        seat = self.next_seat
        if violation.rule == "K-ORDER" or self.over or self.new_round_next or self.players[seat] != player:
            return
        self.turns += 1
        self._advance(seat)

    def _play_plain(self, seat: int, action: KorsarAction, captures: list[Galleon]) -> bool:
        """A turn that claims nothing, when it is legal at a glance — a draw from a dealt
        deck, a galleon, a discard or a pirate from a known hand — played at once, after
        its captures. Anything else (False) goes through `_judge`, which decides every
        case and explains; this only ever accepts what `_judge` accepts."""
        kind = action.kind
        attacked: Galleon | None = None
        if kind == "draw":
            if action.card is not None or self.deck is None or not self.deck_size:
                return False
            if captures:
                self._take(seat, captures)
            self.deck_size -= 1
            self.hand_size[seat] += 1
            hand = self.hands[seat]
            drawn = self.deck.pop()
            hand[drawn] = hand.get(drawn, 0) + 1
        else:
            card = action.card
            info = CARDS.get(card)  # type: ignore[arg-type]
            hand = self.hands[seat]
            held = hand.get(card, 0)  # type: ignore[arg-type]
            if info is None or not held:
                return False
            if kind == "galleon":
                if info.kind != "galleon":
                    return False
                if captures:
                    self._take(seat, captures)
                side = self.side_of[seat]
                self.table.append(Galleon(info.value, seat, side, self.round, holder=side))
            elif kind == "play":
                attacked = self._plain_target(seat, action, info.kind, info.colour, captures)
                if attacked is None:
                    return False
                if captures:
                    self._take(seat, captures)
                side = self.side_of[seat]
                force = attacked.forces.get(side)
                if force is None:
                    force = attacked.forces[side] = Force(info.colour or "")
                force.strength += info.value
                force.cards.append((self.players[seat], card))  # type: ignore[arg-type]
                attacked.recount()
            elif kind == "discard":
                if info.kind == "galleon" or self.deck_size:
                    return False
                if captures:
                    self._take(seat, captures)
                self.out_of_game.append(card)  # type: ignore[arg-type]
            else:
                return False
            self.hand_size[seat] -= 1
            if held > 1:
                hand[card] = held - 1  # type: ignore[index]
            else:
                hand.pop(card)  # type: ignore[arg-type]
        self.last_captures = captures
        self.last_chased = None
        self.last = (seat, attacked)
        self.turns += 1
        if self.deck_size == 0:
            self._check_end()
            if not self.over:
                self._advance(seat)
        else:  # `_advance` while the deck lasts, written out: most moves of a game pass here
            nxt = seat + 1
            if nxt == len(self.players):
                nxt = 0
            self.new_round_next = nxt <= seat
            self.next_seat = nxt
        return True

    def _take(self, seat: int, captures: list[Galleon]) -> None:
        """The capture phase (K-TURN): the side takes every galleon it controls."""
        side = self.side_of[seat]
        for galleon in captures:
            self.table.remove(galleon)
            self.loot[side].append(galleon)
            self._discard_around(galleon)

    def _plain_target(self, seat: int, action: KorsarAction, kind: str, colour: str | None,
                      captures: list[Galleon]) -> Galleon | None:
        """The galleon a pirate may join at a glance: named without ambiguity, its
        colours allowing this one (K-PIRATE, K-TEAM-COLOUR), no partner on it just
        before (K-TEAM-ROUND); None when `_judge` must look."""
        ref = action.target
        if kind != "pirate" or ref is None:
            return None
        owner = self.seat.get(ref.owner)
        value, round_ = ref.value, ref.round
        target: Galleon | None = None
        for galleon in self.table:
            if galleon.placer == owner and galleon.value == value and (round_ is None or galleon.round == round_):
                if captures and galleon in captures:
                    continue  # taken in the capture phase, before the card is played
                if target is not None:
                    return None
                target = galleon
        if target is None:
            return None
        side = self.side_of[seat]
        for other, force in target.forces.items():
            if other == side:
                if force.colour != colour:
                    return None
            elif force.colour == colour:
                return None
        if self.teams and not self.first_mate[seat] and self.last is not None:
            if self.last[0] == seat - 1 and self.last[1] is target:
                return None
        return target

    def _out_of_turn(self, player: str) -> Violation:
        """Why `player` may not move now: the game is over, the player has no more turns,
        a round number is due, or it is someone else's turn."""
        if self.over:
            return self._over_violation(part="mover")
        seat = self.seat.get(player)
        if seat is not None and not self.has_turns(seat):
            return self._no_more_turns(seat)
        if self.new_round_next:
            return Violation("K-ORDER", f"round {self.round + 1} must begin with its number, "
                             f"'{self.round + 1}.'", {"round": self.round + 1}, part="mover")
        expected = self.players[self.next_seat]
        if seat is None:
            return Violation("K-ORDER", f"'{player}' is not a player of this game",
                             {"players": self.players}, part="mover",
                             notes=(f"it is {expected}'s turn",))
        return Violation("K-ORDER", f"it is {expected}'s turn, not {player}'s",
                         {"expected": expected, "player": player}, part="mover")

    def finish(self) -> list[Violation]:
        violations = []
        problem = self._check_end_hands()
        if problem is not None:
            return [problem]
        problem = self._check_claim()
        if problem is not None:
            violations.append(problem)
        return violations

    def canonical_action(self, player: str, action: KorsarAction) -> KorsarAction:
        seat = self.seat.get(player)
        if seat is None or self.over or (action.target is None and not action.captures):
            return action  # only galleon references have a canonical spelling that depends on the table
        before = self.table
        captures = self._captures_for(seat) if seat == self.next_seat else []
        after = [g for g in self.table if g not in captures]
        refs = tuple(self._canonical_ref(ref, before) for ref in action.captures)
        target = action.target
        if target is not None:
            target = self._canonical_ref(target, after)
        return KorsarAction(action.kind, action.card, target, refs, action.chased)

    def spelled_out(self, player: str, action: KorsarAction) -> KorsarAction:
        """The action with its capture phase (K-TURN) and its chase (K-CHARACTER) written out
        where the writer left them to the rules; anything else as written, for `play` to judge."""
        seat = self.seat.get(player)
        if seat is None or seat != self.next_seat or self.over or self.new_round_next:
            return action
        captures = self._captures_for(seat)
        refs = action.captures
        if not refs and captures:
            refs = tuple(self._canonical_ref(GalleonRef(self.players[g.placer], g.value, g.round), self.table)
                         for g in captures)
        chased = action.chased
        info = card_info(action.card or "")
        if chased is None and action.kind == "play" and action.target is not None and info is not None \
                and info.is_character:
            remaining = [g for g in self.table if g not in captures]
            target = self._resolve(action.target, remaining, "target")
            if isinstance(target, Galleon) and target.character is not None:
                chased = target.character[0]
        if refs == action.captures and chased == action.chased:
            return action
        return KorsarAction(action.kind, action.card, action.target, refs, chased)

    # -- control and capture (K-CONTROL, K-TURN, K-TEAM-CAPTURE) ---------------------

    def controller(self, galleon: Galleon) -> int | None:
        return galleon.holder

    def has_turns(self, seat: int) -> bool:
        return self.hand_size[seat] > 0 or self.deck_size > 0

    def has_capture_phase(self, seat: int) -> bool:
        if self.first_mate[seat]:
            return True
        return not self.has_turns(seat - 1)

    def _captures_for(self, seat: int) -> list[Galleon]:
        """The galleons `seat` takes in its capture phase (K-TURN, K-TEAM-CAPTURE)."""
        if self.table and (self.first_mate[seat] or not (self.deck_size or self.hand_size[seat - 1])):
            side = self.side_of[seat]
            return [g for g in self.table if g.holder == side]
        return []

    # -- judging a turn ----------------------------------------------------------------

    def _judge(self, seat: int, action: KorsarAction, captures: list[Galleon]) -> Violation | Galleon | None:
        """The violation, or for a legal move the galleon it is played on (None if none)."""
        target: Galleon | None = None
        card = action.card
        info = CARDS.get(card) if card is not None else None
        if card is not None and info is None:
            return _unknown_card(card, "card")
        if action.chased is not None and action.chased not in CARDS:
            return _unknown_card(action.chased, "chase")

        if action.kind == "draw":
            if card is not None or not self.deck_size:
                problem = self._judge_draw(seat, action)
                if problem is not None:
                    return problem
        else:
            assert card is not None and info is not None
            if not self.hands[seat].get(card):
                problem = self._judge_from_hand(seat, card)
                if problem is not None:
                    return problem
            if action.kind == "discard":
                if self.deck_size > 0:
                    return Violation("K-DISCARD", "a card may be discarded only once the deck is empty",
                                     {"deck": self.deck_size}, notes=(f"the deck still holds {self.deck_size} card{'s' * (self.deck_size != 1)}",))
                if info.kind == "galleon":
                    return Violation("K-DISCARD", "a galleon may never be discarded", {"card": action.card})
            elif info.kind == "galleon":
                if action.kind == "play":
                    player = self.players[seat]
                    return Violation("K-GALLEON", f"a galleon is placed in front of {player}, "
                                     "not on another galleon: write just the card", {"card": action.card})
            else:
                if action.kind != "play" or action.target is None:
                    return Violation("K-TARGET", f"a {info.describe()} is played on a galleon: "
                                     f"write it {action.card}@GALLEON, e.g. {action.card}@A3",
                                     {"card": action.card})
                remaining = [g for g in self.table if g not in captures] if captures else self.table
                found = self._resolve(action.target, remaining, "target")
                if isinstance(found, Violation):
                    return _with_note(found, "after the capture phase" if captures else None)
                target = found
                problem = self._judge_card_on(seat, info.kind, action.card, target)
                if problem is not None:
                    return problem
                if self.teams and not self.first_mate[seat]:
                    problem = self._judge_team_round(seat, target)
                    if problem is not None:
                        return problem
                if action.chased is not None:
                    problem = self._judge_chase(action, target)
                    if problem is not None:
                        return problem
        if action.chased is not None and action.kind != "play":
            return Violation("K-CLAIM", "only a captain or the admiral played on a galleon chases "
                             "a character", {"chased": action.chased}, part="chase")
        if action.captures:
            return self._judge_capture_claims(seat, action, captures) or target
        return target

    def _judge_draw(self, seat: int, action: KorsarAction) -> Violation | None:
        shown = action.card
        if shown is None and self.deck_size > 0:
            return None
        if shown is not None and self.deck is None and self.accounted[shown] >= COPIES[shown]:
            return self._too_many(shown, "card")
        if self.deck_size == 0:
            return Violation("K-DRAW", "the deck is empty: nothing can be drawn",
                             notes=("once the deck is empty a player plays or discards a card (K-DISCARD)",))
        if shown is not None and self.deck is not None and shown != self.deck[-1]:
            if self._all_copies_out(shown):
                return self._too_many(shown, "card", dealt=True)
            top = self.deck[-1]
            return Violation("K-HIDDEN", f"the deal puts {top} on top of the deck, not {shown}",
                             {"top": top, "shown": shown}, part="card")
        return None

    def _judge_from_hand(self, seat: int, card: str) -> Violation | None:
        player = self.players[seat]
        if self.hands[seat][card] > 0:
            return None
        if self.deck is None and self.accounted[card] >= COPIES[card]:
            return self._too_many(card, "card")
        if self.deck is not None and self._all_copies_out(card):
            return self._too_many(card, "card", dealt=True)
        if self.hand_size[seat] == 0:
            return Violation("K-HAND", f"{player} has no card in hand", {"hand": 0}, part="card")
        unknown = self.hand_size[seat] - sum(self.hands[seat].values())
        if unknown > 0:
            return None
        shown = " ".join(sorted(self.hands[seat].elements()))
        return Violation("K-HAND", f"{player} does not hold {card}",
                         {"player": player, "card": card, "hand": sorted(self.hands[seat].elements())},
                         part="card", notes=(f"{player}'s hand: {shown}",))

    def _all_copies_out(self, card: str) -> bool:
        """In a log with the deal: every copy of `card` has been played or discarded, none
        is left in a hand or the deck, so one more would be a card too many (K-CARDS)."""
        return not self.deck.count(card) and not any(hand.get(card) for hand in self.hands)  # type: ignore[union-attr]

    def _too_many(self, card: str, part: str, dealt: bool = False) -> Violation:
        copies = COPIES[card]
        note = ("every copy has already been played or discarded" if dealt else
                "in a log without the deal, a card is accounted for once it is seen drawn, played "
                "or discarded (K-HIDDEN)")
        return Violation("K-CARDS", f"Korsar has {copies} {card} card{'s' if copies > 1 else ''}, "
                         "and every one is already accounted for", {"card": card, "copies": copies},
                         part=part, notes=(note,))

    def _judge_card_on(self, seat: int, kind: str, card: str, galleon: Galleon) -> Violation | None:
        side = self.side_of[seat]
        info = CARDS[card]
        if kind == "pirate":
            own = galleon.forces.get(side)
            if own is None or own.colour == info.colour:
                for other, force in galleon.forces.items():
                    if force.colour == info.colour and other != side:
                        break
                else:
                    return None
        elif kind == "captain":
            own = galleon.forces.get(side)
            if own is not None and own.colour == info.colour:
                return None
        elif kind != "admiral" or galleon.side == side:
            return None
        return self._card_on_violation(seat, kind, card, galleon)

    def _card_on_violation(self, seat: int, kind: str, card: str, galleon: Galleon) -> Violation | None:
        player = self.players[seat]
        side = self.side_of[seat]
        info = CARDS[card]
        ref = self.ref_of(galleon)
        facts = {"galleon": ref, "card": card}
        if kind == "pirate":
            own = galleon.forces.get(side)
            colour = info.colour or ""
            if own is not None and own.colour != colour:
                partner_started = self.teams and all(p != player for p, _ in own.cards)
                rule = "K-TEAM-COLOUR" if partner_started else "K-PIRATE"
                who = "{player}'s team plays" if partner_started else f"{player} plays"
                return Violation(rule, f"{who.format(player=player)} {COLOUR_NAMES[own.colour]} on {ref}: "
                                 f"a {COLOUR_NAMES[colour]} pirate cannot join",
                                 {**facts, "colour": own.colour}, part="card",
                                 notes=(self.describe_galleon(galleon),))
            for other, force in galleon.forces.items():
                if other != side and force.colour == colour:
                    return Violation("K-PIRATE", f"{self.side_names[other]} already plays "
                                     f"{COLOUR_NAMES[colour]} on {ref}: each side needs its own colour",
                                     {**facts, "colour": colour, "side": self.side_names[other]},
                                     part="card", notes=(self.describe_galleon(galleon),))
        elif kind == "captain":
            own = galleon.forces.get(side)
            if own is None or own.colour != info.colour:
                having = "no pirate" if own is None else f"{COLOUR_NAMES[own.colour]} pirates"
                return Violation("K-CAPTAIN", f"the {COLOUR_NAMES[info.colour or 'Y']} captain needs a "
                                 f"{COLOUR_NAMES[info.colour or 'Y']} pirate of "
                                 f"{'the team' if self.teams else player} on {ref} first, "
                                 f"and there {'is' if own is None else 'are'} {having}",
                                 facts, part="card", notes=(self.describe_galleon(galleon),))
        elif kind == "admiral":
            if galleon.side != side:
                placer = self.players[galleon.placer]
                return Violation("K-ADMIRAL", f"the admiral may be played only on a galleon of "
                                 f"{'the team' if self.teams else player}'s own; {ref} was placed by {placer}",
                                 facts, part="target", notes=(self.describe_galleon(galleon),))
        return None

    def _judge_team_round(self, seat: int, galleon: Galleon) -> Violation | None:
        if not self.teams or self.first_mate[seat] or self.last is None:
            return None
        last_seat, attacked = self.last
        if last_seat == seat - 1 and attacked is galleon:
            partner = self.players[last_seat]
            return Violation("K-TEAM-ROUND", f"{partner} played on {self.ref_of(galleon)} just before: "
                             "partners may not both play on one galleon in the same round",
                             {"galleon": self.ref_of(galleon), "partner": partner},
                             part="target", notes=(self.describe_galleon(galleon),))
        return None

    def _judge_chase(self, action: KorsarAction, galleon: Galleon) -> Violation | None:
        if action.chased is None:
            return None
        info = card_info(action.card or "")
        if info is None or not info.is_character:
            return Violation("K-CLAIM", "only a captain or the admiral chases a character",
                             {"chased": action.chased}, part="chase")
        present = galleon.character[0] if galleon.character else None
        if present != action.chased:
            there = f"carries {present}" if present else "carries no character"
            return Violation("K-CHARACTER", f"the log says {action.chased} is chased, but "
                             f"{self.ref_of(galleon)} {there}", {"stated": action.chased, "present": present},
                             part="chase", notes=(self.describe_galleon(galleon),
                                                  "the writer's claims are checked (K-CLAIM)"))
        return None

    def _judge_capture_claims(self, seat: int, action: KorsarAction, captures: list[Galleon]) -> Violation | None:
        """A stated capture is checked against the rule that decides it (K-CLAIM)."""
        if not action.captures:
            return None
        player = self.players[seat]
        stated: list[Galleon] = []
        claim_note = "the writer's claims are checked (K-CLAIM)"
        for index, ref in enumerate(action.captures):
            part = f"capture:{index}"
            galleon = self._resolve(ref, self.table, part)
            if isinstance(galleon, Violation):
                return Violation("K-CONTROL", f"the log says {player} captures {ref}, but "
                                 f"{galleon.message}",
                                 galleon.facts, part=part, notes=galleon.notes + (claim_note,))
            if galleon in stated:
                return Violation("K-CLAIM", f"the capture of {ref} is stated twice",
                                 {"galleon": str(ref)}, part=part)
            if galleon not in captures:
                facts = {"galleon": str(ref), "controller": self._controller_name(galleon)}
                notes = (self.describe_galleon(galleon), claim_note)
                if not self.has_capture_phase(seat):
                    partner = self.players[seat - 1]
                    return Violation("K-TEAM-CAPTURE", f"the log says {player} captures {ref}, but only "
                                     f"the first mate, {partner}, captures for the team while {partner} "
                                     "still has turns", facts, part=part, notes=notes)
                controller = self.controller(galleon)
                held = "it is held in a tie" if controller is None else \
                    f"{self.side_names[controller]} controls it"
                return Violation("K-CONTROL", f"the log says {player} captures {ref}, but {held}",
                                 facts, part=part, notes=notes)
            stated.append(galleon)
        for galleon in captures:
            if galleon not in stated:
                return Violation("K-TURN", f"the capture phase is mandatory: {player} also captures "
                                 f"{self.ref_of(galleon)}, which the log leaves out",
                                 {"galleon": self.ref_of(galleon)}, part="capture:0",
                                 notes=(self.describe_galleon(galleon),
                                        "a turn that states captures states all of them (K-CLAIM)"))
        return None

    def _controller_name(self, galleon: Galleon) -> str | None:
        controller = self.controller(galleon)
        return None if controller is None else self.side_names[controller]

    def _no_more_turns(self, seat: int) -> Violation:
        """K-END before K-ORDER: in team play a player whose hand is empty once the deck
        is, while the partner still holds cards, has no more turns at all."""
        player = self.players[seat]
        partner = self.players[seat + 1 if self.first_mate[seat] else seat - 1]
        return Violation("K-END", f"{player} has no more turns: the deck is empty and {player} "
                         f"holds no card, while {partner} still does", {"player": player},
                         part="mover", notes=(f"it is {self.players[self.next_seat]}'s turn",))

    def _over_violation(self, part: str) -> Violation:
        return Violation("K-END", "the game is already over: " + self._end_reason(), part=part)

    def _end_reason(self) -> str:
        empty = [self.players[s] for s in range(len(self.players)) if self.hand_size[s] == 0]
        return f"the deck is empty and {' and '.join(empty)} hold{'s' if len(empty) == 1 else ''} no card"

    # -- galleon names ---------------------------------------------------------------

    def _resolve(self, ref: GalleonRef, table: list[Galleon], part: str) -> Galleon | Violation:
        owner = self.seat.get(ref.owner)
        value, round_ = ref.value, ref.round
        found: Galleon | None = None
        for galleon in table:
            if galleon.placer == owner and galleon.value == value and (round_ is None or galleon.round == round_):
                if found is not None:
                    break
                found = galleon
        else:
            if found is not None:
                return found
        listing = (self.describe_table(table),) if table else ("the table is empty",)
        if owner is None:
            return Violation("K-TARGET", f"'{ref.owner}' is not a player, so {ref} names no galleon",
                             {"galleon": str(ref)}, part=part, notes=listing)
        matches = [g for g in table if g.placer == owner and g.value == ref.value
                   and (ref.round is None or g.round == ref.round)]
        if not matches:
            return Violation("K-TARGET", f"there is no galleon {ref} on the table",
                             {"galleon": str(ref), "table": [self.ref_of(g, table) for g in table]},
                             part=part, notes=listing)
        if len(matches) > 1:
            options = " or ".join(f"{ref.owner}{ref.value}/{g.round}" for g in matches)
            return Violation("K-TARGET", f"{ref} is ambiguous: {ref.owner} has {len(matches)} galleons "
                             f"of {ref.value} on the table", {"galleon": str(ref)}, part=part,
                             notes=(f"name one by the round it was placed: {options}",))
        return matches[0]

    def ref_of(self, galleon: Galleon, table: list[Galleon] | None = None) -> str:
        table = self.table if table is None else table
        owner = self.players[galleon.placer]
        twins = sum(1 for g in table if g.placer == galleon.placer and g.value == galleon.value)
        return f"{owner}{galleon.value}/{galleon.round}" if twins > 1 else f"{owner}{galleon.value}"

    def _canonical_ref(self, ref: GalleonRef, table: list[Galleon]) -> GalleonRef:
        found = self._resolve(ref, table, "target")
        if isinstance(found, Violation):
            return ref
        written = self.ref_of(found, table)
        return GalleonRef(ref.owner, ref.value, found.round if "/" in written else None)

    # -- applying a legal turn ----------------------------------------------------------

    def _apply(self, seat: int, action: KorsarAction, captures: list[Galleon], target: Galleon | None) -> None:
        side = self.side_of[seat]
        self._take(seat, captures)
        self.last_captures = captures
        self.last_chased = None
        attacked: Galleon | None = None
        if action.kind == "draw":
            self.deck_size -= 1
            self.hand_size[seat] += 1
            if self.deck is not None:
                hand = self.hands[seat]
                drawn = self.deck.pop()
                hand[drawn] = hand.get(drawn, 0) + 1
            elif action.card is not None:
                self._draw_shown(seat, action.card)
        else:
            card = action.card or ""
            self.hand_size[seat] -= 1
            hand = self.hands[seat]
            held = hand.get(card, 0)
            if held > 1:
                hand[card] = held - 1
            elif held:
                hand.pop(card)
            else:
                self.accounted[card] += 1
            info = CARDS[card]
            if action.kind == "discard":
                self.out_of_game.append(card)
            elif info.kind == "galleon":
                self.table.append(Galleon(info.value, seat, side, self.round, holder=side))
            else:
                assert target is not None
                attacked = target
                player = self.players[seat]
                if info.kind == "pirate":
                    force = target.forces.get(side)
                    if force is None:
                        force = target.forces[side] = Force(info.colour or "")
                    force.strength += info.value
                    force.cards.append((player, card))
                else:
                    if target.character is not None:
                        self.last_chased = target.character[0]
                        self.out_of_game.append(target.character[0])
                    target.character = (card, side, player)
                target.recount()
        self.last = (seat, attacked)
        self.turns += 1
        if self.deck_size == 0:
            self._check_end()
            if self.over:
                return
        self._advance(seat)

    def _draw_shown(self, seat: int, card: str) -> None:
        """A log without the deal shows the card drawn: now it is known to be there."""
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        self.accounted[card] += 1

    def _discard_around(self, galleon: Galleon) -> None:
        for force in galleon.forces.values():
            self.out_of_game.extend([card for _, card in force.cards])
        if galleon.character is not None:
            self.out_of_game.append(galleon.character[0])

    def _advance(self, seat: int) -> None:
        count = len(self.players)
        nxt = seat + 1 if seat + 1 < count else 0
        if self.deck_size == 0:
            while not self.hand_size[nxt]:
                nxt = (nxt + 1) % count
        self.new_round_next = nxt <= seat
        self.next_seat = nxt

    # -- the end (K-END) and the score (K-SCORE) ------------------------------------------

    def _check_end(self) -> None:
        if self.deck_size > 0:
            return
        if self.teams:
            ended = any(self.hand_size[i] == 0 and self.hand_size[i + 1] == 0
                        for i in range(0, len(self.players), 2))
        else:
            ended = any(size == 0 for size in self.hand_size)
        if ended:
            self.over = True
            self._sweep()

    def _sweep(self) -> None:
        for galleon in list(self.table):
            side = self.controller(galleon)
            if side is None:
                self.left_on_table.append(galleon)
            else:
                self.swept[side].append(galleon)
                self.table.remove(galleon)
                self._discard_around(galleon)

    def hand_known(self, seat: int) -> bool:
        return sum(self.hands[seat].values()) == self.hand_size[seat]

    def outcome(self) -> Outcome:
        sides = self._side_results()
        winners: list[str] = []
        if self.over and all(side.score is not None for side in sides):
            best = max(side.score for side in sides if side.score is not None)
            winners = [side.side for side in sides if side.score == best]
        summary = {
            "round": self.round,
            "turns": self.turns,
            "deck": self.deck_size,
            "left_on_table": [self.ref_of(g, self.left_on_table) for g in self.left_on_table],
            "on_table": [self.ref_of(g) for g in self.table] if not self.over else [],
        }
        return Outcome(self.over, sides, winners, summary, self._claim_status(sides))

    def _side_results(self) -> list[SideResult]:
        """Each side's score; once the game is over it cannot change, so it is counted once."""
        if self.final_sides is not None:
            return self.final_sides
        sides: list[SideResult] = []
        for index, name in enumerate(self.side_names):
            seats = [s for s in range(len(self.players)) if self.side_of[s] == index]
            captured = [g.value for g in self.loot[index]]
            swept = [g.value for g in self.swept[index]]
            known = all(self.hand_known(s) for s in seats)
            in_hand = [card_info(c).value for s in seats  # type: ignore[union-attr]
                       for c in self.hands[s].elements() if c.startswith("$")]
            gold = sum(captured) + sum(swept)
            score = gold - sum(in_hand) if known else None
            sides.append(SideResult(name, [self.players[s] for s in seats], score, {
                "captured": sorted(captured, reverse=True),
                "swept": sorted(swept, reverse=True),
                "loot": gold,
                "galleons_in_hand": sorted(in_hand, reverse=True) if known else None,
            }))
        if self.over:
            self.final_sides = sides
        return sides

    def _claim_status(self, sides: list[SideResult]) -> str | None:
        if not self.setup.has_claim:
            return None
        problem = self._check_claim(sides)
        if problem is None:
            return "holds"
        return "not checked" if problem.severity == "warning" else "false"

    def _check_claim(self, sides: list[SideResult] | None = None) -> Violation | None:
        if not self.setup.has_claim:
            return None
        claimed = self.setup.claimed
        if not self.over:
            if claimed is None:
                return None
            return Violation("K-UNFINISHED", "the log claims a final score, but it stops before the game's end",
                             {"claimed": claimed}, part="tag:Result",
                             notes=('an unfinished game is written [Result "*"]',))
        outcome_sides = {side.side: side.score for side in (sides or self._side_results())}
        if claimed is None:
            return Violation("K-SCORE", "the game is over, but the log claims it unfinished ('*')",
                             part="tag:Result", notes=(_scores_note(outcome_sides),))
        if set(claimed) != set(outcome_sides):
            return Violation("K-SCORE", "the claimed result must name every side once: "
                             + ", ".join(outcome_sides), {"claimed": claimed}, part="tag:Result")
        wrong = [side for side in claimed
                 if outcome_sides[side] is not None and claimed[side] != outcome_sides[side]]
        if not wrong and any(score is None for score in outcome_sides.values()):
            return Violation("K-SCORE", "the claimed result cannot be checked: some hands "
                             "at the end are unknown", part="tag:Result", severity="warning",
                             notes=("give the hands at the end in an EndHands tag (K-HIDDEN)",))
        if wrong:  # a side whose hands are known is judged even when another's are not
            side = wrong[0]
            return Violation("K-SCORE", f"the log claims {side} scores {claimed[side]}, "
                             f"but {side} scores {outcome_sides[side]}",
                             {"claimed": claimed, "actual": outcome_sides}, part="tag:Result",
                             notes=(_scores_note(outcome_sides),))
        return None

    def _check_end_hands(self) -> Violation | None:
        shown = self.setup.end_hands
        if shown is None:
            return None
        for seat, (player, cards) in enumerate(shown):
            have = Counter(cards)
            if len(cards) != self.hand_size[seat]:
                return Violation("K-HIDDEN", f"{player} holds {self.hand_size[seat]} cards at the end, "
                                 f"but the log shows {len(cards)}", {"player": player}, part="tag:EndHands")
            known = self.hands[seat]
            if self.deck is not None:
                if have != known:
                    return Violation("K-HIDDEN", f"the hand shown for {player} is not the one the deal "
                                     f"gives: {' '.join(sorted(known.elements())) or '-'}",
                                     {"player": player}, part="tag:EndHands")
                continue
            if known - have:
                return Violation("K-HIDDEN", f"{player} was seen to take "
                                 f"{' '.join(sorted((known - have).elements()))}, which the shown hand lacks",
                                 {"player": player}, part="tag:EndHands")
            for card in (have - known).elements():
                if self.accounted[card] >= COPIES[card]:
                    return self._too_many(card, "tag:EndHands")
                self.accounted[card] += 1
            self.hands[seat] = have
            self.final_sides = None
        return None

    # -- describing the state --------------------------------------------------------------

    def describe_galleon(self, galleon: Galleon) -> str:
        parts = []
        for side, force in galleon.forces.items():
            cards = " ".join(card for _, card in force.cards)
            parts.append(f"{self.side_names[side]} {cards} ({force.strength})")
        if galleon.character is not None:
            parts.append(f"{galleon.character[0]} of {self.side_names[galleon.character[1]]}")
        controller = self.controller(galleon)
        holder = "tie" if controller is None else f"held by {self.side_names[controller]}"
        body = "; ".join(parts) if parts else "unattacked"
        return f"{self.ref_of(galleon)}: {body} — {holder}"

    def describe_table(self, table: list[Galleon] | None = None) -> str:
        table = self.table if table is None else table
        return "table: " + ", ".join(self.ref_of(g, table) for g in table)

    def view(self) -> KorsarView:
        galleons: list[GalleonView] = []
        for galleon in self.table:
            controller = self.controller(galleon)
            galleons.append({
                "galleon": self.ref_of(galleon),
                "value": galleon.value,
                "placed_by": self.players[galleon.placer],
                "round": galleon.round,
                "forces": [{"side": self.side_names[side], "colour": force.colour,
                            "strength": force.strength, "cards": [c for _, c in force.cards],
                            "players": sorted({p for p, _ in force.cards})}
                           for side, force in galleon.forces.items()],
                "character": None if galleon.character is None else {
                    "card": galleon.character[0], "side": self.side_names[galleon.character[1]],
                    "player": galleon.character[2]},
                "controlled_by": None if controller is None else self.side_names[controller],
            })
        hands: dict[str, HandView] = {}
        for seat, player in enumerate(self.players):
            known = sorted(self.hands[seat].elements(), key=_card_order)
            hands[player] = {"size": self.hand_size[seat], "known": known,
                             "unknown": self.hand_size[seat] - len(known)}
        outcome = self.outcome()
        return {
            "game": "korsar",
            "round": self.round,
            "turns": self.turns,
            "over": self.over,
            "next": None if self.over else self.players[self.next_seat],
            "deck": self.deck_size,
            "deal_known": not self.hidden,
            "table": galleons,
            "hands": hands,
            "loot": {side.side: side.details["captured"] for side in outcome.sides},
            "out_of_game": len(self.out_of_game),
            "last_captures": [g.value for g in self.last_captures],
            "last_chased": self.last_chased,
            "score": {side.side: side.score for side in outcome.sides},
            "left_on_table": outcome.summary["left_on_table"],
        }


def _unknown_card(card: str, part: str) -> Violation:
    """K-CARDS for a code that names no card; a black pirate is the worked example's misprint
    (K-EXAMPLE), and the finding says which card is meant."""
    meant = misprint_read(card)
    if meant is None:
        return Violation("K-CARDS", why_unknown(card), {"card": card}, part=part)
    return Violation("K-CARDS", why_unknown(card), {"card": card, "meant": meant}, part=part,
                     notes=(f"the rules' worked example prints black where yellow is meant: write {meant}",),
                     rulings=("K-EXAMPLE",))


def _card_order(card: str) -> tuple[int, str]:
    rank = {"$": 0, "Y": 1, "R": 2, "G": 3, "B": 4, "A": 5}
    return (rank.get(card[0], 9), card)


def _scores_note(scores: dict[str, int | None]) -> str:
    return "score: " + " ".join(f"{side}={'?' if score is None else score}" for side, score in scores.items())


def _with_note(violation: Violation, note: str | None) -> Violation:
    if note is None:
        return violation
    return replace(violation, notes=violation.notes + (note,))
