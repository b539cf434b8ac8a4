"""The map editor in a real JupyterLab: drag a city and tap a segment on the canvas, watch the
analysis change, save, and find the edits in the YAML file on disk.

The mouse works in page pixels and the board in plane coordinates; BokehJS converts between
them. The test asks the figure's own view (``Bokeh.index``) where a plane point is drawn: its
frame's scales map plane coordinates to canvas pixels, and the canvas's bounding box places
them on the page, so zooming, panning or a new layout cannot throw the gestures off.

With ``WORKBENCH_DOCS_SHOTS=1`` the test also saves a picture of the editor as
``docs/editor.png``.
"""

from __future__ import annotations

import io
import math
import os
import time
from collections.abc import Callable
from pathlib import Path

from tests.browser.conftest import open_notebook
from workbench import load_map
from workbench.maps.board import Board
from workbench.maps.lattice import Point, neighbours, plane_xy, point_name

ROOT = Path(__file__).resolve().parents[2]
DOCS_PICTURE = ROOT / "docs" / "editor.png"
TAP_GAP_MS = 400  # BokehJS folds two taps within ~300 ms into a double tap

# plane coordinates -> page pixels, through the view of the figure named "editor-board"
TO_PAGE = """(points) => {
  const views = Bokeh.index.roots.filter(
    (v) => v.model.name === "editor-board" && v.el.isConnected);
  if (views.length === 0) return null;
  const view = views[views.length - 1];
  const box = view.canvas_view.el.getBoundingClientRect();
  const {x_scale, y_scale} = view.frame;
  return points.map(([x, y]) => [box.left + x_scale.compute(x), box.top + y_scale.compute(y)]);
}"""


# where BokehJS draws a city now (its data, in plane coordinates)
CITY_XY = """(name) => {
  const view = Bokeh.index.roots.filter(
    (v) => v.model.name === "editor-board" && v.el.isConnected).at(-1);
  const source = view.model.renderers.find((r) => r.name === "cities").data_source;
  const i = source.data.name.indexOf(name);
  return [source.data.x[i], source.data.y[i]];
}"""


def wait_for(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)


def to_page(page, *points: tuple[float, float]) -> list[tuple[float, float]]:
    found = page.evaluate(TO_PAGE, [list(p) for p in points])
    assert found is not None, "no view of the editor's board on the page"
    return [(float(x), float(y)) for x, y in found]


def city_xy(page, name: str) -> tuple[float, float]:
    """Where BokehJS draws city ``name`` now (plane coordinates)."""
    return tuple(page.evaluate(CITY_XY, name))  # type: ignore[return-value]


def drag(page, name: str, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Drag city ``name`` from ``start`` to ``end`` (plane coordinates) with the mouse.

    BokehJS takes a pointer held still for 300 ms for a press, not the start of a drag; on a
    busy machine the browser may see the first move that late. Such an attempt leaves the
    city where it was in BokehJS's own data, and is made again (at most three times).
    """
    for _ in range(3):
        (x0, y0), (x1, y1) = to_page(page, start, end)
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1 + 3, y1 + 2, steps=8)
        page.mouse.up()
        page.wait_for_timeout(200)
        if city_xy(page, name) != start:  # BokehJS moved it: the rest is the kernel's job
            return
    raise AssertionError(f"three drags of {name} were taken for presses")


def choose_drag(board: Board) -> tuple[str, Point]:
    """A city and a free neighbouring point to drag it to, away from the other cities."""
    for city in board.cities:
        for p in neighbours(city.at):
            if p in board.points and all(
                math.dist(plane_xy(p), plane_xy(c.at)) > 1.5 for c in board.cities if c != city
            ):
                return city.name, p
    raise AssertionError("no city has room to move")


def choose_segment(board: Board, avoid: list[Point]) -> tuple[Point, Point]:
    """A single segment whose middle is well away from every city (and from ``avoid``)."""
    taken = [c.at for c in board.cities] + avoid
    for (a, b), s in board.segments.items():
        middle = ((plane_xy(a)[0] + plane_xy(b)[0]) / 2, (plane_xy(a)[1] + plane_xy(b)[1]) / 2)
        if s.kind == "single" and all(math.dist(middle, plane_xy(p)) > 2 for p in taken):
            return a, b
    raise AssertionError("no single segment away from the cities")


def save_picture(page, element) -> None:
    """Keep a picture of the whole editor for the docs (a viewport tall enough to hold it),
    in 256 colors (about 100 KB)."""
    from PIL import Image

    size = page.viewport_size
    box = element.bounding_box()
    page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + 400})
    element.scroll_into_view_if_needed()
    page.wait_for_timeout(800)  # JupyterLab and BokehJS lay out again
    shot = Image.open(io.BytesIO(element.screenshot())).convert("RGB")
    shot.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(DOCS_PICTURE, optimize=True)
    page.set_viewport_size(size)
    page.wait_for_timeout(500)


def viewport_shot(page, element, name: str) -> None:
    """With ``WORKBENCH_VIEWPORT_SHOTS=FOLDER``, a 1400 x 900 screenshot of the page with
    ``element`` at the top, as a user at that screen sees it, saved as ``FOLDER/name``."""
    folder = os.environ.get("WORKBENCH_VIEWPORT_SHOTS")
    if not folder:
        return
    size = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 900})
    page.mouse.move(0, 0)
    element.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(600)
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / name))
    page.set_viewport_size(size)
    page.wait_for_timeout(300)


def test_editor_drag_tap_and_save_in_the_browser(lab, page) -> None:
    folder = lab[2]
    saved = folder / "my_map.yaml"
    saved.unlink(missing_ok=True)
    open_notebook(page, lab, "02_design_a_map.ipynb")

    editor = page.locator(".wb-editor").first
    editor.wait_for(timeout=120_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()
    assert saved.exists(), "the notebook saved a new map in its folder"
    board = load_map(saved)  # the editor's board: the notebook's code edit is in it

    status = editor.locator(".wb-status")
    working = editor.locator(".wb-working-line")
    last_edit = editor.locator(".wb-last-edit")
    canvas = editor.locator(".wb-editor-board .bk-Canvas").first
    canvas.wait_for(timeout=30_000)
    wait_for(lambda: "analysed 16,807 hands" in working.inner_text(), 60, "the analysis")
    assert "moving" in last_edit.inner_text(), "the notebook's own edit is shown"
    page.keyboard.press("Control+b")  # hide the file browser: room for the board and panel
    editor.locator(".wb-editor-board").scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # BokehJS's layout and first paint

    # ---- drag a city to a free point: it lands there and the analysis follows
    name, target = choose_drag(board)
    moved = f"move {name} to {point_name(target)}"
    drag(page, name, plane_xy(board.city(name).at), plane_xy(target))
    wait_for(lambda: moved in status.inner_text(), 15, f"the status to say {moved!r}")
    wait_for(
        lambda: f"moving {name} from {point_name(board.city(name).at)}" in last_edit.inner_text(),
        60,
        "the analysis of the drag",
    )
    after_drag = last_edit.inner_text()

    # ---- tap a segment: single becomes double over water
    a, b = choose_segment(board, [target])
    page.wait_for_timeout(TAP_GAP_MS)
    (mx, my), = to_page(page, ((plane_xy(a)[0] + plane_xy(b)[0]) / 2,
                               (plane_xy(a)[1] + plane_xy(b)[1]) / 2))  # fmt: skip
    page.mouse.click(mx, my)
    tapped = f"segment {point_name(a)}-{point_name(b)}: single -> double (water)"
    wait_for(lambda: tapped in status.inner_text(), 15, f"the status to say {tapped!r}")
    wait_for(lambda: "changing 1 segment" in last_edit.inner_text(), 60, "the tap's analysis")
    assert last_edit.inner_text() != after_drag
    wait_for(lambda: "analysed" in working.inner_text(), 60, "the analysis to finish")

    if os.environ.get("WORKBENCH_DOCS_SHOTS") == "1":  # select the city, then take a picture
        page.wait_for_timeout(TAP_GAP_MS)
        page.mouse.click(*to_page(page, plane_xy(target))[0])
        distances = editor.locator(".wb-distances")
        wait_for(lambda: distances.count() > 0, 15, f"the distances from {name}")
        page.wait_for_timeout(300)
        save_picture(page, editor)
    viewport_shot(page, editor, "editor.png")

    # ---- save: the board's own file is written at once
    assert editor.locator("input[type='text']").first.input_value() == "my_map.yaml"
    editor.get_by_role("button", name="Save").click()
    wait_for(lambda: "saved my_map.yaml" in status.inner_text(), 15, "the save")
    expected = board.move_city(name, target).set_segment(a, b, "double", "water")
    assert load_map(saved) == expected

    # ---- another file holding another map: the first click is refused, the tick replaces it
    other = folder / "other_map.yaml"
    other.write_text((ROOT / "maps" / "tiny.yaml").read_text())
    box = editor.locator("input[type='text']").first
    box.fill("other_map.yaml")
    editor.get_by_role("button", name="Save").click()
    wait_for(lambda: "tick 'overwrite'" in status.inner_text(), 15, "the save to be refused")
    assert load_map(other).name == "Tiny Island"
    editor.get_by_role("checkbox", name="overwrite").check()
    editor.get_by_role("button", name="Save").click()
    wait_for(lambda: "saved other_map.yaml" in status.inner_text(), 15, "the save")
    assert load_map(other) == expected
    assert not editor.get_by_role("checkbox", name="overwrite").is_checked()

    # ---- undo takes the tap back, in the browser too; Ctrl+Z after a tap on the board too
    page.wait_for_timeout(TAP_GAP_MS)
    editor.get_by_role("button", name="Undo").click()
    wait_for(lambda: f"undid: {tapped}" in status.inner_text(), 15, "the undo")
    page.wait_for_timeout(TAP_GAP_MS)
    page.mouse.click(*to_page(page, plane_xy(target))[0])  # selects the city: no edit
    wait_for(lambda: f"selected {name}" in status.inner_text(), 15, "the selection")
    page.keyboard.press("Control+z")
    wait_for(lambda: f"undid: {moved}" in status.inner_text(), 15, "Ctrl+Z to undo the drag")
    page.keyboard.press("Control+Shift+z")
    wait_for(lambda: f"redid: {moved}" in status.inner_text(), 15, "Ctrl+Shift+Z to redo it")
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()


def test_editor_open_undo_save_keep_file_and_board_together(lab, page) -> None:
    """Open another map over unsaved edits (it asks), undo: the old board comes back with
    its own file name, and Save writes it there, not over the map opened."""
    folder = lab[2]
    open_notebook(page, lab, "02_design_a_map.ipynb", workspace="open-undo")
    editor = page.locator(".wb-editor").first
    editor.wait_for(timeout=120_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
    saved = folder / "my_map.yaml"
    tiny = folder / "tiny_copy.yaml"
    tiny.write_text((ROOT / "maps" / "tiny.yaml").read_text())
    status = editor.locator(".wb-status")
    header = editor.locator(".wb-title").first
    box = editor.locator("input[type='text']").first
    page.keyboard.press("Control+b")
    editor.locator(".wb-editor-board").scroll_into_view_if_needed()

    # ---- wheel over the board scrolls the notebook, and does not zoom the board
    canvas = editor.locator(".wb-editor-board .bk-Canvas").first
    canvas.wait_for(timeout=30_000)
    page.wait_for_timeout(500)
    top = page.evaluate(SCROLL_TOP)
    before = page.evaluate(BOARD_RANGE)
    box_before = canvas.bounding_box()
    page.mouse.move(box_before["x"] + box_before["width"] / 2, box_before["y"] + 200)
    page.mouse.wheel(0, 400)
    page.wait_for_timeout(600)
    assert page.evaluate(BOARD_RANGE) == before, "the board did not zoom"
    assert page.evaluate(SCROLL_TOP) > top, "the notebook scrolled"
    editor.locator(".wb-editor-board").scroll_into_view_if_needed()

    # ---- an edit, then Open asks before setting it aside
    board = load_map(saved)
    name, target = choose_drag(board)
    drag(page, name, plane_xy(board.city(name).at), plane_xy(target))
    moved = f"move {name} to {point_name(target)}"
    wait_for(lambda: moved in status.inner_text(), 15, f"the status to say {moved!r}")
    box.fill(str(tiny))
    editor.get_by_role("button", name="Open").first.click()
    wait_for(lambda: "unsaved edits" in status.inner_text(), 15, "Open to ask")
    assert header.inner_text() == board.name
    editor.get_by_role("button", name="Open anyway").click()
    wait_for(lambda: header.inner_text() == "Tiny Island", 30, "the tiny board")
    assert box.input_value() == str(tiny)

    # ---- Undo: the edited board, under its own file name
    editor.get_by_role("button", name="Undo").click()
    wait_for(lambda: header.inner_text() == board.name, 30, "the board before Open")
    wait_for(lambda: box.input_value() == "my_map.yaml", 15, "the file box to follow the board")
    editor.get_by_role("button", name="Save").click()
    wait_for(lambda: "saved my_map.yaml" in status.inner_text(), 15, "the save")
    assert load_map(saved) == board.move_city(name, target)
    assert load_map(tiny).name == "Tiny Island", "the map opened is untouched"
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()


# how far the notebook is scrolled
SCROLL_TOP = """() => (document.querySelector('.jp-WindowedPanel-outer')
  || document.querySelector('.jp-Notebook')).scrollTop"""

# the editor board's visible x range
BOARD_RANGE = """() => {
  const view = Bokeh.index.roots.filter(
    (v) => v.model.name === "editor-board" && v.el.isConnected).at(-1);
  return [view.frame.x_range.start, view.frame.x_range.end];
}"""
