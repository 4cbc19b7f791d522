"""Random legal games from an engine's own move generator.

Each step is chosen among the legal moves by the game's simulated player
(`GameRules.simulated_move`: uniform, or shaped like real play); the same seed gives the same
game on every machine (the choices use the documented seeded words of
`referee.shuffle`, seed "<seed>:choice", not Python's `random`). Used by the property tests and to
build sample and benchmark corpora.
"""

from __future__ import annotations

from collections import Counter

from referee.games.base import NO_OPTIONS, Engine, GameRules, JudgeOptions, SetupError
from referee.notation.writer import format_game
from referee.shuffle import SeededChoices
from referee.record import GameRecord, Round, Tag, Turn
from referee.wording import counted


def random_game(rules: GameRules, players: list[str], teams: bool, seed: str,
                max_turns: int = 100_000, notes: Counter[str] | None = None,
                extra_tags: tuple[tuple[str, str], ...] = (),
                options: JudgeOptions = NO_OPTIONS) -> tuple[GameRecord, Engine]:
    """A complete random legal game with its deal and claimed result; `notes` counts
    what the simulated players noted (forced raises, …) for corpus statistics;
    `extra_tags` (such as the variants played) follow the deal's tags, replacing any of
    the same name, and `options`
    give the data they name."""
    notes = Counter() if notes is None else notes
    tags = [Tag("Game", rules.name)] + [Tag(name, value) for name, value in rules.deal_tags(players, teams, seed)]
    replaced = {name for name, _ in extra_tags}
    tags = [tag for tag in tags if tag.name not in replaced] + [Tag(name, value) for name, value in extra_tags]
    for tag in tags[1:]:
        problem = rules.check_tag(tag.name, tag.value)
        if problem is not None:
            raise SetupError(f"{problem.message}", tag.name)
    record = GameRecord(rules.id, tags=tags)
    engine = rules.new_engine(record, options)
    if not isinstance(engine, Engine):
        tag = engine.part[4:] if engine.part.startswith("tag:") else None
        raise SetupError(f"cannot set up {rules.name} for {counted(len(players), 'player')}: {engine.message}", tag)
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
        chosen = rules.simulated_move(engine, chooser, notes)
        if chosen is None:
            break
        player, action = chosen
        canonical = engine.canonical_action(player, action)
        problem = engine.play(player, action)
        assert problem is None, problem
        assert current is not None
        current.turns.append(Turn(player, canonical, rules.format_turn(canonical)))
    record.tags.append(Tag("Result", rules.result_tag(engine.outcome())))
    return record, engine


def random_game_text(rules: GameRules, players: list[str], teams: bool, seed: str,
                     stats: "CorpusStats | None" = None) -> str:
    notes: Counter[str] = Counter()
    record, engine = random_game(rules, players, teams, seed, notes=notes)
    if stats is not None:
        stats.add(record, engine, notes)
    return format_game(record, rules, _written)


def _written(turn: Turn) -> str:
    """A simulated turn's text: its canonical body, formatted once when it was played."""
    return turn.text


SHOWN_APART = frozenset({"rounds", "round", "turns", "moves"})
"""Outcome figures the statistics count from the record itself."""


class CorpusStats:
    """What a corpus holds, game by game, so its shape can be seen at a glance:
    moves and rounds per game, the outcome's own figures (void rounds, how games
    ended, …) and what the simulated players noted (forced raises, …)."""

    def __init__(self) -> None:
        self.games = 0
        self.moves: list[int] = []
        self.rounds: list[int] = []
        self.counts: Counter[str] = Counter()
        self.totals: Counter[str] = Counter()
        self.ends: Counter[str] = Counter()

    def add(self, record: GameRecord, engine: Engine, notes: Counter[str]) -> None:
        self.games += 1
        self.moves.append(record.entry_count())
        self.rounds.append(len(record.rounds))
        self.counts.update(notes)
        outcome = engine.outcome()
        for key, value in outcome.summary.items():
            if key in SHOWN_APART:
                continue
            if isinstance(value, bool):
                self.counts[key.replace("_", " ")] += int(value)
            elif isinstance(value, int):
                self.totals[key.replace("_", " ")] += value
            elif isinstance(value, str) and key != "notice":
                self.ends[value] += 1
        for side in outcome.sides:
            for key, value in side.details.items():
                if isinstance(value, bool):  # counted even when none is, so a zero shows
                    self.counts[key.replace("_", " ") + "s"] += int(value)
        self.counts["finished"] += int(outcome.finished)

    def lines(self) -> list[str]:
        if not self.games:
            return ["no games"]
        total = sum(self.moves)
        lines = [f"games                 {self.games}",
                 f"moves                 {total} ({total / self.games:.1f} a game, "
                 f"{min(self.moves)} to {max(self.moves)})",
                 f"rounds                {sum(self.rounds)} ({sum(self.rounds) / self.games:.1f} a game)"]
        for key, value in sorted(self.totals.items()):
            lines.append(f"{key:<21} {value} ({value / self.games:.2f} a game)")
        for key, value in sorted(self.counts.items()):
            lines.append(f"{key:<21} {value}")
        for reason, value in self.ends.most_common():
            lines.append(f"ended: {reason} — {value}")
        return lines


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
    """The engine after every entry of a cut game, or None when one of them is not legal."""
    from referee.pipeline.judge import Judge

    engine = rules.new_engine(record)
    if not isinstance(engine, Engine):
        return None
    return engine if Judge("simulated", record, rules, engine).feed(record.rounds) else None


def _caught(text: str, rule: str, line: int) -> bool:
    from referee.pipeline.replay import check_text

    report = check_text("simulated", text)
    errors = [d for d in report.all_diagnostics() if d.is_error]
    return bool(errors) and errors[0].code == rule and errors[0].span is not None and errors[0].span.line == line
