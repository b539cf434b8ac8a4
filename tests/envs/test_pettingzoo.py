"""The games as PettingZoo AEC environments and one seat as a Gymnasium environment,
checked by the frameworks' own tests."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install 'rail-workbench[rl]'"
)
gymnasium = pytest.importorskip(
    "gymnasium", reason="Gymnasium is not installed: pip install 'rail-workbench[rl]'"
)

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from workbench.envs.pettingzoo import env  # noqa: E402
from workbench.envs.single import SingleAgentEnv  # noqa: E402
from workbench.games import GAMES  # noqa: E402

# Trans Europa on the tiny board (2 players), where games end within the test's cycles
KWARGS = {
    "trans_europa": {"players": 2, "board": "maps/tiny.yaml"},
    "ticket_to_ride": {"players": 3},
    "transorient_express": {"players": 3},
}


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # the frameworks warn that a dict observation is not an array and that the Box is
    # unbounded: both are what we mean (masks travel with the observation; counts have no
    # fixed bound)
    warnings.filterwarnings("ignore", message=".*(NumPy array|infinity|probably should be).*")


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_api_test(name: str) -> None:
    api_test(env(name, **KWARGS[name]), num_cycles=200)


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: env(name, **KWARGS[name]), num_cycles=100)


@pytest.mark.parametrize("name", list(GAMES))
def test_gymnasium_check_env(name: str) -> None:
    check_env(SingleAgentEnv(name, opponents="greedy", **KWARGS[name]), skip_render_check=True)


def test_a_whole_episode_ends_with_zero_sum_rewards() -> None:
    e = env("transorient_express", players=3)
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, cut, _ = e.last()
        totals[agent] += reward
        if done or cut:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() > 0
        assert obs["observation"].dtype == np.float32
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert e.table.state.is_terminal()
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_a_new_seed_deals_anew_and_the_same_seed_the_same() -> None:
    e = env("trans_europa", players=2, board="maps/tiny.yaml")
    e.reset(seed=1)
    first = e.observe("player_0")["observation"]
    e.reset(seed=1)
    assert np.array_equal(first, e.observe("player_0")["observation"])
    hands = set()
    for seed in range(6):
        e.reset(seed=seed)
        hands.add(e.table.state.observation(0).hand)
    assert len(hands) > 1


def test_an_illegal_action_costs_and_changes_nothing() -> None:
    single = SingleAgentEnv("transorient_express", players=2, opponents=["random"])
    obs, info = single.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, done, cut, info2 = single.step(illegal)
    assert reward == -1.0 and info2["illegal"] and not done and not cut
    assert np.array_equal(obs, again)
    assert np.array_equal(single.action_masks(), info["action_mask"])


def test_a_whole_single_agent_episode_against_bots() -> None:
    single = SingleAgentEnv("ticket_to_ride", seat=1, players=2, opponents="planner")
    _, info = single.reset(seed=4)
    rng = np.random.default_rng(4)
    done = cut = False
    reward = 0.0
    while not (done or cut):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, done, cut, info = single.step(action)
    assert done and reward in (-0.5, 0.0, 0.5)
    with pytest.raises(ValueError, match="call reset"):
        single.step(0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat is 3"):
        SingleAgentEnv("transorient_express", seat=3, players=2)
    with pytest.raises(ValueError, match="opponents has 2 bots"):
        SingleAgentEnv("transorient_express", players=2, opponents=["random", "greedy"])
    with pytest.raises(ValueError, match="no bot 'gredy'"):
        SingleAgentEnv("transorient_express", players=2, opponents="gredy")
    e = env("transorient_express", players=2)
    e.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0]))
