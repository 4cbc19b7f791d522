"""Terrain: icebergs and their drift at the start of a turn (S-ICEBERG), the values of
sargasso seas and reefs for a turn (S-SARGASSO, S-REEF), masts lost on a reef and wrecks
(S-WRECK), freeing a ship from a sargasso sea (placed anew, with the contacts it states
there: S-L1-PLACED). Entering a fog bank (S-FOG) is a fact of a
move (`moving`).
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState, Terrain

START_STEP = frozenset({"icebergs", "drift", "resign"})
"""What may come before the start step is over (S-ICEBERG): the step itself, or giving up."""


def do_icebergs(game: GameState, player: str, action: Event) -> None:
    if game.icebergs_rolled is not None:
        raise fail("S-ICEBERG", "the icebergs are rolled for once a turn")
    if game.acted or game.after:
        raise fail("S-ICEBERG", "the iceberg roll comes at the start of the turn")
    drifting = drifting_icebergs(game)
    if not drifting:
        raise fail("S-DICE", "no iceberg can drift: no roll is due", "die")
    die = action.get("die")
    check_die(die, "die")
    game.icebergs_rolled = die
    game.drifts_due = [t.name for t in drifting if (t.gold or 0) < die]


def do_drift(game: GameState, player: str, action: Event) -> None:
    name = action.get("iceberg")
    if not game.drifts_due or game.drifts_due[0] != name:
        due = game.drifts_due[0] if game.drifts_due else None
        raise fail("S-ICEBERG", f"{name} does not drift now" + (f": {due} drifts next" if due else ""),
                   "iceberg")
    check_die(action.get("die"), "die")
    game.drifts_due.pop(0)
    stops = action.get("stops")
    game.on_geo = True
    if stops is None:
        return
    if stops in game.islands:
        game.terrain[name].frozen = True
        if action.get("mast") is not None:
            raise fail("S-ICEBERG", "an iceberg stopped by an island takes no mast", "mast")
        return
    ship = game.ship(stops, "stops")
    if ship.lost:
        raise fail("S-FOG", f"{ship.id} is lost in fog: the iceberg cannot touch it", "stops")
    if ship.derelict or ship.wreck:
        if action.get("mast") is not None:
            raise fail("S-ICEBERG", f"{ship.id} has no standing mast to lose", "mast")
        return
    if action.get("mast") is None:
        raise fail("S-ICEBERG", f"{ship.id}'s player names the mast it loses", "stops")
    effects.lose_mast(game, ship, action.get("mast"), "mast", "S-ICEBERG")


def drifting_icebergs(game: GameState) -> list[Terrain]:
    terrain = game.terrain
    return [terrain[name] for name in game.icebergs if not terrain[name].frozen]


def start_step_due(game: GameState, action: Event) -> None:
    """S-TURN: the start step (icebergs and their drifts) comes before anything else."""
    if action.verb in START_STEP:
        return
    if game.icebergs_rolled is None and drifting_icebergs(game):
        raise fail("S-ICEBERG", f"turn {game.turn} starts with the iceberg roll ('icebergs DIE'): "
                   "an iceberg can still drift")
    if game.drifts_due:
        raise fail("S-ICEBERG", f"iceberg {game.drifts_due[0]} drifts first (the roll {game.icebergs_rolled} "
                   "is above its gold number)", notes=("write 'drift " + game.drifts_due[0] + " DIE …'",))


def do_free(game: GameState, player: str, action: Event) -> None:
    ship = effects.acting_ship(game, player, action, "free")
    if not ship.entangled:
        raise fail("S-SARGASSO", f"{ship.id} is not entangled", "ship")
    die = action.get("die")
    check_die(die, "die")
    facts = action.records("facts")
    if die + len(ship.standing) <= 6:
        if facts:
            raise fail("S-L1-PLACED", f"{die} + {len(ship.standing)} standing masts is not above 6: {ship.id} stays "
                       f"entangled in {ship.entangled}, placed nowhere new, so it states no contact", "fact:0")
        return
    ship.entangled = None
    ship.moves_from = game.turn + 1
    game.on_geo = True  # where it is placed, stern on the edge
    effects.leave(game, ship, placed=True)  # placed anew: its contacts end, and others' with it (S-L1-PLACED)
    effects.placed_contacts(game, player, ship, facts)
