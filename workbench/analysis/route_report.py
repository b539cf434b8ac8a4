"""The designer's report on a route board: what ``workbench analyze`` prints for one.

:func:`route_report` gathers the analyses of :mod:`workbench.analysis.tickets` for a board
and a player count into a :class:`RouteReport`, whose :meth:`~RouteReport.text` is the
plain-text summary; ``workbench.ui.route_report`` turns it into an HTML page with pictures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd

from workbench.analysis.ceiling import CeilingBalance, ceiling_balance
from workbench.analysis.tickets import (
    BANDS,
    Cuts,
    color_demand,
    cut_points,
    longest_trail,
    propose_tickets,
    route_load,
    ticket_overlaps,
    ticket_paths,
)
from workbench.maps.routes import RouteBoard

__all__ = ["RouteReport", "route_report"]


@dataclass(frozen=True)
class RouteReport:
    """The analyses of one route board for one player count.

    ``tickets`` is :func:`~workbench.analysis.tickets.ticket_paths`, ``load``
    :func:`~workbench.analysis.tickets.route_load`, ``cuts``
    :func:`~workbench.analysis.tickets.cut_points` and ``colors``
    :func:`~workbench.analysis.tickets.color_demand`; ``balance`` is
    :func:`~workbench.analysis.ceiling.ceiling_balance` when the report was asked for the
    ceiling (it solves one exact problem per budget, so it is not made by default).
    """

    board: RouteBoard
    players: int
    tickets: pd.DataFrame
    load: pd.DataFrame
    cuts: Cuts
    colors: pd.DataFrame
    balance: CeilingBalance | None = None

    def bands(self) -> pd.Series:
        """How many tickets fall in each length band, in the bands' order."""
        counts = self.tickets.band.value_counts()
        return pd.Series({name: int(counts.get(name, 0)) for name, _, _ in BANDS}, name="tickets")

    def text(self, top: int = 10) -> str:
        """The report as plain text: tickets, routes, cut points, colors.

        Examples
        --------
        >>> from workbench import load_map
        >>> report = route_report(load_map("maps/ticket_to_ride_europe.yaml"))
        >>> print(report.text().splitlines()[0])
        Ticket to Ride Europe: 47 cities, 101 routes (300 cars), 46 tickets; 4 players
        """
        b, t = self.board, self.tickets
        lines = [
            f"{b.name}: {len(b.cities)} cities, {len(b.routes)} routes "
            f"({sum(r.length for r in b.routes)} cars), {len(b.tickets)} tickets; "
            f"{self.players} players",
            "",
            "Tickets against their shortest path in cars (the convention: points = cars)",
        ]
        off = t[t.difference != 0]
        lines.append(f"  {len(t) - len(off)} of {len(t)} tickets match")
        for row in off.itertuples():
            lines.append(
                f"  {row.ticket}: {row.points} points, shortest path {row.cars} cars "
                f"({row.difference:+g}), via {row.route}"
            )
        lines.append("  by length: " + ", ".join(f"{n} {k}" for k, n in self.bands().items()))
        overlaps = ticket_overlaps(self.board).head(3)
        lines.append(
            "  most shared paths: "
            + "; ".join(
                f"{r.first} and {r.second} ({r.cars:g} cars)" for r in overlaps.itertuples()
            )
        )
        proposals = propose_tickets(self.board, count=3, players=self.players)
        lines.append(
            "  new tickets for little-used routes: "
            + "; ".join(f"{r.ticket} ({r.points})" for r in proposals.itertuples())
        )
        lines += ["", f"Busiest routes ({self.players} players; ties shared, per open lane)"]
        for row in self.load.head(top).itertuples():
            double = ", double" if row.double else ""
            lines.append(
                f"  {row.route:24s} load {row.load:5.2f}  ({row.length} {row.color} "
                f"{row.kind}{double})"
            )
        busiest = self.load.head(top)
        lines.append(f"  doubles among the {top} busiest: {int(busiest.double.sum())}")
        lines += ["", "Cut points"]
        lines.append(
            f"  bridges: {', '.join(self.cuts.bridges) or 'none'}; "
            f"articulation cities: {', '.join(self.cuts.articulations) or 'none'}"
        )
        cars, trail = longest_trail(self.board)
        lines += [
            "",
            f"Longest trail one player could build with {self.board.deck.cars} cars: "
            f"{cars} cars over {len(trail)} routes (exact search, bounded by the cars)",
        ]
        lines += ["", "Routes by color and length (cards: the color's cards plus locomotives)"]
        lines += ["  " + line for line in self.colors.to_string().splitlines()]
        if self.balance is not None:
            lines += ["", *self.balance.text(top).splitlines()]
        return "\n".join(lines)


def route_report(
    board: RouteBoard, players: int = 4, ceiling: Iterable[int] | None = None
) -> RouteReport:
    """Analyse a route board for ``players`` players; with ``ceiling`` (budgets in cars,
    such as ``range(40, 51)``) also what the exact ceilings say about its balance, at that
    table (a double whose other lane a rival holds is closed below 4 players).

    Examples
    --------
    >>> from workbench import load_map
    >>> report = route_report(load_map("maps/ticket_to_ride_europe.yaml"), players=3)
    >>> report.cuts.bridges
    ('Edinburgh-London', 'Edinburgh-London#2')
    >>> int(report.bands().sum())
    46
    """
    return RouteReport(
        board=board,
        players=players,
        tickets=ticket_paths(board),
        load=route_load(board, players),
        cuts=cut_points(board, players),
        colors=color_demand(board),
        balance=None if ceiling is None else ceiling_balance(board, ceiling, players=players),
    )
