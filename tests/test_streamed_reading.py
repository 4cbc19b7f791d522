"""The reader that keeps no turn reads what the full reader reads: the same findings in the
same order, and, each time its rounds are read again, the same rounds, turns and actions."""

from __future__ import annotations


import pytest

from referee.notation.chunks import split_games
from referee.notation.reader import read_chunk
from referee.notation.streamed import StreamedRecord, read_chunk_streamed
from referee.record import Round
from tests.conftest import ROOT

LOGS = sorted(path for path in (ROOT / "samples").rglob("*")
              if path.is_file() and path.suffix in (".korsar", ".corsari", ".perroquets", ".spanish-main"))

BROKEN = [
    '[Game "Korsar"]\n[Players "A B"]\n[Seed "1"]\n1. A: draw  B: ??? {open\ncomment\n2. A: $2',
    '{lead-in}\n; described\n[Game "Corsari"]\n[Players "A B"]\n[Bogus "x"]\n\n1. A: 1 2 3 junk  B:\n',
    '[Game "Pirates & Perroquets"]\nstray words before a round\n1. A: 2. B: x y z\n',
    '[Game "Nope"]\n1. A: draw\n',
    "no tags at all, just words " * 40 + "\n",
    '[Game "Korsar"]\n[Players "A B"]\nA: draw\n1. A: draw  B: ' + "x" * 2100 + "\n",
]


def _shape(rounds: list[Round]) -> list[tuple]:
    return [(r.number, r.span, [(c.text, c.braced, c.span) for c in r.comments],
             [(t.player, t.action, t.text, t.span, t.player_span, t.token_spans, t.parts,
               [(c.text, c.braced, c.span) for c in t.comments]) for t in r.turns]) for r in rounds]


def _texts() -> list[tuple[str, str]]:
    return [(path.name, path.read_text(encoding="utf-8")) for path in LOGS] + \
        [(f"broken-{n}", text) for n, text in enumerate(BROKEN)]


@pytest.mark.parametrize(("name", "text"), _texts(), ids=[name for name, _ in _texts()])
def test_the_streamed_reader_reads_as_the_full_reader(name, text):
    for chunk in split_games(text.split("\n")):
        full = list(read_chunk(name, chunk))
        streamed = list(read_chunk_streamed(name, chunk, read_whole_below=0))
        assert len(full) == len(streamed)
        for whole, light in zip(full, streamed):
            assert [(d.code, d.message, d.span, d.notes, d.move_number, d.move_text) for d in whole.diagnostics] \
                == [(d.code, d.message, d.span, d.notes, d.move_number, d.move_text) for d in light.diagnostics]
            assert (whole.record is None) == (light.record is None)
            if whole.record is None or light.record is None:
                continue
            assert isinstance(light.record, StreamedRecord)
            assert light.record.tags == whole.record.tags and light.record.preamble == whole.record.preamble
            assert light.record.entry_count() == whole.record.entry_count()
            assert bool(light.record.rounds) == bool(whole.record.rounds)
            assert _shape(list(light.record.rounds)) == _shape(whole.record.rounds)
            assert _shape(list(light.record.rounds)) == _shape(whole.record.rounds)  # read again, alike
            for number in (1, whole.record.entry_count() // 2, whole.record.entry_count()):
                found, expected = light.record.entry(number), whole.record.entry(number)
                assert (found is None) == (expected is None)
                if found is not None and expected is not None:
                    assert _shape([found[0]]) == _shape([expected[0]]) and found[1].span == expected[1].span


def test_an_entry_far_back_is_found_by_reading_the_game_again():
    text = '[Game "Korsar"]\n[Players "A B"]\n[Seed "7"]\n\n' + "".join(
        f"{n}. A: draw  B: draw\n" for n in range(1, 60))
    (chunk,) = split_games(text.split("\n"))
    (read,) = read_chunk_streamed("t.korsar", chunk, read_whole_below=0)
    record = read.record
    assert isinstance(record, StreamedRecord)
    for _ in record.rounds:  # the last rounds read are kept; the first are read again
        pass
    found = record.entry(3)
    assert found is not None and found[0].number == 2 and found[1].player == "A" and found[1].span.line == 6
    assert record.entry(118) is not None and record.entry(119) is None and record.entry(0) is None


def test_a_game_is_read_round_by_round_only_when_it_is_long():
    """Reading a game twice costs time; holding one costs memory only when it is long. A game
    under `READ_WHOLE_BELOW` characters is read once, whole; a longer one keeps no turn."""
    from referee.notation.streamed import READ_WHOLE_BELOW

    text = (ROOT / "samples" / "korsar" / "legal" / "k-example.korsar").read_text(encoding="utf-8")
    (chunk,) = split_games(text.splitlines())
    assert sum(map(len, chunk.lines)) < READ_WHOLE_BELOW
    (short,) = read_chunk_streamed("k.korsar", chunk)
    assert not isinstance(short.record, StreamedRecord) and isinstance(short.record.rounds, list)
    (forced,) = read_chunk_streamed("k.korsar", chunk, read_whole_below=len(chunk.lines[0]))
    assert isinstance(forced.record, StreamedRecord)
    assert [r.number for r in forced.record.rounds] == [r.number for r in short.record.rounds]
