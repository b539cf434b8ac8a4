"""The workbench's games as PettingZoo AEC environments (``pip install rail-workbench[rl]``).

``env(game, ...)`` makes one: agents ``player_0`` ... ``player_{n-1}`` take turns as the
game says (a Trans Europa turn of two rails is two steps of the same agent); chance is
drawn inside the environment from the generator seeded by ``reset(seed=...)``, which also
seeds a new deal (a new game seed) each episode. An observation is a dict of
``observation`` (:mod:`workbench.envs.observe`'s float32 tensor of that seat) and
``action_mask`` (int8, 1 for each legal action of :mod:`workbench.envs.codec`; all 0 when
the agent is not on turn). Rewards come once, at the end: ``1/k - 1/n`` for each of ``k``
winners and ``-1/n`` for the others; a game cut off at ``max_moves`` is truncated with
rewards 0.

>>> e = env("transorient_express", players=2)
>>> e.reset(seed=1)
>>> obs, reward, done, cut, info = e.last()
>>> space = e.observation_space("player_0")
>>> e.agent_selection, obs["observation"].shape == space["observation"].shape
('player_0', True)
>>> e.step(int(np.flatnonzero(obs["action_mask"])[0]))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from workbench.envs.table import MAX_MOVES, Table

__all__ = ["RailEnv", "env"]


class RailEnv(AECEnv):
    """A PettingZoo AEC environment of one registered game (see the module's text).

    Parameters
    ----------
    game : str or protocol game
        A name of :data:`workbench.games.GAMES` or a game (its data file, rules and
        players are used; each episode deals anew).
    players, board, rules :
        As for ``GAMES[name].new_game``.
    max_moves : int
        History length at which an episode is truncated.
    render_mode : {"ansi", None}
        ``"ansi"``: :meth:`render` returns the last actions as text.
    """

    metadata = {  # noqa: RUF012 (PettingZoo's own attribute)
        "render_modes": ["ansi"],
        "name": "rail_workbench",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Any,
        players: int | None = None,
        board: Any = None,
        rules: Any = None,
        max_moves: int = MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.table = Table(game, players=players, board=board, rules=rules, max_moves=max_moves)
        self.metadata = {**self.metadata, "name": f"rail_workbench_{self.table.name}"}
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.table.encoder.size
        actions = self.table.codec.num_distinct_actions
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(actions)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is {render_mode!r}: use 'ansi' or None")
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (a new deal from the generator ``seed`` starts)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        table = self.table
        if table.over():
            cut = table.cut_off()
            returns = table.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._seat[a]]
                self.terminations[a] = not cut
                self.truncations[a] = cut
        else:
            self.agent_selection = self.possible_agents[table.state.to_play]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        table = self.table
        if not table.over() and table.state.to_play == seat:
            mask = table.mask()
        else:
            mask = np.zeros(table.codec.num_distinct_actions, dtype=np.int8)
        return {"observation": table.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (a number) for :attr:`agent_selection`; ``None`` for an agent
        whose game is over.

        Examples
        --------
        >>> e = env("transorient_express", players=2)
        >>> e.reset(seed=2)
        >>> before = e.agent_selection
        >>> e.step(int(np.flatnonzero(e.observe(before)["action_mask"])[0]))
        >>> e.rewards[before]
        0.0
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is on turn: give an action number, not None")
        self._cumulative_rewards[agent] = 0.0
        self.table.play(int(action))
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The last ten actions of the game as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        history = self.table.state.history
        return "\n".join(str(a) for a in history[-10:])

    def close(self) -> None:
        pass


def env(
    game: Any,
    players: int | None = None,
    board: Any = None,
    rules: Any = None,
    max_moves: int = MAX_MOVES,
    render_mode: str | None = None,
) -> RailEnv:
    """The PettingZoo AEC environment of ``game`` (a registered name or a game).

    Examples
    --------
    >>> e = env("ticket_to_ride", players=3)
    >>> e.possible_agents, int(e.action_space("player_1").n)
    (['player_0', 'player_1', 'player_2'], 3597)
    """
    return RailEnv(game, players, board, rules, max_moves, render_mode)
