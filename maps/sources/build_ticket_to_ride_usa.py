"""Build ``maps/ticket_to_ride_usa.yaml``, the original Ticket to Ride board (North America).

Run from the repository root::

    python maps/sources/build_ticket_to_ride_usa.py           # writes the board
    python maps/sources/build_ticket_to_ride_usa.py --check   # fails if it would change

The tables below are facts about the published board (Alan R. Moon, Days of Wonder, 2004):
its 36 cities (under the names the board prints), its 100 routes (ends, length in cars,
color; a double route is two rows) and its 30 destination tickets. The original game has no
tunnels, ferries or stations and no long tickets. The tables were typed in for this project
and compared with four independent public implementations of the game;
``docs/ticket_to_ride_usa.md`` lists them and every disagreement and how it was settled.

City positions are the real cities' longitude and latitude (to 0.01 degree), drawn through
a Lambert conformal conic projection centred on 96W 39N with standard parallels 33N and
45N (the parallels of the usual conformal map of the United States). Routes whose straight
line would cross another route get ``via`` bend points, as the printed board bends them.

The land drawn behind the routes is Natural Earth's 1:110m land (public domain), clipped to
127W-65W and 24N-52.5N, simplified at 0.05 degree and rounded to 0.01 degree; the result is
kept in ``ticket_to_ride_usa_land.json`` beside this script, which
``--natural-earth ne_110m_land.geojson`` writes again from the original file.
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

OUT = ROOT / "maps" / "ticket_to_ride_usa.yaml"
LAND = Path(__file__).resolve().parent / "ticket_to_ride_usa_land.json"
FRAME = (-127.0, 24.0, -65.0, 52.5)  # west, south, east, north (degrees)
LAND_NAMES = [("North America", (-100.0, 40.0)), ("Vancouver Island", (-125.8, 49.6))]


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
    "Atlanta": (-84.39, 33.75), "Boston": (-71.06, 42.36), "Calgary": (-114.07, 51.05),
    "Charleston": (-79.93, 32.78), "Chicago": (-87.63, 41.88), "Dallas": (-96.80, 32.78),
    "Denver": (-104.99, 39.74), "Duluth": (-92.10, 46.79), "El Paso": (-106.49, 31.76),
    "Helena": (-112.04, 46.59), "Houston": (-95.37, 29.76), "Kansas City": (-94.58, 39.10),
    "Las Vegas": (-115.14, 36.17), "Little Rock": (-92.29, 34.75),
    "Los Angeles": (-118.24, 34.05), "Miami": (-80.19, 25.76), "Montreal": (-73.57, 45.50),
    "Nashville": (-86.78, 36.16), "New Orleans": (-90.07, 29.95), "New York": (-74.01, 40.71),
    "Oklahoma City": (-97.52, 35.47), "Omaha": (-95.93, 41.26), "Phoenix": (-112.07, 33.45),
    "Pittsburgh": (-79.99, 40.44), "Portland": (-122.68, 45.52), "Raleigh": (-78.64, 35.78),
    "Saint Louis": (-90.20, 38.63), "Salt Lake City": (-111.89, 40.76),
    "San Francisco": (-122.42, 37.77), "Santa Fe": (-105.94, 35.69),
    "Sault St. Marie": (-84.35, 46.50), "Seattle": (-122.33, 47.61),
    "Toronto": (-79.38, 43.65), "Vancouver": (-123.12, 49.28), "Washington": (-77.04, 38.91),
    "Winnipeg": (-97.14, 49.90),
}  # fmt: skip

# (one end, other end, cars, color); a double route is two rows
ROUTES = [
    ("Atlanta", "Charleston", 2, "gray"),
    ("Atlanta", "Miami", 5, "blue"),
    ("Atlanta", "Nashville", 1, "gray"),
    ("Atlanta", "New Orleans", 4, "yellow"),
    ("Atlanta", "New Orleans", 4, "orange"),
    ("Atlanta", "Raleigh", 2, "gray"),
    ("Atlanta", "Raleigh", 2, "gray"),
    ("Boston", "Montreal", 2, "gray"),
    ("Boston", "Montreal", 2, "gray"),
    ("Boston", "New York", 2, "yellow"),
    ("Boston", "New York", 2, "red"),
    ("Calgary", "Helena", 4, "gray"),
    ("Calgary", "Seattle", 4, "gray"),
    ("Calgary", "Vancouver", 3, "gray"),
    ("Calgary", "Winnipeg", 6, "white"),
    ("Charleston", "Miami", 4, "pink"),
    ("Charleston", "Raleigh", 2, "gray"),
    ("Chicago", "Duluth", 3, "red"),
    ("Chicago", "Omaha", 4, "blue"),
    ("Chicago", "Pittsburgh", 3, "orange"),
    ("Chicago", "Pittsburgh", 3, "black"),
    ("Chicago", "Saint Louis", 2, "green"),
    ("Chicago", "Saint Louis", 2, "white"),
    ("Chicago", "Toronto", 4, "white"),
    ("Dallas", "El Paso", 4, "red"),
    ("Dallas", "Houston", 1, "gray"),
    ("Dallas", "Houston", 1, "gray"),
    ("Dallas", "Little Rock", 2, "gray"),
    ("Dallas", "Oklahoma City", 2, "gray"),
    ("Dallas", "Oklahoma City", 2, "gray"),
    ("Denver", "Helena", 4, "green"),
    ("Denver", "Kansas City", 4, "black"),
    ("Denver", "Kansas City", 4, "orange"),
    ("Denver", "Oklahoma City", 4, "red"),
    ("Denver", "Omaha", 4, "pink"),
    ("Denver", "Phoenix", 5, "white"),
    ("Denver", "Salt Lake City", 3, "red"),
    ("Denver", "Salt Lake City", 3, "yellow"),
    ("Denver", "Santa Fe", 2, "gray"),
    ("Duluth", "Helena", 6, "orange"),
    ("Duluth", "Omaha", 2, "gray"),
    ("Duluth", "Omaha", 2, "gray"),
    ("Duluth", "Sault St. Marie", 3, "gray"),
    ("Duluth", "Toronto", 6, "pink"),
    ("Duluth", "Winnipeg", 4, "black"),
    ("El Paso", "Houston", 6, "green"),
    ("El Paso", "Los Angeles", 6, "black"),
    ("El Paso", "Oklahoma City", 5, "yellow"),
    ("El Paso", "Phoenix", 3, "gray"),
    ("El Paso", "Santa Fe", 2, "gray"),
    ("Helena", "Omaha", 5, "red"),
    ("Helena", "Salt Lake City", 3, "pink"),
    ("Helena", "Seattle", 6, "yellow"),
    ("Helena", "Winnipeg", 4, "blue"),
    ("Houston", "New Orleans", 2, "gray"),
    ("Kansas City", "Oklahoma City", 2, "gray"),
    ("Kansas City", "Oklahoma City", 2, "gray"),
    ("Kansas City", "Omaha", 1, "gray"),
    ("Kansas City", "Omaha", 1, "gray"),
    ("Kansas City", "Saint Louis", 2, "blue"),
    ("Kansas City", "Saint Louis", 2, "pink"),
    ("Las Vegas", "Los Angeles", 2, "gray"),
    ("Las Vegas", "Salt Lake City", 3, "orange"),
    ("Little Rock", "Nashville", 3, "white"),
    ("Little Rock", "New Orleans", 3, "green"),
    ("Little Rock", "Oklahoma City", 2, "gray"),
    ("Little Rock", "Saint Louis", 2, "gray"),
    ("Los Angeles", "Phoenix", 3, "gray"),
    ("Los Angeles", "San Francisco", 3, "yellow"),
    ("Los Angeles", "San Francisco", 3, "pink"),
    ("Miami", "New Orleans", 6, "red"),
    ("Montreal", "New York", 3, "blue"),
    ("Montreal", "Sault St. Marie", 5, "black"),
    ("Montreal", "Toronto", 3, "gray"),
    ("Nashville", "Pittsburgh", 4, "yellow"),
    ("Nashville", "Raleigh", 3, "black"),
    ("Nashville", "Saint Louis", 2, "gray"),
    ("New York", "Pittsburgh", 2, "white"),
    ("New York", "Pittsburgh", 2, "green"),
    ("New York", "Washington", 2, "orange"),
    ("New York", "Washington", 2, "black"),
    ("Oklahoma City", "Santa Fe", 3, "blue"),
    ("Phoenix", "Santa Fe", 3, "gray"),
    ("Pittsburgh", "Raleigh", 2, "gray"),
    ("Pittsburgh", "Saint Louis", 5, "green"),
    ("Pittsburgh", "Toronto", 2, "gray"),
    ("Pittsburgh", "Washington", 2, "gray"),
    ("Portland", "Salt Lake City", 6, "blue"),
    ("Portland", "San Francisco", 5, "green"),
    ("Portland", "San Francisco", 5, "pink"),
    ("Portland", "Seattle", 1, "gray"),
    ("Portland", "Seattle", 1, "gray"),
    ("Raleigh", "Washington", 2, "gray"),
    ("Raleigh", "Washington", 2, "gray"),
    ("Salt Lake City", "San Francisco", 5, "orange"),
    ("Salt Lake City", "San Francisco", 5, "white"),
    ("Sault St. Marie", "Toronto", 2, "gray"),
    ("Sault St. Marie", "Winnipeg", 6, "gray"),
    ("Seattle", "Vancouver", 1, "gray"),
    ("Seattle", "Vancouver", 1, "gray"),
]

# bend points (longitude, latitude) from the first city named to the second
VIA: dict[tuple[str, str], tuple[tuple[float, float], ...]] = {}

TICKETS = [
    ("Boston", "Miami", 12), ("Calgary", "Phoenix", 13), ("Calgary", "Salt Lake City", 7),
    ("Chicago", "New Orleans", 7), ("Chicago", "Santa Fe", 9), ("Dallas", "New York", 11),
    ("Denver", "El Paso", 4), ("Denver", "Pittsburgh", 11), ("Duluth", "El Paso", 10),
    ("Duluth", "Houston", 8), ("Helena", "Los Angeles", 8), ("Kansas City", "Houston", 5),
    ("Los Angeles", "Chicago", 16), ("Los Angeles", "Miami", 20),
    ("Los Angeles", "New York", 21), ("Montreal", "Atlanta", 9),
    ("Montreal", "New Orleans", 13), ("New York", "Atlanta", 6),
    ("Portland", "Nashville", 17), ("Portland", "Phoenix", 11),
    ("San Francisco", "Atlanta", 17), ("Sault St. Marie", "Nashville", 8),
    ("Sault St. Marie", "Oklahoma City", 9), ("Seattle", "Los Angeles", 9),
    ("Seattle", "New York", 22), ("Toronto", "Miami", 10), ("Vancouver", "Montreal", 20),
    ("Vancouver", "Santa Fe", 13), ("Winnipeg", "Houston", 12),
    ("Winnipeg", "Little Rock", 11),
]  # fmt: skip


def board() -> RouteBoard:
    """The original board from the tables above."""
    return RouteBoard(
        name="Ticket to Ride",
        description=(
            "The route board of the original Ticket to Ride (Alan R. Moon, Days of Wonder "
            "2004), North America: 36 cities, 100 routes, 30 destination tickets, no tunnels, "
            "ferries or stations. Play it with the rules preset 'usa'. Cities at their real "
            "longitude and latitude; built by maps/sources/build_ticket_to_ride_usa.py."
        ),
        author="rail-workbench (facts of the published board, typed in and cross-checked)",
        license="CC0-1.0",
        projection=Projection((-96.0, 39.0), (33.0, 45.0)),
        deck=RouteDeck(
            stations=0, short_tickets=30, long_tickets=0, route_points=(1, 2, 4, 7, 10, 15)
        ),
        cities=tuple(RouteCity(name, at) for name, at in CITIES.items()),
        routes=tuple(Route((a, b), n, color, via=VIA.get((a, b), ())) for a, b, n, color in ROUTES),
        tickets=tuple(Ticket((a, b), p) for a, b, p in TICKETS),
        land=tuple(
            Area(tuple(map(tuple, a["polygon"])), a["name"])
            for a in json.loads(LAND.read_text(encoding="utf-8"))
        )
        if LAND.exists()
        else (),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file would change")
    parser.add_argument(
        "--natural-earth",
        type=Path,
        metavar="GEOJSON",
        help="write the land file again from Natural Earth's ne_110m_land",
    )
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
