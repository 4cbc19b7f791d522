"""Coverage-guided fuzzing of the notation readers and both rules engines with atheris.

    pip install atheris
    python -m fuzz.atheris_harness -atheris_runs=200000 [corpus-folder]

atheris is optional: it is not needed by referee or by its tests. Each input is
judged with every invariant of fuzz.invariants (cheap ones on every input, the
costly ones on inputs that parse); a broken one stops the run with the input
saved by libFuzzer as crash-*.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from fuzz.invariants import check_input


def one_input(data: bytes) -> None:
    check_input(data, deep=len(data) < 4096)


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
