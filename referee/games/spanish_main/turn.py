"""A turn (S-TURN) and the end of the game (S-WIN, S-END).

Turns alternate from the first player; a turn starts (scuttled derelicts sink, S-SCUTTLE;
the icebergs, S-ICEBERG), then each ship of the player's fleet may take one action
(S-OWN, S-ACTION-ONE) whose free actions follow it at once (S-ACTION-ORDER, S-FREE), then
forts may be built and the turn ends. Gold reaching a home island or a fort may end the
game at once (S-WIN); nothing is played after (S-END). A resignation ends it too.
"""

from __future__ import annotations

from referee.diagnostics import Violation
from referee.games.spanish_main import effects, setup_entries
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState


def start_round(game: GameState, number: int) -> Violation | None:
    if game.over:
        return Violation("S-END", f"the game ended ({game.end_reason}): no turn {number} is played", part="round")
    if not game.started:
        if number != 0:
            return Violation("S-SETUP", f"the log begins with the set-up, round 0, not turn {number}",
                             part="round")
        game.started = True
        return None
    if game.stage != "play":
        return Violation("S-SETUP", f"turn {number} begins before the set-up is complete: "
                         f"{setup_entries.awaited(game)}", part="round")
    if number != game.turn + 1:
        return Violation("S-TURN", f"turn {game.turn + 1} comes next, not turn {number}", part="round")
    if game.turn and not game.turn_ended:
        end_turn(game)
        if game.over:
            return Violation("S-END", f"the game ended at the end of turn {game.turn} "
                             f"({game.end_reason}): no turn {number} is played", part="round")
    game.turn = number
    game.turn_player = game.first if number % 2 == 1 else game.other(game.first)  # type: ignore[arg-type]
    game.turn_ended = False
    game.acted, game.forts_shot, game.after = {}, set(), None
    game.sea_values, game.keywords_used = {}, set()
    game.building, game.waiver, game.granted = False, None, set()
    game.icebergs_rolled, game.drifts_due = None, []
    if game._scuttling:
        effects.sink_scuttled(game)
    return None


def end_turn(game: GameState) -> None:
    game.turn_ended = True
    game.building = False
    if "win-end-of-turn" in game.variants:
        check_win(game)


def do_end(game: GameState, player: str, action: Event) -> None:
    end_turn(game)


def do_resign(game: GameState, player: str, action: Event) -> None:
    game.winner = game.other(player)
    game.over = True
    game.end_reason = f"{player} resigned"


def check_win(game: GameState) -> None:
    """S-WIN: more than half the distributed gold on a home island and in forts wins at once;
    both at once (a sinking's split): the player whose turn it is."""
    if game.over or not game._gold_moved:
        return
    game._gold_moved = False
    totals = game.gold_totals()
    over = [p for p in game.players if 2 * totals[p] > game.distributed]
    if not over:
        return
    winner = game.turn_player if len(over) == 2 else over[0]
    game.winner = winner
    game.over = True
    game.end_reason = f"{winner} holds {totals[winner]} of {game.distributed} gold"  # type: ignore[index]


def claimable_winner(game: GameState) -> str | None:
    if game.winner is not None:
        return game.winner
    if game.stage == "play" and "most-gold" in game.variants:
        a, b = (game.total_gold(p) for p in game.players)
        return game.players[0] if a > b else game.players[1] if b > a else "none"
    return None if not game.over else "none"


def said(game: GameState, winner: str | None) -> str:
    if winner in (None, "*"):
        return "the game is not over"
    return "nobody wins" if winner == "none" else f"{winner} wins"
