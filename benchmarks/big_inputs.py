"""Big but legal inputs: how long the command line takes on them.

    python benchmarks/big_inputs.py [--cities 2000] [--routes 6000] [--tickets 500] [--quick]

Builds a route board of ``--cities`` cities joined by about ``--routes`` routes (each city
to its nearest neighbours, on a jittered grid) with ``--tickets`` tickets, and times
``workbench check``, ``render``, ``analyze``, ``doctor --edits 1`` and ``print`` on it in
this process, against the same commands on Ticket to Ride Europe measured in the same run
(the ratio says how the time grows). Issue 32 asks for analyze, doctor and print within
30 s on 2,000 cities.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import cli  # noqa: E402
from workbench.maps.routes import (  # noqa: E402
    CARD_COLORS,
    GRAY,
    Route,
    RouteBoard,
    RouteCity,
    RouteDeck,
    Ticket,
)
from workbench.maps.routes_io import save_routes  # noqa: E402


def big_board(cities: int, routes: int, tickets: int, seed: int = 0) -> RouteBoard:
    """A connected route board of about the sizes asked for (plane coordinates)."""
    import networkx as nx

    rng = random.Random(seed)
    side = math.ceil(math.sqrt(cities))
    places = []
    for i in range(cities):
        x, y = i % side, i // side
        places.append((f"C{i:05d}", (x + rng.uniform(-0.3, 0.3), y + rng.uniform(-0.3, 0.3))))
    colors = [c.name for c in CARD_COLORS] + [GRAY]
    pairs: set[tuple[str, str]] = set()
    per_city = max(1, math.ceil(2 * routes / cities))
    for i, (name, (x, y)) in enumerate(places):
        near = sorted(
            (math.dist((x, y), at), other)
            for other, at in places[max(0, i - 2 * side) : i + 2 * side]
            if other != name
        )
        for _, other in near[: per_city + 1]:
            pairs.add((min(name, other), max(name, other)))
    made = []
    for a, b in sorted(pairs)[:routes]:
        made.append(Route((a, b), rng.choice([1, 2, 3, 4, 6]), rng.choice(colors)))
    G = nx.Graph()
    G.add_weighted_edges_from((r.ends[0], r.ends[1], r.length) for r in made)
    keep = max(nx.connected_components(G), key=len)
    made = [r for r in made if set(r.ends) <= keep]
    names = sorted(keep)
    chosen: set[tuple[str, str]] = set()
    while len(chosen) < tickets:
        a, b = sorted(rng.sample(names, 2))
        chosen.add((a, b))
    ticket_list = []
    for a, b in sorted(chosen):
        cars = nx.shortest_path_length(G, a, b, weight="weight")
        ticket_list.append(Ticket((a, b), max(1, min(int(cars), 1000)), cars >= 20))
    return RouteBoard(
        name=f"Big board ({len(keep)} cities)",
        cities=tuple(RouteCity(n, at) for n, at in places if n in keep),
        routes=tuple(made),
        tickets=tuple(ticket_list),
        deck=RouteDeck(
            cars=45,
            players=(2, 5),
            short_tickets=sum(not t.long for t in ticket_list),
            long_tickets=sum(t.long for t in ticket_list),
        ),
    )


class _Late(Exception):
    pass


def timed(argv: list[str], limit: int) -> tuple[float, float, int | str]:
    """CPU and wall seconds of ``workbench ARGV`` in this process, and its exit code
    (``"late"`` when it was stopped after ``limit`` seconds of wall time)."""

    def ring(signum: int, frame: object) -> None:
        raise _Late

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(limit)
    cpu, wall = time.process_time(), time.perf_counter()
    code: int | str
    try:
        with (
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()) as err,
        ):
            code = cli.main(argv)
        if code != 0:
            print(f"  {' '.join(argv)} exited {code}: {err.getvalue()[-300:]}")
    except _Late:
        code = "late"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return time.process_time() - cpu, time.perf_counter() - wall, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cities", type=int, default=2000)
    parser.add_argument("--routes", type=int, default=6000)
    parser.add_argument("--tickets", type=int, default=500)
    parser.add_argument("--limit", type=int, default=300, help="wall seconds a command may take")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    if args.quick:
        args.cities, args.routes, args.tickets = 200, 600, 50
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        board = big_board(args.cities, args.routes, args.tickets)
        big = save_routes(board, folder / "big.yaml")
        europe = ROOT / "maps" / "ticket_to_ride_europe.yaml"
        print(f"{board.name}: {len(board.routes)} routes, {len(board.tickets)} tickets, "
              f"{big.stat().st_size:,} bytes")  # fmt: skip
        commands = {
            "check": lambda m: ["check", m],
            "render": lambda m: ["render", m, "-o", str(folder / "page.html")],
            "analyze": lambda m: ["analyze", m],
            "doctor --edits 1": lambda m: ["doctor", m, "--edits", "1", "-q", "--out",
                                           str(folder / "fixed.yaml")],
            "print": lambda m: ["print", m, "-o", str(folder / "board.pdf")],
        }  # fmt: skip
        print(f"{'command':18s} {'Europe CPU s':>12s} {'big CPU s':>10s} {'ratio':>7s} "
              f"{'big wall s':>10s}")  # fmt: skip
        for name, argv in commands.items():
            small, _, _ = timed(argv(str(europe)), args.limit)
            large, wall, code = timed(argv(str(big)), args.limit)
            flag = "" if code == 0 else f"  ({'stopped at --limit' if code == 'late' else code})"
            print(f"{name:18s} {small:12.2f} {large:10.2f} {large / max(small, 1e-9):7.1f} "
                  f"{wall:10.1f}{flag}")  # fmt: skip


if __name__ == "__main__":
    main()
