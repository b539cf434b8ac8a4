"""Play a whole game of Ticket to Ride in a real JupyterLab against a station-building
planner and a greedy bot, by clicking the widget's buttons: the first claim the moves
offer, else the deck when a card may be drawn, else the first move the widget offers (keep
every ticket, pay a tunnel, ...), saving the game half way. Set ``WORKBENCH_SHOOT=1`` to
also write ``docs/ttr_play.png``."""

from __future__ import annotations

import itertools
import json
import math
import os
from pathlib import Path

from tests.browser.conftest import ARTIFACTS, IDLE, ROOT, run_notebook, write_cells

CELLS = [
    "from workbench.ui.ttr_play import TicketToRidePlay",
    'play = TicketToRidePlay(seats=["human", "planner_stations", "greedy"], seed=2)\nplay',
]


def _notebook(folder: Path) -> str:
    return write_cells(folder, "ttr_play.ipynb", CELLS)


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
        else:  # the first move on offer (the list opens on "choose a move…": no default)
            moves.select_option(index=1 if options[0].startswith("choose a move") else 0)
            root.locator(".wb-ttr-go").click()
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[".wb-ttr-log", before],
            timeout=30_000,
        )
        # the log is one of several widgets a move redraws: wait for the kernel to be idle
        # and the page to settle, or the next choice may be read off a stale moves list
        page.wait_for_selector(IDLE, timeout=60_000)
        page.wait_for_timeout(150)
    assert "the game is over" in status.inner_text().lower()
    scoring = root.locator(".wb-ttr-scoring")
    assert "Final scoring" in scoring.inner_text() and "total" in scoring.inner_text()
    if shot:
        scoring.scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "test-artifacts" / "ttr_play_end.png"))


# ---------------------------------------------------------------------------- issue 29

TUNNEL_SEED = 27
TUNNEL_CELL = f"""from workbench.games.ticket_to_ride.actions import Claim, DrawBlind
from workbench.ui.ttr_play import TicketToRidePlay

play = TicketToRidePlay(seats=["human", "greedy"], seed={TUNNEL_SEED})


def to_the_tunnel(session):
    \"\"\"Claim every tunnel the cards allow, draw blind otherwise, up to a tunnel's reveal.\"\"\"
    session.play(session.choices()[0])
    session.run()
    while session.state.phase != "tunnel":
        legal = session.state.legal_actions()
        tunnels = [
            a for a in legal
            if isinstance(a, Claim) and session.board.route(a.route).kind == "tunnel"
        ]
        session.play(tunnels[0] if tunnels else DrawBlind() if DrawBlind() in legal else legal[0])
        session.run()


to_the_tunnel(play.session)
play"""

PIXEL = """([x, y]) => {
  for (const view of Bokeh.index.roots) {
    if (view.model.type === "Figure") {
      return [view.frame.x_scale.compute(x), view.frame.y_scale.compute(y)];
    }
  }
  return null;
}"""
"""Plane coordinates -> canvas pixels, by the figure's own scales (BokehJS)."""

COLOR = """([px, py]) => {
  for (const view of Bokeh.index.roots) {
    if (view.model.type === "Figure") {
      const canvas = view.canvas_view.primary.canvas;
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const context = canvas.getContext("2d");
      const d = context.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data;
      return [d[0], d[1], d[2]];
    }
  }
  return null;
}"""
"""The color drawn at canvas pixel ``(px, py)``."""


def _replica():  # type: ignore[no-untyped-def]
    from workbench.games.ticket_to_ride.actions import Claim, DrawBlind
    from workbench.session.ttr_play import TicketToRideSession

    session = TicketToRideSession(seats=["human", "greedy"], seed=TUNNEL_SEED)
    session.play(session.choices()[0])
    session.run()
    while session.state.phase != "tunnel":
        legal = session.state.legal_actions()
        tunnels = [
            a
            for a in legal
            if isinstance(a, Claim) and session.board.route(a.route).kind == "tunnel"
        ]
        session.play(tunnels[0] if tunnels else DrawBlind() if DrawBlind() in legal else legal[0])
        session.run()
    return session


def _tap(page, x: float, y: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Tap the board at plane point (x, y); the canvas pixel tapped."""
    px, py = page.evaluate(PIXEL, [x, y])
    canvas = page.locator(".wb-ttr-board .bk-Canvas").first
    box = canvas.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + px, box["y"] + py)
    page.wait_for_timeout(400)  # two taps within ~300 ms make a double tap
    return px, py


def _play_move(page, root, label: str) -> None:  # type: ignore[no-untyped-def]
    moves = root.locator(".wb-ttr-moves select")
    options = [m.replace("\xa0", " ") for m in moves.locator("option").all_text_contents()]
    index = next(i for i, m in enumerate(options) if m.startswith(label))
    moves.select_option(index=index)
    root.locator(".wb-ttr-go").click()


def test_a_tunnel_a_refusal_and_a_station_at_the_table(lab, page) -> None:  # type: ignore[no-untyped-def]
    """The tunnel's cards on show, a refusal that names the owner, a station built by
    tapping its city, and claimed routes drawn in their owner's color over the labels."""
    from workbench.maps.drawing import cars as car_spaces
    from workbench.ui.ttr_play import SEAT_COLORS

    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "t0", "metadata": {},
                   "outputs": [], "source": TUNNEL_CELL}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    (lab[2] / "ttr_tunnel.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    page.set_viewport_size({"width": 1400, "height": 900})
    run_notebook(page, lab, "ttr_tunnel.ipynb")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+b")  # hide the file browser: the widget's full width
    root = page.locator(".wb-ttr")
    page.locator(".wb-ttr-board .bk-Canvas").first.wait_for(timeout=60_000)
    replica = _replica()
    route = replica.tunnel_reveal()[0]  # type: ignore[index]
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.mouse.move(0, 0)
    page.wait_for_timeout(500)

    # 1. the tunnel's reveal is shown with the cards turned over, beside the board
    tunnel = root.locator(".wb-ttr-tunnel")
    assert f"Tunnel {route}" in tunnel.inner_text()
    assert replica.tunnel_text() in tunnel.inner_text()
    assert "turned over" in root.locator(".wb-ttr-status").inner_text()
    box = tunnel.bounding_box()
    board = page.locator(".wb-ttr-board").first.bounding_box()
    assert box is not None and board is not None
    assert box["y"] + box["height"] < 900, "in view, not below the fold"
    assert box["x"] > board["x"] + board["width"] - 5, "beside the board"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ttr_tunnel.png"))
    _play_move(page, root, "withdraw")
    root.locator(".wb-ttr-log").get_by_text("you: withdraw").wait_for(timeout=30_000)
    assert replica.play("withdraw")
    replica.run()

    # 2. a tap on a rival's route is refused, naming the owner
    state, t = replica.state, replica.game.tables
    theirs = [t.route_ids[i] for i, o in enumerate(state.owners) if o == 1]
    assert theirs, "the bot has claimed a route by now"
    spaces = car_spaces(replica.board)
    x, y = spaces[theirs[0]][0].centre
    _tap(page, x, y)
    message = root.locator(".wb-ttr-message")
    message.get_by_text("it is claimed already, by seat 1 (greedy)", exact=False).wait_for(
        timeout=30_000
    )
    assert replica.click_route(theirs[0]) == []
    assert replica.message in message.inner_text()
    page.locator(".bk-Tooltip", has_text="seat 1 (greedy)").first.wait_for(timeout=10_000)

    # 3. claimed routes are covered by their owner's trains, even under a city's name
    for rid in theirs:
        for car in spaces[rid]:
            # between the train's white window and the car's outline (a car of a short
            # route is a few pixels long: the best of three points on its long axis)
            ring = [*car.corners, car.corners[0]]
            a, b = min(itertools.pairwise(ring), key=lambda e: math.dist(*e))
            end = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            want = SEAT_COLORS[1]
            rgb = [int(want[k : k + 2], 16) for k in (1, 3, 5)]
            free = replica.board.fill(replica.board.route(rid).color)
            others = [[int(c[k : k + 2], 16) for k in (1, 3, 5)] for c in (free, "#ffffff")]
            found = []
            for f in (0.5, 0.55, 0.6):
                x, y = (1 - f) * car.centre[0] + f * end[0], (1 - f) * car.centre[1] + f * end[1]
                drawn = page.evaluate(COLOR, page.evaluate(PIXEL, [x, y]))
                miss = max(abs(p - q) for p, q in zip(drawn, rgb, strict=True))
                near = all(
                    miss < max(abs(p - q) for p, q in zip(drawn, o, strict=True)) for o in others
                )
                found.append((miss, near, drawn))
            assert any(miss < 80 and near for miss, near, _ in found), (rid, found)

    # 4. a station is built by tapping its city, and Play builds it
    city = next(c for c in sorted(replica.board.positions) if replica.click_city(c))
    _tap(page, *replica.board.positions[city])
    root.locator(".wb-ttr-message").get_by_text(f"A station in {city}").wait_for(timeout=30_000)
    root.locator(".wb-ttr-go").click()
    root.locator(".wb-ttr-log").get_by_text(f"you: station {city}", exact=False).wait_for(
        timeout=30_000
    )
    page.mouse.move(0, 0)
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "ttr_station.png"))
