"""Behaviours of the hand tables' kernels (``workbench/analysis/_hands.py``) that the
mutation run with the JIT off (issue 18, helper mut-kern) found untested. Each test works
with the JIT on (the suite) and off (the mutation run), checking the kernels against
values worked out here or by an independent method."""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench import Board
from workbench.algorithms.steiner import prepare_problem
from workbench.analysis import _hands
from workbench.analysis.costs import cost_graph
from workbench.analysis.hands import deck, table_on_graph
from workbench.maps.lattice import edge


def _tiny_table(tiny: Board) -> tuple[tuple[Any, ...], Any, int]:
    """The hand table's rows for ``tiny`` filled as ``hands.py`` fills them, and the
    arguments of ``full_hands`` before its usage array, with the number of hands."""
    G = cost_graph(tiny)
    cards = deck(tiny)
    p = prepare_problem(G, "weight")
    counts = np.array([len(v) for v in cards.values()], dtype=np.int64)
    k = len(counts)
    cities = np.array(
        [[p.comp[p.index[tiny.city(n).at]] for n in names] for names in cards.values()],
        dtype=np.int64,
    )
    base = counts + 1
    stride = np.array([int(np.prod(base[c + 1 :])) for c in range(k)], dtype=np.int64)
    masks = [m for m in range(1, (1 << k) - 1) if not m & 1 or m == 1]
    sizes = [int(np.prod([counts[c] for c in range(k) if m >> c & 1])) for m in masks]
    dp = np.empty((sum(sizes), len(p.indptr) - 1))
    rowof = np.full(int(np.prod(base)), -1, dtype=np.int64)
    row = 0
    for m in masks:
        row = _hands.fill_rows(
            m, p.indptr, p.adj, p.adjw, p.adje, p.maxw, cities, counts, stride, base, rowof, dp, row
        )
    args = (0, counts, stride, base, rowof, dp, p.indptr, p.adj, p.adjw, p.adje)
    return args, (G, cards, len(p.eu)), int(np.prod(counts))


def test_full_hands_from_0_to_0_is_no_hand(tiny: Board) -> None:
    # stop = -1 means "to the last hand"; 0 is an empty part, not "to the end"
    args, (_, _, edges), total = _tiny_table(tiny)
    use = np.zeros(edges, dtype=np.int64)
    assert total == 32
    assert _hands.full_hands(*args, use, True, 7, 0, 0).tolist() == []
    assert use.sum() == 0


def test_full_hands_from_a_later_first_city_counts_every_digit(tiny: Board) -> None:
    # a part starting at hand 17 (first color's second city: 17 = 1 0001 in base 2)
    # costs what the whole table says for those hands, and the usage of the parts adds up
    # to the usage of the whole, whatever the split (each hand draws from its own seed)
    args, (G, cards, edges), total = _tiny_table(tiny)
    whole = np.zeros(edges, dtype=np.int64)
    costs = _hands.full_hands(*args, whole, True, 7)
    table = table_on_graph(G, tiny, cards, progress=False)[0].tolist()
    assert costs.tolist() == table
    for cut in (17, 20):
        use = np.zeros(edges, dtype=np.int64)
        head = _hands.full_hands(*args, use, True, 7, 0, cut)
        tail = _hands.full_hands(*args, use, True, 7, cut, total)
        assert head.tolist() + tail.tolist() == table
        assert use.tolist() == whole.tolist()
    assert whole.sum() > 0


def test_a_hand_that_cannot_be_joined_costs_inf_and_adds_no_usage() -> None:
    # a -1- v -1- b, and c on its own: the hands (A, B, C) cannot be joined; (A, B, A)
    # is the path a-v-b, whose two segments are its only usage
    from tests.analysis.test_hands_ties import _board, _graph, _path

    a, v, b, c = (0, 0), (1, 0), (2, 0), (5, 1)
    G = _graph([a, v, b, c], _path(a, v, b))
    cards = {"brown": ("A",), "white": ("B",), "pink": ("C", "A")}
    costs, usage = table_on_graph(G, _board({"A": a, "B": b, "C": c}), cards, progress=False)
    assert costs.tolist() == [np.inf, 2.0]
    assert usage == {edge(a, v): 1, edge(v, b): 1}
