"""Route-board analyses, each checked against an independent method."""

from __future__ import annotations

from itertools import combinations, pairwise

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
    longest_trail,
    propose_tickets,
    route_graph,
    route_load,
    steiner_forest,
    ticket_overlaps,
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


def _is_trail(board: RouteBoard, ids: tuple[str, ...]) -> bool:
    """Whether the routes, in order, form one walk that uses each city pair once."""
    routes = [board.route(r) for r in ids]
    if len({r.ends for r in routes}) != len(routes):
        return False
    if len(routes) <= 1:
        return True
    first, second = set(routes[0].ends), set(routes[1].ends)
    if not first & second:
        return False
    at = (first - second).pop() if len(first - second) == 1 else routes[0].ends[0]
    for r in routes:
        if at not in r.ends:
            return False
        at = r.ends[1] if r.ends[0] == at else r.ends[0]
    return True


def _brute_trail(board: RouteBoard, cars: int) -> int:
    """The longest trail by trying every set of city pairs: a set is a trail when it is
    connected and has 0 or 2 cities of odd degree (an Euler trail exists)."""
    G = route_graph(board)
    edges = list(G.edges(data="weight"))
    best = 0
    for n in range(1, len(edges) + 1):
        for subset in combinations(edges, n):
            total = sum(w for *_, w in subset)
            if total > cars or total <= best:
                continue
            H = nx.MultiGraph([(u, v) for u, v, _ in subset])
            odd = sum(d % 2 for _, d in H.degree())
            if nx.is_connected(H) and odd in (0, 2):
                best = total
    return best


@settings(max_examples=60, deadline=None)
@given(small_boards(), st.integers(1, 20))
def test_longest_trail_matches_brute_force(
    case: tuple[RouteBoard, list[tuple[str, str]]], cars: int
) -> None:
    board, _ = case
    total, ids = longest_trail(board, cars)
    assert total == _brute_trail(board, cars)
    assert _is_trail(board, ids) and sum(board.route(r).length for r in ids) == total


def test_longest_trail_on_europe(europe: RouteBoard) -> None:
    total, ids = longest_trail(europe)
    assert total == europe.deck.cars == 45
    assert _is_trail(europe, ids) and sum(europe.route(r).length for r in ids) == 45


def test_ticket_overlaps_when_paths_are_unique(europe: RouteBoard) -> None:
    G = route_graph(europe)
    paths = {}
    for t in europe.tickets:
        found = list(nx.all_shortest_paths(G, *t.ends, weight="weight"))
        if len(found) == 1:
            paths[t.id] = {frozenset(p) for p in pairwise(found[0])}
    table = ticket_overlaps(europe).set_index(["first", "second"]).cars
    for (a, pa), (b, pb) in combinations(sorted(paths.items(), key=lambda kv: kv[0]), 2):
        first, second = sorted((a, b), key=[t.id for t in europe.tickets].index)
        common = sum(G[min(k)][max(k)]["weight"] for k in pa & pb)
        assert table.get((first, second), 0.0) == pytest.approx(common), (a, b)
    assert (table > 0).all()


def test_proposed_tickets_are_new_priced_and_spread(europe: RouteBoard) -> None:
    names, m = _matrix(europe)
    dist = shortest_path(np.where(np.isinf(m), 0, m), method="D", directed=False)
    table = propose_tickets(europe, count=6, cars=(6, 10))
    existing = {t.id for t in europe.tickets}
    assert len(set(table.ticket)) == 6 and not set(table.ticket) & existing
    for row in table.itertuples():
        a, b = row.ticket.split("-")
        assert row.points == dist[names.index(a), names.index(b)]
        assert 6 <= row.points <= 10
        assert row.route.startswith(a) and row.route.endswith(b)
    first = propose_tickets(europe, count=1, cars=(6, 10)).iloc[0]
    assert first.ticket == table.iloc[0].ticket
    assert first.load <= table.load.min() + 1e-9  # the least-loaded comes first
