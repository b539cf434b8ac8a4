"""The map editor on both kinds of board in a real JupyterLab: ``MapEditor`` opens Ticket to
Ride Europe in the route-board editor, where a drag, taps on the canvas and the forms add a
route, change its color, add a ticket, show the checker's report change and undo; and it
opens a lattice board in the lattice editor, where a tap on a segment still edits it.

Each test writes its own small notebook into JupyterLab's folder (the shipped notebooks stay
as they are). With ``WORKBENCH_VIEWPORT_SHOTS=FOLDER`` both editors are photographed at
1400 x 900.
"""

from __future__ import annotations

import math
from pathlib import Path

from tests.browser.conftest import open_notebook, write_cells
from tests.browser.test_editor import (
    TAP_GAP_MS,
    drag,
    to_page,
    viewport_shot,
    wait_for,
)
from workbench import load_map
from workbench.maps.board import Board
from workbench.maps.lattice import Point, plane_xy, point_name
from workbench.maps.routes import RouteBoard

ROOT = Path(__file__).resolve().parents[2]


def write_notebook(folder: Path, name: str, map_file: str) -> None:
    """A notebook of two cells: the editor on ``map_file``, and showing it."""
    write_cells(folder, name, [
        f"from workbench.ui.editor import MapEditor\neditor = MapEditor({map_file!r})",
        "editor",
    ])  # fmt: skip


def middle(a: Point, b: Point) -> tuple[float, float]:
    (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
    return (x0 + x1) / 2, (y0 + y1) / 2


def choose(editor, name: str, value: object) -> None:  # type: ignore[no-untyped-def]
    """Pick ``value`` in the form's drop-down ``wb-NAME``."""
    editor.locator(f".wb-{name} select").select_option(str(value))


def show_board(page, editor) -> None:  # type: ignore[no-untyped-def]
    """Scroll the board to the top of the page (a form used below it may have scrolled it
    away), so that taps on it land."""
    editor.locator(".wb-editor-board").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)


def problems_text(editor) -> str:  # type: ignore[no-untyped-def]
    return str(editor.locator(".wb-problems").inner_text())


def test_map_editor_edits_a_route_board_in_the_browser(lab, page) -> None:
    folder = lab[2]
    europe = folder / "europe.yaml"
    europe.write_text((ROOT / "maps" / "ticket_to_ride_europe.yaml").read_text())
    write_notebook(folder, "route_editor.ipynb", "europe.yaml")
    open_notebook(page, lab, "route_editor.ipynb", workspace="route-editor")
    editor = page.locator(".wb-route-editor").first
    editor.wait_for(timeout=120_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()
    board = load_map(europe)
    assert isinstance(board, RouteBoard)
    pos = board.positions

    status = editor.locator(".wb-status")
    working = editor.locator(".wb-working-line")
    last_edit = editor.locator(".wb-last-edit")
    editor.locator(".wb-editor-board .bk-Canvas").first.wait_for(timeout=30_000)
    wait_for(lambda: "analysed in" in working.inner_text(), 60, "the first analysis")
    assert "44 of 46" in editor.locator(".wb-summary").inner_text()
    assert "No problems" in problems_text(editor)
    page.keyboard.press("Control+b")  # hide the file browser: room for the board and panel
    show_board(page, editor)

    # ---- drag Edinburgh north-west: the city moves, in longitude and latitude
    start = pos["Edinburgh"]
    drag(page, "Edinburgh", start, (start[0] - 0.8, start[1] + 0.6))
    wait_for(lambda: "move Edinburgh to" in status.inner_text(), 15, "the drag")
    wait_for(lambda: "move Edinburgh" in last_edit.inner_text(), 30, "the drag's analysis")

    # ---- tap Lisboa, then Roma: they become the new route's ends; add an 8-car route
    for city in ("Lisboa", "Roma"):
        page.wait_for_timeout(TAP_GAP_MS)
        page.mouse.click(*to_page(page, pos[city])[0])
        wait_for(lambda city=city: f"selected {city}" in status.inner_text(), 15, city)
    wait_for(lambda: "shortest path 13 cars" in editor.locator(".wb-price").inner_text(), 15,
             "the new ticket's price")  # fmt: skip
    choose(editor, "new-length", 8)
    editor.get_by_role("button", name="Add route").click()
    added = "add route Lisboa-Roma (8 gray)"
    wait_for(lambda: added in status.inner_text(), 15, f"the status to say {added!r}")
    wait_for(lambda: "cross on the plane" in problems_text(editor), 15, "the checker's warning")
    wait_for(lambda: "Lisboa-Roma" in last_edit.inner_text(), 30, "the route's analysis")

    # ---- the new route is selected: its color in the form changes it
    assert editor.locator(".wb-route select").input_value() == "Lisboa-Roma"
    choose(editor, "color", "pink")
    wait_for(lambda: "Lisboa-Roma: color pink" in status.inner_text(), 15, "the recolor")

    # ---- a double of one color: the checker says so, and Undo takes it back
    show_board(page, editor)
    a, b = pos["Frankfurt"], pos["Paris"]
    page.mouse.click(*to_page(page, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))[0])
    wait_for(lambda: "selected route Frankfurt-Paris" in status.inner_text(), 15, "the lane")
    lane = editor.locator(".wb-route select").input_value()
    other = "white" if lane == "Frankfurt-Paris" else "orange"
    choose(editor, "color", other)
    wait_for(lambda: f"two {other} lanes" in problems_text(editor), 15, "the double's warning")
    viewport_shot(page, editor, "route_editor.png")
    viewport_shot(page, editor.locator(".wb-form"), "route_editor_forms.png")
    editor.get_by_role("button", name="Undo").click()
    wait_for(lambda: f"two {other} lanes" not in problems_text(editor), 15, "the undo")

    # ---- a ticket between the two tapped cities, priced by its shortest path (now 8)
    editor.get_by_role("button", name="Add ticket").click()
    wait_for(lambda: "add ticket Lisboa-Roma (8 points)" in status.inner_text(), 15, "ticket")

    # ---- the new route's parallel lane: made a ferry (it needs a locomotive), then removed
    editor.locator(".wb-route select").select_option("Lisboa-Roma")
    wait_for(lambda: "selected route Lisboa-Roma" in status.inner_text(), 15, "the route")
    editor.get_by_role("button", name="Add lane").click()
    wait_for(lambda: "add route Lisboa-Roma (8 red)" in status.inner_text(), 15, "the lane")
    # the form follows the status: wait until it shows the new lane before reading its id
    # and changing its kind (a change made to the form still showing the old route is lost)
    route_box = editor.locator(".wb-route select")
    wait_for(lambda: route_box.input_value() not in ("", "Lisboa-Roma"), 15, "the lane's form")
    wait_for(lambda: editor.locator(".wb-color select").input_value() == "red", 15, "its color")
    lane = route_box.input_value()
    choose(editor, "kind", "ferry")
    wait_for(lambda: f"{lane}: kind ferry, locomotives 1" in status.inner_text(), 15, "ferry")
    assert editor.locator(".wb-locomotives select").input_value() == "1"
    editor.get_by_role("button", name="Remove route").click()
    wait_for(lambda: "remove route Lisboa-Roma" in status.inner_text(), 15, "the removal")

    # ---- the route load on the board: the cars take the heatmap's colors, then their own
    load_box = editor.get_by_role("checkbox", name="route load on the board")
    load_box.check()
    page.wait_for_timeout(800)
    viewport_shot(page, editor, "route_editor_load.png")
    load_box.uncheck()

    # ---- save, and the file holds every edit
    editor.get_by_role("button", name="Save").click()
    wait_for(lambda: "saved europe.yaml" in status.inner_text(), 15, "the save")
    saved = load_map(europe)
    assert isinstance(saved, RouteBoard)
    assert saved.route("Lisboa-Roma").color == "pink" and saved.route("Lisboa-Roma").length == 8
    assert saved.city("Edinburgh").at != board.city("Edinburgh").at
    assert [t.points for t in saved.tickets if t.id == "Lisboa-Roma"] == [8]
    assert [r.color for r in saved.routes_between("Frankfurt", "Paris")] == ["orange", "white"]
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()


def test_map_editor_still_edits_a_lattice_board_in_the_browser(lab, page) -> None:
    folder = lab[2]
    tiny = folder / "tiny_lattice.yaml"
    tiny.write_text((ROOT / "maps" / "tiny.yaml").read_text())
    write_notebook(folder, "lattice_editor.ipynb", "tiny_lattice.yaml")
    open_notebook(page, lab, "lattice_editor.ipynb", workspace="lattice-editor")
    editor = page.locator(".wb-editor").first
    editor.wait_for(timeout=120_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
    assert page.locator(".wb-route-editor").count() == 0
    board = load_map(tiny)
    assert isinstance(board, Board)
    status = editor.locator(".wb-status")
    editor.locator(".wb-editor-board .bk-Canvas").first.wait_for(timeout=30_000)
    wait_for(lambda: "analysed" in editor.locator(".wb-working-line").inner_text(), 60, "analysis")
    page.keyboard.press("Control+b")
    editor.locator(".wb-editor-board").scroll_into_view_if_needed()
    page.wait_for_timeout(500)

    # the single segment farthest from every city (Tiny Island is small: its analysis is quick)
    a, b = max(
        (key for key, s in board.segments.items() if s.kind == "single"),
        key=lambda key: min(math.dist(middle(*key), plane_xy(c.at)) for c in board.cities),
    )
    page.wait_for_timeout(TAP_GAP_MS)
    page.mouse.click(*to_page(page, middle(a, b))[0])
    tapped = f"segment {point_name(a)}-{point_name(b)}: single -> double (water)"
    wait_for(lambda: tapped in status.inner_text(), 15, f"the status to say {tapped!r}")
    viewport_shot(page, editor, "lattice_editor.png")
    editor.get_by_role("button", name="Undo").click()
    wait_for(lambda: f"undid: {tapped}" in status.inner_text(), 15, "the undo")
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()
