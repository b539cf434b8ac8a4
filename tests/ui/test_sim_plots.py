"""Tests for workbench.ui.sim_plots: the comparison charts hold the result's numbers."""

from __future__ import annotations

import pytest
from bokeh.models.annotations import Legend, Whisker
from bokeh.plotting import figure

from workbench.maps.board import Board
from workbench.sim import SimResult, Variant, sweep
from workbench.ui.sim_plots import (
    END_COLORS,
    MIN_WIDTH,
    comparison_figures,
    end_reasons_figure,
    end_shares,
    round_length_figure,
    win_rate_figure,
)


@pytest.fixture(scope="module")
def result(tiny: Board) -> SimResult:
    variants = Variant.product(
        [tiny], {"race": "rulebook", "countdown": "countdown"}, [("random", "random")]
    )
    return sweep(variants, games=3, seed=2)


@pytest.mark.parametrize("by", ["seat", "bot"])
def test_win_rates_with_whiskers(result: SimResult, by: str) -> None:
    fig = win_rate_figure(result, by)
    table = result.win_rates(by)
    data = fig.select_one({"name": "win-rates"}).data_source.data
    assert data["rate"] == table["rate"].tolist()
    assert data["lo"] == table["lo"].tolist() and data["hi"] == table["hi"].tolist()
    assert [f[0] for f in data["factor"]] == table["variant"].tolist()
    (whisker,) = [r for r in fig.center if isinstance(r, Whisker)]
    assert (whisker.lower, whisker.upper, whisker.base) == ("lo", "hi", "factor")
    fair = fig.select_one({"name": "fair-share"}).data_source.data["fair"]
    assert set(fair) == {0.5}
    assert list(fig.x_range.factors) == data["factor"]


def test_round_lengths_are_distributions(result: SimResult) -> None:
    fig = round_length_figure(result)
    lines = list(fig.select({"name": "round-length"}))
    assert len(lines) == 2
    rounds = result.rounds.drop_duplicates(["variant", "game", "round"])
    for line in lines:
        data = line.data_source.data
        assert sum(data["share"]) == pytest.approx(1.0)
        name = data["variant"][0]
        turns = rounds.loc[rounds["variant"] == name, "turns"]
        mean = sum(t * s for t, s in zip(data["turns"], data["share"], strict=True))
        assert mean == pytest.approx(turns.mean())


def test_end_reasons_partition_the_rounds(result: SimResult) -> None:
    shares = end_shares(result)
    assert shares["variant"].tolist() == ["race", "countdown"]
    assert shares[list(END_COLORS)].sum(axis=1).round(12).tolist() == [1.0, 1.0]
    summary = result.summary().set_index("variant")
    for _, row in shares.iterrows():
        assert row["passive"] == pytest.approx(summary.loc[row["variant"], "passive_end"])
    fig = end_reasons_figure(result)
    source = fig.renderers[0].data_source
    assert source.data["variant"] == ["race", "countdown"]
    assert source.data["passive"] == shares["passive"].tolist()


def test_the_layout(result: SimResult) -> None:
    layout = comparison_figures(result, width=900)
    names = sorted(f.name for f in layout.select({"type": figure}))
    assert names == ["end-reasons", "round-lengths", "win-rates-bot", "win-rates-seat"]


def test_figures_stretch_to_the_notebook_and_legends_cover_nothing(result: SimResult) -> None:
    layout = comparison_figures(result)
    assert layout.sizing_mode == "stretch_width"
    for fig in layout.select({"type": figure}):
        assert fig.sizing_mode == "stretch_width" and fig.min_width == MIN_WIDTH
        assert not [r for r in fig.center if isinstance(r, Legend)]  # none over the plot
    for make in (round_length_figure, end_reasons_figure):
        fig = make(result)
        (legend,) = [r for r in fig.below if isinstance(r, Legend)]  # under the plot
        assert len(legend.items) >= 2
    fixed = comparison_figures(result, width=900)
    widths = [f.width for f in fixed.select({"type": figure})]
    assert widths == [442] * 4 and fixed.sizing_mode is None
