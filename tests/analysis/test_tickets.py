"""Route-board analyses, each checked against an independent method."""

from __future__ import annotations

from itertools import combinations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse.csgraph import shortest_path

from tests.conftest import MAPS
from workbench import RouteBoard, load_map
from workbench.analysis.tickets import (
    color_demand,
    cut_points,
    route_graph,
    route_load,
    steiner_forest,
    ticket_paths,
)
from workbench.exceptions import InfeasibleError
from workbench.maps.routes import Route, RouteCity, Ticket


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def _matrix(board: RouteBoard) -> tuple[list[str], np.ndarray]:
    names = sorted(c.name for c in board.cities)
    index = {n: i for i, n in enumerate(names)}
    m = np.full((len(names), len(names)), np.inf)
    for r in board.routes:
        i, j = index[r.ends[0]], index[r.ends[1]]
        m[i, j] = m[j, i] = min(m[i, j], r.length)
    return names, m


def test_ticket_paths_match_an_independent_shortest_path(europe: RouteBoard) -> None:
    names, m = _matrix(europe)
    dist = shortest_path(np.where(np.isinf(m), 0, m), method="D", directed=False)
    table = ticket_paths(europe).set_index("ticket")
    for t in europe.tickets:
        i, j = names.index(t.ends[0]), names.index(t.ends[1])
        assert table.cars[t.id] == dist[i, j]
        assert table.difference[t.id] == t.points - dist[i, j]
    # the finding on the real board: two printed tickets are worth a car more than their path
    off = table[table.difference != 0]
    assert sorted(off.index) == ["Athina-Edinburgh", "London-Wien"]
    assert set(table.band) >= {"short (up to 7)", "medium (8 to 12)", "longest (20 and more)"}


def test_route_load_spreads_each_ticket_over_its_shortest_paths(europe: RouteBoard) -> None:
    G = route_graph(europe)
    expected = 0.0
    for t in europe.tickets:
        paths = list(nx.all_shortest_paths(G, *t.ends, weight="weight"))
        expected += sum(len(p) - 1 for p in paths) / len(paths)
    four, two = route_load(europe, 4), route_load(europe, 2)
    first_lanes = four[four.lane == 0]
    assert first_lanes.usage.sum() == pytest.approx(expected)
    assert (two.load == two.usage).all()
    doubles = four[four.double]
    assert np.allclose(doubles.load, doubles.usage / 2)
    assert list(four.load) == sorted(four.load, reverse=True)


def test_cut_points_match_removing_each_pair_and_city(europe: RouteBoard) -> None:
    G = route_graph(europe)
    two_player = {
        rid for u, v in G.edges() if not nx.is_connected(nx.restricted_view(G, [], [(u, v)]))
        for rid in G[u][v]["routes"]
    }  # fmt: skip
    cuts2, cuts4 = cut_points(europe, players=2), cut_points(europe, players=4)
    assert set(cuts2.bridges) == two_player
    assert set(cuts4.bridges) == {
        r for r in two_player if len(europe.routes_between(*europe.route(r).ends)) == 1
    }
    alone = {c for c in G if not nx.is_connected(nx.restricted_view(G, [c], []))}
    assert set(cuts4.articulations) == alone == {"London", "Madrid"}


def test_color_demand_adds_up(europe: RouteBoard) -> None:
    table = color_demand(europe)
    assert table.routes.sum() == len(europe.routes)
    assert table.cars.sum() == sum(r.length for r in europe.routes)
    lengths = [c for c in table.columns if isinstance(c, int)]
    assert (table[lengths].sum(axis=1) == table.routes).all()
    assert (table.longest <= table.cards).all()


def _milp_forest(board: RouteBoard, pairs: list[tuple[str, str]]) -> float:
    """The Steiner forest's cost as an integer program: a directed unit flow per ticket,
    each arc's flow bounded by its edge's 0/1 variable."""
    G = route_graph(board)
    edges = list(G.edges())
    nodes = {n: i for i, n in enumerate(G)}
    ne, k = len(edges), len(pairs)
    nvar = ne + k * 2 * ne
    c = np.zeros(nvar)
    c[:ne] = [G[u][v]["weight"] for u, v in edges]
    rows, lo, hi = [], [], []
    for t, (s, d) in enumerate(pairs):
        base = ne + t * 2 * ne
        for n, i in nodes.items():
            row = np.zeros(nvar)
            for e, (u, v) in enumerate(edges):
                if nodes[u] == i:
                    row[base + 2 * e] += 1  # u -> v leaves
                    row[base + 2 * e + 1] -= 1
                if nodes[v] == i:
                    row[base + 2 * e] -= 1
                    row[base + 2 * e + 1] += 1
            b = 1.0 if n == s else -1.0 if n == d else 0.0
            rows.append(row), lo.append(b), hi.append(b)
        for e in range(ne):
            for arc in (0, 1):
                row = np.zeros(nvar)
                row[base + 2 * e + arc], row[e] = 1, -1
                rows.append(row), lo.append(-np.inf), hi.append(0.0)
    integrality = np.zeros(nvar)
    integrality[:ne] = 1
    result = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi),
                  integrality=integrality, bounds=Bounds(0, 1))  # fmt: skip
    assert result.success
    return float(result.fun)


@pytest.mark.parametrize("seed", range(3))
def test_steiner_forest_matches_an_integer_program(europe: RouteBoard, seed: int) -> None:
    rng = np.random.default_rng(seed)
    chosen = [europe.tickets[i] for i in rng.choice(len(europe.tickets), 4, replace=False)]
    forest = steiner_forest(europe, chosen)
    assert forest.cost == pytest.approx(_milp_forest(europe, [t.ends for t in chosen]))
    claimed = [europe.route(r) for r in forest.routes]
    assert sum(r.length for r in claimed) == forest.cost
    H = nx.Graph([r.ends for r in claimed])
    assert all(nx.has_path(H, *t.ends) for t in chosen)


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[RouteBoard, list[tuple[str, str]]]:
    names = [f"C{i}" for i in range(draw(st.integers(3, 7)))]
    pairs = list(combinations(names, 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=2, max_size=10))
    routes = tuple(Route(p, draw(st.integers(1, 8))) for p in chosen)
    cities = tuple(RouteCity(n, (i, i % 2)) for i, n in enumerate(names))
    tickets = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=4))
    return RouteBoard("small", cities, routes), tickets


def _brute_force(board: RouteBoard, tickets: list[tuple[str, str]]) -> float:
    best = float("inf")
    routes = board.routes
    for n in range(len(routes) + 1):
        for subset in combinations(routes, n):
            H = nx.Graph()
            H.add_nodes_from(c.name for c in board.cities)
            H.add_edges_from(r.ends for r in subset)
            if all(nx.has_path(H, a, b) for a, b in tickets):
                best = min(best, sum(r.length for r in subset))
    return best


@settings(max_examples=60, deadline=None)
@given(small_boards())
def test_steiner_forest_matches_brute_force(case: tuple[RouteBoard, list[tuple[str, str]]]) -> None:
    board, tickets = case
    best = _brute_force(board, tickets)
    if best == float("inf"):
        with pytest.raises(InfeasibleError):
            steiner_forest(board, tickets)
    else:
        assert steiner_forest(board, tickets).cost == best


def test_steiner_forest_takes_ids_pairs_and_tickets(europe: RouteBoard) -> None:
    by_id = steiner_forest(europe, ["Paris-Wien", "Berlin-Roma"])
    by_pair = steiner_forest(europe, [("Wien", "Paris"), ("Roma", "Berlin")])
    by_ticket = steiner_forest(
        europe, [Ticket(("Paris", "Wien"), 8), Ticket(("Berlin", "Roma"), 9)]
    )
    assert by_id == by_pair == by_ticket
    with pytest.raises(KeyError, match="did you mean"):
        steiner_forest(europe, [("Pariss", "Wien")])
    assert steiner_forest(europe, []).cost == 0
