"""Hypothesis strategies for route boards: random valid boards and their parts."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.strategies import names, text
from workbench.maps.board import Area
from workbench.maps.routes import (
    CARD_COLORS,
    GRAY,
    ROUTE_KINDS,
    Projection,
    Route,
    RouteBoard,
    RouteCity,
    RouteDeck,
    Ticket,
)

COLORS = [c.name for c in CARD_COLORS] + [GRAY]


def _loggable(name: str) -> bool:
    """A city name a route board accepts whatever its neighbours: no comma (the log writes
    a keep's tickets apart with commas) and no dash (two names with dashes can make the
    same route id, which check refuses; dashes are fuzzed in tests/test_fuzz_inputs.py)."""
    return "," not in name and "-" not in name


def _coordinate(lo: float, hi: float) -> st.SearchStrategy[float]:
    return st.floats(lo, hi, allow_nan=False).map(lambda v: round(v, 3))


@st.composite
def routes(draw: st.DrawFn, ends: tuple[str, str], position: st.SearchStrategy) -> Route:
    """A valid route between ``ends``: a ferry's locomotives fit its length."""
    kind = draw(st.sampled_from(ROUTE_KINDS))
    length = draw(st.integers(1, 8))
    locomotives = draw(st.integers(1, length)) if kind == "ferry" else 0
    via = tuple(draw(st.lists(st.tuples(position, position), max_size=2)))
    return Route(ends, length, draw(st.sampled_from(COLORS)), kind, locomotives, via=via,
                 note=draw(text))  # fmt: skip


@st.composite
def route_boards(draw: st.DrawFn, max_cities: int = 7) -> RouteBoard:
    """A valid route board (warnings allowed): a chain of routes joins every city, more
    routes and doubles are added on top, tickets join distinct cities."""
    projected = draw(st.booleans())
    lon, lat = (_coordinate(-20, 40), _coordinate(30, 65)) if projected else (
        _coordinate(-50, 50), _coordinate(-50, 50))  # fmt: skip
    n = draw(st.integers(2, max_cities))
    city_names = draw(st.lists(names.filter(_loggable), unique=True, min_size=n, max_size=n))
    cities = tuple(RouteCity(c, (draw(lon), draw(lat)), draw(text)) for c in city_names)
    chain = [(city_names[i], city_names[i + 1]) for i in range(n - 1)]
    pairs = sorted({tuple(sorted((a, b))) for a in city_names for b in city_names if a < b})
    extra = draw(st.lists(st.sampled_from(pairs), max_size=4))
    lanes: dict[tuple[str, str], int] = {}
    drawn = []
    for a, b in chain + extra:
        key = (min(a, b), max(a, b))
        if lanes.get(key, 0) < 2:
            lanes[key] = lanes.get(key, 0) + 1
            drawn.append(draw(routes((a, b), lon)))
    tickets = tuple(
        Ticket(pair, draw(st.integers(1, 25)), draw(st.booleans()), draw(text))
        for pair in draw(st.lists(st.sampled_from(pairs), max_size=4))
    )
    land = []
    for _ in range(draw(st.integers(0, 1))):  # a rectangle: a valid outline
        x0, x1 = sorted([draw(lon), draw(lon)])
        y0, y1 = sorted([draw(lat), draw(lat)])
        if x0 < x1 and y0 < y1:
            land.append(Area(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), draw(text)))
    lo = draw(st.integers(1, 4))
    return RouteBoard(
        name=draw(names),
        cities=cities,
        routes=tuple(drawn),
        tickets=tickets,
        deck=RouteDeck(
            draw(st.integers(8, 14)),
            draw(st.integers(0, 20)),
            draw(st.integers(10, 60)),
            draw(st.integers(0, 4)),
            (lo, lo + draw(st.integers(0, 4))),
            draw(st.integers(0, 50)),
            draw(st.integers(0, 8)),
        ),
        projection=Projection((draw(lon), draw(lat)), (35.0, 60.0)) if projected else None,
        land=tuple(land),
        description=draw(text),
        author=draw(text),
        license=draw(text),
    )
