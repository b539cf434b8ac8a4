"""The route-board editor without a browser: messages as BokehJS sends them, forms as a user
fills them, and the session under them."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_editor import js_data_change, js_tap
from workbench import load_map
from workbench.ui.editor import MapEditor
from workbench.ui.route_editor import LOAD_PALETTE, RouteEditor
from workbench.ui.route_render import car_columns

ROOT = Path(__file__).resolve().parents[2]
EUROPE = ROOT / "maps" / "ticket_to_ride_europe.yaml"


@pytest.fixture()
def editor() -> Iterator[RouteEditor]:
    e = RouteEditor(EUROPE, background=False, width=600)
    yield e
    e.close()


def test_map_editor_opens_either_kind_of_board() -> None:
    route = MapEditor(EUROPE, background=False)
    lattice = MapEditor(ROOT / "maps" / "tiny.yaml", background=False)
    try:
        assert isinstance(route, RouteEditor) and type(lattice) is MapEditor
        assert route.figure.name == lattice.figure.name == "editor-board"
    finally:
        route.close()
        lattice.close()


def test_a_drag_in_the_browser_moves_the_city_and_its_cars(editor: RouteEditor) -> None:
    source = editor.figure.select_one({"name": "cities"}).data_source
    data: dict[str, Any] = {k: list(v) for k, v in source.data.items()}
    i = data["name"].index("Wien")
    data["x"][i] += 1.0
    js_data_change(editor, source, data)
    assert editor.history[-1].startswith("move Wien to")
    x, _ = editor.board.positions["Wien"]
    assert math.isclose(x, source.data["x"][i], abs_tol=1e-9)  # rounded, pushed back
    cars = editor.figure.select_one({"name": "cars-plain"}).data_source.data
    mine = [xs for xs, r in zip(cars["xs"], cars["route"], strict=True) if r == "Berlin-Wien"]
    assert max(max(xs) for xs in mine) > x - 0.5  # the route's cars reach the new place


def test_taps_select_and_fill_the_new_route(editor: RouteEditor) -> None:
    pos = editor.board.positions
    js_tap(editor, *pos["Lisboa"])
    js_tap(editor, *pos["Roma"])
    assert editor.session.selected == "Roma"
    assert (editor.controls["from"].value, editor.controls["to"].value) == ("Lisboa", "Roma")
    # Lisboa-Madrid 3, Madrid-Barcelona 2, Barcelona-Marseille 4, Marseille-Roma 4
    assert "shortest path 13 cars" in editor.controls["price"].value
    editor.controls["new_length"].value = 8
    editor.controls["new_color"].value = "pink"
    editor.controls["add_route"].click()
    assert editor.board.route("Lisboa-Roma").color == "pink"
    assert editor.controls["route"].value == "Lisboa-Roma"
    assert "shortest path 8 cars" in editor.controls["price"].value  # it follows the routes
    texts = [row.children[1].value for row in editor.controls["problems"].children[1:]]
    assert any("Lisboa-Roma" in t and "cross on the plane" in t for t in texts)


def test_the_route_row_edits_the_selected_route(editor: RouteEditor) -> None:
    editor.select_route("Frankfurt-Paris")  # orange, beside the white lane
    editor.controls["color"].value = "white"
    assert editor.history[-1] == "Frankfurt-Paris: color white"
    texts = [row.children[1].value for row in editor.controls["problems"].children[1:]]
    assert any("two white lanes" in t for t in texts)
    editor.controls["length"].value = 8  # a double's lanes differ in length: allowed
    editor.controls["kind"].value = "ferry"
    assert editor.board.route(editor.session.selected_route).locomotives == 1
    assert editor.controls["locomotives"].value == 1
    editor.controls["undo"].click()
    editor.controls["undo"].click()
    editor.controls["undo"].click()
    assert editor.board == load_map(EUROPE)
    assert "No problems" in editor.controls["problems"].children[0].value


def test_a_refused_value_goes_back_in_the_form(editor: RouteEditor) -> None:
    editor.select_route("Amsterdam-London")  # a ferry needing 2 locomotives, 2 long
    editor.controls["length"].value = 1
    assert "refused" in editor.controls["status"].value
    assert editor.controls["length"].value == 2 and editor.history == ()


def test_tickets_from_the_form(editor: RouteEditor) -> None:
    editor.controls["ticket_from"].value = "Brest"
    editor.controls["ticket_to"].value = "Sofia"
    assert "15 cars" in editor.controls["price"].value
    editor.controls["add_ticket"].click()
    assert editor.history[-1] == "add ticket Brest-Sofia (15 points)"
    assert "Brest-Sofia new -&gt; 15" in editor.controls["last_edit"].value
    editor.controls["ticket"].value = "Brest-Sofia"
    editor.controls["points"].value = 16
    editor.controls["set_points"].click()
    editor.controls["long"].value = True
    assert [(t.points, t.long) for t in editor.board.tickets if t.id == "Brest-Sofia"] == [
        (16, True)
    ]
    editor.controls["remove_ticket"].click()
    assert "Brest-Sofia" not in {t.id for t in editor.board.tickets}


def test_a_city_from_a_tapped_spot(editor: RouteEditor, tmp_path: Path) -> None:
    js_tap(editor, -30.0, 30.0)  # far in the sea: a spot for a new city
    assert editor.controls["add_at"].value == "-62.9, 63.03"
    editor.controls["add_at"].value = "14.42, 50.09"
    editor.controls["add_name"].value = "Praha"
    editor.controls["add_city"].click()
    assert editor.board.city("Praha").at == (14.42, 50.09)
    editor.controls["from"].value, editor.controls["to"].value = "Praha", "Wien"
    editor.controls["add_route"].click()
    assert editor.board.routes_between("Praha", "Wien")
    editor.controls["path"].value = str(tmp_path / "mine")
    editor.controls["save"].click()
    assert load_map(tmp_path / "mine.yaml") == editor.board
    assert "saved" in editor.controls["status"].value


def test_the_load_box_paints_the_cars_by_route_load(editor: RouteEditor) -> None:
    source = editor.figure.select_one({"name": "cars-plain"}).data_source
    editor.controls["load"].value = True
    load = editor.analysis.report.load.set_index("route").load
    fills = dict(zip(source.data["route"], source.data["fill"], strict=True))
    busiest, idle = load.idxmax(), load[load == 0].index[0] if (load == 0).any() else None
    assert fills[busiest] == "#800026"  # the darkest red
    if idle is not None and idle in fills:
        assert fills[idle] == "#ffffcc"  # the lightest
    editor.set_route("Paris-Zurich", kind="plain")  # an edit: painted again when it arrives
    fills = dict(zip(source.data["route"], source.data["fill"], strict=True))
    assert fills["Paris-Zurich"] in LOAD_PALETTE
    editor.controls["load"].value = False
    assert list(source.data["fill"]) == car_columns(editor.board)["plain"]["fill"]
