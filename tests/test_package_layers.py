"""The whole package stands in floors, named once here from the ground up: a module imports
its own floor and the floors below it, never one above, and no chain of imports comes back
to where it began. Imports inside functions count as any other (a lazy import that runs up is
still an arrow up), and so do those under `if TYPE_CHECKING:`, which a type checker follows.

What a floor holds is what its modules truly do, which is not always the folder they sit
in: the notation reads an entry by its game's grammar and finds the game by the registry,
so it stands on the games; checking a document against the schemas serves the reading of
inputs, so it stands with the pipeline."""

from __future__ import annotations

import sys
from pathlib import Path

from .imports import imported_names, module_name

ROOT = Path(__file__).resolve().parent.parent

FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground", ("referee", "referee.span", "referee.record", "referee.diagnostics", "referee.hashing",
                "referee.shuffle", "referee.strictjson", "referee.schema_compiler", "referee.jsonschemas",
                "referee.wording")),
    ("games", ("referee.games",)),
    ("notation", ("referee.notation",)),
    ("pipeline", ("referee.pipeline", "referee.validation")),
    ("reports", ("referee.reports",)),
    ("services", ("referee.export", "referee.importing", "referee.formatting", "referee.simulate",
                  "referee.play", "referee.api", "referee.config")),
    ("front ends", ("referee.cli", "referee.lsp", "referee.__main__")),
)
"""Each floor with the modules and packages on it, lowest first. `referee` stands for the
package's own `__init__` (its version) alone; any other name takes in the modules under it."""



def _module_name(path: Path) -> str:
    return module_name(path, ROOT)


MODULES = {_module_name(path): path for path in sorted((ROOT / "referee").rglob("*.py"))}


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every name of referee a file imports (tests/imports.py: at any depth, relative imports
    resolved, `from a import b` read as a.b, a module or a member of one), with its line."""
    return imported_names(path, ROOT)


def floor_of(module: str) -> int | None:
    """The floor (its height) of the longest name that holds `module`; None when none does."""
    best: tuple[int, int] | None = None
    for height, (_, names) in enumerate(FLOORS):
        for name in names:
            holds = module == name or (name != "referee" and module.startswith(name + "."))
            if holds and (best is None or len(name) > best[0]):
                best = (len(name), height)
    return None if best is None else best[1]


def module_imported(name: str) -> str:
    """The module of the package an imported name lies in: `referee.games.base.GameRules`
    and `referee.__version__` name a module's member, `referee.games.korsar.cards` a module."""
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


def arrows() -> list[tuple[str, int, str]]:
    """Every import of one module of the package by another: (importer, line, imported)."""
    found = []
    for module, path in MODULES.items():
        for line, name in _imports(path):
            imported = module_imported(name)
            if imported != module:
                found.append((module, line, imported))
    return found


def cycles(modules: set[str]) -> list[list[str]]:
    """The import cycles among `modules`: each set of modules that reach one another (Tarjan)."""
    edges: dict[str, set[str]] = {module: set() for module in modules}
    for importer, _, imported in arrows():
        if importer in modules and imported in modules:
            edges[importer].add(imported)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(modules)))
    try:
        for module in sorted(modules):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_every_module_stands_on_a_named_floor():
    """A new module, or a new package, is placed on a floor before it is used."""
    assert [module for module in MODULES if floor_of(module) is None] == []


def test_no_module_imports_a_floor_above_its_own():
    up = []
    for importer, line, imported in arrows():
        below, above = floor_of(importer), floor_of(imported)
        if below is not None and above is not None and above > below:
            up.append(f"{MODULES[importer].relative_to(ROOT)}:{line}: the {FLOORS[below][0]} import "
                      f"{imported}, of the {FLOORS[above][0]}")
    assert up == []


def test_no_import_cycle():
    assert cycles(set(MODULES)) == []


def test_the_floors_read_an_import_up_and_a_cycle(tmp_path, monkeypatch):
    """The checker itself: a lazy import up a floor and a cycle through a function are found."""
    package = tmp_path / "referee"
    (package / "pipeline").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "record.py").write_text("def f():\n    from referee.pipeline.work import x\n", encoding="utf-8")
    (package / "pipeline" / "__init__.py").write_text("", encoding="utf-8")
    (package / "pipeline" / "work.py").write_text("from referee import record\n", encoding="utf-8")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    monkeypatch.setitem(globals(), "MODULES", {_module_name(path): path for path in package.rglob("*.py")})
    assert {(importer, imported) for importer, _, imported in arrows()} == {
        ("referee.record", "referee.pipeline.work"), ("referee.pipeline.work", "referee.record")}
    assert floor_of("referee.record") == 0 and floor_of("referee.pipeline.work") == 3
    assert floor_of("referee.recording") is None
    assert cycles(set(MODULES)) == [["referee.pipeline.work", "referee.record"]]


SPANISH_MAIN = "referee.games.spanish_main"

SPANISH_MAIN_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("table", ("cards", "illegal", "notation", "setup", "state")),
    ("effects", ("effects",)),
    ("sections", ("abilities", "crewing", "exploring", "forts", "moving", "ramming", "setup_entries", "shooting",
                  "terrain", "towing")),
    ("turn", ("turn",)),
    ("dispatcher", ("engine",)),
)
"""Pirates of the Spanish Main's rules, lowest first: the table (the pieces, the entries, the
state and its refusals), the effects on the state that several sections share, the sections
side by side (each the entries of one part of the rules), the turn that frames them, and the
engine that dispatches each entry to its section. The modules of the table build on one
another; the sections never do: what two of them share is an effect."""


def test_spanish_main_sections_stand_in_layers():
    floor = {f"{SPANISH_MAIN}.{name}": height
             for height, (_, names) in enumerate(SPANISH_MAIN_FLOORS) for name in names}
    assert set(floor) <= set(MODULES)
    wrong = []
    for importer, line, imported in arrows():
        if importer in floor and imported in floor:
            below, above = floor[importer], floor[imported]
            if above > below or (above == below and below > 0):
                wrong.append(f"{MODULES[importer].relative_to(ROOT)}:{line}: the {SPANISH_MAIN_FLOORS[below][0]} "
                             f"import {imported}, of the {SPANISH_MAIN_FLOORS[above][0]}")
    assert wrong == []
    assert cycles(set(floor)) == []
