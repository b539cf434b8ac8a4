"""The uniformly random player."""

from __future__ import annotations

from workbench.bots.base import Bot
from workbench.engine.actions import Action
from workbench.engine.state import Observation

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Plays a legal action chosen uniformly at random by its generator.

    Examples
    --------
    >>> import numpy as np
    >>> from workbench import load_map
    >>> from workbench.engine import Game
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=1)
    >>> state = game.new_state()
    >>> bot = RandomBot(game.board, game.rules, 2, 0, np.random.default_rng(0))
    >>> bot.act(state.observation(0)) in state.legal_actions()
    True
    """

    name = "random"

    def act(self, obs: Observation) -> Action:
        actions = obs.legal_actions
        if not actions:
            raise ValueError(f"seat {self.seat} is not on turn (round {obs.round}, {obs.phase})")
        return actions[int(self.rng.integers(len(actions)))]
