"""The hand tables' trace where a partial hand's cities share one node through rails of
cost 0 (issue 18, helper mut-rerun): the case that the split walk of ``_trace_random``
(``workbench/analysis/_hands.py``) must get right for the table's last partial hand, and
that no test board reached before. Checked against values worked out here and against the
one-hand-at-a-time exact solver."""

from __future__ import annotations

import networkx as nx

from tests.analysis.test_hands_ties import COPIES, _board, _graph, _path
from workbench import Board
from workbench.algorithms import steiner_cost
from workbench.analysis.costs import cost_graph
from workbench.analysis.hands import deck, hand_table, table_on_graph
from workbench.maps.lattice import edge

# rails on tiny joining the second (last) city of every color but brown, the pivot (the
# first of the colors with the most cities): Fir [5, 0], Dogwood [8, 0], Hazel [8, 2] and
# Juniper [6, 3] are then one node of the contracted graph, and so is the table's last row
_TINY_RAILS = (
    ((5, 0), (6, 0)),
    ((6, 0), (7, 0)),
    ((7, 0), (8, 0)),
    ((7, 1), (8, 0)),
    ((7, 1), (8, 2)),
    ((7, 2), (8, 2)),
    ((6, 3), (7, 2)),
)


def test_two_cities_on_a_free_rail_are_traced_to_the_one_paid_segment() -> None:
    # P -1- A -0- B: A and B (the last partial hand, the pivot being P's color) are one
    # node once the free rail is contracted. Every hand (P, A, B) costs 1, and its tree is
    # the paid segment P-A; the trace splits {A, B} at their node into A and B, both there
    p, a, b = (0, 0), (1, 0), (2, 0)
    G = _graph([p, a, b], _path(p, a, b))
    G.edges[a, b]["weight"] = 0
    cards = {"brown": ("P",) * COPIES, "white": ("A",), "pink": ("B",)}
    costs, usage = table_on_graph(G, _board({"P": p, "A": a, "B": b}), cards, progress=False)
    assert costs.tolist() == [1.0] * COPIES
    assert usage == {edge(p, a): COPIES}


def test_hands_on_tiny_with_rails_joining_the_last_cities_cost_what_single_queries_say(
    tiny: Board,
) -> None:
    table = hand_table(tiny, rails=_TINY_RAILS, progress=False)
    G = cost_graph(tiny, rails=_TINY_RAILS)
    cards = deck(tiny)
    rails = nx.Graph(_TINY_RAILS)
    assert nx.is_connected(rails)
    assert all(tiny.city(names[-1]).at in rails for names in list(cards.values())[1:])
    hands = [
        (c1, c2, c3, c4, c5)
        for c1 in cards["brown"]
        for c2 in cards["white"]
        for c3 in cards["pink"]
        for c4 in cards["orange"]
        for c5 in cards["turquoise"]
    ]
    assert len(table.costs) == len(hands) == 32
    for cost, hand in zip(table.costs.tolist(), hands, strict=True):
        assert cost == steiner_cost(G, [tiny.city(name).at for name in hand])
    # every hand's tree weighs its cost, and a rail (cost 0) is never counted as used
    weight = {edge(u, v): w for u, v, w in G.edges(data="weight")}
    assert all(weight[e] > 0 for e in table.usage)
    assert sum(weight[e] * n for e, n in table.usage.items()) == table.costs.sum()
    assert table.costs[-1] == 1  # Birch [7, 4] to Juniper [6, 3]: the others are on rails
