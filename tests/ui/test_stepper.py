"""The algorithm stepper: frames drawn as data, step / back / seek, every algorithm, any graph."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import networkx as nx
import pytest

from tests.conftest import CARD_SETS, MAPS
from workbench import Board, load_map
from workbench.analysis.costs import cost_graph
from workbench.teach import ALGORITHMS, trace
from workbench.teach.answers import Names
from workbench.teach.textbook import random_graph, textbook_graph
from workbench.ui.stepper import (
    EDGE_STYLE,
    NODE_STYLE,
    PRESENTATION_ZOOM,
    AlgorithmStepper,
    FrameView,
    _roles_used,
    state_html,
)


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
    stepper.play.playing = True
    stepper.play.value = 6  # what the Play widget does as it ticks
    assert stepper.index == 5 and stepper.slider.value == 6
    stepper.slider.value = 4
    assert stepper.index == 3 and stepper.play.value == 4
    stepper.play.playing = False
    stepper.play.value = 5  # a tick sent before the browser heard of the pause
    assert stepper.index == 3 and stepper.play.value == 4  # ignored, the timer put back
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
    bokeh_widget = stepper.board_widget
    assert "Alder" in _serialized(bokeh_widget, stepper.view.node_sources["frontier"].id)


# ---------------------------------------------------------------------------- the teacher's view


def test_controls_sit_above_the_picture_and_the_tables_beside_it(europe: Board) -> None:
    stepper = AlgorithmStepper("dijkstra", europe, source="Paris")
    _header, controls, body = stepper.children
    assert controls is stepper.controls
    wanted = {stepper.play_button, stepper.pause_button, stepper.stop_button,
              stepper.back_button, stepper.step_button, stepper.slider}  # fmt: skip
    assert wanted <= set(controls.children)
    assert body.children == (stepper.board_widget, stepper.side)
    # the tables scroll inside a box as tall as the picture: growing tables move nothing
    assert stepper.side.layout.height == f"{stepper.view.figure.height}px"
    assert stepper.side.layout.overflow_y == "auto"
    for button in (stepper.play_button, stepper.pause_button, stepper.stop_button,
                   stepper.back_button, stepper.step_button, stepper.presentation):  # fmt: skip
        assert button.layout.width == "auto"  # never a label cut short


def test_pause_stays_and_stop_goes_back_to_where_play_started(tiny: Board) -> None:
    stepper = AlgorithmStepper("prim", tiny)
    stepper.seek(3)
    assert stepper.pause_button.disabled and not stepper.play_button.disabled
    stepper.play_button.click()
    assert stepper.play.playing and stepper.play_button.disabled
    assert not stepper.pause_button.disabled and not stepper.stop_button.disabled
    stepper.play.value = 6  # the timer ticks in the browser
    stepper.play.value = 7
    stepper.pause_button.click()
    assert not stepper.play.playing and stepper.index == 6  # pause: stays
    stepper.play.value = 8  # a tick already on its way: ignored
    assert stepper.index == 6
    stepper.play_button.click()
    stepper.play.value = 9
    stepper.stop_button.click()
    assert not stepper.play.playing and stepper.index == 6  # stop: back to where play began
    stepper.play.value = 10  # a late tick after stop: ignored too
    assert stepper.index == 6 and stepper.play.value == 7
    stepper.seek(-1)
    stepper.start()  # at the end, play starts again from the first step
    assert stepper.index == 0 and stepper.play.playing
    stepper.pause()


def test_presentation_mode_enlarges_and_writes_distances(europe: Board) -> None:
    stepper = AlgorithmStepper("dijkstra", europe, source="Paris")
    width, height = stepper.view.figure.width, stepper.view.figure.height
    labels = stepper.view.figure.select_one({"name": "node-values"})
    assert not labels.visible
    stepper.seek(40)
    stepper.presentation.value = True
    assert stepper.view.figure.width == round(width * PRESENTATION_ZOOM)
    assert stepper.view.figure.height == round(height * PRESENTATION_ZOOM)
    assert stepper.side.layout.height == f"{stepper.view.figure.height}px"
    assert labels.visible and "font-size:16px" in stepper.data.value
    distance = stepper.frame.state["distance"]
    shown = stepper.view.value_source.data
    assert sorted(shown["text"]) == sorted(str(d) for d in distance.values())
    where = {(x, y): text for x, y, text in zip(shown["x"], shown["y"], shown["text"], strict=True)}
    paris = europe.city("Paris").at
    assert where[stepper.view.positions[paris]] == "0"
    stepper.step()  # the numbers follow the frames
    assert len(stepper.view.value_source.data["text"]) == len(stepper.frame.state["distance"])
    stepper.presentation.value = False
    assert stepper.view.figure.width == width and not labels.visible
    assert stepper.view.value_source.data["text"] == []
    assert AlgorithmStepper("bfs", europe, presentation=True).view.figure.width > width


def test_the_distance_table_reads_in_order_of_distance(europe: Board) -> None:
    stepper = AlgorithmStepper("dijkstra", europe, source="Paris")
    stepper.seek(60)
    html = stepper.data.value
    table = html[html.index("distance (by distance)") :]
    values = [int(v) for v in re.findall(r"</span> [^<]+</td><td [^>]*>(\d+)</td>", table)]
    assert len(values) >= 5 and values == sorted(values)
    # the nodes being worked on are in it, each with a dot of its role's colour
    frontier = [v for v, r in stepper.frame.nodes.items() if r == "frontier"]
    assert any(stepper.names.label(v) in table for v in frontier)
    assert NODE_STYLE["frontier"]["fill_color"] in table


def _lab(color: str) -> tuple[float, float, float]:
    rgb = [int(color.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; over 30, different colours)."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


MUTED = {"rejected", "rail"}  # grey and black on purpose: what is set aside or already built


def test_each_role_stands_out_from_the_board() -> None:
    from workbench.ui import render

    boards = [load_map(p) for p in sorted(set(MAPS.glob("*.yaml")) - set(CARD_SETS))]
    lattices = [b for b in boards if isinstance(b, Board)]  # the boards the stepper draws
    assert len(lattices) >= 3
    cards = {c.fill for board in lattices for c in board.colors}
    cards |= {render.LAND_FILL, render.SEA}
    for role, style in NODE_STYLE.items():
        if role not in MUTED:
            assert min(delta_e(style["fill_color"], c) for c in cards) > 35, role
    lines = {render.SINGLE, render.DOUBLE_WATER, render.DOUBLE_MOUNTAIN, render.FERRY,
             render.TUNNEL, render.RIVER, render.MOUNTAIN_FILL, render.WATER_FILL}  # fmt: skip
    for role, style in EDGE_STYLE.items():
        least = 20 if role in MUTED else 35
        assert min(delta_e(style["line_color"], c) for c in lines) > least, role
    # the path is no longer the mountains' brown-orange
    assert delta_e(EDGE_STYLE["path"]["line_color"], render.MOUNTAIN_FILL) > 50


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_the_roles_of_an_algorithm_look_different(tiny: Board, name: str) -> None:
    stepper = AlgorithmStepper(name, tiny)
    nodes, edges = (sorted(roles) for roles in _roles_used(stepper.trace))
    looks = [(NODE_STYLE[r]["fill_color"], NODE_STYLE[r]["marker"]) for r in nodes]
    assert len(set(looks)) == len(looks)
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            assert delta_e(NODE_STYLE[a]["fill_color"], NODE_STYLE[b]["fill_color"]) > 25, (a, b)
    for i, a in enumerate(edges):
        for b in edges[i + 1 :]:
            dash_a, dash_b = EDGE_STYLE[a].get("line_dash"), EDGE_STYLE[b].get("line_dash")
            d = delta_e(EDGE_STYLE[a]["line_color"], EDGE_STYLE[b]["line_color"])
            assert d > 25 or dash_a != dash_b, (a, b)


def test_the_greedy_steiner_candidate_is_bold(europe: Board) -> None:
    stepper = AlgorithmStepper("steiner_mst", europe)
    kept = [i for i, f in enumerate(stepper.trace.frames) if "candidate" in f.edges.values()]
    stepper.seek(kept[0])
    glyph = stepper.view.figure.select_one({"name": "edges-candidate"}).glyph
    assert glyph.line_width >= 4 and glyph.line_alpha == 1
    assert len(stepper.view.edge_sources["candidate"].data["x0"]) > 0


def test_dreyfus_wagner_frames_show_the_terminals(europe: Board) -> None:
    stepper = AlgorithmStepper("steiner_dp", europe)
    terminals = set(stepper.trace.frames[0].nodes)
    assert len(terminals) == 5
    for frame in stepper.trace.frames:
        roles = Counter(frame.nodes.values())
        # the cheapest entries only (the points where the subset joins most cheaply, many
        # on a lattice full of ties), not a row's 357
        assert roles["frontier"] <= len(europe.points) // 6, frame.message
        assert all(frame.nodes[t] in {"terminal", "current"} for t in terminals)
