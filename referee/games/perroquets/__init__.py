"""Pirates & Perroquets (Holger Marckwardt, 2003): a board game of ships, wind and parrots."""

from referee.games.perroquets.game import PerroquetsRules

GAME = PerroquetsRules()
