"""Change events: how a session tells the widgets drawing it what changed.

A session keeps a list of listeners; every call that changes it ends by sending one
:class:`Change` naming the parts that changed (``"board"``, ``"path"``, ``"analysis"``, ...),
so a view redraws those parts and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Change", "Listener", "Listeners"]


@dataclass(frozen=True)
class Change:
    """What changed in a session: the names of the parts, and what they were before.

    Parameters
    ----------
    what : frozenset of str
        The parts that changed (each session documents its names).
    before : object, optional
        The value before the change when it helps a view redraw less (the board before an
        edit, the state before an action); ``None`` otherwise.

    Examples
    --------
    >>> change = Change(frozenset({"board", "history"}))
    >>> "board" in change, "path" in change
    (True, False)
    """

    what: frozenset[str]
    before: Any = field(default=None, compare=False)

    def __contains__(self, part: object) -> bool:
        return part in self.what


Listener = Callable[[Change], None]
"""A function called with each :class:`Change` of a session."""


class Listeners:
    """The listeners of a session, called in the order they subscribed.

    Examples
    --------
    >>> seen = []
    >>> listeners = Listeners()
    >>> stop = listeners.add(lambda change: seen.append(sorted(change.what)))
    >>> listeners.send({"board"})
    >>> stop(); listeners.send({"path"})
    >>> seen
    [['board']]
    """

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def add(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every change from now on; returns a function that stops it."""
        self._listeners.append(listener)

        def remove() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return remove

    def send(self, what: Iterable[str], before: Any = None) -> None:
        """Tell every listener that the parts ``what`` changed (nothing when ``what`` is empty)."""
        parts = frozenset(what)
        if not parts:
            return
        change = Change(parts, before)
        for listener in list(self._listeners):
            listener(change)
