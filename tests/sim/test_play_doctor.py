"""The play doctor: its race, its seeds and its plans."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sim.test_playtest import small_board
from workbench.games.ticket_to_ride import TTRRules
from workbench.sim import doctor
from workbench.sim.doctor import FRESH, PlayObjective, play_plan, successive_halving

RULES = TTRRules(cars=12, start_long=0)


@given(
    count=st.integers(1, 17),
    first=st.integers(1, 8),
    truth=st.lists(st.floats(0, 1, allow_nan=False), min_size=18, max_size=18),
)
@settings(max_examples=60, deadline=None)
def test_successive_halving_keeps_the_best_when_scores_are_exact(
    count: int, first: int, truth: list[float]
) -> None:
    best, _, base, games = successive_halving(count, first, lambda i, n, r: truth[i + 1])
    assert truth[best + 1] == min(truth[1 : count + 1])
    assert base == truth[0] and games[-1] == max(games[i] for i in range(count))
    # a candidate dropped at rung r played first * (2**(r+1) - 1) games
    for i in range(count):
        rungs = math.log2(games[i] / first + 1)
        assert rungs == int(rungs)


def test_a_noisy_race_spends_its_games_on_the_better_half() -> None:
    rng = np.random.default_rng(5)
    truth = [0.2, 0.35, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9]  # candidate 0 is the best
    wins: dict[int, list[float]] = {}

    def play(i: int, games: int, rung: int) -> float:
        p = 0.5 if i < 0 else truth[i]
        wins.setdefault(i, []).extend(rng.random(games) < p)
        return float(np.mean(wins[i]))

    best, _, _, games = successive_halving(len(truth), 40, play)
    assert best == 0
    assert games[7] == 40 and games[0] > 4 * games[7]


class Recorder:
    """Wraps the doctor's ``simulate`` and notes the seed and board of every run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[int, Any, int]] = []
        real = doctor.simulate

        def spy(board: Any, *args: Any, **kw: Any) -> Any:
            self.calls.append((kw["seed"], board, kw["games"]))
            return real(board, *args, **kw)

        monkeypatch.setattr(doctor, "simulate", spy)


def test_the_plan_is_checked_on_seeds_the_search_never_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = Recorder(monkeypatch)
    found = play_plan(
        small_board(),
        players=2,
        bots=["greedy", "random"],
        rules=RULES,
        edits=2,
        candidates=4,
        games_budget=80,
        fresh_games=10,
        seed=7,
        objective=PlayObjective(bot=1.0, min_n=1),
    )
    fresh = [c for c in spy.calls if c[0] == 7 + FRESH]
    searched = [c for c in spy.calls if c[0] != 7 + FRESH]
    assert found.fresh_seed == 7 + FRESH
    assert len(fresh) == (2 if found.steps else 1) and all(c[2] == 10 for c in fresh)
    assert searched and all(7 < c[0] < 7 + FRESH for c in searched)
    assert fresh[0][1] is found.original or fresh[0][1] == found.original
    # common random numbers: on every seed of the search, the current board played the same
    # number of games as each candidate it raced
    by_seed: dict[int, set[int]] = {}
    for s, _, n in searched:
        by_seed.setdefault(s, set()).add(n)
    assert all(len(sizes) == 1 for sizes in by_seed.values())


def test_the_same_arguments_give_the_same_plan() -> None:
    kwargs: dict[str, Any] = dict(
        players=2,
        bots=["greedy", "random"],
        rules=RULES,
        edits=1,
        candidates=3,
        games_budget=40,
        fresh_games=8,
        seed=2,
        objective=PlayObjective(bot=1.0, min_n=1),
    )
    a = play_plan(small_board(), **kwargs)
    b = play_plan(small_board(), **kwargs, workers=2)
    assert [str(e) for e in a.edits] == [str(e) for e in b.edits]
    assert a.fresh_after.gaps == b.fresh_after.gaps and a.board == b.board


def test_a_stop_keeps_the_plan_so_far_and_still_checks_it() -> None:
    asked = {"n": 0}

    def stop() -> bool:
        asked["n"] += 1
        return asked["n"] > 3

    found = play_plan(small_board(), players=2, bots=["random"], rules=RULES, edits=3,
                      candidates=4, games_budget=90, fresh_games=6, stop=stop,
                      objective=PlayObjective(seat=1.0, min_n=1))  # fmt: skip
    assert found.stopped and found.fresh_before.games == 6


def test_objectives_are_data() -> None:
    assert PlayObjective.from_text("seat=1, min_n=10") == PlayObjective(seat=1.0, min_n=10)
    with pytest.raises(ValueError, match="unknown weight 'speed'"):
        PlayObjective.from_text("speed=1")
    with pytest.raises(ValueError, match="give a number"):
        PlayObjective.from_text("seat=high")


def test_a_rare_groups_lucky_games_count_for_little_when_the_race_shrinks() -> None:
    import pandas as pd

    from workbench.sim.doctor import _gap

    table = pd.DataFrame(
        {"group": ["common", "other", "rare"], "n": [1000, 1000, 3], "rate": [0.25, 0.30, 1.0]}
    )
    assert _gap(table, 30) == pytest.approx(0.05)  # the rare group left out
    shrunk = _gap(table, 30, shrink=True)
    mean = (250 + 300 + 3) / 2003
    rare = (3 + 30 * mean) / 33
    drawn = np.array([(250 + 30 * mean) / 1030, (300 + 30 * mean) / 1030, rare])
    assert shrunk == pytest.approx(np.sqrt(12) * drawn.std())  # numpy's population std
    assert 0.05 < shrunk < 0.75  # counted, but far from its raw 0.75
    # evenly spread groups: the stand-in is the range
    even = pd.DataFrame({"group": list("abcdefghij"), "n": [10**6] * 10,
                         "rate": np.linspace(0.1, 0.3, 10)})  # fmt: skip
    assert _gap(even, 1, shrink=True) == pytest.approx(0.2, rel=0.11)


def test_the_command_line_writes_the_play_plans_board(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from workbench import load_map
    from workbench.cli import main

    out = tmp_path / "fixed.yaml"
    common = ["doctor", "maps/tiny.yaml", "--objective", "play", "--edits", "1", "-q"]
    budget = ["--games-budget", "12", "--fresh-games", "4", "--weights", "seat=1,min_n=1"]
    assert main([*common, "--players", "2", *budget, "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "fresh games (seed 1000003, never used by the search)" in text
    assert load_map(out).name == "Tiny Island"
    assert main([*common, "--players", "2,3", *budget, "--out", str(tmp_path / "x.yaml")]) == 1
    assert "plays one player count" in capsys.readouterr().err
    assert not (tmp_path / "x.yaml").exists()


def test_a_failed_race_tries_the_next_candidates_then_the_budget_ends_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import workbench.sim.doctor as doctor

    races: list[int] = []

    def race(count: int, first_batch: int, play):  # type: ignore[no-untyped-def]
        races.append(count)
        base, _ = play(-1, 2, 0), play(0, 2, 0)
        # the first race's winner is no better than the board; the others are
        won = len(races) > 1
        return 0, {0: base - 1 if won else base + 1}, base, {-1: 2, 0: 2}

    monkeypatch.setattr(doctor, "successive_halving", race)
    found = doctor.play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=2,
                             candidates=2, games_budget=40, fresh_games=2, against_cost=False,
                             objective=PlayObjective(seat=1.0))  # fmt: skip
    assert races == [2, 2, 2]  # step 1: a failed race and its retry; step 2: one race
    assert [s.rank for s in found.steps] == [2, 0]  # the retry's first candidate won
    assert found.games_played == 12
    # a budget of one step's games: no retry, and the failed race ends the search
    races.clear()
    found = doctor.play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=1,
                             candidates=2, games_budget=4, fresh_games=2, against_cost=False,
                             objective=PlayObjective(seat=1.0))  # fmt: skip
    assert races == [2] and found.steps == ()


@pytest.mark.parametrize("cost_plays_better", [True, False])
def test_the_cost_doctors_plan_is_kept_only_when_it_plays_better(
    monkeypatch: pytest.MonkeyPatch, cost_plays_better: bool
) -> None:
    import workbench.sim.doctor as doctor
    from workbench import load_map
    from workbench.analysis.doctor import MoveCity

    tiny = load_map("maps/tiny.yaml")
    city = tiny.cities[0]
    edit = MoveCity(city.name, city.at, next(p for p in tiny.points if p not in
                                              {c.at for c in tiny.cities}))  # fmt: skip
    moved = edit.apply(tiny)
    monkeypatch.setattr(doctor, "_cost_plan", lambda *a: [(edit, moved)])
    monkeypatch.setattr(doctor, "successive_halving", lambda c, f, play: (0, {0: 9.0}, 0.0, {}))
    scored: list[tuple[int, int]] = []

    def final(self, i: int, games: int, rung: int) -> float:  # type: ignore[no-untyped-def]
        scored.append((i, games))
        return {0: 0.5, 1: 0.2 if cost_plays_better else 0.8}[i]

    monkeypatch.setattr(doctor._Race, "__call__", final)
    found = doctor.play_plan(tiny, players=2, bots=["random"], edits=1, candidates=2,
                             games_budget=40, fresh_games=2,
                             objective=PlayObjective(seat=1.0))  # fmt: skip
    assert scored == [(0, 10), (1, 10)]  # the last race: half of a step's 20 games each
    if cost_plays_better:
        assert found.source == "cost" and found.board == moved
        assert [str(e) for e in found.edits] == [str(edit)]
        assert "The cost doctor's plan played better" in found.text()
    else:
        assert found.source == "play" and found.board == tiny and found.steps == ()
