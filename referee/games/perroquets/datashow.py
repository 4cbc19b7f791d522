"""A Perroquets data set shown to the person who made it: the board with every entry dot,
the side and wind dice, the piles and the bag, as text and as a picture.

A board maker's mistakes are mostly in where things stand (a dot on the wrong square, a
formation that enters twice beside an island), which a picture shows at a glance and a
JSON file hides. Each dot is drawn in its formation's colour, at the same corner of its
square for the same formation, so a formation can be followed round the board.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from referee.games.perroquets.data import Card, GameData, describe
from referee.games.perroquets.geometry import Heading, Square, square_name

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
OUTWARD: dict[Heading, Square] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
"""The step from an edge square out into the margin beside it."""
FORMATION_COLOURS = {1: "#c0392b", 2: "#2471a3", 3: "#1e8449", 4: "#8e44ad"}
"""One colour a formation; a fifth or later formation is drawn grey."""


def entries(data: GameData) -> dict[Square, list[tuple[Heading, int]]]:
    """Each margin square beside an entry, with the (side, formation) pairs that enter there."""
    found: dict[Square, list[tuple[Heading, int]]] = {}
    for side, formations in data.board.dots.items():
        dx, dy = OUTWARD[side]
        for formation, squares in sorted(formations.items()):
            for x, y in squares:
                found.setdefault((x + dx, y + dy), []).append((side, formation))
    return found


def card_line(card: Card) -> str:
    return f"{card.id}: weight {card.weight}, green {card.green}, black {card.black}"


def data_lines(data: GameData, item: str | None = None) -> list[str]:
    """The data set as text: the board with its entries, the dice, the piles and the bag; or
    the card `item` alone (KeyError when there is none)."""
    if item is not None:
        card = data.cards.get(item)
        if card is None:
            raise KeyError(f"holds no card {item!r} (`referee data show FILE` lists them)")
        return [f"{card_line(card)} (pile {card.pile}, number {data.piles[card.pile]} on its back)"]
    board = data.board
    lines = [f"{describe(data)}: board {board.width} × {board.height}, {len(board.islands)} islands"]
    lines.extend(_grid(data))
    where = "on the edge squares" if board.dot_position == "on-edge" else "in the margin, beside the edge squares"
    lines.append(f"legend: # island, . sea; the digits beside a side are the formations whose parrots enter at "
                 f"the square next to them; the printed dots stand {where}")
    lines.append("side die: " + ", ".join(f"{roll} {side}" for roll, side in sorted(board.sides.items())))
    lines.append("wind die: " + ", ".join(f"{roll} blows toward {side} {ARROWS[side]}"
                                           for roll, side in sorted(board.wind.items())))
    lines.append("entries, by side and formation, zone by zone:")
    for side, formations in board.dots.items():
        listed = "; ".join(f"{formation}: " + " ".join(square_name(s) for s in squares)
                           for formation, squares in sorted(formations.items()))
        lines.append(f"  {side} (side {board.side_number(side)}): {listed}")
    lines.append("bag: " + ", ".join(f"{count} of {value}" for value, count in sorted(data.bag.items())))
    for letter, number in data.piles.items():
        cards = data.pile_cards(letter)
        lines.append(f"pile {letter} (number {number} on its back, {len(cards)} cards):")
        lines.extend(f"  {card_line(card)}" for card in cards)
    return lines


def _grid(data: GameData) -> list[str]:
    """The board with a margin of one square, each square four characters wide."""
    board = data.board
    marks = {square: "".join(str(f) for f in sorted({f for _, f in here})) for square, here in entries(data).items()}
    cell = max(4, *(len(mark) + 1 for mark in marks.values()))
    out = [" " * (5 + cell) + "".join(f"{chr(97 + x):<{cell}}" for x in range(board.width)).rstrip()]
    for y in range(board.height, -2, -1):
        label = f"{y + 1:>3}  " if 0 <= y < board.height else "     "
        row = []
        for x in range(-1, board.width + 1):
            if board.on_grid((x, y)):
                row.append("#" if (x, y) in board.islands else ".")
            else:
                row.append(marks.get((x, y), ""))
        out.append((label + "".join(f"{mark:<{cell}}" for mark in row)).rstrip())
    return out


CELL = 40
RING = 40
"""The margin's inner ring holds the entry dots; the outer one names each side."""
PANEL = 300


FORMATION_CORNERS = {1: (-9, -9), 2: (9, -9), 3: (-9, 9), 4: (9, 9)}
"""Where in its square a formation's dot stands, from the square's centre."""


def dot_places(dots: list[tuple[Heading, int]]) -> list[tuple[int, int, float]]:
    """Where the (side, formation) dots of one square go (offsets from its centre) and how large.
    Each formation keeps its corner, so its dots line up round the board; a dot whose corner
    is taken (a corner square entered by one formation from two sides, a fifth formation)
    takes the free corner nearest it, toward the side it enters from; more dots than corners
    are set smaller, in rows."""
    formations = [formation for _, formation in dots]
    if len(formations) > len(FORMATION_CORNERS):
        return [(-12 + 12 * (index % 3), -12 + 12 * (index // 3), 5.5) for index in range(len(formations))]
    places: list[tuple[int, int] | None] = []
    taken: set[tuple[int, int]] = set()
    for formation in formations:
        wanted = FORMATION_CORNERS.get(formation)
        places.append(wanted if wanted is not None and wanted not in taken else None)
        if wanted is not None:
            taken.add(wanted)
    for index, (side, formation) in enumerate(dots):
        if places[index] is None:
            wx, wy = FORMATION_CORNERS.get(formation, (9, 9))
            ox, oy = OUTWARD[side]
            free = min((c for c in FORMATION_CORNERS.values() if c not in taken),
                       key=lambda c: (abs(c[0] - wx) + abs(c[1] - wy), -c[0] * ox + c[1] * oy, c))
            places[index] = free
            taken.add(free)
    return [(x, y, 8.0) for x, y in (place for place in places if place is not None)]


def data_svg(data: GameData) -> str:
    """The board as a board maker checks it: islands, every entry dot in its formation's colour,
    each side's number on the side die, and beside it the wind die, the piles and the bag."""
    board = data.board
    width, height = board.width, board.height
    margin = 2 * RING
    board_w, board_h = CELL * width, CELL * height
    total_w = margin * 2 + board_w + PANEL
    total_h = max(margin * 2 + board_h, 470)

    def corner(x: int, y: int) -> tuple[float, float]:
        return margin + CELL * x, margin + CELL * (height - 1 - y)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
           f'viewBox="0 0 {total_w} {total_h}" font-family="DejaVu Sans, Arial, sans-serif">',
           f"<title>Pirates &amp; Perroquets board {escape(data.id)}</title>",
           f'<rect width="{total_w}" height="{total_h}" fill="#fbf8ef"/>',
           '<g class="squares">']
    for y in range(height):
        for x in range(width):
            left, top = corner(x, y)
            island = (x, y) in board.islands
            out.append(f'<rect class="{"island" if island else "sea"}" data-square="{square_name((x, y))}" '
                       f'x="{left}" y="{top}" width="{CELL}" height="{CELL}" '
                       f'fill="{"#c9a66b" if island else "#cfe8f3"}" stroke="#8aa9b8" stroke-width="1"/>')
            if island:
                out.append(f'<circle cx="{left + CELL / 2}" cy="{top + CELL / 2}" r="{CELL / 3}" fill="#7a9a3a" '
                           'opacity="0.8"/>')
    out.append("</g>")
    out.append('<g class="labels" font-size="11" fill="#444" text-anchor="middle">')
    for x in range(width):
        left, _ = corner(x, 0)
        out.append(f'<text x="{left + CELL / 2}" y="{margin + board_h + RING + 14}">{chr(97 + x)}</text>')
    for y in range(height):
        _, top = corner(0, y)
        out.append(f'<text x="{margin - RING - 12}" y="{top + CELL / 2 + 4}">{y + 1}</text>')
    out.append("</g>")
    out.append(_side_names(board.sides, margin, board_w, board_h))
    on_edge = board.dot_position == "on-edge"
    # where each dot is printed (on its edge square, or beside it in the margin) -> the dots there,
    # each as (the margin square beside its edge square, side, formation, edge square)
    drawn: dict[Square, list[tuple[Square, Heading, int, Square]]] = {}
    for side, formations in board.dots.items():
        dx, dy = OUTWARD[side]
        for formation, squares in formations.items():
            for x, y in squares:
                beside = (x + dx, y + dy)
                drawn.setdefault((x, y) if on_edge else beside, []).append((beside, side, formation, (x, y)))
    out.append('<g class="entries" font-size="9" font-weight="bold" text-anchor="middle" fill="#fff">')
    for (x, y), here in sorted(drawn.items()):
        left, top = corner(x, y)
        here.sort()  # a square's dots in the order of the margin squares beside them, then by formation
        places = dot_places([(side, formation) for _, side, formation, _ in here])
        for (_, entry_side, formation, entry), (dx, dy, radius) in zip(here, places):
            cx, cy = left + CELL / 2 + dx, top + CELL / 2 + dy
            square = square_name(entry)
            colour = FORMATION_COLOURS.get(formation, "#7f8c8d")
            out.append(f'<g class="dot" data-side="{entry_side}" data-formation="{formation}" '
                       f'data-square="{square}">'
                       f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{radius:g}" fill="{colour}" stroke="#222" '
                       f'stroke-width="0.8"/><text x="{cx:.0f}" y="{cy + 3:.0f}">{formation}</text></g>')
    out.append("</g>")
    out.append(_panel(data, margin * 2 + board_w))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _side_names(sides: dict[int, Heading], margin: int, board_w: int, board_h: int) -> str:
    """Each side's number on the side die, in the outer ring of the margin."""
    centre_x, centre_y = margin + board_w / 2, margin + board_h / 2
    place = {"N": (centre_x, RING / 2 + 5), "S": (centre_x, margin + board_h + RING + RING / 2 + 14),
             "W": (RING / 2, centre_y), "E": (margin + board_w + RING + RING / 2, centre_y)}
    out = ['<g class="sides" font-size="12" font-weight="bold" fill="#222" text-anchor="middle">']
    for number, side in sorted(sides.items()):
        x, y = place[side]
        if side in "NS":
            out.append(f'<text data-side="{side}" x="{x:.0f}" y="{y:.0f}">side {number} ({side})</text>')
        else:
            turn = -90 if side == "W" else 90
            out.append(f'<text data-side="{side}" x="{x:.0f}" y="{y:.0f}" '
                       f'transform="rotate({turn} {x:.0f} {y:.0f})">side {number} ({side})</text>')
    out.append("</g>")
    return "\n".join(out)


def _panel(data: GameData, left: int) -> str:
    board = data.board
    rows: list[tuple[str, str]] = [("title", data.id)]
    if data.reconstructed:
        rows.append(("note", "reconstructed: plausible,"))
        rows.append(("note", "not the publisher's"))
    rows.append(("head", "Wind die"))
    rows += [("line", f"{roll}: blows toward {side} {ARROWS[side]}") for roll, side in sorted(board.wind.items())]
    rows.append(("head", "Formations (entry dots)"))
    formations = sorted({f for by_side in board.dots.values() for f in by_side})
    rows += [("formation", str(f)) for f in formations]
    rows.append(("head", "Piles"))
    rows += [("line", f"{letter} (number {number}): {len(data.pile_cards(letter))} cards")
             for letter, number in data.piles.items()]
    rows.append(("head", "Bag"))
    rows.append(("line", ", ".join(f"{count} of {value}" for value, count in sorted(data.bag.items()))))
    out = ['<g class="panel" font-size="13" fill="#222">']
    y = RING
    for kind, text in rows:
        if kind == "title":
            out.append(f'<text x="{left}" y="{y}" font-size="15" font-weight="bold">{escape(text)}</text>')
        elif kind == "head":
            y += 10
            out.append(f'<text x="{left}" y="{y}" font-weight="bold">{escape(text)}</text>')
        elif kind == "formation":
            colour = FORMATION_COLOURS.get(int(text), "#7f8c8d")
            out.append(f'<circle cx="{left + 8}" cy="{y - 4}" r="7" fill="{colour}" stroke="#222" stroke-width="0.8"/>'
                       f'<text x="{left + 22}" y="{y}">formation {text}</text>')
        else:
            fill = ' fill="#8a5a00"' if kind == "note" else ""
            out.append(f'<text x="{left}" y="{y}"{fill}>{escape(text)}</text>')
        y += 18
    out.append("</g>")
    return "\n".join(out)
