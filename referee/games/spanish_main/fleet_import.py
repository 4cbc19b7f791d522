"""A fleet builder's export turned into Spanish Main card data (S-DATA).

Community fleet builders export a collection as a JSON array of card objects (or a CSV
with the same columns). Every fact with a place in the card format is mapped; a
printed ability becomes a supported keyword (S-KEYWORDS) only where its text says
exactly that, and is otherwise kept as text, to be declared in logs
(S-ABILITY-DECLARED). One odd card never fails the file: it is reported and left out.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any

from referee.games.base import DataError
from referee.games.spanish_main.cards import FORMAT, load
from referee.strictjson import JsonStreamError, strict_loads

CARD_KEYS = ("type", "name", "cardId", "cardSet", "cardNumber", "nationality", "pointValue", "ability",
             "modifiers", "details")
"""Every key of a card object the import reads; `modifiers` may hold any key (each is kept in
the card's notes, `cargoBonus` becomes a keyword)."""
DETAIL_KEYS = ("masts", "cargo", "baseMove", "cannons", "goldCost", "treasureValues", "buildBonus",
               "costReduction", "cargoBonus", "limitCards")
"""Every key of a card's `details` the import reads."""

TYPES = {"ship": "ship", "crew": "crew", "treasure": "treasure", "event": "event", "fort": "fort"}
ID_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
_POSSESSIVE = r"(?:her|his|its|this ship's|the ship's)"
ABILITY_KEYWORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), keyword) for pattern, keyword in (
        (rf"\+([12]) to {_POSSESSIVE} boarding rolls?", "board:+{0}"),
        (rf"\+([12]) to {_POSSESSIVE} ram(?:ming)? rolls?", "ram:+{0}"),
        (rf"\+([12]) to (?:each of )?{_POSSESSIVE} cannon rolls?", "cannon:+{0}"),
        (rf"(?:this ship )?gets? \+([SL]) to {_POSSESSIVE} base move", "speed:{0}"),
        (r"\+([1-3]) cargo", "cargo:+{0}"),
        (r"(?:this ship )?(?:can|may) be given two actions (?:each|per) turn", "extra-action"),
        (rf"(?:this ship )?(?:can|may) repair (?:anywhere|without docking at {_POSSESSIVE} home island)",
         "repair-anywhere"),
        (r"(?:this ship )?(?:can|may) explore an island as soon as (?:she|it) docks(?: there)?",
         "explore-on-dock"),
    ))


@dataclass(slots=True)
class ImportReport:
    """What the import did, card by card: for the table it ends with."""

    mapped: list[tuple[str, str]] = field(default_factory=list)
    kept_as_text: list[tuple[str, str]] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """Each card left out, and why: it could not be read, or its id is taken."""
    unknown: list[tuple[str, str]] = field(default_factory=list)
    """Each card's keys the import does not read, and what was meant where it can tell: left
    out of the card, with a warning (an error under `strict`)."""

    def lines(self) -> list[str]:
        out = [f"mapped: {len(self.mapped)} card{'s' if len(self.mapped) != 1 else ''}"]
        out += [f"  {card}: {facts}" for card, facts in self.mapped]
        out.append(f"abilities kept as text, to be declared in logs: {len(self.kept_as_text)}")
        out += [f"  {card}: {text}" for card, text in self.kept_as_text]
        out.append(f"left out: {len(self.unreadable)}")
        out += [f"  {card}: {reason}" for card, reason in self.unreadable]
        if self.unknown:
            out.append(f"warning: keys not read, left out of their cards: {len(self.unknown)}")
            out += [f"  {card}: {key}" for card, key in self.unknown]
        return out


class Unreadable(ValueError):
    """One card the import leaves out, and why."""


def read_export(text: str, name: str) -> list[dict[str, Any]]:
    """The card objects of a JSON array or a CSV with the same columns."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            data = strict_loads(text)
        except JsonStreamError as error:
            raise DataError(f"{name}: {error}") from None
        if not isinstance(data, list):
            raise DataError(f"{name}: a fleet builder's export is an array of cards")
        return data
    try:
        rows = list(csv.DictReader(io.StringIO(text)))
    except csv.Error as error:  # a field over the csv module's limit, a NUL, …
        raise DataError(f"{name}: not a readable CSV ({error})") from None
    if not rows or "type" not in rows[0]:
        raise DataError(f"{name}: neither a JSON array of cards nor a CSV with a 'type' column")
    return [_from_row(row) for row in rows]


def _from_row(row: dict[str, str | None]) -> dict[str, Any]:
    """A CSV row as the JSON export writes the card: `details.x` or bare detail columns,
    `modifiers` as JSON text or `modifiers.x` columns."""
    card: dict[str, Any] = {"details": {}, "modifiers": {}}
    details = DETAIL_KEYS
    for key, value in row.items():
        if key is None or value is None or value == "":
            continue
        key = key.strip()
        if key.startswith("details."):
            card["details"][key[8:]] = value
        elif key.startswith("modifiers."):
            card["modifiers"][key[10:]] = value
        elif key == "modifiers":
            try:
                card["modifiers"] = json.loads(value)
            except ValueError:
                card["modifiers"] = {"unreadable": value}
        elif key in details:
            card["details"][key] = value
        else:
            card[key] = value
    return card


def _int(value: Any, what: str, low: int = 0, high: int = 999) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise Unreadable(f"{what} is not a whole number: {value!r}") from None
    if not low <= number <= high:
        raise Unreadable(f"{what} {number} is outside {low}–{high}")
    return number


def _cannons(value: Any) -> list[str]:
    items = value if isinstance(value, list) else re.split(r"[\s,;/-]+", str(value).strip())
    cannons = []
    for item in items:
        text = str(item).strip().upper()
        if not text:
            continue
        if text in ("X", "-", "NONE") or re.fullmatch(r"[1-6][SL]", text):
            cannons.append("X" if text in ("-", "NONE") else text)
        else:
            raise Unreadable(f"cannon {item!r} is not a rank 1–6 and a range S or L")
    return cannons


MAX_TREASURE_VALUES = 24
"""A treasure entry lists the gold of its coins, one card each: a handful, never thousands."""
MAX_NATIONALITY = 40
"""The card format's longest nationality (schemas/spanish-main-cards.schema.json)."""


def _values(value: Any) -> list[int]:
    items = value if isinstance(value, list) else [v for v in re.split(r"[\s,;]+", str(value).strip()) if v]
    if len(items) > MAX_TREASURE_VALUES:
        raise Unreadable(f"details.treasureValues lists {len(items):,} values: a treasure entry lists at most "
                         f"{MAX_TREASURE_VALUES}, one a coin")
    return [_int(v, "a treasure value", 0, 99) for v in items]


def keyword_for(ability: str) -> str | None:
    """The supported keyword an ability's whole text says exactly, if any."""
    text = ability.strip().rstrip(".").strip()
    for pattern, keyword in ABILITY_KEYWORDS:
        match = pattern.fullmatch(text)
        if match:
            return keyword.format(*(group.upper() for group in match.groups()))
    return None


def _numbered(ident: str, number: int) -> str:
    """The id of one coin of a treasure entry: its id and number, within an id's 64 characters."""
    suffix = f"-{number}"
    return ident[:64 - len(suffix)].rstrip("-._") + suffix


def _schema_fault(card: dict[str, Any]) -> str | None:
    """What the card format's schema says against one card made, in a few words, or None."""
    from referee.jsonschemas import is_valid, part_validator, pointer_of

    if is_valid(FORMAT, "card")(card):
        return None
    for error in part_validator(FORMAT, "card").iter_errors(card):
        shown = error.message if len(error.message) <= 120 else error.message[:110] + "…"
        return f"{pointer_of(error).lstrip('/') or 'the card'}: {shown}"
    return None


def unknown_keys(raw: dict[str, Any]) -> list[str]:
    """The keys of a card object the import does not read, each with what was meant where a
    read key is close (`values (details.treasureValues?)`)."""
    import difflib

    found = []
    known = {key.lower(): key for key in CARD_KEYS}
    known_details = {key.lower(): f"details.{key}" for key in DETAIL_KEYS}
    everything = {**known_details, **known}

    def guess(key: str) -> str:
        lowered = key.lower()
        if lowered in everything and everything[lowered] != key:
            return f" ({everything[lowered]}?)"
        close = [name for name in everything if len(lowered) >= 4 and lowered in name][:1]
        if not close:
            close = difflib.get_close_matches(lowered, list(everything), n=1, cutoff=0.8)
        return f" ({everything[close[0]]}?)" if close else ""

    for key in raw:
        if key not in CARD_KEYS:
            found.append(f"{key}{guess(key)}")
    details = raw.get("details")
    if isinstance(details, dict):
        for key in details:
            if key not in DETAIL_KEYS:
                found.append(f"details.{key}{guess(key)}")
    return found


def convert(cards: list[Any], strict: bool = False) -> tuple[dict[str, Any], ImportReport]:
    """The card data document and the report of what was mapped, kept and left out. A key the
    import does not read is a warning; with `strict`, it leaves its card out."""
    report = ImportReport()
    out: list[dict[str, Any]] = []
    nationalities: list[str] = []
    seen: dict[str, str] = {}
    for index, raw in enumerate(cards):
        label = f"#{index + 1}"
        try:
            if not isinstance(raw, dict):
                raise Unreadable("not a card object")
            label = f"#{index + 1} {raw.get('name') or raw.get('cardId') or ''}".strip()
            unknown = unknown_keys(raw)
            if unknown and strict:
                raise Unreadable("keys it does not read (--strict): " + ", ".join(unknown))
            ident, made, facts, kept = _card(raw)
            fault = next((found for found in map(_schema_fault, made) if found is not None), None)
            if fault is not None:
                raise Unreadable(f"the card format refuses it: {fault}")
        except Unreadable as error:
            report.unreadable.append((label, str(error)))
            continue
        taken = next((card["id"] for card in made if card["id"] in seen), None)
        if taken is not None:
            report.unreadable.append((label, f"a duplicate: its id {taken} is taken by {seen[taken]}"))
            continue
        for card in made:
            seen[card["id"]] = label
            if "nationality" in card and card["nationality"] not in nationalities:
                nationalities.append(card["nationality"])
            out.append(card)
        report.mapped.append((ident, facts))
        report.unknown.extend((label, key) for key in unknown)
        if kept is not None:
            report.kept_as_text.append((ident, kept))
    document = {"format": FORMAT, "version": 1, "nationalities": nationalities or ["Pirates"], "cards": out}
    load(document)  # what was written passes its own checks
    return document, report


def _card(raw: dict[str, Any]) -> tuple[str, list[dict[str, Any]], str, str | None]:
    """One export entry: its id, the cards it makes (a treasure card one a value), what was
    mapped, and its ability when kept as text."""
    kind = TYPES.get(str(raw.get("type", "")).strip().lower())
    if kind is None:
        raise Unreadable(f"unknown card type {raw.get('type')!r} (types: Ship, Crew, Treasure, Event, Fort)")
    name = str(raw.get("name") or "").strip()
    if not name:
        raise Unreadable("it has no name")
    given, source = str(raw.get("cardId") or "").strip(), "cardId"
    if not given:
        given, source = "-".join(str(raw.get(key) or "").strip() for key in ("cardSet", "cardNumber")
                                 if str(raw.get(key) or "").strip()), "set and number"
    if not given:
        raise Unreadable("it has neither a cardId nor a set and number")
    ident = ID_CHARS.sub("-", given).strip("-._")[:64]
    if not ident:
        bad = sorted({char for char in given if ID_CHARS.fullmatch(char)})
        raise Unreadable(f"its {source} {given!r} has "
                         + (f"characters an id cannot have ({', '.join(map(repr, bad))}) and " if bad else "")
                         + "no letter or digit: an id has only the letters A–Z and a–z, the digits 0–9, "
                           "'.', '_' and '-', and begins with a letter or digit")
    details = raw.get("details") if isinstance(raw.get("details"), dict) else {}
    modifiers = raw.get("modifiers") if isinstance(raw.get("modifiers"), dict) else {}
    card: dict[str, Any] = {"id": ident, "kind": kind, "name": name}
    facts: list[str] = [] if ident == given else [f"id {ident} from {source} {given!r}"]
    notes: list[str] = []
    keywords: list[str] = []
    if kind in ("ship", "crew", "fort"):
        nationality = str(raw.get("nationality") or "").strip()
        if not nationality:
            raise Unreadable("it has no nationality")
        if len(nationality) > MAX_NATIONALITY:
            raise Unreadable(f"its nationality is {len(nationality):,} characters long: the card format "
                             f"holds at most {MAX_NATIONALITY}")
        card["nationality"] = nationality
    if kind in ("ship", "crew", "event"):
        if raw.get("pointValue") in (None, ""):
            raise Unreadable("it has no pointValue")
        card["cost"] = _int(raw["pointValue"], "pointValue")
        facts.append(f"cost {card['cost']}")
    if kind == "ship":
        for key in ("masts", "cargo", "baseMove", "cannons"):
            if details.get(key) is None:
                raise Unreadable(f"details.{key} is missing")
        for key in ("masts", "cargo", "baseMove"):
            if details[key] in ("", []) or not str(details[key]).strip():
                raise Unreadable(f"details.{key} is empty")
        card["masts"] = _int(details["masts"], "masts", 1, 8)
        card["cargo"] = _int(details["cargo"], "cargo", 0, 20)
        move = re.sub(r"\s+", "", str(details["baseMove"])).upper()
        if not re.fullmatch(r"[SL](?:\+[SL]){0,5}", move):
            raise Unreadable(f"base move {details['baseMove']!r} is not S and L segments joined by +")
        card["move"] = move
        cannons = _cannons(details["cannons"])
        if not cannons:
            raise Unreadable(f"details.cannons is empty: a ship of {card['masts']} masts lists {card['masts']} "
                             "cannons, one a mast, bow to stern (X for a mast without cannon)")
        if len(cannons) != card["masts"]:
            raise Unreadable(f"{len(cannons)} cannons for {card['masts']} masts: one a mast, bow to stern")
        card["cannons"] = "-".join(cannons)
        facts.append(f"{card['masts']} masts, cannons {card['cannons']}, cargo {card['cargo']}, move {move}")
    if kind == "fort":
        cost = details.get("goldCost", raw.get("pointValue"))
        if cost in (None, ""):
            raise Unreadable("details.goldCost is missing")
        card["cost"] = _int(cost, "goldCost", 1)
        cannons = _cannons(details.get("cannons") or [])
        if not 1 <= len(cannons) <= 8 or "X" in cannons:
            raise Unreadable("a fort has one to eight flags, each with a cannon")
        card["cannons"] = "-".join(cannons)
        facts.append(f"gold cost {card['cost']}, cannons {card['cannons']}")
    cargo_bonus = details.get("cargoBonus") or modifiers.get("cargoBonus")
    if cargo_bonus not in (None, "", 0, "0"):
        bonus = _int(cargo_bonus, "cargoBonus", 1, 3)
        keywords.append(f"cargo:+{bonus}")
    for key in ("buildBonus", "costReduction", "limitCards"):
        if details.get(key) not in (None, "", 0, "0", []):
            notes.append(f"{key} {details[key]}")
    for key, value in modifiers.items():
        if key != "cargoBonus":
            notes.append(f"{key} {value}")
    ability = str(raw.get("ability") or "").strip()
    kept = None
    if ability:
        card["ability"] = ability
        keyword = keyword_for(ability)
        if keyword is not None:
            keywords.append(keyword)
        else:
            kept = ability
    if keywords:
        card["keywords"] = sorted(set(keywords))
        facts.append("keywords " + " ".join(card["keywords"]))
    for key in ("cardSet", "cardNumber"):
        if raw.get(key) not in (None, ""):
            card["set" if key == "cardSet" else "number"] = str(raw[key])
    if notes:
        card["notes"] = "fleet builder: " + "; ".join(notes)
    made = [card]
    if kind == "treasure":
        values = _values(details.get("treasureValues", []))
        if not values:
            card.update(gold=0, unique=True)
            facts.append("unique, 0 gold")
        else:
            made = [{**card, "id": _numbered(ident, n) if len(values) > 1 else ident, "gold": value}
                    for n, value in enumerate(values, start=1)]
            facts.append("gold " + " ".join(map(str, values)))
    return ident, made, "; ".join(facts) or kind, kept
