"""The game protocol: what every game of the workbench offers the referee, the bots, the
simulator, saved games and the widgets.

It follows OpenSpiel's split. A **game** is an immutable value (who plays, the seed, the
rules, and the board or card set) that makes fresh **states**. A state owns everything
that changes: whose turn it is, the legal actions in a fixed order, how an action changes
it, when it is over and who won. Players see **observations**: what one seat may know.

Chance is explicit. When ``state.to_play`` is ``None`` and the game is not over, the next
action is not a player's: it is a chance outcome (a card turned over, a token drawn, the
next round dealt), listed with its probability by ``state.chance_outcomes()``. The referee
draws one with a generator seeded from the game's seed and applies it like any action, so
the history holds every outcome and a replay needs no generator; a search bot samples the
outcomes itself. A game whose randomness is fixed by its seed (Trans Europa deals every
round from it) lists a single outcome of probability 1.

Actions are small frozen values with a text form: ``str(action)`` is a line of the game's
log and ``game.parse_action(text)`` gives the action back.

>>> from workbench.games import GAMES
>>> game = GAMES["trans_europa"].new_game(players=2, seed=1, board="maps/tiny.yaml")
>>> isinstance(game, Game), isinstance(game.new_state(), State)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

__all__ = ["Bot", "BotFactory", "Game", "Observation", "State"]


@runtime_checkable
class Observation(Protocol):
    """What one seat may see. ``legal_actions`` is that seat's legal actions when it is on
    turn, else empty; ``player`` is the seat."""

    @property
    def player(self) -> int: ...

    @property
    def legal_actions(self) -> Sequence[Any]: ...


@runtime_checkable
class State(Protocol):
    """The changing part of a game (see the module's text)."""

    @property
    def game(self) -> Game: ...

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` at a chance node and when the game is over."""
        ...

    @property
    def history(self) -> tuple[Any, ...]:
        """Every action and chance outcome applied so far, in order."""
        ...

    def legal_actions(self) -> list[Any]:
        """The legal actions of the seat on turn, in a fixed, documented order."""
        ...

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance node, every outcome with its probability (they add up to 1)."""
        ...

    def apply(self, action: Any) -> None:
        """Play ``action``; raise ``IllegalActionError`` saying why when it is illegal."""
        ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> tuple[float, ...]:
        """The score of every seat, by seat (the final scores once the game is over)."""
        ...

    def winners(self) -> tuple[int, ...]:
        """The seats that won (ties share), or ``()`` while the game goes on."""
        ...

    def observation(self, seat: int) -> Observation: ...

    def copy(self) -> State:
        """An independent state equal to this one."""
        ...


@runtime_checkable
class Game(Protocol):
    """An immutable game: players, seed, rules and board or card set."""

    @property
    def name(self) -> str:
        """The registered name (a key of :data:`workbench.games.GAMES`)."""
        ...

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    def new_state(self) -> State: ...

    def parse_action(self, text: str) -> Any:
        """The action whose text form is ``text``; ``ValueError`` saying why if none."""
        ...

    def sample_state(self, observation: Any, rng: np.random.Generator) -> State:
        """A state consistent with ``observation``: what the seat cannot see is drawn at
        random with ``rng`` (a determinization, for search bots)."""
        ...


class Bot(Protocol):
    """A player: one object per seat and game, asked for an action on its turns."""

    def act(self, observation: Any) -> Any: ...


class BotFactory(Protocol):
    """Makes the bot of ``seat`` in ``game``, with ``rng`` its only source of randomness."""

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> Bot: ...
