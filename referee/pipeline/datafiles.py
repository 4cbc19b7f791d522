"""Data files and variants given on the command line, checked before any game is judged.

A data file is one JSON object whose `format` names the game that reads it; that
game's `load_data` checks the rest. Any fault is a `DataError` naming the file and
the JSON pointer, so the CLI can stop with a usage error before judging a log.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from referee.games import GAMES
from referee.diagnostics import Violation
from referee.games.base import DataError, JudgeOptions
from referee.pipeline.fileio import reason_of

MAX_DATA_BYTES = 16 << 20
"""A board or a card set is a few kilobytes; anything near this is not a data file."""


class DataFileError(Exception):
    """A data file that cannot be used, located: `path`, `pointer`, `message`, and the `rule`
    it breaks when a game's ruling says (cited at the end, as a finding's rule would be)."""

    def __init__(self, path: str, message: str, pointer: str = "", rule: str = "", more: str = "",
                 whole: bool = False) -> None:
        from referee.jsonschemas import clipped

        if not whole:  # it may quote a value of megabytes; a list of choices (`whole`) is never cut
            message = clipped(message)
        where = f"{path}: {pointer}: " if pointer else f"{path}: "
        super().__init__(where + message + (f" ({rule})" if rule else "") + (f"; {more} in the file" if more else ""))
        self.path = path
        self.pointer = pointer
        self.message = message
        self.rule = rule
        self.more = more


def judge_options(data_paths: Iterable[str] = (), variants: Iterable[str] = (),
                  settings: dict[str, str] | None = None) -> JudgeOptions:
    """Options for a run: every data file loaded by its game, every variant name known.
    Without data files or variants, no game is loaded to say so."""
    data_paths, variants = tuple(data_paths), tuple(variants)
    if not data_paths and not variants:
        return JudgeOptions(settings=dict(settings or {}))
    loaded: dict[str, list[Any]] = {}
    for path in data_paths:
        game, data = load_data_file(path)
        loaded.setdefault(game, []).append(data)
    names = tuple(dict.fromkeys(variants))
    known = {variant.name for game in GAMES.values() for variant in game.variants}
    unknown = [name for name in names if name not in known]
    if unknown:
        offered = ", ".join(sorted(known)) or "none"
        from referee.jsonschemas import clipped

        raise DataFileError("--variant", f"unknown variant {clipped(repr(unknown[0]))} (variants: {offered})", whole=True)
    return JudgeOptions({game: tuple(sets) for game, sets in loaded.items()}, names, dict(settings or {}))


def options_at(options: JudgeOptions, path: str) -> JudgeOptions | Violation:
    """The options for the log at `path`: with the data files the configuration gives its
    place, loaded on first use (a run that judges no such log reads none of them); or the
    N-DATA finding that one cannot be used, which leaves the game unjudged, as data not given does."""
    files = options.files_at(path)
    if not files:
        return options
    loaded: dict[str, list[Any]] = {}
    for name in files:
        try:
            game, data = _configured_data(name)
        except DataFileError as error:
            return Violation("N-DATA", f"the configuration gives this log a data file that cannot be used: {error}",
                             part="tag:Game", notes=("the configuration's data table names it",))
        loaded.setdefault(game, []).append(data)
    return JudgeOptions({game: tuple(sets) for game, sets in loaded.items()}, options.variants, options.settings)


@lru_cache(maxsize=64)
def _configured_data(path: str) -> tuple[str, Any]:
    """A data file of the configuration, loaded once a process."""
    return load_data_file(path)


def builtin_data(name: str) -> tuple[str, Any] | None:
    """(game id, loaded data) of the data set the package ships under `name`, the name a log
    uses for it (`default`, `sample`); None when no game ships one by that name."""
    for game in GAMES.values():
        if game.data_format:
            shipped = game.builtin_data()
            if name in shipped:
                return game.id, shipped[name]
    return None


def builtin_names() -> list[str]:
    """Every name under which a game ships a data set."""
    return [name for game in GAMES.values() if game.data_format for name in game.builtin_data()]


def load_data_named(path: str) -> tuple[str, Any]:
    """`load_data_file`, or, for a name no file has, the data set the package ships by that name."""
    import os

    if not os.path.lexists(path):
        shipped = builtin_data(path)
        if shipped is not None:
            return shipped
    return load_data_file(path)


def load_data_file(path: str) -> tuple[str, Any]:
    """(game id, the game's loaded data) for one data file."""
    return load_data_document(path, read_json(path))


def load_data_document(path: str, document: Any) -> tuple[str, Any]:
    """`load_data_file` of a file already read: its game found by its `format`, which loads it."""
    if not isinstance(document, dict):
        raise DataFileError(path, "a data file is one JSON object", "")
    kind = document.get("format")
    readers = {game.data_format: game for game in GAMES.values() if game.data_format}
    game = readers.get(kind) if isinstance(kind, str) else None
    if game is None:
        offered = ", ".join(sorted(readers)) or "none"
        raise DataFileError(path, f"unknown data format {kind!r} (formats: {offered})", "/format")
    try:
        return game.id, game.load_data(document, path)
    except DataError as error:
        raise DataFileError(path, error.message, error.pointer, error.rule, error.more) from None


def read_json(path: str) -> Any:
    """A JSON file read strictly: UTF-8, no duplicate keys, no NaN, bounded size."""
    text = read_text(path)
    from referee.strictjson import JsonStreamError, strict_loads

    try:
        return strict_loads(text)
    except JsonStreamError as error:
        if error.pointer:
            raise DataFileError(path, error.message, error.pointer) from None
        raise DataFileError(path, str(error)) from None


def read_text(path: str, what: str = "a data file", byte_order_mark: bool = False) -> str:
    """A small file's text, strictly UTF-8 (with `byte_order_mark`, one at its start is let
    pass, as spreadsheets write one): a FIFO or a folder is refused unopened, and anything over
    MAX_DATA_BYTES is not `what` the command reads."""
    from referee.pipeline.fileio import not_a_file

    problem = not_a_file(path)
    if problem is not None:
        raise DataFileError(path, f"cannot read: {problem}")
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_DATA_BYTES + 1)
    except OSError as error:
        raise DataFileError(path, f"cannot read: {reason_of(error)}") from None
    if len(raw) > MAX_DATA_BYTES:
        raise DataFileError(path, f"over {MAX_DATA_BYTES >> 20} MiB: not {what}")
    try:
        return raw.decode("utf-8-sig" if byte_order_mark else "utf-8")
    except UnicodeDecodeError as error:
        raise DataFileError(path, f"not UTF-8 (byte {error.start})") from None
