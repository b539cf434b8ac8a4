"""Draw a :class:`~workbench.sim.SimResult`: win rates with their intervals, round lengths,
how rounds end.

Every chart compares the variants of one result side by side, one color per variant:

* :func:`win_rate_figure` -- each seat's (or bot's) win rate as a dot with its 95 % Wilson
  interval as whiskers, and a dash at the fair share ``1 / players``;
* :func:`round_length_figure` -- the distribution of turns per round, one line per variant;
* :func:`end_reasons_figure` -- stacked bars of how rounds end: a player finishing with
  their own last rail, finishing passively (someone else's rail joined them), the rail
  supply running out, or another reason the engine gives (colored rails walling everyone in);
* :func:`comparison_figures` lays them out together.

Figures stretch to the width of the notebook (pass ``width=`` for a fixed one), so opening
JupyterLab's file browser narrows them instead of cutting them off; legends sit below the
plot, never over its lines. In a notebook, show them with ``bokeh.io.show`` after
``output_notebook(resources=INLINE)``.
Every figure and main renderer has a ``name``, so tests find them with ``select(name=...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd
from bokeh.layouts import column, row
from bokeh.models import (
    ColumnDataSource,
    DataRange1d,
    FactorRange,
    HoverTool,
    NumeralTickFormatter,
    Range1d,
)
from bokeh.models.annotations import Whisker
from bokeh.palettes import Category10_10
from bokeh.plotting import figure
from bokeh.transform import factor_cmap

if TYPE_CHECKING:
    from bokeh.models import LayoutDOM

    from workbench.sim import SimResult

__all__ = [
    "END_COLORS",
    "MIN_WIDTH",
    "comparison_figures",
    "end_reasons_figure",
    "end_shares",
    "round_length_figure",
    "win_rate_figure",
]

END_COLORS: dict[str, str] = {
    "finished": "#4a78a8",
    "passive": "#9ecae1",
    "supply": "#e6842a",
    "other": "#b0b0b0",
}
"""How a round ended -> its color in :func:`end_reasons_figure`."""

_ENDS = {
    "finished": "finished (own last rail)",
    "passive": "finished passively",
    "supply": "rails ran out",
    "other": "other",
}


MIN_WIDTH = 300
"""The narrowest a stretching figure gets, in pixels."""


def _size(width: int | None, height: int) -> dict[str, Any]:
    """A figure's size: ``width`` pixels, or the container's width (``None``)."""
    if width is None:
        return {"height": height, "sizing_mode": "stretch_width", "min_width": MIN_WIDTH}
    return {"width": width, "height": height}


def _legend_below(fig: figure, items: int) -> None:
    """Move the figure's legend under the plot, where it covers nothing."""
    if not fig.legend:
        return
    legend = fig.legend[0]
    fig.center.remove(legend)  # the glyph methods put it inside the plot
    legend.update(
        label_text_font_size="8pt", border_line_alpha=0, ncols=min(items, 2),
        spacing=2, padding=4, margin=4, location="top_left",
    )  # fmt: skip
    fig.add_layout(legend, "below")


def _palette(names: list[str]) -> list[str]:
    return [Category10_10[i % 10] for i in range(len(names))]


def _variants(result: SimResult) -> list[str]:
    return [v.name for v in result.variants]


def win_rate_figure(
    result: SimResult, by: str = "seat", *, width: int | None = None, height: int = 320
) -> figure:
    """Win rates by seat (or bot) per variant, with 95 % Wilson intervals as whiskers.

    Parameters
    ----------
    result : SimResult
    by : {"seat", "bot"}
    width : int, optional
        The figure's width in pixels; by default it stretches to its container.
    height : int

    Returns
    -------
    bokeh.plotting.figure
        Named ``"win-rates-seat"`` (or ``-bot``); its dots are the renderer ``"win-rates"``
        and the fair shares ``"fair-share"``.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> fig = win_rate_figure(result)
    >>> fig.name, fig.select_one({"name": "win-rates"}).data_source.data["label"]
    ('win-rates-seat', ['seat 0', 'seat 1'])
    """
    table = result.win_rates(by)
    names = _variants(result)
    labels = [f"seat {v}" if by == "seat" else str(v) for v in table[by]]
    factors = list(zip(table["variant"], labels, strict=True))
    data: dict[str, Any] = {
        "factor": factors,
        "variant": table["variant"].tolist(),
        "label": labels,
        "rate": table["rate"].tolist(),
        "lo": table["lo"].tolist(),
        "hi": table["hi"].tolist(),
        "n": table["n"].tolist(),
        "wins": table["wins"].tolist(),
        "fair": table["fair"].tolist(),
    }
    source = ColumnDataSource(data)
    fig = figure(
        **_size(width, height),
        title=f"Win rate by {by} (95% Wilson intervals; ties shared)",
        x_range=FactorRange(factors=factors, group_padding=0.8, range_padding=0.05),
        y_range=Range1d(start=-0.03, end=1.04),
        tools="save",
        toolbar_location=None,
        y_axis_label="win rate",
        name=f"win-rates-{by}",
    )
    color = factor_cmap("variant", palette=_palette(names), factors=names)
    fig.add_layout(
        Whisker(source=source, base="factor", lower="lo", upper="hi", line_color="#404040")
    )
    fig.scatter(
        x="factor", y="fair", source=source, marker="dash", size=22, line_width=2,
        color="#808080", name="fair-share",
    )  # fmt: skip
    dots = fig.scatter(
        x="factor", y="rate", source=source, size=10, fill_color=color, line_color="#303030",
        name="win-rates",
    )  # fmt: skip
    fig.add_tools(HoverTool(renderers=[dots], tooltips=[
        ("variant", "@variant"), (by, "@label"), ("win rate", "@rate{0.0%}"),
        ("95% interval", "@lo{0.0%} to @hi{0.0%}"), ("wins", "@wins{0.[00]} of @n"),
        ("fair share", "@fair{0.0%}")]))  # fmt: skip
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    fig.xgrid.grid_line_color = None
    fig.xaxis.major_label_orientation = 0.0 if len(factors) <= 12 else 0.8
    return fig


def round_length_figure(
    result: SimResult, *, width: int | None = None, height: int = 300
) -> figure:
    """The distribution of a round's length (turns, all seats together), one line per variant.

    The legend (each variant with its mean) sits under the plot.

    Returns
    -------
    bokeh.plotting.figure
        Named ``"round-lengths"``; one step line per variant, named ``"round-length"``.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> fig = round_length_figure(result)
    >>> lines = fig.select({"name": "round-length"})
    >>> len(lines), round(sum(lines[0].data_source.data["share"]), 6)
    (1, 1.0)
    """
    rounds = result.rounds.drop_duplicates(["variant", "game", "round"])
    names = _variants(result)
    fig = figure(
        **_size(width, height),
        title="Round length: share of rounds by turns",
        tools="save",
        toolbar_location=None,
        x_axis_label="turns in the round (all seats)",
        y_axis_label="share of rounds",
        y_range=DataRange1d(start=0),
        name="round-lengths",
    )
    for name, color in zip(names, _palette(names), strict=True):
        turns = rounds.loc[rounds["variant"] == name, "turns"]
        if turns.empty:
            continue
        counts = turns.value_counts().sort_index()
        span = range(int(counts.index.min()), int(counts.index.max()) + 1)
        full = counts.reindex(span, fill_value=0)
        data: dict[str, Any] = {
            "turns": full.index.tolist(),
            "share": (full / full.sum()).tolist(),
            "variant": [name] * len(full),
        }
        fig.step(
            x="turns", y="share", source=ColumnDataSource(data), mode="center", line_width=2,
            color=color, legend_label=f"{name} (mean {turns.mean():.1f})", name="round-length",
        )  # fmt: skip
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    _legend_below(fig, len(names))
    return fig


def end_shares(result: SimResult) -> pd.DataFrame:
    """How each variant's rounds ended, as shares that add up to 1 per variant.

    A round counts as ``finished`` when the seat that placed its last rail finished,
    ``passive`` when someone finished but not that seat, ``supply`` when nobody finished
    and the rails ran out, and ``other`` otherwise.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> shares = end_shares(result)
    >>> list(shares.columns), float(shares.iloc[0, 1:].sum())
    (['variant', 'finished', 'passive', 'supply', 'other'], 1.0)
    """
    rounds = result.rounds.drop_duplicates(["variant", "game", "round"])
    ended = pd.Series("other", index=rounds.index)
    ended[(rounds["finishers"] == 0) & (rounds["reason"] == "supply")] = "supply"
    ended[rounds["finishers"] > 0] = "finished"
    ended[rounds["passive_end"]] = "passive"
    shares = pd.crosstab(rounds["variant"], ended, normalize="index")
    shares = shares.reindex(index=_variants(result), columns=list(END_COLORS), fill_value=0.0)
    shares = shares.fillna(0.0)
    shares.columns.name = None
    return shares.rename_axis("variant").reset_index()


def end_reasons_figure(result: SimResult, *, width: int | None = None, height: int = 300) -> figure:
    """Stacked bars of how rounds end, one bar per variant (see :func:`end_shares`).

    Returns
    -------
    bokeh.plotting.figure
        Named ``"end-reasons"``; one stacked renderer per way of ending.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> fig = end_reasons_figure(result)
    >>> sorted(r.name for r in fig.renderers)
    ['end-finished', 'end-other', 'end-passive', 'end-supply']
    """
    shares = end_shares(result)
    names = shares["variant"].tolist()
    data: dict[str, Any] = {"variant": names}
    for key in END_COLORS:
        data[key] = shares[key].tolist()
    fig = figure(
        **_size(width, height),
        title="How rounds end",
        x_range=FactorRange(factors=names, range_padding=0.1),
        y_range=Range1d(start=0, end=1),
        tools="save",
        toolbar_location=None,
        y_axis_label="share of rounds",
        name="end-reasons",
    )
    bars = fig.vbar_stack(
        list(END_COLORS), x="variant", width=0.6, source=ColumnDataSource(data),
        color=list(END_COLORS.values()), legend_label=[_ENDS[k] for k in END_COLORS],
        name=[f"end-{k}" for k in END_COLORS],
    )  # fmt: skip
    for key, renderer in zip(END_COLORS, bars, strict=True):
        fig.add_tools(HoverTool(renderers=[renderer], tooltips=[
            ("variant", "@variant"), (_ENDS[key], f"@{key}{{0.0%}}")]))  # fmt: skip
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    fig.xgrid.grid_line_color = None
    _legend_below(fig, len(END_COLORS))
    return fig


def comparison_figures(result: SimResult, *, width: int | None = None) -> LayoutDOM:
    """Every chart of a comparison: win rates by seat and by bot, round lengths, endings.

    Two charts a row, stretching to the notebook's width (or ``width`` pixels in all).

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> layout = comparison_figures(result)
    >>> sorted(fig.name for fig in layout.select({"type": figure}))
    ['end-reasons', 'round-lengths', 'win-rates-bot', 'win-rates-seat']
    """
    half = None if width is None else (width - 16) // 2
    stretch: dict[str, Any] = {"sizing_mode": "stretch_width"} if width is None else {}
    return column(
        row(win_rate_figure(result, "seat", width=half),
            win_rate_figure(result, "bot", width=half), spacing=16, **stretch),
        row(round_length_figure(result, width=half),
            end_reasons_figure(result, width=half), spacing=16, **stretch),
        spacing=16, **stretch,
    )  # fmt: skip
