"""The hand tables' kernels where the mutation run found them unchecked: the generator
behind the shared usage, checked against plain implementations of the published
algorithms it names (SplitMix64's finaliser, Marsaglia's xorshift64), and the shared usage
itself pinned, since the heatmap and the reports print it (docs/mutation.md)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tests.analysis.test_hands_ties import COPIES, _board, _graph, _path
from workbench import Board
from workbench.algorithms import _kernels
from workbench.algorithms.steiner import prepare_problem
from workbench.analysis import _hands
from workbench.analysis._hands import _below, _mix, _same
from workbench.analysis.costs import cost_graph
from workbench.analysis.hands import deck, hand_table, table_on_graph
from workbench.maps.lattice import edge

MASK = (1 << 64) - 1


def _splitmix_finaliser(x: int) -> int:
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def _xorshift64(x: int) -> int:
    x ^= (x << 13) & MASK
    x ^= x >> 7
    x ^= (x << 17) & MASK
    return x


def test_a_hands_generator_is_seeded_by_splitmix64s_finaliser() -> None:
    # SplitMix64 from seed 0: its first output is the finaliser of the golden gamma
    assert int(_mix(np.uint64(0x9E3779B97F4A7C15))) == 0xE220A8397B1DCDAF
    rng = random.Random(18)
    for x in [1, 2, MASK, *(rng.getrandbits(64) for _ in range(200))]:
        assert int(_mix(np.uint64(x))) == _splitmix_finaliser(x)
    # xorshift64 must not start from 0 (it would stay there): 0 mixes to 0, made 1
    assert int(_mix(np.uint64(0))) == 1


def test_the_draws_are_xorshift64s() -> None:
    rng = random.Random(64)
    for _ in range(50):
        x = rng.getrandbits(64) | 1
        state = np.array([x], dtype=np.uint64)
        for k in (1, 2, 3, 7, 1000, 1 << 40):
            x = _xorshift64(x)
            assert _below(state, k) == (x >> 11) % k
            assert int(state[0]) == x


def test_costs_within_a_billionth_are_the_same() -> None:
    assert _same(3.0, 3.0) and _same(3.0 + 1e-12, 3.0) and _same(0.0, 0.0)
    assert not _same(3.0 + 1e-6, 3.0) and not _same(2.0, 3.0) and not _same(4.0, 3.0)
    assert _same(1e9 + 0.5, 1e9) and not _same(1e9 + 5.0, 1e9)  # relative to the size


def test_the_shared_usage_around_a_ring_is_pinned() -> None:
    u1, a, w1, b, u2, w2 = (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)
    upper, lower = _path(a, u1, u2, b), _path(a, w1, w2, b)
    G = _graph([u1, a, w1, b, u2, w2], upper | lower)
    _, usage = table_on_graph(
        G, _board({"A": a, "B": b}), {"brown": ("A",) * COPIES, "white": ("B",)}
    )
    assert usage == {e: 34 for e in upper} | {e: 26 for e in lower}


def test_the_shared_usage_of_a_branch_and_a_path_is_pinned() -> None:
    a, v, b, c = (0, 0), (1, 0), (2, 0), (3, 0)
    G = _graph([a, v, b, c], _path(a, v, b) | _path(v, c, b))
    cards = {"brown": ("A",) * (2 * COPIES), "white": ("B",), "pink": ("C",)}
    _, usage = table_on_graph(G, _board({"A": a, "B": b, "C": c}), cards)
    assert usage == {edge(a, v): 120, edge(v, b): 70, edge(v, c): 66, edge(b, c): 104}


def test_the_usage_on_tiny_is_pinned(tiny: Board) -> None:
    # what the heatmap and the reports print for tiny with 4 players: the same on every
    # run and every release (a change to the draws would change these published figures)
    assert hand_table(tiny).usage == TINY_USAGE


TINY_USAGE: dict[tuple[tuple[int, int], tuple[int, int]], int] = {
    ((0, 3), (1, 2)): 7,
    ((0, 3), (1, 3)): 10,
    ((1, 1), (1, 2)): 7,
    ((1, 1), (2, 0)): 13,
    ((1, 1), (2, 1)): 4,
    ((1, 1), (2, 2)): 10,
    ((1, 2), (1, 3)): 1,
    ((1, 2), (2, 2)): 1,
    ((1, 3), (2, 2)): 2,
    ((1, 3), (2, 3)): 10,
    ((2, 0), (3, 0)): 11,
    ((2, 1), (3, 0)): 1,
    ((2, 1), (3, 1)): 3,
    ((2, 2), (2, 3)): 8,
    ((2, 3), (3, 3)): 14,
    ((2, 3), (3, 4)): 2,
    ((3, 0), (4, 0)): 12,
    ((3, 1), (4, 1)): 3,
    ((3, 3), (4, 3)): 6,
    ((3, 3), (4, 4)): 11,
    ((3, 4), (3, 5)): 2,
    ((3, 5), (4, 4)): 11,
    ((3, 5), (4, 5)): 3,
    ((4, 0), (5, 0)): 12,
    ((4, 1), (5, 1)): 3,
    ((4, 3), (4, 4)): 4,
    ((4, 3), (5, 3)): 8,
    ((4, 4), (4, 5)): 1,
    ((4, 4), (5, 4)): 9,
    ((4, 5), (5, 4)): 1,
    ((4, 5), (5, 5)): 3,
    ((5, 0), (5, 1)): 11,
    ((5, 0), (6, 0)): 6,
    ((5, 1), (5, 2)): 1,
    ((5, 1), (6, 1)): 8,
    ((5, 1), (6, 2)): 6,
    ((5, 2), (5, 3)): 1,
    ((5, 3), (5, 4)): 6,
    ((5, 3), (6, 2)): 8,
    ((5, 3), (6, 3)): 7,
    ((5, 4), (6, 4)): 4,
    ((5, 5), (6, 5)): 3,
    ((6, 0), (7, 0)): 6,
    ((6, 1), (6, 2)): 1,
    ((6, 1), (7, 0)): 1,
    ((6, 1), (7, 1)): 7,
    ((6, 1), (7, 2)): 5,
    ((6, 2), (6, 3)): 2,
    ((6, 2), (7, 2)): 2,
    ((6, 3), (6, 4)): 2,
    ((6, 3), (7, 2)): 12,
    ((6, 3), (7, 3)): 5,
    ((6, 3), (7, 4)): 14,
    ((6, 4), (7, 4)): 2,
    ((6, 5), (7, 4)): 3,
    ((7, 0), (7, 1)): 2,
    ((7, 0), (8, 0)): 6,
    ((7, 1), (7, 2)): 5,
    ((7, 1), (8, 0)): 9,
    ((7, 1), (8, 2)): 6,
    ((7, 2), (8, 2)): 6,
    ((7, 3), (8, 2)): 6,
    ((7, 3), (8, 4)): 1,
    ((7, 4), (8, 4)): 1,
    ((8, 0), (8, 1)): 2,
    ((8, 1), (8, 2)): 2,
}


def test_the_kernels_run_as_plain_python_stay_in_bounds_and_give_the_same_table(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    # compiled kernels do not check their indices; run as plain Python (numpy checks every
    # index) they must neither step outside an array nor give another table
    G = cost_graph(tiny)
    cards = dict(list(deck(tiny).items())[:4])  # 16 hands: quick in plain Python
    compiled = table_on_graph(G, tiny, cards, progress=False, threads=1)
    kernels = ("fill_rows", "full_hands", "_trace_random", "_code_part", "_same", "_mix", "_below")
    for name in kernels:
        monkeypatch.setattr(_hands, name, getattr(_hands, name).py_func)

    def relax(*args: Any) -> None:  # the shortest-path pass, its work arrays checked too
        indptr, adj, adjw, adje, dist, pred, maxw, head, nxt, item, done = args
        if maxw >= 0:
            buckets = _kernels.relax_buckets.py_func
            buckets(indptr, adj, adjw, adje, dist, pred, head, nxt, item, done)
        else:
            _kernels.relax_heap.py_func(indptr, adj, adjw, adje, dist, pred)

    monkeypatch.setattr(_hands, "relax", relax)
    with np.errstate(over="ignore"):  # the generator's arithmetic wraps, as compiled
        plain = table_on_graph(G, tiny, cards, progress=False, threads=1)
    assert np.array_equal(plain[0], compiled[0]) and plain[1] == compiled[1]
    assert len(plain[0]) == 16 and sum(plain[1].values()) > 0


def test_the_kernels_default_to_every_hand_of_a_mask_and_return_the_next_row(
    tiny: Board,
) -> None:
    # the hand table's set-up, then each mask filled whole (no first, no stop): each call
    # returns the row after its mask's last, and the full hands cost what the table says
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
    pivot = 0
    masks = [m for m in range(1, (1 << k) - 1) if not m & 1 or m == 1]
    sizes = [int(np.prod([counts[c] for c in range(k) if m >> c & 1])) for m in masks]
    dp = np.empty((sum(sizes), len(p.indptr) - 1))
    rowof = np.full(int(np.prod(base)), -1, dtype=np.int64)
    row = 0
    for m, size in zip(masks, sizes, strict=True):
        after = _hands.fill_rows(
            m, p.indptr, p.adj, p.adjw, p.adje, p.maxw, cities, counts, stride, base, rowof, dp, row
        )
        assert after == row + size
        nothing = (m, p.indptr, p.adj, p.adjw, p.adje, p.maxw, cities, counts, stride, base)
        assert _hands.fill_rows(*nothing, rowof, dp, row, 1, 1) == after  # an empty part
        row = after
    # a part from 0 to 0 is empty too: nothing is filled (0 is not "to the end")
    fresh = np.full_like(rowof, -1)
    first = (1, p.indptr, p.adj, p.adjw, p.adje, p.maxw, cities, counts, stride, base)
    assert _hands.fill_rows(*first, fresh, dp.copy(), 0, 0, 0) == 2
    assert (fresh == -1).all()
    use = np.zeros(len(p.eu), dtype=np.int64)
    args = (pivot, counts, stride, base, rowof, dp, p.indptr, p.adj, p.adjw, p.adje, use)
    costs = _hands.full_hands(*args, False, 0)
    assert costs.tolist() == table_on_graph(G, tiny, cards, progress=False)[0].tolist()
    assert len(costs) == 32 and use.sum() == 0  # no usage asked for, none counted
    # a part of the hands, from ``first`` to ``stop``, is that part of the whole
    assert _hands.full_hands(*args, False, 0, 5, 9).tolist() == costs[5:9].tolist()
