"""Tests for workbench.ui.editor: the map editor driven from Python.

Browser gestures are simulated the way jupyter_bokeh delivers them: a drag ends as a
``ModelChanged`` of the cities' source data, sent through the widget's ``_sync_model`` (which
runs the on_change callbacks twice), and a tap as a ``bokeh_event`` message.
"""

from __future__ import annotations

import dataclasses
import html
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bokeh.core.serialization import Serializer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench import MapError, load_map
from workbench.maps.board import Area, Board, City, SegmentOverride
from workbench.maps.check import check_board
from workbench.maps.lattice import Point, edge, neighbours, plane_xy
from workbench.ui.editor import SEGMENT_CYCLE, MapEditor, _Latest, analyze_edit

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "maps" / "tiny.yaml"


@pytest.fixture()
def editor() -> Iterator[MapEditor]:
    ed = MapEditor(TINY, background=False)
    yield ed
    ed.close()


def data(editor: MapEditor, name: str) -> dict[str, Any]:
    return dict(editor.view.renderers[name].data_source.data)


def free_neighbour(board: Board, p: Point) -> Point:
    return next(q for q in neighbours(p) if q in board.points and board.city_at(q) is None)


def js_data_change(editor: MapEditor, source: Any, new: dict[str, Any]) -> None:
    """Deliver a change of ``source.data`` as BokehJS does after a drag."""
    content = {
        "event": "jsevent",
        "kind": "ModelChanged",
        "model": {"id": source.id},
        "attr": "data",
        "new": Serializer().encode({k: list(v) for k, v in new.items()}),
    }
    editor._board_model._sync_model(editor._board_model, content, [])


def js_tap(editor: MapEditor, x: float, y: float) -> None:
    """Deliver a tap at plane coordinates ``(x, y)`` as BokehJS does."""
    values = {
        "type": "map",
        "entries": [
            ["model", {"id": editor.figure.id}],
            ["x", x],
            ["y", y],
            ["sx", 0.0],
            ["sy", 0.0],
        ],
    }
    content = {"event": "jsevent", "kind": "MessageSent", "msg_type": "bokeh_event",
               "msg_data": {"type": "event", "name": "tap", "values": values}}  # fmt: skip
    editor._board_model._sync_model(editor._board_model, content, [])


def drag(editor: MapEditor, name: str, x: float, y: float) -> None:
    """Drag city ``name`` to ``(x, y)`` in the browser."""
    columns = data(editor, "cities")
    i = list(columns["name"]).index(name)
    columns["x"] = list(columns["x"])
    columns["y"] = list(columns["y"])
    columns["x"][i], columns["y"][i] = x, y
    js_data_change(editor, editor.view.cities, columns)


def midpoint(a: Point, b: Point) -> tuple[float, float]:
    (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
    return (x0 + x1) / 2, (y0 + y1) / 2


# ---------------------------------------------------------------------------- dragging


def test_a_drag_snaps_to_the_nearest_point_and_is_one_step(editor: MapEditor) -> None:
    alder = editor.board.city("Alder").at
    target = free_neighbour(editor.board, alder)
    x, y = plane_xy(target)
    drag(editor, "Alder", x + 0.21, y - 0.13)  # _sync_model runs the callback twice
    assert editor.board.city("Alder").at == target
    assert editor.history == (f"move Alder to [{target[0]}, {target[1]}]",)
    columns = data(editor, "cities")
    i = list(columns["name"]).index("Alder")
    assert (columns["x"][i], columns["y"][i]) == plane_xy(target), "the disc snapped"
    assert columns["point"][i] == f"[{target[0]}, {target[1]}]"


def test_a_drop_on_another_city_is_refused_and_the_city_goes_back(editor: MapEditor) -> None:
    before = editor.board
    x, y = plane_xy(before.city("Dogwood").at)
    drag(editor, "Alder", x + 0.1, y)
    assert editor.board == before and editor.history == ()
    assert "'Alder' and 'Dogwood' are both on [8, 0]" in editor.message
    assert "refused" in editor.controls["status"].value
    columns = data(editor, "cities")
    i = list(columns["name"]).index("Alder")
    assert (columns["x"][i], columns["y"][i]) == plane_xy(before.city("Alder").at)


def test_a_drop_off_the_board_is_refused(editor: MapEditor) -> None:
    before = editor.board
    drag(editor, "Alder", 40.0, 5.0)
    assert editor.board == before
    assert "Alder was dropped off the board" in editor.message
    i = list(data(editor, "cities")["name"]).index("Alder")
    assert data(editor, "cities")["x"][i] == plane_xy(before.city("Alder").at)[0]


def test_a_drop_at_sea_snaps_to_the_coast_only_when_near(editor: MapEditor) -> None:
    # the lake's points are not on the board: the middle of the lake is too far from land
    assert (4, 2) not in editor.board.points
    x, y = plane_xy((4, 2))
    with pytest.raises(MapError, match="dropped off the board"):
        editor.drop_city("Alder", x, y)
    assert editor.drop_city("Alder", x - 0.45, y).city("Alder").at == (3, 2)


def test_a_drop_on_its_own_point_changes_nothing(editor: MapEditor) -> None:
    x, y = plane_xy(editor.board.city("Alder").at)
    drag(editor, "Alder", x + 0.05, y + 0.05)
    assert editor.history == ()
    assert "Alder stays on [1, 1]" in editor.message
    assert data(editor, "cities")["x"][0] == x


def test_cities_deleted_on_the_canvas_come_back(editor: MapEditor) -> None:
    columns = {k: list(v)[1:] for k, v in data(editor, "cities").items()}  # Backspace
    js_data_change(editor, editor.view.cities, columns)
    assert len(editor.board.cities) == 10 and editor.history == ()
    assert len(data(editor, "cities")["name"]) == 10
    assert "with the form" in editor.message


def test_two_cities_dragged_together_are_one_step(editor: MapEditor) -> None:
    columns = data(editor, "cities")
    columns["x"], columns["y"] = list(columns["x"]), list(columns["y"])
    names = list(columns["name"])
    for name in ("Alder", "Ivy"):
        p = free_neighbour(editor.board, editor.board.city(name).at)
        i = names.index(name)
        columns["x"][i], columns["y"][i] = plane_xy(p)
    js_data_change(editor, editor.view.cities, columns)
    assert editor.history == ("move Alder, Ivy",)
    editor.undo()
    assert editor.board == load_map(TINY)


# ---------------------------------------------------------------------------- tapping


def test_tapping_a_segment_cycles_through_every_type(editor: MapEditor) -> None:
    key = ((1, 1), (2, 1))
    seen = [editor.segment_state(*key)]
    for _ in range(len(SEGMENT_CYCLE)):
        js_tap(editor, *midpoint(*key))
        seen.append(editor.segment_state(*key))
    assert seen == [*SEGMENT_CYCLE, SEGMENT_CYCLE[0]]
    assert len(editor.history) == len(SEGMENT_CYCLE)
    assert editor.board == load_map(TINY), "a full cycle leaves no override behind"
    assert editor.history[0] == "segment [1, 1]-[2, 1]: single -> double (water)"


def test_the_drawing_follows_the_segment(editor: MapEditor) -> None:
    key = ((1, 1), (2, 1))
    singles = len(data(editor, "segments-single")["x0"])
    ferries = len(data(editor, "segments-ferry")["x0"])
    editor.set_segment(*key, "ferry")
    assert len(data(editor, "segments-single")["x0"]) == singles - 1
    assert len(data(editor, "segments-ferry")["x0"]) == ferries + 1
    editor.set_segment(*key, "tunnel")
    assert len(data(editor, "tunnel-portals")["x0"]) == 2 * 2


def test_tapping_where_no_segment_is_adds_one(editor: MapEditor) -> None:
    cliff = ((0, 0), (1, 0))  # tiny.yaml removes it with a `none` override
    assert editor.segment_state(*cliff) == ("none", None)
    assert editor.tap(*midpoint(*cliff)) == "segment [0, 0]-[1, 0]: none -> single"
    assert editor.segment_state(*cliff) == ("single", None)


def test_a_segment_that_cannot_go_skips_to_single(editor: MapEditor) -> None:
    dogwood = editor.board.city("Dogwood").at
    links = sorted(edge(dogwood, q) for q in neighbours(dogwood) if q in editor.board.points)
    with editor.batch("leave Dogwood one segment"):
        for key in links[1:]:
            editor.set_segment(*key, "none")
        editor.set_segment(*links[0], "tunnel")
    editor.cycle_segment(links[0])
    assert editor.segment_state(*links[0]) == ("single", None)
    assert "not none: no path reaches city 'Dogwood'" in editor.message


def test_a_tap_on_a_city_selects_it_and_a_free_point_fills_the_form(editor: MapEditor) -> None:
    js_tap(editor, *plane_xy((1, 1)))
    assert editor.selected == "Alder" and editor.history == ()
    assert editor.controls["city"].value == "Alder"
    assert data(editor, "selected")["x"] == [plane_xy((1, 1))[0]]
    x, y = plane_xy((3, 3))
    assert editor.tap(x + 0.1, y) == "picked [3, 3]"
    assert editor.controls["add_at"].value == "3, 3"


def test_a_tap_on_nothing_edits_nothing(editor: MapEditor) -> None:
    assert editor.tap(-5.0, 5.0) == "nothing"
    assert editor.history == ()


# ---------------------------------------------------------------------------- the form


def test_the_form_renames_recolors_dashes_and_removes(editor: MapEditor) -> None:
    c = editor.controls
    c["city"].value = "Alder"
    assert editor.selected == "Alder"
    c["new_name"].value = "Aldergate"
    c["rename"].click()
    assert editor.board.city("Aldergate").at == (1, 1) and editor.selected == "Aldergate"
    c["color"].value = "white"
    c["recolor"].click()
    assert editor.board.city("Aldergate").color == "white"
    c["dashed"].value = True
    assert editor.board.city("Aldergate").dashed
    c["remove"].click()
    assert "Aldergate" not in {city.name for city in editor.board.cities}
    assert editor.selected is None and c["city"].value is None
    assert editor.history == (
        "rename Alder to Aldergate",
        "recolor Aldergate white",
        "dash Aldergate",
        "remove Aldergate",
    )


def test_the_form_adds_a_city(editor: MapEditor) -> None:
    c = editor.controls
    c["add_name"].value, c["add_color"].value, c["add_at"].value = " Elm ", "pink", "[3, 3]"
    c["add_dashed"].value = True
    c["add"].click()
    assert editor.board.city("Elm") == City("Elm", "pink", (3, 3), dashed=True)
    assert editor.selected == "Elm" and c["add_name"].value == ""


@pytest.mark.parametrize(
    ("fill", "expected"),
    [
        ({"add_name": "Elm", "add_at": "3"}, "expected a point like [12, 3]"),
        ({"add_name": "Elm", "add_at": "8, 0"}, "are both on [8, 0]"),
        ({"add_name": "Fir", "add_at": "3, 3"}, "city name 'Fir' is used 2 times"),
        ({"add_name": "Elm", "add_at": "4, 2"}, "city 'Elm' is on a sea point [4, 2]"),
    ],
)
def test_illegal_additions_are_refused_and_lose_nothing(
    editor: MapEditor, fill: dict[str, str], expected: str
) -> None:
    before = editor.board
    for name, value in fill.items():
        editor.controls[name].value = value
    editor.controls["add"].click()
    assert editor.board == before and editor.history == ()
    assert expected in editor.message
    assert editor.controls["add_name"].value == fill["add_name"], "the form keeps its input"


def test_renaming_onto_another_name_is_refused(editor: MapEditor) -> None:
    editor.select("Alder")
    editor.controls["new_name"].value = "Birch"
    editor.controls["rename"].click()
    assert editor.board.city("Alder").at == (1, 1)
    assert "city name 'Birch' is used 2 times" in editor.message
    assert "wb-status-error" in editor.controls["status"].value
    assert editor.controls["new_name"].value == "Birch"


def test_form_actions_need_a_selected_city(editor: MapEditor) -> None:
    editor.controls["remove"].click()
    assert editor.history == () and "select a city first" in editor.message


# ---------------------------------------------------------------------------- undo and redo


def test_undo_and_redo_walk_the_stack_of_boards(editor: MapEditor) -> None:
    boards = [editor.board]
    boards.append(editor.move_city("Alder", (2, 1)))
    boards.append(editor.set_dashed("Birch", True))
    boards.append(editor.cycle_segment(((3, 3), (4, 3))))
    assert editor.controls["undo"].disabled is False and editor.controls["redo"].disabled
    for expected in reversed(boards[:-1]):
        editor.controls["undo"].click()
        assert editor.board is expected
    assert editor.history == ()
    assert editor.future == (
        "move Alder to [2, 1]",
        "dash Birch",
        "segment [3, 3]-[4, 3]: single -> double (water)",
    )
    editor.controls["undo"].click()  # nothing left: says so
    assert editor.message == "nothing to undo"
    editor.redo()
    assert editor.board is boards[1]
    editor.recolor_city("Ivy", "pink")  # a new edit forgets what could be redone
    assert editor.future == ()
    with pytest.raises(IndexError, match="nothing to redo"):
        editor.redo()


def test_undo_restores_the_drawing(editor: MapEditor) -> None:
    first = data(editor, "cities")
    editor.move_city("Alder", (2, 1))
    editor.set_segment((1, 1), (2, 0), "ferry")
    editor.undo()
    editor.undo()
    assert data(editor, "cities") == first


@st.composite
def edits(draw: st.DrawFn, board: Board) -> tuple[str, tuple[Any, ...]]:
    kind = draw(st.sampled_from(["move", "cycle", "recolor", "dash", "rename", "add", "remove"]))
    names = [c.name for c in board.cities]
    points = sorted(board.points)
    if kind == "move":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(points)))
    if kind == "cycle":
        return kind, (edge(*draw(st.sampled_from(list(board.segments)))),)
    if kind == "recolor":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(board.color_names)))
    if kind == "dash":
        return kind, (draw(st.sampled_from(names)), draw(st.booleans()))
    if kind == "rename":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(["Oak", "Yew", "Alder"])))
    if kind == "add":
        return kind, (draw(st.sampled_from(["Oak", "Yew"])), draw(st.sampled_from(points)))
    return kind, (draw(st.sampled_from(names)),)


@pytest.fixture(scope="module")
def shared() -> Iterator[MapEditor]:
    ed = MapEditor(TINY)  # background analysis: only the newest board's is computed
    yield ed
    ed.close()


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_edits_undone_give_the_first_board_back(
    shared: MapEditor, data: st.DataObject
) -> None:
    editor = shared
    start, depth = editor.board, len(editor.history)
    try:
        edit_undo_redo(editor, data)
    finally:  # the next example starts from the same board
        while len(editor.history) > depth:
            editor.undo()
    assert editor.board == start


def edit_undo_redo(editor: MapEditor, data: st.DataObject) -> None:
    start, depth = editor.board, len(editor.history)
    boards = [start]
    for _ in range(data.draw(st.integers(1, 6))):
        kind, args = data.draw(edits(editor.board))
        call = {
            "move": editor.move_city,
            "cycle": editor.cycle_segment,
            "recolor": editor.recolor_city,
            "dash": editor.set_dashed,
            "rename": editor.rename_city,
            "add": lambda name, at: editor.add_city(name, "brown", at),
            "remove": editor.remove_city,
        }[kind]
        before = editor.board
        try:
            after = call(*args)
        except (MapError, KeyError):
            assert editor.board is before, "a refused edit changes nothing"
            continue
        if after != before:
            boards.append(after)
        assert all(p.severity == "warning" for p in check_board(after))
    assert len(editor.history) - depth == len(boards) - 1
    final = editor.board
    while len(editor.history) > depth:
        editor.undo()
        assert editor.board == boards[len(editor.history) - depth]
    assert editor.board == start
    for _ in boards[1:]:
        editor.redo()
    assert editor.board == final
    assert editor.wait(timeout=120)
    try:
        assert editor.analysis.board is final, "the analysis shown is the newest board's"
    except ValueError as error:  # a color lost all its cities: no hand to deal
        assert "no cities of color" in str(error)
        assert any(not any(c.color == color for c in final.cities) for color in final.color_names)


# ---------------------------------------------------------------------------- problems


def test_problems_are_what_check_board_says(editor: MapEditor) -> None:
    assert editor.problems == [] and "No problems" in editor.controls["problems"].children[0].value
    editor.remove_city("Alder")
    assert editor.problems == check_board(editor.board)
    assert [p.message for p in editor.problems] == ["color 'brown' has 1 city, the deck expects 2"]
    rows = editor.controls["problems"].children[1:]
    assert len(rows) == 1 and "color 'brown' has 1 city" in html.unescape(rows[0].children[1].value)
    rows[0].children[0].click()  # "show"
    assert data(editor, "highlight")["x"] == [plane_xy(editor.board.city("Birch").at)[0]]
    editor.undo()
    assert editor.problems == [] and data(editor, "highlight")["x"] == []


def test_show_marks_cities_segments_and_polygons(tiny: Board) -> None:
    broken = dataclasses.replace(
        tiny,
        cities=(*tiny.cities, City("Wet", "brown", (4, 2))),
        overrides=(*tiny.overrides, SegmentOverride(((0, 0), (2, 0)), "ferry")),
        land=(*tiny.land, Area(((0, 0), (2, 2), (2, 0), (0, 2)), name="bow tie")),
    )
    editor = MapEditor(broken, background=False)
    try:
        messages = [p.message for p in editor.problems]
        assert messages == [p.message for p in check_board(broken)]
        index = {p.message: i for i, p in enumerate(editor.problems)}
        wet = editor.highlight(index["city 'Wet' is on a sea point [4, 2]"])
        assert wet.points == ((4, 2),) and data(editor, "highlight")["x"] == [plane_xy((4, 2))[0]]
        joined = editor.highlight(
            index["segment [0, 0]-[2, 0] joins points that are not neighbours"]
        )
        assert joined.edges == (((0, 0), (2, 0)),) and data(editor, "highlight")["x"] == []
        assert data(editor, "highlight-lines")["xs"] == [[0.0, 2.0]]
        crossed = editor.highlight(next(i for k, i in index.items() if "crosses itself" in k))
        assert len(crossed.outlines) == 1 and len(data(editor, "highlight-lines")["xs"][0]) == 5
    finally:
        editor.close()


# ---------------------------------------------------------------------------- the analysis


def test_the_analysis_follows_each_edit(editor: MapEditor) -> None:
    first = editor.analysis
    assert first.board is editor.board and first.comparison is None
    bars = editor.histogram.select_one({"name": "cost-bars"}).data_source.data
    assert sum(bars["hands"]) == first.summary.hands == 32
    editor.move_city("Fir", (5, 1))
    result = editor.analysis
    assert result.board is editor.board and result.edit == "move Fir to [5, 1]"
    assert result.comparison is not None
    assert result.comparison.edits == ["moving Fir from [5, 0] to [5, 1]"]
    last_edit = editor.controls["last_edit"].value
    assert "moving Fir from [5, 0] to [5, 1]" in last_edit
    assert "<td>Fir</td><td>11.3</td><td>10.9</td><td>-0.4</td>" in last_edit
    steps = editor.histogram.select_one({"name": "before-steps"}).data_source.data
    assert max(steps["y"]) == max(first.summary.histogram.values())
    heat = data(editor, "usage-heatmap")
    assert len(heat["share"]) == int((result.usage.share > 0).sum()) > 0
    assert editor.view.usage_mapper.high == pytest.approx(result.usage.share.max())
    assert "analysed 32 hands" in editor.controls["working"].value


def test_the_selected_city_shows_its_distances(editor: MapEditor) -> None:
    assert "tap a city" in editor.controls["distances"].value
    editor.select("Alder")
    text = editor.controls["distances"].value
    assert "From Alder" in text and "Ginkgo 1" in text
    editor.move_city("Ginkgo", (4, 0))
    assert "Ginkgo 3" in editor.controls["distances"].value
    assert editor.analysis.distances_from("Alder")["Ginkgo"] == 3


@pytest.mark.parametrize("board", ["tiny", "europe"])
def test_one_city_distances_are_its_row_of_the_table(board: str, request: Any) -> None:
    b: Board = request.getfixturevalue(board)
    table = analyze_edit(b).distances
    for city in b.cities[::3]:
        row = analyze_edit(b).distances_from(city.name)  # a fresh analysis: one search
        expected = table.loc[city.name].drop(city.name)
        assert row.to_dict() == expected.to_dict() and row.is_monotonic_increasing


@pytest.mark.parametrize("board", ["tiny", "europe"])
def test_the_heatmap_columns_are_the_reports(board: str, request: Any) -> None:
    import numpy as np
    from bokeh.plotting import figure

    from workbench.analysis import segment_usage
    from workbench.ui.report import usage_columns, usage_overlay

    b: Board = request.getfixturevalue(board)
    usage = segment_usage(b)
    columns, top = usage_columns(b, usage)
    expected = dict(usage_overlay(figure(), b, usage).data_source.data)
    assert sorted(columns) == sorted(expected) and top == max(expected["share"])
    for key, values in expected.items():
        assert np.array_equal(np.asarray(columns[key]), np.asarray(values)), key


def test_the_heatmap_can_be_hidden(editor: MapEditor) -> None:
    editor.controls["usage"].value = False
    assert not editor.view.usage.visible
    assert editor.view.renderers["segments-single"].glyph.line_alpha == 1.0
    editor.controls["usage"].value = True
    assert editor.view.usage.visible


def test_an_analysis_error_is_shown_and_editing_goes_on(tiny: Board) -> None:
    editor = MapEditor(tiny, background=False)
    try:
        editor.remove_city("Alder")
        editor.remove_city("Birch")  # brown has no city left: there is no hand
        assert "no analysis: no cities of color brown" in editor.controls["working"].value
        with pytest.raises(ValueError, match="no cities of color brown"):
            _ = editor.analysis
        editor.undo()
        assert editor.analysis.summary.hands == 16
    finally:
        editor.close()


def test_stale_results_are_dropped() -> None:
    release = threading.Event()
    ran: list[int] = []
    shown: list[tuple[int, Any]] = []
    latest: list[int] = []

    started = threading.Event()

    def work(job: int) -> int:
        if job == 1:
            started.set()
            release.wait(10)
        ran.append(job)
        return job * 10

    def done(generation: int, result: Any, error: BaseException | None) -> None:
        if generation == latest[-1]:
            shown.append((generation, result))

    worker = _Latest(work, done)
    latest.append(worker.submit(1))
    assert started.wait(10)
    for job in (2, 3):
        latest.append(worker.submit(job))
    assert worker.busy
    release.set()
    assert worker.wait(timeout=10) and not worker.busy
    worker.close()
    assert ran == [1, 3], "job 2 was replaced by job 3 before it started"
    assert shown == [(3, 30)], "job 1's result came too late to be shown"


def test_the_background_analysis_says_it_is_working(europe: Board) -> None:
    editor = MapEditor(europe)
    try:
        assert editor.wait(timeout=120)
        city = europe.cities[0]
        start = time.perf_counter()
        editor.move_city(city.name, free_neighbour(europe, city.at))
        returned = time.perf_counter() - start
        if editor.working:
            assert "working" in editor.controls["working"].value
        assert editor.wait(timeout=120)
        assert editor.analysis.board is editor.board
        assert editor.analysis.comparison is not None
        assert "analysed 16,807 hands" in editor.controls["working"].value
        assert returned < editor.analysis.seconds + 5  # the edit did not wait for it
    finally:
        editor.close()


def test_the_analysis_computes_each_table_once_and_quietly(
    tiny: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    from workbench.analysis.hands import _cached_table

    _cached_table.cache_clear()
    moved = tiny.move_city("Fir", (5, 1))
    result = analyze_edit(moved, tiny)
    assert result.comparison is not None
    info = _cached_table.cache_info()
    assert info.misses == 2, "one table per board, shared by summary, usage and comparison"
    assert "hand costs" not in capsys.readouterr().err, "no progress bar"


def test_the_live_analysis_equals_one_computed_afresh(europe: Board) -> None:
    from workbench.analysis.hands import _cached_table
    from workbench.ui.editor import _summary

    editor = MapEditor(europe)
    try:
        assert editor.wait(timeout=120)
        city = europe.cities[3]
        editor.move_city(city.name, free_neighbour(europe, city.at))
        editor.recolor_city(city.name, next(c for c in europe.color_names if c != city.color))
        a, b = sorted(europe.segments)[40]
        editor.cycle_segment((a, b))
        assert editor.wait(timeout=120)
        live = editor.analysis
        before = editor._past[-1].board
        _cached_table.cache_clear()
        _summary.cache_clear()
        fresh = analyze_edit(editor.board, before, editor.players, live.edit)
        assert live.summary == fresh.summary and live.before == fresh.before
        assert live.usage.equals(fresh.usage)
        assert live.comparison is not None and fresh.comparison is not None
        assert live.comparison.cities.equals(fresh.comparison.cities)
        assert live.comparison.summary() == fresh.comparison.summary()
    finally:
        editor.close()


def test_analyze_edit_skips_the_comparison_across_boards(tiny: Board, europe: Board) -> None:
    assert analyze_edit(europe, before=tiny).comparison is None


# ---------------------------------------------------------------------------- files


def test_save_refuses_to_overwrite_a_different_file(editor: MapEditor, tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    editor.set_dashed("Alder", True)
    assert editor.save(out) == out and editor.path == out and not editor.modified
    assert load_map(out) == editor.board
    assert editor.save(out) == out, "saving the same map again is fine"
    editor.set_dashed("Birch", True)
    text = out.read_text()
    with pytest.raises(FileExistsError, match="holds a different map"):
        editor.save(out)
    assert out.read_text() == text and editor.modified
    editor.save(out, overwrite=True)
    assert load_map(out) == editor.board
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"], "no temporary file left"


def test_the_save_button_asks_before_overwriting(editor: MapEditor, tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("something else\n")
    c = editor.controls
    c["path"].value = str(out)
    editor.set_dashed("Alder", True)
    c["save"].click()
    assert out.read_text() == "something else\n"
    assert "tick 'overwrite'" in editor.message
    c["overwrite"].value = True
    c["save"].click()
    assert load_map(out) == editor.board and f"saved {out}" in editor.message
    assert c["overwrite"].value is False, "the tick is for one save"


def test_save_without_a_file_name_says_so(tiny: Board) -> None:
    editor = MapEditor(tiny, background=False)
    try:
        with pytest.raises(ValueError, match="give a path"):
            editor.save()
        editor.controls["save"].click()
        assert editor.message == "give a file name to save to"
    finally:
        editor.close()


def test_open_reports_a_broken_file_and_keeps_the_board(editor: MapEditor) -> None:
    broken = ROOT / "tests" / "maps" / "broken" / "same_point.yaml"
    before = editor.board
    editor.controls["path"].value = str(broken)
    editor.controls["open"].click()
    assert editor.board is before and editor.history == ()
    assert f"cannot open {broken}" in editor.message and "same_point.yaml:" in editor.message


def test_open_another_board_redraws_and_is_undoable(editor: MapEditor) -> None:
    tiny_figure = editor.figure
    editor.open(ROOT / "maps" / "trans_amerika.yaml")
    assert editor.board.name == "Trans Amerika" and editor.figure is not tiny_figure
    assert len(data(editor, "cities")["name"]) == len(editor.board.cities)
    assert editor.controls["city"].options[1][0] == editor.board.cities[0].name
    editor.undo()
    assert editor.board.name == "Tiny Island"
    assert len(data(editor, "cities")["name"]) == 10


def test_the_editor_shows_itself(editor: MapEditor) -> None:
    assert "Tiny Island" in repr(editor)
    names = {m.name for m in editor.figure.references() if getattr(m, "name", None)}
    assert {"cities", "usage-heatmap", "highlight", "selected", "editor-board"} <= names
    assert editor.figure.toolbar.active_drag is editor.view.draw_tool
