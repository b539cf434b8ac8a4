"""Values computed from a board alone, kept as long as the board lives.

A board is immutable, so anything computed from it (its graph, a cost model, an engine's
tables) can be kept and shared: a simulation makes thousands of games of one board. The
values are looked up by the board's identity, never by its hash (hashing a whole board on
every question would cost more than most answers), and they go when the board goes: each
board's table holds a weak reference whose callback drops the table.

:func:`board_cache` gives a board's table (a plain dict, keyed by whatever the caller
chooses); :func:`per_board` caches a function of a board and hashable arguments in it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

if TYPE_CHECKING:
    from workbench.maps.board import Board

__all__ = ["board_cache", "per_board"]

P = ParamSpec("P")
T = TypeVar("T")

_TABLES: dict[int, tuple[weakref.ref[Any], dict[Hashable, Any]]] = {}


def _drop(board_id: int) -> Callable[[weakref.ref[Any]], None]:
    tables = _TABLES  # held here: at shutdown the module's globals may be gone first

    def drop(ref: weakref.ref[Any]) -> None:
        found = tables.get(board_id)
        if found is not None and found[0] is ref:
            del tables[board_id]

    return drop


def board_cache(board: Board) -> dict[Hashable, Any]:
    """The table of values kept for ``board`` (made empty on first use).

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> board_cache(board) is board_cache(board), board_cache(board) is board_cache(
    ...     load_map("maps/tiny.yaml"))
    (True, False)
    """
    key = id(board)
    found = _TABLES.get(key)
    if found is not None and found[0]() is board:
        return found[1]
    table: dict[Hashable, Any] = {}
    _TABLES[key] = (weakref.ref(board, _drop(key)), table)
    return table


def per_board(func: Callable[Concatenate[Board, P], T]) -> Callable[Concatenate[Board, P], T]:
    """Cache ``func(board, *args, **kwargs)`` in the board's table; the arguments after the
    board must be hashable.

    Examples
    --------
    >>> from workbench import load_map
    >>> @per_board
    ... def cities(board, color):
    ...     return tuple(c.name for c in board.cities if c.color == color)
    >>> board = load_map("maps/tiny.yaml")
    >>> cities(board, "brown") is cities(board, "brown")
    True
    """
    name = f"{func.__module__}.{func.__qualname__}"

    @wraps(func)
    def cached(board: Board, *args: P.args, **kwargs: P.kwargs) -> T:
        table = board_cache(board)
        key = (name, args, tuple(sorted(kwargs.items()))) if kwargs else (name, args)
        try:
            return table[key]
        except KeyError:
            value = table[key] = func(board, *args, **kwargs)
            return value

    return cached
