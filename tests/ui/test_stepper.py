"""The algorithm stepper: frames drawn as data, step / back / seek, every algorithm, any graph."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import networkx as nx
import pytest

from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.analysis.costs import cost_graph
from workbench.teach import ALGORITHMS, trace
from workbench.teach.answers import Names
from workbench.teach.textbook import random_graph, textbook_graph
from workbench.ui.stepper import AlgorithmStepper, FrameView, state_html


@pytest.fixture(scope="module")
def europe() -> Board:
    return load_map(MAPS / "trans_europa.yaml")


def drawn_counts(stepper: AlgorithmStepper) -> tuple[Counter[str], Counter[str]]:
    view = stepper.view
    nodes = Counter({r: len(s.data["x"]) for r, s in view.node_sources.items() if s.data["x"]})
    edges = Counter({r: len(s.data["x0"]) for r, s in view.edge_sources.items() if s.data["x0"]})
    return nodes, edges


def check_drawn(stepper: AlgorithmStepper) -> None:
    """Every role layer holds exactly the frame's nodes and edges with that role."""
    nodes, edges = drawn_counts(stepper)
    assert nodes == Counter(stepper.frame.nodes.values())
    assert edges == Counter(stepper.frame.edges.values())


def test_step_back_and_seek_change_the_sources(tiny: Board) -> None:
    stepper = AlgorithmStepper("bfs", tiny, source="Alder")
    first = stepper.view.snapshot()
    assert stepper.index == 0 and stepper.frame is stepper.trace.frames[0]
    stepper.step()
    assert stepper.index == 1 and stepper.view.snapshot() != first
    check_drawn(stepper)
    stepper.back()
    assert stepper.index == 0 and stepper.view.snapshot() == first  # exactly as it was
    stepper.seek(-1)
    assert stepper.index == len(stepper.trace) - 1
    check_drawn(stepper)
    end = stepper.view.snapshot()
    stepper.step()  # nothing past the end
    assert stepper.view.snapshot() == end
    stepper.seek(0)
    stepper.back()  # nothing before the start
    assert stepper.index == 0 and stepper.view.snapshot() == first


def test_back_after_any_step_restores_the_exact_data(europe: Board) -> None:
    stepper = AlgorithmStepper("dijkstra", europe, source="Paris")
    for i in (0, 5, 57, 300, len(stepper.trace) - 2):
        stepper.seek(i)
        before = stepper.view.snapshot()
        code, data = stepper.code.value, stepper.data.value
        stepper.step()
        assert (
            stepper.view.snapshot() != before
            or stepper.frame.nodes == stepper.trace.frames[i].nodes
        )
        stepper.back()
        assert stepper.view.snapshot() == before
        assert (stepper.code.value, stepper.data.value) == (code, data)


def test_a_step_only_replaces_the_data_of_changed_layers(tiny: Board) -> None:
    stepper = AlgorithmStepper("kruskal", tiny)
    fig = stepper.view.figure
    renderers, sources = list(fig.renderers), dict(stepper.view.edge_sources)
    changed: list[str] = []
    layers = [("nodes", stepper.view.node_sources), ("edges", stepper.view.edge_sources)]
    for kind, sources_ in layers:
        for role, source in sources_.items():
            name = f"{kind}-{role}"
            source.on_change("data", lambda attr, old, new, name=name: changed.append(name))
    stepper.step()  # Kruskal's first addition: one edge and its two nodes turn "tree"
    assert sorted(changed) == ["edges-tree", "nodes-tree"]
    assert list(fig.renderers) == renderers and stepper.view.edge_sources == sources


def test_the_widgets_drive_the_frame(tiny: Board) -> None:
    stepper = AlgorithmStepper("prim", tiny)
    stepper.step_button.click()
    stepper.step_button.click()
    assert stepper.index == 2 and stepper.slider.value == 3  # the slider counts from 1
    stepper.back_button.click()
    assert stepper.index == 1
    stepper.play.value = 6  # what the Play widget does as it ticks
    assert stepper.index == 5 and stepper.slider.value == 6
    stepper.slider.value = 4
    assert stepper.index == 3 and stepper.play.value == 4
    check_drawn(stepper)
    stepper.speed.value = 100
    assert stepper.play.interval == 100
    assert stepper.play.max == stepper.slider.max == len(stepper.trace)


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_every_algorithm_renders_on_a_board(tiny: Board, name: str) -> None:
    stepper = AlgorithmStepper(name, tiny)  # default parameters: cities of the board
    assert stepper.trace.name == name
    for i in range(0, len(stepper.trace), max(1, len(stepper.trace) // 12)):
        stepper.seek(i)
        check_drawn(stepper)
        line = stepper.trace.pseudocode[stepper.frame.line]
        assert "#ffe08a" in stepper.code.value and line.split()[0] in stepper.code.value
    stepper.seek(-1)
    check_drawn(stepper)
    legend = stepper.view.figure.select_one({"name": "roles-legend"})
    used = {*stepper.frame.nodes.values(), *stepper.frame.edges.values()}
    labels = {item.label["value"] for item in legend.items}
    assert len(labels) >= len(used) > 0


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_every_algorithm_renders_on_the_textbook_graph(name: str) -> None:
    G = textbook_graph()
    params: dict[str, Any] = {
        "bfs": {"source": "a"},
        "dijkstra": {"source": "a"},
        "dial": {"source": "a"},
        "min_cut": {"s": "a", "t": "e"},
        "steiner_mst": {"terminals": ["a", "e", "g"]},
        "steiner_dp": {"terminals": ["a", "e", "g"]},
    }.get(name, {})
    stepper = AlgorithmStepper(name, G, **params)
    assert stepper.view.figure.select_one({"name": "graph-weights"}) is not None
    for i in range(len(stepper.trace)):
        stepper.seek(i)
        check_drawn(stepper)
    assert "'" not in stepper.status.value.split("wb-stepper-message")[1].split("</div>")[0]


def test_a_graph_without_positions_gets_a_seeded_layout() -> None:
    G = nx.les_miserables_graph()  # 77 nodes, no pos
    a = AlgorithmStepper("bridges", G)
    b = AlgorithmStepper("bridges", G)
    assert a.view.positions == b.view.positions
    a.seek(-1)
    check_drawn(a)


def test_city_names_and_point_text_are_accepted(europe: Board) -> None:
    by_name = AlgorithmStepper("min_cut", europe, s="lisbon", t="Oslo")
    by_point = AlgorithmStepper(
        "min_cut", europe, s=europe.city("Lisbon").at, t="{},{}".format(*europe.city("Oslo").at)
    )
    assert by_name.trace.result == by_point.trace.result
    steiner = AlgorithmStepper("steiner_dp", europe, terminals=["Paris", "rome", "Berlin"])
    assert len(steiner.trace.result["edges"]) > 0
    assert "Start at Paris" in AlgorithmStepper("bfs", europe, source="Paris").status.value


def test_a_trace_on_a_cost_graph_draws_over_the_board(europe: Board) -> None:
    rails = [((12, 11), (13, 11)), ((13, 11), (14, 11))]
    G = cost_graph(europe, rails)
    t = trace("dijkstra", G, source=(12, 11))
    stepper = AlgorithmStepper(t, europe, graph=G)
    stepper.seek(3)
    check_drawn(stepper)
    assert stepper.view.figure.select_one({"name": "cities"}) is not None  # the board


def test_data_structures_are_tables() -> None:
    G = textbook_graph()
    names = Names(G)
    kruskal = trace("kruskal", G).frames[4]
    assert "union-find sets" in state_html(kruskal.state, names)
    dijkstra = trace("dijkstra", G, source="a").frames[3]
    text = state_html(dijkstra.state, names, dijkstra.nodes)
    assert "priority queue" in text and "distance" in text
    dp = trace("steiner_dp", G, terminals=["a", "e", "g"]).frames[-2]
    assert "table rows filled" in state_html(dp.state, names)
    bfs = trace("bfs", random_graph(3, n=20), source="A").frames[-1]
    assert "and 10 more" in state_html(bfs.state, Names(random_graph(3, n=20)), limit=10)


def test_bad_calls_say_why(tiny: Board) -> None:
    t = trace("bfs", tiny.graph(), source=(1, 1))
    with pytest.raises(ValueError, match="parameters go with an algorithm's name"):
        AlgorithmStepper(t, tiny, source=(1, 1))
    with pytest.raises(ValueError, match="unknown algorithm 'dfs'"):
        AlgorithmStepper("dfs", tiny)
    with pytest.raises(ValueError, match="did you mean Alder"):
        AlgorithmStepper("bfs", tiny, source="Aldre")


def test_frame_view_focus_zooms_on_a_part(europe: Board) -> None:
    part = [p for p in europe.points if p[0] < 8]
    view = FrameView(europe, focus=part)
    focus = view.figure.select_one({"name": "focus"})
    assert view.figure.x_range.renderers == [focus]
    assert len(focus.data_source.data["x"]) == len(part)


def _serialized(widget: Any, model_id: str) -> str:
    """The JSON that a ``BokehModel`` widget starts from, for the model ``model_id``."""
    found: list[Any] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if x.get("id") == model_id and "attributes" in x:
                found.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(widget.render_bundle["docs_json"])
    assert found, model_id
    return json.dumps(found[0])


def test_the_widget_starts_from_the_first_frame(tiny: Board) -> None:
    # jupyter_bokeh sends changes to open views only: the first frame must be in the figure
    # the widget is made from, or a notebook shows an empty board until the first step
    stepper = AlgorithmStepper("bfs", tiny, source="Alder")
    bokeh_widget = stepper.children[0].children[0]
    assert "Alder" in _serialized(bokeh_widget, stepper.view.node_sources["frontier"].id)
