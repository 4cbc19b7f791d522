"""A progress bar on standard error for long checks: bytes judged, games, speed."""

from __future__ import annotations

import sys
import time
from typing import TextIO

SHOW_AFTER = 1.0  # seconds: short work shows no bar at all
REFRESH = 0.1


class Progress:
    def __init__(self, total_bytes: int, enabled: bool, stream: TextIO | None = None) -> None:
        self.total = total_bytes
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.perf_counter()
        self.done = 0
        self.drawn = False
        self.last = 0.0

    def advance(self, size: int, counts: dict[str, int]) -> None:
        self.done += size
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self.started
        if elapsed < SHOW_AFTER or now - self.last < REFRESH:
            return
        self.last = now
        self.stream.write("\r" + self.line(counts, elapsed) + "\x1b[K")
        self.stream.flush()
        self.drawn = True

    def line(self, counts: dict[str, int], elapsed: float) -> str:
        fraction = min(1.0, self.done / self.total) if self.total else 0.0
        filled = int(fraction * 24)
        speed = counts["moves"] / elapsed if elapsed > 0 else 0.0
        bad = counts["illegal"] + counts["malformed"]
        return (f"[{'#' * filled}{'.' * (24 - filled)}] {fraction:4.0%}  {counts['games']:,} games, "
                f"{bad:,} not legal, {speed:,.0f} moves/s")

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = False
