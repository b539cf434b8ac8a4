"""Exercises: generators fixed by their seed, checkers against networkx and brute force.

Every kind is generated on the shipped boards, on the textbook graph and on random graphs;
the truth each checker holds is recomputed independently (networkx for bridges, spanning
trees and distances, brute-force and MILP Steiner trees for costs, every permutation for
orders), and the checkers must accept every right answer in every form a learner may type
and turn down wrong ones with the message that fits.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Hashable

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.algorithms.oracles import brute_force_steiner_cost, milp_steiner_cost
from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.analysis.costs import missing_rails
from workbench.teach import EDGE_ROLES, NODE_ROLES, trace
from workbench.teach.answers import Names, normalise
from workbench.teach.exercises import (
    EXERCISES,
    Bridges,
    DijkstraOrder,
    Exercise,
    Feedback,
    KruskalNext,
    MissingRails,
    StartMarker,
    exercise,
)
from workbench.teach.textbook import random_graph, textbook_graph

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def europe() -> Board:
    return load_map(MAPS / "trans_europa.yaml")


@pytest.fixture(scope="module")
def tiny() -> Board:
    return load_map(MAPS / "tiny.yaml")


@st.composite
def weighted_graphs(draw: st.DrawFn, max_nodes: int = 8) -> nx.Graph:
    """A connected graph on letters with small integer weights (plenty of ties)."""
    n = draw(st.integers(3, max_nodes))
    names = "abcdefghijklmnop"[:n]
    G = nx.Graph()
    G.add_nodes_from(names)
    for i in range(1, n):
        G.add_edge(names[i], names[draw(st.integers(0, i - 1))])
    pairs = list(itertools.combinations(names, 2))
    G.add_edges_from(draw(st.lists(st.sampled_from(pairs), max_size=n)))
    for u, v in sorted(G.edges()):
        G.edges[u, v]["weight"] = draw(st.integers(1, 3))
    return G


def fingerprint(ex: Exercise) -> tuple[object, ...]:
    return (
        type(ex),
        ex.question,
        ex.solution(),
        str(ex.solution_answer()),
        ex.picture,
        ex.solution_picture,
        sorted(ex.graph.edges()),
    )


def check_picture(ex: Exercise) -> None:
    for frame in (ex.picture, ex.solution_picture):
        for v, role in frame.nodes.items():
            assert v in ex.graph and role in NODE_ROLES, (v, role)
        for (u, v), role in frame.edges.items():
            assert ex.graph.has_edge(u, v) and role in EDGE_ROLES, ((u, v), role)


# --- generators ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(EXERCISES))
@pytest.mark.parametrize("where", ["tiny", "europe", "textbook", "random"])
def test_generators_are_fixed_by_their_seed(kind: str, where: str, request) -> None:
    source = {
        "tiny": lambda: request.getfixturevalue("tiny"),
        "europe": lambda: request.getfixturevalue("europe"),
        "textbook": textbook_graph,
        "random": lambda: None,
    }[where]()
    first = [exercise(kind, source, seed) for seed in range(4)]
    again = [exercise(kind, source, seed) for seed in range(4)]
    assert [fingerprint(a) for a in first] == [fingerprint(b) for b in again]
    for ex in first:
        assert ex.kind == kind and "?" in ex.question, ex.question
        assert ex.check(ex.solution_answer()).correct, (ex.question, ex.solution_answer())
        assert ex.solution()
        check_picture(ex)
    if where != "textbook" or kind != "bridges":  # the textbook graph has one bridge question
        seen = {(a.question, a.solution()) for a in first}
        assert len(seen) >= 2, "different seeds, different exercises"


@given(seed=st.integers(0, 10**6), kind=st.sampled_from(list(EXERCISES)))
@SETTINGS
def test_any_seed_gives_a_solvable_exercise(seed: int, kind: str) -> None:
    ex = exercise(kind, seed=seed)
    verdict = ex.check(ex.solution_answer())
    assert verdict.correct and verdict.message.startswith(("Yes!", "Right")), verdict
    assert ex.check("").correct is False
    check_picture(ex)
    assert ex.trace().frames  # the algorithm behind it runs on the same graph


def test_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(ValueError, match="kruskal_next, bridges"):
        exercise("prim_next")


def test_feedback_is_true_when_right_and_shows_itself() -> None:
    assert Feedback(True, "Yes!") and not Feedback(False, "No <b>")
    assert "&lt;b&gt;" in Feedback(False, "No <b>")._repr_html_()


def test_core_stays_pure() -> None:
    code = (
        "import sys, workbench.teach.exercises;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('bokeh', 'ipywidgets')"
        " or m.startswith('workbench.ui')]; print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --- reading answers -------------------------------------------------------------------------


def test_names_read_every_form(tiny: Board) -> None:
    names = Names(tiny.graph())
    alder, ginkgo = tiny.city("Alder").at, tiny.city("Ginkgo").at
    for form in ("Alder", "alder", " ALDER ", "1,1", "[1, 1]", "(1,1)", (1, 1), [1, 1]):
        assert names.node(form) == alder, form
    key = names.key(alder, ginkgo)
    forms = [
        "Alder-Ginkgo",
        "ginkgo - alder",
        "Ginkgo to Alder",
        "Alder – Ginkgo",
        "Alder Ginkgo",
        "1,1-2,0",
        "[2, 0]-[1, 1]",
        "(1, 1) (2, 0)",
        ("Ginkgo", "Alder"),
        ((2, 0), (1, 1)),
        "alder/2,0",
    ]
    for form in forms:
        assert names.edge(form) == key, form
    listed = names.edges("1,1-2,0, 0,1-1,1; alder to 0,1")
    assert listed == [key, ((0, 1), (1, 1)), ((0, 1), (1, 1))]
    assert names.edges([("Alder", "Ginkgo"), "0,1-1,1"]) == [key, ((0, 1), (1, 1))]
    assert names.edges("none") == [] and names.edges("") == []
    assert names.nodes("Ginkgo, alder > 0,1 then Birch") == [
        ginkgo,
        alder,
        (0, 1),
        tiny.city("Birch").at,
    ]


def test_names_fold_accents_dots_and_spaces() -> None:
    G = nx.Graph([("Kraków", "St. Louis"), ("St. Louis", "Salt Lake City")])
    names = Names(G)
    assert normalise("KRAKOW") == normalise("Kraków")
    assert names.edge("krakow - st louis") == ("Kraków", "St. Louis")
    assert names.edge("Salt Lake City-St Louis") == ("Salt Lake City", "St. Louis")


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("Alderr", "did you mean Alder"),
        ("Alder-Birch", "are not joined by a segment"),
        ("Alder-Alder", "Both ends are Alder"),
        ("99,99", "not a point of this board"),
        ("Alder", "could not read 'Alder' as a segment"),
    ],
)
def test_names_say_what_is_wrong(tiny: Board, answer: str, message: str) -> None:
    names = Names(tiny.graph())
    with pytest.raises(ValueError, match=message):
        if answer in ("Alderr", "99,99"):
            names.node(answer)
        else:
            names.edge(answer)


def test_unreadable_answers_get_the_format(tiny: Board) -> None:
    ex = Bridges.generate(tiny, seed=1)
    verdict = ex.check("Paris to nowhere")
    assert not verdict.correct and "List the segments" in verdict.message


# --- Kruskal's next segment ------------------------------------------------------------------


def mst_weight_with(G: nx.Graph, forced: list[tuple[Hashable, Hashable]]) -> float:
    """The weight of the lightest spanning forest containing ``forced`` (networkx)."""
    H = G.copy()
    for u, v in forced:
        H.edges[u, v]["weight"] = -1e9
    T = nx.minimum_spanning_tree(H)
    return sum(G.edges[e]["weight"] for e in T.edges())


@given(G=weighted_graphs(), data=st.data())
@SETTINGS
def test_kruskal_answers_are_exactly_the_cheapest_joining_edges(G: nx.Graph, data) -> None:
    t = trace("kruskal", G)
    added = [e for f in t.frames for e, r in f.edges.items() if r == "tree"]
    added = list(dict.fromkeys(added))  # in the order they first turn up
    k = data.draw(st.integers(0, len(added) - 1))
    ex = KruskalNext.from_forest(G, added[:k])
    comp = {v: i for i, c in enumerate(nx.connected_components(nx.Graph(added[:k]))) for v in c}
    joining = [
        tuple(sorted(e))
        for e in G.edges()
        if comp.get(e[0], ("solo", e[0])) != comp.get(e[1], ("solo", e[1]))
    ]
    best = min(G.edges[e]["weight"] for e in joining)
    assert set(ex.answers) == {e for e in joining if G.edges[e]["weight"] == best}
    assert tuple(sorted(added[k])) in ex.answers  # what the trace really does next
    optimum = mst_weight_with(G, [])
    for e in ex.answers:  # every accepted answer still leads to a minimum spanning tree
        assert mst_weight_with(G, [*added[:k], e]) == optimum
        assert ex.check(f"{e[1]}-{e[0]}").correct
    for u, v in G.edges():
        e = tuple(sorted((u, v)))
        verdict = ex.check((v, u))
        if e in ex.answers:
            continue
        assert not verdict.correct
        if e in {tuple(sorted(x)) for x in added[:k]}:
            assert "already in the tree" in verdict.message
        elif e not in joining:
            assert "would close a cycle" in verdict.message
        else:
            assert f"costs {G.edges[e]['weight']} but" in verdict.message


def test_kruskal_on_a_board_asks_about_a_part_of_it(europe: Board) -> None:
    ex = KruskalNext.generate(europe, seed=7)
    assert 0 < len(ex.graph) < len(europe.points)
    assert "highlighted part of the board" in ex.question and "double 2" in ex.question
    assert len(ex.answers) <= 3
    assert all(r in ("tree", "candidate") for r in ex.picture.edges.values())
    tied = ex.check(ex.answers[-1])
    assert tied.correct and (len(ex.answers) == 1 or "tie" in tied.message)


# --- bridges ---------------------------------------------------------------------------------


@given(G=weighted_graphs(max_nodes=9), data=st.data())
@SETTINGS
def test_bridges_against_networkx_and_removal(G: nx.Graph, data) -> None:
    ex = Bridges.from_graph(G)
    by_removal = set()
    for u, v in G.edges():
        H = G.copy()
        H.remove_edge(u, v)
        if not nx.is_connected(H):
            by_removal.add(tuple(sorted((u, v))))
    assert set(ex.answers) == by_removal == {tuple(sorted(e)) for e in nx.bridges(G)}
    assert set(ex.articulation_points) == set(nx.articulation_points(G))
    edges = sorted(tuple(sorted(e)) for e in G.edges())
    guess = data.draw(st.lists(st.sampled_from(edges), unique=True))
    text = "; ".join(f"{v}-{u}" for u, v in guess) or "none"
    verdict = ex.check(text)
    assert verdict.correct == (set(guess) == by_removal), (guess, verdict)
    wrong = [e for e in guess if e not in by_removal]
    if wrong:
        cycle = verdict.message.split("on the cycle ")[1].split(",")[0].split("-")
        assert cycle[0] == cycle[-1] and len(cycle) >= 4
        assert all(G.has_edge(a, b) for a, b in itertools.pairwise(cycle))
    elif not verdict.correct:
        assert "look near" in verdict.message


def test_bridges_on_a_board_are_the_parts_bridges(europe: Board) -> None:
    ex = Bridges.generate(europe, seed=0)
    assert 1 <= len(ex.answers) <= 5
    assert set(ex.answers) == {tuple(sorted(e)) for e in nx.bridges(ex.graph)}
    reversed_text = ", ".join(
        f"[{b[0]}, {b[1]}] - [{a[0]}, {a[1]}]" for a, b in reversed(ex.answers)
    )
    assert ex.check(reversed_text).correct
    if len(ex.answers) > 1:
        partial = ex.check(ex.names.segment(ex.answers[0]))
        assert f"You found 1 of the {len(ex.answers)} bridges" in partial.message


# --- missing rails ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_missing_rails_agrees_with_the_analysis_and_a_milp(europe: Board, seed: int) -> None:
    ex = MissingRails.generate(europe, seed=seed)
    names = [europe.city_at(p).name for p in ex.hand]
    done = missing_rails(europe, ex.rails, ex.start, names)
    assert ex.cost == done.cost
    if seed < 2:  # an independent exact solver, on the cost graph with the rails at 0
        G = europe.graph()
        for e in ex.rails:
            G.edges[e]["weight"] = 0
        assert milp_steiner_cost(G, [ex.start, *ex.hand]) == pytest.approx(ex.cost)
    assert ex.check(f"{ex.cost} rails").correct and ex.check(float(ex.cost)).correct
    assert not ex.check(ex.cost + 1).correct and not ex.check(ex.cost - 1).correct
    assert set(ex.picture.edges) == set(ex.rails) and ex.picture.nodes[ex.start] == "source"


@given(G=weighted_graphs(max_nodes=7), data=st.data())
@SETTINGS
def test_missing_rails_against_brute_force(G: nx.Graph, data) -> None:
    nodes = sorted(G)
    start = data.draw(st.sampled_from(nodes))
    hand = data.draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=3, unique=True))
    rails = data.draw(st.lists(st.sampled_from(sorted(G.edges())), max_size=2, unique=True))
    ex = MissingRails.from_hand(G, start, hand, rails)
    H = G.copy()
    for e in rails:
        H.edges[e]["weight"] = 0
    assert ex.cost == brute_force_steiner_cost(H, [start, *hand])
    assert sum(G.edges[e]["weight"] for e in ex.build) == ex.cost
    assert not set(ex.build) & {tuple(sorted(e)) for e in rails}
    T = nx.Graph([*ex.build, *rails])
    T.add_nodes_from([start, *hand])
    assert all(nx.has_path(T, start, c) for c in hand)


def test_missing_rails_names_the_usual_slips(tiny: Board) -> None:
    # Alder (1,1) and Ginkgo (2,0) from (0,1); a rail on Alder-Ginkgo already
    ex = MissingRails.from_hand(tiny, (0, 1), ["Alder", "Ginkgo"], rails=["Alder-Ginkgo"])
    assert ex.cost == 1
    assert "empty board" in ex.check(2).message
    assert "Too high" in ex.check(3).message
    assert "not your start marker" in ex.check(0).message  # the rail joins the two cities
    assert "Too low" in ex.check(-1).message
    assert "Please answer with a number" in ex.check("lots").message
    slips = {slip for slip in ex.slips.values()}
    assert all(not ex.check(v).correct for v in ex.slips) and slips


def test_missing_rails_counts_doubles_as_two(europe: Board) -> None:
    for seed in range(20):
        ex = MissingRails.generate(europe, seed=seed)
        if any("double as 1" in message for message in ex.slips.values()):
            value = next(v for v, m in ex.slips.items() if "double as 1" in m)
            assert value < ex.cost and "It costs 2" in ex.check(value).message
            return
    pytest.fail("no seed in 0..19 builds a double")


# --- the start marker ------------------------------------------------------------------------


def test_start_marker_costs_are_missing_rails_everywhere(europe: Board) -> None:
    ex = StartMarker.generate(europe, seed=3)
    hand = [europe.city_at(p).name for p in ex.hand]
    for p in [*ex.best[:3], (3, 12), (20, 5), ex.hand[0]]:
        if p in europe.points:
            assert ex.costs[p] == missing_rails(europe, ex.rails, p, hand).cost, p
    assert ex.best_cost == missing_rails(europe, ex.rails, ex.hand[0], hand).cost
    assert all(ex.costs[p] >= ex.best_cost for p in europe.points)
    assert ex.check(ex.names.label(ex.best[0])).correct
    worst = max(europe.points, key=lambda p: ex.costs[p])
    verdict = ex.check(f"{worst[0]},{worst[1]}")
    extra = ex.costs[worst] - ex.best_cost
    assert not verdict.correct and f"({extra} more)" in verdict.message


@given(G=weighted_graphs(max_nodes=7), data=st.data())
@SETTINGS
def test_start_marker_against_brute_force(G: nx.Graph, data) -> None:
    hand = data.draw(st.lists(st.sampled_from(sorted(G)), min_size=1, max_size=3, unique=True))
    ex = StartMarker.from_hand(G, hand)
    costs = {v: brute_force_steiner_cost(G, [v, *hand]) for v in G}
    assert dict(ex.costs) == costs
    assert set(ex.best) == {v for v, c in costs.items() if c == min(costs.values())}
    for v in G:
        assert ex.check(v).correct == (v in ex.best)


# --- Dijkstra's order ------------------------------------------------------------------------


@given(G=weighted_graphs(), data=st.data())
@SETTINGS
def test_dijkstra_order_accepts_exactly_the_orders_ties_allow(G: nx.Graph, data) -> None:
    nodes = sorted(G)
    source = data.draw(st.sampled_from(nodes))
    others = [v for v in nodes if v != source]
    cities = data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=5, unique=True))
    ex = DijkstraOrder.from_cities(G, source, cities)
    dist = nx.single_source_dijkstra_path_length(G, source)
    assert dict(ex.distance) == {c: dist[c] for c in cities}
    for order in itertools.permutations(cities):
        verdict = ex.check(", ".join(order))
        right = all(dist[a] <= dist[b] for a, b in itertools.pairwise(order))
        assert verdict.correct == right, (order, verdict)
        if right and len(set(dist[c] for c in cities)) < len(cities):
            assert "tie" in verdict.message
        if not right:
            assert "Dijkstra settles" in verdict.message
    t = trace("dijkstra", G, source=source)  # the trace's own order is always accepted
    settled = [
        next(v for v, r in f.nodes.items() if r == "current") for f in t.frames if f.line == 4
    ]
    assert ex.check([v for v in settled if v in cities]).correct


def test_dijkstra_order_explains_slips(europe: Board) -> None:
    ex = DijkstraOrder.from_cities(europe, "Paris", ["Lyon", "Rome", "Madrid"])
    assert ex.check("Lyon, Rome").message.startswith("You left out Madrid")
    assert ex.check("Lyon, Rome, Madrid, Lyon").message.startswith("You listed Lyon twice")
    assert "is the start" in ex.check("Paris, Lyon, Rome, Madrid").message
    assert "is not one of the cities" in ex.check("Lyon, Rome, Madrid, Oslo").message
    assert "did you mean Madrid" in ex.check("Lyon, Rome, Madird").message


def test_textbook_graph_is_the_classic() -> None:
    G = textbook_graph()
    assert nx.minimum_spanning_tree(G).size(weight="weight") == 37
    assert nx.single_source_dijkstra_path_length(G, "a")["e"] == 21
    assert all("pos" in d for _, d in G.nodes(data=True))


@given(seed=st.integers(0, 10**6), n=st.integers(2, 26))
@SETTINGS
def test_random_graphs_are_connected_planar_and_seeded(seed: int, n: int) -> None:
    G = random_graph(seed, n=n)
    assert len(G) == n and nx.is_connected(G) and nx.is_planar(G)
    assert nx.utils.graphs_equal(G, random_graph(seed, n=n))
    assert all(1 <= w <= 9 for *_, w in G.edges(data="weight"))
