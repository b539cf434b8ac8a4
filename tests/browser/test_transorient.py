"""Play Transorient Express to the end in a real JupyterLab, by tapping the widget of
notebook 06, and keep screenshots of the widget at 1400x900."""

from __future__ import annotations

import re

from tests.browser.conftest import ARTIFACTS, IDLE, run_notebook

NOTEBOOK = "06_transorient_express.ipynb"


def test_play_to_the_end_by_tapping(page, lab) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1400, "height": 900})
    run_notebook(page, lab, NOTEBOOK)
    root = page.locator(".wb-transorient")
    root.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "transorient_start.png"))
    assert "Your turn" in root.inner_text()
    # a greyed button says why it cannot be pressed; the hint names a move and what it does
    title = root.locator(".wb-transorient-station button[disabled]").first.get_attribute("title")
    assert title is not None and title.startswith("not now: first "), title
    root.locator(".wb-transorient-hint").click()
    message = root.locator(".wb-transorient-message")
    message.get_by_text("Hint: ", exact=False).wait_for(timeout=30_000)
    assert "the planner bot's move" in message.inner_text()
    for _ in range(300):
        if "Game over" in root.inner_text():
            break
        before = root.locator(".wb-transorient-log").inner_text()
        taps = ", ".join(
            f".wb-transorient-{part} button:not([disabled])"
            for part in ("station", "hand", "extra")
        )
        root.locator(taps).first.click()
        page.wait_for_function(
            "([sel, old]) => { const e = document.querySelector(sel);"
            " return e && e.innerText !== old; }",
            arg=[".wb-transorient-log", before],
            timeout=30_000,
        )
        page.wait_for_selector(IDLE, timeout=60_000)
    root.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "transorient_end.png"))
    text = root.inner_text()
    assert "Game over" in text and "won" in text
    log = root.locator(".wb-transorient-log").inner_text()
    assert re.search(r"seat \d: (take|pile) \d \(", log), "a bot's take names its card"
