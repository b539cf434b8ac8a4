"""The uniformly random player."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from workbench.games.trans_europa.bots.base import Bot
from workbench.games.trans_europa.actions import Action
from workbench.games.trans_europa.state import Observation
from workbench.maps.board import Board
from workbench.games.trans_europa.rules import Rules

__all__ = ["RandomBot", "bounded_draw"]

_2_32 = 1 << 32


def bounded_draw(rng: np.random.Generator) -> Callable[[int], int]:
    """A function ``draw(n)`` giving exactly ``int(rng.integers(n))``, in about 40 % of its time.

    Every call takes its numbers from ``rng`` itself, so the generator stays in step with
    ``rng.integers``: draws may be mixed with any other use of ``rng`` (a search bot shares
    its generator with its rollout bots). For ``1 <= n < 2**32`` numpy takes 32-bit numbers
    from the bit generator (its ``next_uint32``, which for PCG64 halves each 64-bit output,
    keeping the second half for the next call) and applies Lemire's bounded method; ``n ==
    1`` takes no number. ``draw`` does the same through the bit generator's public
    ``ctypes`` interface, without ``integers``' argument handling; any other ``n`` is left
    to ``rng.integers`` (which raises for ``n < 1``). Like numpy's generators, it is not
    for use from several threads at once.

    Examples
    --------
    >>> a, b = np.random.default_rng(7), np.random.default_rng(7)
    >>> draw = bounded_draw(a)
    >>> [draw(n) for n in (5, 1, 1000, 2)] == [int(b.integers(n)) for n in (5, 1, 1000, 2)]
    True
    >>> a.random() == b.random()  # the generators are in the same state after
    True
    """
    interface = rng.bit_generator.ctypes
    next32, state = interface.next_uint32, interface.state
    integers = rng.integers

    def draw(n: int) -> int:
        if n == 1:
            return 0
        if not 1 < n < _2_32:
            return int(integers(n))
        m = next32(state) * n
        if (m & 0xFFFFFFFF) < n:  # maybe in the biased low part: reject below 2**32 mod n
            threshold = (_2_32 - n) % n
            while (m & 0xFFFFFFFF) < threshold:
                m = next32(state) * n
        return m >> 32

    return draw


class RandomBot(Bot):
    """Plays a legal action chosen uniformly at random by its generator.

    The action is ``actions[rng.integers(len(actions))]``, drawn by :func:`bounded_draw`.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import Game
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=1)
    >>> state = game.new_state()
    >>> bot = RandomBot(game.board, game.rules, 2, 0, np.random.default_rng(0))
    >>> bot.act(state.observation(0)) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(
        self, board: Board, rules: Rules, players: int, seat: int, rng: np.random.Generator
    ) -> None:
        super().__init__(board, rules, players, seat, rng)
        self._draw = bounded_draw(rng)

    def act(self, obs: Observation) -> Action:
        actions = obs.legal_actions
        if not actions:
            raise ValueError(f"seat {self.seat} is not on turn (round {obs.round}, {obs.phase})")
        return actions[self._draw(len(actions))]
