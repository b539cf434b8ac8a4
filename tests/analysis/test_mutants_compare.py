"""What an edit changed, in words: every kind of city edit, and the summary line built
from a comparison set by hand (docs/mutation.md)."""

from __future__ import annotations

import math

import pandas as pd

from workbench import Board
from workbench.analysis.compare import Comparison, _edits


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
