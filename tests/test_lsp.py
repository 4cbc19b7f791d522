"""`referee lsp` end to end: one server, started as an editor starts it, driven over its
standard input and output by a real client (pytest-lsp), for the whole module.

What an editor shows must be what the command line says: each sample's findings are
check's, a completion taken word by word writes an entry check calls legal, formatting
writes fmt's text; and a request that fails leaves the server answering.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pygls.exceptions import JsonRpcException  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from referee import api  # noqa: E402
from tests.conftest import ROOT, SAMPLES, sample_files  # noqa: E402

SERVER = [sys.executable, "-m", "referee", "lsp"]


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri(), process_id=None))
    yield
    await lsp_client.shutdown_session()


def uri_of(path: Path) -> str:
    return path.resolve().as_uri()


def open_text(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="referee", version=version, text=text)))


BARRIER = uri_of(SAMPLES / "korsar" / "legal" / "solo-2-players.korsar")


async def settled(client: LanguageClient) -> None:
    """Every notification sent before is handled: the server answers in order."""
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(uri=BARRIER)))


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """`text` with the edits made (positions in characters: the texts here are within the BMP)."""
    lines = lines_of(text)

    def offset(position: types.Position) -> int:
        return sum(len(line) + 1 for line in lines[:position.line]) + position.character

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def check_findings(paths: list[Path]) -> dict[str, list[tuple]]:
    """check --format json's findings of each file, as (code, severity, message, notes, place)."""
    done = subprocess.run([sys.executable, "-m", "referee", "check", "--format", "json", "--exit-zero",
                           *[str(p.relative_to(ROOT)) for p in paths]], cwd=ROOT, capture_output=True, text=True)
    report = json.loads(done.stdout)
    found = {}
    for entry in report["files"]:
        diagnostics = entry["diagnostics"] + [d for game in entry["games"] for d in game["diagnostics"]]
        found[entry["path"]] = [(d["code"], d["severity"], d["message"] + "".join(f"\nnote: {n}" for n in d.get("notes", ())),
                                 d["line"] - 1, d["column"] - 1, max(d["end_column"], d["column"]) - 1)
                                for d in diagnostics]
    return found


def lsp_findings(diagnostics) -> list[tuple]:
    severity = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning"}
    return [(d.code, severity[d.severity], d.message, d.range.start.line, d.range.start.character,
             d.range.end.character) for d in diagnostics]


# -- diagnostics --------------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="module")
async def test_every_illegal_and_malformed_sample_has_checks_findings(client: LanguageClient):
    paths = sample_files("illegal") + sample_files("malformed")
    expected = check_findings(paths)
    for path in paths:
        open_text(client, uri_of(path), path.read_text(encoding="utf-8"))
    await settled(client)
    differing = [str(path) for path in paths
                 if lsp_findings(client.diagnostics.get(uri_of(path), [])) != expected[str(path.relative_to(ROOT))]]
    assert differing == []
    assert sum(bool(expected[key]) for key in expected) == len(paths)


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostics_are_answered_when_pulled(client: LanguageClient):
    path = SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar"
    open_text(client, uri_of(path), path.read_text(encoding="utf-8"))
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        types.TextDocumentIdentifier(uri=uri_of(path))))
    assert lsp_findings(report.items) == check_findings([path])[str(path.relative_to(ROOT))]
    assert report.items[0].code == "K-ADMIRAL"


LEGAL_KORSAR = """[Game "Korsar"]
[Players "A B"]
[Seed "lsp-1"]
[Result "*"]

1. A: draw  B: draw
"""


@pytest.mark.asyncio(loop_scope="module")
async def test_an_edit_raises_and_clears_a_finding(client: LanguageClient, tmp_path: Path):
    uri = (tmp_path / "edited.korsar").as_uri()
    open_text(client, uri, LEGAL_KORSAR)
    await settled(client)
    assert list(client.diagnostics[uri]) == []
    line = lines_of(LEGAL_KORSAR).index("1. A: draw  B: draw")
    broken = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(line, 6), types.Position(line, 10)), text="drow")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2), [broken]))
    await settled(client)
    assert [d.range.start.line for d in client.diagnostics[uri]] == [line]
    assert client.diagnostics[uri][0].severity == types.DiagnosticSeverity.Error
    mended = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(line, 6), types.Position(line, 10)), text="draw")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=3), [mended]))
    await settled(client)
    assert list(client.diagnostics[uri]) == []


# -- completion ----------------------------------------------------------------------------------


def opening(path: Path, rows: int) -> str:
    """A legal sample's header (its Result made "*") and its first `rows` lines of moves."""
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(n for n, line in enumerate(lines) if line and not line.startswith(("[", ";")) and n > 0
                 and lines[n - 1] == "")
    head = ['[Result "*"]' if line.startswith("[Result ") else line for line in lines[:first]
            if not line.startswith("[EndHands ")]  # the hands at the end: of the game as it was
    return "\n".join(head + lines[first:first + rows])


COMPLETED = [("korsar", "solo-2-players.korsar", 1), ("corsari", "game-2-players.corsari", 1),
             ("perroquets", "game-2-players.perroquets", 3),
             ("spanish-main", "board-takes-face-down.spanish-main", 8)]


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("game,sample,rows", COMPLETED)
async def test_an_entry_completed_word_by_word_is_legal(client: LanguageClient, tmp_path: Path, game: str,
                                                        sample: str, rows: int):
    text = opening(SAMPLES / game / "legal" / sample, rows) + "  "
    assert api.check_text(text).ok, "the opening itself is legal"
    uri = (tmp_path / f"completed.{game}").as_uri()
    open_text(client, uri, text)
    version = 1
    for _ in range(12):
        lines = lines_of(text)
        position = types.Position(len(lines) - 1, len(lines[-1]))
        found = await client.text_document_completion_async(types.CompletionParams(
            types.TextDocumentIdentifier(uri=uri), position))
        assert found.items, f"nothing offered after {lines[-1]!r}"
        item = found.items[0]
        text = applied(text, [item.text_edit])
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))
        if item.kind == types.CompletionItemKind.Value:
            break
    else:
        pytest.fail("no entry was completed")
    result = api.check_text(text, f"completed.{game}")
    assert result.ok, [(f.code, f.message) for g in result.games for f in g.findings]
    assert result.games[0].moves > api.check_text(opening(SAMPLES / game / "legal" / sample, rows)).games[0].moves


@pytest.mark.asyncio(loop_scope="module")
async def test_tags_and_their_values_are_completed(client: LanguageClient, tmp_path: Path):
    uri = (tmp_path / "tags.perroquets").as_uri()
    text = '[Game "Pirates & Perroquets"]\n[Players "Anna Ben"]\n[Fi\n[First "\n[Variants "wi'
    open_text(client, uri, text)

    async def labels(line: int, column: int) -> list[str]:
        found = await client.text_document_completion_async(types.CompletionParams(
            types.TextDocumentIdentifier(uri=uri), types.Position(line, column)))
        return [item.label for item in found.items]

    assert await labels(2, 3) == ["First"]
    assert await labels(3, 8) == ["Anna", "Ben"]
    assert await labels(4, 13) == ["wind-toward"]


# -- hover ---------------------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_gives_the_position_after_an_entry_the_ruling_of_a_finding_and_a_tags_meaning(
        client: LanguageClient):
    path = SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar"
    uri = uri_of(path)
    open_text(client, uri, path.read_text(encoding="utf-8"))

    async def hover(line: int, column: int) -> str:
        found = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri=uri), types.Position(line, column)))
        return found.contents.value if found is not None else ""

    on_finding = await hover(8, 25)
    assert on_finding.startswith("**K-ADMIRAL**")
    assert api.rulings("korsar")[[r.id for r in api.rulings("korsar")].index("K-ADMIRAL")].text in on_finding
    on_entry = await hover(8, 4)
    assert "**Move 1**: `A: $3`" in on_entry and "After move 1 (A: $3, line 9)" in on_entry
    assert "What it did:\n- A places a galleon of 3 gold" in on_entry and "(K-GALLEON)" in on_entry  # the engine's account
    assert "Teams" in await hover(5, 2) and "partners" in await hover(5, 2)


@pytest.mark.parametrize("path", [SAMPLES / "corsari" / "legal" / "seed-demo.corsari",
                                  SAMPLES / "spanish-main" / "legal" / "declared-ability.spanish-main"],
                         ids=lambda path: path.name)
def test_hover_tells_each_entry_as_show_does_the_first_of_a_round_or_turn_included(path: Path):
    """The account is told from the position the entry was played in: for the first entry of
    a Corsari round, once the round is dealt (the card taken from the quay named, a raise the
    round's first); for a Spanish Main turn's, once the turn has begun (its number)."""
    from referee.lsp.hover import hover_text
    from referee.notation.reader import read_games
    from referee.pipeline.replay import entry_account
    from referee.pipeline.source import Source
    from referee.reports.text import consequence_line

    text = path.read_text(encoding="utf-8")
    read = next(iter(read_games(str(path), Source.from_text(str(path), text).lines)))
    assert read.rules is not None and read.record is not None
    lines = text.split("\n")
    turns = read.record.turns()
    for move, turn in enumerate(turns, start=1):
        assert turn.player_span is not None
        said = hover_text(str(path), lines, turn.player_span.line - 1, turn.player_span.col - 1, [])
        assert said is not None
        told = entry_account(str(path), read.rules, read.record, move) or []
        assert "What it did:\n" + "\n".join(f"- {consequence_line(c)}" for c in told) in said, (move, said)


# -- code actions --------------------------------------------------------------------------------


async def actions_at(client: LanguageClient, uri: str, line: int) -> list[types.CodeAction]:
    found = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri=uri), types.Range(types.Position(line, 0), types.Position(line, 0)),
        types.CodeActionContext(diagnostics=[])))
    return found or []


@pytest.mark.asyncio(loop_scope="module")
async def test_an_allow_comment_accepts_the_finding(client: LanguageClient, tmp_path: Path):
    text = (SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar").read_text(encoding="utf-8")
    uri = (tmp_path / "allowed.korsar").as_uri()
    open_text(client, uri, text)
    allow = [a for a in await actions_at(client, uri, 8) if a.title.startswith("Allow K-ADMIRAL")]
    assert len(allow) == 1 and allow[0].kind == types.CodeActionKind.QuickFix
    fixed = applied(text, allow[0].edit.changes[uri])
    assert "C: AD@A3 {allow K-ADMIRAL}" in fixed
    assert not any(f.severity == "error" for g in api.check_text(fixed).games for f in g.findings)


@pytest.mark.asyncio(loop_scope="module")
async def test_the_result_the_moves_reach_is_offered(client: LanguageClient, tmp_path: Path):
    sample = SAMPLES / "korsar" / "legal" / "solo-2-players.korsar"
    text = sample.read_text(encoding="utf-8")
    right = next(line for line in text.split("\n") if line.startswith("[Result "))
    wrong = text.replace(right, '[Result "A=1 B=2"]')
    uri = (tmp_path / "result.korsar").as_uri()
    open_text(client, uri, wrong)
    line = wrong.split("\n").index('[Result "A=1 B=2"]')
    fixes = [a for a in await actions_at(client, uri, line) if a.title.startswith("Write [Result")]
    assert fixes and fixes[0].is_preferred
    assert applied(wrong, fixes[0].edit.changes[uri]) == text


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("misspelt", ["Bb: draw", "B: drow"], ids=["a player (K-ORDER)", "a word (N-SYNTAX)"])
async def test_a_misspelt_entry_is_offered_the_entry_meant(client: LanguageClient, tmp_path: Path, misspelt: str):
    text = LEGAL_KORSAR.replace("B: draw", misspelt)
    uri = (tmp_path / "misspelt.korsar").as_uri()
    open_text(client, uri, text)
    line = text.split("\n").index(f"1. A: draw  {misspelt}")
    meant = [a for a in await actions_at(client, uri, line) if a.title.startswith("Write 'B: draw'")]
    assert meant
    assert applied(text, meant[0].edit.changes[uri]) == LEGAL_KORSAR


# -- formatting and outline ----------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="module")
async def test_formatting_writes_what_fmt_writes(client: LanguageClient, tmp_path: Path):
    two = [SAMPLES / "korsar" / "legal" / "solo-2-players.korsar", SAMPLES / "corsari" / "legal" / "game-2-players.corsari"]
    text = "\n".join(p.read_text(encoding="utf-8") for p in two[:1]).replace("  B:", "   B:") + "\n" + \
        LEGAL_KORSAR.replace("  ", " ")
    uri = (tmp_path / "unformatted.korsar").as_uri()
    open_text(client, uri, text)
    fmt = subprocess.run([sys.executable, "-m", "referee", "fmt", "-"], input=text, capture_output=True, text=True,
                         cwd=ROOT)
    assert fmt.returncode == 0 and fmt.stdout != text
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri=uri), types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert applied(text, edits) == fmt.stdout
    last = len(lines_of(text)) - 2
    ranged = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        types.TextDocumentIdentifier(uri=uri), types.Range(types.Position(last, 0), types.Position(last, 1)),
        types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert len(ranged) == 1 and ranged[0].range.start.line > 0
    whole = [a for a in await actions_at(client, uri, 0) if a.kind == types.CodeActionKind.SourceFixAll]
    assert whole and applied(text, whole[0].edit.changes[uri]) == fmt.stdout


@pytest.mark.asyncio(loop_scope="module")
async def test_the_outline_lists_games_and_rounds(client: LanguageClient, tmp_path: Path):
    text = (SAMPLES / "korsar" / "legal" / "solo-2-players.korsar").read_text(encoding="utf-8") + "\n" + LEGAL_KORSAR
    uri = (tmp_path / "outline.korsar").as_uri()
    open_text(client, uri, text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["Game 1: Korsar", "Game 2: Korsar"]
    rounds = api.check_text(text).games[0]
    assert symbols[1].children[0].name == "Round 1" and len(symbols[1].children) == 1
    assert len(symbols[0].children) >= 2 and rounds.moves > 0
    assert symbols[1].range.start.line > symbols[0].range.end.line


# -- robustness ----------------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="module")
async def test_a_request_that_fails_is_answered_with_an_error_and_the_server_goes_on(client: LanguageClient):
    with pytest.raises(JsonRpcException):
        await client.text_document_hover_async(types.HoverParams(  # never opened, and no such file
            types.TextDocumentIdentifier(uri=(ROOT / "no-such-log.korsar").as_uri()), types.Position(0, 0)))
    with pytest.raises(JsonRpcException):
        await client.protocol.send_request_async("referee/nothing", None)
    path = SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar"
    open_text(client, uri_of(path), path.read_text(encoding="utf-8"))
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        types.TextDocumentIdentifier(uri=uri_of(path))))
    assert report.items[0].code == "K-ADMIRAL"


def _message(body: dict) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def test_the_server_exits_cleanly_on_shutdown_and_exit_and_when_its_input_ends():
    said = (_message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
            + _message({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    done = subprocess.run(SERVER, input=said + _message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
                          + _message({"jsonrpc": "2.0", "method": "exit"}), capture_output=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0 and b'"id": 2' in done.stdout
    gone = subprocess.run(SERVER, input=said, capture_output=True, timeout=60, cwd=ROOT)
    assert gone.returncode == 0 and b"Traceback" not in gone.stderr
    abrupt = subprocess.run(SERVER, input=said + _message({"jsonrpc": "2.0", "method": "exit"}),
                            capture_output=True, timeout=60, cwd=ROOT)
    assert abrupt.returncode == 1 and b"Traceback" not in abrupt.stderr


# -- judging a document again as it changes (no server) -----------------------------------------


def _findings_of_check(text: str) -> list[tuple]:
    result = api.check_text(text, "doc.korsar")
    return [(f.code, f.line, f.column, f.message) for f in result.findings] + [
        (f.code, f.line, f.column, f.message) for game in result.games for f in game.findings]


def _findings_of(judgement) -> list[tuple]:
    return [(d["code"], d.get("line"), d.get("column"), d["message"]) for d in judgement.diagnostics()]


def test_a_change_judges_again_only_the_games_it_touches():
    from referee.lsp.judging import DocumentJudge

    games = [(SAMPLES / "korsar" / "illegal" / name).read_text(encoding="utf-8")
             for name in ("k-admiral-2.korsar", "k-cards.korsar", "k-admiral.korsar")]
    text = "\n".join(games)
    judge = DocumentJudge("doc.korsar")
    first = judge.judge(text)
    assert first.judged == 3 and _findings_of(first) == _findings_of_check(text)
    changed = text.replace("[Players", "[Event \"club night\"]\n[Players", 1)  # a line more in the first game
    again = judge.judge(changed)
    assert again.judged == 1 and _findings_of(again) == _findings_of_check(changed)
    assert [span.index for span in again.games] == [1, 2, 3]
    assert judge.judge(changed).judged == 0


def test_a_document_too_large_to_judge_as_it_is_typed_says_so():
    from referee.lsp.judging import DocumentJudge

    judgement = DocumentJudge("big.korsar", max_chars=1000).judge(LEGAL_KORSAR * 40)
    assert judgement.too_large and judgement.games == []
    (finding,) = judgement.diagnostics()
    assert finding["severity"] == "warning" and "referee check big.korsar" in finding["notes"][0]


# -- settings and configuration -----------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="module")
async def test_data_files_given_in_the_editors_settings_are_used(client: LanguageClient):
    path = SAMPLES / "perroquets" / "boards" / "lagoon-game.perroquets"
    open_text(client, uri_of(path), path.read_text(encoding="utf-8"))
    await settled(client)
    assert [d.code for d in client.diagnostics[uri_of(path)]] == ["N-DATA"]
    board = "samples/perroquets/boards/lagoon-9.json"  # relative: from the workspace's folder
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams({"referee": {"data": [board]}}))
    await settled(client)
    assert list(client.diagnostics[uri_of(path)]) == []
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams({"referee": {"data": []}}))
    await settled(client)
    assert [d.code for d in client.diagnostics[uri_of(path)]] == ["N-DATA"]


@pytest.mark.asyncio(loop_scope="module")
async def test_the_configuration_found_from_the_documents_folder_is_honoured(client: LanguageClient, tmp_path: Path):
    (tmp_path / "referee.toml").write_text('ignore = ["K-ADMIRAL"]\n', encoding="utf-8")
    text = (SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar").read_text(encoding="utf-8")
    uri = (tmp_path / "ignored.korsar").as_uri()
    open_text(client, uri, text)
    await settled(client)
    assert list(client.diagnostics[uri]) == []


def test_an_editor_that_pulls_its_findings_is_not_sent_them_unasked():
    text = (SAMPLES / "korsar" / "illegal" / "k-admiral-2.korsar").read_text(encoding="utf-8")
    uri = (ROOT / "pulled.korsar").as_uri()
    said = b"".join(_message(body) for body in [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"capabilities": {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "korsar", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}])
    done = subprocess.run(SERVER, input=said, capture_output=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0
    assert b"publishDiagnostics" not in done.stdout and b'"code": "K-ADMIRAL"' in done.stdout


def test_without_pygls_the_command_says_what_to_install(run, monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)
    result = run("lsp")
    assert result.exit_code == 2
    assert "pip install 'referee[lsp]'" in result.output


def test_entries_completed_at_the_start_and_after_a_few_lines_of_every_legal_sample_are_legal():
    """In the process, without a server: the first entry, and an entry after the first one,
    two and four lines of moves of every legal sample, each completed word by word taking the
    first choice, is one check calls legal. What an entry cannot make true is left aside: a
    Result claimed "*" for a game the entry ends, and a Spanish Main set-up not yet finished."""
    from referee.lsp.completion import complete

    completed = 0
    for path in sample_files("legal"):
        for rows in (0, 1, 2, 4):
            text = opening(path, rows)
            if _errors(api.check_text(text, path.name)):
                continue
            text += "  " if rows else "\n"
            for _ in range(16):
                lines = text.split("\n")
                found = complete(path.name, lines, len(lines) - 1, len(lines[-1]))
                if not found.items:
                    break
                choice = found.items[0]
                lines[-1] = lines[-1][:choice.start] + choice.new_text + lines[-1][choice.end:]
                text = "\n".join(lines)
                if choice.whole:
                    completed += 1
                    break
            else:
                pytest.fail(f"{path.name}: no entry completed after {rows} lines")
            assert _errors(api.check_text(text, path.name)) == [], f"{path.name} after {rows} lines: {lines[-1]!r}"
    assert completed >= 150


def _errors(result) -> list[tuple[str, str]]:
    """The errors of a judged log but a Result claimed and a Spanish Main set-up unfinished."""
    return [(f.code, f.message) for game in result.games for f in game.findings if f.severity == "error"
            and not (f.move or "").startswith("[Result")
            and not (f.code == "S-SETUP" and "ends inside the set-up" in f.message)]
