"""The doctor's exact tables where the mutation run found them unchecked: colors of unequal
sizes, which decks a table refuses, a moved city of every color, and every cheaper
segment through the compiled ``cross`` kernel (docs/mutation/mut-doctor.md).

The reference is independent of the tables: with two or three colors a hand is two or
three cities, and its cheapest tree is a shortest path, or the cheapest star
``min_v d(a, v) + d(b, v) + d(c, v)`` (a tree joining three terminals has one branch
point), from networkx's Dijkstra on the board's cost graph.
"""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from workbench.analysis._doctor import FullTable, hand_costs_on
from workbench.analysis.costs import cost_graph, segment_cost
from workbench.maps.board import Board
from workbench.maps.lattice import Point, edge, neighbours

CARDS = {"brown": ("Alder", "Birch"), "pink": ("Fir",), "white": ("Cedar", "Dogwood")}
"""Three colors of 2, 1 and 2 cities of Tiny Island: unequal axes, and the color of one
city in the middle."""


def _where(board: Board) -> dict[str, Point]:
    return {c.name: c.at for c in board.cities}


def _brute(G: nx.Graph, where: dict[str, Point], cards: dict[str, tuple[str, ...]]) -> np.ndarray:
    dist = dict(nx.all_pairs_dijkstra_path_length(G, weight="weight"))
    axes = [[where[n] for n in names] for names in cards.values()]
    out = np.empty([len(a) for a in axes])
    for idx in np.ndindex(*out.shape):
        ends = [axes[c][i] for c, i in enumerate(idx)]
        if len(ends) == 2:
            out[idx] = dist[ends[0]].get(ends[1], math.inf)
        else:
            out[idx] = min(sum(dist[t].get(v, math.inf) for t in ends) for v in G)
    return out


def test_a_table_of_colors_of_unequal_sizes_costs_every_hand_exactly(tiny: Board) -> None:
    G, where = cost_graph(tiny), _where(tiny)
    table = FullTable(G, where, CARDS)
    expected = _brute(G, where, CARDS)
    assert table.costs.shape == (2, 1, 2)
    assert np.array_equal(table.costs, expected)
    assert np.array_equal(hand_costs_on(G, where, CARDS), expected)


def test_hand_costs_on_five_colors_of_unequal_sizes_are_the_full_tables(tiny: Board) -> None:
    """Four colors besides the first: the partial hands of three of them are split by
    reading a middle color's city out of a hand's code."""
    G, where = cost_graph(tiny), _where(tiny)
    cards = {
        "orange": ("Ginkgo", "Hazel"),
        "pink": ("Elder", "Fir"),
        "turquoise": ("Ivy",),
        "white": ("Cedar", "Dogwood"),
        "brown": ("Alder", "Birch"),
    }
    costs = hand_costs_on(G, where, cards)
    assert costs.shape == (2, 2, 1, 2, 2)
    assert np.array_equal(costs, FullTable(G, where, cards).costs)


@pytest.mark.parametrize("order", [("brown", "white"), ("white", "brown")])
def test_a_table_of_two_colors_costs_each_pair_its_shortest_path(
    tiny: Board, order: tuple[str, str]
) -> None:
    G, where = cost_graph(tiny), _where(tiny)
    cards = {c: CARDS[c] for c in order}
    expected = _brute(G, where, cards)
    assert np.array_equal(FullTable(G, where, cards).costs, expected)
    assert np.array_equal(hand_costs_on(G, where, cards), expected)


def test_a_table_of_one_city_per_color_is_one_hand(tiny: Board) -> None:
    G, where = cost_graph(tiny), _where(tiny)
    cards = {"brown": ("Birch",), "pink": ("Elder",), "white": ("Cedar",)}
    table = FullTable(G, where, cards)
    assert table.costs.shape == (1, 1, 1)
    assert np.array_equal(table.costs, _brute(G, where, cards))


@pytest.mark.parametrize(
    "cards",
    [{"brown": ("Alder", "Birch")}, {"brown": ("Alder",), "white": ()}, {}],
    ids=["one color", "a color without a city", "no color"],
)
def test_a_table_needs_two_colors_or_more_each_with_a_city(
    tiny: Board, cards: dict[str, tuple[str, ...]]
) -> None:
    with pytest.raises(ValueError, match="two colors or more, each with a city"):
        FullTable(cost_graph(tiny), _where(tiny), cards)


@pytest.mark.parametrize(("color", "name"), [(0, "Birch"), (1, "Fir"), (2, "Cedar")])
def test_a_moved_city_of_any_color_gives_the_moved_boards_table(
    tiny: Board, color: int, name: str
) -> None:
    G, where = cost_graph(tiny), _where(tiny)
    table = FullTable(G, where, CARDS)
    target = (4, 3)  # a free point joined to its neighbours
    index = list(CARDS.values())[color].index(name)
    moved = table.moved(color, index, table.node(target))
    where2 = {**where, name: target}
    assert np.array_equal(moved.costs, _brute(G, where2, CARDS))
    fresh = FullTable(G, where2, CARDS)
    assert np.array_equal(moved.dp, fresh.dp)
    assert np.array_equal(table.costs, _brute(G, where, CARDS))  # the original kept


def _cheaper_edits(board: Board) -> list[tuple[Point, Point, float]]:
    """Every double made a ferry or tunnel and every third new ferry, with its new cost."""
    out = []
    for key, s in board.segments.items():
        if s.kind == "double":
            kind = "ferry" if s.terrain == "water" else "tunnel"
            out.append((*key, float(segment_cost(kind, None, 2))))
    points = board.points
    new = sorted({edge(p, q) for p in points for q in neighbours(p) if q in points})
    new = [k for k in new if k not in board.segments][::3]
    out += [(*k, float(segment_cost("ferry", None, 2))) for k in new]
    return out


def test_every_cheaper_segment_costs_every_hand_as_the_edited_graph_does(tiny: Board) -> None:
    G, where = cost_graph(tiny), _where(tiny)
    table = FullTable(G, where, CARDS)
    edits = _cheaper_edits(tiny)
    assert len(edits) > 10
    changed = 0
    for a, b, weight in edits:
        H = G.copy()
        H.add_edge(a, b, weight=weight)
        expected = _brute(H, where, CARDS)
        got = table.cheaper(table.node(a), table.node(b), weight)
        assert np.array_equal(got, expected), (a, b)
        changed += not np.array_equal(expected, table.costs)
    assert changed > 3  # some edits do make hands cheaper


def test_a_free_segment_joins_its_ends_for_nothing(tiny: Board) -> None:
    """A segment of weight 0 between two cities' points: the hand of those two cities (and
    the third color's city wherever it is) costs what a tree to either end costs."""
    G, where = cost_graph(tiny), _where(tiny)
    table = FullTable(G, where, CARDS)
    a, b = where["Alder"], where["Cedar"]
    H = G.copy()
    H.add_edge(a, b, weight=0.0)
    assert np.array_equal(table.cheaper(table.node(a), table.node(b), 0.0), _brute(H, where, CARDS))


def test_combinations_of_sizes_make_one_row_per_partial_hand(tiny: Board) -> None:
    table = FullTable(cost_graph(tiny), _where(tiny), CARDS)
    sizes = [len(v) for v in CARDS.values()]
    partial = sum(
        math.prod(sizes[c] for c in mask)
        for k in range(1, len(sizes))
        for mask in itertools.combinations(range(len(sizes)), k)
    )
    assert table.dp.shape[0] == partial


def test_a_table_has_a_column_for_every_node(tiny: Board) -> None:
    """``dp[P, v]``: one column per node of the graph (no segment of Tiny Island costs
    nothing, so no two points are one node)."""
    G = cost_graph(tiny)
    table = FullTable(G, _where(tiny), CARDS)
    assert table.n == G.number_of_nodes() == table.dp.shape[1]


def test_hand_costs_on_keeps_a_row_per_partial_hand_without_the_first_color_and_a_column_per_node(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    from workbench.analysis import _hands

    shapes: set[tuple[int, ...]] = set()
    real = _hands.fill_rows

    def spy(*args: object) -> object:
        shapes.add(args[11].shape)  # type: ignore[attr-defined]  # the table being filled
        return real(*args)

    monkeypatch.setattr(_hands, "fill_rows", spy)
    G = cost_graph(tiny)
    hand_costs_on(G, _where(tiny), CARDS)
    # without brown: pink (1 hand), white (2), pink and white (2)
    assert shapes == {(1 + 2 + 2, G.number_of_nodes())}
