"""Did fairness in cost become fairness in play? The doctor's board against the original.

Plays the same games (the simulator's seeds: game ``i`` of a run seeded ``--seed``, the
same bots on the same seats) on two boards and writes one JSON line per game and board
with every round's start markers, hands and scores, so a run can be stopped and its
lines summarised at any time:

    python benchmarks/doctor_sim.py maps/trans_europa.yaml fixed.yaml --games 1000 \
        --out doctor_sim.jsonl
    python benchmarks/doctor_sim.py --summary doctor_sim.jsonl

A seat-round's *start color* is the color of the city its start marker stands on (the
nearest city when it stands elsewhere, by rails); its *region* the quarter of the board
(north or south, west or east of the original board's middle city row and column) the
marker is in. A seat *wins a round* when it has the fewest missing rails (ties share the
win); with 4 players a fair rate is 25 %. Intervals are 95 % Wilson intervals
(:func:`workbench.sim.stats.wilson`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from workbench import load_map
from workbench.games import GAMES, Match
from workbench.games.tables import game_seeds
from workbench.games.trans_europa import Rules
from workbench.games.trans_europa.game import TransEuropa
from workbench.maps.board import Board
from workbench.sim.stats import wilson


def _start_color(board: Board, marker: tuple[int, int], distances: dict) -> str:
    city = board.city_at(marker)
    if city is not None:
        return city.color
    near = distances[marker]
    best = min(board.cities, key=lambda c: (near.get(c.at, np.inf), c.name))
    return best.color


def play(
    original: Board, fixed: Board, games: int, seed: int, out: Path, start: int, players: int = 4
) -> None:
    import networkx as nx

    from workbench.analysis.costs import cost_graph

    rows = sorted(c.at[1] for c in original.cities)
    cols = sorted(c.at[0] for c in original.cities)
    mid_row, mid_col = rows[len(rows) // 2], cols[len(cols) // 2]
    greedy = GAMES["trans_europa"].bots["greedy"]
    boards = {"original": original, "fixed": fixed}
    graphs = {k: cost_graph(b) for k, b in boards.items()}
    distances = {k: {} for k in boards}
    began = time.perf_counter()
    with out.open("a") as f:
        for game in range(start, games):
            deal, bot_seed = game_seeds(seed, game)
            for name, board in boards.items():
                te = TransEuropa.create(board, Rules(), players=players, seed=deal)
                match = Match(te, [greedy] * players, bot_seed)
                match.run(stop=lambda s: s.engine.to_play is None and s.engine.round >= 30
                          and not s.engine.is_terminal())  # fmt: skip
                rounds = []
                for r in match.state.engine.results:
                    starts = []
                    for m in r.markers:
                        if m not in distances[name]:
                            distances[name][m] = nx.single_source_dijkstra_path_length(
                                graphs[name], m
                            )
                        region = ("N" if m[1] < mid_row else "S") + ("W" if m[0] < mid_col else "E")
                        starts.append((_start_color(board, m, distances[name]), region))
                    missing = [np.inf if x is None else x for x in r.missing]
                    rounds.append(
                        {
                            "starts": starts,
                            "hands": [list(h) for h in r.hands],
                            "missing": [float(x) for x in missing],
                        }
                    )
                f.write(json.dumps({"board": name, "game": game, "rounds": rounds}) + "\n")
                f.flush()
            if game % 20 == 0:
                rate = (game - start + 1) / (time.perf_counter() - began)
                print(f"game {game}: {rate:.2f} games a second per board pair", file=sys.stderr)


def summary(path: Path, colors: dict[str, list[str]] | None = None) -> str:
    wins: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    games: dict[str, set[int]] = defaultdict(set)
    for line in path.read_text().splitlines():
        record = json.loads(line)
        board = record["board"]
        games[board].add(record["game"])
        for r in record["rounds"]:
            best = min(r["missing"])
            leaders = [i for i, x in enumerate(r["missing"]) if x == best]
            for seat, (color, region) in enumerate(r["starts"]):
                share = 1.0 / len(leaders) if seat in leaders else 0.0
                keys = [("start color", color), ("region", region)]
                keys += [("city", name) for name in r.get("hands", [[]] * 4)[seat]]
                for key in keys:
                    cell = wins[(board, *key)]
                    cell[0] += share
                    cell[1] += 1
    both = sorted(games["original"] & games["fixed"])
    out = [
        f"{len(both)} games on each board (greedy bots, rulebook), round wins by where the "
        "start marker stood (fair: one over the players)",
        "",
        "| by | value | original: rate [95 % CI] (n) | fixed: rate [95 % CI] (n) |",
        "|---|---|---|---|",
    ]
    keys = sorted({(k[1], k[2]) for k in wins if k[1] != "city"})
    for by, value in keys:
        cells = []
        for board in ("original", "fixed"):
            w, n = wins.get((board, by, value), [0.0, 0.0])
            if n:
                lo, hi = wilson(w, n)
                cells.append(f"{w / n:.1%} [{lo:.1%}, {hi:.1%}] ({int(n)})")
            else:
                cells.append("-")
        out.append(f"| {by} | {value} | {cells[0]} | {cells[1]} |")
    if colors:
        out += [
            "",
            "Per color: the round-win rates of the players dealt each of its cities, the "
            "lowest and the highest (the fairness the analyst measures in rails, in play)",
            "",
            "| color | original: lowest - highest (spread) | fixed: lowest - highest (spread) |",
            "|---|---|---|",
        ]
        for color, names in colors.items():
            cells = []
            for board in ("original", "fixed"):
                rates = {
                    n: wins[(board, "city", n)][0] / wins[(board, "city", n)][1]
                    for n in names
                    if wins.get((board, "city", n), [0, 0])[1]
                }
                if not rates:
                    cells.append("-")
                    continue
                low = min(rates, key=rates.__getitem__)
                high = max(rates, key=rates.__getitem__)
                cells.append(
                    f"{low} {rates[low]:.1%} - {high} {rates[high]:.1%} "
                    f"({(rates[high] - rates[low]) * 100:.1f} points)"
                )
            out.append(f"| {color} | {cells[0]} | {cells[1]} |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("doctor_sim.jsonl"))
    parser.add_argument("--summary", type=Path)
    parser.add_argument("--quick", action="store_true", help="2 games on Tiny Island")
    args = parser.parse_args()
    if args.quick:
        import tempfile

        from workbench.analysis.doctor import Objective, plan

        tiny = load_map(Path(__file__).resolve().parent.parent / "maps" / "tiny.yaml")
        fixed = plan(tiny, objective=Objective(fair_spread=1.0), edits=1, progress=False).board
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "quick.jsonl"
            play(tiny, fixed, 2, args.seed, out, 0, players=2)
            print(summary(out, {c: [x.name for x in tiny.cities if x.color == c]
                                for c in tiny.color_names}))  # fmt: skip
        return
    if args.summary:
        colors = None
        if args.boards:
            board = load_map(args.boards[0])
            colors = {c: [x.name for x in board.cities if x.color == c] for c in board.color_names}
        print(summary(args.summary, colors))
        return
    original, fixed = (load_map(b) for b in args.boards)
    play(original, fixed, args.games, args.seed, args.out, args.start)


if __name__ == "__main__":
    main()
