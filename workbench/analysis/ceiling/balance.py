"""What the ceilings over a range of budgets say about a board's balance."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np

from workbench.analysis.ceiling.problem import (
    CeilingError,
    _demo,  # noqa: F401 - the examples' board
    _distances,
    _problem,
)
from workbench.analysis.ceiling.solve import Ceiling, ceilings
from workbench.maps.routes import RouteBoard

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CeilingBalance", "ceiling_balance"]


@dataclass(frozen=True)
class CeilingBalance:
    """What the ceilings over a range of budgets say about a board's balance.

    ``plans`` are the ceilings; ``tickets`` has a row per ticket: its ``points``, its
    shortest path in ``cars``, ``premium`` (points minus cars: the convention is 0),
    ``share`` (of the plans that score it), ``saving`` (the mean over those plans of the cars
    it would cost alone, its shortest path, minus the cars it adds to the plan's network
    pruned to what its tickets need: what holding it with the others saves); ``routes``
    has a row per city pair (its first open lane's id) with its ``share`` of plans.
    """

    board: RouteBoard = field(repr=False, compare=False)
    plans: tuple[Ceiling, ...]
    tickets: pd.DataFrame = field(repr=False, compare=False)
    routes: pd.DataFrame = field(repr=False, compare=False)

    def always(self) -> list[str]:
        """Tickets every plan scores."""
        return list(self.tickets.ticket[self.tickets.share == 1.0])

    def never(self) -> list[str]:
        """Tickets no plan scores."""
        return list(self.tickets.ticket[self.tickets.share == 0.0])

    def unused_routes(self) -> list[str]:
        """City pairs (their first lane's id) no plan claims."""
        return list(self.routes.route[self.routes.share == 0.0])

    def text(self, top: int = 8) -> str:
        """The balance in words: scores per budget, tickets kept and never, premiums.

        Examples
        --------
        >>> print(ceiling_balance(_demo(), range(3, 5)).text().splitlines()[1])
          3 cars: 8 (proven); 4 cars: 13 (proven)
        """
        t = self.tickets
        lines = [
            f"Ceiling: the most one player scores alone (routes + completed tickets), "
            f"{self.plans[0].cars} to {self.plans[-1].cars} cars",
            "  "
            + "; ".join(
                f"{c.cars} cars: {c.score} ({'proven' if c.proven else 'not proven'})"
                for c in self.plans
            ),
        ]
        kept = t[t.share > 0].sort_values(["share", "points"], ascending=False).head(top)
        lines.append(
            "  tickets optimal plans keep: "
            + ", ".join(f"{r.ticket} ({r.share:.0%})" for r in kept.itertuples())
        )
        lines.append("  tickets no optimal plan keeps: " + (", ".join(self.never()) or "none"))
        off = t[t.premium != 0]
        far = off.reindex(off.premium.abs().sort_values(ascending=False).index).head(top)
        lines.append(
            "  points off the shortest path in cars: "
            + (
                ", ".join(f"{r.ticket} ({r.points} for {r.cars:g} cars)" for r in far.itertuples())
                or "none"
            )
        )
        saved = t[t.saving > 0].sort_values("saving", ascending=False).head(top)
        lines.append(
            "  cheaper held with others (cars saved in the plans' networks): "
            + (", ".join(f"{r.ticket} ({r.saving:.1f})" for r in saved.itertuples()) or "none")
        )
        lines.append(
            f"  routes no optimal plan claims: {len(self.unused_routes())} of {len(self.routes)}"
        )
        return "\n".join(lines)


def _pruned_cars(board: RouteBoard, routes: Iterable[str], tickets: Iterable[str]) -> int:
    """The cars of ``routes`` left once routes no ticket needs are pruned: leaves that are
    no ticket's city go, repeatedly (on a plan's tree this is the least network joining the
    tickets; where extra routes close a cycle it is an upper bound on it)."""
    wanted = {c for tid in tickets for c in _ticket_ends(board, tid)}
    G: nx.MultiGraph[str] = nx.MultiGraph()
    for rid in routes:
        r = board.route(rid)
        G.add_edge(*r.ends, length=r.length)
    joined = {frozenset(_ticket_ends(board, tid)) for tid in tickets}
    # drop the components that hold no ticket whole
    for comp in list(nx.connected_components(G)):
        if not any(pair <= comp for pair in joined):
            G.remove_nodes_from(comp)
    leaves = [n for n in G if G.degree(n) == 1 and n not in wanted]
    while leaves:
        n = leaves.pop()
        if n not in G or G.degree(n) != 1:
            continue
        (other,) = list(G.neighbors(n))
        G.remove_node(n)
        if G.degree(other) == 1 and other not in wanted:
            leaves.append(other)
    return int(sum(d["length"] for _, _, d in G.edges(data=True)))


def _ticket_ends(board: RouteBoard, tid: str) -> tuple[str, str]:
    for t in board.tickets:
        if t.id == tid:
            return t.ends
    raise CeilingError(f"no ticket {tid!r} on board {board.name!r}")


def ceiling_balance(
    board: RouteBoard, cars: Iterable[int] = range(40, 51), **options: object
) -> CeilingBalance:
    """The ceilings for every budget in ``cars`` and what they keep choosing.

    ``options`` go to :func:`ceiling` (``claimed=`` and ``players=`` to see a table where
    doubles close; alone, one lane of each double is all a player may take anyway).

    Examples
    --------
    >>> b = ceiling_balance(_demo(), range(3, 5))
    >>> list(b.tickets.ticket), list(b.tickets.share)
    (['A-C', 'B-D'], [0.5, 1.0])
    >>> b.never(), b.unused_routes()
    ([], ['A-D'])
    """
    import pandas as pd

    plans = tuple(ceilings(board, cars, **options))  # type: ignore[arg-type]
    problem = _problem(board, None, (), 2, 4)
    dist = _distances(problem)
    n = max(len(plans), 1)
    rows = []
    for t in board.tickets:
        holding = [c for c in plans if t.id in c.tickets]
        savings = []
        for c in holding:
            others = [x for x in c.tickets if x != t.id]
            adds = _pruned_cars(board, c.routes, c.tickets) - _pruned_cars(board, c.routes, others)
            savings.append(dist[t.ends[0]][t.ends[1]] - adds)
        cars_ = dist[t.ends[0]].get(t.ends[1], float("inf"))
        rows.append(
            {
                "ticket": t.id,
                "points": t.points,
                "cars": cars_,
                "premium": t.points - cars_,
                "share": len(holding) / n,
                "saving": float(np.mean(savings)) if savings else 0.0,
            }
        )
    tickets = pd.DataFrame(rows)
    route_rows = []
    for p in problem.pairs:
        lanes = [r.id for r in board.routes_between(*p.ends)]
        share = sum(any(x in c.routes for x in lanes) for c in plans) / n
        route_rows.append(
            {"route": p.route, "length": p.length, "points": p.points, "share": share}
        )
    return CeilingBalance(board, plans, tickets, pd.DataFrame(route_rows))
