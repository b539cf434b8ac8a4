"""Four playing styles for Ticket to Ride, after the four agents of de Mesentier Silva,
Lee, Togelius and Nealen (FDG 2017), defined here from their names and the game.

Each style is the greedy planner of :mod:`.bots` (with stations and the careful tunnel
retry, as ``planner_stations`` plays) with one or two of its decision rules replaced, so
that the styles differ in what they value and nothing else:

* :class:`RouteFocusBot` (``route_focus``) works on **one ticket at a time**: its plan is
  the cheapest path of its focus ticket alone (the open ticket of most points it can still
  join), and only when that ticket is joined does it plan the next. It keeps only tickets
  worth more points than the cars they add.
* :class:`DestinationHungryBot` (``destination_hungry``) **collects tickets**: it keeps
  every offered ticket its cars can still join (points, not detours, decide), and draws
  tickets again as soon as its plan is done while more than 8 cars are left.
* :class:`OneStepBot` (``one_step``) **takes what scores now**: of the routes of its plan
  it can pay, it claims the one that adds most at once (the route's points, the tickets
  it completes on the spot, the cars it takes off the plan), where greedy claims the
  longest.
* :class:`LongRouteBot` (``long_route``) **exploits long routes**: it claims any route of
  5 cars or more it can pay, on its plan or not, draws the colors of the longest routes
  still free once its plan needs nothing, plans along long routes (a route's points count
  fully against its cars), keeps few tickets and never draws more.

Every style reads only its observation and the board, draws only from its own generator
(to break ties), and so plays the same game from the same seed.

References
----------
F. de Mesentier Silva, S. Lee, J. Togelius, A. Nealen, "AI-based Playtesting of
Contemporary Board Games", Proceedings of the 12th International Conference on the
Foundations of Digital Games (FDG 2017). https://doi.org/10.1145/3102071.3102105

>>> from workbench.games import GAMES, play
>>> info = GAMES["ticket_to_ride"]
>>> lineup = [info.bots[n] for n in STYLES]
>>> end = play(info.new_game(players=4, seed=1), lineup, seed=1)
>>> end.is_terminal()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.games.ticket_to_ride.bots import INF, Factory, GreedyBot, PlannerBot, _Plan
from workbench.games.ticket_to_ride.game import Observation, TicketToRide

__all__ = [
    "STYLES",
    "DestinationHungryBot",
    "LongRouteBot",
    "OneStepBot",
    "RouteFocusBot",
]

_STYLE_DEFAULTS: dict[str, Any] = {"stations": True, "retry_tunnels": False}


class RouteFocusBot(GreedyBot):
    """One ticket at a time, the most valuable first (see the module's text).

    Parameters
    ----------
    game, seat, rng
        As for :class:`~.bots.GreedyBot`.
    detour_weight : float
        A ticket is kept when its points beat this many times the cars it adds (1: only
        tickets worth more than their cars).
    **kw
        :class:`~.bots.GreedyBot`'s other parameters.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> end = play(info.new_game(players=2, seed=1), [RouteFocusBot, RouteFocusBot], seed=1)
    >>> end.is_terminal()
    True
    """

    name = "route_focus"

    def __init__(
        self,
        game: TicketToRide,
        seat: int,
        rng: np.random.Generator,
        *,
        detour_weight: float = 1.0,
        **kw: Any,
    ) -> None:
        super().__init__(game, seat, rng, detour_weight=detour_weight, **{**_STYLE_DEFAULTS, **kw})
        self._focus: str | None = None
        self._focusing = False

    def focus(self, obs: Observation) -> str | None:
        """The ticket it works on: the one it worked on while that is open and can still be
        joined, else the open ticket of most points that can (fewest cars, then its id,
        among equals); ``None`` when no open ticket can be joined."""
        was, self._focusing = self._focusing, False
        try:
            open_ = super()._open_tickets(obs)
        finally:
            self._focusing = was
        cost = self._network_costs(obs)
        joinable = []
        for x in open_:
            cars, _ = self._forest(cost, [x])
            if cars < INF:
                joinable.append((x, cars))
        if self._focus is not None and any(x == self._focus for x, _ in joinable):
            return self._focus
        if not joinable:
            self._focus = None
            return None
        tickets = self.t.tickets
        self._focus = min(joinable, key=lambda xc: (-tickets[xc[0]].points, xc[1], xc[0]))[0]
        return self._focus

    def _open_tickets(self, obs: Observation) -> list[str]:
        open_ = super()._open_tickets(obs)
        if not self._focusing or len(open_) <= 1:
            return open_
        x = self.focus(obs)
        return [] if x is None else [x]

    def plan(self, obs: Observation) -> _Plan:
        """The path of the focus ticket (see :meth:`focus`); a new one once it is joined."""
        old = self._plan
        if (
            old is not None
            and old.key[0] == obs.tickets
            and all(obs.owners[i] == self.seat for i in old.routes)
        ):
            self._plan = None  # this ticket is done (or had no route left): plan the next
        self._focusing = True
        try:
            return super().plan(obs)
        finally:
            self._focusing = False


class DestinationHungryBot(GreedyBot):
    """Keeps every ticket it can still join and draws more early (see the module's text).

    Parameters
    ----------
    game, seat, rng
        As for :class:`~.bots.GreedyBot`.
    ticket_reserve : int
        Draws tickets again when its plan is done with more cars than this left.
    detour_weight : float
        0: a ticket's points alone decide which are kept, among the choices that fit the
        cars.
    **kw
        :class:`~.bots.GreedyBot`'s other parameters.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> bots = [DestinationHungryBot, info.bots["greedy"]]
    >>> play(info.new_game(players=2, seed=1), bots, seed=1).is_terminal()
    True
    """

    name = "destination_hungry"

    def __init__(
        self,
        game: TicketToRide,
        seat: int,
        rng: np.random.Generator,
        *,
        ticket_reserve: int = 8,
        detour_weight: float = 0.0,
        **kw: Any,
    ) -> None:
        super().__init__(
            game,
            seat,
            rng,
            ticket_reserve=ticket_reserve,
            detour_weight=detour_weight,
            **{**_STYLE_DEFAULTS, **kw},
        )


class OneStepBot(GreedyBot):
    """Claims the planned route that adds most at once (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> play(info.new_game(players=2, seed=2), [OneStepBot] * 2, seed=1).is_terminal()
    True
    """

    name = "one_step"

    def __init__(self, game: TicketToRide, seat: int, rng: np.random.Generator, **kw: Any) -> None:
        super().__init__(game, seat, rng, **{**_STYLE_DEFAULTS, **kw})

    def gain_now(self, obs: Observation, route: int, base: int) -> int:
        """What claiming ``route`` adds at once: its points, the ticket points it wins on
        the spot (``base`` is the ticket points before) and its cars, which the plan no
        longer needs."""
        t = self.t
        return t.points[route] + self._ticket_value(obs, (route,), ()) - base + t.length[route]

    def _route_order(self, obs: Observation, plan: _Plan, routes: list[int]) -> list[int]:
        if len(routes) <= 1:
            return routes
        base = self._ticket_value(obs, (), ())
        return sorted(routes, key=lambda i: (-self.gain_now(obs, i, base), i))


class LongRouteBot(PlannerBot):
    """Claims long routes wherever they are (see the module's text).

    Parameters
    ----------
    game, seat, rng
        As for :class:`~.bots.PlannerBot`.
    long : int
        The shortest route it claims off its plan.
    long_bonus : float
        A route's cost in the plan is its cars less this many times its points above one a
        car (1: a 6-car route costs 6 - 9, at least 0.1).
    detour_weight : float
        As for :class:`~.bots.GreedyBot` (1.5: only tickets well worth their cars).
    **kw
        :class:`~.bots.PlannerBot`'s other parameters.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> play(info.new_game(players=3, seed=2), [LongRouteBot] * 3, seed=1).is_terminal()
    True
    """

    name = "long_route"

    def __init__(
        self,
        game: TicketToRide,
        seat: int,
        rng: np.random.Generator,
        *,
        long: int = 5,
        long_bonus: float = 1.0,
        detour_weight: float = 1.5,
        **kw: Any,
    ) -> None:
        kw = {**_STYLE_DEFAULTS, "ticket_reserve": 10_000, **kw}
        super().__init__(game, seat, rng, long_bonus=long_bonus, detour_weight=detour_weight, **kw)
        self.long = long
        self._seen: Observation | None = None

    def long_routes(self, obs: Observation) -> list[int]:
        """The free routes of at least ``long`` cars this seat may still claim, longest
        first (then in board order)."""
        t = self.t
        out = [
            i
            for i, o in enumerate(obs.owners)
            if o < 0 and t.length[i] >= self.long and self._free_for_me(obs, i)
        ]
        return sorted(out, key=lambda i: (-t.length[i], i))

    def act(self, obs: Observation) -> Any:
        self._seen = obs
        return super().act(obs)

    def _turn(self, obs: Observation) -> Any:
        t = self.t
        if obs.phase == "turn":
            claims = self._claims_of(obs, self.long_routes(obs))
            if claims:
                i = min(claims, key=lambda i: (-t.length[i], i))
                return self._payment(obs, claims[i], self.plan(obs))
        return super()._turn(obs)

    def _demand(self, plan: _Plan) -> list[float]:
        """The plan's cards; once the plan needs none, the colors of the two longest free
        routes it may claim (a gray one wants the color the hand holds most of)."""
        want = super()._demand(plan)
        obs = self._seen
        if plan.routes or obs is None:
            return want
        t = self.t
        for i in self.long_routes(obs)[:2]:
            c = t.color[i]
            if c < 0:
                c = max(range(t.loco), key=lambda k: (obs.hand[k], -k))
            want[c] += t.length[i]
        return want


STYLES: dict[str, Factory] = {
    "route_focus": Factory(RouteFocusBot, "route_focus"),
    "destination_hungry": Factory(DestinationHungryBot, "destination_hungry"),
    "one_step": Factory(OneStepBot, "one_step"),
    "long_route": Factory(LongRouteBot, "long_route"),
}
"""The playing styles by name, as protocol factories ``(game, seat, rng) -> bot``."""
