"""The board as SVG, drawn from a position's view: squares named by their letters and
numbers on every side, islands, ships in their players' colours, parrots with value and
beak, the wind, each hold's count, the last round's paths with their meetings marked, the
round's phase in words, and a legend of every mark. Written as text; no drawing library
is needed to make it.

Every mark in a square has a place of its own: the square is cut into as many equal
slots as it holds ships and parrots (one, four, nine...), so nothing hides anything."""

from __future__ import annotations

import functools
import html
import math
from typing import Any

from referee.games.perroquets.position import PerroquetsView
from referee.games.perroquets.view import RECONSTRUCTED, phase_words, seat_letters


def escape(text: str) -> str:
    """Text for the picture, in an element or an attribute: quotes escaped too."""
    return html.escape(text, quote=True)


CELL = 64
"""A square's side."""
RULE = 20
"""The strip along each side of the board that holds its letters and numbers."""
PAD = 14
TITLE = 64
PANEL = 300
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
VALUES = {1: "#17a589", 2: "#8e44ad", 3: "#d35400", 4: "#2c3e50", 5: "#7f8c8d"}
"""The ring of a parrot by its value."""
BEAK_FILL = "#f5b041"
MEETING = "#e67e22"
INK = "#1b2631"
MUTED = "#5d6d7e"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""A heading as a step in picture units (y grows downward)."""
WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


class _Board:
    """Where each square of the board and of its margin lies in the picture."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.left = PAD + CELL + RULE
        self.top = TITLE + CELL + RULE

    def corner(self, x: int, y: int) -> tuple[float, float]:
        """The top-left corner of square (x, y); the margin's squares stand past the rulers."""
        left = self.left + CELL * x
        if x < 0:
            left -= RULE
        elif x >= self.width:
            left += RULE
        top = self.top + CELL * (self.height - 1 - y)
        if y < 0:
            top += RULE
        elif y >= self.height:
            top -= RULE
        return left, top

    def centre(self, x: int, y: int) -> tuple[float, float]:
        left, top = self.corner(x, y)
        return left + CELL / 2, top + CELL / 2

    @property
    def right(self) -> float:
        return self.left + CELL * self.width

    @property
    def bottom(self) -> float:
        return self.top + CELL * self.height


def _xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - 97, int(square[1:]) - 1


def _slots(count: int) -> int:
    """How many slots a side of a square is cut into for `count` marks."""
    return max(1, math.ceil(math.sqrt(count)))


def board_svg(view: PerroquetsView) -> str:
    board = view["board"]
    width, height = board["width"], board["height"]
    grid = _Board(width, height)
    panel_x = grid.right + RULE + CELL + 24
    total_w = panel_x + PANEL + PAD
    total_h = max(grid.bottom + RULE + CELL + 40, TITLE + 640)
    players = view["players"]
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}
    letters = seat_letters(players)
    # what stays the same from one position to the next comes first: pictures of a game on a
    # replay page share it
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:g}" height="{total_h:g}" '
           f'viewBox="0 0 {total_w:g} {total_h:g}" font-family="DejaVu Sans, Arial, sans-serif">',
           "<title>Pirates &amp; Perroquets: the board</title>",
           f'<rect width="{total_w:g}" height="{total_h:g}" fill="#fbf8ef"/>',
           '<defs><marker id="tip" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>']
    out.append(_board(width, height, tuple(board["islands"])))
    out += _heading(view)
    out += _meetings(grid, view)
    out += _paths(grid, view, colour)
    out += _marks(grid, view, colour, letters)
    out += _panel(view, panel_x, colour, letters)
    note = f'data: {view["data"]["id"]}' + (f" — {RECONSTRUCTED}" if view["data"]["reconstructed"] else "")
    out.append(f'<text class="data-note" x="{PAD}" y="{total_h - 12:g}" font-size="12" fill="{MUTED}">'
               f"{escape(note)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the board ---------------------------------------------------------------------------------------

def _heading(view: PerroquetsView) -> list[str]:
    """The round and its phase in words, then who plays first and who writes next."""
    status = [f"first player {view['first']}"]
    if view["over"]:
        status.append(f"the game ended {view['end'] or ''}".rstrip())
    elif view["next"]:
        status.append(f"next to write: {view['next']}")
    return [f'<g class="heading" fill="{INK}">',
            f'<text x="{PAD}" y="28" font-size="20" font-weight="bold">Round {view["round"]}</text>',
            f'<text class="phase" x="{PAD + 110}" y="28" font-size="16">{escape(phase_words(view))}</text>',
            f'<text x="{PAD}" y="50" font-size="14" fill="{MUTED}">{escape(" · ".join(status))}</text>',
            "</g>"]


@functools.lru_cache(maxsize=8)
def _board(width: int, height: int, islands: tuple[str, ...]) -> str:
    """The squares and their letters and numbers: the same at every position of a game."""
    grid = _Board(width, height)
    return "\n".join(_squares(grid, set(islands)) + _rulers(grid))


def _squares(grid: _Board, islands: set[str]) -> list[str]:
    out = ['<g class="squares" fill="#cfe8f3" stroke="#8aa9b8" stroke-width="1">']
    for y in range(grid.height):
        for x in range(grid.width):
            name = f"{chr(97 + x)}{y + 1}"
            left, top = grid.corner(x, y)
            if name in islands:
                out.append(f'<rect class="island" data-square="{name}" x="{left:g}" y="{top:g}" width="{CELL}" '
                           f'height="{CELL}" fill="#d9bf8c"/>')
                out.append(_palm(left + CELL / 2, top + CELL / 2, "island-mark"))
            else:
                out.append(f'<rect class="sea" data-square="{name}" x="{left:g}" y="{top:g}" width="{CELL}" '
                           f'height="{CELL}"/>')
    out.append(f'<rect x="{grid.left}" y="{grid.top}" width="{CELL * grid.width}" height="{CELL * grid.height}" '
               f'fill="none" stroke="#5d7f8f" stroke-width="2"/>')
    out.append("</g>")
    return out


def _palm(cx: float, cy: float, cls: str, size: float = CELL) -> str:
    """An island's mark: a green mound, pale so that what stands on it reads."""
    k = size / CELL
    return (f'<ellipse class="{cls}" cx="{cx:.1f}" cy="{cy + 6 * k:.1f}" rx="{20 * k:.1f}" ry="{12 * k:.1f}" '
            f'fill="#8fae5a" stroke="none" opacity="0.55"/>')


def _rulers(grid: _Board) -> list[str]:
    """Letters above and below the board, numbers on its left and right, each against its
    column or row, between the board and the margin where parrots wait on their dots."""
    out = [f'<g class="labels" font-size="13" fill="{MUTED}" text-anchor="middle">']
    for x in range(grid.width):
        cx = grid.left + CELL * x + CELL / 2
        for y in (grid.top - RULE / 2 + 5, grid.bottom + RULE / 2 + 5):
            out.append(f'<text class="column" x="{cx:g}" y="{y:g}">{chr(97 + x)}</text>')
    for y in range(grid.height):
        cy = grid.top + CELL * (grid.height - 1 - y) + CELL / 2 + 5
        for x in (grid.left - RULE / 2, grid.right + RULE / 2):
            out.append(f'<text class="row" x="{x:g}" y="{cy:g}">{y + 1}</text>')
    out.append("</g>")
    return out


def _meetings(grid: _Board, view: PerroquetsView) -> list[str]:
    """The squares where ships met in the last round, framed."""
    last = view["last_round"]
    if not last:
        return []
    met: dict[str, list[str]] = {}
    for voyage in last["order"]:
        for step in voyage["path"]:
            for what in step["happened"]:
                if what.startswith("meets "):
                    met.setdefault(step["square"], []).append(f'{voyage["player"]} {what}')
    out = ['<g class="meetings">']
    for square, said in met.items():
        left, top = grid.corner(*_xy(square))
        out.append(f'<rect class="meeting" data-square="{square}" x="{left + 2:g}" y="{top + 2:g}" '
                   f'width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="{MEETING}" stroke-width="4" '
                   f'rx="6"><title>{escape("; ".join(said))}</title></rect>')
    out.append("</g>")
    return out


def _paths(grid: _Board, view: PerroquetsView, colour: dict[str, str]) -> list[str]:
    last = view["last_round"]
    if not last:
        return []
    out = ['<g class="paths" fill="none" stroke-width="3" stroke-linecap="round" opacity="0.7">']
    for voyage in last["order"]:
        points = [grid.centre(*_xy(voyage["start"]))] + [grid.centre(*_xy(s["square"])) for s in voyage["path"]]
        if len(points) > 1:
            path = " ".join(f"{px:.0f},{py:.0f}" for px, py in points)
            out.append(f'<polyline class="path" data-player="{escape(voyage["player"])}" points="{path}" '
                       f'stroke="{colour[voyage["player"]]}" stroke-dasharray="7 5" marker-end="url(#tip)"/>')
    out.append("</g>")
    return out


def _marks(grid: _Board, view: PerroquetsView, colour: dict[str, str], letters: dict[str, str]) -> list[str]:
    """Ships and parrots, each in a slot of its square: ships first, then parrots by value."""
    here: dict[tuple[int, int], list[tuple[str, Any]]] = {}
    for player, square in view["ships"].items():
        if square:
            here.setdefault(_xy(square), []).append(("ship", player))
    for parrot in sorted(view["parrots"], key=lambda p: p["value"]):
        here.setdefault((parrot["at"]["x"], parrot["at"]["y"]), []).append(("parrot", parrot))
    ships, parrots = ['<g class="ships">'], ['<g class="parrots">']
    face = view["colour"]
    for (x, y), marks in here.items():
        left, top = grid.corner(x, y)
        side = _slots(len(marks))
        size = CELL / side
        bird = CELL / max(side, 2)  # a parrot alone keeps the size it has among others
        for index, (kind, what) in enumerate(marks):
            cx = left + size * (index % side) + size / 2
            cy = top + size * (index // side) + size / 2
            if kind == "ship":
                square = view["ships"][what]
                ships.append(f'<g class="ship" data-player="{escape(what)}" data-square="{square}">'
                             f'{_ship(cx, cy, size, colour[what], letters[what])}</g>')
            else:
                where = what["square"] or f"{x},{y}"
                waiting = "" if what["square"] else ' data-waiting="yes"'
                parrots.append(f'<g class="parrot" data-value="{what["value"]}" data-heading="{what["heading"]}" '
                               f'data-x="{x}" data-y="{y}" data-at="{where}"{waiting}>'
                               f'{_parrot(cx, cy, bird, what["value"], what["heading"], face)}</g>')
    return ships + ["</g>"] + parrots + ["</g>"] + _margin_dots(grid, here)


def _margin_dots(grid: _Board, here: dict[tuple[int, int], list[tuple[str, Any]]]) -> list[str]:
    """Outside the board, the squares of the margin where parrots wait, outlined faintly."""
    out = ['<g class="margin">']
    for (x, y) in here:
        if 0 <= x < grid.width and 0 <= y < grid.height:
            continue
        left, top = grid.corner(x, y)
        out.append(f'<rect class="dot-square" data-x="{x}" data-y="{y}" x="{left:g}" y="{top:g}" width="{CELL}" '
                   f'height="{CELL}" fill="none" stroke="#aab7b8" stroke-dasharray="3 3"/>')
    out.append("</g>")
    return out


def _ship(cx: float, cy: float, size: float, fill: str, letter: str) -> str:
    """A ship seen from the side, in a box of `size`: a hull, a mast with its pennant and a
    square sail bearing the player's letter."""
    k = size / 56
    line = max(1.0, 2 * k)
    hull = (f"M{cx - 24 * k:.1f},{cy + 8 * k:.1f} L{cx + 24 * k:.1f},{cy + 8 * k:.1f} "
            f"L{cx + 16 * k:.1f},{cy + 20 * k:.1f} L{cx - 16 * k:.1f},{cy + 20 * k:.1f} z")
    return (f'<line x1="{cx:.1f}" y1="{cy - 24 * k:.1f}" x2="{cx:.1f}" y2="{cy + 8 * k:.1f}" stroke="{INK}" '
            f'stroke-width="{line:.1f}"/>'
            f'<path d="M{cx:.1f},{cy - 24 * k:.1f} l{10 * k:.1f},{3 * k:.1f} l{-10 * k:.1f},{3 * k:.1f} z" '
            f'fill="{fill}"/>'
            f'<rect class="sail" x="{cx - 15 * k:.1f}" y="{cy - 19 * k:.1f}" width="{30 * k:.1f}" '
            f'height="{25 * k:.1f}" rx="{2 * k:.1f}" fill="#fdfefe" stroke="{fill}" stroke-width="{line:.1f}"/>'
            f'<text x="{cx:.1f}" y="{cy + 0.5 * k:.1f}" font-size="{18 * k:.1f}" font-weight="bold" '
            f'text-anchor="middle" fill="{fill}">{escape(letter)}</text>'
            f'<path class="hull" d="{hull}" fill="{fill}" stroke="{INK}" stroke-width="{max(0.8, 1.2 * k):.1f}"/>')


def _parrot(cx: float, cy: float, size: float, value: int, heading: str, face: str) -> str:
    """A parrot in a box of `size`: a disc showing the round's colour, ringed by its value's
    colour, with its value, and a beak on the rim pointing the way it flies."""
    r = size * 0.3
    bx, by = STEP[heading]
    tip = (cx + bx * size * 0.48, cy + by * size * 0.48)
    base = size * 0.22
    half = size * 0.14
    left = (cx + bx * base - by * half, cy + by * base + bx * half)
    right = (cx + bx * base + by * half, cy + by * base - bx * half)
    beak = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
    fill, ink = ("#fdfefe", INK) if face == "white" else ("#212f3c", "#fdfefe")
    ring = VALUES.get(value, "#7f8c8d")
    return (f'<polygon class="beak" points="{beak}" fill="{BEAK_FILL}" stroke="#a04000" '
            f'stroke-width="{max(0.6, size / 60):.1f}"/>'
            f'<circle class="body" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{ring}" '
            f'stroke-width="{max(1.2, size * 0.07):.1f}"/>'
            f'<text x="{cx:.1f}" y="{cy + r * 0.42:.1f}" font-size="{r * 1.25:.1f}" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{value}</text>')


# -- the panel: wind, holds and the legend --------------------------------------------------------------

def _panel(view: PerroquetsView, x: float, colour: dict[str, str], letters: dict[str, str]) -> list[str]:
    out = [f'<g class="panel" font-size="14" fill="{INK}">']
    y = TITLE + 12
    wind = view["wind"]
    out.append(f'<text x="{x}" y="{y}" font-size="15" font-weight="bold">Wind</text>')
    if wind:
        bx, by = STEP[wind]
        wx, wy = x + 30, y + 38
        head = " ".join(f"{px:g},{py:g}" for px, py in (
            (wx + bx * 21, wy + by * 21), (wx + bx * 7 - by * 9, wy + by * 7 + bx * 9),
            (wx + bx * 7 + by * 9, wy + by * 7 - bx * 9)))
        out.append(f'<g class="wind" data-heading="{wind}"><circle cx="{wx}" cy="{wy}" r="25" fill="#fff" '
                   f'stroke="#99a3a4"/><line x1="{wx - bx * 19}" y1="{wy - by * 19}" x2="{wx + bx * 9}" '
                   f'y2="{wy + by * 9}" stroke="#c0392b" stroke-width="4"/><polygon points="{head}" '
                   f'fill="#c0392b"/><text x="{wx}" y="{wy - 28}" font-size="10" fill="{MUTED}" '
                   'text-anchor="middle">N</text></g>')
        out.append(f'<text x="{x + 66}" y="{y + 34}">die {view["wind_roll"]}: blows toward</text>'
                   f'<text x="{x + 66}" y="{y + 52}">the {WORDS[wind]} (the arrow)</text>')
    else:
        out.append(f'<text x="{x}" y="{y + 24}" fill="{MUTED}">not rolled yet this round</text>')
    y += 94
    out.append(f'<text x="{x}" y="{y}" font-size="15" font-weight="bold">Ships and holds</text>')
    for player in view["players"]:
        y += 34
        hold = view["holds"][player]
        count = hold["count"]
        where = f' at {view["ships"][player]}' if view["ships"][player] else ", not placed yet"
        values = f' ({" ".join(map(str, hold["values"]))})' if hold["values"] else ""
        out.append(f'<g class="hold" data-player="{escape(player)}">'
                   f'<g class="legend-ship">{_ship(x + 16, y - 6, 34, colour[player], letters[player])}</g>'
                   f'<text x="{x + 40}" y="{y - 4}">{escape(player)}{where}: {count} '
                   f'parrot{"s" if count != 1 else ""}{escape(values)}</text></g>')
    y += 34
    out.append(f'<text x="{x}" y="{y}" font-size="15" font-weight="bold">Parrots by value</text>')
    on_board: dict[int, int] = {}
    for parrot in view["parrots"]:
        on_board[parrot["value"]] = on_board.get(parrot["value"], 0) + 1
    values = sorted(set(on_board) | {int(v) for v in view["bag"]}) or [1, 2, 3]
    for value in values:
        y += 30
        bag = view["bag"].get(str(value), 0)
        out.append(f'<g class="legend-parrot" data-value="{value}">'
                   f'{_parrot(x + 16, y - 5, 34, value, "E", view["colour"])}'
                   f'<text x="{x + 40}" y="{y}">{value}: {on_board.get(value, 0)} on the board, {bag} in the bag'
                   '</text></g>')
    y += 24
    out.append(f'<text x="{x}" y="{y}" font-size="12" fill="{MUTED}">the number is its value, the beak points '
               'the way</text>')
    out.append(f'<text x="{x}" y="{y + 16}" font-size="12" fill="{MUTED}">it flies; all show {view["colour"]}; '
               f'{view["gone"]} gone</text>')
    y += 44
    out.append(f'<text x="{x}" y="{y}" font-size="15" font-weight="bold">Marks</text>')
    y += 24
    out.append(f'<g class="legend-island"><rect x="{x + 2}" y="{y - 14}" width="28" height="20" fill="#d9bf8c" '
               f'stroke="#8aa9b8"/>{_palm(x + 16, y - 7, "legend-palm", 28)}'
               f'<text x="{x + 40}" y="{y}">island</text></g>')
    y += 26
    out.append(f'<g class="legend-path"><line x1="{x + 2}" y1="{y - 5}" x2="{x + 30}" y2="{y - 5}" '
               f'stroke="{MUTED}" stroke-width="3" stroke-dasharray="7 5"/>'
               f'<text x="{x + 40}" y="{y}">a ship\'s path last round</text></g>')
    y += 26
    out.append(f'<g class="legend-meeting"><rect x="{x + 4}" y="{y - 16}" width="24" height="22" rx="5" fill="none" '
               f'stroke="{MEETING}" stroke-width="4"/><text x="{x + 40}" y="{y}">ships met there</text></g>')
    y += 26
    out.append(f'<g class="legend-dot"><rect x="{x + 2}" y="{y - 16}" width="28" height="22" fill="none" '
               f'stroke="#aab7b8" stroke-dasharray="3 3"/>'
               f'<text x="{x + 40}" y="{y}">off the board: waiting on a dot</text></g>')
    if view["over"]:
        y += 34
        out.append(f'<text x="{x}" y="{y}" font-weight="bold">game over</text>')
    out.append("</g>")
    return out
