"""Tests for workbench.ui.render: the Bokeh board picture and its HTML."""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from bokeh.models import ColumnDataSource, HoverTool, WheelZoomTool
from bokeh.models.annotations import LabelSet, Title
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure

from workbench import load_map
from workbench.maps.board import Area, Board, CardColor, City, Lattice
from workbench.ui.render import (
    DOUBLE_GAP,
    LABEL_CHAR_PX,
    LABEL_HEIGHT_PX,
    RENDERER_NAMES,
    board_figure,
    board_html,
    city_columns,
    save_board_html,
)

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
SHIPPED = ["trans_europa.yaml", "trans_amerika.yaml"]

SEGMENT_RENDERERS: dict[tuple[str, str | None], str] = {
    ("single", None): "segments-single",
    ("double", "water"): "segments-double-water",
    ("double", "mountain"): "segments-double-mountain",
    ("ferry", None): "segments-ferry",
    ("tunnel", None): "segments-tunnel",
}


def shipped(name: str) -> Board:
    path = MAPS / name
    if not path.exists():
        pytest.skip(f"{path} is not there yet")
    return load_map(path)


@pytest.fixture(scope="module")
def tiny_figure(tiny: Board) -> figure:
    return board_figure(tiny)


def renderer(fig: figure, name: str) -> GlyphRenderer[Any]:
    found = [r for r in fig.renderers if isinstance(r, GlyphRenderer) and r.name == name]
    assert len(found) == 1, f"expected one renderer named {name!r}, found {len(found)}"
    return found[0]


def data(fig: figure, name: str) -> dict[str, Any]:
    source = renderer(fig, name).data_source
    assert isinstance(source, ColumnDataSource)
    return dict(source.data)


def rows(fig: figure, name: str) -> int:
    columns = data(fig, name)
    return len(next(iter(columns.values()))) if columns else 0


def test_renderers_are_named_and_drawn_bottom_to_top(tiny_figure: figure) -> None:
    names = [r.name for r in tiny_figure.renderers if isinstance(r, GlyphRenderer)]
    assert names == list(RENDERER_NAMES)
    labels = [a.name for a in tiny_figure.center if isinstance(a, LabelSet)]
    assert labels == ["city-names-halo", "city-names"]


def test_figure_shape(tiny: Board) -> None:
    fig = board_figure(tiny, width=640, title="Lesson 1")
    assert fig.width == 640
    assert isinstance(fig.title, Title) and fig.title.text == "Lesson 1"
    assert fig.match_aspect
    default = board_figure(tiny).title
    assert isinstance(default, Title) and default.text == tiny.name
    assert fig.toolbar.active_scroll is None, "the wheel scrolls the page until zoom is picked"
    assert any(isinstance(t, WheelZoomTool) for t in fig.tools)


@pytest.mark.parametrize("name", ["tiny.yaml", *SHIPPED])
def test_one_row_per_segment_in_each_style(name: str) -> None:
    board = load_map(MAPS / name) if name == "tiny.yaml" else shipped(name)
    fig = board_figure(board)
    counts: Counter[tuple[str, str | None]] = Counter(
        (s.kind, s.terrain) for s in board.segments.values()
    )
    assert set(counts) <= set(SEGMENT_RENDERERS)
    for key, renderer_name in SEGMENT_RENDERERS.items():
        assert rows(fig, renderer_name) == counts.get(key, 0), renderer_name
    assert rows(fig, "tunnel-portals") == 2 * counts.get(("tunnel", None), 0)
    assert rows(fig, "points") == len(board.points)
    assert rows(fig, "cities") == len(board.cities)


def test_tiny_has_every_kind_of_segment(tiny_figure: figure) -> None:
    for renderer_name in SEGMENT_RENDERERS.values():
        assert rows(tiny_figure, renderer_name) > 0, renderer_name


def test_doubles_are_two_parallel_lines(tiny: Board, tiny_figure: figure) -> None:
    doubles = data(tiny_figure, "segments-double-water")
    for xs, ys in zip(doubles["xs"], doubles["ys"], strict=True):
        assert len(xs) == len(ys) == 5
        assert math.isnan(xs[2]) and math.isnan(ys[2])
        gap = math.hypot(xs[0] - xs[3], ys[0] - ys[3])
        assert gap == pytest.approx(2 * DOUBLE_GAP)


def test_city_source_and_hover(tiny: Board, tiny_figure: figure) -> None:
    cities = renderer(tiny_figure, "cities")
    columns = data(tiny_figure, "cities")
    assert columns["name"] == [c.name for c in tiny.cities]
    fills = {c.name: c.fill for c in tiny.colors}
    assert columns["fill"] == [fills[c.color] for c in tiny.cities]
    assert columns["point"][0] == f"[{tiny.cities[0].at[0]}, {tiny.cities[0].at[1]}]"
    assert columns["dashed"] == ["yes" if c.dashed else "no" for c in tiny.cities]
    assert renderer(tiny_figure, "cities-dashed").data_source is cities.data_source
    hovers = {t.name: t for t in tiny_figure.tools if isinstance(t, HoverTool)}
    assert hovers["city-hover"].renderers == [cities]
    tooltips = dict(hovers["city-hover"].tooltips)  # type: ignore[arg-type]
    assert set(tooltips) == {"city", "color", "point", "dashed"}


def test_ferries_and_tunnels_have_tooltips(tiny: Board, tiny_figure: figure) -> None:
    hover = next(t for t in tiny_figure.tools if t.name == "crossing-hover")
    assert isinstance(hover, HoverTool)
    expected = [renderer(tiny_figure, "segments-ferry"), renderer(tiny_figure, "segments-tunnel")]
    assert hover.renderers == expected
    ferry = data(tiny_figure, "segments-ferry")
    notes = [s.note for s in tiny.segments.values() if s.kind == "ferry"]
    assert ferry["note"] == notes and ferry["kind"] == ["ferry"] * len(notes)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_boards_have_35_cities(name: str) -> None:
    board = shipped(name)
    assert rows(board_figure(board), "cities") == 35


def test_a_board_without_terrain_or_cities_draws() -> None:
    board = Board(
        name="Strip",
        lattice=Lattice(4, 2),
        colors=(CardColor("brown", "#8B5A2B"),),
        land=(Area(((0, 0), (3.5, 0), (3.5, 1), (0, 1))),),
        cities=(City("A", "brown", (0, 0)),),
    )
    fig = board_figure(board)
    assert rows(fig, "segments-single") == len(board.segments) == 13
    assert rows(fig, "water-areas") == rows(fig, "segments-ferry") == 0


def test_html_fragment_is_offline(tiny: Board) -> None:
    fragment = board_html(tiny)
    assert "cdn.bokeh.org" not in fragment
    assert re.search(r"<(script|link)[^>]*\b(src|href)=", fragment) is None  # nothing fetched
    assert "Bokeh" in fragment and "bokeh.min.js" in fragment
    assert tiny._repr_html_().count("<script") == fragment.count("<script")


def test_save_writes_a_standalone_page(tiny: Board, tmp_path: Path) -> None:
    out = save_board_html(tiny, tmp_path / "tiny.html", title="Tiny & <friends>")
    assert out == tmp_path / "tiny.html"
    page = out.read_text(encoding="utf-8")
    assert page.lstrip().startswith("<!DOCTYPE html>")
    assert "cdn.bokeh.org" not in page and "Bokeh" in page
    assert "<title>Tiny &amp; &lt;friends&gt;</title>" in page
    assert sorted(os.listdir(tmp_path)) == ["tiny.html"]


def test_save_is_atomic(tiny: Board, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "board.html"
    target.write_text("the old page", encoding="utf-8")

    def fail(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        save_board_html(tiny, target)
    assert target.read_text(encoding="utf-8") == "the old page"
    assert sorted(os.listdir(tmp_path)) == ["board.html"]


@pytest.mark.parametrize("name", ["tiny.yaml", *SHIPPED])
def test_city_names_do_not_cover_each_other(name: str) -> None:
    board = load_map(MAPS / name) if name == "tiny.yaml" else shipped(name)
    columns = city_columns(board)
    boxes = []
    for text, x, y, align, baseline in zip(
        columns["name"],
        columns["label_x"],
        columns["label_y"],
        columns["label_align"],
        columns["label_baseline"],
        strict=True,
    ):
        w, h = LABEL_CHAR_PX * len(text) / 30, LABEL_HEIGHT_PX / 30
        left = x if align == "left" else x - w
        bottom = y if baseline == "bottom" else y - h
        boxes.append((text, left, bottom, left + w, bottom + h))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
            assert apart, f"the names {a[0]!r} and {b[0]!r} overlap"


def test_pages_and_fragments_carry_a_legend(tiny: Board, tmp_path: Path) -> None:
    from workbench.ui.render import board_html, legend_html, save_board_html

    legend = legend_html(tiny)
    for words in ("single", "double, water", "double, mountain", "ferry", "tunnel", "river",
                  "dashed card", *tiny.color_names):  # fmt: skip
        assert words in legend, words
    assert legend in board_html(tiny)
    page = save_board_html(tiny, tmp_path / "tiny.html").read_text(encoding="utf-8")
    assert legend in page and page.index(legend) < page.index("</body>")
    assert "segment usage" not in legend and "segment usage" in legend_html(heatmap=True)
