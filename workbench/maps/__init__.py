"""Lattice boards: geometry, the Board model, checking, and YAML loading and saving."""

from workbench.maps.board import (
    SEGMENT_TYPES,
    TERRAINS,
    Area,
    Board,
    CardColor,
    City,
    Deck,
    Feature,
    Lattice,
    Segment,
    SegmentOverride,
)
from workbench.maps.check import check_board
from workbench.maps.io import check_map, dumps_map, load_map, loads_map, save_map

__all__ = [
    "SEGMENT_TYPES",
    "TERRAINS",
    "Area",
    "Board",
    "CardColor",
    "City",
    "Deck",
    "Feature",
    "Lattice",
    "Segment",
    "SegmentOverride",
    "check_board",
    "check_map",
    "dumps_map",
    "load_map",
    "loads_map",
    "save_map",
]
