"""Progressive widening holds its bound: a node gets a new child only while it has fewer
children than its width, ``widening * sqrt(visits + 1)`` (at least 1), at the time."""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.bots.search import SearchBot
from workbench.games import GAMES


class WatchedWidening(SearchBot):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.expansions: list[tuple[int, float]] = []
        self._last: tuple[Any, float] | None = None

    def _width(self, node: Any) -> float:
        width = super()._width(node)
        self._last = (node, width)
        return width

    def _expand(self, state: Any, seat: int, fresh: list[Any]) -> Any:
        known = len(state.legal_actions()) - len(fresh)
        if known:  # the width was asked for this node just before
            assert self._last is not None
            self.expansions.append((known, self._last[1]))
        return super()._expand(state, seat, fresh)


def test_a_node_is_widened_only_below_its_width() -> None:
    info = GAMES["trans_europa"]
    game = info.new_game(players=2, seed=1, board="maps/tiny.yaml")
    state = game.new_state()
    bot = WatchedWidening(game, 0, np.random.default_rng(0), playouts=80, widening=1.0)
    bot.act(state.observation(0))
    assert bot.expansions, "nodes with children were widened"
    for known, width in bot.expansions:
        assert known < width, (known, width)
    # enough widening for the bound to matter (after 3 visits: 2 children, not 3)
    assert len(bot.expansions) >= 20
