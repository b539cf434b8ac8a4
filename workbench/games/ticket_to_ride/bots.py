"""Bots for Ticket to Ride: random, a greedy ticket planner, and a stronger planner.

* :class:`RandomBot` plays a uniformly random legal action.
* :class:`GreedyBot` plans the cheapest network joining its tickets and plays it: it keeps
  the tickets its network can finish cheaply, claims the routes of its plan (longest
  first), draws the colors its plan needs, and draws tickets again once its plan is done
  and enough cars are left. With ``planner="exact"`` the plan is the exact Steiner forest of
  :func:`workbench.analysis.tickets.steiner_forest` (on the board as it stands: the bot's
  routes free, the routes it can no longer take gone); the default, ``"paths"``, joins the
  tickets one after the other by shortest paths over what is planned already (the
  shortest-path heuristic of Takahashi and Matsuyama), about a thousand times faster and
  within a few cars of the exact forest on Europe's hands.
* :class:`PlannerBot`, the stronger one, plays like greedy on a plan that weighs each
  route by what it is worth: long routes cheaper for the points they score per car,
  tunnels and ferries dearer for the turns they may cost.

All of them read only their observation and the board.

References
----------
H. Takahashi and A. Matsuyama, "An approximate solution for the Steiner problem in
graphs", Math. Japonica 24 (1980) 573-577.
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

import numpy as np

from workbench.games.ticket_to_ride.actions import (
    LOCO,
    BuildStation,
    Claim,
    DrawBlind,
    DrawTickets,
    Keep,
    PayTunnel,
    TakeCard,
    Withdraw,
)
from workbench.games.ticket_to_ride.game import Observation, TicketToRide
from workbench.games.ticket_to_ride.scoring import best_ticket_points, connected

__all__ = ["BOTS", "Factory", "GreedyBot", "PlannerBot", "RandomBot"]

INF = float("inf")


class RandomBot:
    """A uniformly random legal action.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> end = play(info.new_game(players=2, seed=1), [RandomBot] * 2, seed=1)
    >>> end.is_terminal()
    True
    """

    name = "random"

    def __init__(self, game: TicketToRide, seat: int, rng: np.random.Generator) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, observation: Observation) -> Any:
        legal = observation.legal_actions
        return legal[int(self.rng.integers(len(legal)))]


class _Plan:
    """The routes a bot means to claim (indices), the rival routes it means to borrow with
    stations (``lends``) and the plan's cost in cars."""

    __slots__ = ("cost", "key", "lends", "routes")

    def __init__(
        self, routes: list[int], cost: float, key: Any, lends: list[int] | None = None
    ) -> None:
        self.routes = routes
        self.cost = cost
        self.key = key
        self.lends = [] if lends is None else lends


class GreedyBot:
    """The greedy ticket planner (see the module's text).

    Parameters
    ----------
    game : TicketToRide
    seat : int
    rng : numpy.random.Generator
        Used to break ties only.
    planner : {"paths", "exact"}
        How the network joining the tickets is found.
    ticket_reserve : int
        Draw more tickets only with more cars than this left.
    detour_weight : float
        Cars a ticket's points must beat per car of network it adds, to be kept.
    stations : bool
        Whether it builds stations (see :meth:`station_move`); ``False`` keeps the bot as
        it was before stations were taught, move for move.
    station_weight : float
        With ``stations``, a rival route a station could borrow weighs this many times the
        station's price in the plan: the points an unused station keeps plus the cards it
        costs.
    retry_tunnels : bool
        ``False``: a tunnel it withdrew from is claimed again only with cards for every
        extra card the reveal may ask. ``True`` (the old bots) claims it again whenever the
        route itself can be paid, which late in a game, with a few cards going round the
        deck and the discard pile, can repeat the same withdrawal for ever (the simulator
        cuts such games off).

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> end = play(info.new_game(players=3, seed=2), [GreedyBot] * 3, seed=1)
    >>> end.is_terminal(), max(end.scores()) > 40
    (True, True)
    """

    name = "greedy"

    def __init__(
        self,
        game: TicketToRide,
        seat: int,
        rng: np.random.Generator,
        *,
        planner: str = "paths",
        ticket_reserve: int = 15,
        detour_weight: float = 0.5,
        stations: bool = False,
        station_weight: float = 1.0,
        retry_tunnels: bool = True,
    ) -> None:
        if planner not in ("paths", "exact"):
            raise ValueError(f"planner is {planner!r}: use 'paths' or 'exact'")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.planner = planner
        self.ticket_reserve = ticket_reserve
        self.detour_weight = detour_weight
        self.stations = stations
        self.station_weight = station_weight
        self.retry_tunnels = retry_tunnels
        self._lent: dict[str, int] = {}
        self._withdrawn: set[int] = set()
        t = game.tables
        self.t = t
        self.num = {c: k for k, c in enumerate(t.cities)}
        self.adj_num: list[list[tuple[int, int]]] = [[] for _ in t.cities]
        self.ends_num = [(self.num[a], self.num[b]) for a, b in t.ends]
        for i, (a, b) in enumerate(self.ends_num):
            self.adj_num[a].append((i, b))
            self.adj_num[b].append((i, a))
        self._plan: _Plan | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    # ------------------------------------------------------------------ the network

    def _usable(self, obs: Observation) -> list[float]:
        """Each route's cost to this seat: 0 if its own, its length if it may claim it,
        infinity if not (a rival's, a lane it may no longer take, too long)."""
        t = self.t
        me = self.seat
        few = self.game.players < self.game.rules.double_min_players
        owners = obs.owners
        cars = obs.cars[me]
        cost: list[float] = []
        for i, o in enumerate(owners):
            if o == me:
                cost.append(0.0)
            elif o >= 0 or t.length[i] > cars:
                cost.append(INF)
            else:
                blocked = False
                for j in t.siblings[i]:
                    oj = owners[j]
                    if oj == me or (few and oj >= 0):
                        blocked = True
                cost.append(INF if blocked else float(t.length[i]))
        return cost

    def _path(self, cost: Sequence[float], a: str, b: str) -> tuple[float, list[int]]:
        """The cheapest path from ``a`` to ``b`` (Dijkstra): its cost and route indices."""
        num = self.num
        src, dst = num[a], num[b]
        dist = [INF] * len(num)
        back = [-1] * len(num)
        dist[src] = 0.0
        heap = [(0.0, src)]
        adj = self.adj_num
        ends = self.ends_num
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if u == dst:
                break
            if d > dist[u]:
                continue
            for i, v in adj[u]:
                nd = d + cost[i]
                if nd < dist[v]:
                    dist[v] = nd
                    back[v] = i
                    push(heap, (nd, v))
        if dist[dst] == INF:
            return INF, []
        path = []
        v = dst
        while v != src:
            i = back[v]
            path.append(i)
            x, y = ends[i]
            v = x if y == v else y
        return dist[dst], path

    def _forest(self, cost: Sequence[float], tickets: Iterable[str]) -> tuple[float, list[int]]:
        """The network joining ``tickets``: its cost in cars and the routes to claim
        (the ones not owned yet); infinite cost when a ticket cannot be joined."""
        t = self.t
        if self.planner == "exact":
            return self._exact(cost, [t.tickets[x].ends for x in tickets])
        work = list(cost)
        total = 0.0
        routes: list[int] = []
        # the most valuable tickets first
        order = sorted(tickets, key=lambda x: (-t.tickets[x].points, x))
        for x in order:
            a, b = t.tickets[x].ends
            d, path = self._path(work, a, b)
            if d == INF:
                return INF, routes
            total += d
            for i in path:
                if work[i] > 0:
                    routes.append(i)
                    work[i] = 0.0
                    for j in t.siblings[i]:
                        work[j] = 0.0
        return total, routes

    def _exact(self, cost: Sequence[float], ends: list[tuple[str, str]]) -> tuple[float, list[int]]:
        from workbench.analysis.tickets import steiner_forest
        from workbench.exceptions import InfeasibleError
        from workbench.maps.routes import Route

        board = self.game.board
        keep = []
        for r, c in zip(board.routes, cost, strict=True):
            if c == INF:
                continue
            keep.append(Route(r.ends, 0 if c == 0 else r.length, r.color, r.kind, r.locomotives))
        # a planning board, not a map: owned routes weigh 0, lost ones are gone (so it is
        # made without the map checks, which would refuse both)
        here = dataclasses.replace(board, routes=tuple(keep))
        try:
            forest = steiner_forest(here, list(ends))
        except InfeasibleError:
            return INF, []
        routes = []
        for rid in forest.routes:
            a, b = here.route(rid).ends
            lanes = [i for i in range(len(cost)) if self.t.ends[i] == (a, b) and cost[i] != INF]
            if lanes and all(cost[i] > 0 for i in lanes):
                routes.append(min(lanes, key=lambda i: cost[i]))
        return float(forest.cost), routes

    def _open_tickets(self, obs: Observation) -> list[str]:
        t = self.t
        me = self.seat
        mine = [t.ends[i] for i, o in enumerate(obs.owners) if o == me]
        if self.stations:
            mine.extend(t.ends[i] for i in self._borrowed(obs))
        ends = [t.tickets[x].ends for x in obs.tickets]
        done = connected(mine, ends)
        return [x for x, ok in zip(obs.tickets, done, strict=True) if not ok]

    def plan(self, obs: Observation) -> _Plan:
        """The routes this seat means to claim, recomputed only when they may change: a
        route of the plan taken by a rival, a ticket kept, or the plan finished."""
        old = self._plan
        owners = obs.owners
        me = self.seat
        key = (obs.tickets, obs.cars[me], obs.stations)
        if old is not None and old.key[0] == obs.tickets:
            left = [i for i in old.routes if owners[i] != me]
            if all(owners[i] < 0 and self._free_for_me(obs, i) for i in left) and (
                not old.lends or old.key[2] == obs.stations
            ):
                old.routes = left
                return old
        cost = self._network_costs(obs)
        total, routes = self._forest(cost, self._open_tickets(obs))
        if total == INF:
            # drop the tickets that cannot be joined any more, plan the rest
            open_ = [x for x in self._open_tickets(obs) if self._forest(cost, [x])[0] != INF]
            total, routes = self._forest(cost, open_)
        lends = [i for i in routes if owners[i] >= 0]
        if lends and not self._lends_pay(obs, lends):  # plan again without new stations
            cost = self._network_costs(obs, new_stations=False)
            total, routes = self._forest(cost, self._open_tickets(obs))
            if total == INF:
                open_ = [x for x in self._open_tickets(obs) if self._forest(cost, [x])[0] != INF]
                total, routes = self._forest(cost, open_)
            lends = []
        self._plan = _Plan([i for i in routes if owners[i] < 0], total, key, lends)
        return self._plan

    # ------------------------------------------------------------------ stations

    def _network_costs(self, obs: Observation, new_stations: bool = True) -> list[float]:
        """The costs the plan is made on: :meth:`_usable`, and with ``stations`` the rival
        routes its own stations lend at 0 and (with ``new_stations``) those a new station
        could lend at the station's price, while it has stations left."""
        cost = self._usable(obs)
        if not self.stations:
            return cost
        t = self.t
        me = self.seat
        for i in self._borrowed(obs):
            cost[i] = 0.0
        left = obs.stations_left[me]
        if left <= 0 or not new_stations:
            return cost
        rules = self.game.rules
        price = self.station_weight * (
            rules.station_points + rules.station_costs[rules.stations - left]
        )
        taken = {c for c, _ in obs.stations}
        for i, o in enumerate(obs.owners):
            if o >= 0 and o != me and cost[i] == INF:
                a, b = t.ends[i]
                if a not in taken or b not in taken:
                    cost[i] = price
        return cost

    def _lends_pay(self, obs: Observation, lends: Sequence[int]) -> bool:
        """Whether stations borrowing ``lends`` are worth building: there are enough of
        them, and when some open tickets can be joined only through rival routes, those
        tickets' swing (their points won instead of lost) beats the stations' price."""
        me = self.seat
        left = obs.stations_left[me]
        if len(lends) > left:
            return False
        cost = self._network_costs(obs, new_stations=False)
        t = self.t
        rules = self.game.rules
        swing = 0
        for x in self._open_tickets(obs):
            if self._forest(cost, [x])[0] == INF:
                ticket = t.tickets[x]
                swing += 2 * (ticket.points + (rules.long_ticket_bonus if ticket.long else 0))
        if swing == 0:
            return True  # the stations only shorten the way: the plan weighed that
        used = rules.stations - left
        price = sum(rules.station_points + rules.station_costs[used + k] for k in range(len(lends)))
        return swing > price

    def _borrowed(self, obs: Observation) -> list[int]:
        """The rival routes this seat's stations lend it: the one each was built for, or
        for a station it does not remember building, every rival route at its city."""
        t = self.t
        me = self.seat
        out = []
        for city, owner in obs.stations:
            if owner != me:
                continue
            meant = self._lent.get(city)
            for i in t.city_routes[city]:
                o = obs.owners[i]
                if o >= 0 and o != me and (meant is None or meant == i):
                    out.append(i)
        return out

    def _station_payments(self, obs: Observation, city: str) -> list[BuildStation]:
        """The ways to pay a station in ``city`` now (``[]`` when none)."""
        me = self.seat
        left = obs.stations_left[me]
        if left <= 0 or obs.phase != "turn" or obs.to_play != me:
            return []
        if any(c == city for c, _ in obs.stations):
            return []
        rules = self.game.rules
        need = rules.station_costs[rules.stations - left]
        hand = obs.hand
        t = self.t
        if max(hand[: t.loco]) + hand[t.loco] < need:
            return []
        return [BuildStation(city, p) for p in obs._payments(hand, need, -1, 0)]

    def _cheapest_station(self, obs: Observation, plan: _Plan, pays: list[BuildStation]) -> Any:
        want = self._demand(plan)
        t = self.t

        def key(a: BuildStation) -> tuple[float, ...]:
            p = a.payment
            c = t.card[p.color] if p.color is not None else t.loco
            return (p.locos, want[c] - obs.hand[c], c)

        return min(pays, key=key)

    def _ticket_value(
        self, obs: Observation, extra_own: Sequence[int], stations: Sequence[str]
    ) -> int:
        """The seat's ticket points with routes ``extra_own`` added to its own and stations
        in ``stations`` besides its own (an exact search of what they borrow)."""
        t = self.t
        me = self.seat
        rules = self.game.rules
        own = [t.ends[i] for i, o in enumerate(obs.owners) if o == me]
        own.extend(t.ends[i] for i in extra_own)
        cities = [c for c, o in obs.stations if o == me] + list(stations)
        choices = [
            [t.ends[i] for i in t.city_routes[c] if obs.owners[i] >= 0 and obs.owners[i] != me]
            for c in cities
        ]
        tickets = []
        for x in obs.tickets:
            ticket = t.tickets[x]
            bonus = rules.long_ticket_bonus if ticket.long else 0
            tickets.append((ticket.ends[0], ticket.ends[1], ticket.points + bonus))
        return best_ticket_points(own, choices, tickets)[0]

    def station_move(self, obs: Observation, plan: _Plan) -> BuildStation | None:
        """A station worth building now, or ``None`` (only with ``stations``).

        Two cases pay for the station (the points an unused one keeps and its cards):

        * the plan borrows a rival route (a ticket's way is cut, or the way through the
          rival's route is cheaper by more than the station's price): the station goes up
          at one of that route's cities as soon as the cards allow;
        * on the seat's last turn (the game's last round), a station whose best borrowed
          route completes tickets worth more than the points it keeps, and more than
          claiming any route would add (its points and the tickets it completes), found
          by the scoring's exact search of what the stations borrow.
        """
        if not self.stations or obs.phase != "turn" or obs.stations_left[self.seat] <= 0:
            return None
        t = self.t
        taken = {c for c, _ in obs.stations}
        if obs.last_turns is not None:  # the seat's last turn: what it adds now is all
            return self._last_station(obs, plan, taken)
        for i in plan.lends:
            for city in t.ends[i]:
                if city in taken:
                    continue
                pays = self._station_payments(obs, city)
                if pays:
                    self._lent[city] = i
                    return self._cheapest_station(obs, plan, pays)
        return None

    def _last_station(self, obs: Observation, plan: _Plan, taken: set[str]) -> Any:
        t = self.t
        me = self.seat
        base = self._ticket_value(obs, (), ())
        # what the best claim adds: its points and the tickets it completes
        claim_gain = 0
        for i in self._claims_of(obs, range(len(t.route_ids))):
            gain = t.points[i] + self._ticket_value(obs, (i,), ()) - base
            claim_gain = max(claim_gain, gain)
        keep = self.game.rules.station_points
        best, best_gain = None, max(claim_gain, 0)
        for city in t.cities:
            if city in taken:
                continue
            if not any(obs.owners[i] >= 0 and obs.owners[i] != me for i in t.city_routes[city]):
                continue
            gain = self._ticket_value(obs, (), (city,)) - base - keep
            if gain > best_gain:
                pays = self._station_payments(obs, city)
                if pays:
                    best, best_gain = self._cheapest_station(obs, plan, pays), gain
        return best

    def _free_for_me(self, obs: Observation, i: int) -> bool:
        t = self.t
        if t.length[i] > obs.cars[self.seat]:
            return False
        few = self.game.players < self.game.rules.double_min_players
        for j in t.siblings[i]:
            o = obs.owners[j]
            if o == self.seat or (few and o >= 0):
                return False
        return True

    # ------------------------------------------------------------------ choices

    def act(self, obs: Observation) -> Any:
        phase = obs.phase
        if phase == "keep":
            return self._keep(obs)
        if phase == "tunnel":
            pays = [a for a in obs.legal_actions if isinstance(a, PayTunnel)]
            if pays:
                return min(pays, key=lambda a: a.payment.locos)
            if not self.retry_tunnels and obs.tunnel is not None:
                self._withdrawn.add(self.t.index[obs.tunnel[0]])
            return Withdraw()
        if phase == "draw2":
            return self._draw(obs, self.plan(obs))
        return self._turn(obs)

    def _keep(self, obs: Observation) -> Any:
        t = self.t
        me = self.seat
        offered = list(obs.offered)
        least = self.game.rules.start_keep if obs.setup else self.game.rules.keep_tickets
        least = max(min(least, len(offered)), 1)
        cost = self._network_costs(obs)
        held = self._open_tickets(obs)
        base, _ = self._forest(cost, held)
        if base == INF:
            base = 0.0
        cars = obs.cars[me] - 2
        best, best_value = None, -INF
        fallback, fallback_cost = None, INF
        for size in range(len(offered), least - 1, -1):
            for pick in combinations(offered, size):
                total, routes = self._forest(cost, [*held, *pick])
                points = sum(t.tickets[x].points for x in pick)
                if size == least and total < fallback_cost:
                    fallback, fallback_cost = pick, total
                if total == INF or sum(t.length[i] for i in routes if obs.owners[i] < 0) > cars:
                    continue
                value = points - self.detour_weight * (total - base)
                if value > best_value:
                    best, best_value = pick, value
        chosen = best if best is not None else fallback
        pick = chosen if chosen is not None else tuple(offered[:least])
        self._plan = None
        return Keep(tuple(sorted(pick)))

    def _demand(self, plan: _Plan) -> list[float]:
        """How much the plan wants each card: the cars of its routes of each color, and
        its gray routes' cars spread as wanting any color (by the hand's best color)."""
        t = self.t
        want = [0.0] * len(t.full)
        for i in plan.routes:
            c = t.color[i]
            if c >= 0:
                want[c] += t.length[i]
            if t.ferry[i]:
                want[t.loco] += t.ferry[i]
        return want

    def _gray_color(self, obs: Observation, plan: _Plan) -> int:
        """The color this seat collects for its gray routes: the one it holds most of among
        those its colored routes do not need."""
        want = self._demand(plan)
        hand = obs.hand
        colors = range(self.t.loco)
        return max(colors, key=lambda c: (hand[c] - 2 * want[c], -c))

    def _draw(self, obs: Observation, plan: _Plan) -> Any:
        t = self.t
        legal = obs.draws()
        want = self._demand(plan)
        gray = any(t.color[i] < 0 for i in plan.routes)
        if gray:
            want[self._gray_color(obs, plan)] += 1
        hand = obs.hand
        best, best_need = None, 0.0
        for a in legal:
            if isinstance(a, TakeCard) and a.color != LOCO:
                c = t.card[a.color]
                need = want[c] - hand[c]
                if need > best_need:
                    best, best_need = a, need
        if best is not None:
            return best
        if DrawBlind() in legal:
            return DrawBlind()
        takes = [a for a in legal if isinstance(a, TakeCard)]
        if takes:
            return takes[0]
        return obs.legal_actions[0]

    def _claims_of(self, obs: Observation, routes: Iterable[int]) -> dict[int, list[Claim]]:
        t = self.t
        hand = obs.hand
        locos = hand[t.loco]
        best = max(hand[: t.loco])
        out: dict[int, list[Claim]] = {}
        for i in routes:
            c = t.color[i]
            if (hand[c] if c >= 0 else best) + locos < t.length[i] or locos < t.ferry[i]:
                continue  # cannot be paid: skip the work of listing payments
            if (
                i in self._withdrawn
                and (hand[c] if c >= 0 else best) + locos
                < t.length[i] + self.game.rules.tunnel_reveal
            ):
                continue  # withdrawn once: again only with cards for every extra one
            claims = obs.claims(i)
            if claims:
                out[i] = claims
        return out

    def _payment(self, obs: Observation, claims: list[Claim], plan: _Plan) -> Claim:
        """The cheapest way to pay: fewest locomotives, then the color the plan needs least."""
        want = self._demand(plan)
        t = self.t

        def key(a: Claim) -> tuple[float, ...]:
            p = a.payment
            c = t.card[p.color] if p.color is not None else t.loco
            return (p.locos, want[c] - obs.hand[c])

        return min(claims, key=key)

    def _route_order(self, obs: Observation, plan: _Plan, routes: list[int]) -> list[int]:
        t = self.t
        return sorted(routes, key=lambda i: (-t.length[i], i))

    def _turn(self, obs: Observation) -> Any:
        t = self.t
        me = self.seat
        plan = self.plan(obs)
        if self.stations:
            station = self.station_move(obs, plan)
            if station is not None:
                return station
        claims = self._claims_of(obs, plan.routes)
        if claims:
            i = self._route_order(obs, plan, list(claims))[0]
            return self._payment(obs, claims[i], plan)
        if not plan.routes and (not plan.lends or obs.last_turns is not None):
            if obs.cars[me] > self.ticket_reserve and obs.pile_size + obs.bottom_size > 0:
                return DrawTickets()
            # no plan left: score what the cars allow, longest routes first
            every = [
                a
                for claims in self._claims_of(obs, range(len(t.route_ids))).values()
                for a in claims
            ]
            if every:
                return max(
                    every,
                    key=lambda a: (t.length[t.index[a.route]], -a.payment.locos),
                )
        if obs.draws():
            return self._draw(obs, plan)
        # nothing to draw: any claim, else the first legal action (a station, or a pass)
        legal = obs.legal_actions
        others = [a for a in legal if not isinstance(a, BuildStation)]
        return others[0] if others else legal[0]


class PlannerBot(GreedyBot):
    """The stronger planner: greedy's play on a plan that weighs routes by what they are
    worth, not only by their cars.

    A route's cost in the plan is its length, less ``long_bonus`` times the points it
    scores above one a car (a 6-car route scores 15: 9 above its length), plus ``risk`` for
    a tunnel (extra cards may be asked, or the turn lost) and ``risk`` for each locomotive a
    ferry needs. The plan therefore runs along the long routes that score most per car and
    around the routes that cost turns. Whether a hand of tickets fits is still judged in
    cars.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["ticket_to_ride"]
    >>> end = play(info.new_game(players=2, seed=3), [PlannerBot, GreedyBot], seed=1)
    >>> end.is_terminal()
    True
    """

    name = "planner"

    def __init__(
        self,
        game: TicketToRide,
        seat: int,
        rng: np.random.Generator,
        *,
        long_bonus: float = 0.3,
        risk: float = 1.0,
        **kw: Any,
    ) -> None:
        super().__init__(game, seat, rng, **kw)
        self.long_bonus = long_bonus
        self.risk = risk

    def _usable(self, obs: Observation) -> list[float]:
        """Greedy's costs, weighed (see the class's text); never below 0.1 a route."""
        cost = super()._usable(obs)
        t = self.t
        for i, c in enumerate(cost):
            if 0 < c < INF:
                c = c - self.long_bonus * (t.points[i] - t.length[i]) + t.ferry[i] * self.risk
                if t.kind[i] == 1:  # a tunnel
                    c += self.risk
                cost[i] = max(c, 0.1)
        return cost


class Factory:
    """A protocol bot factory ``(game, seat, rng) -> bot`` for one of these bots with
    fixed parameters (a module-level class, so simulations can send it to workers).

    Examples
    --------
    >>> Factory(GreedyBot, "greedy_exact", planner="exact")
    <bot 'greedy_exact' of ticket_to_ride>
    """

    def __init__(self, cls: type, name: str, **params: Any) -> None:
        self.cls = cls
        self.name = name
        self.params = params

    def __repr__(self) -> str:
        return f"<bot {self.name!r} of ticket_to_ride>"

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> Any:
        return self.cls(game, seat, rng, **self.params)


BOTS: dict[str, Any] = {
    "random": Factory(RandomBot, "random"),
    "greedy": Factory(GreedyBot, "greedy"),
    "planner": Factory(PlannerBot, "planner"),
    "greedy_exact": Factory(GreedyBot, "greedy_exact", planner="exact"),
    "greedy_stations": Factory(GreedyBot, "greedy_stations", stations=True, retry_tunnels=False),
    "planner_stations": Factory(PlannerBot, "planner_stations", stations=True, retry_tunnels=False),
}
"""The bots by name, as protocol factories ``(game, seat, rng) -> bot``."""
