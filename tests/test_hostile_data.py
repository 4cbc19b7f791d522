"""Data files as a hostile user writes them, and the data a log is judged on: every value a
data file's schema lets through is judged or refused at its JSON pointer, never a bug (exit 3);
what is cheap is checked first and only the first few faults are gathered; and a log is judged
on the data it names, whatever the order of the --data files, or not at all (N-DATA)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from referee.cli import cli

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"
LAGOON_GAME = ROOT / "samples" / "perroquets" / "boards" / "lagoon-game.perroquets"
DEFAULT_GAME = ROOT / "samples" / "perroquets" / "legal" / "p-example-4-meeting.perroquets"
SAMPLE_CARDS = ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json"
SPANISH_GAME = ROOT / "samples" / "spanish-main" / "legal" / "game-sm-1.spanish-main"


def run(*args: Any):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def board() -> dict[str, Any]:
    return json.loads(LAGOON.read_text(encoding="utf-8"))


def cards() -> dict[str, Any]:
    return json.loads(SAMPLE_CARDS.read_text(encoding="utf-8"))


def write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def refused(result, *words: str) -> None:
    """A usage-level refusal (exit 1 or 2 as the command documents), located, and no bug."""
    assert result.exit_code in (1, 2), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


# -- every value judged or refused ------------------------------------------------------------

def _with_surrogate(document: dict[str, Any], where: list[Any]) -> dict[str, Any]:
    target = document
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = "A\ud800"
    return document


@pytest.mark.parametrize(("make", "where", "pointer"), [
    (board, ["cards", 0, "id"], "/cards/0/id"),
    (board, ["description"], "/description"),
    (cards, ["cards", 0, "name"], "/cards/0/name"),
    (cards, ["nationalities", 1], "/nationalities/1"),
])
@pytest.mark.parametrize("command", [["data", "check"], ["data", "show"], ["check", "--data"]])
def test_a_lone_surrogate_in_a_data_file_is_refused_at_its_pointer(tmp_path, make, where, pointer, command):
    path = tmp_path / "data.json"
    path.write_text(json.dumps(_with_surrogate(make(), where)), encoding="utf-8")  # written as \ud800
    extra = [DEFAULT_GAME] if command[0] == "check" else []
    refused(run(*command, path, *extra), f"{path}: {pointer}: a lone surrogate \\ud800")


def test_a_lone_surrogate_in_a_key_or_a_file_to_import_is_refused(tmp_path):
    keyed = tmp_path / "keyed.json"
    keyed.write_text('{"format": "perroquets-data", "\\udc01x": 1}', encoding="utf-8")
    refused(run("data", "check", keyed), "/\\udc01x: a lone surrogate \\udc01")
    export = tmp_path / "export.json"
    export.write_text('[{"type": "Ship", "name": "Gull \\ud83d"}]', encoding="utf-8")
    refused(run("data", "import", export), "/0/name: a lone surrogate \\ud83d")


def test_a_surrogate_pair_written_as_escapes_is_one_character(tmp_path):
    document = board()
    document["description"] = "a parrot \U0001f99c"
    path = tmp_path / "pair.json"
    path.write_text(json.dumps(document), encoding="utf-8")  # "\ud83e\udd9c"
    assert run("data", "check", path).exit_code == 0


def test_a_number_no_float_holds_is_refused_at_its_place(tmp_path):
    text = json.dumps(cards(), indent=1).replace('"length_mm": 60', '"length_mm": 1e999', 1)
    path = tmp_path / "huge.json"
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if "1e999" in row)
    refused(run("data", "check", path), f"invalid JSON at line {line}, column", "1e999 is too large for a float")


# -- what is cheap first, and only the first few faults --------------------------------------

def test_unique_items_are_judged_in_one_pass_and_the_repeat_is_named():
    from referee.jsonschemas import first_repeat, json_key

    assert first_repeat(["a", 1, True, 1.0]) == (1, 3)  # 1 and 1.0 are one number …
    assert first_repeat([1, True, "1", [1], {"a": 1}]) is None  # … but true is not 1
    assert json_key({"a": [1, 2], "b": None}) == json_key({"b": None, "a": [1.0, 2]})
    mixed = [str(n) if n % 2 else n for n in range(200_000)] + [4]
    started = time.perf_counter()
    assert first_repeat(mixed) == (4, 200_000)
    assert time.perf_counter() - started < 2


def test_a_board_of_many_islands_of_mixed_types_is_refused_quickly(tmp_path):
    """jsonschema compares each item with every other when they cannot be sorted: 20,000 took 41 s."""
    document = board()
    document["board"]["islands"] = [f"a{n % 9 + 1}" if n % 2 else n for n in range(20_000)]
    path = write(tmp_path / "islands.json", document)
    started = time.perf_counter()
    result = run("check", "--data", path, LAGOON_GAME)
    assert time.perf_counter() - started < 15
    refused(result, f"{path}: /board/islands/0: 0 is not of type 'string' (P-DATA); at least 20 more errors in the file")


@pytest.mark.parametrize(("change", "pointer", "words"), [
    (lambda d: d["board"]["islands"].append(d["board"]["islands"][2]), "/board/islands/5",
     'item 5 repeats item 2 ("'),
    (lambda d: d["nationalities"].append("Pirates"), "/nationalities/2", 'item 2 repeats item 0 ("Pirates")'),
    (lambda d: d["cards"][0]["links"].append("c-ada"), "/cards/0/links/1", 'item 1 repeats item 0 ("c-ada")'),
])
def test_a_repeated_item_is_named_with_the_first_of_its_kind(tmp_path, change, pointer, words):
    document = board() if pointer.startswith("/board") else cards()
    change(document)
    path = write(tmp_path / "repeat.json", document)
    result = run("data", "check", path)
    refused(result, f"{path}: {pointer}: {words}")
    assert len(result.output) < 400, "the message quotes the item, not the whole array"


def test_only_the_first_faults_are_gathered_and_the_rest_counted(tmp_path):
    document = board()
    document["cards"][0]["green"] = "X"
    document["cards"][1]["green"] = "Y"
    path = write(tmp_path / "two.json", document)
    refused(run("data", "check", path), f"{path}: /cards/0/green: 'X' does not match", "; 1 more error in the file")
    from referee.jsonschemas import FEW_ERRORS, first_errors

    document["board"]["islands"] = list(range(10 * FEW_ERRORS))
    found = first_errors("perroquets-data", document)
    assert found is not None and len(found.errors) == FEW_ERRORS and found.more
    assert found.others() == f"at least {FEW_ERRORS} more errors"


def test_import_stops_gathering_a_game_s_errors_once_it_has_enough(monkeypatch):
    """A record of a million wrong turns took 3.6 GB and 72 s to print its first 50 errors."""
    from referee import validation

    taken = []
    validator = validation.part_validator("game-record", "game")

    class Counting:
        def iter_errors(self, part):
            for error in validator.iter_errors(part):
                taken.append(error)
                yield error

    monkeypatch.setattr(validation, "part_validator", lambda name, definition: Counting())
    game = {"game": "korsar", "tags": [], "rounds": [{"number": 1, "turns": [7] * 10_000}]}
    lines = validation.game_record_errors(game, "$.games[0]", limit=51)
    assert len(lines) == 51 and len(taken) == 51


def test_import_of_a_game_of_many_wrong_turns_reports_fifty_and_stops(tmp_path):
    document = {"format": "referee-game-record", "version": 1,
                "games": [{"game": "korsar", "tags": [], "rounds": [{"number": 1, "turns": [7] * 200_000}]}]}
    path = write(tmp_path / "wrong.json", document)
    started = time.perf_counter()
    result = run("import", path)
    assert time.perf_counter() - started < 20
    assert result.exit_code == 1
    assert result.output.count(": error at ") == 50 and "stopped after 50 errors" in result.output


# -- the right data, or none -------------------------------------------------------------------

def _codes(result) -> list[str]:
    return [line.split("error[")[1].split("]")[0] for line in result.output.splitlines() if "error[" in line]


def test_a_log_naming_the_built_in_board_is_not_judged_on_another(tmp_path):
    result = run("check", "--data", LAGOON, DEFAULT_GAME)
    assert result.exit_code == 2 and set(_codes(result)) == {"N-DATA"}
    assert "this log names the built-in board, and no --data file given for its game is that board: lagoon-9" \
        in result.output
    assert run("check", DEFAULT_GAME).exit_code == 0


def test_a_log_naming_the_sample_cards_is_not_judged_on_another_file(tmp_path):
    document = cards()
    document["cards"][0]["cost"] = 40  # a legal game on the sample breaks S-BUILD on this file
    other = write(tmp_path / "other.json", document)
    result = run("check", "--data", other, SPANISH_GAME)
    assert result.exit_code == 2 and _codes(result) == ["N-DATA"], result.output
    assert "this log names the built-in card data" in result.output
    assert run("check", "--data", SAMPLE_CARDS, SPANISH_GAME).exit_code == 0, "the sample given as a file is the sample"


def _named(game: Path, tag: str, value: str, tmp_path: Path) -> Path:
    text = game.read_text(encoding="utf-8")
    start = text.index(f"[{tag} \"")
    end = text.index("\"]", start)
    path = tmp_path / f"named{game.suffix}"
    path.write_text(text[:start] + f"[{tag} \"{value}" + text[end:], encoding="utf-8")
    return path


def test_a_card_file_is_named_by_its_id_or_its_file_name_whatever_the_order(tmp_path):
    mine = write(tmp_path / "mine.json", cards())
    costly = cards()
    costly["cards"][0]["cost"] = 40
    other = write(tmp_path / "other.json", costly)
    log = _named(SPANISH_GAME, "Cards", "mine", tmp_path)
    for order in ([mine, other], [other, mine]):
        result = run("check", *(f"--data={path}" for path in order), log)
        assert result.exit_code == 0, result.output
    costly["id"] = "mine"
    same_name = write(tmp_path / "other.json", costly)
    result = run("check", "--data", mine, "--data", same_name, log)
    assert result.exit_code == 2 and "2 --data files are named 'mine'" in result.output
    from referee.games.spanish_main.cards import digest_of

    pinned = _named(SPANISH_GAME, "Cards", f"mine sha256:{digest_of(cards())}", tmp_path)
    for order in ([mine, same_name], [same_name, mine]):
        assert run("check", *(f"--data={path}" for path in order), pinned).exit_code == 0
    wrong = _named(SPANISH_GAME, "Cards", f"mine sha256:{'0' * 64}", tmp_path)
    result = run("check", "--data", mine, wrong)
    assert result.exit_code == 2 and "the --data file named 'mine' is not the one this log names" in result.output


def test_a_board_is_chosen_by_its_id_and_digest_whatever_the_order(tmp_path):
    changed = board()
    changed["bag"]["3"] = 9
    other = write(tmp_path / "other.json", changed)  # the same id, another digest
    for order in ([LAGOON, other], [other, LAGOON]):
        result = run("check", *(f"--data={path}" for path in order), LAGOON_GAME)
        assert result.exit_code == 0, result.output
    unpinned = _named(LAGOON_GAME, "Data", "lagoon-9", tmp_path)
    result = run("check", "--data", LAGOON, "--data", other, unpinned)
    assert result.exit_code == 2 and "2 --data files are named 'lagoon-9'" in result.output
    assert run("check", "--data", LAGOON, unpinned).exit_code == 0


# -- data import: odd cards left out, absurd input refused, reports escaped --------------------

SHIP = {"type": "Ship", "name": "Gull", "cardId": "g-1", "nationality": "Pirates", "pointValue": 9,
        "details": {"masts": 2, "cargo": 3, "baseMove": "S+L", "cannons": ["3S", "2L"]}}


def _import(tmp_path: Path, entries: list[Any]):
    path = write(tmp_path / "export.json", entries)
    return CliRunner().invoke(cli, ["data", "import", str(path)])


@pytest.mark.parametrize(("odd", "words"), [
    ({"type": "Treasure", "name": "Hoard", "cardId": "h" * 63, "details": {"treasureValues": [1, 2]}}, None),
    ({**SHIP, "cardId": "n-1", "nationality": "N" * 41}, "#2 Gull: its nationality is 41 characters long"),
    ({"type": "Treasure", "name": "Hoard", "cardId": "h-1", "details": {"treasureValues": list(range(1, 26))}},
     "#2 Hoard: details.treasureValues lists 25 values: a treasure entry lists at most 24"),
])
def test_one_odd_card_is_reported_and_left_out_not_the_whole_file(tmp_path, odd, words):
    result = _import(tmp_path, [SHIP, odd])
    assert "internal error" not in result.output and "Traceback" not in result.output
    document = json.loads(result.stdout)
    if words is None:  # a long id grows past 64 characters when numbered: it is cut to fit
        assert result.exit_code == 0, result.stderr
        ids = [card["id"] for card in document["cards"]]
        assert ids[1:] == ["h" * 62 + "-1", "h" * 62 + "-2"] and all(len(i) <= 64 for i in ids)
    else:
        assert result.exit_code == 1 and words in result.stderr, result.stderr
        assert [card["id"] for card in document["cards"]] == ["g-1"]
    checked = write(tmp_path / "cards.json", document)
    assert run("data", "check", checked).exit_code == 0


def test_a_treasure_of_two_hundred_thousand_values_is_refused_quickly(tmp_path):
    """It wrote 20 MB (30 s) that data check then refused."""
    hoard = {"type": "Treasure", "name": "Hoard", "cardId": "h-1", "details": {"treasureValues": [1] * 200_000}}
    started = time.perf_counter()
    result = _import(tmp_path, [SHIP, hoard])
    assert time.perf_counter() - started < 10
    assert result.exit_code == 1 and "#2 Hoard: details.treasureValues lists 200,000 values" in result.stderr
    assert len(result.stdout) < 2000


def test_what_the_card_format_refuses_of_one_card_leaves_that_card_out(tmp_path):
    from referee.games.spanish_main.fleet_import import _schema_fault

    assert _schema_fault({"id": "x", "kind": "crew", "name": "Ada", "nationality": "P", "cost": 1}) is None
    assert "masts" in (_schema_fault({"id": "x", "kind": "crew", "name": "Ada", "nationality": "P", "cost": 1,
                                      "masts": 2}) or "")


HOSTILE = "Evil\x1b]0;owned\x07 \u202eKing\u2028Queen\u2029"


def test_data_show_and_the_import_report_escape_what_would_act_on_a_terminal(tmp_path):
    document = cards()
    document["cards"][0]["name"] = HOSTILE
    document["cards"][0]["ability"] = HOSTILE
    path = write(tmp_path / "cards.json", document)
    for args in (["data", "show", path], ["data", "show", path, "s-gull"], ["data", "check", path]):
        result = run(*args)
        assert result.exit_code == 0, result.output
        for raw in ("\x1b", "\x07", "\u202e", "\u2028", "\u2029"):
            assert raw not in result.output
    assert "Evil\\x1b]0;owned\\x07 \\u202eKing\\u2028Queen\\u2029" in run("data", "show", path, "s-gull").output
    result = _import(tmp_path, [{**SHIP, "name": HOSTILE, "ability": HOSTILE}])
    assert result.exit_code == 0
    for raw in ("\x1b", "\x07", "\u202e", "\u2028", "\u2029"):
        assert raw not in result.stderr
    for raw in ("\x1b", "\x07", "\u202e", "\u2028"):
        assert raw not in result.stdout, "the JSON written escapes them too"
    assert json.loads(result.stdout)["cards"][0]["name"] == HOSTILE.strip(), "the data keeps what was written"


# -- every value a schema allows, judged or refused ---------------------------------------------

LEVEL2 = sorted((ROOT / "samples" / "spanish-main" / "legal").glob("level2-*.spanish-main"))


def _hulls(document: dict[str, Any], **measures: Any) -> dict[str, Any]:
    for card in document["cards"]:
        if "hull" in card:
            card["hull"].update(measures)
        if card["kind"] == "fort" and "footprint" in measures:
            card["footprint_mm"] = measures["footprint"]
    for card in document["cards"]:
        if "hull" in card:
            card["hull"].pop("footprint", None)
    return document


@pytest.mark.parametrize("measures", [
    {"length_mm": 1e300, "beam_mm": 1e300, "sail_mm": 1e300},
    {"footprint": [1e300, 1e300]},
], ids=["a hull of 1e300 mm", "a fort of 1e300 mm"])
def test_a_model_too_large_for_any_table_is_refused(tmp_path, measures):
    """A hull of 1e300 mm reached the geometry library, which failed: exit 3."""
    document = _hulls(cards(), **measures)
    document["id"] = "mine"
    path = write(tmp_path / "mine.json", document)
    log = _named(LEVEL2[0], "Cards", "mine", tmp_path)
    refused(run("check", "--data", path, log), "is greater than the maximum of 1000 (S-DATA)")


@pytest.mark.parametrize("measures", [
    {"length_mm": 1000, "beam_mm": 1000, "sail_mm": 1000, "bow_mm": 0},
    {"length_mm": 1e-300, "beam_mm": 5e-324, "sail_mm": 5e-324, "bow_mm": 0},
    {"length_mm": 60, "beam_mm": 1e-9, "sail_mm": 1000, "bow_mm": 1000},
    {"footprint": [1000, 5e-324]},
], ids=["the largest", "the smallest", "a needle", "a fort of a line"])
def test_every_model_the_schema_allows_is_judged(tmp_path, measures):
    document = _hulls(cards(), **measures)
    for card in document["cards"]:
        if "hull" in card:
            hull = card["hull"]
            top = hull["bow_mm"] + hull["length_mm"]
            hull["masts_mm"] = [min(1000, top * (n + 1) / (len(hull["masts_mm"]) + 1)) for n in
                                range(len(hull["masts_mm"]))]
    document["id"] = "mine"
    path = write(tmp_path / "mine.json", document)
    assert run("data", "check", path).exit_code == 0
    for game in LEVEL2:
        result = run("check", "--data", path, _named(game, "Cards", "mine", tmp_path))
        assert result.exit_code in (0, 1), result.output
        assert "internal error" not in result.output


def test_a_manoeuvre_of_a_page_is_refused_and_its_message_clipped(tmp_path):
    """A card's path of 80,000 steps was judged, at 9 moves a second."""
    document = board()
    document["cards"][0]["green"] = " ".join(["L R"] * 40_000)
    path = write(tmp_path / "long.json", document)
    result = run("check", "--data", path, LAGOON_GAME)
    refused(result, f"{path}: /cards/0/green: 'L R L R", "characters) …", "is too long (P-DATA)")
    assert len(result.output) < 1000


def test_a_long_value_quoted_by_a_check_of_the_game_s_own_is_clipped(tmp_path):
    document = cards()
    document["cards"][0]["nationality"] = "N" * 100_000
    path = write(tmp_path / "nation.json", document)
    result = run("data", "check", path)
    refused(result, "/cards/0/nationality: nationality 'NNN", "is not among the file's nationalities")
    assert len(result.output) < 1000
