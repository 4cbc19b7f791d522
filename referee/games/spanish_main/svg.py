"""The table as SVG, to scale, drawn from a level-2 position's view: islands, terrain with
its numbers, ships as hull and bow with their standing masts and sails, forts with their
numbered flags, and the shapes of the last check (a swept path, a line of fire, the piece in
the way, a pose refused, an iceberg's drift and what it stops against). Written as text, one
millimetre of table to one unit; no drawing library needed.

The names are not part of the drawing that the close-up enlarges: each view places its own at
a size that reads, beside its piece rather than over it, and off the other names where room
allows, with a pale halo that keeps them legible over whatever lies beneath."""

from __future__ import annotations

import hashlib
import html
import math
from dataclasses import dataclass, field
from typing import Any, Callable

from referee.games.spanish_main.view import SpanishMainView, moment as said_moment


def escape(text: str) -> str:
    """Text for the picture, in an element or an attribute: quotes escaped too."""
    return html.escape(text, quote=True)


MARGIN = 30.0
FIT = 1280.0
"""The widest a picture is shown by default (a laptop's screen); its drawing keeps its scale in
millimetres (the view box), only the size it asks to be shown at shrinks."""
COLOURS = ("#b03a2e", "#1f618d")
TERRAIN = {"fog": ("#b8bec4", 0.75), "sargasso": ("#6a994e", 0.55), "reef": ("#9c6b3c", 0.55),
           "iceberg": ("#f4fbff", 0.95)}
REFUSED = "#e67e22"
MIN_CLOSE_UP = 100.0
"""The close-up's frame is never narrower than this many millimetres of table."""

XY = tuple[float, float]
Box = tuple[float, float, float, float]


class _Canvas:
    """Table millimetres (y up) to SVG units (y down)."""

    def __init__(self, left: float, bottom: float, width: float, height: float) -> None:
        self.left, self.bottom, self.height = left, bottom, height
        self.width = width

    def x(self, value: float) -> float:
        return round(value - self.left + MARGIN, 1)

    def y(self, value: float) -> float:
        return round(self.height - (value - self.bottom) + MARGIN, 1)

    def points(self, outline: Any) -> str:
        return " ".join(f"{self.x(px)},{self.y(py)}" for px, py in outline)


def _bounds(table: dict[str, Any]) -> Box:
    if table["size"]:
        return 0.0, 0.0, float(table["size"][0]), float(table["size"][1])
    xs, ys = [], []
    for group in ("islands", "terrain", "ships", "forts"):
        for piece in table[group]:
            xs += [p[0] for p in piece["outline"]]
            ys += [p[1] for p in piece["outline"]]
    if not xs:
        return 0.0, 0.0, 100.0, 100.0
    return min(xs) - 40, min(ys) - 40, max(xs) - min(xs) + 80, max(ys) - min(ys) + 80


def table_svg(view: SpanishMainView, stopped_by: list[dict[str, Any]] | None = None) -> str | None:
    table = view.get("table")
    if table is None:
        return None
    left, bottom, width, height = _bounds(table)
    c = _Canvas(left, bottom, width, height)
    extra = _focus_extra(view, table)
    focus_box = _focus_box(c, table, extra)
    inset = height if focus_box is not None else 0.0
    total_w = width + 2 * MARGIN + (inset + MARGIN if inset else 0)
    players = list(view["fleets"])
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}
    moment = said_moment(view)
    key, key_height = _key(view, table, players, colour, height, total_w, moment, extra, stopped_by)
    total_h = height + 2 * MARGIN + key_height
    shown_w = min(total_w, FIT)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w:g}" height="{total_h * shown_w / total_w:.0f}" '
           f'viewBox="0 0 {total_w:g} {total_h:g}" font-family="DejaVu Sans, Arial, sans-serif">',
           f"<title>Pirates of the Spanish Main, {escape(moment)}</title>",
           f'<rect width="{total_w:g}" height="{total_h:g}" fill="#fbf8ef"/>',
           '<g id="scene">',
           f'<rect class="table" x="{MARGIN}" y="{MARGIN}" width="{width:g}" height="{height:g}" fill="#cfe8f3" '
           'stroke="#5d7f8f" stroke-width="2"/>']
    out += _islands(c, table, colour)
    out += _terrain(c, table)
    out += _forts(c, table, colour)
    out += _ships(c, table, colour)
    out += _focus(c, table, extra)
    out.append("</g>")
    labels, obstacles = _labels(table, colour, extra)
    main_view = _View(lambda p: (c.x(p[0]), c.y(p[1])), 1.0,
                      (4.0, 4.0, width + 2 * MARGIN - 4, height + 2 * MARGIN - 4), font=_reading(total_w))
    out += _overlay(main_view, table, labels, obstacles, "names")
    if focus_box is not None:
        out += _close_up(focus_box, width + 2 * MARGIN, inset, c, table, labels, obstacles, _reading(total_w))
    out += key
    out.append("</svg>")
    text = "\n".join(out) + "\n"
    # the close-up shows the drawing again by reference: one id a picture, so that pictures
    # sharing a page (a replay) each show their own
    scene = "scene-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    return text.replace('id="scene"', f'id="{scene}"').replace('href="#scene"', f'href="#{scene}"')


def _reading(total_w: float) -> float:
    """How much larger than its millimetres a name is set, so that it still reads when the
    picture is shown `FIT` wide."""
    return max(1.0, 0.85 * total_w / FIT)


# -- the pieces ------------------------------------------------------------------------------------

def _islands(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="islands">']
    for island in table["islands"]:
        home = island["home_of"]
        stroke = colour.get(home, "#8a6d3b") if home else "#8a6d3b"
        out.append(f'<polygon data-piece="{escape(island["name"])}" points="{c.points(island["outline"])}" '
                   f'fill="#e3c98d" stroke="{stroke}" stroke-width="{4 if home else 2}"/>')
    out.append("</g>")
    return out


def _terrain(c: _Canvas, table: dict[str, Any]) -> list[str]:
    out = ['<g class="terrain">']
    for piece in table["terrain"]:
        fill, opacity = TERRAIN[piece["kind"]]
        dash = ' stroke-dasharray="6 4"' if piece["kind"] in ("reef", "sargasso") else ""
        out.append(f'<polygon data-piece="{escape(piece["name"])}" points="{c.points(piece["outline"])}" '
                   f'fill="{fill}" fill-opacity="{opacity}" stroke="#4d5656" stroke-width="1.5"{dash}/>')
    out.append("</g>")
    return out


def _flag_side(fort: dict[str, Any], at: Any) -> XY:
    """Which way a flag stands off its fort, in picture directions (y down): away from the
    fort's middle along the nearer axis, so that a flag on any edge is drawn outside."""
    xs = [p[0] for p in fort["outline"]]
    ys = [p[1] for p in fort["outline"]]
    dx = at[0] - (min(xs) + max(xs)) / 2
    dy = at[1] - (min(ys) + max(ys)) / 2
    if abs(dx) / max(max(xs) - min(xs), 1e-9) > abs(dy) / max(max(ys) - min(ys), 1e-9):
        return (1.0 if dx > 0 else -1.0, 0.0)
    return (0.0, -1.0 if dy > 0 else 1.0)


def _flag_path(x: float, y: float, side: XY) -> str:
    """A pole standing 16 units out from the fort's edge with its pennant at the far end."""
    ux, uy = side
    px, py = -uy, ux  # across the pole
    if px < 0 or (px == 0 and py > 0):
        px, py = -px, -py
    tip = (x + 16 * ux, y + 16 * uy)
    mid = (tip[0] - 5 * ux + 12 * px, tip[1] - 5 * uy + 12 * py)
    inner = (tip[0] - 10 * ux, tip[1] - 10 * uy)
    return (f"M{x:g},{y:g} L{tip[0]:g},{tip[1]:g} L{mid[0]:g},{mid[1]:g} L{inner[0]:g},{inner[1]:g}")


def _forts(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="forts">']
    for fort in table["forts"]:
        tint = colour.get(fort["owner"], "#555")
        out.append(f'<polygon data-piece="{escape(fort["id"])}" points="{c.points(fort["outline"])}" '
                   f'fill="#7f8c8d" stroke="{tint}" stroke-width="3"/>')
        for flag in fort["flags"]:
            x, y = c.x(flag["at"][0]), c.y(flag["at"][1])
            fill = tint if flag["standing"] else "none"
            path = _flag_path(x, y, _flag_side(fort, flag["at"]))
            out.append(f'<path class="flag" data-flag="{flag["flag"]}" d="{path}" fill="{fill}" stroke="#1b2631" '
                       'stroke-linejoin="round"/>')
    out.append("</g>")
    return out


def _ships(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="ships">']
    for ship in table["ships"]:
        tint = colour.get(ship["owner"], "#555")
        faded = ' opacity="0.45"' if ship["lost"] or ship["wreck"] else ""
        out.append(f'<g data-piece="{escape(ship["id"])}"{faded}>')
        out += _hull(c, ship, tint)
        out.append("</g>")
    out.append("</g>")
    return out


def _hull(c: _Canvas, ship: dict[str, Any], tint: str, refused: bool = False) -> list[str]:
    """Hull, bow, masts and sails; a refused pose in dashed outline only."""
    if refused:
        dash = 'fill="none" stroke-dasharray="5 3"'
        out = [f'<polygon class="hull" points="{c.points(ship["outline"])}" {dash} stroke="{REFUSED}" '
               'stroke-width="2"/>']
        if len(ship["bow"]) > 2:
            out.append(f'<polygon class="bow" points="{c.points(ship["bow"])}" fill="{REFUSED}" fill-opacity="0.7" '
                       f'stroke="{REFUSED}" stroke-dasharray="5 3"/>')
        else:
            out.append(f'<polyline class="bow" points="{c.points(ship["bow"])}" stroke="{REFUSED}" stroke-width="3"/>')
        for mast in ship["masts"]:
            if mast["standing"]:
                out.append(f'<polyline class="sail" points="{c.points(mast["sail"])}" stroke="{REFUSED}" '
                           'stroke-width="1.5" stroke-dasharray="3 2"/>')
        return out
    out = [f'<polygon class="hull" points="{c.points(ship["outline"])}" fill="{tint}" fill-opacity="0.35" '
           f'stroke="{tint}" stroke-width="1.5"/>',
           f'<polygon class="bow" points="{c.points(ship["bow"])}" fill="{tint}" stroke="{tint}"/>'
           if len(ship["bow"]) > 2 else
           f'<polyline class="bow" points="{c.points(ship["bow"])}" stroke="{tint}" stroke-width="3"/>']
    for mast in ship["masts"]:
        if mast["standing"]:
            out.append(f'<polyline class="sail" points="{c.points(mast["sail"])}" stroke="#fdfefe" '
                       'stroke-width="3"/>')
            out.append(f'<circle class="mast" cx="{c.x(mast["at"][0])}" cy="{c.y(mast["at"][1])}" r="2.5" '
                       'fill="#1b2631"/>')
        else:
            x, y = c.x(mast["at"][0]), c.y(mast["at"][1])
            out.append(f'<path class="lost-mast" d="M{x - 3},{y - 3} l6,6 M{x - 3},{y + 3} l6,-6" '
                       'stroke="#1b2631" stroke-width="1.2"/>')
    return out


# -- the last check --------------------------------------------------------------------------------

def _moved(ship: dict[str, Any], pose: Any) -> dict[str, Any]:
    """A ship's drawing carried rigidly from its pose to another (x, y of the bow tip, heading
    in degrees anticlockwise from the table's x axis)."""
    x0, y0, h0 = (float(v) for v in ship["pose"])
    x1, y1, h1 = (float(v) for v in pose)
    turn = math.radians(h1 - h0)
    cos, sin = math.cos(turn), math.sin(turn)

    def carry(points: Any) -> list[list[float]]:
        return [[round(x1 + (px - x0) * cos - (py - y0) * sin, 2), round(y1 + (px - x0) * sin + (py - y0) * cos, 2)]
                for px, py in points]

    return {**ship, "pose": list(pose), "outline": carry(ship["outline"]), "bow": carry(ship["bow"]),
            "masts": [{**m, "at": carry([m["at"]])[0], "sail": carry(m["sail"])} for m in ship["masts"]]}


def _focus_extra(view: SpanishMainView, table: dict[str, Any]) -> dict[str, Any]:
    """What the focus implies beyond its own figures: the ship at the pose a check refused, or
    the iceberg where its drift stops and the piece it stops against."""
    focus = table.get("focus") or {}
    extra: dict[str, Any] = {}
    ships = {s["id"]: s for s in table["ships"]}
    pose = {"place": focus.get("pose"), "move": focus.get("to")}.get(focus.get("kind", ""))
    name = focus.get("ship")
    if name and pose is not None and len(pose) == 3:
        ship = ships.get(name)
        if ship is not None and all(abs(float(a) - float(b)) < 0.05 for a, b in zip(ship["pose"], pose)):
            pass  # the check passed and the ship stands there already
        else:
            model = ship
            if model is None:  # not on the table yet: a ship of the same card gives the hull
                cards = {s["id"]: s.get("card") for fleet in view.get("fleets", {}).values() for s in fleet}
                model = next((s for s in table["ships"] if cards.get(name) and cards.get(s["id"]) == cards.get(name)),
                             None)
            if model is not None:
                extra["refused"] = {**_moved(model, pose), "id": name}
            else:
                extra["refused_pose"] = [float(v) for v in pose]
            extra["refused_ship"] = name
    if focus.get("kind") == "drift" and focus.get("from") and focus.get("to"):
        iceberg = next((t for t in table["terrain"] if t["name"] == focus.get("iceberg")), None)
        if iceberg is not None:
            start, stop = focus["from"], focus["to"]
            dx, dy = stop[0] - start[0], stop[1] - start[1]
            middle = _centroid(iceberg["outline"])
            drifted = math.dist(middle, stop) < math.dist(middle, start)
            shift = (-dx, -dy) if drifted else (dx, dy)
            other = [[x + shift[0], y + shift[1]] for x, y in iceberg["outline"]]
            extra["drift_stop"] = iceberg["outline"] if drifted else other
            if drifted:
                extra["drift_start"] = other
            extra["drift_hit"] = _first_touch(table, extra["drift_stop"], iceberg["name"])
    return extra


def _first_touch(table: dict[str, Any], outline: list[list[float]], leave_out: str) -> tuple[str, XY] | None:
    """The island or ship an outline touches (within ε and a rounding), with where: what a
    drifting iceberg stopped against."""
    reach = float(table.get("epsilon") or 1.0) + 0.2
    best: tuple[float, str, XY] | None = None
    pieces = [(i["name"], i["outline"]) for i in table["islands"]]
    pieces += [(s["id"], s["outline"]) for s in table["ships"] if not s["lost"]]
    for name, other in pieces:
        if name == leave_out:
            continue
        gap, spot = _polygon_gap(outline, other)
        if gap <= reach and (best is None or gap < best[0]):
            best = (gap, name, spot)
    return (best[1], best[2]) if best else None


def _centroid(outline: Any) -> XY:
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(outline, list(outline[1:]) + [outline[0]]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in outline) / len(outline), sum(p[1] for p in outline) / len(outline))
    return (cx / (3 * area), cy / (3 * area))


def _nearest_on_segment(p: XY, a: XY, b: XY) -> XY:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return (ax + t * dx, ay + t * dy)


def _polygon_gap(one: Any, other: Any) -> tuple[float, XY]:
    """The least distance between two outlines, and a point of the first where it is reached;
    0 when one's corner lies inside the other."""
    best = (math.inf, (0.0, 0.0))
    for first, second in ((one, other), (other, one)):
        edges = list(zip(second, list(second[1:]) + [second[0]]))
        for p in first:
            if _inside(p, second):
                return (0.0, (p[0], p[1]))
            for a, b in edges:
                q = _nearest_on_segment(p, a, b)
                gap = math.dist(p, q)
                if gap < best[0]:
                    best = (gap, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    return best


def _inside(p: Any, polygon: Any) -> bool:
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _focus(c: _Canvas, table: dict[str, Any], extra: dict[str, Any]) -> list[str]:
    focus = table.get("focus")
    if not focus:
        return []
    out = ['<g class="focus">']
    if focus["kind"] == "move" and focus.get("swept"):
        out.append(f'<polygon class="swept" points="{c.points(focus["swept"])}" fill="#f39c12" fill-opacity="0.3" '
                   'stroke="#d35400" stroke-width="1.5" stroke-dasharray="5 3"/>')
        out.append(f'<line x1="{c.x(focus["from"][0])}" y1="{c.y(focus["from"][1])}" x2="{c.x(focus["to"][0])}" '
                   f'y2="{c.y(focus["to"][1])}" stroke="#d35400" stroke-width="1.5"/>')
    if extra.get("drift_start"):
        out.append(f'<polygon class="drift-start" points="{c.points(extra["drift_start"])}" fill="none" '
                   'stroke="#2e86c1" stroke-width="1" stroke-dasharray="2 3"/>')
    if extra.get("drift_stop"):
        out.append(f'<polygon class="drift-stop" points="{c.points(extra["drift_stop"])}" fill="#2e86c1" '
                   'fill-opacity="0.12" stroke="#2e86c1" stroke-width="1.5" stroke-dasharray="5 3"/>')
    if focus["kind"] in ("shot", "drift") and focus.get("to"):
        stroke = "#c0392b" if focus["kind"] == "shot" else "#2e86c1"
        out.append(f'<line class="{"line-of-fire" if focus["kind"] == "shot" else "drift"}" '
                   f'x1="{c.x(focus["from"][0])}" y1="{c.y(focus["from"][1])}" x2="{c.x(focus["to"][0])}" '
                   f'y2="{c.y(focus["to"][1])}" stroke="{stroke}" stroke-width="2.5"/>')
        if focus["kind"] == "shot":
            out.append(f'<circle class="range" cx="{c.x(focus["from"][0])}" cy="{c.y(focus["from"][1])}" '
                       f'r="{focus["range_mm"]}" fill="none" stroke="#c0392b" stroke-dasharray="4 4"/>')
    hit = extra.get("drift_hit")
    if hit:
        shape = _outline_of(table, hit[0])
        if shape is not None:
            out.append(f'<polygon class="drift-hit" data-piece="{escape(hit[0])}" points="{c.points(shape)}" '
                       'fill="none" stroke="#2e86c1" stroke-width="3"/>')
        out.append(f'<circle class="drift-touch" cx="{c.x(hit[1][0])}" cy="{c.y(hit[1][1])}" r="3" fill="#2e86c1" '
                   'stroke="#fdfefe" stroke-width="1"/>')
    if extra.get("refused"):
        ship = extra["refused"]
        out.append(f'<g class="refused" data-ship="{escape(ship["id"])}">')
        out += _hull(c, ship, REFUSED, refused=True)
        out.append("</g>")
    elif extra.get("refused_pose"):
        x, y, heading = extra["refused_pose"]
        back = (x - 20 * math.cos(math.radians(heading)), y - 20 * math.sin(math.radians(heading)))
        out.append(f'<g class="refused" data-ship="{escape(extra["refused_ship"])}">'
                   f'<line x1="{c.x(back[0])}" y1="{c.y(back[1])}" x2="{c.x(x)}" y2="{c.y(y)}" stroke="{REFUSED}" '
                   f'stroke-width="2" stroke-dasharray="4 2"/><circle cx="{c.x(x)}" cy="{c.y(y)}" r="2.5" '
                   f'fill="{REFUSED}"/></g>')
    blocker = focus.get("blocker")
    if blocker:
        shape = _outline_of(table, blocker)
        if shape is not None:
            out.append(f'<polygon class="blocker" data-piece="{escape(blocker)}" points="{c.points(shape)}" '
                       'fill="none" stroke="#e74c3c" stroke-width="4"/>')
    if focus.get("at"):
        x, y = c.x(focus["at"][0]), c.y(focus["at"][1])
        out.append(f'<path class="at" d="M{x - 8},{y - 8} l16,16 M{x - 8},{y + 8} l16,-16" stroke="#e74c3c" '
                   'stroke-width="3"/>')
    out.append("</g>")
    return out


def _focus_box(c: _Canvas, table: dict[str, Any], extra: dict[str, Any]) -> Box | None:
    """The square, in picture units, around what the last check looked at: the close-up's frame."""
    focus = table.get("focus")
    if not focus:
        return None
    points = [focus[k] for k in ("from", "to", "at") if focus.get(k)] + list(focus.get("swept") or [])
    if focus.get("blocker"):
        points += _outline_of(table, focus["blocker"]) or []
    if focus.get("target"):
        points += _outline_of(table, focus["target"]) or []
    if extra.get("refused"):
        points += extra["refused"]["outline"]
    if extra.get("refused_pose"):
        points.append(extra["refused_pose"][:2])
    points += (extra.get("drift_stop") or []) + (extra.get("drift_start") or [])
    hit = extra.get("drift_hit")
    if hit:
        points.append(list(hit[1]))
        if any(s["id"] == hit[0] for s in table["ships"]):
            points += _outline_of(table, hit[0]) or []
    points = [p for p in points if p is not None and len(p) >= 2]
    if not points:
        return None
    xs = [c.x(p[0]) for p in points]
    ys = [c.y(p[1]) for p in points]
    side = max(max(max(xs) - min(xs), max(ys) - min(ys)) * 1.3 + 40, MIN_CLOSE_UP)
    return ((min(xs) + max(xs) - side) / 2, (min(ys) + max(ys) - side) / 2, side, side)


def _close_up(box: Box, left: float, size: float, c: _Canvas, table: dict[str, Any],
              labels: list["_Label"], obstacles: list["_Obstacle"], reading: float = 1.0) -> list[str]:
    """The same drawing again, enlarged around the check: where a dispute is settled. The names
    and the terrain's numbers are set again at a size that reads, not enlarged with it."""
    x, y, w, h = box
    k = size / w

    def place(point: Any) -> XY:
        return (round(left + (c.x(point[0]) - x) * k, 1), round(MARGIN + (c.y(point[1]) - y) * k, 1))

    near = _View(place, k, (left + 3, MARGIN + 3, left + size - 3, MARGIN + size - 3), font=max(1.4, reading),
                 close=True)
    return [f'<g class="close-up"><rect x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" fill="#cfe8f3"/>',
            f'<svg x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" viewBox="{x:g} {y:g} {w:g} {h:g}">',
            '<use href="#scene"/></svg>',
            *_overlay(near, table, labels, obstacles, "close-up-names"),
            f'<rect x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" fill="none" stroke="#5d7f8f" '
            'stroke-width="2"/>',
            *(f'<text class="{cls}" x="{left + 8}" y="{MARGIN + 8 + 14 * reading:.1f}" font-size="{14 * reading:.1f}" '
              f'{paint}>close-up ×{k:.1f}</text>'
              for cls, paint in (("halo", f'fill="#fdfefe" stroke="#fdfefe" stroke-width="{3 * reading:.1f}"'),
                                 ("close-up-title", 'fill="#1b2631"'))),
            '</g>']


def _outline_of(table: dict[str, Any], name: str) -> list[list[float]] | None:
    if " sail " in name:
        ship, _, mast = name.partition(" sail ")
        for piece in table["ships"]:
            if piece["id"] == ship:
                return piece["masts"][int(mast) - 1]["sail"]
    for group in ("islands", "terrain"):
        for piece in table[group]:
            if piece["name"] == name:
                return piece["outline"]
    for group in ("ships", "forts"):
        for piece in table[group]:
            if piece["id"] == name:
                return piece["outline"]
    return None


# -- names: where each goes --------------------------------------------------------------------------

@dataclass
class _Label:
    """A name to set beside a shape (table millimetres). `inner` names sit inside their piece
    where they fit (an island's); the others go beside it, never over a hull."""

    text: str
    piece: str
    shape: list[Any]
    size: float
    fill: str
    cls: str
    inner: bool = False
    opacity: float = 1.0
    near: list[Any] = field(default_factory=list)
    """Anchor points instead of the shape's outline (a flag's number beside its pennant)."""


@dataclass
class _Obstacle:
    """What a name should not cover, with how much covering it costs: an area (polygon), a
    stroke (polyline, with its half-width in picture units before any enlargement) or a mark
    of a fixed size in the view (circle, radius in the view's units)."""

    kind: str
    points: list[Any]
    weight: float
    piece: str = ""
    width: float = 0.0


@dataclass
class _View:
    """A view's mapping from table millimetres to picture units, its enlargement, its frame and
    how much larger its names are set; the close-up sets its terrain's numbers apart."""

    to: Callable[[Any], XY]
    scale: float
    frame: Box
    font: float
    close: bool = False


def _labels(table: dict[str, Any], colour: dict[str, str],
            extra: dict[str, Any]) -> tuple[list[_Label], list[_Obstacle]]:
    focus = table.get("focus") or {}
    labels: list[_Label] = []
    obstacles: list[_Obstacle] = []
    for island in table["islands"]:
        home = island["home_of"]
        labels.append(_Label(island["name"] + (f" ({home})" if home else ""), island["name"], island["outline"], 15,
                             "#5b4520", "island-name", inner=True))
        obstacles.append(_Obstacle("polygon", island["outline"], 0.4, island["name"]))
    for piece in table["terrain"]:
        labels.append(_Label(f'{piece["name"]} {piece["kind"]}', piece["name"], piece["outline"], 12, "#1b2631",
                             "terrain-name", inner=True))
        obstacles.append(_Obstacle("polygon", piece["outline"], 0.4, piece["name"]))
        for point in piece["rim"]:
            obstacles.append(_Obstacle("circle", [point], 8.0, piece["name"], 7.5))
    for fort in table["forts"]:
        tint = colour.get(fort["owner"], "#555")
        labels.append(_Label(fort["id"], fort["id"], fort["outline"], 12, tint, "fort-name"))
        obstacles.append(_Obstacle("polygon", fort["outline"], 6.0, fort["id"]))
        for flag in fort["flags"]:
            side = _flag_side(fort, flag["at"])
            tip = [flag["at"][0] + 16 * side[0], flag["at"][1] - 16 * side[1]]
            obstacles.append(_Obstacle("polyline", [flag["at"], tip], 6.0, fort["id"], 7.0))
            labels.append(_Label(str(flag["flag"]), fort["id"], [flag["at"], tip], 11, "#1b2631", "flag-number",
                                 near=[tip]))
    about = (focus.get("ship"), focus.get("target"), focus.get("blocker"), (extra.get("drift_hit") or [""])[0])
    ships = sorted(table["ships"], key=lambda s: s["id"] not in about)
    ship_labels = []
    for ship in ships:
        tint = colour.get(ship["owner"], "#555")
        state = (" (lost)" if ship["lost"] else " (wreck)" if ship["wreck"] else
                 " (derelict)" if ship["derelict"] else "")
        ship_labels.append(_Label(ship["id"] + state, ship["id"], ship["outline"], 12, tint, "ship-name",
                                  opacity=0.6 if ship["lost"] or ship["wreck"] else 1.0))
        obstacles.append(_Obstacle("polygon", ship["outline"], 8.0, ship["id"]))
        for mast in ship["masts"]:
            obstacles.append(_Obstacle("polyline", mast["sail"], 4.0, ship["id"], 1.5))
    if extra.get("refused"):
        ship = extra["refused"]
        ship_labels.insert(0, _Label(f'{ship["id"]} refused', ship["id"] + " refused", ship["outline"], 12, REFUSED,
                                     "refused-name"))
        obstacles.append(_Obstacle("polygon", ship["outline"], 8.0, ship["id"] + " refused"))
    elif extra.get("refused_pose"):
        x, y, heading = extra["refused_pose"]
        back = [x - 20 * math.cos(math.radians(heading)), y - 20 * math.sin(math.radians(heading))]
        ship_labels.insert(0, _Label(f'{extra["refused_ship"]} refused', "refused", [back, [x, y]], 12, REFUSED,
                                     "refused-name"))
        obstacles.append(_Obstacle("polyline", [back, [x, y]], 6.0, "refused", 3))
    if focus.get("from") and focus.get("to"):
        obstacles.append(_Obstacle("polyline", [focus["from"], focus["to"]], 3.0, "focus", 2.5))
    blocker = focus.get("blocker")
    if blocker and _outline_of(table, blocker):
        ring = _outline_of(table, blocker) or []
        obstacles.append(_Obstacle("polyline", list(ring) + [ring[0]], 3.0, "blocker", 3))
    if focus.get("at"):
        obstacles.append(_Obstacle("polyline", [[focus["at"][0], focus["at"][1]]] * 2, 4.0, "at", 9))
    if focus.get("swept"):
        obstacles.append(_Obstacle("polygon", focus["swept"], 1.0, "swept"))
    if extra.get("drift_stop"):
        obstacles.append(_Obstacle("polygon", extra["drift_stop"], 2.0, "drift"))
    # the forts' flags and names first, having least room, then the ships, those the check is
    # about first, then the terrain, then the islands' names, which may move within their island
    islands = len(table["islands"])
    terrain = islands + len(table["terrain"])
    return labels[terrain:] + ship_labels + labels[islands:terrain] + labels[:islands], obstacles


_NARROW = set(" .,:;!|'()[]ijlrtfI1")


def _text_width(text: str, size: float) -> float:
    """About how wide DejaVu Sans sets a text, to place it; a little over rather than under."""
    return sum((0.36 if ch in _NARROW else 0.74 if ch.isupper() or ch in "mwMW" else 0.62) for ch in text) * size


def _overlay(view: _View, table: dict[str, Any], labels: list[_Label], obstacles: list[_Obstacle],
             cls: str) -> list[str]:
    """The terrain's numbers and every name, placed in one view."""
    fx0, fy0, fx1, fy1 = view.frame
    out = [f'<g class="{cls}">']
    rim_r, rim_font = (9.0, 12.0) if view.close else (6.0 * view.font, 9.0 * view.font)
    rim_class = "rim-near" if view.close else "rim"
    for piece in table["terrain"]:
        for number, point in enumerate(piece["rim"], start=1):
            x, y = view.to(point)
            if not (fx0 - rim_r <= x <= fx1 + rim_r and fy0 - rim_r <= y <= fy1 + rim_r):
                continue
            out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{rim_r:g}" fill="#fdfefe" stroke="#1b2631"/>'
                       f'<text class="{rim_class}" x="{x:g}" y="{y + rim_font * 0.38:.1f}" font-size="{rim_font:g}" '
                       f'text-anchor="middle">{number}</text>')
    placed: list[Box] = []
    shapes = [_screen_obstacle(view, o) for o in obstacles]
    for label in labels:
        points = [view.to(p) for p in label.shape]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if max(xs) < fx0 or min(xs) > fx1 or max(ys) < fy0 or min(ys) > fy1:
            continue  # not in this view
        size = label.size * view.font
        best = _place_label(label, points, size, shapes, placed, view)
        if best is None:
            continue
        x0, y0, x1, y1 = best
        placed.append(best)
        base = y1 - 0.24 * size
        opacity = f' opacity="{label.opacity:g}"' if label.opacity < 1 else ""
        common = (f'x="{x0 + 0.5:.1f}" y="{base:.1f}" font-size="{size:g}"')
        text = escape(label.text)
        out.append(f'<g class="label {label.cls}" data-label="{escape(label.piece)}"{opacity}>'
                   f'<text class="halo" {common} fill="#fdfefe" stroke="#fdfefe" stroke-width="{3 * view.font:g}" '
                   f'stroke-linejoin="round" stroke-opacity="0.9" aria-hidden="true">{text}</text>'
                   f'<text class="{label.cls}" {common} fill="{label.fill}">{text}</text></g>')
    out.append("</g>")
    return out


def _screen_obstacle(view: _View, obstacle: _Obstacle) -> tuple[str, list[XY], float, str, float,
                                                                 Box]:
    points = [view.to(p) for p in obstacle.points]
    if obstacle.kind == "circle":
        reach = obstacle.width * (1.5 if view.close else 1.0)
    elif obstacle.kind == "polyline":
        reach = obstacle.width * view.scale + 1.5
    else:
        reach = 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
    return (obstacle.kind, points, obstacle.weight, obstacle.piece, reach, box)


def _candidates(label: _Label, points: list[XY], w: float, h: float, view: _View) -> list[tuple[float, float]]:
    """Top-left corners to try: inside the piece first for a name that may sit there, then
    beside each part of its outline, standing off it in the direction away from its middle."""
    fx0, fy0, fx1, fy1 = view.frame
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    # what of the piece this view shows
    vx0, vy0, vx1, vy1 = max(min(xs), fx0), max(min(ys), fy0), min(max(xs), fx1), min(max(ys), fy1)
    cx, cy = (vx0 + vx1) / 2, (vy0 + vy1) / 2
    found: list[tuple[float, float]] = []
    if label.inner:
        for fx, fy in ((0, 0), (0, -0.55), (0, 0.55), (-0.5, 0), (0.5, 0), (0, -0.75), (0, 0.75), (-0.7, 0), (0.7, 0)):
            px, py = cx + fx * (vx1 - vx0) / 2, cy + fy * (vy1 - vy0) / 2
            found.append((px - w / 2, py - h / 2))
    anchors = [points[-1]] if label.near else []
    if not anchors:
        ring = points if len(points) < 3 or points[0] != points[-1] else points[:-1]
        anchors = _spread(ring, 24)
        anchors += [(cx, vy0), (cx, vy1), (vx0, cy), (vx1, cy)]
    gap = max(3.0 * view.font, 0.35 * h)  # a larger name stands further off
    for ax, ay in anchors:
        ax, ay = min(max(ax, fx0), fx1), min(max(ay, fy0), fy1)
        dx, dy = ax - cx, ay - cy
        norm = math.hypot(dx, dy)
        directions = [(dx / norm, dy / norm)] if norm > 1e-6 else []
        if label.near or norm <= 1e-6:
            directions = [(1, 0), (-1, 0), (0, -1), (0, 1), (0.7, -0.7), (0.7, 0.7), (-0.7, -0.7), (-0.7, 0.7)]
        for ux, uy in directions:
            # the side of the name facing the anchor stands `gap` off it
            x = ax + gap * ux + (0 if ux > 0.38 else -w if ux < -0.38 else -w / 2)
            y = ay + gap * uy + (0 if uy > 0.38 else -h if uy < -0.38 else -h / 2)
            found.append((x, y))
    return found


def _spread(ring: list[XY], count: int) -> list[XY]:
    """Points along a closed outline, as evenly as its corners allow: its corners and its
    sides' middles when few, else every so many."""
    if len(ring) < 2:
        return list(ring)
    points: list[XY] = []
    for a, b in zip(ring, ring[1:] + ring[:1]):
        points += [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)]
    step = max(1, len(points) // count)
    return points[::step]


def _place_label(label: _Label, points: list[XY], size: float, shapes: list[Any], placed: list[Box],
                 view: _View) -> Box | None:
    w, h = _text_width(label.text, size) + 1, size * 1.08
    fx0, fy0, fx1, fy1 = view.frame
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    best: tuple[float, Box] | None = None
    for order, (x, y) in enumerate(_candidates(label, points, w, h, view)):
        x = min(max(x, fx0), fx1 - w)
        y = min(max(y, fy0), fy1 - h)
        rect = (x, y, x + w, y + h)
        cost = _cost(rect, label, shapes, placed)
        cost += 0.002 * math.dist(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), middle) + 0.0005 * order
        if best is None or cost < best[0]:
            best = (cost, rect)
    return best[1] if best else None


_GRID = [(i / 6, j / 2) for i in range(7) for j in range(3)]


def _cost(rect: Box, label: _Label, shapes: list[Any],
          placed: list[Box]) -> float:
    x0, y0, x1, y1 = rect
    cost = 0.0
    area = (x1 - x0) * (y1 - y0)
    for px0, py0, px1, py1 in placed:
        ox, oy = min(x1, px1 + 2) - max(x0, px0 - 2), min(y1, py1 + 1) - max(y0, py0 - 1)
        if ox > 0 and oy > 0:
            cost += 20.0 * (ox * oy / area + 0.2)
    samples = [(x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)) for fx, fy in _GRID]
    for kind, points, weight, piece, reach, box in shapes:
        if box[0] > x1 or box[2] < x0 or box[1] > y1 or box[3] < y0:
            continue
        if label.inner and piece == label.piece and kind == "polygon":
            continue  # an island's name belongs on it
        if kind == "polygon":
            hits = sum(1 for s in samples if _inside(s, points))
        elif kind == "circle":
            hits = sum(1 for s in samples if any(math.dist(s, p) <= reach + 1 for p in points))
            hits += sum(1 for p in points if x0 - reach <= p[0] <= x1 + reach and y0 - reach <= p[1] <= y1 + reach)
        else:
            segments = list(zip(points, points[1:])) or [(points[0], points[0])]
            hits = sum(1 for s in samples if any(math.dist(s, _nearest_on_segment(s, a, b)) <= reach
                                                  for a, b in segments))
        cost += weight * hits / len(samples)
    return cost


# -- the key: what was checked, and what each mark means ---------------------------------------------

def _wrap(text: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and _text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def _check(view: SpanishMainView, table: dict[str, Any], stopped_by: list[dict[str, Any]] | None
           ) -> tuple[str, str, list[str]]:
    """What the picture's marks show: the headline (the rule and whether it held), its colour,
    and the sentences that give the figures."""
    focus = table.get("focus") or {}
    findings = [f for f in stopped_by or [] if f.get("severity", "error") == "error"]
    geometric = [f for f in findings if str(f.get("code", "")).startswith("S-GEO")]
    said: list[str] = []
    if geometric:
        finding = geometric[0]
        said.append(f'{finding["message"]}.')
        headline = f'Checked: {finding["code"]} — the entry breaks it'
        if finding.get("move_number"):
            headline += f' (move {finding["move_number"]}: {finding.get("move") or ""})'.rstrip()
        return headline, "#b03a2e", said
    kind = focus.get("kind")
    if kind == "shot":
        gap = math.dist(focus["from"], focus["to"])
        said.append(f'the nearest point of {focus["target"]} is {gap:.1f} mm from the firing point, against a range '
                    f'of {focus["range_mm"]:g} mm (ε {table["epsilon"]:g} mm), with a line of fire clear of every '
                    'sail, island, ship and fog bank.')
        headline = "Last check: S-GEO-SHOT — held"
    elif kind == "move":
        said.append(f'{focus["ship"]}\'s last segment sweeps the shaded area, which overlaps no island, ship or fort '
                    f'by more than ε ({table["epsilon"]:g} mm).')
        headline = "Last check: S-GEO-MOVE — held"
    elif kind == "drift":
        gap = math.dist(focus["from"], focus["to"])
        said.append(f'{focus["iceberg"]} drifts {gap:.1f} mm (S is {table["units"]["S"]:g} mm) and stops where '
                    'the log says.')
        headline = "Last check: S-GEO-ICEBERG — held"
    elif kind == "place" and focus.get("ship"):
        said.append(f'{focus["ship"]} stands where the entry puts it, overlapping nothing by more than ε '
                    f'({table["epsilon"]:g} mm).')
        headline = "Last check: a ship's pose — held"
    elif kind == "place":
        said.append(f'{focus.get("shape")} lies where the entry puts it, at the distances the set-up asks.')
        headline = "Last check: a piece placed — held"
    else:
        headline = "No check of the table to show at this move"
    if findings:
        said.append(f'The replay stopped at {findings[0]["code"]}, a rule of the game, not of the table: '
                    f'{findings[0]["message"]}.')
    return headline, "#1e8449" if focus else "#5d6d7e", said


def _marks(view: SpanishMainView, table: dict[str, Any], players: list[str], colour: dict[str, str],
           extra: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Each mark the picture uses: (its class, a sample drawn in a 36 × 16 box at 0,0, what it means)."""
    marks = []
    for player in players:
        gold = view["gold"][player]
        tint = colour[player]
        marks.append(("key-player", f'<polygon points="0,3 28,3 36,8 28,13 0,13" fill="{tint}" fill-opacity="0.35" '
                      f'stroke="{tint}" stroke-width="1.5"/><polygon points="28,3 36,8 28,13" fill="{tint}"/>',
                      f'{player}\'s ships, bow ahead ({gold["total"]} gold)'))
    marks.append(("key-mast", '<rect x="0" y="0" width="36" height="16" fill="#cfe8f3"/><line x1="18" y1="1" x2="18" '
                  'y2="15" stroke="#fdfefe" stroke-width="3"/><circle cx="18" cy="8" r="2.5" fill="#1b2631"/>',
                  "a mast standing, its sail across the hull"))
    marks.append(("key-lost-mast", '<path d="M15,5 l6,6 M15,11 l6,-6" stroke="#1b2631" stroke-width="1.2"/>',
                  "a mast lost"))
    marks.append(("key-home", '<circle cx="18" cy="8" r="7" fill="#e3c98d" stroke="#b03a2e" stroke-width="3"/>',
                  "a home island, ringed in its player's colour"))
    if any(s["lost"] or s["wreck"] for s in table["ships"]):
        marks.append(("key-faded", '<polygon points="0,3 28,3 36,8 28,13 0,13" fill="#555" fill-opacity="0.2" '
                      'stroke="#555" opacity="0.45"/>', "faded: a ship lost in fog, or a wreck"))
    focus = table.get("focus") or {}
    kind = focus.get("kind")
    if kind == "shot":
        marks.append(("key-fire", '<line x1="2" y1="8" x2="34" y2="8" stroke="#c0392b" stroke-width="2.5"/>',
                      f'the nearest line of fire, {math.dist(focus["from"], focus["to"]):.1f} mm, from the firing '
                      f'point to {focus["target"]}'))
        marks.append(("key-range", '<path d="M2,15 A 30 30 0 0 1 34,3" fill="none" stroke="#c0392b" '
                      'stroke-dasharray="4 4"/>', f'the range, {focus["range_mm"]:g} mm around the firing point'))
    if kind == "move" and focus.get("swept"):
        marks.append(("key-swept", '<rect x="1" y="2" width="34" height="12" fill="#f39c12" fill-opacity="0.3" '
                      'stroke="#d35400" stroke-width="1.5" stroke-dasharray="5 3"/>',
                      f'the area {focus["ship"]}\'s segment sweeps'))
    if focus.get("blocker"):
        marks.append(("key-blocker", '<rect x="2" y="2" width="32" height="12" fill="none" stroke="#e74c3c" '
                      'stroke-width="4"/>', f'in the way: {focus["blocker"]}'))
    if focus.get("at"):
        marks.append(("key-at", '<path d="M12,2 l12,12 M12,14 l12,-12" stroke="#e74c3c" stroke-width="3"/>',
                      "where it is crossed or entered"))
    if extra.get("refused_ship"):
        marks.append(("key-refused", f'<polygon points="0,3 28,3 36,8 28,13 0,13" fill="none" stroke="{REFUSED}" '
                      'stroke-width="2" stroke-dasharray="5 3"/>',
                      f'dashed: {extra["refused_ship"]} where the entry puts it'))
    if extra.get("drift_stop"):
        hit = extra.get("drift_hit")
        marks.append(("key-drift", '<rect x="2" y="2" width="32" height="12" fill="#2e86c1" fill-opacity="0.12" '
                      'stroke="#2e86c1" stroke-width="1.5" stroke-dasharray="5 3"/>',
                      f'dashed: {focus.get("iceberg")} where its drift stops' + (f", against {hit[0]}" if hit else "")))
        marks.append(("key-drift-line", '<line x1="2" y1="8" x2="34" y2="8" stroke="#2e86c1" stroke-width="2.5"/>',
                      "the drift, from the iceberg's middle"))
        if hit:
            marks.append(("key-drift-hit", '<rect x="2" y="2" width="32" height="12" fill="none" stroke="#2e86c1" '
                          'stroke-width="3"/>', f"{hit[0]}, what it stops against"))
    if table["terrain"]:
        marks.append(("key-rim", '<circle cx="18" cy="8" r="6" fill="#fdfefe" stroke="#1b2631"/><text x="18" '
                      'y="11.4" font-size="9" text-anchor="middle">1</text>',
                      "a terrain's numbers, 1 to 6, around its edge"))
    return marks


def _key(view: SpanishMainView, table: dict[str, Any], players: list[str], colour: dict[str, str], height: float,
         total_w: float, moment: str, extra: dict[str, Any], stopped_by: list[dict[str, Any]] | None
         ) -> tuple[list[str], float]:
    """Under the table: the moment and the scale, what the last check found with its figures,
    and every mark's meaning; with the height it takes. The key is set at a size that reads
    when the picture is shown `FIT` wide, however many millimetres the table has."""
    k = max(1.0, total_w / FIT)
    size = 15.0
    room = (total_w - 2 * MARGIN) / k
    y = 24.0
    out = [f'<g class="key" font-size="{size:g}" fill="#1b2631" '
           f'transform="translate({MARGIN},{MARGIN + height}) scale({k:.4f})">',
           f'<text class="moment" x="0" y="{y:g}">Pirates of the Spanish Main — {escape(moment)}; 1 mm of '
           f"table to 1 unit, S = {table['units']['S']:g} mm, L = {table['units']['L']:g} mm, "
           f"ε = {table['epsilon']:g} mm</text>"]
    headline, tint, said = _check(view, table, stopped_by)
    y += 28
    out.append(f'<text class="checked" x="0" y="{y:g}" font-size="17" font-weight="bold" fill="{tint}">'
               f"{escape(headline)}</text>")
    for sentence in said:
        for line in _wrap(sentence[:1].upper() + sentence[1:], size, room):
            y += 21
            out.append(f'<text class="figures" x="0" y="{y:g}">{escape(line)}</text>')
    marks = _marks(view, table, players, colour, extra)
    widest = max(_text_width(meaning, size) for _, _, meaning in marks) + 46 + 28
    columns = max(1, int(room // widest))
    width = room / columns
    y += 12
    for index, (cls, sample, meaning) in enumerate(marks):
        if index % columns == 0:
            y += 25
        x = width * (index % columns)
        out.append(f'<g class="{cls} mark-key"><g transform="translate({x:g},{y - 13:g})">{sample}</g>'
                   f'<text x="{x + 46:g}" y="{y:g}">{escape(meaning)}</text></g>')
    out.append("</g>")
    return out, (y + 20) * k
