"""Build ``maps/ticket_to_ride_europe.yaml``, the Ticket to Ride Europe route board.

Run from the repository root::

    python maps/sources/build_ticket_to_ride_europe.py           # writes the board
    python maps/sources/build_ticket_to_ride_europe.py --check   # fails if it would change

The tables below are facts about the published board (Days of Wonder, 2005): its 47 cities
(under the names the board prints), its 101 routes (ends, length in cars, color, tunnel or
ferry and the ferry's locomotives) and its 46 tickets (40 short, 6 long). They were typed in
for this project and checked against several independent public descriptions of the board;
``maps/README.md`` lists the sources and every disagreement and how it was settled.

City positions are the real cities' longitude and latitude (to 0.01 degree); the board is
drawn through a Lambert conformal conic projection centred on 15E 50N. Where the straight
line between two cities would cross another route, the route gets ``via`` bend points (in
degrees), as the printed board bends its routes around each other.

The land drawn behind the routes comes from Natural Earth's 1:110m land polygons (public
domain), clipped to 12W-46E and 33.5N-63.5N, simplified at 0.05 degree and rounded to 0.01
degree; the result is kept in ``ticket_to_ride_europe_land.json`` beside this script, which
``--natural-earth ne_110m_land.geojson`` writes again from the original file (read from
the copy in the public repository Boorn123/MyData).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from workbench.maps.board import Area  # noqa: E402
from workbench.maps.io import dumps_map  # noqa: E402
from workbench.maps.routes import (  # noqa: E402
    Projection,
    Route,
    RouteBoard,
    RouteCity,
    RouteDeck,
    Ticket,
)

OUT = ROOT / "maps" / "ticket_to_ride_europe.yaml"
LAND = Path(__file__).resolve().parent / "ticket_to_ride_europe_land.json"
FRAME = (-12.0, 33.5, 46.0, 63.5)  # west, south, east, north (degrees)
# a name for each land mass, by a point inside it (longitude, latitude)
LAND_NAMES = [
    ("Europe and Asia", (20.0, 50.0)), ("Scandinavia", (15.0, 60.0)),
    ("Africa", (5.0, 35.0)), ("Great Britain", (-1.5, 53.0)), ("Ireland", (-8.0, 53.0)),
    ("Sicily", (14.0, 37.5)), ("Sardinia", (9.0, 40.0)), ("Zealand", (11.9, 55.5)),
    ("Corsica", (9.1, 42.2)), ("Cyprus", (33.0, 35.0)), ("Crete", (24.9, 35.2)),
]  # fmt: skip


def land_from_natural_earth(path: Path) -> list[dict[str, object]]:
    """The land polygons of a Natural Earth land GeoJSON, clipped, simplified and rounded."""
    from shapely.geometry import Point, Polygon, box, shape

    frame = box(*FRAME)
    out = []
    for feature in json.loads(path.read_text(encoding="utf-8"))["features"]:
        clipped = shape(feature["geometry"]).intersection(frame)
        for part in getattr(clipped, "geoms", [clipped]):
            if part.geom_type != "Polygon" or part.area < 0.5:
                continue
            ring = Polygon(part.exterior).simplify(0.05, preserve_topology=True).exterior
            vertices = [[round(x, 2), round(y, 2)] for x, y in ring.coords[:-1]]
            inside = [n for n, at in LAND_NAMES if part.contains(Point(at))]
            out.append({"name": inside[0] if inside else "", "polygon": vertices})
    return sorted(out, key=lambda a: -Polygon(a["polygon"]).area)

# name on the board: (longitude, latitude) of the real city
CITIES = {
    "Amsterdam": (4.90, 52.37), "Angora": (32.85, 39.93), "Athina": (23.73, 37.98),
    "Barcelona": (2.17, 41.39), "Berlin": (13.40, 52.52), "Brest": (-4.49, 48.39),
    "Brindisi": (17.94, 40.63), "Bruxelles": (4.35, 50.85), "Bucuresti": (26.10, 44.43),
    "Budapest": (19.04, 47.50), "Cadiz": (-6.29, 36.53), "Constantinople": (28.98, 41.01),
    "Danzig": (18.65, 54.35), "Dieppe": (1.08, 49.92), "Edinburgh": (-3.19, 55.95),
    "Erzurum": (41.27, 39.90), "Essen": (7.01, 51.46), "Frankfurt": (8.68, 50.11),
    "Kharkov": (36.23, 49.99), "Kobenhavn": (12.57, 55.68), "Kyiv": (30.52, 50.45),
    "Lisboa": (-9.14, 38.72), "London": (-0.13, 51.51), "Madrid": (-3.70, 40.42),
    "Marseille": (5.37, 43.30), "Moskva": (37.62, 55.76), "Munchen": (11.58, 48.14),
    "Palermo": (13.36, 38.12), "Pamplona": (-1.64, 42.81), "Paris": (2.35, 48.86),
    "Petrograd": (30.32, 59.94), "Riga": (24.11, 56.95), "Roma": (12.50, 41.90),
    "Rostov": (39.72, 47.24), "Sarajevo": (18.41, 43.86), "Sevastopol": (33.52, 44.62),
    "Smolensk": (32.05, 54.78), "Smyrna": (27.14, 38.42), "Sochi": (39.73, 43.60),
    "Sofia": (23.32, 42.70), "Stockholm": (18.07, 59.33), "Venezia": (12.32, 45.44),
    "Warszawa": (21.01, 52.23), "Wien": (16.37, 48.21), "Wilno": (25.28, 54.69),
    "Zagrab": (15.98, 45.81), "Zurich": (8.54, 47.37),
}  # fmt: skip

P, T, F = "plain", "tunnel", "ferry"
# (one end, other end, cars, color, kind, locomotives); a double route is two rows
ROUTES = [
    ("Amsterdam", "Bruxelles", 1, "black", P, 0),
    ("Amsterdam", "Essen", 3, "yellow", P, 0),
    ("Amsterdam", "Frankfurt", 2, "white", P, 0),
    ("Amsterdam", "London", 2, "gray", F, 2),
    ("Angora", "Constantinople", 2, "gray", T, 0),
    ("Angora", "Erzurum", 3, "black", P, 0),
    ("Angora", "Smyrna", 3, "orange", T, 0),
    ("Athina", "Brindisi", 4, "gray", F, 1),
    ("Athina", "Sarajevo", 4, "green", P, 0),
    ("Athina", "Smyrna", 2, "gray", F, 1),
    ("Athina", "Sofia", 3, "pink", P, 0),
    ("Barcelona", "Madrid", 2, "yellow", P, 0),
    ("Barcelona", "Marseille", 4, "gray", P, 0),
    ("Barcelona", "Pamplona", 2, "gray", T, 0),
    ("Berlin", "Danzig", 4, "gray", P, 0),
    ("Berlin", "Essen", 2, "blue", P, 0),
    ("Berlin", "Frankfurt", 3, "black", P, 0),
    ("Berlin", "Frankfurt", 3, "red", P, 0),
    ("Berlin", "Warszawa", 4, "pink", P, 0),
    ("Berlin", "Warszawa", 4, "yellow", P, 0),
    ("Berlin", "Wien", 3, "green", P, 0),
    ("Brest", "Dieppe", 2, "orange", P, 0),
    ("Brest", "Pamplona", 4, "pink", P, 0),
    ("Brest", "Paris", 3, "black", P, 0),
    ("Brindisi", "Palermo", 3, "gray", F, 1),
    ("Brindisi", "Roma", 2, "white", P, 0),
    ("Bruxelles", "Dieppe", 2, "green", P, 0),
    ("Bruxelles", "Frankfurt", 2, "blue", P, 0),
    ("Bruxelles", "Paris", 2, "red", P, 0),
    ("Bruxelles", "Paris", 2, "yellow", P, 0),
    ("Bucuresti", "Budapest", 4, "gray", T, 0),
    ("Bucuresti", "Constantinople", 3, "yellow", P, 0),
    ("Bucuresti", "Kyiv", 4, "gray", P, 0),
    ("Bucuresti", "Sevastopol", 4, "white", P, 0),
    ("Bucuresti", "Sofia", 2, "gray", T, 0),
    ("Budapest", "Kyiv", 6, "gray", T, 0),
    ("Budapest", "Sarajevo", 3, "pink", P, 0),
    ("Budapest", "Wien", 1, "red", P, 0),
    ("Budapest", "Wien", 1, "white", P, 0),
    ("Budapest", "Zagrab", 2, "orange", P, 0),
    ("Cadiz", "Lisboa", 2, "blue", P, 0),
    ("Cadiz", "Madrid", 3, "orange", P, 0),
    ("Constantinople", "Sevastopol", 4, "gray", F, 2),
    ("Constantinople", "Smyrna", 2, "gray", T, 0),
    ("Constantinople", "Sofia", 3, "blue", P, 0),
    ("Danzig", "Riga", 3, "black", P, 0),
    ("Danzig", "Warszawa", 2, "gray", P, 0),
    ("Dieppe", "London", 2, "gray", F, 1),
    ("Dieppe", "London", 2, "gray", F, 1),
    ("Dieppe", "Paris", 1, "pink", P, 0),
    ("Edinburgh", "London", 4, "black", P, 0),
    ("Edinburgh", "London", 4, "orange", P, 0),
    ("Erzurum", "Sevastopol", 4, "gray", F, 2),
    ("Erzurum", "Sochi", 3, "red", T, 0),
    ("Essen", "Frankfurt", 2, "green", P, 0),
    ("Essen", "Kobenhavn", 3, "gray", F, 1),
    ("Essen", "Kobenhavn", 3, "gray", F, 1),
    ("Frankfurt", "Munchen", 2, "pink", P, 0),
    ("Frankfurt", "Paris", 3, "orange", P, 0),
    ("Frankfurt", "Paris", 3, "white", P, 0),
    ("Kharkov", "Kyiv", 4, "gray", P, 0),
    ("Kharkov", "Moskva", 4, "gray", P, 0),
    ("Kharkov", "Rostov", 2, "green", P, 0),
    ("Kobenhavn", "Stockholm", 3, "white", P, 0),
    ("Kobenhavn", "Stockholm", 3, "yellow", P, 0),
    ("Kyiv", "Smolensk", 3, "red", P, 0),
    ("Kyiv", "Warszawa", 4, "gray", P, 0),
    ("Kyiv", "Wilno", 2, "gray", P, 0),
    ("Lisboa", "Madrid", 3, "pink", P, 0),
    ("Madrid", "Pamplona", 3, "black", T, 0),
    ("Madrid", "Pamplona", 3, "white", T, 0),
    ("Marseille", "Pamplona", 4, "red", P, 0),
    ("Marseille", "Paris", 4, "gray", P, 0),
    ("Marseille", "Roma", 4, "gray", T, 0),
    ("Marseille", "Zurich", 2, "pink", T, 0),
    ("Moskva", "Petrograd", 4, "white", P, 0),
    ("Moskva", "Smolensk", 2, "orange", P, 0),
    ("Munchen", "Venezia", 2, "blue", T, 0),
    ("Munchen", "Wien", 3, "orange", P, 0),
    ("Munchen", "Zurich", 2, "yellow", T, 0),
    ("Palermo", "Roma", 4, "gray", F, 1),
    ("Palermo", "Smyrna", 6, "gray", F, 2),
    ("Pamplona", "Paris", 4, "blue", P, 0),
    ("Pamplona", "Paris", 4, "green", P, 0),
    ("Paris", "Zurich", 3, "gray", T, 0),
    ("Petrograd", "Riga", 4, "gray", P, 0),
    ("Petrograd", "Stockholm", 8, "gray", T, 0),
    ("Petrograd", "Wilno", 4, "blue", P, 0),
    ("Riga", "Wilno", 4, "green", P, 0),
    ("Roma", "Venezia", 2, "black", P, 0),
    ("Rostov", "Sevastopol", 4, "gray", P, 0),
    ("Rostov", "Sochi", 2, "gray", P, 0),
    ("Sarajevo", "Sofia", 2, "gray", T, 0),
    ("Sarajevo", "Zagrab", 3, "red", P, 0),
    ("Sevastopol", "Sochi", 2, "gray", F, 1),
    ("Smolensk", "Wilno", 3, "yellow", P, 0),
    ("Venezia", "Zagrab", 2, "gray", P, 0),
    ("Venezia", "Zurich", 2, "green", T, 0),
    ("Warszawa", "Wien", 4, "blue", P, 0),
    ("Warszawa", "Wilno", 3, "red", P, 0),
    ("Wien", "Zagrab", 2, "gray", P, 0),
]

# bend points (longitude, latitude) of routes whose straight line would cross another route
VIA: dict[tuple[str, str], tuple[tuple[float, float], ...]] = {
    # the long ferry passes south of Greece, below Athina's three routes
    ("Palermo", "Smyrna"): ((21.5, 36.2), (25.6, 36.9)),
}

# (one city, other city, points); the six long tickets are listed apart
SHORT_TICKETS = [
    ("Amsterdam", "Pamplona", 7), ("Amsterdam", "Wilno", 12), ("Angora", "Kharkov", 10),
    ("Athina", "Angora", 5), ("Athina", "Wilno", 11), ("Barcelona", "Bruxelles", 8),
    ("Barcelona", "Munchen", 8), ("Berlin", "Bucuresti", 8), ("Berlin", "Moskva", 12),
    ("Berlin", "Roma", 9), ("Brest", "Marseille", 7), ("Brest", "Venezia", 8),
    ("Bruxelles", "Danzig", 9), ("Budapest", "Sofia", 5), ("Edinburgh", "Paris", 7),
    ("Erzurum", "Rostov", 5), ("Essen", "Kyiv", 10), ("Frankfurt", "Kobenhavn", 5),
    ("Frankfurt", "Smolensk", 13), ("Kyiv", "Petrograd", 6), ("Kyiv", "Sochi", 8),
    ("London", "Berlin", 7), ("London", "Wien", 10), ("Madrid", "Dieppe", 8),
    ("Madrid", "Zurich", 8), ("Marseille", "Essen", 8), ("Palermo", "Constantinople", 8),
    ("Paris", "Wien", 8), ("Paris", "Zagrab", 7), ("Riga", "Bucuresti", 10),
    ("Roma", "Smyrna", 8), ("Sarajevo", "Sevastopol", 8), ("Smolensk", "Rostov", 8),
    ("Sofia", "Smyrna", 5), ("Stockholm", "Wien", 11), ("Venezia", "Constantinople", 10),
    ("Warszawa", "Smolensk", 6), ("Zagrab", "Brindisi", 6), ("Zurich", "Brindisi", 6),
    ("Zurich", "Budapest", 6),
]  # fmt: skip
LONG_TICKETS = [
    ("Brest", "Petrograd", 20), ("Cadiz", "Stockholm", 21), ("Edinburgh", "Athina", 21),
    ("Kobenhavn", "Erzurum", 21), ("Lisboa", "Danzig", 20), ("Palermo", "Moskva", 20),
]  # fmt: skip


def board() -> RouteBoard:
    """The Europe board from the tables above."""
    return RouteBoard(
        name="Ticket to Ride Europe",
        description=(
            "The route board of Ticket to Ride Europe (Alan R. Moon, Days of Wonder 2005): "
            "47 cities, 101 routes with tunnels and ferries, 40 short and 6 long tickets. "
            "Cities at their real longitude and latitude; built by "
            "maps/sources/build_ticket_to_ride_europe.py."
        ),
        author="rail-workbench (facts of the published board, typed in and cross-checked)",
        license="CC0-1.0",
        projection=Projection((15.0, 50.0), (40.0, 58.0)),
        deck=RouteDeck(),
        cities=tuple(RouteCity(name, at) for name, at in CITIES.items()),
        routes=tuple(
            Route((a, b), n, color, kind, loco, via=VIA.get((a, b), ()))
            for a, b, n, color, kind, loco in ROUTES
        ),
        tickets=tuple(Ticket((a, b), p) for a, b, p in SHORT_TICKETS)
        + tuple(Ticket((a, b), p, long=True) for a, b, p in LONG_TICKETS),
        land=tuple(
            Area(tuple(map(tuple, a["polygon"])), a["name"])
            for a in json.loads(LAND.read_text(encoding="utf-8"))
        ),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file would change")
    parser.add_argument("--natural-earth", type=Path, metavar="GEOJSON",
                        help="write the land file again from Natural Earth's ne_110m_land")
    args = parser.parse_args()
    if args.natural_earth:
        land = land_from_natural_earth(args.natural_earth)
        LAND.write_text(json.dumps(land, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {LAND} ({len(land)} polygons)")
    text = dumps_map(board())
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.name}: {'up to date' if same else 'would change'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
