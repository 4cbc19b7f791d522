"""The streamed reader of a games document is as strict as reading it whole with the
strict decoder: the same games, and a key given twice refused wherever it stands, even
when a string's colons would hide it from the quick count of keys."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pipeline.json_stream import DECODER, JsonStreamError, document_games, strict_loads

KEYS = st.sampled_from(["a", "b", "c:d", "player", "action"])
STRINGS = st.sampled_from(["", "x", "a:b", "::", "\\u003a", "\\\":", "\\\\:", "{", "}"])
SCALARS = st.one_of(st.integers(-5, 5), st.booleans(), st.none(),
                    STRINGS.map(lambda text: json.loads(f'"{text}"')))


def written(value, keys_twice: bool, draw_index: int) -> str:
    """JSON text of `value`; when `keys_twice`, the objects of odd place repeat their first key."""
    if isinstance(value, dict):
        members = [f"{json.dumps(key)}: {written(item, keys_twice, draw_index + 1)}" for key, item in value.items()]
        if keys_twice and value and draw_index % 2:
            key, item = next(iter(value.items()))
            members.append(f"{json.dumps(key)}: {written(item, keys_twice, draw_index + 1)}")
        return "{" + ", ".join(members) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(written(item, keys_twice, draw_index + index) for index, item in enumerate(value)) + "]"
    return json.dumps(value)


VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
                      max_leaves=12)


def read_streamed(text: str):
    try:
        head, games = document_games(io.StringIO(text))
        return head, list(games), None
    except JsonStreamError as error:
        return None, None, str(error)


@settings(max_examples=400, deadline=None)
@given(games=st.lists(VALUES, max_size=4), twice=st.booleans())
def test_the_streamed_reading_is_the_strict_one(games, twice):
    text = '{"format": "x", "games": [' + ", ".join(written(game, twice, 1) for game in games) + "]}"
    head, read, error = read_streamed(text)
    try:
        whole = DECODER.decode(text)
    except ValueError as strict:
        assert error is not None and "given twice" in str(strict) and "given twice" in error
        return
    assert error is None, error
    assert read == whole["games"] and head == {"format": "x", "games": []}


def test_a_key_given_twice_beside_a_colon_in_a_string_is_still_found():
    text = '{"games": [{"a": "1:2", "a": 3}]}'  # as many colons as the one key kept
    assert "the key 'a' is given twice" in read_streamed(text)[2]
    text = '{"games": [{"a": "\\u003a", "b": {"c": 1, "c": 2}}]}'
    assert "the key 'c' is given twice" in read_streamed(text)[2]
    text = '{"games": [{"n": "cards: plausible", "n": 1}]}'
    assert "the key 'n' is given twice" in read_streamed(text)[2]
    text = '{"games": [{"n": "\\":", "m" : {"k": "x:y"}}]}'  # a '":' in a string, a space before a colon
    assert read_streamed(text)[1] == [{"n": '":', "m": {"k": "x:y"}}]
    # as many '":' as keys kept, for the key set apart from its colon is not counted
    text = '{"games": [{"a" : 1, "a": 2, "s": "x:y"}]}'
    assert "the key 'a' is given twice" in read_streamed(text)[2]
    text = '{"games": [{"a"\n:1, "a":2, "s":"x:y"}]}'
    assert "the key 'a' is given twice" in read_streamed(text)[2]


def test_of_two_faults_in_a_game_the_first_is_named():
    for fault in ("tru", "NaN", "[1,"):
        text = '{"games": [{"x": {"a": 1, "a": 2}, "b": ' + fault + '}]}'
        assert "the key 'a' is given twice" in read_streamed(text)[2], fault
    assert "Expecting value" in read_streamed('{"games": [{"b": tru, "x": {"a": 1, "a": 2}}]}')[2]


def test_a_document_on_one_line_is_read_as_one_laid_out_a_game_a_line():
    games = [{"game": "g", "n": index, "note": "x" * 300} for index in range(4000)]
    one_line = json.dumps({"games": games})
    laid_out = '{"games": [\n' + ",\n".join(json.dumps(game) for game in games) + "\n]}\n"
    assert len(one_line) > (1 << 20)
    assert read_streamed(one_line)[1] == read_streamed(laid_out)[1] == games


def test_a_long_value_is_decoded_a_few_times_not_once_a_block(monkeypatch):
    """A value that does not end in view is read on by as much again as is unread: a 6 MiB
    string is decoded a handful of times (a 60 MB one had taken a minute, once a block)."""
    from referee.pipeline import json_stream

    attempts = []
    made = json_stream._counting_decoder

    def counted():
        decoder, kept = made()
        real = decoder.raw_decode

        def raw_decode(text, index=0):
            attempts.append(len(text) - index)
            return real(text, index)

        decoder.raw_decode = raw_decode
        return decoder, kept

    monkeypatch.setattr(json_stream, "_counting_decoder", counted)
    long = "a" * (6 << 20)
    head, games, error = read_streamed(json.dumps({"games": [long, {"n": 1}]}))
    assert error is None and games == [long, {"n": 1}]
    assert len(attempts) < 20
    _, _, error = read_streamed('{"games": ["' + long)  # never ends: refused, with its place
    assert error is not None and "line 1" in error


def test_a_schema_error_quotes_a_long_value_clipped(run, tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"games": ["b" * 100_000]}))
    result = run("import", str(path))
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if "$.games[0]" in line)
    assert len(line) < 500 and "(99,7" in line and line.endswith("is not of type 'object'")


def test_a_number_too_long_to_read_is_named_in_the_document_s_terms():
    for text in ('{"games": [{"n": ' + "9" * 5000 + "}]}", '{"format": ' + "9" * 5000 + "}"):
        _, _, error = read_streamed(text)
        assert error is not None and "a number of more than" in error and "sys." not in error
    try:
        strict_loads('{"version": ' + "9" * 5000 + "}")
    except JsonStreamError as refused:
        assert "a number of more than" in str(refused) and "sys." not in str(refused)
    else:
        raise AssertionError("a 5000-digit number was read")
