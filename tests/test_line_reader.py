"""Reading a log as a stream gives the lines reading it whole would, however the
blocks fall, and cuts an overlong line without holding the rest of it."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.pipeline.source as source
from referee.pipeline.source import DecodeError, LineReader, check_utf8, decode


@settings(max_examples=400, deadline=None)
@given(data=st.binary(max_size=80).map(lambda b: bytes(c for c in b if c < 128)) | st.text("ab\n\r x").map(str.encode),
       block=st.integers(1, 9), limit=st.integers(1, 8))
def test_streamed_lines_are_the_whole_texts_lines(data, block, limit):
    saved = source._BLOCK, source.MAX_LINE_CHARS
    source._BLOCK, source.MAX_LINE_CHARS = block, limit
    try:
        reader = LineReader(io.BytesIO(data))
        got = list(reader)
    finally:
        source._BLOCK, source.MAX_LINE_CHARS = saved
    lines = decode(data).split("\n")
    assert got == [line[:limit] for line in lines]
    assert reader.cut == {number: len(line) for number, line in enumerate(lines, 1) if len(line) > limit}


@pytest.mark.parametrize("data,offset", [(b"ab\xffcd", 2), (b"\xef\xbb\xbfab\xff", 5),
                                         (b"a" * (1 << 20) + b"\xe2\x82", 1 << 20),
                                         (b"a" * ((1 << 20) - 1) + b"\xe2\x82\xac\xff", (1 << 20) + 2)])
def test_the_first_bad_byte_is_found_across_blocks(data, offset):
    with pytest.raises(DecodeError) as error:
        check_utf8(io.BytesIO(data))
    assert error.value.offset == offset
