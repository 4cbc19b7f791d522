"""Reports for machines: JSON Lines, GitHub workflow commands, SARIF 2.1.0, JUnit XML.

Each takes the judged files and the unreadable inputs and returns text; none prints.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from typing import Any

from referee import __version__
from referee.games import GAMES

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
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


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


def sarif_document(files: list[dict[str, Any]], unreadable: list[tuple[str, str]]) -> dict[str, Any]:
    """One run; every ruling and notation code is a rule, every finding a result."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    for game in GAMES.values():
        for ruling in game.rulings:
            index[ruling.id] = len(rules)
            rules.append({"id": ruling.id, "name": _rule_name(game.name, ruling.title),
                          "shortDescription": {"text": f"{game.name}: {ruling.title}"},
                          "fullDescription": {"text": ruling.text},
                          "help": {"text": f"referee rules {ruling.id}"},
                          "properties": {"game": game.id}})
    for code, text in NOTATION_CODES.items():
        index[code] = len(rules)
        rules.append({"id": code, "name": code.replace("-", ""), "shortDescription": {"text": text},
                      "fullDescription": {"text": text}, "properties": {"game": "notation"}})
    results = []
    artifacts: list[dict[str, Any]] = []
    artifact_index: dict[str, int] = {}
    for file in files:
        artifact_index[file["path"]] = len(artifacts)
        artifacts.append({"location": {"uri": _uri(file["path"])}})
        for diagnostic in all_findings(file):
            results.append(_sarif_result(diagnostic, index, artifact_index[file["path"]]))
    notifications = [{"level": "error", "message": {"text": f"cannot read {path}: {reason}"},
                      "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(path)}}}]}
                     for path, reason in unreadable]
    invocation: dict[str, Any] = {"executionSuccessful": not unreadable}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "referee", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "artifacts": artifacts,
            "invocations": [invocation],
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def _rule_name(game: str, title: str) -> str:
    """A SARIF rule name: the game and the ruling's title in PascalCase, unique across games."""
    words = re.findall(r"[A-Za-z0-9]+", re.sub(r"'s\b", "", title))
    return game + "".join(word[:1].upper() + word[1:] for word in words)


NOTATION_CODES = {
    "N-ENCODING": "the file is not UTF-8",
    "N-SYNTAX": "a turn or token the notation cannot read",
    "N-TAG": "a malformed, unknown, duplicate or missing tag",
    "N-COMMENT": "a comment never closed",
    "N-GAME": "no game, or an unknown game",
}


def _uri(path: str) -> str:
    from urllib.parse import quote

    return quote(path.replace("\\", "/"), safe="/:._-~")


def all_findings(file: dict[str, Any]) -> list[dict[str, Any]]:
    """A judged file's own findings, then each game's."""
    return list(file["diagnostics"]) + [d for game in file["games"] for d in game["diagnostics"]]


def _sarif_result(diagnostic: dict[str, Any], index: dict[str, int], artifact: int) -> dict[str, Any]:
    location: dict[str, Any] = {"artifactLocation": {"uri": _uri(diagnostic["path"]), "index": artifact}}
    if "line" in diagnostic:
        location["region"] = {"startLine": diagnostic["line"], "startColumn": diagnostic["column"],
                              "endColumn": max(diagnostic["end_column"], diagnostic["column"] + 1)}
        if "excerpt" in diagnostic:
            location["region"]["snippet"] = {"text": diagnostic["excerpt"]["text"]}
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
    if properties:
        result["properties"] = properties
    return result


# -- JUnit XML -------------------------------------------------------------------------------


def junit_xml(files: list[dict[str, Any]], unreadable: list[tuple[str, str]]) -> str:
    """One test suite per file, one test case per game, so CI dashboards count games."""
    suites = ET.Element("testsuites", name="referee")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for file in files:
        path = file["path"]
        suite = ET.SubElement(suites, "testsuite", name=path)
        counts = {"tests": 0, "failures": 0, "errors": 0}
        if file["diagnostics"]:
            case = ET.SubElement(suite, "testcase", name="file", classname=path)
            first = file["diagnostics"][0]
            failure = ET.SubElement(case, "failure", message=f"[{first['code']}] {first['message']}",
                                    type=first["code"])
            failure.text = "\n".join(_junit_line(d) for d in file["diagnostics"])
            counts["tests"] += 1
            counts["failures"] += 1
        for game in file["games"]:
            name = f"game {game['index']} (line {game['line']})"
            case = ET.SubElement(suite, "testcase", name=name, classname=path)
            counts["tests"] += 1
            errors = [d for d in game["diagnostics"] if d["severity"] == "error"]
            if errors:
                first = errors[0]
                failure = ET.SubElement(case, "failure", message=f"[{first['code']}] {first['message']}",
                                        type=first["code"])
                failure.text = "\n".join(_junit_line(d) for d in errors)
                counts["failures"] += 1
        for key, value in counts.items():
            suite.set(key, str(value))
            totals[key] += value
    if unreadable:
        suite = ET.SubElement(suites, "testsuite", name="unreadable", tests=str(len(unreadable)),
                              failures="0", errors=str(len(unreadable)))
        for path, reason in unreadable:
            case = ET.SubElement(suite, "testcase", name=path, classname="unreadable")
            ET.SubElement(case, "error", message=f"cannot read: {reason}", type="unreadable")
        totals["tests"] += len(unreadable)
        totals["errors"] += len(unreadable)
    for key, value in totals.items():
        suites.set(key, str(value))
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _junit_line(diagnostic: dict[str, Any]) -> str:
    where = diagnostic["path"] + (f":{diagnostic['line']}:{diagnostic['column']}" if "line" in diagnostic else "")
    return f"{where}: [{diagnostic['code']}] {diagnostic['message']}"
