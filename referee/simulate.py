"""Random legal games from an engine's own move generator.

Each step picks uniformly among the legal moves; the same seed gives the same
game on every machine (the choices use the documented seeded words of
`referee.shuffle`, not Python's `random`). Used by the property tests and to
build sample and benchmark corpora.
"""

from __future__ import annotations

import hashlib

from referee.games.base import Engine, GameRules
from referee.notation.writer import format_game
from referee.record import GameRecord, Round, Tag, Turn


class _Chooser:
    """Seeded uniform choices: SHA-256 counter words, rejection-sampled."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.counter = 0

    def below(self, n: int) -> int:
        span = 1 << 64
        limit = span - (span % n)
        while True:
            digest = hashlib.sha256(f"{self.seed}:choice:{self.counter}".encode()).digest()
            self.counter += 1
            word = int.from_bytes(digest[:8], "big")
            if word < limit:
                return word % n


def random_game(rules: GameRules, players: list[str], teams: bool, seed: str,
                max_turns: int = 100_000) -> tuple[GameRecord, Engine]:
    """A complete random legal game with its deal and claimed result."""
    tags = [Tag("Game", rules.name)] + [Tag(name, value) for name, value in rules.deal_tags(players, teams, seed)]
    record = GameRecord(rules.id, tags=tags)
    engine = rules.new_engine(record)
    if not isinstance(engine, Engine):
        raise ValueError(f"cannot set up {rules.name} for {players}: {engine.message}")
    chooser = _Chooser(seed)
    current: Round | None = None
    for _ in range(max_turns):
        if engine.is_over:
            break
        due = engine.round_due()
        if due is not None:
            assert engine.start_round(due) is None
            current = Round(due)
            record.rounds.append(current)
        moves = rules.legal_moves(engine)
        if not moves:
            break
        player, action = moves[chooser.below(len(moves))]
        canonical = engine.canonical_action(player, action)
        problem = engine.play(player, action)
        assert problem is None, problem
        assert current is not None
        current.turns.append(Turn(player, canonical, rules.format_turn(canonical)))
    record.tags.append(Tag("Result", rules.result_tag(engine.outcome())))
    return record, engine


def random_game_text(rules: GameRules, players: list[str], teams: bool, seed: str) -> str:
    record, _ = random_game(rules, players, teams, seed)
    return format_game(record, rules)
