"""Tests for workbench.ui.report: the usage and start heatmaps, the report's charts and page."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.models.annotations import ColorBar
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure

from workbench.analysis import segment_usage, start_heatmap
from workbench.analysis.report import MapReport, analyze
from workbench.maps.board import Board
from workbench.maps.lattice import plane_xy
from workbench.ui.render import board_figure
from workbench.ui.report import (
    FADED_SEGMENTS,
    USAGE_WIDTH,
    report_figures,
    report_html,
    save_report_html,
    start_heatmap_overlay,
    usage_overlay,
)

HAND = ["Alder", "Cedar", "Fir", "Ginkgo", "Ivy"]
SCRIPT_SRC = re.compile(r"<script[^>]*\bsrc\s*=", re.IGNORECASE)


@pytest.fixture(scope="module")
def report(tiny: Board) -> MapReport:
    return analyze(tiny, chokepoint_candidates=None)


def renderer(fig: figure, name: str) -> GlyphRenderer[Any]:
    found = [r for r in fig.renderers if isinstance(r, GlyphRenderer) and r.name == name]
    assert len(found) == 1, f"expected one renderer named {name!r}, found {len(found)}"
    return found[0]


def data(fig: figure, name: str) -> dict[str, Any]:
    source = renderer(fig, name).data_source
    assert isinstance(source, ColumnDataSource)
    return dict(source.data)


def color_bar(fig: figure, name: str) -> ColorBar:
    bars = [m for m in fig.below if isinstance(m, ColorBar) and m.name == name]
    assert len(bars) == 1, f"expected one color bar named {name!r} below the figure"
    return bars[0]


def hover_on(fig: figure, r: GlyphRenderer[Any]) -> HoverTool:
    tools = [t for t in fig.tools if isinstance(t, HoverTool) and r in (t.renderers or [])]
    assert len(tools) == 1
    return tools[0]


def names(fig: figure) -> list[str]:
    return [r.name for r in fig.renderers if isinstance(r, GlyphRenderer)]


# ---------------------------------------------------------------------------- usage


def test_usage_overlay_draws_one_row_per_used_segment(tiny: Board) -> None:
    usage = segment_usage(tiny)
    fig = board_figure(tiny)
    height = fig.height
    heat = usage_overlay(fig, tiny, usage)
    assert heat is renderer(fig, "usage-heatmap")
    columns = data(fig, "usage-heatmap")
    used = usage[usage.share > 0]
    assert 0 < len(used) < len(usage)  # the tiny board has unused segments: they are left out
    assert len(columns["share"]) == len(used)
    assert sorted(columns["share"]) == sorted(used.share)
    assert list(columns["share"]) == sorted(columns["share"])  # the most used drawn on top
    # each row's ends are its segment's ends
    ends = {(plane_xy(a), plane_xy(b)) for a, b in zip(used.a, used.b, strict=True)}
    drawn = zip(columns["x0"], columns["y0"], columns["x1"], columns["y1"], strict=True)
    assert {((x0, y0), (x1, y1)) for x0, y0, x1, y1 in drawn} == ends
    # width grows with share, from USAGE_WIDTH[0] to USAGE_WIDTH[1] at the top share
    width, share = np.asarray(columns["width"]), np.asarray(columns["share"])
    assert np.all(np.diff(width) >= 0) and width.max() == pytest.approx(USAGE_WIDTH[1])
    assert width.min() >= USAGE_WIDTH[0]
    bar = color_bar(fig, "usage-colorbar")
    assert bar.color_mapper.high == pytest.approx(share.max())
    assert fig.height == height + 62  # room for the color bar
    tips = dict(hover_on(fig, heat).tooltips)
    assert "{0.0%}" in tips["used by"] and "segment" in tips and "kind" in tips


def test_usage_overlay_sits_between_segments_and_cities(tiny: Board) -> None:
    fig = board_figure(tiny)
    usage_overlay(fig, tiny, segment_usage(tiny))
    order = names(fig)
    assert order.index("segments-tunnel") < order.index("usage-heatmap") < order.index("points")
    assert renderer(fig, "segments-single").glyph.line_alpha == FADED_SEGMENTS
    assert renderer(fig, "cities").glyph.line_alpha == 1.0  # only the segments fade


def test_usage_overlay_names_cities_in_the_hover(tiny: Board) -> None:
    fig = board_figure(tiny)
    usage_overlay(fig, tiny, segment_usage(tiny), fade=None)
    between = data(fig, "usage-heatmap")["between"]
    assert any(c.name in text for c in tiny.cities for text in between)
    assert renderer(fig, "segments-single").glyph.line_alpha == 1.0


def test_usage_overlay_with_no_use_draws_nothing(tiny: Board) -> None:
    unused = segment_usage(tiny).assign(hands=0, share=0.0)
    fig = board_figure(tiny)
    usage_overlay(fig, tiny, unused)
    assert len(data(fig, "usage-heatmap")["share"]) == 0
    color_bar(fig, "usage-colorbar")


# ---------------------------------------------------------------------------- start heatmap


def test_start_heatmap_colors_every_point_and_marks_the_best(tiny: Board) -> None:
    costs = start_heatmap(tiny, HAND)
    fig = board_figure(tiny)
    tiles = start_heatmap_overlay(fig, tiny, costs)
    assert tiles is renderer(fig, "start-heatmap")
    columns = data(fig, "start-heatmap")
    assert len(columns["cost"]) == len(costs) == len(tiny.points)
    assert list(columns["cost"]) == costs.tolist()
    assert (columns["x"][0], columns["y"][0]) == plane_xy(costs.index[0])
    best = data(fig, "start-heatmap-best")
    assert len(best["cost"]) == int((costs == costs.min()).sum())
    assert set(best["cost"]) == {costs.min()}
    bar = color_bar(fig, "start-heatmap-colorbar")
    assert (bar.color_mapper.low, bar.color_mapper.high) == (costs.min(), costs.max())
    order = names(fig)
    assert order.index("mountains") < order.index("start-heatmap") < order.index("segments-single")
    assert "@cost" in dict(hover_on(fig, tiles).tooltips)["rails to finish the hand"]


def test_start_heatmap_greys_out_unreachable_points(tiny: Board) -> None:
    costs = start_heatmap(tiny, HAND)
    costs.iloc[0] = np.inf
    fig = board_figure(tiny)
    start_heatmap_overlay(fig, tiny, costs)
    drawn = np.asarray(data(fig, "start-heatmap")["cost"], dtype=float)
    assert np.isnan(drawn[0]) and np.isfinite(drawn[1:]).all()
    assert np.isfinite(data(fig, "start-heatmap-best")["cost"]).all()


# ---------------------------------------------------------------------------- the report


def test_report_figures(report: MapReport) -> None:
    layout = report_figures(report, width=1000)
    figs = {f.name: f for f in layout.select({"type": figure})}
    assert set(figs) == {"cost-histogram", "city-effects", "usage-board"}
    hist = figs["cost-histogram"]
    assert hist.xaxis[0].axis_label == "rails to join the hand"
    assert hist.yaxis[0].axis_label == "hands"
    bars = data(hist, "cost-bars")
    assert dict(zip(bars["cost"], bars["hands"], strict=True)) == report.summary.histogram
    cities = data(figs["city-effects"], "city-bars")
    fills = {c.name: c.fill for c in report.board.colors}
    assert sorted(cities["city"]) == sorted(report.cities.city)
    assert [fills[c] for c in cities["color"]] == list(cities["fill"])
    assert cities["factor"][-1] == (report.cities.color.iloc[0], report.cities.city.iloc[0])
    board = figs["usage-board"]
    used = int((report.usage.share > 0).sum())
    assert len(data(board, "usage-heatmap")["share"]) == used
    assert figs["city-effects"].height == board.height  # the chart stands beside the board
    assert sum(f.width for f in (board, figs["city-effects"])) <= 1000


def test_report_html_is_offline_and_says_the_findings(report: MapReport) -> None:
    fragment = report_html(report)
    assert fragment.startswith('<div class="workbench-report">')
    for line in report.findings:
        assert f"<li>{html.escape(line)}</li>" in fragment
    assert "cdn.bokeh.org" not in fragment and not SCRIPT_SRC.search(fragment)
    assert 'class="dataframe workbench-table wb-costs"' in fragment
    assert 'class="dataframe workbench-table wb-colors"' in fragment
    for color in report.colors.color:
        assert f"<td>{color}</td>" in fragment
    assert "Bokeh" in fragment and "embed_items" in fragment  # BokehJS and the figures
    assert report._repr_html_().startswith('<div class="workbench-report">')


def test_save_report_html_writes_a_standalone_page(report: MapReport, tmp_path: Path) -> None:
    out = save_report_html(report, str(tmp_path / "tiny.html"))
    assert out == tmp_path / "tiny.html"
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<title>Tiny Island: map report</title>" in page
    assert "cdn.bokeh.org" not in page and not SCRIPT_SRC.search(page)
    markup = re.sub(r"<script\b.*?</script>", "", page, flags=re.DOTALL)  # BokehJS aside
    assert "http" not in markup  # nothing outside the page is linked
    assert all(html.escape(line) in page for line in report.findings)
    assert out.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["tiny.html"]  # no temporary file left


def test_save_report_html_is_atomic(
    report: MapReport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.html"
    target.write_text("the old page", encoding="utf-8")
    target.chmod(0o600)

    def broken(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        assert Path(src).parent == target.parent  # the temporary file is beside the target
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        save_report_html(report, target)
    assert target.read_text(encoding="utf-8") == "the old page"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    monkeypatch.undo()
    save_report_html(report, target)
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert target.stat().st_mode & 0o777 == 0o600  # an existing page keeps its mode


def test_europe_usage_overlay(europe: Board) -> None:
    usage = segment_usage(europe)
    fig = board_figure(europe)
    heat = usage_overlay(fig, europe, usage)
    assert len(heat.data_source.data["share"]) == int((usage.share > 0).sum())
    assert isinstance(usage, pd.DataFrame) and len(usage) == len(europe.segments)


def test_report_html_says_what_the_text_report_says(tiny: Board) -> None:
    report = analyze(tiny, chokepoint_candidates=2)
    page = html.unescape(re.sub(r"<[^>]+>", "", report_html(report)))
    c = report.choke
    assert c is not None
    assert "Most used segments" in page and "Chokepoints" in page
    top = report.usage.iloc[0]
    assert f"{top.share:.1%}" in page
    bridges = len(c.bridges)
    assert f"{bridges} bridge{'' if bridges == 1 else 's'} (segments whose loss" in page
    assert " 1 bridges" not in page and " 1 articulation points" not in page
    far = report.distances.stack()
    a, b = far.idxmax()
    assert f"Farthest cities: {a} to {b}, {far.max()} rails" in page
    assert "segment usage" in page and "dashed card" in page
    assert 'class="wb-legend"' in report_html(report)


def test_report_html_says_when_a_list_is_cut(europe: Board) -> None:
    report = analyze(europe, chokepoint_candidates=1)
    page = html.unescape(re.sub(r"<[^>]+>", "", report_html(report)))
    assert report.choke is not None
    bridges = len(report.choke.bridges)
    if bridges > 12:
        assert f"and {bridges - 12} more" in page
    used = int((report.usage.share > 0).sum())
    assert f"the 8 most used of {used} used segments" in page


def test_plurals_and_cut_lists() -> None:
    from workbench.ui.report import plural, shown_list

    assert [plural(n, "bridge") for n in (0, 1, 2)] == ["0 bridges", "1 bridge", "2 bridges"]
    assert shown_list([str(i) for i in range(14)], 12).endswith("10, 11 and 2 more")
    assert shown_list(["a"], 12) == "a"


def test_no_board_or_chart_of_the_report_zooms_on_the_wheel(report: MapReport) -> None:
    from bokeh.models import Toolbar

    layout = report_figures(report)
    toolbars = list(layout.select({"type": Toolbar}))
    assert toolbars and all(t.active_scroll is None for t in toolbars)
