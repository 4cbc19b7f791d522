"""Level 2 (S-GEO): the referee checks the geometry a log gives instead of trusting it.

The level-1 engine judges every entry first; only an entry it accepts comes here, so a
level-2 log gets the same first violation as at level 1 wherever level 1 finds one (the
precedence of the rulings file puts S-GEO-… last). Each check measures, then compares
with ε: what holds only thanks to the tolerance is accepted with an S-GEO-MARGIN notice.
Diagnostics say the numbers; `focus` keeps the shapes of the last check for the picture.
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from referee.diagnostics import Violation
from referee.games.spanish_main import geometry as geo
from referee.games.spanish_main.geometry import Hull, Pose
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.setup import Geometry
from referee.games.spanish_main.state import Fort, GameState, Ship

if TYPE_CHECKING:
    from referee.games.spanish_main.view import TableMastView, TableShipView, TableView


class GeoIllegal(Exception):
    def __init__(self, violation: Violation) -> None:
        self.violation = violation


def _fail(rule: str, message: str, part: str = "action", rulings: tuple[str, ...] = (), **facts: Any) -> GeoIllegal:
    return GeoIllegal(Violation(rule, message, facts, part, rulings=rulings))


def _beyond(rule: str, message: str, part: str = "action", **facts: Any) -> GeoIllegal:
    """A measurement refused by more than ε, where within ε the log's statement would have been
    accepted with a notice: the tolerance (S-GEO-MARGIN) decided it, and is cited with it."""
    return _fail(rule, message, part, ("S-GEO-MARGIN",), **facts)


def mm(value: float) -> str:
    return f"{geo.rounded(value):g} mm"


def _xy(point: Any) -> str:
    return f"({geo.rounded(point[0]):g}, {geo.rounded(point[1]):g})"


def _plain(value: Any) -> Any:
    """Figures to a tenth of a millimetre, tuples as lists: what JSON and a picture need."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return geo.rounded(value)
    return value


def _first_true(holds: Any, end: float, last_false: bool = False) -> float:
    """Where on [0, end] a condition that stays true once true first holds, to 1/10,000 of the
    way (a drift of S: 0.006 mm); with `last_false`, the last point before it does."""
    low, high = 0.0, end
    while high - low > 1e-4:
        middle = (low + high) / 2
        if holds(middle):
            high = middle
        else:
            low = middle
    return low if last_false else high


class GeometryJudge:
    """The S-GEO checks of one game; the pieces' shapes and poses live in the game's state, which
    level 1 has already changed by the entry measured (its state before the entry is `before`)."""

    def __init__(self, game: GameState, settings: Geometry) -> None:
        self.game = game
        self.settings = settings
        self.eps = settings.epsilon
        self.notices: list[Violation] = []
        """S-GEO-MARGIN notices of the entry being judged."""
        self.focus: dict[str, Any] | None = None
        """The shapes the last check looked at (a swept path, a line of fire, a blocker), for pictures."""
        self.table = box(0, 0, *settings.table) if settings.table else None
        self._hulls: dict[str, Hull] = {}

    def for_game(self, game: GameState) -> "GeometryJudge":
        """The same checks of a copy of the game (`SpanishMainEngine.copy`): the judge reads and
        sets the poses and shapes of the game it is given, so a copy's entries never move the
        pieces of the game it was copied from."""
        judge = copy.copy(self)
        judge.game = game
        judge.notices = []
        return judge

    # -- shapes of pieces ---------------------------------------------------------------------

    def hull(self, ship: Ship) -> Hull:
        found = self._hulls.get(ship.card.id)
        if found is None:
            found = self._hulls[ship.card.id] = Hull.of(ship.card.raw["hull"])
        return found

    def shape(self, ship: Ship, pose: Pose | None = None) -> Polygon:
        return geo.ship_shape(self.hull(ship), pose or ship.pose)  # type: ignore[arg-type]

    def bow(self, ship: Ship, pose: Pose | None = None) -> BaseGeometry:
        return geo.bow_shape(self.hull(ship), pose or ship.pose)  # type: ignore[arg-type]

    def placed_ships(self, *leave_out: str) -> dict[str, Ship]:
        """Ships on the table with a pose: afloat, not lost in fog."""
        return {n: s for n, s in self.game.ships.items()
                if s.pose is not None and not s.sunk and not s.lost and n not in leave_out}

    def obstacles(self, *leave_out: str) -> dict[str, BaseGeometry]:
        """What a ship may not overlap (S-GEO-MOVE): islands, other ships and wrecks, forts."""
        found: dict[str, BaseGeometry] = {n: i.shape for n, i in self.game.islands.items() if i.shape is not None}
        found.update({n: self.shape(s) for n, s in self.placed_ships(*leave_out).items()})
        found.update({f.id: f.shape for f in self.game.forts.values() if f.built and f.shape is not None})
        return found

    def terrain(self, *kinds: str) -> dict[str, BaseGeometry]:
        return {n: t.shape for n, t in self.game.terrain.items()
                if t.shape is not None and (not kinds or t.kind in kinds)}

    # -- measuring -------------------------------------------------------------------------------

    def margin(self, message: str, **facts: Any) -> None:
        self.notices.append(Violation("S-GEO-MARGIN", message + f": within the tolerance of {mm(self.eps)}, "
                                      "the log's statement is accepted", facts, "action", severity="warning"))

    def touches(self, one: BaseGeometry, other: BaseGeometry) -> bool:
        return bool(shapely.dwithin(one, other, self.eps))

    def touching(self, shape: BaseGeometry, others: dict[str, BaseGeometry]) -> list[str]:
        """The names of the shapes within ε of this one, asked of GEOS all at once."""
        if not others:
            return []
        names = list(others)
        near = shapely.dwithin(shape, np.array([others[n] for n in names], dtype=object), self.eps)
        return [name for name, hit in zip(names, near) if hit]

    def overlap(self, one: BaseGeometry, other: BaseGeometry) -> float:
        """How far one shape enters the other, either way: 0 when apart or only touching. The depth
        is the farthest a point of the common part lies inside the other's outline, or inside the
        one's (an island's sharp point driven into a hull's side is as deep in the hull as it
        goes, though the common part is thin). That point need not be a corner of the common part:
        a hull's side cutting a circular island reaches deepest at the middle of its chord."""
        if not shapely.intersects(one, other):
            return 0.0
        common = shapely.intersection(one, other)
        if common.is_empty or common.area == 0:
            return 0.0
        corners = shapely.points(shapely.get_coordinates(common))
        into_other = float(shapely.distance(corners, shapely.boundary(other)).max())
        into_one = float(shapely.distance(corners, shapely.boundary(one)).max())
        return max(geo.depth_inside(common, other, into_other, geo.PRECISION),
                   geo.depth_inside(common, one, into_one, geo.PRECISION))

    def check_overlaps(self, shape: BaseGeometry, others: dict[str, BaseGeometry], rule: str, what: str,
                       part: str, focus: dict[str, Any]) -> None:
        shapely.prepare(shape)
        names = list(others)
        crossing = shapely.intersects(shape, np.array([others[n] for n in names], dtype=object)) if names else []
        for name, hit in zip(names, crossing):
            if not hit:
                continue
            other = others[name]
            depth = self.overlap(shape, other)
            if depth > self.eps:
                spot = shapely.intersection(shape, other).representative_point()
                self.focus = {**focus, "blocker": name, "at": [spot.x, spot.y]}
                raise _beyond(rule, f"{what} overlaps {name} by {mm(depth)} (at {_xy((spot.x, spot.y))}); "
                              f"shapes may touch, not overlap by more than {mm(self.eps)}", part,
                              overlap_mm=geo.rounded(depth), piece=name)
            if depth > geo.PRECISION:
                self.margin(f"{what} enters {name} by {mm(depth)}", piece=name)
        if self.table is not None and not shapely.covers(self.table.buffer(self.eps), shape):
            self.focus = focus
            outside = shapely.get_coordinates(shapely.difference(shape, self.table))
            beyond = float(shapely.distance(shapely.points(outside), self.table).max()) if len(outside) else 0.0
            raise _fail("S-GEO-MODEL", f"{what} leaves the table ({mm(self.settings.table[0])} × "  # type: ignore[index]
                        f"{mm(self.settings.table[1])}) by {mm(beyond)}", part,  # type: ignore[index]
                        beyond_mm=geo.rounded(beyond))

    # -- what a picture shows --------------------------------------------------------------------------

    def table_view(self) -> TableView:
        """The table as plain data, in millimetres, for `show` and the SVG picture."""
        def outline(shape: BaseGeometry) -> list[list[float]]:
            ring = shape.exterior if isinstance(shape, Polygon) else shape
            return [[geo.rounded(x), geo.rounded(y)] for x, y in ring.coords]

        game = self.game
        ships: list[TableShipView] = []
        for ship in game.ships.values():
            if ship.pose is None or ship.sunk:
                continue
            hull = self.hull(ship)
            masts: list[TableMastView] = [
                {"mast": m, "standing": m in ship.standing,
                 "at": [geo.rounded(v) for v in geo.mast_point(hull, ship.pose, m)],
                 "sail": outline(geo.sail(hull, ship.pose, m))} for m in range(1, len(hull.masts) + 1)]
            ships.append({"id": ship.id, "owner": ship.owner, "pose": [geo.rounded(v) for v in ship.pose],
                          "outline": outline(self.shape(ship)), "bow": outline(self.bow(ship)), "masts": masts,
                          "lost": ship.lost is not None, "wreck": ship.wreck, "derelict": ship.derelict})
        return {
            "size": list(self.settings.table) if self.settings.table else None,
            "epsilon": self.eps, "units": {"S": self.settings.short, "L": self.settings.long},
            "islands": [{"name": n, "outline": outline(i.shape), "home_of": i.home_of}
                        for n, i in game.islands.items() if i.shape is not None],
            "terrain": [{"name": n, "kind": t.kind, "outline": outline(t.shape),
                         "rim": [[geo.rounded(x), geo.rounded(y)] for x, y in t.rim]}
                        for n, t in game.terrain.items() if t.shape is not None],
            "ships": ships,
            "forts": [{"id": f.id, "owner": f.owner, "outline": outline(f.shape),
                       "flags": [{"flag": n, "at": [geo.rounded(v) for v in at], "standing": n in f.flags}
                                 for n, at in enumerate(f.flag_points, start=1)]}
                      for f in game.forts.values() if f.built and f.shape is not None],
            "focus": _plain(self.focus),
        }

    # -- entries ------------------------------------------------------------------------------------

    def judge(self, player: str, action: Event) -> None:
        """Raise GeoIllegal if the entry's geometry does not hold; margin notices go to `notices`."""
        check = getattr(self, f"_{action.verb}", None)
        if check is not None:
            check(player, action)

    def _fleet(self, player: str, action: Event) -> None:
        lacking = sorted({dict(i)["card"] for i in action.get("items")
                          if self.game.cards.get(dict(i)["card"]) is not None
                          and self.game.cards[dict(i)["card"]].kind == "ship"
                          and "hull" not in self.game.cards[dict(i)["card"]].raw})
        if lacking:
            raise GeoIllegal(Violation("S-GEO-DATA", f"the card data gives no hull for {', '.join(lacking)}: "
                                       "level 2 needs every ship's", {}, "item:0",
                                       notes=("judge the log at level 1 with --level 1",)))

    def _piece_shape(self, action: Event, rim: bool) -> BaseGeometry:
        spec = action.get("shape")
        name = action.get("place")
        if spec is None:
            raise _fail("S-GEO-DATA", f"{name} is placed without its shape: at level 2 write "
                        f"'{action.verb} {name} circle X,Y R' or 'poly X,Y X,Y X,Y …'", "place")
        if rim and action.get("rim") is None:
            raise _fail("S-GEO-DATA", f"{name} needs the points of its numbers 1 to 6 ('rim X,Y ×6')", "place")
        shape = geo.shape_of(dict(spec))
        if not shape.is_valid or shape.area <= 0:
            raise _fail("S-GEO-DATA", f"{name}'s outline is not a simple polygon", "shape")
        if rim:
            for number, point in enumerate(action.get("rim"), start=1):
                gap = shape.exterior.distance(Point(point))
                if gap > self.eps:
                    raise _fail("S-GEO-DATA", f"number {number} of {name} stands {mm(gap)} off its outline", "rim")
        return shape

    def _island(self, player: str, action: Event) -> None:
        shape = self._piece_shape(action, False)
        name = action.get("place")
        self.focus = {"kind": "place", "shape": name}
        placed = {n: i.shape for n, i in self.game.islands.items() if n != name and i.shape is not None}
        low, high = 3 * self.settings.long, 6 * self.settings.long
        gaps = {n: float(shapely.distance(shape, other)) for n, other in placed.items()}
        for other, gap in gaps.items():
            if gap < low - self.eps:
                raise _beyond("S-GEO-ISLANDS", f"{name} is {mm(gap)} from {other}, less than 3L ({mm(low)})",
                              "place", distance_mm=geo.rounded(gap), piece=other)
            if gap < low - geo.PRECISION:
                self.margin(f"{name} is {mm(gap)} from {other}, 3L being {mm(low)}")
        if gaps:
            nearest = min(gaps, key=gaps.__getitem__)
            far = [n for n, g in gaps.items() if g > high + self.eps]
            if "islands-all-pairs" in self.game.variants and far:
                raise _fail("S-GEO-ISLANDS", f"{name} is {mm(gaps[far[0]])} from {far[0]}, more than 6L "
                            f"({mm(high)}); with islands-all-pairs every island is within 6L of every other",
                            "place", distance_mm=geo.rounded(gaps[far[0]]), piece=far[0])
            if gaps[nearest] > high + self.eps:
                raise _beyond("S-GEO-ISLANDS", f"{name} is {mm(gaps[nearest])} from the nearest island, {nearest}: "
                              f"more than 6L ({mm(high)})", "place", distance_mm=geo.rounded(gaps[nearest]),
                              piece=nearest)
            if gaps[nearest] > high + geo.PRECISION:
                self.margin(f"{name} is {mm(gaps[nearest])} from {nearest}, 6L being {mm(high)}")
        self.check_overlaps(shape, {}, "S-GEO-ISLANDS", name, "place", self.focus)
        self.game.islands[name].shape = shape

    def _terrain(self, player: str, action: Event) -> None:
        shape = self._piece_shape(action, action.verb in ("fog", "iceberg"))
        name = action.get("place")
        self.focus = {"kind": "place", "shape": name}
        others = {n: i.shape for n, i in self.game.islands.items() if i.shape is not None}
        others.update({n: t for n, t in self.terrain().items() if n != name})
        for other, other_shape in others.items():
            gap = float(shapely.distance(shape, other_shape))
            if gap < self.settings.short - self.eps:
                raise _beyond("S-GEO-TERRAIN", f"{name} is {mm(gap)} from {other}, less than S "
                              f"({mm(self.settings.short)})", "place", distance_mm=geo.rounded(gap), piece=other)
            if gap < self.settings.short - geo.PRECISION:
                self.margin(f"{name} is {mm(gap)} from {other}, S being {mm(self.settings.short)}")
        self.check_overlaps(shape, {}, "S-GEO-TERRAIN", name, "place", self.focus)
        piece = self.game.terrain[name]
        piece.shape = shape
        piece.rim = tuple(tuple(p) for p in action.get("rim", ()))  # type: ignore[misc]

    _fog = _sargasso = _reef = _iceberg = _terrain

    def _place(self, player: str, action: Event) -> None:
        ship = self.game.ships[action.get("ship")]
        pose = tuple(action.get("pose"))
        home = self.game.islands[self.game.homes[ship.owner]]
        self.focus = {"kind": "place", "ship": ship.id, "pose": pose}
        bow = self.bow(ship, pose)  # type: ignore[arg-type]
        gap = float(shapely.distance(bow, home.shape))
        if gap > self.eps:
            raise _beyond("S-GEO-SETUP", f"{ship.id}'s bow is {mm(gap)} from its home island {home.name}: a ship "
                          "starts with its bow touching it", "pose", distance_mm=geo.rounded(gap))
        if gap > geo.PRECISION:
            self.margin(f"{ship.id}'s bow is {mm(gap)} from {home.name}")
        shape = self.shape(ship, pose)  # type: ignore[arg-type]
        others = self.obstacles(ship.id)
        others.update(self.terrain())
        self.check_overlaps(shape, others, "S-GEO-SETUP", ship.id, "pose", self.focus)
        ship.pose = pose  # type: ignore[assignment]

    def _deal(self, player: str, action: Event) -> None:
        unplaced = [n for n, s in self.game.ships.items() if s.pose is None and not s.sunk]
        if unplaced:
            raise _fail("S-GEO-DATA", f"{unplaced[0]} has no pose: at level 2 every ship is placed "
                        f"('{unplaced[0].split('.')[0]}: place {unplaced[0]} @X,Y,H') before the deal")

    # -- moving ----------------------------------------------------------------------------------

    def _move(self, player: str, action: Event) -> None:
        """S-GEO-MOVE, then S-GEO-FACT: the geometry of the move itself (each segment's length and
        heading, what the swept shape overlaps, where its first new contact ends it, where the
        towed ship lies) is judged before what the log states of it (the rulings' precedence)."""
        ship = self.game.ships[action.get("ship")]
        towed = self.game.ships.get(ship.towing) if ship.towing else None
        start = ship.pose
        if action.get("exit") is not None:
            start = self._fog_exit(ship, action)
        if start is None:
            raise _fail("S-GEO-DATA", f"{ship.id} has no pose to move from", "ship")
        segments = list(action.get("segments", ()))
        poses = list(action.get("poses", ())) or [None] * len(segments)
        if any(p is None for p in poses):
            missing = poses.index(None)
            raise _fail("S-GEO-DATA", f"segment {missing + 1} of the move gives no pose: at level 2 each segment "
                        "ends with @X,Y,H", "segments")
        towed_pose = action.get("towed_pose")
        if towed is not None and towed_pose is None:
            raise _fail("S-GEO-DATA", f"{ship.id} tows {towed.id}: the move gives its end pose ('tows @X,Y,H')",
                        "segments")
        leave_out = (ship.id,) + ((towed.id,) if towed else ())
        obstacles = self.obstacles(*leave_out)
        terrain = self.terrain("fog", "sargasso", "reef", "iceberg")
        start_shape = self.shape(ship, start)
        before = set(self.touching(start_shape, obstacles))
        at_start = self._contacts_at_start(start_shape, terrain)
        swept_all: list[BaseGeometry] = []
        current: Pose = start
        for index, (symbol, end) in enumerate(zip(segments, poses)):
            end = tuple(end)  # type: ignore[assignment]
            self._segment(ship, symbol, current, end, index)  # type: ignore[arg-type]
            swept = geo.swept(self.hull(ship), current, end)  # type: ignore[arg-type]
            swept_all.append(swept)
            self.focus = {"kind": "move", "ship": ship.id, "from": list(current), "to": list(end),
                          "swept": [[geo.rounded(x), geo.rounded(y)] for x, y in
                                    shapely.get_coordinates(shapely.convex_hull(swept)).tolist()]}
            self.check_overlaps(swept, obstacles, "S-GEO-MOVE", f"{ship.id}'s swept path", "segments", self.focus)
            end_shape = self.shape(ship, end)  # type: ignore[arg-type]
            for name in self.touching(swept, obstacles):
                if name in before:
                    continue
                if not self.touches(end_shape, obstacles[name]):
                    raise _fail("S-GEO-MOVE", f"{ship.id} meets {name} during segment {index + 1} but does not "
                                f"stop there: its first new contact ends the move", "segments", piece=name)
                if index < len(segments) - 1:
                    raise _fail("S-STOP", f"{ship.id} touches {name} at the end of segment {index + 1}: the move "
                                "stops there, no segment follows", "segments", piece=name)
            stops = [n for n in self.touching(swept, terrain) if self._stops_at(ship, n)
                     and self._meets(swept, end_shape, n, terrain[n], at_start)]
            if stops and index < len(segments) - 1:
                raise _fail("S-STOP", f"{ship.id} meets {stops[0]} in segment {index + 1}: the move stops there",
                            "segments", piece=stops[0])
            for name in stops:
                if not self.touches(end_shape, terrain[name]):
                    gap = float(shapely.distance(end_shape, terrain[name]))
                    raise _fail("S-GEO-MOVE", f"{ship.id} meets {name} during segment {index + 1} but ends {mm(gap)} "
                                "beyond it: the move ends where the ship first touches it", "segments",
                                distance_mm=geo.rounded(gap), piece=name)
                depth = self.overlap(end_shape, terrain[name])
                if depth > (at_start[name][0] if name in at_start else 0.0) + self.eps:
                    raise _fail("S-GEO-MOVE", f"{ship.id} ends {mm(depth)} inside {name}: the move ends where the "
                                f"ship first touches it", "segments", overlap_mm=geo.rounded(depth), piece=name)
            current = end  # type: ignore[assignment]
        if towed is not None:
            self._towed_lies(ship, towed, tuple(towed_pose), "towed")  # type: ignore[arg-type]
        path = shapely.union_all(swept_all) if swept_all else self.shape(ship, current)
        self._stated_terrain(ship, action, path, self.shape(ship, current), terrain, at_start)
        self._stated_contacts(ship, action, current, obstacles, swept=True)
        if towed is not None:
            self._towed_behind(ship, towed, current, tuple(towed_pose), "towed")  # type: ignore[arg-type]
        ship.pose = current

    def _contacts_at_start(self, start_shape: BaseGeometry,
                           terrain: dict[str, BaseGeometry]) -> dict[str, tuple[float, BaseGeometry]]:
        """The terrain a ship touches where its move begins: how far it lies inside each piece, and
        where it touches it (the part of the ship within 2ε of the piece: never empty for a touch)."""
        found: dict[str, tuple[float, BaseGeometry]] = {}
        for name in self.touching(start_shape, terrain):
            zone = shapely.intersection(start_shape, shapely.buffer(terrain[name], 2 * self.eps))
            found[name] = (self.overlap(start_shape, terrain[name]), zone)
        return found

    def _meets(self, path: BaseGeometry, end_shape: BaseGeometry, name: str, shape: BaseGeometry,
               at_start: dict[str, tuple[float, BaseGeometry]]) -> bool:
        """Whether a move's swept shape (ending in `end_shape`) meets a terrain piece anew
        (S-GEO-MOVE's "first new contact", S-GEO-FACT). A piece the ship did not touch where the
        move began is met if the path touches it. A piece touched there is met again only if the
        path goes into it by more than ε beyond that first contact, or the ship ends touching it
        elsewhere than where it began touching it; a ship that leaves it, or turns in place against
        it, does not meet it again. A reef touched where the move began is never met: a ship is not
        checked for it during that move (S-REEF)."""
        if not self.touches(path, shape):
            return False
        if name not in at_start:
            return True
        if self.game.terrain[name].kind == "reef":
            return False
        depth, zone = at_start[name]
        if self.overlap(path, shape) > depth + self.eps:
            return True
        return self.touches(end_shape, shape) and not self.touches(end_shape, zone)

    def _segment(self, ship: Ship, symbol: str, start: Pose, end: Pose, index: int) -> None:
        length = self.settings.length(symbol)
        if ship.towing:
            length = self.settings.short
        travel = math.dist(start[:2], end[:2])
        if travel > length + self.eps:
            raise _beyond("S-GEO-MOVE", f"segment {index + 1} ({symbol}) takes the bow tip {mm(travel)} from "
                          f"{_xy(start)} to {_xy(end)}, more than {symbol}'s {mm(length)}", "segments",
                          travel_mm=geo.rounded(travel), length_mm=length)
        if travel > length + geo.PRECISION:
            self.margin(f"segment {index + 1} travels {mm(travel)}, {symbol} being {mm(length)}")
        if travel > self.eps:
            course = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
            drift = travel * abs(math.sin(math.radians(geo.turn_between(course, end[2]))))
            ahead = math.cos(math.radians(geo.turn_between(course, end[2]))) > 0
            if drift > self.eps or not ahead:
                raise _fail("S-GEO-MOVE", f"segment {index + 1} ends heading {end[2]:g}°, but the bow tip travelled "
                            f"toward {geo.normal(course):g}°: a ship heads the way it goes", "segments",
                            heading=end[2], course=geo.rounded(geo.normal(course)))

    def _stops_at(self, ship: Ship, name: str) -> bool:
        piece = self.game.terrain[name]
        if piece.kind == "fog":
            return True
        return piece.kind == "sargasso" and ship.entangled == name

    def _stated_terrain(self, ship: Ship, action: Event, path: BaseGeometry, end_shape: BaseGeometry,
                        terrain: dict[str, BaseGeometry], at_start: dict[str, tuple[float, BaseGeometry]]) -> None:
        """S-GEO-FACT: every terrain piece the swept shape meets anew is stated, wherever the move
        ends, and every piece stated is met: a fog bank, sargasso sea or reef by its own fact, an
        iceberg (which stops nothing) by a touch. A piece touched only where the move began is not
        met (a ship leaving a fog bank does not enter it again)."""
        stated: set[str] = set()
        for fact in action.get("facts", ()):
            fact = dict(fact)
            if fact.get("towed"):
                continue
            target = fact["target"]
            piece = self.game.terrain.get(target)
            if fact["fact"] in ("fog", "sargasso", "reef") or (
                    fact["fact"] == "touch" and piece is not None and piece.kind == "iceberg"):
                stated.add(target)
        for name, shape in terrain.items():
            met = self._meets(path, end_shape, name, shape, at_start)
            kind = self.game.terrain[name].kind
            if met and name not in stated:
                written = f"touch {name}" if kind == "iceberg" else f"{kind} {name} …"
                raise _fail("S-GEO-FACT", f"{ship.id}'s path meets {kind} {name}, which the move does not state "
                            f"('{written}')", "segments", piece=name)
            if name in stated and not met:
                if name in at_start and self.touches(path, shape):
                    raise _fail("S-GEO-FACT", f"the move states {name}, but {ship.id} touches it only where the move "
                                "began: it does not meet it anew", self._fact_part(action, name), piece=name)
                gap = float(shapely.distance(path, shape))
                raise _fail("S-GEO-FACT", f"the move states {name}, but {ship.id}'s path stays {mm(gap)} from it",
                            self._fact_part(action, name), distance_mm=geo.rounded(gap), piece=name)

    @staticmethod
    def _fact_part(action: Event, target: str) -> str:
        for index, fact in enumerate(action.get("facts", ())):
            if dict(fact)["target"] == target:
                return f"target:{index}"
        return "action"

    def _stated_contacts(self, ship: Ship, action: Event, pose: Pose, obstacles: dict[str, BaseGeometry],
                         docks: bool = True, swept: bool = False) -> None:
        """Every stated contact holds, and a bow ending on a ship (or, where the entry may dock, an
        island) is stated (S-GEO-FACT); a ship placed anew out of a move states no dock (S-L1-PLACED).
        `swept`: a move, whose touch of an iceberg is met along its path (`_stated_terrain`)."""
        shape, bow = self.shape(ship, pose), self.bow(ship, pose)
        stated: set[tuple[str, str]] = set()
        for index, fact in enumerate(action.get("facts", ())):
            kind, target = dict(fact)["fact"], dict(fact)["target"]
            if kind not in ("touch", "bow", "dock"):
                continue
            stated.add((kind, target))
            piece = self.game.terrain.get(target)
            if swept and kind == "touch" and piece is not None and piece.kind == "iceberg":
                continue
            other = obstacles.get(target)
            if other is None:
                other = self.terrain().get(target)
            if other is None:
                continue
            part = bow if kind in ("bow", "dock") else shape
            gap = float(shapely.distance(part, other))
            if gap > self.eps:
                what = "bow" if kind in ("bow", "dock") else "hull"
                raise _beyond("S-GEO-FACT", f"the move states '{kind} {target}', but {ship.id}'s {what} ends "
                              f"{mm(gap)} from it", f"target:{index}", distance_mm=geo.rounded(gap), piece=target)
            if gap > geo.PRECISION:
                self.margin(f"{ship.id} ends {mm(gap)} from {target}, stated as touching")
        for name in self.touching(bow, obstacles):
            if docks and name in self.game.islands and ("dock", name) not in stated:
                raise _fail("S-GEO-FACT", f"{ship.id}'s bow ends on island {name}: the move docks there "
                            f"(write 'dock {name}')", "segments", piece=name)
            if name in self.game.ships and ("bow", name) not in stated:
                raise _fail("S-GEO-FACT", f"{ship.id}'s bow ends on {name}: the move states it "
                            f"(write 'bow {name}')", "segments", piece=name)

    def _towed_lies(self, tower: Ship, towed: Ship, pose: Pose, part: str) -> None:
        """Where the towed ship ends (its path is not checked, only its end pose): overlapping
        nothing, and no more than ε inside a sargasso sea that entangles it (S-GEO-MOVE)."""
        others = self.obstacles(tower.id, towed.id)
        shape = self.shape(towed, pose)
        self.check_overlaps(shape, others, "S-GEO-MOVE", towed.id, part,
                            {"kind": "place", "ship": towed.id, "pose": list(pose)})
        sea = self.game.terrain.get(towed.entangled) if towed.entangled else None
        if sea is not None and sea.shape is not None and self.earlier(towed).entangled != sea.name:
            depth = self.overlap(shape, sea.shape)
            if depth > self.eps:
                raise _fail("S-GEO-MOVE", f"{towed.id} ends {mm(depth)} inside {sea.name}, which entangles it: it "
                            "stops where it first touches it", part, overlap_mm=geo.rounded(depth), piece=sea.name)

    def _towed_behind(self, tower: Ship, towed: Ship, tower_pose: Pose, pose: Pose, part: str) -> None:
        """S-GEO-FACT: the towed ship follows with its bow on the tower's stern."""
        gap = float(shapely.distance(self.bow(towed, pose), geo.stern(self.hull(tower), tower_pose)))
        if gap > self.eps:
            raise _fail("S-GEO-FACT", f"{towed.id}'s bow is {mm(gap)} from {tower.id}'s stern: a towed ship "
                        "follows with its bow on the tower's stern", part, distance_mm=geo.rounded(gap))
        towed.pose = pose

    def _about(self, player: str, action: Event) -> None:
        ship = self.game.ships[action.get("ship")]
        if ship.pose is None:
            raise _fail("S-GEO-DATA", f"{ship.id} has no pose", "ship")
        pose = geo.about(self.hull(ship), ship.pose)
        shape = self.shape(ship, pose)
        self.focus = {"kind": "place", "ship": ship.id, "pose": list(pose)}
        self.check_overlaps(shape, self.obstacles(ship.id), "S-GEO-COME-ABOUT", f"{ship.id}, come about,", "ship",
                            self.focus)
        # the result overlaps no terrain either, beyond what the ship overlapped before it turned; and a
        # come-about is a move action: the terrain its result meets anew is stated, as a move's (S-GEO-FACT)
        terrain = self.terrain("fog", "sargasso", "reef", "iceberg")
        at_start = self._contacts_at_start(self.shape(ship), terrain)
        for name in self.touching(shape, terrain):
            depth = self.overlap(shape, terrain[name])
            if depth > (at_start[name][0] if name in at_start else 0.0) + self.eps:
                raise _beyond("S-GEO-COME-ABOUT", f"{ship.id}, come about, overlaps {name} by {mm(depth)}; shapes "
                              f"may touch, not overlap by more than {mm(self.eps)}", "ship",
                              overlap_mm=geo.rounded(depth), piece=name)
        self._stated_terrain(ship, action, shape, shape, terrain, at_start)
        self._stated_contacts(ship, action, pose, self.obstacles(ship.id), swept=True)
        ship.pose = pose

    def _fog_exit(self, ship: Ship, action: Event) -> Pose:
        pose = action.get("exit_pose")
        if pose is None:
            raise _fail("S-GEO-DATA", f"{ship.id} comes out of the fog: the exit gives its pose ('exit DIE@X,Y,H')",
                        "exit")
        pose = tuple(pose)
        fog_name = self._last_fog(ship)
        fog = self.game.terrain[fog_name]
        number = action.get("exit")
        self._exit_checks(ship, pose, fog.shape, Point(fog.rim[number - 1]),  # type: ignore[arg-type]
                          f"number {number} of {fog_name}", "exit")
        return pose  # type: ignore[return-value]

    def earlier(self, ship: Ship) -> Ship:
        """The ship as it was before the entry being judged."""
        return self.game.before["ships"][ship.id]

    def _last_fog(self, ship: Ship) -> str:
        return self.earlier(ship).lost or ""

    def _exit_checks(self, ship: Ship, pose: Pose, area: BaseGeometry, mark: BaseGeometry, what: str,
                     part: str) -> None:
        stern = geo.stern(self.hull(ship), pose)
        gap = float(shapely.distance(stern, mark))
        self.focus = {"kind": "place", "ship": ship.id, "pose": list(pose)}
        if gap > self.eps:
            raise _fail("S-GEO-EXIT", f"{ship.id}'s stern is {mm(gap)} from {what}: a ship leaving is placed "
                        "with its stern there", part, distance_mm=geo.rounded(gap))
        depth = self.overlap(self.shape(ship, pose), area)
        if depth > self.eps:
            raise _fail("S-GEO-EXIT", f"{ship.id} is still {mm(depth)} inside: a ship leaving lies wholly outside",
                        part, overlap_mm=geo.rounded(depth))
        self.check_overlaps(self.shape(ship, pose), self.obstacles(ship.id), "S-GEO-EXIT", ship.id, part,
                            self.focus)

    def _free(self, player: str, action: Event) -> None:
        ship = self.game.ships[action.get("ship")]
        if ship.entangled is not None:
            return  # still caught: it stays where it is
        sea_name = self.earlier(ship).entangled
        pose = action.get("pose")
        if pose is None:
            raise _fail("S-GEO-DATA", f"{ship.id} is freed: the entry gives where it is placed ('@X,Y,H')", "die")
        sea = self.game.terrain[sea_name].shape if sea_name else None
        if sea is not None:
            self._exit_checks(ship, tuple(pose), sea, sea.exterior, f"the edge of {sea_name}", "pose")  # type: ignore[arg-type]
        self._stated_contacts(ship, action, tuple(pose), self.obstacles(ship.id), docks=False)  # type: ignore[arg-type]
        ship.pose = tuple(pose)  # type: ignore[assignment]

    # -- contacts the free actions rest on ---------------------------------------------------------

    def _ram(self, player: str, action: Event) -> None:
        ship, target = self.game.ships[action.get("ship")], self.game.ships.get(action.get("target"))
        if target is None or ship.pose is None or target.pose is None:
            return
        gap = float(shapely.distance(self.bow(ship), self.shape(target)))
        if gap > self.eps:
            raise _fail("S-GEO-FACT", f"{ship.id}'s bow is {mm(gap)} from {target.id}: a ram needs the bow on it",
                        "target", distance_mm=geo.rounded(gap))

    def _tow(self, player: str, action: Event) -> None:
        tower, towed = self.game.ships[action.get("ship")], self.game.ships[action.get("target")]
        if tower.pose is None or towed.pose is None:
            raise _fail("S-GEO-DATA", "both ships need a pose", "ship")
        pose = action.get("pose")
        if pose is None:
            raise _fail("S-GEO-DATA", f"the tow gives where {towed.id} follows ('@X,Y,H', its bow on "
                        f"{tower.id}'s stern)", "target")
        self._towed_lies(tower, towed, tuple(pose), "pose")  # type: ignore[arg-type]
        gap = float(shapely.distance(self.shape(tower), self.bow(towed)))
        if gap > self.eps:
            raise _fail("S-GEO-FACT", f"{tower.id} is {mm(gap)} from {towed.id}'s bow: a tow begins with the tower "
                        "touching the derelict's bow", "target", distance_mm=geo.rounded(gap))
        self._towed_behind(tower, towed, tower.pose, tuple(pose), "pose")  # type: ignore[arg-type]

    def _explore(self, player: str, action: Event) -> None:
        other_name = action.get("other")
        if other_name is None:
            return
        ship, other = self.game.ships[action.get("ship")], self.game.ships[other_name]
        if ship.pose is None or other.pose is None:
            return
        gap = float(shapely.distance(self.shape(ship), self.shape(other)))
        if gap > self.eps:
            raise _fail("S-GEO-FACT", f"{ship.id} is {mm(gap)} from {other.id}: exploring a ship needs touching it",
                        "other", distance_mm=geo.rounded(gap))

    # -- shooting -------------------------------------------------------------------------------------

    def _shoot(self, player: str, action: Event) -> None:
        shooter_name = action.get("ship")
        fort = self.game.forts.get(shooter_name)
        ship = self.game.ships.get(shooter_name)
        for index, fire in enumerate(action.get("fires") or ()):  # none: the shooter alone is asked about
            fire = dict(fire)
            if fort is not None:
                origin = fort.flag_points[fire["mast"] - 1]
                blockers = self.terrain("fog")
            else:
                assert ship is not None and ship.pose is not None
                origin = geo.mast_point(self.hull(ship), ship.pose, fire["mast"])
                blockers = self._blockers(ship, fire["mast"], fire["target"])
            self._line_of_fire(shooter_name, origin, fire, index, blockers)

    def _blockers(self, ship: Ship, mast: int, target: str) -> dict[str, BaseGeometry]:
        found: dict[str, BaseGeometry] = {f"{ship.id} sail {m}": geo.sail(self.hull(ship), ship.pose, m)
                                          for m in ship.standing if m != mast}  # type: ignore[arg-type]
        found.update({n: i.shape for n, i in self.game.islands.items() if i.shape is not None})
        found.update({n: self.shape(s) for n, s in self.placed_ships(ship.id, target).items()})
        found.update(self.terrain("fog"))
        return found

    def target_shape(self, name: str) -> BaseGeometry:
        piece = self.game.forts.get(name)
        if isinstance(piece, Fort):
            return piece.shape
        return self.shape(self.game.ships[name])

    def _line_of_fire(self, shooter: str, origin: Any, fire: dict[str, Any], index: int,
                      blockers: dict[str, BaseGeometry]) -> None:
        target = fire["target"]
        reach = self.settings.length(fire["range"])
        points = geo.outline_points(self.target_shape(target))
        distances = np.hypot(points[:, 0] - origin[0], points[:, 1] - origin[1])
        nearest = float(distances.min())
        focus = {"kind": "shot", "from": list(origin), "target": target, "range_mm": reach}
        self.focus = {**focus, "to": points[int(distances.argmin())].tolist()}
        part = f"fire:{index}"
        if nearest > reach + self.eps:
            raise _beyond("S-GEO-SHOT", f"{target} is {mm(nearest)} from {shooter}'s "
                          f"{'flag' if fire['weapon'] == 'flag' else 'mast'} {fire['mast']}, beyond "
                          f"{fire['range']} ({mm(reach)})", part, distance_mm=geo.rounded(nearest), range_mm=reach)
        within = points[distances <= reach + self.eps]
        opened = geo.open_sight_lines(origin, within)
        reach_area = Point(origin).buffer(reach + self.eps, quad_segs=8)
        names = [n for n in blockers if shapely.intersects(reach_area, blockers[n])]
        clear = self._clear_lines(opened, [blockers[n] for n in names])
        if not clear.any():
            # a line that clears every shape once each is shrunk by ε holds within the tolerance
            grazing = self._clear_lines(opened, [self._shrunk(blockers[n]) for n in names])
            if grazing.any():
                self.margin(f"every line of fire from {shooter} to {target} grazes something; the nearest clears "
                            f"it only within the tolerance", piece=target)
                clear = grazing
        if clear.any():
            visible = within[clear]
            best = float(np.hypot(visible[:, 0] - origin[0], visible[:, 1] - origin[1]).min())
            if best > reach + geo.PRECISION:
                self.margin(f"{target} is {mm(best)} from the firing point, {fire['range']} being {mm(reach)}")
            return
        # every line within range is blocked: name the shape that blocks the nearest one
        spans = np.hypot(within[:, 0] - origin[0], within[:, 1] - origin[1])
        aim = within[int(spans.argmin())]
        line = LineString([tuple(origin), tuple(aim)])
        for name in names:
            if shapely.intersects(line, blockers[name]):
                crossing = shapely.intersection(line, blockers[name]).representative_point()
                self.focus = {**focus, "to": aim.tolist(), "blocker": name, "at": [crossing.x, crossing.y]}
                raise _fail("S-GEO-SHOT", f"every line of fire from {shooter} to {target} within {fire['range']} "
                            f"({mm(reach)}) crosses something; the nearest, {mm(float(spans.min()))} long, crosses "
                            f"{name} at {_xy((crossing.x, crossing.y))}", part, piece=name,
                            distance_mm=geo.rounded(float(spans.min())), range_mm=reach)
        self.focus = {**focus, "to": aim.tolist()}
        raise _fail("S-GEO-SHOT", f"no line of fire from {shooter} reaches {target} within {fire['range']}", part)

    @staticmethod
    def _clear_lines(lines: Any, shapes: list[BaseGeometry]) -> Any:
        """Which of the lines cross none of the shapes, asked of GEOS shape by shape."""
        clear = np.ones(len(lines), dtype=bool)
        for shape in shapes:
            if shape.is_empty:
                continue
            shapely.prepare(shape)
            clear &= ~shapely.intersects(lines, shape)
            if not clear.any():
                break
        return clear

    def _shrunk(self, shape: BaseGeometry) -> BaseGeometry:
        """A blocker less ε all round: a sail shortened by ε at both ends, an area inset by ε."""
        if isinstance(shape, LineString):
            if shape.length <= 2 * self.eps:
                return LineString()
            return shapely.ops.substring(shape, self.eps, shape.length - self.eps)
        return shape.buffer(-self.eps)

    # -- icebergs and forts -------------------------------------------------------------------------

    def _drift(self, player: str, action: Event) -> None:
        name = action.get("iceberg")
        iceberg = self.game.terrain[name]
        shape = iceberg.shape
        centre = shape.centroid
        mark = iceberg.rim[action.get("die") - 1]
        dx, dy = mark[0] - centre.x, mark[1] - centre.y
        scale = self.settings.short / math.hypot(dx, dy)
        dx, dy = dx * scale, dy * scale
        pieces = {n: i.shape for n, i in self.game.islands.items() if i.shape is not None}
        pieces.update({n: self.shape(s) for n, s in self.placed_ships().items()})
        first, when = self._first_touch(shape, dx, dy, pieces)
        stated = action.get("stops")
        moved = geo.translate(shape, dx * when, dy * when)
        self.focus = {"kind": "drift", "iceberg": name, "from": [centre.x, centre.y],
                      "to": [centre.x + dx * when, centre.y + dy * when]}
        if stated != first:
            said = f"stops at {stated}" if stated else "stops at nothing"
            if first:
                found = f"its first touch is {first}, after {mm(when * self.settings.short)}"
            elif when < 1.0:
                found = f"it touches nothing before the table's edge stops it, after {mm(when * self.settings.short)}"
            else:
                found = f"it touches nothing over its whole drift of {mm(self.settings.short)}"
            raise _fail("S-GEO-ICEBERG", f"the drift {said}, but {found}", "stops" if stated else "die",
                        piece=first)
        iceberg.shape = moved
        iceberg.rim = tuple((x + dx * when, y + dy * when) for x, y in iceberg.rim)

    def _first_touch(self, shape: BaseGeometry, dx: float, dy: float,
                     pieces: dict[str, BaseGeometry]) -> tuple[str | None, float]:
        """Which piece a shape sliding by (dx, dy) touches first, and at what fraction of the
        slide. A piece touched already stops it at once if the slide goes into it anywhere along
        its way, by more than ε beyond where it began (it may never overlap a ship or an island);
        the area covered, not the shape's place alone, decides, so a thin shape cannot pass
        through a ship, nor a glancing one slip through a hull a little at a time. The table's
        edge stops it too, with no piece named (S-GEO-ICEBERG, S-GEO-MODEL)."""
        first, when = None, 1.0
        for name, other in pieces.items():
            if self.touches(shape, other):
                if self.overlap(geo.slid(shape, dx, dy), other) > self.overlap(shape, other) + self.eps:
                    return name, 0.0
                continue
            if not self.touches(geo.slid(shape, dx, dy), other):
                continue
            touch = _first_true(lambda t: self.touches(geo.slid(shape, dx * t, dy * t), other), 1.0)
            if touch < when:
                first, when = name, touch
        table = self.table
        if table is not None and not shapely.covers(table, geo.translate(shape, dx * when, dy * when)):
            first, when = None, _first_true(lambda t: not shapely.covers(table, geo.translate(shape, dx * t, dy * t)),
                                            when, last_false=True)
        return first, when

    def _build(self, player: str, action: Event) -> None:
        fort = self.game.forts[action.get("fort")]
        footprint = fort.card.raw.get("footprint_mm")
        if footprint is None:
            raise _fail("S-GEO-DATA", f"the card data gives no footprint for {fort.card.id}: level 2 needs it",
                        "fort")
        corners = action.get("corners")
        if corners is None:
            raise _fail("S-GEO-DATA", f"{fort.id} is built without its corners and flags ('corners X,Y ×4 flags "
                        "X,Y …')", "place")
        corners = [tuple(c) for c in corners]
        sides = sorted(math.dist(corners[i], corners[(i + 1) % 4]) for i in range(4))
        diagonal = math.dist(corners[0], corners[2])
        want = sorted(footprint * 2)
        if any(abs(a - b) > self.eps for a, b in zip(sides, want)) or \
                abs(diagonal - math.hypot(*footprint)) > self.eps:
            raise _fail("S-GEO-FORT", f"the corners do not form {fort.card.id}'s footprint of {mm(footprint[0])} × "
                        f"{mm(footprint[1])} (sides {', '.join(mm(s) for s in sides)})", "corners")
        island = self.game.islands[action.get("place")].shape
        ground = island.buffer(self.eps)
        on = [shapely.covers(ground, Point(c)) for c in corners]
        if not ((on[0] and on[2]) or (on[1] and on[3])):
            off = [float(shapely.distance(island, Point(c))) for c in corners]
            pairs = sorted(((max(off[0], off[2]), "1 and 3"), (max(off[1], off[3]), "2 and 4")))
            raise _fail("S-GEO-FORT", f"no two opposite corners of {fort.id} lie on {action.get('place')}: "
                        f"the nearest pair, corners {pairs[0][1]}, is {mm(pairs[0][0])} off it at most "
                        f"(corners off by {', '.join(mm(d) for d in off)})", "corners",
                        distance_mm=geo.rounded(pairs[0][0]))
        shape = Polygon(corners)
        flags = [tuple(f) for f in action.get("flags")]
        if len(flags) != len(fort.card.cannons):
            raise _fail("S-GEO-FORT", f"{fort.id} has {len(fort.card.cannons)} flags, not {len(flags)}", "flag:0")
        for number, flag in enumerate(flags):
            gap = shape.exterior.distance(Point(flag))
            if gap > self.eps:
                raise _fail("S-GEO-FORT", f"flag {number + 1} stands {mm(gap)} off {fort.id}'s outline",
                            f"flag:{number}", distance_mm=geo.rounded(gap))
        fort.shape, fort.flag_points = shape, tuple(flags)  # type: ignore[assignment]
