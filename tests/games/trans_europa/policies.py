"""Deterministic players for the engine's tests: the first legal action, or a seeded choice.

Between rounds (a chance node, ``to_play`` is ``None``) both play the one chance outcome,
``NextRound()``, without touching the generator (as ``rng.integers(1)`` did not when it was
the one legal action).
"""

from __future__ import annotations

import numpy as np

from workbench.games.trans_europa import Action, NextRound, TransEuropaState


def first_legal(state: TransEuropaState, rng: np.random.Generator) -> Action:
    """The first of the state's sorted legal actions."""
    if state.to_play is None:
        return NextRound()
    return state.legal_actions()[0]


def seeded_random(state: TransEuropaState, rng: np.random.Generator) -> Action:
    """A legal action chosen uniformly by ``rng``."""
    if state.to_play is None:
        return NextRound()
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


def first_or_next(state: TransEuropaState) -> Action:
    """The first legal action, or the next round at a chance node."""
    return NextRound() if state.to_play is None else state.legal_actions()[0]
