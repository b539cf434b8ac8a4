"""Time the exact ceiling of the shipped Ticket to Ride boards, 40 to 50 cars.

    python benchmarks/ceiling.py [--cars 40..50] [--quick] [MAP ...]

For each board and budget: the ceiling (the most one player scores alone), whether the
solver proved it, the time to prove it, and the cars used; then the tickets most often in
the optimal plans. The reference measured in the same run is the time of the relaxation
alone (the cutting-plane loop before any branching) at the smallest budget, so the ratio
says how much of a proof is branching. Goal (issue 30): every budget proven in under 10 s.
The last column says where each answer is proven: "one network" (the default on the shipped
boards, see :mod:`workbench.analysis.ceiling`) or "any forest".
The load average is printed, since the machine may be busy with other work.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.analysis.ceiling import _problem, _TreeModel, ceiling, ceilings  # noqa: E402
from workbench.maps.routes_io import load_routes as load_map  # noqa: E402

BOARDS = ["maps/ticket_to_ride_europe.yaml", "maps/ticket_to_ride_usa.yaml"]


def _budgets(text: str) -> range:
    low, _, high = text.partition("..")
    return range(int(low), int(high or low) + 1)


def relaxation_seconds(board_path: str, cars: int) -> float:
    """The root cutting-plane loop of the one-network model alone (no branching)."""
    problem = _problem(load_map(board_path), None, (), 2, 4)
    model = _TreeModel(problem, cars)
    start = time.perf_counter()
    for _ in range(200):
        result = model.solve(True, 600)
        if result.x is None or not model.separate(result.x, integral=False):
            break
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=BOARDS, metavar="MAP")
    parser.add_argument("--cars", default="40..50", help="budgets, N or N..M (40..50)")
    parser.add_argument(
        "--quick", action="store_true", help="the original board at 8 and 10 cars (seconds)"
    )
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument(
        "--check",
        action="store_true",
        help="also solve each budget with the second formulation (method tree_flow) and "
        "compare (slow: minutes a budget on the shipped boards)",
    )
    args = parser.parse_args()
    budgets = [8, 10] if args.quick else list(_budgets(args.cars))
    if args.quick and args.maps == BOARDS:
        args.maps = [BOARDS[1]]
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for path in args.maps:
        board = load_map(path)
        reference = relaxation_seconds(path, budgets[0])
        print(
            f"\n{board.name} ({path}); reference: the relaxation at {budgets[0]} cars "
            f"takes {reference:.2f} s"
        )
        print(
            f"  {'cars':>4} {'score':>5} {'routes':>6} {'tickets':>7} {'used':>4} "
            f"{'proven':>6} {'seconds':>8} {'x ref':>6}  model"
        )
        kept: Counter[str] = Counter()
        worst = 0.0
        scores: list[int] = []
        times: list[float] = []
        for n in budgets:
            c = ceiling(board, n, time_limit=args.time_limit)
            if args.check:
                second = ceiling(board, n, method="tree_flow", time_limit=args.time_limit)
                same = "agree" if second.score == c.score and second.proven else "DIFFER"
                print(
                    f"  {n:>4} second formulation (tree_flow): {second.score} "
                    f"{'proven' if second.proven else 'NOT proven'} in {second.seconds:.1f} s: "
                    f"{same}"
                )
            kept.update(c.tickets)
            scores.append(c.score)
            times.append(c.seconds)
            worst = max(worst, c.seconds)
            print(
                f"  {n:>4} {c.score:>5} {c.route_points:>6} {c.ticket_points:>7} "
                f"{c.cars_used:>4} {'yes' if c.proven else 'NO':>6} {c.seconds:>8.2f} "
                f"{c.seconds / reference:>6.1f}  {c.model} ({c.method})"
            )
        start = time.perf_counter()
        together = ceilings(board, budgets, time_limit=args.time_limit)
        took = time.perf_counter() - start
        matches = [c.score for c in together] == scores
        print(
            f"  ceilings() over the same budgets, one model and its cuts kept: {took:.1f} s "
            f"({took / len(budgets):.1f} s a budget, against {sum(times) / len(budgets):.1f} "
            f"solved alone: ratio {took / sum(times):.2f}); scores "
            f"{'the same' if matches else 'DIFFERENT'}"
        )
        top = ", ".join(f"{t} ({k}/{len(budgets)})" for t, k in kept.most_common(10))
        print(f"  slowest proof {worst:.1f} s (goal: under 10 s)")
        print(f"  tickets most often in optimal plans: {top}")
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
