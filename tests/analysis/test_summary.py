"""Summaries, comparison and the report, on hand-worked tables and the shipped boards."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd

from workbench import Board
from workbench.analysis import (
    city_effects,
    color_summary,
    compare,
    cost_summary,
    hand_costs,
    verdict,
)
from workbench.analysis.report import analyze

WORKED = pd.DataFrame(
    {
        "red": ["a", "a", "a", "a", "b", "b", "b", "b"],
        "blue": ["x", "x", "y", "y", "x", "x", "y", "y"],
        "green": ["p", "q", "p", "q", "p", "q", "p", "q"],
        "cost": [10, 12, 11, 13, 20, 22, 21, 23],
    }
)


def test_worked_example() -> None:
    summary = cost_summary(WORKED)
    assert (summary.hands, summary.mean, summary.minimum, summary.maximum) == (8, 16.5, 10, 23)
    effects = city_effects(WORKED).set_index("city")["effect"]
    assert effects.to_dict() == {"a": -5.0, "b": 5.0, "x": -0.5, "y": 0.5, "p": -1.0, "q": 1.0}
    colors = color_summary(WORKED).set_index("color")
    assert colors.loc["red", "spread"] == 10 and not colors.loc["red", "fair"]
    assert colors.loc["blue", "fair"]
    lines = verdict(WORKED)
    assert lines[0].startswith("red is unfair: hands with b cost 10.0 rails more")
    assert lines[-1].startswith("the luckiest hand needs 10 rails and the unluckiest 23")


def test_compare_a_move(europe: Board) -> None:
    moved = europe.move_city("Vienna", (23, 12))
    diff = compare(europe, moved)
    assert diff.edits == ["moving Vienna from [24, 12] to [23, 12]"]
    a, b = hand_costs(europe), hand_costs(moved)
    assert abs(diff.change - (b.cost.mean() - a.cost.mean())) < 1e-9
    vienna = diff.cities.set_index("city").loc["Vienna"]
    expected = b[b.orange == "Vienna"].cost.mean() - a[a.orange == "Vienna"].cost.mean()
    assert abs(vienna.change - expected) < 1e-9
    assert diff.summary().startswith("moving Vienna from [24, 12] to [23, 12] made the hands")


def test_compare_nothing(tiny: Board) -> None:
    assert compare(tiny, tiny).summary().startswith("no change")


def test_report_text_has_every_section(europe: Board) -> None:
    text = analyze(europe, chokepoint_candidates=2).text()
    for heading in (
        "What to look at",
        "Hand costs",
        "Colors",
        "Cities",
        "Most used segments",
        "Chokepoints",
        "Farthest cities: Lisbon to Stockholm",
    ):
        assert heading in text


def test_report_text_counts_bridges_in_words_and_says_when_the_list_is_cut(
    europe: Board,
) -> None:
    report = analyze(europe, chokepoint_candidates=2)
    assert report.choke is not None
    bridges = len(report.choke.bridges)
    line = next(x for x in report.text().splitlines() if "whose loss splits the board" in x)
    assert line.strip().startswith(f"{bridges} bridge{'' if bridges == 1 else 's'} (")
    assert (f"and {bridges - 6} more" in line) == (bridges > 6)
    assert line.count("-") >= min(bridges, 6)  # every shown bridge is a segment a-b


def test_cli_analyze_writes_the_page(tmp_path) -> None:
    page = tmp_path / "report.html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "analyze",
            "maps/tiny.yaml",
            "--players",
            "3",
            "--no-chokepoints",
            "--html",
            str(page),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Tiny Island" in result.stdout and page.read_text().startswith("<!DOCTYPE html>")
