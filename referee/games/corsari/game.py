"""Corsari as the shared layers see it: notation, JSON, engine and words, behind GameRules."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from referee.diagnostics import Violation
from referee.games.base import (NO_OPTIONS, Engine, EntryList, GameRules, JudgeOptions, Outcome, ParsedTurn, TagSpec,
                                 TurnSyntaxError)
from referee.games.base import View
from referee.games.common import COMMON_TAGS
from referee.games.corsari.cards import UNSHUFFLED, order_key, value
from referee.games.corsari.engine import DEAL, CorsariEngine
from referee.games.corsari.notation import (
    CorsariDeal,
    CorsariTurn,
    Step,
    check_tag_value,
    format_body,
    parse_body,
    parse_deal,
    read_body,
)
from referee.games.corsari.policy import choose
from referee.games.corsari.rulings import RULINGS
from referee.games.corsari.setup import read_setup
from referee.games.corsari.view import CorsariView, render_view
from referee.record import GameRecord
from referee.shuffle import SeededChoices


class CorsariRules(GameRules):
    id = "corsari"
    name = "Corsari"
    extensions = (".corsari",)
    tags = COMMON_TAGS + (
        TagSpec("Players", True, "player ids in clockwise seat order"),
        TagSpec("First", True, "the first round's first player"),
        TagSpec("Seed", False, "fixes every round's deal by the documented shuffle"),
        TagSpec("Result", False, "the claimed penalty cards per player ('!' marks a grand master), or '*'"),
    )
    rulings = RULINGS
    score_note = "score: penalty cards; the fewest win, and a grand master wins at once"
    canonical_as_parsed = True

    def parse_turn(self, player: str, text: str) -> ParsedTurn:
        return parse_deal(text) if player == DEAL else parse_body(text)

    def entries_now(self, engine: Engine, table: bool) -> EntryList:
        """The generator's entries; with `table`, with the deck face down: a seeded deal is
        known to the engine, not to the players, so no entry names the card a take from the
        deck draws."""
        from referee.games.corsari.moves import legal_entries

        assert isinstance(engine, CorsariEngine)
        return legal_entries(engine, face_down=table)

    def reading_of(self, name: str) -> str:
        return DEAL if name == DEAL else ""  # every player's entries read alike

    def parse_action(self, player: str, text: str) -> CorsariTurn | CorsariDeal:
        return parse_deal(text).action if player == DEAL else read_body(text)

    def format_turn(self, action: CorsariTurn | CorsariDeal) -> str:
        return format_body(action)

    def check_tag(self, name: str, value: str) -> TurnSyntaxError | None:
        return check_tag_value(name, value)

    def canonical_tag(self, name: str, value: str) -> str:
        if check_tag_value(name, value) is None and name in ("Players", "First", "Seed", "Result"):
            return " ".join(value.split())
        return value

    def action_to_json(self, action: CorsariTurn | CorsariDeal) -> dict[str, Any]:
        if isinstance(action, CorsariDeal):
            data: dict[str, Any] = {"kind": "deal", "quay": list(action.quay)}
            if action.pile is not None:
                data["pile"] = action.pile
            if action.hands is not None:
                data["hands"] = [{"player": p, "cards": list(cards)} for p, cards in action.hands]
            if action.deck is not None:
                data["deck"] = list(action.deck)
            return data
        steps = []
        for step in action.steps:
            entry: dict[str, Any] = {"step": step.kind, "cards": list(step.cards)}
            if step.source is not None:
                entry["source"] = step.source
            steps.append(entry)
        return {"kind": "turn", "steps": steps}

    def action_from_json(self, data: dict[str, Any]) -> CorsariTurn | CorsariDeal:
        if data["kind"] == "deal":
            hands = data.get("hands")
            deck = data.get("deck")
            return CorsariDeal(
                tuple((h["player"], tuple(h["cards"])) for h in hands) if hands is not None else None,
                tuple(data["quay"]), data.get("pile"), tuple(deck) if deck is not None else None)
        return CorsariTurn(tuple(Step(s["step"], tuple(s["cards"]), s.get("source")) for s in data["steps"]))

    def new_engine(self, record: GameRecord, options: JudgeOptions = NO_OPTIONS) -> Engine | Violation:
        setup = read_setup(record)
        if isinstance(setup, Violation):
            return setup
        return CorsariEngine(setup)

    def deal_tags(self, players: list[str], teams: bool, seed: str) -> list[tuple[str, str]]:
        if teams:
            raise ValueError("Corsari has no teams")
        return [("Players", " ".join(players)), ("First", players[0]), ("Seed", seed)]

    def result_tag(self, outcome: Outcome) -> str:
        if not outcome.finished:
            return "*"
        return " ".join(f"{side.side}={side.score}{'!' if side.details['grand_master'] else ''}"
                        for side in outcome.sides)

    def simulated_move(self, engine: Engine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
        """The player's choice as `policy` makes it, among the pieces the generator lists its
        entries from, without listing them (a hand has thousands of raises); None where the
        policy has none to make (no turn due, or a deal not known, which a simulated game,
        its deals seeded, never reaches)."""
        assert isinstance(engine, CorsariEngine)
        return choose(engine, chooser, notes)

    def illegal_moves(self, engine: Engine) -> list[tuple[str, str, Any]]:
        assert isinstance(engine, CorsariEngine)
        state = engine.current
        if engine.over or state is None or state.hidden or engine.phase != "turns":
            return []
        seat = state.next_seat
        player = engine.players[seat]
        other = engine.players[(seat + 1) % engine.count]
        hand = sorted(state.hands[seat], key=order_key)
        take = Step("take", (), "pile" if state.pile else "quay")
        absent = next(card for card in UNSHUFFLED if card not in state.hands[seat] and card != (
            state.pile[-1] if state.pile else state.quay[-1]))
        moves: list[tuple[str, str, Any]] = [
            ("C-TURN", other, CorsariTurn((take, Step("discard", (hand[0],))))),
            ("C-CARDS", player, CorsariTurn((take, Step("discard", ("Z5",))))),
            ("C-TAKE", player, CorsariTurn((Step("discard", (hand[0],)),))),
            ("C-DISCARD", player, CorsariTurn((take, Step("discard", (absent,))))),
        ]
        colours = sorted({card[0] for card in hand})
        if len(colours) >= 3 and len(state.quay) > 1:
            crew = tuple(next(c for c in hand if c[0] == colour) for colour in colours[:3])
            if len({value(c) for c in crew}) == 3:
                discard = next(c for c in hand if c not in crew)
                moves.append(("C-CREW", player, CorsariTurn((take, Step("discard", (discard,)),
                                                             Step("raise", crew)))))
        return moves

    def render_view(self, view: View) -> list[str]:
        return render_view(cast(CorsariView, view))

    def to_move(self, view: View) -> str | None:
        return cast(CorsariView, view)["next"]
