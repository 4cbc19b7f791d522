"""`referee rules`: every code a diagnostic can cite, in the referee's own words."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass

import click

from referee import __version__
from referee.cli import Refused, cli
from referee.cli.common import emit, style_for
from referee.games import GAMES
from referee.games.base import Ruling, Variant
from referee.notation.codes import NOTATION_CODES

RULES_SCHEMA_ID = "urn:referee:schema:rules:1"


@dataclass(frozen=True, slots=True)
class _Section:
    """The notation's codes (game None), or one game's rulings and variants."""

    game: str | None
    name: str
    rulings: tuple[Ruling, ...]
    variants: tuple[Variant, ...] = ()


def _sections(game_id: str | None) -> Iterator[_Section]:
    if game_id is None:
        yield _Section(None, "Notation", NOTATION_CODES)
    for game in GAMES.values():
        if game_id is None or game.id == game_id:
            yield _Section(game.id, game.name, tuple(game.rulings), tuple(game.variants))


@cli.command("rules", short_help="Explain the rulings and codes the referee cites.")
@click.argument("rule_ids", nargs=-1, metavar="[ID]...")
@click.option("--game", "game_id", type=click.Choice(sorted(GAMES)), default=None,
              help="Only this game's rulings and variants.")
@click.option("--list", "as_list", is_flag=True, help="One line per code: id, game and title.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: every code and variant as data (schemas/rules.schema.json).")
@click.pass_context
def rules_command(ctx: click.Context, rule_ids: tuple[str, ...], game_id: str | None, as_list: bool,
                  output_format: str) -> None:
    """Explain every code a diagnostic can cite — the notation's own (N-SYNTAX, N-TAG, ...)
    and each game's rulings (K-TARGET, C-RAISE, ...) — and the variants a game offers;
    or only those named by ID (codes, or variants' names), such as the code of a finding
    and the rulings that decided it.

    \b
    Examples:
      referee rules K-TARGET
      referee rules P-CLAIM P-MEET
      referee rules --list --game corsari
      referee rules --format json > rules.json
    """
    style = style_for(ctx)
    sections = list(_sections(game_id))
    if rule_ids:
        _named(sections, rule_ids, output_format, style)
        return
    if output_format == "json":
        emit(json.dumps(_document(sections), indent=2, ensure_ascii=False))
        return
    if as_list:
        width = max((len(r.id) for s in sections for r in s.rulings), default=0)
        for section in sections:
            for ruling in section.rulings:
                emit(f"{ruling.id:<{width}}  {section.name:<8}  {ruling.title}")
            for variant in section.variants:
                emit(f"{variant.name:<{width}}  {section.name:<8}  variant of {variant.ruling}")
        return
    for section in sections:
        title = "codes of the notation" if section.game is None else "rulings"
        entries = [(f"{ruling.id} — {ruling.title}", ruling.text) for ruling in section.rulings]
        _block(f"{section.name} — {title}", entries, style)
        if section.variants:
            _block(f"{section.name} — variants (--variant NAME)",
                   [(f"{variant.name} — the other reading of {variant.ruling}", variant.text)
                    for variant in section.variants], style)


def _block(heading: str, entries: list[tuple[str, str]], style) -> None:
    emit(style(heading, "bold"))
    emit("")
    for title, text in entries:
        emit(style(title, "bold"))
        emit(textwrap.fill(text, width=78, initial_indent="  ", subsequent_indent="  "))
        emit("")


def _named(sections: list[_Section], rule_ids: tuple[str, ...], output_format: str, style) -> None:
    """The codes and variants named, in the order given; a name that is neither is a usage
    error, before anything is written."""
    found = [_find(sections, rule_id) for rule_id in rule_ids]
    if output_format == "json":
        chosen = [_Section(section.game, section.name, (item,) if isinstance(item, Ruling) else (),
                           (item,) if isinstance(item, Variant) else ()) for section, item in found]
        emit(json.dumps(_document(chosen), indent=2, ensure_ascii=False))
        return
    for index, (section, item) in enumerate(found):
        if index:
            emit("")
        if isinstance(item, Ruling):
            where = "the notation" if section.game is None else section.name
            emit(style(f"{item.id} — {item.title}", "bold") + f"  ({where})")
        else:
            emit(style(f"{item.name} — variant of {item.ruling}", "bold") + f"  ({section.name})")
        emit(textwrap.fill(item.text, width=78))


def _find(sections: list[_Section], rule_id: str) -> tuple[_Section, Ruling | Variant]:
    wanted = rule_id.upper()
    for section in sections:
        for ruling in section.rulings:
            if ruling.id == wanted:
                return section, ruling
        for variant in section.variants:
            if variant.name == rule_id.lower():
                return section, variant
    known = [r.id for s in sections for r in s.rulings]
    close = [k for k in known if wanted.split("-")[-1] in k]
    hint = f"; did you mean {', '.join(close[:3])}?" if close else "; `referee rules --list` lists them all"
    raise Refused(f"no ruling or code '{rule_id}'{hint}")


def _document(sections: list[_Section]) -> dict:
    return {
        "$schema": RULES_SCHEMA_ID, "format": "referee-rules", "version": 1, "referee": __version__,
        "rules": [{"id": r.id, "game": s.game, "title": r.title, "text": r.text}
                  for s in sections for r in s.rulings],
        "variants": [{"name": v.name, "game": s.game, "ruling": v.ruling, "text": v.text}
                     for s in sections for v in s.variants],
    }
