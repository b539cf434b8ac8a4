"""Three playing styles for Trans Europa that differ in what they value.

Each is a greedy bot (:class:`~.greedy.GreedyBot`: the same marker, the same optimal plan,
so the same number of rails) with one decision rule changed: **which rail of the plan it
lays first**. Rails are shared, so the order of a plan decides who else profits from it
and how soon a city is safe.

* :class:`FarFirstBot` (``far_first``) lays the plan's rails **toward the city of its
  hand farthest from its network** first: the city that costs most rails to join on its
  own (fewest rails from the network to the city, with every rail on the board free), the
  first in hand order among equals. The far city is the one the others' rails are least
  likely to bring near, and the one a round's end leaves most rails short of.
* :class:`NearFirstBot` (``near_first``) joins its hand's cities **cheapest first**: the
  plan's rails toward the city nearest its network (the fewest rails, more than none)
  first. Each city joined is one the others can no longer make dearer, and a round cut
  short leaves it the fewest cities missing.
* :class:`SharerBot` (``sharer``) lays first the plan's rails **the others seem to want
  most** (shrewd's guesses at the other hands, :meth:`.ShrewdBot.demand`), the reverse of
  shrewd's order: it builds where the networks will meet, so that it reaches the others'
  rails early and uses them, at the price of building some of their way too.

Each lays, among the plan's rails that touch its network and fit the turn, those its rule
prefers, then greedy's order (singles before doubles, at random among equals by its own
generator); when none of the plan's rails serves the rule, greedy's choice. They read only
their observation and the board, and draw only from their generator, so the same seed
plays the same game.

>>> from workbench import load_map
>>> from workbench.games.trans_europa import TransEuropa
>>> from workbench.games.trans_europa.bots import play_game
>>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1)
>>> end = play_game(game, [STYLES["far_first"], STYLES["sharer"]], seed=1)
>>> end.is_terminal()
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from workbench.exceptions import InfeasibleError
from workbench.games.trans_europa.actions import Action, PlaceRail
from workbench.games.trans_europa.bots.greedy import GreedyBot, View
from workbench.games.trans_europa.bots.shrewd import ShrewdBot
from workbench.games.trans_europa.state import Observation
from workbench.maps.lattice import Edge, Point

__all__ = ["STYLES", "FarFirstBot", "NearFirstBot", "SharerBot", "way_to"]


def way_to(
    start: Point, goal: Point, plan: frozenset[Edge], rails: frozenset[Edge]
) -> frozenset[Edge]:
    """The plan's segments on the way from ``start`` to ``goal`` through ``plan`` and
    ``rails``: a path with the fewest plan segments (rails are free), empty without one.

    Examples
    --------
    >>> plan = frozenset({((0, 0), (1, 0)), ((1, 0), (2, 0)), ((1, 0), (1, 1))})
    >>> sorted(way_to((0, 0), (2, 0), plan, frozenset()))
    [((0, 0), (1, 0)), ((1, 0), (2, 0))]
    >>> sorted(way_to((0, 0), (2, 0), plan, frozenset({((0, 0), (1, 0))})))
    [((1, 0), (2, 0))]
    """
    adj: dict[Point, list[tuple[Point, Edge, int]]] = {}
    for edges, cost in ((rails, 0), (plan - rails, 1)):
        for e in edges:
            a, b = e
            adj.setdefault(a, []).append((b, e, cost))
            adj.setdefault(b, []).append((a, e, cost))
    # 0-1 breadth-first search: rails cost nothing, plan segments one each
    dist = {start: 0}
    back: dict[Point, tuple[Point, Edge]] = {}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for q, e, cost in adj.get(p, ()):
            d = dist[p] + cost
            if d < dist.get(q, d + 1):
                dist[q] = d
                back[q] = (p, e)
                if cost:
                    queue.append(q)
                else:
                    queue.appendleft(q)
    if goal not in dist:
        return frozenset()
    out = []
    p = goal
    while p != start:
        p, e = back[p]
        if e not in rails:
            out.append(e)
    return frozenset(out)


class _Toward(GreedyBot):
    """Greedy, laying first the plan's rails toward the city :meth:`target` picks."""

    @staticmethod
    def target(costs: dict[str, int]) -> str | None:
        """The city to build toward, from each hand city's rails to the network."""
        raise NotImplementedError

    def distances(self, obs: Observation, view: View) -> dict[str, int]:
        """Each hand city's fewest rails to the network (0: joined), in hand order.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import TransEuropa, PlaceMarker
        >>> from workbench.games.trans_europa.bots import bot_rngs
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2).new_state()
        >>> state.apply(PlaceMarker((1, 1)))
        >>> state.apply(PlaceMarker((3, 3)))
        >>> obs = state.observation(0)
        >>> bot = FarFirstBot(state.game, 0, bot_rngs(0, 2)[0])
        >>> sorted(bot.distances(obs, bot.view(obs)).values())
        [1, 2, 4, 5, 8]
        """
        marker = obs.markers[self.seat]
        assert marker is not None
        out = {}
        for city in obs.hand:
            try:
                out[city] = view.cost([marker, city])
            except InfeasibleError:  # cut off by colored rails: no way to build toward it
                continue
        return out

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        """The plan's rails toward the target city first, then greedy's order."""
        if len({a.segment for a in rails}) > 1:
            city = self.target(self.distances(obs, view))
            marker = obs.markers[self.seat]
            if city is not None and marker is not None:
                goal = self.board.city(city).at
                way = way_to(marker, goal, plan, obs.rails)
                toward = [a for a in rails if a.segment in way]
                if toward:
                    rails = toward
        return super().choose_rail(obs, rails, plan, view)


class FarFirstBot(_Toward):
    """Greedy, building toward the hand's farthest city first (see the module's text).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> play_game(game, [FarFirstBot] * 2, seed=0).is_terminal()
    True
    """

    name = "far_first"

    @staticmethod
    def target(costs: dict[str, int]) -> str | None:
        """The farthest city not yet joined (the first in hand order among equals).

        Examples
        --------
        >>> FarFirstBot.target({"Alder": 0, "Cedar": 4, "Ivy": 4, "Fir": 2})
        'Cedar'
        """
        best = max(costs.values(), default=0)
        if best == 0:
            return None
        return next(c for c, d in costs.items() if d == best)


class NearFirstBot(_Toward):
    """Greedy, joining the hand's nearest city first (see the module's text).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> play_game(game, [NearFirstBot] * 2, seed=0).is_terminal()
    True
    """

    name = "near_first"

    @staticmethod
    def target(costs: dict[str, int]) -> str | None:
        """The nearest city not yet joined (the first in hand order among equals).

        Examples
        --------
        >>> NearFirstBot.target({"Alder": 0, "Cedar": 4, "Ivy": 2, "Fir": 2})
        'Ivy'
        """
        left = [d for d in costs.values() if d > 0]
        if not left:
            return None
        best = min(left)
        return next(c for c, d in costs.items() if d == best)


class SharerBot(ShrewdBot):
    """Shrewd's guesses, its order reversed: the most wanted rails of the plan first.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> play_game(game, [SharerBot] * 2, seed=0).is_terminal()
    True
    """

    name = "sharer"

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        """Among the plan's rails that fit, the one the others want most (black rails
        before colored ones, which the others cannot use); greedy's order among equals."""
        if len({a.segment for a in rails}) <= 1:
            return GreedyBot.choose_rail(self, obs, rails, plan, view)
        wanted = self.demand(obs)
        pool = [a for a in rails if not a.colored] or list(rails)
        top = max(round(wanted.get(a.segment, 0.0), 6) for a in pool)
        best = [a for a in pool if round(wanted.get(a.segment, 0.0), 6) == top]
        return GreedyBot.choose_rail(self, obs, best, plan, view)


STYLES: dict[str, type[GreedyBot]] = {
    "far_first": FarFirstBot,
    "near_first": NearFirstBot,
    "sharer": SharerBot,
}
"""The playing styles by name; each class is a protocol factory ``(game, seat, rng)``."""
