"""The Spanish Main engine keeps the shape of its rulings: one module per section of the rules,
each citing the rulings it judges, over one state that level 2 and the view read without
knowing the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from referee.games.spanish_main.rulings import RULINGS

PACKAGE = Path(__file__).resolve().parent.parent / "referee" / "games" / "spanish_main"
SECTIONS = ("setup_entries", "turn", "moving", "ramming", "towing", "exploring", "shooting", "forts", "terrain",
            "crewing", "abilities")


def _imports(module: str) -> set[str]:
    """The package's modules `module` imports, at its top or inside a function, type hints included."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "referee.games.spanish_main":
                found.update(alias.name for alias in node.names)
            elif node.module.startswith("referee.games.spanish_main."):
                found.add(node.module.rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found.update(alias.name.rsplit(".", 1)[1] for alias in node.names
                         if alias.name.startswith("referee.games.spanish_main."))
    return found


def test_only_the_layers_above_the_engine_import_it() -> None:
    importers = {path.stem for path in PACKAGE.glob("*.py") if "engine" in _imports(path.stem)}
    assert importers == {"game", "generator", "captains"}


def test_level_2_the_view_and_the_state_know_no_section_of_the_rules() -> None:
    for module in ("level2", "view", "state", "illegal"):
        assert not _imports(module) & {"engine", *SECTIONS}, module


def test_each_section_cites_the_rulings_it_judges_and_only_known_ones() -> None:
    known = {ruling.id for ruling in RULINGS}
    for module in SECTIONS:
        tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
        cited = set(re.findall(r"\bS-[A-Z0-9]+(?:-[A-Z0-9]+)*", ast.get_docstring(tree) or ""))
        assert cited, module
        assert cited <= known, (module, cited - known)


def test_no_section_is_a_room_of_a_thousand_lines() -> None:
    for module in (*SECTIONS, "engine"):
        assert len((PACKAGE / f"{module}.py").read_text(encoding="utf-8").splitlines()) < 500, module
