"""What the teaching algorithms refuse and show, where the mutation run found it
unchecked: the exact searches' limits at their value, directed graphs and negative
weights, unknown parameters, a line past the pseudo-code, Prim's queue (docs/mutation.md)."""

from __future__ import annotations

import networkx as nx
import pytest

from workbench.teach.forest import MAX_FOREST_TICKETS, steiner_forest
from workbench.teach.frames import Recorder
from workbench.teach.steiner import MAX_DP_TERMINALS
from workbench.teach.trace import trace
from workbench.teach.trees import prim


def test_steiner_dp_takes_exactly_its_limit_of_terminals() -> None:
    n = MAX_DP_TERMINALS
    assert trace("steiner_dp", nx.path_graph(n), terminals=range(n)).result["cost"] == n - 1
    message = (
        f"steiner_dp takes at most {n} terminals, got {n + 1}; "
        "use workbench.algorithms.steiner_tree"
    )
    with pytest.raises(ValueError) as info:
        trace("steiner_dp", nx.path_graph(n + 1), terminals=range(n + 1))
    assert str(info.value) == message


def test_steiner_forest_takes_exactly_its_limit_of_tickets() -> None:
    n = MAX_FOREST_TICKETS
    hand = [(2 * i, 2 * i + 1) for i in range(n)]
    assert steiner_forest(nx.path_graph(2 * n), hand).result["cost"] == n
    with pytest.raises(ValueError) as info:
        steiner_forest(nx.path_graph(2 * n + 2), [*hand, (2 * n, 2 * n + 1)])
    assert str(info.value) == (
        f"steiner_forest takes at most {n} tickets, got {n + 1}; "
        "use workbench.analysis.tickets.steiner_forest"
    )


@pytest.mark.parametrize("name", ["steiner_mst", "steiner_dp", "steiner_forest"])
def test_the_steiner_searches_refuse_directed_graphs_and_negative_weights(name: str) -> None:
    def run(G: nx.Graph) -> object:
        if name == "steiner_forest":
            return steiner_forest(G, [(0, 2)])
        return trace(name, G, terminals=[0, 2])

    with pytest.raises(nx.NetworkXNotImplemented, match=f"{name} is not implemented for directed"):
        run(nx.DiGraph([(0, 1), (1, 2)]))
    negative = nx.Graph([(0, 1, {"weight": -1}), (1, 2, {"weight": 1})])
    with pytest.raises(ValueError, match=r"edge \(0, 1\) has a negative weight -1"):
        run(negative)


def test_trace_names_the_first_unknown_parameter_in_name_order() -> None:
    with pytest.raises(ValueError) as info:
        trace("bfs", nx.path_graph(3), source=0, zeta=1, alpha=2)
    assert str(info.value) == "bfs takes no parameter 'alpha'; it takes: source, max_frames"


def test_prim_shows_its_queue_lightest_first_and_names_a_missing_root() -> None:
    G = nx.Graph(
        [(0, 1, {"weight": 3}), (0, 2, {"weight": 1}), (0, 3, {"weight": 2}),
         (3, 4, {"weight": 5}), (1, 4, {"weight": 1})]
    )  # fmt: skip
    t = prim(G, root=0)  # adds 0-2, 0-3, 0-1, 1-4; lists them in node order
    assert t.result == {"edges": ((0, 1), (0, 2), (0, 3), (1, 4)), "weight": 7}
    queues = [f.state["queue"] for f in t.frames]
    assert queues[0] == ((1, (0, 2)), (2, (0, 3)), (3, (0, 1)))
    assert all(list(q) == sorted(q) for q in queues)
    with pytest.raises(nx.NodeNotFound, match="root 9 is not in the graph"):
        prim(G, root=9)


def test_a_recorder_refuses_a_line_past_its_pseudo_code() -> None:
    rec = Recorder("demo", ("first", "second"), max_frames=10)
    rec.final(1, "the last line", {}, {}, {})
    assert [f.line for f in rec.frames] == [1]
    with pytest.raises(AssertionError, match="demo: line 2 is not in the pseudo-code"):
        rec.final(2, "past the end", {}, {}, {})


@pytest.mark.parametrize("name", ["prim", "kruskal"])
def test_the_tree_builders_refuse_directed_graphs(name: str) -> None:
    with pytest.raises(nx.NetworkXNotImplemented, match=f"{name} is not implemented for directed"):
        trace(name, nx.DiGraph([(0, 1, {"weight": 1}), (1, 2, {"weight": 2})]))


def test_kruskal_spans_a_graph_with_a_lone_node() -> None:
    G = nx.Graph([(0, 1, {"weight": 2}), (1, 2, {"weight": 1}), (0, 2, {"weight": 3})])
    G.add_node(3)
    t = trace("kruskal", G)
    assert t.result == {"edges": ((0, 1), (1, 2)), "weight": 3}
    assert t.frames[-1].state["sets"] == ((0, 1, 2),)


def test_kruskal_shows_each_step_its_sets_in_node_order_and_the_edges_next() -> None:
    # 0 joins the set {3, 4} (the larger, so 3 stays its root): the sets' roots are then
    # 1 and 3 while their first nodes are 1 and 0
    G = nx.Graph(
        [(3, 4, {"weight": 1}), (1, 2, {"weight": 2}), (0, 3, {"weight": 3}),
         (0, 4, {"weight": 5})]
    )  # fmt: skip
    G.add_nodes_from(range(5))
    t = trace("kruskal", nx.Graph(sorted(G.edges(data=True))))
    assert [f.line for f in t.frames] == [0, 3, 3, 3, 5]
    assert t.result == {"edges": ((0, 3), (1, 2), (3, 4)), "weight": 6}  # in node order
    assert [f.state["sets"] for f in t.frames] == [
        (),
        ((3, 4),),
        ((1, 2), (3, 4)),
        ((0, 3, 4), (1, 2)),
        ((0, 3, 4), (1, 2)),
    ]
    assert t.frames[0].state["next"][0] == (1, (3, 4))
    assert t.frames[-1].state["next"] == ((5, (0, 4)),)


def test_kruskal_shows_a_frame_for_each_edge_it_rejects() -> None:
    G = nx.Graph(
        [(0, 1, {"weight": 1}), (0, 2, {"weight": 1}), (1, 2, {"weight": 1}),
         (2, 3, {"weight": 5})]
    )  # fmt: skip
    t = trace("kruskal", G)
    assert [f.line for f in t.frames] == [0, 3, 3, 2, 3, 5]
    assert t.frames[3].message == "Reject 1-2 (1): both ends are already in one set."
