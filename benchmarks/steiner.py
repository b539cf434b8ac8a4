#!/usr/bin/env python3
"""Benchmark the exact Steiner tree against networkx's approximations and PACE 2018.

    python benchmarks/steiner.py            # boards, then ../shared/data/steiner-pace2018
    python benchmarks/steiner.py --queries 50 --seed 3 --pace /path/to/steiner-pace2018

(a) On each shipped board, ``--queries`` random hands of 6 terminals, once drawn from the
    cities and once from all lattice points: median and 90th percentile time per query of
    our ``steiner_tree`` (and the median of ``steiner_cost`` alone) and of networkx's
    ``approximation.steiner_tree`` ("kou" and "mehlhorn"), the speed-up (networkx median /
    ours, target >= 5x) and how far above the optimum the approximations land. The first
    call (numba compiling, or loading its disk cache) is timed on its own and left out.
(c) Triangular lattices of 50 to 2,000 points (weights 1 and 2): the set-up time of one
    call (the arrays made from the graph) and the median time of our tree against networkx's
    default approximation at 2 to 8 terminals.
(b) Each PACE 2018 instance in ``--pace`` (``*.gr`` and ``optima.tsv``, see its README.md):
    size, our time and cost against the published optimum, networkx "mehlhorn"'s time and
    cost ratio. Instances over 5 s are flagged. The data stays where it is.
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import networkx as nx
from networkx.algorithms.approximation import steiner_tree as approx_steiner_tree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.algorithms import steiner_cost, steiner_tree  # noqa: E402

BOARDS = ["trans_europa.yaml", "trans_amerika.yaml", "tiny.yaml"]
HAND = 6  # terminals per board query
SLOW = 5.0  # seconds: a PACE instance slower than this is flagged
FEW_TERMINALS = 12  # the target "< 5 s" is for instances with at most this many terminals

R = TypeVar("R")


def timed(f: Callable[..., R], *args: Any, **kwargs: Any) -> tuple[float, R]:
    """Seconds taken by ``f(*args, **kwargs)``, and its result."""
    start = time.perf_counter()
    result = f(*args, **kwargs)
    return time.perf_counter() - start, result


def cost_of(T: nx.Graph) -> float:
    return float(T.size(weight="weight"))


def p90(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.2f}"


# --- (a) boards ---------------------------------------------------------------------------


@dataclass
class BoardRow:
    board: str
    kind: str
    ours: list[float]
    cost_only: list[float]
    kou: list[float]
    mehlhorn: list[float]
    kou_ratio: list[float]
    mehlhorn_ratio: list[float]


def bench_board(name: str, G: nx.Graph, kind: str, hands: list[list[Hashable]]) -> BoardRow:
    row = BoardRow(name, kind, [], [], [], [], [], [])
    for terminals in hands:
        t, T = timed(steiner_tree, G, terminals)
        exact = cost_of(T)
        row.ours.append(t)
        t, cost = timed(steiner_cost, G, terminals)
        row.cost_only.append(t)
        if abs(cost - exact) > 1e-9:
            raise AssertionError(f"{name}: steiner_cost {cost} != tree weight {exact}")
        for method, times, ratios in (
            ("kou", row.kou, row.kou_ratio),
            ("mehlhorn", row.mehlhorn, row.mehlhorn_ratio),
        ):
            t, A = timed(approx_steiner_tree, G, terminals, method=method)
            times.append(t)
            ratios.append(cost_of(A) / exact if exact else 1.0)
            if cost_of(A) < exact - 1e-9:
                raise AssertionError(f"{name}: {method} beat the exact tree on {terminals!r}")
    return row


def print_boards(rows: list[BoardRow], queries: int) -> None:
    print(f"(a) boards: {queries} random queries of {HAND} terminals; times in ms (median / p90)")
    header = (
        f"{'board':<24} {'points':<8} {'ours':>15} {'cost':>6} {'kou':>15} {'mehlhorn':>15} "
        f"{'x kou':>7} {'x mehl':>7} {'kou/exact avg max':>18} {'mehl/exact avg max':>19}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        ours = statistics.median(r.ours)
        print(
            f"{r.board:<24} {r.kind:<8} "
            f"{ms(ours):>7} /{ms(p90(r.ours)):>6} {ms(statistics.median(r.cost_only)):>6} "
            f"{ms(statistics.median(r.kou)):>7} /{ms(p90(r.kou)):>6} "
            f"{ms(statistics.median(r.mehlhorn)):>7} /{ms(p90(r.mehlhorn)):>6} "
            f"{statistics.median(r.kou) / ours:>6.1f}x "
            f"{statistics.median(r.mehlhorn) / ours:>6.1f}x "
            f"{statistics.fmean(r.kou_ratio):>9.3f} {max(r.kou_ratio):>8.3f} "
            f"{statistics.fmean(r.mehlhorn_ratio):>10.3f} {max(r.mehlhorn_ratio):>8.3f}"
        )
    speedups = {
        f"{r.board} {r.kind}": min(statistics.median(r.kou), statistics.median(r.mehlhorn))
        / statistics.median(r.ours)
        for r in rows
    }
    worst = min(speedups, key=speedups.__getitem__)
    below = [k for k, v in speedups.items() if v < 5]
    print(
        f"speed-up over the faster networkx method, worst row: {speedups[worst]:.1f}x ({worst}); "
        f"target >= 5x; rows below target: {len(below)} of {len(rows)}"
    )


# --- (c) lattice boards: set-up and small queries --------------------------------------------


def lattice(points: int, rng: random.Random) -> nx.Graph:
    """A triangular lattice of about ``points`` nodes, shaped like a board (wider than
    tall), each edge weighing 1 or (one in five, a double) 2."""
    rows = max(2, round((points / 2) ** 0.5))
    cols = 1
    while (cols // 2 + 1) * (rows + 1) < points:
        cols += 1
    G = nx.triangular_lattice_graph(rows, cols, with_positions=False)
    for u, v in G.edges:
        G[u][v]["weight"] = 2 if rng.random() < 0.2 else 1
    return G


def setup_time(G: nx.Graph, repeat: int) -> float:
    """The median time of the exact tree's set-up alone (the arrays made from ``G``),
    after a first call has cached the graph's structure."""
    from workbench.algorithms.steiner import prepare_problem

    prepare_problem(G, "weight")
    times = [timed(prepare_problem, G, "weight")[0] for _ in range(repeat)]
    return statistics.median(times)


def bench_lattices(sizes: Sequence[int], terminals: Sequence[int], queries: int, seed: int) -> None:
    rng = random.Random(seed)
    print(f"(c) lattice boards: {queries} queries per row; median ms per query; "
          "set-up = arrays from the graph, cached structure, weights read afresh")  # fmt: skip
    header = f"{'points':>6} {'edges':>6} {'set-up':>7} " + " ".join(
        f"{f'k={k}':>21}" for k in terminals
    )
    print(header)
    print(f"{'':>21} " + " ".join(f"{'ours     nx  ratio':>21}" for _ in terminals))
    for size in sizes:
        G = lattice(size, rng)
        nodes = sorted(G)
        cells = []
        for k in terminals:
            ours, theirs = [], []
            for _ in range(queries):
                picked = rng.sample(nodes, k)
                t, T = timed(steiner_tree, G, picked)
                ours.append(t)
                t, A = timed(approx_steiner_tree, G, picked)
                theirs.append(t)
                if cost_of(A) < cost_of(T) - 1e-9:
                    raise AssertionError(f"networkx beat the exact tree on {picked!r}")
            a, b = statistics.median(ours), statistics.median(theirs)
            cells.append(f"{ms(a):>6} {ms(b):>6} {b / a:>5.1f}x")
        print(
            f"{len(G):>6} {G.number_of_edges():>6} {ms(setup_time(G, 50)):>7} "
            + " ".join(f"{c:>21}" for c in cells),
            flush=True,
        )


# --- (b) PACE 2018 ------------------------------------------------------------------------


def read_gr(path: Path) -> tuple[nx.Graph, list[int]]:
    """A graph in the PACE 2018 ``.gr`` format (1-based ids; unknown sections skipped;
    of parallel edges the lightest kept) and its terminals."""
    G = nx.Graph()
    terminals: list[int] = []
    section = None
    with path.open() as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            key = words[0].upper()
            if key == "SECTION":
                section = words[1].lower()
            elif key in ("END", "EOF"):
                section = None
            elif section == "graph" and key == "NODES":
                G.add_nodes_from(range(1, int(words[1]) + 1))
            elif section == "graph" and key == "E":
                u, v, w = int(words[1]), int(words[2]), int(words[3])
                if not G.has_edge(u, v) or G[u][v]["weight"] > w:
                    G.add_edge(u, v, weight=w)
            elif section == "terminals" and key == "T":
                terminals.append(int(words[1]))
            elif section in ("graph", "terminals") and key not in ("EDGES", "TERMINALS"):
                raise ValueError(f"{path}:{number}: unknown line {line.strip()!r}")
    return G, terminals


def read_optima(folder: Path) -> dict[str, float]:
    with (folder / "optima.tsv").open() as f:
        return {r["name"]: float(r["optimal_cost"]) for r in csv.DictReader(f, delimiter="\t")}


def bench_pace(folder: Path) -> bool:
    optima = read_optima(folder)
    files = sorted(folder.glob("*.gr"))
    print(f"(b) PACE 2018 Steiner tree instances in {folder} ({len(files)} files); times in s")
    header = (
        f"{'instance':<26} {'n':>5} {'m':>5} {'k':>3} {'ours s':>8} {'our cost':>9} "
        f"{'optimum':>9} {'ok':>3} {'mehl s':>7} {'mehl/opt':>8}"
    )
    print(header)
    print("-" * len(header))
    all_ok, slow, max_few, total = True, [], 0.0, 0.0
    for path in files:
        G, terminals = read_gr(path)
        t, T = timed(steiner_tree, G, terminals)
        cost = cost_of(T)
        optimum = optima.get(path.name)
        tree_ok = nx.is_tree(T) and set(terminals) <= set(T)
        ok = tree_ok and optimum is not None and cost == optimum
        all_ok &= ok
        t_approx, A = timed(approx_steiner_tree, G, terminals, method="mehlhorn")
        k = len(set(terminals))
        total += t
        if k <= FEW_TERMINALS:
            max_few = max(max_few, t)
        flag = ""
        if t > SLOW:
            slow.append(path.name)
            flag = f"  SLOW (> {SLOW:g} s)"
        if not ok:
            flag += "  WRONG" if tree_ok else "  NOT A TREE"
        print(
            f"{path.name:<26} {G.number_of_nodes():>5} {G.number_of_edges():>5} {k:>3} "
            f"{t:>8.3f} {cost:>9.10g} {optimum if optimum is not None else '?':>9.10g} "
            f"{'yes' if ok else 'NO':>3} {t_approx:>7.3f} {cost_of(A) / cost:>8.3f}{flag}"
        )
    print(
        f"summary: all optimal: {'yes' if all_ok else 'NO'}; "
        f"max time with <= {FEW_TERMINALS} terminals: {max_few:.3f} s (target < {SLOW:g} s); "
        f"total {total:.1f} s; slow: {', '.join(slow) or 'none'}"
    )
    return all_ok and not slow


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pace",
        type=Path,
        default=ROOT.parent / "shared" / "data" / "steiner-pace2018",
        metavar="DIR",
        help="folder of PACE 2018 .gr files with optima.tsv (default: %(default)s)",
    )
    parser.add_argument("--queries", type=int, default=200, metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few seconds: small lattices")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    if args.quick:
        steiner_tree(nx.path_graph(3), [0, 2])  # numba's cache
        bench_lattices([50, 200], [2, 4], 3, args.seed)
        return 0

    tiny = load_map(ROOT / "maps" / "tiny.yaml")
    first, _ = timed(steiner_tree, tiny.graph(), [c.at for c in tiny.cities[:HAND]])
    print(f"first call (numba compile or cache load): {first:.2f} s, left out below\n")

    rows = []
    for name in BOARDS:
        path = ROOT / "maps" / name
        if not path.exists():
            continue
        board = load_map(path)
        G = board.graph()
        cities = [c.at for c in board.cities]
        points = sorted(G)
        for kind, pool in (("cities", cities), ("lattice", points)):
            hands = [rng.sample(pool, HAND) for _ in range(args.queries)]
            rows.append(bench_board(f"{name} ({len(G)})", G, kind, hands))
    print_boards(rows, args.queries)
    print()
    bench_lattices(
        [50, 200, 500, 1000, 2000], [2, 3, 4, 6, 8], max(5, args.queries // 10), args.seed
    )
    print()

    if not (args.pace / "optima.tsv").exists():
        print(f"(b) skipped: no optima.tsv in {args.pace}")
        return 0
    return 0 if bench_pace(args.pace) else 1


if __name__ == "__main__":
    sys.exit(main())
