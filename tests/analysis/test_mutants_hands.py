"""The hand tables where the mutation run found them unchecked: the work cut in one part per
thread, the threads a process may use, the progress bar's steps, the timing and the tables
of no or one color (docs/mutation.md)."""

from __future__ import annotations

import os
import threading
import time
from typing import Any, ClassVar

import numpy as np
import pytest

from workbench import Board
from workbench.analysis import hands
from workbench.analysis.costs import cost_graph
from workbench.analysis.hands import (
    MIN_SHARE,
    _executor,
    _split_work,
    deck,
    default_threads,
    hand_table,
    table_on_graph,
)


def _calls(threads: int | None, size: int) -> list[tuple[int, int, str]]:
    seen: list[tuple[int, int, str]] = []
    lock = threading.Lock()

    def job(first: int, stop: int) -> None:
        with lock:
            seen.append((first, stop, threading.current_thread().name))

    _split_work(threads)(job, size)
    return sorted(seen)


def test_the_work_is_cut_in_one_part_per_thread_the_caller_taking_the_first() -> None:
    me = threading.current_thread().name
    calls = _calls(2, 4 * MIN_SHARE + 1)
    assert [c[:2] for c in calls] == [(0, 2 * MIN_SHARE), (2 * MIN_SHARE, 4 * MIN_SHARE + 1)]
    assert calls[0][2] == me and calls[1][2].startswith("hands")  # the process's pool
    three = _calls(3, 300)
    assert [c[:2] for c in three] == [(0, 100), (100, 200), (200, 300)]
    assert three[0][2] == me and me not in (three[1][2], three[2][2])


def test_work_too_small_to_share_runs_whole_on_the_callers_thread() -> None:
    me = threading.current_thread().name
    assert _calls(2, 2 * MIN_SHARE - 1) == [(0, 2 * MIN_SHARE - 1, me)]
    assert _calls(1, 1000) == [(0, 1000, me)]
    assert _calls(0, 1000) == [(0, 1000, me)]  # fewer than one thread means one
    assert _calls(2, 0) == [(0, 0, me)]


def test_a_part_run_on_another_thread_is_waited_for_and_its_error_raised() -> None:
    done: list[int] = []

    def job(first: int, stop: int) -> None:
        if first:
            time.sleep(0.05)
            done.append(first)
            raise ValueError(f"part {first}")
        done.append(first)

    with pytest.raises(ValueError, match="part 100"):
        _split_work(2)(job, 200)
    assert sorted(done) == [0, 100]


def test_a_pool_of_its_own_is_shut_down_when_the_work_is_done() -> None:
    workers: list[threading.Thread] = []

    def job(first: int, stop: int) -> None:
        workers.append(threading.current_thread())

    _split_work(3)(job, 300)
    others = [t for t in workers if t is not threading.current_thread()]
    assert len(others) == 2 and not any(t.is_alive() for t in others)


def test_the_process_keeps_one_pool_and_it_still_works_after_three_threads() -> None:
    assert _executor() is _executor()
    _calls(3, 300)
    _calls(2, 200)  # the shared pool was not shut down by the three-part run
    assert _executor().submit(lambda: 7).result() == 7


def test_the_threads_are_the_cores_this_process_may_use_at_most_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []

    def affinity(pid: int) -> set[int]:
        asked.append(pid)
        return {0} if pid == 0 else {0, 1, 2, 3}

    monkeypatch.setattr(os, "sched_getaffinity", affinity)
    assert default_threads() == 1 and asked == [0]
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
    assert default_threads() == 2
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {5, 6})
    assert default_threads() == 2
    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert default_threads() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert default_threads() == 2


class _Bar:
    made: ClassVar[list[_Bar]] = []

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.n = 0
        self.closed = False
        _Bar.made.append(self)

    def update(self, k: int) -> None:
        self.n += k

    def close(self) -> None:
        self.closed = True


def test_the_progress_bar_counts_every_step_and_closes(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tqdm.auto

    monkeypatch.setattr(tqdm.auto, "tqdm", _Bar)
    monkeypatch.setattr(_Bar, "made", [])
    G = cost_graph(tiny)
    cards = deck(tiny)
    table_on_graph(G, tiny, cards, progress=False)
    assert _Bar.made == []
    for shown in (True, None):
        table_on_graph(G, tiny, cards, progress=shown)
    assert len(_Bar.made) == 2
    for bar in _Bar.made:
        # 5 colors, the pivot's apart: 2**4 - 1 partial hands of the others and the
        # pivot's cities alone, then the full hands: 17 steps, each counted once
        assert bar.kwargs["total"] == 17 and bar.n == 17 and bar.closed


def test_a_table_says_how_long_it_took(tiny: Board) -> None:
    board = tiny.move_city("Fir", (5, 1))  # not in the cache
    start = time.perf_counter()
    table = hand_table(board, 5, 3, progress=False)
    took = time.perf_counter() - start
    assert 0 < table.seconds <= took


def test_no_color_means_no_hand_and_one_color_hands_cost_nothing(tiny: Board) -> None:
    G = cost_graph(tiny)
    costs, usage = table_on_graph(G, tiny, {})
    assert costs.shape == (0,) and usage == {}
    costs, usage = table_on_graph(G, tiny, {"brown": ("Alder", "Birch")})
    assert costs.tolist() == [0.0, 0.0] and usage == {}
    assert isinstance(costs, np.ndarray)


def test_the_table_is_the_same_cut_in_parts_on_two_threads(europe: Board) -> None:
    G = cost_graph(europe)
    cards = deck(europe, 3)
    one = table_on_graph(G, europe, cards, progress=False, threads=1)
    two = table_on_graph(G, europe, cards, progress=False, threads=2)
    assert np.array_equal(one[0], two[0]) and one[1] == two[1]
    assert len(one[0]) == 5**5 and hands.MIN_SHARE * 2 < 5**5


def test_the_game_is_for_two_to_six_players(europe: Board) -> None:
    assert len(deck(europe, 2)["brown"]) == len(deck(europe, 3)["brown"]) == 5
    assert len(deck(europe, 6)["brown"]) == len(deck(europe, 4)["brown"]) == 7
    for players in (1, 7):
        with pytest.raises(ValueError, match=f"2 to 6 players, not {players}"):
            deck(europe, players)


def test_the_heatmap_lists_the_most_used_segments_first_ties_by_segment(tiny: Board) -> None:
    from workbench.analysis.hands import segment_usage

    use = segment_usage(tiny)
    usage = hand_table(tiny).usage
    expected = sorted(tiny.segments, key=lambda e: (-usage.get(e, 0), e))
    assert list(zip(use.a, use.b, strict=True)) == expected
    assert use.hands.tolist() == [usage.get(e, 0) for e in expected]
    assert (use.share * 32).round(9).tolist() == use.hands.tolist()  # tiny: 32 hands
    assert use.index.tolist() == list(range(len(use)))  # numbered afresh in that order


def test_a_color_of_one_city_deals_it_in_every_hand_and_an_empty_one_is_refused(
    tiny: Board,
) -> None:
    one = tiny.remove_city("Fir")  # Elder is left pink's only city
    table = hand_table(one, 4, progress=False)
    assert table.cities["pink"] == ("Elder",) and len(table.costs) == 16
    with pytest.raises(ValueError, match="no cities of color pink in the deck"):
        hand_table(one.remove_city("Elder"), 4, progress=False)
