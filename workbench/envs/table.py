"""What the environments share, without any framework: a game played from a seed, chance
drawn with a numpy generator, actions as numbers, zero-sum rewards.

>>> table = Table("transorient_express", players=2)
>>> table.reset(np.random.default_rng(1))
>>> table.state.to_play is not None, int(table.mask().sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.envs.codec import ActionCodec, action_codec, data_of
from workbench.envs.observe import ObservationEncoder, observation_encoder
from workbench.games import GAMES, GameInfo, sample_chance

__all__ = ["MAX_MOVES", "Table", "zero_sum_returns"]

MAX_MOVES = 20_000
"""A game whose history (actions and chance outcomes) reaches this length is cut off."""


def zero_sum_returns(state: Any) -> list[float]:
    """``1/k - 1/n`` for each of the ``k`` winners of a finished game, ``-1/n`` for the
    others (``n`` seats); 0 for everyone while the game goes on.

    Examples
    --------
    >>> class Over:
    ...     game = type("G", (), {"players": 4})()
    ...     def is_terminal(self): return True
    ...     def winners(self): return (1, 2)
    >>> zero_sum_returns(Over())
    [-0.25, 0.25, 0.25, -0.25]
    """
    n = state.game.players
    if not state.is_terminal():
        return [0.0] * n
    winners = state.winners()
    if not winners:
        return [0.0] * n
    share = 1.0 / len(winners)
    return [(share if i in winners else 0.0) - 1.0 / n for i in range(n)]


class Table:
    """One game at a time of a registered game: a new deal (a new game seed) at each
    :meth:`reset`, chance drawn from the generator given there.

    Parameters
    ----------
    game : str or protocol game
        A registered name, or a game whose board or card set, rules and players are used.
    players, board, rules :
        As for ``GAMES[name].new_game`` (ignored when ``game`` is a game).
    max_moves : int
        The cut-off (:data:`MAX_MOVES`).
    """

    def __init__(
        self,
        game: Any,
        players: int | None = None,
        board: Any = None,
        rules: Any = None,
        max_moves: int = MAX_MOVES,
    ) -> None:
        if isinstance(game, str):
            self.info: GameInfo = GAMES[game]
            game = self.info.new_game(players=players, seed=0, rules=rules, board=board)
        else:
            self.info = GAMES[game.name]
        self.template = game
        self.name: str = game.name
        self.players: int = game.players
        self.codec: ActionCodec = action_codec(game)
        self.encoder: ObservationEncoder = observation_encoder(game)
        self.max_moves = max_moves
        self.game: Any = game
        self.state: Any = game.new_state()
        self.rng = np.random.default_rng(0)
        self._legal: list[Any] | None = None
        self._ids: list[int] | None = None
        self.length = 0  # the history's length (a protocol state makes a new tuple each time)
        self.decisions = 0  # decisions played since the table was made

    def reset(self, rng: np.random.Generator) -> None:
        """A new game, seeded from ``rng``, played up to the first decision."""
        self.rng = rng
        seed = int(rng.integers(2**31))
        t = self.template
        self.game = self.info.make_game(data_of(t), t.rules, t.players, seed)
        self.state = self.game.new_state()
        self.length = 0
        self._legal = self._ids = None
        self.resolve_chance()

    def over(self) -> bool:
        """The game is finished or cut off."""
        return self.length >= self.max_moves or bool(self.state.is_terminal())

    def cut_off(self) -> bool:
        """The history reached ``max_moves`` before the game ended."""
        return self.length >= self.max_moves and not self.state.is_terminal()

    def resolve_chance(self) -> None:
        """Draw chance outcomes until a seat is on turn or the game is over."""
        state = self.state
        while state.to_play is None and not self.over():
            state.apply(sample_chance(state, self.rng))
            self.length += 1
        self._legal = self._ids = None

    def legal(self) -> tuple[list[Any], list[int]]:
        """The legal actions of the seat on turn and their numbers (same order)."""
        if self._legal is None or self._ids is None:
            if self.over() or self.state.to_play is None:
                self._legal, self._ids = [], []
            else:
                self._legal = self.state.legal_actions()
                self._ids = self.codec.legal_indices(self._legal, sort=False)
        return self._legal, self._ids

    def mask(self) -> np.ndarray:
        """The legal actions as an int8 mask."""
        out = np.zeros(self.codec.num_distinct_actions, dtype=np.int8)
        ids = self.legal()[1]
        if ids:
            out[ids] = 1
        return out

    def observe(self, seat: int) -> np.ndarray:
        """The observation tensor of ``seat``."""
        return self.encoder.encode(self.state.observation(seat))

    def play(self, number: int) -> None:
        """Play the action numbered ``number`` for the seat on turn, then the chance
        outcomes after it; ``ValueError`` when it is not legal.

        Examples
        --------
        >>> table = Table("ticket_to_ride", players=2)
        >>> table.reset(np.random.default_rng(3))
        >>> table.play(table.legal()[1][0]); table.decisions
        1
        >>> table.play(-1)
        Traceback (most recent call last):
        ...
        ValueError: action -1 (-1) is not legal now
        """
        legal, ids = self.legal()
        try:
            action = legal[ids.index(int(number))]
        except ValueError:
            text = self.codec.text(int(number)) if 0 <= number < len(self.codec.texts) else number
            raise ValueError(f"action {number} ({text}) is not legal now") from None
        self.state.apply(action)
        self.length += 1
        self.decisions += 1
        self._legal = self._ids = None
        self.resolve_chance()

    def play_action(self, action: Any) -> None:
        """Play a protocol action (a bot's), then the chance outcomes after it."""
        self.state.apply(action)
        self.length += 1
        self.decisions += 1
        self._legal = self._ids = None
        self.resolve_chance()

    def returns(self) -> list[float]:
        """:func:`zero_sum_returns` of the current state."""
        return zero_sum_returns(self.state)
