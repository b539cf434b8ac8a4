"""Boards: lattice geometry, the Board and RouteBoard models, checking, YAML loading and
saving, and the places-and-links view both kinds share."""

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
from workbench.maps.io import check_map, dumps_map, load_lattice, load_map, loads_map, save_map
from workbench.maps.network import Link, Network, Place, lattice_network
from workbench.maps.routes import Projection, Route, RouteBoard, RouteCity, RouteDeck, Ticket

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
    "Link",
    "Network",
    "Place",
    "Projection",
    "Route",
    "RouteBoard",
    "RouteCity",
    "RouteDeck",
    "Segment",
    "SegmentOverride",
    "Ticket",
    "check_board",
    "check_map",
    "dumps_map",
    "lattice_network",
    "load_lattice",
    "load_map",
    "loads_map",
    "save_map",
]
