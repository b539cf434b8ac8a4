"""What every bot is: a player that picks an action from its observation.

A bot is made once per seat and game, :meth:`Bot.__init__` receiving only public facts (the
board, the rules, the number of players, its seat) and its own random generator; it then
answers :meth:`Bot.act` for each observation where it is on turn. A bot never sees the
:class:`~workbench.games.trans_europa.State`, so it cannot peek at other hands.

:func:`play_game` is the referee: it plays a whole game with one bot per seat and gives
each bot a generator of its own derived from a seed, so a game depends only on the game's
seed, the bots and that seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from workbench.games.trans_europa.actions import Action
from workbench.games.trans_europa.game import Game
from workbench.games.trans_europa.state import Observation, State
from workbench.games.referee import bot_rngs
from workbench.maps.board import Board
from workbench.games.trans_europa.rules import Rules

__all__ = ["Bot", "BotFactory", "bot_rngs", "play_game"]


class Bot:
    """A player that chooses actions from observations only.

    Subclasses set ``name`` and override :meth:`act`; they may keep a plan between calls
    (a bot object plays one seat of one game).

    Parameters
    ----------
    board : Board
    rules : Rules
    players : int
    seat : int
    rng : numpy.random.Generator
        The bot's only source of randomness.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.bots import RandomBot
    >>> bot = RandomBot(load_map("maps/tiny.yaml"), Rules(), 2, 0, np.random.default_rng(1))
    >>> bot
    RandomBot(seat=0)
    """

    name: ClassVar[str] = "bot"

    def __init__(
        self, board: Board, rules: Rules, players: int, seat: int, rng: np.random.Generator
    ) -> None:
        self.board = board
        self.rules = rules
        self.players = players
        self.seat = seat
        self.rng = rng

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    def act(self, obs: Observation) -> Action:
        """The action to play in ``obs`` (where this bot is on turn)."""
        raise NotImplementedError


BotFactory = Callable[[Board, Rules, int, int, np.random.Generator], Bot]
"""Anything that makes a bot from (board, rules, players, seat, rng): a Bot subclass."""


def play_game(
    game: Game,
    bots: Sequence[BotFactory],
    seed: int | np.random.SeedSequence = 0,
    *,
    max_actions: int = 1_000_000,
    on_action: Callable[[State, Action], None] | None = None,
) -> State:
    """Play ``game`` to its end with one bot per seat; return the final state.

    The referee is :class:`workbench.games.Match` (the one loop every game and caller
    shares); this is its Trans Europa face, taking engine games and bot classes. Each bot
    gets a generator spawned from ``seed`` (:func:`bot_rngs`); the deal comes from the
    game's own seed.

    Parameters
    ----------
    game : Game
    bots : sequence of bot classes (or factories), one per seat
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
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=3)
    >>> end = play_game(game, [RandomBot, RandomBot], seed=1)
    >>> end.is_terminal(), end == play_game(game, [RandomBot, RandomBot], seed=1)
    (True, True)
    """
    from workbench.games.referee import Match
    from workbench.games.trans_europa import LegacyBot, TransEuropa

    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a game of {game.players} players")
    factories = [LegacyBot(str(getattr(make, "name", "bot")), make) for make in bots]
    callback = None
    if on_action is not None:
        report = on_action

        def callback(state: Any, action: Any, seat: int | None) -> None:
            report(state.engine, action)

    match = Match(TransEuropa(game), factories, seed, on_action=callback)
    match.run(max_actions=max_actions)
    end: State = match.state.engine  # type: ignore[attr-defined]
    return end
