"""The multi-game core on a game that is not Trans Europa: Pig, a dice game with chance
(tests/games/pig.py), registered for these tests only."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

from workbench.bots.search import SearchBot
from workbench.games import GAMES, Match, play, replay
from workbench.games.tables import GAME_COLUMNS, SEAT_COLUMNS
from workbench.sim import simulate


@pytest.fixture(autouse=True)
def pig() -> Iterator[None]:
    GAMES.register("pig", "tests.games.pig")
    yield
    GAMES._modules.pop("pig", None)  # type: ignore[attr-defined]
    GAMES._loaded.pop("pig", None)  # type: ignore[attr-defined]


def test_chance_outcomes_are_in_the_history_and_replay_needs_no_generator() -> None:
    info = GAMES["pig"]
    game = info.new_game(players=2, seed=5)
    end = play(game, [info.bots["hold5"], info.bots["random"]], seed=1)
    rolls = [a for a in end.history if a.startswith("roll ")]
    assert end.is_terminal() and rolls and max(end.scores()) >= 20
    assert replay(game, list(end.history)) == end
    again = play(game, [info.bots["hold5"], info.bots["random"]], seed=1)
    assert again.history == end.history  # chance comes from the game's seed
    other = play(info.new_game(players=2, seed=6), [info.bots["hold5"]] * 2, seed=1)
    assert other.history != end.history


def test_the_simulator_runs_any_game_with_the_shared_columns_on_any_number_of_workers() -> None:
    one = simulate(None, "standard", ["hold20", "random"], games=12, seed=3, game="pig")
    two = simulate(None, "standard", ["hold20", "random"], games=12, seed=3, game="pig",
                   workers=2)  # fmt: skip
    assert one.rounds.empty and set(one.tables) == set()
    for table in ("games", "seats"):
        pd.testing.assert_frame_equal(getattr(one, table), getattr(two, table))
    assert set(GAME_COLUMNS) <= set(one.games.columns) and "rolls" in one.games.columns
    assert set(SEAT_COLUMNS) <= set(one.seats.columns)
    assert (one.games.game_name == "pig").all() and len(one.seats) == 24
    rates = one.win_rates("bot").set_index("bot")
    assert rates.loc["hold20", "rate"] > rates.loc["random", "rate"]
    summary = one.summary()
    assert summary.loc[0, "games"] == 12 and "length_per_game" in summary.columns


def test_the_search_bot_beats_random_play_at_pig() -> None:
    info = GAMES["pig"]
    search = SearchBot.factory(playouts=40)
    wins = 0.0
    for g in range(24):
        game = info.new_game(players=2, seed=g)
        seats = [search, info.bots["random"]] if g % 2 else [info.bots["random"], search]
        end = play(game, seats, seed=g)
        me = 1 - g % 2
        wins += me in end.winners()
    assert wins >= 18  # random play at Pig loses almost always to any plan


def test_a_match_with_a_human_at_pig() -> None:
    info = GAMES["pig"]
    match = Match(info.new_game(players=2, seed=2), [None, info.bots["hold20"]], seed=0)
    assert match.human_to_play()
    match.play("roll")
    assert match.step() is not None  # the die is chance's, not the human's
