"""The uniformly random player: it needs only the game protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

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


class RandomBot:
    """Plays a legal action chosen uniformly at random by its generator, in any game.

    A protocol bot factory: ``RandomBot(game, seat, rng)``. The action is
    ``actions[rng.integers(len(actions))]`` over the observation's legal actions, drawn by
    :func:`bounded_draw`.

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> game = GAMES["trans_europa"].new_game(players=2, seed=1, board="maps/tiny.yaml")
    >>> state = game.new_state()
    >>> bot = RandomBot(game, 0, np.random.default_rng(0))
    >>> bot, bot.act(state.observation(0)) in state.legal_actions()
    (RandomBot(seat=0), True)
    """

    name = "random"

    def __init__(self, game: Any, seat: int, rng: np.random.Generator) -> None:
        self.seat = seat
        self.rng = rng
        self._draw = bounded_draw(rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    def act(self, obs: Any) -> Any:
        """A legal action of ``obs``, uniformly at random; ``ValueError`` if it has none."""
        actions = obs.legal_actions
        if not actions:
            raise ValueError(f"seat {self.seat} is not on turn: it has no legal action")
        return actions[self._draw(len(actions))]
