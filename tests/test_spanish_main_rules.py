"""Pirates of the Spanish Main at level 1: variants both ways, the three verdicts, hidden
deals, the man page, and random legal games from the engine's own generator."""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.spanish_main import generator
from referee.notation.writer import format_game
from referee.pipeline.replay import check_text
from referee.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "samples" / "spanish-main"))

import generate as samples  # noqa: E402

RULES = GAMES["spanish-main"]


def judge(text: str) -> list[tuple[str, str]]:
    report = check_text("test.spanish-main", text)
    return [(d.code, d.message) for d in report.all_diagnostics() if d.is_error]


def with_variant(name: str, turns: str) -> str:
    return samples.header(f'[Variants "{name}"]\n') + samples.SETUP + turns


RAM = samples.T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: ram Anna.s1 Ben.s2 4{mast}\n"


def test_ram_beats_the_rammed_ships_masts_or_with_the_variant_the_rammers():
    # Ben's heron has 4 masts: a 4 does not beat it; the gull has 3: with ram-own-masts it does
    assert judge(samples.GAME + RAM.format(mast="")) == []
    assert [c for c, _ in judge(samples.GAME + RAM.format(mast=" mast 1"))] == ["S-RAM"]
    assert judge(with_variant("ram-own-masts", RAM.format(mast=" mast 1"))) == []
    assert [c for c, _ in judge(with_variant("ram-own-masts", RAM.format(mast="")))] == ["S-RAM"]


def test_a_boarding_tie_does_nothing_or_is_rolled_again():
    tie = RAM.format(mast="") + "   Anna: board Anna=3 Ben=2{again}\n"
    # totals: Anna 3 + 3 masts = 6, Ben 2 + 4 masts = 6
    assert judge(samples.GAME + tie.format(again="")) == []
    again = "  Anna: board Anna=6 Ben=1 kills Ben.c1"
    assert [c for c, _ in judge(samples.GAME + tie.format(again=again))] == ["S-BOARD"]
    assert judge(with_variant("board-reroll", tie.format(again=again))) == []


def test_fog_ends_the_ships_action_or_with_the_variant_the_turn():
    turns = "1. Anna: move Anna.s1 L fog F1  Anna: move Anna.s2 S+S\n"
    assert judge(samples.GAME + turns) == []
    assert [c for c, _ in judge(with_variant("fog-ends-turn", turns))] == ["S-TURN"]


def test_a_log_stopped_without_a_winner_has_none_or_with_the_variant_the_richer_player():
    turns = "1. Anna: move Anna.s1 L+S dock I2  Anna: end\n2. Ben: end\n3. Anna: explore Anna.s1 takes " \
            "Anna.t1,Ben.t1,Anna.t7,Ben.t6  Anna: end\n4. Ben: end\n5. Anna: move Anna.s1 L+S dock I1\n"
    assert judge(samples.GAME + turns) == []
    claimed = samples.header('[Variants "most-gold"]\n').replace('[Result "*"]', '[Result "Anna"]')
    assert judge(claimed + samples.SETUP + turns) == []
    assert [c for c, _ in judge(samples.GAME.replace('[Result "*"]', '[Result "Anna"]') + turns)] == ["S-WIN"]


def test_every_event_is_checked_or_accepted_not_checked_and_declared_texts_are_listed():
    report = check_text("x", (ROOT / "samples" / "spanish-main" / "legal" / "declared-ability.spanish-main")
                        .read_text(encoding="utf-8"))
    (game,) = report.games
    summary = game.outcome.summary
    assert summary["declared_abilities"] == ["Anna.s1: sails a double L once", "Anna.e1: sudden squall"]
    assert summary["accepted_not_checked"] >= 4  # two declarations, the waived move, one effect
    assert summary["checked_events"] + summary["accepted_not_checked"] == game.moves


def test_a_hidden_deal_names_each_token_once_and_never_more_than_an_island_held():
    start = samples.HIDDEN + "1. Anna: move Anna.s3 L+S dock I2  Anna: end\n2. Ben: end\n" \
                             "3. Anna: explore Anna.s3 takes 2  Anna: end\n4. Ben: end\n"
    assert judge(start + "5. Anna: move Anna.s3 L+S reveal Anna.t7,Ben.t6 dock I1\n") == []
    assert [c for c, _ in judge(start + "5. Anna: move Anna.s3 L+S reveal Anna.t7,Anna.t7 dock I1\n")] \
        == ["S-HIDDEN"]
    assert [c for c, _ in judge(start + "5. Anna: move Anna.s3 L+S reveal Anna.t7,Ben.t6,Ben.t5 dock I1\n")] \
        == ["S-HIDDEN"]


def test_the_man_page_gives_every_ruling_and_variant():
    page = (ROOT / "man" / "referee-spanish-main.7").read_text(encoding="utf-8").replace("\\-", "-")
    for ruling in RULES.rulings:
        assert f".B {ruling.id}\n" in page, ruling.id
    for variant in RULES.variants:
        assert f".B {variant.name}\n" in page, variant.name


@pytest.mark.parametrize("seed", [f"prop-{n}" for n in range(6)])
def test_random_legal_games_replay_as_legal_and_end_on_gold(seed):
    """Or, where a captain cannot win by its last turn, on its resignation."""
    notes: Counter[str] = Counter()
    record, engine = random_game(RULES, ["Anna", "Ben"], False, seed, notes=notes)
    text = format_game(record, RULES)
    report = check_text("random.spanish-main", text)
    (game,) = report.games
    assert game.verdict == "legal", [(d.code, d.message) for d in game.diagnostics]
    assert game.outcome.finished and game.outcome.claim == "holds"
    winner = game.outcome.winners[0]
    gold = {side.side: side.score for side in game.outcome.sides}
    if engine.end_reason.endswith("resigned"):  # a captain who cannot win by then gives up
        assert engine.turn >= generator.MAX_TURNS and notes["resign"] == 1
    else:
        assert 2 * gold[winner] > game.outcome.summary["distributed_gold"]
    # every token is somewhere exactly once: on an island, aboard, ashore, in a fort, or gone
    places = Counter(token.where for token in engine.tokens.values() if token.card.id != "coin")
    assert sum(places.values()) == 16


@pytest.mark.parametrize("seed", [f"illegal-{n}" for n in range(4)])
def test_injected_illegal_entries_are_caught_with_their_rule(seed):
    for entries in range(32, 80, 4):
        record, engine = random_game(RULES, ["Anna", "Ben"], False, seed, max_turns=entries)
        if engine.stage == "play" and engine.round_due() is not None:
            assert engine.start_round(engine.round_due()) is None
        found = RULES.illegal_moves(engine)
        if found:
            break
    assert {rule for rule, _, _ in found} >= {"S-TURN"}
    for rule, player, action in found:
        probe = engine.copy()
        violation = probe.play(player, action)
        assert violation is not None and violation.rule == rule, (rule, violation)


def test_each_event_is_either_checked_or_accepted_on_the_logs_word():
    """S-LEVELS: the two counts partition the entries played."""
    for path in sorted((ROOT / "samples" / "spanish-main" / "legal").glob("*.spanish-main")):
        (game,) = check_text(str(path), path.read_text(encoding="utf-8")).games
        summary = game.outcome.summary
        assert summary["checked_events"] + summary["accepted_not_checked"] == game.moves, path.name
        if '[Geometry "full"]' in path.read_text(encoding="utf-8"):
            assert summary["accepted_not_checked"] == 0, path.name  # level 2 measures every stated fact
        else:
            assert summary["accepted_not_checked"] > 0, path.name


def test_an_illegal_entry_leaves_the_state_as_it_was():
    """The first firing hits and takes a mast before the second breaks S-SHOOT: nothing of it stays."""
    text = samples.GAME + samples.T12
    report = check_text("x", text)
    engine = report.games[0].engine
    assert engine.start_round(3) is None
    before = engine.view()
    from referee.games.spanish_main.notation import parse_entry

    entry = parse_entry("Anna", "shoot Anna.s1 mast 1 at Ben.s2 S 5 lose 1 mast 1 at Ben.s2 S 5 lose 2").action
    violation = engine.play("Anna", entry)
    assert violation is not None and violation.rule == "S-SHOOT"
    assert engine.view() == before
    assert engine.play("Anna", parse_entry("Anna", "shoot Anna.s1 mast 1 at Ben.s2 S 5 lose 1").action) is None


def test_each_side_of_a_boarding_declares_its_own_keyword():
    """S-BOARD, S-KEYWORDS: Ada (board=+1) is aboard Anna's gull and Ben's gull; each counts for its side."""
    fleet_b = "Ben: fleet s1=s-bulwark s2=s-heron s3=s-gull c1=c-cole@s2 c2=c-ada@s3 f1=f-watch"
    game = samples.header() + samples.setup(fleet_b=fleet_b)
    turns = ("1. Anna: move Anna.s1 L+S dock I2  Anna: end\n2. Ben: move Ben.s3 S+L  Ben: end\n"
             "3. Anna: move Anna.s1 S bow Ben.s3  Anna: ram Anna.s1 Ben.s3 2\n")
    # Anna 3 + 3 masts + 1 = 7 against Ben 3 + 3 masts + 1 = 7: a tie, nothing happens
    both = "   Anna: board Anna=3 Ben=3 with board=+1 of Anna.c1 with board=+1 of Ben.c2\n"
    assert judge(game + turns + both) == []
    # without Ben's declaration Anna wins and may kill a crew of Ben's ship
    assert judge(game + turns + "   Anna: board Anna=3 Ben=3 kills Ben.c2 with board=+1 of Anna.c1\n") == []
    tie_with_result = "   Anna: board Anna=3 Ben=3 kills Ben.c2 with board=+1 of Anna.c1 with board=+1 of Ben.c2\n"
    assert [c for c, _ in judge(game + turns + tie_with_result)] == ["S-BOARD"]
    wrong = "   Anna: board Anna=3 Ben=3 with board=+1 of Ben.c1\n"  # Cole's keyword is cargo=+1
    assert [c for c, _ in judge(game + turns + wrong)] == ["S-KEYWORDS"]


def _legal_engine(text: str):
    report = check_text("test.spanish-main", text)
    (game,) = report.games
    assert [d.code for d in game.diagnostics if d.is_error] == []
    return game.engine


def _with_tag(text: str, tag: str) -> str:
    return text.replace("[Result ", f"{tag}\n[Result ", 1)


def test_a_win_ends_the_game_at_once_or_with_the_variant_at_the_end_of_the_turn():
    """game-sm-1 is won by Anna's last move; one more move in that turn comes after the end,
    unless the win waits for the end of the turn (win-end-of-turn)."""
    won = (ROOT / "samples" / "spanish-main" / "legal" / "game-sm-1.spanish-main").read_text(encoding="utf-8")
    more = won.rstrip("\n") + "  Anna: move Anna.s2 S\n"
    assert [c for c, _ in judge(more)] == ["S-END"]
    engine = _legal_engine(_with_tag(more, '[Variants "win-end-of-turn"]') .rstrip("\n") + "  Anna: end\n")
    assert engine.winner == "Anna" and engine.is_over
    assert [c for c, _ in judge(_with_tag(more, '[Variants "win-end-of-turn"]').rstrip("\n")
                                + "  Anna: end\n6. Ben: end\n")] == ["S-END"]


def test_a_forts_gold_counts_whole_or_with_the_variant_only_its_price():
    """Ben unloads 6 gold into his watchtower, bought for its price: all of it counts toward
    winning, or with fort-paid-only the price alone."""
    log = (ROOT / "samples" / "spanish-main" / "legal" / "fort-built-and-destroyed.spanish-main").read_text(
        encoding="utf-8")
    upto = log[:log.index("11.")].replace('[Result "Anna"]', '[Result "*"]')
    whole = _legal_engine(upto)
    paid = _legal_engine(_with_tag(upto, '[Variants "fort-paid-only"]'))
    fort = whole.forts["Ben.f1"]
    assert fort.gold > fort.card.cost
    assert whole.total_gold("Ben") - paid.total_gold("Ben") == fort.gold - fort.card.cost


def test_islands_within_6l_of_the_nearest_or_with_the_variant_of_every_other():
    """At level 2 the sample table's islands are each within 6L of their nearest, but I1 and I6
    lie 1,100 mm apart: islands-all-pairs refuses the sixth; a tight ring of small islands
    passes both readings."""
    import table

    level2 = table.header() + table.setup() + "1. Anna: end\n"
    assert judge(level2) == []
    ((code, message),) = judge(_with_tag(level2, '[Variants "islands-all-pairs"]'))
    assert code == "S-GEO-ISLANDS" and "islands-all-pairs" in message
    ring = [(750, 450)] + [(round(750 + 284 * math.cos(math.radians(90 + 72 * i)), 1),
                            round(450 + 284 * math.sin(math.radians(90 + 72 * i)), 1)) for i in range(5)]
    islands = "  ".join(f"{'Anna' if n % 2 == 0 else 'Ben'}: island I{n + 1} circle {x:g},{y:g} 10"
                        for n, (x, y) in enumerate(ring))
    tight = (table.header() + table.setup()).replace(table.islands(), f"   {islands}\n")
    for text in (tight, _with_tag(tight, '[Variants "islands-all-pairs"]')):
        report = check_text("test.spanish-main", text)
        placed = {n: i.shape is not None for n, i in report.games[0].engine.islands.items()}
        assert placed == {f"I{n}": True for n in range(1, 7)}
        assert "S-GEO-ISLANDS" not in [d.code for d in report.all_diagnostics()]


def test_a_finished_game_whose_result_says_it_is_not_over_breaks_s_win():
    won = (ROOT / "samples" / "spanish-main" / "legal" / "game-sm-1.spanish-main").read_text(encoding="utf-8")
    assert judge(won) == []
    ((code, message),) = judge(won.replace('[Result "Anna"]', '[Result "*"]'))
    assert code == "S-WIN" and message == "the log claims the game is not over, but Anna wins"
    unfinished = won[:won.index("3. Anna")].replace('[Result "Anna"]', '[Result "*"]')
    assert judge(unfinished) == []


def test_check_counts_events_checked_and_accepted_and_points_at_the_declared_texts():
    from click.testing import CliRunner

    from referee.cli import cli

    legal = ROOT / "samples" / "spanish-main" / "legal"
    result = CliRunner().invoke(cli, ["check", str(legal / "declared-ability.spanish-main"),
                                      str(legal / "short-game.spanish-main")])
    assert result.exit_code == 0
    counted = [check_text("x", (legal / name).read_text(encoding="utf-8")).games[0].outcome.summary
               for name in ("declared-ability.spanish-main", "short-game.spanish-main")]
    checked = sum(s["checked_events"] for s in counted)
    accepted = sum(s["accepted_not_checked"] for s in counted)
    assert (f"note: {checked} events checked, {accepted} accepted, not checked (facts the logs state, declared "
            "abilities); 2 declared ability texts, listed by `referee score`") in result.output


def test_show_reads_like_the_table_fleets_islands_with_what_is_known_and_marks():
    from click.testing import CliRunner

    from referee.cli import cli

    legal = ROOT / "samples" / "spanish-main" / "legal"

    def show(name: str, *more: str) -> str:
        result = CliRunner().invoke(cli, ["show", str(legal / name), *more])
        assert result.exit_code == 0, result.output
        return result.output

    towed = show("tow-and-fog.spanish-main", "--move", "30")
    assert "Anna.s1 Black Gull [1:3S 2:3L 3:3S] move S+L load 2/7 — lost in F1, towing Anna.s2" in towed
    assert "Anna.s2 Little Sloop [1:4S✗ 2:4S✗] move S+S load 0/3 — derelict, lost in F1, towed by Anna.s1" in towed
    assert "I2 (wild); tokens Anna.t1, Ben.t1, Anna.t7, Ben.t6" in towed
    assert "I3 (wild); 4 face-down tokens not yet named" in show("hidden-deal.spanish-main", "--move", "25")
    assert "I2 (wild); explored by Anna; marked by Anna" in show("fort-built-and-destroyed.spanish-main")


@pytest.mark.parametrize("entry", ["Anna: island I9", "Anna: fog F2", "Anna: roll 5", "Anna: home Ben=I6",
                                   "Anna: fleet s1=s-gull", "Anna: treasure t1=t-1"])
def test_a_set_up_entry_in_a_turn_is_refused_under_s_setup(entry):
    found = judge(samples.GAME + f"1. {entry}  Anna: end\n")
    assert [code for code, _ in found] == ["S-SETUP"]
    assert "belongs to the set-up" in found[0][1]


def test_a_boarding_party_takes_face_down_treasure_by_its_name_and_never_by_its_placeholder():
    """S-BOARD, S-HIDDEN: face-down items are taken blind and the log names the item; the
    engine asked about the placeholder of a face-down token (`?I2`, which no log can write)
    refuses it as a ruling, never failing itself."""
    from referee.games.spanish_main.notation import event
    from tests import judging

    log = ROOT / "samples" / "spanish-main" / "legal" / "board-takes-face-down.spanish-main"
    game = judging.legal(log.read_text(encoding="utf-8"), log.name)
    engine = RULES.new_engine(game.record)
    for round_ in game.record.rounds:
        for turn in round_.turns:
            if turn.text.startswith("board"):
                rammed = engine.ships["B.s3"]
                assert [t for t in rammed.tokens if t.startswith("?")] == ["?I2"] * 4
                blind = event("board", rolls=[{"player": "A", "die": 6}, {"player": "B", "die": 1}],
                              result="takes", item="?I2")
                assert engine.play("A", blind).rule == "S-BOARD"
                assert engine.play(turn.player, turn.action) is None
                assert "B.t5" in engine.ships["A.s1"].tokens and engine.ships["B.s3"].tokens.count("?I2") == 3
                return
            if engine.round_due() is not None:
                engine.start_round(round_.number)
            assert engine.play(turn.player, turn.action) is None
    raise AssertionError("the sample boards no ship")
