"""The exact Steiner tree against independent oracles, networkx's contract and edge cases.

Costs are checked against brute force on small graphs and against an integer program on
graphs of 60-100 nodes and the shipped boards. Every test that depends on the weights runs
on three families: small integers (the bucket queue), floats and integers above 64 (the
binary heap). Zero weights, which stand for rails already built, appear in all three.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from networkx.algorithms.approximation import steiner_tree as approx_steiner_tree

from tests.algorithms.oracles import brute_force_steiner_cost, milp_steiner_cost
from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.algorithms import steiner_cost, steiner_cost_to_all, steiner_tree
from workbench.algorithms.steiner import prepare_problem
from workbench.exceptions import InfeasibleError

# --- weights and graphs -------------------------------------------------------------------

# Each family: a hypothesis strategy and a seeded generator of one edge weight.
SMALL = st.integers(0, 2)  # integers <= 64: bucket queue
FLOATS = st.just(0.0) | st.floats(0.01, 10).filter(lambda x: not x.is_integer())
LARGE = st.just(0) | st.integers(100, 500)  # integers > 64: heap
FAMILIES: dict[str, st.SearchStrategy[float]] = {"small": SMALL, "float": FLOATS, "large": LARGE}


def _draw_weight(family: str, rng: random.Random) -> float:
    if rng.random() < 0.1:
        return 0
    if family == "small":
        return rng.choice([1, 2])
    if family == "float":
        return rng.uniform(0.01, 10) + 1e-9
    return rng.randint(100, 500)


@st.composite
def small_graphs(
    draw: st.DrawFn, weights: st.SearchStrategy[float], min_nodes: int = 4, max_nodes: int = 11
) -> nx.Graph:
    """A connected graph: a random spanning tree and some more edges (it shrinks to a path,
    where distances are longest)."""
    n = draw(st.integers(min_nodes, max_nodes))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for v in range(1, n):
        G.add_edge(v - 1 - draw(st.integers(0, v - 1)), v, weight=draw(weights))
    missing = [(u, v) for u in range(n) for v in range(u + 1, n) if not G.has_edge(u, v)]
    if missing:
        for u, v in draw(st.lists(st.sampled_from(missing), unique=True, max_size=2 * n)):
            G.add_edge(u, v, weight=draw(weights))
    note(f"G edges: {sorted(G.edges(data='weight'))}")
    return G


def random_graph(family: str, seed: int, n: int) -> nx.Graph:
    """A connected graph of ``n`` nodes and about ``2.5 n`` edges, mostly between near nodes
    (as on a board) and a few long ones."""
    rng = random.Random(seed)
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for v in range(1, n):
        G.add_edge(rng.randrange(max(0, v - 8), v), v, weight=_draw_weight(family, rng))
    while G.number_of_edges() < 5 * n // 2:
        u = rng.randrange(n)
        v = u + rng.randint(1, 10) if rng.random() < 0.9 else rng.randrange(n)
        if v < n and u != v:
            G.add_edge(u, v, weight=_draw_weight(family, rng))
    return G


def lattice_graph(seed: int) -> nx.Graph:
    """A square or triangular lattice with holes, weights 0/1/2 (the largest component)."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        G = nx.grid_2d_graph(rng.randint(6, 10), rng.randint(6, 10))
    else:
        G = nx.triangular_lattice_graph(rng.randint(5, 8), rng.randint(8, 14))
    G.remove_nodes_from(rng.sample(sorted(G), len(G) // 10))
    G = nx.Graph(G.subgraph(max(nx.connected_components(G), key=len)))
    for u, v in G.edges:
        G[u][v].clear()
        G[u][v]["weight"] = rng.choice([0, 1, 1, 1, 2, 2])
    return G


def terminal_lists(G: nx.Graph, max_size: int = 6) -> st.SearchStrategy[list[Hashable]]:
    """1 to ``max_size`` terminals, repeats allowed."""
    return st.lists(st.sampled_from(sorted(G)), min_size=1, max_size=max_size)


def with_built_rails(G: nx.Graph, rng: random.Random, share: float = 0.1) -> nx.Graph:
    """A copy of ``G`` with a share of its edges and one shortest path set to weight 0."""
    H = G.copy()
    edges = sorted(H.edges)
    for u, v in rng.sample(edges, int(share * len(edges))):
        H[u][v]["weight"] = 0
    a, b = rng.sample(sorted(H), 2)
    for u, v in nx.utils.pairwise(nx.shortest_path(H, a, b, weight="weight")):
        H[u][v]["weight"] = 0
    return H


# --- checks shared by the tests -----------------------------------------------------------


def same_cost(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def tree_weight(T: nx.Graph, weight: str = "weight") -> float:
    return math.fsum(d.get(weight, 1) for *_, d in T.edges(data=True))


def check_tree(
    G: nx.Graph, terminals: Sequence[Hashable], T: nx.Graph, cost: float, weight: str = "weight"
) -> None:
    """``T`` is what networkx would return for a tree of cost ``cost`` joining ``terminals``:
    a view of ``G`` by edges, a tree through all terminals with terminal leaves."""
    assert type(T) is type(G)
    assert nx.is_frozen(T)
    assert T.graph is G.graph
    for e in T.edges(keys=True) if G.is_multigraph() else T.edges:
        assert G.has_edge(*e)
        assert T.edges[e] is G.edges[e]
    for v in T:
        assert T.nodes[v] is G.nodes[v]
    if len(set(terminals)) < 2:
        assert T.number_of_nodes() == 0
        assert T.number_of_edges() == 0
        assert cost == 0
        return
    assert nx.is_tree(T)
    assert set(terminals) <= set(T)
    assert {v for v in T if T.degree(v) == 1} <= set(terminals)
    assert same_cost(tree_weight(T, weight), cost)


def check_against_approximations(G: nx.Graph, terminals: Sequence[Hashable], cost: float) -> None:
    for method in ("kou", "mehlhorn"):
        approx = approx_steiner_tree(G, terminals, weight="weight", method=method)
        assert cost <= tree_weight(approx) + 1e-9, method


def check_solution(G: nx.Graph, terminals: Sequence[Hashable], expected: float) -> None:
    cost = steiner_cost(G, terminals)
    assert same_cost(cost, expected), (cost, expected)
    check_tree(G, terminals, steiner_tree(G, terminals), cost)
    check_against_approximations(G, terminals, cost)


def test_families_take_their_path() -> None:
    """The weight families exercise what they are named after (a white-box check)."""
    rng = random.Random(0)
    paths = {f: prepare_problem(random_graph(f, 1, 30), "weight").maxw >= 0 for f in FAMILIES}
    assert paths == {"small": True, "float": False, "large": False}
    G = nx.path_graph(3)
    G.add_edge(0, 1, weight=rng.choice([0.5, 65]))
    assert prepare_problem(G, "weight").maxw < 0


# --- exactness ----------------------------------------------------------------------------


@pytest.mark.parametrize("family", ["small", "large"])
@pytest.mark.parametrize("length", [1, 2, 3, 4, 7, 30])
def test_path_with_terminals_at_the_far_end(family: str, length: int) -> None:
    """A path whose far end holds two terminals: the values of a split (two long paths
    added up) are about twice the total weight."""
    scale = 1 if family == "small" else 100
    G = nx.path_graph(length + 2)
    nx.set_edge_attributes(G, scale, "weight")
    terminals = [length, length + 1, 0]
    check_solution(G, terminals, scale * (length + 1))
    costs = steiner_cost_to_all(G, terminals[:2])
    assert costs == {v: scale * max(length + 1 - v, 1.0) for v in G}


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(data=st.data())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_matches_brute_force(family: str, data: st.DataObject) -> None:
    G = data.draw(small_graphs(FAMILIES[family]), label="G")
    terminals = data.draw(terminal_lists(G), label="terminals")
    check_solution(G, terminals, brute_force_steiner_cost(G, terminals))


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(seed=st.integers(0, 2**32), n=st.integers(60, 100), k=st.integers(3, 8))
@settings(max_examples=10, deadline=None)
def test_matches_milp(family: str, seed: int, n: int, k: int) -> None:
    G = random_graph(family, seed, n)
    terminals = random.Random(seed).sample(range(n), k)
    check_solution(G, terminals, milp_steiner_cost(G, terminals))


@given(seed=st.integers(0, 2**32), k=st.integers(2, 8))
@settings(max_examples=15, deadline=None)
def test_matches_milp_on_lattices(seed: int, k: int) -> None:
    G = lattice_graph(seed)
    terminals = random.Random(seed).sample(sorted(G), k)
    check_solution(G, terminals, milp_steiner_cost(G, terminals))


@pytest.mark.parametrize(("name", "queries"), [("tiny.yaml", 10), ("trans_europa.yaml", 6)])
def test_matches_milp_on_boards(name: str, queries: int) -> None:
    board = load_map(MAPS / name)
    rng = random.Random(name)
    for q in range(queries):
        G = board.graph() if q % 2 == 0 else with_built_rails(board.graph(), rng)
        cities = rng.sample(board.cities, rng.randint(2, 8))
        terminals = [c.at for c in cities]
        check_solution(G, terminals, milp_steiner_cost(G, terminals))


# --- the cost to every node ---------------------------------------------------------------


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(data=st.data())
@settings(max_examples=30, deadline=None)
def test_cost_to_all_joins_each_node(family: str, data: st.DataObject) -> None:
    G = data.draw(small_graphs(FAMILIES[family]), label="G")
    terminals = data.draw(terminal_lists(G, max_size=4), label="terminals")
    costs = steiner_cost_to_all(G, terminals)
    assert set(costs) == set(G)
    for v in G:
        assert same_cost(costs[v], steiner_cost(G, [*terminals, v])), v
    for t in terminals:
        assert same_cost(costs[t], steiner_cost(G, terminals))


def test_cost_to_all_on_tiny(tiny: Board) -> None:
    rng = random.Random(7)
    for built in (False, True):
        G = with_built_rails(tiny.graph(), rng) if built else tiny.graph()
        for k in (1, 3, 5):
            terminals = [c.at for c in rng.sample(tiny.cities, k)]
            costs = steiner_cost_to_all(G, terminals)
            assert costs == {v: steiner_cost(G, [*terminals, v]) for v in G}


def test_cost_to_all_is_inf_off_the_terminals_component() -> None:
    G = nx.cycle_graph(5)
    nx.add_path(G, ["x", "y", "z"], weight=1)
    G.add_node("lone")
    costs = steiner_cost_to_all(G, [0, 2])
    assert costs == {0: 2, 1: 2, 2: 2, 3: 3, 4: 3, "x": math.inf, "y": math.inf,
                     "z": math.inf, "lone": math.inf}  # fmt: skip


def test_cost_to_all_without_terminals_is_zero() -> None:
    assert steiner_cost_to_all(nx.path_graph(3), []) == {0: 0, 1: 0, 2: 0}


# --- edge cases ---------------------------------------------------------------------------


@pytest.fixture
def cycle() -> nx.Graph:
    G = nx.cycle_graph(6)
    nx.set_edge_attributes(G, 1, "weight")
    return G


def test_one_terminal_gives_the_empty_tree(cycle: nx.Graph) -> None:
    for terminals in ([3], [3, 3, 3]):
        T = steiner_tree(cycle, terminals)
        expected = approx_steiner_tree(cycle, terminals)
        assert (list(T.nodes), list(T.edges)) == (list(expected.nodes), []) == ([], [])
        check_tree(cycle, terminals, T, 0)
        assert steiner_cost(cycle, terminals) == 0
        assert steiner_cost_to_all(cycle, terminals)[0] == 3


def test_repeated_terminals_count_once(cycle: nx.Graph) -> None:
    assert steiner_cost(cycle, [0, 3, 0, 3, 3]) == steiner_cost(cycle, [0, 3]) == 3
    T = steiner_tree(cycle, [0, 3, 0, 3, 3])
    check_tree(cycle, [0, 3], T, 3)
    assert steiner_cost_to_all(cycle, [0, 3, 0]) == steiner_cost_to_all(cycle, [0, 3])


@pytest.mark.parametrize("positive", [1, 0.5, 100])
def test_terminals_joined_by_built_rails_cost_nothing(positive: float) -> None:
    """The tree goes along the 0-weight edges, and drops the 0-weight branches it does not
    need."""
    G = nx.Graph()
    nx.add_path(G, ["a", "b", "c", "d"], weight=0)
    G.add_edge("a", "d", weight=positive)
    G.add_edge("b", "spur", weight=0)
    G.add_edge("c", "e", weight=positive)
    assert steiner_cost(G, ["a", "d"]) == 0
    T = steiner_tree(G, ["a", "d"])
    assert sorted(map(sorted, T.edges)) == [["a", "b"], ["b", "c"], ["c", "d"]]
    check_tree(G, ["a", "d"], T, 0)
    T = steiner_tree(G, ["a", "d", "e"])
    assert sorted(map(sorted, T.edges)) == [["a", "b"], ["b", "c"], ["c", "d"], ["c", "e"]]
    check_tree(G, ["a", "d", "e"], T, positive)
    assert steiner_cost_to_all(G, ["a"]) == {
        "a": 0, "b": 0, "c": 0, "d": 0, "spur": 0, "e": positive,
    }  # fmt: skip


def test_all_weights_zero() -> None:
    G = nx.grid_2d_graph(3, 3)
    nx.set_edge_attributes(G, 0, "weight")
    terminals = [(0, 0), (2, 2), (0, 2)]
    assert steiner_cost(G, terminals) == 0
    check_tree(G, terminals, steiner_tree(G, terminals), 0)


@pytest.mark.parametrize("solver", [steiner_tree, steiner_cost, steiner_cost_to_all])
def test_terminals_in_different_components_are_infeasible(solver: Callable[..., Any]) -> None:
    G = nx.Graph()
    nx.add_path(G, ["Alder", "Birch", "Cedar"], weight=1)
    nx.add_path(G, ["Dover", "Elm"], weight=0)
    with pytest.raises(InfeasibleError) as info:
        solver(G, ["Alder", "Cedar", "Elm", "Dover"])
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "'Alder'" in message or "'Cedar'" in message
    assert "'Elm'" in message or "'Dover'" in message


def test_infeasible_when_a_hidden_edge_cuts_the_graph() -> None:
    G = nx.path_graph(4)
    with pytest.raises(InfeasibleError, match="0"):
        steiner_cost(G, [0, 3], weight=lambda u, v, d: None if (u, v) == (1, 2) else 1)


@pytest.mark.parametrize("solver", [steiner_tree, steiner_cost, steiner_cost_to_all])
def test_terminal_not_in_graph(solver: Callable[..., Any], cycle: nx.Graph) -> None:
    with pytest.raises(nx.NodeNotFound, match="99"):
        solver(cycle, [0, 99])


@pytest.mark.parametrize("solver", [steiner_tree, steiner_cost, steiner_cost_to_all])
def test_directed_graphs_are_not_implemented(solver: Callable[..., Any]) -> None:
    with pytest.raises(nx.NetworkXNotImplemented):
        solver(nx.DiGraph([(0, 1), (1, 2)]), [0, 2])
    with pytest.raises(nx.NetworkXNotImplemented):
        approx_steiner_tree(nx.DiGraph([(0, 1), (1, 2)]), [0, 2])


@pytest.mark.parametrize("solver", [steiner_tree, steiner_cost, steiner_cost_to_all])
def test_negative_weights_are_refused(solver: Callable[..., Any], cycle: nx.Graph) -> None:
    cycle[2][3]["weight"] = -1.5
    with pytest.raises(ValueError, match=r"-1\.5"):
        solver(cycle, [0, 3])


def test_methods(cycle: nx.Graph) -> None:
    reference = sorted(steiner_tree(cycle, [0, 2]).edges)
    assert sorted(steiner_tree(cycle, [0, 2], method="emv").edges) == reference == [(0, 1), (1, 2)]
    assert sorted(steiner_tree(cycle, [0, 2], method=None).edges) == reference
    for method in ("dreyfus", "EMV", ""):
        with pytest.raises(ValueError, match="not a valid choice"):
            steiner_tree(cycle, [0, 2], method=method)


def test_missing_weights_default_to_one() -> None:
    G = nx.grid_2d_graph(4, 4)
    corners = [(0, 0), (0, 3), (3, 0), (3, 3)]
    assert steiner_cost(G, corners) == 9
    check_tree(G, corners, steiner_tree(G, corners), 9)
    G[(0, 0)][(0, 1)]["weight"] = 5  # some edges weighted, the others 1
    assert steiner_cost(G, corners) == brute_force_steiner_cost(G, corners) == 9
    assert steiner_cost(G, corners, weight="length") == 9  # an attribute no edge has


def test_weight_by_another_attribute() -> None:
    G = nx.cycle_graph(4)
    nx.set_edge_attributes(G, 1, "weight")
    nx.set_edge_attributes(G, {(0, 1): 10, (1, 2): 10, (2, 3): 1, (3, 0): 1}, "km")
    assert steiner_cost(G, [0, 2], weight="km") == 2
    assert sorted(steiner_tree(G, [0, 2], weight="km").edges) == [(0, 3), (2, 3)]


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_callable_weights(family: str, data: st.DataObject) -> None:
    """``f(u, v, d)`` as weight, hiding the edges where it returns None."""
    G = data.draw(small_graphs(FAMILIES[family], max_nodes=9), label="G")
    terminals = data.draw(terminal_lists(G), label="terminals")
    hidden = set(data.draw(st.lists(st.sampled_from(sorted(G.edges)), max_size=4), label="hide"))

    def weight(u: Hashable, v: Hashable, d: dict[str, Any]) -> float | None:
        return None if (u, v) in hidden or (v, u) in hidden else 3 * d["weight"]

    expected = brute_force_steiner_cost(G, terminals, weight=weight)
    if expected == math.inf:
        with pytest.raises(InfeasibleError):
            steiner_tree(G, terminals, weight=weight)
        return
    assert same_cost(steiner_cost(G, terminals, weight=weight), expected)
    T = steiner_tree(G, terminals, weight=weight)
    assert not any((u, v) in hidden or (v, u) in hidden for u, v in T.edges)
    check_tree(G, terminals, T, expected / 3)
    H = G.copy()
    H.remove_edges_from(hidden)
    costs = steiner_cost_to_all(G, terminals, weight=weight)
    for v in G:
        v_cost = 3 * steiner_cost(H, [*terminals, v]) if nx.has_path(H, terminals[0], v) else None
        assert same_cost(costs[v], math.inf if v_cost is None else v_cost)


def test_multigraph_uses_the_lightest_parallel_edge() -> None:
    M = nx.MultiGraph()
    M.add_edge("a", "b", weight=5)  # key 0
    M.add_edge("a", "b", weight=1)  # key 1
    M.add_edge("b", "c", weight=2)
    M.add_edge("a", "c", weight=4)
    M.add_edge("c", "c", weight=0)  # a self-loop, of no use
    assert steiner_cost(M, ["a", "c"]) == 3
    T = steiner_tree(M, ["a", "c"])
    assert sorted(T.edges(keys=True)) == [("a", "b", 1), ("b", "c", 0)]
    assert set(T.edges(keys=True)) == set(approx_steiner_tree(M, ["a", "c"]).edges(keys=True))
    check_tree(M, ["a", "c"], T, 3)
    assert steiner_cost_to_all(M, ["a"]) == {"a": 0, "b": 1, "c": 3}


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_multigraphs(family: str, data: st.DataObject) -> None:
    G = data.draw(small_graphs(FAMILIES[family], max_nodes=9), label="G")
    M = nx.MultiGraph(G)
    for u, v in data.draw(st.lists(st.sampled_from(sorted(G.edges)), max_size=6), label="more"):
        M.add_edge(u, v, weight=data.draw(FAMILIES[family]))
    terminals = data.draw(terminal_lists(G), label="terminals")
    expected = brute_force_steiner_cost(M, terminals)
    cost = steiner_cost(M, terminals)
    assert same_cost(cost, expected)
    T = steiner_tree(M, terminals)
    check_tree(M, terminals, T, cost)
    for u, v, w in T.edges(data="weight"):
        assert w == min(d["weight"] for d in M[u][v].values())


def test_graph_views_and_node_types() -> None:
    """Frozen views (what boards hand out) and mixed node labels work like graphs."""
    G = nx.Graph()
    nx.add_path(G, ["x", (0, 1), 2.5, frozenset({1}), "x"], weight=2)
    view = nx.restricted_view(G, [], [("x", (0, 1))])
    assert steiner_cost(view, ["x", (0, 1)]) == 6
    check_tree(view, ["x", (0, 1)], steiner_tree(view, ["x", (0, 1)]), 6)
