"""Korsar as the shared layers see it: notation, JSON, engine and words, behind GameRules."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from referee.diagnostics import Violation
from referee.games.base import NO_OPTIONS, Engine, GameRules, JudgeOptions, SetupError, Outcome, ParsedTurn, TagSpec, TurnSyntaxError
from referee.games.base import View
from referee.games.common import COMMON_TAGS
from referee.games.korsar.cards import card_info
from referee.games.korsar.engine import KorsarEngine
from referee.games.korsar.notation import (
    GalleonRef,
    KorsarAction,
    check_tag_value,
    format_body,
    format_hands,
    parse_body,
    parse_hands,
    parse_teams,
)
from referee.games.korsar.rulings import RULINGS
from referee.games.korsar.setup import read_setup, seat_ordered
from referee.games.korsar.view import KorsarView, render_view
from referee.games.tagvalues import parse_players
from referee.record import GameRecord

if TYPE_CHECKING:
    from referee.shuffle import SeededChoices


class KorsarRules(GameRules):
    id = "korsar"
    name = "Korsar"
    extensions = (".korsar",)
    end_tags = ("EndHands",)
    tags = COMMON_TAGS + (
        TagSpec("Players", True, "player ids in seat order"),
        TagSpec("Teams", False, "partners, for team play"),
        TagSpec("Seed", False, "fixes the deal by the documented shuffle"),
        TagSpec("Hands", False, "the six cards dealt to each player"),
        TagSpec("Deck", False, "the deck after the deal, top first"),
        TagSpec("EndHands", False, "each player's hand when the log stops"),
        TagSpec("Result", False, "the claimed final score, or '*'"),
    )
    rulings = RULINGS
    score_note = "score: gold, the loot plus what the end sweeps; the most gold wins"

    def parse_turn(self, player: str, text: str) -> ParsedTurn:
        return parse_body(text)

    def reading_of(self, name: str) -> str:
        return ""  # every player's entries read alike

    def format_turn(self, action: KorsarAction) -> str:
        return format_body(action)

    def spelled_out(self, engine: Engine, player: str, action: Any) -> Any:
        assert isinstance(engine, KorsarEngine)
        return engine.spelled_out(player, action)

    def is_canonical(self, action: KorsarAction | None) -> bool:
        """Only a galleon named with its round can be written otherwise: the round is
        dropped where the owner has one galleon of that gold on the table."""
        if action is None or (action.target is None and not action.captures):
            return True
        return ((action.target is None or action.target.round is None)
                and all(ref.round is None for ref in action.captures))

    def check_tag(self, name: str, value: str) -> TurnSyntaxError | None:
        return check_tag_value(name, value)

    def canonical_tag(self, name: str, value: str) -> str:
        if check_tag_value(name, value) is not None:
            return value
        if name in ("Hands", "EndHands"):
            return format_hands(parse_hands(value))
        if name in ("Players", "Teams", "Deck", "Result", "Seed"):
            return " ".join(value.split())
        return value

    def canonical_tag_of(self, record: GameRecord, name: str, value: str) -> str:
        value = self.canonical_tag(name, value)
        if name != "Teams" or check_tag_value(name, value) is not None:
            return value
        players = parse_players(record.tag_value("Players") or "")
        return " ".join(f"{a}+{b}" for a, b in seat_ordered(players, parse_teams(value)))

    def action_to_json(self, action: KorsarAction) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": action.kind}
        if action.card is not None:
            data["card"] = action.card
        if action.target is not None:
            data["target"] = _ref_to_json(action.target)
        if action.captures:
            data["captures"] = [_ref_to_json(ref) for ref in action.captures]
        if action.chased is not None:
            data["chased"] = action.chased
        return data

    def action_from_json(self, data: dict[str, Any]) -> KorsarAction:
        target = data.get("target")
        captures = data.get("captures")
        return KorsarAction(
            data["kind"],
            data.get("card"),
            _ref_from_json(target) if target is not None else None,
            tuple(_ref_from_json(ref) for ref in captures) if captures else (),
            data.get("chased"),
        )

    def new_engine(self, record: GameRecord, options: JudgeOptions = NO_OPTIONS) -> Engine | Violation:
        setup = read_setup(record)
        if isinstance(setup, Violation):
            return setup
        return KorsarEngine(setup)

    def deal_tags(self, players: list[str], teams: bool, seed: str) -> list[tuple[str, str]]:
        tags = [("Players", " ".join(players))]
        if teams and len(players) % 2:
            raise SetupError(f"{len(players)} players cannot sit in pairs", "Teams")
        if not teams and len(players) in (6, 8):
            raise SetupError(f"{len(players)} players play in teams of two (K-TEAMS)", "Teams")
        if teams:
            tags.append(("Teams", " ".join(f"{players[i]}+{players[i + 1]}"
                                           for i in range(0, len(players), 2))))
        tags.append(("Seed", seed))
        return tags

    def result_tag(self, outcome: Outcome) -> str:
        if not outcome.finished or any(side.score is None for side in outcome.sides):
            return "*"
        return " ".join(f"{side.side}={side.score}" for side in outcome.sides)

    def simulated_move(self, engine: Engine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
        """A uniform choice among the legal entries, made from the generator's actions without
        writing each one out (`moves.choose`)."""
        from referee.games.korsar.moves import choose

        assert isinstance(engine, KorsarEngine)
        return choose(engine, chooser)

    def illegal_moves(self, engine: Engine) -> list[tuple[str, str, Any]]:
        assert isinstance(engine, KorsarEngine)
        if engine.over or engine.hidden:
            return []
        seat = engine.next_seat
        player = engine.players[seat]
        other = engine.players[(seat + 1) % len(engine.players)]
        hand = sorted(engine.hands[seat])
        moves: list[tuple[str, str, Any]] = [
            ("K-ORDER", other, KorsarAction("draw") if engine.deck_size else KorsarAction("discard", "Y1")),
            ("K-CARDS", player, KorsarAction("galleon", "$9")),
        ]
        missing = next((card for card in ("AD", "YC", "RC", "GC", "BC", "B4", "G4") if card not in engine.hands[seat]
                        and card_info(card) is not None), None)
        if missing is not None and engine.deck_size:
            moves.append(("K-HAND", player, KorsarAction("galleon" if missing.startswith("$") else "play", missing,
                                                          None if missing.startswith("$") else GalleonRef(player, 9))))
        pirates = [card for card in hand if card[0] in "YRGB" and card[1:].isdigit()]
        if pirates:
            moves.append(("K-TARGET", player, KorsarAction("play", pirates[0], GalleonRef(player, 9))))
            if engine.deck_size:
                moves.append(("K-DISCARD", player, KorsarAction("discard", pirates[0])))
        if engine.deck_size == 0:
            moves.append(("K-DRAW", player, KorsarAction("draw")))
        return moves

    def render_view(self, view: View) -> list[str]:
        return render_view(cast(KorsarView, view))

    def to_move(self, view: View) -> str | None:
        return cast(KorsarView, view)["next"]


def _ref_to_json(ref: GalleonRef) -> dict[str, Any]:
    data: dict[str, Any] = {"owner": ref.owner, "value": ref.value}
    if ref.round is not None:
        data["round"] = ref.round
    return data


def _ref_from_json(data: dict[str, Any]) -> GalleonRef:
    return GalleonRef(data["owner"], data["value"], data.get("round"))
