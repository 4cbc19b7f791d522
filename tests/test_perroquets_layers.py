"""Pirates & Perroquets' modules depend one way: the claims and the view read a state;
the engine, which changes that state, knows neither of them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee" / "games" / "perroquets"


def imported(module: str) -> set[str]:
    """Every module a file imports, at its top or inside a function, type hints included."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_engine_knows_neither_the_claims_nor_the_view():
    modules = imported("engine")
    assert "referee.games.perroquets.state" in modules
    assert not modules & {"referee.games.perroquets.claims", "referee.games.perroquets.view",
                          "referee.games.perroquets.svg"}


def test_the_claims_the_view_and_the_state_do_not_know_the_engine():
    for module in ("claims", "view", "state", "resolve", "svg"):
        assert "referee.games.perroquets.engine" not in imported(module), module
    assert "referee.games.perroquets.state" in imported("claims")
    assert "referee.games.perroquets.state" in imported("view")


def test_a_game_gives_its_engine_the_claims_and_the_view():
    from referee.games import GAMES
    from referee.games.perroquets.claims import check_claim
    from referee.games.perroquets.view import state_view
    from referee.record import GameRecord, Tag

    record = GameRecord("perroquets", tags=[Tag("Game", "Pirates & Perroquets"), Tag("Players", "Anna Ben"),
                                            Tag("First", "Anna")])
    engine = GAMES["perroquets"].new_engine(record)
    assert engine.check_claim is check_claim and engine.view_of is state_view
    assert engine.view()["players"] == ["Anna", "Ben"]
