"""Fixtures for Transorient Express: the shipped card set, and states set up by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from workbench.games.transorient_express import (
    CardSet,
    Rules,
    TransorientExpress,
    TransorientState,
    load_cards,
)

CARDS_PATH = "maps/transorient_express.yaml"


@pytest.fixture(scope="session")
def cards() -> CardSet:
    return load_cards(CARDS_PATH)


def deal(state: TransorientState, script: Sequence[str] = ()) -> TransorientState:
    """Play the chance outcomes written in ``script`` (texts), then the first listed
    outcome at every chance node until a player is on turn."""
    queue = list(script)
    while state.to_play is None and not state.is_terminal():
        if queue:
            state.apply(state.game.parse_action(queue.pop(0)))
        else:
            state.apply(state.chance_outcomes()[0][0])
    assert not queue, f"script not used up: {queue}"
    return state


@pytest.fixture()
def new(cards: CardSet) -> Callable[..., TransorientState]:
    """``new(players, rules=None, script=())``: a game set up with the scripted draws."""

    def make(
        players: int, rules: Rules | None = None, script: Sequence[str] = ()
    ) -> TransorientState:
        game = TransorientExpress(cards, rules or Rules(), players, 0)
        return deal(game.new_state(), script)

    return make


def card(cards: CardSet, label: str) -> int:
    return cards.destination(label)
