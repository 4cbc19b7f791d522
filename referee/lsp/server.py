"""`referee lsp`: the referee as a language server, on standard input and output.

The protocol's side only: each request is answered from the modules beside this one
(judging, completion, hover, fixes, canonical, outline), which know nothing of it. A
request that fails is answered with an error and logged; the server goes on.
"""

from __future__ import annotations

import errno
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from referee import __version__
from referee.config import ConfigError, find_config, load_config
from referee.games import game_extensions
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.pipeline.datafiles import DataFileError, judge_options
from referee.reports.selection import Selection
from referee.lsp.canonical import canonical
from referee.lsp.completion import complete
from referee.lsp.fixes import fixes_for
from referee.lsp.games import document_lines
from referee.lsp.hover import hover_text
from referee.lsp.judging import DocumentJudge, Judgement, warm
from referee.lsp.outline import Section, outline

log = logging.getLogger("referee.lsp")

SOURCE = "referee"
WATCH_SECONDS = 5.0
"""How often the server looks whether the editor that started it is still running."""


@dataclass(slots=True)
class Settings:
    """What the editor may set (initializationOptions, or the `referee` section of its
    settings): data files and variants as `--data` and `--variant` give them, and the level."""

    data: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    level: str | None = None

    @classmethod
    def of(cls, given: Any, base: "Settings") -> "Settings":
        if not isinstance(given, dict):
            return base
        if isinstance(given.get("referee"), dict):  # a settings section, as didChangeConfiguration sends it
            given = given["referee"]
        data = given.get("data", base.data)
        variants = given.get("variants", base.variants)
        level = given.get("level", base.level)
        return cls(tuple(str(d) for d in data) if isinstance(data, (list, tuple)) else base.data,
                   tuple(str(v) for v in variants) if isinstance(variants, (list, tuple)) else base.variants,
                   str(level) if level is not None else None)


@dataclass(slots=True)
class OpenDocument:
    """A document the editor holds open: its judge, and what was worked out of its text as
    it last stood (an editor asks for code actions at every move of the cursor)."""

    judge: DocumentJudge
    version: int | None = None
    judgement: Judgement | None = None
    judged_text: str | None = None
    worked: dict[Any, Any] = field(default_factory=dict)

    def known(self, text: str, key: Any, work: Any) -> Any:
        """`work()`, once for each `key` while the text stays `text`."""
        if self.worked.get("text") != text:
            self.worked = {"text": text}
        if key not in self.worked:
            self.worked[key] = work()
        return self.worked[key]


@dataclass(slots=True)
class State:
    settings: Settings = field(default_factory=Settings)
    options: JudgeOptions = NO_OPTIONS
    data_names: tuple[str, ...] = ()
    documents: dict[str, OpenDocument] = field(default_factory=dict)
    selections: dict[str, Selection] = field(default_factory=dict)
    push: bool = True
    warmed: set[str] = field(default_factory=set)
    exit_code: int = 0


class RefereeServer(LanguageServer):
    def __init__(self, settings: Settings) -> None:
        super().__init__("referee", __version__)
        self.state = State(settings)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """An error outside any request: logged, and said in the editor's log, never fatal."""
        log.error("internal error: %s: %s", type(error).__name__, error)
        try:
            self.window_log_message(types.LogMessageParams(types.MessageType.Error,
                                                           f"referee: internal error: {type(error).__name__}: {error}"))
        except Exception:  # noqa: BLE001 - the client may be gone
            pass


def create_server(settings: Settings | None = None) -> RefereeServer:
    server = RefereeServer(settings or Settings())
    state = server.state

    def say(message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        server.window_show_message(types.ShowMessageParams(kind, f"referee: {message}"))

    def load_options(root: str | None) -> None:
        settings = state.settings
        data = [path if os.path.isabs(path) or root is None or os.path.exists(path) else os.path.join(root, path)
                for path in settings.data]
        try:
            state.options = judge_options(data, settings.variants, {"level": settings.level} if settings.level else None)
        except DataFileError as error:
            state.options = NO_OPTIONS
            say(f"data and variants not used: {error}")
        names = []
        for path in data:
            stem = Path(path).name
            names.append(stem[:-5] if stem.endswith(".json") else stem)
        state.data_names = tuple(names)

    def selection_for(path: str | None) -> Selection:
        folder = str(Path(path).parent) if path else os.getcwd()
        known = state.selections.get(folder)
        if known is not None:
            return known
        selection = Selection()
        try:
            config = load_config(find_config(Path(folder)), {g: list(e) for g, e in game_extensions().items()})
            selection = Selection.of(config.select, config.ignore)
        except (ConfigError, OSError) as error:
            say(f"configuration not used: {error}")
        state.selections[folder] = selection
        return selection

    def open_document(uri: str) -> tuple[TextDocument, OpenDocument]:
        document = server.workspace.get_text_document(uri)
        opened = state.documents.get(uri)
        if opened is None:
            path = to_fs_path(uri) or uri
            shown = os.path.relpath(path) if os.path.isabs(path) and not os.path.relpath(path).startswith("..") else path
            opened = OpenDocument(DocumentJudge(shown, state.options, selection_for(path)))
            if uri in server.workspace.text_documents:  # kept while the editor holds it open
                state.documents[uri] = opened
        return document, opened

    def judged(uri: str) -> tuple[TextDocument, OpenDocument, Judgement]:
        document, opened = open_document(uri)
        text = document.source
        if opened.judgement is None or opened.judged_text != text:
            opened.judgement = opened.judge.judge(text)
            opened.judged_text = text
            opened.version = document.version
        return document, opened, opened.judgement

    def lsp_diagnostics(document: TextDocument, judgement: Judgement) -> list[types.Diagnostic]:
        lines = document_lines(document.source)
        return [to_diagnostic(finding, lines, document) for finding in judgement.diagnostics()]

    def publish(uri: str) -> None:
        if not state.push:
            return
        document, _, judgement = judged(uri)
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri, lsp_diagnostics(document, judgement), version=document.version))

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        state.settings = Settings.of(params.initialization_options, state.settings)
        text_document = params.capabilities.text_document
        state.push = text_document is None or text_document.diagnostic is None
        load_options(server.workspace.root_path if server.workspace else _root_of(params))
        if params.process_id:
            _watch_parent(params.process_id)

    @server.feature(types.EXIT)
    def exit_(params: None) -> None:
        state.exit_code = 0 if server.protocol._shutdown else 1  # the protocol's rule: exit before shutdown is 1

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        state.settings = Settings.of(params.settings, state.settings)
        load_options(server.workspace.root_path)
        state.selections.clear()
        for uri, opened in list(state.documents.items()):
            path = to_fs_path(uri) or uri
            opened.judge = DocumentJudge(opened.judge.path, state.options, selection_for(path))
            opened.judgement = None
            try:
                publish(uri)
            except Exception as error:  # noqa: BLE001 - one document's failure leaves the others judged
                server.report_server_error(error, types.WORKSPACE_DID_CHANGE_CONFIGURATION)
        if not state.push:
            server.workspace_diagnostic_refresh(None)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)
        _, _, judgement = judged(params.text_document.uri)
        games = {game["game"]: (game["players"] or ["A"])[0] for span in judgement.games for game in span.games
                 if game["game"] and game["game"] not in state.warmed}
        state.warmed.update(games)
        warm(set(games), games)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        state.selections.clear()  # a configuration saved beside it is read again

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        state.documents.pop(params.text_document.uri, None)
        if state.push:
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(params.text_document.uri, []))

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier=SOURCE, inter_file_dependencies=False,
                                            workspace_diagnostics=False))
    def diagnostic(params: types.DocumentDiagnosticParams) -> types.FullDocumentDiagnosticReport:
        document, _, judgement = judged(params.text_document.uri)
        return types.FullDocumentDiagnosticReport(lsp_diagnostics(document, judgement))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", "[", '"']))
    def completion(params: types.CompletionParams) -> types.CompletionList:
        document, opened = open_document(params.text_document.uri)
        lines = document_lines(document.source)
        line, column = from_client(document, lines, params.position)
        found = complete(opened.judge.path, lines, line, column, state.options, state.data_names)
        items = []
        for order, choice in enumerate(found.items):
            edit_range = types.Range(to_client(document, lines, line, choice.start),
                                     to_client(document, lines, line, choice.end))
            items.append(types.CompletionItem(
                label=choice.label, detail=choice.detail, sort_text=f"{order:05d}",
                filter_text=choice.new_text.strip() or choice.label,
                kind=types.CompletionItemKind.Value if choice.whole else types.CompletionItemKind.Keyword,
                text_edit=types.TextEdit(edit_range, choice.new_text)))
        return types.CompletionList(is_incomplete=found.incomplete, items=items)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams) -> types.Hover | None:
        document, opened, judgement = judged(params.text_document.uri)
        lines = document_lines(document.source)
        line, column = from_client(document, lines, params.position)
        text = hover_text(opened.judge.path, lines, line, column, judgement.diagnostics(), state.options)
        if text is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix,
                                                               types.CodeActionKind.SourceFixAll]))
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        document, opened, judgement = judged(params.text_document.uri)
        uri = params.text_document.uri
        lines = document_lines(document.source)
        wanted = params.context.only
        actions: list[types.CodeAction] = []
        first, _ = from_client(document, lines, params.range.start)
        last, _ = from_client(document, lines, params.range.end)
        if not wanted or any(kind.startswith(types.CodeActionKind.QuickFix) for kind in wanted):
            for finding in judgement.diagnostics():
                at = finding.get("line")
                if not isinstance(at, int) or not first <= at - 1 <= last:
                    continue
                diagnostic = to_diagnostic(finding, lines, document)
                key = ("fixes", finding["code"], finding.get("line"), finding.get("column"), finding["message"])
                fixes = opened.known(document.source, key,
                                     lambda finding=finding: fixes_for(opened.judge.path, lines, finding, state.options))
                for fix in fixes:
                    edits = [types.TextEdit(types.Range(to_client(document, lines, a, b),
                                                        to_client(document, lines, c, d)), text)
                             for a, b, c, d, text in fix.edits]
                    actions.append(types.CodeAction(fix.title, kind=types.CodeActionKind.QuickFix,
                                                    diagnostics=[diagnostic], is_preferred=fix.preferred or None,
                                                    edit=types.WorkspaceEdit(changes={uri: edits})))
        if not wanted or any(kind in (types.CodeActionKind.Source, types.CodeActionKind.SourceFixAll)
                             or kind.startswith(types.CodeActionKind.SourceFixAll) for kind in wanted):
            edits = canonical_edits(document, lines, opened.judge.path, opened=opened)
            if edits:
                actions.append(types.CodeAction("Write the document in canonical form (referee fmt)",
                                                kind=types.CodeActionKind.SourceFixAll,
                                                edit=types.WorkspaceEdit(changes={uri: edits})))
        return actions

    def canonical_edits(document: TextDocument, lines: list[str], path: str, within: tuple[int, int] | None = None,
                        opened: OpenDocument | None = None) -> list[types.TextEdit] | None:
        text = document.source
        found = (opened.known(text, "canonical", lambda: canonical(path, text, state.options)) if opened is not None
                 else canonical(path, text, state.options))
        if found.broken:
            return None
        edits = []
        for game in found.changed(lines):
            if within is not None and (game.last < within[0] or game.first > within[1]):
                continue
            end_line, end_column = (game.last, game.end_column)
            edits.append(types.TextEdit(types.Range(to_client(document, lines, game.first, 0),
                                                    to_client(document, lines, end_line, end_column)), game.text))
        return edits

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        document, opened = open_document(params.text_document.uri)
        lines = document_lines(document.source)
        edits = canonical_edits(document, lines, opened.judge.path, opened=opened)
        if edits is None:
            say("not formatted: the document has syntax errors, or a game cannot be judged here")
        return edits

    @server.feature(types.TEXT_DOCUMENT_RANGE_FORMATTING)
    def range_formatting(params: types.DocumentRangeFormattingParams) -> list[types.TextEdit] | None:
        document, opened = open_document(params.text_document.uri)
        lines = document_lines(document.source)
        first, _ = from_client(document, lines, params.range.start)
        last, _ = from_client(document, lines, params.range.end)
        edits = canonical_edits(document, lines, opened.judge.path, within=(first, last), opened=opened)
        if edits is None:
            say("not formatted: the document has syntax errors, or a game cannot be judged here")
        return edits

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        document, opened = open_document(params.text_document.uri)
        lines = document_lines(document.source)

        def symbol(section: Section, kind: types.SymbolKind) -> types.DocumentSymbol:
            whole = types.Range(to_client(document, lines, section.first, 0),
                                to_client(document, lines, section.last, len(lines[section.last])))
            named = types.Range(to_client(document, lines, section.named_at, 0),
                                to_client(document, lines, section.named_at, len(lines[section.named_at])))
            return types.DocumentSymbol(section.name, kind, whole, named, detail=section.detail or None,
                                        children=[symbol(part, types.SymbolKind.Namespace) for part in section.parts])

        return [symbol(game, types.SymbolKind.Module) for game in outline(opened.judge.path, lines)]

    return server


def _root_of(params: types.InitializeParams) -> str | None:
    if params.root_uri:
        return to_fs_path(params.root_uri)
    return params.root_path


def _watch_parent(pid: int) -> None:
    """End the server when the editor that started it has gone without saying so."""

    def watch() -> None:
        import time

        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                log.info("the editor (process %d) is gone: the server stops", pid)
                os._exit(0)
            except OSError:
                pass  # another user's process: it is running

    threading.Thread(target=watch, name="referee-lsp-parent", daemon=True).start()


def to_client(document: TextDocument, lines: list[str], line: int, column: int) -> types.Position:
    """A position in characters as the client counts (UTF-16 code units unless agreed otherwise)."""
    if line >= len(lines):
        return types.Position(len(lines), 0)
    return types.Position(line, document.position_codec.client_num_units(lines[line][:column]))


def from_client(document: TextDocument, lines: list[str], position: types.Position) -> tuple[int, int]:
    """A client's position as (line, column in characters), 0-based."""
    if position.line >= len(lines):
        return len(lines) - 1, len(lines[-1]) if lines else 0
    text, units, column = lines[position.line], 0, 0
    codec = document.position_codec
    while column < len(text) and units < position.character:
        units += codec.client_num_units(text[column])
        column += 1
    return position.line, column


def to_diagnostic(finding: dict[str, Any], lines: list[str], document: TextDocument) -> types.Diagnostic:
    """A finding of check's JSON as the protocol has it: its code, severity, message (its
    notes after it, as check's text prints them) and the characters it is about."""
    line = max(int(finding.get("line") or 1) - 1, 0)
    start = max(int(finding.get("column") or 1) - 1, 0)
    end = max(int(finding.get("end_column") or start + 1) - 1, start)
    if line < len(lines) and start >= len(lines[line]) and end == start:
        end = start  # a place past the end of its line: shown where it is
    message = finding["message"] + "".join(f"\nnote: {note}" for note in finding.get("notes", ()))
    severity = types.DiagnosticSeverity.Error if finding["severity"] == "error" else types.DiagnosticSeverity.Warning
    return types.Diagnostic(
        types.Range(to_client(document, lines, line, start), to_client(document, lines, line, end)),
        message, severity=severity, code=finding.get("code") or None, source=SOURCE,
        data={key: finding[key] for key in ("code", "line", "column", "move", "move_number") if key in finding})


class Output:
    """Standard output as the server writes to it: a write that fails (a full disk, a closed
    output, an editor gone) stops the server, and the error is raised once it has stopped,
    so that the command line says it as every command does, rather than pygls logging
    a traceback for each message it can no longer send."""

    def __init__(self, server: LanguageServer) -> None:
        import sys

        self.stream = getattr(sys.stdout, "buffer", None)
        self.server = server
        self.failed: OSError | None = None

    def write(self, data: bytes) -> None:
        if self.failed is not None:
            return
        try:
            if self.stream is None:
                raise OSError(errno.EBADF, "standard output is closed")
            self.stream.write(data)
            self.stream.flush()
        except OSError as error:
            self.failed = error
            if self.server._stop_event is not None:
                self.server._stop_event.set()

    def flush(self) -> None:
        """Each write is flushed as it is made."""

    def close(self) -> None:
        """Standard output is the process's, closed as it ends."""


def serve(settings: Settings | None = None) -> int:
    """Serve on standard input and output until the editor says `exit` or goes away: the
    exit code (1 for an `exit` the editor sent before `shutdown`); raises OSError when
    standard output could not be written."""
    import sys

    logging.basicConfig(level=logging.WARNING, format="referee lsp: %(message)s")
    server = create_server(settings)
    output = Output(server)
    server.start_io(sys.stdin.buffer, output)  # type: ignore[arg-type]
    if output.failed is not None:
        raise output.failed
    return server.state.exit_code
