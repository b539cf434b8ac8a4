"""Ties among equally good answers, each order promised and pinned: which of equally long
trails ``longest_trail`` returns, the order of cities of equal change in ``compare``, and
which of equally used segments ``chokepoints`` tries at its cut-off (docs/mutation.md)."""

from __future__ import annotations

import math

import networkx as nx

from workbench import Board, RouteBoard
from workbench.analysis.compare import compare
from workbench.analysis.hands import hand_table
from workbench.analysis.routes import chokepoints
from workbench.analysis.tickets import longest_trail
from workbench.maps.routes import Route, RouteCity


def _board(*routes: tuple[str, str, int]) -> RouteBoard:
    names = sorted({n for a, b, _ in routes for n in (a, b)})
    cities = tuple(RouteCity(n, (i, i % 2)) for i, n in enumerate(names))
    return RouteBoard("ties", cities, tuple(Route((a, b), n) for a, b, n in routes))


def test_of_equally_long_trails_the_one_from_the_first_city_by_name_is_returned() -> None:
    # two separate routes of 3 cars: Y-Z is listed first, but A comes first by name
    board = _board(("Y", "Z", 3), ("A", "B", 3))
    assert longest_trail(board, cars=10) == (3, ("A-B",))
    # the search stops at a trail of exactly the cars allowed: still the one from A
    assert longest_trail(board, cars=3) == (3, ("A-B",))


def test_a_later_trail_only_as_long_does_not_replace_the_first_found() -> None:
    # A-B-C: from A the trail A-B, B-C; from C the same pairs the other way round
    board = _board(("A", "B", 2), ("B", "C", 2))
    assert longest_trail(board, cars=10) == (4, ("A-B", "B-C"))


def test_the_trail_search_follows_each_citys_longest_route_first() -> None:
    # from A: A-B (2 cars) alone, or A-C then C-D (1 + 1): both fill 2 cars, and the
    # longer route out of A is tried first (the A-C route is listed first on the board)
    board = _board(("A", "C", 1), ("C", "D", 1), ("A", "B", 2))
    assert longest_trail(board, cars=2) == (2, ("A-B",))


def test_cities_of_equal_change_are_listed_by_name(tiny: Board) -> None:
    same = compare(tiny, tiny)
    assert (same.cities.change == 0).all()
    names = [c.name for c in tiny.cities]
    assert same.cities.city.tolist() == sorted(names)


def test_cities_are_listed_by_size_of_change_then_by_name(tiny: Board) -> None:
    moved = compare(tiny, tiny.move_city("Fir", (5, 1)))
    rows = list(zip(moved.cities.change, moved.cities.city, strict=True))
    assert rows == sorted(rows, key=lambda r: (-abs(r[0]), r[1]))
    assert len({round(abs(c), 12) for c, _ in rows}) < len(rows)  # some changes are tied
    # a city on one board only has no change: such rows come last, by name
    gone = compare(tiny, tiny.remove_city("Fir").remove_city("Alder"))
    tail = gone.cities.tail(2)
    assert tail.city.tolist() == ["Alder", "Fir"] and tail.change.isna().all()
    head = gone.cities.iloc[:-2]
    changes = head.change.abs().tolist()
    assert changes == sorted(changes, reverse=True) and not any(map(math.isnan, changes))


def test_segments_used_equally_are_tried_in_segment_order_at_the_cut_off(tiny: Board) -> None:
    # with free doubles the doubles are contracted away and the hand table lists the other
    # segments by contracted part, not in segment order: two segments used by 11 hands each
    # come (3, 4)-(4, 4) first, though (3, 1)-(4, 1) is the smaller segment
    table = hand_table(tiny, 4, 0)
    early, late = ((3, 4), (4, 4)), ((3, 1), (4, 1))
    assert table.usage[early] == table.usage[late] == 11
    order = list(table.usage)
    assert order.index(early) < order.index(late)
    bridges = {tuple(sorted(e)) for e in nx.bridges(tiny.graph())}
    more = [e for e, n in table.usage.items() if n > 11 and e not in bridges]
    found = chokepoints(tiny, 4, 0, top=len(more) + 1)
    tried = set(zip(found.critical.a, found.critical.b, strict=True))
    assert late in tried and early not in tried
