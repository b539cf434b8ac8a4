"""Observations made by the state leave some parts to be made when read: what is read is
what an observation made in full at that moment holds, even after the state moved on."""

from __future__ import annotations

import dataclasses
import pickle

import numpy as np
import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.games.trans_europa import (
    NextRound,
    Observation,
    Rules,
    TransEuropa,
    TransEuropaState,
)


def in_full(state: TransEuropaState, player: int) -> Observation:
    """The observation built field by field through the dataclass's own constructor."""
    pieces = tuple(sorted(state.pieces.items()))
    step = ""
    if state.step is not None:
        kind, arg = state.step
        step = {"draft": f"draft {arg}", "pass": f"pass {arg} of "
                f"{state.round_rules.pass_one_times}"}.get(kind, kind)  # fmt: skip
    color, rank = state.game.city_colors, state.game.color_rank
    return Observation(
        player=player,
        round=state.round,
        phase=state.phase,
        to_play=state.to_play,
        starter=state.starter,
        lap=state.lap,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        markers=state.markers,
        rails=state.rails,
        rails_left=state.rails_left,
        placed=state.placed,
        round_ending=state.round_ending,
        scores=state.scores(),
        results=state.results,
        legal_actions=tuple(state.legal_actions()) if state.to_play == player else (),
        rules=state.round_rules,
        cards=state.cards,
        chosen=() if state.pending[player] is None else (state.pending[player],),
        seen=tuple(sorted(state.seen[player])),
        revealed=state.revealed(),
        hand_colors=tuple(
            tuple(sorted((color[c] for c in h), key=rank.__getitem__)) for h in state.hands
        ),
        colored_left=state.colored_left,
        pieces=pieces,
        step=step,
    )


RULES = [
    Rules(),
    Rules(discard_one=True, pass_one_times=2, draft_extra=("pink",), reveal=("brown",)),
    Rules(colored_rails=2, ferry_rails=2),
]


@pytest.mark.parametrize("rules", RULES, ids=["rulebook", "exchanges", "colored"])
def test_observations_equal_the_full_ones_read_late(rules: Rules) -> None:
    game = TransEuropa(load_map(MAPS / "tiny.yaml"), rules, players=2, seed=5)
    state = game.new_state()
    rng = np.random.default_rng(1)
    kept: list[tuple[Observation, Observation]] = []
    for _ in range(120):
        if state.is_terminal():
            break
        for seat in range(game.players):
            kept.append((state.observation(seat), in_full(state, seat)))
        actions = state.legal_actions() or [NextRound()]
        state.apply(actions[int(rng.integers(len(actions)))])
    assert len(kept) > 100
    for lazy, full in kept:  # read only now, long after the state moved on
        assert lazy == full
        assert (lazy.seen, lazy.pieces, lazy.step) == (full.seen, full.pieces, full.step)
        assert repr(lazy) == repr(full)
    if rules.pass_one_times:  # the exchanges' steps were read too
        assert {full.step for _, full in kept} >= {"discard", "pass 1 of 2", "pass 2 of 2"}
    if rules.colored_rails:
        assert any(full.pieces for _, full in kept)


def test_a_lazy_observation_pickles_and_replaces() -> None:
    state = TransEuropa(load_map(MAPS / "tiny.yaml"), players=2, seed=2).new_state()
    obs = state.observation(0)
    again = pickle.loads(pickle.dumps(obs))
    assert again == obs and again.seen == obs.seen
    assert dataclasses.replace(obs, step="x").step == "x"
    assert dataclasses.replace(obs).seen == tuple(sorted(state.seen[0]))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        obs.nothing  # noqa: B018
