"""Trans Europa's bots: random, greedy, lazy greedy, shrewd and the playing styles of
:mod:`.styles`.

>>> from workbench import load_map
>>> from workbench.games.trans_europa import TransEuropa
>>> from workbench.games.trans_europa.bots import RandomBot, play_game
>>> end = play_game(TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1), [RandomBot] * 2)
>>> end.is_terminal()
True
"""

from typing import Any

from workbench.bots.random_bot import RandomBot
from workbench.games.trans_europa.bots.base import Bot, BotFactory, bot_rngs, play_game
from workbench.games.trans_europa.bots.greedy import GreedyBot
from workbench.games.trans_europa.bots.lazy_greedy import LazyGreedyBot
from workbench.games.trans_europa.bots.shrewd import ShrewdBot
from workbench.games.trans_europa.bots.styles import STYLES, FarFirstBot, NearFirstBot, SharerBot

BOTS: dict[str, type[Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "shrewd": ShrewdBot,
    "lazy_greedy": LazyGreedyBot,
    **STYLES,
}
"""Bots by name, as the command line and the simulator take them."""

__all__ = [
    "BOTS",
    "STYLES",
    "Bot",
    "BotFactory",
    "FarFirstBot",
    "GreedyBot",
    "LazyGreedyBot",
    "NearFirstBot",
    "RandomBot",
    "SharerBot",
    "ShrewdBot",
    "bot_rngs",
    "play_game",
]
