"""The play doctor against the cost doctor, judged on fresh games neither search saw.

    python benchmarks/doctor_play.py                   # the issue's figures (long: ~30 min)
    python benchmarks/doctor_play.py --fresh 1000 --budget 4000 --workers 2
    python benchmarks/doctor_play.py --quick           # a few games, to see it run

Part 1, Trans Europa, the shipped board, four greedy players: the original board, the cost
doctor's default plan (5 edits, moves up to 2 points) and the play doctor's plan (the same
edit budget, objective: start colors' round-win shares), each played on the same fresh
games (a seed neither search used). Printed: the largest gap between start colors' round-win
shares, every color's share with its 95 % interval, the worst-to-best city gap per color,
and each search's wall time. Part 2, Ticket to Ride Europe, four players of different styles
(the registered playing styles, else greedy and planner): the spread of the styles' win
shares on fresh games, original against the play plan (edits: ticket points, route lengths
and colors), and the search's wall time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from workbench import load_map
from workbench.analysis.doctor import plan as cost_plan
from workbench.games import GAMES
from workbench.games.trans_europa.playtest import city_gaps
from workbench.sim.doctor import FRESH, PlayObjective, play_measures, play_plan
from workbench.sim.playtest import playtest


def _fresh(board: object, game: str, players: int, bots: list[str], games: int, seed: int,
           workers: int) -> object:  # fmt: skip
    return playtest(board, game=game, players=players, bots=bots, games=games,
                    seed=seed + FRESH, workers=workers)  # fmt: skip


def _line(label: str, report: object, measure: str) -> None:
    m = play_measures(report, min_n=30)  # type: ignore[arg-type]
    groups = m.groups[measure]
    shares = ", ".join(
        f"{g} {r:.1%} [{lo:.1%}, {hi:.1%}]"
        for g, r, lo, hi in zip(groups.group, groups.rate, groups.lo, groups.hi, strict=True)
    )
    print(f"  {label:<9} {measure} gap {m.gap(measure) * 100:5.1f} pts: {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", type=int, default=4000, help="fresh games per board")
    parser.add_argument("--budget", type=int, default=12_000, help="the play search's games")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--candidates", type=int, default=6, help="edits a race runs")
    parser.add_argument("--skip-ttr", action="store_true")
    parser.add_argument("--skip-te", action="store_true")
    parser.add_argument(
        "--fresh-play-only",
        action="store_true",
        help="play only the play plan's board on the fresh games (the others "
        "give the same games as in any earlier run with the same seed)",
    )
    parser.add_argument("--quick", action="store_true", help="a few games, to see it run")
    args = parser.parse_args()
    workers = (os.cpu_count() or 1) if args.workers == 0 else args.workers
    fresh = 4 if args.quick else args.fresh
    budget = 12 if args.quick else args.budget
    edits = 1 if args.quick else 5
    candidates = 2 if args.quick else args.candidates
    board = load_map("maps/tiny.yaml" if args.quick else "maps/trans_europa.yaml")
    players = 2 if args.quick else 4

    if not args.skip_te:
        print(f"== Trans Europa: {board.name}, {players} greedy players, {fresh:,} fresh games "
              f"each, {workers} processes")  # fmt: skip
        start = time.perf_counter()
        costed = cost_plan(board, players=players, edits=edits, progress=False)
        cost_seconds = time.perf_counter() - start
        start = time.perf_counter()
        played = play_plan(board, players=players, bots=["greedy"], edits=edits,
                           candidates=candidates, games_budget=budget, fresh_games=1,
                           seed=args.seed, workers=workers, progress=not args.quick,
                           objective=PlayObjective(start_color=1.0, length=0.05,
                                                   min_n=1 if args.quick else 30))  # fmt: skip
        play_seconds = time.perf_counter() - start  # the search: its own check is below
        print(f"cost plan: {len(costed.steps)} edits in {cost_seconds:.1f} s: "
              + "; ".join(str(s.edit) for s in costed.steps))  # fmt: skip
        print(f"play plan: {len(played.steps)} edits in {play_seconds:.1f} s "
              f"({played.games_played:,} games searched): "
              + "; ".join(str(e) for e in played.edits))  # fmt: skip
        boards = {"original": board, "cost plan": costed.board, "play plan": played.board}
        print(f"play plan's source: {played.source}")
        reports: dict[str, object] = {}
        for label, b in boards.items():
            if args.fresh_play_only and label != "play plan" and b != played.board:
                continue
            same = next((k for k in reports if boards[k] == b), None)  # the same games
            reports[label] = (
                reports[same]
                if same
                else _fresh(b, "trans_europa", players, ["greedy"], fresh, args.seed, workers)
            )
        for label, report in reports.items():
            _line(label, report, "start_color")
        print("  worst-to-best city gap per color (points of round-win share):")
        for label, report in reports.items():
            gaps = city_gaps(report)  # type: ignore[arg-type]
            text = ", ".join(f"{c} {g:.1f}" for c, g in zip(gaps.color, gaps.gap, strict=True))
            print(f"    {label:<9} {text}")

    if args.skip_ttr:
        return
    info = GAMES["ticket_to_ride"]
    styles = [b for b in ("route_focus", "destination_hungry", "one_step", "long_route")
              if b in info.bots] or ["greedy", "planner"]  # fmt: skip
    route_board = info.board()
    print(f"\n== Ticket to Ride Europe, 4 players: {', '.join(styles)}; {fresh:,} fresh games")
    start = time.perf_counter()
    routed = play_plan(route_board, players=4, bots=styles, edits=edits, candidates=candidates,
                       games_budget=budget, fresh_games=fresh, seed=args.seed, workers=workers,
                       objective=PlayObjective(bot=1.0, length=0.01,
                                               min_n=1 if args.quick else 30))  # fmt: skip
    seconds = time.perf_counter() - start
    print(f"play plan: {len(routed.steps)} edits in {seconds:.1f} s "
          f"({routed.games_played:,} games searched): "
          + "; ".join(str(e) for e in routed.edits))  # fmt: skip
    print(routed.text())


if __name__ == "__main__":
    main()
