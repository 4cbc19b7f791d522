"""A Perroquets position as data (for `show --format json` and replays) and as a text grid.

The view is a snapshot: plain lists and dicts, nothing shared with the state. The
text grid draws the margin too, because parrots wait on dots outside the board.
"""

from __future__ import annotations

from referee.games.perroquets.claims import flight_lines, order_lines, path_lines
from referee.games.perroquets.geometry import square_name
from referee.games.perroquets.position import ParrotView, PerroquetsView, Point
from referee.games.perroquets.state import PerroquetsState


ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
RECONSTRUCTED = "reconstructed board and cards (P-DEFAULT): plausible, not the publisher's"
PHASES = {
    "ships": "set-up: the ships are placed",
    "waves": "set-up: the first parrots are placed",
    "done": "set-up done; round 1 comes next",
    "place": "phase 1 of 6: new parrots",
    "wind": "phase 2 of 6: the wind",
    "draw": "phase 3 of 6: the draws",
    "decide": "phase 4 of 6: reveal and decisions",
    "after": "round played: parrots flew, ships sailed",
    "over": "the game is over",
}
"""Where a position stands in its round, in words (P-ROUND's six phases)."""


def _square(square: tuple[int, int]) -> Point:
    return {"x": square[0], "y": square[1]}


def state_view(state: PerroquetsState) -> PerroquetsView:
    board = state.board
    current = state.round
    last = current.report if current.report is not None else (state.last.report if state.last else None)
    players = state.players
    view: PerroquetsView = {
        "game": "perroquets",
        "data": {"id": state.data.id, "digest": state.data.digest, "reconstructed": state.data.reconstructed},
        "variants": sorted(state.variants),
        "board": {"width": board.width, "height": board.height,
                  "islands": sorted(square_name(s) for s in board.islands)},
        "players": list(players),
        "round": state.round_number,
        "phase": state.phase,
        "first": players[state.first],
        # after the flights every parrot has turned over: the board shows the next round's colour
        "colour": state.colour(state.round_number + 1) if current.report is not None else state.colour(),
        "wind": current.wind,
        "wind_roll": current.roll,
        "ships": {p: square_name(state.ships[p]) if p in state.ships else None for p in players},
        "parrots": [{"value": p.value, "heading": p.heading, "on_dot": p.on_dot,
                     "square": square_name(p.square) if board.on_grid(p.square) else None,
                     "at": _square(p.square)} for p in state.parrots],
        "bag": {str(v): n for v, n in sorted(state.bag.items()) if n},
        "holds": {p: {"count": sum(state.holds[p].values()),
                      "values": sorted(state.holds[p].elements())} for p in players},
        "gone": sum(state.gone.values()),
        "piles": dict(state.pile_size),
        "draws": [{"player": s.player, "pile": s.pile, "card": s.card} for s in current.slots],
        "decisions": {p: ({"stuck": True} if d.stuck else
                          {"stuck": False, "card": current.cards.get(p), "colour": d.colour,
                           "weight": current.weights.get(p)})
                      for p, d in current.decisions.items()},
        "next": state.expected_mover(),
        "over": state.over,
        "end": state.end_reason or None,
        "last_round": None,
    }
    if last is not None:
        view["last_round"] = {
            "number": last.number,
            "stuck": list(last.stuck),
            "ended": last.ended,
            "order": [{"player": v.player, "weight": v.weight, "crossed": v.crossed, "steps": v.length,
                       "start": square_name(v.start), "edge": v.edge,
                       "path": [{"square": square_name(s.square), "sea": s.sea, "happened": list(s.happened)}
                                for s in v.squares]} for v in last.order],
            "flights": [{"value": f.value, "from": _square(f.start), "over": [square_name(s) for s in f.squares],
                         "outcome": f.outcome, "rule": f.rule, "by": f.by} for f in last.flights],
            "account": [*order_lines(state, last), *(line for v in last.order for line in path_lines(v)),
                        *(line for f in last.flights for line in flight_lines(f))],
        }
    return view


def render_view(view: PerroquetsView) -> list[str]:
    lines: list[str] = []
    data = view["data"]
    lines.append(f"Pirates & Perroquets on {data['id']}" + (f" — {RECONSTRUCTED}" if data["reconstructed"] else ""))
    if view["variants"]:
        lines.append("variants: " + " ".join(view["variants"]))
    wind = view["wind"]
    lines.append(f"round {view['round']}, {phase_words(view)}; first player {view['first']}; parrots show "
                 f"{view['colour']}" + (f"; wind {view['wind_roll']}: blows toward {wind} {ARROWS[wind]}"
                                        if wind else ""))
    lines.extend(board_lines(view))
    letters = seat_letters(view["players"])
    lines.append("ships: " + ", ".join(
        f"{letters[p]}={p} {view['ships'][p] or '(not placed)'}" for p in view["players"]))
    lines.append("holds: " + ", ".join(
        f"{p} {h['count']}" + (f" ({' '.join(map(str, h['values']))})" if h["values"] else "")
        for p, h in view["holds"].items()))
    bag = " ".join(f"{n}×{v}" for v, n in view["bag"].items()) or "empty"
    lines.append(f"bag: {bag}; gone: {view['gone']}; piles: " + " ".join(f"{k} {n}" for k, n in view["piles"].items()))
    if view["draws"]:
        lines.append("draws: " + ", ".join(f"{d['player']} {d['pile']}" + (f"={d['card']}" if d["card"] else "")
                                          for d in view["draws"]))
    for player, decision in view["decisions"].items():
        lines.append(f"decision: {player} " + ("none (stuck)" if decision["stuck"] else
                                              f"{decision['card'] or '(card not named)'} {decision['colour']}, "
                                              f"weight {decision['weight']}"))
    if view["last_round"]:
        lines.append(f"round {view['last_round']['number']} as the referee worked it out:")
        lines.extend("  " + line for line in view["last_round"]["account"])
    if view["over"]:
        lines.append(f"the game is over: it ended {view['end']}")
    elif view["next"]:
        lines.append(f"next: {view['next']}")
    return lines


def phase_words(view: PerroquetsView) -> str:
    """The position's phase as a person says it."""
    return PHASES.get(view["phase"], view["phase"])


def seat_letters(players: list[str]) -> dict[str, str]:
    """A one-letter mark per ship: the player's initial, or the seat's letter when initials clash."""
    initials = [p[0].upper() for p in players]
    if len(set(initials)) == len(players):
        return dict(zip(players, initials))
    return {p: "ABCD"[i] for i, p in enumerate(players)}


def board_lines(view: PerroquetsView) -> list[str]:
    """The board with its margin: each square three characters — ship, parrot value, beak."""
    board = view["board"]
    width, height = board["width"], board["height"]
    islands = set(board["islands"])
    letters = seat_letters(view["players"])
    ships: dict[tuple[int, int], list[str]] = {}
    for player, name in view["ships"].items():
        if name:
            x, y = ord(name[0]) - 97, int(name[1:]) - 1
            ships.setdefault((x, y), []).append(letters[player])
    parrots: dict[tuple[int, int], list[ParrotView]] = {}
    for parrot in view["parrots"]:
        at = (parrot["at"]["x"], parrot["at"]["y"])
        parrots.setdefault(at, []).append(parrot)
    out = ["        " + "".join(f"{chr(97 + x)}   " for x in range(width)).rstrip()]
    for y in range(height, -2, -1):
        label = f"{y + 1:>3} " if 0 <= y < height else "    "
        row = []
        for x in range(-1, width + 1):
            square = (x, y)
            inside = 0 <= x < width and 0 <= y < height
            marks = ships.get(square, [])
            mark = marks[0] if len(marks) == 1 else "*" if marks else ""
            on_island = inside and f"{chr(97 + x)}{y + 1}" in islands
            if mark and on_island:
                mark = mark.lower() if mark != "*" else "+"  # a ship on an island keeps the island in sight
            if not mark:
                mark = "#" if on_island else ("." if inside else " ")
            here = parrots.get(square, [])
            bird = "  "
            if here:
                bird = (str(here[0]["value"]) if len(here) == 1 else "+") + ARROWS[here[0]["heading"]]
            row.append(f"{mark}{bird} ")
        out.append((label + "".join(row)).rstrip())
    out.append("legend: # island, . sea, a capital is a ship (* several), a small letter a ship on an island "
               "(+ several); a digit is a parrot's value with its beak (+ several parrots)")
    return out
