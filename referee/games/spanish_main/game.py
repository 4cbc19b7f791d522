"""Pirates of the Spanish Main as the shared layers see it: notation, JSON, card data, engine and words."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from referee.diagnostics import Violation
from referee.games.base import (
    NO_OPTIONS,
    DataError,
    Engine,
    GameRules,
    ImportedData,
    JudgeOptions,
    Outcome,
    ParsedTurn,
    SetupError,
    TagSpec,
    TurnSyntaxError,
)
from referee.games.common import COMMON_TAGS
from referee.games.spanish_main import cards as card_data
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.games.spanish_main.notation import DEAL, Event, format_entry, from_json, parse_entry, to_json
from referee.games.spanish_main.rulings import RULINGS, VARIANTS
from referee.games.spanish_main.setup import CARDS_TAG, read_setup
from referee.games.spanish_main.view import SpanishMainView, render_view
from referee.games.base import View
from referee.games.tagvalues import (
    PLAYER_ID, VARIANTS_TAG, Grammars, TagGrammar, check_value, players_tag, regex_tag,
)
from referee.record import GameRecord
from referee.shuffle import SeededChoices


def _result_grammar() -> Any:
    import pyparsing as pp

    return (pp.Regex(PLAYER_ID) | pp.Literal("*")) + pp.StringEnd()


def _geometry_grammar() -> Any:
    import pyparsing as pp

    return (pp.Literal("full") | pp.Literal("none")) + pp.StringEnd()


_GRAMMARS: Grammars = {
    "Players": players_tag("the two player ids, e.g. 'Anna Ben'"),
    "Build": regex_tag(r"[1-9][0-9]{0,3}", "the build total in points, e.g. '40'"),
    "Cards": regex_tag(CARDS_TAG.pattern,
                     "'sample', or a card file's name and optionally its digest: 'my-cards sha256:<64 hex digits>'"),
    "Islands": regex_tag(r"[0-9]{1,2}", "the number of islands, e.g. '6'"),
    "Treasure": regex_tag(r"[0-9]{1,2}[ \t]+[0-9]{1,3}", "each player's token count and gold, e.g. '8 15'"),
    "Variants": VARIANTS_TAG,
    "Result": TagGrammar(rf"{PLAYER_ID}|\*", _result_grammar, "the winner's id, 'none', or '*'"),
    "Geometry": TagGrammar("full|none", _geometry_grammar,
                           "'full' (the log gives positions, checked at level 2) or 'none'"),
    "Units": regex_tag(r"S=[1-9][0-9]{0,2}(\.[0-9])?[ \t]+L=[1-9][0-9]{0,2}(\.[0-9])?",
                     "the short and long card sides in mm, e.g. 'S=63 L=88'"),
    "Table": regex_tag(r"[1-9][0-9]{1,4}[ \t]+[1-9][0-9]{1,4}", "the table's width and depth in mm, e.g. '1200 900'"),
    "Tolerance": regex_tag(r"0\.[1-9][0-9]?|[1-9][0-9]?(\.[0-9]{1,2})?",
                         "the tolerance ε in mm, from 0.1 (what the log's figures resolve) to 99.99, e.g. '1'"),
}
"""Each tag's value: a regular expression for the values people write, and the pyparsing grammar
(built when a value does not fit it) that decides the rest and says where one goes wrong."""


class SpanishMainRules(GameRules):
    id = "spanish-main"
    name = "Pirates of the Spanish Main"
    extensions = (".spanish-main", ".psm")
    tags = COMMON_TAGS + (
        TagSpec("Players", True, "the two player ids"),
        TagSpec("Build", False, "the build total (40 by default)"),
        TagSpec("Cards", True, "the card data: 'sample', or a file's name and optional sha256 digest"),
        TagSpec("Islands", False, "the number of islands (6 at 40 points)"),
        TagSpec("Treasure", False, "each player's tokens and their gold (8 15 at 40 points)"),
        TagSpec("Variants", False, "the variants played, by name"),
        TagSpec("Result", False, "the winner, 'none', or '*'"),
        TagSpec("Geometry", False, "'full': the log gives positions and level 2 checks them"),
        TagSpec("Units", False, "level 2: the card sides S and L in mm ('S=63 L=88')"),
        TagSpec("Table", False, "level 2: the table's width and depth in mm"),
        TagSpec("Tolerance", False, "level 2: the tolerance ε in mm (1 by default)"),
    )
    rulings = RULINGS
    variants = VARIANTS
    data_format = card_data.FORMAT
    score_note = ("score: gold on the home island and in forts; more than half the distributed gold wins; "
                  "stated facts and declared abilities are accepted, not checked")
    canonical_as_parsed = True

    def parse_turn(self, player: str, text: str) -> ParsedTurn:
        return parse_entry(player, text)

    def reading_of(self, name: str) -> str:
        return DEAL if name == DEAL else ""  # every player's entries read alike

    def format_turn(self, action: Event) -> str:
        """The entry's canonical body, written once per entry: the simulated captains play the
        same entries (`generator._made`) game after game."""
        derived = action.derived
        text = derived.get("text")
        if text is None:
            text = derived["text"] = format_entry(action)
        return text  # type: ignore[no-any-return]

    def check_tag(self, name: str, value: str) -> TurnSyntaxError | None:
        return check_value(_GRAMMARS, name, value)

    def canonical_tag(self, name: str, value: str) -> str:
        if name in _GRAMMARS and check_value(_GRAMMARS, name, value) is None:
            return " ".join(value.split())
        return value

    def action_to_json(self, action: Event) -> dict[str, Any]:
        return to_json(action)

    def action_from_json(self, data: dict[str, Any]) -> Event:
        return from_json(data)

    def load_data(self, document: Any, path: str) -> Any:
        cards = card_data.load(document, card_data.name_of(path))
        if cards.name == card_data.SAMPLE_NAME and cards.digest != card_data.sample_cards().digest:
            # A log naming 'sample' is judged on the bundled set: no log could name this one.
            raise DataError(f"this card set is named '{card_data.SAMPLE_NAME}', as the bundled set is, but holds "
                            "other cards: no log could name it; give it an id of its own",
                            "/id" if isinstance(document, dict) and "id" in document else "", "S-DATA")
        return cards

    def builtin_data(self) -> dict[str, Any]:
        return {card_data.SAMPLE_NAME: card_data.sample_cards()}

    def describe_data(self, data: Any) -> list[str]:
        kinds: dict[str, int] = {}
        for card in data.cards.values():
            kinds[card.kind] = kinds.get(card.kind, 0) + 1
        listed = ", ".join(f"{count} {kind}{'s' if count != 1 and kind != 'crew' else ''}"
                           for kind, count in sorted(kinds.items()))
        named = (f'[Cards "{card_data.SAMPLE_NAME}"]' if data.digest == card_data.sample_cards().digest else
                 f'[Cards "{data.name} sha256:{data.digest}"] (or [Cards "{data.name}"]), the file given with '
                 '--data FILE')
        return [f"{len(data.cards)} cards ({listed or 'none'}), nationalities: " + ", ".join(data.nationalities),
                f"a log names it {named}"]

    def data_tag(self, data: Any) -> tuple[str, str] | None:
        if data.digest == card_data.sample_cards().digest:
            return ("Cards", card_data.SAMPLE_NAME)
        return ("Cards", f"{data.name} sha256:{data.digest}")  # the name the set answers to, pinned

    def show_data(self, data: Any, item: str | None = None) -> list[str]:
        if item is None:
            lines = self.describe_data(data)
            for card in data.cards.values():
                lines.append(f"  {card.id}: {card.name} ({card.kind})")
            return lines
        card = data.cards.get(item)
        if card is None:
            raise KeyError(f"holds no card {item!r} (`referee data show FILE` lists them)")
        return card_data.describe(card, data)

    imports_data = "a fleet builder's export (a JSON array of card objects, or a CSV with the same columns)"

    def import_data(self, text: str, name: str, strict: bool = False) -> ImportedData:
        from referee.games.spanish_main.fleet_import import convert, read_export

        document, report = convert(read_export(text, name), strict)
        return ImportedData(document, report.lines(), not report.unreadable)

    def new_engine(self, record: GameRecord, options: JudgeOptions = NO_OPTIONS) -> Engine | Violation:
        setup = read_setup(record, options)
        if isinstance(setup, Violation):
            return setup
        return SpanishMainEngine(setup)

    def deal_tags(self, players: list[str], teams: bool, seed: str) -> list[tuple[str, str]]:
        if teams:
            raise SetupError("Pirates of the Spanish Main has no teams", "Teams")
        if len(players) != 2:
            raise SetupError(f"Pirates of the Spanish Main is for 2 players, not {len(players)}", "Players")
        return [("Players", " ".join(players)), ("Build", "40"), ("Cards", card_data.SAMPLE_NAME)]

    def result_tag(self, outcome: Outcome) -> str:
        if outcome.winners:
            return outcome.winners[0]
        return "none" if outcome.finished else "*"

    def simulated_move(self, engine: Engine, chooser: SeededChoices, notes: Counter[str]) -> tuple[str, Any] | None:
        """The simulated captain's choice, made without listing every legal move: the entries of the
        most wanted kind that the engine finds legal, drawn one at a time (`captains.choose_lazily`)."""
        from referee.games.spanish_main.captains import choose_lazily  # only a simulation needs the captains

        assert isinstance(engine, SpanishMainEngine)
        return choose_lazily(engine, chooser, notes)

    def illegal_moves(self, engine: Engine) -> list[tuple[str, str, Any]]:
        from referee.games.spanish_main.generator import illegal_moves

        assert isinstance(engine, SpanishMainEngine)
        return illegal_moves(engine)

    def render_view(self, view: View) -> list[str]:
        return render_view(cast(SpanishMainView, view))

    def to_move(self, view: View) -> str | None:
        return cast(SpanishMainView, view)["player"]

    def render_svg(self, view: View, stopped_by: list[dict[str, Any]] | None = None) -> str | None:
        """The table to scale, for a log that gives positions (level 2), with what its last check
        found; for a level-1 log, which gives none, the board of the fleets."""
        position = cast(SpanishMainView, view)
        if position.get("table") is None:
            from referee.games.spanish_main.fleets_svg import fleets_svg

            return fleets_svg(position)
        from referee.games.spanish_main.svg import table_svg

        return table_svg(position, stopped_by)
