"""The route doctor where the mutation run found it unchecked: which candidates it makes
(and in what order), how a double's other lane bounds a changed length, the words of a
step and a plan, the scores and counts a plan reports, its tolerance and its ties
(docs/mutation/mut-doctor.md).

The boards are built here, a handful of cities each, so that every expected value is
worked out by hand.
"""

from __future__ import annotations

import time

import pytest

from workbench.analysis.route_doctor import (
    RouteMeasures,
    RouteObjective,
    RouteStep,
    SetRouteLength,
    SetTicketPoints,
    _candidates,
    _paths,
    _score,
    measure_routes,
    plan_routes,
)
from workbench.analysis.tickets import route_graph
from workbench.exceptions import MapError
from workbench.maps.board import CardColor
from workbench.maps.routes import Route, RouteBoard, RouteCity, Ticket

COLORS = (CardColor("red", "#D7263D"), CardColor("green", "#3C9D4E"), CardColor("blue", "#2F6DB5"))


def _line() -> RouteBoard:
    """A-B-C-D with a long gray bypass A-C, a double C-D of unequal lanes (green 2, red 3),
    and a tail of gray routes D-E-F-G-H: two ferries (2 cars with 1 locomotive, 3 cars
    with 3) and the shortest and longest printed lengths (1 and 8).

    Tickets: A-C 5 (its shortest path A-B-C is 5), A-D 8 (shortest 7) and B-D 4
    (shortest 5). Red holds 5 cars (A-B, C-D#2), green 2, blue 3.
    """
    cities = tuple(RouteCity(c, (i, i % 2)) for i, c in enumerate("ABCDEFGH"))
    routes = (
        Route(("A", "B"), 2, "red"),
        Route(("B", "C"), 3, "blue"),
        Route(("A", "C"), 6),
        Route(("C", "D"), 2, "green"),
        Route(("C", "D"), 3, "red"),
        Route(("D", "E"), 2, "gray", "ferry", 1),
        Route(("E", "F"), 3, "gray", "ferry", 3),
        Route(("F", "G"), 1),
        Route(("G", "H"), 8),
    )
    tickets = (Ticket(("A", "C"), 5), Ticket(("A", "D"), 8), Ticket(("B", "D"), 4))
    return RouteBoard("Line", cities, routes, tickets, colors=COLORS)


def _pair(tickets: tuple[Ticket, ...]) -> RouteBoard:
    """A-B-C, each route 1 gray car, no card colors: only the tickets are measured."""
    cities = tuple(RouteCity(c, (i, 0)) for i, c in enumerate("ABC"))
    routes = (Route(("A", "B"), 1), Route(("B", "C"), 1))
    return RouteBoard("Pair", cities, routes, tickets, colors=())


def _cars(board: RouteBoard) -> dict[str, float]:
    return _paths(route_graph(board), board)


def test_the_line_measures_as_worked_out_by_hand() -> None:
    # off: A-D 1, B-D 1; cars: red 5, green 2, blue 3 -> 3; lengths 2: red 1 green 1
    # blue 0 -> 1, length 3: red 1 green 0 blue 1 -> 1, lengths 1, 6, 8: gray only -> 0
    assert measure_routes(_line()) == RouteMeasures(2.0, 2, 3, 2)


def test_a_length_every_color_holds_alike_adds_no_spread() -> None:
    # A-C made a blue 2: length 2 is red 1, green 1, blue 1 (no spread), length 3 red 1,
    # green 0, blue 1; cars red 5, green 2, blue 5. A-C is now 2 (off 3), A-D 4 (off 4),
    # B-D still 5 (off 1)
    board = _line().set_route("A-C", color="blue", length=2)
    assert measure_routes(board) == RouteMeasures(8.0, 3, 3, 1)


def test_a_board_without_card_colors_has_no_color_spread() -> None:
    board = _pair((Ticket(("A", "C"), 2),))
    assert measure_routes(board) == RouteMeasures(0.0, 0, 0, 0)


def test_candidates_are_tickets_off_then_recolors_then_a_printed_length_down_and_up() -> None:
    """Only tickets off their path; never a gray route recolored, nor a lane to its twin's
    color; each route one printed length shorter, then one longer, where the table has one
    and a ferry keeps room for its locomotives (E-F, 3 cars all locomotives, cannot be 2;
    D-E, 2 cars with one, can be 1)."""
    board = _line()
    assert [str(e) for e in _candidates(board, _cars(board))] == [
        "set A-D to 7 points (was 8)",
        "set B-D to 5 points (was 4)",
        "make A-B green (was red)",
        "make A-B blue (was red)",
        "make B-C red (was blue)",
        "make B-C green (was blue)",
        "make C-D blue (was green)",
        "make C-D#2 blue (was red)",
        "make A-B 1 cars long (was 2)",
        "make A-B 3 cars long (was 2)",
        "make A-C 4 cars long (was 6)",
        "make A-C 8 cars long (was 6)",
        "make B-C 2 cars long (was 3)",
        "make B-C 4 cars long (was 3)",
        "make C-D 1 cars long (was 2)",
        "make C-D 3 cars long (was 2)",
        "make C-D#2 2 cars long (was 3)",
        "make C-D#2 4 cars long (was 3)",
        "make D-E 1 cars long (was 2)",
        "make D-E 3 cars long (was 2)",
        "make E-F 4 cars long (was 3)",
        "make F-G 2 cars long (was 1)",
        "make G-H 6 cars long (was 8)",
    ]


def test_no_ticket_candidate_for_a_ticket_whose_ends_are_not_joined() -> None:
    cities = (*_pair(()).cities, RouteCity("D", (5, 5)))
    board = RouteBoard("Island", cities, _pair(()).routes, (Ticket(("A", "D"), 3),), colors=())
    assert [str(e) for e in _candidates(board, _cars(board))] == [
        "make A-B 2 cars long (was 1)",
        "make B-C 2 cars long (was 1)",
    ]


def test_every_candidate_of_the_line_is_scored_as_a_fresh_measure_of_the_edited_board() -> None:
    board = _line()
    G, cars = route_graph(board), _cars(board)
    checked = 0
    for edit in _candidates(board, cars):
        try:
            edited = edit.apply(board)
        except MapError:
            continue
        assert _score(board, G, cars, edit) == measure_routes(edited), edit
        checked += 1
    assert checked == 23


def test_a_longer_lane_of_a_double_leaves_the_paths_on_the_shorter_lane() -> None:
    """C-D#2 (red, 3 cars) made 4 long: C-D still costs 2 (the green lane), so A-D's
    shortest path stays 7; only red's cars (5 -> 6) and lengths change."""
    board = _line()
    edit = SetRouteLength("C-D#2", 3, 4)
    got = _score(board, route_graph(board), _cars(board), edit)
    assert got == RouteMeasures(2.0, 2, 4, 3)


def test_a_longer_single_route_on_a_shortest_path_lengthens_it() -> None:
    """B-C made 4 long: A-C becomes 6 (A-B-C or the bypass), A-D 8 and B-D 6."""
    board = _line()
    edit = SetRouteLength("B-C", 3, 4)
    got = _score(board, route_graph(board), _cars(board), edit)
    # off: A-C 1, A-D 0, B-D 2; cars red 5 green 2 blue 4; lengths: 2 -> red 1 green 1
    # blue 0 (1), 3 -> red 1 (1), 4 -> blue 1 (1)
    assert got == RouteMeasures(3.0, 2, 3, 3)


def test_a_step_names_only_the_measures_it_changed() -> None:
    board = _line()
    edit = SetTicketPoints("A-D", 8, 7)
    before = RouteMeasures(2.0, 2, 3, 2)

    def words(after: RouteMeasures) -> str:
        return RouteStep(edit, board, before, after, 1.0, 0.5).effect()

    assert words(RouteMeasures(1.0, 1, 3, 2)) == (
        "set A-D to 7 points (was 8): tickets off their shortest path 2 -> 1 (2 -> 1 points)"
    )
    assert words(RouteMeasures(2.0, 2, 1, 2)) == (
        "set A-D to 7 points (was 8): cars per color spread 3 -> 1"
    )
    assert words(RouteMeasures(2.0, 2, 3, 4)) == (
        "set A-D to 7 points (was 8): routes per color and length spread 2 -> 4"
    )
    assert words(before) == "set A-D to 7 points (was 8): no measure changed"


def test_a_plan_of_the_line_fixes_both_tickets_then_rebalances_a_color() -> None:
    board = _line()
    objective = RouteObjective()
    started = time.perf_counter()
    found = plan_routes(board, objective, edits=5)
    elapsed = time.perf_counter() - started
    assert [str(s.edit) for s in found.steps] == [
        "set A-D to 7 points (was 8)",  # tied with B-D: the first candidate wins
        "set B-D to 5 points (was 4)",
        "make A-B green (was red)",
    ]
    assert [t.points for t in found.board.tickets] == [5, 7, 5]
    assert found.board.route("A-B").color == "green"
    assert not found.stopped
    assert 0 <= found.seconds <= elapsed
    # every round scores every candidate of its board; the fourth finds nothing better
    boards = [board, *(s.board for s in found.steps)]
    assert found.candidates == sum(len(list(_candidates(b, _cars(b)))) for b in boards)
    start = measure_routes(board)
    assert found.start == start
    before, score = start, objective.score(start, 0)
    for k, step in enumerate(found.steps, 1):
        assert step.before == before and step.score_before == score
        assert step.after == measure_routes(step.board)
        assert step.score_after == objective.score(step.after, k)
        before, score = step.after, step.score_after
    assert found.text().splitlines()[-1] == (
        "tickets off their shortest path: 2 -> 0; cars per color spread 3 -> 1; "
        "routes per color and length spread 2 -> 3"
    )


def test_a_plan_without_steps_reports_the_start_as_the_end() -> None:
    board = _pair((Ticket(("A", "C"), 2),))
    found = plan_routes(board, RouteObjective(edit=0.0))
    assert found.steps == () and found.board == board
    assert found.text().splitlines()[-1] == (
        "tickets off their shortest path: 0 -> 0; cars per color spread 0 -> 0; "
        "routes per color and length spread 0 -> 0"
    )


@pytest.mark.parametrize("edit_weight", [0.0, 0.25])
def test_no_edit_is_taken_that_does_not_lower_the_score(edit_weight: float) -> None:
    """The one ticket is right and no color is measured: lengthening B-C scores the same
    (with weight 0 for an edit) and lengthening A-B worse, so the plan is empty."""
    board = _pair((Ticket(("A", "B"), 1),))
    found = plan_routes(board, RouteObjective(edit=edit_weight))
    assert found.steps == () and found.candidates == 2


def test_a_gain_of_no_more_than_the_tolerance_is_no_gain() -> None:
    """One ticket off by one point, weighed 1e-9: fixing it gains exactly the doctor's
    tolerance (1e-9), which is not enough to take it."""
    board = _pair((Ticket(("A", "B"), 2),))
    objective = RouteObjective(tickets=1e-9, color_cars=0.0, color_lengths=0.0, edit=0.0)
    assert plan_routes(board, objective).steps == ()
    loose = RouteObjective(tickets=2e-9, color_cars=0.0, color_lengths=0.0, edit=0.0)
    assert [str(s.edit) for s in plan_routes(board, loose).steps] == ["set A-B to 1 points (was 2)"]


def test_a_candidate_better_by_no_more_than_the_tolerance_is_a_tie_and_the_first_wins() -> None:
    """A-B is off by 3 points and B-C by 4, weighed 1e-9 a point: fixing A-B leaves 4e-9,
    fixing B-C (a later candidate) 3e-9, exactly the tolerance less: a tie."""
    board = _pair((Ticket(("A", "B"), 4), Ticket(("B", "C"), 5)))
    objective = RouteObjective(tickets=1e-9, color_cars=0.0, color_lengths=0.0, edit=0.0)
    found = plan_routes(board, objective, edits=1)
    assert [str(s.edit) for s in found.steps] == ["set A-B to 1 points (was 4)"]


def test_stop_ends_the_plan_after_the_candidate_it_was_asked_at() -> None:
    found = plan_routes(_line(), stop=lambda: True)
    assert found.stopped and found.steps == () and found.candidates == 1
