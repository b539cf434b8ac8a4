"""Trans Europa / Trans Amerika behind the game protocol.

The rules live in :mod:`workbench.games.trans_europa`; this module only presents them through the
protocol of :mod:`workbench.games.protocol`, without changing a single move: the same seed
and bots give the same games as the engine alone.

* :class:`TransEuropa` is the immutable game (board, rules, players, seed) around an
  engine :class:`~workbench.games.trans_europa.Game`;
* :class:`TransEuropaState` is the state around an engine :class:`~workbench.games.trans_europa.State`
  (``state.engine``), whose observations are the engine's own;
* the chance nodes are the moments between rounds: the next round's deal follows from the
  game's seed, so the only outcome is ``NextRound`` (text ``N``), with probability 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.games.trans_europa.actions import Action, NextRound, parse_action
from workbench.games.trans_europa.game import Game as EngineGame
from workbench.games.trans_europa.state import Observation
from workbench.games.trans_europa.state import State as EngineState
from workbench.maps.board import Board
from workbench.games.trans_europa.rules import Rules

__all__ = ["TransEuropa", "TransEuropaState", "load_record", "save_record"]

NAME = "trans_europa"


@dataclass(frozen=True)
class TransEuropa:
    """A game of Trans Europa (or Trans Amerika: the board decides) behind the protocol.

    Parameters
    ----------
    engine : workbench.games.trans_europa.Game
        The engine's game. Make one with :meth:`create` or
        ``GAMES["trans_europa"].new_game(...)``.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa.create(load_map("maps/tiny.yaml"), players=2, seed=4)
    >>> game.name, game.players, game.seed
    ('trans_europa', 2, 4)
    >>> state = game.new_state()
    >>> state.to_play, len(state.legal_actions())
    (0, 53)
    >>> game.parse_action("M 1,1")
    PlaceMarker(point=(1, 1))
    """

    engine: EngineGame

    name = NAME

    @classmethod
    def create(
        cls,
        board: Board,
        rules: Rules | None = None,
        players: int = 4,
        seed: int = 0,
        hands: Sequence[Sequence[Sequence[str]]] | None = None,
    ) -> TransEuropa:
        """The game of ``players`` on ``board`` by ``rules`` (the rulebook by default)."""
        return cls(EngineGame(board, rules or Rules(), players=players, seed=seed, hands=hands))

    def __repr__(self) -> str:
        return f"TransEuropa({self.engine!r})"

    @property
    def board(self) -> Board:
        return self.engine.board

    @property
    def rules(self) -> Rules:
        return self.engine.rules

    @property
    def players(self) -> int:
        return self.engine.players

    @property
    def seed(self) -> int:
        return self.engine.seed

    def new_state(self) -> TransEuropaState:
        """The state at the start of the game."""
        return TransEuropaState(self, self.engine.new_state())

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``M 3,4``, ``R 3,4-4,4``, ``E``, ``N`` ...)."""
        return parse_action(text)

    def state_of(self, engine_state: EngineState) -> TransEuropaState:
        """The protocol state around an engine state of this game."""
        return TransEuropaState(self, engine_state)

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> TransEuropaState:
        """A state the observing seat cannot tell from the real one (see
        :func:`workbench.games.trans_europa.sample.sample_state`)."""
        from workbench.games.trans_europa.sample import sample_state

        return sample_state(self, observation, rng)


class TransEuropaState:
    """A Trans Europa state behind the protocol; ``engine`` is the engine's state.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa.create(load_map("maps/tiny.yaml"), players=2, seed=4)
    >>> state = game.new_state()
    >>> while state.to_play is not None:
    ...     state.apply(state.legal_actions()[0])
    >>> state.chance_outcomes(), state.legal_actions()
    ([(NextRound(), 1.0)], [])
    >>> state.apply(NextRound()); state.engine.round
    2
    """

    __slots__ = ("engine", "game")

    def __init__(self, game: TransEuropa, engine: EngineState) -> None:
        self.game = game
        self.engine = engine

    def __repr__(self) -> str:
        return f"<TransEuropaState {self.engine!r}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TransEuropaState):
            return NotImplemented
        return self.engine == other.engine

    __hash__ = None  # type: ignore[assignment]

    @property
    def to_play(self) -> int | None:
        return self.engine.to_play

    @property
    def history(self) -> tuple[Action, ...]:
        return self.engine.history

    def legal_actions(self) -> list[Action]:
        """The seat on turn's legal actions in the engine's order; ``[]`` at chance nodes."""
        if self.engine.to_play is None:
            return []
        return self.engine.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(NextRound(), 1.0)]`` between rounds (the deal follows from the seed), else
        ``[]``."""
        engine = self.engine
        if engine.to_play is None and not engine.is_terminal():
            return [(NextRound(), 1.0)]
        return []

    def apply(self, action: Action) -> None:
        """Play ``action`` (the engine says why when it is illegal)."""
        self.engine.apply(action)

    def is_terminal(self) -> bool:
        return self.engine.is_terminal()

    def scores(self) -> tuple[int, ...]:
        return self.engine.scores

    def winners(self) -> tuple[int, ...]:
        return self.engine.winners

    def observation(self, seat: int) -> Observation:
        return self.engine.observation(seat)

    def copy(self) -> TransEuropaState:
        return TransEuropaState(self.game, self.engine.copy())


def save_record(state: TransEuropaState) -> dict[str, Any]:
    """The saved game of a Trans Europa state: the engine's record
    (:func:`workbench.games.trans_europa.save_game`), which names the game.

    Examples
    --------
    >>> from workbench import load_map
    >>> state = TransEuropa.create(load_map("maps/tiny.yaml"), players=2).new_state()
    >>> save_record(state)["game"]
    'trans_europa'
    """
    from workbench.games.trans_europa.record import save_game

    return save_game(state.engine)


def load_record(record: dict[str, Any], board: Board) -> TransEuropaState:
    """The state a Trans Europa record describes, on ``board`` (see
    :func:`workbench.games.trans_europa.load_game` for what is refused).

    Examples
    --------
    >>> from workbench import load_map
    >>> tiny = load_map("maps/tiny.yaml")
    >>> state = TransEuropa.create(tiny, players=2).new_state()
    >>> load_record(save_record(state), tiny) == state
    True
    """
    from workbench.games.trans_europa.record import load_game

    engine = load_game(record, board)
    return TransEuropaState(TransEuropa(engine.game), engine)
