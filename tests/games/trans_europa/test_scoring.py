"""Scoring: the rulebook's +4 / 3-2-1-0 race to 13 and the countdown from 13, by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.trans_europa.strategies import missing_counts, rules
from workbench.games.trans_europa import (
    DEMANDING_TABLE,
    GENEROUS_TABLE,
    Rules,
    apply_round,
    game_over,
    round_points,
    start_scores,
    table_points,
    winners,
)

RULEBOOK = Rules.preset("rulebook")
COUNTDOWN = Rules.preset("countdown")


@pytest.mark.parametrize(
    ("missing", "points"),
    [(1, 3), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0), (30, 0), (None, 0)],
)
def test_rulebook_table(missing: int | None, points: int) -> None:
    assert table_points(RULEBOOK, missing) == points


def test_rulebook_round_by_hand() -> None:
    # Four players: A joins her cities; B lacks a double (2 rails); C lacks a single and a
    # double (3); D lacks five singles.
    assert round_points(RULEBOOK, [0, 2, 3, 5]) == (4, 2, 1, 0)


def test_two_round_winners_both_gain() -> None:
    # The special case: a first rail finishes another player, the second finishes oneself.
    assert round_points(RULEBOOK, [0, 0, 1]) == (4, 4, 3)


def test_no_winner_when_the_rails_run_out() -> None:
    assert round_points(RULEBOOK, [1, 4, 7]) == (3, 1, 0)


def test_a_game_to_13_by_hand() -> None:
    scores = start_scores(RULEBOOK, 3)
    rounds = [[0, 1, 4], [2, 0, 6], [0, 3, 1], [1, 0, 2]]
    expected = [(4, 3, 1), (6, 7, 1), (10, 8, 4), (13, 12, 6)]
    for missing, after in zip(rounds, expected, strict=True):
        assert not game_over(RULEBOOK, scores)
        scores = apply_round(RULEBOOK, scores, missing)
        assert scores == after
    assert game_over(RULEBOOK, scores)
    assert winners(RULEBOOK, scores) == (0,)


def test_further_past_the_target_wins_and_equal_shares() -> None:
    assert winners(RULEBOOK, [13, 16, 15]) == (1,)
    assert winners(RULEBOOK, [16, 16, 15]) == (0, 1)
    assert winners(RULEBOOK, [12, 12]) == ()
    assert winners(RULEBOOK.replace(target=20), [16, 19]) == ()


def test_countdown_by_hand() -> None:
    # B lacks 2 singles and a double (4 rails): -4; C lacks 1 single: -1.
    scores = start_scores(COUNTDOWN, 3)
    assert scores == (13, 13, 13)
    scores = apply_round(COUNTDOWN, scores, [0, 4, 1])
    assert scores == (13, 9, 12)
    scores = apply_round(COUNTDOWN, scores, [9, 0, 12])
    assert scores == (4, 9, 0)
    assert game_over(COUNTDOWN, scores)
    assert winners(COUNTDOWN, scores) == (1,)
    assert winners(COUNTDOWN, [-3, 5, 5]) == (1, 2)
    assert winners(COUNTDOWN, [1, 5]) == ()


def test_countdown_water_single_counts_one() -> None:
    # With water doubles at 1 rail, the missing count itself is lower; scoring is the count.
    assert round_points(COUNTDOWN, [3]) == (-3,)


def test_countdown_needs_a_count() -> None:
    with pytest.raises(ValueError, match="player 1's hand cannot be joined"):
        round_points(COUNTDOWN, [0, None])


@pytest.mark.parametrize("bad", [-1, 1.5, True])
def test_bad_counts(bad: object) -> None:
    with pytest.raises(ValueError, match="player 0's missing-rail count"):
        round_points(RULEBOOK, [bad])  # type: ignore[list-item]


def test_lengths_must_match() -> None:
    with pytest.raises(ValueError, match="2 scores but 1"):
        apply_round(RULEBOOK, (0, 0), [1])


def test_generous_and_demanding_tables() -> None:
    generous = RULEBOOK.replace(table=GENEROUS_TABLE)
    demanding = RULEBOOK.replace(table=DEMANDING_TABLE)
    counts = [1, 2, 3, 4, 5, 7, 8]
    assert [table_points(generous, n) for n in counts] == [3, 3, 2, 2, 1, 1, 0]
    assert [table_points(RULEBOOK, n) for n in counts] == [3, 2, 1, 1, 0, 0, 0]
    assert [table_points(demanding, n) for n in counts] == [2, 1, 1, 0, 0, 0, 0]
    for n in range(1, 12):
        assert table_points(generous, n) >= table_points(RULEBOOK, n)
        assert table_points(demanding, n) <= table_points(RULEBOOK, n)


@given(rules(), missing_counts)
def test_rulebook_points_never_negative(r: Rules, missing: list[int | None]) -> None:
    points = round_points(r.replace(scoring="rulebook"), missing)
    assert all(p >= 0 for p in points)
    assert len(points) == len(missing)


@given(rules(), missing_counts)
def test_a_round_winner_scores_at_least_any_other(r: Rules, missing: list[int | None]) -> None:
    r = r.replace(
        scoring="rulebook", winner_points=max([r.winner_points, *(p for _, p in r.table)])
    )
    points = round_points(r, missing)
    best = [p for p, n in zip(points, missing, strict=True) if n == 0]
    assert all(b >= p for b in best for p in points)


@given(rules(), st.lists(st.integers(0, 40), min_size=1, max_size=6))
def test_countdown_scores_only_fall(r: Rules, missing: list[int]) -> None:
    r = r.replace(scoring="countdown")
    before = start_scores(r, len(missing))
    after = apply_round(r, before, missing)
    assert all(a <= b for a, b in zip(after, before, strict=True))
    assert all(b - a == n for a, b, n in zip(after, before, missing, strict=True))


@given(rules(), st.lists(st.integers(-20, 40), min_size=1, max_size=6))
def test_winners_are_the_best_and_only_when_over(r: Rules, scores: list[int]) -> None:
    found = winners(r, scores)
    if not game_over(r, scores):
        assert found == ()
    else:
        assert found and all(scores[i] == max(scores) for i in found)
        assert len(found) == scores.count(max(scores))
