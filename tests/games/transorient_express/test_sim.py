"""The simulator on Transorient Express: rows, determinism, workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.games.transorient_express import CardSet
from workbench.sim import simulate


@pytest.fixture(scope="module")
def result():
    return simulate(
        "maps/transorient_express.yaml",
        None,
        ["planner", "greedy", "greedy", "random"],
        games=8,
        seed=11,
        game="transorient_express",
    )


def test_rows_and_points_by_source(result, cards: CardSet) -> None:
    games, seats, events = result.games, result.seats, result.tables["cards"]
    assert len(games) == 8 and len(seats) == 32 and not games.truncated.any()
    parts = seats.cards + seats.luggage + seats.visa + seats.season + seats.route
    assert (parts == seats.score).all()
    assert seats.groupby("game").win_share.sum().round(9).eq(1).all()
    played = events[events.event == "played"].groupby(["game", "seat"]).size()
    assert (played == seats.set_index(["game", "seat"]).cards_played[played.index]).all()
    assert set(events.event) <= {"taken", "played", "passed"}
    assert (games.cards_played == seats.groupby("game").cards_played.sum().values).all()
    assert set(seats.bot) == {"planner", "greedy", "random"}  # the line-up rotates


def test_same_tables_with_one_or_two_workers(result, tmp_path: Path) -> None:
    pooled = simulate(
        "maps/transorient_express.yaml",
        None,
        ["planner", "greedy", "greedy", "random"],
        games=8,
        seed=11,
        game="transorient_express",
        workers=2,
        chunk_size=3,
    )
    for table in ("games", "seats", "cards"):
        a = result.to_csv(tmp_path / f"one_{table}.csv", table).read_bytes()
        b = pooled.to_csv(tmp_path / f"two_{table}.csv", table).read_bytes()
        assert a == b, table


def test_a_preset_by_name_and_a_cut_off(cards: CardSet) -> None:
    short = simulate(cards, "short", ["greedy"] * 3, games=3, seed=2, game="transorient_express")
    assert (short.seats.cards_played.groupby(short.seats.game).max() >= 5).all()
    cut = simulate(
        cards, None, ["random"] * 2, games=2, seed=2, game="transorient_express", max_rounds=2
    )
    assert cut.games.truncated.all() and (cut.seats.win_share == 0).all()


def test_a_game_sets_nothing_aside_for_the_garbage_collector_after_it(cards: CardSet) -> None:
    """play_rows freezes what was alive before a game and unfreezes it after (also when
    the game fails); a caller's own frozen objects are left as they are."""
    import gc

    from workbench.games import GAMES
    from workbench.games.transorient_express import Rules
    from workbench.games.transorient_express.sim import play_rows

    greedy = GAMES["transorient_express"].bots["greedy"]
    assert gc.get_freeze_count() == 0
    play_rows(cards, Rules(), [greedy] * 3, ["greedy"] * 3, 1, 0)
    assert gc.get_freeze_count() == 0 and gc.isenabled()

    def broken(game: object, seat: int, rng: object) -> object:  # plays nothing legal
        class Bot:
            def act(self, obs: object) -> str:
                return "no such action"

        return Bot()

    with pytest.raises(Exception, match="bot 'x' at seat 0"):
        play_rows(cards, Rules(), [broken] * 2, ["x"] * 2, 1, 0)
    assert gc.get_freeze_count() == 0

    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        play_rows(cards, Rules(), [greedy] * 2, ["greedy"] * 2, 1, 0)
        assert frozen // 2 < gc.get_freeze_count() <= frozen  # (some died; none unfrozen)
    finally:
        gc.unfreeze()
