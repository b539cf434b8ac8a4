"""The map report's text, section by section, from report fields set by hand: each line
is written out here, so a section left out, reordered or miscounted fails. (Tests for
survivors of the mutation run, docs/mutation.md.)"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import pytest

from workbench import Board
from workbench.analysis.report import MapReport, analyze
from workbench.analysis.routes import Chokepoints


@pytest.fixture(scope="module")
def report(tiny: Board) -> MapReport:
    return analyze(tiny, chokepoint_candidates=None)


def _section(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def _bridges(n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [((i, 0), (i, 1)) for i in range(n)]


def _critical() -> pd.DataFrame:
    rows = []
    for i in range(5):  # five that cut hands apart, five that only make hands dearer
        rows.append(dict(a=(i, 0), b=(i, 1), kind="single", share=0.5, increase=float("inf"),
                         cut_hands=i + 1))  # fmt: skip
        rows.append(dict(a=(i, 2), b=(i, 3), kind="double", share=0.25, increase=0.5 + i,
                         cut_hands=0))  # fmt: skip
    return pd.DataFrame(rows)


def test_the_text_lists_every_finding_under_what_to_look_at(report: MapReport) -> None:
    text = replace(report, findings=["first thing", "second thing"]).text()
    assert _section(text, "What to look at") == ["  - first thing", "  - second thing"]


def test_a_rare_hand_cost_still_gets_one_bar_mark(report: MapReport) -> None:
    summary = replace(report.summary, histogram={8: 100, 9: 1, 10: 0})
    text = replace(report, summary=summary).text(width=40)
    rows = _section(text, "Hand costs (rails)")[1:]
    assert rows == ["     8 " + "#" * 40 + " 100", "     9 # 1", "    10  0"]


def test_the_text_has_a_line_per_color_with_its_spread_and_extremes(report: MapReport) -> None:
    colors = pd.DataFrame(
        dict(color=["red", "blue"], cheapest=["A", "C"], cheapest_effect=[-1.25, 0.0],
             dearest=["B", "D"], dearest_effect=[1.25, 7.5], spread=[2.5, 7.5],
             fair=[True, False])
    )  # fmt: skip
    text = replace(report, colors=colors).text()
    heading = "Colors (a color is fair when its cities' effects span <= 6 rails)"
    assert _section(text, heading) == [
        "  red        spread   2.5  fair   cheapest A (-1.2), dearest B (+1.2)",
        "  blue       spread   7.5  UNFAIR cheapest C (+0.0), dearest D (+7.5)",
    ]


def test_cities_are_listed_by_color_in_the_order_the_colors_first_appear(
    report: MapReport,
) -> None:
    cities = pd.DataFrame(
        dict(city=["Ash", "Bay", "Cove"], color=["red", "blue", "red"], effect=[1.0, -0.5, -1.0])
    )
    text = replace(report, cities=cities).text()
    heading = "Cities: how much each adds to the hands it is in (rails, vs the mean)"
    assert _section(text, heading) == ["  red        Ash +1.0, Cove -1.0", "  blue       Bay -0.5"]


def test_chokepoints_show_six_bridges_then_a_count_and_four_of_each_kind(
    report: MapReport,
) -> None:
    choke = Chokepoints(bridges=_bridges(8), articulation_points=[(0, 0)], critical=_critical())
    lines = _section(replace(report, choke=choke).text(), "Chokepoints")
    shown = ", ".join(f"[{i}, 0]-[{i}, 1]" for i in range(6))
    cut = [f"  without [{i}, 0]-[{i}, 1] (single, used by 50%): cuts {i + 1} hands apart"
           for i in range(4)]  # fmt: skip
    dearer = [f"  without [{i}, 2]-[{i}, 3] (double, used by 25%): +{0.5 + i:.2f} rails per hand"
              for i in range(4)]  # fmt: skip
    assert lines == [
        f"  8 bridges (segments whose loss splits the board): {shown} and 2 more",
        "  1 articulation point",
        *cut,
        *dearer,
    ]


@pytest.mark.parametrize(("n", "tail"), [(6, ""), (7, " and 1 more")])
def test_six_bridges_are_all_shown_and_a_seventh_is_counted(
    report: MapReport, n: int, tail: str
) -> None:
    choke = Chokepoints(bridges=_bridges(n), articulation_points=[], critical=_critical()[:0])
    lines = _section(replace(report, choke=choke).text(), "Chokepoints")
    shown = ", ".join(f"[{i}, 0]-[{i}, 1]" for i in range(6))
    assert lines == [
        f"  {n} bridges (segments whose loss splits the board): {shown}{tail}",
        "  0 articulation points",
    ]
