"""Shared fixtures: the shipped boards, loaded once per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workbench import Board, load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SHIPPED = sorted(
    p for p in MAPS.glob("*.yaml") if "\nkind: cards\n" not in p.read_text(encoding="utf-8")[:2000]
)  # the boards; card sets (kind: cards) are checked in tests/games/transorient_express

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
