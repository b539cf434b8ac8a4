"""Wilson intervals, balance, win rates and the comparison table."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.sim import SimResult, balance, compare_variants, wilson, win_rates


def test_wilson_against_a_hand_computed_interval() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + 1.96²/20) / (1 + 1.96²/10) = 0.71675,
    # half-width 1.96 * sqrt(0.8 * 0.2 / 10 + 1.96² / 400) / (1 + 1.96²/10) = 0.22657
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.49016, abs=1e-5)
    assert hi == pytest.approx(0.94332, abs=1e-5)
    # a fractional count (shared wins), 2.75 of 12: p = 0.229167, denominator 1.320122,
    # centre (0.229167 + 0.160061) / 1.320122 = 0.294843,
    # half-width 1.96 * sqrt(0.0147207 + 0.0066692) / 1.320122 = 0.217139
    lo, hi = wilson(2.75, 12)
    assert (lo, hi) == pytest.approx((0.077704, 0.511982), abs=1e-5)
    # z = 1, 5 of 10: centre 0.5, half-width sqrt(0.025 + 0.0025) / 1.1 = 0.150756
    assert wilson(5, 10, z=1.0) == pytest.approx((0.349244, 0.650756), abs=1e-6)


def test_wilson_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="n is 0"):
        wilson(0, 0)
    with pytest.raises(ValueError, match="wins is 11"):
        wilson(11, 10)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_holds_the_rate_and_is_symmetric(case: tuple[int, int]) -> None:
    wins, n = case
    lo, hi = wilson(wins, n)
    assert 0 <= lo <= wins / n <= hi <= 1
    lo2, hi2 = wilson(n - wins, n)
    assert lo == pytest.approx(1 - hi2, abs=1e-12) and hi == pytest.approx(1 - lo2, abs=1e-12)


@given(st.integers(1, 1000))
def test_wilson_narrows_with_more_games(n: int) -> None:
    lo, hi = wilson(n / 2, n)
    lo4, hi4 = wilson(2 * n, 4 * n)
    assert hi4 - lo4 < hi - lo


def test_balance_examples() -> None:
    assert balance([0.25] * 4) == 1.0
    assert balance([1.0, 0.0]) == 0.0
    assert balance([0.4, 0.3, 0.2, 0.1]) == pytest.approx(0.7)
    with pytest.raises(ValueError, match="at least one seat"):
        balance([])


@given(st.lists(st.floats(0, 1), min_size=1, max_size=6), st.randoms())
def test_balance_is_a_gap_in_the_unit_interval(rates: list[float], rnd) -> None:  # type: ignore[no-untyped-def]
    b = balance(rates)
    assert 0 <= b <= 1
    shuffled = list(rates)
    rnd.shuffle(shuffled)
    assert balance(shuffled) == b


def test_win_rates_by_seat_and_bot(randoms: SimResult, mixed: SimResult) -> None:
    seats = randoms.win_rates("seat")
    assert seats["seat"].to_list() == [0, 1] and (seats["n"] == 8).all()
    assert seats["rate"].sum() == pytest.approx(1.0)
    assert (seats["lo"] <= seats["rate"]).all() and (seats["rate"] <= seats["hi"]).all()
    last = randoms.rounds[randoms.rounds["last_round"]]
    assert seats["wins"].to_list() == last.groupby("seat")["win_share"].sum().to_list()
    lo, hi = wilson(seats["wins"][0], 8)
    assert (seats["lo"][0], seats["hi"][0]) == (lo, hi)
    bots = mixed.win_rates("bot")
    assert bots["bot"].to_list() == ["first", "random"] and (bots["n"] == 6).all()
    assert bots["rate"].sum() == pytest.approx(1.0) and (bots["fair"] == 0.5).all()
    with pytest.raises(ValueError, match="by is 'colour'"):
        win_rates(mixed.rounds, mixed.games, by="colour")


def test_the_comparison_table(randoms: SimResult) -> None:
    table = randoms.summary()
    row = table.iloc[0]
    games, rounds = randoms.games, randoms.rounds
    per_round = rounds.drop_duplicates(["game", "round"])
    assert row["games"] == 8 and row["players"] == 2 and row["truncated"] == 0
    assert row["rounds_per_game"] == games["rounds"].mean()
    assert row["turns_per_round"] == per_round["turns"].mean()
    assert row["turns_per_game"] == games["turns"].mean()
    assert row["score_spread"] == games["score_spread"].mean()
    assert row["supply_end"] == (per_round["reason"] == "supply").mean()
    assert row["passive_end"] == per_round["passive_end"].mean()
    assert row["two_finishers"] == (per_round["finishers"] >= 2).mean()
    seats = randoms.win_rates()
    assert row["balance"] == pytest.approx(1 - abs(seats["rate"][0] - seats["rate"][1]))
    assert row["win_seat0"] + row["win_seat1"] == pytest.approx(1.0)
    assert compare_variants(rounds, games).equals(table.drop(columns=["board", "rules", "bots"]))
    assert "<table" in randoms._repr_html_() and "SimResult" in repr(randoms)


def test_an_all_truncated_variant_has_no_balance() -> None:
    rounds = pd.DataFrame(
        {
            "variant": ["v"] * 2,
            "game": [0, 0],
            "round": [1, 1],
            "seat": [0, 1],
            "bot": ["random"] * 2,
            "turns": [3, 3],
            "reason": ["supply"] * 2,
            "passive_end": [False] * 2,
            "finishers": [0, 0],
            "last_round": [True, True],
            "win_share": [0.0, 0.0],
        }
    )
    games = pd.DataFrame(
        {
            "variant": ["v"],
            "game": [0],
            "players": [2],
            "truncated": [True],
            "rounds": [1],
            "turns": [3],
            "score_spread": [0],
        }
    )
    row = compare_variants(rounds, games).iloc[0]
    assert row["truncated"] == 1 and math.isnan(row["balance"])


def test_the_compact_summary_shows_every_number_of_the_summary() -> None:
    from workbench import load_map
    from workbench.sim import Variant, sweep
    from workbench.sim.stats import compact_summary

    tiny = load_map("tiny")
    variants = Variant.product(
        [tiny], {"race": "rulebook", "countdown": "countdown"}, [("random", "random")]
    )
    summary = sweep(variants, games=3, seed=5).summary()
    view = compact_summary(summary)
    assert list(view.columns) == ["race", "countdown"]
    assert len(view) == len(summary.columns) - 1  # every column but the variant's name
    for i, name in enumerate(summary["variant"]):
        assert view.loc["turns a round", name] == f"{summary.loc[i, 'turns_per_round']:.1f}"
        assert view.loc["win rate, seat 1", name] == f"{summary.loc[i, 'win_seat1']:.1%}"
        assert view.loc["games", name] == "3"
    # narrow: a notebook shows it without scrolling sideways
    assert max(len(str(c)) for c in view.to_numpy().ravel()) <= 15
