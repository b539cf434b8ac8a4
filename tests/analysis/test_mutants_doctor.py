"""The map doctor where the mutation run found it unchecked: the words of an effect and of
a plan, the player counts and arguments it accepts, the candidates it makes (and their
order), chokepoints measured incrementally, the counts and scores a plan reports, and the
progress bars it shows (docs/mutation/mut-doctor.md).

Words and plans are checked on hand-made measures; candidates and scores on Tiny Island
and on a copy of it where one segment is all that joins Birch to the rest (a chokepoint),
against the analyst's own functions.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from workbench.analysis import chokepoints, color_summary, cost_summary, hand_costs
from workbench.analysis.doctor import (
    Allowed,
    Measures,
    MoveCity,
    Objective,
    Plan,
    SetSegment,
    Step,
    Suggestion,
    SwapColors,
    SwapDashed,
    _candidates,
    _effect,
    _players,
    _reference,
    _score_edit,
    _State,
    lattice_distance,
    plan,
    suggest,
)
from workbench.maps.board import Board
from workbench.maps.lattice import edge, neighbours

E1, E2, E3 = ((1, 1), (2, 1)), ((3, 3), (3, 4)), ((5, 0), (6, 0))


def _m(spreads: dict[str, float], mean: float = 40.0, chokepoint: float = 0.0,
       cut: tuple[tuple[tuple[tuple[int, int], tuple[int, int]], float], ...] = (),
       players: int = 4) -> Measures:  # fmt: skip
    at = max(cut, key=lambda kv: kv[1])[0] if cut else None
    return Measures(players, tuple(spreads.items()), mean, 5.0, chokepoint, at, cut)


# ---------------------------------------------------------------------- words


def test_an_effect_names_the_three_largest_spread_changes_largest_first() -> None:
    before = _m({"a": 5.0, "b": 1.0, "c": 2.0, "d": 0.0})
    after = _m({"a": 6.0, "b": 4.0, "c": 4.0, "d": 0.5})
    assert _effect(before, after, False) == (
        "b's spread 1.0 -> 4.0 rails, c's spread 2.0 -> 4.0 rails, a's spread 5.0 -> 6.0 "
        "rails, the mean hand cost unchanged, no new chokepoint"
    )


@pytest.mark.parametrize(
    ("s0", "s1", "flip"),
    [(7.0, 6.0, " (now fair)"), (6.0, 5.0, ""), (6.0, 7.0, " (now unfair)"), (5.0, 6.0, "")],
)
def test_a_color_is_fair_up_to_six_rails_of_spread_and_unfair_above(
    s0: float, s1: float, flip: str
) -> None:
    text = _effect(_m({"brown": s0}), _m({"brown": s1}), False)
    assert text.startswith(f"brown's spread {s0:.1f} -> {s1:.1f} rails{flip}, ")


def test_a_spread_change_too_small_to_show_is_no_change() -> None:
    text = _effect(_m({"brown": 1.0}), _m({"brown": 1.04}), False)
    assert text == "no color's spread changed, the mean hand cost unchanged, no new chokepoint"


def test_a_mean_that_moved_by_a_twentieth_of_a_rail_is_named() -> None:
    text = _effect(_m({"a": 1.0}, mean=0.0), _m({"a": 1.0}, mean=0.05), False)
    assert (
        text == "no color's spread changed, the mean hand cost 0.0 -> 0.1 rails, no new chokepoint"
    )


def test_a_new_chokepoint_is_named_by_its_worst_new_segment() -> None:
    before = _m({"a": 1.0}, chokepoint=0.2, cut=((E1, 0.2),))
    after = _m({"a": 1.0}, chokepoint=0.5, cut=((E1, 0.3), (E2, 0.25), (E3, 0.5)))
    assert _effect(before, after, False).endswith(
        "a new chokepoint: [5, 0]-[6, 0] cuts 50% of hands apart"
    )


@pytest.mark.parametrize(
    ("c0", "c1", "words"),
    [
        (0.5, 0.25, "the worst chokepoint cuts 50% -> 25% of hands apart"),
        (0.0005, 0.001, "the worst chokepoint cuts 0% -> 0% of hands apart"),
        (0.5, 0.5004, "no new chokepoint"),
    ],
)
def test_a_changed_worst_chokepoint_is_named_from_a_twentieth_of_a_percent(
    c0: float, c1: float, words: str
) -> None:
    before = _m({"a": 1.0}, chokepoint=c0, cut=((E1, c0),))
    after = _m({"a": 1.0}, chokepoint=c1, cut=((E1, c1),))
    assert _effect(before, after, False).endswith(words)


def test_an_effect_names_the_player_counts_only_when_there_are_several(tiny: Board) -> None:
    edit = SwapDashed("Alder", "Birch")
    one = _m({"a": 1.0})
    single = Suggestion(edit, 1.0, (one,), 0, (one,), 2.0)
    assert single.effect() == (
        "dash Alder's card instead of Birch's: no color's spread changed, the mean hand cost "
        "unchanged, no new chokepoint"
    )
    three = _m({"a": 1.0}, players=3)
    double = Suggestion(edit, 1.0, (three, one), 0, (three, one), 2.0)
    assert double.effect().count("with 3 players: ") == 1
    assert double.effect().count("; with 4 players: ") == 1
    step = Step(edit, tiny, (one,), (one,), 2.0, 1.0)
    assert step.effect() == single.effect()
    step = Step(edit, tiny, (three, one), (three, one), 2.0, 1.0)
    assert step.effect() == double.effect()


def test_a_plans_text_counts_unfair_colors_from_the_start_to_its_last_step(tiny: Board) -> None:
    start = (_m({"a": 7.0, "b": 8.0}, players=3), _m({"a": 7.0, "b": 8.0}))
    middle = (_m({"a": 5.0, "b": 8.0}, players=3), _m({"a": 5.0, "b": 8.0}))
    end = (_m({"a": 5.0, "b": 9.0}, players=3), _m({"a": 5.0, "b": 2.0}))
    steps = (
        Step(SwapDashed("Alder", "Birch"), tiny, start, middle, 3.0, 2.0),
        Step(SwapDashed("Cedar", "Dogwood"), tiny, middle, end, 2.0, 1.0),
    )
    found = Plan(tiny, tiny, (3, 4), steps, start, 1500, 2.0)
    lines = found.text().splitlines()
    assert (
        lines[0]
        == "Tiny Island, 3, 4 players: 2 edits (1,500 candidates scored in 2.0 s, 750 a second)"
    )
    assert lines[1].startswith("  1. dash Alder's card instead of Birch's: with 3 players: ")
    assert lines[2].startswith("  2. dash Cedar's card instead of Dogwood's: with 3 players: ")
    assert lines[3:] == [
        "unfair colors with 3 players: 2 -> 1 (b)",
        "unfair colors with 4 players: 2 -> 0",
    ]


@pytest.mark.parametrize(
    ("candidates", "seconds", "rate"), [(10, 0.5, 20.0), (10, 4.0, 2.5), (10, 0.0, 0.0)]
)
def test_a_plans_rate_is_candidates_a_second(
    tiny: Board, candidates: int, seconds: float, rate: float
) -> None:
    found = Plan(tiny, tiny, (4,), (), (), candidates, seconds)
    assert found.rate == rate


# ---------------------------------------------------------------------- arguments


def test_player_counts_are_two_to_six_sorted_once_each() -> None:
    assert _players(2) == (2,) and _players(6) == (6,)
    assert _players([4, 3, 4]) == (3, 4)
    for bad in (1, 7, [], [3, 7], [1, 4]):
        with pytest.raises(ValueError, match="2 to 6 players"):
            _players(bad)


def test_a_plan_of_no_edits_is_the_board_and_a_beam_needs_a_board(tiny: Board) -> None:
    found = plan(tiny, edits=0, progress=False)
    assert found.steps == () and found.board == tiny and found.candidates == 0
    assert not found.stopped
    with pytest.raises(ValueError, match="edits must be 0 or more and beam 1 or more"):
        plan(tiny, edits=-1, progress=False)
    with pytest.raises(ValueError, match="edits must be 0 or more and beam 1 or more"):
        plan(tiny, beam=0, progress=False)


# ---------------------------------------------------------------------- candidates


def _state(board: Board, players: tuple[int, ...] = (4,), original: Board | None = None,
           objective: Objective | None = None) -> _State:  # fmt: skip
    objective = objective or Objective()
    first = original or board
    reference = [_reference(first, p, 2) for p in players]
    return _State(board, first, 2, players, objective, reference, 0)


def _walled(tiny: Board) -> Board:
    """Tiny Island with the free point [2, 1], next to Alder, cut off from all around."""
    board = tiny
    for q in neighbours((2, 1)):
        if q in tiny.points:
            board = board.set_segment((2, 1), q, "none")
    return board


def test_moves_go_to_free_joined_points_within_reach_city_by_city_in_point_order(
    tiny: Board,
) -> None:
    board = _walled(tiny).move_city("Fir", (5, 1))  # Fir one step from home
    state = _state(board, original=tiny)
    allowed = Allowed(move=1, crossings=False, dearer=0, frozen=("Cedar",))
    got = [e for e in _candidates(state, allowed) if isinstance(e, MoveCity)]
    taken = {c.at for c in board.cities}
    expected = [
        MoveCity(c.name, c.at, p)
        for c in board.cities
        if c.name != "Cedar"
        for p in sorted(board.points)
        if p not in taken
        and lattice_distance(tiny.city(c.name).at, p) <= 1
        and any(edge(p, q) in board.segments for q in neighbours(p) if q in board.points)
    ]
    assert got == expected
    assert MoveCity("Alder", (1, 1), (2, 1)) not in got  # walled in
    assert MoveCity("Fir", (5, 1), (5, 0)) in got  # back home
    assert not [e for e in got if e.name == "Cedar"]


def test_no_move_is_tried_when_moves_are_not_allowed_even_away_from_home(tiny: Board) -> None:
    board = tiny.move_city("Fir", (5, 1))
    state = _state(board, original=tiny)
    assert not [e for e in _candidates(state, Allowed(move=0)) if isinstance(e, MoveCity)]


def test_crossings_make_doubles_ferries_over_water_and_tunnels_through_mountains(
    tiny: Board,
) -> None:
    state = _state(tiny)
    allowed = Allowed(move=0, crossings=True, dearer=0)
    got = [str(e) for e in _candidates(state, allowed)]
    doubles = [k for k, s in tiny.segments.items() if s.kind == "double"]
    assert len(got) == len(doubles) + 1  # and the ferry over the cliff, the one gap
    assert "make [7, 3]-[7, 4] a tunnel (was double (mountain))" in got
    assert "make [6, 4]-[7, 4] a ferry (was double (water))" in got
    assert got[-1] == "add a ferry [0, 0]-[1, 0]"


def test_new_ferries_are_tried_in_segment_order(tiny: Board) -> None:
    board = _walled(tiny)
    state = _state(board)
    got = [e.between for e in _candidates(state, Allowed(move=0, dearer=0))
           if isinstance(e, SetSegment) and e.was == "none"]  # fmt: skip
    assert len(got) == 7 and got == sorted(got)


def test_dearer_tries_the_most_used_non_doubles_ties_in_segment_order(tiny: Board) -> None:
    from workbench.analysis.hands import hand_table

    usage = hand_table(tiny, 4, progress=False).usage
    light = sorted(
        ((n, k) for k, n in usage.items() if tiny.segments[k].kind != "double"),
        key=lambda t: (-t[0], t[1]),
    )
    state = _state(tiny)
    for k in (1, 5, len(light)):
        got = list(_candidates(state, Allowed(move=0, crossings=False, dearer=k)))
        assert [e.between for e in got] == [key for _, key in light[:k]]  # type: ignore[attr-defined]
    everything = [str(e) for e in _candidates(state, Allowed(move=0, crossings=False, dearer=99))]
    assert "make [5, 1]-[6, 1] a double (water) (was ferry)" in everything


def test_recolors_swap_each_pair_of_unfrozen_cities_of_two_colors_once(tiny: Board) -> None:
    import itertools

    state = _state(tiny)
    allowed = Allowed(move=0, crossings=False, dearer=0, recolor=True, frozen=("Birch",))
    got = list(_candidates(state, allowed))
    cities = [c for c in tiny.cities if c.name != "Birch"]
    assert got == [
        SwapColors(a.name, a.color, b.name, b.color)
        for a, b in itertools.combinations(cities, 2)
        if a.color != b.color
    ]


def _dashed(tiny: Board) -> Board:
    board = tiny
    for name in ("Alder", "Dogwood", "Hazel"):
        board = board.set_dashed(name, True)
    return board


@pytest.mark.parametrize(
    ("players", "dashed", "tried"),
    [((3,), True, True), ((2, 4), True, True), ((4,), True, False), ((3,), False, False)],
)
def test_dashed_swaps_are_tried_only_when_allowed_and_two_or_three_play(
    tiny: Board, players: tuple[int, ...], dashed: bool, tried: bool
) -> None:
    board = _dashed(tiny)
    state = _state(board, players)
    allowed = Allowed(move=0, crossings=False, dearer=0, dashed=dashed, frozen=("Dogwood",))
    got = list(_candidates(state, allowed))
    # Alder is brown's dashed card, Dogwood (frozen) white's, Hazel orange's
    assert got == ([SwapDashed("Birch", "Alder"), SwapDashed("Ginkgo", "Hazel")] if tried else [])


# ---------------------------------------------------------------------- chokepoints


def _cut_off(tiny: Board) -> Board:
    """Tiny Island where only the water double [6, 4]-[7, 4] joins Birch ([7, 4]) to the
    rest: a chokepoint for every hand with Birch."""
    board = tiny
    for q in [(8, 4), (6, 3), (7, 3), (6, 5), (7, 5)]:
        board = board.set_segment((7, 4), q, "none")
    return board


def _analysts(board: Board, players: int) -> tuple[dict[str, float], float, float, float]:
    """Spreads, mean, std and the worst chokepoint's share, from the analyst's functions."""
    hands = hand_costs(board, players, progress=False)
    colors = color_summary(hands)
    summary = cost_summary(hands)
    found = chokepoints(board, players, top=0)
    cut = found.critical[found.critical.cut_hands > 0]
    share = float(cut.cut_hands.max() / len(hands)) if len(cut) else 0.0
    return (
        dict(zip(colors.color, colors.spread.astype(float), strict=True)),
        summary.mean,
        summary.std,
        share,
    )


def _close(m: Measures, fresh: tuple[dict[str, float], float, float, float]) -> bool:
    spreads, mean, std, share = fresh
    return (
        all(math.isclose(dict(m.spreads)[c], s, abs_tol=1e-9) for c, s in spreads.items())
        and math.isclose(m.mean, mean, abs_tol=1e-9)
        and math.isclose(m.std, std, abs_tol=1e-9)
        and math.isclose(m.chokepoint, share, abs_tol=1e-9)
    )


def test_a_chokepoint_is_measured_and_named_at_its_segment(tiny: Board) -> None:
    board = _cut_off(tiny)
    state = _state(board, (3, 4))
    for m in state.measures:
        assert m.chokepoint == 0.5 and m.chokepoint_at == ((6, 4), (7, 4))  # half the hands
        assert _close(m, _analysts(board, m.players))
    assert _state(tiny).measures[0].chokepoint_at is None  # [0, 0]'s bridge cuts no hand


def test_segments_that_join_or_bypass_a_chokepoint_are_measured_exactly(tiny: Board) -> None:
    board = _cut_off(tiny)
    objective = Objective()
    state = _state(board, (4,), objective=objective)
    reference = [_reference(board, 4, 2)]
    checked = 0
    for edit in _candidates(state, Allowed(move=0, dearer=3)):
        assert isinstance(edit, SetSegment)  # no moves, recolors nor dashed swaps asked
        if (7, 4) not in edit.between and edit.was != "none":
            continue
        scored = _score_edit(state, edit, objective, reference)
        assert scored is not None
        assert _close(scored.measures[0], _analysts(edit.apply(board), 4)), edit
        checked += 1
    assert checked == 7  # five new ferries to Birch, the cliff, the chokepoint made a ferry


def test_a_moved_city_is_scored_with_the_moves_it_took_from_its_first_place(tiny: Board) -> None:
    """Fir stands one step from where it first was; moving it one more step away costs two
    steps of moves, and moving it back none."""
    board = tiny.move_city("Fir", (5, 1))
    objective = Objective(moved=1.0, edit=0.5)
    state = _state(board, original=tiny, objective=objective)
    assert state.moved == 1
    reference = [_reference(tiny, 4, 2)]
    away = _score_edit(state, MoveCity("Fir", (5, 1), (5, 2)), objective, reference)
    home = _score_edit(state, MoveCity("Fir", (5, 1), (5, 0)), objective, reference)
    assert away is not None and home is not None
    assert (away.moved, home.moved) == (2, 0)
    assert home.score == objective.score(home.measures, reference, moved=0, edits=1)
    assert home.score_before == objective.score(state.measures, reference, moved=1, edits=0)


# ---------------------------------------------------------------------- suggest and plan

STRICT = Objective(fair_spread=1.0, edit=0.05, moved=0.05)
"""Tiny Island is fair by the analyst's measure: a stricter objective gives it work."""
SMALL = Allowed(move=1, dearer=1)


def test_suggestions_score_one_edit_from_the_board_as_given(tiny: Board) -> None:
    found = suggest(tiny, 4, STRICT, SMALL, top=3)
    reference = [_reference(tiny, 4, 2)]
    state = _state(tiny, objective=STRICT)
    assert len(found) == 3
    for s in found:
        assert s.score_before == state.score
        assert s.score == STRICT.score(s.measures, reference, s.moved, edits=1)
        assert s.score < state.score


def test_suggestions_measure_moves_from_the_original_board(tiny: Board) -> None:
    board = tiny.move_city("Fir", (5, 1))
    allowed = Allowed(move=1, crossings=False, dearer=0)
    for s in suggest(board, 4, STRICT, allowed, top=50, original=tiny):
        assert isinstance(s.edit, MoveCity)
        moved = {c.name: c.at for c in s.edit.apply(board).cities}
        assert s.moved == sum(lattice_distance(c.at, moved[c.name]) for c in tiny.cities)


def test_only_edits_that_lower_the_score_are_suggested(tiny: Board) -> None:
    """With no weight on edits and moves, the ferry over the cliff changes nothing (no city
    is beyond it): it scores the same as the board and is not suggested."""
    objective = Objective(fair_spread=1.0, edit=0.0, moved=0.0)
    allowed = Allowed(move=0, dearer=0)
    state = _state(tiny, objective=objective)
    reference = [_reference(tiny, 4, 2)]
    cliff = SetSegment(((0, 0), (1, 0)), "ferry", None, "none")
    same = _score_edit(state, cliff, objective, reference)
    assert same is not None and math.isclose(same.score, state.score, abs_tol=1e-12)
    found = suggest(tiny, 4, objective, allowed, top=100)
    assert found and all(s.score < state.score - 1e-9 for s in found)
    assert cliff not in [s.edit for s in found]


def test_no_edit_is_suggested_for_a_board_no_edit_makes_legal(tiny: Board) -> None:
    import dataclasses

    broken = dataclasses.replace(  # a city name with a space before it: an error
        tiny, cities=tuple(dataclasses.replace(c, name=" " + c.name) if c.name == "Ivy" else c
                           for c in tiny.cities)
    )  # fmt: skip
    assert suggest(tiny, 4, STRICT, SMALL, top=2)
    assert suggest(broken, 4, STRICT, SMALL, top=2) == []


def test_a_plan_counts_its_candidates_and_scores_each_step_with_its_edits(tiny: Board) -> None:
    import time

    started = time.perf_counter()
    found = plan(tiny, 4, STRICT, SMALL, edits=3, progress=False)
    elapsed = time.perf_counter() - started
    assert not found.stopped and 0 <= found.seconds <= elapsed
    reference = [_reference(tiny, 4, 2)]
    boards = [tiny, *(s.board for s in found.steps)]
    rounds = boards if len(found.steps) < 3 else boards[:-1]
    states = [_State(b, tiny, 2, (4,), STRICT, reference, k) for k, b in enumerate(rounds)]
    assert found.candidates == sum(len(list(_candidates(s, SMALL))) for s in states)
    assert found.steps[0].score_before == STRICT.score(found.start, reference, 0, 0)
    for k, step in enumerate(found.steps, 1):
        moved = sum(lattice_distance(c.at, step.board.city(c.name).at) for c in tiny.cities)
        assert math.isclose(step.score_after, STRICT.score(step.after, reference, moved, k))


def test_a_plan_shows_a_bar_of_candidates_only_when_asked(
    tiny: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    allowed = Allowed(move=1, crossings=False, dearer=0)
    quiet = plan(tiny, 4, STRICT, allowed, edits=1, progress=False)
    assert capsys.readouterr().err == ""
    shown = plan(tiny, 4, STRICT, allowed, edits=1, progress=True)
    err = capsys.readouterr().err
    assert shown.candidates == quiet.candidates > 0
    assert f"doctor: edit 1 of 1: {shown.candidates} candidates scored" in err
    assert err.endswith("\n")  # the bar closed


def test_the_doctors_analyses_show_no_progress_bar_of_their_own(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    from workbench.analysis import doctor, hands

    shown: list[object] = []
    real = hands.table_on_graph

    def spy(*args: object) -> object:
        shown.append(args[-1])
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hands, "table_on_graph", spy)
    board = tiny.move_city("Fir", (5, 1))
    hands._cached_table.cache_clear()  # each analysis computes its table afresh
    doctor.measure(board)
    hands._cached_table.cache_clear()
    state = _state(board)  # the reference mean hand cost
    hands._cached_table.cache_clear()
    assert len(list(_candidates(state, Allowed(move=0, crossings=False, dearer=1)))) == 1
    assert len(shown) == 3 and all(s is False for s in shown)


def _beam_reference(board: Board, objective: Objective, allowed: Allowed, edits: int,
                    beam: int) -> tuple[list[str], int]:  # fmt: skip
    """Beam search written out plainly on the doctor's own scoring (checked exact above):
    each round keeps the ``beam`` best distinct boards of every kept board's better edits."""
    from workbench.analysis.doctor import _ranked

    rng = np.random.default_rng(0)
    reference = [_reference(board, 4, 2)]
    count = [0]

    def tick() -> None:
        count[0] += 1

    beams = [(_State(board, board, 2, (4,), objective, reference, 0), [])]
    best = beams[0]
    for _ in range(edits):
        pool = []
        for state, steps in beams:
            better = [s for s in _ranked(state, objective, allowed, reference, rng, tick)
                      if s.score < state.score - 1e-9]  # fmt: skip
            pool += [(s, state, steps) for s in better]
        pool.sort(key=lambda t: t[0].score)
        kept: list[tuple[_State, list[str]]] = []
        for s, state, steps in pool:
            new = s.edit.apply(state.board)
            if len(kept) == beam:
                break
            if any(k.board == new for k, _ in kept):
                continue
            kept.append((_State(new, board, 2, (4,), objective, reference, state.edits + 1),
                         [*steps, str(s.edit)]))  # fmt: skip
        if not kept:
            break
        beams = kept
        if beams[0][0].score < best[0].score - 1e-9:
            best = beams[0]
    return best[1], count[0]


@pytest.mark.parametrize("beam", [2, 3])
def test_a_beam_keeps_the_best_distinct_boards_of_each_round(tiny: Board, beam: int) -> None:
    allowed = Allowed(move=1, crossings=True, dearer=0)
    found = plan(tiny, 4, STRICT, allowed, edits=3, beam=beam, progress=False)
    steps, count = _beam_reference(tiny, STRICT, allowed, 3, beam)
    assert [str(s.edit) for s in found.steps] == steps
    assert found.candidates == count


# ---------------------------------------------------------------------- more of the contract


def test_a_score_needs_a_reference_mean_per_measured_player_count() -> None:
    m = _m({"a": 8.0, "b": 2.0})
    assert Objective().score([m], [40.0], moved=0, edits=0) > 0
    with pytest.raises(ValueError):
        Objective().score([m], [40.0, 30.0], moved=0, edits=0)


def test_a_spread_of_six_rails_is_fair() -> None:
    assert _m({"a": 6.0, "b": 6.5, "c": 0.0}).unfair == ("b",)


def test_of_equal_chokepoints_the_first_segment_is_named(tiny: Board) -> None:
    """Birch ([7, 4]) hangs on [7, 5], and [7, 5] on [6, 5]: two bridges in a row, each
    cutting the same hands apart."""
    board = tiny
    for q in [(8, 4), (6, 3), (7, 3), (6, 4), (6, 5)]:
        board = board.set_segment((7, 4), q, "none")
    for q in [(8, 5), (8, 4)]:
        board = board.set_segment((7, 5), q, "none")
    m = _state(board).measures[0]
    assert m.chokepoint == 0.5
    assert m.chokepoint_at == ((6, 5), (7, 5))  # before ((7, 4), (7, 5))
    assert {e for e, share in m.cut if share == 0.5} == {((6, 5), (7, 5)), ((7, 4), (7, 5))}


def test_an_effect_needs_the_measures_before_for_every_player_count(tiny: Board) -> None:
    edit = SwapDashed("Alder", "Birch")
    one = _m({"a": 1.0})
    with pytest.raises(ValueError):
        Suggestion(edit, 1.0, (one,), 0).effect()  # no measures before
    with pytest.raises(ValueError):
        Step(edit, tiny, (one,), (one, one), 2.0, 1.0).effect()
    step = Step(edit, tiny, (one,), (one,), 2.0, 1.0)
    with pytest.raises(ValueError):
        Plan(tiny, tiny, (4,), (step,), (one, one), 0, 0.0).text()


def test_ctrl_c_inside_compiled_code_stops_the_plan_and_other_system_errors_pass(
    tiny: Board,
) -> None:
    def from_ctrl_c() -> bool:
        raise SystemError("compiled code") from KeyboardInterrupt()

    def during_ctrl_c() -> bool:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemError("compiled code")  # noqa: B904 - chained implicitly, as CPython does

    def other() -> bool:
        raise SystemError("something else")

    for stop in (from_ctrl_c, during_ctrl_c, lambda: True):
        found = plan(tiny, 4, STRICT, SMALL, edits=2, progress=False, stop=stop)
        assert found.stopped and found.steps == () and found.candidates == 1
    with pytest.raises(SystemError, match="something else"):
        plan(tiny, 4, STRICT, SMALL, edits=2, progress=False, stop=other)


@pytest.mark.parametrize(("seed", "first"), [(0, "Fir"), (1, "Alder")])
def test_scores_equal_to_nine_decimals_are_a_tie_the_seed_breaks(
    tiny: Board, seed: int, first: str
) -> None:
    """Fir and Alder stand two steps from home; moving either back saves two steps, and the
    hand costs' spread, weighed 5e-10, tells the two apart only in the tenth decimal."""
    board = tiny.move_city("Fir", (5, 2)).move_city("Alder", (1, 3))
    objective = Objective(
        color_excess=0.0, unfair_colors=0.0, color_spread=0.0, cost_spread=5e-10,
        chokepoint=0.0, mean_outside=0.0, moved=1.0, edit=0.0,
    )  # fmt: skip
    allowed = Allowed(move=2, crossings=False, dearer=0)
    found = suggest(board, 4, objective, allowed, top=2, seed=seed, original=tiny)
    assert {s.edit.cities for s in found} == {("Fir",), ("Alder",)}
    assert round(found[0].score, 9) == round(found[1].score, 9)
    assert found[0].score != found[1].score
    assert found[0].edit.cities == (first,)


def test_a_score_weighs_each_measure_averaged_over_player_counts_plus_moves_and_edits() -> None:
    """Worked by hand with the default weights (fair spread 6, band 5 % of 30 = 1.5):
    3 players: excess 1 + 2 x 1 unfair (6.0 is fair) + 0.1 x 15 + 0.2 x 4 + 4 x 0.25
    + (3 - 1.5) outside = 7.8; 4 players: 3 + 2 + 1.4 + 0.4 + 2 + 0 (1 is inside) = 8.8;
    their mean 8.3, plus 0.25 x 3 steps moved and 0.25 x 2 edits."""
    m3 = Measures(3, (("a", 7.0), ("b", 6.0), ("c", 2.0)), 33.0, 4.0, 0.25, None)
    m4 = Measures(4, (("a", 5.0), ("b", 9.0), ("c", 0.0)), 29.0, 2.0, 0.5, None)
    got = Objective().score([m3, m4], [30.0, 30.0], moved=3, edits=2)
    assert math.isclose(got, 8.3 + 0.75 + 0.5)


def test_a_color_swap_trades_the_two_cities_colors_and_dashed_marks_only(tiny: Board) -> None:
    board = tiny.set_dashed("Alder", True)
    swapped = SwapColors("Alder", "brown", "Cedar", "white").apply(board)
    got = {c.name: (c.color, c.dashed) for c in swapped.cities}
    want = {c.name: (c.color, c.dashed) for c in board.cities}
    want["Alder"], want["Cedar"] = ("white", False), ("brown", True)
    assert got == want


def test_a_dashed_swap_dashes_one_card_and_undashes_the_other_only(tiny: Board) -> None:
    board = _dashed(tiny)  # Alder, Dogwood and Hazel dashed
    swapped = SwapDashed("Birch", "Alder").apply(board)
    got = {c.name for c in swapped.cities if c.dashed}
    assert got == {"Birch", "Dogwood", "Hazel"}
    assert [c.color for c in swapped.cities] == [c.color for c in board.cities]


def test_four_players_are_dealt_every_card_and_three_only_the_undashed(tiny: Board) -> None:
    board = tiny
    for name in ("Alder", "Dogwood", "Elder", "Hazel", "Ivy"):  # one of each color
        board = board.set_dashed(name, True)
    state = _state(board, (3, 4))
    for m in state.measures:
        assert _close(m, _analysts(board, m.players)), m.players
    assert state.measures[0].mean != state.measures[1].mean


def test_the_worst_chokepoint_is_the_one_that_cuts_most_hands(tiny: Board) -> None:
    """Birch and Ivy each hang on one segment; with three players Alder's card is out, so
    every hand holds Birch (its chokepoint cuts all of them) and half hold Ivy."""
    board = _cut_off(tiny)
    for q in [(2, 5), (4, 5), (3, 4)]:
        board = board.set_segment((3, 5), q, "none")
    board = board.set_dashed("Alder", True)
    m3, m4 = _state(board, (3, 4)).measures
    assert (m3.chokepoint, m3.chokepoint_at) == (1.0, ((6, 4), (7, 4)))
    assert (m4.chokepoint, m4.chokepoint_at) == (0.5, ((3, 5), (4, 4)))  # the first of two
    assert _close(m3, _analysts(board, 3))


@pytest.mark.parametrize(
    ("a", "b"), [("Alder", "Cedar"), ("Cedar", "Alder"), ("Juniper", "Fir"), ("Elder", "Hazel")]
)
def test_a_color_swap_is_scored_as_a_fresh_analysis_of_the_swapped_board(
    tiny: Board, a: str, b: str
) -> None:
    """Either city first: the first's color before or after the second's in the hands'
    axes."""
    objective = Objective()
    state = _state(tiny, objective=objective)
    edit = SwapColors(a, tiny.city(a).color, b, tiny.city(b).color)
    scored = _score_edit(state, edit, objective, [_reference(tiny, 4, 2)])
    assert scored is not None
    assert _close(scored.measures[0], _analysts(edit.apply(tiny), 4))


def test_dearer_candidates_of_equal_use_go_in_segment_order(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    from workbench.analysis import doctor

    k1, k2, k3 = ((1, 1), (2, 0)), ((3, 0), (4, 0)), ((4, 0), (5, 0))  # singles, in order
    state = _state(tiny)
    usage = {k3: 5, k2: 9, k1: 5}  # k1 and k3 tie, listed out of order
    monkeypatch.setattr(doctor, "hand_table", lambda *a, **k: SimpleNamespace(usage=usage))
    got = list(_candidates(state, Allowed(move=0, crossings=False, dearer=3)))
    assert [e.between for e in got] == [k2, k1, k3]  # type: ignore[attr-defined]


def test_a_dashed_swap_is_scored_as_a_fresh_analysis_of_the_swapped_board(tiny: Board) -> None:
    board = _dashed(tiny)  # Alder, Dogwood, Hazel dashed
    objective = Objective()
    state = _state(board, (3,), objective=objective)
    for edit in (SwapDashed("Birch", "Alder"), SwapDashed("Ginkgo", "Hazel")):
        scored = _score_edit(state, edit, objective, [_reference(board, 3, 2)])
        assert scored is not None
        assert _close(scored.measures[0], _analysts(edit.apply(board), 3)), edit


def test_a_gain_of_exactly_the_tolerance_is_no_gain(tiny: Board) -> None:
    """Only the chokepoint weighs, 2e-9 for the whole share: Birch's chokepoint (half the
    hands) scores 1e-9, and a ferry that joins Birch another way gains exactly the
    doctor's tolerance, 1e-9: not enough."""
    board = _cut_off(tiny)
    weights = dict.fromkeys(
        ("color_excess", "unfair_colors", "color_spread", "cost_spread", "mean_outside",
         "moved", "edit"), 0.0,
    )  # fmt: skip
    allowed = Allowed(move=0, dearer=0)
    assert suggest(board, 4, Objective(chokepoint=2e-9, **weights), allowed) == []
    found = plan(board, 4, Objective(chokepoint=2e-9, **weights), allowed, progress=False)
    assert found.steps == ()
    assert found.candidates == len(list(_candidates(_state(board), allowed)))  # one round
    flat = Objective(chokepoint=1.0, **weights)  # no chokepoint on Tiny Island: all tie
    assert plan(tiny, 4, flat, allowed, progress=False).steps == ()
    more = Objective(chokepoint=4e-9, **weights)  # gains 2e-9
    assert suggest(board, 4, more, allowed)
    assert plan(board, 4, more, allowed, edits=1, progress=False).steps


def test_a_longer_plan_that_only_ties_the_best_so_far_is_not_taken(tiny: Board) -> None:
    """Only Birch may move, out of its dead end (a chokepoint, weighed 2 for the whole
    share) at 0.25 a step. Five points one step away end the chokepoint: the best plan is
    one of them (0.25). A beam of six also keeps a two-step move (0.5), which a second step
    brings to one of the same points: a second plan that scores 0.25 too, and is longer."""
    board = _cut_off(tiny)
    weights = dict.fromkeys(
        ("color_excess", "unfair_colors", "color_spread", "cost_spread", "mean_outside", "edit"),
        0.0,
    )
    objective = Objective(chokepoint=2.0, moved=0.25, **weights)
    others = tuple(c.name for c in tiny.cities if c.name != "Birch")
    allowed = Allowed(move=2, crossings=False, dearer=0, frozen=others)
    found = plan(board, 4, objective, allowed, edits=3, beam=6, progress=False)
    assert [str(s.edit) for s in found.steps] == ["move Birch from [7, 4] to [7, 5]"]
    assert found.steps[0].score_after == 0.25
    assert found.candidates > 12 + 6 * 12  # a third round: the second found the tie
    # a beam of seven keeps two two-step moves, whose next steps meet at the same boards:
    # each board is kept once
    wider = plan(board, 4, objective, allowed, edits=3, beam=7, progress=False)
    steps, count = _beam_reference(board, objective, allowed, 3, 7)
    assert [str(s.edit) for s in wider.steps] == steps
    assert wider.candidates == count == 156
