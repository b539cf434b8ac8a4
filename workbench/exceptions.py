"""The one exception hierarchy of rail-workbench.

Every error the package raises on purpose derives from :class:`WorkbenchError` and also
from the builtin that matches it, so ``except ValueError`` keeps working for callers who do
not know our names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["IllegalActionError", "MapError", "Problem", "WorkbenchError"]


class WorkbenchError(Exception):
    """Base class of every error raised by rail-workbench on purpose."""


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a map: where it is, what is wrong, and how to fix it.

    ``line`` and ``column`` count from 1, as editors do; 0 means "the whole file".

    Examples
    --------
    >>> p = Problem("maps/x.yaml", 3, 5, "unknown color 'red'", "use one of: brown, white")
    >>> str(p)
    "maps/x.yaml:3:5: unknown color 'red' (use one of: brown, white)"
    """

    path: str
    line: int
    column: int
    message: str
    hint: str = ""
    severity: str = "error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}"
        warn = "warning: " if self.severity == "warning" else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}: {warn}{self.message}{hint}"


class MapError(WorkbenchError, ValueError):
    """A map file or an edit of a board is invalid.

    ``problems`` lists every problem found, not just the first one. The message is one
    problem per line, each as ``path:line:col: what is wrong (how to fix it)``; a problem of
    a board edited in memory (path ``"<board>"``, no file to point into) is said without the
    location.

    Examples
    --------
    >>> err = MapError([Problem("a.yaml", 1, 1, "the file is empty", "write a map")])
    >>> print(err)
    a.yaml:1:1: the file is empty (write a map)
    >>> isinstance(err, ValueError)
    True
    >>> print(MapError("cities 'A' and 'B' are both on [8, 0]"))
    cities 'A' and 'B' are both on [8, 0]
    """

    def __init__(self, problems: Iterable[Problem] | str) -> None:
        if isinstance(problems, str):
            problems = [Problem("<board>", 0, 0, problems)]
        self.problems: Sequence[Problem] = tuple(problems)
        super().__init__("\n".join(_said(p) for p in self.problems))


def _said(problem: Problem) -> str:
    """A problem in an error message: without ``<board>:0:0:`` when no file is involved."""
    text = str(problem)
    if problem.path == "<board>" and problem.line == 0:
        return text.split(": ", 1)[1]
    return text


class InfeasibleError(WorkbenchError, ValueError):
    """No solution exists, for example terminals that no tree can join.

    Examples
    --------
    >>> raise InfeasibleError("no tree joins the terminals: 1, 5 lie in 2 components")
    Traceback (most recent call last):
    ...
    workbench.exceptions.InfeasibleError: no tree joins the terminals: 1, 5 lie in 2 components
    """


class RulesError(WorkbenchError, ValueError):
    """A set of rules, or a rules file, is invalid.

    Built like :class:`MapError`: ``problems`` lists every problem found, each printed as
    ``path:line:col: what is wrong (how to fix it)``. A plain message (from ``Rules(...)``
    or ``rules.replace(...)``, where there is no file) is kept as it is.

    Examples
    --------
    >>> err = RulesError("Rules.target is 0: it must be a whole number, at least 1")
    >>> print(err)
    Rules.target is 0: it must be a whole number, at least 1
    >>> err = RulesError([Problem("house.yaml", 2, 9, "target is 0", "use 1 or more")])
    >>> print(err)
    house.yaml:2:9: target is 0 (use 1 or more)
    >>> isinstance(err, ValueError)
    True
    """

    def __init__(self, problems: Iterable[Problem] | str) -> None:
        if isinstance(problems, str):
            self.problems: Sequence[Problem] = (Problem("<rules>", 0, 0, problems),)
            super().__init__(problems)
        else:
            self.problems = tuple(problems)
            super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(WorkbenchError, ValueError):
    """An action that the rules do not allow in this state of a game.

    The message quotes the action, says why it is illegal (not connected, occupied, over
    the turn's budget, not your turn...) and where: round, turn and player.

    Examples
    --------
    >>> err = IllegalActionError("round 1, turn 3, player 2: R 4,2-5,2 is not connected")
    >>> isinstance(err, ValueError)
    True
    """
