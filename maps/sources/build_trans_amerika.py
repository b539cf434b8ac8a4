"""Build ``maps/trans_amerika.yaml``, the Trans Amerika board, from latitude/longitude data.

Run from anywhere::

    python maps/sources/build_trans_amerika.py            # writes maps/trans_amerika.yaml
    python maps/sources/build_trans_amerika.py --check    # fails if the file is out of date

Everything the board is made of is in this file as data, in degrees of (latitude,
longitude): the cities, the outline of the contiguous United States, the Great Lakes, the
mountain ranges and the rivers. The outline was taken once from Natural Earth's 1:110m
countries (public domain) and simplified (Douglas-Peucker, 0.1 degree); its vertices are
baked in below, so this script needs nothing but shapely, numpy and PyYAML. The lakes,
mountains and rivers are drawn by hand from the atlas. See ``trans_amerika.md`` beside it.

Pipeline: (lat, lon) --Albers equal-area conic--> km --1 lattice step = SCALE_KM-->
lattice units ``(x, y)`` (x = column, +0.5 on odd rows; y = row, 0 at the top). The land
outline is simplified in board units; every city is snapped to the nearest free lattice
point on the board (on land and not inside a lake). Lakes, mountains and rivers are moved
along with the cities near them (a local warp), so that each city stays on its shore, on
its bank of a river and at the foot of its range; then every drawing is nudged clear of the
lattice, so that each point and each segment is plainly on one side of it. Segments across
open lake water are removed by overrides. The script checks all this before it writes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path

import numpy as np
import yaml
from shapely.geometry import LineString, Point, Polygon

# --------------------------------------------------------------------------------------
# The board and the projection
# --------------------------------------------------------------------------------------

COLUMNS = 28
ROWS = 20
ROW_HEIGHT = math.sqrt(3) / 2  # plane distance between two rows (neighbours are 1 apart)

# Albers equal-area conic on a sphere (the usual USA parameters): standard parallels
# 29.5N and 45.5N, centred on 37.5N 96W.
LAT0, LON0, PAR1, PAR2 = 37.5, -96.0, 29.5, 45.5
EARTH_RADIUS_KM = 6371.0
# One lattice step (the distance between neighbouring points) is SCALE_KM on the ground,
# the same east-west and north-south. X0, Y0: where the centre (37.5N 96W) lies, in
# lattice units.
SCALE_KM = 180.0
X0 = 13.75
Y0 = 10.6

_r = math.radians
_N = (math.sin(_r(PAR1)) + math.sin(_r(PAR2))) / 2
_C = math.cos(_r(PAR1)) ** 2 + 2 * _N * math.sin(_r(PAR1))
_RHO0 = EARTH_RADIUS_KM * math.sqrt(_C - 2 * _N * math.sin(_r(LAT0))) / _N


def albers(lat: float, lon: float) -> tuple[float, float]:
    """Albers equal-area conic: (lat, lon) in degrees -> (X east, Y north) in km."""
    rho = EARTH_RADIUS_KM * math.sqrt(_C - 2 * _N * math.sin(_r(lat))) / _N
    theta = _N * _r(lon - LON0)
    return rho * math.sin(theta), _RHO0 - rho * math.cos(theta)


def to_lattice(lat: float, lon: float) -> tuple[float, float]:
    """(lat, lon) -> lattice units (x, y) of this board."""
    X, Y = albers(lat, lon)
    return X0 + X / SCALE_KM, Y0 - Y / (SCALE_KM * ROW_HEIGHT)


def lattice_xy(p: tuple[int, int]) -> tuple[float, float]:
    """A lattice point [col, row] in lattice units (odd rows shifted half a step right)."""
    return p[0] + 0.5 * (p[1] & 1), float(p[1])


def plane(xy: tuple[float, float]) -> tuple[float, float]:
    """Lattice units -> plane coordinates with true proportions (neighbours 1 apart)."""
    return xy[0], -xy[1] * ROW_HEIGHT


def unplane(xy: tuple[float, float]) -> tuple[float, float]:
    """Plane coordinates -> lattice units; inverse of :func:`plane`."""
    return xy[0], -xy[1] / ROW_HEIGHT


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
# two outlying (or close-to-another) cities of each region.
CITIES = [
    # Mountain West and Southwest
    ("Helena", "brown", 46.59, -112.04, True),
    ("Boise", "brown", 43.62, -116.20, False),
    ("Salt Lake City", "brown", 40.76, -111.89, False),
    ("Denver", "brown", 39.74, -104.99, False),
    ("Las Vegas", "brown", 36.17, -115.14, True),
    ("Phoenix", "brown", 33.45, -112.07, False),
    ("Albuquerque", "brown", 35.08, -106.65, False),
    # Great Plains, Midwest and the Great Lakes
    ("Bismarck", "white", 46.81, -100.78, True),
    ("Minneapolis", "white", 44.98, -93.27, False),
    ("Omaha", "white", 41.26, -95.94, False),
    ("Kansas City", "white", 39.10, -94.58, False),
    ("St. Louis", "white", 38.63, -90.20, False),
    ("Chicago", "white", 41.88, -87.63, False),
    ("Detroit", "white", 42.33, -83.05, True),
    # The East: New England to Florida
    ("Boston", "pink", 42.36, -71.06, True),
    ("New York", "pink", 40.71, -74.01, False),
    ("Washington", "pink", 38.91, -77.04, False),
    ("Pittsburgh", "pink", 40.44, -80.00, False),
    ("Charlotte", "pink", 35.23, -80.84, False),
    ("Atlanta", "pink", 33.75, -84.39, False),
    ("Miami", "pink", 25.76, -80.19, True),
    # Texas and the South
    ("El Paso", "orange", 31.76, -106.49, True),
    ("San Antonio", "orange", 29.42, -98.49, True),
    ("Houston", "orange", 29.76, -95.37, False),
    ("Dallas", "orange", 32.78, -96.80, False),
    ("Oklahoma City", "orange", 35.47, -97.52, False),
    ("Memphis", "orange", 35.15, -90.05, False),
    ("New Orleans", "orange", 29.95, -90.07, False),
    # The Pacific coast and Nevada
    ("Seattle", "turquoise", 47.61, -122.33, False),
    ("Portland", "turquoise", 45.52, -122.68, False),
    ("Medford", "turquoise", 42.33, -122.87, True),
    ("Reno", "turquoise", 39.53, -119.81, False),
    ("San Francisco", "turquoise", 37.77, -122.42, False),
    ("Los Angeles", "turquoise", 34.05, -118.24, False),
    ("San Diego", "turquoise", 32.72, -117.16, True),
]

# The contiguous United States, (latitude, longitude), one ring. Natural Earth 1:110m
# "admin 0 countries" (public domain), the main part of the United States polygon,
# simplified with Douglas-Peucker at 0.1 degree. Along the Canadian border it runs through
# the middle of the Great Lakes, which are cut out below as water. Delaware Bay and
# Chesapeake Bay, narrower than a step, are filled in.
OUTLINE = [
    (49.0, -122.84), (49.0, -95.16), (49.38, -95.16), (49.39, -94.82), (48.84, -94.64),
    (48.67, -94.33), (48.45, -92.61), (48.14, -91.64), (48.27, -90.83), (48.02, -89.27),
    (48.3, -88.38), (46.9, -84.88), (46.64, -84.78), (46.54, -84.54), (46.44, -84.6),
    (46.51, -84.14), (46.12, -83.89), (45.99, -83.47), (45.82, -83.59), (45.35, -82.55),
    (43.57, -82.14), (42.08, -83.12), (41.83, -83.03), (41.68, -82.69), (42.86, -78.94),
    (43.47, -79.17), (43.63, -78.72), (43.63, -76.82), (44.02, -76.5), (45.0, -74.87),
    (45.01, -71.51), (45.25, -71.41), (45.46, -70.66), (46.69, -70.0), (47.45, -69.24),
    (47.19, -68.91), (47.35, -68.23), (47.07, -67.79), (45.7, -67.79), (44.81, -66.96),
    (43.68, -70.12), (42.87, -70.81), (42.33, -70.82), (41.81, -70.49), (41.78, -70.08),
    (42.15, -70.19), (41.92, -69.88), (41.64, -69.97), (41.22, -72.88), (40.93, -73.71),
    (41.12, -72.24), (40.93, -71.94), (40.63, -73.34), (40.63, -73.98), (40.75, -73.95),
    (40.47, -74.26), (40.43, -73.96), (39.71, -74.18), (38.94, -74.91), (38.78, -75.07),
    (38.4, -75.06), (37.22, -75.94), (36.97, -76.26), (36.9, -75.97), (35.55, -75.73),
    (34.81, -76.36), (34.51, -77.4), (33.93, -78.05), (33.86, -78.55), (33.49, -79.06),
    (33.16, -79.2), (32.51, -80.3), (31.44, -81.34), (30.73, -81.49), (30.04, -81.31),
    (28.47, -80.54), (28.04, -80.53), (26.88, -80.06), (25.82, -80.13), (25.21, -80.38),
    (25.08, -80.68), (25.2, -81.17), (25.64, -81.33), (25.87, -81.71), (27.89, -82.86),
    (28.55, -82.65), (29.1, -82.93), (29.94, -83.71), (30.09, -84.1), (29.64, -85.11),
    (30.15, -85.77), (30.4, -86.4), (30.27, -87.53), (30.38, -88.42), (30.16, -89.59),
    (29.89, -89.41), (29.49, -89.43), (29.29, -89.22), (29.16, -89.41), (29.31, -89.78),
    (29.12, -90.15), (29.15, -90.88), (29.68, -91.63), (29.55, -92.5), (29.78, -93.23),
    (29.48, -94.69), (28.74, -95.6), (28.31, -96.59), (27.83, -97.14), (27.38, -97.37),
    (26.69, -97.38), (25.87, -97.14), (25.84, -97.53), (26.37, -99.02), (27.54, -99.52),
    (28.11, -100.11), (29.38, -100.96), (29.78, -101.66), (29.76, -102.48), (28.97, -103.11),
    (29.27, -103.94), (29.57, -104.46), (30.64, -105.04), (31.75, -106.51), (31.75, -108.24),
    (31.34, -108.24), (31.33, -111.02), (32.53, -114.81), (32.72, -114.72), (32.54, -117.13),
    (33.05, -117.3), (33.62, -117.94), (33.74, -118.41), (34.03, -118.52), (34.08, -119.08),
    (34.35, -119.44), (34.45, -120.37), (34.61, -120.62), (35.16, -120.74), (36.16, -121.71),
    (37.55, -122.55), (37.78, -122.51), (38.95, -123.73), (39.77, -123.87), (40.31, -124.4),
    (41.14, -124.18), (42.0, -124.21), (42.77, -124.53), (43.71, -124.14), (45.52, -123.9),
    (46.86, -124.08), (48.18, -124.69), (48.38, -124.57), (48.04, -123.12), (47.1, -122.59),
    (47.36, -122.34),
]


# The Great Lakes, (latitude, longitude) outlines, drawn whole from the atlas (simplified).
# Points inside are off the board; segments that enter one are doubles over water (but see
# STRAITS). Lake Michigan and Lake Huron overlap at the Straits of Mackinac.
LAKES = [
    ("Lake Superior", [
        (46.78, -92.1), (47.1, -91.4), (47.75, -90.33), (47.96, -89.68), (48.4, -89.2),
        (48.85, -88.2), (48.78, -87.2), (48.7, -86.3), (47.95, -84.9), (47.3, -84.65),
        (46.55, -84.45), (46.75, -84.95), (46.67, -85.98), (46.45, -86.65), (46.55, -87.4),
        (46.9, -88.05), (47.45, -87.85), (46.87, -89.31), (46.65, -90.7), (46.95, -90.8),
        (46.7, -91.5),
    ]),
    ("Lake Michigan", [
        (45.75, -84.6), (45.9, -84.6), (46.05, -85.45), (45.95, -86.25), (45.7, -86.7),
        (45.3, -86.95), (44.8, -87.3), (43.75, -87.7), (43.04, -87.88), (42.72, -87.78),
        (41.88, -87.6), (41.62, -87.3), (41.72, -86.9), (42.1, -86.48), (42.78, -86.21),
        (43.23, -86.34), (43.95, -86.45), (44.69, -86.25), (45.2, -85.62), (45.32, -85.26),
        (45.4, -84.96),
    ]),
    ("Lake Huron", [
        (45.85, -84.75), (46.0, -83.7), (45.95, -83.5), (45.7, -82.5), (45.3, -81.7),
        (44.9, -81.65), (44.2, -81.7), (43.75, -81.72), (43.3, -81.76), (43.0, -82.42),
        (43.6, -82.52), (43.85, -82.64), (44.05, -83.0), (43.65, -83.9), (44.25, -83.45),
        (44.45, -83.33), (45.05, -83.4), (45.42, -83.85), (45.65, -84.45), (45.75, -84.7),
    ]),
    ("Lake Erie", [
        (41.72, -83.3), (42.05, -83.15), (41.95, -82.5), (42.28, -81.85), (42.66, -81.2),
        (42.55, -80.1), (42.87, -79.25), (42.88, -78.9), (42.48, -79.33), (42.13, -80.08),
        (41.9, -80.8), (41.5, -81.7), (41.47, -82.2), (41.45, -82.7), (41.55, -82.95),
    ]),
    ("Lake Ontario", [
        (43.26, -79.06), (43.28, -79.8), (43.64, -79.38), (43.96, -78.17), (43.93, -77.2),
        (44.2, -76.48), (44.1, -76.3), (43.95, -76.12), (43.55, -76.2), (43.46, -76.51),
        (43.28, -76.97), (43.26, -77.6), (43.37, -78.0), (43.34, -78.72),
    ]),
]

# Mountain ranges, (latitude, longitude) outlines. Segments that cross one are doubles over
# mountains. The Wyoming Basin between the northern and the southern Rockies is left open:
# the old Union Pacific route.
MOUNTAINS = [
    ("Cascade Range", [
        (49.0, -121.95), (48.0, -121.85), (47.0, -121.9), (46.0, -122.1), (45.0, -122.05),
        (44.0, -122.3), (43.0, -122.5), (42.0, -122.5), (41.2, -122.45), (40.5, -121.9),
        (40.4, -121.1), (41.5, -121.45), (42.5, -121.55), (43.5, -121.45), (44.5, -121.35),
        (45.5, -121.3), (46.5, -121.0), (47.5, -120.55), (48.5, -120.0), (49.0, -119.9),
    ]),
    ("Sierra Nevada", [
        (40.4, -121.5), (39.5, -121.1), (38.5, -120.6), (37.5, -119.9), (36.5, -119.1),
        (35.5, -118.75), (35.0, -118.6), (35.3, -118.1), (36.0, -117.95), (37.0, -118.3),
        (38.0, -119.05), (38.8, -119.6), (39.6, -119.95), (40.3, -120.5),
    ]),
    ("Northern Rocky Mountains", [
        (49.0, -117.2), (49.0, -113.4), (47.8, -112.7), (46.9, -112.35), (46.59, -112.2),
        (46.2, -111.7), (45.7, -110.6), (45.2, -109.5), (44.5, -109.2), (43.6, -108.9),
        (42.8, -108.65), (42.35, -108.9), (42.7, -109.8), (42.3, -110.6), (42.4, -111.2),
        (43.3, -111.5), (44.1, -112.2), (43.8, -113.0), (43.6, -114.2), (43.5, -115.0),
        (43.85, -115.8), (44.3, -116.1), (45.2, -116.4), (46.0, -116.5), (46.5, -116.4),
        (47.5, -116.8), (48.3, -117.2),
    ]),
    ("Wasatch Range and Uinta Mountains", [
        (39.3, -111.6), (40.3, -111.55), (40.76, -111.72), (41.3, -111.85), (41.95, -111.9),
        (41.95, -111.5), (41.0, -111.3), (40.95, -110.5), (40.85, -109.6), (40.5, -109.6),
        (40.45, -110.5), (40.2, -111.05), (39.3, -111.2),
    ]),
    ("Southern Rocky Mountains", [
        (41.3, -106.9), (41.3, -105.4), (40.5, -105.3), (39.74, -105.25), (38.8, -104.95),
        (38.0, -105.1), (37.3, -104.9), (36.5, -105.1), (35.6, -105.5), (35.4, -105.9),
        (35.8, -106.4), (36.3, -106.6), (37.3, -108.2), (38.0, -108.3), (38.9, -108.0),
        (39.6, -107.5), (40.3, -107.3), (41.0, -107.2),
    ]),
    ("Appalachian Mountains", [
        (33.6, -86.6), (34.6, -85.9), (35.4, -85.4), (36.0, -84.8), (36.8, -83.8),
        (37.4, -82.4), (38.2, -81.0), (39.0, -80.1), (39.8, -79.5), (40.6, -79.0),
        (41.3, -78.4), (41.9, -77.5), (42.1, -76.0), (42.4, -74.5), (42.0, -74.0),
        (41.6, -74.3), (41.0, -75.2), (40.45, -76.0), (39.85, -77.3), (39.2, -77.8),
        (38.3, -78.5), (37.4, -79.3), (36.5, -80.3), (35.8, -81.7), (35.3, -82.3),
        (34.9, -83.2), (34.6, -84.0), (34.2, -84.7), (33.6, -85.6),
    ]),
    ("Adirondack Mountains", [
        (44.8, -74.4), (44.3, -73.7), (43.4, -73.8), (43.6, -75.3), (44.3, -75.3),
    ]),
    ("Green and White Mountains", [
        (42.4, -73.3), (42.4, -72.9), (43.3, -72.6), (43.8, -71.9), (43.8, -71.0),
        (44.6, -70.3), (45.3, -69.0), (46.0, -69.3), (45.8, -70.4), (45.1, -71.3),
        (45.0, -72.3), (45.0, -73.0), (43.5, -73.3),
    ]),
]

# Rivers, source to mouth, (latitude, longitude). Segments that cross one are doubles over
# water. Where a river passes a city, a vertex just off the city puts it on the city's real
# bank: Minneapolis, St. Louis, Omaha and Bismarck lie west of their river, Memphis east,
# Kansas City and New Orleans north, Portland south. The Missouri is drawn from Fort Benton,
# its old head of navigation; the Mississippi from Lake Itasca.
RIVERS = [
    ("Mississippi River", [
        (47.24, -95.21), (47.47, -94.88), (47.23, -93.53), (46.36, -94.2), (45.56, -94.16),
        (45.0, -93.15), (44.9, -93.0), (44.56, -92.53), (43.8, -91.25), (42.5, -90.65),
        (41.84, -90.19), (41.52, -90.58), (40.8, -91.1), (39.93, -91.41), (38.89, -90.18),
        (38.63, -90.16), (37.9, -89.82), (37.3, -89.52), (37.0, -89.18), (36.59, -89.53),
        (35.15, -90.1), (34.53, -90.59), (33.41, -91.06), (32.35, -90.88), (31.56, -91.4),
        (30.45, -91.19), (30.1, -90.99), (29.9, -90.07), (29.15, -89.25), (28.95, -89.1),
    ]),
    ("Missouri River", [
        (47.82, -110.67), (47.7, -109.0), (48.0, -106.45), (48.14, -103.62), (47.6, -102.5),
        (47.3, -101.4), (46.81, -100.83), (45.7, -100.6), (44.37, -100.35), (43.8, -99.33),
        (42.87, -97.4), (42.5, -96.4), (41.26, -95.9), (39.77, -94.85), (39.14, -94.58),
        (39.23, -92.85), (38.58, -92.17), (38.7, -91.44), (38.78, -90.48), (38.89, -90.18),
    ]),
    ("Ohio River", [
        (40.47, -80.06), (40.6, -80.3), (40.07, -80.72), (39.42, -81.45), (38.84, -82.13),
        (38.42, -82.45), (38.73, -83.0), (38.65, -83.74), (39.1, -84.51), (38.74, -85.38),
        (38.25, -85.76), (37.77, -87.11), (37.97, -87.57), (37.69, -88.13), (37.08, -88.6),
        (37.0, -89.18),
    ]),
    ("Columbia River", [
        (49.0, -117.63), (48.6, -118.1), (47.95, -118.98), (47.42, -120.3), (46.6, -119.9),
        (46.23, -119.1), (46.05, -118.9), (45.92, -119.3), (45.6, -121.18), (45.65, -121.9),
        (45.62, -122.67), (46.14, -122.95), (46.19, -123.83), (46.25, -124.3),
    ]),
]

# Each tributary's last vertex is a vertex of the river it flows into (checked).
TRIBUTARIES = {"Missouri River": "Mississippi River", "Ohio River": "Mississippi River"}

# A segment whose middle lies in a lake is removed (no rail runs across open Lake Michigan
# or Lake Erie), except where it crosses a strait named here: (name, (latitude, longitude)).
# Those are kept as doubles over water. Both are written as segment overrides.
STRAITS = [
    ("Straits of Mackinac", (45.82, -84.73)),
]

# --------------------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------------------

HERE = Path(__file__).resolve().parent
OUTPUT = HERE.parent / "trans_amerika.yaml"

NAME = "Trans Amerika"
DESCRIPTION = (
    "The contiguous United States, the back of the Trans Europa board: 35 cities in five"
    " regions, the Rockies, the Sierra Nevada, the Cascades and the Appalachians, the Great"
    " Lakes and the Mississippi, Missouri, Ohio and Columbia rivers. Albers equal-area"
    " projection, 180 km per lattice step; outline from Natural Earth 1:110m. Built by"
    " maps/sources/build_trans_amerika.py."
)
# Distances below are in lattice steps, measured with true proportions.
LAND_TOLERANCE = 0.08  # Douglas-Peucker tolerance for the outline
DENSIFY_DEGREES = 0.5  # long outline edges (the 49th parallel) are curved by the projection
WARP_SIGMA = 0.5  # how far a city's snapping move carries the lakes, ranges and rivers
# Every drawn line keeps CLEAR_POINT from every lattice point; a segment misses a drawing by
# CLEAR_SEGMENT or runs through a polygon for MIN_CROSS at least (see clear_area), so each
# segment plainly crosses it or not.
CLEAR_POINT = 0.12
CLEAR_SEGMENT = 0.08
MIN_CROSS = 0.15
COAST_CLEAR = 0.04  # the coast only decides which points are on the board: a small margin


def densify(ring: list[tuple[float, float]], closed: bool) -> list[tuple[float, float]]:
    """Insert (lat, lon) vertices so that no edge is longer than DENSIFY_DEGREES."""
    pts = ring + ring[:1] if closed else ring
    out: list[tuple[float, float]] = []
    for (lat1, lon1), (lat2, lon2) in itertools.pairwise(pts):
        n = max(1, math.ceil(max(abs(lat2 - lat1), abs(lon2 - lon1)) / DENSIFY_DEGREES))
        out.extend((lat1 + (lat2 - lat1) * i / n, lon1 + (lon2 - lon1) * i / n) for i in range(n))
    if not closed:
        out.append(pts[-1])
    return out


def rounded(coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Round to 2 decimals and drop repeated vertices (and a closing repeat)."""
    out: list[tuple[float, float]] = []
    for x, y in coords:
        v = (round(x, 2) + 0.0, round(y, 2) + 0.0)  # + 0.0 turns -0.0 into 0.0
        if not out or v != out[-1]:
            out.append(v)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def land_polygon() -> list[tuple[float, float]]:
    """The outline in lattice units: projected, simplified with true proportions, rounded."""
    ring = [plane(to_lattice(lat, lon)) for lat, lon in densify(OUTLINE, closed=True)]
    simple = Polygon(ring).simplify(LAND_TOLERANCE, preserve_topology=True)
    return rounded([unplane(xy) for xy in simple.exterior.coords])


def lake_polygons() -> list[tuple[str, list[tuple[float, float]]]]:
    """The lakes in lattice units, as the atlas has them (before any city is snapped)."""
    return [(name, rounded([to_lattice(*v) for v in ring])) for name, ring in LAKES]


def on_board_points(land: Polygon, lakes: list[Polygon]) -> list[tuple[int, int]]:
    """The points on land and not strictly inside a lake (the loader's rule)."""
    out = []
    for row in range(ROWS):
        for col in range(COLUMNS):
            p = Point(lattice_xy((col, row)))
            if land.intersects(p) and not any(lake.contains(p) for lake in lakes):
                out.append((col, row))
    return out


def snap_cities(points: list[tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Each city's point: pairs (city, free point) are taken nearest first.

    Distances are measured with true proportions. A city whose nearest point is already
    taken gets its nearest free one; ties are broken by the order of CITIES.
    """
    pairs = []
    for i, (name, _color, lat, lon, _dashed) in enumerate(CITIES):
        cx, cy = plane(to_lattice(lat, lon))
        for p in points:
            px, py = plane(lattice_xy(p))
            d = math.hypot(px - cx, py - cy)
            if d < 2.5:
                pairs.append((d, i, p, name))
    pairs.sort()
    at: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for _d, _i, p, name in pairs:
        if name not in at and p not in taken:
            at[name] = p
            taken.add(p)
    missing = [c[0] for c in CITIES if c[0] not in at]
    if missing:
        raise SystemExit(f"no free point near {', '.join(missing)}")
    return at


def warp(
    vertices: list[tuple[float, float]], at: dict[str, tuple[int, int]]
) -> list[tuple[float, float]]:
    """(lat, lon) -> lattice units, moved along with the cities near them.

    Each vertex moves by a weighted mean of the snapping moves of the cities around it
    (Gaussian weights, WARP_SIGMA steps), so a city keeps its side of a river or a range.
    """
    moves = []
    for name, _color, lat, lon, _dashed in CITIES:
        true = np.array(plane(to_lattice(lat, lon)))
        moves.append((true, np.array(plane(lattice_xy(at[name]))) - true))
    out = []
    for lat, lon in vertices:
        v = np.array(plane(to_lattice(lat, lon)))
        weights = [math.exp(-0.5 * (np.hypot(*(v - true)) / WARP_SIGMA) ** 2) for true, _ in moves]
        shift = sum(w * move for w, (_, move) in zip(weights, moves, strict=True))
        shift = shift / max(1.0, sum(weights))
        out.append(unplane(tuple(v + shift)))
    return rounded(out)


def plane_geometry(coords: list[tuple[float, float]], polygon: bool):
    """A shapely geometry in plane coordinates (true proportions)."""
    pts = [plane(v) for v in coords]
    return Polygon(pts) if polygon else LineString(pts)


def lattice_geometry() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every lattice point, and every lattice segment's two ends, in plane coordinates."""
    points = np.array([plane(lattice_xy((c, r))) for r in range(ROWS) for c in range(COLUMNS)])
    ends = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            shift = r & 1
            for q in ((c + 1, r), (c - 1 + shift, r + 1), (c + shift, r + 1)):
                if 0 <= q[0] < COLUMNS and q[1] < ROWS:
                    ends.append((plane(lattice_xy((c, r))), plane(lattice_xy(q))))
    a, b = np.array(ends).transpose(1, 0, 2)
    return points, a, b


def nearest_on_segments(v: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For a point ``v``, the nearest point of each segment ``a[i]-b[i]``."""
    ab = b - a
    t = np.clip(((v - a) * ab).sum(axis=1) / (ab * ab).sum(axis=1), 0.0, 1.0)
    return a + t[:, None] * ab


def clear_line(coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Nudge a river (lattice units) so that every segment plainly crosses it or not.

    Vertices and edges are pushed to CLEAR_POINT from every lattice point (a point stays on
    the side it was on), and vertices to CLEAR_SEGMENT from every lattice segment (a bend
    either plainly cuts a segment or plainly misses it). Distances are true proportions.
    """
    points, seg_a, seg_b = lattice_geometry()
    pts = [np.array(plane(v)) for v in coords]

    def away(v: np.ndarray, p: np.ndarray, dist: float) -> np.ndarray:
        d = float(np.hypot(*(v - p)))
        direction = (v - p) / d if d > 1e-9 else np.array([0.6, 0.8])
        return p + direction * (dist + 0.005)

    for _ in range(200):
        changed = False
        for i, v in enumerate(pts):
            d = np.hypot(*(points - v).T)
            if d.min() < CLEAR_POINT:
                pts[i] = away(v, points[d.argmin()], CLEAR_POINT)
                changed = True
                continue
            q = nearest_on_segments(v, seg_a, seg_b)
            d = np.hypot(*(q - v).T)
            if d.min() < CLEAR_SEGMENT:
                pts[i] = away(v, q[d.argmin()], CLEAR_SEGMENT)
                changed = True
        for i in range(len(pts) - 1):
            a, b = pts[i], pts[i + 1]
            ab = b - a
            if not ab.any():
                continue
            t = np.clip(((points - a) @ ab) / (ab @ ab), 0.0, 1.0)
            near = a + t[:, None] * ab
            d = np.hypot(*(points - near).T)
            if d.min() < CLEAR_POINT:
                j = int(d.argmin())
                pts.insert(i + 1, away(near[j], points[j], CLEAR_POINT))
                changed = True
                break
        if not changed:
            return rounded([unplane((float(x), float(y))) for x, y in pts])
    raise SystemExit(f"cannot keep the line at {coords[0]} clear of the lattice")


def largest(geometry) -> Polygon:
    """The largest polygon of a (multi)polygon, without holes."""
    parts = getattr(geometry, "geoms", [geometry])
    return Polygon(max(parts, key=lambda g: g.area).exterior)


def clear_area(
    coords: list[tuple[float, float]], segments: bool, clear: float = CLEAR_POINT
) -> list[tuple[float, float]]:
    """Reshape a polygon (lattice units) so that every point and segment is plainly in or out.

    The outline is kept ``clear`` from every lattice point (a point inside stays inside).
    With ``segments``, a lattice segment whose ends are both outside either misses the
    polygon by CLEAR_SEGMENT or runs through it for MIN_CROSS at least: a corner that just
    clips a segment is cut back, a ridge too thin where a segment crosses it is widened.
    Distances are true proportions.
    """
    points, seg_a, seg_b = lattice_geometry()
    area = Polygon([plane(v) for v in coords])
    margin = 0.01
    for _ in range(20):
        changed = False
        for p in points:
            dot = Point(p)
            if area.exterior.distance(dot) < clear:
                disk = dot.buffer(clear + margin, quad_segs=2)
                area = largest(area.union(disk) if area.contains(dot) else area.difference(disk))
                changed = True
        if segments:
            for a, b in zip(seg_a, seg_b, strict=True):
                seg = LineString([a, b])
                if area.contains(Point(a)) or area.contains(Point(b)):
                    continue
                if area.distance(seg) >= CLEAR_SEGMENT:
                    continue
                inside = area.intersection(seg)
                if inside.length >= MIN_CROSS:
                    continue
                split = area.difference(seg.buffer(1e-6))
                if inside.length > 0 and split.geom_type == "MultiPolygon":
                    area = largest(area.union(inside.buffer(MIN_CROSS / 2 + margin, quad_segs=2)))
                else:
                    area = largest(area.difference(seg.buffer(CLEAR_SEGMENT + margin, quad_segs=2)))
                changed = True
        if not changed:
            area = area.simplify(margin / 2)
            return rounded([unplane(v) for v in area.exterior.coords])
    raise SystemExit(f"cannot keep the polygon at {coords[0]} clear of the lattice")


def neighbours(p: tuple[int, int]) -> list[tuple[int, int]]:
    """The six points next to ``p`` (some may be off the lattice)."""
    col, row = p
    shift = row & 1
    lo, hi = col - 1 + shift, col + shift
    return [
        (col - 1, row), (col + 1, row), (lo, row - 1), (hi, row - 1), (lo, row + 1), (hi, row + 1)
    ]


def lake_overrides(
    land: Polygon, lakes: list[tuple[str, Polygon]], points: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], tuple[int, int], str, str]]:
    """Overrides for the segments whose middle lies in a lake (see STRAITS)."""
    straits = [(name, plane(to_lattice(*at))) for name, at in STRAITS]
    on_board = set(points)
    out = []
    for a in points:
        for b in neighbours(a):
            if b not in on_board or b < a:
                continue
            (xa, ya), (xb, yb) = lattice_xy(a), lattice_xy(b)
            middle = Point((xa + xb) / 2, (ya + yb) / 2)
            lake = next((name for name, geom in lakes if geom.contains(middle)), None)
            if lake is None or not land.intersects(middle):
                continue
            strait = next(
                (name for name, xy in straits if math.dist(plane((middle.x, middle.y)), xy) < 0.6),
                None,
            )
            if strait:
                out.append((a, b, "double", strait))
            else:
                out.append((a, b, "none", f"across open {lake}"))
    return out


def check(
    land: list[tuple[float, float]],
    lakes: list[tuple[str, list[tuple[float, float]]]],
    mountains: list[tuple[str, list[tuple[float, float]]]],
    rivers: list[tuple[str, list[tuple[float, float]]]],
    at: dict[str, tuple[int, int]],
) -> list[str]:
    """What is wrong with the drawings as they will be written (rounded): nothing, we hope."""
    problems: list[str] = []
    for name, ring in [("land", land), *lakes, *mountains]:
        if not Polygon(ring).is_valid:
            problems.append(f"the polygon of {name} crosses itself")
    grid, seg_a, seg_b = lattice_geometry()
    slack = 0.01  # rounding to 2 decimals moves a vertex by less than this
    drawings = [(n, r, True) for n, r in lakes + mountains] + [(n, r, False) for n, r in rivers]
    for name, coords, closed in [("land", land, True), *drawings]:
        line = plane_geometry(coords + coords[:1] if closed else coords, polygon=False)
        clear = COAST_CLEAR if name == "land" else CLEAR_POINT
        for xy in grid:
            if line.distance(Point(xy)) < clear - slack:
                problems.append(f"{name} passes close to the point at {unplane(tuple(xy))}")
        if name == "land":
            continue
        area = plane_geometry(coords, polygon=True) if closed else None
        for a, b in zip(seg_a, seg_b, strict=True):
            seg = LineString([a, b])
            if area is not None and (area.contains(Point(a)) or area.contains(Point(b))):
                continue
            gap = line.distance(seg)
            cut = area.intersection(seg).length if area is not None else 0.0
            if 0 < gap < CLEAR_SEGMENT - slack or 0 < cut < MIN_CROSS - slack:
                where = f"{unplane(tuple(a))}-{unplane(tuple(b))}"
                problems.append(f"{name} is a near thing for the segment {where}")
        if not closed:
            for v in coords:
                q = nearest_on_segments(np.array(plane(v)), seg_a, seg_b)
                if np.hypot(*(q - plane(v)).T).min() < CLEAR_SEGMENT - slack:
                    problems.append(f"the bend {v} of {name} is close to a segment")
    lines = dict(rivers)
    for name, into in TRIBUTARIES.items():
        if lines[name][-1] not in lines[into]:
            problems.append(f"the {name} does not end on the {into}")
    for name, ring in mountains:
        for city, p in at.items():
            if Polygon(ring).intersects(Point(lattice_xy(p))):
                problems.append(f"{city} {list(p)} is in the {name}")
    if len(set(at.values())) != len(CITIES):
        problems.append("two cities share a point")
    return problems


def build() -> dict:
    """The board as plain data, checked."""
    land = clear_area(land_polygon(), segments=False, clear=COAST_CLEAR)
    lakes = [(name, clear_area(ring, segments=True)) for name, ring in lake_polygons()]
    points = on_board_points(Polygon(land), [Polygon(ring) for _name, ring in lakes])
    at = snap_cities(points)
    # The lakes move with the cities on their shores too; snap again until that settles.
    for _ in range(5):
        lakes = [(name, clear_area(warp(ring, at), segments=True)) for name, ring in LAKES]
        points = on_board_points(Polygon(land), [Polygon(ring) for _name, ring in lakes])
        again = snap_cities(points)
        if again == at:
            break
        at = again
    else:
        raise SystemExit("snapping the cities does not settle")
    mountains = [(name, clear_area(warp(ring, at), segments=True)) for name, ring in MOUNTAINS]
    rivers = [(name, clear_line(warp(line, at))) for name, line in RIVERS]

    problems = check(land, lakes, mountains, rivers, at)
    if problems:
        raise SystemExit("\n".join(problems))
    overrides = lake_overrides(
        Polygon(land), [(name, Polygon(ring)) for name, ring in lakes], points
    )
    return {
        "land": land,
        "lakes": lakes,
        "mountains": mountains,
        "rivers": rivers,
        "at": at,
        "overrides": overrides,
    }


# --------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------


def number(v: float) -> str:
    """A coordinate as written: 2 decimals at most, integers without '.0'."""
    v = round(v, 2) + 0.0
    return str(int(v)) if v == int(v) else repr(v)


def text(s: str) -> str:
    """A string as a YAML scalar that is safe inside a flow mapping."""
    plain = (
        s
        and s == s.strip()
        and not any(ch in s for ch in ",[]{}#&*!|>'\"%@`")
        and ": " not in s
        and not s.endswith(":")
        and s[0] not in "-?:"
        and yaml.safe_load(s) == s
    )
    return s if plain else json.dumps(s, ensure_ascii=False)


def vertices(coords: list[tuple[float, float]], indent: int) -> list[str]:
    pad = " " * indent
    return [f"{pad}- [{number(x)}, {number(y)}]" for x, y in coords]


def render(board: dict) -> str:
    """The map file, in the canonical layout of maps/README.md."""
    order = {name: i for i, (name, _fill) in enumerate(COLORS)}
    lines = [
        "# yaml-language-server: $schema=map.schema.json",
        "format: 1",
        "kind: lattice",
        f"name: {text(NAME)}",
        f"description: {text(DESCRIPTION)}",
        "author: rail-workbench",
        "license: CC0-1.0",
        f"lattice: {{columns: {COLUMNS}, rows: {ROWS}}}",
        "deck: {per_color: 7, dashed_per_color: 2}",
        "colors:",
        *(f'  - {{name: {name}, fill: "{fill}"}}' for name, fill in COLORS),
        "land:",
        "  - name: Contiguous United States",
        "    polygon:",
        *vertices(board["land"], 6),
        "terrain:",
    ]
    features = (
        [(name, "water", "polygon", ring) for name, ring in board["lakes"]]
        + [(name, "mountain", "polygon", ring) for name, ring in board["mountains"]]
        + [(name, "water", "line", line) for name, line in board["rivers"]]
    )
    for name, terrain, shape, coords in features:
        lines += [f"  - name: {text(name)}", f"    type: {terrain}", f"    {shape}:"]
        lines += vertices(coords, 6)
    lines.append("cities:")
    cities = sorted(CITIES, key=lambda c: (order[c[1]], c[0]))
    for name, color, _lat, _lon, dashed in cities:
        col, row = board["at"][name]
        lines.append(
            f"  - {{name: {text(name)}, color: {color}, at: [{col}, {row}],"
            f" dashed: {'true' if dashed else 'false'}}}"
        )
    if board["overrides"]:
        lines.append("segments:")
        for a, b, kind, note in sorted(board["overrides"]):
            between = f"[[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]"
            terrain = ", terrain: water" if kind == "double" else ""
            extra = f", note: {text(note)}" if note else ""
            lines.append(f"  - {{between: {between}, type: {kind}{terrain}{extra}}}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if the map file is out of date"
    )
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    board = build()
    out = render(board)
    yaml.safe_load(out)  # the output must parse
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != out:
            print(f"{args.output} is out of date: run {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(out, encoding="utf-8")
    moved = max(
        math.dist(plane(to_lattice(lat, lon)), plane(lattice_xy(board["at"][name])))
        for name, _color, lat, lon, _dashed in CITIES
    )
    print(f"wrote {args.output} ({len(CITIES)} cities, farthest snap {moved:.2f} steps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
