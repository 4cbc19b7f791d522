"""`referee replay`: the page's data is the referee's own positions, its text is
escaped, and in a real browser it steps through a game as `referee show` does."""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

SAMPLES = ROOT / "samples"
EXAMPLE = SAMPLES / "korsar" / "legal" / "k-example.korsar"
ILLEGAL = SAMPLES / "korsar" / "illegal" / "k-pirate.korsar"
CORSARI = SAMPLES / "corsari" / "legal" / "game-3-players.corsari"


def page_of(log: Path, tmp_path: Path) -> tuple[int, Path]:
    out = tmp_path / (log.stem + ".html")
    result = CliRunner().invoke(cli, ["replay", str(log), "-o", str(out)])
    return result.exit_code, out


def games_in(page: Path) -> list[dict]:
    blocks = re.findall(r'<script type="application/octet-stream" class="referee-game" data-index="\d+"[^>]*>([^<]*)</script>',
                        page.read_text())
    return [json.loads(gzip.decompress(base64.b64decode(block))) for block in blocks]


def shown_state(log: Path, move: int, game: int = 1) -> dict:
    result = CliRunner().invoke(cli, ["show", str(log), "--move", str(move), "-n", str(game), "--format", "json"])
    return json.loads(result.stdout)["state"]


def test_every_position_is_what_show_prints(tmp_path: Path) -> None:
    code, page = page_of(EXAMPLE, tmp_path)
    assert code == 0
    (game,) = games_in(page)
    assert len(game["moves"]) == 18 and len(game["positions"]) == 19
    for move in (0, 1, 7, 13, 18):
        assert game["positions"][move] == shown_state(EXAMPLE, move)
    assert game["tags"][0] == ["Game", "Korsar"]


def shown_account(log: Path, move: int, game: int = 1) -> list[str]:
    result = CliRunner().invoke(cli, ["show", str(log), "--move", str(move), "-n", str(game), "--format", "json"])
    return json.loads(result.stdout)["account"]


@pytest.mark.parametrize("log", [EXAMPLE, CORSARI], ids=lambda log: log.stem)
def test_every_step_tells_what_show_tells_of_its_move(tmp_path: Path, log: Path) -> None:
    """Beside each position the page tells what its move did: the account `show --move N` gives."""
    code, page = page_of(log, tmp_path)
    assert code == 0
    (game,) = games_in(page)
    assert game["accounts"][0] == [] and all(game["accounts"][1:])
    for move in (1, 7, 13, len(game["moves"])):
        assert game["accounts"][move] == shown_account(log, move)


def test_an_illegal_log_gets_its_page_with_the_finding_and_ruling(tmp_path: Path) -> None:
    code, page = page_of(ILLEGAL, tmp_path)
    assert code == 1
    (game,) = games_in(page)
    (finding,) = game["findings"]
    assert finding["code"] == "K-PIRATE" and finding["move"] == 3
    assert "error[K-PIRATE] B already plays red on A3" in finding["text"] and "^^" in finding["text"]
    assert finding["ruling"]["id"] == "K-PIRATE" and finding["ruling"]["text"]
    assert len(game["positions"]) == 3  # before move 1, after 1 and 2: move 3 is illegal


def test_a_page_is_self_contained_and_small(tmp_path: Path) -> None:
    log = tmp_path / "long.corsari"  # 213 moves, every hand known: the largest positions there are
    assert CliRunner().invoke(cli, ["simulate", "--game", "corsari", "--players", "2", "--seed", "long",
                                    "-o", str(log)]).exit_code == 0
    code, page = page_of(log, tmp_path)
    assert code == 0
    (game,) = games_in(page)
    assert len(game["moves"]) == 213
    text = page.read_text()
    size = len(text.encode())
    assert size / len(game["moves"]) * 200 < 500_000, "a 200-move game stays well under 1 MB"
    assert not re.search(r'(src|href)="(https?:)?//', text), "nothing is fetched"
    assert "<link" not in text


def test_log_text_is_escaped_on_the_page(tmp_path: Path) -> None:
    log = tmp_path / "x.korsar"
    log.write_text('[Game "Korsar"]\n[Event "</script><script>alert(1)</script>"]\n[Players "A B"]\n\n'
                   "1. A: $3 {<img src=x onerror=alert(2)>}  B: zz\n")
    code, page = page_of(log, tmp_path)
    assert code == 1
    text = page.read_text()
    assert "<script>alert(1)" not in text and "<img src=x" not in text
    (game,) = games_in(page)
    assert ["Event", "</script><script>alert(1)</script>"] in game["tags"]


def test_several_games_and_unreadable_input(tmp_path: Path) -> None:
    code, page = page_of(SAMPLES / "korsar" / "legal" / "multi-game.korsar", tmp_path)
    assert code == 0 and len(games_in(page)) == 2
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "missing.korsar")])
    assert result.exit_code == 2


# -- in a real browser ---------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install '.[test]')")
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("no Chromium and chromedriver on this machine (Debian: apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def _open(browser, url: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(url)
    WebDriverWait(browser, 15).until(lambda d: d.execute_script("return document.body.dataset.ready === 'yes'"))


def _shown(browser) -> dict:
    return browser.execute_script("return window.refereeShown")


def test_the_page_steps_through_a_game_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _, page = page_of(EXAMPLE, tmp_path)
    _open(browser, page.as_uri())
    assert len(browser.find_elements(By.CSS_SELECTOR, "button.move")) == 18
    assert _shown(browser)["move"] == 0 and _shown(browser)["view"] == shown_state(EXAMPLE, 0)
    browser.find_element(By.ID, "entry-5").click()
    assert _shown(browser)["move"] == 5 and _shown(browser)["view"] == shown_state(EXAMPLE, 5)
    assert browser.current_url.endswith("#move-5")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert _shown(browser)["view"] == shown_state(EXAMPLE, 6)
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert _shown(browser)["move"] == 4
    body.send_keys(Keys.END)
    assert _shown(browser)["view"] == shown_state(EXAMPLE, 18)
    body.send_keys(Keys.HOME)
    assert _shown(browser)["move"] == 0
    _open(browser, page.as_uri() + "#move-13")
    assert _shown(browser)["move"] == 13 and _shown(browser)["view"] == shown_state(EXAMPLE, 13)
    position = browser.find_element(By.ID, "position").text
    assert "After move 13: A: BC@B6 ~AD" in position and "B6" in position and "held by A" in position
    account = browser.find_element(By.ID, "account").text
    assert "what move 13 did" in account.lower() and "(K-CAPTAIN)" in account and "(K-CHARACTER)" in account


def test_the_illegal_move_shows_its_finding_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _, page = page_of(ILLEGAL, tmp_path)
    _open(browser, page.as_uri() + "#move-3")
    button = browser.find_element(By.ID, "entry-3")
    assert "illegal" in button.get_attribute("class") and "K-PIRATE" in button.text
    finding = browser.find_element(By.ID, "finding")
    assert "error[K-PIRATE] B already plays red on A3" in finding.text
    assert _shown(browser)["view"] == shown_state(ILLEGAL, 2)
    browser.find_element(By.CSS_SELECTOR, "#finding summary").click()
    assert "Pirates" in finding.text and len(finding.text.splitlines()) > 8


def test_a_corsari_page_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _, page = page_of(CORSARI, tmp_path)
    _open(browser, page.as_uri() + "#move-40")
    assert _shown(browser)["view"] == shown_state(CORSARI, 40)
    text = browser.find_element(By.ID, "position").text
    assert "Quay" in text and "Penalty piles".upper() in text.upper()


def test_a_board_game_page_draws_the_board_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    board = ROOT / "samples" / "perroquets" / "legal" / "p-example-4-meeting.perroquets"
    _, page = page_of(board, tmp_path)
    _open(browser, page.as_uri() + "#game-1-move-19")
    assert _shown(browser)["view"] == shown_state(board, 19)
    pictures = browser.find_elements(By.CSS_SELECTOR, "#view .board svg")
    assert len(pictures) == 1
    assert len(pictures[0].find_elements(By.CSS_SELECTOR, "g.ship")) == 2
    assert len(pictures[0].find_elements(By.CSS_SELECTOR, "rect.island")) == 13
    text = browser.find_element(By.ID, "position").text
    assert "as the referee worked it out" in text.lower() and "reconstructed" in text


def test_a_spanish_main_page_shows_the_fleets_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    log = ROOT / "samples" / "spanish-main" / "legal" / "tow-and-fog.spanish-main"
    _, page = page_of(log, tmp_path)
    _open(browser, page.as_uri() + "#move-25")
    assert _shown(browser)["view"] == shown_state(log, 25)
    text = browser.find_element(By.ID, "position").text
    assert "turn 3, Anna to play" in text and "towing Anna.s2" in text and "derelict, towed by Anna.s1" in text
    assert "ISLANDS" in text.upper() and "R1: reef" in text
    _open(browser, page.as_uri() + "#move-23")  # Ben's end: turn 3 begins with Anna's next entry
    assert "turn 2 over: Anna plays turn 3" in browser.find_element(By.ID, "position").text


def test_a_spanish_main_level_2_page_draws_the_table_in_chromium(browser, tmp_path: Path) -> None:
    """A log that gives positions gets the table to scale at each move, the last check enlarged."""
    from selenium.webdriver.common.by import By

    log = ROOT / "samples" / "spanish-main" / "legal" / "level2-short-game.spanish-main"
    _, page = page_of(log, tmp_path)
    _open(browser, page.as_uri() + "#move-54")
    assert _shown(browser)["view"] == shown_state(log, 54)
    pictures = browser.find_elements(By.CSS_SELECTOR, "#view .board svg")
    assert len(pictures) >= 1
    table = pictures[0]
    assert len(table.find_elements(By.CSS_SELECTOR, "[data-piece='I1']")) >= 1
    assert len(table.find_elements(By.CSS_SELECTOR, "line.line-of-fire")) == 1
    browser.save_screenshot(str(tmp_path / "level2.png"))


# -- where the page opens ---------------------------------------------------------------------

def opening_of(page: Path) -> list[dict]:
    """The plain JSON blocks the page draws its first view from."""
    blocks = re.findall(r'<script type="application/json" class="referee-opening" data-index="\d+">([^<]*)</script>',
                        page.read_text())
    return [json.loads(block) for block in blocks]


def test_the_page_opens_at_the_first_illegal_move_or_the_move_asked_for(tmp_path: Path) -> None:
    _, page = page_of(ILLEGAL, tmp_path)
    (opening,) = opening_of(page)
    assert opening["opening"] == 3 and opening["shown"] == 2  # move 3 is illegal: the position before it
    assert opening["position"] == shown_state(ILLEGAL, 2) and opening["count"] == 3
    _, page = page_of(EXAMPLE, tmp_path)
    assert opening_of(page)[0]["opening"] == 0
    out = tmp_path / "at-7.html"
    assert CliRunner().invoke(cli, ["replay", str(EXAMPLE), "--move", "7", "-o", str(out)]).exit_code == 0
    (opening,) = opening_of(out)
    assert opening["opening"] == 7 and opening["position"] == shown_state(EXAMPLE, 7)
    assert CliRunner().invoke(cli, ["replay", str(EXAMPLE), "--move", "99", "-o", str(out)]).exit_code == 0
    assert opening_of(out)[0]["opening"] == 18, "a game shorter than --move opens at its end"


def test_the_opening_block_cannot_close_its_script(tmp_path: Path) -> None:
    log = tmp_path / "x.korsar"
    log.write_text('[Game "Korsar"]\n[Event "</script><script>alert(1)</script>"]\n[Players "A B"]\n\n'
                   "1. A: $3  B: zz\n")
    _, page = page_of(log, tmp_path)
    text = page.read_text()
    block = re.search(r'class="referee-opening" data-index="1">(.*?)</script>', text, re.S)[1]
    assert "<" not in block
    assert ["Event", "</script><script>alert(1)</script>"] in json.loads(block)["tags"]


def several_games(tmp_path: Path) -> Path:
    log = tmp_path / "two.korsar"
    log.write_text(EXAMPLE.read_text(encoding="utf-8") + "\n\n" + ILLEGAL.read_text(encoding="utf-8"))
    return log


def test_only_the_first_game_and_the_first_illegal_one_are_written_plain(tmp_path: Path) -> None:
    _, page = page_of(several_games(tmp_path), tmp_path)
    assert [block["index"] for block in opening_of(page)] == [1, 2]
    assert 'data-index="2" data-illegal="yes"' in page.read_text()


def test_the_page_opens_at_the_illegal_move_with_its_headline_wrapped_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _, page = page_of(ROOT / "samples" / "spanish-main" / "illegal" / "s-geo-shot-through-sail.spanish-main", tmp_path)
    _open(browser, page.as_uri())
    assert _shown(browser)["move"] == 54
    assert browser.current_url.endswith("#move-54")
    headline = browser.find_element(By.CSS_SELECTOR, "#finding .headline")
    assert "85.7 mm long, crosses Anna.s1 sail 1" in headline.text
    width, scrolled, lines = browser.execute_script(
        "const e = arguments[0]; return [e.clientWidth, e.scrollWidth, Math.round(e.getBoundingClientRect().height /"
        " parseFloat(getComputedStyle(e).lineHeight))]", headline)
    assert scrolled <= width and lines >= 2, "the headline wraps rather than scrolling sideways"
    assert browser.execute_script("return window.scrollY") == 0


def test_a_file_of_several_games_opens_at_its_first_illegal_game_in_chromium(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _, page = page_of(several_games(tmp_path), tmp_path)
    _open(browser, page.as_uri())
    assert _shown(browser)["game"] == 2 and _shown(browser)["move"] == 3
    assert "K-PIRATE" in browser.find_element(By.ID, "finding").text
    nav = browser.find_elements(By.CSS_SELECTOR, "nav#games button")
    assert [b.text for b in nav] == ["Game 1", "Game 2"] and "illegal" in nav[1].get_attribute("class")
    nav[0].click()
    assert _shown(browser)["game"] == 1 and _shown(browser)["move"] == 0


def test_the_first_view_is_drawn_without_waiting_for_the_data_in_chromium(browser, tmp_path: Path) -> None:
    """With inflating the compressed data held up for ever, the page still draws the position
    it opens at, from its plain JSON: a screenshot taken as it loads shows the board."""
    from selenium.webdriver.common.by import By

    board = ROOT / "samples" / "perroquets" / "illegal" / "p-meet-lighter.perroquets"
    _, page = page_of(board, tmp_path)
    stalled = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "window.DecompressionStream = class { constructor() { return new TransformStream("
        "{transform() {}, flush() { return new Promise(() => {}); }}); } };")})
    try:
        browser.get(page.as_uri())
        shown = _shown(browser)
        assert shown["move"] == 18 and shown["view"] == shown_state(board, 17)
        assert browser.execute_script("return document.body.dataset.ready") is None, "the data is still held up"
        position = browser.find_element(By.ID, "position")
        assert "Loading" not in position.text and "P-CLAIM" in position.text
        assert len(position.find_elements(By.CSS_SELECTOR, "#view .board svg g.ship")) == 2
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", stalled)
