"""Ticket to Ride Europe: how fast the greedy bots play, where the time goes, and whether
the planner beats greedy.

    python benchmarks/ticket_to_ride.py --quick           # speed and the cost per action
    python benchmarks/ticket_to_ride.py [--games 1000] [--workers 1] [--challenger planner]
                                        [--against greedy] [--control] [--duel-only]
    python benchmarks/ticket_to_ride.py --ablation [--games 800]

Speed: four greedy bots play ``--speed-games`` whole games on Europe in this process (the
board loaded once), and the script prints games per second of CPU time on one core (and by
the wall clock, lower on a shared machine: other processes take their share of the core),
actions and chance
outcomes per game, and the time per action split into its parts: drawing the chance
outcome (the referee's ``sample_chance``), building the observation, the bot's decision,
and applying the action to the state.

Duel (without ``--quick``): one challenger and three opponents at the table, the
challenger's seat rotating with the game number, seeds from the game's number
(:func:`workbench.sim.simulate`); a shared win counts as a fraction. Prints the
challenger's win share with its 95 % Wilson interval against the fair share (1/4), and
with ``--control`` the opponent against itself on the same seeds, and the stations built
by the challenger.

Ablation (``--ablation``): the planner with stations, with the careful tunnel retry, and
with both, each against three planners (see :func:`ablation`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.games import GAMES, Match, referee  # noqa: E402
from workbench.games.ticket_to_ride import bots as ttr_bots  # noqa: E402
from workbench.games.ticket_to_ride import game as ttr_game  # noqa: E402
from workbench.sim import simulate  # noqa: E402


def speed(games: int, profile: bool) -> dict[str, Any]:
    """Games per second of four greedy bots, and (with ``profile``) seconds by part."""
    info = GAMES["ticket_to_ride"]
    board = info.board()
    parts: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    undo = []
    if profile:

        def timed(owner: Any, name: str, part: str) -> None:
            original = getattr(owner, name)

            def wrapper(*args: Any, **kw: Any) -> Any:
                start = time.perf_counter()
                try:
                    return original(*args, **kw)
                finally:
                    parts[part] += time.perf_counter() - start
                    counts[part] += 1

            setattr(owner, name, wrapper)
            undo.append((owner, name, original))

        timed(referee, "sample_chance", "chance outcome drawn")
        timed(ttr_game.TicketToRideState, "observation", "observation built")
        timed(ttr_bots.GreedyBot, "act", "bot decision")
        timed(ttr_game.TicketToRideState, "apply", "action applied")
    actions = chances = 0
    start = time.perf_counter()
    cpu = time.process_time()
    try:
        for g in range(games):
            game = info.new_game(players=4, seed=g, board=board)
            match = Match(game, [info.bots["greedy"]] * 4, seed=g)
            match.run()
            history = match.state.history
            actions += len(history)
            chances += sum(type(a).__name__ in ("Deal", "DealTicket") for a in history)
    finally:
        for owner, name, original in undo:
            setattr(owner, name, original)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": seconds,
        "cpu": time.process_time() - cpu,
        "actions": actions,
        "chances": chances,
        "parts": dict(parts),
        "counts": dict(counts),
    }


def duel(challenger: str, against: str, games: int, workers: int, seed: int) -> dict[str, Any]:
    """The challenger's win share and interval over ``games`` four-player games."""
    start = time.perf_counter()
    result = simulate(
        "maps/ticket_to_ride_europe.yaml",
        "rulebook",
        [challenger, against, against, against],
        games=games,
        seed=seed,
        workers=workers,
        progress=True,
        rotate=True,
        game="ticket_to_ride",
    )
    seconds = time.perf_counter() - start
    seats = result.seats
    if challenger == against:
        table = result.win_rates(by="seat")
        return {
            "rate": float(table.rate.mean()),
            "lo": float(table.lo.min()),
            "hi": float(table.hi.max()),
            "score": float(seats.score.mean()),
            "seconds": seconds,
        }
    row = result.win_rates(by="bot").set_index("bot").loc[challenger]
    mine = seats[seats.bot == challenger]
    theirs = seats[seats.bot != challenger]
    return {
        "rate": float(row.rate),
        "lo": float(row.lo),
        "hi": float(row.hi),
        "score": float(mine.score.mean()),
        "their_score": float(theirs.score.mean()),
        "completed": float(mine.tickets_completed.mean()),
        "their_completed": float(theirs.tickets_completed.mean()),
        "stations": float(mine.stations_built.mean()),
        "their_stations": float(theirs.stations_built.mean()),
        "station_games": float((mine.stations_built > 0).mean()),
        "truncated": int(result.games.truncated.sum()),
        "seconds": seconds,
    }


def ablation(games: int, first_seed: int = 10_000) -> None:
    """Print the win share of the planner with stations and the careful tunnel retry each
    switched on alone and together, against three planners (game ``g``: game seed
    ``first_seed + g``, bot seed ``g``, the challenger at seat ``g % 4``)."""
    from workbench.games import play
    from workbench.sim.stats import wilson

    info = GAMES["ticket_to_ride"]
    board = info.board()
    for stations, retry in ((False, False), (True, True), (True, False)):
        me = ttr_bots.Factory(
            ttr_bots.PlannerBot, "variant", stations=stations, retry_tunnels=retry
        )
        wins = built = 0.0
        for g in range(games):
            game = info.new_game(players=4, seed=first_seed + g, board=board)
            seat = g % 4
            bots = [info.bots["planner"]] * 4
            bots[seat] = me
            end = play(game, bots, seed=g)
            winners = end.winners()
            wins += (seat in winners) / len(winners)
            built += 3 - end.stations_left[seat]  # type: ignore[attr-defined]
        lo, hi = wilson(wins, games)
        print(
            f"stations={stations} retry_tunnels={retry} vs 3 x planner: wins "
            f"{wins / games:.1%} (95% CI {lo:.1%} to {hi:.1%}), {built / games:.2f} stations "
            f"a game ({games} games)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="speed and profile only")
    parser.add_argument("--speed-games", type=int, default=None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--challenger", default="planner")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--duel-only", action="store_true", help="skip the speed figures")
    parser.add_argument(
        "--ablation", action="store_true", help="only the stations / tunnel-retry ablation"
    )
    args = parser.parse_args()

    if args.ablation:
        ablation(args.games)
        return

    if not args.duel_only:
        speed_figures(args)
    if args.quick:
        return
    duel_figures(args)


def speed_figures(args: argparse.Namespace) -> None:
    """Print the speed and the cost per action."""
    n = args.speed_games or (20 if args.quick else 100)
    plain = speed(n, profile=False)
    wall = plain["games"] / plain["seconds"]
    rate = plain["games"] / plain["cpu"]
    print(
        f"four greedy bots on Europe: {rate:.1f} games per second of CPU time on one core "
        f"({wall:.1f} by the wall clock, which counts other processes' share of the core; "
        f"{n} games)"
    )
    print(
        f"  {plain['actions'] / n:.0f} actions a game, {plain['chances'] / n:.0f} of them "
        f"chance outcomes; {plain['cpu'] / plain['actions'] * 1e6:.0f} us of CPU per action"
    )
    profiled = speed(n, profile=True)
    total = profiled["seconds"]
    print("  where the time goes (timed separately, with the timers' own cost):")
    for part, seconds in sorted(profiled["parts"].items(), key=lambda kv: -kv[1]):
        calls = profiled["counts"][part]
        print(
            f"    {part:22s} {seconds / total:6.1%}  {seconds / calls * 1e6:7.1f} us x "
            f"{calls / n:.0f} a game"
        )
    rest = total - sum(profiled["parts"].values())
    print(f"    {'referee and the rest':22s} {rest / total:6.1%}")
    print(f"  target >= 20 games/s per core: {'met' if rate >= 20 else 'NOT met'}")


def duel_figures(args: argparse.Namespace) -> None:
    """Print the duel of ``args.challenger`` against three ``args.against``."""
    result = duel(args.challenger, args.against, args.games, args.workers, args.seed)
    fair = 0.25
    clear = result["lo"] > fair
    print(
        f"{args.challenger} vs 3 x {args.against}, {args.games} games: wins "
        f"{result['rate']:.1%} (95% CI {result['lo']:.1%} to {result['hi']:.1%}), fair share "
        f"{fair:.0%}: {'clear of it' if clear else 'NOT clear of it'}; mean score "
        f"{result['score']:.1f} against {result['their_score']:.1f}, tickets completed "
        f"{result['completed']:.2f} against {result['their_completed']:.2f} "
        f"({result['seconds']:.0f} s)"
    )
    print(
        f"  stations built a game: {result['stations']:.2f} by {args.challenger} (in "
        f"{result['station_games']:.1%} of its games) against {result['their_stations']:.2f} "
        f"by each {args.against}; {result['truncated']} games cut off by the length limit"
    )
    if args.control:
        control = duel(args.against, args.against, args.games, args.workers, args.seed)
        print(
            f"control, 4 x {args.against}: seat shares {control['rate']:.1%} on average, "
            f"intervals {control['lo']:.1%} to {control['hi']:.1%}"
        )


if __name__ == "__main__":
    main()
