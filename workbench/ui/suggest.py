"""The map editor's "Suggest" panel: the map doctor's best single edits, one click each.

:class:`SuggestPanel` draws a :class:`~workbench.session.suggest.Suggestions`: a *Suggest*
button asks the doctor (on a background thread) for the edits that make the board fairer,
each listed with its exact effect in words; *Apply* makes one of them as one undoable edit
of the editor's session, whose analysis panel then shows what it changed. After any edit
the list is stale: its buttons are disabled until it is asked for again.

Below it, *Plan by play* (:class:`~workbench.ui.play_doctor.PlayDoctorPanel`) runs the play
doctor in the background: a plan of up to five edits judged by simulated games, with a
progress bar over the games and a *Stop* button (the plan so far is kept and still checked on
fresh seeds). The plan arrives with its before and after on fresh games; *Apply plan* makes
it as one undoable edit.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from workbench.analysis.doctor import Allowed, Objective
from workbench.session.edit import EditSession, reason
from workbench.session.suggest import Suggestions
from workbench.ui.play_doctor import PlayDoctorPanel

__all__ = ["SuggestPanel"]


class SuggestPanel:
    """The doctor's suggestions for an edit session's board, as a widget.

    Examples
    --------
    >>> from workbench.analysis.doctor import Objective
    >>> session = EditSession("maps/tiny.yaml", background=False)
    >>> panel = SuggestPanel(session, Objective(fair_spread=1.0), top=2, background=False)
    >>> panel.controls["suggest"].click()
    >>> len(panel.controls["rows"].children)
    2
    >>> panel.controls["rows"].children[0].children[0].click()  # Apply the first
    >>> len(session.history), panel.controls["rows"].children[0].children[0].disabled
    (1, True)
    >>> panel.close()
    """

    def __init__(
        self,
        session: EditSession,
        objective: Objective | None = None,
        allowed: Allowed | None = None,
        top: int = 5,
        *,
        background: bool = True,
        play: dict[str, Any] | None = None,
    ) -> None:
        self.session = session
        self.suggestions = Suggestions(session, objective, allowed, top, background=background)
        self.play_panel = PlayDoctorPanel(session, background=background, **(play or {}))
        """*Plan by play* (its options: ``play=``)."""
        self.play = self.play_panel.doctor
        """The play doctor behind *Plan by play*."""
        self._button = w.Button(description="Suggest", icon="lightbulb-o",
                                tooltip="ask the map doctor for edits that make the board "
                                "fairer", layout=w.Layout(width="auto"))  # fmt: skip
        self._button.add_class("wb-suggest-button")
        self._button.on_click(lambda _b: self._ask())
        self._status = w.HTML(
            '<span class="wb-muted">the map doctor tries moving cities, crossings and '
            "segment types, and scores each with every hand's exact cost</span>"
        )
        self._rows = w.VBox()
        self._rows.add_class("wb-suggestions")
        self.widget = w.VBox(
            [
                w.HTML("<b>Suggest</b>"),
                w.HBox([self._button, self._status]),
                self._rows,
                self.play_panel.widget,
            ],
            layout=w.Layout(padding="6px 0 0 0"),
        )
        self.widget.add_class("wb-suggest")
        self.controls: dict[str, Any] = {
            "suggest": self._button, "status": self._status, "rows": self._rows,
            **self.play_panel.controls,
        }  # fmt: skip
        self._stop = self.suggestions.on_change(lambda _what: self._draw())

    def _ask(self) -> None:
        self._status.value = '<span class="wb-working"><span class="wb-spinner"></span>' \
            "the doctor is scoring every candidate edit...</span>"  # fmt: skip
        self._button.disabled = True
        self.suggestions.refresh()

    def _apply(self, index: int) -> None:
        try:
            self.suggestions.apply(index)
        except (ValueError, KeyError) as error:
            self.session.say(f"refused: {reason(error)}", error=True)

    def _draw(self) -> None:
        found = self.suggestions
        self._button.disabled = found.working
        if found.error is not None:
            self._status.value = (
                f'<span class="wb-status-error">no suggestions: '
                f"{html.escape(reason(found.error))}</span>"
            )
            self._rows.children = ()
            return
        stale = found.stale
        if not found.suggestions:
            self._status.value = (
                '<span class="wb-muted">no single edit makes the board fairer by the '
                "doctor's measures</span>"
            )
        elif stale:
            self._status.value = (
                '<span class="wb-warning">the board changed: press Suggest again</span>'
            )
        else:
            self._status.value = (
                f'<span class="wb-muted">{len(found.suggestions)} best edits, best first '
                "(score: lower is fairer)</span>"
            )
        rows = []
        for i, s in enumerate(found.suggestions):
            apply = w.Button(description="Apply", layout=w.Layout(width="auto"),
                             disabled=stale)  # fmt: skip
            apply.add_class("wb-apply-suggestion")
            apply.on_click(lambda _b, i=i: self._apply(i))
            text = w.HTML(
                f"{i + 1}. {html.escape(s.effect())} "
                f'<span class="wb-muted">(score {s.score_before:.1f} -> {s.score:.1f})</span>',
                layout=w.Layout(width="900px"),
            )
            rows.append(w.HBox([apply, text]))
        self._rows.children = tuple(rows)

    def close(self) -> None:
        """Stop listening and close the widgets."""
        self._stop()
        self.suggestions.close()
        self.play_panel.close()
        for row in self._rows.children:
            for child in row.children:
                child.close()
            row.close()
        self.widget.close()
