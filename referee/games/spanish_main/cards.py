"""Spanish Main card data (S-DATA): the schema, then what a schema cannot say (S-DATA-CHECK).

No card is built in: players bring their own collection in this format (or import a
fleet builder's export into it). A bad file is a data error naming its JSON pointer,
found before any log is judged.
"""

from __future__ import annotations

import re

import json
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.games.base import DataError
from referee.hashing import sha256

FORMAT = "spanish-main-cards"
KINDS = ("ship", "crew", "fort", "event", "treasure")


@dataclass(frozen=True, slots=True)
class Cannon:
    rank: int
    range: str  # "S" or "L"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str
    name: str
    nationality: str | None = None
    cost: int | None = None
    masts: int | None = None
    cargo: int | None = None
    move: tuple[str, ...] = ()
    cannons: tuple[Cannon | None, ...] = ()
    """Bow to stern, one a mast (None: a mast without cannon); for a fort, one a flag."""
    links: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    ability: str = ""
    uses: int = 1
    gold: int | None = None
    unique: bool = False
    unique_type: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False)
    written_keywords: dict[str, str] = field(init=False, repr=False, compare=False)
    """Its keywords in notation spelling (`cannon=+1`) by name, the first of a name: asked after
    at every action, so read once."""

    def __post_init__(self) -> None:
        written: dict[str, str] = {}
        for keyword in self.keywords:
            spelt = keyword.replace(":", "=")
            written.setdefault(spelt.split("=")[0], spelt)
        object.__setattr__(self, "written_keywords", written)


@dataclass(frozen=True, slots=True)
class CardSet:
    nationalities: tuple[str, ...]
    cards: dict[str, Card]
    digest: str = ""
    """SHA-256 of the file's canonical JSON: what a log's `Cards` tag may pin."""
    name: str = field(default="", compare=False)
    """What a log's `Cards` tag calls it: the file's `id`, or else its file name less `.json` (a
    label: two sets of the same cards are equal whatever they are called)."""

    def linked(self, one: str, other: str) -> bool:
        """S-LINK: two cards are linked when either lists the other."""
        return other in self.cards[one].links or one in self.cards[other].links


def parse_cannons(text: str) -> tuple[Cannon | None, ...]:
    return tuple(None if item == "X" else Cannon(int(item[0]), item[1]) for item in text.split("-"))


def load(document: Any, name: str = "") -> CardSet:
    """A card file checked against its schema and S-DATA-CHECK; DataError names the pointer.
    `name` is what a log calls it when the file gives no `id` of its own."""
    from referee.jsonschemas import clipped, first_errors, pointer_of  # jsonschema only when data is read

    errors = first_errors(FORMAT, document)
    if errors is not None:
        raise DataError(clipped(_message(errors.first, document)), pointer_of(errors.first), "S-DATA", errors.others())
    return _built(document, document.get("id", name))


def name_of(path: str) -> str:
    """The name a card file answers to when it gives no `id`: its file name less `.json`, made
    one a `Cards` tag can write (an `id`'s letters: each other character a '-', at most 64, a
    letter or digit first), so that a game can name any file `--data` accepts."""
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    stem = base[:-5] if base.lower().endswith(".json") else base
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", stem).lstrip("_.-")[:64]
    return name or "cards"


def _built(document: Any, name: str) -> CardSet:
    """The cards of a document that fits the schema, checked for what a schema cannot say (S-DATA-CHECK)."""
    nationalities = tuple(document["nationalities"])
    cards: dict[str, Card] = {}
    for index, raw in enumerate(document["cards"]):
        pointer = f"/cards/{index}"
        if raw["id"] in cards:
            raise DataError(f"card id {raw['id']} is given twice", f"{pointer}/id", rule="S-DATA-CHECK")
        if "nationality" in raw and raw["nationality"] not in nationalities:
            raise DataError(f"nationality {raw['nationality']!r} is not among the file's nationalities",
                            f"{pointer}/nationality", rule="S-DATA-CHECK")
        cannons = parse_cannons(raw["cannons"]) if "cannons" in raw else ()
        if raw["kind"] == "ship" and len(cannons) != raw["masts"]:
            raise DataError(f"a ship of {raw['masts']} masts lists {len(cannons)} cannons: one item a mast, "
                            "X for a mast without cannon", f"{pointer}/cannons", rule="S-DATA-CHECK")
        if raw["kind"] == "fort" and None in cannons:
            raise DataError("a fort's flags each carry a cannon: X is for a ship's mast", f"{pointer}/cannons",
                            rule="S-DATA-CHECK")
        if raw.get("unique") and raw.get("gold", 0) != 0:
            raise DataError("a unique treasure starts at 0 gold", f"{pointer}/gold", rule="S-DATA-CHECK")
        _check_hull(raw, pointer)
        cards[raw["id"]] = Card(
            raw["id"], raw["kind"], raw["name"], raw.get("nationality"), raw.get("cost"), raw.get("masts"),
            raw.get("cargo"), tuple(raw["move"].split("+")) if "move" in raw else (), cannons,
            tuple(raw.get("links", ())), tuple(raw.get("keywords", ())), raw.get("ability", ""),
            raw.get("uses", 1), raw.get("gold"), raw.get("unique", False),
            raw.get("unique_type", raw["id"]) if raw.get("unique") else None, raw)
    for index, raw in enumerate(document["cards"]):
        for number, link in enumerate(raw.get("links", ())):
            pointer = f"/cards/{index}/links/{number}"
            target = cards.get(link)
            if link == raw["id"]:
                raise DataError("a card cannot be linked to itself", pointer, rule="S-DATA-CHECK")
            if target is None or target.kind not in ("ship", "crew"):
                raise DataError(f"{link} is not a ship or crew of this file", pointer, rule="S-DATA-CHECK")
    return CardSet(nationalities, cards, digest_of(document), name)


_ABSENT = {"$ref": "#/$defs/absent"}
"""How the schema marks a field a kind of card does not have."""


def fields_of(kind: str) -> tuple[str, ...]:
    """The fields a card of this kind may have, as the schema says (S-DATA)."""
    from referee.jsonschemas import validator

    card = validator(FORMAT).schema["$defs"]["card"]
    for rule in card["allOf"]:
        if rule["if"]["properties"]["kind"].get("const") == kind:
            absent = {name for name, schema in rule["then"].get("properties", {}).items() if schema == _ABSENT}
            return tuple(name for name in card["properties"] if name not in absent)
    return tuple(card["properties"])


def _a(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def _message(error: Any, document: Any) -> str:
    """A schema error as a person reads it, where the validator's words say too little:
    a field on the wrong kind of card, a name of nothing but white space."""
    path = list(error.absolute_path)
    if error.validator == "not" and error.validator_value == {} and len(path) == 3 and path[0] == "cards":
        kind = document["cards"][path[1]].get("kind")
        if isinstance(kind, str) and kind in KINDS:
            return (f"{_a(kind)} has no {path[2]}: the fields of {_a(kind)} are "
                    + ", ".join(fields_of(kind)))
    if error.validator in ("pattern", "minLength") and error.schema.get("pattern") == r"\S":
        what = path[-1] if path and isinstance(path[-1], str) else "a nationality"
        return f"{what} {error.instance!r} needs a character other than white space"
    return error.message


SAMPLE_NAME = "sample"
"""The `Cards` tag value naming the package's own small card file (S-DATA-SAMPLES)."""


def digest_of(document: Any) -> str:
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256(canonical.encode("utf-8")).hexdigest()


@lru_cache(maxsize=1)
def sample_cards() -> CardSet:
    """The package's own invented cards: the set a log naming `sample` is played with.

    The file ships with the package and the test suite checks it against the schema
    (test_the_sample_cards_are_sound_and_of_the_project_s_own_invention), so it is not checked
    again here: that would cost every process (every worker of `check -j N`) the import of the
    JSON Schema library and the building of its validator, about a tenth of a second."""
    data = pkgutil.get_data(__package__, "sample-cards.json")  # importing importlib.resources costs more
    assert data is not None  # the package's loader reads the files it ships
    return _built(json.loads(data.decode("utf-8")), SAMPLE_NAME)


def _check_hull(raw: dict[str, Any], pointer: str) -> None:
    hull = raw.get("hull")
    if hull is None:
        return
    masts = hull["masts_mm"]
    if len(masts) != raw["masts"]:
        raise DataError(f"the hull places {len(masts)} masts on a ship of {raw['masts']}", f"{pointer}/hull/masts_mm",
                        rule="S-GEO-DATA")
    limit = hull["bow_mm"] + hull["length_mm"]
    for number, (before, after) in enumerate(zip([-1.0] + masts, masts)):
        if not before < after <= limit:
            raise DataError(f"mast {number + 1} stands at {after} mm: the masts rise from bow to stern within "
                            f"bow_mm + length_mm ({limit} mm)", f"{pointer}/hull/masts_mm/{number}", rule="S-GEO-DATA")


def describe(card: Card, cards: CardSet) -> list[str]:
    """A card as a person reads it: what it costs, its masts with their cannons, cargo, move,
    links, keywords and printed ability."""
    head = f"{card.id} — {card.name} ({card.kind}"
    head += f", {card.nationality})" if card.nationality else ")"
    lines = [head]
    if card.cost is not None:
        lines.append(f"  cost: {card.cost} point{'s' if card.cost != 1 else ''}"
                     + (" (and its price in gold)" if card.kind == "fort" else ""))
    if card.kind == "ship":
        lines.append(f"  masts: {card.masts}, bow to stern:")
        for number, cannon in enumerate(card.cannons, start=1):
            lines.append(f"    mast {number}: " + ("no cannon" if cannon is None else
                                                    f"cannon of rank {cannon.rank}, range {cannon.range}"))
        lines.append(f"  cargo: {card.cargo}; base move: {'+'.join(card.move)}")
    if card.kind == "fort":
        lines.append(f"  flags: {len(card.cannons)}, each with a cannon: "
                     + ", ".join(f"rank {c.rank} range {c.range}" for c in card.cannons if c is not None))
    if card.kind == "treasure":
        lines.append(f"  gold: {card.gold}" + (f"; unique (type {card.unique_type})" if card.unique else ""))
    if card.kind == "event":
        lines.append(f"  uses: {card.uses}")
    linked = sorted(set(card.links) | {other.id for other in cards.cards.values() if card.id in other.links})
    if linked:
        lines.append("  linked to: " + ", ".join(f"{cid} ({cards.cards[cid].name})" for cid in linked))
    if card.keywords:
        lines.append("  keywords: " + " ".join(card.keywords))
    if card.ability:
        lines.append(f"  ability: {card.ability}")
    return lines
