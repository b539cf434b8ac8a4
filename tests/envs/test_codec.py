"""The integer numbering of actions: fixed for a data file, both ways, every legal action."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.envs.codec import ActionCodec, action_codec
from workbench.games import GAMES, sample_chance

# The numbering of each shipped file, pinned: a change here changes every trained policy
# and saved OpenSpiel game of that file, so it must be deliberate (update docs/rl.md too).
PINNED = {
    "trans_europa": (
        2194,
        1,
        "6a6c3bfcd8537c7f3d5d070e3113c40f27624d54688982bc5f9a26f8508c6548",
    ),
    "ticket_to_ride": (
        3597,
        55,
        "f54c4e58bf4b392ef1596504f2777f18101eabd6d0c7bea5249cb9a644204bce",
    ),
    "transorient_express": (
        181,
        116,
        "a68c8b507ce7c17c0a2fe2efe6f7731a09169aadab9ae890b8344f672ccff60a",
    ),
}
SPOTS = {
    "trans_europa": {0: "M 0,21", 357: "R 0,21-1,20", 2193: "P Zurich"},
    "ticket_to_ride": {0: "take red", 9: "blind", 13: "claim Amsterdam-Bruxelles 1black"},
    "transorient_express": {0: "take 1", 14: "master 5", 159: "pass", 180: "return black"},
}


DATA: dict[str, object] = {}


def data(name: str) -> object:
    """The shipped board or card set, loaded once."""
    if name not in DATA:
        DATA[name] = GAMES[name].board()
    return DATA[name]


def game_of(name: str, players: int | None = None, seed: int = 0, rules: str | None = None) -> Any:
    return GAMES[name].new_game(players=players, seed=seed, rules=rules, board=data(name))


@pytest.mark.parametrize("name", list(GAMES))
def test_the_shipped_numbering_is_pinned(name: str) -> None:
    codec = action_codec(game_of(name))
    actions, chance, digest = PINNED[name]
    assert (codec.num_distinct_actions, codec.num_chance_outcomes) == (actions, chance)
    assert codec.digest() == digest
    for index, text in SPOTS[name].items():
        assert codec.text(index) == text


@pytest.mark.parametrize("name", list(GAMES))
def test_the_numbering_is_the_same_for_every_player_count_and_preset(name: str) -> None:
    info = GAMES[name]
    digests = set()
    for n in range(info.players[0], info.players[1] + 1):
        for preset in info.presets:
            try:
                game = game_of(name, n, rules=preset)
            except ValueError:  # a preset for other player counts
                continue
            digests.add(action_codec(game).digest())
    assert digests == {PINNED[name][2]}


def playout(name: str, players: int, seed: int, steps: int) -> None:
    """A random game; at each decision every legal action has a distinct number that
    leads back to it, and the mask has exactly those numbers."""
    game = game_of(name, players, seed)
    codec = action_codec(game)
    rng = np.random.default_rng(seed)
    state = game.new_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.to_play is None:
            for outcome, _p in state.chance_outcomes():
                assert codec.chance_outcome(codec.chance_index(outcome)) == outcome
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        ids = codec.legal_indices(legal, sort=False)
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < codec.num_distinct_actions for i in ids)
        mask = codec.mask(legal)
        assert mask.sum() == len(legal) and all(mask[ids])
        obs = state.observation(state.to_play)
        offer = getattr(obs, "offered", None)
        for i, a in zip(ids, legal, strict=True):
            assert codec.action(i, legal) == a
            assert codec.index(a, offer) == i
            if i < codec.keep_base:
                assert game.parse_action(codec.text(i)) == a
            else:
                assert game.parse_action(codec.text(i, offer)) == a
        state.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_every_legal_action_has_a_number_both_ways(name: str, seed: int, players: int) -> None:
    low, high = GAMES[name].players
    playout(name, min(max(players, low), high), seed, steps=250)


def test_a_keep_is_numbered_by_its_place_in_the_offer() -> None:
    game = game_of("ticket_to_ride", 2)
    codec = action_codec(game)
    keep = game.parse_action("keep Berlin-Roma,Paris-Wien")
    offer = ["Paris-Wien", "Amsterdam-Pamplona", "Berlin-Roma"]
    assert codec.index(keep, offer) == codec.keep_base + 0b110
    assert codec.text(codec.keep_base + 0b110, offer) == "keep Berlin-Roma,Paris-Wien"
    with pytest.raises(ValueError, match="not in the offer"):
        codec.index(keep, ["Paris-Wien"])
    with pytest.raises(ValueError, match="pass offer"):
        codec.index(keep)


def test_bad_numbers_and_foreign_actions_are_refused() -> None:
    game = game_of("transorient_express", 3)
    codec = action_codec(game)
    with pytest.raises(ValueError, match=r"outside 0\.\.180"):
        codec.text(181)
    with pytest.raises(ValueError, match="not legal here"):
        codec.action(0, [game.parse_action("pass")])
    tiny = GAMES["trans_europa"].new_game(players=2, board="maps/tiny.yaml")
    europe = action_codec(game_of("trans_europa"))
    with pytest.raises(ValueError, match="another board"):
        europe.index(tiny.parse_action("M 0,0"))


def test_a_numbering_with_a_text_twice_is_refused() -> None:
    game = game_of("transorient_express", 3)
    with pytest.raises(ValueError, match="'pass' is numbered twice"):
        ActionCodec("x", ["pass", "pass"], [], game.parse_action)


def test_the_numbering_and_the_tensors_need_no_framework() -> None:
    """workbench.envs' codec, observe and table import none of the optional frameworks
    (and the workbench imports no adapter: a lint rule, TID251, says so)."""
    import subprocess
    import sys

    code = (
        "import sys, workbench, workbench.games, workbench.envs.codec, workbench.envs.observe, "
        "workbench.envs.table; "
        "print(sorted(m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"
