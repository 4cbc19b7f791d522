"""The board as SVG, drawn from a position's view: squares, islands, ships in their
players' colours, parrots with value and beak, the wind, each hold's count, and the
last round's ship paths. Written as text; no drawing library is needed to make it."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from referee.games.perroquets.view import RECONSTRUCTED, seat_letters

CELL = 40
MARGIN = 40
PANEL = 230
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
BEAK = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _centre(x: int, y: int, height: int) -> tuple[float, float]:
    """Centre of square (x, y) in SVG units; rows grow upward on the board, downward in SVG."""
    return MARGIN + CELL * x + CELL / 2, MARGIN + CELL * (height - 1 - y) + CELL / 2


def _xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - 97, int(square[1:]) - 1


def board_svg(view: dict[str, Any]) -> str:
    board = view["board"]
    width, height = board["width"], board["height"]
    total_w = MARGIN * 2 + CELL * width + PANEL
    total_h = max(MARGIN * 2 + CELL * height + 30, 420)
    players = view["players"]
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}
    letters = seat_letters(players)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
           f'viewBox="0 0 {total_w} {total_h}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<title>Pirates &amp; Perroquets, round {view["round"]}</title>',
           f'<rect width="{total_w}" height="{total_h}" fill="#fbf8ef"/>',
           '<defs><marker id="tip" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>']
    islands = set(board["islands"])
    out.append('<g class="squares">')
    for y in range(height):
        for x in range(width):
            name = f"{chr(97 + x)}{y + 1}"
            left, top = MARGIN + CELL * x, MARGIN + CELL * (height - 1 - y)
            fill = "#c9a66b" if name in islands else "#cfe8f3"
            kind = "island" if name in islands else "sea"
            out.append(f'<rect class="{kind}" data-square="{name}" x="{left}" y="{top}" width="{CELL}" '
                       f'height="{CELL}" fill="{fill}" stroke="#8aa9b8" stroke-width="1"/>')
            if name in islands:
                out.append(f'<circle cx="{left + CELL / 2}" cy="{top + CELL / 2}" r="{CELL / 3}" fill="#7a9a3a" '
                           'opacity="0.8"/>')
    out.append("</g>")
    out.append('<g class="labels" font-size="12" fill="#444" text-anchor="middle">')
    for x in range(width):
        cx = MARGIN + CELL * x + CELL / 2
        out.append(f'<text x="{cx}" y="{MARGIN + CELL * height + 30}">{chr(97 + x)}</text>')
    for y in range(height):
        _, cy = _centre(0, y, height)
        out.append(f'<text x="{MARGIN - 28}" y="{cy + 4}">{y + 1}</text>')
    out.append("</g>")
    last = view.get("last_round")
    if last:
        out.append('<g class="paths" fill="none" stroke-width="3" stroke-linecap="round" opacity="0.75">')
        for voyage in last["order"]:
            points = [_centre(*_xy(voyage["start"]), height)] + [
                _centre(*_xy(step["square"]), height) for step in voyage["path"]]
            if len(points) > 1:
                path = " ".join(f"{px:.0f},{py:.0f}" for px, py in points)
                out.append(f'<polyline class="path" data-player="{escape(voyage["player"])}" points="{path}" '
                           f'stroke="{colour[voyage["player"]]}" stroke-dasharray="6 4" marker-end="url(#tip)"/>')
        out.append("</g>")
    out.append('<g class="ships">')
    by_square: dict[str, list[str]] = {}
    for player, square in view["ships"].items():
        if square:
            by_square.setdefault(square, []).append(player)
    for square, here in by_square.items():
        cx, cy = _centre(*_xy(square), height)
        for index, player in enumerate(here):
            dx = (index - (len(here) - 1) / 2) * 12
            x0, y0 = cx + dx, cy + 6
            hull = (f"M{x0 - 11:.0f},{y0 - 3:.0f} L{x0 + 11:.0f},{y0 - 3:.0f} L{x0 + 7:.0f},{y0 + 6:.0f} "
                    f"L{x0 - 7:.0f},{y0 + 6:.0f} z")
            out.append(f'<g class="ship" data-player="{escape(player)}" data-square="{square}">'
                       f'<path d="{hull}" fill="{colour[player]}" stroke="#222" stroke-width="1"/>'
                       f'<path d="M{x0:.0f},{y0 - 3:.0f} L{x0:.0f},{y0 - 18:.0f} L{x0 + 8:.0f},{y0 - 8:.0f} z" '
                       f'fill="#fff" stroke="#222" stroke-width="1"/>'
                       f'<text x="{x0:.0f}" y="{y0 + 4.5:.0f}" font-size="8" font-weight="bold" '
                       f'text-anchor="middle" fill="#fff">{escape(letters[player])}</text></g>')
    out.append("</g>")
    out.append('<g class="parrots">')
    stacks: dict[tuple[int, int], int] = {}
    for parrot in view["parrots"]:
        at = (parrot["at"]["x"], parrot["at"]["y"])
        index = stacks.get(at, 0)
        stacks[at] = index + 1
        cx, cy = _centre(*at, height)
        cx += -12 + 12 * (index % 3)
        cy += -10 + 13 * ((index // 3) % 2)
        bx, by = BEAK[parrot["heading"]]
        fill = "#ffffff" if view["colour"] == "white" else "#222222"
        text = "#222222" if view["colour"] == "white" else "#ffffff"
        # the beak: a small orange triangle on the rim, pointing where the parrot flies
        tip = (cx + bx * 13, cy + by * 13)
        left = (cx + bx * 6 - by * 4, cy + by * 6 + bx * 4)
        right = (cx + bx * 6 + by * 4, cy + by * 6 - bx * 4)
        beak = " ".join(f"{x:.0f},{y:.0f}" for x, y in (tip, left, right))
        out.append(f'<g class="parrot" data-value="{parrot["value"]}" data-heading="{parrot["heading"]}">'
                   f'<polygon class="beak" points="{beak}" fill="#e67e22" stroke="#a04000" stroke-width="0.8"/>'
                   f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="7" fill="{fill}" stroke="#e67e22" stroke-width="2"/>'
                   f'<text x="{cx:.0f}" y="{cy + 3.5:.0f}" font-size="9" font-weight="bold" text-anchor="middle" '
                   f'fill="{text}">{parrot["value"]}</text></g>')
    out.append("</g>")
    px = MARGIN * 2 + CELL * width
    out.append('<g class="panel" font-size="13" fill="#222">')
    out.append(f'<text x="{px}" y="{MARGIN}" font-size="15" font-weight="bold">Round {view["round"]}</text>')
    out.append(f'<text x="{px}" y="{MARGIN + 18}">first player: {escape(view["first"])}</text>')
    out.append(f'<text x="{px}" y="{MARGIN + 34}" font-size="11" fill="#555">{escape(view["phase"])}</text>')
    wind = view.get("wind")
    if wind:
        bx, by = BEAK[wind]
        wx, wy = px + 40, MARGIN + 60
        head = " ".join(f"{x},{y}" for x, y in ((wx + bx * 20, wy + by * 20), (wx + bx * 8 - by * 8, wy + by * 8 + bx * 8),
                                                (wx + bx * 8 + by * 8, wy + by * 8 - bx * 8)))
        out.append(f'<g class="wind" data-heading="{wind}"><circle cx="{wx}" cy="{wy}" r="24" fill="#fff" '
                   f'stroke="#888"/><line x1="{wx - bx * 18}" y1="{wy - by * 18}" x2="{wx + bx * 9}" '
                   f'y2="{wy + by * 9}" stroke="#c0392b" stroke-width="4"/><polygon points="{head}" '
                   'fill="#c0392b"/></g>')
        out.append(f'<text x="{px + 72}" y="{MARGIN + 64}">wind {view["wind_roll"]}: toward {wind}</text>')
    else:
        out.append(f'<text x="{px}" y="{MARGIN + 64}">wind: not rolled yet</text>')
    y = MARGIN + 110
    out.append(f'<text x="{px}" y="{y}" font-weight="bold">Holds</text>')
    for player in players:
        y += 20
        hold = view["holds"][player]
        out.append(f'<g class="hold" data-player="{escape(player)}"><rect x="{px}" y="{y - 11}" width="12" '
                   f'height="12" fill="{colour[player]}"/><text x="{px + 18}" y="{y}">{escape(player)}: '
                   f'{hold["count"]} parrot{"s" if hold["count"] != 1 else ""}</text></g>')
    y += 30
    bag = sum(view["bag"].values())
    out.append(f'<text x="{px}" y="{y}">bag: {bag}, gone: {view["gone"]}</text>')
    y += 18
    out.append(f'<text x="{px}" y="{y}">parrots show {view["colour"]}</text>')
    if view["over"]:
        y += 18
        out.append(f'<text x="{px}" y="{y}" font-weight="bold">game over</text>')
    out.append("</g>")
    note = f'data: {escape(view["data"]["id"])}' + (f" — {RECONSTRUCTED}" if view["data"]["reconstructed"] else "")
    out.append(f'<text class="data-note" x="{MARGIN - 30}" y="{total_h - 8}" font-size="11" fill="#666">'
               f"{escape(note)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
