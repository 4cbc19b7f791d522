"""Pirates of the Spanish Main's legal entries: the candidates each section of the rules
allows in this state, kept where the engine accepts them, listed by verb.

A level-1 log states what happened on the table (S-LEVELS: the referee trusts a stated
contact, a die, a dock) so an entry carries free values; what is enumerated of them:

- set-up: each face of a roll; the next island, and the terrain and home islands as the
  set-up allows them; the deal of the treasure, hidden or dealt; the fleets and treasure
  (free choices of cards) are those the simulated captains bring;
- turns: the end of the turn; every die face of the start step's iceberg roll;
  for each ship of the player, its move (its full move from its card, or straight when
  towing) with no stated contact, docked at each island it may dock at, touching each reef,
  sargasso sea, fog bank, enemy ship and derelict; every shot of each standing mast that has
  a cannon at each enemy ship and fort, at either range, with every die face and each mast
  (or flag) the target may be said to lose, or none; exploring, loading and
  unloading where docked; each missing mast repaired; freeing and scuttling with every die
  face; releasing a tow; after a move, each ram (every face), boarding and tow it allows;
  forts built where the player's ships are docked.

A shot is asked about as a miss first (a one, nothing lost): where even that is refused, the
shot may not be made at all; for each other face, whether it misses, and else whether it
may name the target's first standing mast — a hit loses whichever standing mast (or flag)
is named, so the others follow.

Left open: moves of fewer segments or other stated facts (several contacts at once, a
mast lost on a reef other than as the engine works it out), the positions of level 2,
treasure taken other than the most gold that fits, abilities, events and effects, crew
landed, embarked or transferred. The engine (a SpanishMainEngine) comes from the game's
rules, which alone with the simulated captains import it. A listing asks the engine about
every candidate, which
copies the changeable state each time: it takes tens of milliseconds.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Engine, EntryList
from referee.games.spanish_main.notation import Event, event, format_entry
from referee.games.spanish_main import policy

NOTE = ("Every die face where the log writes a die; each ship's full move, unstated or docked at each "
        "island or touching each reef, sargasso sea, fog bank, enemy ship and derelict; every shot of each "
        "mast with a cannon at each enemy ship and fort, at either range, each die face and mast lost; exploring, loading, unloading, repairs, freeing, "
        "scuttling, rams, boarding, tows and forts where the state allows them; the set-up's rolls, "
        "islands, terrain, homes and deals, with the sample fleets and treasure. Left open: shorter moves "
        "and other stated facts, level-2 positions, other treasure taken, abilities, events, effects and "
        "crew moves.")

DIE = range(1, 7)
RANGES = ("S", "L")
"""A shot's stated range: short or long."""


def _losses(engine: Engine, target: str) -> list[int | None]:
    """What a shot may say the target loses: nothing, or any mast (flag, for a fort) it has standing."""
    ship = engine.ships.get(target)
    standing = ship.standing if ship is not None else engine.forts[target].flags
    return [None, *standing]


def candidates(engine: Engine) -> tuple[list[tuple[str, Event]], list[tuple[str, Event]]]:
    """The simulated captains' candidates, with every die face and every shot added: those yet
    to ask the engine about, and the shots found legal on the way. A shot is legal as a miss
    (a one) or not at all; for each other face the engine is asked whether it misses (nothing
    lost), and else whether the target's first standing mast may be named: a hit loses any
    mast (or flag) standing that the target's owner names (S-MAST-LOSS, S-FORT-HIT)."""
    found = policy._setup_candidates(engine) if engine.stage != "play" else policy._turn_candidates(engine)
    if engine.stage != "play" or engine.turn_player is None:
        return found, []
    player = engine.turn_player
    seen = set(found)
    extra: list[tuple[str, Event]] = []
    legal: list[tuple[str, Event]] = []  # judged already: `legal_entries` asks no more
    if engine.icebergs_due:
        return found, []
    for ship in engine.ships.values():
        if ship.controller != player or ship.sunk or ship.wreck:
            continue
        targets = policy._targets(engine, player) + policy._enemy_forts(engine, player)
        for mast in ship.standing:
            cannon = ship.card.cannons[mast - 1] if mast - 1 < len(ship.card.cannons) else None
            if cannon is None:
                continue
            for target in targets:
                losses = _losses(engine, target)
                for reach in RANGES:
                    def shot(die: int, lose: int | None) -> tuple[str, Event]:
                        return player, event("shoot", ship=ship.id, fires=[
                            {"weapon": "mast", "mast": mast, "target": target, "range": reach, "die": die,
                             "lose": lose}])

                    if not engine.accepts(*shot(1, None)):
                        continue  # a shot that may not even miss may not be made: its dice need no asking
                    legal.append(shot(1, None))
                    for die in DIE[1:]:
                        if engine.accepts(*shot(die, None)):  # a miss, or a hit that loses nothing named
                            legal.append(shot(die, None))
                        elif len(losses) > 1 and engine.accepts(*shot(die, losses[1])):
                            legal += [shot(die, lose) for lose in losses[1:]]  # the owner names any standing one
        if ship.entangled:
            extra += [(player, event("free", ship=ship.id, die=d)) for d in DIE]
        if ship.derelict:
            extra += [(player, event("scuttle", ship=ship.id, die=d)) for d in DIE]
        missing = [m for m in range(1, (ship.card.masts or 0) + 1) if m not in ship.standing]
        extra += [(player, event("repair", ship=ship.id, mast=m)) for m in missing]
    return found + [move for move in extra if move not in seen], legal


def legal_entries(engine: Engine) -> EntryList:
    entries = EntryList()
    if engine.over:
        return entries
    kept: dict[tuple[str, str], tuple[list[str], list[Any]]] = {}
    written: set[tuple[str, str]] = set()
    asked, legal = candidates(engine)
    for player, action in [(p, a) for p, a in asked if engine.accepts(p, a)] + legal:
        text = format_entry(action)
        if (player, text) in written:
            continue
        written.add((player, text))
        texts, actions = kept.setdefault((player, action.verb), ([], []))
        texts.append(text)
        actions.append(action)
    for (player, verb), (texts, actions) in kept.items():
        entries.add(player, verb, texts, actions)
    if engine.stage == "play":
        entries.notes.append("a move may also be shorter, or state other contacts; abilities, events, effects "
                             "and crew moves are left open")
    else:
        entries.notes.append("the fleets and treasure listed are the sample ones: any the cards allow may be brought")
    return entries
