"""Korsar (Reiner Knizia): card game for 2 to 8 players, alone or in teams."""

from referee.games.korsar.game import KorsarRules

GAME = KorsarRules()
