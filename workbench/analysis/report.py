"""The map report: everything the analyst knows about a board, as text or as a page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import pandas as pd

from workbench.analysis.costs import DoubleCost
from workbench.analysis.hands import HandTable, hand_table, segment_usage
from workbench.analysis.routes import Chokepoints, Progress, chokepoints, distance_table
from workbench.analysis.summary import (
    FAIR_COLOR_SPREAD,
    CostSummary,
    city_effects,
    color_summary,
    cost_summary,
    verdict,
)
from workbench.maps.board import Board
from workbench.maps.lattice import point_name

__all__ = ["MapReport", "analyze"]


@dataclass(frozen=True, eq=False)
class MapReport:
    """The analysis of a board for a number of players.

    Build it with :func:`analyze`; print :meth:`text` in a terminal, or let a notebook show
    it (``_repr_html_`` draws tables and plots).
    """

    board: Board
    players: int
    table: HandTable
    summary: CostSummary
    cities: pd.DataFrame
    colors: pd.DataFrame
    usage: pd.DataFrame
    distances: pd.DataFrame
    choke: Chokepoints | None
    findings: list[str]

    def text(self, width: int = 40) -> str:
        """The report as plain text (what ``workbench analyze`` prints).

        Examples
        --------
        >>> from workbench import load_map
        >>> report = analyze(load_map("maps/tiny.yaml"), chokepoint_candidates=2)
        >>> print(report.text().splitlines()[0])
        Tiny Island: 32 hands (4 players), one exact Steiner tree each
        """
        s = self.summary
        out = [
            f"{self.board.name}: {s.hands:,} hands ({self.players} players), "
            "one exact Steiner tree each",
            f"computed in {self.table.seconds:.2f} s",
            "",
            "What to look at",
        ]
        out += [f"  - {line}" for line in self.findings]
        out += [
            "",
            "Hand costs (rails)",
            f"  mean {s.mean:.1f}, std {s.std:.1f}, min {s.minimum}, 10% {s.p10:.0f}, "
            f"median {s.median:.0f}, 90% {s.p90:.0f}, max {s.maximum}",
        ]
        peak = max(s.histogram.values())
        for cost, count in s.histogram.items():
            bar = "#" * max(1, round(width * count / peak)) if count else ""
            out.append(f"  {cost:>4} {bar} {count}")
        out += [
            "",
            f"Colors (a color is fair when its cities' effects span <= "
            f"{FAIR_COLOR_SPREAD:g} rails)",
        ]
        for row in self.colors.itertuples():
            mark = "fair" if row.fair else "UNFAIR"
            out.append(
                f"  {row.color:<10} spread {row.spread:5.1f}  {mark:<6} cheapest {row.cheapest} "
                f"({row.cheapest_effect:+.1f}), dearest {row.dearest} ({row.dearest_effect:+.1f})"
            )
        out += ["", "Cities: how much each adds to the hands it is in (rails, vs the mean)"]
        for color, part in self.cities.groupby("color", sort=False):
            items = ", ".join(f"{r.city} {r.effect:+.1f}" for r in part.itertuples())
            out.append(f"  {color:<10} {items}")
        out += ["", "Most used segments (share of hands whose optimal tree uses them)"]
        for row in self.usage.head(8).itertuples():
            out.append(f"  {_segment(row.a, row.b)} {row.kind:<7} {row.share:6.1%}")
        if self.choke is not None:
            c = self.choke
            out += ["", "Chokepoints"]
            shown = ", ".join(_segment(a, b) for a, b in c.bridges[:6])
            more = len(c.bridges) - 6
            out.append(
                f"  {_count(len(c.bridges), 'bridge')} (segments whose loss splits the board)"
                + (f": {shown}" if c.bridges else "")
                + (f" and {more} more" if more > 0 else "")
            )
            out.append(f"  {_count(len(c.articulation_points), 'articulation point')}")
            cut = c.critical[c.critical.cut_hands > 0].head(4)
            dearer = c.critical[c.critical.cut_hands == 0].head(4)
            for row in pd.concat([cut, dearer]).itertuples():
                effect = (
                    f"+{row.increase:.2f} rails per hand"
                    if row.cut_hands == 0
                    else f"cuts {row.cut_hands} hands apart"
                )
                out.append(
                    f"  without {_segment(row.a, row.b)} ({row.kind}, "
                    f"used by {row.share:.0%}): {effect}"
                )
        far = self.distances.stack()
        a, b = cast(tuple[str, str], far.idxmax())
        out += ["", f"Farthest cities: {a} to {b}, {far.max()} rails"]
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from workbench.ui.report import report_html  # noqa: TID251 - drawing, imported lazily

        return report_html(self)


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one.

    Examples
    --------
    >>> _count(1, "bridge"), _count(7, "bridge"), _count(0, "articulation point")
    ('1 bridge', '7 bridges', '0 articulation points')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _segment(a: Any, b: Any) -> str:
    return f"{point_name(a)}-{point_name(b)}"


def analyze(
    board: Board,
    players: int = 4,
    double_cost: DoubleCost = 2,
    chokepoint_candidates: int | None = 8,
    progress: bool | Progress | None = None,
) -> MapReport:
    """Analyse ``board``: hand costs, fairness, usage, distances and chokepoints.

    ``chokepoint_candidates`` bounds how many of the most used segments are tried for
    their effect when lost (each costs one pass over all hands); ``None`` skips them.
    ``progress`` shows (``True``) or reports those passes (see :func:`chokepoints`).

    Examples
    --------
    >>> from workbench import load_map
    >>> report = analyze(load_map("maps/trans_europa.yaml"), chokepoint_candidates=None)
    >>> report.summary.hands
    16807
    """
    table = hand_table(board, players, double_cost)
    hands = table.frame()
    choke = (
        chokepoints(board, players, double_cost, top=chokepoint_candidates, progress=progress)
        if chokepoint_candidates
        else None
    )
    return MapReport(
        board=board,
        players=players,
        table=table,
        summary=cost_summary(hands),
        cities=city_effects(hands),
        colors=color_summary(hands),
        usage=segment_usage(board, players, double_cost),
        distances=distance_table(board, double_cost),
        choke=choke,
        findings=verdict(hands),
    )
