"""Every entry's account: what the rules did with it, in sentences citing rulings.

Property tests on simulated games (every entry has an account; every ruling it cites is one
of the game's), the accounts of the samples against what `show` works out for the same
moves (the captures, a round's split, the flights and paths, a sinking and the gold that
wins), and the account of a refused entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import Consequence, EntryList, refusal_account
from referee.notation.reader import read_games
from referee.pipeline.replay import entry_account, replay_positions
from referee.pipeline.source import Source
from referee.play.session import Session
from referee.simulate import random_game
from tests.play_games import ROOT

SAMPLES = ROOT / "samples"
SIMULATED = [("korsar", ["A", "B", "C"], False), ("korsar", ["A", "B", "C", "D"], True),
             ("corsari", ["A", "B", "C"], False), ("perroquets", ["Anna", "Ben", "Cleo"], False),
             ("spanish-main", ["Anna", "Ben"], False)]
STATE_DUMP = re.compile(r"[{}]|\[\{|\"\w+\":")
"""What a dump of internal state looks like (JSON objects, quoted keys): never in an account."""


def games_told(path: Path) -> list[tuple[list[dict], list[list[Consequence]], list[str]]]:
    """Each game of a legal log: its views (0: before the first move) and each move's account,
    from a replay that keeps them, and the entries as written."""
    text = path.read_text(encoding="utf-8")
    told = []
    for index, read in enumerate(read_games(str(path), Source.from_text(str(path), text).lines), start=1):
        report, positions = replay_positions(str(path), index, read, accounts=True)
        assert report.verdict == "legal" and read.record is not None
        written = [turn.written() for round_ in read.record.rounds for turn in round_.turns]
        told.append(([p.view for p in positions], [p.account for p in positions], written))
    return told


def accounts_of(path: Path) -> tuple[list[dict], list[list[Consequence]], list[str]]:
    (first, *_) = games_told(path)
    return first


def well_told(game: str, account: list[Consequence]) -> None:
    known = {ruling.id for ruling in GAMES[game].rulings}
    assert account, "every entry has an account"
    for consequence in account:
        assert consequence.text and consequence.ruling in known, consequence
        assert not STATE_DUMP.search(consequence.text), consequence.text


@pytest.mark.parametrize("game,players,teams", SIMULATED, ids=[f"{g}-{len(p)}" for g, p, _ in SIMULATED])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=6))
def test_every_simulated_entry_has_an_account_citing_the_games_own_rulings(game: str, players: list[str],
                                                                           teams: bool, seed: str) -> None:
    rules = GAMES[game]
    record, _ = random_game(rules, players, teams, seed, max_turns=400)
    engine = rules.new_engine(record)
    assert not isinstance(engine, type(None))
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            before = engine.view()
            assert engine.play(turn.player, turn.action) is None
            well_told(game, engine.account(before, turn.player, turn.action))


LEGAL = sorted(path for game in ("korsar", "corsari", "perroquets", "spanish-main")
               for path in (SAMPLES / game / "legal").iterdir() if path.is_file() and not path.name.endswith(".json"))


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.name)
def test_a_samples_every_move_is_told_as_show_works_it_out(path: Path) -> None:
    """Each move's account names what `show` works out for it: the galleons taken into the
    loot, a round's penalty piles, every flight and ship's path, a ship sunk, the winner."""
    for views, accounts, written in games_told(path):
        told_as_show_works_it_out(views, accounts, written)


def told_as_show_works_it_out(views: list[dict], accounts: list[list[Consequence]], written: list[str]) -> None:
    game = views[0]["game"]
    for move in range(1, len(views)):
        before, after, account = views[move - 1], views[move], accounts[move]
        well_told(game, account)
        rulings = [c.ruling for c in account]
        text = "\n".join(c.text for c in account)
        if game == "korsar":
            gained = sum(len(after["loot"][s]) - len(before["loot"].get(s, [])) for s in after["loot"])
            assert text.count("takes galleon") == gained, (move, written[move - 1], text)
            if after["over"] and not before["over"]:
                assert "K-END" in rulings
        elif game == "corsari":
            if len(after["history"]) > len(before["history"]):
                last = after["history"][-1]
                if last["void"]:
                    assert "C-VOID" in rulings
                else:
                    assert f"{after['penalty_total']} cards in all" in text
                    assert f"the fastest captain {last['fastest']} has {last['totals'][last['fastest']]}" in text
        elif game == "perroquets":
            last, earlier = after["last_round"], before["last_round"]
            worked = ("number", "flights", "order")  # its lines also say the seats, which the next round moves
            if last is not None and (earlier is None or any(last[key] != earlier[key] for key in worked)):
                flights = [c for c in account if c.ruling.startswith("P-FLY")]
                assert len(flights) == len(last["flights"])
                for flight, told in zip(last["flights"], flights):
                    assert told.ruling == flight["rule"] and " ".join(flight["over"]) in told.text
                    if flight["by"]:
                        assert f"caught by {flight['by']}" in told.text
                for voyage in last["order"]:
                    squares = " ".join(step["square"] for step in voyage["path"])
                    assert f"{voyage['player']} sails from {voyage['start']} through {squares}" in text
                    for step in voyage["path"]:
                        for what in step["happened"]:
                            assert f"{voyage['player']} on {step['square']}: {what}" in text
        else:
            sunk = [ship["id"] for fleet in after["fleets"].values() for ship in fleet if "sunk" in ship["state"]]
            was = {ship["id"] for fleet in before["fleets"].values() for ship in fleet if "sunk" in ship["state"]}
            for ship in set(sunk) - was:
                assert f"{ship} sinks" in text
            if after["winner"] and not before["winner"]:
                assert "S-WIN" in rulings and f"{after['winner']} wins" in text


@pytest.mark.parametrize("path", [SAMPLES / "korsar/legal/k-example.korsar",
                                  SAMPLES / "corsari/legal/void-round.corsari",
                                  SAMPLES / "perroquets/legal/p-example-4-meeting.perroquets",
                                  SAMPLES / "spanish-main/legal/won-by-a-sinking.spanish-main"], ids=lambda p: p.name)
def test_an_entry_told_alone_is_told_as_the_replay_tells_it(path: Path) -> None:
    """`show --move N` and `why N` replay up to the entry and tell it alone: the same account."""
    views, accounts, _ = accounts_of(path)
    text = path.read_text(encoding="utf-8")
    read = next(iter(read_games(str(path), Source.from_text(str(path), text).lines)))
    assert read.rules is not None and read.record is not None
    for move in range(1, len(views)):
        assert entry_account(str(path), read.rules, read.record, move) == accounts[move], move


def test_the_sentences_the_rules_imply() -> None:
    """A capture with its reason, a Corsari round's split, a parrot caught, a sinking's gold."""
    def told(path: str) -> str:
        _, accounts, _ = accounts_of(SAMPLES / path)
        return "\n".join(f"{c.text} ({c.ruling})" for account in accounts for c in account)

    korsar = told("korsar/legal/solo-3-players.korsar")
    assert "C takes galleon B5 (5 gold) for C: C's pirate strength 3 beats A 1, B 2 (K-CONTROL)" in korsar
    assert "tie at strength" in korsar and "C wins (K-SCORE)" in korsar
    corsari = told("corsari/legal/void-round.corsari")
    assert "C raises anchor first and is the fastest captain (C-RAISE)" in corsari
    assert "makes pink the home-port colour" in corsari
    assert "C is not below everyone else, so he takes his own stowaways and those of A into his penalty pile: " \
           "7 cards (C-SCORE)" in corsari
    assert "the round ends at once, void" in corsari
    assert "grand master (C-GRAND-MASTER)" in told("corsari/legal/grand-master.corsari")
    perroquets = told("perroquets/legal/p-example-4-meeting.perroquets")
    assert "caught by X's ship over b3 (P-FLY-SHIP)" in perroquets
    assert "X on b5: meets Y: X (weight 1) takes 1 from Y (weight 3) (P-MEET)" in perroquets
    spanish = told("spanish-main/legal/won-by-a-sinking.spanish-main")
    assert "a hit, Ben.s3 loses mast 1 (S-HIT)" in spanish and "it is a derelict (S-DERELICT)" in spanish
    assert "Anna, who sank it, gets 3 and Ben 3, each onto their home island (S-SINK-SPLIT)" in spanish
    assert "Anna wins: more than half the 30 gold distributed (Anna 16, Ben 14) (S-WIN)" in spanish


def test_a_refused_entry_says_the_rule_and_the_nearest_legal_entries(tmp_path: Path) -> None:
    session = Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in ["A: $4", "B: $5", "C: draw"]:
        assert session.enter(entry).status == "recorded"
    refused = session.enter("A: R1@B9")
    assert refused.status == "refused"
    rule, instead = refused.account
    assert rule.ruling == "K-TARGET" and rule.text.startswith("Naming a galleon: ")
    assert instead.text.startswith("legal instead: A: R1@B5")
    stranger = session.enter("B: draw")  # not B's turn: whose it is, and what A could write
    assert "it is A's entry" in stranger.account[-1].text
    nothing = refusal_account("K-TARGET", None, "A", "R1@B9", EntryList())
    assert [c.text for c in nothing] == ["refused by K-TARGET"]


@pytest.mark.parametrize("path", [SAMPLES / "corsari/legal/seed-demo.corsari",
                                  SAMPLES / "corsari/legal/void-round.corsari"], ids=lambda path: path.name)
def test_an_entry_played_at_the_table_is_told_as_why_tells_it(tmp_path: Path, path: Path) -> None:
    """`play` tells an entry as it stands once played, before the round it makes due is dealt:
    the split of a round's last raise and the void of its last quay card, as `why N` does."""
    _, accounts, written = accounts_of(path)
    text = path.read_text(encoding="utf-8")
    read = next(iter(read_games(str(path), Source.from_text(str(path), text).lines)))
    assert read.record is not None
    tags = [(tag.name, tag.value) for tag in read.record.tags if tag.name not in ("Game", "Result")]
    session = Session.new(str(tmp_path / path.name), GAMES["corsari"], tags)
    for move, entry in enumerate(written, start=1):
        judgement = session.enter(entry)
        assert judgement.status == "recorded", (move, entry)
        assert judgement.account == accounts[move], (move, entry)
