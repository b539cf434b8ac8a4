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


# ---------------------------------------------------- route boards, card sets, saves (issue 32)

from tests.fuzz import (  # noqa: E402
    CARD_SETS,
    mutate_data,
    mutate_saved,
    replays_on,
    route_seeds,
    saved_games,
    verdicts,
)

ROUTE_TEXTS = route_seeds()
CARD_TEXTS = [p.read_text("utf-8") for p in CARD_SETS]
FEWER = settings(FUZZ, max_examples=60)


def check_agrees(path) -> list:  # type: ignore[no-untyped-def]
    """Check's verdict is every loader's, and every problem is located and printable."""
    problems, refused = verdicts(path)
    errors = any(p.severity == "error" for p in problems)
    assert set(refused.values()) <= {errors}, (problems[:3], refused)
    for p in problems:
        str(p).encode("utf-8")
    return problems


@FEWER
@given(st.sampled_from(ROUTE_TEXTS[1:] * 3 + ROUTE_TEXTS[:1]), st.randoms(use_true_random=False))
def test_mutated_route_boards_get_one_verdict(tmp_path_factory, text: str, rng) -> None:
    from workbench.maps.routes_io import dumps_routes, loads_routes

    path = tmp_path_factory.mktemp("routes") / "board.yaml"
    path.write_bytes(mutate_data(text, rng).encode("utf-8", "surrogatepass"))
    problems = check_agrees(path)
    if not any(p.severity == "error" for p in problems):
        board = loads_routes(path.read_bytes())
        assert loads_routes(dumps_routes(board)) == board
        replays_on(board, rng.randrange(100))


@FEWER
@given(st.sampled_from(CARD_TEXTS), st.randoms(use_true_random=False))
def test_mutated_card_sets_get_one_verdict(tmp_path_factory, text: str, rng) -> None:
    from workbench.games.transorient_express.cards import dumps_cards, loads_cards

    path = tmp_path_factory.mktemp("cards") / "cards.yaml"
    path.write_bytes(mutate_data(text, rng).encode("utf-8", "surrogatepass"))
    problems = check_agrees(path)
    if not problems:
        cards = loads_cards(path.read_bytes())
        assert loads_cards(dumps_cards(cards)) == cards


SAVES = saved_games()


@settings(FUZZ, max_examples=150)
@given(st.sampled_from(range(len(SAVES))), st.randoms(use_true_random=False))
def test_damaged_saves_of_every_game_raise_value_error(i: int, rng) -> None:
    from workbench.games.record import load_record

    _, board, record = SAVES[i]
    try:
        load_record(mutate_saved(record, rng), board=board)
    except ValueError as e:
        assert str(e)
