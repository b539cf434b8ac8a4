"""Running many games: :func:`simulate` one variant, :func:`sweep` several, anywhere.

Games are cut into chunks of consecutive games (one task each, not one per game) and the
chunks run in this process (``workers=1``), in a pool of local processes
(``workers=N``), or on an executor you give: any :class:`concurrent.futures.Executor`, or a
``dask.distributed.Client`` (anything with ``submit`` and ``gather``; Dask is imported only
then). Every game draws its randomness from its own index (:func:`~workbench.games.tables.
game_seeds`), and the chunks' rows are put back in game order, so the tables are the same,
byte for byte, whatever runs them and however they are chunked.

A sweep plays game ``i`` of every variant from the same seeds (common random numbers): the
same deals and the same bot generators wherever the variants allow it (same board and
player count), so a difference between variants is the rules' and not the luck of the
draw, and fewer games tell them apart.
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pandas as pd

from workbench.games.registry import GAMES
from workbench.games.tables import Columns, lineup
from workbench.maps.board import Board
from workbench.sim.result import SimResult
from workbench.sim.variants import BotSpec, Variant, _rules, as_variants

__all__ = ["simulate", "sweep"]


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of one variant: the unit of work sent to a worker."""

    variant: Variant
    seed: int
    start: int
    stop: int
    rotate: bool
    max_rounds: int


Tables = dict[str, Columns]
"""A game's simulator tables by name (``games``, ``seats``, and the game's own)."""


class Stopped(Exception):
    """A chunk stopped between two games because its process was asked to stop."""


_stop_asked: Callable[[], bool] | None = None


def stop_between_games(asked: Callable[[], bool] | None) -> None:
    """Make :func:`run_chunk`, in this process, check ``asked()`` before every game and
    raise :class:`Stopped` when it is true (``None``: never stop).

    The workers of :func:`local_pool` call it at start with their shared event's
    ``is_set``.

    Examples
    --------
    >>> v = Variant("tiny", "maps/tiny.yaml", None, ["random"] * 2)
    >>> stop_between_games(lambda: True)
    >>> try:
    ...     run_chunk(Chunk(v, seed=1, start=0, stop=2, rotate=True, max_rounds=30))
    ... except Stopped as e:
    ...     print(e)
    stopped before game 0
    >>> stop_between_games(None)
    """
    global _stop_asked
    _stop_asked = asked


def _start_worker(stop: Any) -> None:
    # Ctrl-C is the main process's to handle: an interrupt landing in a worker while it
    # writes a result could leave the pool's pipe half written
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stop_between_games(stop.is_set)


@contextmanager
def local_pool(workers: int) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A pool of ``workers`` local processes that stops promptly and cleanly when the
    ``with`` block ends in an exception (Ctrl-C above all).

    The workers ignore Ctrl-C. On an exception, the pending chunks are cancelled, the
    running ones stop before their next game (:func:`stop_between_games`), and the pool
    is shut down before the exception goes on: nothing is left running or half written.
    (Terminating busy workers instead can leave a thread blocked writing to the full task
    pipe, and the process hanging at exit.)

    Examples
    --------
    >>> v = Variant("tiny", "maps/tiny.yaml", None, ["random"] * 2)
    >>> with local_pool(2) as pool:
    ...     out = pool.submit(run_chunk, Chunk(v, 1, 0, 2, True, 30)).result()
    >>> out["games"]["game"]
    [0, 1]
    """
    stop = multiprocessing.get_context().Event()
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_start_worker, initargs=(stop,)
    )
    try:
        yield pool
    except BaseException:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    else:
        pool.shutdown()


def run_chunk(chunk: Chunk, on_game: Callable[[], Any] | None = None) -> Tables:
    """Play the games of ``chunk``; return their rows, table by table.

    This is the function workers run; it needs only ``workbench`` importable.

    Examples
    --------
    >>> v = Variant("tiny", "maps/tiny.yaml", None, ["random"] * 2)
    >>> out = run_chunk(Chunk(v, seed=1, start=3, stop=5, rotate=True, max_rounds=30))
    >>> out["games"]["game"], out["games"]["bots"], sorted(out)
    ([3, 4], ['random,random', 'random,random'], ['games', 'rounds', 'seats', 'starts'])
    """
    v = chunk.variant
    info = GAMES[v.game]
    tables = info.empty_tables()
    for game in range(chunk.start, chunk.stop):
        if _stop_asked is not None and _stop_asked():
            raise Stopped(f"stopped before game {game}")
        order = lineup(v.bots, game, chunk.rotate)
        info.play_rows(
            v.board,
            v.rules,
            [v.factories[k] for k in order],
            [v.labels[k] for k in order],
            chunk.seed,
            game,
            variant=v.name,
            max_rounds=chunk.max_rounds,
            tables=tables,
        )
        if on_game is not None:
            on_game()
    return tables


def run_games(
    variant: Variant, seed: int, start: int, stop: int, rotate: bool, max_rounds: int
) -> Tables:
    """:func:`run_chunk` with the chunk's fields as arguments (for a variant scattered to
    Dask workers once and passed as a future).

    Examples
    --------
    >>> v = Variant("tiny", "maps/tiny.yaml", "countdown", ["random"] * 2)
    >>> run_games(v, 1, 0, 1, True, 30)["games"]["game"]
    [0]
    """
    return run_chunk(Chunk(variant, seed, start, stop, rotate, max_rounds))


_HELD_ROWS = 20_000
"""The most rows (all tables together) held in lists before they are made into frames."""


def _frame(columns: Columns, dtypes: Mapping[str, str]) -> pd.DataFrame:
    data = {}
    for name, dtype in dtypes.items():
        values = columns[name]
        if dtype == "object" and values and isinstance(values[0], str):
            dtype = "str"
        data[name] = pd.Series(values, dtype=dtype, name=name)
    return pd.DataFrame(data)


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


class _Callback:
    def __init__(self, call: Callable[[int], Any]) -> None:
        self.call = call

    def update(self, n: int = 1) -> None:
        self.call(n)

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool | Callable[[int], Any]) -> Any:
    if callable(progress):
        return _Callback(progress)
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm  # a notebook widget in Jupyter, text on stderr elsewhere

    return tqdm(total=total, unit="game", file=sys.stderr, desc="simulating", smoothing=0.1)


def _is_dask(executor: Any) -> bool:
    return callable(getattr(executor, "submit", None)) and callable(
        getattr(executor, "gather", None)
    )


def _cores(workers: int, executor: Any) -> int:
    if executor is None:
        return workers
    if _is_dask(executor):
        try:
            return max(1, sum(executor.nthreads().values()))
        except Exception:  # an object that only looks like a Client
            return workers
    return int(getattr(executor, "_max_workers", 0) or workers)


def _futures(
    submit: Callable[[Chunk], Any],
    done_order: Callable[[list[Any]], Iterable[Any]],
    cancel: Callable[[list[Any]], None],
    chunks: list[Chunk],
    on_chunk: Callable[[int, Tables], None],
) -> None:
    futures = [submit(c) for c in chunks]
    index = {f: i for i, f in enumerate(futures)}
    try:
        for future in done_order(futures):
            on_chunk(index[future], future.result())
    except BaseException:
        cancel(futures)
        raise


def _execute(
    chunks: list[Chunk],
    workers: int,
    executor: Any,
    bar: Any,
    on_chunk: Callable[[int, Tables], None],
) -> None:
    if executor is None and workers == 1:
        for i, chunk in enumerate(chunks):
            on_chunk(i, run_chunk(chunk, on_game=bar.update))
        return

    def counted(i: int, out: Tables) -> None:
        bar.update(chunks[i].stop - chunks[i].start)
        on_chunk(i, out)

    if executor is None:
        with local_pool(workers) as pool:
            _futures(
                lambda c: pool.submit(run_chunk, c),
                concurrent.futures.as_completed,
                lambda fs: None,  # local_pool cancels and stops them
                chunks,
                counted,
            )
        return
    if _is_dask(executor):
        from distributed import as_completed

        # each variant (its board above all) goes to every worker once, not with every chunk
        scattered: dict[int, Any] = {}
        for c in chunks:
            if id(c.variant) not in scattered:
                scattered[id(c.variant)] = executor.scatter(c.variant, broadcast=True, hash=False)

        def submit(c: Chunk) -> Any:
            return executor.submit(
                run_games, scattered[id(c.variant)], c.seed, c.start, c.stop, c.rotate,
                c.max_rounds, pure=False,
            )  # fmt: skip

        _futures(
            submit,
            as_completed,
            executor.cancel,
            chunks,
            counted,
        )
        return
    if not callable(getattr(executor, "submit", None)):
        raise ValueError(
            f"executor is {executor!r}: use a concurrent.futures.Executor or a "
            "dask.distributed.Client"
        )

    def cancel(futures: list[Any]) -> None:
        for f in futures:
            f.cancel()

    _futures(
        lambda c: executor.submit(run_chunk, c),
        concurrent.futures.as_completed,
        cancel,
        chunks,
        counted,
    )


def _whole(value: Any, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} is {value!r}: use a whole number, at least {least}")
    return value


def sweep(
    variants: Iterable[Variant] | Mapping[str, Variant],
    games: int = 100,
    seed: int = 0,
    *,
    workers: int | None = 1,
    executor: Any = None,
    progress: bool | Callable[[int], Any] = False,
    rotate: bool = True,
    max_rounds: int = 30,
    chunk_size: int | None = None,
) -> SimResult:
    """Play ``games`` games of every variant, from the same seeds, and tabulate them.

    Parameters
    ----------
    variants : list of Variant, or mapping of name to Variant
        What to play (see :meth:`Variant.product` for every combination of a few boards,
        rules and line-ups).
    games : int
        Games per variant.
    seed : int
        The run's seed: game ``i`` of every variant uses
        ``numpy.random.SeedSequence(seed).spawn(games)[i]`` (common random numbers).
    workers : int or None
        Local processes to use when no ``executor`` is given; 1 plays in this process,
        ``None`` uses every core.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Where to run the chunks instead (``workers`` is then ignored). For a Dask cluster,
        ``Client("tcp://scheduler:8786")``; its workers need ``pip install rail-workbench``.
    progress : bool or callable
        Show a progress bar (tqdm: a widget in Jupyter, text on stderr elsewhere). A
        callable is called instead with the number of games just finished, for a log or a
        bar of your own.
    rotate : bool
        Turn each variant's line-up by one seat per game (game ``i`` seats bot
        ``(s + i) % players`` at seat ``s``), so each bot plays each seat equally often
        and a bot's win rate carries no seat advantage; with a line-up of one kind of bot
        it changes nothing. Without it, seat ``s`` always gets bot ``s``.
    max_rounds : int
        Cut a game off after this many rounds (weak bots may never reach the target); a
        cut-off game is ``truncated``, has no winner and is left out of win rates.
    chunk_size : int, optional
        Games per task; by default about four tasks per core, at most 50 games each. The
        tables do not depend on it.

    Returns
    -------
    SimResult
        ``rounds`` (one row per player per round), ``games`` (one row per game), and the
        comparison in :meth:`SimResult.summary`.

    Examples
    --------
    >>> tiny = "maps/tiny.yaml"
    >>> result = sweep([Variant("race", tiny, "rulebook", ["random"] * 2),
    ...                 Variant("countdown", tiny, "countdown", ["random"] * 2)], games=4, seed=1)
    >>> result.games.groupby("variant", sort=False).size().to_dict()
    {'race': 4, 'countdown': 4}
    >>> (result.games.seed[:4].to_list() == result.games.seed[4:].to_list())  # common seeds
    True
    """
    chosen = as_variants(variants)
    games = _whole(games, "games", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed is {seed!r}: use a whole number, 0 or more")
    max_rounds = _whole(max_rounds, "max_rounds", 1)
    workers = (os.cpu_count() or 1) if workers is None else _whole(workers, "workers", 1)
    cores = _cores(workers, executor)
    if chunk_size is None:
        size = max(1, min(50, math.ceil(games / (4 * cores))))
    else:
        size = _whole(chunk_size, "chunk_size", 1)
    chunks = [
        Chunk(v, seed, start, min(start + size, games), rotate, max_rounds)
        for v in chosen
        for start in range(0, games, size)
    ]
    # frames by the first chunk they hold; the rows of chunks that arrive one after the
    # other (always, in this process) are held and made into frames together, so a run
    # of short games does not pay pandas' set-up per chunk
    frames: dict[int, dict[str, pd.DataFrame]] = {}
    held: list[Any] = []  # [first chunk, next chunk, rows by table, row count] or empty
    covered = 0

    def flush() -> None:
        if held:
            first, _, out, _ = held
            dtypes = GAMES[chunks[first].variant.game].tables
            frames[first] = {name: _frame(columns, dtypes[name]) for name, columns in out.items()}
            held.clear()

    def on_chunk(i: int, out: Tables) -> None:
        nonlocal covered
        covered += 1
        rows = sum(len(next(iter(columns.values()), ())) for columns in out.values())
        if (
            held
            and held[1] == i
            and held[3] + rows <= _HELD_ROWS
            and chunks[i].variant.game == chunks[held[0]].variant.game
            and held[2].keys() == out.keys()
        ):
            for name, columns in out.items():
                mine = held[2][name]
                for column, values in columns.items():
                    mine[column].extend(values)
            held[1], held[3] = i + 1, held[3] + rows
            return
        flush()
        held.extend([i, i + 1, out, rows])

    started = time.perf_counter()
    bar = _bar(games * len(chosen), progress)
    try:
        _execute(chunks, workers, executor, bar, on_chunk)
    finally:
        bar.close()
    flush()
    done = [frames[i] for i in sorted(frames)]
    assert covered == len(chunks)
    names = list(dict.fromkeys(name for f in done for name in f))
    tables = {
        name: pd.concat([f[name] for f in done if name in f], ignore_index=True) for name in names
    }
    return SimResult(
        games=tables.pop("games"),
        seats=tables.pop("seats"),
        tables=tables,
        variants=chosen,
        seed=seed,
        rotate=rotate,
        max_rounds=max_rounds,
        seconds=time.perf_counter() - started,
    )


def simulate(
    board: Board | str | os.PathLike[str],
    rules: Any,
    bots: Sequence[BotSpec],
    games: int = 100,
    seed: int = 0,
    *,
    workers: int | None = 1,
    executor: Any = None,
    progress: bool | Callable[[int], Any] = False,
    rotate: bool = True,
    max_rounds: int = 30,
    chunk_size: int | None = None,
    name: str | None = None,
    game: str = "trans_europa",
) -> SimResult:
    """Play ``games`` games of ``board`` by ``rules`` with one bot per seat, and tabulate them.

    A sweep of one variant (see :func:`sweep` for every parameter and the tables).

    Parameters
    ----------
    board : Board or path
    rules : Rules, preset name, or None (the rulebook)
    bots : sequence of bot names (the game's :attr:`GameInfo.bots`) or bot factories
        One per seat: the number of players.
    name : str, optional
        The ``variant`` column's value (the rules' name by default).
    game : str
        The registered game (:data:`workbench.games.GAMES`); ``board`` is its data file.

    Examples
    --------
    >>> result = simulate("maps/tiny.yaml", "rulebook", ["random", "random"], games=4, seed=7)
    >>> bool(result.rounds.groupby("game").seat.count().eq(2 * result.games.rounds).all())
    True
    >>> result.rounds.equals(simulate("maps/tiny.yaml", "rulebook", ["random"] * 2,
    ...                               games=4, seed=7).rounds)
    True
    """
    chosen = _rules(rules, game)
    variant = Variant(chosen.name if name is None else name, board, chosen, bots, game)
    return sweep(
        [variant],
        games,
        seed,
        workers=workers,
        executor=executor,
        progress=progress,
        rotate=rotate,
        max_rounds=max_rounds,
        chunk_size=chunk_size,
    )
