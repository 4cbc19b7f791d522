"""The man pages read well wherever man(1) shows them: groff escapes only (raw UTF-8 shows as
mojibake where groff is not told the encoding), the `'\\" t` line where a page holds a
table, no formatter warning, and every command in the synopsis and its own section. Their
EXAMPLES are run by test_documented_examples."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = sorted((ROOT / "man").glob("referee*.[157]"))


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff formats the pages")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_page_formats_without_a_warning(page: Path):
    """As man(1) lays it out on an 80-column terminal, and as plain `groff -man` does, with no
    preprocessor for the encoding: a warning there (a character groff cannot read, a table
    wider than the line, an unknown request) is a page that reads badly."""
    for preprocessors in (["-t"], []):
        formatted = subprocess.run(["groff", *preprocessors, "-man", "-Tutf8", "-ww", "-z", str(page)],
                                   capture_output=True, text=True, check=False)
        assert formatted.returncode == 0 and formatted.stderr == "", formatted.stderr


WIDTHS = (57, 60, 67, 77, 80, 87, 97, 100, 107, 117, 120)
"""Line lengths man(1) gives on terminals of 60 to 120 columns (it takes 3 off from 80 on),
and those very lengths."""


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff formats the pages")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_page_formats_in_ascii_at_every_width_without_a_warning(page: Path):
    """As man(1) lays it out in the C locale (-Tascii): a character the device lacks has a
    stand-in (`.fchar`), a table fits, a line can break, at every width from 60 to 120."""
    for width in WIDTHS:
        formatted = subprocess.run(["groff", "-t", "-man", "-Tascii", "-ww", f"-rLL={width}n", f"-rLT={width}n",
                                    str(page)], capture_output=True, check=False)
        assert formatted.returncode == 0 and formatted.stderr == b"", (width, formatted.stderr.decode())
        assert formatted.stdout.isascii()


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff formats the pages")
def test_a_character_the_ascii_page_lacks_is_shown_by_its_stand_in():
    text = subprocess.run(["groff", "-t", "-man", "-Tascii", str(ROOT / "man" / "referee-notation.5")],
                          capture_output=True, check=True).stdout.decode("ascii")
    text = " ".join(re.sub(".\b", "", text).split())  # without the overstriking of bold
    assert "(U+0663, U+FF13, U+00B2)" in text


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_page_is_ascii_with_groff_escapes(page: Path):
    text = page.read_bytes().decode("ascii", errors="replace")
    odd = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if "\ufffd" in line]
    assert not odd, f"{page.name}: raw UTF-8 where a groff escape (\\(em, \\(de, \\[u2026]) belongs: {odd[:3]}"


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_a_page_with_a_table_asks_man_for_tbl(page: Path):
    text = page.read_text(encoding="ascii")
    if "\n.TS\n" in text:
        assert text.startswith("'\\\" t\n"), f"{page.name}: a table needs the '\\\" t line for man(1) to run tbl"


def test_every_command_has_its_synopsis_line_and_its_section():
    """A command added to the CLI is added to referee(1) too: in the synopsis and as a section."""
    from referee.cli import COMMAND_MODULES

    page = (ROOT / "man" / "referee.1").read_text(encoding="utf-8")
    synopsis = page.split(".SH SYNOPSIS", 1)[1].split(".SH DESCRIPTION", 1)[0]
    for command in COMMAND_MODULES:
        assert f".B \\%referee {command}" in synopsis, command
        assert f'.SS "referee {command} ' in page, command
