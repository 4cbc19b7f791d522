"""The games stand on one floor: no module under referee/games/ imports a layer meant to use
the games (the pipeline, the reports, export, the API, the command line …). What a game needs
from outside its package — the rule's findings, the game record, the schemas of its data files,
strict JSON — lies below it, where every layer may use it."""

from __future__ import annotations

from pathlib import Path

from .imports import imported_names

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "referee" / "games"

ABOVE = ("referee.validation", "referee.export", "referee.api", "referee.reports", "referee.pipeline",
         "referee.cli", "referee.formatting", "referee.simulate")
"""The layers above the games, which a game must never import."""

BELOW = ("referee.games", "referee.diagnostics", "referee.record", "referee.shuffle", "referee.hashing",
         "referee.jsonschemas", "referee.strictjson", "referee.schema_compiler", "referee.span")
"""The floor the games stand on: all a game module may import of referee."""


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every name of referee a file imports, with its line, read as the package's floors read
    it (tests/imports.py): `from a import b` is a.b, which lies in whatever layer holds a."""
    return imported_names(path, ROOT)


def _within(name: str, layers: tuple[str, ...]) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in layers)


def test_no_game_module_imports_a_layer_above_the_games():
    above = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
             for path in sorted(GAMES.rglob("*.py")) for line, name in _imports(path) if _within(name, ABOVE)]
    assert above == []


def test_every_game_module_imports_only_the_floor_below_it():
    """Named the other way round, so a new layer is placed before a game may use it."""
    outside = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
               for path in sorted(GAMES.rglob("*.py")) for line, name in _imports(path) if not _within(name, BELOW)]
    assert outside == []


def test_the_floor_imports_nothing_above_it():
    """The modules below the games are below them all the way down."""
    floor = [ROOT.joinpath(*name.split(".")).with_suffix(".py") for name in BELOW if name != "referee.games"]
    above = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
             for path in floor for line, name in _imports(path)
             if not _within(name, BELOW) or _within(name, ("referee.games",))]
    assert above == []


def test_the_reading_of_imports_sees_every_spelling(tmp_path):
    """The checker itself: each way of writing an import is found."""
    package = tmp_path / "referee" / "games" / "x"
    package.mkdir(parents=True)
    module = package / "m.py"
    module.write_text("import referee.cli\nfrom referee import api\nfrom ...pipeline import json_stream\n"
                      "def f():\n    from referee.validation import validator\n"
                      "    importlib.import_module('referee.reports.text')\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        names = [name for _, name in _imports(module)]
    finally:
        ROOT = saved
    assert names == ["referee.cli", "referee.api", "referee.pipeline.json_stream", "referee.validation.validator",
                     "referee.reports.text"]
    assert all(_within(name, ABOVE) for name in names)


def test_the_language_server_stands_beside_the_command_line():
    """referee.lsp uses the layers below as the command line does, and imports none of it;
    nothing below it imports it (the command line only starts it)."""
    server = ROOT / "referee" / "lsp"
    up = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
          for path in sorted(server.rglob("*.py")) for line, name in _imports(path) if _within(name, ("referee.cli",))]
    assert up == []
    below = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
             for path in sorted((ROOT / "referee").rglob("*.py"))
             if server not in path.parents and (ROOT / "referee" / "cli") not in path.parents
             for line, name in _imports(path) if _within(name, ("referee.lsp",))]
    assert below == []
