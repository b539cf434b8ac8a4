"""What a designer asks of a route board: tickets against their paths, the routes' load,
the cut points, the colors' demand, and the cheapest network for a hand of tickets.

Everything here reads a :class:`~workbench.maps.routes.RouteBoard` and returns plain values
or pandas tables; nothing is drawn. Costs are in cars. A double route counts once for
paths (its two lanes have the same length), but with 2-3 players only one of its lanes may
be claimed, which :func:`route_load` and :func:`cut_points` take into account.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise
from typing import Any

import networkx as nx
import pandas as pd

from workbench.algorithms import steiner_cost, steiner_tree
from workbench.exceptions import InfeasibleError
from workbench.maps.routes import GRAY, RouteBoard, Ticket

__all__ = [
    "BANDS",
    "Cuts",
    "Forest",
    "color_demand",
    "cut_points",
    "longest_trail",
    "propose_tickets",
    "route_graph",
    "route_load",
    "steiner_forest",
    "ticket_overlaps",
    "ticket_paths",
]

BANDS: tuple[tuple[str, int, int], ...] = (
    ("short (up to 7)", 0, 7),
    ("medium (8 to 12)", 8, 12),
    ("long (13 to 19)", 13, 19),
    ("longest (20 and more)", 20, 10**9),
)
"""The length bands tickets are sorted into, by shortest path in cars: name, low, high."""


def route_graph(board: RouteBoard) -> nx.Graph:
    """A simple graph of the board: one edge per pair of joined cities, ``weight`` its
    length in cars (the shorter lane's), ``routes`` the ids of its lanes.

    Examples
    --------
    >>> from workbench import load_map
    >>> G = route_graph(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> G.number_of_edges(), G["Paris"]["Frankfurt"]
    (90, {'weight': 3, 'routes': ('Frankfurt-Paris', 'Frankfurt-Paris#2')})
    """
    G: nx.Graph[str] = nx.Graph()
    G.add_nodes_from(c.name for c in board.cities)
    for r in board.routes:
        a, b = r.ends
        if G.has_edge(a, b):
            data = G[a][b]
            data["weight"] = min(data["weight"], r.length)
            data["routes"] = (*data["routes"], r.id)
        else:
            G.add_edge(a, b, weight=r.length, routes=(r.id,))
    return G


class _Shortest:
    """Every shortest path of a route graph, one Dijkstra per source city, kept.

    ``paths(a, b)`` is what ``networkx.all_shortest_paths(G, a, b, weight="weight")``
    returns, path for path and in its order (networkx builds it from the same predecessor
    table), so sums over paths come out to the same floats; but a source's table is found
    once for every pair that starts there, not once a pair. On a board of 500 cities this
    made proposing tickets 40 times faster.
    """

    def __init__(self, G: nx.Graph) -> None:
        self.G = G
        self._trees: dict[str, tuple[dict[str, list[str]], dict[str, float]]] = {}

    def tree(self, a: str) -> tuple[dict[str, list[str]], dict[str, float]]:
        """The predecessors and distances of every city from ``a``."""
        if a not in self._trees:
            self._trees[a] = nx.dijkstra_predecessor_and_distance(self.G, a, weight="weight")
        return self._trees[a]

    def paths(self, a: str, b: str) -> list[list[str]]:
        """Every shortest path from ``a`` to ``b`` (none when they are not joined)."""
        if a not in self.G or b not in self.G:
            return []
        pred, _ = self.tree(a)
        if b not in pred:
            return []
        from networkx.algorithms.shortest_paths import generic  # its own path builder

        build: Any = generic._build_paths_from_predecessors  # type: ignore[attr-defined]
        return list(build({a}, b, pred))


@lru_cache(maxsize=2)
def _shortest(board: RouteBoard) -> _Shortest:
    """The shortest paths of ``board``'s route graph, kept for the last two boards, so that
    a report's analyses (tickets, overlaps, proposals, loads) share their Dijkstra runs.
    The graph is private to it: callers that change a graph build their own."""
    return _Shortest(route_graph(board))


def _band(cars: float) -> str:
    for name, lo, hi in BANDS:
        if lo <= cars <= hi:
            return name
    return BANDS[-1][0]  # pragma: no cover - the last band is open


def ticket_paths(board: RouteBoard) -> pd.DataFrame:
    """Every ticket with its shortest path in cars, against its printed points.

    Columns: ``ticket``, ``a``, ``b``, ``points``, ``long``, ``cars`` (the shortest path),
    ``difference`` (points minus cars: the convention is 0), ``paths`` (how many shortest
    paths there are), ``band`` (see :data:`BANDS`) and ``route`` (one shortest path, its
    cities joined by ``-``).

    Examples
    --------
    >>> from workbench import load_map
    >>> table = ticket_paths(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> len(table), int((table.difference == 0).sum())
    (46, 44)
    >>> off = table[table.difference != 0]
    >>> list(zip(off.ticket, off.points, off.cars))
    [('London-Wien', 10, 9), ('Athina-Edinburgh', 21, 20)]
    >>> table.set_index("ticket").loc["Frankfurt-Kobenhavn", ["points", "cars"]].tolist()
    [5, 5]
    """
    sp = _shortest(board)
    G = sp.G
    rows = []
    for t in board.tickets:
        a, b = t.ends
        paths = sp.paths(a, b)
        cars = nx.path_weight(G, paths[0], "weight") if paths else float("inf")
        rows.append(
            {
                "ticket": t.id,
                "a": a,
                "b": b,
                "points": t.points,
                "long": t.long,
                "cars": cars,
                "difference": t.points - cars,
                "paths": len(paths),
                "band": _band(cars),
                "route": "-".join(paths[0]) if paths else "",
            }
        )
    columns = ["ticket", "a", "b", "points", "long", "cars", "difference", "paths", "band", "route"]
    return pd.DataFrame(rows, columns=columns)  # the columns even for a board without tickets


def _path_shares(sp: _Shortest, a: str, b: str) -> dict[frozenset[str], float]:
    """How much of one ticket's unit each pair of cities carries (ties share equally)."""
    paths = sp.paths(a, b)
    if not paths:
        return {}
    shares: dict[frozenset[str], float] = {}
    for path in paths:
        for u, v in pairwise(path):
            key = frozenset((u, v))
            shares[key] = shares.get(key, 0.0) + 1 / len(paths)
    return shares


def ticket_overlaps(board: RouteBoard) -> pd.DataFrame:
    """Pairs of tickets whose shortest paths share routes: the cars they have in common.

    With ties, each ticket's paths share its unit; the overlap of two tickets is the sum,
    over pairs of cities, of the smaller of their shares times the route's cars. Columns:
    ``first``, ``second``, ``cars`` (the overlap), largest first; pairs sharing nothing are
    left out.

    Examples
    --------
    >>> from workbench import load_map
    >>> table = ticket_overlaps(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> table.iloc[0][["first", "second"]].tolist(), float(table.iloc[0].cars)
    (['Berlin-Moskva', 'Frankfurt-Smolensk'], 10.0)
    """
    sp = _shortest(board)
    G = sp.G
    shares = [(t.id, _path_shares(sp, *t.ends)) for t in board.tickets]
    rows = []
    for i, (a, sa) in enumerate(shares):
        for b, sb in shares[i + 1 :]:
            common = sum(
                min(sa[k], sb[k]) * G[min(k)][max(k)]["weight"] for k in sa.keys() & sb.keys()
            )
            if common > 0:
                rows.append({"first": a, "second": b, "cars": common})
    table = pd.DataFrame(rows, columns=["first", "second", "cars"])
    return table.sort_values(
        ["cars", "first", "second"], ascending=[False, True, True], ignore_index=True
    )


def propose_tickets(
    board: RouteBoard, count: int = 5, cars: tuple[int, int] = (5, 12), players: int = 4
) -> pd.DataFrame:
    """New tickets that send players where the deck sends few: priced by shortest path.

    Candidates are the pairs of cities without a ticket whose shortest path is within
    ``cars``; each is scored by the mean load (:func:`route_load`) of the routes on its
    shortest paths, and the least-loaded is taken; its own paths then join the load, so the
    next proposal goes elsewhere. A proposal's ``points`` is its shortest path in cars, the
    board's convention.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> table = propose_tickets(europe, count=3)
    >>> len(table), set(table.columns) >= {"ticket", "points", "load", "route"}
    (3, True)
    >>> bool((table.points >= 5).all() and (table.points <= 12).all())
    True
    """
    sp = _shortest(board)
    G = sp.G
    usage: dict[frozenset[str], float] = {}
    for t in board.tickets:
        for k, v in _path_shares(sp, *t.ends).items():
            usage[k] = usage.get(k, 0.0) + v
    lanes = {frozenset((u, v)): len(d["routes"]) for u, v, d in G.edges(data=True)}
    have = {t.ends for t in board.tickets}
    dist = {a: sp.tree(a)[1] for a in G}  # the distances of the same Dijkstra runs
    candidates = [
        (a, b)
        for a, b in combinations(sorted(G), 2)
        if (a, b) not in have and b in dist[a] and cars[0] <= dist[a][b] <= cars[1]
    ]
    shares = {pair: _path_shares(sp, *pair) for pair in candidates}
    rows: list[dict[str, Any]] = []
    for _ in range(min(count, len(candidates))):

        def load(pair: tuple[str, str]) -> float:
            open_lanes = {k: (lanes[k] if players >= 4 else 1) for k in shares[pair]}
            return sum(w * usage.get(k, 0.0) / open_lanes[k] for k, w in shares[pair].items()) / (
                sum(shares[pair].values()) or 1.0
            )

        best = min(
            (p for p in candidates if p not in {r["pair"] for r in rows}),
            key=lambda p: (load(p), -dist[p[0]][p[1]], p),
        )
        path = nx.shortest_path(G, *best, weight="weight")
        rows.append(
            {
                "pair": best,
                "ticket": f"{best[0]}-{best[1]}",
                "points": int(dist[best[0]][best[1]]),
                "load": load(best),
                "route": "-".join(path),
            }
        )
        for k, v in shares[best].items():
            usage[k] = usage.get(k, 0.0) + v
    return pd.DataFrame(rows, columns=["pair", "ticket", "points", "load", "route"]).drop(
        columns="pair"
    )


def route_load(board: RouteBoard, players: int = 4) -> pd.DataFrame:
    """How much the tickets need each route: its share of the tickets' shortest paths.

    Each ticket spreads one unit over its shortest paths (ties share equally), so
    ``usage`` is the number of tickets expected to pass along a pair of cities. With 4 or
    more players both lanes of a double may be claimed and share the pair's usage; with 2-3
    players only one lane may be claimed, so each lane carries it all (``load``).

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> four, two = route_load(europe, 4), route_load(europe, 2)
    >>> four.iloc[0].route
    'Warszawa-Wilno'
    >>> lanes = [t.set_index("route").load["Frankfurt-Paris"] for t in (two, four)]
    >>> [round(float(x), 3) for x in lanes]  # with four players the double's lanes share
    [3.167, 1.583]
    """
    if players < 1:
        raise ValueError(f"players is {players!r}: it must be at least 1")
    sp = _shortest(board)
    G = sp.G
    usage: dict[frozenset[str], float] = {}
    for t in board.tickets:
        for key, share in _path_shares(sp, *t.ends).items():
            usage[key] = usage.get(key, 0.0) + share
    rows = []
    for r in board.routes:
        lanes = len(G[r.ends[0]][r.ends[1]]["routes"])
        open_lanes = lanes if players >= 4 else 1
        use = usage.get(frozenset(r.ends), 0.0)
        rows.append(
            {
                "route": r.id,
                "a": r.ends[0],
                "b": r.ends[1],
                "lane": r.lane,
                "length": r.length,
                "color": r.color,
                "kind": r.kind,
                "double": lanes > 1,
                "usage": use,
                "load": use / open_lanes,
            }
        )
    columns = ["route", "a", "b", "lane", "length", "color", "kind", "double", "usage", "load"]
    table = pd.DataFrame(rows, columns=columns)
    return table.sort_values(["load", "route"], ascending=[False, True], ignore_index=True)


@dataclass(frozen=True)
class Cuts:
    """Where the board breaks: ``bridges`` are route ids whose loss splits the board (a
    double is one only with 2-3 players, when a single lane may be claimed) and
    ``articulations`` are cities whose loss splits it."""

    bridges: tuple[str, ...]
    articulations: tuple[str, ...]


def cut_points(board: RouteBoard, players: int = 4) -> Cuts:
    """The bridges and articulation cities of the board.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> cut_points(europe)
    Cuts(bridges=(), articulations=('London', 'Madrid'))
    >>> cut_points(europe, players=2).bridges
    ('Edinburgh-London', 'Edinburgh-London#2')
    """
    G = route_graph(board)
    bridges = []
    for u, v in nx.bridges(G):
        lanes = G[u][v]["routes"]
        if len(lanes) == 1 or players < 4:
            bridges.extend(lanes)
    return Cuts(tuple(sorted(bridges)), tuple(sorted(nx.articulation_points(G))))


def color_demand(board: RouteBoard) -> pd.DataFrame:
    """Routes of each color by length, with the cars they hold against the deck's cards.

    One row per card color and gray; one column per length on the board (the number of
    routes), then ``routes``, ``cars``, ``longest`` and ``cards`` (the deck's cards of the
    color plus the locomotives that may stand in; gray routes take any color).

    Examples
    --------
    >>> from workbench import load_map
    >>> table = color_demand(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> table.loc["blue", ["routes", "cars", "longest", "cards"]].tolist()
    [8, 23, 4, 26]
    >>> int(table.loc["gray", 8])
    1
    """
    lengths = sorted({r.length for r in board.routes})
    names = [*board.color_names, GRAY]
    rows = {}
    for name in names:
        mine = [r for r in board.routes if r.color == name]
        row: dict[str | int, int] = {n: sum(r.length == n for r in mine) for n in lengths}
        row["routes"] = len(mine)
        row["cars"] = sum(r.length for r in mine)
        row["longest"] = max((r.length for r in mine), default=0)
        deck = board.deck
        row["cards"] = (
            deck.cards_per_color * len(board.colors) if name == GRAY else deck.cards_per_color
        ) + deck.locomotives
        rows[name] = row
    return pd.DataFrame.from_dict(rows, orient="index")


def longest_trail(board: RouteBoard, cars: int | None = None) -> tuple[int, tuple[str, ...]]:
    """The longest continuous trail one player could build: its cars and its routes.

    A trail uses each pair of cities at most once (a player may not claim both lanes of a
    double) and may pass a city again, as the European Express counts it; its cars may
    not exceed ``cars`` (the deck's cars per player by default).

    The search is exact: a depth-first search from every city over unused pairs, pruned
    when the cars left cannot hold the next route, which stops as soon as a trail of
    exactly ``cars`` cars is found (no trail can be longer); otherwise it tries every trail
    that fits. The bound makes it quick on real boards, where such a trail exists.

    Of several equally long trails, the one this search finds first is returned: it starts
    from the cities in name order, follows each city's routes longest first (pairs of one
    length in the order of the board's routes), and a later trail replaces the best so far
    only when it is strictly longer.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> longest_trail(europe)[0]
    45
    >>> longest_trail(europe, cars=7)[0]
    7
    """
    limit = board.deck.cars if cars is None else cars
    G = route_graph(board)
    edges = {
        a: sorted(((v, d["weight"], d["routes"][0]) for v, d in G[a].items()), key=lambda e: -e[1])
        for a in G
    }
    best: list[Any] = [0, ()]
    used: set[frozenset[str]] = set()
    path: list[str] = []

    def walk(city: str, total: int) -> bool:
        if total > best[0]:
            best[0], best[1] = total, tuple(path)
            if total == limit:
                return True
        for other, length, rid in edges[city]:
            key = frozenset((city, other))
            if key in used or total + length > limit:
                continue
            used.add(key)
            path.append(rid)
            done = walk(other, total + length)
            path.pop()
            used.discard(key)
            if done:
                return True
        return False

    for start in sorted(G):
        if walk(start, 0):
            break
    return int(best[0]), tuple(best[1])


@dataclass(frozen=True)
class Forest:
    """The cheapest network completing a set of tickets: its ``cost`` in cars, the
    ``routes`` it claims (one lane of each pair) and the ``groups`` of tickets that share a
    connected part of it."""

    cost: float
    routes: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]


def steiner_forest(board: RouteBoard, tickets: Iterable[Ticket | tuple[str, str] | str]) -> Forest:
    """The exact cheapest set of routes that completes every ticket (a Steiner forest).

    Each part of an optimal forest is a minimum Steiner tree of the tickets it serves, so
    the forest's cost is the cheapest way to split the tickets into groups, each joined by
    its own tree: a dynamic program over the subsets of tickets (3^k steps for k tickets)
    with an exact Steiner tree for each subset. It is exact for any number of tickets and
    fast for the hands a player holds (up to about 8 tickets).

    ``tickets`` are Ticket values, pairs of city names or ids such as ``"Paris-Wien"``.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> forest = steiner_forest(europe, ["Paris-Wien", "Berlin-Roma", "Edinburgh-Paris"])
    >>> forest.cost, len(forest.routes), forest.groups
    (21, 9, (('Paris-Wien', 'Berlin-Roma', 'Edinburgh-Paris'),))
    >>> steiner_forest(europe, [("Lisboa", "Danzig")]).cost
    20

    References
    ----------
    .. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1(3),
       195-207, 1971. https://doi.org/10.1002/net.3230010302
    """
    G = route_graph(board)
    pairs = [_ends(board, t) for t in tickets]
    pairs = [p for p in dict.fromkeys(pairs) if p[0] != p[1]]
    for a, b in pairs:
        if not nx.has_path(G, a, b):
            raise InfeasibleError(f"no path of routes joins {a!r} and {b!r} on {board.name!r}")
    k = len(pairs)
    if k == 0:
        return Forest(0, (), ())
    part = {c: i for i, comp in enumerate(nx.connected_components(G)) for c in comp}
    tree: dict[int, float] = {}
    for mask in range(1, 1 << k):
        cities = {c for i in range(k) if mask >> i & 1 for c in pairs[i]}
        together = len({part[c] for c in cities}) == 1
        tree[mask] = steiner_cost(G, cities) if together else float("inf")
    best: dict[int, float] = {0: 0.0}
    choice: dict[int, int] = {}
    for mask in range(1, 1 << k):
        low = mask & -mask
        rest = mask ^ low
        best[mask], choice[mask] = float("inf"), mask
        sub = rest
        while True:  # every group that holds the lowest ticket of mask
            group = sub | low
            cost = tree[group] + best[mask ^ group]
            if cost < best[mask]:
                best[mask], choice[mask] = cost, group
            if sub == 0:
                break
            sub = (sub - 1) & rest
    groups, mask = [], (1 << k) - 1
    while mask:
        groups.append(choice[mask])
        mask ^= choice[mask]
    routes: set[str] = set()
    for group in groups:
        cities = {c for i in range(k) if group >> i & 1 for c in pairs[i]}
        for u, v in steiner_tree(G, cities).edges():
            routes.add(G[u][v]["routes"][0])
    total = best[(1 << k) - 1]
    return Forest(
        int(total) if float(total).is_integer() else total,
        tuple(sorted(routes)),
        tuple(
            sorted(
                tuple(f"{pairs[i][0]}-{pairs[i][1]}" for i in range(k) if g >> i & 1)
                for g in groups
            )
        ),
    )


def _ends(
    board: RouteBoard, ticket: Ticket | tuple[str, str] | str | Sequence[str]
) -> tuple[str, str]:
    if isinstance(ticket, Ticket):
        return ticket.ends
    if isinstance(ticket, str):
        names = {c.name for c in board.cities}
        for i, ch in enumerate(ticket):
            if ch == "-" and ticket[:i] in names and ticket[i + 1 :] in names:
                a, b = ticket[:i], ticket[i + 1 :]
                return (a, b) if a <= b else (b, a)
        raise KeyError(f"{ticket!r} is not two cities of {board.name!r} joined by '-'")
    a, b = ticket
    for c in (a, b):
        board.city(c)  # KeyError with a did-you-mean
    return (a, b) if a <= b else (b, a)
