"""Random legal games from an engine's own move generator.

Each step picks uniformly among the legal moves; the same seed gives the same
game on every machine (the choices use the documented seeded words of
`referee.shuffle`, seed "<seed>:choice", not Python's `random`). Used by the property tests and to
build sample and benchmark corpora.
"""

from __future__ import annotations

from referee.games.base import Engine, GameRules
from referee.notation.writer import format_game
from referee.shuffle import SeededChoices
from referee.record import GameRecord, Round, Tag, Turn


def random_game(rules: GameRules, players: list[str], teams: bool, seed: str,
                max_turns: int = 100_000) -> tuple[GameRecord, Engine]:
    """A complete random legal game with its deal and claimed result."""
    tags = [Tag("Game", rules.name)] + [Tag(name, value) for name, value in rules.deal_tags(players, teams, seed)]
    record = GameRecord(rules.id, tags=tags)
    engine = rules.new_engine(record)
    if not isinstance(engine, Engine):
        raise ValueError(f"cannot set up {rules.name} for {players}: {engine.message}")
    chooser = SeededChoices(f"{seed}:choice")
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


def illegal_game_text(rules: GameRules, players: list[str], teams: bool, seed: str,
                      first_line: int = 1) -> str:
    """A random game that stops at one illegal move, made to break a known rule; a comment
    `; expect: RULE LINE` says where the referee must catch it, counting the game's
    first line as `first_line` of the file it goes into."""
    record, _ = random_game(rules, players, teams, seed)
    chooser = SeededChoices(f"{seed}:illegal:choice")
    turns = [(r, t) for r, round_ in enumerate(record.rounds) for t in range(len(round_.turns))]
    for _ in range(200):
        round_index, turn_index = turns[chooser.below(len(turns))]
        candidate = _cut_before(record, round_index, turn_index)
        engine = _replayed(rules, candidate)
        if engine is None:
            continue
        options = rules.illegal_moves(engine)
        if not options:
            continue
        rule, player, action = options[chooser.below(len(options))]
        candidate.rounds[-1].turns.append(Turn(player, action, rules.format_turn(action)))
        candidate.tags = [tag for tag in candidate.tags if tag.name != "Result"] + [Tag("Result", "*")]
        text = format_game(candidate, rules)
        line = len(text.rstrip("\n").split("\n")) + 1  # the comment line comes first
        if _caught(f"; expect: {rule} {line}\n" + text, rule, line):
            return f"; expect: {rule} {line + first_line - 1}\n" + text
    raise ValueError(f"no illegal move could be made in the game of seed {seed!r}")


def _cut_before(record: GameRecord, round_index: int, turn_index: int) -> GameRecord:
    rounds = [Round(r.number, turns=list(r.turns)) for r in record.rounds[:round_index + 1]]
    rounds[-1].turns = rounds[-1].turns[:turn_index]
    return GameRecord(record.game, tags=list(record.tags), rounds=rounds)


def _replayed(rules: GameRules, record: GameRecord) -> Engine | None:
    engine = rules.new_engine(record)
    if not isinstance(engine, Engine):
        return None
    for round_ in record.rounds:
        if engine.start_round(round_.number) is not None:
            return None
        for turn in round_.turns:
            if engine.play(turn.player, turn.action) is not None:
                return None
    return engine


def _caught(text: str, rule: str, line: int) -> bool:
    from referee.pipeline.replay import check_text

    report = check_text("simulated", text)
    errors = [d for d in report.all_diagnostics() if d.is_error]
    return bool(errors) and errors[0].code == rule and errors[0].span is not None and errors[0].span.line == line
