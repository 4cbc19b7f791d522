"""How a simulated captain decides: mostly like a person would, so that random games
look like played ones (ships that chase parrots, few stuck rounds), yet every choice
is among the legal moves and made with seeded words.

The choice is made without listing the moves: the entries a phase allows are few and
regular (a free square, a face of the d4, a drawn card not yet taken in either colour, or
none), so the player draws his index among them and builds only the entry he plays.
Placements and draws, which may number in thousands, are drawn the same way by
`referee.games.perroquets.moves.choose`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.geometry import Square, square_name
from referee.games.perroquets.notation import WIND, Decide, PlaceShip, RollWind
from referee.shuffle import SeededChoices

_ROLLS = tuple(RollWind(roll) for roll in range(1, 5))
_NONE = Decide(None, None)
_COLOURS = ("green", "black")


def choose(engine: PerroquetsEngine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
    """The entry of the ships' set-up, the wind or the decisions that a simulated player
    writes: a ship on a free sea square, any face of the wind, and, eight times in ten, the
    decision whose manoeuvre picks up most; None for the other phases."""
    phase = engine.phase
    if engine.over:
        return None
    if phase == "wind":
        return WIND, _ROLLS[chooser.below(4)]
    if phase == "ships":
        player = engine.expected_mover()
        assert player is not None
        taken = set(engine.ships.values())
        free = [square for square in engine.board.squares() if square not in taken]
        sea = [square for square in free if square not in engine.board.islands]
        squares = sea or free
        return player, PlaceShip(square_name(squares[chooser.below(len(squares))]))
    if phase != "decide":
        return None
    waiting = [player for player in engine.players if player not in engine.round.decisions]
    if not waiting:
        return None
    player = waiting[chooser.below(len(waiting))]  # who decides first is anyone's guess
    taken = {card for card in engine.round.cards.values() if card}
    options = [(None, None)] + [(slot.card, colour) for slot in engine.round.slots
                                if slot.card and slot.card not in taken for colour in _COLOURS]
    if chooser.below(10) < 8:  # the manoeuvres worth most
        resting = Counter(parrot.square for parrot in engine.parrots if not parrot.on_dot)
        wind = engine.round.wind
        assert wind is not None
        start, cells, cards = engine.ships[player], engine.lanes.cells, engine.data.cards
        worths = [-3 if card is None else _worth(cells, start, cards[card].path(colour).offsets(wind), resting)
                  for card, colour in options]
        best = max(worths)
        options = [option for option, worth in zip(options, worths) if worth == best]
    card, colour = options[chooser.below(len(options))]
    if card is None:
        notes["stuck decisions"] += 1
        return player, _NONE
    return player, Decide(card, colour)


def _worth(cells: dict[Square, tuple[Square, bool]], start: Square, offsets: tuple[Square, ...],
           resting: Counter[Square]) -> int:
    """Parrots a manoeuvre from `start` picks up (`offsets`: where each of its steps leaves the
    ship; `cells`: each square of the grid with whether it is sea; `resting`: the parrots on
    each square, not on a dot), less what islands and the edge cost (ignoring the flights).
    A decision that makes no manoeuvre is worth -3."""
    x, y = start
    worth = 0
    for dx, dy in offsets:
        cell = cells.get((x + dx, y + dy))
        if cell is None:
            return worth - 2
        worth += resting.get(cell[0], 0) if cell[1] else -1
    return worth
