"""Project configuration: `[tool.referee]` in a pyproject.toml, or a referee.toml.

The first folder, from the current one upwards, that holds a referee.toml or a
pyproject.toml with a [tool.referee] table gives the configuration; options on
the command line win over it.

    format = "github"                      # check's default --format
    exclude = ["drafts/*", "*.tmp.korsar"]  # shell patterns, matched against paths
    select = ["K-", "N-"]                  # report only these rule ids and prefixes
    ignore = ["K-UNFINISHED"]              # and never these
    exit-zero = false                      # findings still exit 0 when true
    statistics = false                     # a count per rule id instead of each finding
    [extensions]                           # in pyproject.toml: [tool.referee.extensions]
    korsar = [".korsar", ".ksr"]           # which files a folder search picks, per game
    [data]                                 # in pyproject.toml: [tool.referee.data]
    "boards/*.perroquets" = ["boards/lagoon-9.json"]  # logs matching a pattern are judged on
                                           # these data files, as with --data (which replaces them)

Paths and patterns are taken from the configuration file's folder.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMATS = ("text", "concise", "json", "jsonl", "github", "sarif", "junit")
KEYS = ("format", "exclude", "extensions", "select", "ignore", "exit-zero", "statistics", "data")


class ConfigError(Exception):
    """A configuration file that cannot be used; the message names the file and key."""


@dataclass(slots=True)
class Config:
    path: Path | None = None
    format: str | None = None
    exclude: list[str] = field(default_factory=list)
    extensions: dict[str, list[str]] = field(default_factory=dict)
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    exit_zero: bool = False
    statistics: bool = False
    data: list[tuple[str, list[str]]] = field(default_factory=list)
    """(pattern, data files) pairs: the logs whose path from the configuration's folder matches
    the pattern are judged on those files (their paths made from that folder too)."""

    def excluded(self, path: str) -> bool:
        if not self.exclude:
            return False
        candidates = {path.replace(os.sep, "/")}
        if self.path is not None:
            try:
                relative = os.path.relpath(os.path.abspath(path), self.path.parent)
                candidates.add(relative.replace(os.sep, "/"))
            except ValueError:
                pass
        candidates.add(os.path.relpath(os.path.abspath(path)).replace(os.sep, "/"))
        candidates.add(os.path.basename(path))
        return any(fnmatch.fnmatchcase(c, pattern) for c in candidates for pattern in self.exclude)


def find_config(start: Path | None = None) -> Path | None:
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / "referee.toml"
        if own.is_file():
            return own
        project = candidate / "pyproject.toml"
        if project.is_file() and _has_tool_table(project):
            return project
    return None


def _has_tool_table(path: Path) -> bool:
    """Whether a pyproject.toml has [tool.referee]; one that is not valid TOML is an error,
    not skipped: it could hold the settings its author expects to apply."""
    tool = _read(path).get("tool", {})
    return isinstance(tool, dict) and "referee" in tool


def _read(path: Path) -> dict[str, Any]:
    import tomllib

    try:
        with open(path, "rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        from referee.pipeline.fileio import reason_of

        raise ConfigError(f"{path}: cannot read: {reason_of(error)}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 (byte {error.start}); TOML files are UTF-8") from None


def load_config(path: Path | None, known_games: dict[str, list[str]]) -> Config:
    """The configuration in `path` (None: no configuration), checked key by key."""
    if path is None:
        return Config()
    data = _read(path)
    table = data.get("tool", {}).get("referee", {}) if path.name == "pyproject.toml" else data
    where = f"{path} [tool.referee]" if path.name == "pyproject.toml" else str(path)
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known: {', '.join(KEYS)})")
    config = Config(path)
    if "format" in table:
        if table["format"] not in FORMATS:
            raise ConfigError(f"{where}: format must be one of {', '.join(FORMATS)}")
        config.format = table["format"]
    for key in ("select", "ignore"):
        if key in table:
            codes = table[key]
            if not isinstance(codes, list) or not all(isinstance(c, str) and c for c in codes):
                raise ConfigError(f"{where}: {key} must be a list of rule ids or prefixes, like [\"K-\", \"N-SYNTAX\"]")
            setattr(config, key, [code.upper() for code in codes])
    for key in ("exit-zero", "statistics"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{where}: {key} must be true or false")
            setattr(config, key.replace("-", "_"), table[key])
    if "exclude" in table:
        exclude = table["exclude"]
        if not isinstance(exclude, list) or not all(isinstance(p, str) for p in exclude):
            raise ConfigError(f"{where}: exclude must be a list of patterns")
        config.exclude = list(exclude)
    if "extensions" in table:
        extensions = table["extensions"]
        if not isinstance(extensions, dict):
            raise ConfigError(f"{where}: extensions must be a table of game = [\".ext\", …]")
        for game, values in extensions.items():
            if game not in known_games:
                raise ConfigError(f"{where}: extensions: unknown game '{game}' (known: {', '.join(known_games)})")
            if (not isinstance(values, list) or not values
                    or not all(isinstance(v, str) and v.startswith(".") and len(v) > 1 for v in values)):
                raise ConfigError(f"{where}: extensions.{game} must be a list like [\".{game}\"]")
            config.extensions[game] = list(values)
    if "data" in table:
        config.data = _data_table(table["data"], where, path.resolve().parent)
    return config


def _data_table(table: Any, where: str, folder: Path) -> list[tuple[str, list[str]]]:
    """The `data` table: each pattern of logs, and the data files they are judged on."""
    example = '"boards/*.perroquets" = ["boards/lagoon-9.json"]'
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: data must be a table of pattern = [\"data file\", …], like {example}")
    found = []
    for pattern, files in table.items():
        if isinstance(files, str):
            files = [files]
        if not pattern or not isinstance(files, list) or not files \
                or not all(isinstance(name, str) and name for name in files):
            raise ConfigError(f"{where}: data.\"{pattern}\" must be a list of data files, like {example}")
        found.append((pattern, [os.path.normpath(os.path.join(folder, name)) for name in files]))
    return found
