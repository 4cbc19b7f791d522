"""Pirates of the Spanish Main's legal entries: the candidates each section of the rules
allows in this state, kept where the engine accepts them, listed by verb.

A level-1 log states what happened on the table (S-LEVELS: the referee trusts a stated
contact, a die, a dock) so an entry carries free values; what is enumerated of them:

- set-up: each face of a roll; the next island, and the terrain and home islands as the
  set-up allows them; the deal of the treasure, hidden or dealt; the fleets and treasure
  (free choices of cards) are those the simulated captains bring;
- turns: the end of the turn; every die face of the start step's iceberg roll, and the
  drifts the simulated captains roll (1 and 4, stopping against each ship on a 3 and
  against the first two islands on a 2); for each ship of the player, its move (its full
  move from its card, or straight when towing) with no stated contact, docked at home and
  at each wild island without a fort, touching each reef, sargasso sea, fog bank, enemy ship and
  derelict (with the roll a captain makes for a reef, a sargasso sea or a fog exit); every
  shot of each standing mast that has a cannon at each enemy ship and fort, at each range
  the cannon reaches (both while a declared ability's override is pending), with every
  die face and each mast (or flag) the target may be said to lose, or none; a fort's
  first standing flag at each of the first two enemy ships, hitting (a 6); exploring for
  the most gold that fits, the gold a destroyed fort left and face-down tokens, loading
  and unloading where docked; each missing mast repaired; freeing and scuttling with
  every die face; releasing a tow; after a move, each ram it allows on a roll of 2 or 5
  (naming the target's last standing mast, or none), boarding (6 against 1, 3 against
  3) and each tow; each fort the player can pay for, on each wild island without a fort
  that they explored and where a ship of theirs is docked.

A shot is asked about in few questions (`shots`): the ship alone, then each fire as a
miss, then once as a hit; the die faces are told apart by the rules' own test of a hit.

Left open: moves of fewer segments or other stated facts (several contacts at once, a
mast lost on a reef other than as the engine works it out), other rolls of rams,
boarding, drifts and stated facts, the positions of level 2, treasure taken other than
the most gold that fits, abilities, events and effects, crew landed, embarked or
transferred, and entries that only a declared ability's override lets break a rule. The
engine (a SpanishMainEngine) comes from the game's rules, which alone with the simulated
captains import it. A listing asks the engine about each candidate in a trial that
copies only what the entry reads, and most positions list within a few milliseconds.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Engine, EntryList
from referee.games.spanish_main import generator, shooting
from referee.games.spanish_main.notation import Event, event, format_entry, parse_entry, written_fire

NOTE = ("Every die face of the iceberg roll, of freeing and scuttling and of a ship's shots; each ship's "
        "full move, unstated or docked at home or at each wild island without a fort, or touching each reef, "
        "sargasso sea, fog bank, enemy ship and derelict; every shot of each mast with a cannon at each enemy "
        "ship and fort, at each range it reaches, each die face and mast lost; a fort's shot of its first "
        "flag; exploring, loading, unloading, repairs, scuttling, drifts, rams, boarding, tows and forts where "
        "the state allows them, with the rolls the simulated captains make; the set-up's rolls, islands, "
        "terrain, homes and deals, with the sample fleets and treasure. Left open: shorter moves and other "
        "stated facts, other rolls of drifts, rams and boarding, level-2 positions, other treasure taken, "
        "abilities, events, effects, crew moves, and entries only a declared ability's override allows.")

DIE = range(1, 7)
RANGES = ("S", "L")
"""A shot's stated range: short or long."""


def _losses(engine: Engine, target: str) -> list[int | None]:
    """What a shot may say the target loses: nothing, or any mast (flag, for a fort) it has standing."""
    ship = engine.ships.get(target)
    standing = ship.standing if ship is not None else engine.forts[target].flags
    return [None, *standing]


def _shot(player: str, ship: str, mast: int, target: str, reach: str, die: int,
          lose: int | None) -> tuple[str, Event]:
    """A shot of one mast, as `event` makes it (asked hundreds of times a listing: built directly)."""
    fire = (("weapon", "mast"), ("mast", mast), ("target", target), ("range", reach), ("die", die))
    if lose is not None:
        fire += (("lose", lose),)
    return player, Event("shoot", (("ship", ship), ("fires", (fire,))))


def shots(engine: Engine, player: str) -> list[str]:
    """The texts of every legal shot of the player's ships: each standing mast with a cannon, at
    each enemy ship and fort, at either range, with every die face and what the target loses.

    The rules judge a shot's ship before any of its fires, then each fire's mast, range and
    target, and only then its die and what it says is lost; so the questions are few. First the
    shooter alone (a shot of no fire, which no log writes): where it is refused, no shot of that
    ship is legal. Then each range the cannon reaches (`shooting.reaches`; both while a declared
    ability's override is pending) as a miss: a one, nothing lost; where that is refused, the
    shot may not be made at that range. Then as a hit naming the target's first standing mast
    (or flag), or naming nothing when it has none standing or that is refused: at level 1 once a
    target, the answer holding for every ship, mast and range allowed to fire at it, as the rules
    judge what a hit costs by the target alone, after the shooter, the mast and the stated range
    (level 2 measures each line of fire, and is asked about each). The faces are told
    apart by the rules' own test (`shooting.hits`; the shots listed declare no keyword, so no
    bonus): every missing face is judged as the one is, every hitting face as the first of them,
    and a hit loses whichever standing mast (or flag) the target's owner names (S-MAST-LOSS,
    S-FORT-HIT)."""
    texts: list[str] = []
    targets = generator._targets(engine, player) + generator._enemy_forts(engine, player)
    overridden = engine.waiver is not None
    named_at: dict[str, list[int | None]] = {}  # level 1: what a hit on each target may name
    for ship in engine.ships.values():
        if ship.controller != player or ship.sunk or ship.wreck:
            continue
        if not engine.is_legal(player, Event("shoot", (("ship", ship.id),))):
            continue
        prefix = f"shoot {ship.id} "
        for mast in ship.standing:
            cannon = ship.card.cannons[mast - 1] if mast - 1 < len(ship.card.cannons) else None
            if cannon is None:
                continue
            hitting = [die for die in DIE if shooting.hits(die, 0, cannon.rank)]
            missing = [die for die in DIE if die not in hitting]
            reaches = [reach for reach in RANGES if overridden or shooting.reaches(cannon.range, reach)]
            for target in targets:
                for reach in reaches:
                    if not engine.is_legal(*_shot(player, ship.id, mast, target, reach, 1, None)):
                        continue
                    texts += [prefix + written_fire("mast", mast, target, reach, die, None) for die in missing]
                    if not hitting:
                        continue
                    named = named_at.get(target)
                    if named is None:
                        named = _named(engine, player, ship.id, mast, target, reach, hitting[0],
                                       _losses(engine, target)[1:])
                        if not engine.measured:
                            named_at[target] = named
                    texts += [prefix + written_fire("mast", mast, target, reach, die, lose)
                              for die in hitting for lose in named]
    return texts


def _named(engine: Engine, player: str, ship: str, mast: int, target: str, reach: str, die: int,
           losses: list[int]) -> list[int | None]:
    """What a hit may say the target loses: any of its standing masts (or flags) where naming the
    first is legal, else nothing where that is; none at all (an empty list) where neither is."""
    if losses and engine.is_legal(*_shot(player, ship, mast, target, reach, die, losses[0])):
        return list(losses)
    if engine.is_legal(*_shot(player, ship, mast, target, reach, die, None)):
        return [None]
    return []


def candidates(engine: Engine) -> list[tuple[str, Event]]:
    """The entries to ask the engine about: the simulated captains' candidates but their ships'
    shots (`shots` lists every one), with every die face of freeing and scuttling and every
    missing mast repaired added."""
    found = generator._setup_candidates(engine) if engine.stage != "play" else generator._turn_candidates(engine)
    if engine.stage != "play" or engine.turn_player is None or engine.icebergs_due:
        return found
    player = engine.turn_player
    found = [move for move in found if move[1].verb != "shoot" or move[1].get("ship") not in engine.ships]
    seen = set(found)
    extra: list[tuple[str, Event]] = []
    for ship in engine.ships.values():
        if ship.controller != player or ship.sunk or ship.wreck:
            continue
        if ship.entangled:
            extra += [(player, event("free", ship=ship.id, die=d)) for d in DIE]
        if ship.derelict:
            extra += [(player, event("scuttle", ship=ship.id, die=d)) for d in DIE]
        missing = [m for m in range(1, (ship.card.masts or 0) + 1) if m not in ship.standing]
        extra += [(player, event("repair", ship=ship.id, mast=m)) for m in missing]
    return found + [move for move in extra if move not in seen]


def _read(player: str, text: str) -> Event:
    action: Event = parse_entry(player, text).action
    return action


def legal_entries(engine: Engine) -> EntryList:
    entries = EntryList(_read)
    if engine.over:
        return entries
    kept: dict[tuple[str, str], tuple[list[str], list[Any]]] = {}
    written: set[tuple[str, str]] = set()
    for player, action in candidates(engine):
        if not engine.is_legal(player, action):
            continue
        text = format_entry(action)
        if (player, text) in written:
            continue
        written.add((player, text))
        texts, actions = kept.setdefault((player, action.verb), ([], []))
        texts.append(text)
        actions.append(action)
    player = engine.turn_player
    shot_texts = shots(engine, player) if engine.stage == "play" and player is not None and not engine.icebergs_due \
        else []
    if shot_texts:
        texts, _ = kept.setdefault((player, "shoot"), ([], []))  # type: ignore[arg-type]
        texts += [text for text in shot_texts if (player, text) not in written]
    for (player, verb), (texts, actions) in kept.items():
        if verb == "shoot":  # most are listed as text alone, each read back when asked for
            entries.add(player, verb, texts)
        else:
            entries.add(player, verb, texts, actions)
    if engine.stage == "play":
        entries.notes.append("a move may also be shorter, or state other contacts; abilities, events, effects "
                             "and crew moves are left open")
    else:
        entries.notes.append("the fleets and treasure listed are the sample ones: any the cards allow may be brought")
    return entries
