"""One seat of a game as a Gymnasium environment; registered bots play the other seats.

The observation is the seat's tensor (:mod:`workbench.envs.observe`), the action a number
of :mod:`workbench.envs.codec`; the legal actions come as ``info["action_mask"]`` and from
:meth:`SingleAgentEnv.action_masks` (what maskable learners such as sb3-contrib's
``MaskablePPO`` call). An illegal action changes nothing and costs ``illegal_reward``
(the episode goes on), so learners that ignore masks still learn. The reward is given at
the end: ``1/k - 1/n`` if the seat is one of ``k`` winners, else ``-1/n``.

>>> env = SingleAgentEnv("transorient_express", players=2, opponents="greedy")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, info["action_mask"].dtype.name
(True, 'int8')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from workbench.envs.table import MAX_MOVES, Table

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[np.ndarray, Any]):
    """Seat ``seat`` of ``game`` against registered bots (see the module's text).

    Parameters
    ----------
    game : str or protocol game
    seat : int
        The learner's seat.
    opponents : str or sequence of str
        The bots of the other seats by name (one for all, or one per other seat in seat
        order), from ``GAMES[name].bots``.
    players, board, rules :
        As for ``GAMES[name].new_game``.
    illegal_reward : float
        The reward of an illegal action (which is not played).
    max_moves : int
        History length at which an episode is truncated.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's own attribute)

    def __init__(
        self,
        game: Any,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        players: int | None = None,
        board: Any = None,
        rules: Any = None,
        illegal_reward: float = -1.0,
        max_moves: int = MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(game, players=players, board=board, rules=rules, max_moves=max_moves)
        n = self.table.players
        if not 0 <= seat < n:
            raise ValueError(f"seat is {seat!r}: use 0 to {n - 1}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"opponents has {len(names)} bots: give one, or {n - 1}")
        self.seat = seat
        self.bot_names = names
        self.factories = [self.table.info.bot(b) for b in names]
        self.illegal_reward = float(illegal_reward)
        size = self.table.encoder.size
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(self.table.codec.num_distinct_actions)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is {render_mode!r}: use 'ansi' or None")
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self.bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (a new deal); the bots play until the learner's turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        table = self.table
        table.reset(self._rng)
        others = [s for s in range(table.players) if s != self.seat]
        rngs = self._rng.spawn(len(others))
        self.bots = {
            s: f(table.game, s, r) for s, f, r in zip(others, self.factories, rngs, strict=True)
        }
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        table = self.table
        while not table.over() and table.state.to_play != self.seat:
            s = table.state.to_play
            table.play_action(self.bots[s].act(table.state.observation(s)))

    def _obs(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal": illegal}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as an int8 mask (all 0 once the game is over)."""
        if self.table.over():
            return np.zeros(self.table.codec.num_distinct_actions, dtype=np.int8)
        return self.table.mask()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the bots until its next turn.

        Examples
        --------
        >>> env = SingleAgentEnv("transorient_express", players=2)
        >>> _, info = env.reset(seed=1)
        >>> obs, reward, done, cut, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        >>> reward, done, info["illegal"]
        (0.0, False, False)
        """
        table = self.table
        if table.over():
            raise ValueError("the episode is over: call reset()")
        if int(action) not in table.legal()[1]:
            return self._obs(), self.illegal_reward, False, False, self._info(illegal=True)
        table.play(int(action))
        self._bots_play()
        cut = table.cut_off()
        done = table.over() and not cut
        reward = table.returns()[self.seat] if done else 0.0
        return self._obs(), reward, done, cut, self._info()

    def render(self) -> str | None:
        """The last ten actions as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return "\n".join(str(a) for a in self.table.state.history[-10:])
