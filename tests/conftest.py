"""Shared fixtures: the shipped boards, loaded once per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workbench import Board, load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
ROUTE_MAPS = sorted(p for p in MAPS.glob("*.yaml") if "\nkind: routes\n" in p.read_text("utf-8"))
"""The shipped route boards (``kind: routes``)."""
CARD_SETS = sorted(p for p in MAPS.glob("*.yaml") if "\nkind: cards\n" in p.read_text("utf-8"))
"""The shipped card sets (``kind: cards``), checked in ``tests/games/transorient_express``."""
SHIPPED = sorted(set(MAPS.glob("*.yaml")) - set(ROUTE_MAPS) - set(CARD_SETS))
"""The shipped lattice boards."""

os.chdir(ROOT)  # doctests and examples use paths relative to the checkout


@pytest.fixture(scope="session")
def tiny() -> Board:
    return load_map(MAPS / "tiny.yaml")


@pytest.fixture(scope="session")
def europe() -> Board:
    return load_map(MAPS / "trans_europa.yaml")


@pytest.fixture(scope="session")
def amerika() -> Board:
    return load_map(MAPS / "trans_amerika.yaml")
