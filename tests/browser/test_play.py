"""Play the quickstart's round in a real JupyterLab: taps on the canvas, bots answering.

The notebook's game is seeded, so this test plays the same game in its own process (a
replica :class:`PlayRound` with the same board, seats and seeds) to know which taps are legal
and which lines the log must show after each tap. Taps are aimed with the view's fixed
:class:`~workbench.ui.boardview.Frame`: plane coordinates -> pixels from the canvas's
bottom-left corner.

Set ``WORKBENCH_SHOOT=1`` to also write ``docs/play.png`` (the play widget) and
``docs/boardview.png`` (the drawn position), as ``docs/shoot_play.py`` does.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
from pathlib import Path
from typing import Any

from tests.browser.conftest import ROOT, run_notebook
from workbench import load_map
from workbench.games.trans_europa import PlaceRail
from workbench.maps.lattice import Edge, plane_xy
from workbench.ui.play import PlayRound

NOTEBOOK = "01_quickstart.ipynb"
SEATS = ["human", "random", "random"]
SEED = 1
PLAY_CELL = 'play = PlayRound(board, seats=["human", "random", "random"], seed=1)'
TAP_GAP_MS = 400  # BokehJS folds two taps within ~300 ms into a double tap
DOCS = ROOT / "docs"


def _notebook_source() -> str:
    nb = json.loads((ROOT / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    return "\n".join("".join(cell["source"]) for cell in nb["cells"])


def _midpoint(segment: Edge) -> tuple[float, float]:
    (x0, y0), (x1, y1) = plane_xy(segment[0]), plane_xy(segment[1])
    return (x0 + x1) / 2, (y0 + y1) / 2


class Board:
    """The play widget's canvas in the page, and taps aimed at plane coordinates."""

    def __init__(self, page: Any, replica: PlayRound) -> None:
        self.page = page
        self.frame = replica.view.frame
        self.root = page.locator(".wb-play")
        self.canvas = self.root.locator(".wb-play-board .bk-Canvas").first

    def tap(self, x: float, y: float) -> None:
        self.canvas.scroll_into_view_if_needed()
        box = self.canvas.bounding_box()
        assert box is not None
        px, py = self.frame.pixel(x, y)
        self.page.mouse.click(box["x"] + px, box["y"] + box["height"] - py)
        self.page.wait_for_timeout(TAP_GAP_MS)

    def log(self) -> str:
        return str(self.root.locator(".wb-play-log").inner_text())

    def wait_for_log(self, line: str, timeout: float = 30_000) -> None:
        """Wait until the move log shows ``line``."""
        log = self.root.locator(".wb-play-log")
        log.get_by_text(line, exact=True).first.wait_for(timeout=timeout)

    def message(self) -> str:
        return str(self.root.locator(".wb-play-message").inner_text())


def test_play_a_turn_by_tapping_the_canvas(lab, page) -> None:
    assert PLAY_CELL in _notebook_source(), "the notebook's game is the one replayed here"
    copy = f"play_{NOTEBOOK}"  # a fresh copy: a kernel of its own, no saved outputs
    shutil.copyfile(ROOT / "notebooks" / NOTEBOOK, lab[2] / copy)
    run_notebook(page, lab, copy)
    text = page.locator(".jp-Notebook").inner_text()
    assert "Traceback" not in text

    board = load_map(ROOT / "maps" / "trans_europa.yaml")
    replica = PlayRound(board, SEATS, seed=SEED, delay=None)
    ui = Board(page, replica)
    ui.root.scroll_into_view_if_needed()
    ui.canvas.wait_for(timeout=60_000)
    box = ui.canvas.bounding_box()
    assert box is not None
    assert abs(box["width"] - (replica.view.frame.width + 2 * replica.view.frame.left)) <= 2

    # 1. the start marker, on our first city
    state = replica.state
    assert state is not None and state.to_play == 0
    start = board.city(state.hands[0][0]).at
    ui.tap(*plane_xy(start))
    assert replica.click_point(start)
    ui.wait_for_log(replica.log[-1])  # "seat 0 (you): start marker on ..."
    replica.play_bots()  # the bots put down their markers, in the page one by one
    ui.wait_for_log(replica.log[-1])
    assert replica.state.phase == "build" and replica.state.to_play == 0

    # 2. an illegal tap: a segment far from our network changes nothing and says why
    far = max(board.segments, key=lambda s: math.dist(_midpoint(s), plane_xy(start)))
    ui.tap(*_midpoint(far))
    assert not replica.click_segment(far)
    ui.root.locator(".wb-play-message").get_by_text(replica.message).wait_for(timeout=10_000)
    assert "does not touch the network" in ui.message()

    # 3. two single rails next to our network: the turn is full and ends by itself
    for _ in range(2):
        rails = [
            a.segment
            for a in replica.state.legal_actions()
            if isinstance(a, PlaceRail) and board.segments[a.segment].kind == "single"
        ]
        ui.tap(*_midpoint(rails[0]))
        assert replica.click_segment(rails[0])
        ui.wait_for_log(replica.log[-1])
    lines = len(replica.log)

    # 4. the bots answer, move by move, until it is our turn again
    replica.play_bots()
    assert len(replica.log) > lines
    ui.wait_for_log(replica.log[-1], timeout=60_000)
    shown = ui.log().splitlines()
    assert shown[-len(replica.log) :] == replica.log, "the page logs the replica's moves"
    assert re.search(r"seat [12] \(random\): rail", ui.log())
    status = ui.root.locator(".wb-play-status").inner_text()
    assert "seat 0 (you) builds" in status

    # 4b. more laps until the log overflows its box: it still shows its newest line
    scroll = ui.root.locator(".wb-log-scroll")
    overflowing = "(el) => el.scrollHeight > el.clientHeight + 4"
    for _ in range(8):
        if scroll.evaluate(overflowing) or replica.state.phase != "build":
            break
        rails = [
            a.segment
            for a in replica.state.legal_actions()
            if isinstance(a, PlaceRail) and board.segments[a.segment].kind == "single"
        ]
        if not rails:
            break
        ui.tap(*_midpoint(rails[0]))
        assert replica.click_segment(rails[0])
        if replica.state.to_play == 0 and replica.state.placed:
            ui.root.get_by_role("button", name="End turn").click()
            assert replica.end_turn()
        replica.play_bots()
        ui.wait_for_log(replica.log[-1], timeout=60_000)
    assert scroll.evaluate(overflowing), "the log outgrew its box"
    last = ui.root.locator(".wb-play-log .wb-log-line").last
    assert last.inner_text() == replica.log[-1]
    outer, line = scroll.bounding_box(), last.bounding_box()
    assert outer is not None and line is not None
    assert (
        outer["y"] <= line["y"] and line["y"] + line["height"] <= outer["y"] + outer["height"] + 1
    )
    first = ui.root.locator(".wb-play-log .wb-log-line").first.bounding_box()
    assert first is not None and first["y"] < outer["y"], "the oldest lines are scrolled away"

    # 5. the hint draws our cheapest completion and says what it costs
    ui.root.get_by_role("button", name="Hint").click()
    tip = replica.hint()
    assert tip is not None
    ui.root.locator(".wb-play-message").get_by_text(replica.message).wait_for(timeout=10_000)

    if os.environ.get("WORKBENCH_SHOOT"):
        _shoot(page, ui)
    folder = os.environ.get("WORKBENCH_VIEWPORT_SHOTS")
    if folder:  # the widget at the top of a 1400 x 900 screen, as a user sees it
        page.set_viewport_size({"width": 1400, "height": 900})
        page.mouse.move(0, 0)
        ui.root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(600)
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / "play.png"))


def _shoot(page: Any, ui: Board) -> None:
    """Write docs/play.png and docs/boardview.png (small PNGs of the two pictures)."""
    page.mouse.move(0, 0)  # no hover tooltip in the pictures
    page.set_viewport_size({"width": 1400, "height": 1300})  # the whole widget in view
    page.wait_for_timeout(500)
    ui.root.scroll_into_view_if_needed()
    _save(ui.root, DOCS / "play.png")
    cell = page.locator(".jp-CodeCell", has_text="BoardView(board, state, tree=finish)")
    output = cell.locator(".jp-OutputArea-output", has=page.locator(".bk-Canvas")).first
    output.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    _save(output, DOCS / "boardview.png")


def _save(locator: Any, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    locator.screenshot(path=str(tmp), animations="disabled", scale="css", type="png")
    os.replace(tmp, path)
