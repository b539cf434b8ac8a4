"""Deterministic players for the engine's tests: the first legal action, or a seeded choice."""

from __future__ import annotations

import numpy as np

from workbench.games.trans_europa import Action, State


def first_legal(state: State, rng: np.random.Generator) -> Action:
    """The first of the state's sorted legal actions."""
    return state.legal_actions()[0]


def seeded_random(state: State, rng: np.random.Generator) -> Action:
    """A legal action chosen uniformly by ``rng``."""
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]
