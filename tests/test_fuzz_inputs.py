"""Fuzzing in the suite: mutated maps, rules files and saved games get a clean error or a
clean pass, never an exception (the long run is ``benchmarks/fuzz_inputs.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import MAPS, mutate_record, mutate_text, read_map_text, rules_seeds
from workbench import MapError, load_map
from workbench.exceptions import RulesError
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa import load_game, save_game
from workbench.games.trans_europa.rules_io import loads_rules
from workbench.maps.io import loads_map

TEXTS = {path.name: path.read_text(encoding="utf-8") for path in MAPS}
RULES = rules_seeds()
FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_map_text(text: str) -> None:
    """The fuzz property of a map file: problems or a board, and a board saves as it loads."""
    board, problems, dumps = read_map_text(text)
    for p in problems:  # every problem is located and printable
        assert p.line >= 1 and p.column >= 1, p
        str(p).encode("utf-8")
    errors = [p for p in problems if p.severity == "error"]
    if board is not None and not errors:
        assert loads_map(dumps(board)) == board  # saving writes what loading reads
    else:
        with pytest.raises(MapError):
            loads_map(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.sampled_from(["tiny.yaml"] * 4 + sorted(TEXTS)), st.randoms(use_true_random=False))
def test_mutated_maps_get_a_clean_answer(name: str, rng: random.Random) -> None:
    check_map_text(mutate_text(TEXTS[name], rng))


@FUZZ
@given(st.sampled_from(RULES), st.randoms(use_true_random=False))
def test_mutated_rules_files_get_a_clean_answer(text: str, rng: random.Random) -> None:
    mutated = mutate_text(text, rng)
    try:
        rules = loads_rules(mutated.encode("utf-8", "surrogatepass"))
    except RulesError as e:
        assert e.problems and all(p.line >= 1 for p in e.problems)
    else:
        assert rules.pass_one_times <= 20 and rules.target <= 1000


@pytest.fixture(scope="module")
def record() -> tuple[dict, object]:
    board = load_map("maps/tiny.yaml")
    state = Game(board, players=2, seed=3).new_state()
    for _ in range(12):
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    return save_game(state), board


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_tampered_saved_games_raise_value_error(record: tuple[dict, object], rng) -> None:
    saved, board = record
    tampered = mutate_record(saved, rng)
    try:
        load_game(tampered, board)
    except ValueError as e:
        assert str(e)
    else:
        assert tampered == saved or all(tampered.get(k) == v for k, v in saved.items())
