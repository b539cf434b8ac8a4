"""What the route-board editor's analysis panel shows: :func:`analyze_route_edit`.

The designer's report of :mod:`workbench.analysis.route_report` (tickets against their
shortest paths, the routes' load, the cut points, the colors' demand) for the board after an
edit, and what the edit changed: the tickets whose shortest path got longer or shorter, the
tickets added or removed, the busiest route before and after.
:class:`~workbench.session.route_edit.RouteEditSession` runs it in the background after each
edit; on Ticket to Ride Europe it takes about 20 ms.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import networkx as nx
import pandas as pd

from workbench.analysis.route_report import RouteReport, route_report
from workbench.analysis.tickets import route_graph
from workbench.maps.routes import RouteBoard

__all__ = ["RouteEditAnalysis", "analyze_route_edit", "price_ticket"]


def price_ticket(board: RouteBoard, a: str, b: str) -> int:
    """The points a new ticket from ``a`` to ``b`` is worth: its shortest path in cars.

    Raises ``KeyError`` for an unknown city and :class:`ValueError` when no path of routes
    joins the two.

    Examples
    --------
    >>> from workbench import load_map
    >>> price_ticket(load_map("maps/ticket_to_ride_europe.yaml"), "Lisboa", "Danzig")
    20
    """
    board.city(a), board.city(b)  # KeyError naming close matches
    try:
        return int(nx.shortest_path_length(route_graph(board), a, b, weight="weight"))
    except nx.NetworkXNoPath:
        raise ValueError(f"no path of routes joins {a!r} and {b!r}: add routes first") from None


@dataclass(frozen=True, eq=False)
class RouteEditAnalysis:
    """The analysis of a route board after an edit, and what the edit changed.

    ``report`` is the board's :class:`~workbench.analysis.route_report.RouteReport` for
    ``players``; ``changes`` lists the tickets whose shortest path changed (columns
    ``ticket``, ``before``, ``after``, ``change``, in cars; ``NaN`` for a ticket the board
    before did not have, or does not have now), largest change first; ``before`` is the
    report of the board before the edit (``None`` for the first board).

    Examples
    --------
    >>> from workbench import load_map
    >>> result = analyze_route_edit(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> result.matching, len(result.report.tickets), result.changes.empty
    (44, 46, True)
    """

    board: RouteBoard
    players: int
    report: RouteReport
    before: RouteReport | None
    changes: pd.DataFrame
    edit: str
    seconds: float

    @property
    def matching(self) -> int:
        """How many tickets are worth their shortest path in cars (the convention)."""
        return int((self.report.tickets.difference == 0).sum()) if len(self.report.tickets) else 0

    @property
    def busiest(self) -> str | None:
        """The route with the highest load (``None`` on a board without tickets' paths)."""
        load = self.report.load
        if load.empty or not load.load.iloc[0] > 0:
            return None
        return str(load.route.iloc[0])

    def summary(self) -> str:
        """What the edit changed, in words.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.maps.routes import Route
        >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
        >>> after = europe.add_route(Route(("London", "Paris"), 2, "red"))
        >>> print(analyze_route_edit(after, europe, edit="add London-Paris").summary())
        ... # doctest: +NORMALIZE_WHITESPACE
        add London-Paris: 2 tickets' shortest paths changed (Athina-Edinburgh 20 -> 19,
        Edinburgh-Paris 7 -> 6); the busiest route is now Venezia-Zurich (was Warszawa-Wilno)
        """
        if self.before is None:
            return f"{self.board.name}: no edit yet"
        head = f"{self.edit}: " if self.edit else ""
        c = self.changes
        if c.empty:
            text = "no ticket's shortest path changed"
        else:
            shown = []
            for ticket, a, b in zip(c.ticket[:3], c.before[:3], c.after[:3], strict=True):
                before = "new" if math.isnan(a) else _cars(float(a))
                after = "gone" if math.isnan(b) else _cars(float(b))
                shown.append(f"{ticket} {before} -> {after}")
            more = ", ..." if len(c) > 3 else ""
            word = "ticket's shortest path" if len(c) == 1 else "tickets' shortest paths"
            text = f"{len(c)} {word} changed ({', '.join(shown)}{more})"
        old = _busiest(self.before)
        new = self.busiest
        if old != new:
            text += f"; the busiest route is now {new or 'none'} (was {old or 'none'})"
        return head + text


def _cars(value: float) -> str:
    return "unreachable" if math.isinf(value) else f"{value:g}"


def _busiest(report: RouteReport) -> str | None:
    load = report.load
    return None if load.empty or not load.load.iloc[0] > 0 else str(load.route.iloc[0])


def _changes(before: RouteReport, after: RouteReport) -> pd.DataFrame:
    old = dict(zip(before.tickets.get("ticket", []), before.tickets.get("cars", []), strict=True))
    new = dict(zip(after.tickets.get("ticket", []), after.tickets.get("cars", []), strict=True))
    rows = []
    for ticket in sorted(old.keys() | new.keys()):
        a, b = old.get(ticket, math.nan), new.get(ticket, math.nan)
        if a != b:  # a NaN on either side (a ticket added or removed) is a change too
            change = b - a if math.isfinite(a) and math.isfinite(b) else math.nan
            rows.append({"ticket": ticket, "before": a, "after": b, "change": change})
    table = pd.DataFrame(rows, columns=["ticket", "before", "after", "change"])
    order = table.change.abs().fillna(math.inf)
    return (
        table.assign(_order=order)
        .sort_values(["_order", "ticket"], ascending=[False, True], ignore_index=True)
        .drop(columns="_order")
    )


def analyze_route_edit(
    board: RouteBoard,
    before: RouteBoard | None = None,
    players: int = 4,
    edit: str = "",
    known: RouteEditAnalysis | None = None,
) -> RouteEditAnalysis:
    """Analyse ``board`` for ``players`` players and compare it with the board ``before``.

    ``known`` is an earlier analysis (the last one, in an editor): when it is of ``before``
    or of ``board`` for the same players, its report is taken rather than computed again.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> result = analyze_route_edit(europe.remove_route("Warszawa-Wilno"), europe)
    >>> result.changes.head(2).values.tolist()
    [['Amsterdam-Wilno', 12, 15, 3], ['Berlin-Moskva', 12, 13, 1]]
    >>> result.busiest
    'Kyiv-Warszawa'
    """
    start = time.perf_counter()

    def report_of(b: RouteBoard) -> RouteReport:
        if known is not None and known.players == players:
            if known.board is b:
                return known.report
            if known.before is not None and b is (known.before.board):
                return known.before
        return route_report(b, players)

    report = report_of(board)
    old = None if before is None else report_of(before)
    changes = (
        _changes(old, report)
        if old is not None
        else pd.DataFrame(columns=["ticket", "before", "after", "change"])
    )
    return RouteEditAnalysis(
        board, players, report, old, changes, edit, time.perf_counter() - start
    )
