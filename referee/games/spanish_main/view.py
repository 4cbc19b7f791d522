"""How a Spanish Main position reads to a referee: each fleet, the islands and terrain, the
forts, and the gold against half the distributed gold (S-WIN)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Required, TypedDict

from referee.games.base import View

if TYPE_CHECKING:
    from referee.games.spanish_main.state import GameState, Ship


class MastView(TypedDict):
    mast: int
    standing: bool
    cannon: str | None
    """The mast's cannon as its card gives it (rank and range, such as `3S`); None for none."""


class CrewView(TypedDict):
    id: str
    card: str
    face_up: bool


class ShipView(TypedDict):
    """A ship of a fleet: its card, masts and crew, the treasure it carries (a face-down
    token as `?` and where it came from), its load against its cargo space, and its state
    in words (`sunk`, `docked at …`, `pinned by …`)."""

    id: str
    card: str
    name: str
    owner: str
    masts: list[MastView]
    crew: list[CrewView]
    treasure: list[str]
    load: int
    cargo: int
    move: str
    state: list[str]
    contacts: list[str]


class IslandView(TypedDict):
    name: str
    home_of: str | None
    fort: str | None
    tokens: list[str]
    face_down: int
    """Face-down tokens the log has not named yet."""
    gold: int
    explored_by: list[str]
    marks: list[str]
    crew: list[str]


class _Terrain(TypedDict):
    name: str
    kind: str


class TerrainView(_Terrain, total=False):
    """A piece of terrain; an iceberg also says its gold and whether it is frozen, and a piece
    whose value was rolled this turn its value. (The keys a piece may lack are declared in a
    class of their own: under postponed annotations Python 3.11 would take `NotRequired` for
    a required key.)"""

    gold: int | None
    frozen: bool
    value: int


class FortView(TypedDict):
    id: str
    owner: str
    island: str | None
    flags: list[int]
    gold: int
    state: str
    """standing, abandoned or destroyed."""


class GoldView(TypedDict):
    home: int
    total: int


class _Position(View):
    """A Spanish Main position (`engine_view`). The game counts turns rather than rounds, and
    `player` is the player of the turn under way (None before the first); once that turn is
    over (`turn_over`), the next turn's player writes the next entry."""

    turn: int
    player: str | None
    stage: str
    """The set-up step under way, or `play` once the game is set up."""
    turn_over: bool
    fleets: dict[str, list[ShipView]]
    islands: list[IslandView]
    terrain: list[TerrainView]
    forts: list[FortView]
    gold: dict[str, GoldView]
    distributed: int
    to_win: int
    winner: str | None


Outline = list[list[float]]
"""A shape's outline as points [x, y] on the table, in millimetres to a tenth."""


class TableMastView(TypedDict):
    """A mast of a ship on the table: where it stands and the sail it would hold."""

    mast: int
    standing: bool
    at: list[float]
    sail: Outline


class TableShipView(TypedDict):
    """A ship afloat on the table: its pose [x, y, heading], hull, bow and masts."""

    id: str
    owner: str
    pose: list[float]
    outline: Outline
    bow: Outline
    masts: list[TableMastView]
    lost: bool
    wreck: bool
    derelict: bool


class TableIslandView(TypedDict):
    name: str
    outline: Outline
    home_of: str | None


class TableTerrainView(TypedDict):
    """A piece of terrain on the table, with the points of its numbers 1 to 6 (`rim`)."""

    name: str
    kind: str
    outline: Outline
    rim: Outline


class FlagView(TypedDict):
    flag: int
    at: list[float]
    standing: bool


class TableFortView(TypedDict):
    id: str
    owner: str
    outline: Outline
    flags: list[FlagView]


UnitsView = TypedDict("UnitsView", {"S": float, "L": float})
"""The short and long measures, in millimetres."""

FocusView = TypedDict("FocusView", {
    "kind": Required[str], "shape": str, "ship": str, "pose": list[int | float], "from": list[int | float],
    "to": list[int | float], "swept": Outline, "iceberg": str, "target": str, "range_mm": float,
    "blocker": str, "at": list[float]}, total=False)
"""What the last check measured, for the picture. By `kind`: a `place` of a piece (`shape`,
its name) or of a ship (`ship` at `pose`); a `move` of `ship` (`from` and `to` poses, and
the outline it `swept`); a `shot` (`from` a point, at `target`, reaching `range_mm`, `to`
the point aimed at); a `drift` of an `iceberg` (`from` and `to` its centre). A check that
met a piece in the way names it (`blocker`) and the point (`at`). Figures the log gave
stay as it wrote them (whole numbers as such); the declaration's form is the functional one,
`from` being a Python keyword."""


class TableView(TypedDict):
    """At level 2, the table as its geometry measures it, in millimetres (`size` None where
    the log gives no table's size)."""

    size: list[float] | None
    epsilon: float
    units: UnitsView
    islands: list[TableIslandView]
    terrain: list[TableTerrainView]
    ships: list[TableShipView]
    forts: list[TableFortView]
    focus: FocusView | None
    """What the last check measured; None before any."""


class SpanishMainView(_Position, total=False):
    """A Spanish Main position, and at level 2 its table."""

    table: TableView
    """At level 2, the table as its geometry measures it (outlines, poses and what the last
    check swept, in millimetres): the replay page and `show --format svg` draw it."""


def _ship_state(engine: "GameState", ship: "Ship") -> list[str]:
    states = []
    if ship.sunk:
        return ["sunk"]
    if ship.wreck:
        states.append("wreck")
    elif ship.derelict:
        states.append("derelict")
    if ship.docked:
        states.append(f"docked at {ship.docked}")
    pinner = engine.pinned_by(ship)
    if pinner:
        states.append(f"pinned by {pinner}")
    if ship.lost:
        states.append(f"lost in {ship.lost}")
    if ship.entangled:
        states.append(f"entangled in {ship.entangled}")
    if ship.towing:
        states.append(f"towing {ship.towing}")
    if ship.towed_by:
        states.append(f"towed by {ship.towed_by}")
    if ship.scuttled:
        states.append("scuttled: sinks at its player's next turn")
    return states


def engine_view(engine: "GameState", table: TableView | None = None) -> SpanishMainView:
    """The position as plain data; `table`, at level 2, the table as its geometry measures it."""
    fleets: dict[str, list[ShipView]] = {p: [] for p in engine.players}
    for ship in engine.ships.values():
        cannons: list[MastView] = []
        for number, cannon in enumerate(ship.card.cannons, start=1):
            cannons.append({"mast": number, "standing": number in ship.standing,
                            "cannon": None if cannon is None else f"{cannon.rank}{cannon.range}"})
        fleets[ship.controller].append({
            "id": ship.id, "card": ship.card.id, "name": ship.card.name, "owner": ship.owner,
            "masts": cannons, "crew": [{"id": c, "card": engine.crew[c].card.id, "face_up": engine.crew[c].face_up}
                                       for c in ship.crew],
            "treasure": [t if t.startswith("?") else f"{t} ({engine.tokens[t].gold})" for t in ship.tokens],
            "load": engine.load_of(ship), "cargo": engine.cargo_of(ship),
            "move": "+".join(ship.card.move), "state": _ship_state(engine, ship),
            "contacts": sorted(ship.contacts | ship.bow)})
    islands: list[IslandView] = []
    for name in engine.placement:
        if name in engine.islands:
            island = engine.islands[name]
            islands.append({
                "name": name, "home_of": island.home_of, "fort": island.fort,
                "tokens": list(island.tokens), "face_down": island.hidden, "gold": island.gold,
                "explored_by": sorted(island.explored_by), "marks": sorted(island.marks),
                "crew": [c.id for c in engine.crew.values() if c.where == f"island:{name}"]})
    terrain: list[TerrainView] = []
    for t in engine.terrain.values():
        piece: TerrainView = {"name": t.name, "kind": t.kind}
        if t.kind == "iceberg":
            piece["gold"] = t.gold
            piece["frozen"] = t.frozen
        if t.name in engine.sea_values:
            piece["value"] = engine.sea_values[t.name]
        terrain.append(piece)
    forts: list[FortView] = [{"id": f.id, "owner": f.owner, "island": f.island, "flags": list(f.flags), "gold": f.gold,
              "state": "destroyed" if f.destroyed else "abandoned" if f.abandoned else "standing"}
             for f in engine.forts.values() if f.island is not None or f.destroyed]
    view: SpanishMainView = {
        "game": "spanish-main", "turn": engine.turn, "player": engine.turn_player, "stage": engine.stage,
        "turn_over": engine.stage == "play" and engine.turn_ended and not engine.over,
        "fleets": fleets, "islands": islands, "terrain": terrain, "forts": forts,
        "gold": {p: {"home": engine.gold[p], "total": engine.total_gold(p)} for p in engine.players},
        "distributed": engine.distributed, "to_win": engine.distributed // 2 + 1,
        "winner": engine.winner,
    }
    if table is not None:
        view["table"] = table
    return view


def moment(view: SpanishMainView) -> str:
    """Where the game stands, in words: after a turn's `end` the next turn has not begun (its
    start step comes with its first entry), so the turn is said to be over and who plays next."""
    if view["stage"] != "play":
        return f"set-up: {view['stage']}"
    if not view["player"]:
        return "before turn 1"
    if view["turn_over"]:
        following = next(p for p in view["fleets"] if p != view["player"])
        return f"turn {view['turn']} over: {following} plays turn {view['turn'] + 1}"
    return f"turn {view['turn']}, {view['player']} to play"


def render_view(view: SpanishMainView) -> list[str]:
    lines = [moment(view)]
    for player, ships in view["fleets"].items():
        gold = view["gold"][player]
        lines.append(f"{player}: {gold['total']} gold (home {gold['home']}); wins above "
                     f"{view['distributed'] / 2:g} of {view['distributed']}")
        for ship in ships:
            masts = " ".join(f"{m['mast']}:{m['cannon'] or '-'}" + ("" if m["standing"] else "✗")
                             for m in ship["masts"])
            head = f"  {ship['id']} {ship['name']} [{masts}] move {ship['move']} load {ship['load']}/{ship['cargo']}"
            if ship["state"]:
                head += " — " + ", ".join(ship["state"])
            lines.append(head)
            if ship["crew"]:
                lines.append("    crew: " + ", ".join(c["id"] + ("" if c["face_up"] else " (face down)")
                                                     for c in ship["crew"]))
            if ship["treasure"]:
                lines.append("    treasure: " + ", ".join(t if not t.startswith("?") else f"face down from {t[1:]}"
                                                         for t in ship["treasure"]))
    for island in view["islands"]:
        what = f"home of {island['home_of']}" if island["home_of"] else "wild"
        parts = [f"  {island['name']} ({what})"]
        if island["tokens"]:
            parts.append("tokens " + ", ".join(island["tokens"]))
        if island["face_down"]:
            parts.append(f"{island['face_down']} face-down token{'s' if island['face_down'] != 1 else ''} "
                         "not yet named")
        if island["fort"]:
            parts.append(f"fort {island['fort']}")
        if island["explored_by"]:
            parts.append("explored by " + ", ".join(island["explored_by"]))
        if island["marks"]:
            parts.append("marked by " + ", ".join(island["marks"]))
        if island["crew"]:
            parts.append("crew " + ", ".join(island["crew"]))
        if island["gold"]:
            parts.append(f"{island['gold']} gold")
        lines.append("; ".join(parts))
    for piece in view["terrain"]:
        extra = f" gold {piece['gold']}" + (" frozen" if piece.get("frozen") else "") if piece["kind"] == "iceberg" else ""
        value = f", value {piece['value']} this turn" if "value" in piece else ""
        lines.append(f"  {piece['name']}: {piece['kind']}{extra}{value}")
    for fort in view["forts"]:
        lines.append(f"  fort {fort['id']} on {fort['island']}: {fort['state']}, flags "
                     f"{','.join(map(str, fort['flags'])) or 'none'}, {fort['gold']} gold")
    if view["winner"]:
        lines.append(f"{view['winner']} has won")
    return lines
