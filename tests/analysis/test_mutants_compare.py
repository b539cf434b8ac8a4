"""What an edit changed, in words: every kind of city edit, and the summary line built
from a comparison set by hand (docs/mutation.md)."""

from __future__ import annotations

import math
from typing import ClassVar

import pandas as pd
import pytest

from workbench import Board
from workbench.analysis.compare import Comparison, _edits, compare


def _comparison(before: float, after: float, edits: list[str]) -> Comparison:
    cities = pd.DataFrame(
        {"city": ["Fir", "Ivy"], "color": ["pink", "turquoise"], "before": [11.0, 12.0],
         "after": [11.5, math.nan], "change": [0.5, math.nan]}
    )  # fmt: skip
    return Comparison(before, after, cities, edits)


def test_every_kind_of_city_edit_is_named_in_words(tiny: Board) -> None:
    edited = (
        tiny.rename_city("Alder", "Aspen")
        .rename_city("Birch", "Bay")
        .move_city("Fir", (5, 1))
        .recolor_city("Cedar", "pink")
        .set_dashed("Dogwood", True)
    )
    assert _edits(tiny, edited) == [
        "adding Aspen",
        "adding Bay",
        "dashing Dogwood",
        "moving Fir from [5, 0] to [5, 1]",
        "recoloring Cedar from white to pink",
        "removing Alder",
        "removing Birch",
    ]
    assert _edits(edited, edited.set_dashed("Dogwood", False)) == ["undashing Dogwood"]
    assert _edits(tiny, tiny) == []


def test_the_summary_gives_a_city_its_own_change_and_other_edits_as_they_are() -> None:
    edits = ["removing Alder", "moving Fir from [5, 0] to [5, 1]", "recoloring Ivy from a to b"]
    assert _comparison(10.0, 10.5, edits).summary() == (
        "removing Alder; "
        "moving Fir from [5, 0] to [5, 1] made the hands with Fir 0.5 rails dearer "
        "(11.0 -> 11.5); "
        "recoloring Ivy from a to b; "
        "all hands: 0.5 rails dearer on average (10.0 -> 10.5)"
    )


def test_a_change_of_a_twentieth_of_a_rail_counts_and_less_does_not() -> None:
    assert _comparison(0.0, 0.05, []).summary() == (
        "no change: all hands: 0.1 rails dearer on average (0.0 -> 0.1)"
    )
    assert _comparison(0.0, 0.04, []).summary() == (
        "no change: all hands: no cheaper or dearer on average (0.0 -> 0.0)"
    )
    assert _comparison(1.0, 0.5, []).summary() == (
        "no change: all hands: 0.5 rails cheaper on average (1.0 -> 0.5)"
    )


def test_changed_and_removed_segments_are_counted(tiny: Board) -> None:
    removed = tiny.set_segment((1, 1), (2, 1), "none")
    assert (1, 1) in removed.points and ((1, 1), (2, 1)) not in removed.segments
    assert _edits(tiny, removed) == ["changing 1 segment"]
    assert _edits(tiny, removed.set_segment((0, 0), (0, 1), "ferry")) == ["changing 2 segments"]


def test_compare_lists_the_cities_of_both_boards_in_their_new_colors_quietly(
    tiny: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = tiny.rename_city("Alder", "Aspen").recolor_city("Cedar", "pink")
    diff = compare(tiny, edited)
    assert capsys.readouterr().err == ""  # no progress bar
    assert diff.cities.index.tolist() == list(range(len(diff.cities)))
    rows = {r.city: r for r in diff.cities.itertuples()}
    assert set(rows) == {c.name for c in tiny.cities} | {"Aspen"}
    colors = {c.name: c.color for c in tiny.cities} | {c.name: c.color for c in edited.cities}
    assert {name: r.color for name, r in rows.items()} == colors
    assert math.isnan(rows["Alder"].after) and math.isnan(rows["Aspen"].before)
    assert rows["Cedar"].color == "pink"
    changes = diff.cities.change.dropna().abs().tolist()
    assert changes == sorted(changes, reverse=True)


class _Bars:
    """Stands in for ``tqdm.auto.tqdm`` and counts the bars made (a real one waits a
    second before it draws, so a quick table would hide it)."""

    made: ClassVar[list[str]] = []

    def __init__(self, *args: object, desc: str = "", **kwargs: object) -> None:
        _Bars.made.append(desc)
        self.n = 0

    def update(self, n: int = 1) -> None:
        self.n += n

    def close(self) -> None:
        pass


def test_compare_makes_no_progress_bar(tiny: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    import tqdm.auto

    monkeypatch.setattr(tqdm.auto, "tqdm", _Bars)
    _Bars.made.clear()
    compare(tiny.move_city("Fir", (4, 1)), tiny.move_city("Fir", (5, 1)).set_dashed("Ivy", True))
    assert _Bars.made == []
