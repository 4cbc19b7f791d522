"""Pirates of the Spanish Main (WizKids): ships, crew, cannons, dice, treasure, forts and terrain,
refereed from the event log (level 1)."""

from referee.games.spanish_main.game import SpanishMainRules

GAME = SpanishMainRules()
