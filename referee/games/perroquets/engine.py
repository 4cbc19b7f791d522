"""Pirates & Perroquets as a state machine: the set-up, then rounds of six phases.

The log gives every die result, parrot value, draw and decision; the engine
checks each entry against the phase it belongs to and the data the game is
played on, and computes the rest (flights, the ships' order and paths, every
encounter) in `resolve` once the last decision is in. A violation leaves the
state as it was. Nothing here prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.diagnostics import Violation
from referee.games.base import Engine, Outcome, SideResult
from referee.games.perroquets.data import Card
from referee.games.perroquets.geometry import (
    OPPOSITE,
    VECTORS,
    Manoeuvre,
    Square,
    parse_manoeuvre,
    parse_square,
    square_name,
)
from referee.games.perroquets.notation import (
    Action,
    Claim,
    Decide,
    Draw,
    Lose,
    PlaceParrots,
    PlaceShip,
    Reveal,
    RollWind,
)
from referee.games.perroquets.resolve import (
    Decision,
    Leave,
    LeaveError,
    Parrot,
    Table,
    pickup_choices,
    resolve,
    settle_holds,
)
from referee.games.perroquets.setup import Setup
from referee.games.perroquets.state import PerroquetsState, RoundState, Slot

if TYPE_CHECKING:
    from referee.games.perroquets.position import PerroquetsView

ClaimCheck = Callable[[PerroquetsState, Claim], Violation | None]
"""P-CLAIM's check of a claim against the state, given to the engine by the game."""
ViewOf = Callable[[PerroquetsState], "PerroquetsView"]
"""The state as JSON-ready data, given to the engine by the game."""

PHASE_NAMES = {
    "ships": "the set-up: ships", "waves": "the set-up: parrots", "done": "the end of the set-up (round 1 comes next)", "place": "phase 1 (new parrots)",
    "wind": "phase 2 (wind)", "draw": "phase 3 (draws)", "decide": "phase 4 (reveal and decisions)",
    "after": "the end of the round", "over": "the end of the game",
}
ENTRY_PHASES: dict[type, tuple[str, ...]] = {
    PlaceShip: ("ships", "waves"), PlaceParrots: ("waves", "place"), RollWind: ("wind",), Draw: ("draw", "decide"),
    Reveal: ("decide",), Decide: ("decide",), Lose: ("after", "over"), Claim: ("after", "over"),
}
"""The phases where each kind of entry is judged by its own check. A ship in the set-up's
parrots, or a draw in phase 4, still stands where ships or draws belong until an entry of
the next phase appears: its check says what is wrong with it (P-SETUP-SHIPS, P-DRAW)."""
_STAYS = Manoeuvre(())
"""The path of a ship to come that changes no parrot when decisions to come are tried (a ship
that sails and leaves every parrot it meets)."""
ENTRY_WORDS = {PlaceShip: "a ship's placement", PlaceParrots: "new parrots", RollWind: "the wind",
               Draw: "a draw", Reveal: "the reveal", Decide: "a decision", Lose: "a list of lost parrots",
               Claim: "a claim"}


class PerroquetsEngine(PerroquetsState, Engine):
    """The state and the checks that change it; the claims and the view it is given read
    the state only, so they need nothing of the engine."""

    def __init__(self, setup: Setup, check_claim: ClaimCheck, view_of: ViewOf) -> None:
        super().__init__(setup)
        self.check_claim = check_claim
        self.view_of = view_of
        self.turns = 0
        self.entries = 0
        """Entries played, legal or not: the number diagnostics give the one under way."""
        self.started = False

    # -- the shared interface --------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def round_due(self) -> int | None:
        if self.over:
            return None
        if not self.started:
            return 0
        if self.phase == "after" or (self.round_number == 0 and self.phase == "done"):
            return self.round_number + 1
        return None

    def start_round(self, number: int) -> Violation | None:
        if self.over:
            return Violation("P-END", f"the game ended {self.end_reason}: no round {number} is played",
                             part="round")
        if not self.started:
            if number != 0:
                return Violation("P-ROUND", f"the log begins with the set-up, round 0, not round {number}",
                                 part="round", rulings=("P-LOG",))
            self.started = True
            return None
        due = self.round_due()
        if due is None:
            return Violation("P-ROUND", f"round {number} begins, but round {self.round_number} is still at "
                             f"{PHASE_NAMES[self.phase]}", {"due": self.phase}, part="round",
                             notes=(self._awaiting(),), rulings=("P-LOG",))  # an entry a log records is missing
        if number != due:
            return Violation("P-ROUND", f"round {due} comes next, not round {number}", {"due": due}, part="round")
        if self.round.unsettled:
            misfit = self._settle_losses()
            if misfit is not None:
                return misfit
        self._close_round()
        self.round_number = number
        self.round = RoundState(number)
        self.phase = "place" if sum(self.bag.values()) else "wind"
        return None

    def play(self, player: str, action: Any) -> Violation | None:
        self.entries += 1
        phases, by_table, check = ENTRIES[type(action)]
        if self.phase not in phases:
            violation = self._out_of_phase(action)
            if not by_table and player not in self.players:
                # both broken: P-PRECEDENCE names the phase (or the end) before the seat
                return replace(violation, rulings=(*violation.rulings, "P-PRECEDENCE"),
                               notes=(*violation.notes, f"'{player}' is not seated either (P-PLAYERS)"))
            return violation
        if not by_table and player not in self.players:
            return Violation("P-PLAYERS", f"'{player}' is not seated at this table",
                             {"players": self.players}, part="mover",
                             notes=("seated: " + " ".join(self.players),))
        violation = check(self, player, action)
        if violation is None:
            self.turns += 1
        return violation

    def set_aside(self, player: str, action: Any, violation: Violation) -> None:
        """An entry an allow comment accepts is without effect; a list of lost parrots found wrong
        at a later entry is dropped too, so that the round's other lists are read without it
        (its player losing his lowest) and it is not reported again."""
        if violation.rule == "P-LOSE" and violation.entry is not None:
            state = self.round
            wrong = next((p for p, entry in state.loss_entries.items() if entry == violation.entry), None)
            if wrong is not None:
                del state.choices[wrong], state.loss_entries[wrong]
                state.unsettled = True

    def finish(self) -> list[Violation]:
        if self.round.unsettled:
            misfit = self._settle_losses()
            if misfit is not None:
                return [misfit]
        if not self.setup.has_claim:
            return []
        claimed = self.setup.claimed
        if not self.over:
            if claimed is None:
                return []
            return [Violation("P-END", "the log claims a final result, but the game is not over",
                              part="tag:Result", notes=('an unfinished game is written [Result "*"]',
                                                        self._counts_note()))]
        if claimed is None:
            return [Violation("P-END", f"the game is over (it ended {self.end_reason}), but the log claims it "
                              "unfinished", part="tag:Result", notes=(self._counts_note(),))]
        scores = self.scores()
        if sorted(claimed) != sorted(self.players):
            return [Violation("P-SCORE", "the claimed result names every player once: " + " ".join(self.players),
                              part="tag:Result")]
        for player in self.players:
            if claimed[player] != scores[player]:
                return [Violation("P-SCORE", f"the log claims {player} scores {claimed[player]}, but {player} "
                                  f"scores {scores[player]}", {"claimed": claimed[player], "actual": scores[player]},
                                  part="tag:Result", notes=(self._score_words(), self._counts_note()))]
        return []

    def outcome(self) -> Outcome:
        scores = self.scores()
        sides = [SideResult(p, [p], scores[p], {"parrots": sum(self.holds[p].values()),
                                                 "values": sum(v * n for v, n in self.holds[p].items())})
                 for p in self.players]
        winners: list[str] = []
        if self.over:
            best = max(scores.values())
            winners = [p for p in self.players if scores[p] == best]
        summary: dict[str, Any] = {"rounds": self.round_number, "gone": sum(self.gone.values())}
        if self.over:
            ended = self.end_reason.partition(", ")[2] or self.end_reason
            summary["end"] = "after a ship's step" if "step" in ended else ended
        if self.data.reconstructed:
            summary["notice"] = (f"played on {self.data.id}, the reconstructed board and cards: plausible, "
                                 "not the publisher's (P-DEFAULT)")
        claim = None
        if self.setup.claimed is not None:
            claim = "holds" if self.over and self.setup.claimed == scores else "false"
        return Outcome(self.over, sides, winners, summary, claim)

    def scores(self) -> dict[str, int]:
        if "sum-values" in self.variants:
            return {p: sum(v * n for v, n in self.holds[p].items()) for p in self.players}
        return {p: sum(self.holds[p].values()) for p in self.players}

    def canonical_action(self, player: str, action: Any) -> Any:
        if isinstance(action, Draw):
            letters = self.data.letters
            if all(letters.get(slot.pile) == slot.pile for slot in action.draws):
                return action  # its piles are written by their letters already
            slots = tuple(type(slot)(self.data.pile_letter(slot.pile) or slot.pile, slot.card)
                          for slot in action.draws)
            return Draw(slots)
        if isinstance(action, Decide) and action.card is None and action.pile is not None:
            return replace(action, pile=self.data.pile_letter(action.pile) or action.pile)
        return action

    def view(self) -> PerroquetsView:
        return self.view_of(self)

    def _counts_note(self) -> str:
        return "holds: " + ", ".join(f"{p} {sum(self.holds[p].values())}" for p in self.players)

    def _score_words(self) -> str:
        return ("the score is the sum of the values in the hold (sum-values)" if "sum-values" in self.variants
                else "the score is the number of parrots in the hold")

    def _close_round(self) -> None:
        """Phase 6 and P-RETURN for the round that ends."""
        if self.round_number == 0:
            return
        if "discard-piles" in self.variants:
            for slot in self.round.slots:
                self.discard_size[slot.pile] += 1
                if slot.card is not None:
                    self.out_of_pile[slot.pile].add(slot.card)
            for card in self.round.cards.values():  # a card drawn face down, shown by the decision taking it
                if card is not None:
                    self.out_of_pile[self.data.cards[card].pile].add(card)
        else:  # every card drawn goes back: each pile is whole again
            self.pile_size.update(self.data.pile_sizes)
        self.first = (self.first + 1) % len(self.players)
        self.last = self.round

    # -- checks ------------------------------------------------------------------

    def _out_of_phase(self, action: Action) -> Violation:
        """The entry does not belong to this phase; once the game is over (phase "over", where
        only losses and claims belong) that is P-END."""
        if self.over:
            return Violation("P-END", f"the game ended {self.end_reason}: nothing more is played",
                             {"ended": self.end_reason}, part="mover")
        what = ENTRY_WORDS[type(action)]
        if self.phase == "place" and isinstance(action, (RollWind, Draw, Reveal, Decide)):
            return Violation("P-PLACE", f"the bag still holds {sum(self.bag.values())} parrots: the round begins "
                             "with new parrots before " + what, part="mover",
                             notes=("write e.g. 'parrots: 1/4 3 2 1' first",))
        if isinstance(action, PlaceParrots) and self.phase == "wind" and self.round_number >= 1:
            return Violation("P-PLACE", "the bag is empty: no new parrots are placed", part="mover")
        if isinstance(action, PlaceParrots) and self.round_number == 0 and self.phase == "done":
            return Violation("P-SETUP-PARROTS", "the set-up has three waves of parrots, no more", part="mover")
        if isinstance(action, PlaceParrots) and self.phase == "ships":
            return Violation("P-SETUP", "the ships are placed before the first parrots",
                             part="mover", notes=(self._awaiting(),))
        if isinstance(action, (Lose, Claim)) and self.phase == "decide":
            return Violation("P-ROUND", f"{what} comes after the round's decisions", part="mover",
                             notes=(self._awaiting(),))
        return Violation("P-ROUND", f"{what} does not belong to {PHASE_NAMES[self.phase]}",
                         {"phase": self.phase}, part="mover", notes=(self._awaiting(),) if self._awaiting() else ())

    def _square(self, text: str, part: str) -> Square | Violation:
        square = parse_square(text)
        if square is None or not self.board.on_grid(square):
            return Violation("P-BOARD", f"{text} is not a square of this {self.board.width} × {self.board.height} "
                             "board", {"square": text}, part=part, rulings=self.data_rulings())
        return square

    # set-up ---------------------------------------------------------------------

    def _placeship(self, player: str, action: PlaceShip) -> Violation | None:
        if self.wave_sides:  # a wave of parrots is placed: the ships' turn is over
            return self._out_of_phase(action)
        square = self._square(action.square, "square")
        if isinstance(square, Violation):
            return square
        if player in self.ships:
            return Violation("P-SETUP-SHIPS", f"{player}'s ship is already on {square_name(self.ships[player])}: "
                             "each player places one ship", part="mover")
        due = self._seat(len(self.ships))
        if player != due:
            return Violation("P-SETUP-SHIPS", f"{due} places a ship next: ships are placed from the first player "
                             "clockwise", {"expected": due}, part="mover")
        holder = next((p for p, s in self.ships.items() if s == square), None)
        if holder is not None:
            return Violation("P-SETUP-SHIPS", f"{holder}'s ship already stands on {action.square}",
                             {"square": action.square}, part="square")
        self.ships[player] = square
        if len(self.ships) == len(self.players):
            self.phase = "waves"
        return None

    # phase 1 ----------------------------------------------------------------------

    def _placeparrots(self, player: str, action: PlaceParrots) -> Violation | None:
        if not 1 <= action.side <= 4:
            return _not_a_d4(action.side, "side")
        if not 1 <= action.formation <= 4:
            return _not_a_d4(action.formation, "formation", ("P-DOTS",))  # four formations a side
        bag = self.bag
        side = self.board.sides[action.side]
        in_bag = sum(bag.values())
        wanted = min(3, in_bag)
        drawn: dict[int, int] = {}  # value -> parrots of it drawn so far by this entry
        for index, value in enumerate(action.values):
            if bag.get(value, 0) - drawn.get(value, 0) <= 0:
                left = " ".join(f"{n}×{v}" for v, n in sorted(bag.items()) if n) or "nothing"
                return Violation("P-BAG", f"the bag holds no parrot of value {value}" +
                                 (" any more" if self.data.bag.get(value) else ""),
                                 {"value": value}, part=f"value:{index}", notes=(f"the bag holds {left}",),
                                 rulings=() if self.data.bag.get(value) else self.data_rulings())
            drawn[value] = drawn.get(value, 0) + 1
        setup = self.round_number == 0
        if setup and side in self.wave_sides and "setup-repeat-sides" not in self.variants:
            return Violation("P-SETUP-PARROTS", f"side {action.side} ({side}) has already brought a wave: the "
                             "set-up's waves come from three different sides, a repeat is rolled again",
                             {"side": side}, part="side")
        if len(action.values) != wanted:
            rule = "P-SETUP-PARROTS" if setup else "P-PLACE"
            return Violation(rule, f"{wanted} parrots are placed (the bag holds {in_bag}), not {len(action.values)}",
                             {"expected": wanted}, part="action")
        if action.colour is not None and action.colour != self.colour():
            return Violation("P-FLIP", f"new parrots show the colour of those on the board: {self.colour()} in "
                             f"round {self.round_number}, not {action.colour}", part="colour",
                             notes=("white in odd rounds (and the set-up), black in even ones",))
        dots = self.board.dots[side][action.formation]
        heading = OPPOSITE[side]
        dx, dy = VECTORS[heading] if self.board.dot_position == "outside" else (0, 0)  # a margin dot: a square out
        for value, entry in zip(action.values, dots):
            bag[value] -= 1
            if not bag[value]:
                del bag[value]
            self.parrots.append(Parrot(value, heading, (entry[0] - dx, entry[1] - dy), True))
        if setup:
            self.wave_sides.append(side)
            if len(self.wave_sides) == 3:
                self.phase = "done"
        else:
            self.round.new_parrots = len(action.values)
            self.phase = "wind"
        return None

    # phase 2 -------------------------------------------------------------------------

    def _rollwind(self, player: str, action: RollWind) -> Violation | None:
        if not 1 <= action.roll <= 4:
            return _not_a_d4(action.roll, "roll")
        heading = self.board.wind[action.roll]
        if "wind-toward" in self.variants:
            heading = OPPOSITE[heading]
        self.round.wind, self.round.roll = heading, action.roll
        self.phase = "draw"
        return None

    # phase 3 -------------------------------------------------------------------------

    def _draw(self, player: str, action: Draw) -> Violation | None:
        """One or two draws checked before either is made, so a refused entry leaves the state
        as it was with nothing copied; anything else (a refusal to explain, a pile to reshuffle,
        more draws) is `_draw_one_by_one`'s."""
        state = self.round
        if self.phase != "draw" and (state.revealed or state.decisions):
            return self._out_of_phase(action)  # phase 4 is under way: the draws are over
        draws = action.draws
        order = self.draw_orders[self.first]
        made = len(state.slots)
        if len(draws) > 2 or made + len(draws) > len(order):
            return self._draw_one_by_one(player, action)
        letters, cards, sizes, known, out = (self.data.letters, self.data.cards, self.pile_size, state.known,
                                             self.out_of_pile)
        first = draws[0]
        letter = letters.get(first.pile)
        named = first.card
        if (order[made] != player or letter is None or not sizes[letter]
                or named is not None and (named not in cards or cards[named].pile != letter or named in known
                                          or named in out[letter])):
            return self._draw_one_by_one(player, action)
        if len(draws) == 2:
            second = draws[1]
            other = letters.get(second.pile)
            again = second.card
            if (order[made + 1] != player or other is None or sizes[other] < (2 if other == letter else 1)
                    or again is not None and (again not in cards or cards[again].pile != other
                                              or again in known or again in out[other] or again == named)):
                return self._draw_one_by_one(player, action)
            sizes[other] -= 1
            state.slots.append(Slot(player, letter, named))
            state.slots.append(Slot(player, other, again))
            if again is not None:
                known.add(again)
        else:
            state.slots.append(Slot(player, letter, named))
        sizes[letter] -= 1
        if named is not None:
            known.add(named)
        if len(state.slots) == 2 * len(self.players):
            self.phase = "decide"
        return None

    def _draw_one_by_one(self, player: str, action: Draw) -> Violation | None:
        """`_draw`, each draw checked and made in turn on copies of what it changes: the first
        draw refused says why, and a pile run dry may be reshuffled (discard-piles)."""
        state = self.round
        cards, letters = self.data.cards, self.data.letters
        sizes = dict(self.pile_size)
        discards = self.discard_size  # copied, like `out`, only where a reshuffle changes it
        out = self.out_of_pile
        added: list[Slot] = []
        drawn = set(state.known)
        for index, slot in enumerate(action.draws):
            # P-PRECEDENCE: an unknown pile or card, then what the piles hold, then whose draw it is
            letter = letters.get(slot.pile)
            if letter is None:
                return Violation("P-CARDS", f"there is no pile {slot.pile}", part=f"draw:{index}",
                                 notes=("piles: " + " ".join(f"{k} ({n})" for k, n in self.data.piles.items()),),
                                 rulings=self.data_rulings())
            named = slot.card
            card = cards.get(named) if named else None
            if named is not None and card is None:
                return Violation("P-CARDS", f"there is no card {named}", part=f"draw:{index}",
                                 rulings=self.data_rulings())
            if sizes[letter] == 0:
                if "discard-piles" in self.variants and discards[letter]:
                    sizes[letter] = discards[letter]
                    discards = {**discards, letter: 0}
                    out = {**out, letter: set()}
                else:
                    return Violation("P-DRAW", f"pile {letter} is empty: every card of it is drawn this round",
                                     part=f"draw:{index}")
            if card is not None:
                if card.pile != letter or card.id in drawn or card.id in out[letter]:
                    message, rulings = self._card_not_drawn(card, letter, drawn)
                    return Violation("P-DRAW", message, part=f"draw:{index}", rulings=rulings)
                drawn.add(card.id)
            due = self._next_drawer(index)  # one slot is added for each one read
            if player != due:
                return self._out_of_turn(player, due, index, added)
            sizes[letter] -= 1
            added.append(Slot(player, letter, named))
        self.pile_size, self.discard_size, self.out_of_pile = sizes, discards, out
        state.slots.extend(added)
        state.known = drawn
        if len(state.slots) == 2 * len(self.players):
            self.phase = "decide"
        return None

    def _out_of_turn(self, player: str, due: str | None, index: int, added: list[Slot]) -> Violation:
        """P-DRAW / P-DRAW-ORDER: a draw (the `index`th of the entry) that is not `player`'s to make."""
        part = f"draw:{index}"
        done = sum(1 for s in self.round.slots + added if s.player == player)
        if done >= 2:
            return Violation("P-DRAW", f"{player} has drawn two cards already: each draws exactly two", part=part)
        if due is None:
            return Violation("P-DRAW", "every player has drawn two cards", part=part)
        order = ("everyone draws one, then everyone a second" if "draw-rounds" in self.variants
                 else "each draws both before the next")
        return Violation("P-DRAW-ORDER", f"{due} draws next: draws go from the first player clockwise, {order}",
                         {"expected": due}, part=part if index else "mover")

    @staticmethod
    def _card_not_drawn(card: Card, letter: str, drawn: set[str]) -> tuple[str, tuple[str, ...]]:
        """Why a named card cannot come from pile `letter` now (P-DRAW), and the rulings that
        say so: not its pile (sorted by their backs, the piles hold each card once, in its own
        pile), drawn already, or else known to lie in the pile's discard (discard-piles)."""
        if card.pile != letter:
            return f"{card.id} lies in pile {card.pile}, not in pile {letter}", ("P-SETUP-PILES",)
        if card.id in drawn:
            return f"{card.id} is already drawn this round", ("P-SETUP-PILES",)
        return _in_discard(card.id, letter), ("P-RETURN",)

    # phase 4 ---------------------------------------------------------------------------

    def _reveal(self, player: str, action: Reveal) -> Violation | None:
        if self.round.decisions or self.round.revealed:
            return Violation("P-ROUND", "the cards are revealed once, before the decisions", part="mover")
        named = [p for p, _ in action.hands]
        for who, cards in action.hands:
            if who not in self.players:
                return Violation("P-PLAYERS", f"'{who}' is not seated at this table", part=f"hand:{who}")
            for card in cards:
                if card not in self.data.cards:
                    return Violation("P-CARDS", f"there is no card {card}", part=f"card:{card}",
                                     rulings=self.data_rulings())
        for who, cards in action.hands:
            for card in cards:  # availability before the reveal's own rules (P-PRECEDENCE)
                letter = self.data.cards[card].pile
                if card in self.out_of_pile[letter] and card not in self.round.known:
                    return Violation("P-DRAW", f"{card} lies in pile {letter}'s discard: no draw this round can "
                                     "have given it",
                                     part=f"card:{card}", rulings=("P-RETURN", "P-HIDDEN"))
        for who in self.players:
            if named.count(who) != 1:
                return Violation("P-REVEAL", f"the reveal shows each player's two cards once: {who}'s are "
                                 + ("missing" if who not in named else "shown twice"), part="action")
        every = [c for _, cards in action.hands for c in cards]
        for card in every:
            if every.count(card) > 1:
                return Violation("P-REVEAL", f"{card} is shown twice: the drawn cards are all different",
                                 part=f"card:{card}")
        for who, cards in action.hands:
            slots = [s for s in self.round.slots if s.player == who]
            known = sorted(s.card for s in slots if s.card)
            piles = sorted(s.pile for s in slots)
            shown_piles = sorted(self.data.cards[c].pile for c in cards)
            if known and any(k not in cards for k in known):
                return Violation("P-REVEAL", f"{who} drew {' '.join(known)}: the reveal shows "
                                 f"{' '.join(cards)}", part=f"hand:{who}")
            if shown_piles != piles:
                return Violation("P-REVEAL", f"{who} drew from {_piles_named(piles)}: {' '.join(cards)} come "
                                 f"from {_piles_named(shown_piles)}", part=f"hand:{who}")
        for who, cards in action.hands:
            slots = [s for s in self.round.slots if s.player == who]
            free = [c for c in cards if c not in {s.card for s in slots}]
            for slot in slots:
                if slot.card is None:
                    slot.card = next(c for c in free if self.data.cards[c].pile == slot.pile)
                    free.remove(slot.card)
                    self.round.known.add(slot.card)
        self.round.revealed = True
        return None

    def _decide(self, player: str, action: Decide) -> Violation | None:
        state = self.round
        named = action.card
        if (named is not None and named in state.known and not action.leaves and action.colour is not None
                and player not in state.decisions and named not in state.cards.values()
                and self._all_named_drawn()):
            # the common decision: a card seen drawn and not taken, and every earlier decision names
            # one seen drawn too: no matching of hidden draws is needed
            return self._record_decision(player, action, named, self.data.cards[named].weight)
        if action.stuck:
            if player in state.decisions:
                return self._decided_already(player)
            return self._record_decision(player, action, None, 0)
        # P-PRECEDENCE: an unknown square, card or pile; a card no draw can have given; a card
        # taken; then the decision's own rules
        for index, left in enumerate(action.leaves):
            found = self._square(left.square, f"leave:{index}")
            if isinstance(found, Violation):
                return found
        if action.card is not None:
            card = self.data.cards.get(action.card)
            if card is None:
                return Violation("P-CARDS", f"there is no card {action.card}", part="card",
                                 rulings=self.data_rulings())
            if not self._fits_alone(card) and card.id in self.out_of_pile[card.pile] and any(
                    s.card is None and s.pile == card.pile for s in state.slots):
                return Violation("P-DRAW", f"{card.id} lies in pile {card.pile}'s discard: no draw from pile "
                                 f"{card.pile} this round can have given it", {"card": card.id}, part="card",
                                 rulings=("P-RETURN", "P-HIDDEN"))
            if card.id in state.cards.values():
                taker = next(p for p, c in state.cards.items() if c == card.id)
                return Violation("P-TAKEN", f"{taker} has taken {card.id} already: a card taken is no longer "
                                 "available", {"card": card.id, "taker": taker}, part="card")
            if player in state.decisions:
                return self._decided_already(player)
            candidates = [card]
            if not self._fits_alone(card):
                drawn = " ".join(sorted(s.card or f"({s.pile}?)" for s in state.slots))
                return Violation("P-CHOOSE", f"{card.id} was not drawn this round: a decision takes one of the "
                                 "revealed cards", {"card": card.id}, part="card", notes=(f"drawn: {drawn}",))
        else:
            letter = self.data.pile_letter(action.pile or "")
            if letter is None:
                return Violation("P-CARDS", f"there is no pile {action.pile}", part="card",
                                 rulings=self.data_rulings())
            if player in state.decisions:
                return self._decided_already(player)
            path = parse_manoeuvre(action.path or "")
            candidates = [c for c in self.data.pile_cards(letter)
                          if path is not None and c.path(action.colour or "green").steps == path.steps]
            if not candidates:
                return Violation("P-CHOOSE", f"no card of pile {letter} shows {action.path} in {action.colour}",
                                 part="path")
            candidates = [c for c in candidates if self._fits_alone(c)]
            if not candidates:
                return Violation("P-HIDDEN", f"no card of pile {letter} showing {action.path} in {action.colour} "
                                 "can be among this round's draws", part="card")
        if action.leaves and "optional-pickup" not in self.variants:
            return Violation("P-PICKUP", "a ship takes every parrot over the sea squares it enters: leaving one "
                             "is the optional-pickup variant", part="leave:0")
        if action.card in state.known and self._all_named_drawn():
            # every card named and seen drawn: distinct by P-TAKEN, so nothing is left to match
            return self._record_decision(player, action, action.card, candidates[0].weight)
        others = {p: self._candidates(p) for p in state.decisions if not state.decisions[p].stuck}
        if self._matching({**others, player: candidates}) is None:
            return Violation("P-HIDDEN", "the round's decisions do not fit distinct drawn cards: "
                             + ("" if action.card is None else f"{action.card} ") +
                             "cannot be taken beside the others", part="card",
                             notes=("drawn: " + " ".join(s.card or f"({s.pile}?)" for s in state.slots),))
        fitting = [c for c in candidates if self._matching({**others, player: [c]}) is not None]
        weights = {c.weight for c in fitting}
        if len(weights) > 1:
            ids = " ".join(c.id for c in fitting)
            return Violation("P-HIDDEN", f"the cards that fit this decision differ in weight ({ids}): the decision "
                             "must name its card", part="card")
        candidates = fitting
        card_id = action.card if action.card is not None else (candidates[0].id if len(candidates) == 1 else None)
        return self._record_decision(player, action, card_id, weights.pop())

    @staticmethod
    def _decided_already(player: str) -> Violation:
        return Violation("P-CHOOSE", f"{player} has decided already: a decision is final", part="mover")

    def _all_named_drawn(self) -> bool:
        """Whether every decision made so far (but the stuck) names a card seen drawn."""
        known = self.round.known
        for decision in self.round.decisions.values():
            if not decision.stuck and decision.card not in known:
                return False
        return True

    def _candidates(self, player: str) -> list[Card]:
        decision = self.round.decisions[player]
        if decision.card is not None:
            return [self.data.cards[decision.card]]
        letter = self.data.pile_letter(decision.pile or "")
        path = parse_manoeuvre(decision.path or "")
        assert letter is not None and path is not None
        return [c for c in self.data.pile_cards(letter)
                if c.path(decision.colour or "green").steps == path.steps and self._fits_alone(c)]

    def _fits_alone(self, card: Card) -> bool:
        """Whether `card` can be among this round's draws: seen drawn, or else not in its pile's
        discard with a draw from its pile not named."""
        if card.id in self.round.known:
            return True
        if card.id in self.out_of_pile[card.pile]:
            return False
        return any(s.card is None and s.pile == card.pile for s in self.round.slots)

    def _matching(self, wanted: dict[str, list[Card]]) -> dict[str, str] | None:
        """Distinct cards in distinct draws for every decision whose card is open (P-HIDDEN)."""
        state = self.round
        known = state.known
        unnamed: dict[str, int] = {}
        for slot in state.slots:
            if slot.card is None:
                unnamed[slot.pile] = unnamed.get(slot.pile, 0) + 1
        players = sorted(wanted, key=lambda p: len(wanted[p]))

        def place(index: int, used: frozenset[str], free: dict[str, int]) -> dict[str, str] | None:
            if index == len(players):
                return {}
            who = players[index]
            for card in wanted[who]:
                if card.id in used:
                    continue
                if card.id in known:
                    rest = place(index + 1, used | {card.id}, free)
                elif free.get(card.pile, 0) > 0 and card.id not in self.out_of_pile[card.pile]:
                    rest = place(index + 1, used | {card.id}, {**free, card.pile: free[card.pile] - 1})
                else:
                    continue
                if rest is not None:
                    return {who: card.id, **rest}
            return None

        return place(0, frozenset(), unnamed)

    def _record_decision(self, player: str, action: Decide, card: str | None, weight: int) -> Violation | None:
        state = self.round
        state.decisions[player] = action
        state.cards[player] = card
        state.weights[player] = weight
        state.entries[player] = self.entries
        if len(state.decisions) < len(self.players):
            return None
        problem = self._resolve()
        if problem is not None:
            del state.decisions[player], state.cards[player], state.weights[player], state.entries[player]
        return problem

    # phases 4 (end) to 6 ------------------------------------------------------------------

    def _resolve(self) -> Violation | None:
        state = self.round
        assert state.wind is not None
        decisions = [self._decision(player, state.decisions[player], state.cards[player], state.weights[player])
                     for player in self.players]
        table = self._table()
        try:
            report = resolve(table, state.number, state.wind, decisions, self.variants)
        except LeaveError as error:
            # reported at the decision that holds the choice, which may be an earlier one
            entry = state.entries[error.player]
            return Violation("P-PICKUP", error.message, {"player": error.player}, part=f"leave:{error.index}",
                             notes=error.notes, entry=entry if entry != self.entries else None)
        state.report = report
        state.holds_before = self.holds  # holds are replaced, never changed in place: no copy is needed
        if report.events:  # in many rounds nobody gains or loses a parrot
            holds, gone, _ = settle_holds(state.holds_before, report.events, {})
            self.holds = holds
            state.settled_gone = gone
            for value in gone:
                self.gone[value] += 1
        self.counts = table.counts  # the holds' sizes: which values were lost never changes how many
        for value in table.gone:
            self.gone[value] += 1
        self.ships = table.ships
        self.parrots = table.parrots
        if report.ended is not None:
            self.over = True
            self.end_reason = f"in round {state.number}, {report.ended}"
            self.phase = "over"
        else:
            self.phase = "after"
        return None

    def _decision(self, player: str, action: Decide, card: str | None, weight: int) -> Decision:
        """What the round's resolution needs of a decision: its weight, its path, its leaves."""
        if action.colour is None:  # stuck
            path = None
        elif card is not None:
            path = self.data.cards[card].path(action.colour)
        else:
            path = parse_manoeuvre(action.path or "")
        leaves = tuple((parse_square(sq) or (0, 0), v, beak) for sq, v, beak in action.leaves) if action.leaves else ()
        return Decision(player, weight, path, leaves)

    def _table(self) -> Table:
        """The round's table for `resolve`, which moves its ships and replaces its list of parrots,
        never changing the list or where a parrot is: this state stays as it was should the round
        be refused (P-PICKUP) or only be tried."""
        return Table(self.board, self.lanes, self.players, self.first, dict(self.ships), self.parrots,
                     dict(self.counts), not self.bag)  # the bag keeps only values it holds

    def pickup_choices(self, player: str, card: str | None, colour: str | None) -> list[tuple[Leave, ...]]:
        """optional-pickup: the parrots `player`'s ship may leave if he decides to take `card`
        (drawn and not taken) in `colour`, or none (stuck), as the lists of leaves his decision may
        write, by the number of parrots left; none where the round cannot be played out with it.
        The state is left as it was.

        The round's last decision has the choices the rules accept (`resolve.pickup_choices`). An
        earlier one has those some decisions to come make good, with the leaves already written:
        each player yet to decide stuck (his losses change which parrots the others catch in 5a)
        or sailing and leaving every parrot he meets, which changes no parrot and is tried as a
        ship that stays where it is. Decisions to come that take parrots only take away what a
        leave may name, so those are all the choices that can be made good, but for two: a ship to
        come that takes one of two parrots a leave cannot otherwise tell apart, and one that ends
        the game before this ship sails (then any leave is no fault, P-PICKUP)."""
        state = self.round
        assert state.wind is not None and player not in state.decisions
        mine = (self._decision(player, Decide(card, colour), card, self.data.cards[card].weight) if card is not None
                else Decision(player, 0, None))
        decided = {other: self._decision(other, state.decisions[other], state.cards[other], state.weights[other])
                   for other in state.decisions}
        to_come = [other for other in self.players if other != player and other not in state.decisions]
        found: dict[tuple[Leave, ...], None] = {}
        for stuck in range(1 << len(to_come)):  # each set of the players to come stuck, none first
            decisions = [mine if other == player else decided[other] if other in decided
                         else Decision(other, 0, None) if stuck >> to_come.index(other) & 1
                         else Decision(other, 0, _STAYS) for other in self.players]
            for choice in pickup_choices(self._table, state.number, state.wind, decisions, self.variants, player):
                found[choice] = None
        return sorted(found, key=len)

    # after the round -----------------------------------------------------------------

    def _lose(self, player: str, action: Lose) -> Violation | None:
        """P-LOSE: a list names exactly the parrots its player gave or lost this round. The lists
        of a round are read together: one that fits only once a giver names what he gave waits
        for the giver's list, and is judged with all the others when the round is over."""
        state = self.round
        report = state.report
        assert report is not None
        if player in state.choices:
            return Violation("P-LOSE", f"{player}'s lost parrots are named already this round", part="mover")
        total = sum(e.count for e in report.events if e.kind == "lose" and e.player == player)
        if len(action.values) != total:
            return Violation("P-LOSE", f"{player} gave or lost {total} parrot{'s' if total != 1 else ''} this "
                             f"round, not {len(action.values)}", {"lost": total}, part="action",
                             notes=self._loss_notes(player))
        state.choices[player] = list(action.values)
        state.loss_entries[player] = self.entries
        holds, gone, wrong = settle_holds(state.holds_before, report.events, state.choices)
        if wrong is None:
            self._settled(holds, gone)
            return None
        if any(e.receiver == wrong and e.player not in state.choices for e in report.events):
            state.unsettled = True  # a giver who has not named his parrots may yet give what it needs
            return None
        violation = self._misfit(wrong, now=True)
        del state.choices[player], state.loss_entries[player]
        return violation

    def _settle_losses(self) -> Violation | None:
        """The round's lists judged together once they are all in, each giver who wrote none
        giving his lowest: a list that does not fit is reported at its own entry."""
        state = self.round
        assert state.report is not None
        holds, gone, wrong = settle_holds(state.holds_before, state.report.events, state.choices)
        if wrong is not None:
            return self._misfit(wrong, now=False)
        self._settled(holds, gone)
        return None

    def _settled(self, holds: dict[str, Counter[int]], gone: list[int]) -> None:
        state = self.round
        self.gone.subtract(Counter(state.settled_gone))
        self.gone.update(Counter(gone))
        self.gone = +self.gone
        state.settled_gone = gone
        state.unsettled = False
        self.holds = holds

    def _misfit(self, player: str, now: bool) -> Violation:
        """P-LOSE at `player`'s list: the entry being played (`now`) or an earlier one."""
        state = self.round
        entry = state.loss_entries[player]
        givers = sorted({e.player for e in state.report.events if e.receiver == player} if state.report else ())
        notes = self._loss_notes(player)
        if givers:
            notes += ("what a giver gives is what his own list names, or else his lowest: "
                      + ", ".join(f"{g} " + ("names " + " ".join(map(str, state.choices[g])) if g in state.choices
                                             else "names none") for g in givers),)
        return Violation("P-LOSE", f"{player} holds no parrot of a value named here when it is lost",
                         {"values": state.choices[player]}, part="action", notes=notes,
                         entry=None if now and entry == self.entries else entry)

    def _loss_notes(self, player: str) -> tuple[str, ...]:
        report = self.round.report
        assert report is not None
        notes = []
        for event in report.events:
            if event.kind == "lose" and event.player == player:
                where = f" on {square_name(event.square)}" if event.square else ""
                to = f" to {event.receiver}" if event.receiver else ""
                notes.append(f"{event.rule}{where}: {player} loses {event.count}{to}")
        before = " ".join(map(str, sorted(self.round.holds_before[player].elements()))) or "nothing"
        return (*notes, f"{player}'s hold before the round's losses: {before}")

    def _claim(self, player: str, action: Claim) -> Violation | None:
        return self.check_claim(self, action)


def _in_discard(card: str, letter: str) -> str:
    return (f"{card} lies in pile {letter}'s discard: it comes again only once the pile runs out and its "
            "discard is shuffled back")


def _not_a_d4(roll: int, part: str, rulings: tuple[str, ...] = ()) -> Violation:
    return Violation("P-DICE", f"a d4 shows 1 to 4, not {roll}", {"roll": roll}, part=part, rulings=rulings)


TABLE_KINDS = frozenset({PlaceParrots, RollWind, Reveal, Claim})
"""Entries written under the table's names (parrots:, wind:, reveal:, claim:), not a player's."""
HANDLERS = {PlaceShip: PerroquetsEngine._placeship, PlaceParrots: PerroquetsEngine._placeparrots,
            RollWind: PerroquetsEngine._rollwind, Draw: PerroquetsEngine._draw, Reveal: PerroquetsEngine._reveal,
            Decide: PerroquetsEngine._decide, Lose: PerroquetsEngine._lose, Claim: PerroquetsEngine._claim}
"""Each kind of entry's check, looked up once per entry rather than by name."""
ENTRIES = {kind: (phases, kind in TABLE_KINDS, HANDLERS[kind]) for kind, phases in ENTRY_PHASES.items()}
"""Each kind of entry's phases, whether the table writes it, and its check: one look-up per entry."""


def _piles_named(piles: list[str]) -> str:
    """Piles drawn from, as a sentence says them: `pile C`, `pile C twice`, `piles A and C`."""
    counts = Counter(piles)
    if len(counts) == 1:
        pile, count = next(iter(counts.items()))
        return f"pile {pile}" + {1: "", 2: " twice"}.get(count, f" {count} times")
    return "piles " + " and ".join(pile if count == 1 else f"{pile} ({count} cards)" for pile, count in counts.items())
