"""Tests for workbench.ui.editor: the map editor driven from Python.

Browser gestures are simulated the way jupyter_bokeh delivers them: a drag ends as a
``ModelChanged`` of the cities' source data, sent through the widget's ``_sync_model`` (which
runs the on_change callbacks twice), and a tap as a ``bokeh_event`` message.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bokeh.core.serialization import Serializer

from workbench import load_map
from workbench.maps.board import Board, City
from workbench.maps.check import check_board
from workbench.maps.lattice import Point, neighbours, plane_xy
from workbench.ui.editor import SEGMENT_CYCLE, MapEditor

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


def test_a_tap_on_a_city_selects_it_and_a_free_point_fills_the_form(editor: MapEditor) -> None:
    js_tap(editor, *plane_xy((1, 1)))
    assert editor.selected == "Alder" and editor.history == ()
    assert editor.controls["city"].value == "Alder"
    assert data(editor, "selected")["x"] == [plane_xy((1, 1))[0]]
    x, y = plane_xy((3, 3))
    assert editor.tap(x + 0.1, y) == "picked [3, 3]"
    assert editor.controls["add_at"].value == "3, 3"


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
    assert max(steps["y"]) == max(first.summary.histogram.values()) / first.summary.hands
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


def test_the_background_analysis_says_it_is_working_and_dims_the_old_figures(
    europe: Board,
) -> None:
    editor = MapEditor(europe)
    try:
        assert editor.wait(timeout=120)
        city = europe.cities[0]
        editor.move_city(city.name, free_neighbour(europe, city.at))
        assert editor.working, "no event loop here: the result waits for the kernel's thread"
        working = editor.controls["working"].value
        assert "working" in working and "wb-spinner" in working and "&#8987;" not in working
        assert "wb-stale" in editor.controls["summary"]._dom_classes
        assert editor.wait(timeout=120)
        assert editor.analysis.board is editor.board
        assert "analysed 16,807 hands" in editor.controls["working"].value
        assert "wb-stale" not in editor.controls["summary"]._dom_classes
    finally:
        editor.close()


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


def test_save_with_an_empty_file_box_says_so(editor: MapEditor, tmp_path: Path) -> None:
    before = TINY.read_text()
    editor.set_dashed("Alder", True)
    editor.controls["path"].value = ""
    editor.controls["save"].click()
    assert editor.message == "type a file name to save to", "not a silent save to tiny.yaml"
    assert TINY.read_text() == before
    editor.controls["path"].value = str(tmp_path / "mine")
    editor.controls["save"].click()
    assert editor.path == tmp_path / "mine.yaml"
    assert editor.controls["path"].value == str(tmp_path / "mine.yaml")


def test_open_over_edits_asks_and_undo_brings_back_the_file_name(editor: MapEditor) -> None:
    amerika = ROOT / "maps" / "trans_amerika.yaml"
    c = editor.controls
    editor.set_dashed("Alder", True)
    c["path"].value = str(amerika)
    c["open"].click()
    assert editor.board.name == "Tiny Island" and "unsaved edits" in editor.message
    assert c["confirm"].layout.display != "none" and "wb-status-question" in c["status"].value
    c["open_anyway"].click()
    assert editor.board.name == "Trans Amerika" and c["confirm"].layout.display == "none"
    assert c["path"].value == str(amerika)
    c["undo"].click()
    assert editor.board.name == "Tiny Island" and editor.path == TINY
    assert c["path"].value == str(TINY), "the File box follows the board"
    assert "tiny.yaml" in editor._header.value and "modified" in editor._header.value


def test_the_file_box_keeps_what_is_typed_while_editing(editor: MapEditor) -> None:
    editor.controls["path"].value = "elsewhere.yaml"
    editor.set_dashed("Alder", True)
    assert editor.controls["path"].value == "elsewhere.yaml"


def test_the_edited_segment_is_drawn_over_the_heatmap(editor: MapEditor) -> None:
    key = ((1, 1), (2, 1))
    editor.cycle_segment(key)  # single -> double (water)
    names = [r.name for r in editor.figure.renderers]
    assert names.index("edited") > names.index("usage-heatmap")
    edited = data(editor, "edited")
    (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
    assert (edited["x0"], edited["y0"], edited["x1"], edited["y1"]) == ([x0], [y0], [x1], [y1])
    assert edited["color"] == ["#1a5fb4"]
    editor.move_city("Alder", (2, 1))  # a city edit leaves the last segment drawn
    assert data(editor, "edited")["x0"] == [x0]
    editor.controls["usage"].value = False
    assert editor.view.edited.visible, "the edited segment shows with or without the heatmap"


def test_the_histogram_compares_shares(editor: MapEditor) -> None:
    editor.remove_city("Alder")
    editor.wait()
    bars = editor.histogram.select_one({"name": "cost-bars"}).data_source.data
    steps = editor.histogram.select_one({"name": "before-steps"}).data_source.data
    assert sum(bars["share"]) == pytest.approx(1.0)
    assert sum(steps["y"][::2]) == pytest.approx(1.0), "before: shares too, not counts"
    assert editor.histogram.select_one({"name": "cost-bars"}).glyph.top == "share"


def test_adding_a_city_says_added(editor: MapEditor) -> None:
    c = editor.controls
    c["add_name"].value, c["add_at"].value = "Toulouse", "3, 3"
    c["add"].click()
    assert editor.message == "add Toulouse on [3, 3]" and editor.selected == "Toulouse"


def test_the_distances_table_escapes_color_names(tiny: Board) -> None:
    board = dataclasses.replace(
        tiny,
        colors=tuple(
            dataclasses.replace(c, name="<b>x</b>") if c.name == "brown" else c for c in tiny.colors
        ),
        cities=tuple(
            dataclasses.replace(c, color="<b>x</b>") if c.color == "brown" else c
            for c in tiny.cities
        ),
    )
    editor = MapEditor(board, background=False)
    try:
        editor.select("Ginkgo")
        text = editor.controls["distances"].value
        assert "&lt;b&gt;x&lt;/b&gt;" in text and "<b>x</b>" not in text
    finally:
        editor.close()


def test_ctrl_z_is_wired_to_the_undo_button(editor: MapEditor) -> None:
    code = "".join(cb.code for cb in editor.figure.js_event_callbacks["tap"])
    assert "wb-undo-button" in editor.controls["undo"]._dom_classes
    assert "keydown" in code and "'z'" in code


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
    assert {"cities", "usage-heatmap", "edited", "highlight", "selected", "editor-board"} <= names
    assert editor.figure.toolbar.active_drag is editor.view.draw_tool


def test_the_color_bar_keeps_its_top_label_and_the_legend_follows_the_board(
    editor: MapEditor,
) -> None:
    editor.remove_city("Alder")
    top = editor.analysis.usage.share.max()
    ticks = editor.view.usage_bar.ticker.ticks
    assert ticks[0] == 0 and ticks[-1] == pytest.approx(top)
    assert "ferry" in editor.controls["legend"].value and "brown" in editor.controls["legend"].value
    editor.open(ROOT / "maps" / "trans_amerika.yaml", discard=True)
    amerika = load_map(ROOT / "maps" / "trans_amerika.yaml")
    assert all(c.name in editor.controls["legend"].value for c in amerika.colors)
