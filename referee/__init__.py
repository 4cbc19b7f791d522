"""referee: replays pirate-themed tabletop game logs through strict rule validators."""

__version__ = "0.1.0"
