"""Pinned exercises: the exact text, answers, feedback and pictures for fixed seeds.

Every kind is generated on a random graph and on a board (the Trans Europa map, or the
Ticket to Ride Europe route graph for the two Ticket to Ride kinds) for a few seeds, and
checked with its own answer and a row of wrong ones. The record in
``golden/exercises.json`` was written from the code before a refactoring of
:mod:`workbench.teach.exercises`: any change to a question, an answer, a hint or a picture
shows up here. To accept a deliberate change, run this module as a script
(``python -m tests.teach.test_exercise_pins``) and review the diff of the JSON file.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.maps.routes import RouteBoard
from workbench.teach.exercises import EXERCISES, Exercise, exercise
from workbench.teach.frames import Frame
from workbench.teach.textbook import route_graph

GOLDEN = Path(__file__).parent / "golden" / "exercises.json"
SEEDS = (0, 1, 2)
TICKET_KINDS = ("longest_trail", "ticket_forest")
# Left out: two equally cheap forests tie here and the one shown depends on set order,
# which changes with PYTHONHASHSEED (the cost and the question do not).
UNSTABLE: set[tuple[str, str, int]] = set()


@cache
def _source(name: str) -> Any:
    if name == "random":
        return None
    if name == "europe":
        board = load_map(MAPS / "ticket_to_ride_europe.yaml")
        assert isinstance(board, RouteBoard)
        return route_graph(board)
    return load_map(MAPS / f"{name}.yaml")


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for kind in EXERCISES:
        board = "europe" if kind in TICKET_KINDS else "tiny"
        for source in ("random", board):
            cases += [
                (kind, source, seed) for seed in SEEDS if (kind, source, seed) not in UNSTABLE
            ]
    return cases


def _wrong_answers(ex: Exercise) -> list[Any]:
    """Answers that walk the checker's branches: numbers round the truth, every slip, and
    the first few edges or nodes of the graph."""
    names = ex.names
    right = ex.solution_answer()
    if isinstance(right, int | float):
        slips = list(getattr(ex, "slips", {}))
        return [right - 1, right + 1, 2 * right + 3, 0, *slips, "many"]
    edges = sorted((names.key(u, v) for u, v in ex.graph.edges()), key=names.sort_key)
    nodes = names.order(ex.graph)
    labels = [names.segment(e) for e in edges[:6]]
    if ex.kind == "dijkstra_order":
        parts = str(right).split(", ")
        return [", ".join(reversed(parts)), ", ".join(parts[1:]), ", ".join([*parts, parts[0]])]
    if ex.kind == "start_marker":
        return [names.label(v) for v in nodes[:6]]
    if ex.kind == "bridges":
        return ["none", *labels, "; ".join(labels[:3]), "x-y"]
    return [*labels, "x-y"]


def _frame(frame: Frame) -> list[Any]:
    """A frame as its message and its roles, sorted (a frame's maps compare as dicts, and
    some are filled from sets, whose order changes from run to run)."""
    roles = [sorted(f"{k!r}: {v!r}" for k, v in m.items()) for m in (frame.nodes, frame.edges)]
    return [frame.line, frame.message, *roles, repr(frame.state)]


def record(kind: str, source: str, seed: int) -> dict[str, Any]:
    """What an exercise shows and says, as plain JSON values."""
    ex = exercise(kind, _source(source), seed)
    right = ex.solution_answer()
    return {
        "question": ex.question,
        "solution": ex.solution(),
        "solution_answer": repr(right),
        "right": ex.check(right).message,
        "wrong": [[repr(a), ex.check(a).correct, ex.check(a).message] for a in _wrong_answers(ex)],
        "picture": _frame(ex.picture),
        "solution_picture": _frame(ex.solution_picture),
        "repr": repr(ex),
    }


@pytest.mark.parametrize(("kind", "source", "seed"), _cases())
def test_exercise_is_pinned(kind: str, source: str, seed: int) -> None:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    assert record(kind, source, seed) == golden[f"{kind} {source} {seed}"]


def test_every_kind_is_pinned() -> None:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    assert {key.split()[0] for key in golden} == set(EXERCISES)


if __name__ == "__main__":  # rewrite the record (review the diff before committing it)
    data = {f"{k} {s} {n}": record(k, s, n) for k, s, n in _cases()}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    sys.stdout.write(f"wrote {len(data)} exercises to {GOLDEN}\n")
