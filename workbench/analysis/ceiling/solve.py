"""The answer: :class:`Ceiling`, and :func:`ceiling` / :func:`ceilings`, which pick a model."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from workbench.analysis.ceiling.brute import _brute
from workbench.analysis.ceiling.forest import _forest_check, _milp
from workbench.analysis.ceiling.problem import (
    FOREST_CHECK_LIMIT,
    CeilingError,
    _check_cars,
    _completed,
    _demo,  # noqa: F401 - the examples' board
    _Problem,
    _problem,
)
from workbench.analysis.ceiling.tree import _tree_flow_value, _tree_value, _TreeModel
from workbench.maps.routes import RouteBoard, Ticket

__all__ = ["METHODS", "Ceiling", "ceiling", "ceilings"]

Method = Literal["auto", "tree", "tree_flow", "flow", "cut", "brute", "brute_tree"]
METHODS: tuple[str, ...] = ("auto", "tree", "tree_flow", "flow", "cut", "brute", "brute_tree")
"""The exact methods, by name: ``"auto"`` (the default: the one-network MILP, then on a board
of at most :data:`FOREST_CHECK_LIMIT` city pairs the check against every plan), the
one-network MILP alone (``"tree"``: directed cuts; ``"tree_flow"``: a flow per ticket city),
a flow MILP and a cut MILP for any forest, and enumeration of either model."""


@dataclass(frozen=True)
class Ceiling:
    """The best score one player can reach alone with ``cars`` cars, and a plan reaching it.

    ``routes`` are the route ids claimed (one lane per pair), ``tickets`` the tickets the
    routes complete and score; ``score`` is ``route_points + ticket_points + bonus``.
    ``proven`` says the solver proved it optimal among the plans of ``model``:
    ``"any forest"`` (every plan) or ``"one network"`` (the plans whose scored tickets lie in
    one connected network, plus routes claimed for their points); ``bound`` is the best
    bound it proved in that model (equal to ``score`` when proven). Display it in a notebook
    to see the plan on the board.
    """

    board: RouteBoard = field(repr=False, compare=False)
    cars: int
    score: int
    route_points: int
    ticket_points: int
    bonus: int
    routes: tuple[str, ...]
    tickets: tuple[str, ...]
    cars_used: int
    proven: bool
    bound: float
    method: str
    model: str
    seconds: float = field(compare=False)

    def summary(self) -> str:
        """One paragraph in words.

        Examples
        --------
        >>> print(ceiling(_demo(), 3).summary())
        Demo, 3 cars: 8 points proven optimal (routes 3, tickets 5); 3 cars on 2 routes: ...
        """
        how = "proven optimal" if self.proven else f"best found (bound {self.bound:g})"
        extra = f", longest path {self.bonus}" if self.bonus else ""
        return (
            f"{self.board.name}, {self.cars} cars: {self.score} points {how} (routes "
            f"{self.route_points}, tickets {self.ticket_points}{extra}); {self.cars_used} cars "
            f"on {len(self.routes)} routes: {', '.join(self.routes) or 'none'}; tickets: "
            f"{', '.join(self.tickets) or 'none'} ({self.model}, {self.seconds:.2f} s)"
        )

    def _repr_html_(self) -> str:
        from workbench.ui.ceiling import ceiling_html  # noqa: TID251 - lazy drawing

        return ceiling_html(self)


def ceiling(
    board: RouteBoard,
    cars: int | None = None,
    *,
    tickets: Iterable[Ticket | str] | None = None,
    claimed: Iterable[str] = (),
    players: int = 2,
    double_min_players: int = 4,
    longest_bonus: int = 0,
    method: Method = "auto",
    time_limit: float = 120.0,
) -> Ceiling:
    """The exact ceiling of ``board`` for one player with ``cars`` cars (the deck's by default).

    Parameters
    ----------
    board : RouteBoard
        The board (its printed route points: ``board.route_points``).
    cars : int, optional
        The budget of cars; ``board.deck.cars`` (45) when left out.
    tickets : iterable of Ticket or str, optional
        Only these tickets may score (the ones a player was dealt, as ids ``"A-B"``); every
        ticket of the board by default.
    claimed : iterable of str
        Route ids already claimed by others: gone. At a table of fewer than
        ``double_min_players`` the other lane of such a double is closed too.
    players, double_min_players : int
        The table's size and the size from which both lanes of a double are open (4).
    longest_bonus : int
        The longest-path bonus to add. Alone, the player holds the longest path as soon as
        it claims a route, so the bonus is added to every plan with one (10 in the rules).
    method : {"auto", "tree", "tree_flow", "flow", "cut", "brute", "brute_tree"}
        How to solve it (see the package's notes); each is exact in its model, and
        ``Ceiling.model`` says which model the answer is proven in. ``"auto"`` answers in
        the one-network model and, on a board of at most :data:`FOREST_CHECK_LIMIT` city
        pairs, checks that answer against every plan (and takes a better one if any).
    time_limit : float
        Seconds the MILP may take; past them the best plan found is returned with
        ``proven=False`` and the bound proved so far.

    Returns
    -------
    Ceiling

    Raises
    ------
    CeilingError
        For a negative budget, an unknown ticket, route or method, or a board too big to
        enumerate.

    Examples
    --------
    >>> best = ceiling(_demo(), 3)
    >>> best.score, best.routes, best.tickets, best.model
    (8, ('B-C', 'C-D'), ('B-D',), 'any forest')
    >>> [ceiling(_demo(), 3, method=m).score for m in ("flow", "cut", "brute")]
    [8, 8, 8]
    >>> ceiling(_demo(), 4, tickets=["D-B"]).tickets
    ('B-D',)
    >>> ceiling(_demo(), 3, claimed=["B-C"]).routes
    ('A-D',)
    """
    budget = _check_cars(board.deck.cars if cars is None else cars)
    if method not in METHODS:
        raise CeilingError(f"no method {method!r}: use one of {', '.join(METHODS)}")
    problem = _problem(board, tickets, claimed, players, double_min_players)
    return _answer(board, problem, budget, method, time_limit, longest_bonus, None)


def _answer(
    board: RouteBoard,
    problem: _Problem,
    budget: int,
    method: str,
    time_limit: float,
    longest_bonus: int,
    tree: _TreeModel | None,
) -> Ceiling:
    """Solve ``problem`` at ``budget`` by ``method`` (reusing the one-network ``tree``)."""
    start = time.perf_counter()
    model = "one network" if method in ("auto", "tree", "tree_flow", "brute_tree") else "any forest"
    if method in ("brute", "brute_tree"):
        chosen, bound, proven = _brute(problem, budget, one=method == "brute_tree")
    elif method in ("tree", "auto"):
        chosen, bound, proven = _tree_value(problem, budget, time_limit, tree)
        if method == "auto" and proven and len(problem.pairs) <= FOREST_CHECK_LIMIT:
            left = time_limit - (time.perf_counter() - start)
            found = _real(problem, chosen)
            chosen, best, forest = _forest_check(problem, budget, found, chosen, left)
            if forest:  # no plan beats it: optimal over every plan
                model, bound = "any forest", float(best)
            elif best > found:  # a better plan (two networks), not proven: no bound known
                model, proven, bound = "any forest", False, float("inf")
            # else the check ran out: the answer stays proven in the one-network model
    elif method == "tree_flow":
        chosen, bound, proven = _tree_flow_value(problem, budget, time_limit)
    else:
        chosen, bound, proven = _milp(problem, budget, method, time_limit)
    seconds = time.perf_counter() - start
    pairs = [problem.pairs[i] for i in chosen]
    done = _completed(problem, pairs)
    route_points = sum(p.points for p in pairs)
    ticket_points = sum(t.points for t in done)
    bonus = longest_bonus if pairs else 0
    score = route_points + ticket_points + bonus
    return Ceiling(
        board=board,
        cars=budget,
        score=score,
        route_points=route_points,
        ticket_points=ticket_points,
        bonus=bonus,
        routes=tuple(sorted(p.route for p in pairs)),
        tickets=tuple(sorted(t.id for t in done)),
        cars_used=sum(p.length for p in pairs),
        proven=proven and score >= bound - 1e-6,
        bound=float(score) if proven else max(float(bound) + (bonus if pairs else 0), score),
        method=method,
        model=model,
        seconds=seconds,
    )


def _real(problem: _Problem, chosen: list[int]) -> int:
    """The score of the plan of pairs ``chosen``: its routes and every ticket it joins."""
    pairs = [problem.pairs[i] for i in chosen]
    return sum(p.points for p in pairs) + sum(t.points for t in _completed(problem, pairs))


def ceilings(
    board: RouteBoard,
    cars: Iterable[int] = range(40, 51),
    *,
    tickets: Iterable[Ticket | str] | None = None,
    claimed: Iterable[str] = (),
    players: int = 2,
    double_min_players: int = 4,
    longest_bonus: int = 0,
    method: Method = "auto",
    time_limit: float = 120.0,
) -> list[Ceiling]:
    """:func:`ceiling` for every budget in ``cars`` (40 to 50 by default), with the same
    options. The one-network MILP is built once and solved again for each budget, keeping
    the cuts found so far; in increasing order each optimum is also a floor for the next.

    Examples
    --------
    >>> [c.score for c in ceilings(_demo(), range(0, 5))]
    [0, 1, 2, 8, 13]
    >>> [c.score for c in ceilings(_demo(), [4, 3], method="tree")]
    [13, 8]
    """
    if method not in METHODS:
        raise CeilingError(f"no method {method!r}: use one of {', '.join(METHODS)}")
    budgets = [_check_cars(n) for n in cars]
    problem = _problem(board, tickets, claimed, players, double_min_players)
    tree = _TreeModel(problem, budgets[0]) if budgets and method in ("tree", "auto") else None
    return [_answer(board, problem, n, method, time_limit, longest_bonus, tree) for n in budgets]
