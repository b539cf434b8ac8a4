"""The editor's Suggest panel: the list, Apply as one undoable edit, stale buttons."""

from __future__ import annotations

from workbench.analysis.doctor import Objective
from workbench.session.edit import EditSession
from workbench.ui.editor import MapEditor
from workbench.ui.suggest import SuggestPanel


def test_panel_lists_and_applies() -> None:
    session = EditSession("maps/tiny.yaml", background=False)
    panel = SuggestPanel(session, Objective(fair_spread=1.0), top=3, background=False)
    panel.controls["suggest"].click()
    rows = panel.controls["rows"].children
    assert len(rows) == 3
    first = panel.suggestions.suggestions[0]
    assert str(first.edit) in rows[0].children[1].value
    rows[0].children[0].click()
    assert session.history == (str(first.edit),)
    assert all(r.children[0].disabled for r in panel.controls["rows"].children)
    assert "press Suggest again" in panel.controls["status"].value
    session.undo()
    panel.close()


def test_the_editor_has_the_panel() -> None:
    editor = MapEditor("maps/tiny.yaml", background=False)
    assert editor.controls["suggest"] is editor.suggest.controls["suggest"]
    assert editor.suggest.widget in editor.widget.children
    editor.suggest.controls["suggest"].click()  # Tiny Island is fair: nothing to suggest
    assert "no single edit" in editor.suggest.controls["status"].value
    editor.close()
