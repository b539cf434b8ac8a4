# mypy: disable-error-code="assignment,arg-type,return-value"
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
    first_row: int,
    first: int = 0,
    stop: int = -1,
) -> int:
    """Fill the rows of the partial hands whose colors are exactly ``cmask``, numbered
    ``first`` to ``stop`` (default: all) in mixed-radix order, the first of the mask's
    hands going in row ``first_row``.

    Every proper sub-mask's rows must be filled first; the hands of one mask only read
    those, so parts of a mask can be filled at the same time (in threads: the kernel
    releases the GIL). Returns the row after the mask's last.
    """
    ncolors = counts.shape[0]
    colors = np.empty(ncolors, dtype=np.int64)
    k = 0
    total = 1
    for c in range(ncolors):
        if cmask & (1 << c):
            colors[k] = c
            k += 1
            total *= counts[c]
    if stop < 0:
        stop = total
    if first >= stop:
        return first_row + total
    head, nxt, item, done = workspace(indptr, adj, adjw, maxw)
    pred = np.empty(dp.shape[1], dtype=np.int64)  # the relaxation's output; trees are traced
    # back from the table itself (see _trace_random), so it is not kept
    digits = np.zeros(k, dtype=np.int64)
    left = first
    for i in range(k - 1, -1, -1):
        digits[i] = left % counts[colors[i]]
        left //= counts[colors[i]]
    low = cmask & -cmask
    rest = cmask ^ low
    for number in range(first, stop):
        code = 0
        for i in range(k):
            code += (digits[i] + 1) * stride[colors[i]]
        row = first_row + number
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
    return first_row + total


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
    first: int = 0,
    stop: int = -1,
) -> np.ndarray:
    """The cost of the full hands (one city of each color) numbered ``first`` to ``stop``
    (default: all) in mixed-radix order over ``counts``: the best meeting node ``v`` of the
    pivot city's row and the row of the rest.

    With ``want_usage``, also add 1 to ``usage[e]`` for every edge of one optimal tree per
    hand, chosen at random among the optimal ones step by step: where several routes are
    equally good, the hands share them out. Each hand draws from its own generator, seeded
    by ``seed`` and its number, so a hand's tree does not depend on which hands are computed
    with it (or in which thread).
    """
    ncolors = counts.shape[0]
    total = 1
    for c in range(ncolors):
        total *= counts[c]
    if stop < 0:
        stop = total
    out = np.empty(stop - first, dtype=np.float64)
    n = dp.shape[1]
    digits = np.zeros(ncolors, dtype=np.int64)
    rest = first
    for c in range(ncolors - 1, -1, -1):
        digits[c] = rest % counts[c]
        rest //= counts[c]
    state = np.zeros(1, dtype=np.uint64)
    stack = np.empty((2 * ncolors + 2, 2), dtype=np.int64)
    for h in range(first, stop):
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
        out[h - first] = best
        if want_usage and best < INF:
            state[0] = _mix(np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(h))
            best_v = -1
            ties = 0
            for v in range(n):
                if _same(a[v] + b[v], best):
                    ties += 1  # reservoir sampling: each tied meeting node equally likely
                    if ties == 1 or _below(state, ties) == 0:
                        best_v = v
            stack[0, 0], stack[0, 1] = c1, best_v
            stack[1, 0], stack[1, 1] = code - c1, best_v
            _trace_random(stack, 2, state, stride, base, rowof, dp, indptr, adj, adjw, adje, usage)
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
def _mix(x: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a well-spread, nonzero-in-practice generator state from ``x``."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    x = x ^ (x >> np.uint64(31))
    return x if x != np.uint64(0) else np.uint64(1)


@numba.njit(cache=True, nogil=True)
def _below(state: np.ndarray, k: int) -> int:
    """A number in ``range(k)`` from the xorshift64 generator ``state[0]`` (Marsaglia 2003)."""
    x = state[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    state[0] = x
    return np.int64((x >> np.uint64(11)) % np.uint64(k))


@numba.njit(cache=True, nogil=True)
def _trace_random(
    stack: np.ndarray,
    top: int,
    state: np.ndarray,
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
    """Add to ``usage`` the edges of optimal trees behind the ``(partial hand, node)`` pairs
    in ``stack[:top]``.

    At each step every move that keeps the cost optimal is a candidate: an edge to a
    neighbour ``u`` with ``dp[u] + w == dp[v]``, or a split of the hand's colors at ``v``
    whose parts add up to ``dp[v]``; one is picked uniformly at random (by ``state``). Every
    step is tight, so the edges picked weigh exactly the optimum and (weights being
    positive) form a tree.
    """
    while top > 0:
        top -= 1
        cd = stack[top, 0]
        v = stack[top, 1]
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
                    if options == 1 or _below(state, options) == 0:
                        pick_arc = i
            if ncol > 1:
                rest = cmask ^ low
                s = (rest - 1) & rest
                while True:
                    sub = low | s
                    c1 = _code_part(cd, sub, stride, base)
                    if _same(dp[rowof[c1], v] + dp[rowof[cd - c1], v], here):
                        options += 1
                        if options == 1 or _below(state, options) == 0:
                            pick_sub = sub
                            pick_arc = -1
                    if s == 0:
                        break
                    s = (s - 1) & rest
            if pick_sub >= 0:
                c1 = _code_part(cd, pick_sub, stride, base)
                stack[top, 0], stack[top, 1] = c1, v
                stack[top + 1, 0], stack[top + 1, 1] = cd - c1, v
                top += 2
                break
            e = adje[pick_arc]
            usage[e] += 1
            v = adj[pick_arc]
