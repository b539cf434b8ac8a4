"""Tests for workbench.ui.boardview: a board and a game drawn in one figure, updated fast."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.models.renderers import GlyphRenderer
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench import Board
from workbench.analysis import missing_rails, segment_usage, start_heatmap
from workbench.games.trans_europa import PlaceMarker, PlaceRail
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa import TransEuropaState as State
from workbench.maps.lattice import plane_xy
from workbench.ui.boardview import (
    PLAYER_COLORS,
    VIEW_NAMES,
    BoardView,
    Frame,
    player_color,
)
from workbench.ui.render import RENDERER_NAMES


def played(board: Board, players: int, actions: int, seed: int = 1) -> State:
    """A state after ``actions`` seeded random actions of round 1."""
    state = Game(board, players=players, seed=seed).new_state()
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        if state.phase not in ("markers", "build"):
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def names(view: BoardView) -> list[str]:
    return [r.name for r in view.figure.renderers if isinstance(r, GlyphRenderer)]


@pytest.fixture(scope="module")
def europe_state(europe: Board) -> State:
    return played(europe, 4, 40)


# ---------------------------------------------------------------------------- layers


def test_every_layer_is_one_named_renderer_in_order(tiny: Board) -> None:
    view = BoardView(tiny)
    drawn = names(view)
    for name in (*VIEW_NAMES, *[n for n in RENDERER_NAMES if n != "mountain-lines"]):
        assert drawn.count(name) == 1, name
    order = [drawn.index(n) for n in VIEW_NAMES]
    assert order == sorted(order), "VIEW_NAMES lists the layers bottom to top"
    # the game's lines lie under the points and cities, markers and rings over them
    assert drawn.index("rails") < drawn.index("points") < drawn.index("cities")
    assert drawn.index("cities") < drawn.index("hand") < drawn.index("markers")
    assert view.figure.select_one({"name": "marker-labels"}) is not None


def test_the_frame_is_fixed_at_one_scale_and_holds_the_board(europe: Board) -> None:
    view = BoardView(europe, width=700)
    fig, frame = view.figure, view.frame
    assert isinstance(fig.x_range, Range1d) and isinstance(fig.y_range, Range1d)
    assert (fig.x_range.start, fig.x_range.end) == (frame.x_start, frame.x_end)
    assert (fig.y_range.start, fig.y_range.end) == (frame.y_start, frame.y_end)
    assert (fig.frame_width, fig.frame_height) == (frame.width, frame.height)
    assert frame.width + 2 * frame.left == 700
    x_scale = frame.width / (frame.x_end - frame.x_start)
    y_scale = frame.height / (frame.y_end - frame.y_start)
    assert x_scale == pytest.approx(y_scale, rel=1e-9)
    for p in europe.points:
        x, y = plane_xy(p)
        assert frame.x_start < x < frame.x_end and frame.y_start < y < frame.y_end


@given(
    x=st.floats(-5, 40, allow_nan=False),
    y=st.floats(-30, 5, allow_nan=False),
    width=st.integers(100, 2000),
)
def test_frame_pixels_are_affine_and_keep_the_aspect(x: float, y: float, width: int) -> None:
    frame = Frame(-1.0, 31.0, -21.0, 1.0, width, round(width * 22 / 32), 4, 4)
    px, py = frame.pixel(x, y)
    assert px == pytest.approx(4 + (x + 1) * frame.scale)
    assert py == pytest.approx(4 + (y + 21) * frame.scale)
    qx, qy = frame.pixel(x + 1, y + 1)
    assert qx - px == pytest.approx(qy - py) == pytest.approx(frame.scale)


# ---------------------------------------------------------------------------- a state


def test_update_draws_rails_markers_and_the_turn(tiny: Board) -> None:
    state = Game(tiny, players=2, seed=1).new_state()
    view = BoardView(tiny, players=["you", "bot"])
    state.apply(PlaceMarker((1, 1)))
    state.apply(PlaceMarker((7, 4)))
    state.apply(PlaceRail(((1, 1), (2, 1))))
    view.update(state)
    rails = view.sources["rails"].data
    assert rails["between"] == ["Alder [1, 1] - [2, 1]"]
    assert (rails["x0"][0], rails["y0"][0]) == plane_xy((1, 1))
    markers = view.sources["markers"].data
    assert markers["seat"] == [0, 1] and markers["label"] == ["0", "1"]
    assert markers["color"] == [player_color(0), player_color(1)]
    assert markers["who"] == ["you", "bot"]
    assert markers["point"][0] == "Alder [1, 1]"
    # the rail of the turn being played has a halo in the player's color
    turn = view.sources["turn-rails"].data
    assert turn["between"] == rails["between"] and turn["color"] == [player_color(0)]
    view.update(state, turn=(1, [((7, 4), (8, 4))]))
    assert view.sources["turn-rails"].data["color"] == [player_color(1)]


def test_update_changes_only_source_data(europe: Board, europe_state: State) -> None:
    view = BoardView(europe)
    fig = view.figure
    renderers = list(fig.renderers)
    sources = {name: source.id for name, source in view.sources.items()}
    view.update(europe_state)
    assert view.figure is fig and list(fig.renderers) == renderers
    assert {name: s.id for name, s in view.sources.items()} == sources
    assert len(view.sources["rails"].data["x0"]) == len(europe_state.rails)
    assert len(view.sources["markers"].data["x"]) == 4
    view.update(None)
    assert all(not view.sources[n].data["x0"] for n in ("rails", "turn-rails"))
    assert view.sources["markers"].data["x"] == []


def test_update_is_fast_on_the_europe_board(europe: Board) -> None:
    states = [played(europe, 4, n) for n in (5, 20, 40)]
    start = time.perf_counter()
    view = BoardView(europe, states[-1])
    built = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(10):
        for s in states:
            view.update(s)
    updated = (time.perf_counter() - start) / 30
    assert built < 1.0, f"BoardView took {built:.2f} s on Europe"
    assert updated < 0.05, f"update took {1000 * updated:.1f} ms"


def test_rails_only_colored_rails_hold_are_not_drawn_black(tiny: Board) -> None:
    black, own, ferry = ((2, 1), (3, 1)), ((1, 1), (2, 1)), ((5, 1), (6, 1))
    state = SimpleNamespace(
        rails=frozenset({black, own, ferry}),
        pieces={own: (0,), ferry: (None, 1)},  # a ferry with a black and a colored rail
        markers=((1, 1), (7, 4)),
        to_play=1,
        placed=(),
    )
    view = BoardView(tiny, state)  # type: ignore[arg-type]
    assert view.sources["rails"].data["between"] == ["[2, 1] - [3, 1]", "[5, 1] - [6, 1]"]
    assert view.sources["colored-rails"].data["seat"] == [0, 1]


def test_a_state_without_colored_rails_draws_none(tiny: Board) -> None:
    view = BoardView(tiny, played(tiny, 2, 8))
    assert view.sources["colored-rails"].data["x0"] == []


# ---------------------------------------------------------------------------- overlays


def test_show_tree_draws_a_completion(europe: Board, europe_state: State) -> None:
    seat = 2
    marker, hand = europe_state.markers[seat], europe_state.hands[seat]
    assert marker is not None
    done = missing_rails(europe, europe_state.rails, marker, hand)
    view = BoardView(europe, europe_state, tree=done)
    view.show_tree(done, seat=seat)
    tree = view.sources["tree"].data
    keys = [(*plane_xy(a), *plane_xy(b)) for a, b in done.build]
    drawn = zip(tree["x0"], tree["y0"], tree["x1"], tree["y1"], strict=True)
    assert sorted(drawn) == sorted(keys)
    assert set(tree["total"]) == {done.cost} and sum(tree["cost"]) == done.cost
    assert set(tree["color"]) == {player_color(seat)}
    view.show_tree(None)
    assert view.sources["tree"].data["x0"] == []


def test_hands_are_ringed_in_their_seat_color(tiny: Board) -> None:
    view = BoardView(tiny)
    view.show_hands({1: ["Birch"], 3: ["Alder", "Cedar"]})
    data = view.sources["hand"].data
    assert data["name"] == ["Birch", "Alder", "Cedar"]
    assert data["color"] == [player_color(1), player_color(3), player_color(3)]
    assert (data["x"][0], data["y"][0]) == plane_xy(tiny.city("Birch").at)
    view.show_hand([], seat=0)
    assert view.sources["hand"].data["name"] == []


def test_city_costs_show_in_the_city_hover(tiny: Board) -> None:
    view = BoardView(tiny, city_costs={"Alder": 1.5, "Birch": -2.0})
    cities = view.figure.select_one({"name": "cities"}).data_source.data
    assert cities["cost"][:2] == [1.5, -2.0]
    hover = view.figure.select_one({"name": "city-hover"})
    assert isinstance(hover, HoverTool) and ("cost", "@cost{0.0}") in hover.tooltips
    view.set_city_costs({"Alder": 3.0}, label="adds")
    assert [t for t in hover.tooltips if t[1] == "@cost{0.0}"] == [("adds", "@cost{0.0}")]


def test_tooltips_name_markers_rails_and_the_completion(tiny: Board) -> None:
    view = BoardView(tiny)
    hovers = {t.name: t for t in view.figure.select({"type": HoverTool})}
    assert {"marker-hover", "rail-hover", "tree-hover", "city-hover"} <= set(hovers)
    view.set_missing([4, None])
    view.update(played(tiny, 2, 2))
    assert view.sources["markers"].data["missing"] == ["4", "?"]


def test_the_designer_overlays_go_on_the_same_figure(tiny: Board) -> None:
    view = BoardView(tiny, played(tiny, 2, 6))
    usage = view.show_usage(segment_usage(tiny))
    heat = view.show_start_heatmap(start_heatmap(tiny, ["Alder", "Fir"]))
    drawn = names(view)
    assert usage.name in drawn and heat.name in drawn
    assert drawn.index("start-heatmap") < drawn.index("segments-single")
    view.update(played(tiny, 2, 10))  # the game layers still update
    assert view.sources["rails"].data["x0"]


# ---------------------------------------------------------------------------- taps, HTML


def test_taps_reach_the_callback_once(tiny: Board) -> None:
    view = BoardView(tiny)
    taps: list[tuple[float, float]] = []
    view.on_tap(lambda x, y: taps.append((x, y)))
    fig = view.figure
    fig._trigger_event(Tap(fig, x=2.0, y=-1.0))
    fig._trigger_event(Tap(fig, x=2.0, y=-1.0))  # delivered twice: handled once
    fig._trigger_event(Tap(fig, x=3.0, y=-1.0))
    assert taps == [(2.0, -1.0), (3.0, -1.0)]


def test_html_and_saved_page_are_self_contained(tiny: Board, tmp_path: Path) -> None:
    view = BoardView(tiny, played(tiny, 2, 6))
    fragment = view._repr_html_()
    assert "cdn.bokeh.org" not in fragment and fragment.count("<script") >= 2
    out = view.save_html(tmp_path / "view.html", title="A position")
    page = out.read_text(encoding="utf-8")
    assert page.lstrip().startswith("<!DOCTYPE html>") and "cdn.bokeh.org" not in page
    assert "<title>A position</title>" in page
    assert re.search(r"Bokeh\s*=|window\.Bokeh", page)
    assert [p.name for p in tmp_path.iterdir()] == ["view.html"]
    assert "rails" in repr(view)


# color-vision deficiencies, simulated in linear RGB (Machado, Oliveira, Fernandes 2009,
# severity 1.0)
CVD = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}  # fmt: skip


def _lab(color: str, vision: str) -> np.ndarray:
    """CIE L*a*b* (D65) of an sRGB hex color as seen with ``vision``."""
    c = np.array([int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    linear = np.clip(CVD[vision] @ linear, 0, 1)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ linear / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def _distance(a: str, b: str, vision: str) -> float:
    return float(np.linalg.norm(_lab(a, vision) - _lab(b, vision)))


def test_player_colors_stand_apart_from_the_board_and_each_other(europe: Board) -> None:
    from workbench.ui import render

    assert len(PLAYER_COLORS) == len(set(PLAYER_COLORS)) == 6
    assert [player_color(s) for s in range(8)] == [*PLAYER_COLORS, *PLAYER_COLORS[:2]]
    board = [render.SEA, render.LAND_FILL, render.WATER_FILL, render.WATER_LINE, render.RIVER,
             render.MOUNTAIN_FILL, render.DOUBLE_WATER, render.DOUBLE_MOUNTAIN, render.FERRY,
             render.TUNNEL, render.SINGLE, "#111111", *(c.fill for c in europe.colors)]  # fmt: skip
    for seat in PLAYER_COLORS:
        assert min(_distance(seat, b, "normal") for b in board) >= 25, seat
        for vision in CVD:
            assert min(_distance(seat, b, vision) for b in board) >= 6, (seat, vision)
    for a, b in itertools.combinations(PLAYER_COLORS, 2):
        for vision in CVD:
            assert _distance(a, b, vision) >= 20, (a, b, vision)
    old_blue = "#0072B2"  # seat 0 before: read as a water double
    assert _distance(old_blue, render.DOUBLE_WATER, "normal") < 25


def test_city_names_are_drawn_over_the_markers(tiny: Board) -> None:
    view = BoardView(tiny)
    names = [getattr(a, "name", None) for a in view.figure.center]
    assert names.index("city-names") > names.index("marker-labels")
    assert names.index("city-names-halo") > names.index("marker-labels")


@settings(max_examples=20, deadline=None)
@given(actions=st.integers(0, 60), seed=st.integers(0, 50))
def test_any_position_draws_its_rails_and_markers(tiny: Board, actions: int, seed: int) -> None:
    state = played(tiny, 2, actions, seed)
    view = BoardView(tiny, state)
    source: ColumnDataSource = view.sources["rails"]
    assert len(source.data["x0"]) == len(state.rails)
    assert len(view.sources["markers"].data["x"]) == sum(m is not None for m in state.markers)


def test_the_wheel_scrolls_the_page_until_zoom_is_picked(tiny: Board) -> None:
    from bokeh.models import WheelZoomTool

    view = BoardView(tiny, width=500)
    assert view.figure.toolbar.active_scroll is None
    assert any(isinstance(t, WheelZoomTool) for t in view.figure.tools)
