"""The ``workbench`` command: ``check``, ``render``, ``analyze``, ``doctor``, ``print``,
``simulate``, ``games``, ``schema`` and ``lab``.

Every subcommand reports bad input as a one-line message per problem and an exit code,
never as a traceback. Output paths are checked before any work starts, and only regular
files (or new paths) are written; an output that is, or resolves to, one of the command's
inputs is refused (:func:`workbench.files.input_clash`: no command destroys its own
input). Every command reads a data file's kind the way ``check`` does
(:func:`workbench.yamlfile.data_kind`). The exit codes are one convention for every command:

- 0: done (``check``: every file is fine);
- 1: the input is wrong: a bad option or number on the command line, a map, rules or
  output path that cannot be used, or ``check`` found errors;
- 130: interrupted with Ctrl-C; the files it would have written are left as they were.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from workbench import __version__
from workbench.exceptions import MapError, RulesError, WorkbenchError
from workbench.files import input_clash, output_problem
from workbench.resources import find_map, maps_dir, notebooks_dir

if TYPE_CHECKING:
    from workbench.games.trans_europa import Rules
    from workbench.maps.board import Board

__all__ = ["EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "EXIT_OK", "MAX_GAMES", "build_parser", "main"]

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_INTERRUPTED = 130
PRESET_NAMES = ("rulebook", "countdown", "colored")
"""Trans Europa's presets as ``--help`` lists them, without importing the rules (a test
keeps them equal to :data:`workbench.games.trans_europa.PRESETS`), so that the command
starts fast."""
BOT_NAMES = (
    "random",
    "greedy",
    "shrewd",
    "lazy_greedy",
    "far_first",
    "near_first",
    "sharer",
    "search",
)
"""Trans Europa's bots as ``--help`` lists them (a test keeps them equal to the registry's)."""
MAX_GAMES = 100_000
"""The most games one ``simulate`` run plays: its tables are held in memory (measured: up to
about 40 KB a game, for games cut off at 30 rounds on Trans Europa, so 4 GB at the limit);
more games are several runs with different ``--seed`` values."""

_UNSHOWABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def _shown(text: str) -> str:
    """``text`` with control characters (terminal escapes) and bidirectional controls
    written as ``\\x1b``-style escapes, so that printing it cannot steer the terminal."""
    return _UNSHOWABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _say(text: str = "", err: bool = False) -> None:
    print(_shown(text), file=sys.stderr if err else sys.stdout)


def _writable(
    command: str,
    option: str,
    path: str | os.PathLike[str],
    inputs: Sequence[str | os.PathLike[str] | None] = (),
) -> bool:
    """Whether ``path`` can be written without replacing one of the ``inputs``; if not,
    say why (before any work starts)."""
    problem = output_problem(path, inputs)
    if problem is None:
        return True
    _say(f"workbench {command}: cannot write {option} {str(path)!r}: {problem}", err=True)
    return False


def _source(path: str) -> str:
    """The file a command reads for ``path``: the path, or a shipped data file's by name."""
    try:
        return str(find_map(path))
    except OSError:
        return path  # the loader says why it cannot be read


def _kind(path: str) -> str:
    """The kind of the data file at ``path`` as every reader reads it
    (:func:`workbench.yamlfile.data_kind`): ``lattice``, ``routes``, ``cards``, ...;
    ``lattice`` for a file that cannot be read (its loader then says why)."""
    from workbench.yamlfile import data_kind, read_bytes

    try:
        return data_kind(read_bytes(_source(path)))
    except OSError:
        return "lattice"


def _checker(path: str) -> Callable[[str], list[Any]]:
    """The checker of the data file at ``path``: a board's, or a game's own (a card set)."""
    from workbench.maps.io import check_map

    kind = _kind(path)
    if kind not in ("lattice", "routes"):
        from workbench.games import GAMES

        for name in GAMES:
            info = GAMES[name]
            if info.map_kind == kind and info.check_data is not None:
                return info.check_data
    return check_map


def _check(args: argparse.Namespace) -> int:
    failed = False
    for path in args.files:
        try:
            problems = _checker(path)(path)
        except OSError as e:
            _say(f"{path}:0:0: cannot read the file: {e.strerror or e}", err=True)
            failed = True
            continue
        errors = [p for p in problems if p.severity == "error"]
        for p in problems:
            _say(str(p))
        if errors or (args.strict and problems):
            failed = True
        elif not args.quiet:
            warned = (
                f" ({len(problems)} warning{'s' if len(problems) != 1 else ''})" if problems else ""
            )
            _say(f"{path}: ok{warned}")
    return 1 if failed else 0


def _is_route_board(path: str) -> bool:
    return _kind(path) == "routes"


def _load(path: str) -> Board | None:
    """The lattice board at ``path``, or None after printing why it cannot be loaded."""
    from workbench.maps.io import load_lattice

    try:
        return load_lattice(path)
    except MapError as e:
        _say(str(e), err=True)
    except OSError as e:
        _say(f"{path}:0:0: cannot read the file: {e.strerror or e}", err=True)
    return None


def _playable(command: str, board: Board) -> bool:
    """Whether ``board`` has the cities games and analyses deal; if not, say so."""
    if board.cities:
        return True
    _say(
        f"workbench {command}: board {board.name!r} has no cities, so there is nothing to "
        "deal or to cost (add cities to its file)",
        err=True,
    )
    return False


def _render(args: argparse.Namespace) -> int:
    named = args.output if args.output is not None else Path(args.map).with_suffix(".html").name
    if not _writable("render", "-o", named, [_source(args.map)]):
        return EXIT_BAD_INPUT
    out = Path(named)
    if _is_route_board(args.map):
        from workbench.maps.routes_io import load_routes
        from workbench.ui.route_render import save_route_board_html

        try:
            save_route_board_html(load_routes(find_map(args.map)), out)
        except MapError as e:
            _say(str(e), err=True)
            return EXIT_BAD_INPUT
        _say(f"wrote {out}")
        return EXIT_OK
    board = _load(args.map)
    if board is None:
        return EXIT_BAD_INPUT
    from workbench.ui.render import save_board_html

    save_board_html(board, out)
    where = "" if args.output else " (in the current folder; -o FILE writes elsewhere)"
    _say(f"wrote {out}{where}")
    return EXIT_OK


def _analyze_routes(args: argparse.Namespace) -> int:
    from workbench.maps.routes_io import load_routes

    try:
        board = load_routes(find_map(args.map))
    except MapError as e:
        _say(str(e), err=True)
        return EXIT_BAD_INPUT
    from workbench.analysis.route_report import route_report

    cars = getattr(args, "ceiling_cars", None)  # --ceiling (issue 30)
    report = route_report(board, players=args.players, ceiling=cars)
    _say(report.text())
    if args.html:
        from workbench.ui.route_report import save_route_report_html

        _say(f"\nwrote {save_route_report_html(report, args.html)}")
    return EXIT_OK


def _analyze(args: argparse.Namespace) -> int:
    if args.html is not None and not _writable("analyze", "--html", args.html, [_source(args.map)]):
        return EXIT_BAD_INPUT
    if _is_route_board(args.map):
        return _analyze_routes(args)
    kind = _kind(args.map)
    if getattr(args, "ceiling_cars", None) is not None:  # a route board's score (issue 30)
        _say(
            f"workbench analyze: --ceiling needs a route board such as "
            f"maps/ticket_to_ride_usa.yaml; {args.map} is a {kind} map (drop --ceiling/--cars)",
            err=True,
        )
        return EXIT_BAD_INPUT
    if kind not in ("lattice", "routes"):
        from workbench.games import GAMES

        for name in GAMES:
            info = GAMES[name]
            if info.map_kind == kind and info.analyze_data is not None:
                return info.analyze_data(args.map, players=(args.players,), html_out=args.html)
    board = _load(args.map)
    if board is None or not _playable("analyze", board):
        return EXIT_BAD_INPUT
    from workbench.analysis.report import analyze

    candidates = None if args.no_chokepoints else args.chokepoints
    try:
        report = analyze(
            board, players=args.players, chokepoint_candidates=candidates, progress=True
        )
    except ValueError as e:  # a board that checks but deals no hand, such as an empty color
        _say(f"workbench analyze: {board.name!r} cannot be analysed: {e}", err=True)
        return EXIT_BAD_INPUT
    _say(report.text())
    if args.html:
        from workbench.ui.report import save_report_html

        out = save_report_html(report, args.html)
        _say(f"\nwrote {out}")
    return EXIT_OK


# ---------------------------------------------------------------- workbench doctor (issue 16)


def _first_ctrl_c_asks() -> tuple[dict[str, bool], Any]:
    """Make the first Ctrl-C only ask a search to stop (``asked["stop"]``; a second one
    interrupts at once); returns the flag and the handler to put back."""
    asked = {"stop": False}

    def ask(signum: int, frame: Any) -> None:
        if asked["stop"]:  # a second Ctrl-C: stop now
            raise KeyboardInterrupt
        asked["stop"] = True

    return asked, signal.signal(signal.SIGINT, ask)


def _doctor(args: argparse.Namespace) -> int:
    """``workbench doctor``: search for edits that make a board fairer, print the plan with
    each step's exact effect, and write the board with the plan made (canonical, atomic).
    Ctrl-C stops the search: the plan so far is printed and nothing is written."""
    if not _writable("doctor", "--out", args.out, [_source(args.map)]):
        return EXIT_BAD_INPUT
    if args.objective == "play":
        return _doctor_play(args)
    if _is_route_board(args.map):
        return _doctor_routes(args)
    board = _load(args.map)
    if board is None or not _playable("doctor", board):
        return EXIT_BAD_INPUT
    from workbench.analysis.doctor import Allowed, Objective, plan
    from workbench.maps.io import save_map

    try:
        players = _player_counts(args.players)
        objective = Objective.from_text(args.weights or "")
        frozen = tuple(n.strip() for n in (args.freeze or "").split(",") if n.strip())
        for name in frozen:
            board.city(name)
    except (ValueError, KeyError, argparse.ArgumentTypeError) as e:
        _say(f"workbench doctor: {e.args[0] if isinstance(e, KeyError) else e}", err=True)
        return EXIT_BAD_INPUT
    allowed = Allowed(move=args.move, crossings=not args.no_crossings, dearer=args.dearer,
                      recolor=args.recolor, frozen=frozen)  # fmt: skip
    asked, previous = _first_ctrl_c_asks()
    try:
        found = plan(board, players, objective, allowed, edits=args.edits, beam=args.beam,
                     seed=args.seed, progress=not args.quiet,
                     stop=lambda: asked["stop"])  # fmt: skip
    except ValueError as e:
        _say(f"workbench doctor: {board.name!r} cannot be treated: {e}", err=True)
        return EXIT_BAD_INPUT
    finally:
        signal.signal(signal.SIGINT, previous)
    _say(found.text())
    if found.stopped:
        _say(
            f"\nworkbench doctor: interrupted after {len(found.steps)} edit(s); nothing was "
            f"written (the same options with --edits {len(found.steps)} write this plan)",
            err=True,
        )
        return EXIT_INTERRUPTED
    _say(f"\nwrote {save_map(found.board, args.out)}")
    return EXIT_OK


def _doctor_play(args: argparse.Namespace) -> int:
    """``workbench doctor --objective play``: edits judged by simulated games (see
    :mod:`workbench.sim.doctor`), the plan checked on fresh seeds; Ctrl-C ends the search
    with the plan so far, still checked, and writes nothing."""
    from workbench.maps.io import save_map
    from workbench.sim.doctor import PlayObjective, play_plan

    route = _is_route_board(args.map)
    try:
        board: Any = None
        if route:
            from workbench.maps.routes_io import load_routes

            board = load_routes(find_map(args.map))
        else:
            board = _load(args.map)
            if board is None or not _playable("doctor", board):
                return EXIT_BAD_INPUT
        game = "ticket_to_ride" if route else "trans_europa"
        objective = (
            PlayObjective.from_text(args.weights) if args.weights else PlayObjective.for_game(game)
        )
        bots = None if args.bots is None else [n.strip() for n in args.bots.split(",")]
        from workbench.games import GAMES

        for name in bots or []:
            if name not in GAMES[game].bots:
                raise ValueError(f"no bot {name!r}; the bots are: {', '.join(GAMES[game].bots)}")
        counts = _player_counts(args.players)
        if len(counts) != 1:
            raise ValueError(
                f"--players {args.players!r}: the play objective plays one player count; name one"
            )
        players = counts[0]
    except MapError as e:
        _say(str(e), err=True)
        return EXIT_BAD_INPUT
    except (ValueError, argparse.ArgumentTypeError) as e:
        _say(f"workbench doctor: {e}", err=True)
        return EXIT_BAD_INPUT
    asked, previous = _first_ctrl_c_asks()
    try:
        found = play_plan(
            board, game=game, players=players, bots=bots, objective=objective,
            edits=args.edits, move=args.move, games_budget=args.games_budget,
            fresh_games=args.fresh_games, seed=args.seed, workers=_sim_workers(args.workers),
            progress=not args.quiet, stop=lambda: asked["stop"],
        )  # fmt: skip
    except ValueError as e:
        _say(f"workbench doctor: {getattr(board, 'name', args.map)!r} cannot be treated: {e}",
             err=True)  # fmt: skip
        return EXIT_BAD_INPUT
    finally:
        signal.signal(signal.SIGINT, previous)
    _say(found.text())
    if found.stopped:
        _say(
            f"\nworkbench doctor: interrupted after {len(found.steps)} edit(s); nothing was "
            "written",
            err=True,
        )
        return EXIT_INTERRUPTED
    _say(f"\nwrote {save_map(found.board, args.out)}")
    return EXIT_OK


def _doctor_routes(args: argparse.Namespace) -> int:
    """``workbench doctor`` on a route board: tickets worth their shortest path, colors
    balanced by length (``--players``, ``--move`` and the lattice options do not apply)."""
    from workbench.analysis.route_doctor import RouteObjective, plan_routes
    from workbench.maps.io import save_map
    from workbench.maps.routes_io import load_routes

    try:
        board = load_routes(find_map(args.map))
        objective = RouteObjective.from_text(args.weights or "")
    except MapError as e:
        _say(str(e), err=True)
        return EXIT_BAD_INPUT
    except ValueError as e:
        _say(f"workbench doctor: {e}", err=True)
        return EXIT_BAD_INPUT
    bar = None
    if not args.quiet:
        from tqdm.auto import tqdm

        bar = tqdm(total=None, desc="doctor: ", file=sys.stderr, delay=2.0, unit=" candidates",
                   bar_format="{desc}{n} candidates scored [{elapsed}, {rate_fmt}]")  # fmt: skip

    def tick() -> bool:  # asked after every candidate: the bar moves, Ctrl-C stops there
        if bar is not None:
            bar.update(1)
        return False

    try:
        found = plan_routes(board, objective, edits=args.edits, stop=tick)
    finally:
        if bar is not None:
            bar.close()
    _say(found.text())
    if found.stopped:
        _say("\nworkbench doctor: interrupted; nothing was written", err=True)
        return EXIT_INTERRUPTED
    _say(f"\nwrote {save_map(found.board, args.out)}")
    return EXIT_OK


def _sim_rules(text: str) -> Rules | None:
    """The rules ``--rules`` names (a preset or a rules file), or None after saying why not."""
    from workbench.games.trans_europa import PRESETS, Rules, load_rules

    if text in PRESETS:
        return Rules.preset(text)
    if not Path(text).exists():
        _say(
            f"workbench simulate: --rules {text!r} is neither a preset "
            f"({', '.join(PRESETS)}) nor a rules file",
            err=True,
        )
        return None
    try:
        return load_rules(text)
    except RulesError as e:
        _say(str(e), err=True)
    except OSError as e:
        _say(f"{text}:0:0: cannot read the file: {e.strerror or e}", err=True)
    return None


def _sim_bots(
    text: str | None, players: int | None, game: str = "trans_europa"
) -> list[str] | None:
    """The line-up ``--bots`` and ``--players`` give, or None after saying why not."""
    from workbench.games import GAMES

    info = GAMES[game]
    bots = info.bots
    if text is None:
        names = ["greedy" if "greedy" in bots else "random"]
    else:
        names = [n.strip() for n in text.split(",")]
    for name in names:
        if name not in bots:
            _say(f"workbench simulate: no bot {name!r}; the bots are: {', '.join(bots)}", err=True)
            return None
    if len(names) == 1:
        return names * (players or info.default_players)
    if players is not None and players != len(names):
        _say(
            f"workbench simulate: --bots names {len(names)} bots for --players {players}: "
            "give one name for every seat, or one per seat",
            err=True,
        )
        return None
    return names


def _game_of(args: argparse.Namespace) -> str | None:
    """The game ``--game`` names, or the one the map's kind calls for; None after saying why."""
    from workbench.games import GAMES

    if args.game is not None:
        if args.game not in GAMES:
            _say(
                f"workbench simulate: no game {args.game!r}; the games are: {', '.join(GAMES)}",
                err=True,
            )
            return None
        return str(args.game)
    if args.map is None:
        return "trans_europa"
    kind = _kind(args.map)
    for name in GAMES:
        if GAMES[name].map_kind == kind:
            return name
    _say(
        f"workbench simulate: no game is played on a {kind!r} file like {args.map}; "
        f"name one with --game ({', '.join(GAMES)})",
        err=True,
    )
    return None


def _sim_workers(requested: int) -> int:
    """The processes to use: ``requested`` (0: every core), at most the machine's cores."""
    cores = os.cpu_count() or 1
    if requested == 0:
        return cores
    if requested > cores:
        _say(
            f"workbench simulate: --workers {requested} is more than this machine's {cores} "
            f"cores; using {cores} (more processes would only take turns)",
            err=True,
        )
        return cores
    return requested


@contextmanager
def _stoppable(
    workers: int, total: int, progress: bool
) -> Iterator[tuple[Any, Callable[[int], None]]]:
    """The executor (None: this process) and the progress callback ``sweep`` runs with,
    such that Ctrl-C stops the run within a game, without a traceback.

    In this process, Ctrl-C only raises a flag, and the progress callback, called after
    every game, stops the run there (an interrupt that lands inside the compiled kernel
    would otherwise end in a ``SystemError``). With workers, the workers ignore Ctrl-C;
    the main process, which only waits, stops them between games and shuts the pool down
    (:func:`workbench.sim.run.local_pool`).
    """
    from workbench.sim.run import local_pool

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit="game", file=sys.stderr, desc="simulating", smoothing=0.1)
    stop = {"asked": False}

    def update(n: int) -> None:
        if bar is not None:
            bar.update(n)
        if stop["asked"]:
            raise KeyboardInterrupt

    if workers == 1:

        def ask(signum: int, frame: Any) -> None:
            if stop["asked"]:  # a second Ctrl-C: stop now
                raise KeyboardInterrupt
            stop["asked"] = True

        previous = signal.signal(signal.SIGINT, ask)
        try:
            yield None, update
        finally:
            signal.signal(signal.SIGINT, previous)
            if bar is not None:
                bar.close()
        return
    try:
        with local_pool(workers) as pool:
            yield pool, update
    finally:
        if bar is not None:
            bar.close()


def _simulate(args: argparse.Namespace) -> int:
    from workbench.sim import Variant, sweep

    out = Path(args.out) if args.out is not None else None
    if args.games > MAX_GAMES:
        _say(
            f"workbench simulate: --games {args.games:,} is over the {MAX_GAMES:,} games one "
            "run holds in memory; run several with different --seed values",
            err=True,
        )
        return EXIT_BAD_INPUT
    game = _game_of(args)
    if game is None:
        return EXIT_BAD_INPUT
    from workbench.games import GAMES

    if args.map is None:
        args.map = str(maps_dir() / GAMES[game].default_map)
    inputs = [_source(args.map), args.rules if Path(args.rules).is_file() else None]
    if out is not None and not _writable("simulate", "--out", out, inputs):
        return EXIT_BAD_INPUT
    if args.games_out is not None:
        if not _writable("simulate", "--games-out", args.games_out, inputs):
            return EXIT_BAD_INPUT
        if (out is not None and input_clash(args.games_out, [out]) is not None) or (
            os.path.realpath(args.games_out) == os.path.realpath(out or "")
        ):
            _say(
                f"workbench simulate: --out and --games-out both name {str(out)!r}: "
                "give each table its own file",
                err=True,
            )
            return EXIT_BAD_INPUT
    low, high = GAMES[game].players
    if args.players is not None and not low <= args.players <= high:
        _say(
            f"workbench simulate: --players {args.players}: {GAMES[game].title} is played by "
            f"{low} to {high} players",
            err=True,
        )
        return EXIT_BAD_INPUT
    variant = _sim_variant(args, game, Variant)
    if variant is None:
        return EXIT_BAD_INPUT
    workers = _sim_workers(args.workers)
    if "search" in variant.bots and not args.quiet:
        _say(
            "workbench simulate: the search bot plays out many games before each move, so a "
            "game takes seconds to minutes; the bar moves after each game (Ctrl-C stops)",
            err=True,
        )
    with _stoppable(workers, args.games, progress=not args.quiet) as (executor, progress):
        result = sweep(
            [variant],
            args.games,
            args.seed,
            workers=workers,
            executor=executor,
            progress=progress,
            rotate=not args.no_rotate,
            max_rounds=args.max_rounds,
        )
    # Trans Europa's main table is one row per player per round; other games', per seat
    table = "rounds" if not result.rounds.empty else "seats"
    if out is not None:
        result.to_csv(out, table=table)
    if args.games_out:
        result.to_csv(args.games_out, table="games")
    if args.quiet and out is not None:
        return EXIT_OK
    unit = GAMES[game].length_unit
    summary = result.summary().iloc[0]
    rows = len(result.rounds if table == "rounds" else result.seats)
    played = f"{args.games} games, {int(result.games.length.sum())} {unit}"
    if out is not None:
        _say(f"wrote {rows} rows ({played}) to {out} in {result.seconds:.1f} s")
    else:
        _say(f"played {played} in {result.seconds:.1f} s (--out FILE.csv writes the rows)")
    board = getattr(variant.board, "name", args.map)
    rules = getattr(variant.rules, "name", args.rules)
    if "rounds_per_game" in summary:
        shape = (
            f"{summary.rounds_per_game:.2f} rounds a game, "
            f"{summary.turns_per_round:.1f} turns a round"
        )
    else:
        shape = f"{summary.length_per_game:.2f} {unit} a game"
    _say(
        f"{board}, {rules}, {variant.lineup}: {shape}, balance {summary.balance:.3f}"
        + (f", {summary.truncated} games cut off" if summary.truncated else "")
    )
    for row in result.win_rates("seat").itertuples():
        _say(f"  seat {row.seat}: wins {row.rate:6.1%}  (95% CI {row.lo:.1%} to {row.hi:.1%})")
    if len(set(variant.bots)) > 1:  # with seats rotating, the rate by bot is the answer
        for row in result.win_rates("bot").itertuples():
            _say(f"  bot {row.bot}: wins {row.rate:6.1%}  (95% CI {row.lo:.1%} to {row.hi:.1%})")
    return EXIT_OK


def _sim_variant(args: argparse.Namespace, game: str, variant_of: Any) -> Any:
    """The variant ``simulate`` plays, or None after saying why it cannot be made."""
    bots = _sim_bots(args.bots, args.players, game)
    if game == "trans_europa":  # lattice maps and rules files have their own messages
        board = _load(args.map)
        rules = _sim_rules(args.rules)
        if board is None or rules is None or bots is None or not _playable("simulate", board):
            return None
        name = rules.name
    else:
        from workbench.games import GAMES

        if bots is None:
            return None
        try:
            board = GAMES[game].board(find_map(args.map))
            rules = GAMES[game].resolve_rules(args.rules)
        except WorkbenchError as e:
            _say(str(e), err=True)
            return None
        except (ValueError, KeyError) as e:
            _say(f"workbench simulate: {e}", err=True)
            return None
        except OSError as e:
            _say(f"{args.map}:0:0: cannot read the file: {e.strerror or e}", err=True)
            return None
        name = getattr(rules, "name", args.rules)
    try:
        return variant_of(name, board, rules, bots, game)
    except ValueError as e:
        _say(f"workbench simulate: {e}", err=True)
        return None


def _playtest(args: argparse.Namespace) -> int:
    """``workbench playtest``: games at several player counts, written as one report page."""
    from workbench.games import GAMES
    from workbench.sim.playtest import player_counts, playtest

    out = Path(args.out)
    if not _writable("playtest", "-o", out):
        return EXIT_BAD_INPUT
    game = _game_of(args)
    if game is None:
        return EXIT_BAD_INPUT
    info = GAMES[game]
    if args.map is None:
        args.map = str(maps_dir() / info.default_map)
    try:
        counts = player_counts(args.players, info.players[0], info.players[1], info.default_players)
    except ValueError as e:
        _say(f"workbench playtest: {e}", err=True)
        return EXIT_BAD_INPUT
    if args.games * len(counts) > MAX_GAMES:
        _say(
            f"workbench playtest: --games {args.games:,} at {len(counts)} player counts is over "
            f"the {MAX_GAMES:,} games one report holds in memory",
            err=True,
        )
        return EXIT_BAD_INPUT
    # the board, rules and bots as simulate reads them (one bot name for every seat, or a list
    # that the seats cycle through)
    names = None if args.bots is None else [n.strip() for n in args.bots.split(",")]
    args.players, bots_text = None, args.bots
    args.bots = None if names is None else names[0]
    made = _sim_variant(args, game, lambda _n, board, rules, _b, _g: (board, rules))
    if made is None:
        return EXIT_BAD_INPUT
    for name in names or []:
        if name not in info.bots:
            _say(
                f"workbench playtest: no bot {name!r}; the bots are: {', '.join(info.bots)}",
                err=True,
            )
            return EXIT_BAD_INPUT
    args.bots = bots_text
    board, rules = made
    workers = _sim_workers(args.workers)
    total = args.games * len(counts)
    with _stoppable(workers, total, progress=not args.quiet) as (executor, progress):
        report = playtest(
            board,
            game=game,
            players=counts,
            bots=names,
            rules=rules,
            games=args.games,
            seed=args.seed,
            workers=workers,
            executor=executor,
            progress=progress,
            max_rounds=args.max_rounds,
        )
    report.save_html(out)
    if not args.quiet:
        _say(
            f"wrote the playtest of {report.board_name} ({len(counts)} player counts, "
            f"{args.games:,} games each, {report.seconds:.1f} s) to {out}"
        )
        from workbench.ui.playtest import findings

        for line in findings(report):
            _say(f"  {line}")
    return EXIT_OK


def _games(args: argparse.Namespace) -> int:
    """``workbench games``: every registered game with its players, presets and bots."""
    from workbench.games import GAMES

    for name in GAMES:
        info = GAMES[name]
        low, high = info.players
        _say(f"{name}: {info.title}")
        _say(f"  {info.summary}")
        _say(
            f"  players {low} to {high}; plays on a {info.map_kind} file "
            f"(default maps/{info.default_map})"
        )
        _say(f"  presets: {', '.join(info.presets)}")
        _say(f"  bots: {', '.join(info.bots)}")
    return EXIT_OK


def _schema(args: argparse.Namespace) -> int:
    from workbench.files import write_atomic
    from workbench.maps.routes_schema import routes_schema_json
    from workbench.maps.schema import schema_json

    text = routes_schema_json() if args.routes else schema_json()
    if args.output:
        if not _writable("schema", "-o", args.output):
            return EXIT_BAD_INPUT
        write_atomic(args.output, text)
        _say(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _lab(args: argparse.Namespace) -> int:
    source = notebooks_dir()
    folder = Path(args.dir) if args.dir else source
    try:
        board = find_map(args.map) if args.map else maps_dir() / "trans_europa.yaml"
    except FileNotFoundError as e:
        _say(f"workbench lab: {e}", err=True)
        _say("workbench lab: JupyterLab was not started", err=True)
        return EXIT_BAD_INPUT
    if _load(str(board)) is None:
        _say(
            "workbench lab: JupyterLab was not started (--map names a map that cannot load)",
            err=True,
        )
        return EXIT_BAD_INPUT
    if folder != source:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for nb in sorted(source.glob("*.ipynb")):
                if not (folder / nb.name).exists():  # never overwrite the user's work
                    shutil.copy2(nb, folder / nb.name)
        except OSError as e:
            _say(f"workbench lab: cannot use --dir {str(folder)!r}: {e.strerror or e}", err=True)
            return EXIT_BAD_INPUT
    from workbench.resources import jupyter_config_dir

    env = dict(os.environ)
    env["WORKBENCH_MAP"] = str(board.resolve())
    # saving a shipped notebook stores it clean (workbench.nbclean's pre-save hook)
    paths = (str(jupyter_config_dir()), env.get("JUPYTER_CONFIG_PATH"))
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(p for p in paths if p)
    command = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={folder}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    command.extend(args.extra)
    _say(f"JupyterLab on {folder}, board {board}")
    sys.stdout.flush()
    return _exec(command, env)


def _exec(command: list[str], env: dict[str, str]) -> int:
    """Become ``command`` (so that stopping ``workbench lab`` stops JupyterLab); on Windows,
    where a process cannot be replaced, run it and wait."""
    if os.name == "nt":
        return subprocess.call(command, env=env)
    os.execve(command[0], command, env)  # never returns


def _count(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number {least} or more")
    return value


def _positive(text: str) -> int:
    return _count(text, 1)


def _natural(text: str) -> int:
    return _count(text, 0)


def _player_counts(text: str) -> tuple[int, ...]:
    """``--players 3,4``: distinct player counts from 2 to 6, written without spaces."""
    parts = text.split(",")
    if not all(p.isdigit() and p.isascii() for p in parts):
        raise argparse.ArgumentTypeError(
            f"--players {text!r} is not a player count or a list of them such as 3,4 (whole "
            "numbers, commas, no spaces)"
        )
    counts = tuple(int(p) for p in parts)
    if len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(
            f"--players {text!r} names a player count twice: name each once"
        )
    for n in counts:
        if not 2 <= n <= 6:
            raise argparse.ArgumentTypeError(
                f"--players {text!r}: {n} players; the doctor balances for 2 to 6 players"
            )
    return counts


def _games_help() -> str:
    """The games ``simulate`` plays, each with its players, presets and bots (read from the
    registry when the help is shown, so that it never falls behind a game)."""
    from workbench.games import GAMES

    lines = ["games (--game NAME; `workbench games` says more):"]
    for name in GAMES:
        info = GAMES[name]
        low, high = info.players
        lines.append(
            f"  {name}: {info.title}, {low} to {high} players (default "
            f"{info.default_players}), on a {info.map_kind} file (default maps/{info.default_map})"
        )
        lines.append(f"    presets: {', '.join(info.presets)}")
        lines.append(f"    bots: {', '.join(info.bots)}")
    return "\n".join(lines) + "\n"


class _Parser(argparse.ArgumentParser):
    """argparse, with the workbench's exit code for a bad command line (1, not 2), and a
    ``more_help`` hook: text computed only when a subcommand's help is shown."""

    def format_help(self) -> str:
        text = super().format_help()
        more = getattr(self, "more_help", None)
        return f"{text}\n{more()}" if more is not None else text

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


_EXIT_CODES = """exit codes: 0 done; 1 bad input (command line, map, rules or output path), or check
found errors; 130 interrupted (files it would have written are left as they were)"""


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser (exposed for tests and for ``--help`` in the docs).

    Examples
    --------
    >>> build_parser().parse_args(["check", "maps/tiny.yaml"]).files
    ['maps/tiny.yaml']
    """
    parser = _Parser(
        prog="workbench",
        description="Boards, route costs and games for rail-connection games.",
        epilog=_EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="check map files and print their problems")
    check.add_argument("files", nargs="+", metavar="FILE", help="map files (.yaml)")
    check.add_argument("--strict", action="store_true", help="fail on warnings too")
    check.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    check.set_defaults(run=_check)

    render = sub.add_parser("render", help="draw a map as a self-contained HTML page")
    render.add_argument("map", metavar="MAP", help="the map file (.yaml)")
    render.add_argument(
        "-o",
        "--output",
        metavar="HTML",
        help="the page to write (default: the map's name with .html, in the current folder)",
    )
    render.set_defaults(run=_render)

    from workbench.printing.command import add_print_command  # print and play (issue 16)

    add_print_command(sub)

    analyze = sub.add_parser("analyze", help="analyse a map: hand costs, fairness, chokepoints")
    analyze.add_argument("map", metavar="MAP", help="the map file (.yaml)")
    analyze.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 7),
        metavar="N",
        help="players, 2 to 6; 2-3 players take the dashed cities out (default 4)",
    )
    analyze.add_argument(
        "--chokepoints",
        type=_natural,
        default=8,
        metavar="N",
        help="try the N most used segments for their loss (default 8; 0 tries none)",
    )
    analyze.add_argument("--no-chokepoints", action="store_true", help="skip that part")
    analyze.add_argument("--html", metavar="FILE", help="also write the full report page")

    # the ceiling of a route board (issue 30): the exact best solo score per budget
    def cars_range(text: str) -> range:
        low, _, high = text.partition("..")
        if not (low.isdigit() and (high or low).isdigit()) or int(low) > int(high or low):
            raise argparse.ArgumentTypeError(f"{text!r} is not N or N..M (such as 40..50)")
        return range(int(low), int(high or low) + 1)

    analyze.add_argument(
        "--ceiling",
        dest="ceiling_cars",
        action="store_const",
        const=range(40, 51),
        help="route boards: the most one player scores alone, 40 to 50 cars (or --cars)",
    )
    analyze.add_argument(
        "--cars",
        dest="ceiling_cars",
        type=cars_range,
        metavar="N..M",
        help="the budgets for --ceiling, such as 45 or 40..50",
    )
    analyze.set_defaults(run=_analyze)

    doctor = sub.add_parser("doctor", help="suggest edits that make a map fairer; write the result")
    doctor.add_argument("map", metavar="MAP", help="the map file (.yaml)")
    doctor.add_argument(
        "--out", required=True, metavar="FILE.yaml", help="the board with the plan made (required)"
    )
    doctor.add_argument(
        "--players",
        default="4",
        metavar="N[,N]",
        help="player counts to balance for, 2 to 6 (default 4; 3,4 both)",
    )
    doctor.add_argument(
        "--edits", type=_natural, default=5, metavar="N", help="at most N edits (default 5)"
    )
    doctor.add_argument(
        "--move",
        type=_natural,
        default=2,
        metavar="K",
        help="a city moves at most K lattice steps (default 2; 0: none)",
    )
    doctor.add_argument(
        "--dearer",
        type=_natural,
        default=4,
        metavar="N",
        help="try the N most used segments as doubles each step (default 4)",
    )
    doctor.add_argument(
        "--recolor",
        action="store_true",
        help="also swap two cities' colors (colors are regions: off by default)",
    )
    doctor.add_argument("--no-crossings", action="store_true", help="no ferries or tunnels added")
    doctor.add_argument("--freeze", metavar="CITY,CITY", help="cities left as they are")
    doctor.add_argument(
        "--weights",
        metavar="NAME=W,...",
        help="the objective's weights (workbench.analysis.doctor.Objective; "
        "RouteObjective on a route board)",
    )
    doctor.add_argument(
        "--beam",
        type=_positive,
        default=1,
        metavar="B",
        help="boards kept per step (default 1: greedy)",
    )
    doctor.add_argument(
        "--seed", type=_natural, default=0, metavar="S", help="breaks ties (default 0)"
    )
    doctor.add_argument(
        "--objective",
        choices=("cost", "play"),
        default="cost",
        help="judge edits by the exact cost analysis (default) or by simulated games "
        "(slower: minutes; --weights then names workbench.sim.doctor.PlayObjective's)",
    )
    doctor.add_argument(
        "--bots",
        metavar="NAMES",
        help="with --objective play: the line-up (default greedy; "
        "Ticket to Ride: its playing styles)",
    )
    doctor.add_argument(
        "--games-budget",
        type=_positive,
        default=12_000,
        metavar="N",
        help="with --objective play: games the search may play (default 12,000)",
    )
    doctor.add_argument(
        "--fresh-games",
        type=_positive,
        default=4_000,
        metavar="N",
        help="with --objective play: fresh games the plan is checked on (default 4,000)",
    )
    doctor.add_argument(
        "--workers",
        type=_natural,
        default=1,
        metavar="W",
        help="with --objective play: processes (default 1; 0: every core)",
    )
    doctor.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    doctor.set_defaults(run=_doctor)

    sim = sub.add_parser(
        "simulate",
        help="play many games of any game with bots; print the results, or write them as CSV",
    )
    sim.more_help = _games_help  # type: ignore[attr-defined]  # every game's presets and bots
    sim.add_argument(
        "--map",
        metavar="FILE",
        help="the map file, or a game's data file (default: the game's shipped one; "
        "Trans Europa's when no --game is named)",
    )
    sim.add_argument(
        "--game",
        metavar="NAME",
        help="the game to play (see `workbench games`; default: the one the map's kind calls for)",
    )
    sim.add_argument(
        "--players",
        type=_positive,
        metavar="N",
        help="players, in the game's range (below; default: one per bot named by --bots, "
        "else the game's usual table)",
    )
    sim.add_argument(
        "--games",
        type=_positive,
        default=100,
        metavar="N",
        help=f"games to play, 1 to {MAX_GAMES:,} (default 100)",
    )
    sim.add_argument(
        "--seed", type=_natural, default=0, metavar="S", help="the seed of every deal (default 0)"
    )
    sim.add_argument(
        "--workers",
        type=_natural,
        default=1,
        metavar="W",
        help="processes, at most the machine's cores (default 1; 0: every core)",
    )
    sim.add_argument(
        "--rules",
        default="rulebook",
        metavar="PRESET|FILE",
        help="a preset of the game (below) or a rules file (default: the game's first "
        "preset; Trans Europa's is rulebook)",
    )
    sim.add_argument(
        "--bots",
        metavar="NAMES",
        help="one bot for every seat, or one per seat, from the game's bots (below; for "
        "example greedy,greedy,random,random; default greedy)",
    )
    sim.add_argument(
        "--max-rounds",
        type=_positive,
        default=30,
        metavar="R",
        help="cut a game off after R rounds (default 30)",
    )
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot on its seat")
    sim.add_argument("--games-out", metavar="FILE", help="also write one row per game")
    sim.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar (and no summary with --out)"
    )
    sim.add_argument(
        "--out",
        metavar="FILE.csv",
        help="also write the rows as CSV: one per player per round (Trans Europa) or per "
        "seat per game (the other games); without it the summary is printed",
    )
    sim.set_defaults(run=_simulate)

    pt = sub.add_parser(
        "playtest",
        help="play a board at several player counts and write a playtest report (HTML)",
        description="Play a board (or card set) with bots at several player counts and write "
        "one offline HTML page: win shares by seat, bot and player count with 95 %% "
        "intervals, the first player's edge, game length and scores, the game's own "
        "questions (tickets, cities, routes; cards and objectives) and the failure states "
        "seen, each with a saved game that replays to it.",
    )
    pt.add_argument(
        "map",
        nargs="?",
        metavar="MAP",
        help="the board or card set (default: the game's shipped one)",
    )
    pt.add_argument("--game", metavar="NAME", help="the game (default: the file's kind says)")
    pt.add_argument(
        "--players",
        metavar="N..M",
        help="player counts: 4, 2,4 or 2..4 (default: 2 to the game's usual count)",
    )
    pt.add_argument(
        "--bots",
        metavar="NAMES",
        help="the line-up, cycled over the seats and turned one seat per game (default greedy)",
    )
    pt.add_argument(
        "--rules",
        default="rulebook",
        metavar="PRESET|FILE",
        help="a preset or a rules file (default: rulebook)",
    )
    pt.add_argument(
        "--games",
        type=_positive,
        default=1000,
        metavar="N",
        help="games at each player count (default 1000)",
    )
    pt.add_argument("--seed", type=_natural, default=0, metavar="S", help="the seed (default 0)")
    pt.add_argument(
        "--workers",
        type=_natural,
        default=1,
        metavar="W",
        help="processes (default 1; 0: every core)",
    )
    pt.add_argument(
        "--max-rounds",
        type=_positive,
        default=30,
        metavar="R",
        help="cut a game off after R rounds (default 30)",
    )
    pt.add_argument("-q", "--quiet", action="store_true", help="no progress bar, no summary")
    pt.add_argument("-o", "--out", required=True, metavar="FILE.html", help="the page to write")
    pt.set_defaults(run=_playtest)

    games = sub.add_parser("games", help="list the games with their presets and bots")
    games.set_defaults(run=_games)

    schema = sub.add_parser("schema", help="print (or write) the map files' JSON Schema")
    schema.add_argument("-o", "--output", metavar="FILE", help="write it here (default: print)")
    schema.add_argument("--routes", action="store_true", help="the route boards' schema")
    schema.set_defaults(run=_schema)

    lab = sub.add_parser("lab", help="open JupyterLab on the workbench's notebooks")
    lab.add_argument(
        "--dir", help="work in this folder (the notebooks are copied there; default: notebooks/)"
    )
    lab.add_argument("--map", help="the board the notebooks open (default: Trans Europa)")
    lab.epilog = "Other options (--port 8890, --no-browser, ...) are passed to jupyter lab."
    lab.set_defaults(run=_lab)
    for command in sub.choices.values():
        command.epilog = f"{command.epilog}\n\n{_EXIT_CODES}" if command.epilog else _EXIT_CODES
        command.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _encodable_output() -> None:
    """Let text the terminal cannot encode print as escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(ValueError, OSError):  # a stream that cannot change any more
                reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``workbench`` command with ``argv`` and return its exit code.

    Exit codes: 0 done, 1 bad input (see the module's documentation), 130 interrupted.

    Examples
    --------
    >>> main(["check", "--quiet", "maps/tiny.yaml"])
    0
    """
    _encodable_output()
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    try:
        return int(args.run(args))
    except WorkbenchError as e:
        _say(f"workbench {args.command}: {e}", err=True)
        return EXIT_BAD_INPUT
    except OSError as e:  # an output that went away while the work was done
        _say(f"workbench {args.command}: {e.filename or ''}: {e.strerror or e}", err=True)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _say(f"\nworkbench {args.command}: interrupted; no file was written or changed", err=True)
        return EXIT_INTERRUPTED
    except SystemError as e:  # Ctrl-C that landed inside compiled code, chained by CPython
        if not isinstance(e.__cause__ or e.__context__, KeyboardInterrupt):
            raise
        _say(f"\nworkbench {args.command}: interrupted; no file was written or changed", err=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``workbench analyze ... | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
