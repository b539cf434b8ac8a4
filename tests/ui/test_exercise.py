"""The exercise widget: typed answers checked, teacher mode, another exercise, the stepper."""

from __future__ import annotations

from collections import Counter

import pytest

from workbench import Board
from workbench.teach.exercises import EXERCISES, KruskalNext, exercise
from workbench.teach.textbook import textbook_graph
from workbench.ui.exercise import ExerciseWidget
from workbench.ui.stepper import AlgorithmStepper


def drawn(w: ExerciseWidget) -> tuple[Counter[str], Counter[str]]:
    nodes = Counter({r: len(s.data["x"]) for r, s in w.view.node_sources.items() if s.data["x"]})
    edges = Counter({r: len(s.data["x0"]) for r, s in w.view.edge_sources.items() if s.data["x0"]})
    return nodes, edges


@pytest.mark.parametrize("kind", list(EXERCISES))
def test_right_and_wrong_answers_on_a_board(tiny: Board, kind: str) -> None:
    w = ExerciseWidget(kind, tiny, seed=2)
    ex = w.exercise
    assert ex.kind == kind and ex.board is tiny
    w.answer.value = str(ex.solution_answer())  # typing and pressing Enter checks it
    assert w.last_feedback is not None and w.last_feedback.correct
    assert "✔" in w.feedback.value and ("Yes!" in w.feedback.value or "Right" in w.feedback.value)
    wrong = w.submit("99,99")
    assert not wrong.correct and "✘" in w.feedback.value
    assert w.submit("").message.startswith("Type an answer first")
    assert drawn(w) == (Counter(ex.picture.nodes.values()), Counter(ex.picture.edges.values()))


def test_teacher_mode_shows_the_solution_and_its_picture(tiny: Board) -> None:
    w = ExerciseWidget("start_marker", tiny, seed=1)
    ex = w.exercise
    assert w.solution.value == ""
    w.teacher_toggle.value = True
    assert "Solution:" in w.solution.value and str(ex.best_cost) in w.solution.value
    assert drawn(w)[0] == Counter(ex.solution_picture.nodes.values())
    w.teacher = False
    assert w.solution.value == "" and drawn(w)[0] == Counter(ex.picture.nodes.values())
    assert ExerciseWidget("bridges", seed=3, teacher=True).solution.value.startswith("<div")


def test_another_one_takes_the_next_seed(europe_board: Board) -> None:
    w = ExerciseWidget("kruskal_next", europe_board, seed=5)
    first = w.exercise
    w.another_button.click()
    assert w.exercise.seed == 6 and w.exercise.question != first.question
    assert w.exercise.question == exercise("kruskal_next", europe_board, 6).question
    assert w.feedback.value == "" and w.answer.value == ""


def test_a_given_exercise_and_its_stepper() -> None:
    ex = KruskalNext.from_forest(textbook_graph(), [("g", "h")])
    w = ExerciseWidget(ex)
    assert w.submit("c - i").correct
    stepper = w.watch()
    assert isinstance(stepper, AlgorithmStepper) and w.stepper_box.children == (stepper,)
    assert stepper.trace.name == "kruskal"
    w.another()  # a given graph: the same graph again, the next seed
    assert len(w.exercise.graph) == 9


def test_a_part_of_a_board_is_zoomed(europe_board: Board) -> None:
    w = ExerciseWidget("bridges", europe_board, seed=0)
    focus = w.view.figure.select_one({"name": "focus"})
    assert focus is not None and len(focus.data_source.data["x"]) == len(w.exercise.graph)
    stepper = w.watch()
    assert stepper.view.figure.select_one({"name": "focus"}) is not None


@pytest.fixture(scope="module")
def europe_board() -> Board:
    from tests.conftest import MAPS
    from workbench import load_map

    return load_map(MAPS / "trans_europa.yaml")


def test_the_picture_is_in_the_widget_from_the_start(tiny: Board) -> None:
    from tests.ui.test_stepper import _serialized

    w = ExerciseWidget("missing_rails", tiny, seed=2)
    start = w.exercise.names.label(w.exercise.start)
    assert start in _serialized(w.picture, w.view.node_sources["source"].id)
