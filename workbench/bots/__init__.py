"""Bots: players that choose actions from their observation, with an injected generator.

>>> from workbench import load_map
>>> from workbench.engine import Game
>>> from workbench.bots import RandomBot, play_game
>>> end = play_game(Game(load_map("maps/tiny.yaml"), players=2, seed=1), [RandomBot] * 2)
>>> end.is_terminal()
True
"""

from workbench.bots.base import Bot, BotFactory, bot_rngs, play_game
from workbench.bots.greedy import GreedyBot
from workbench.bots.lazy import LazyGreedyBot
from workbench.bots.random_bot import RandomBot
from workbench.bots.shrewd import ShrewdBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "shrewd": ShrewdBot,
    "lazy_greedy": LazyGreedyBot,
}
"""Bots by name, as the command line and the simulator take them."""

__all__ = [
    "BOTS",
    "Bot",
    "BotFactory",
    "GreedyBot",
    "LazyGreedyBot",
    "RandomBot",
    "ShrewdBot",
    "bot_rngs",
    "play_game",
]
