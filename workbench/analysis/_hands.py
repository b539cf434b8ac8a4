# mypy: disable-error-code="assignment,arg-type"
"""Compiled kernels for the costs of every hand: one Steiner program shared by all hands.

A *partial hand* holds at most one city of each color. Its code is a mixed-radix number with
one digit per color: 0 for "no city of this color", else 1 + the city's index in its color.
For every partial hand without the *pivot* color (and for the pivot's cities alone),
``dp[row, v]`` is the cheapest tree joining its cities and node ``v`` (the table of the
Dreyfus-Wagner program [1]_, with terminals grouped by color). A full hand ``S`` with pivot
city ``t`` costs ``min_v dp[{t}, v] + dp[S - t, v]``: in an optimal tree, walk from ``t`` to
the first node ``v`` that is a terminal or where the tree branches (``v = t`` when ``t`` is
not a leaf); the walk is a path and the rest a tree joining ``S - t`` and ``v``. So neither
full hands nor partial hands holding a pivot city and another need a row: with 7 cities per
color, 4,102 rows serve all 16,807 hands.

References
----------
.. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1(3),
   195-207 (1971). https://doi.org/10.1002/net.3230010302
"""

from __future__ import annotations

import numba
import numpy as np

from workbench.algorithms._kernels import relax, workspace

INF = np.inf


@numba.njit(cache=True, nogil=True)
def _code_part(code: int, cmask: int, stride: np.ndarray, base: np.ndarray) -> int:
    """The code of the partial hand made of ``code``'s cities whose colors are in ``cmask``."""
    part = 0
    for c in range(stride.shape[0]):
        if cmask & (1 << c):
            part += ((code // stride[c]) % base[c]) * stride[c]
    return part


@numba.njit(cache=True, nogil=True)
def fill_rows(
    cmask: int,
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    maxw: int,
    cities: np.ndarray,
    counts: np.ndarray,
    stride: np.ndarray,
    base: np.ndarray,
    rowof: np.ndarray,
    dp: np.ndarray,
    next_row: int,
) -> int:
    """Fill the rows of every partial hand whose colors are exactly ``cmask``.

    Masks must come in increasing order (every proper sub-mask first). Returns the next
    free row.
    """
    ncolors = counts.shape[0]
    head, nxt, item, done = workspace(indptr, adj, adjw, maxw)
    pred = np.empty(dp.shape[1], dtype=np.int64)  # the relaxation's output; trees are traced
    # back from the table itself (see _trace_random), so it is not kept
    colors = np.empty(ncolors, dtype=np.int64)
    k = 0
    for c in range(ncolors):
        if cmask & (1 << c):
            colors[k] = c
            k += 1
    digits = np.zeros(k, dtype=np.int64)
    low = cmask & -cmask
    rest = cmask ^ low
    while True:
        code = 0
        for i in range(k):
            code += (digits[i] + 1) * stride[colors[i]]
        row = next_row
        next_row += 1
        rowof[code] = row
        target = dp[row]
        target[:] = INF
        if k == 1:
            target[cities[colors[0], digits[0]]] = 0.0
        else:
            s = (rest - 1) & rest
            while True:
                sub = low | s
                c1 = _code_part(code, sub, stride, base)
                a = dp[rowof[c1]]
                b = dp[rowof[code - c1]]
                for v in range(target.shape[0]):
                    x = a[v] + b[v]
                    if x < target[v]:
                        target[v] = x
                if s == 0:
                    break
                s = (s - 1) & rest
        relax(indptr, adj, adjw, adje, target, pred, maxw, head, nxt, item, done)
        # next assignment of cities to the colors of cmask (mixed radix)
        i = k - 1
        while i >= 0:
            digits[i] += 1
            if digits[i] < counts[colors[i]]:
                break
            digits[i] = 0
            i -= 1
        if i < 0:
            return next_row


@numba.njit(cache=True, nogil=True)
def full_hands(
    pivot: int,
    counts: np.ndarray,
    stride: np.ndarray,
    base: np.ndarray,
    rowof: np.ndarray,
    dp: np.ndarray,
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    usage: np.ndarray,
    want_usage: bool,
    seed: int,
) -> np.ndarray:
    """The cost of every full hand (one city of each color), in mixed-radix order over
    ``counts``: the best meeting node ``v`` of the pivot city's row and the row of the rest.

    With ``want_usage``, also add 1 to ``usage[e]`` for every edge of one optimal tree per
    hand, chosen at random among the optimal ones step by step (seeded): where several routes
    are equally good, the hands share them out.
    """
    np.random.seed(seed)
    ncolors = counts.shape[0]
    total = 1
    for c in range(ncolors):
        total *= counts[c]
    out = np.empty(total, dtype=np.float64)
    n = dp.shape[1]
    digits = np.zeros(ncolors, dtype=np.int64)
    for h in range(total):
        code = 0
        for c in range(ncolors):
            code += (digits[c] + 1) * stride[c]
        c1 = (digits[pivot] + 1) * stride[pivot]
        a = dp[rowof[c1]]
        b = dp[rowof[code - c1]]
        best = INF
        for v in range(n):
            x = a[v] + b[v]
            if x < best:
                best = x
        out[h] = best
        if want_usage and best < INF:
            best_v = -1
            ties = 0
            for v in range(n):
                if _same(a[v] + b[v], best):
                    ties += 1  # reservoir sampling: each tied meeting node equally likely
                    if np.random.randint(ties) == 0:
                        best_v = v
            for part in (c1, code - c1):
                _trace_random(part, best_v, stride, base, rowof, dp, indptr, adj, adjw, adje, usage)
        c = ncolors - 1
        while c >= 0:
            digits[c] += 1
            if digits[c] < counts[c]:
                break
            digits[c] = 0
            c -= 1
    return out


_EPS = 1e-9


@numba.njit(cache=True, nogil=True)
def _same(a: float, b: float) -> bool:
    return abs(a - b) <= _EPS * (1.0 + abs(b))


@numba.njit(cache=True, nogil=True)
def _trace_random(
    code: int,
    node: int,
    stride: np.ndarray,
    base: np.ndarray,
    rowof: np.ndarray,
    dp: np.ndarray,
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    usage: np.ndarray,
) -> None:
    """Add to ``usage`` the edges of an optimal tree behind partial hand ``code`` at ``node``.

    At each step every move that keeps the cost optimal is a candidate: an edge to a
    neighbour ``u`` with ``dp[u] + w == dp[v]``, or a split of the hand's colors at ``v``
    whose parts add up to ``dp[v]``; one is picked uniformly at random. Every step is tight,
    so the edges picked weigh exactly the optimum and (weights being positive) form a tree.
    """
    codes = [np.int64(code)]
    nodes = [np.int64(node)]
    while codes:
        cd = codes.pop()
        v = nodes.pop()
        ncol = 0
        low = 0
        cmask = 0
        for c in range(stride.shape[0]):
            if (cd // stride[c]) % base[c]:
                ncol += 1
                cmask |= 1 << c
                if low == 0:
                    low = 1 << c
        row = dp[rowof[cd]]
        while True:
            here = row[v]
            if ncol == 1 and here == 0.0:
                break  # at the city itself
            options = 0
            pick_arc = -1
            pick_sub = -1
            for i in range(indptr[v], indptr[v + 1]):
                if _same(row[adj[i]] + adjw[i], here):
                    options += 1
                    if np.random.randint(options) == 0:
                        pick_arc = i
                        pick_sub = -1
            if ncol > 1:
                rest = cmask ^ low
                s = (rest - 1) & rest
                while True:
                    sub = low | s
                    c1 = _code_part(cd, sub, stride, base)
                    if _same(dp[rowof[c1], v] + dp[rowof[cd - c1], v], here):
                        options += 1
                        if np.random.randint(options) == 0:
                            pick_sub = sub
                            pick_arc = -1
                    if s == 0:
                        break
                    s = (s - 1) & rest
            if pick_sub >= 0:
                c1 = _code_part(cd, pick_sub, stride, base)
                codes.append(np.int64(c1))
                nodes.append(v)
                codes.append(np.int64(cd - c1))
                nodes.append(v)
                break
            e = adje[pick_arc]
            usage[e] += 1
            v = adj[pick_arc]
