"""The table as SVG, to scale, drawn from a level-2 position's view: islands, terrain with
its numbers, ships as hull and bow with their standing masts and sails, forts with their
flags, and the shapes of the last check (a swept path, a line of fire, the piece in the
way). Written as text, one millimetre of table to one unit; no drawing library needed."""

from __future__ import annotations

import hashlib
from typing import Any
from xml.sax.saxutils import escape

MARGIN = 30.0
PANEL = 70.0
"""Room under the table for the title and the key."""
COLOURS = ("#b03a2e", "#1f618d")
TERRAIN = {"fog": ("#b8bec4", 0.75), "sargasso": ("#6a994e", 0.55), "reef": ("#9c6b3c", 0.55),
           "iceberg": ("#f4fbff", 0.95)}


class _Canvas:
    """Table millimetres (y up) to SVG units (y down)."""

    def __init__(self, left: float, bottom: float, width: float, height: float) -> None:
        self.left, self.bottom, self.height = left, bottom, height
        self.width = width

    def x(self, value: float) -> float:
        return round(value - self.left + MARGIN, 1)

    def y(self, value: float) -> float:
        return round(self.height - (value - self.bottom) + MARGIN, 1)

    def points(self, outline: list[list[float]]) -> str:
        return " ".join(f"{self.x(px)},{self.y(py)}" for px, py in outline)


def _bounds(table: dict[str, Any]) -> tuple[float, float, float, float]:
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


def table_svg(view: dict[str, Any]) -> str | None:
    table = view.get("table")
    if table is None:
        return None
    left, bottom, width, height = _bounds(table)
    c = _Canvas(left, bottom, width, height)
    focus_box = _focus_box(c, table)
    inset = height if focus_box is not None else 0.0
    total_w, total_h = width + 2 * MARGIN + (inset + MARGIN if inset else 0), height + 2 * MARGIN + PANEL
    players = list(view["fleets"])
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}
    moment = (f"turn {view['turn']}, {view['player']} to play" if view["stage"] == "play" and view["player"]
              else f"set-up: {view['stage']}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:g}" height="{total_h:g}" '
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
    out += _focus(c, table)
    out.append("</g>")
    if focus_box is not None:
        out += _close_up(focus_box, width + 2 * MARGIN, inset)
    out += _key(view, table, players, colour, height, total_w, moment)
    out.append("</svg>")
    text = "\n".join(out) + "\n"
    # the close-up shows the drawing again by reference: one id a picture, so that pictures
    # sharing a page (a replay) each show their own
    scene = "scene-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    return text.replace('id="scene"', f'id="{scene}"').replace('href="#scene"', f'href="#{scene}"')


def _islands(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="islands">']
    for island in table["islands"]:
        home = island["home_of"]
        stroke = colour.get(home, "#8a6d3b") if home else "#8a6d3b"
        out.append(f'<polygon data-piece="{island["name"]}" points="{c.points(island["outline"])}" fill="#e3c98d" '
                   f'stroke="{stroke}" stroke-width="{4 if home else 2}"/>')
        xs = [p[0] for p in island["outline"]]
        ys = [p[1] for p in island["outline"]]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        label = island["name"] + (f" ({home})" if home else "")
        out.append(f'<text x="{c.x(cx)}" y="{c.y(cy) + 5}" font-size="15" text-anchor="middle" '
                   f'fill="#5b4520">{escape(label)}</text>')
    out.append("</g>")
    return out


def _terrain(c: _Canvas, table: dict[str, Any]) -> list[str]:
    out = ['<g class="terrain">']
    for piece in table["terrain"]:
        fill, opacity = TERRAIN[piece["kind"]]
        dash = ' stroke-dasharray="6 4"' if piece["kind"] in ("reef", "sargasso") else ""
        out.append(f'<polygon data-piece="{piece["name"]}" points="{c.points(piece["outline"])}" fill="{fill}" '
                   f'fill-opacity="{opacity}" stroke="#4d5656" stroke-width="1.5"{dash}/>')
        xs = [p[0] for p in piece["outline"]]
        ys = [p[1] for p in piece["outline"]]
        out.append(f'<text x="{c.x((min(xs) + max(xs)) / 2)}" y="{c.y((min(ys) + max(ys)) / 2) + 4}" font-size="12" '
                   f'text-anchor="middle" fill="#1b2631">{escape(piece["name"])} {piece["kind"]}</text>')
        for number, (x, y) in enumerate(piece["rim"], start=1):
            out.append(f'<circle cx="{c.x(x)}" cy="{c.y(y)}" r="6" fill="#fdfefe" stroke="#1b2631"/>'
                       f'<text class="rim" x="{c.x(x)}" y="{c.y(y) + 3.5}" font-size="9" text-anchor="middle">'
                       f"{number}</text>")
    out.append("</g>")
    return out


def _forts(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="forts">']
    for fort in table["forts"]:
        tint = colour.get(fort["owner"], "#555")
        out.append(f'<polygon data-piece="{fort["id"]}" points="{c.points(fort["outline"])}" fill="#7f8c8d" '
                   f'stroke="{tint}" stroke-width="3"/>')
        for flag in fort["flags"]:
            x, y = c.x(flag["at"][0]), c.y(flag["at"][1])
            fill = tint if flag["standing"] else "none"
            out.append(f'<path class="flag" d="M{x},{y} v-16 l12,5 l-12,5" fill="{fill}" stroke="#1b2631"/>')
    out.append("</g>")
    return out


def _ships(c: _Canvas, table: dict[str, Any], colour: dict[str, str]) -> list[str]:
    out = ['<g class="ships">']
    for ship in table["ships"]:
        tint = colour.get(ship["owner"], "#555")
        faded = ' opacity="0.45"' if ship["lost"] or ship["wreck"] else ""
        out.append(f'<g data-piece="{ship["id"]}"{faded}>')
        out.append(f'<polygon class="hull" points="{c.points(ship["outline"])}" fill="{tint}" fill-opacity="0.35" '
                   f'stroke="{tint}" stroke-width="1.5"/>')
        out.append(f'<polygon class="bow" points="{c.points(ship["bow"])}" fill="{tint}" stroke="{tint}"/>'
                   if len(ship["bow"]) > 2 else
                   f'<polyline class="bow" points="{c.points(ship["bow"])}" stroke="{tint}" stroke-width="3"/>')
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
        stern = ship["outline"][len(ship["outline"]) // 2]
        state = " (lost)" if ship["lost"] else " (wreck)" if ship["wreck"] else " (derelict)" if ship["derelict"] else ""
        out.append(f'<text x="{c.x(stern[0])}" y="{c.y(stern[1]) - 6}" font-size="11" fill="{tint}">'
                   f"{escape(ship['id'] + state)}</text>")
        out.append("</g>")
    out.append("</g>")
    return out


def _focus(c: _Canvas, table: dict[str, Any]) -> list[str]:
    focus = table.get("focus")
    if not focus:
        return []
    out = ['<g class="focus">']
    if focus["kind"] == "move" and focus.get("swept"):
        out.append(f'<polygon class="swept" points="{c.points(focus["swept"])}" fill="#f39c12" fill-opacity="0.3" '
                   'stroke="#d35400" stroke-width="1.5" stroke-dasharray="5 3"/>')
        out.append(f'<line x1="{c.x(focus["from"][0])}" y1="{c.y(focus["from"][1])}" x2="{c.x(focus["to"][0])}" '
                   f'y2="{c.y(focus["to"][1])}" stroke="#d35400" stroke-width="1.5"/>')
    if focus["kind"] in ("shot", "drift") and focus.get("to"):
        stroke = "#c0392b" if focus["kind"] == "shot" else "#2e86c1"
        out.append(f'<line class="{"line-of-fire" if focus["kind"] == "shot" else "drift"}" '
                   f'x1="{c.x(focus["from"][0])}" y1="{c.y(focus["from"][1])}" x2="{c.x(focus["to"][0])}" '
                   f'y2="{c.y(focus["to"][1])}" stroke="{stroke}" stroke-width="2.5"/>')
        if focus["kind"] == "shot":
            out.append(f'<circle class="range" cx="{c.x(focus["from"][0])}" cy="{c.y(focus["from"][1])}" '
                       f'r="{focus["range_mm"]}" fill="none" stroke="#c0392b" stroke-dasharray="4 4"/>')
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


def _focus_box(c: _Canvas, table: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """The square, in picture units, around what the last check looked at: the close-up's frame."""
    focus = table.get("focus")
    if not focus or focus["kind"] not in ("move", "shot", "drift"):
        return None
    points = [focus[k] for k in ("from", "to", "at") if focus.get(k)] + list(focus.get("swept") or [])
    if focus.get("blocker"):
        points += _outline_of(table, focus["blocker"]) or []
    if focus.get("target"):
        points += _outline_of(table, focus["target"]) or []
    xs = [c.x(p[0]) for p in points]
    ys = [c.y(p[1]) for p in points]
    side = max(max(xs) - min(xs), max(ys) - min(ys)) * 1.3 + 40
    return ((min(xs) + max(xs) - side) / 2, (min(ys) + max(ys) - side) / 2, side, side)


def _close_up(box: tuple[float, float, float, float], left: float, size: float) -> list[str]:
    """The same drawing again, enlarged around the check: where a dispute is settled."""
    x, y, w, h = box
    return [f'<g class="close-up"><rect x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" fill="#cfe8f3"/>',
            f'<svg x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" viewBox="{x:g} {y:g} {w:g} {h:g}">',
            '<use href="#scene"/></svg>',
            f'<rect x="{left}" y="{MARGIN}" width="{size:g}" height="{size:g}" fill="none" stroke="#5d7f8f" '
            'stroke-width="2"/>',
            f'<text x="{left}" y="{MARGIN - 8}" font-size="14" fill="#1b2631">close-up, ×{size / w:.1f}</text></g>']


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


def _key(view: dict[str, Any], table: dict[str, Any], players: list[str], colour: dict[str, str], height: float,
         total_w: float, moment: str) -> list[str]:
    top = MARGIN + height + 28
    out = ['<g class="key" font-size="14">',
           f'<text x="{MARGIN}" y="{top}" fill="#1b2631">Pirates of the Spanish Main — {escape(moment)}; '
           f"1 mm of table to 1 unit, S = {table['units']['S']:g} mm, L = {table['units']['L']:g} mm, "
           f"ε = {table['epsilon']:g} mm</text>"]
    x = MARGIN
    for player in players:
        gold = view["gold"][player]
        out.append(f'<rect x="{x}" y="{top + 14}" width="14" height="14" fill="{colour[player]}"/>'
                   f'<text x="{x + 20}" y="{top + 26}" fill="#1b2631">{escape(player)}: {gold["total"]} gold</text>')
        x += 170
    focus = table.get("focus")
    if focus and focus.get("blocker"):
        out.append(f'<text x="{x}" y="{top + 26}" fill="#e74c3c">in the way: {escape(focus["blocker"])}</text>')
    out.append("</g>")
    return out
