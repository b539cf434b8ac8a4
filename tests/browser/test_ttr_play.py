"""Play a whole game of Ticket to Ride in a real JupyterLab against a station-building
planner and a greedy bot, by clicking the widget's buttons: the first claim the moves
offer, else the deck when a card may be drawn, else the first move the widget offers (keep
every ticket, pay a tunnel, ...), saving the game half way. Set ``WORKBENCH_SHOOT=1`` to
also write ``docs/ttr_play.png``."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.browser.conftest import ROOT, run_notebook

CELLS = [
    "from workbench.ui.ttr_play import TicketToRidePlay",
    'play = TicketToRidePlay(seats=["human", "planner_stations", "greedy"], seed=2)\nplay',
]


def _notebook(folder: Path) -> str:
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
             "outputs": [], "source": src}
            for i, src in enumerate(CELLS)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    (folder / "ttr_play.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return "ttr_play.ipynb"


def test_play_a_game_of_ticket_to_ride_to_the_end(lab, page) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1400, "height": 900})
    run_notebook(page, lab, _notebook(lab[2]))
    root = page.locator(".wb-ttr")
    root.wait_for(timeout=60_000)
    status = root.locator(".wb-ttr-status")
    page.locator(".wb-ttr-board .bk-Canvas").first.wait_for(timeout=60_000)
    shot = os.environ.get("WORKBENCH_SHOOT")
    if shot:  # more room for the widget: hide the file browser
        page.keyboard.press("Escape")
        page.keyboard.press("Control+b")
    for step in range(400):
        text = status.inner_text().lower()
        if "the game is over" in text:
            break
        if step == 40 and shot:
            root.locator(".wb-ttr-hint").click()
            page.wait_for_timeout(1500)
            page.screenshot(path=str(ROOT / "docs" / "ttr_play.png"))
        if step == 20:  # save the game half way, through the widget's Save button
            root.locator(".wb-ttr-path input").fill(str(lab[2] / "ttr_saved.json"))
            root.locator("button", has_text="Save").click()
            page.wait_for_function(
                "() => document.querySelector('.wb-ttr-message').innerText.includes('saved to')",
                timeout=30_000,
            )
            assert (lab[2] / "ttr_saved.json").is_file()
        deck = root.locator(".wb-ttr-market button", has_text="deck")
        before = root.locator(".wb-ttr-log").inner_text()
        moves = root.locator(".wb-ttr-moves select")
        # ipywidgets writes the options with non-breaking spaces
        options = [m.replace("\xa0", " ") for m in moves.locator("option").all_text_contents()]
        claims = [i for i, m in enumerate(options) if m.startswith("claim ")]
        if claims:  # claim a route when the cards allow one
            moves.select_option(index=claims[0])
            root.locator(".wb-ttr-go").click()
        elif deck.count() and deck.first.is_enabled():
            deck.first.click()
        else:
            root.locator(".wb-ttr-go").click()
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[".wb-ttr-log", before],
            timeout=30_000,
        )
    assert "the game is over" in status.inner_text().lower()
    scoring = root.locator(".wb-ttr-scoring")
    assert "Final scoring" in scoring.inner_text() and "total" in scoring.inner_text()
    if shot:
        scoring.scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "test-artifacts" / "ttr_play_end.png"))
