"""Bots that need only the game protocol: random over the legal actions, and search.

A game's own bots (which know its rules) live in its package, say
:mod:`workbench.games.trans_europa.bots`; the ones here play any registered game.

>>> from workbench.games import GAMES, play
>>> from workbench.bots import RandomBot
>>> game = GAMES["trans_europa"].new_game(players=2, seed=1, board="maps/tiny.yaml")
>>> play(game, [RandomBot] * 2, seed=1).is_terminal()
True
"""

from workbench.bots.random_bot import RandomBot, bounded_draw

__all__ = ["RandomBot", "bounded_draw"]
