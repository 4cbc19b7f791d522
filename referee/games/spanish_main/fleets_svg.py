"""The fleets as SVG, for a log that gives no positions (level 1, most logs): where the
ships are is not known, so the picture is a board of what is — each player's ships with
their masts standing or lost and their cannons, the hold with its treasure and crew
against the cargo it can carry, and what each ship is doing (docked, pinned, lost in fog,
towing or towed, a wreck); each player's gold against what wins; the islands with what is
left on them. Drawn from a position's view, as text."""

from __future__ import annotations

import html

from referee.games.spanish_main.view import ShipView, SpanishMainView, moment


def escape(text: str) -> str:
    """Text for the picture, in an element or an attribute: quotes escaped too."""
    return html.escape(text, quote=True)


WIDTH = 1240
PAD = 20
CARD_W, CARD_H, GAP = 290, 198, 12
PER_ROW = 4
COLOURS = ("#b03a2e", "#1f618d")
INK = "#1b2631"
MUTED = "#5d6d7e"
GOLD = "#d4ac0d"
STATES = {"docked": "#1e8449", "pinned": "#d35400", "lost": "#7f8c8d", "entangled": "#6a994e",
          "towing": "#2471a3", "towed": "#2471a3", "derelict": "#922b21", "wreck": "#922b21",
          "sunk": "#17202a", "scuttled": "#922b21"}
"""A state's badge colour, by its first word."""


def fleets_svg(view: SpanishMainView) -> str:
    players = list(view["fleets"])
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(players)}
    body: list[str] = []
    y = 92.0
    for player in players:
        part, y = _fleet(view, player, colour[player], y)
        body += part
    part, y = _islands(view, colour, y + 8)
    body += part
    part, y = _legend(y + 10)
    body += part
    height = y + 16
    moment = _moment(view)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:g}" viewBox="0 0 {WIDTH} {height:g}" '
        'font-family="DejaVu Sans, Arial, sans-serif">',
        f"<title>Pirates of the Spanish Main, {escape(moment)}</title>",
        f'<rect width="{WIDTH}" height="{height:g}" fill="#fbf8ef"/>',
        f'<g class="heading" fill="{INK}"><text x="{PAD}" y="34" font-size="22" font-weight="bold">'
        f"Pirates of the Spanish Main — {escape(moment)}</text>"
        f'<text x="{PAD}" y="60" font-size="15" fill="{MUTED}">The log gives no positions (level 1): the fleets as '
        f'the referee holds them. {view["distributed"]} gold distributed; more than half, '
        f'{view["to_win"]}, wins.</text></g>',
        *body, "</svg>"]) + "\n"


def _moment(view: SpanishMainView) -> str:
    if view["winner"]:
        return f'{view["winner"]} has won'
    return moment(view)


# -- a fleet -----------------------------------------------------------------------------------------

def _fleet(view: SpanishMainView, player: str, tint: str, top: float) -> tuple[list[str], float]:
    gold = view["gold"][player]
    ships = view["fleets"][player]
    out = [f'<g class="fleet" data-player="{escape(player)}">',
           f'<rect x="{PAD}" y="{top:g}" width="8" height="24" fill="{tint}"/>',
           f'<text x="{PAD + 16}" y="{top + 19:g}" font-size="19" font-weight="bold" fill="{tint}">'
           f'{escape(player)}</text>']
    x = PAD + 24 + len(player) * 13 + 20
    out += _gold_bar(x, top + 4, gold["total"], gold["home"], view["to_win"], tint)
    y = top + 36
    for index, ship in enumerate(ships):
        column = index % PER_ROW
        if index and not column:
            y += CARD_H + GAP
        out += _card(PAD + column * (CARD_W + GAP), y, ship, tint)
    if not ships:
        out.append(f'<text x="{PAD}" y="{y + 20:g}" fill="{MUTED}">no ship</text>')
        y -= CARD_H - 30
    out.append("</g>")
    return out, y + CARD_H + 18


def _gold_bar(x: float, y: float, total: int, home: int, to_win: int, tint: str) -> list[str]:
    """The player's gold against what wins: home gold solid, gold aboard lighter."""
    length = 300
    scale = length / max(to_win, 1)
    home_w = min(home, to_win) * scale
    total_w = min(total, to_win) * scale
    return [f'<g class="gold" data-total="{total}">',
            f'<rect x="{x:g}" y="{y:g}" width="{length}" height="16" rx="3" fill="#fff" stroke="#aab7b8"/>',
            f'<rect x="{x:g}" y="{y:g}" width="{total_w:.1f}" height="16" rx="3" fill="{GOLD}" opacity="0.45"/>',
            f'<rect x="{x:g}" y="{y:g}" width="{home_w:.1f}" height="16" rx="3" fill="{GOLD}"/>',
            f'<text x="{x + length + 12:g}" y="{y + 13:g}" font-size="15" fill="{INK}">{total} gold '
            f'({home} at home, {total - home} aboard) of the {to_win} that win</text></g>']


def _card(x: float, y: float, ship: ShipView, tint: str) -> list[str]:
    sunk = "sunk" in ship["state"]
    faded = ' opacity="0.45"' if sunk or any(s.startswith(("lost", "wreck")) for s in ship["state"]) else ""
    dash = ' stroke-dasharray="6 4"' if sunk else ""
    out = [f'<g class="fleet-ship" data-ship="{escape(ship["id"])}"{faded}>',
           f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="#fff" stroke="{tint}" '
           f'stroke-width="2"{dash}/>',
           f'<text x="{x + 12:g}" y="{y + 24:g}" font-size="16" font-weight="bold" fill="{INK}">'
           f'{escape(ship["id"])}</text>',
           f'<text x="{x + 12:g}" y="{y + 42:g}" font-size="13" fill="{MUTED}">{escape(ship["name"])} · moves '
           f'{escape(ship["move"])}</text>']
    out += _side_view(x + 14, y + 112, ship, tint)
    out += _hold(x + 12, y + 124, ship)
    out += _badges(x + 12, y + 164, ship["state"])
    out.append("</g>")
    return out


def _side_view(x: float, deck: float, ship: ShipView, tint: str) -> list[str]:
    """The ship from the side, bow to the right: each mast standing with its sail, or a broken
    stump, its cannon written above."""
    masts = ship["masts"]
    length = 190
    out = [f'<path class="hull" d="M{x:g},{deck:g} L{x + length:g},{deck:g} L{x + length + 18:g},{deck - 6:g} '
           f'L{x + length - 8:g},{deck + 14:g} L{x + 8:g},{deck + 14:g} z" fill="{tint}" stroke="{INK}"/>']
    step = length / (len(masts) + 1)
    for index, mast in enumerate(masts, start=1):
        mx = x + step * index
        cannon = mast["cannon"] or "–"
        if mast["standing"]:
            out.append(f'<g class="mast standing" data-mast="{mast["mast"]}">'
                       f'<line x1="{mx:.1f}" y1="{deck:g}" x2="{mx:.1f}" y2="{deck - 52:g}" stroke="{INK}" '
                       f'stroke-width="2"/><rect x="{mx - 11:.1f}" y="{deck - 46:g}" width="22" height="32" rx="2" '
                       f'fill="#fdfefe" stroke="{tint}" stroke-width="1.5"/>'
                       f'<text x="{mx:.1f}" y="{deck - 56:g}" font-size="12" text-anchor="middle" fill="{INK}">'
                       f'{escape(cannon)}</text></g>')
        else:
            out.append(f'<g class="mast lost" data-mast="{mast["mast"]}">'
                       f'<line x1="{mx:.1f}" y1="{deck:g}" x2="{mx:.1f}" y2="{deck - 12:g}" stroke="{INK}" '
                       f'stroke-width="2"/><path d="M{mx - 6:.1f},{deck - 24:g} l12,12 M{mx - 6:.1f},{deck - 12:g} '
                       f'l12,-12" stroke="#c0392b" stroke-width="2"/>'
                       f'<text x="{mx:.1f}" y="{deck - 56:g}" font-size="12" text-anchor="middle" fill="#aab7b8" '
                       f'text-decoration="line-through">{escape(cannon)}</text></g>')
    return out


def _hold(x: float, y: float, ship: ShipView) -> list[str]:
    """One slot a unit of cargo: treasure first (a coin with its gold, ? while face down),
    then crew (a figure, grey while face down), then what the load counts beyond them."""
    items: list[tuple[str, str]] = [("treasure", t) for t in ship["treasure"]]
    items += [("crew", "up" if c["face_up"] else "down") for c in ship["crew"]]
    slots = max(ship["cargo"], ship["load"], len(items))
    out = [f'<g class="hold" data-load="{ship["load"]}" data-cargo="{ship["cargo"]}">']
    size, gap = 20, 3
    for index in range(slots):
        sx = x + index * (size + gap)
        over = index >= ship["cargo"]
        out.append(f'<rect class="cargo-slot" x="{sx:g}" y="{y:g}" width="{size}" height="{size}" rx="3" '
                   f'fill="{"#fdedec" if over else "#f4f6f6"}" stroke="{"#c0392b" if over else "#aab7b8"}"/>')
        cx, cy = sx + size / 2, y + size / 2
        if index < len(items):
            kind, what = items[index]
            if kind == "treasure":
                value = "?" if what.startswith("?") else what.rsplit("(", 1)[-1].rstrip(")")
                out.append(f'<g class="treasure"><title>{escape(what)}</title><circle cx="{cx:g}" cy="{cy:g}" r="8" '
                           f'fill="{GOLD}" stroke="#9a7d0a"/><text x="{cx:g}" y="{cy + 4:g}" font-size="10" '
                           f'font-weight="bold" text-anchor="middle" fill="{INK}">{escape(value)}</text></g>')
            else:
                fill = INK if what == "up" else "#aab7b8"
                out.append(f'<g class="crew" data-face="{what}"><circle cx="{cx:g}" cy="{cy - 4:g}" r="3.5" '
                           f'fill="{fill}"/><path d="M{cx - 6:g},{cy + 8:g} Q{cx:g},{cy - 4:g} {cx + 6:g},{cy + 8:g} z" '
                           f'fill="{fill}"/></g>')
        elif index < ship["load"]:
            out.append(f'<rect class="used" x="{sx + 4:g}" y="{y + 4:g}" width="{size - 8}" height="{size - 8}" '
                       'fill="#aab7b8"/>')
    out.append(f'<text x="{x + slots * (size + gap) + 6:g}" y="{y + 15:g}" font-size="13" fill="{MUTED}">'
               f'{ship["load"]}/{ship["cargo"]}</text></g>')
    return out


def _badges(x: float, y: float, states: list[str]) -> list[str]:
    out = ['<g class="states">']
    if not states:
        out.append(f'<text class="state" data-state="at sea" x="{x:g}" y="{y + 4:g}" font-size="13" '
                   f'fill="{MUTED}">at sea</text>')
    left = x
    for state in states:
        word = state.split(" ")[0].rstrip(":")
        text = state if len(state) <= 34 else state[:33] + "…"
        width = len(text) * 7.4 + 14
        if left + width > x + CARD_W - 24 and left > x:
            left, y = x, y + 22
        fill = STATES.get(word, MUTED)
        out.append(f'<g class="state" data-state="{escape(word)}"><rect x="{left:g}" y="{y - 12:g}" '
                   f'width="{width:.0f}" height="19" rx="9" fill="{fill}"/><text x="{left + 7:g}" y="{y + 2:g}" '
                   f'font-size="12.5" fill="#fff">{escape(text)}</text></g>')
        left += width + 6
    out.append("</g>")
    return out


# -- the islands and the legend ------------------------------------------------------------------------

def _islands(view: SpanishMainView, colour: dict[str, str], top: float) -> tuple[list[str], float]:
    out = [f'<g class="islands"><text x="{PAD}" y="{top + 18:g}" font-size="17" font-weight="bold" fill="{INK}">'
           "Islands</text>"]
    forts = {f["id"]: f for f in view["forts"]}
    width = 190
    per_row = (WIDTH - 2 * PAD) // width
    y = top + 32
    for index, island in enumerate(view["islands"]):
        if index and not index % per_row:
            y += 110
        x = PAD + (index % per_row) * width
        home = island["home_of"]
        stroke = colour.get(home, "#8a6d3b") if home else "#8a6d3b"
        out.append(f'<g class="island" data-island="{escape(island["name"])}">'
                   f'<circle cx="{x + 30:g}" cy="{y + 30:g}" r="26" fill="#e3c98d" stroke="{stroke}" '
                   f'stroke-width="{4 if home else 1.5}"/><text x="{x + 30:g}" y="{y + 35:g}" font-size="14" '
                   f'text-anchor="middle" fill="#5b4520">{escape(island["name"])}</text>')
        lines = [f"home of {home}"] if home else []
        left = len(island["tokens"]) + island["face_down"]
        if not home:
            lines.append(f"{left} token{'s' if left != 1 else ''} left")
        if island["gold"]:
            lines.append(f'{island["gold"]} gold')
        if island["fort"]:
            fort = forts.get(island["fort"])
            lines.append(f'fort {island["fort"]}' + (f' ({fort["state"]})' if fort else ""))
        if island["explored_by"]:
            lines.append("explored: " + ", ".join(island["explored_by"]))
        if island["crew"]:
            lines.append(f'{len(island["crew"])} crew ashore')
        for number, line in enumerate(lines[:5]):
            out.append(f'<text x="{x + 62:g}" y="{y + 14 + 16 * number:g}" font-size="12" fill="{INK}">'
                       f"{escape(line)}</text>")
        out.append("</g>")
    out.append("</g>")
    return out, y + 84


def _legend(top: float) -> tuple[list[str], float]:
    """Every mark of the cards, with what it means."""
    items = [
        ('<line x1="14" y1="16" x2="14" y2="-8" stroke="#1b2631" stroke-width="2"/><rect x="6" y="-4" width="16" '
         'height="18" rx="2" fill="#fdfefe" stroke="#5d6d7e"/><text x="30" y="2" font-size="11">3S</text>',
         "a mast standing, its cannon above it"),
        ('<line x1="14" y1="16" x2="14" y2="8" stroke="#1b2631" stroke-width="2"/><path d="M8,-4 l12,12 M8,8 l12,-12" '
         'stroke="#c0392b" stroke-width="2"/>', "a mast lost"),
        (f'<rect x="4" y="-4" width="20" height="20" rx="3" fill="#f4f6f6" stroke="#aab7b8"/><circle cx="14" cy="6" '
         f'r="8" fill="{GOLD}" stroke="#9a7d0a"/><text x="14" y="10" font-size="10" text-anchor="middle" '
         'font-weight="bold">3</text>', "treasure aboard, its gold (? face down)"),
        (f'<rect x="4" y="-4" width="20" height="20" rx="3" fill="#f4f6f6" stroke="#aab7b8"/><circle cx="14" cy="2" '
         f'r="3.5" fill="{INK}"/><path d="M8,14 Q14,2 20,14 z" fill="{INK}"/>', "crew aboard (grey: face down)"),
        ('<rect x="4" y="-4" width="20" height="20" rx="3" fill="#f4f6f6" stroke="#aab7b8"/>',
         "a unit of cargo free (load/cargo after)"),
        (f'<rect x="0" y="-4" width="28" height="16" rx="3" fill="#fff" stroke="#aab7b8"/><rect x="0" y="-4" '
         f'width="12" height="16" rx="3" fill="{GOLD}"/><rect x="12" y="-4" width="8" height="16" fill="{GOLD}" '
         'opacity="0.45"/>', "gold at home, then aboard, against what wins"),
    ]
    out = [f'<g class="legend" font-size="14" fill="{INK}">']
    per_row = 3
    width = (WIDTH - 2 * PAD) / per_row
    y = top
    for index, (sample, meaning) in enumerate(items):
        if not index % per_row:
            y += 30
        x = PAD + (index % per_row) * width
        out.append(f'<g class="legend-item"><g transform="translate({x:g},{y - 10:g})">{sample}</g>'
                   f'<text x="{x + 52:g}" y="{y:g}">{escape(meaning)}</text></g>')
    y += 30
    out.append(f'<text x="{PAD}" y="{y:g}" font-size="13" fill="{MUTED}">Under each ship, what it is doing: docked, '
               "pinned, lost in fog, entangled, towing or towed, derelict, a wreck; at sea when nothing. A pale card: "
               "lost in fog or a wreck; dashed: sunk.</text>")
    out.append("</g>")
    return out, y
