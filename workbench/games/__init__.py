"""Many games, one workbench: the game protocol, the registry of games, the referee, saved
games and the simulator's shared tables.

>>> from workbench.games import GAMES, Match, play
>>> info = GAMES["trans_europa"]
>>> game = info.new_game(players=2, seed=1, board="maps/tiny.yaml")
>>> end = play(game, [info.bots["greedy"], info.bots["random"]], seed=2)
>>> end.is_terminal(), len(end.winners()) >= 1
(True, True)

See ``docs/architecture.md`` for the layers and how a new game plugs in.
"""

from workbench.games.protocol import Bot, BotFactory, Game, Observation, State
from workbench.games.record import dump_record, load_record, replay
from workbench.games.referee import Match, bot_rngs, chance_rng, play, sample_chance
from workbench.games.registry import GAMES, GameInfo

__all__ = [
    "GAMES",
    "Bot",
    "BotFactory",
    "Game",
    "GameInfo",
    "Match",
    "Observation",
    "State",
    "bot_rngs",
    "chance_rng",
    "dump_record",
    "load_record",
    "play",
    "replay",
    "sample_chance",
]
