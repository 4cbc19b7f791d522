"""The one reading of a module's imports that the layer tests share: which names of referee
a source file imports, and on which line.

Every spelling counts: `import a.b`, `from a import b` (read as a.b: a module, or a member of
one; the tests find which), relative imports (resolved against the file's own package),
imports inside functions or under `if TYPE_CHECKING:` (a lazy import is still an import), and
`importlib.import_module("a.b")` or `__import__("a.b")` with a written name."""

from __future__ import annotations

import ast
from pathlib import Path


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module at `path`, a file under `root` (a package is named by
    its folder, not by its `__init__`)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path, root: Path) -> list[tuple[int, str]]:
    """Every name of referee the file at `path` (under `root`) imports, at any depth, with its
    line, in the order of a walk of its syntax tree."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package[:len(package) - node.level + 1]
                base = ".".join(stem + ([base] if base else []))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        elif _imports_by_call(node):
            found.append((node.lineno, node.args[0].value))
    return [(line, name) for line, name in found if name == "referee" or name.startswith("referee.")]


def _imports_by_call(node: ast.AST) -> bool:
    """`import_module("referee.x")` or `__import__("referee.x")`, with the name written out."""
    return (isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name))
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            and bool(node.args) and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str))
