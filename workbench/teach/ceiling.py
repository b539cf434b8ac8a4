"""An exercise on a board's ceiling: the most one player can score alone with a few cars.

A corner of a route board (a handful of neighbouring cities and the routes between them),
a budget of cars and two or three tickets between those cities: what is the best score?
The truth comes from enumerating every set of routes within the budget
(:func:`workbench.analysis.ceiling.ceiling` with ``method="brute"``), so the exercise is
small enough to do by hand. An answer is a number, or a plan: route ids joined by commas,
which the checker scores (its cars, its route points, the tickets it completes) before
saying how far it is from the best.

Examples
--------
>>> ex = CeilingExercise.generate(seed=3)
>>> ex.check(ex.best.score).correct
True
>>> ex.check(ex.best.score + 1).correct
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from workbench.analysis.ceiling import Ceiling, ceiling
from workbench.maps.routes import RouteBoard, Ticket
from workbench.teach.exercises import Feedback

__all__ = ["CeilingExercise"]


def _corner(board: RouteBoard, rng: random.Random, size: int) -> RouteBoard:
    """``size`` cities grown from a random city through its nearest neighbours, with the
    routes between them and no tickets."""
    G: nx.Graph[str] = nx.Graph()
    for r in board.routes:
        G.add_edge(*r.ends, weight=r.length)
    start = rng.choice(sorted(G))
    near = nx.single_source_dijkstra_path_length(G, start, weight="weight")
    chosen = set(sorted(near, key=lambda c: (near[c], c))[:size])
    return RouteBoard(
        name=f"{board.name}, around {start}",
        cities=tuple(c for c in board.cities if c.name in chosen),
        routes=tuple(r for r in board.routes if set(r.ends) <= chosen),
        colors=board.colors,
        deck=board.deck,
        projection=board.projection,
        land=board.land,
    )


@dataclass(frozen=True)
class CeilingExercise:
    """Score as much as possible on ``board`` with ``cars`` cars and its tickets.

    ``best`` is the proven ceiling; :meth:`check` reads a number or a plan.
    """

    board: RouteBoard = field(repr=False)
    cars: int
    best: Ceiling = field(repr=False)

    @classmethod
    def generate(
        cls, board: RouteBoard | None = None, *, seed: int = 0, cities: int = 6
    ) -> CeilingExercise:
        """A seeded exercise on a corner of ``board`` (the original board by default).

        Examples
        --------
        >>> ex = CeilingExercise.generate(seed=1)
        >>> len(ex.board.cities), len(ex.board.tickets) in (2, 3)
        (6, True)
        """
        if board is None:
            from workbench.maps.routes_io import load_routes
            from workbench.resources import find_map

            board = load_routes(find_map("ticket_to_ride_usa.yaml"))
        rng = random.Random(seed)
        corner = _corner(board, rng, cities)
        G: nx.Graph[str] = nx.Graph()
        for r in corner.routes:
            G.add_edge(*r.ends, weight=r.length)
        names = sorted(G)
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        rng.shuffle(pairs)
        tickets = []
        for a, b in pairs[: rng.choice((2, 3))]:
            cars = int(nx.shortest_path_length(G, a, b, weight="weight"))
            tickets.append(Ticket((a, b), cars + rng.choice((0, 1, 2))))
        puzzle = RouteBoard(
            name=corner.name,
            cities=corner.cities,
            routes=corner.routes,
            tickets=tuple(tickets),
            colors=corner.colors,
            deck=corner.deck,
            projection=corner.projection,
            land=corner.land,
        )
        budget = rng.randint(5, 9)
        return cls(puzzle, budget, ceiling(puzzle, budget, method="brute"))

    @property
    def question(self) -> str:
        """The question in words."""
        tickets = ", ".join(
            f"{t.id} ({t.points} point{'s' if t.points != 1 else ''})" for t in self.board.tickets
        )
        table = ", ".join(f"{n} car{'s' if n > 1 else ''}: {p}" for n, p in
                          sorted(self.board.route_points.items()))  # fmt: skip
        return (
            f"On {self.board.name}, with {self.cars} cars and these tickets: {tickets}, "
            f"what is the most you can score alone? Routes score {table}; a ticket scores "
            "when your routes join its cities. Answer a number, or your plan as route ids "
            "separated by commas."
        )

    def _plan(self, answer: str) -> tuple[int, int, list[str]] | str:
        ids = [a.strip() for a in answer.split(",") if a.strip()]
        known = {r.id: r for r in self.board.routes}
        wrong = [i for i in ids if i not in known]
        if wrong:
            return f"there is no route {wrong[0]!r} here; the routes are {', '.join(known)}"
        routes = [known[i] for i in ids]
        if len({r.ends for r in routes}) < len(routes):
            return "one player never takes both lanes of a double route"
        G: nx.Graph[str] = nx.Graph()
        G.add_edges_from(r.ends for r in routes)
        done = [
            t.id for t in self.board.tickets if set(t.ends) <= set(G) and nx.has_path(G, *t.ends)
        ]
        points = sum(self.board.claim_points(r) for r in routes) + sum(
            t.points for t in self.board.tickets if t.id in done
        )
        return points, sum(r.length for r in routes), done

    def check(self, answer: Any) -> Feedback:
        """Right or not, and why.

        Examples
        --------
        >>> ex = CeilingExercise.generate(seed=3)
        >>> ex.check(", ".join(ex.best.routes)).correct
        True
        >>> print(ex.check(0).message)
        0 points is less than you can reach: ...
        """
        best = self.best.score
        if isinstance(answer, str) and not answer.strip().lstrip("-").isdigit():
            plan = self._plan(answer)
            if isinstance(plan, str):
                return Feedback(False, plan[0].upper() + plan[1:] + ".")
            points, cars, done = plan
            if cars > self.cars:
                return Feedback(False, f"Your plan needs {cars} cars; you have {self.cars}.")
            said = f"Your plan uses {cars} cars and scores {points}" + (
                f" (tickets {', '.join(done)})" if done else " (no ticket completed)"
            )
            if points == best:
                return Feedback(True, said + ": the best there is, as the search proves.")
            return Feedback(False, said + f"; the best is {best}. " + self._hint())
        try:
            value = int(str(answer).strip())
        except ValueError:
            return Feedback(False, f"{answer!r} is neither a number nor a plan of route ids.")
        if value == best:
            return Feedback(True, f"Yes: {best} points. {self._plan_text()}")
        if value > best:
            return Feedback(
                False,
                f"{value} points cannot be reached: every set of routes within "
                f"{self.cars} cars was tried, and none scores more than {best}.",
            )
        return Feedback(False, f"{value} points is less than you can reach: {self._hint()}")

    def _hint(self) -> str:
        if self.best.tickets:
            return (
                f"the best plan completes {len(self.best.tickets)} ticket(s); which routes "
                "serve more than one of them?"
            )
        return "no ticket fits in the budget here: which routes score most per car?"

    def _plan_text(self) -> str:
        b = self.best
        return (
            f"For example {', '.join(b.routes) or 'no route'} ({b.cars_used} cars): "
            f"routes {b.route_points}, tickets {b.ticket_points}."
        )

    def solution(self) -> str:
        """The answer, explained."""
        return f"The ceiling is {self.best.score} points. {self._plan_text()}"
