"""The quickstart notebook runs in a real JupyterLab and draws the board in Chromium."""

from __future__ import annotations

import re


def test_quickstart_draws_the_board(lab, page) -> None:
    url, token, _ = lab
    page.goto(f"{url}/lab/tree/01_quickstart.ipynb?token={token}")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    select = page.locator(".jp-Dialog button", has_text="Select")
    try:  # JupyterLab may ask which kernel to start
        select.wait_for(timeout=10_000)
        select.click()
    except Exception:  # no dialog: the kernel started on its own
        pass
    # wait for the kernel, then run every cell from the Run menu
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    page.locator(".jp-Notebook").click()  # focus the notebook, in command mode
    page.keyboard.press("Escape")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    # BokehJS draws the board into a canvas inside the cell's output
    canvas = page.locator(".jp-OutputArea-output .bk-Canvas, .jp-OutputArea-output canvas")
    canvas.first.wait_for(timeout=90_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
    text = page.locator(".jp-Notebook").inner_text()
    assert "Traceback" not in text
    assert "rails at least" in text, "the networkx cell printed its answer"
    box = canvas.first.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
