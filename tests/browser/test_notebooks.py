"""The quickstart notebook runs in a real JupyterLab and draws the board in Chromium."""

from __future__ import annotations

from tests.browser.conftest import run_notebook


def test_quickstart_draws_the_board(lab, page) -> None:
    run_notebook(page, lab, "01_quickstart.ipynb")
    # BokehJS draws the board into a canvas inside the cell's output
    canvas = page.locator(".jp-OutputArea-output .bk-Canvas, .jp-OutputArea-output canvas")
    canvas.first.wait_for(timeout=90_000)
    text = page.locator(".jp-Notebook").inner_text()
    assert "Traceback" not in text
    assert "rails at least" in text, "the networkx cell printed its answer"
    box = canvas.first.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
