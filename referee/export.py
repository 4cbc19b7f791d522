"""Game records ↔ JSON (schemas/game-record.schema.json).

Export writes each game's record with the replay's verdict; import validates a
document against the schema first, then rebuilds the records. The verdict in an
imported document is ignored: the referee judges the game again.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from referee import __version__
from referee.games import GAMES
from referee.games.base import GameRules
from referee.record import Comment, GameRecord, Round, Tag, Turn
from referee.pipeline.replay import GameReport
from referee.reports.json_report import game_json

RECORD_SCHEMA_ID = "urn:referee:schema:game-record:1"


def _comments(comments: list[Comment]) -> list[dict[str, Any]]:
    return [{"text": c.text, "braced": c.braced} for c in comments]


def record_to_json(record: GameRecord, rules: GameRules) -> dict[str, Any]:
    action_to_json = rules.action_to_json
    return {
        "game": rules.id,
        "preamble": _comments(record.preamble),
        "tags": [{"name": t.name, "value": t.value, "comments": _comments(t.comments)} for t in record.tags],
        "rounds": [{
            "number": r.number,
            "comments": _comments(r.comments),
            "turns": [{"player": t.player, "action": action_to_json(t.action),
                       "comments": _comments(t.comments) if t.comments else []} for t in r.turns],
        } for r in record.rounds],
    }


def export_entry(game: GameReport, source: str | None = None) -> dict[str, Any]:
    """One game of the export document: its record, the file it came from and its verdict."""
    assert game.record is not None and game.rules is not None
    entry = record_to_json(game.record, game.rules)
    if source is not None:
        entry["source"] = source
    verdict = game_json(game)
    entry["verdict"] = {key: verdict[key] for key in ("verdict", "moves", "finished", "diagnostics", "score")}
    return entry


class _TurnTexts:
    """Each distinct turn's JSON text, encoded once: an archive repeats the same few
    hundred turns, and encoding their objects again for every game was a third of
    export's time. Keyed by game, player and the body as written, and held to the
    action itself, so a record whose text and action disagree is encoded afresh.
    Bounded, like the reader's table of parsed bodies."""

    LIMIT = 50_000

    def __init__(self) -> None:
        self.texts: dict[tuple[str, str, str], tuple[Any, str]] = {}

    def text(self, rules: GameRules, turn: Turn) -> str:
        if turn.comments:
            return _ENCODE(_turn_json(rules, turn))
        key = (rules.id, turn.player, turn.text)
        known = self.texts.get(key)
        if known is not None and (known[0] is turn.action or known[0] == turn.action):
            return known[1]
        if len(self.texts) >= self.LIMIT:
            self.texts.clear()
        text = _ENCODE(_turn_json(rules, turn))
        self.texts[key] = (turn.action, text)
        return text


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_TURN_TEXTS = _TurnTexts()


def _turn_json(rules: GameRules, turn: Turn) -> dict[str, Any]:
    return {"player": turn.player, "action": rules.action_to_json(turn.action),
            "comments": _comments(turn.comments) if turn.comments else []}


def export_text(game: GameReport, source: str | None = None) -> str:
    """`export_entry` as one line of JSON, exactly as `json.dumps` writes it (separators
    ", " and ": ", no ASCII escaping), with each turn's text encoded once per archive."""
    return "".join(export_pieces(game, source))


PIECE_CHARS = 1 << 16
"""About how much of a game's JSON `export_pieces` hands out at a time."""


def export_pieces(game: GameReport, source: str | None = None) -> Iterator[str]:
    """`export_text` in pieces of about PIECE_CHARS, the rounds read one at a time: a game
    of a million turns is written without its text or its turns held whole."""
    record, rules = game.record, game.rules
    assert record is not None and rules is not None
    turn_text = _TURN_TEXTS.text
    entry = {"game": rules.id, "preamble": _comments(record.preamble),
             "tags": [{"name": t.name, "value": t.value, "comments": _comments(t.comments)} for t in record.tags]}
    piece = [_ENCODE(entry)[:-1] + ', "rounds": [']
    size = 0
    gap = ""
    for r in record.rounds:
        text = (f'{gap}{{"number": {r.number}, "comments": {_ENCODE(_comments(r.comments))}, "turns": ['
                + ", ".join([turn_text(rules, t) for t in r.turns]) + "]}")
        gap = ", "
        piece.append(text)
        size += len(text)
        if size >= PIECE_CHARS:
            yield "".join(piece)
            piece.clear()
            size = 0
    tail = {} if source is None else {"source": source}
    verdict = game_json(game)
    tail["verdict"] = {key: verdict[key] for key in ("verdict", "moves", "finished", "diagnostics", "score")}
    piece.append(f'], {_ENCODE(tail)[1:]}')
    yield "".join(piece)


def export_head() -> dict[str, Any]:
    return {
        "$schema": RECORD_SCHEMA_ID,
        "format": "referee-game-record",
        "version": 1,
        "referee": __version__,
    }


def export_document(games: list[GameReport], source: str | None = None) -> dict[str, Any]:
    return {**export_head(), "games": [export_entry(game, source) for game in games]}


def write_export(entries: Iterable[Iterable[str]], out: TextIO) -> None:
    """The export document written game by game: the head indented for reading, each game
    (as `export_pieces` gives it) on one line of its own, so that memory holds a piece
    of one game at a time and the fast encoder writes it (an indented encoding is several
    times slower on a large archive)."""
    head = json.dumps(export_head(), indent=2, ensure_ascii=False)
    out.write(head[:-2] + ',\n  "games": [')
    first = True
    for entry in entries:
        out.write("\n    " if first else ",\n    ")
        for piece in entry:
            out.write(piece)
        first = False
    out.write("]\n}\n" if first else "\n  ]\n}\n")


_READ_ACTIONS: dict[str, dict[bytes | str, tuple[Any, str]]] = {}
"""By game, then by the action's marshal bytes: each action read from JSON and formatted."""
READ_ACTIONS_KEPT = 8192
"""A game plays a few hundred distinct actions (Spanish Main's corpus: 1,430 in 100,124 moves),
each many times: each is read and formatted once, and memory keeps this many of a game's."""
READ_ACTION_CHARS = 512
"""Longer bodies are read afresh each time, so the table never holds much text."""


def _action_key(data: dict[str, Any]) -> bytes | str:
    """The JSON's marshal bytes in version 2, which writes no back-references, so equal bytes
    are equal values: several times quicker to make than its repr, which stands in for a
    value marshal refuses (a number with a fraction, read as a Decimal)."""
    try:
        return marshal.dumps(data, 2)
    except ValueError:
        return repr(data)


def _read_action(rules: GameRules, known_actions: dict[bytes | str, tuple[Any, str]],
                 data: dict[str, Any]) -> tuple[Any, str]:
    """An action read from JSON, and its body formatted. Every game's actions are immutable
    (the quick reader already shares one parsed action among all turns written alike), so
    one object can serve every turn whose JSON is equal."""
    key = _action_key(data)
    known = known_actions.get(key)
    if known is None:
        action = rules.action_from_json(data)
        known = (action, rules.format_turn(action))
        if len(known[1]) <= READ_ACTION_CHARS:
            if len(known_actions) >= READ_ACTIONS_KEPT:
                known_actions.clear()
            known_actions[key] = known
    return known


def _comment_list(items: list[dict[str, Any]]) -> list[Comment]:
    return [Comment(item["text"], item["braced"]) for item in items]


def records_from_json(document: dict[str, Any]) -> list[tuple[GameRecord, GameRules]]:
    """Rebuild records from a document that already passed schema validation."""
    result = []
    for game in document["games"]:
        rules = GAMES[game["game"]]
        record = record_head_from_json(game)
        record.rounds = [round_from_json(rules, r) for r in game["rounds"]]
        result.append((record, rules))
    return result


def record_head_from_json(game: dict[str, Any]) -> GameRecord:
    """A schema-valid game's record without its rounds: its tags and preamble."""
    return GameRecord(
        game["game"],
        tags=[Tag(t["name"], t["value"], comments=_comment_list(t.get("comments", []))) for t in game["tags"]],
        preamble=_comment_list(game.get("preamble", [])),
    )


def round_from_json(rules: GameRules, item: dict[str, Any]) -> Round:
    """One schema-valid round of a game's JSON, its turns' actions read (and formatted) once
    for all the turns written alike."""
    known_actions = _READ_ACTIONS.setdefault(rules.id, {})

    def turn(entry: dict[str, Any]) -> Turn:
        action, text = _read_action(rules, known_actions, entry["action"])
        comments = entry.get("comments")
        if comments:
            return Turn(entry["player"], action, text, comments=_comment_list(comments))
        return Turn(entry["player"], action, text)

    return Round(item["number"], comments=_comment_list(item.get("comments", [])),
                 turns=[turn(entry) for entry in item["turns"]])
