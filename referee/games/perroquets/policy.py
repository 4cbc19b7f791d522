"""How a simulated captain decides: mostly like a person would, so that random games
look like played ones (ships that chase parrots, few stuck rounds), yet every choice
is among the legal moves and made with seeded words."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.geometry import square_name, step
from referee.games.perroquets.notation import Decide, PlaceShip
from referee.shuffle import SeededChoices


def choose(engine: PerroquetsEngine, moves: list[tuple[str, Any]], chooser: SeededChoices,
           notes: Counter[str]) -> tuple[str, Any]:
    player, action = moves[0]
    if isinstance(action, Decide):
        waiting = list(dict.fromkeys(p for p, _ in moves))
        player = waiting[chooser.below(len(waiting))]  # who decides first is anyone's guess
    if isinstance(action, Decide) and chooser.below(10) < 8:
        resting = Counter(p.square for p in engine.parrots if not p.on_dot)
        worths = [(p, a, _worth(engine, p, a, resting)) for p, a in moves if p == player]
        best = max(worth for _, _, worth in worths)
        good = [(p, a) for p, a, worth in worths if worth == best]
        if good[0][1].stuck:
            notes["stuck decisions"] += 1
        return good[chooser.below(len(good))]
    if isinstance(action, PlaceShip):
        islands = {square_name(s) for s in engine.board.islands}
        sea = [(p, a) for p, a in moves if a.square not in islands]
        moves = sea or moves
    if isinstance(action, Decide):
        moves = [(p, a) for p, a in moves if p == player]
    chosen = moves[chooser.below(len(moves))]
    if isinstance(chosen[1], Decide) and chosen[1].stuck:
        notes["stuck decisions"] += 1
    return chosen


def _worth(engine: PerroquetsEngine, player: str, action: Decide, resting: Counter[Any]) -> int:
    """Parrots a manoeuvre picks up (`resting`: the parrots on each square, not on a dot), less
    what islands and the edge cost (ignoring the flights)."""
    if action.stuck:
        return -3
    card = engine.data.cards[action.card or ""]
    wind = engine.round.wind
    assert wind is not None
    square = engine.ships[player]
    worth = 0
    for vector in card.path(action.colour or "green").vectors(wind):
        target = step(square, vector)
        if not engine.board.on_grid(target):
            return worth - 2
        square = target
        worth += -1 if engine.board.is_island(square) else resting[square]
    return worth
