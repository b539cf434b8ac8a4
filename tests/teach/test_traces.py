"""Traced algorithms against networkx and the exact Steiner solver, and their frames.

Every result is checked on hypothesis-generated connected graphs (0/1/2 weights, positive
floats, and weights 2^i whose sums never tie) and on the shipped boards; every frame must
point at a pseudo-code line, use known roles on nodes and edges of the graph, and end in
the state the result reports; a trace run twice is the same trace.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Hashable
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from networkx.algorithms.approximation import steiner_tree as approx_steiner_tree

from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.algorithms import steiner_cost
from workbench.exceptions import InfeasibleError
from workbench.teach import ALGORITHMS, EDGE_ROLES, NODE_ROLES, Trace, trace

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- graphs ---------------------------------------------------------------------------------


@st.composite
def graphs(draw: st.DrawFn, weights: str = "small", max_nodes: int = 10) -> nx.Graph:
    """A connected graph on nodes 0..n-1: a random tree plus random extra edges."""
    n = draw(st.integers(2, max_nodes))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for v in range(1, n):
        G.add_edge(v, draw(st.integers(0, v - 1)))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    G.add_edges_from(draw(st.lists(st.sampled_from(pairs), max_size=2 * n)))
    for i, (u, v) in enumerate(sorted(G.edges())):
        if weights == "small":
            w: float = draw(st.integers(0, 2))
        elif weights == "positive":
            w = draw(st.floats(0.1, 10, allow_nan=False).map(lambda x: round(x, 3)))
        else:  # "unique": every sum of distinct edges differs, so nothing ties
            w = 2**i
        G.edges[u, v]["weight"] = w
    return G


WEIGHTS = st.sampled_from(["small", "positive", "unique"])


@st.composite
def graph_and_weights(draw: st.DrawFn) -> nx.Graph:
    return draw(graphs(draw(WEIGHTS)))


def any_graph() -> st.SearchStrategy[nx.Graph]:
    return graph_and_weights()


@st.composite
def with_terminals(draw: st.DrawFn, weights: str | None = None) -> tuple[nx.Graph, list[int]]:
    G = draw(graphs(weights) if weights else any_graph())
    terminals = draw(st.lists(st.sampled_from(sorted(G)), min_size=1, max_size=5, unique=True))
    return G, terminals


def total(G: nx.Graph, edges: Any) -> float:
    return sum(G.edges[e].get("weight", 1) for e in edges)


@pytest.fixture(scope="module")
def tiny() -> nx.Graph:
    return load_map(MAPS / "tiny.yaml").graph()


@pytest.fixture(scope="module")
def europe_board() -> Board:
    return load_map(MAPS / "trans_europa.yaml")


@pytest.fixture(scope="module")
def europe(europe_board: Board) -> nx.Graph:
    return europe_board.graph()


def cities(board: Board, *names: str) -> list[tuple[int, int]]:
    return [board.city(n).at for n in names]


# --- checks shared by the random graphs and the boards -------------------------------------


def check_frames(t: Trace, G: nx.Graph) -> None:
    """Lines index the pseudo-code; roles are known; nodes and edges are the graph's."""
    assert t.frames, t
    assert t.pseudocode == ALGORITHMS[t.name].pseudocode
    for f in t.frames:
        assert 0 <= f.line < len(t.pseudocode), f
        assert f.message and f.message.endswith("."), f
        for v, role in f.nodes.items():
            assert v in G and role in NODE_ROLES, (v, role)
        for (u, v), role in f.edges.items():
            assert G.has_edge(u, v) and role in EDGE_ROLES, ((u, v), role)
    assert t.frames[-1].line == len(t.pseudocode) - 1
    hash(t.frames[-1])  # frames are immutable values


def edges_with(t: Trace, role: str) -> set[Hashable]:
    return {e for e, r in t.frames[-1].edges.items() if r == role}


def check_bfs(G: nx.Graph, source: Hashable) -> None:
    t = trace("bfs", G, source=source)
    assert t.result["level"] == nx.single_source_shortest_path_length(G, source)
    assert t.frames[-1].state["level"] == t.result["level"]
    assert t.frames[-1].state["queue"] == ()
    check_frames(t, G)


def check_dijkstra(G: nx.Graph, source: Hashable) -> None:
    t = trace("dijkstra", G, source=source)
    expected = nx.single_source_dijkstra_path_length(G, source)
    assert t.result["distance"] == pytest.approx(expected)
    assert t.frames[-1].state["distance"] == t.result["distance"]
    tree = {
        (p, u) if G.is_directed() else tuple(sorted((u, p))) for u, p in t.result["parent"].items()
    }
    assert edges_with(t, "tree") == tree
    check_frames(t, G)
    if all(float(w).is_integer() for *_, w in G.edges(data="weight", default=1)):
        d = trace("dial", G, source=source)
        assert d.result["distance"] == t.result["distance"]
        assert d.frames[-1].state["buckets"] == ()
        check_frames(d, G)


def check_spanning(G: nx.Graph) -> None:
    expected = total(G, nx.minimum_spanning_tree(G).edges())
    for name in ("prim", "kruskal"):
        t = trace(name, G)
        edges = t.result["edges"]
        assert total(G, edges) == pytest.approx(expected)
        assert t.result["weight"] == pytest.approx(expected)
        assert len(edges) == len(G) - nx.number_connected_components(G)
        assert nx.is_forest(nx.Graph(list(edges)))
        assert edges_with(t, "tree") == set(edges)
        check_frames(t, G)


def check_bridges(G: nx.Graph) -> None:
    t = trace("bridges", G)
    assert set(t.result["bridges"]) == {tuple(sorted(e)) for e in nx.bridges(G)}
    assert set(t.result["articulation_points"]) == set(nx.articulation_points(G))
    assert edges_with(t, "bridge") == set(t.result["bridges"])
    last = t.frames[-1]
    assert {v for v, r in last.nodes.items() if r == "articulation"} == set(
        t.result["articulation_points"]
    )
    assert last.state["low"] == t.result["low"]
    check_frames(t, G)


def check_min_cut(G: nx.Graph, s: Hashable, t_: Hashable) -> None:
    t = trace("min_cut", G, s=s, t=t_)
    assert t.result["value"] == nx.edge_connectivity(G, s, t_)
    assert len(t.result["cut"]) == t.result["value"]
    H = G.copy()
    H.remove_edges_from(t.result["cut"])
    assert not nx.has_path(H, s, t_)
    if t.result["value"]:
        assert len(nx.minimum_edge_cut(G, s, t_)) == t.result["value"]
    assert edges_with(t, "cut") == set(t.result["cut"])
    assert t.frames[-1].state["flow"] == t.result["value"]
    check_frames(t, G)


def check_tree(G: nx.Graph, edges: Any, terminals: list[Hashable]) -> None:
    if len(set(terminals)) < 2:
        return
    T = nx.Graph(list(edges))
    assert nx.is_tree(T)
    assert set(terminals) <= set(T)
    leaves = {v for v in T if T.degree(v) == 1}
    assert leaves <= set(terminals)


def check_steiner(G: nx.Graph, terminals: list[Hashable], unique: bool = False) -> None:
    exact = steiner_cost(G, terminals)
    dp = trace("steiner_dp", G, terminals=terminals)
    assert dp.result["cost"] == pytest.approx(exact)
    assert total(G, dp.result["edges"]) == pytest.approx(exact)
    check_tree(G, dp.result["edges"], terminals)
    check_frames(dp, G)
    mst = trace("steiner_mst", G, terminals=terminals)
    cost = mst.result["cost"]
    assert exact - 1e-9 <= cost <= 2 * exact + 1e-9
    assert total(G, mst.result["edges"]) == pytest.approx(cost)
    check_tree(G, mst.result["edges"], terminals)
    assert edges_with(mst, "tree") == set(mst.result["edges"])
    check_frames(mst, G)
    if unique and len(terminals) >= 2:  # nothing ties, so networkx builds the same tree
        kou = approx_steiner_tree(G, terminals, method="kou")
        assert cost == pytest.approx(total(G, kou.edges()))
        assert set(mst.result["edges"]) == {tuple(sorted(e)) for e in kou.edges()}


# --- random graphs --------------------------------------------------------------------------


@SETTINGS
@given(graphs("small"), st.data())
def test_bfs_levels_match_networkx(G: nx.Graph, data: st.DataObject) -> None:
    check_bfs(G, data.draw(st.sampled_from(sorted(G))))


@SETTINGS
@given(any_graph(), st.data())
def test_dijkstra_and_dial_match_networkx(G: nx.Graph, data: st.DataObject) -> None:
    check_dijkstra(G, data.draw(st.sampled_from(sorted(G))))


@SETTINGS
@given(any_graph())
def test_prim_and_kruskal_weigh_as_networkx_mst(G: nx.Graph) -> None:
    check_spanning(G)


@SETTINGS
@given(graphs("small"))
def test_bridges_and_articulation_points_match_networkx(G: nx.Graph) -> None:
    check_bridges(G)


@SETTINGS
@given(graphs("small"), st.data())
def test_min_cut_matches_edge_connectivity(G: nx.Graph, data: st.DataObject) -> None:
    s, t = data.draw(st.lists(st.sampled_from(sorted(G)), min_size=2, max_size=2, unique=True))
    check_min_cut(G, s, t)


@SETTINGS
@given(with_terminals())
def test_steiner_costs_against_the_exact_solver(case: tuple[nx.Graph, list[int]]) -> None:
    check_steiner(*case)


@SETTINGS
@given(with_terminals("unique"))
def test_steiner_mst_is_networkx_kou_when_nothing_ties(case: tuple[nx.Graph, list[int]]) -> None:
    check_steiner(*case, unique=True)


@SETTINGS
@given(graphs("small", max_nodes=8))
def test_disconnected_graphs_give_forests(G: nx.Graph) -> None:
    H = nx.disjoint_union(G, G)
    check_spanning(H)
    check_bridges(H)
    check_bfs(H, 0)
    check_dijkstra(H, 0)
    check_min_cut(H, 0, len(G))


@SETTINGS
@given(any_graph(), st.data())
def test_directed_searches_follow_out_edges(G: nx.Graph, data: st.DataObject) -> None:
    D = nx.DiGraph()
    D.add_nodes_from(G)
    D.add_edges_from(data.draw(st.permutations(sorted(G.edges(data=True)))))
    D.add_edges_from((v, u, d) for u, v, d in G.edges(data=True) if data.draw(st.booleans()))
    check_bfs(D, 0)
    check_dijkstra(D, 0)


def test_multigraphs_use_the_lightest_parallel_edge() -> None:
    G = nx.MultiGraph([(0, 1, {"weight": 5}), (0, 1, {"weight": 1}), (1, 2, {"weight": 2})])
    G.add_edge(0, 2, weight=4)
    for name in ("prim", "kruskal"):
        assert trace(name, G).result == {"edges": ((0, 1), (1, 2)), "weight": 3}
    assert trace("dijkstra", G, source=0).result["distance"] == {0: 0, 1: 1, 2: 3}
    assert trace("steiner_dp", G, terminals=[0, 2]).result["cost"] == 3
    assert trace("steiner_mst", G, terminals=[0, 2]).result["cost"] == 3
    with pytest.raises(nx.NetworkXNotImplemented, match="multigraphs"):
        trace("bridges", G)


def test_a_weight_function_can_hide_edges() -> None:
    G = nx.cycle_graph(5)

    def hide(u: int, v: int, d: dict[str, Any]) -> float | None:
        return None if {u, v} == {0, 1} else 1

    assert trace("kruskal", G, weight=hide).result["edges"] == ((0, 4), (1, 2), (2, 3), (3, 4))
    assert trace("dijkstra", G, source=0, weight=hide).result["distance"][1] == 4


# --- the shipped boards ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tiny", "europe"])
def test_boards_searches_trees_and_cuts(name: str, request: pytest.FixtureRequest) -> None:
    G = request.getfixturevalue(name)
    source = min(v for v in G if "city" in G.nodes[v])
    check_bfs(G, source)
    check_dijkstra(G, source)
    check_spanning(G)
    check_bridges(G)


def test_tiny_cuts_and_steiner(tiny: nx.Graph) -> None:
    towns = sorted(v for v in tiny if "city" in tiny.nodes[v])
    for s, t in [(towns[0], towns[-1]), (towns[1], towns[2])]:
        check_min_cut(tiny, s, t)
    check_steiner(tiny, towns[:5])


def test_europe_cuts_and_steiner(europe_board: Board, europe: nx.Graph) -> None:
    check_min_cut(europe, *cities(europe_board, "Barcelona", "Bordeaux"))
    hand = cities(europe_board, "Barcelona", "Bordeaux")
    hand += [c.at for c in europe_board.cities[5:40:9]]
    check_steiner(europe, hand)


def test_europe_dijkstra_is_about_a_thousand_frames(europe: nx.Graph) -> None:
    t = trace("dijkstra", europe, source=min(europe))
    assert 500 <= len(t) <= 2000 and t.dropped == 0


def test_rails_already_built_weigh_zero(tiny: nx.Graph) -> None:
    G = tiny.copy()
    for e in list(G.edges())[::4]:
        G.edges[e]["weight"] = 0
    towns = sorted(v for v in G if "city" in G.nodes[v])
    check_dijkstra(G, towns[0])
    check_steiner(G, towns[:4])


# --- frames ---------------------------------------------------------------------------------


def all_traces(G: nx.Graph) -> list[Trace]:
    nodes = sorted(G)
    terminals = nodes[:: max(1, len(nodes) // 4)][:5]
    return [
        trace("bfs", G, source=nodes[0]),
        trace("dijkstra", G, source=nodes[0]),
        trace("dial", G, source=nodes[0]),
        trace("prim", G),
        trace("kruskal", G),
        trace("bridges", G),
        trace("min_cut", G, s=nodes[0], t=nodes[-1]),
        trace("steiner_mst", G, terminals=terminals),
        trace("steiner_dp", G, terminals=terminals),
    ]


@SETTINGS
@given(graphs("small", max_nodes=8))
def test_traces_are_deterministic(G: nx.Graph) -> None:
    first = all_traces(G)
    H = nx.Graph()  # the same graph, built in another order
    H.add_nodes_from(reversed(list(G)))
    H.add_edges_from((v, u, d) for u, v, d in reversed(list(G.edges(data=True))))
    again = all_traces(H)
    assert [t.name for t in first] == list(ALGORITHMS)
    for a, b in zip(first, again, strict=True):
        assert a == b, a.name
        check_frames(a, G)


def test_board_traces_are_deterministic(tiny: nx.Graph) -> None:
    assert all_traces(tiny) == all_traces(tiny.copy())


def test_max_frames_keeps_the_first_and_the_last(tiny: nx.Graph) -> None:
    full = trace("dijkstra", tiny, source=(1, 1))
    cut = trace("dijkstra", tiny, source=(1, 1), max_frames=10)
    assert len(cut) == 10 and cut.dropped == len(full) - 10
    assert cut.frames[:9] == full.frames[:9] and cut.frames[-1] == full.frames[-1]
    assert cut.result == full.result
    with pytest.raises(ValueError, match="max_frames must be at least 2"):
        trace("bfs", tiny, source=(1, 1), max_frames=1)


def test_steiner_dp_table_grows(tiny: nx.Graph) -> None:
    towns = sorted(v for v in tiny if "city" in tiny.nodes[v])[:4]
    t = trace("steiner_dp", tiny, terminals=towns)
    sizes = [len(f.state["table"]) for f in t.frames]
    assert sizes == sorted(sizes) and sizes[-1] == 2 ** (len(towns) - 1) - 1
    assert t.frames[-1].state["table"][tuple(towns[:-1])][towns[-1]] == t.result["cost"]


# --- errors ---------------------------------------------------------------------------------


def test_trace_rejects_bad_names_and_parameters(tiny: nx.Graph) -> None:
    with pytest.raises(ValueError, match="unknown algorithm 'dfs'"):
        trace("dfs", tiny)
    with pytest.raises(ValueError, match="min_cut needs s=, t="):
        trace("min_cut", tiny)
    with pytest.raises(ValueError, match="takes no parameter 'weight'"):
        trace("bfs", tiny, source=(1, 1), weight="weight")
    with pytest.raises(nx.NodeNotFound, match=r"source \(99, 99\)"):
        trace("dijkstra", tiny, source=(99, 99))
    with pytest.raises(ValueError, match="s and t must differ"):
        trace("min_cut", tiny, s=(1, 1), t=(1, 1))
    with pytest.raises(nx.NetworkXNotImplemented):
        trace("prim", nx.DiGraph([(0, 1)]))


def test_weights_are_checked() -> None:
    G = nx.Graph([(0, 1, {"weight": -1}), (1, 2, {"weight": 0.5})])
    with pytest.raises(ValueError, match="negative weight -1"):
        trace("dijkstra", G, source=0)
    G.edges[0, 1]["weight"] = 1
    with pytest.raises(ValueError, match="integer weights"):
        trace("dial", G, source=0)
    assert trace("dijkstra", G, source=0, weight=lambda u, v, d: 3).result["distance"][2] == 6
    far = nx.path_graph(4)
    nx.set_edge_attributes(far, 10**9, "weight")  # Dial skips the empty buckets between
    assert trace("dial", far, source=0).result["distance"][3] == 3 * 10**9


def test_steiner_needs_joinable_terminals() -> None:
    G = nx.Graph([(0, 1), (2, 3)])
    for name in ("steiner_mst", "steiner_dp"):
        with pytest.raises(InfeasibleError, match="no tree joins the terminals"):
            trace(name, G, terminals=[0, 3])
        assert trace(name, G, terminals=[1]).result == {"cost": 0, "edges": ()}
    with pytest.raises(ValueError, match="at most 10 terminals"):
        trace("steiner_dp", nx.path_graph(12), terminals=range(12))


def test_the_core_imports_no_ui() -> None:
    code = (
        "import sys, workbench.teach; "
        "bad = [m for m in ('bokeh', 'ipywidgets', 'jupyter_bokeh') if m in sys.modules]; "
        "sys.exit(repr(bad) if bad else 0)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
