"""What every Trans Europa bot is: a player that picks an action from its observation.

A bot class is a protocol bot factory: ``cls(game, seat, rng)`` makes the bot of ``seat``
in ``game``, with ``rng`` its only source of randomness. :meth:`Bot.__init__` keeps only
public facts (the board, the rules, the number of players, its seat); the bot then answers
:meth:`Bot.act` for each observation where it is on turn. A bot never sees the
:class:`~workbench.games.trans_europa.TransEuropaState`, so it cannot peek at other hands.

:func:`play_game` plays a whole game with one bot per seat through the one referee,
:class:`workbench.games.Match`, each bot with a generator of its own derived from a seed,
so a game depends only on the game's seed, the bots and that seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

import numpy as np

from workbench.games.protocol import BotFactory
from workbench.games.referee import bot_rngs, play
from workbench.games.trans_europa.actions import Action
from workbench.games.trans_europa.game import TransEuropa
from workbench.games.trans_europa.state import Observation, TransEuropaState

__all__ = ["Bot", "BotFactory", "bot_rngs", "play_game"]


class Bot:
    """A player that chooses actions from observations only.

    Subclasses set ``name`` and override :meth:`act`; they may keep a plan between calls
    (a bot object plays one seat of one game).

    Parameters
    ----------
    game : TransEuropa
        The game; the bot keeps its board, rules and number of players.
    seat : int
    rng : numpy.random.Generator
        The bot's only source of randomness.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa.bots import GreedyBot
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
    >>> GreedyBot(game, 0, np.random.default_rng(1))
    GreedyBot(seat=0)
    """

    name: ClassVar[str] = "bot"

    def __init__(self, game: TransEuropa, seat: int, rng: np.random.Generator) -> None:
        self.board = game.board
        self.rules = game.rules
        self.players = game.players
        self.seat = seat
        self.rng = rng

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    def act(self, obs: Observation) -> Action:
        """The action to play in ``obs`` (where this bot is on turn)."""
        raise NotImplementedError


def play_game(
    game: TransEuropa,
    bots: Sequence[BotFactory],
    seed: int | np.random.SeedSequence = 0,
    *,
    max_actions: int = 1_000_000,
    on_action: Callable[[TransEuropaState, Action], None] | None = None,
) -> TransEuropaState:
    """Play ``game`` to its end with one bot per seat; return the final state.

    :func:`workbench.games.play` with a callback that sees the state and the action
    (not the seat). Each bot gets a generator spawned from ``seed`` (:func:`bot_rngs`);
    the deal comes from the game's own seed.

    Parameters
    ----------
    game : TransEuropa
    bots : sequence of bot factories (bot classes), one per seat
    seed : int or SeedSequence
        The seed of the bots' generators.
    max_actions : int
        A guard against a bot that never ends the game: ``RuntimeError`` past it.
    on_action : callable, optional
        Called with the state and the action before each action is applied.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.bots import RandomBot
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=3)
    >>> end = play_game(game, [RandomBot, RandomBot], seed=1)
    >>> end.is_terminal(), end == play_game(game, [RandomBot, RandomBot], seed=1)
    (True, True)
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a game of {game.players} players")
    callback = None
    if on_action is not None:
        report = on_action

        def callback(state: Any, action: Any, seat: int | None) -> None:
            report(state, action)

    end = play(game, bots, seed, max_actions=max_actions, on_action=callback)
    return cast(TransEuropaState, end)
