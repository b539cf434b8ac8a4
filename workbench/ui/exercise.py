"""A small notebook front end for an exercise of :mod:`workbench.teach.exercises`.

:class:`ExerciseWidget` shows the question, the board or graph it is about (with the
exercise's picture drawn over it), an answer box and a Check button; the verdict comes back
as a friendly, specific message. "Another one" asks a fresh exercise of the same kind (the
next seed), "Watch the algorithm" opens an :class:`~workbench.ui.stepper.AlgorithmStepper`
on the run that answers it, and a teacher-mode switch shows the solution, in words and on
the picture. The checking itself is the exercise's: this module only draws and forwards.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import networkx as nx

from workbench.maps.board import Board
from workbench.teach.exercises import EXERCISES, Exercise, Feedback, exercise
from workbench.ui.stepper import AlgorithmStepper, FrameView

__all__ = ["ExerciseWidget"]

_OK = "#e3f4e1"
_NOT_YET = "#fdecd9"


def _box(text: str, colour: str, css: str) -> str:
    return (
        f'<div class="{css}" style="background:{colour};padding:6px 10px;border-radius:4px;'
        f'max-width:640px;line-height:1.4">{html.escape(text)}</div>'
    )


class ExerciseWidget(widgets.VBox):
    """Ask an exercise in the notebook and check the answers typed in.

    Parameters
    ----------
    exercise_or_kind : Exercise or str
        An exercise, or a kind from :data:`~workbench.teach.exercises.EXERCISES` to generate.
    source : Board, networkx Graph or None
        What to generate exercises on (``None``: random graphs). With an exercise given,
        "Another one" generates on this (by default the exercise's board, else its graph).
    seed : int, default 0
        The seed of a generated exercise; "Another one" adds 1.
    teacher : bool, default False
        Start in teacher mode (the solution shown).
    width : int, default 560
        Width of the picture in pixels.

    Attributes
    ----------
    exercise : Exercise
    view : FrameView
    answer : ipywidgets.Text
    feedback, solution, question : ipywidgets.HTML
    check_button, another_button, watch_button : ipywidgets.Button
    teacher_toggle : ipywidgets.ToggleButton

    Examples
    --------
    >>> w = ExerciseWidget("dijkstra_order", seed=4)
    >>> w.submit(w.exercise.solution_answer()).correct
    True
    >>> "Yes!" in w.feedback.value
    True
    >>> w.teacher = True
    >>> w.exercise.solution() in w.solution.value.replace("&#x27;", "'")
    True
    """

    def __init__(
        self,
        exercise_or_kind: Exercise | str,
        source: Board | nx.Graph | None = None,
        *,
        seed: int = 0,
        teacher: bool = False,
        width: int = 560,
    ) -> None:
        if isinstance(exercise_or_kind, Exercise):
            ex = exercise_or_kind
            self._source: Board | nx.Graph | None = source
            if source is None:
                self._source = ex.board if ex.board is not None else ex.graph
            self._seed = ex.seed if ex.seed is not None else seed
        else:
            if exercise_or_kind not in EXERCISES:
                exercise(exercise_or_kind)  # raises, listing the kinds
            ex = exercise(exercise_or_kind, source, seed)
            self._source, self._seed = source, seed
        self._width = width
        self.title = widgets.HTML()
        self.question = widgets.HTML()
        self.answer = widgets.Text(
            placeholder="your answer", continuous_update=False, layout={"width": "420px"}
        )
        self.answer.add_class("wb-exercise-answer")
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.add_class("wb-exercise-check")
        self.another_button = widgets.Button(description="Another one")
        self.watch_button = widgets.Button(description="Watch the algorithm")
        self.watch_button.add_class("wb-exercise-watch")
        for b in (self.check_button, self.another_button, self.watch_button):
            b.layout.width = "auto"  # as wide as its label: never cut short
            b.layout.min_width = "fit-content"
        self.teacher_toggle = widgets.ToggleButton(
            value=teacher, description="Teacher mode", icon="graduation-cap"
        )
        self.feedback = widgets.HTML()
        self.feedback.add_class("wb-exercise-feedback")
        self.solution = widgets.HTML()
        self.solution.add_class("wb-exercise-solution")
        self.stepper_box = widgets.VBox()
        self.check_button.on_click(lambda _: self.submit(self.answer.value))
        self.answer.observe(self._on_enter, "value")
        self.another_button.on_click(lambda _: self.another())
        self.watch_button.on_click(lambda _: self.watch())
        self.teacher_toggle.observe(lambda _: self._show_solution(), "value")
        self.picture = widgets.Box()
        self.last_feedback: Feedback | None = None
        super().__init__()
        self.add_class("wb-exercise")
        self._use(ex)

    # ---------------------------------------------------------------- scripting

    @property
    def teacher(self) -> bool:
        """Whether the solution is shown."""
        return bool(self.teacher_toggle.value)

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self.teacher_toggle.value = bool(on)

    def submit(self, answer: Any) -> Feedback:
        """Check ``answer`` (as if typed and checked) and show the verdict."""
        if isinstance(answer, str) and not answer.strip():
            verdict = Feedback(False, f"Type an answer first. {self.exercise.answer_format}")
        else:
            verdict = self.exercise.check(answer)
        colour = _OK if verdict.correct else _NOT_YET
        mark = "✔ " if verdict.correct else "✘ "
        self.feedback.value = _box(mark + verdict.message, colour, "wb-feedback-box")
        self.last_feedback = verdict
        return verdict

    def another(self) -> None:
        """Ask a fresh exercise of the same kind (the next seed)."""
        self._seed += 1
        self._use(type(self.exercise).generate(self._source, seed=self._seed))

    def watch(self) -> AlgorithmStepper:
        """Open a stepper on the algorithm that answers the exercise (below the widget)."""
        ex = self.exercise
        focus = ex.graph if ex.board is not None and len(ex.graph) < len(ex.board.points) else None
        stepper = AlgorithmStepper(
            ex.trace(),
            ex.board if ex.board is not None else ex.graph,
            graph=ex.graph if ex.board is not None else None,
            focus=focus,
            width=self._width,
        )
        self.stepper_box.children = (stepper,)
        return stepper

    # ---------------------------------------------------------------- drawing

    def _use(self, ex: Exercise) -> None:
        self.exercise = ex
        self.last_feedback = None
        part = ex.board is not None and len(ex.graph) < len(ex.board.points)
        roles = [*ex.picture.nodes.values(), *ex.solution_picture.nodes.values()]
        edge_roles = [*ex.picture.edges.values(), *ex.solution_picture.edges.values()]
        self.view = FrameView(
            ex.board if ex.board is not None else ex.graph,
            graph=ex.graph if ex.board is not None else None,
            node_roles=roles,
            edge_roles=edge_roles,
            focus=ex.graph.nodes if part else None,
            width=self._width,
            title=ex.title,
            lengths=True,  # the answers count them
        )
        self.view.show(ex.solution_picture if self.teacher else ex.picture)
        self.picture = self.view.widget()  # after the data: the widget starts from it
        self.title.value = f"<h3 style='margin:2px 0'>{html.escape(ex.title)}</h3>"
        self.question.value = (
            f'<div class="wb-exercise-question" style="max-width:640px;font-size:14px;'
            f'line-height:1.4">'
            f"{html.escape(ex.question)}</div>"
            f'<div style="color:#666;font-size:12px">{html.escape(ex.answer_format)}</div>'
        )
        self.answer.value = ""
        self.feedback.value = ""
        self.stepper_box.children = ()
        self._show_solution()
        wrap = {"flex_flow": "row wrap", "align_items": "center"}  # a row too narrow wraps
        buttons = widgets.HBox(
            [self.check_button, self.another_button, self.watch_button], layout=wrap
        )
        self.children = (
            self.title,
            self.question,
            self.picture,
            widgets.HBox([self.answer, buttons], layout=wrap),
            self.feedback,
            self.teacher_toggle,
            self.solution,
            self.stepper_box,
        )

    def _on_enter(self, change: dict[str, Any]) -> None:
        if str(change["new"]).strip():
            self.submit(change["new"])

    def _show_solution(self) -> None:
        ex = self.exercise
        if self.teacher:
            self.view.show(ex.solution_picture)
            self.solution.value = _box("Solution: " + ex.solution(), "#eef2fb", "wb-solution-box")
        else:
            self.view.show(ex.picture)
            self.solution.value = ""

    def __repr__(self) -> str:
        return f"<ExerciseWidget {self.exercise.kind!r} seed={self._seed!r}>"
