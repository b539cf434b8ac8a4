"""Build ``maps/trans_europa.yaml``, the Trans Europa board, from latitude/longitude data.

Run from anywhere::

    python maps/sources/build_trans_europa.py            # writes maps/trans_europa.yaml
    python maps/sources/build_trans_europa.py --check    # only prints what it would write

Everything the board is made of is in this file as data: the cities, the coast outlines,
the mountain ranges, the lakes, rivers and straits, all in degrees of latitude/longitude.
The coast outlines were taken once from Natural Earth's 1:110m countries (public domain),
clipped to the board and simplified in board units; their vertices are baked in below, so
this script needs nothing but shapely and PyYAML. See ``trans_europa.md`` beside it.

Pipeline: lat/lon --Lambert conformal conic--> degrees of arc --scale, squeeze north-south-->
lattice units ``(x, y)`` (x = column, +0.5 on odd rows; y = row, 0 at the top). Land
polygons are clipped to the board's frame; every city is snapped to the nearest free
lattice point that is on the board (on land and not inside a lake).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

# --------------------------------------------------------------------------------------
# The board and the projection
# --------------------------------------------------------------------------------------

COLUMNS = 30
ROWS = 24
ROW_HEIGHT = math.sqrt(3) / 2  # plane distance between two rows (neighbours are 1 apart)

# Lambert conformal conic on a sphere, two standard parallels, centred on 50N 10E.
LAT0, LON0, PAR1, PAR2 = 50.0, 10.0, 43.0, 57.0
# Board placement: SCALE lattice columns per degree of arc (about 91 km per column);
# X_WEST / Y_NORTH: the projected coordinates (degrees of arc) of x = 0 and y = 0.
SCALE = 1.22
X_WEST = -15.35
Y_NORTH = 10.65
# Europe is taller than the board: north-south distances are multiplied by SQUEEZE
# (0.70), i.e. a row is about 1.0 degree of latitude while a column is about 0.82 degree
# of arc (1.27 degrees of longitude at 50N). The rulebook says the board is not 100%
# geographic either.
SQUEEZE = 0.70

_r = math.radians
_N = math.log(math.cos(_r(PAR1)) / math.cos(_r(PAR2))) / math.log(
    math.tan(math.pi / 4 + _r(PAR2) / 2) / math.tan(math.pi / 4 + _r(PAR1) / 2)
)
_F = math.cos(_r(PAR1)) * math.tan(math.pi / 4 + _r(PAR1) / 2) ** _N / _N
_RHO0 = _F / math.tan(math.pi / 4 + _r(LAT0) / 2) ** _N


def lcc(lat: float, lon: float) -> tuple[float, float]:
    """Lambert conformal conic: (lat, lon) in degrees -> (X east, Y north) in degrees of arc."""
    rho = _F / math.tan(math.pi / 4 + _r(lat) / 2) ** _N
    theta = _N * _r(lon - LON0)
    return math.degrees(rho * math.sin(theta)), math.degrees(_RHO0 - rho * math.cos(theta))


def lcc_inverse(x: float, y: float) -> tuple[float, float]:
    """Inverse of :func:`lcc`: (X, Y) in degrees of arc -> (lat, lon) in degrees."""
    x, y = math.radians(x), math.radians(y)
    rho = math.copysign(math.hypot(x, _RHO0 - y), _N)
    theta = math.atan2(x, _RHO0 - y)
    lat = 2 * math.atan((_F / rho) ** (1 / _N)) - math.pi / 2
    return math.degrees(lat), LON0 + math.degrees(theta / _N)


def to_lattice(lat: float, lon: float) -> tuple[float, float]:
    """(lat, lon) -> lattice units (x, y) of this board."""
    X, Y = lcc(lat, lon)
    return (X - X_WEST) * SCALE, (Y_NORTH - Y) * SCALE * SQUEEZE / ROW_HEIGHT


def from_lattice(x: float, y: float) -> tuple[float, float]:
    """Lattice units (x, y) -> (lat, lon); inverse of :func:`to_lattice`."""
    X = x / SCALE + X_WEST
    Y = Y_NORTH - y * ROW_HEIGHT / (SCALE * SQUEEZE)
    return lcc_inverse(X, Y)


def lattice_xy(p: tuple[int, int]) -> tuple[float, float]:
    """A lattice point [col, row] in lattice units (odd rows shifted half a step right)."""
    return p[0] + 0.5 * (p[1] & 1), float(p[1])


def plane(xy: tuple[float, float]) -> tuple[float, float]:
    """Lattice units -> plane coordinates with true proportions (neighbours 1 apart)."""
    return xy[0], -xy[1] * ROW_HEIGHT


# Land is clipped to this frame (lattice units): a little beyond the outermost points.
FRAME = box(-0.45, -0.45, COLUMNS - 0.05, ROWS - 0.55)

# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------

COLORS = [
    ("brown", "#9C6B3C"),
    ("white", "#F2F2F2"),
    ("pink", "#EE8FB9"),
    ("orange", "#F39A2E"),
    ("turquoise", "#2CB5B0"),
]

# (name, color, latitude, longitude, dashed). Dashed cards are put away with 2-3 players:
# two outlying cities of each region.
CITIES = [
    # Iberia and south-west France
    ("Lisbon", "brown", 38.72, -9.14, False),
    ("Porto", "brown", 41.15, -8.61, True),
    ("Seville", "brown", 37.39, -5.98, True),
    ("Madrid", "brown", 40.42, -3.70, False),
    ("Valencia", "brown", 39.47, -0.38, False),
    ("Barcelona", "brown", 41.39, 2.17, False),
    ("Bordeaux", "brown", 44.84, -0.58, False),
    # The North Sea and the Baltic: northern Germany, Scandinavia, the Polish coast
    ("Oslo", "white", 59.91, 10.75, True),
    ("Gothenburg", "white", 57.71, 11.97, False),
    ("Stockholm", "white", 59.33, 18.07, False),
    ("Copenhagen", "white", 55.68, 12.57, False),
    ("Hamburg", "white", 53.55, 9.99, False),
    ("Berlin", "white", 52.52, 13.40, False),
    ("Gdansk", "white", 54.35, 18.65, True),
    # France, the Low Countries and Britain
    ("London", "pink", 51.51, -0.13, False),
    ("Paris", "pink", 48.86, 2.35, False),
    ("Nantes", "pink", 47.22, -1.55, True),
    ("Lyon", "pink", 45.76, 4.84, True),
    ("Brussels", "pink", 50.85, 4.35, False),
    ("Amsterdam", "pink", 52.37, 4.90, False),
    ("Strasbourg", "pink", 48.58, 7.75, False),
    # Central and eastern Europe
    ("Frankfurt", "orange", 50.11, 8.68, False),
    ("Munich", "orange", 48.14, 11.58, False),
    ("Prague", "orange", 50.08, 14.44, False),
    ("Vienna", "orange", 48.21, 16.37, False),
    ("Budapest", "orange", 47.50, 19.04, True),
    ("Krakow", "orange", 50.06, 19.94, True),
    ("Warsaw", "orange", 52.23, 21.01, False),
    # Italy, the Alps and Provence
    ("Marseille", "turquoise", 43.30, 5.37, True),
    ("Zurich", "turquoise", 47.37, 8.54, False),
    ("Milan", "turquoise", 45.46, 9.19, False),
    ("Venice", "turquoise", 45.44, 12.32, False),
    ("Florence", "turquoise", 43.77, 11.26, False),
    ("Rome", "turquoise", 41.90, 12.50, False),
    ("Naples", "turquoise", 40.85, 14.27, True),
]

# fmt: off
# Coast outlines, (latitude, longitude) vertices, counter-clockwise or clockwise. Taken from
# Natural Earth 1:110m "admin 0 countries" (public domain): the countries of Europe merged,
# cut to the board and simplified (Douglas-Peucker, 0.2 lattice units). Islands without
# cities (Ireland, Corsica, Sardinia, Sicily, the Balearics) and Finland (joined to the rest
# only far north of the board) are left out, so no board point is out of reach.
LAND = {
    "Continental Europe": [
        (38.27, -8.84), (36.87, -8.9), (36.94, -6.52), (36.03, -5.87), (35.95, -5.38),
        (36.68, -4.37), (36.67, -2.15), (37.44, -1.44), (37.64, -0.68), (38.74, 0.11),
        (39.31, -0.28), (41.01, 0.81), (41.23, 2.09), (41.89, 3.04), (43.07, 3.1),
        (43.4, 4.56),
        # Provence by hand: Marseille on its bay
        (43.33, 4.85), (43.17, 5.2), (43.15, 5.6), (43.1, 5.9), (43.13, 6.53),
        (44.37, 8.89), (43.92, 10.2), (42.93, 10.51),
        (41.7, 12.11), (40.05, 15.41), (38.96, 16.11), (37.91, 15.68), (37.99, 16.1),
        (38.84, 16.63), (38.9, 17.05), (39.42, 17.17), (39.8, 16.45), (40.44, 16.87),
        (39.81, 18.29), (40.17, 18.48), (41.54, 15.89), (41.74, 16.17), (41.96, 15.93),
        (41.96, 15.14), (44.09, 12.59), (45.38, 12.33), (45.74, 13.14), (45.59, 13.94),
        (45.14, 13.66), (44.8, 13.95), (45.23, 14.26), (45.08, 14.9), (44.24, 15.17),
        (43.51, 16.02), (41.72, 19.54), (40.25, 19.41), (38.31, 21.12), (36.74, 21.88),
        (54.91, 27.0), (59.45, 27.0), (59.61, 25.86), (59.19, 23.34), (58.61, 23.43),
        (58.38, 24.43), (57.03, 24.12), (57.01, 23.32), (57.75, 22.52), (57.41, 21.58),
        (56.78, 21.09), (55.19, 21.27), (54.87, 19.89), (54.43, 19.66), (54.85, 17.62),
        (53.76, 14.12), (54.47, 12.52), (54.01, 10.94), (54.36, 10.95), (54.6, 9.94),
        # Denmark drawn by hand: Funen joined to Jutland (the Little Belt is bridged)
        (54.95, 9.95), (55.08, 10.25), (55.05, 10.7), (55.3, 10.82), (55.62, 10.62),
        (55.66, 10.1), (55.55, 9.85), (55.72, 10.05), (56.12, 10.25), (56.2, 10.6),
        (56.45, 10.95), (56.6, 10.35), (56.95, 10.35), (57.45, 10.55), (57.73, 10.58),
        (57.11, 8.54), (56.54, 8.09), (54.02, 8.8), (53.53, 8.12), (53.69, 7.1), (53.09, 4.71),
        (51.62, 3.83),
        # the Channel coast of France from Dunkirk to Le Havre, by hand; the Somme bay is pushed
        # out a little so that a point there ends the Channel ferry
        (51.05, 2.35), (50.95, 1.85), (50.73, 1.6), (50.4, 1.5), (50.19, 1.2), (49.92, 1.08),
        (49.5, 0.1),
        (49.35, -0.99), (49.78, -1.93),
        (48.64, -1.62), (48.9, -3.3), (48.68, -4.59), (47.95, -4.49), (47.57, -2.96),
        (46.02, -1.19), (44.02, -1.38), (43.42, -1.9), (43.75, -7.98), (43.03, -9.39),
        (42.59, -8.98), (40.76, -8.77), (38.74, -9.53),
    ],
    # Southern Norway and Sweden drawn by hand (the 1:110m outline is too coarse here)
    "Scandinavia": [
        (62.2, 5.0), (61.0, 4.9), (60.4, 5.0), (59.3, 5.25), (58.9, 5.6), (58.45, 5.9),
        (58.0, 6.9), (58.1, 8.0), (58.5, 8.85), (59.0, 9.9), (59.75, 10.45), (59.92, 10.75),
        (59.45, 10.7), (59.2, 10.95), (58.9, 11.15), (58.3, 11.4), (57.7, 11.8),
        (57.1, 12.2), (56.65, 12.8), (56.45, 12.85), (56.3, 12.45), (56.05, 12.72),
        (55.87, 12.85), (55.6, 13.0), (55.4, 12.85), (55.37, 13.15), (55.42, 13.82),
        (55.55, 14.35), (55.93, 14.3), (56.17, 14.86), (56.15, 15.6), (56.67, 16.36),
        (57.26, 16.45), (57.75, 16.65), (58.35, 16.8), (58.9, 17.95), (59.3, 18.35),
        (59.76, 18.7), (60.34, 18.45), (60.67, 17.15), (61.5, 17.2), (62.2, 17.4),
    ],
    "Great Britain": [
        (55.06, -5.08), (54.62, -3.63), (53.98, -2.95), (53.4, -3.09), (53.5, -4.58),
        (52.84, -4.77), (52.3, -4.22), (51.99, -5.27), (51.59, -4.98), (51.43, -3.41),
        (50.16, -5.78), (49.96, -5.25), (50.34, -4.54), (50.23, -3.62), (50.7, -2.96),
        (50.5, -2.49), (50.77, 0.55), (51.29, 1.45), (51.81, 1.05), (52.1, 1.56),
        (52.74, 1.68), (52.93, 0.47), (54.46, -0.43), (54.62, -1.12), (55.91, -2.09),
        (55.97, -3.12), (57.69, -1.96), (57.55, -4.07), (58.63, -3.0), (58.63, -5.01),
        (57.82, -5.79), (56.79, -6.15), (56.27, -5.64), (55.31, -5.59), (55.78, -5.05),
        (55.51, -4.72),
    ],
    "Zealand": [
        (55.97, 11.3), (55.97, 11.85), (56.12, 12.3), (56.03, 12.6), (55.68, 12.68), (55.5, 12.65),
        (55.45, 12.25), (55.28, 12.45), (55.0, 12.25), (55.05, 11.7), (55.2, 11.2),
        (55.33, 11.02), (55.68, 10.98), (55.75, 11.3),
    ],
}

# Mountain ranges: (latitude, longitude) outlines. Segments that cross one are doubles over
# mountains. They are cut to the land when the board is built.
MOUNTAINS = [
    ("Pyrenees", [
        (43.55, -2.0), (43.2, -0.6), (43.0, 0.8), (42.75, 2.3), (42.6, 3.4), (42.25, 3.4),
        (42.25, 1.6), (42.4, 0.0), (42.7, -1.3), (43.05, -2.1),
    ]),
    ("Massif Central", [
        (46.0, 2.4), (45.85, 3.5), (45.4, 4.35), (44.6, 4.45), (44.0, 3.8), (43.8, 3.0),
        (44.4, 2.1), (45.2, 1.8),
    ]),
    ("Alps", [
        (43.7, 7.6), (44.2, 6.7), (45.0, 6.0), (45.85, 6.25), (46.45, 6.95), (46.8, 7.8),
        (46.95, 8.8), (47.3, 9.6), (47.5, 10.8), (47.65, 12.3), (47.8, 13.5), (47.9, 14.7),
        (47.85, 15.7), (47.55, 16.1), (47.0, 15.9), (46.55, 15.0), (46.25, 13.9),
        (46.15, 12.6), (45.95, 11.5), (45.85, 10.4),
        # the Ticino valley reaches deep into the Alps: the Gotthard tunnel ends there
        (46.25, 9.6), (46.62, 9.3), (46.62, 8.7), (46.1, 8.3), (45.8, 8.2),
        (45.45, 7.4), (44.95, 7.25), (44.35, 7.6), (44.1, 8.1),
    ]),
    ("Apennines", [
        (44.6, 8.6), (44.45, 9.8), (44.2, 11.2), (43.8, 12.3), (43.2, 13.2), (42.5, 13.9),
        (41.8, 14.6), (41.1, 15.4), (40.5, 16.1), (39.9, 16.5), (39.1, 16.6), (38.4, 16.3),
        (38.6, 15.9), (39.4, 15.95), (40.15, 15.55), (40.8, 14.75), (41.4, 14.3),
        (42.0, 13.3), (42.7, 12.6), (43.35, 11.75), (43.85, 10.6), (44.15, 9.5),
        (44.3, 8.5),
    ]),
    ("Carpathians", [
        (48.3, 17.1), (48.9, 17.8), (49.45, 18.6), (49.65, 19.4), (49.6, 20.6),
        (49.5, 21.8), (49.35, 22.8), (48.9, 23.8), (48.2, 24.9), (47.2, 25.6), (46.3, 26.0),
        (46.05, 23.6), (46.7, 23.0), (47.4, 23.2), (48.1, 22.9), (48.7, 22.1), (49.0, 21.0),
        (49.1, 20.0), (48.9, 19.0), (48.5, 18.2), (48.0, 17.5),
    ]),
    ("Southern Carpathians", [
        (46.3, 26.0), (45.2, 25.6), (45.1, 24.0), (44.7, 22.6), (44.5, 21.8), (45.1, 21.9),
        (45.5, 22.7), (45.9, 23.4), (46.05, 23.6),
    ]),
    ("Scandinavian Mountains", [
        (61.5, 5.6), (61.5, 9.6), (60.6, 9.3), (59.8, 8.6), (59.2, 8.0), (58.6, 7.4),
        (58.7, 6.4), (59.4, 6.1), (60.4, 5.9),
    ]),
]

# Lakes: (latitude, longitude) outlines. No city may lie inside one; segments that enter
# one are doubles over water.
LAKES = [
    ("Lake Geneva", [
        (46.2, 6.14), (46.38, 6.24), (46.51, 6.63), (46.46, 6.85), (46.39, 6.93),
        (46.4, 6.59), (46.37, 6.4), (46.27, 6.2),
    ]),
    ("Lake Constance", [
        (47.82, 9.02), (47.68, 9.35), (47.62, 9.55), (47.52, 9.74), (47.47, 9.58),
        (47.56, 9.37), (47.65, 9.17), (47.72, 9.07),
    ]),
    ("Lake Balaton", [
        (46.72, 17.25), (46.85, 17.6), (47.03, 17.95), (47.08, 18.2), (47.0, 18.15),
        (46.85, 17.85), (46.7, 17.45),
    ]),
    ("Vanern", [
        (58.38, 12.32), (58.75, 12.45), (59.05, 12.68), (59.35, 13.05), (59.38, 13.5),
        (59.3, 14.1), (58.95, 13.95), (58.7, 13.85), (58.5, 13.15), (58.45, 12.65),
    ]),
    ("Vattern", [
        (57.77, 14.15), (58.05, 14.28), (58.3, 14.28), (58.6, 14.5), (58.88, 14.8),
        (58.88, 14.95), (58.55, 15.0), (58.45, 14.88), (58.02, 14.47),
    ]),
]

# Rivers and straits: (latitude, longitude) lines, source to mouth. Segments that cross one
# are doubles over water. The script fails if a line passes within NEAR of a lattice point,
# so that every segment is plainly on one side or the other.
RIVERS = [
    ("Rhine", [
        (47.69, 8.9), (47.58, 8.2), (47.56, 7.6), (48.0, 7.58), (48.57, 7.8), (49.0, 8.2),
        (49.48, 8.45), (50.0, 8.27), (50.05, 7.8), (50.36, 7.6), (50.73, 7.1),
        (50.94, 6.97), (51.23, 6.77), (51.8, 6.15), (51.85, 5.9), (51.9, 5.1), (51.98, 4.12),
    ]),
    ("Elbe", [
        (50.05, 15.6), (50.1, 15.0), (50.35, 14.47), (50.65, 14.05), (51.05, 13.74),
        (51.16, 13.47), (51.56, 13.0), (51.87, 12.65), (51.85, 12.25), (52.13, 11.64),
        (52.6, 11.85), (53.0, 11.75), (53.37, 10.56), (53.45, 9.9), (53.5, 9.4),
        (53.87, 8.7),
    ]),
    ("Danube", [
        (47.95, 8.5), (48.1, 9.2), (48.4, 9.99), (48.75, 11.4), (49.0, 12.1),
        (48.57, 13.46), (48.3, 14.3), (48.4, 15.6), (48.45, 16.35), (48.4, 16.85),
        (48.14, 17.1), (47.75, 18.1), (47.8, 18.8), (47.78, 19.1), (47.5, 19.05), (46.9, 18.95),
        (46.0, 18.85), (45.25, 19.85), (44.82, 20.45), (44.65, 21.5), (44.6, 22.3),
        (44.2, 22.65), (43.8, 23.5), (43.7, 24.5), (43.85, 25.95),
    ]),
    ("Vistula", [
        (49.65, 19.0), (50.0, 19.4), (50.05, 19.95), (50.3, 21.0), (50.68, 21.75),
        (51.4, 21.9), (52.23, 21.05), (52.4, 20.5), (52.6, 19.3), (53.01, 18.6),
        (53.13, 18.2), (53.5, 18.75), (54.0, 18.8), (54.36, 18.95),
    ]),
    # the Rhone below Lyon only, drawn a little west of the city so that Lyon sits on its
    # east bank (Lyon Part-Dieu) and the valley south to Marseille is a single run
    ("Rhone", [
        (45.78, 4.55), (45.6, 4.62), (45.4, 4.7), (45.2, 4.75), (44.93, 4.82),
        (44.55, 4.72), (43.95, 4.75), (43.68, 4.63), (43.33, 4.84),
    ]),
]

# Straits between land polygons that are drawn touching or overlapping: the line keeps
# the crossing a double over water.
STRAITS = [
    ("Great Belt", [
        (56.05, 10.98), (55.6, 10.92), (55.3, 10.92), (55.0, 10.9),
    ]),
    ("Oresund", [
        (56.2, 12.42), (56.03, 12.66), (55.85, 12.75), (55.6, 12.8), (55.35, 12.72),
    ]),
]
NEAR = 0.12

# Special segments, each between the on-board points of a land polygon nearest to two
# places: (type, (land, lat, lon), (land, lat, lon), note). The points must be neighbours.
SPECIAL = [
    ("ferry", ("Great Britain", 51.13, 1.31), ("Continental Europe", 50.73, 1.6),
     "English Channel"),
    ("tunnel", ("Continental Europe", 47.3, 8.6), ("Continental Europe", 46.2, 9.0),
     "Gotthard tunnel"),
]

# fmt: on

# --------------------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------------------


HERE = Path(__file__).resolve().parent
OUTPUT = HERE.parent / "trans_europa.yaml"

NAME = "Trans Europa"
DESCRIPTION = (
    "Central Europe from Lisbon to Warsaw and from Oslo to Naples, after the Trans Europa"
    " board: 35 cities in five regions, the Channel ferry and the Gotthard tunnel. Coasts"
    " from Natural Earth 1:110m; built by maps/sources/build_trans_europa.py."
)


def project(coords) -> list[tuple[float, float]]:
    """(lat, lon) pairs -> lattice units."""
    return [to_lattice(lat, lon) for lat, lon in coords]


def pieces(geom, min_area: float = 0.0, min_length: float = 0.0) -> list:
    """The polygons or lines of a (multi) geometry, biggest first, without slivers."""
    parts = list(getattr(geom, "geoms", [geom]))
    keep = [
        g
        for g in parts
        if not g.is_empty
        and g.geom_type in ("Polygon", "LineString")
        and (g.area >= min_area if g.geom_type == "Polygon" else g.length >= min_length)
    ]
    return sorted(keep, key=lambda g: -(g.area or g.length))


class Board:
    """The board in lattice units, before it is written out."""

    def __init__(self) -> None:
        self.land: list[tuple[str, Polygon]] = []
        for name, coords in LAND.items():
            shape = Polygon(project(coords)).buffer(0).intersection(FRAME)
            for part in pieces(shape, min_area=0.05):
                self.land.append((name, _round_polygon(part)))
        self.land_all = unary_union([p for _, p in self.land])

        self.terrain: list[tuple[str, str, Polygon | LineString]] = []
        for name, coords in MOUNTAINS:
            shape = Polygon(project(coords)).buffer(0).intersection(self.land_all)
            for part in pieces(shape.simplify(0.04), min_area=0.1):
                self.terrain.append((name, "mountain", _round_polygon(part)))
        for name, coords in LAKES:
            self.terrain.append((name, "water", _round_polygon(Polygon(project(coords)))))
        for name, coords in RIVERS + STRAITS:
            line = LineString(project(coords)).intersection(FRAME)
            for part in pieces(line, min_length=0.3):
                self.terrain.append((name, "water", _round_line(keep_off_points(part))))

        self.points = [(c, r) for r in range(ROWS) for c in range(COLUMNS) if self.on_board((c, r))]
        self.cities = self.snap_cities()
        self.overrides = self.special_segments()

    # -- the rules of maps/README.md -----------------------------------------------------

    def on_board(self, p: tuple[int, int]) -> bool:
        pt = Point(lattice_xy(p))
        if not any(poly.covers(pt) for _, poly in self.land):
            return False
        return not any(
            shape.geom_type == "Polygon" and shape.contains(pt)
            for _, kind, shape in self.terrain
            if kind == "water"
        )

    def derived(self, a, b) -> tuple[str, str | None] | None:
        """The segment that the rules give between neighbours a and b, before overrides."""
        pa, pb = lattice_xy(a), lattice_xy(b)
        mid = Point((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        if not self.land_all.covers(mid):
            return None
        seg = LineString([pa, pb])
        for terrain in ("water", "mountain"):
            for _, kind, shape in self.terrain:
                if kind != terrain:
                    continue
                hit = seg.intersection(shape)
                if shape.geom_type == "LineString" and not hit.is_empty:
                    return ("double", terrain)
                if shape.geom_type == "Polygon" and hit.length > 1e-9:
                    return ("double", terrain)
        return ("single", None)

    def segments(self) -> dict:
        """Every segment of the board: {(a, b): (type, terrain)} with overrides applied."""
        on = set(self.points)
        out = {}
        for a in self.points:
            for b in neighbours(a):
                if b in on and a < b:
                    seg = self.derived(a, b)
                    if seg:
                        out[(a, b)] = seg
        for (a, b), (kind, terrain, _note) in self.overrides.items():
            if kind == "none":
                out.pop((a, b), None)
            else:
                out[(a, b)] = (kind, terrain)
        return out

    # -- cities and special segments -----------------------------------------------------

    def nearest_points(self, lat: float, lon: float, land: str | None = None):
        """On-board points (of one land polygon, if named) sorted by distance from a place."""
        target = plane(to_lattice(lat, lon))
        polys = [poly for name, poly in self.land if land is None or name == land]
        dist = [
            (math.dist(target, plane(lattice_xy(p))), p)
            for p in self.points
            if any(poly.covers(Point(lattice_xy(p))) for poly in polys)
        ]
        return sorted(dist)

    def snap_cities(self) -> dict:
        """Greedy matching: the closest (city, point) pair is taken first, where the point
        is free and no neighbour of it holds a city already."""
        pairs = []
        for name, _color, lat, lon, _dashed in CITIES:
            for d, p in self.nearest_points(lat, lon)[:20]:
                pairs.append((round(d, 9), name, p))
        pairs.sort()
        at: dict[str, tuple[int, int]] = {}
        taken: set = set()
        for _d, name, p in pairs:
            if name not in at and p not in taken and not taken.intersection(neighbours(p)):
                at[name] = p
                taken.add(p)
        missing = [c[0] for c in CITIES if c[0] not in at]
        if missing:
            raise SystemExit(f"no free point for {missing}")
        return at

    def special_segments(self) -> dict:
        out = {}
        for kind, here, there, note in SPECIAL:
            a = self.nearest_points(here[1], here[2], here[0])[0][1]
            b = self.nearest_points(there[1], there[2], there[0])[0][1]
            if b not in neighbours(a):
                raise SystemExit(f"{note}: {a} and {b} are not neighbours")
            a, b = min(a, b), max(a, b)
            out[(a, b)] = (kind, None, note)
        return out


def neighbours(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The six lattice neighbours of p (as in workbench.maps.lattice)."""
    col, row = p
    lo, hi = col - 1 + (row & 1), col + (row & 1)
    return [
        (col - 1, row),
        (col + 1, row),
        (lo, row - 1),
        (hi, row - 1),
        (lo, row + 1),
        (hi, row + 1),
    ]


def keep_off_points(line: LineString) -> LineString:
    """Bend a line away from the lattice points it passes closer than NEAR to.

    A vertex is moved or added beside each such point, NEAR + 0.08 away from it, so a river never
    runs through a point and every segment is plainly on one side of it or crosses it.
    """
    coords = list(line.coords)
    for _ in range(200):
        current = LineString(coords)
        x0, y0, x1, y1 = current.bounds
        close = None
        for r in range(max(0, math.floor(y0 - 1)), min(ROWS, math.ceil(y1 + 2))):
            for c in range(max(0, math.floor(x0 - 2)), min(COLUMNS, math.ceil(x1 + 2))):
                pt = Point(lattice_xy((c, r)))
                if current.distance(pt) < NEAR:
                    close = pt
                    break
            if close:
                break
        if close is None:
            return current
        away = NEAR + 0.08
        near_vertices = [i for i, v in enumerate(coords) if math.dist(v, close.coords[0]) < NEAR]
        if near_vertices:  # move those vertices out to `away` from the point
            for i in near_vertices:
                dx, dy = coords[i][0] - close.x, coords[i][1] - close.y
                norm = math.hypot(dx, dy)
                if norm < 1e-9:  # on the point: step to the left of the line
                    (ax, ay) = coords[max(i - 1, 0)]
                    (bx, by) = coords[min(i + 1, len(coords) - 1)]
                    dx, dy, norm = -(by - ay), bx - ax, math.hypot(bx - ax, by - ay)
                coords[i] = (close.x + dx / norm * away, close.y + dy / norm * away)
            continue
        along = current.project(close)
        q = current.interpolate(along)
        dx, dy = q.x - close.x, q.y - close.y
        norm = math.hypot(dx, dy)
        # index of the piece of the line that holds q
        acc, k = 0.0, 0
        for k in range(len(coords) - 1):
            piece = math.dist(coords[k], coords[k + 1])
            if acc + piece >= along:
                break
            acc += piece
        if norm < 1e-9:  # straight through the point: step to the left of the line
            (ax, ay), (bx, by) = coords[k], coords[k + 1]
            dx, dy, norm = -(by - ay), bx - ax, math.dist(coords[k], coords[k + 1])
        coords.insert(k + 1, (close.x + dx / norm * away, close.y + dy / norm * away))
    raise SystemExit("a line could not be kept off the lattice points")


def _round_polygon(poly: Polygon) -> Polygon:
    coords = [(round(x, 2), round(y, 2)) for x, y in poly.exterior.coords[:-1]]
    out = [c for i, c in enumerate(coords) if c != coords[i - 1]]
    return Polygon(out)


def _round_line(line: LineString) -> LineString:
    coords = [(round(x, 2), round(y, 2)) for x, y in line.coords]
    return LineString([c for i, c in enumerate(coords) if i == 0 or c != coords[i - 1]])


# --------------------------------------------------------------------------------------
# Checks and output
# --------------------------------------------------------------------------------------


def check(board: Board) -> list[str]:
    """Problems that would make a bad board (the script refuses to write one)."""
    problems = []
    for name, _kind, shape in board.terrain:
        if shape.geom_type != "LineString":
            continue
        for r in range(ROWS):
            for c in range(COLUMNS):
                d = shape.distance(Point(lattice_xy((c, r))))
                if d < NEAR:
                    problems.append(f"{name} passes {d:.2f} from point [{c}, {r}]")
    for name, p in board.cities.items():
        for q in neighbours(p):
            other = [n for n, r in board.cities.items() if r == q]
            if other and name < other[0]:
                problems.append(f"{name} {p} and {other[0]} {q} are neighbours")
    # every city reaches every other
    segs = board.segments()
    adj: dict = {}
    for a, b in segs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = board.cities[CITIES[0][0]]
    seen, todo = {start}, [start]
    while todo:
        for q in adj.get(todo.pop(), []):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    for name, p in board.cities.items():
        if p not in seen:
            problems.append(f"{name} at {p} is not connected to {CITIES[0][0]}")
    for (a, b), (kind, _t, note) in board.overrides.items():
        if kind in ("ferry", "tunnel") and board.derived(a, b) == ("single", None):
            problems.append(f"{note}: {a}-{b} would be a single anyway")
    return problems


def stats(board: Board) -> dict:
    segs = board.segments()
    count: dict = {}
    for kind, terrain in segs.values():
        key = f"{kind} ({terrain})" if terrain else kind
        count[key] = count.get(key, 0) + 1
    return {"points": len(board.points), "segments": len(segs), **dict(sorted(count.items()))}


_KEYWORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .,()'/-]*$")


def scalar(text: str) -> str:
    """A YAML scalar: plain when safe, else double-quoted."""
    if _PLAIN.match(text) and text.lower() not in _KEYWORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


def num(v: float) -> str:
    v = round(float(v), 2)
    if v == int(v):
        return str(int(v))
    return repr(v)


def vertex(xy) -> str:
    return f"[{num(xy[0])}, {num(xy[1])}]"


def render(board: Board) -> str:
    lines = [
        "# yaml-language-server: $schema=map.schema.json",
        "format: 1",
        "kind: lattice",
        f"name: {scalar(NAME)}",
        f"description: {scalar(DESCRIPTION)}",
        "author: rail-workbench",
        "license: CC0-1.0",
        f"lattice: {{columns: {COLUMNS}, rows: {ROWS}}}",
        "deck: {per_color: 7, dashed_per_color: 2}",
        "colors:",
    ]
    lines += [f'  - {{name: {n}, fill: "{f}"}}' for n, f in COLORS]
    lines.append("land:")
    for name, poly in board.land:
        lines += [f"  - name: {scalar(name)}", "    polygon:"]
        lines += [f"      - {vertex(xy)}" for xy in poly.exterior.coords[:-1]]
    lines.append("terrain:")
    for name, kind, shape in board.terrain:
        lines += [f"  - name: {scalar(name)}", f"    type: {kind}"]
        if shape.geom_type == "Polygon":
            lines.append("    polygon:")
            lines += [f"      - {vertex(xy)}" for xy in shape.exterior.coords[:-1]]
        else:
            lines.append("    line:")
            lines += [f"      - {vertex(xy)}" for xy in shape.coords]
    lines.append("cities:")
    order = {n: i for i, (n, _f) in enumerate(COLORS)}
    for name, color, _lat, _lon, dashed in sorted(CITIES, key=lambda c: (order[c[1]], c[0])):
        c, r = board.cities[name]
        lines.append(
            f"  - {{name: {scalar(name)}, color: {color}, at: [{c}, {r}],"
            f" dashed: {'true' if dashed else 'false'}}}"
        )
    if board.overrides:
        lines.append("segments:")
        for (a, b), (kind, terrain, note) in sorted(board.overrides.items()):
            extra = f", terrain: {terrain}" if terrain else ""
            extra += f", note: {scalar(note)}" if note else ""
            between = f"[[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]"
            lines.append(f"  - {{between: {between}, type: {kind}{extra}}}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check and print, do not write")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT, help="where to write")
    args = parser.parse_args(argv)
    board = Board()
    text = render(board)
    import yaml  # only to prove the output parses

    yaml.safe_load(text)
    problems = check(board)
    for line in problems:
        print("problem:", line, file=sys.stderr)
    print(json.dumps(stats(board)), file=sys.stderr)
    if args.check:
        sys.stdout.write(text)
        return 1 if problems else 0
    if problems:
        print("not written: fix the problems above", file=sys.stderr)
        return 1
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
