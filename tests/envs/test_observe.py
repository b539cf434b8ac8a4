"""Observation tensors: made from what a seat may see, so hidden cards never show."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.envs.test_codec import game_of
from workbench.envs.observe import observation_encoder
from workbench.games import GAMES, sample_chance


def random_states(name: str, players: int, seed: int, every: int, steps: int) -> list[Any]:
    """Copies of the states of one random game, one every ``every`` steps."""
    game = game_of(name, players, seed)
    rng = np.random.default_rng(seed)
    state = game.new_state()
    out = []
    for step in range(steps):
        if state.is_terminal():
            break
        if step % every == 0:
            out.append(state.copy())
        if state.to_play is None:
            state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return out


def other_hands_differ(name: str, a: Any, b: Any, seat: int) -> bool:
    """The two states hold different cards in some other seat's hand."""
    hands = {
        "trans_europa": lambda s: s.hands,
        "ticket_to_ride": lambda s: s.hands,
        "transorient_express": lambda s: s.hands,
    }[name]
    return any(
        tuple(x) != tuple(y)
        for i, (x, y) in enumerate(zip(hands(a), hands(b), strict=True))
        if i != seat
    )


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_hidden_cards_of_another_seat_do_not_change_the_tensor(name: str, seed: int) -> None:
    """A determinization (the protocol's sample_state) redraws what the seat cannot see:
    another seat's hand, the piles. The seat's tensor must not change; the other seats'
    tensors must change where their own hands were redrawn (so the test can fail)."""
    players = 3
    encoder = observation_encoder(game_of(name, players))
    rng = np.random.default_rng(seed)
    differed = 0
    for state in random_states(name, players, seed, every=17, steps=300):
        seat = int(rng.integers(players))
        fake = state.game.sample_state(state.observation(seat), rng)
        mine = encoder.encode(state.observation(seat))
        assert np.array_equal(mine, encoder.encode(fake.observation(seat)))
        if other_hands_differ(name, state, fake, seat):
            other = (seat + 1) % players
            differed += not np.array_equal(
                encoder.encode(state.observation(other)), encoder.encode(fake.observation(other))
            )
    assert differed > 0


@pytest.mark.parametrize("name", list(GAMES))
def test_the_tensor_is_relative_to_the_seat_and_shows_its_hand(name: str) -> None:
    game = game_of(name, 3, seed=4)
    encoder = observation_encoder(game)
    state = random_states(name, 3, 4, every=50, steps=120)[-1]
    for seat in range(3):
        obs = state.observation(seat)
        views = encoder.views(encoder.encode(obs))
        # row 0 of a per-seat section is the observing seat
        assert views["hand_sizes"][0] == obs.hand_sizes[seat]
        assert views["hand_sizes"][1] == obs.hand_sizes[(seat + 1) % 3]
        assert views["hand"].sum() == (sum(obs.hand) if name == "ticket_to_ride" else len(obs.hand))


def test_sections_lay_end_to_end() -> None:
    encoder = observation_encoder(game_of("ticket_to_ride", 4))
    sizes = [int(np.prod(shape)) for _, shape in encoder.sections]
    assert sum(sizes) == encoder.size
    starts = [encoder.slices[name].start for name, _ in encoder.sections]
    assert starts == list(np.cumsum([0, *sizes[:-1]]))
    assert encoder.describe(np.zeros(encoder.size, np.float32)).startswith("phase: flags:")
