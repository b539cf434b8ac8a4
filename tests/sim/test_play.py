"""The tables' columns and invariants, and replaying a game from its row."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.sim.conftest import FirstBot
from workbench import Board
from workbench.exceptions import IllegalActionError
from workbench.games.tables import lineup
from workbench.games.trans_europa import Rules, TransEuropa, start_scores
from workbench.games.trans_europa.bots import RandomBot, play_game
from workbench.games.trans_europa.sim import GAME_COLUMNS, ROUND_COLUMNS, play_rows
from workbench.sim import SimResult, game_seeds, simulate


def per_round(result: SimResult) -> pd.core.groupby.DataFrameGroupBy:
    return result.rounds.groupby(["variant", "game", "round"], sort=False)


@pytest.mark.parametrize("name", ["randoms", "mixed"])
def test_columns_and_dtypes(name: str, request: pytest.FixtureRequest) -> None:
    result: SimResult = request.getfixturevalue(name)
    assert list(result.rounds.columns) == list(ROUND_COLUMNS)
    assert list(result.games.columns) == list(GAME_COLUMNS)
    for column, dtype in ROUND_COLUMNS.items():
        if dtype != "object":
            assert str(result.rounds[column].dtype) == dtype, column
    assert result.rounds.index.equals(pd.RangeIndex(len(result.rounds)))


@pytest.mark.parametrize("name", ["randoms", "mixed"])
def test_one_row_per_player_per_round(name: str, request: pytest.FixtureRequest) -> None:
    result: SimResult = request.getfixturevalue(name)
    rounds, games = result.rounds, result.games
    assert (per_round(result).size() == 2).all()
    assert set(per_round(result)["seat"].agg(tuple)) == {(0, 1)}
    counted = rounds.groupby("game").size()
    assert counted.to_list() == (2 * games["rounds"]).to_list()
    assert games["game"].to_list() == list(range(len(games)))
    assert rounds["game"].is_monotonic_increasing


@pytest.mark.parametrize("name", ["randoms", "mixed"])
def test_points_add_up_to_the_scores(name: str, request: pytest.FixtureRequest) -> None:
    result: SimResult = request.getfixturevalue(name)
    rules = result.variants[0].rules
    start = start_scores(rules, 2)[0]
    rounds = result.rounds
    running = rounds.groupby(["game", "seat"])["points"].cumsum() + start
    assert (running == rounds["score"]).all()
    last = rounds[rounds["last_round"]]
    for game, scores in zip(result.games["game"], result.games["scores"], strict=True):
        assert tuple(last[last["game"] == game].sort_values("seat")["score"]) == scores


@pytest.mark.parametrize("name", ["randoms", "mixed"])
def test_win_shares_add_up_to_one_per_game(name: str, request: pytest.FixtureRequest) -> None:
    result: SimResult = request.getfixturevalue(name)
    rounds, games = result.rounds, result.games
    assert not games["truncated"].any()
    last = rounds[rounds["last_round"]]
    assert np.allclose(last.groupby("game")["win_share"].sum(), 1.0)
    # the winner columns repeat on every round of a game
    assert (rounds.groupby(["game", "seat"])["win_share"].nunique() == 1).all()
    for _, g in games.iterrows():
        best = max(g["scores"])
        assert g["winners"] == tuple(s for s, x in enumerate(g["scores"]) if x == best)
        assert g["score_spread"] == best - min(g["scores"])


@pytest.mark.parametrize("name", ["randoms", "mixed"])
def test_round_bookkeeping(name: str, request: pytest.FixtureRequest) -> None:
    result: SimResult = request.getfixturevalue(name)
    r = result.rounds
    grouped = per_round(result)
    assert (grouped["rails_placed"].sum() == grouped["rails"].first()).all()
    assert (grouped["seat_turns"].sum() == grouped["turns"].first()).all()
    assert (r["finished"] == (r["missing"] == 0)).all()
    assert (grouped["finished"].sum() == grouped["finishers"].first()).all()
    assert (~r["passive_finish"] | r["finished"]).all()
    active = r["finished"] & ~r["passive_finish"]
    assert (active.groupby([r["game"], r["round"]]).sum() <= 1).all()
    ends = grouped.apply(
        lambda g: bool(g["finished"].any() and not (g["finished"] & ~g["passive_finish"]).any()),
        include_groups=False,
    )
    assert (ends == grouped["passive_end"].first()).all()
    assert ((r["reason"] != "complete") | (r["finishers"] >= 1)).all()
    assert set(r["reason"]) <= {"complete", "supply", "blocked"}
    rails = r.drop_duplicates(["game", "round"]).groupby("game")["rails"].sum()
    assert rails.to_list() == result.games["rails"].to_list()


def test_a_game_replays_from_its_row(tiny: Board, randoms: SimResult) -> None:
    for index in (0, 5):
        row = randoms.games.iloc[index]
        assert row["seed"] == game_seeds(randoms.seed, index)[0]
        game = TransEuropa(tiny, Rules(), players=2, seed=int(row["seed"]))
        end = play_game(game, [RandomBot, RandomBot], seed=game_seeds(randoms.seed, index)[1])
        assert end.scores() == row["scores"]
        assert len(end.results) == row["rounds"]
        assert end.winners() == row["winners"]


def test_rotation_seats_each_bot_at_each_seat(mixed: SimResult) -> None:
    first_rounds = mixed.rounds[mixed.rounds["round"] == 1]
    seated = first_rounds.pivot(index="game", columns="seat", values="bot")
    assert seated[0].to_list() == ["random", "first"] * 3
    assert seated[1].to_list() == ["first", "random"] * 3
    assert mixed.games["bots"].to_list() == ["random,first", "first,random"] * 3
    assert lineup(["a", "b", "c"], 4, rotate=True) == [1, 2, 0]


@given(st.integers(2, 6), st.integers(0, 1000))
def test_rotation_is_fair_over_any_players_games(players: int, start: int) -> None:
    seen = Counter(
        (seat, entry)
        for game in range(start, start + players)
        for seat, entry in enumerate(lineup(range(players), game, rotate=True))
    )
    assert set(seen.values()) == {1} and len(seen) == players * players
    assert lineup(range(players), start, rotate=False) == list(range(players))


def test_without_rotation_seats_stay(tiny: Board) -> None:
    result = simulate(tiny, "countdown", ["random", FirstBot], games=2, seed=11, rotate=False)
    assert result.games["bots"].to_list() == ["random,first"] * 2


def test_max_rounds_truncates(tiny: Board) -> None:
    result = simulate(tiny, None, ["random", "random"], games=2, seed=3, max_rounds=1)
    assert result.games["truncated"].all() and (result.games["rounds"] == 1).all()
    assert result.games["winners"].to_list() == [(), ()]
    assert not result.rounds["winner"].any() and (result.rounds["win_share"] == 0).all()
    assert result.win_rates().empty
    assert result.summary().loc[0, "truncated"] == 2


def test_an_illegal_bot_is_named(tiny: Board) -> None:
    class Cheat(RandomBot):
        def act(self, obs):  # type: ignore[no-untyped-def]
            from workbench.games.trans_europa import EndTurn

            return EndTurn()

    with pytest.raises(IllegalActionError, match=r"game 2 of the run \(game seed \d+\), bot 'x'"):
        play_rows(tiny, Rules(), [Cheat, Cheat], ["x", "x"], 1, 2)


def test_game_seeds_are_spawned_children() -> None:
    children = np.random.SeedSequence(42).spawn(4)
    for i, child in enumerate(children):
        deal, bots = game_seeds(42, i)
        assert deal == int(child.generate_state(1, np.uint64)[0] >> np.uint64(1))
        assert bots.entropy == child.entropy and bots.spawn_key == (i, 0)
    with pytest.raises(ValueError, match="seed is -1"):
        game_seeds(-1, 0)
