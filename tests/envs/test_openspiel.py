"""The games as OpenSpiel games: OpenSpiel's own random-simulation test (serialization
included) for every game and player count, determinizations and IS-MCTS."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'rail-workbench[rl]'"
)

from workbench.envs import openspiel as adapter  # noqa: E402
from workbench.games import GAMES  # noqa: E402

CASES = [
    (name, n) for name in GAMES for n in range(GAMES[name].players[0], GAMES[name].players[1] + 1)
]


def load(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(adapter.game_name(name), params)


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_openspiel_random_simulation_test(name: str, players: int) -> None:
    # whole games at the fewest players; at the other counts the first 200 moves (CI time).
    # Trans Europa played at random never ends on the full board: a whole game on the tiny
    # board below
    params: dict[str, object] = {"players": players}
    if name == "trans_europa" or players > GAMES[name].players[0]:
        params["max_moves"] = 200
    pyspiel.random_sim_test(load(name, **params), num_sims=1, serialize=True, verbose=False)


def test_a_whole_trans_europa_game_on_the_tiny_board() -> None:
    game = load("trans_europa", players=2, board="tiny", seed=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.protocol.is_terminal()  # ended by the rules, not cut off
    assert sum(state.returns()) == pytest.approx(0.0)
    assert max(state.returns()) > 0


def test_parameters_reach_the_protocol_game() -> None:
    game = load("ticket_to_ride", players=3, rules="no_stations", seed=5)
    assert game.protocol.players == 3 and game.protocol.seed == 5
    assert game.protocol.rules.name == "no_stations"
    assert game.num_distinct_actions() == 3597 and game.max_chance_outcomes() == 55
    assert game.get_type().short_name == "rail_workbench_ticket_to_ride"


def test_chance_nodes_are_chance_nodes() -> None:
    state = load("ticket_to_ride", players=2).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes][-1] == (
        "deal loco"
    )


def test_information_state_survives_a_determinization() -> None:
    """What IS-MCTS relies on: a resampled state is in the same information state for the
    resampling seat, and its own hidden things are not the others'."""
    game = load("transorient_express", players=3, seed=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(60):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=np.array(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player() if state.current_player() >= 0 else 0
    fake = state.resample(seat, np.random.default_rng(3))
    assert fake.information_state_string(seat) == state.information_state_string(seat)
    assert fake.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert fake.observation_tensor(seat) == state.observation_tensor(seat)
    assert state.information_state_string(seat) != state.information_state_string((seat + 1) % 3)
    assert fake.legal_actions() == state.legal_actions()


def test_python_callers_get_the_tensors_cpp_callers_get() -> None:
    game = load("ticket_to_ride", players=3, seed=4)
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(40):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(3):
        assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
        assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(
            state, seat
        )
    assert state.legal_actions() == pyspiel.State.legal_actions(state)
    assert state.is_chance_node() == pyspiel.State.is_chance_node(state)


def test_a_clone_is_independent_and_serialization_round_trips() -> None:
    game = load("ticket_to_ride", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.protocol.history) == len(state.protocol.history) + 1
    text = pyspiel.serialize_game_and_state(game, clone)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(clone)
    assert again.legal_actions() == clone.legal_actions()


def test_an_illegal_action_is_refused() -> None:
    state = load("transorient_express", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(game_actions(state)) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)


def game_actions(state: pyspiel.State) -> int:
    return int(state.get_game().num_distinct_actions())


@pytest.mark.parametrize("name", ["transorient_express", "ticket_to_ride"])
def test_ismcts_plays_through_the_adapter(name: str) -> None:
    game = load(name, players=2, seed=1)
    bots = [adapter.ismcts_bot(game, simulations=8, seed=s) for s in range(2)]
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    moves = 0
    while not state.is_terminal() and moves < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=np.array(probs) / sum(probs))))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 40 or state.is_terminal()


def test_a_public_only_observer_is_refused() -> None:
    game = load("transorient_express", players=2)
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(Exception, match="public-only"):
        game.make_py_observer(kind)
