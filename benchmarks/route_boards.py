"""Time the route-board pipeline on Ticket to Ride Europe, and the exact Steiner forest
against an integer program solved by scipy's HiGHS in the same process.

    python benchmarks/route_boards.py [--hands 20] [--repeat 5] [--quick]

Reading: load (parse, schema, checks) and canonical save of the board, the analyses
(tickets against shortest paths, route load, cut points), building the drawing. The forest:
for random hands of 2, 4, 6 and 8 tickets (seeded), the median time of
:func:`~workbench.analysis.tickets.steiner_forest` and of a multi-commodity flow integer
program (:func:`scipy.optimize.milp`) giving the same cost, which the script checks.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import RouteBoard, dumps_map, load_map  # noqa: E402
from workbench.analysis.tickets import (  # noqa: E402
    cut_points,
    route_graph,
    route_load,
    steiner_forest,
    ticket_paths,
)

EUROPE = ROOT / "maps" / "ticket_to_ride_europe.yaml"


def median_time(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``run``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def milp_forest(board: RouteBoard, pairs: list[tuple[str, str]]) -> float:
    """The cheapest forest's cost as an integer program: one unit of flow per ticket, each
    arc's flow at most its edge's 0/1 variable."""
    G = route_graph(board)
    edges = list(G.edges())
    nodes = {n: i for i, n in enumerate(G)}
    ne, nn, k = len(edges), len(nodes), len(pairs)
    nvar = ne + 2 * ne * k
    A = lil_matrix((k * nn + 2 * ne * k, nvar))
    lo, hi = np.zeros(A.shape[0]), np.zeros(A.shape[0])
    for t, (s, d) in enumerate(pairs):
        base, row0 = ne + 2 * ne * t, t * nn
        for e, (u, v) in enumerate(edges):
            iu, iv = nodes[u], nodes[v]
            A[row0 + iu, base + 2 * e] += 1
            A[row0 + iv, base + 2 * e] -= 1
            A[row0 + iv, base + 2 * e + 1] += 1
            A[row0 + iu, base + 2 * e + 1] -= 1
        lo[row0 + nodes[s]] = hi[row0 + nodes[s]] = 1
        lo[row0 + nodes[d]] = hi[row0 + nodes[d]] = -1
        for e in range(ne):
            for arc in (0, 1):
                r = k * nn + 2 * ne * t + 2 * e + arc
                A[r, base + 2 * e + arc], A[r, e] = 1, -1
                lo[r] = -np.inf
    c = np.zeros(nvar)
    c[:ne] = [G[u][v]["weight"] for u, v in edges]
    integrality = np.zeros(nvar)
    integrality[:ne] = 1
    result = milp(
        c,
        constraints=LinearConstraint(A.tocsr(), lo, hi),
        integrality=integrality,
        bounds=Bounds(0, 1),
    )
    assert result.success, result.message
    return float(result.fun)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="random hands per size")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    parser.add_argument(
        "--milp-max", type=int, default=6, help="largest hand also solved by milp (default 6)"
    )
    parser.add_argument("--quick", action="store_true", help="a few seconds: 2 hands, 1 repeat")
    args = parser.parse_args()
    hands, repeat = (2, 1) if args.quick else (args.hands, args.repeat)
    sizes = (2, 4) if args.quick else (2, 4, 6, 8)

    board = load_map(EUROPE)
    assert isinstance(board, RouteBoard)
    print(
        f"{board.name}: {len(board.cities)} cities, {len(board.routes)} routes, "
        f"{len(board.tickets)} tickets"
    )
    rows = [
        ("load_map (parse, schema, check)", lambda: load_map(EUROPE)),
        ("dumps_map (canonical text)", lambda: dumps_map(board)),
        ("ticket_paths (46 tickets)", lambda: ticket_paths(board)),
        ("route_load (4 players)", lambda: route_load(board, 4)),
        ("cut_points", lambda: cut_points(board)),
    ]
    if not args.quick:
        from workbench.ui.route_render import route_figure

        rows.append(("route_figure (Bokeh drawing)", lambda: route_figure(board)))
    for label, run in rows:
        print(f"  {label:34s} {median_time(run, repeat) * 1e3:8.1f} ms")

    rng = np.random.default_rng(2024)
    print("exact Steiner forest, median over hands (milp = scipy HiGHS integer program):")
    for k in sizes:
        ours, theirs = [], []
        for _ in range(hands):
            hand = [board.tickets[i] for i in rng.choice(len(board.tickets), k, replace=False)]
            forest = steiner_forest(board, hand)
            ours.append(median_time(lambda h=hand: steiner_forest(board, h), repeat))
            if k <= args.milp_max:
                expected = milp_forest(board, [t.ends for t in hand])
                assert abs(forest.cost - expected) < 1e-6, (hand, forest.cost, expected)
                pairs = [t.ends for t in hand]
                theirs.append(median_time(lambda p=pairs: milp_forest(board, p), 1))
        a = statistics.median(ours)
        if theirs:
            b = statistics.median(theirs)
            print(
                f"  {k} tickets: forest {a * 1e3:8.1f} ms   milp {b * 1e3:8.1f} ms   "
                f"ratio {b / a:6.1f}x   (same cost on {hands} hands)"
            )
        else:
            print(f"  {k} tickets: forest {a * 1e3:8.1f} ms   (milp skipped: --milp-max)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
