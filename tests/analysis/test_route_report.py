"""The route-board report: its text, its page and ``workbench analyze`` on a route board."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import MAPS
from workbench import RouteBoard, load_map
from workbench.analysis.route_report import route_report
from workbench.analysis.tickets import cut_points, route_load


def _europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def test_text_states_the_findings() -> None:
    europe = _europe()
    report = route_report(europe, players=4)
    text = report.text(top=5)
    assert "44 of 46 tickets match" in text
    assert "London-Wien: 10 points, shortest path 9 cars (+1)" in text
    assert "articulation cities: London, Madrid" in text
    busiest = route_load(europe, 4).head(5).route.tolist()
    assert all(r in text for r in busiest)
    assert report.cuts == cut_points(europe, 4)
    assert report.bands().to_dict() == {
        "short (up to 7)": 15,
        "medium (8 to 12)": 24,
        "long (13 to 19)": 1,
        "longest (20 and more)": 6,
    }


def test_two_players_close_doubles() -> None:
    two = route_report(_europe(), players=2)
    assert two.load.iloc[0].route == "Berlin-Frankfurt" and two.load.iloc[0].double
    assert "Edinburgh-London" in two.text()


def test_cli_analyze_prints_and_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "analyze",
            str(MAPS / "ticket_to_ride_europe.yaml"),
            "--players",
            "3",
            "--html",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    assert "Busiest routes (3 players" in result.stdout
    page = out.read_text()
    assert "Route load, 3 players" in page and "Tickets whose points differ" in page
    assert "cdn.bokeh.org" not in page
