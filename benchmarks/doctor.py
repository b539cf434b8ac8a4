"""Time the map doctor: its plan on a board, and its incremental scoring against a fresh
hand table per candidate, measured in the same run.

    python benchmarks/doctor.py [--edits 5] [--players 4] [MAP]

Prints the plan (as ``workbench doctor`` does), the candidates it scored a second, the
process's CPU seconds (the target of issue 16: under a minute on one core for Trans Europa
with 4 players), and the reference: a sample of the same candidates each scored by making
the edit and computing every hand again (:func:`workbench.analysis.hand_table`, one thread).
``--quick`` runs it on Tiny Island.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.analysis.costs import cost_graph  # noqa: E402
from workbench.analysis.doctor import (  # noqa: E402
    Allowed,
    Objective,
    _candidates,
    _reference,
    _score_edit,
    _State,
    plan,
)
from workbench.analysis.hands import deck, table_on_graph  # noqa: E402
from workbench.exceptions import MapError  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", nargs="?", default=str(ROOT / "maps" / "trans_europa.yaml"))
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sample", type=int, default=60, help="candidates for the reference")
    parser.add_argument("--quick", action="store_true", help="Tiny Island, 2 edits")
    args = parser.parse_args()
    objective = Objective()
    if args.quick:
        args.map, args.edits, args.sample = str(ROOT / "maps" / "tiny.yaml"), 2, 10
        objective = Objective(fair_spread=1.0)
    board = load_map(args.map)
    plan(load_map(ROOT / "maps" / "tiny.yaml"), edits=1, progress=False)  # compile, load caches
    cpu, wall = time.process_time(), time.perf_counter()
    found = plan(board, args.players, objective, edits=args.edits, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(found.text())
    load = os.getloadavg()[0]
    print(
        f"\n{found.candidates:,} candidates in {wall:.1f} s wall, {cpu:.1f} s CPU "
        f"({found.candidates / cpu:,.0f} a CPU second); load average {load:.1f} on "
        f"{os.cpu_count()} cores"
    )
    # the reference: the same kind of candidates, each edit made and every hand recomputed
    reference = [_reference(board, args.players, 2)]
    state = _State(board, board, 2, (args.players,), objective, reference, 0)
    edits = list(_candidates(state, Allowed()))
    step = max(1, len(edits) // args.sample)
    sample = edits[::step][: args.sample]
    t0 = time.process_time()
    for edit in sample:
        _score_edit(state, edit, objective, reference)
    ours = (time.process_time() - t0) / len(sample)
    t0 = time.process_time()
    done = 0
    for edit in sample:
        try:
            edited = edit.apply(board)
        except MapError:
            continue
        table_on_graph(cost_graph(edited), edited, deck(edited, args.players), False, 1)
        done += 1
    fresh = (time.process_time() - t0) / max(1, done)
    print(
        f"per candidate ({len(sample)} sampled): doctor {ours * 1000:.2f} ms, a fresh hand "
        f"table {fresh * 1000:.1f} ms (edit made and checked, one thread): "
        f"{fresh / ours:.0f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
