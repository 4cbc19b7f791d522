"""Pirates & Perroquets as the shared layers see it: notation, JSON, data, engine and words."""

from __future__ import annotations

import copy
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from referee.diagnostics import Violation
from referee.games.base import (
    NO_OPTIONS,
    DataError,
    Engine,
    GameRules,
    JudgeOptions,
    Outcome,
    ParsedTurn,
    SetupError,
    TagSpec,
    TurnSyntaxError,
)
from referee.games.common import COMMON_TAGS
from referee.games.perroquets import data as game_data
from referee.games.perroquets.claims import check_claim
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.policy import choose
from referee.games.perroquets.geometry import square_name
from referee.games.perroquets.notation import (
    PARROTS,
    WIND,
    Action,
    Claim,
    Decide,
    Draw,
    DrawSlot,
    Leave,
    Lose,
    PlaceParrots,
    PlaceShip,
    Reveal,
    RollWind,
    TABLE_ENTRIES,
    format_entry,
    parse_entry,
)
from referee.games.perroquets.rulings import RULINGS, VARIANTS
from referee.games.perroquets.setup import DATA_TAG, read_setup
from referee.games.perroquets.position import PerroquetsView
from referee.games.perroquets.view import state_view, render_view
from referee.games.base import View
from referee.games.tagvalues import (
    PLAYER_ID, VARIANTS_TAG, Grammars, TagGrammar, check_value, players_tag, regex_tag,
)
from referee.record import GameRecord
from referee.shuffle import SeededChoices

if TYPE_CHECKING:
    import pyparsing as pp

_DATA = r"default|" + DATA_TAG.pattern


def _data_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.Regex(_DATA) + pp.StringEnd()


_GRAMMARS: Grammars = {
    "Players": players_tag("player ids in clockwise seat order, e.g. 'Anna Ben Cleo'"),
    "First": regex_tag(PLAYER_ID, "one player id"),
    # pyparsing's Regex reads 'default' off any value starting so and then wants the end, so it
    # refuses 'default-2' or 'default sha256:…': the regular expression leaves those to it
    "Data": TagGrammar(r"default|(?!default)" + DATA_TAG.pattern, _data_grammar,
                       "'default', or a data id and its digest: 'my-board sha256:<64 hex digits>'"),
    "Variants": VARIANTS_TAG,
    "Result": regex_tag(r"\*|[A-Za-z][A-Za-z_]*=[0-9]{1,4}(?: [A-Za-z][A-Za-z_]*=[0-9]{1,4})*",
                        "each player's score, e.g. 'Anna=12 Ben=9', or '*'"),
}
"""Each tag's grammar: a regular expression takes the values people write, and pyparsing
is imported only to decide and explain the others."""


class PerroquetsRules(GameRules):
    id = "perroquets"
    name = "Pirates & Perroquets"
    extensions = (".perroquets",)
    tags = COMMON_TAGS + (
        TagSpec("Players", True, "player ids in clockwise seat order"),
        TagSpec("First", True, "the set-up's first player"),
        TagSpec("Data", False, "the board, cards and bag: 'default', or an id and its sha256 digest"),
        TagSpec("Variants", False, "the variants played, by name"),
        TagSpec("Result", False, "each player's claimed score, or '*'"),
    )
    rulings = RULINGS
    variants = VARIANTS
    data_format = game_data.FORMAT
    score_note = "score: parrots in the hold (with sum-values, the sum of their values); the most win"

    def parse_turn(self, player: str, text: str) -> ParsedTurn:
        return parse_entry(player, text)

    def reading_of(self, name: str) -> str:
        return name if name in TABLE_ENTRIES else ""  # every player's entries read alike

    def format_turn(self, action: Action) -> str:
        return format_entry(action)

    def is_canonical(self, action: Action | None) -> bool:
        """Only a pile written by its number can be written otherwise (by its letter)."""
        if isinstance(action, Draw):
            return not any(slot.pile.isdigit() for slot in action.draws)
        if isinstance(action, Decide):
            return action.card is not None or action.pile is None or not action.pile.isdigit()
        return True

    def check_tag(self, name: str, value: str) -> TurnSyntaxError | None:
        return check_value(_GRAMMARS, name, value)

    def canonical_tag(self, name: str, value: str) -> str:
        if name in _GRAMMARS and check_value(_GRAMMARS, name, value) is None:
            return " ".join(value.split())
        return value

    # -- JSON ------------------------------------------------------------------

    def action_to_json(self, action: Action) -> dict[str, Any]:
        match action:
            case PlaceShip(square):
                return {"kind": "ship", "square": square}
            case PlaceParrots(side, formation, values, colour):
                out: dict[str, Any] = {"kind": "parrots", "side": side, "formation": formation,
                                       "values": list(values)}
                if colour is not None:
                    out["colour"] = colour
                return out
            case RollWind(roll):
                return {"kind": "wind", "roll": roll}
            case Draw(draws):
                return {"kind": "draw", "draws": [{"pile": s.pile, **({"card": s.card} if s.card else {})}
                                                  for s in draws]}
            case Reveal(hands):
                return {"kind": "reveal", "hands": [{"player": p, "cards": list(c)} for p, c in hands]}
            case Decide(card, colour, pile, path, leaves):
                if colour is None:
                    return {"kind": "none"}
                out = {"kind": "take", "colour": colour}
                if card is not None:
                    out["card"] = card
                else:
                    out["pile"], out["path"] = pile, path
                if leaves:
                    out["leaves"] = [{"square": sq, "value": v, **({"beak": beak} if beak else {})}
                                     for sq, v, beak in leaves]
                return out
            case Lose(values):
                return {"kind": "lose", "values": list(values)}
            case Claim(kind, subject, value):
                out = {"kind": "claim", "claim": kind, "value": value}
                if subject is not None:
                    out["player"] = subject
                return out
        raise TypeError(f"not a Perroquets action: {action!r}")

    def action_from_json(self, data: dict[str, Any]) -> Action:
        kind = data["kind"]
        if kind == "ship":
            return PlaceShip(data["square"])
        if kind == "parrots":
            return PlaceParrots(data["side"], data["formation"], tuple(data["values"]), data.get("colour"))
        if kind == "wind":
            return RollWind(data["roll"])
        if kind == "draw":
            return Draw(tuple(DrawSlot(d["pile"], d.get("card")) for d in data["draws"]))
        if kind == "reveal":
            return Reveal(tuple((h["player"], tuple(h["cards"])) for h in data["hands"]))
        if kind == "none":
            return Decide(None, None)
        if kind == "take":
            leaves = tuple(Leave(leave["square"], leave["value"], leave.get("beak"))
                           for leave in data.get("leaves", ()))
            return Decide(data.get("card"), data["colour"], data.get("pile"), data.get("path"), leaves)
        if kind == "lose":
            return Lose(tuple(data["values"]))
        claim = Claim(data["claim"], data.get("player"), data["value"])
        try:
            parse_entry("claim", format_entry(claim))
        except TurnSyntaxError as error:
            raise ValueError(f"this claim cannot be written as a log: {error.message}") from None
        return claim

    # -- rules -------------------------------------------------------------------

    def load_data(self, document: Any, path: str) -> Any:
        data = game_data.load(document)
        if data.id == game_data.DEFAULT_NAME and data.digest != game_data.default_data().digest:
            # A log's Data tag names the built-in data by that name alone: no log could name this.
            raise DataError(f"this data is named '{game_data.DEFAULT_NAME}', as the built-in data is, but is "
                            "other data: no log could name it; give it an id of its own", "/id", "P-DATA")
        return data

    def builtin_data(self) -> dict[str, Any]:
        return {game_data.DEFAULT_NAME: game_data.default_data()}

    def describe_data(self, data: Any) -> list[str]:
        board = data.board
        piles = ", ".join(f"{letter} ({count})" for letter, count in data.pile_sizes.items())
        bag = ", ".join(f"{count} of {value}" for value, count in sorted(data.bag.items()))
        dots = "on its edge squares" if board.dot_position == "on-edge" else "in the margin"
        named = ('[Data "default"]' if data.digest == game_data.default_data().digest else
                 f'[Data "{data.tag_value()}"], the file given with --data FILE')
        return [f"{game_data.describe(data)}: board {board.width} × {board.height}, {len(board.islands)} islands, "
                f"entry dots {dots}",
                f"{len(data.cards)} cards in piles {piles}; bag: {bag}",
                f"a log names it {named}"]

    def data_tag(self, data: Any) -> tuple[str, str] | None:
        return ("Data", "default" if data.digest == game_data.default_data().digest else data.tag_value())

    def show_data(self, data: Any, item: str | None = None) -> list[str]:
        from referee.games.perroquets.datashow import data_lines

        lines = data_lines(data, item)
        if item is None:  # under its heading, how a log names it, as `data check` says
            lines.insert(1, self.describe_data(data)[-1])
        return lines

    def data_svg(self, data: Any) -> str | None:
        from referee.games.perroquets.datashow import data_svg

        return data_svg(data)

    def new_engine(self, record: GameRecord, options: JudgeOptions = NO_OPTIONS) -> Engine | Violation:
        setup = read_setup(record, options)
        if isinstance(setup, Violation):
            return setup
        return PerroquetsEngine(setup, check_claim, state_view)

    def deal_tags(self, players: list[str], teams: bool, seed: str) -> list[tuple[str, str]]:
        if teams:
            raise SetupError("Pirates & Perroquets has no teams", "Teams")
        if not 2 <= len(players) <= 4:
            raise SetupError(f"Pirates & Perroquets is for 2 to 4 players, not {len(players)}", "Players")
        return [("Players", " ".join(players)), ("First", players[0]), ("Data", "default")]

    def result_tag(self, outcome: Outcome) -> str:
        if not outcome.finished:
            return "*"
        return " ".join(f"{side.side}={side.score}" for side in outcome.sides)

    def illegal_moves(self, engine: Engine) -> list[tuple[str, str, Any]]:
        assert isinstance(engine, PerroquetsEngine)
        return illegal_moves(engine)

    def trial_copy(self, engine: Engine) -> Engine:
        """What no entry changes is shared, not copied: the game's data (board, cards, setup),
        the parrots (a placement adds to the list, a round replaces it: a parrot itself is
        never changed, bar the flight it keeps once looked up, the same in every game), the
        round reports (made once by the round's resolution) and the round before this one."""
        assert isinstance(engine, PerroquetsEngine)
        shared: list[object] = [engine.setup, engine.data, engine.board, engine.lanes, *engine.parrots]
        for made in (engine.round.report, engine.last):
            if made is not None:
                shared.append(made)
        return copy.deepcopy(engine, {id(item): item for item in shared})


    def simulated_move(self, engine: Engine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
        """Placements and draws are chosen uniformly without listing them (there may be
        thousands), the ships, the wind and the decisions as `policy` says, also without
        listing them."""
        assert isinstance(engine, PerroquetsEngine)
        if engine.phase in ("waves", "place", "draw"):
            from referee.games.perroquets.moves import choose as choose_listed

            return choose_listed(engine, chooser)
        return choose(engine, chooser, notes)

    def render_view(self, view: View) -> list[str]:
        return render_view(cast(PerroquetsView, view))

    def to_move(self, view: View) -> str | None:
        return cast(PerroquetsView, view)["next"]

    def render_svg(self, view: View, stopped_by: list[dict[str, Any]] | None = None) -> str | None:
        from referee.games.perroquets.svg import board_svg

        return board_svg(cast(PerroquetsView, view))


def illegal_moves(engine: PerroquetsEngine) -> list[tuple[str, str, Any]]:
    """Entries that break exactly the named rule in this state."""
    if engine.over:
        return []
    phase = engine.phase
    moves: list[tuple[str, str, Any]] = []
    board = engine.board
    if phase == "ships":
        player = engine.expected_mover()
        assert player is not None
        free = next(s for s in board.squares() if s not in engine.ships.values())
        others = [p for p in engine.players if p != player and p not in engine.ships]
        if others:
            moves.append(("P-SETUP-SHIPS", others[0], PlaceShip(square_name(free))))
        if engine.ships:
            moves.append(("P-SETUP-SHIPS", player, PlaceShip(square_name(next(iter(engine.ships.values()))))))
        moves.append(("P-BOARD", player, PlaceShip(f"{chr(97 + board.width - 1)}{board.height + 1}")))
    elif phase in ("waves", "place"):
        from referee.games.perroquets.moves import placement_sides, value_tuples

        sides, tuples = placement_sides(engine), value_tuples(engine)
        sample = PlaceParrots(sides[0], 1, tuples[0]) if sides and tuples else None  # the first listed
        if sample is not None:
            moves.append(("P-DICE", PARROTS, PlaceParrots(5, sample.formation, sample.values)))
            absent = max(engine.data.bag) + 1
            moves.append(("P-BAG", PARROTS, PlaceParrots(sample.side, sample.formation,
                                                          (absent,) + sample.values[1:])))
            if len(sample.values) > 1:
                moves.append((("P-SETUP-PARROTS" if phase == "waves" else "P-PLACE"), PARROTS,
                              PlaceParrots(sample.side, sample.formation, sample.values[:-1])))
            wrong = "black" if engine.colour() == "white" else "white"
            moves.append(("P-FLIP", PARROTS, PlaceParrots(sample.side, sample.formation, sample.values, wrong)))
        if phase == "waves" and engine.wave_sides and "setup-repeat-sides" not in engine.variants:
            used = engine.board.side_number(engine.wave_sides[0])
            moves.append(("P-SETUP-PARROTS", PARROTS, PlaceParrots(used, 1, sample.values if sample is not None else (1,))))
        if phase == "place":
            moves.append(("P-PLACE", WIND, RollWind(1)))
    elif phase == "wind":
        moves.append(("P-DICE", WIND, RollWind(6)))
        moves.append(("P-ROUND", engine.players[engine.first], Decide(None, None)))
    elif phase == "draw":
        player = engine.expected_mover()
        assert player is not None
        others = [p for p in engine.players if p != player]
        moves.append(("P-DRAW-ORDER", others[-1], Draw((DrawSlot(next(iter(engine.data.piles))),))))
        moves.append(("P-CARDS", player, Draw((DrawSlot("Z" if "Z" not in engine.data.piles else "99"),))))
        piles = list(engine.data.piles)
        if len(piles) > 1:
            foreign = next(c for c in engine.data.cards.values() if c.pile != piles[0])
            moves.append(("P-DRAW", player, Draw((DrawSlot(piles[0], foreign.id),))))
    elif phase == "decide":
        waiting = [p for p in engine.players if p not in engine.round.decisions]
        drawn = {s.card for s in engine.round.slots}
        absent = next((c for c in engine.data.cards if c not in drawn), None)
        if absent is not None:
            moves.append(("P-CHOOSE", waiting[0], Decide(absent, "green")))
        taken = [c for c in engine.round.cards.values() if c]
        if taken:
            moves.append(("P-TAKEN", waiting[0], Decide(taken[0], "black")))
        decided = [p for p in engine.players if p in engine.round.decisions]
        if decided:
            moves.append(("P-CHOOSE", decided[0], Decide(None, None)))
    return moves
