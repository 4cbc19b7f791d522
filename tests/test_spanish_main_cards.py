"""Spanish Main card data (S-DATA): the schema and S-DATA-CHECK with their JSON pointers,
a card as a person reads it, and the import of a fleet builder's export (JSON or CSV),
odd cards reported and left out while the rest is written."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games.base import DataError
from referee.games.spanish_main.cards import KINDS, fields_of, load
from referee.games.spanish_main.fleet_import import convert, keyword_for
from referee.validation import schema_errors

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json"


def sample() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def test_the_sample_cards_are_sound_and_of_the_project_s_own_invention():
    cards = load(sample())
    assert schema_errors("spanish-main-cards", sample()) == []
    kinds = {card.kind for card in cards.cards.values()}
    assert kinds == {"ship", "crew", "fort", "event", "treasure"}
    assert sorted(c.gold for c in cards.cards.values() if c.kind == "treasure" and not c.unique) == [1, 2, 3, 4, 5, 6]
    assert cards.linked("c-ada", "s-gull") and cards.linked("c-bo", "c-ada")
    assert "None is a published card" in sample()["description"]


@pytest.mark.parametrize("change, pointer, words", [
    (lambda d: d["cards"][1].update(id="s-gull"), "/cards/1/id", "given twice"),
    (lambda d: d["cards"][2].update(nationality="Dutch"), "/cards/2/nationality", "not among"),
    (lambda d: d["cards"][2].update(cannons="2L-2S-2S"), "/cards/2/cannons", "4 masts lists 3 cannons"),
    (lambda d: d["cards"][4].update(links=["t-1"]), "/cards/4/links/0", "not a ship or crew"),
    (lambda d: d["cards"][4].update(links=["c-ada"]), "/cards/4/links/0", "linked to itself"),
    (lambda d: d["cards"][15].update(gold=2), "/cards/15/gold", "unique treasure starts at 0"),
    (lambda d: d["cards"][0]["hull"].update(masts_mm=[22, 20, 54]), "/cards/0/hull/masts_mm/1", "rise from bow"),
    (lambda d: d["cards"][0].update(keywords=["board:+5"]), "/cards/0/keywords/0", "does not match"),
    (lambda d: d["cards"][0].update(colour="red"), "/cards/0", "Additional properties"),
    (lambda d: d["cards"][7].update(cost=0), "/cards/7/cost", "less than the minimum of 1"),
    (lambda d: d["cards"][2].pop("move"), "/cards/2", "'move' is a required property"),
    (lambda d: d["cards"][4].update(masts=3), "/cards/4/masts", "a crew has no masts"),
    (lambda d: d["cards"][4].update(cargo=2), "/cards/4/cargo", "a crew has no cargo"),
    (lambda d: d["cards"][9].update(cost=1), "/cards/9/cost", "a treasure has no cost"),
    (lambda d: d["cards"][0].update(gold=1), "/cards/0/gold", "a ship has no gold"),
    (lambda d: d["cards"][8].update(nationality="Pirates"), "/cards/8/nationality", "an event has no nationality"),
    (lambda d: d["cards"][4].update(uses=1), "/cards/4/uses", "a crew has no uses"),
    (lambda d: d["cards"][7].update(hull=d["cards"][0]["hull"]), "/cards/7/hull", "a fort has no hull"),
    (lambda d: d["cards"][8].update(links=["c-ada"]), "/cards/8/links", "an event has no links"),
    (lambda d: d["cards"][4].update(name="   "), "/cards/4/name", "needs a character other than white space"),
    (lambda d: d["cards"][4].update(name=""), "/cards/4/name", "needs a character other than white space"),
    (lambda d: d["nationalities"].append(" "), "/nationalities/2", "needs a character other than white space"),
])
def test_a_bad_card_file_names_its_pointer(change, pointer, words, tmp_path):
    document = sample()
    change(document)
    with pytest.raises(DataError) as caught:
        load(document)
    assert caught.value.pointer == pointer and words in caught.value.message
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(cli, ["data", "check", str(path)])
    assert result.exit_code == 1 and f"{path}: {pointer}: " in result.output


# a value each field may take on a card of the sample (s-gull, c-ada, f-watch, e-squall, t-1)
FIELD_VALUES = {
    "nationality": "Pirates", "cost": 2, "masts": 3, "cargo": 2, "move": "S", "cannons": "3S-3S-3S",
    "links": ["c-bo"], "keywords": ["board:+1"], "ability": "Sings.", "uses": 2, "gold": 0, "unique": True,
    "unique_type": "map", "footprint_mm": [40, 40], "set": "X", "number": "1", "notes": "n",
    "hull": {"length_mm": 60, "beam_mm": 18, "bow_mm": 12, "masts_mm": [22, 38, 54], "sail_mm": 22},
}
KIND_INDEX = {"ship": 0, "crew": 4, "fort": 7, "event": 8, "treasure": 9}
ALLOWED = {
    "ship": {"nationality", "cost", "masts", "cargo", "move", "cannons", "links", "hull"},
    "crew": {"nationality", "cost", "links"},
    "fort": {"nationality", "cost", "cannons", "footprint_mm"},
    "event": {"cost", "uses"},
    "treasure": {"gold", "unique", "unique_type"},
}
COMMON = {"id", "kind", "name", "keywords", "ability", "set", "number", "notes"}


def test_each_kind_of_card_has_exactly_the_fields_of_the_rulings_table():
    for kind in KINDS:
        assert set(fields_of(kind)) == ALLOWED[kind] | COMMON


@pytest.mark.parametrize("kind, name", [(kind, name) for kind in KINDS for name in sorted(FIELD_VALUES)])
def test_a_field_is_accepted_on_its_kinds_and_named_by_its_pointer_on_the_others(kind, name):
    document = sample()
    index = KIND_INDEX[kind]
    card = document["cards"][index]
    card[name] = copy.deepcopy(FIELD_VALUES[name])
    if kind == "fort" and name == "cannons":
        card["cannons"] = "3L"  # one a flag, each with a cannon
    if kind == "treasure":
        card["gold"] = 0  # as a unique must
    if name in ALLOWED[kind] | COMMON:
        load(document)
        assert schema_errors("spanish-main-cards", document) == []
        return
    with pytest.raises(DataError) as caught:
        load(document)
    assert caught.value.pointer == f"/cards/{index}/{name}"
    assert f"has no {name}: the fields of" in caught.value.message
    assert any(error.startswith(f"$.cards[{index}].{name}: ") for error in schema_errors("spanish-main-cards", document))


def test_the_schema_is_draft_2020_12_and_the_shipped_card_files_pass_it():
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "schemas" / "spanish-main-cards.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    files = [SAMPLE, *sorted((ROOT / "samples" / "spanish-main" / "cards").glob("*.json"))]
    for path in files:
        result = CliRunner().invoke(cli, ["data", "check", str(path)])
        assert result.exit_code == 0, result.output


def test_cards_check_and_show_read_as_a_person_would():
    checked = CliRunner().invoke(cli, ["data", "check", str(SAMPLE)])
    assert checked.exit_code == 0 and "16 cards" in checked.output
    shown = CliRunner().invoke(cli, ["data", "show", str(SAMPLE), "s-heron"])
    assert shown.exit_code == 0
    assert "mast 3: no cannon" in shown.output and "mast 4: cannon of rank 2, range S" in shown.output
    assert "base move: L+S" in shown.output
    crew = CliRunner().invoke(cli, ["data", "show", str(SAMPLE), "c-ada"]).output
    assert "linked to: c-bo (Gunner Bo), s-gull (Black Gull)" in crew and "keywords: board:+1" in crew
    missing = CliRunner().invoke(cli, ["data", "show", str(SAMPLE), "s-none"])
    assert missing.exit_code == 2 and "holds no card 's-none'" in missing.output


EXPORT = [
    {"cardId": "PSM-011", "cardSet": "PSM", "cardNumber": "011", "name": "Sea Wren", "type": "Ship",
     "nationality": "Pirates", "pointValue": 9, "ability": "+1 to her boarding rolls.", "modifiers": {},
     "details": {"masts": 3, "cargo": 5, "baseMove": "S+L", "cannons": ["3S", "3L", "3S"]}},
    {"cardId": "PSM-012", "name": "Marlin", "type": "Ship", "nationality": "English", "pointValue": 12,
     "ability": "When this ship docks, roll a d6 twice and keep either.",
     "details": {"masts": 4, "cargo": 4, "baseMove": "L + S", "cannons": ["2L", "2S", "2S", "2L"]}},
    {"cardId": "PSM-040", "name": "Cook", "type": "Crew", "nationality": "Pirates", "pointValue": 1,
     "modifiers": {"cargoBonus": 1}, "details": {"buildBonus": 0, "costReduction": 1}},
    {"cardId": "PSM-090", "name": "Harbour Fort", "type": "Fort", "nationality": "English",
     "details": {"cannons": ["3L", "3S"], "goldCost": 8}},
    {"cardId": "PSM-100", "name": "Coins", "type": "Treasure", "details": {"treasureValues": [1, 2, 3]}},
    {"cardId": "PSM-101", "name": "Idol", "type": "Treasure", "details": {"treasureValues": []},
     "ability": "Counts as 0 gold until unloaded."},
    {"cardId": "PSM-120", "name": "Calm", "type": "Event", "pointValue": 2, "ability": "No ship moves L this turn."},
    # odd cards: each is reported and left out
    {"cardId": "PSM-013", "name": "Broken Brig", "type": "Ship", "nationality": "Pirates", "pointValue": 6,
     "details": {"masts": 3, "cargo": 3, "baseMove": "S+S", "cannons": ["3S", "3S"]}},
    {"cardId": "PSM-014", "name": "No Masts", "type": "Ship", "nationality": "Pirates", "pointValue": 6,
     "details": {"cargo": 3, "baseMove": "S", "cannons": []}},
    {"cardId": "PSM-200", "name": "Kraken", "type": "Monster", "pointValue": 4},
    {"cardId": "PSM-201", "type": "Crew", "nationality": "Pirates", "pointValue": 1},
    "not a card",
]


def test_a_fleet_builder_export_is_mapped_kept_or_left_out_card_by_card():
    document, report = convert(copy.deepcopy(EXPORT))
    cards = load(document).cards
    assert sorted(cards) == ["PSM-011", "PSM-012", "PSM-040", "PSM-090", "PSM-100-1", "PSM-100-2",
                             "PSM-100-3", "PSM-101", "PSM-120"]
    assert cards["PSM-011"].keywords == ("board:+1",) and cards["PSM-011"].cannons[1].range == "L"
    assert cards["PSM-012"].move == ("L", "S") and cards["PSM-012"].keywords == ()
    assert cards["PSM-040"].keywords == ("cargo:+1",) and "costReduction 1" in cards["PSM-040"].raw["notes"]
    assert cards["PSM-090"].cost == 8 and len(cards["PSM-090"].cannons) == 2
    assert [cards[f"PSM-100-{n}"].gold for n in (1, 2, 3)] == [1, 2, 3]
    assert cards["PSM-101"].unique and cards["PSM-101"].gold == 0
    kept = dict(report.kept_as_text)
    assert "roll a d6 twice" in kept["PSM-012"] and "PSM-011" not in kept
    left = dict(report.unreadable)
    assert "2 cannons for 3 masts" in left["#8 Broken Brig"]
    assert "details.masts is missing" in left["#9 No Masts"]
    assert "unknown card type 'Monster'" in left["#10 Kraken"]
    assert "no name" in left["#11 PSM-201"]
    assert "not a card object" in left["#12"]
    assert schema_errors("spanish-main-cards", document) == []


def test_the_importer_reads_the_same_cards_from_csv(tmp_path):
    csv_text = ("cardId,name,type,nationality,pointValue,ability,masts,cargo,baseMove,cannons,modifiers\n"
                'PSM-011,Sea Wren,Ship,Pirates,9,+1 to her boarding rolls.,3,5,S+L,3S 3L 3S,{}\n'
                'PSM-040,Cook,Crew,Pirates,1,,,,,,"{""cargoBonus"": 1}"\n'
                "PSM-013,Broken Brig,Ship,Pirates,6,,3,3,S+S,3S 3S,\n")
    source = tmp_path / "collection.csv"
    source.write_text(csv_text, encoding="utf-8")
    target = tmp_path / "cards.json"
    result = CliRunner().invoke(cli, ["data", "import", str(source), "-o", str(target)])
    assert result.exit_code == 1  # one card was left out
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [card["id"] for card in document["cards"]] == ["PSM-011", "PSM-040"]
    assert "left out: 1" in result.stderr and "Broken Brig" in result.stderr
    assert CliRunner().invoke(cli, ["data", "check", str(target)]).exit_code == 0


def test_the_import_command_writes_json_and_its_table(tmp_path):
    source = tmp_path / "export.json"
    source.write_text(json.dumps(EXPORT[:7]), encoding="utf-8")
    result = CliRunner().invoke(cli, ["data", "import", str(source)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["format"] == "spanish-main-cards"
    assert result.stderr.startswith("mapped: 7 cards") and "kept as text" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": 1}', encoding="utf-8")
    assert CliRunner().invoke(cli, ["data", "import", str(bad)]).exit_code == 2


@pytest.mark.parametrize("ability, keyword", [
    ("+1 to her boarding rolls.", "board:+1"), ("+2 to this ship's cannon rolls", "cannon:+2"),
    ("+1 to each of her cannon rolls.", "cannon:+1"), ("Gets +L to her base move.", "speed:L"),
    ("+2 to her ramming rolls.", "ram:+2"), ("+1 cargo.", "cargo:+1"),
    ("This ship may repair anywhere.", "repair-anywhere"), ("This ship can be given two actions each turn.",
                                                             "extra-action"),
    ("+1 to her boarding rolls against English ships.", None), ("+3 to her boarding rolls.", None),
    ("Sails over reefs.", None),
])
def test_an_ability_becomes_a_keyword_only_where_it_says_exactly_that(ability, keyword):
    assert keyword_for(ability) == keyword


def test_a_duplicate_is_left_out_with_its_reason_and_not_counted_as_mapped(tmp_path):
    export = [
        {"cardId": "A1", "name": "Ada", "type": "Crew", "nationality": "Pirates", "pointValue": 1},
        {"cardId": "A2", "name": "Bo", "type": "Crew", "nationality": "Pirates", "pointValue": 1},
        {"cardId": "A1", "name": "Ada Again", "type": "Crew", "nationality": "Pirates", "pointValue": 2,
         "ability": "Sings sea shanties."},
        {"cardId": "A3", "name": "Calm", "type": "Event", "pointValue": 1},
        {"cardId": "A4", "name": "Coins", "type": "Treasure", "details": {"treasureValues": [1, 2]}},
        {"cardId": "A4-2", "name": "Purse", "type": "Treasure", "details": {"treasureValues": [3]}},
    ]
    document, report = convert(copy.deepcopy(export))
    assert [card["id"] for card in document["cards"]] == ["A1", "A2", "A3", "A4-1", "A4-2"]
    assert [card for card, _ in report.mapped] == ["A1", "A2", "A3", "A4"]
    assert report.kept_as_text == []  # the duplicate's ability is not kept: it is not imported
    left = dict(report.unreadable)
    assert left == {"#3 Ada Again": "a duplicate: its id A1 is taken by #1 Ada",
                    "#6 Purse": "a duplicate: its id A4-2 is taken by #5 Coins"}
    source = tmp_path / "export.json"
    source.write_text(json.dumps(export), encoding="utf-8")
    result = CliRunner().invoke(cli, ["data", "import", str(source)])
    assert result.exit_code == 1
    assert result.stderr.startswith("mapped: 4 cards\n") and result.stderr.count("  A1: ") == 1
    assert "left out: 2\n  #3 Ada Again: a duplicate: its id A1 is taken by #1 Ada" in result.stderr
    assert len(json.loads(result.stdout)["cards"]) == 5


def test_the_importer_says_what_is_wrong_with_empty_cannons_and_an_id_of_foreign_characters():
    ship = {"name": "Bare", "type": "Ship", "nationality": "Pirates", "pointValue": 4,
            "details": {"masts": 2, "cargo": 2, "baseMove": "S", "cannons": []}}
    export = [
        {**ship, "cardId": "S1"},
        {**ship, "cardId": "S2", "details": {**ship["details"], "cannons": ""}},
        {**ship, "cardId": "S3", "details": {**ship["details"], "cannons": ["3S"]}},
        {**ship, "cardId": "S4", "details": {"masts": 2, "cargo": 2, "baseMove": "S"}},
        {"cardId": "é", "name": "Accent", "type": "Event", "pointValue": 1},
        {"cardId": "--", "name": "Dashes", "type": "Event", "pointValue": 1},
        {"cardId": "B 7é", "name": "Kept", "type": "Event", "pointValue": 1},
    ]
    document, report = convert(export)
    left = dict(report.unreadable)
    for label in ("#1 Bare", "#2 Bare"):
        assert left[label].startswith("details.cannons is empty: a ship of 2 masts lists 2 cannons")
        assert "missing" not in left[label]
    assert left["#3 Bare"].startswith("1 cannons for 2 masts")
    assert left["#4 Bare"] == "details.cannons is missing"
    accent = left["#5 Accent"]
    assert accent.startswith("its cardId 'é' has characters an id cannot have ('é')")
    assert "letters A–Z and a–z, the digits 0–9, '.', '_' and '-'" in accent and "neither" not in accent
    assert left["#6 Dashes"].startswith("its cardId '--' has no letter or digit: an id has only")
    assert [card["id"] for card in document["cards"]] == ["B-7"]
    assert dict(report.mapped)["B-7"].startswith("id B-7 from cardId 'B 7é'")


def test_the_older_cards_commands_run_their_data_commands_and_say_so(tmp_path):
    checked = CliRunner().invoke(cli, ["cards", "check", str(SAMPLE)])
    assert checked.exit_code == 0 and "16 cards" in checked.stdout
    assert "`referee cards` is now `referee data`: this is `referee data check`" in checked.stderr
    shown = CliRunner().invoke(cli, ["cards", "show", str(SAMPLE), "s-heron"])
    assert shown.exit_code == 0 and "mast 3: no cannon" in shown.stdout
    source = tmp_path / "export.json"
    source.write_text(json.dumps(EXPORT[:2]), encoding="utf-8")
    imported = CliRunner().invoke(cli, ["cards", "import", str(source)])
    assert imported.exit_code == 0 and json.loads(imported.stdout)["format"] == "spanish-main-cards"
    assert "cards" not in CliRunner().invoke(cli, ["--help"]).output.split("Commands:")[1].split()


def test_data_show_lists_a_card_set_and_has_no_picture_of_one():
    listed = CliRunner().invoke(cli, ["data", "show", str(SAMPLE)])
    assert listed.exit_code == 0
    assert "16 cards" in listed.stdout and "  s-heron: " in listed.stdout
    drawn = CliRunner().invoke(cli, ["data", "show", str(SAMPLE), "--format", "svg"])
    assert drawn.exit_code == 2 and "has no picture" in drawn.output


def test_data_import_names_the_game_it_imports_for():
    unknown = CliRunner().invoke(cli, ["data", "import", "--game", "korsar", str(SAMPLE)])
    assert unknown.exit_code == 2
    assert "'korsar' imports no data (games that import data: spanish-main: a fleet builder's export" in unknown.output


def test_data_import_takes_a_byte_order_mark_and_refuses_what_no_export_is(tmp_path):
    marked = tmp_path / "export.csv"
    marked.write_bytes(b"\xef\xbb\xbfcardId,type,name,nationality,pointValue\nX-1,Crew,Ada,Pirates,1\n")
    result = CliRunner().invoke(cli, ["data", "import", str(marked)])
    assert result.exit_code == 0, result.output
    assert [card["name"] for card in json.loads(result.stdout)["cards"]] == ["Ada"]
    huge = tmp_path / "huge.json"
    huge.write_bytes(b"[" + b" " * (16 << 20) + b"]")
    refused = CliRunner().invoke(cli, ["data", "import", str(huge)])
    assert refused.exit_code == 2 and "over 16 MiB: not a file to import" in refused.output
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"type,name\nCrew,Jos\xe9\n")
    assert "not UTF-8 (byte 18)" in CliRunner().invoke(cli, ["data", "import", str(latin)]).output
