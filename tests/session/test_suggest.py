"""The doctor's suggestions in an edit session: one undoable edit each, analysed at once."""

from __future__ import annotations

import math

import pytest

from workbench.analysis.doctor import Allowed, Objective, measure
from workbench.session.edit import EditSession
from workbench.session.suggest import Suggestions

STRICT = Objective(fair_spread=1.0)


def test_applying_a_suggestion_is_one_undoable_edit() -> None:
    session = EditSession("maps/tiny.yaml", background=False)
    ideas = Suggestions(session, STRICT, top=3, background=False)
    found = ideas.refresh()
    assert len(found) == 3 and not ideas.stale
    assert [s.score for s in found] == sorted(s.score for s in found)
    before = session.board
    ideas.apply(1)
    assert session.history == (str(found[1].edit),)
    assert session.board == found[1].edit.apply(before)
    # the live analysis shows the effect the doctor reported
    analysis = session.analysis
    assert math.isclose(analysis.summary.mean, found[1].measures[0].mean)
    assert analysis.comparison is not None
    assert math.isclose(analysis.comparison.mean_before, found[1].before[0].mean)
    assert measure(session.board) == found[1].measures[0]
    assert session.undo() == before and session.future == (str(found[1].edit),)
    ideas.close()


def test_stale_suggestions_are_refused() -> None:
    session = EditSession("maps/tiny.yaml", background=False)
    ideas = Suggestions(session, STRICT, Allowed(move=1), top=2, background=False)
    heard: list[str] = []
    ideas.on_change(heard.append)
    ideas.refresh()
    assert heard == ["suggestions"]
    session.set_dashed("Alder", True)
    assert ideas.stale and heard == ["suggestions", "suggestions"]
    with pytest.raises(ValueError, match="board changed"):
        ideas.apply(0)
    ideas.refresh()
    assert not ideas.stale
    ideas.close()


def test_in_the_background() -> None:
    session = EditSession("maps/tiny.yaml", background=False)
    ideas = Suggestions(session, STRICT, top=1)
    assert ideas.refresh() == []
    assert ideas.wait(timeout=60)
    assert len(ideas.suggestions) == 1 and ideas.board == session.board
    ideas.close()
