"""Enumeration: every set of city pairs within the budget, scored with a union-find (the
tests' reference on small boards)."""

from __future__ import annotations

import itertools

from workbench.analysis.ceiling.problem import BRUTE_LIMIT, CeilingError, _find, _Problem


def _brute(problem: _Problem, budget: int, one: bool = False) -> tuple[list[int], float, bool]:
    n = len(problem.pairs)
    if n > BRUTE_LIMIT:
        raise CeilingError(
            f"method 'brute' enumerates at most {BRUTE_LIMIT} city pairs; this board has {n} "
            "(use method='flow' or 'cut')"
        )
    index = {c: i for i, c in enumerate(problem.cities)}
    ends = [(index[p.ends[0]], index[p.ends[1]]) for p in problem.pairs]
    best: tuple[int, list[int]] = (-1, [])
    for size in range(n + 1):
        for subset in itertools.combinations(range(n), size):
            if sum(problem.pairs[i].length for i in subset) > budget:
                continue
            parent = list(range(len(index)))

            for i in subset:
                a, b = ends[i]
                parent[_find(parent, a)] = _find(parent, b)
            held: dict[int, int] = {}
            for t in problem.tickets:
                root = _find(parent, index[t.ends[0]])
                if root == _find(parent, index[t.ends[1]]):
                    held[root] = held.get(root, 0) + t.points
            tickets = max(held.values(), default=0) if one else sum(held.values())
            score = sum(problem.pairs[i].points for i in subset) + tickets
            if score > best[0]:
                best = (score, list(subset))
    return best[1], float(best[0]), True
