"""The route-board doctor: its measures are the route report's, its scores exact."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.maps.route_strategies import COLORS, route_boards
from workbench import load_map
from workbench.analysis.route_doctor import (
    RecolorRoute,
    RouteMeasures,
    RouteObjective,
    SetRouteLength,
    SetTicketPoints,
    _candidates,
    _measures,
    _paths,
    _score,
    _Scorer,
    measure_routes,
    plan_routes,
    rank_route_edits,
)
from workbench.analysis.tickets import color_demand, route_graph, ticket_paths
from workbench.cli import main
from workbench.exceptions import MapError
from workbench.maps.routes import GRAY, Route, RouteBoard, RouteCity, RouteDeck, Ticket


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


# ------------------------------------------------- the incremental scorer against the plain


def _plain_ranking(board: RouteBoard, objective: RouteObjective) -> list[tuple[str, str]]:
    """Every candidate scored by measuring the whole edited board again (``_score``), as
    the score's repr (an unjoined ticket weighted 0 scores nan) and the edit's text."""
    G = route_graph(board)
    cars = _paths(G, board)
    scored = [(objective.score(_score(board, G, cars, e), 1), i, str(e))
              for i, e in enumerate(_candidates(board, cars))]  # fmt: skip
    scored.sort(key=lambda t: (round(t[0], 9), t[1]))
    return [(repr(score), edit) for score, _, edit in scored]


def _plain_plan(board: RouteBoard, objective: RouteObjective, edits: int) -> list[str]:
    """The greedy search of ``plan_routes``, every candidate scored the plain way."""
    steps: list[str] = []
    score = objective.score(measure_routes(board), 0)
    for round_ in range(edits):
        G = route_graph(board)
        cars = _paths(G, board)
        best = None
        for edit in _candidates(board, cars):
            s = objective.score(_score(board, G, cars, edit), round_ + 1)
            if s < score - 1e-9 and (best is None or s < best[0] - 1e-9):
                best = (s, edit)
        if best is None:
            break
        try:
            board = best[1].apply(board)
        except MapError:
            break
        score = best[0]
        steps.append(str(best[1]))
    return steps


def _same_as_plain(board: RouteBoard, objective: RouteObjective) -> None:
    scorer = _Scorer(board, route_graph(board))
    G = route_graph(board)
    cars = _paths(G, board)
    assert scorer.cars == cars
    assert scorer.start == measure_routes(board) == _measures(board, cars)
    for edit in _candidates(board, cars):
        assert scorer.measures(edit) == _score(board, G, cars, edit), edit
    ranked = [(repr(score), str(e)) for score, e in rank_route_edits(board, objective)]
    assert ranked == _plain_ranking(board, objective)


@pytest.mark.parametrize("name", ["ticket_to_ride_europe", "ticket_to_ride_usa"])
def test_the_incremental_scorer_ranks_the_shipped_boards_as_the_plain_one(name: str) -> None:
    board = load_map(f"maps/{name}.yaml")
    assert isinstance(board, RouteBoard)
    assert _Scorer(board, route_graph(board)).usable
    for objective in (RouteObjective(), RouteObjective(color_cars=0, color_lengths=0)):
        _same_as_plain(board, objective)
    found = plan_routes(board, edits=3)
    assert [str(s.edit) for s in found.steps] == _plain_plan(board, RouteObjective(), 3)


@st.composite
def _dense_boards(draw: st.DrawFn) -> RouteBoard:
    """Small boards with many routes, doubles, tickets (repeated pairs too) and a scoring
    table that may print any lengths: every kind of length edit and shortest-path change."""
    n = draw(st.integers(2, 9))
    names = [f"C{i}" for i in range(n)]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=16))
    lanes: dict[tuple[str, str], int] = {}
    made = []
    for a, b in chosen:
        if lanes.get((a, b), 0) < 2:
            lanes[a, b] = lanes.get((a, b), 0) + 1
            made.append(Route((a, b), draw(st.integers(1, 8)), draw(st.sampled_from(COLORS))))
    tickets = [Ticket(pair, draw(st.integers(1, 30)))
               for pair in draw(st.lists(st.sampled_from(pairs), max_size=10))]  # fmt: skip
    table = tuple(draw(st.lists(st.integers(0, 20), min_size=8, max_size=8)))
    return RouteBoard(
        name="Dense",
        cities=tuple(RouteCity(c, (float(i), float(i % 3))) for i, c in enumerate(names)),
        routes=tuple(made),
        tickets=tuple(tickets),
        deck=RouteDeck(route_points=table if any(table) else ()),
    )


_weights = st.builds(
    RouteObjective,
    st.sampled_from([0.0, 1.0, 0.3]),
    st.sampled_from([0.0, 0.5, 2.0]),
    st.sampled_from([0.0, 0.25, 1.0]),
    st.just(0.25),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=st.one_of(_dense_boards(), route_boards()), objective=_weights)
def test_the_incremental_scorer_ranks_random_boards_as_the_plain_one(
    board: RouteBoard, objective: RouteObjective
) -> None:
    _same_as_plain(board, objective)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=_dense_boards())
def test_the_plan_on_random_boards_is_the_plain_greedy_search(board: RouteBoard) -> None:
    found = plan_routes(board, edits=2)
    assert [str(s.edit) for s in found.steps] == _plain_plan(board, RouteObjective(), 2)


def test_a_board_too_big_for_the_table_is_scored_the_plain_way(
    europe_routes: RouteBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("workbench.analysis.route_doctor._TABLE", 10)
    assert not _Scorer(europe_routes, route_graph(europe_routes)).usable
    ranked = rank_route_edits(europe_routes, top=20)
    assert [(repr(s), str(e)) for s, e in ranked] == _plain_ranking(
        europe_routes, RouteObjective()
    )[:20]
