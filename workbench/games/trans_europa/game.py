"""Trans Europa / Trans Amerika behind the game protocol.

The rules live in :mod:`workbench.engine`; this module only presents them through the
protocol of :mod:`workbench.games.protocol`, without changing a single move: the same seed
and bots give the same games as the engine alone.

* :class:`TransEuropa` is the immutable game (board, rules, players, seed) around an
  engine :class:`~workbench.engine.Game`;
* :class:`TransEuropaState` is the state around an engine :class:`~workbench.engine.State`
  (``state.engine``), whose observations are the engine's own;
* the chance nodes are the moments between rounds: the next round's deal follows from the
  game's seed, so the only outcome is ``NextRound`` (text ``N``), with probability 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.engine.actions import Action, NextRound, parse_action
from workbench.engine.game import Game as EngineGame
from workbench.engine.state import Observation
from workbench.engine.state import State as EngineState
from workbench.maps.board import Board
from workbench.rules.rules import Rules

__all__ = ["TransEuropa", "TransEuropaState", "board_fingerprint"]

NAME = "trans_europa"


def board_fingerprint(board: Board) -> str:
    """The fingerprint of ``board``'s canonical file text (see
    :func:`workbench.games.record.fingerprint`).

    Examples
    --------
    >>> from workbench import load_map
    >>> tiny = load_map("maps/tiny.yaml")
    >>> board_fingerprint(tiny) == board_fingerprint(tiny.move_city("Alder", (2, 2)))
    False
    """
    from workbench.games.record import fingerprint
    from workbench.maps.io import dumps_map

    return fingerprint(dumps_map(board))


@dataclass(frozen=True)
class TransEuropa:
    """A game of Trans Europa (or Trans Amerika: the board decides) behind the protocol.

    Parameters
    ----------
    engine : workbench.engine.Game
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

    def to_record(self) -> dict[str, Any]:
        """The game's parameters as JSON-ready data: the board's name and fingerprint, the
        rules as a rules file's text, players, seed and fixed hands.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa.create(load_map("maps/tiny.yaml"), players=2, seed=4)
        >>> record = game.to_record()
        >>> record["board"], record["players"], record["seed"], len(record["board_fingerprint"])
        ('Tiny Island', 2, 4, 16)
        """
        return {**self.engine.to_dict(), "board_fingerprint": board_fingerprint(self.board)}

    @classmethod
    def from_record(cls, record: dict[str, Any], board: Board) -> TransEuropa:
        """The game a saved-game record describes, on ``board``.

        Raises ``ValueError`` when the record was played on another board (by name or by
        fingerprint: an edited board under the same name) or its fields are not right.
        """
        from workbench.rules.io import loads_rules

        name = record.get("board")
        if name != board.name:
            raise ValueError(f"the saved game is on board {name!r}, not on {board.name!r}")
        mark = record.get("board_fingerprint")
        if mark != board_fingerprint(board):
            raise ValueError(
                f"the saved game was played on another version of {board.name!r} "
                f"(fingerprint {mark!r}, this board's is {board_fingerprint(board)!r}): "
                "load it with the board it was played on"
            )
        rules_text = record.get("rules")
        if not isinstance(rules_text, str):
            raise ValueError(f"the saved game's 'rules' is {rules_text!r}: it should be text")
        numbers: dict[str, int] = {}
        for key in ("players", "seed"):
            value = record.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"the saved game's {key!r} is {value!r}: use a whole number")
            numbers[key] = value
        hands = record.get("hands")
        if hands is not None and not isinstance(hands, list):
            raise ValueError(f"the saved game's 'hands' is {hands!r}: a list of deals, or null")
        rules = loads_rules(rules_text, path="<saved game>")
        return cls.create(
            board, rules, players=numbers["players"], seed=numbers["seed"], hands=hands
        )


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
