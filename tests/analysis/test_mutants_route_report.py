"""The route report's text, written out line by line from the report's tables and the
ticket analyses it quotes, and its length bands (docs/mutation.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.conftest import MAPS
from workbench import RouteBoard, load_map
from workbench.analysis.route_report import RouteReport, route_report
from workbench.analysis.tickets import BANDS, longest_trail, propose_tickets, ticket_overlaps


@pytest.fixture(scope="module")
def report() -> RouteReport:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return route_report(board, players=4)


def test_a_band_without_tickets_counts_zero(report: RouteReport) -> None:
    short = BANDS[0][0]
    others = replace(report, tickets=report.tickets[report.tickets.band != short])
    bands = others.bands()
    assert bands.index.tolist() == [name for name, _, _ in BANDS]
    assert bands[short] == 0
    assert bands.sum() == len(others.tickets)


def test_the_route_report_text_line_by_line(report: RouteReport) -> None:
    b, t = report.board, report.tickets
    lines = report.text(top=4).splitlines()
    matching = int((t.difference == 0).sum())
    start = lines.index(
        "Tickets against their shortest path in cars (the convention: points = cars)"
    )
    off = len(t) - matching
    assert lines[start + 1] == f"  {matching} of {len(t)} tickets match"
    bands = ", ".join(f"{n} {k}" for k, n in report.bands().items())
    overlaps = ticket_overlaps(b).head(3)
    assert len(overlaps) == 3
    shared = "; ".join(f"{r.first} and {r.second} ({r.cars:g} cars)" for r in overlaps.itertuples())
    proposals = propose_tickets(b, count=3, players=4)
    assert len(proposals) == 3
    new = "; ".join(f"{r.ticket} ({r.points})" for r in proposals.itertuples())
    assert lines[start + 2 + off : start + 6 + off] == [
        f"  by length: {bands}",
        f"  most shared paths: {shared}",
        f"  new tickets for little-used routes: {new}",
        "",
    ]
    busiest = lines.index("Busiest routes (4 players; ties shared, per open lane)")
    load = report.load.head(4)
    assert lines[busiest + 1 : busiest + 8] == [
        *(
            f"  {r.route:24s} load {r.load:5.2f}  ({r.length} {r.color} {r.kind}"
            f"{', double' if r.double else ''})"
            for r in load.itertuples()
        ),
        f"  doubles among the 4 busiest: {int(load.double.sum())}",
        "",
        "Cut points",
    ]
    assert lines[busiest + 8] == (
        f"  bridges: {', '.join(report.cuts.bridges) or 'none'}; "
        f"articulation cities: {', '.join(report.cuts.articulations) or 'none'}"
    )
    cars, trail = longest_trail(b)
    assert lines[busiest + 9 : busiest + 11] == [
        "",
        f"Longest trail one player could build with {b.deck.cars} cars: "
        f"{cars} cars over {len(trail)} routes (exact search, bounded by the cars)",
    ]
