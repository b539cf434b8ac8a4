"""End-of-game scoring: tickets (with the routes stations borrow) and the longest path.

Both are exact searches, small because a player's network is small.

* **Longest continuous path** (:func:`longest_trail`): the longest trail (routes used at
  most once each, cities any number of times) in the graph of one player's routes. Finding
  it is NP-hard in general, so it is a depth-first search over trails from every city, with
  a bound: a branch stops when its length plus every unused route of its component cannot
  beat the best trail found. A player holds at most 45 cars, so at most 45 routes; on real
  networks (a few cities of degree 3-4) the search visits a few thousand trails at most.
* **Stations** (:func:`best_ticket_points`): each station may borrow one rival route at its
  city. Every assignment (a route per station, or none) is tried, at most
  ``(routes at the city + 1)`` per station, so at most a few hundred for three stations, and
  the one giving the owner the most ticket points is kept; tickets are checked with a
  union-find over the owner's routes plus the borrowed ones.

>>> longest_trail([("A", "B", 2), ("B", "C", 3), ("B", "D", 4)])
7
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import product

__all__ = ["best_ticket_points", "connected", "longest_trail", "ticket_points"]

Edge = tuple[str, str, int]


def longest_trail(edges: Iterable[Edge]) -> int:
    """The length of the longest trail through ``edges`` (``(a, b, length)``), each edge
    used at most once, cities revisited freely (see the module's text).

    Examples
    --------
    >>> longest_trail([])
    0
    >>> longest_trail([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 5)])
    8
    >>> longest_trail([("A", "B", 2), ("A", "B", 3)])   # the two lanes of a double: a loop
    5
    """
    edges = list(edges)
    if not edges:
        return 0
    adj: dict[str, list[tuple[int, str, int]]] = defaultdict(list)
    for i, (a, b, w) in enumerate(edges):
        adj[a].append((i, b, w))
        adj[b].append((i, a, w))
    # components: the bound uses the unused weight of the start's component
    comp: dict[str, int] = {}
    weights: list[int] = []
    for start in adj:
        if start in comp:
            continue
        k = len(weights)
        comp[start] = k
        stack, total = [start], 0
        while stack:
            u = stack.pop()
            for _, v, _ in adj[u]:
                if v not in comp:
                    comp[v] = k
                    stack.append(v)
        for a, _, w in edges:
            if comp.get(a) == k:
                total += w
        weights.append(total)
    best = 0
    used = [False] * len(edges)

    def walk(u: str, length: int, left: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length + left <= best:
            return
        for i, v, w in adj[u]:
            if not used[i]:
                used[i] = True
                walk(v, length + w, left - w)
                used[i] = False

    # a longest trail may be taken to start at a city of odd degree when there is one
    # (its ends have odd degree unless it is closed); otherwise any city will do
    for k, total in enumerate(weights):
        cities = [c for c in adj if comp[c] == k]
        odd = [c for c in cities if len(adj[c]) % 2]
        for start in odd or cities:
            if best >= total:
                break
            walk(start, 0, total)
    return best


def connected(edges: Iterable[tuple[str, str]], pairs: Sequence[tuple[str, str]]) -> list[bool]:
    """For each pair of cities, whether ``edges`` join them (a union-find).

    Examples
    --------
    >>> connected([("A", "B"), ("B", "C")], [("A", "C"), ("A", "D")])
    [True, False]
    """
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(x, x) != root:
            parent[x], x = root, parent[x]
        return root

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    return [find(a) == find(b) for a, b in pairs]


def ticket_points(
    edges: Iterable[tuple[str, str]], tickets: Sequence[tuple[str, str, int]]
) -> tuple[int, int]:
    """Ticket points over ``edges`` and how many tickets are completed: each ticket
    ``(a, b, points)`` adds its points if ``a`` and ``b`` are joined, else takes them away.

    Examples
    --------
    >>> ticket_points([("A", "B")], [("A", "B", 5), ("A", "C", 7)])
    (-2, 1)
    """
    done = connected(edges, [(a, b) for a, b, _ in tickets])
    points = sum(p if ok else -p for ok, (_, _, p) in zip(done, tickets, strict=True))
    return points, sum(done)


def best_ticket_points(
    own: Sequence[tuple[str, str]],
    choices: Sequence[Sequence[tuple[str, str]]],
    tickets: Sequence[tuple[str, str, int]],
) -> tuple[int, int, tuple[int, ...]]:
    """The best ticket points over every way stations may borrow routes.

    ``own`` are the owner's routes (as city pairs); ``choices[s]`` the rival routes station
    ``s`` may borrow. Every assignment of one route (or none) per station is tried (see the
    module's text). Returns the points, the tickets completed, and for each station the
    index of the route it borrows in ``choices[s]`` (-1 for none), the first best found
    (fewest borrowed routes first, then in order).

    Examples
    --------
    >>> own = [("A", "B")]
    >>> best_ticket_points(own, [[("B", "C"), ("B", "D")]], [("A", "D", 6)])
    (6, 1, (1,))
    >>> best_ticket_points(own, [], [("A", "D", 6)])
    (-6, 0, ())
    """
    base_points, base_done = ticket_points(own, tickets)
    best = (base_points, base_done, tuple(-1 for _ in choices))
    if not choices or not tickets:
        return best
    options = [range(-1, len(c)) for c in choices]
    for pick in product(*options):
        if all(p == -1 for p in pick):
            continue
        borrowed = [choices[s][p] for s, p in enumerate(pick) if p >= 0]
        points, done = ticket_points([*own, *borrowed], tickets)
        if (points, done) > best[:2]:
            best = (points, done, tuple(pick))
    return best
