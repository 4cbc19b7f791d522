"""Corsari (Leo Colovini): card game for 2 to 4 players over several rounds."""

from referee.games.corsari.game import CorsariRules

GAME = CorsariRules()
