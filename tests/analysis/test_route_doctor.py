"""The route-board doctor: its measures are the route report's, its scores exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench import load_map
from workbench.analysis.route_doctor import (
    RecolorRoute,
    RouteMeasures,
    RouteObjective,
    SetRouteLength,
    SetTicketPoints,
    _candidates,
    _paths,
    _score,
    measure_routes,
    plan_routes,
)
from workbench.analysis.tickets import color_demand, route_graph, ticket_paths
from workbench.cli import main
from workbench.exceptions import MapError
from workbench.maps.routes import GRAY, RouteBoard


@pytest.fixture(scope="module")
def europe_routes() -> RouteBoard:
    board = load_map("maps/ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def _fresh(board: RouteBoard) -> RouteMeasures:
    """From the route report's own tables."""
    tickets = ticket_paths(board)
    off = tickets.difference.abs()
    table = color_demand(board).drop(index=GRAY)
    lengths = [c for c in table.columns if isinstance(c, int)]
    return RouteMeasures(
        float(off.sum()),
        int((off > 0).sum()),
        int(table.cars.max() - table.cars.min()),
        int(sum(table[n].max() - table[n].min() for n in lengths)),
    )


def test_measures_are_the_route_reports(europe_routes: RouteBoard) -> None:
    assert measure_routes(europe_routes) == _fresh(europe_routes)


def test_candidates_are_scored_exactly(europe_routes: RouteBoard) -> None:
    G = route_graph(europe_routes)
    cars = _paths(G, europe_routes)
    kinds = set()
    for i, edit in enumerate(_candidates(europe_routes, cars)):
        if i % 25 and not isinstance(edit, SetTicketPoints):
            continue  # every ticket, and every 25th route edit (a fresh analysis each)
        try:
            board = edit.apply(europe_routes)
        except MapError:
            continue
        assert _score(europe_routes, G, cars, edit) == _fresh(board), edit
        kinds.add(type(edit))
    assert kinds == {SetTicketPoints, RecolorRoute, SetRouteLength}


def test_plan_fixes_the_tickets_exactly_and_legally(europe_routes: RouteBoard) -> None:
    found = plan_routes(europe_routes, edits=2)
    assert found.start.tickets_off == 2 and found.steps[-1].after.tickets_off == 0
    for step in found.steps:
        assert step.after == _fresh(step.board)
        assert not [p for p in step.board.problems() if p.severity == "error"]
        assert step.score_after < step.score_before
    assert [str(s.edit) for s in found.steps] == [  # the same on every run: no randomness
        "set London-Wien to 9 points (was 10)",
        "set Athina-Edinburgh to 20 points (was 21)",
    ]


def test_colors_rebalanced(europe_routes: RouteBoard) -> None:
    """A board whose red routes were made blue gets colors back in balance."""
    board = europe_routes
    for route in [r for r in board.routes if r.color == "red"][:3]:
        twins = {x.color for x in board.routes_between(*route.ends) if x.id != route.id}
        if "blue" not in twins:
            board = board.set_route(route.id, color="blue")
    start = measure_routes(board)
    found = plan_routes(board, RouteObjective(tickets=0), edits=2)
    assert any(isinstance(s.edit, RecolorRoute) for s in found.steps)
    end = found.steps[-1].after
    assert end.cars_spread < start.cars_spread and end == _fresh(found.board)


def test_cli_on_a_route_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ttr.yaml"
    assert main(["doctor", "maps/ticket_to_ride_europe.yaml", "--out", str(out),
                 "--edits", "2"]) == 0  # fmt: skip
    assert "set London-Wien to 9 points" in capsys.readouterr().out
    fixed = load_map(out)
    assert isinstance(fixed, RouteBoard) and measure_routes(fixed).tickets_off == 0
