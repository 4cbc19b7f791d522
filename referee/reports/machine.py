"""The pieces of the reports for machines: JSON Lines records, GitHub workflow
commands, SARIF 2.1.0 rules and results, JUnit lines. `writers` puts them
together as files are judged; nothing here prints.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import quote

from referee.games import GAMES
from referee.games.base import Ruling
from referee.notation.codes import NOTATION_CODES
from referee.reports.visible import visible

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


# -- JSON Lines ----------------------------------------------------------------------


def jsonl_game(path: str, game: dict[str, Any]) -> dict[str, Any]:
    """One game's line, written as soon as the game is judged."""
    return {"type": "game", "path": path, **game}


def jsonl_file(path: str, diagnostics: list[dict[str, Any]]) -> dict[str, Any]:
    """A file's own findings (not UTF-8, no game in it)."""
    return {"type": "file", "path": path, "verdict": "malformed", "diagnostics": diagnostics}


def jsonl_unreadable(path: str, reason: str) -> dict[str, Any]:
    return {"type": "unreadable", "path": path, "reason": reason}


def jsonl_summary(counts: dict[str, int]) -> dict[str, Any]:
    return {"type": "summary", **counts}


def jsonl_line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


# -- GitHub workflow commands --------------------------------------------------------------


def _escape_data(text: str) -> str:
    return visible(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_lines(diagnostics: Iterable[dict[str, Any]]) -> Iterator[str]:
    """`::error file=…,line=…,col=…,endColumn=…,title=RULE::message`, one per finding."""
    for diagnostic in diagnostics:
        command = "error" if diagnostic["severity"] == "error" else "warning"
        props = [f"file={_escape_property(diagnostic['path'])}"]
        if "line" in diagnostic:
            props += [f"line={diagnostic['line']}", f"col={diagnostic['column']}",
                      f"endColumn={max(diagnostic['end_column'], diagnostic['column'] + 1)}"]
        props.append(f"title={_escape_property(diagnostic['code'])}")
        message = diagnostic["message"]
        if diagnostic.get("move"):
            message += f" (move: {diagnostic['move']})"
        yield f"::{command} {','.join(props)}::{_escape_data(message)}"


def github_unreadable(path: str, reason: str) -> str:
    return f"::error file={_escape_property(path)},title=unreadable::{_escape_data('cannot read: ' + reason)}"


# -- SARIF 2.1.0 --------------------------------------------------------------------------


def sarif_rules() -> list[dict[str, Any]]:
    """Every code a finding can carry, the notation's and each game's, as SARIF rules."""
    rules: list[dict[str, Any]] = []
    for game in GAMES.values():
        for ruling in game.rulings:
            rules.append(_sarif_rule(ruling, game.name, game.id))
    for code in NOTATION_CODES:
        rules.append(_sarif_rule(code, "Notation", "notation"))
    return rules


def sarif_rule_index() -> dict[str, int]:
    return {rule["id"]: position for position, rule in enumerate(sarif_rules())}


def _sarif_rule(ruling: Ruling, game_name: str, game_id: str) -> dict[str, Any]:
    return {"id": ruling.id, "name": _rule_name(game_name, ruling.title),
            "shortDescription": {"text": f"{game_name}: {ruling.title}"},
            "fullDescription": {"text": ruling.text},
            "help": {"text": f"{ruling.text} (`referee rules {ruling.id}` prints this.)"},
            "properties": {"game": game_id}}


def _rule_name(game: str, title: str) -> str:
    """A SARIF rule name: the game and the ruling's title in PascalCase, unique across games."""
    words = re.findall(r"[A-Za-z0-9]+", re.sub(r"'s\b", "", title))
    return re.sub(r"[^A-Za-z0-9]", "", game) + "".join(word[:1].upper() + word[1:] for word in words)


def sarif_uri(path: str) -> str:
    """A path as a URI reference: relative paths stay relative, absolute ones become
    file:// URIs; each byte outside the safe set is percent-encoded (a file name's
    bytes that are not UTF-8 included, so the URI names the very file)."""
    raw = path.encode("utf-8", "surrogateescape")
    if os.sep != "/":
        raw = raw.replace(os.sep.encode(), b"/")
    quoted = quote(raw, safe="/:._-~")
    return "file://" + quoted if raw.startswith(b"/") else quoted


def sarif_result(diagnostic: dict[str, Any], index: dict[str, int], artifact: int) -> dict[str, Any]:
    location: dict[str, Any] = {"artifactLocation": {"uri": sarif_uri(diagnostic["path"]), "index": artifact}}
    if "line" in diagnostic:
        end = max(diagnostic["end_column"], diagnostic["column"] + 1)
        location["region"] = {"startLine": diagnostic["line"], "startColumn": diagnostic["column"],
                              "endColumn": end}
        if "excerpt" in diagnostic:
            shown = diagnostic["excerpt"]
            start = diagnostic["column"] - shown["column"]
            text = shown["text"][max(start, 0):max(end - shown["column"], 0)]
            if text:
                location["region"]["snippet"] = {"text": text}
            location["contextRegion"] = {"startLine": diagnostic["line"], "startColumn": shown["column"],
                                         "endColumn": shown["column"] + len(shown["text"]),
                                         "snippet": {"text": shown["text"]}}
    result: dict[str, Any] = {
        "ruleId": diagnostic["code"],
        "level": "error" if diagnostic["severity"] == "error" else "warning",
        "message": {"text": diagnostic["message"]},
        "locations": [{"physicalLocation": location}],
    }
    if diagnostic["code"] in index:
        result["ruleIndex"] = index[diagnostic["code"]]
    properties: dict[str, Any] = {}
    if diagnostic.get("move") is not None:
        properties["move"] = diagnostic["move"]
    if diagnostic.get("notes"):
        properties["notes"] = list(diagnostic["notes"])
    if diagnostic.get("facts"):
        properties["facts"] = diagnostic["facts"]
    if diagnostic.get("rulings"):
        properties["rulings"] = list(diagnostic["rulings"])  # each also in the run's rules
    if properties:
        result["properties"] = properties
    return result


def sarif_invocation(unreadable: list[tuple[str, str]]) -> dict[str, Any]:
    invocation: dict[str, Any] = {"executionSuccessful": not unreadable}
    if unreadable:
        invocation["toolExecutionNotifications"] = [
            {"level": "error", "message": {"text": f"cannot read {path}: {reason}"},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": sarif_uri(path)}}}]}
            for path, reason in unreadable]
    return invocation


# -- JUnit XML -------------------------------------------------------------------------------


def junit_line(diagnostic: dict[str, Any]) -> str:
    where = diagnostic["path"] + (f":{diagnostic['line']}:{diagnostic['column']}" if "line" in diagnostic else "")
    return f"{where}: [{diagnostic['code']}] {diagnostic['message']}"
