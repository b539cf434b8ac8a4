"""Simulations shared by the tests of workbench.sim: small, seeded, on the tiny board."""

from __future__ import annotations

import pytest

from tests.conftest import MAPS
from workbench import Board
from workbench.games.trans_europa import Action, Observation
from workbench.games.trans_europa.bots import Bot
from workbench.sim import SimResult, simulate

TINY = MAPS / "tiny.yaml"


class FirstBot(Bot):
    """Plays the first legal action: a second kind of bot that is cheap and deterministic."""

    name = "first"

    def act(self, obs: Observation) -> Action:
        return obs.legal_actions[0]


@pytest.fixture(scope="session")
def randoms(tiny: Board) -> SimResult:
    """Eight games of two random bots under the rulebook."""
    return simulate(tiny, None, ["random", "random"], games=8, seed=5)


@pytest.fixture(scope="session")
def mixed(tiny: Board) -> SimResult:
    """Six games of a random bot against FirstBot under the countdown, line-up rotated."""
    return simulate(tiny, "countdown", ["random", FirstBot], games=6, seed=11)
