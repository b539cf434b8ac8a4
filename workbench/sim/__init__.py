"""Simulated playtests: many games of a board, rules and bots, as tidy tables.

:func:`simulate` plays one variant, :func:`sweep` several from the same seeds (common
random numbers), in this process, in local processes or on a Dask cluster, with the same
tables byte for byte. :class:`SimResult` holds one row per player per round and one per
game; :meth:`SimResult.summary` compares variants (win rates by seat with their balance,
round length, duration, score spread, how rounds end) and :meth:`SimResult.win_rates`
gives win rates by seat or bot with 95 % Wilson intervals. Plots are in
:mod:`workbench.ui.sim_plots`; the core never imports Bokeh.

>>> from workbench.sim import simulate
>>> result = simulate("maps/tiny.yaml", "rulebook", ["random", "random"], games=4, seed=1)
>>> len(result.games), float(result.win_rates().rate.sum())
(4, 1.0)
"""

from workbench.games.tables import game_seeds, lineup
from workbench.sim.result import SimResult
from workbench.sim.run import simulate, sweep
from workbench.sim.stats import Z95, balance, compare_variants, wilson, win_rates
from workbench.sim.variants import BotSpec, Variant, bot_factory, bot_label

__all__ = [
    "Z95",
    "BotSpec",
    "SimResult",
    "Variant",
    "balance",
    "bot_factory",
    "bot_label",
    "compare_variants",
    "game_seeds",
    "lineup",
    "simulate",
    "sweep",
    "wilson",
    "win_rates",
]
