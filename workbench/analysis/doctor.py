"""The map doctor: edits that make a board fairer, each with its exact measured effect.

The analyst says what is wrong with a board (:mod:`workbench.analysis.report`: a color is
*unfair* when its cities' effects on the hands they are in spread over
:data:`~workbench.analysis.summary.FAIR_COLOR_SPREAD` rails). The doctor searches for what
to do about it. Its candidate edits:

* move a city to a free board point within ``move`` lattice steps of where it first was;
* make a double a crossing (a ferry over water, a tunnel through mountains), add a ferry
  between two neighbouring points that no segment joins, and (``dearer``) make one of the
  most used segments a double;
* swap the colors of two cities (each color keeps its number of cities);
* swap which card of a color is dashed (it matters with 2-3 players only).

Every candidate is scored with every hand's exact cost, from the full table of partial
hands (:mod:`workbench.analysis._doctor`: a move or a color swap costs a few milliseconds, a
cheaper segment as much; a dearer one recomputes the hands). The score is an
:class:`Objective`, weights on what the analyst measures (the colors' spreads and how many
are unfair, the spread of hand costs, the share of hands the worst chokepoint cuts apart,
the mean hand cost kept in a band) and on how much the board changed. :func:`plan` searches
for the best sequence of up to ``edits`` edits (greedy, or a beam), :func:`suggest` ranks
the single edits. Both are deterministic: ties go to the candidate a seeded generator ranks
first.

Examples
--------
>>> from workbench import load_map
>>> strict = Objective(fair_spread=1.0)  # Tiny Island is fair by the analyst's 6 rails
>>> found = plan(load_map("maps/tiny.yaml"), objective=strict, edits=1, progress=False)
>>> len(found.steps), found.steps[0].score_after < found.steps[0].score_before
(1, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import networkx as nx
import numpy as np

from workbench.analysis._doctor import FullTable, hand_costs_on
from workbench.analysis._search import Weights, plan_lines
from workbench.analysis.costs import DoubleCost, cost_graph
from workbench.analysis.hands import deck, hand_table
from workbench.analysis.summary import FAIR_COLOR_SPREAD
from workbench.exceptions import MapError
from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point, edge, neighbours, point_name

__all__ = [
    "Allowed",
    "Edit",
    "Measures",
    "MoveCity",
    "Objective",
    "Plan",
    "SetSegment",
    "Step",
    "Suggestion",
    "SwapColors",
    "SwapDashed",
    "lattice_distance",
    "measure",
    "plan",
    "suggest",
]


def lattice_distance(a: Point, b: Point) -> int:
    """Steps between two lattice points (odd rows shifted right), as a city would walk.

    Examples
    --------
    >>> lattice_distance((3, 2), (3, 3)), lattice_distance((3, 2), (5, 2))
    (1, 2)
    >>> all(lattice_distance((4, 5), q) == 1 for q in neighbours((4, 5)))
    True
    """
    q1, r1 = a[0] - (a[1] - (a[1] & 1)) // 2, a[1]
    q2, r2 = b[0] - (b[1] - (b[1] & 1)) // 2, b[1]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ---------------------------------------------------------------------- the objective


@dataclass(frozen=True)
class Objective(Weights):
    """What the doctor minimises: weights on the analyst's measures and on change.

    The score of a board is, averaged over the player counts, ``color_excess`` times the
    rails by which the colors' spreads exceed ``fair_spread`` (summed), ``unfair_colors``
    per unfair color, ``color_spread`` per rail of spread (summed over colors),
    ``cost_spread`` per rail of standard deviation of hand costs, ``chokepoint`` times the
    share of hands the worst chokepoint cuts apart, and ``mean_outside`` per rail the mean
    hand cost lies outside ``mean_band`` (a fraction of the original mean, either side);
    plus ``moved`` per lattice step the cities moved from where they were and ``edit`` per
    edit. Weights are data: :meth:`from_text` reads ``"moved=0.5, chokepoint=0"``.

    Examples
    --------
    >>> Objective.from_text("moved=0.5, unfair_colors=3").moved
    0.5
    >>> Objective.from_text("speed=1")
    Traceback (most recent call last):
    ...
    ValueError: unknown weight 'speed' (the weights are: color_excess, unfair_colors, ...)
    """

    color_excess: float = 1.0
    unfair_colors: float = 2.0
    color_spread: float = 0.1
    cost_spread: float = 0.2
    chokepoint: float = 4.0
    mean_band: float = 0.05
    mean_outside: float = 1.0
    moved: float = 0.25
    edit: float = 0.25
    fair_spread: float = FAIR_COLOR_SPREAD

    names_shown = 2

    def score(self, measures: Sequence[Measures], reference: Sequence[float], moved: int,
              edits: int) -> float:  # fmt: skip
        """The score of a board's ``measures`` (one per player count); ``reference`` holds
        the original board's mean hand cost per player count.

        Examples
        --------
        >>> m = Measures(4, (("a", 8.0), ("b", 2.0)), 30.0, 5.0, 0.0, None)
        >>> Objective().score([m], [30.0], moved=0, edits=0)  # 2 + 2 + 0.1 * 10 + 0.2 * 5
        6.0
        """
        total = 0.0
        for m, mean0 in zip(measures, reference, strict=True):
            spreads = [s for _, s in m.spreads]
            excess = sum(max(0.0, s - self.fair_spread) for s in spreads)
            unfair = sum(s > self.fair_spread for s in spreads)
            outside = max(0.0, abs(m.mean - mean0) - self.mean_band * mean0)
            total += (
                self.color_excess * excess
                + self.unfair_colors * unfair
                + self.color_spread * sum(spreads)
                + self.cost_spread * m.std
                + self.chokepoint * m.chokepoint
                + self.mean_outside * outside
            )
        return total / len(measures) + self.moved * moved + self.edit * edits


@dataclass(frozen=True)
class Allowed:
    """What the doctor may change.

    ``move``: lattice steps a city may go from where it was at the start (0: no moves);
    ``crossings``: make doubles ferries or tunnels and add ferries where no segment is;
    ``dearer``: how many of the most used single segments (and crossings) are tried as
    doubles on each step (each costs a pass over every hand); ``recolor``: swap two
    cities' colors; ``dashed``: swap which card of a color is dashed (only tried when a
    player count of 2-3 is asked for); ``frozen``: cities left where and as they are.

    Examples
    --------
    >>> Allowed(move=0, recolor=False).crossings
    True
    """

    move: int = 2
    crossings: bool = True
    dearer: int = 4
    recolor: bool = False
    dashed: bool = True
    frozen: tuple[str, ...] = ()


# ---------------------------------------------------------------------- edits


class Edit:
    """One change to a board: :meth:`apply` makes it (checked), ``str()`` says it."""

    def apply(self, board: Board) -> Board:
        """The board with this edit made; raises ``MapError`` if the result is not legal."""
        raise NotImplementedError

    @property
    def cities(self) -> tuple[str, ...]:
        """The cities the edit touches."""
        return ()


@dataclass(frozen=True)
class MoveCity(Edit):
    """Move city ``name`` from ``source`` to ``target``.

    Examples
    --------
    >>> str(MoveCity("Fir", (5, 0), (5, 1)))
    'move Fir from [5, 0] to [5, 1]'
    """

    name: str
    source: Point
    target: Point

    def apply(self, board: Board) -> Board:
        """The board with the city moved."""
        return board.move_city(self.name, self.target)

    @property
    def cities(self) -> tuple[str, ...]:
        """The city moved."""
        return (self.name,)

    def __str__(self) -> str:
        return f"move {self.name} from {point_name(self.source)} to {point_name(self.target)}"


@dataclass(frozen=True)
class SetSegment(Edit):
    """Make the segment ``between`` of ``type`` (``was`` says what it was, for the words).

    Examples
    --------
    >>> str(SetSegment(((1, 1), (2, 1)), "ferry", None, "none"))
    'add a ferry [1, 1]-[2, 1]'
    >>> str(SetSegment(((1, 1), (2, 1)), "tunnel", None, "double (mountain)"))
    'make [1, 1]-[2, 1] a tunnel (was double (mountain))'
    """

    between: Edge
    type: Literal["single", "double", "ferry", "tunnel"]
    terrain: Literal["water", "mountain"] | None
    was: str

    def apply(self, board: Board) -> Board:
        """The board with the segment changed."""
        return board.set_segment(*self.between, self.type, self.terrain)

    def __str__(self) -> str:
        a, b = self.between
        name = f"{point_name(a)}-{point_name(b)}"
        kind = f"{self.type} ({self.terrain})" if self.terrain else self.type
        if self.was == "none":
            return f"add a {kind} {name}"
        return f"make {name} a {kind} (was {self.was})"


@dataclass(frozen=True)
class SwapColors(Edit):
    """City ``a`` takes city ``b``'s color and ``b`` takes ``a``'s; their dashed marks are
    swapped too, so that each color keeps its number of dashed cards.

    Examples
    --------
    >>> str(SwapColors("Alder", "brown", "Cedar", "white"))
    'swap the colors of Alder (brown) and Cedar (white)'
    """

    a: str
    color_a: str
    b: str
    color_b: str

    def apply(self, board: Board) -> Board:
        """The board with the two colors (and dashed marks) swapped."""
        a, b = board.city(self.a), board.city(self.b)
        cities = [
            replace(c, color=b.color, dashed=b.dashed)
            if c.name == self.a
            else replace(c, color=a.color, dashed=a.dashed)
            if c.name == self.b
            else c
            for c in board.cities
        ]
        return board.replace(cities=tuple(cities))

    @property
    def cities(self) -> tuple[str, ...]:
        """The two cities."""
        return (self.a, self.b)

    def __str__(self) -> str:
        return f"swap the colors of {self.a} ({self.color_a}) and {self.b} ({self.color_b})"


@dataclass(frozen=True)
class SwapDashed(Edit):
    """In one color, dash city ``dash``'s card and undash ``undash``'s.

    Examples
    --------
    >>> str(SwapDashed("Porto", "Lisbon"))
    "dash Porto's card instead of Lisbon's"
    """

    dash: str
    undash: str

    def apply(self, board: Board) -> Board:
        """The board with the dashed card swapped."""
        cities = [
            replace(c, dashed=True)
            if c.name == self.dash
            else replace(c, dashed=False)
            if c.name == self.undash
            else c
            for c in board.cities
        ]
        return board.replace(cities=tuple(cities))

    @property
    def cities(self) -> tuple[str, ...]:
        """The two cities."""
        return (self.dash, self.undash)

    def __str__(self) -> str:
        return f"dash {self.dash}'s card instead of {self.undash}'s"


# ---------------------------------------------------------------------- measures


@dataclass(frozen=True)
class Measures:
    """What the doctor measures of a board for one player count, as the analyst does.

    ``spreads`` is each color's spread (its dearest city's effect minus its cheapest's,
    :func:`~workbench.analysis.summary.color_summary`); ``mean`` and ``std`` the hand
    costs' (:func:`~workbench.analysis.summary.cost_summary`); ``chokepoint`` the share of
    hands that the worst single segment's loss cuts apart (a bridge between the hand's
    cities), and ``chokepoint_at`` that segment.

    Examples
    --------
    >>> m = Measures(4, (("brown", 7.5), ("white", 2.0)), 40.0, 7.0, 0.5, None)
    >>> m.unfair, m.spread("white")
    (('brown',), 2.0)
    """

    players: int
    spreads: tuple[tuple[str, float], ...]
    mean: float
    std: float
    chokepoint: float
    chokepoint_at: Edge | None
    cut: tuple[tuple[Edge, float], ...] = field(default=(), compare=False, repr=False)

    @property
    def unfair(self) -> tuple[str, ...]:
        """The colors whose spread is over the analyst's fair spread."""
        return tuple(c for c, s in self.spreads if s > FAIR_COLOR_SPREAD)

    def spread(self, color: str) -> float:
        """One color's spread."""
        return dict(self.spreads)[color]


class _Deal:
    """A board's cities as the hand axes see them: per color, slot -> name, point, dashed."""

    def __init__(self, board: Board) -> None:
        cards = deck(board, 4)
        self.colors = list(cards)
        self.names = [list(cards[c]) for c in self.colors]
        by_name = {c.name: c for c in board.cities}
        self.points = [[by_name[n].at for n in names] for names in self.names]
        self.dashed = [[by_name[n].dashed for n in names] for names in self.names]

    def copy(self) -> _Deal:
        other = object.__new__(_Deal)
        other.colors = self.colors
        other.names = [list(x) for x in self.names]
        other.points = [list(x) for x in self.points]
        other.dashed = [list(x) for x in self.dashed]
        return other

    def slot(self, name: str) -> tuple[int, int]:
        for x, names in enumerate(self.names):
            if name in names:
                return x, names.index(name)
        raise KeyError(name)

    def dealt(self, players: int) -> list[np.ndarray]:
        """Per color, the slots dealt with ``players`` (the undashed with 2-3)."""
        return [
            np.array([j for j, d in enumerate(ds) if players >= 4 or not d], dtype=np.int64)
            for ds in self.dashed
        ]


class _Bridges:
    """A graph's bridges and, for each, which side of it every point is on."""

    def __init__(self, G: nx.Graph | None) -> None:
        if G is None:
            return
        self.edges: list[Edge] = sorted(edge(a, b) for a, b in nx.bridges(G))
        points = sorted(G)
        self.index: dict[Point, int] = {p: i for i, p in enumerate(points)}
        self.side = np.zeros((len(self.edges), len(points)), dtype=bool)
        for k, (a, b) in enumerate(self.edges):
            G.remove_edge(a, b)
            for p in nx.node_connected_component(G, a):
                self.side[k, self.index[p]] = True
            G.add_edge(a, b)

    def joined(self, a: Point, b: Point) -> _Bridges:
        """The bridges once a new segment joins ``a`` and ``b``: those with both on one side
        (a new segment makes no bridge, and closes a cycle through the others)."""
        keep = self.side[:, self.index[a]] == self.side[:, self.index[b]]
        other = _Bridges(None)
        other.edges = [e for e, k in zip(self.edges, keep, strict=True) if k]
        other.index = self.index
        other.side = self.side[keep]
        return other


def _measure(costs: np.ndarray, deal: _Deal, bridges: _Bridges, players: int) -> Measures:
    """The measures of a hand-cost array (one axis per color) for ``players``."""
    dealt = deal.dealt(players)
    everyone = all(len(d) == n for d, n in zip(dealt, costs.shape, strict=True))
    part = costs if everyone else costs[np.ix_(*dealt)]
    finite = bool(np.isfinite(part).all())
    mean = float(part.mean())
    spreads = []
    for x, color in enumerate(deal.colors):
        others = tuple(i for i in range(part.ndim) if i != x)
        means = part.mean(axis=others)
        spreads.append((color, float(means.max() - means.min())))
    cut: list[tuple[Edge, float]] = []
    if bridges.edges:
        near = np.ones(len(bridges.edges))
        far = np.ones(len(bridges.edges))
        for x in range(len(deal.colors)):
            idx = [bridges.index[deal.points[x][j]] for j in dealt[x]]
            share = bridges.side[:, idx].mean(axis=1)
            near *= share
            far *= 1.0 - share
        shares = 1.0 - near - far
        cut = [(e, float(v)) for e, v in zip(bridges.edges, shares, strict=True) if v > 1e-12]
    worst = max(cut, key=lambda kv: kv[1], default=None)  # the first of equals: sorted edges
    return Measures(
        players=players,
        spreads=tuple(spreads),
        mean=mean if finite else math.inf,
        std=float(part.std()) if finite else math.inf,
        chokepoint=0.0 if worst is None else worst[1],
        chokepoint_at=None if worst is None else worst[0],
        cut=tuple(cut),
    )


def measure(board: Board, players: int = 4, double_cost: DoubleCost = 2) -> Measures:
    """What the doctor measures of ``board``, from the analyst's own hand table.

    The colors' spreads equal :func:`~workbench.analysis.summary.color_summary`'s, the mean
    and standard deviation :func:`~workbench.analysis.summary.cost_summary`'s, and the
    chokepoint share the largest ``cut_hands`` share of
    :func:`~workbench.analysis.routes.chokepoints`.

    Examples
    --------
    >>> from workbench import load_map
    >>> m = measure(load_map("maps/trans_europa.yaml"))
    >>> m.unfair, round(m.spread("brown"), 1), round(m.chokepoint, 3)
    (('brown', 'white', 'orange', 'turquoise'), 12.0, 0.571)
    """
    table = hand_table(board, 4, double_cost, progress=False)
    deal = _Deal(board)
    costs = table.costs.reshape([len(n) for n in deal.names])
    return _measure(costs, deal, _Bridges(cost_graph(board, (), double_cost)), players)


# ---------------------------------------------------------------------- the search


@dataclass(frozen=True)
class Suggestion:
    """A scored candidate edit: its measures and score, and the board's before it."""

    edit: Edit
    score: float
    measures: tuple[Measures, ...]
    moved: int
    before: tuple[Measures, ...] = ()
    score_before: float = math.nan

    def effect(self) -> str:
        """The edit and what it does, in words (as :meth:`Step.effect`).

        Examples
        --------
        >>> from workbench import load_map
        >>> best = suggest(load_map("maps/tiny.yaml"), objective=Objective(fair_spread=1.0))[0]
        >>> best.effect().startswith(str(best.edit) + ": ")
        True
        """
        parts = [_effect(b, a, len(self.before) > 1) for b, a in zip(self.before, self.measures,
                                                                     strict=True)]  # fmt: skip
        return f"{self.edit}: " + "; ".join(parts)


@dataclass(frozen=True)
class Step:
    """One edit of a plan, with the board it makes and its exact measured effect."""

    edit: Edit
    board: Board
    before: tuple[Measures, ...]
    after: tuple[Measures, ...]
    score_before: float
    score_after: float

    def effect(self) -> str:
        """The edit and what it did, in words.

        Examples
        --------
        >>> from workbench import load_map
        >>> strict = Objective(fair_spread=1.0)
        >>> step = plan(load_map("maps/tiny.yaml"), objective=strict, edits=1,
        ...             progress=False).steps[0]
        >>> str(step.edit) in step.effect()
        True
        """
        parts = [_effect(b, a, len(self.before) > 1) for b, a in zip(self.before, self.after,
                                                                     strict=True)]  # fmt: skip
        return f"{self.edit}: " + "; ".join(parts)


def _effect(before: Measures, after: Measures, name_players: bool) -> str:
    words = []
    changes = [
        (color, s0, dict(after.spreads)[color])
        for color, s0 in before.spreads
        if f"{dict(after.spreads)[color]:.1f}" != f"{s0:.1f}"  # a change the words can show
    ]
    changes.sort(key=lambda t: -abs(t[2] - t[1]))
    for color, s0, s1 in changes[:3]:
        flip = ""
        if s0 > FAIR_COLOR_SPREAD >= s1:
            flip = " (now fair)"
        elif s1 > FAIR_COLOR_SPREAD >= s0:
            flip = " (now unfair)"
        words.append(f"{color}'s spread {s0:.1f} -> {s1:.1f} rails{flip}")
    if not changes:
        words.append("no color's spread changed")
    if abs(after.mean - before.mean) < 0.05:
        words.append("the mean hand cost unchanged")
    else:
        words.append(f"the mean hand cost {before.mean:.1f} -> {after.mean:.1f} rails")
    old = {k for k, _ in before.cut}
    new = [k for k, _ in after.cut if k not in old]
    if new:
        worst = max((s, k) for k, s in after.cut if k in new)
        words.append(f"a new chokepoint: {_segment(worst[1])} cuts {worst[0]:.0%} of hands apart")
    elif abs(after.chokepoint - before.chokepoint) >= 0.0005:
        words.append(
            f"the worst chokepoint cuts {before.chokepoint:.0%} -> {after.chokepoint:.0%} "
            "of hands apart"
        )
    else:
        words.append("no new chokepoint")
    text = ", ".join(words)
    return f"with {after.players} players: {text}" if name_players else text


def _segment(key: Edge) -> str:
    return f"{point_name(key[0])}-{point_name(key[1])}"


@dataclass(frozen=True)
class Plan:
    """The doctor's plan: its steps, the boards before and after, and what the search did.

    ``candidates`` counts the candidate edits scored (each with every hand's exact cost)
    in ``seconds``; ``stopped`` says the search was interrupted (the steps found so far
    are kept).
    """

    original: Board
    board: Board
    players: tuple[int, ...]
    steps: tuple[Step, ...]
    start: tuple[Measures, ...]
    candidates: int
    seconds: float
    stopped: bool = False

    @property
    def rate(self) -> float:
        """Candidates scored a second."""
        return self.candidates / self.seconds if self.seconds > 0 else 0.0

    def text(self) -> str:
        """The plan as the command line prints it.

        Examples
        --------
        >>> from workbench import load_map
        >>> strict = Objective(fair_spread=1.0)
        >>> print(plan(load_map("maps/tiny.yaml"), objective=strict, edits=1,
        ...            progress=False).text())
        ... # doctest: +ELLIPSIS
        Tiny Island, 4 players: 1 edit ...
        """
        end = self.steps[-1].after if self.steps else self.start
        out = plan_lines(
            f"{self.original.name}, {', '.join(map(str, self.players))} players: ",
            [step.effect() for step in self.steps],
            self.candidates,
            self.seconds,
            self.stopped,
        )
        for before, after in zip(self.start, end, strict=True):
            out.append(
                f"unfair colors with {before.players} players: {len(before.unfair)} -> "
                f"{len(after.unfair)}" + (f" ({', '.join(after.unfair)})" if after.unfair else "")
            )
        return "\n".join(out)


class _State:
    """A board in the search, with its exact tables."""

    def __init__(self, board: Board, original: Board, double_cost: DoubleCost,
                 players: tuple[int, ...], objective: Objective, reference: Sequence[float],
                 edits: int, table: FullTable | None = None) -> None:  # fmt: skip
        self.board = board
        self.double_cost = double_cost
        self.G = cost_graph(board, (), double_cost)
        self.deal = _Deal(board)
        self.where = {c.name: c.at for c in board.cities}
        cards = dict(zip(self.deal.colors, self.deal.names, strict=True))
        self.table = table if table is not None else FullTable(self.G, self.where, cards)
        self.bridges = _Bridges(self.G)
        self.home = {c.name: c.at for c in original.cities}
        self.moved = sum(
            lattice_distance(self.home[c.name], c.at) for c in board.cities if c.name in self.home
        )
        self.players = players
        self.edits = edits
        self.measures = tuple(
            _measure(self.table.costs, self.deal, self.bridges, p) for p in players
        )
        self.score = objective.score(self.measures, reference, self.moved, edits)


def _candidates(state: _State, allowed: Allowed) -> Iterator[Edit]:
    """Every candidate edit of a state, in a fixed order."""
    board = state.board
    frozen = set(allowed.frozen)
    if allowed.move > 0:
        taken = {c.at for c in board.cities}
        points = sorted(board.points)
        for city in board.cities:
            if city.name in frozen or city.name not in state.home:
                continue
            home = state.home[city.name]
            for p in points:
                if p in taken or lattice_distance(home, p) > allowed.move:
                    continue
                if not any(q in board.points and edge(p, q) in board.segments
                           for q in neighbours(p)):  # fmt: skip
                    continue  # an isolated point: the city would be cut off
                yield MoveCity(city.name, city.at, p)
    if allowed.crossings:
        for key, s in board.segments.items():
            if s.kind == "double":
                kind = "ferry" if s.terrain == "water" else "tunnel"
                yield SetSegment(key, kind, None, f"double ({s.terrain})")  # type: ignore[arg-type]
        for key in sorted({edge(p, q) for p in board.points for q in neighbours(p)
                           if q in board.points}):  # fmt: skip
            if key not in board.segments:
                yield SetSegment(key, "ferry", None, "none")
    if allowed.dearer > 0:
        usage = hand_table(board, 4, state.double_cost, progress=False).usage
        light = [(n, k) for k, n in usage.items() if board.segments[k].kind != "double"]
        for _, key in sorted(light, key=lambda t: (-t[0], t[1]))[: allowed.dearer]:
            s = board.segments[key]
            terrain = "water" if s.kind == "ferry" else "mountain"
            yield SetSegment(key, "double", terrain, s.kind)  # type: ignore[arg-type]
    if allowed.recolor:
        cities = [c for c in board.cities if c.name not in frozen]
        for i, a in enumerate(cities):
            for b in cities[i + 1 :]:
                if a.color != b.color:
                    yield SwapColors(a.name, a.color, b.name, b.color)
    if allowed.dashed and any(p <= 3 for p in state.players):
        for color in board.color_names:
            members = [c for c in board.cities if c.color == color and c.name not in frozen]
            for a in members:
                for b in members:
                    if not a.dashed and b.dashed:
                        yield SwapDashed(a.name, b.name)


def _score_edit(
    state: _State, edit: Edit, objective: Objective, reference: Sequence[float]
) -> Suggestion | None:
    """The exact measures and score of ``state``'s board after ``edit`` (None: not legal
    or some hand cannot be joined)."""
    table, deal, bridges = state.table, state.deal, state.bridges
    moved = state.moved
    if isinstance(edit, MoveCity):
        x, j = deal.slot(edit.name)
        costs = table.costs.copy()
        np.moveaxis(costs, x, 0)[j] = table.pivot_costs(x, table.node(edit.target))
        deal = deal.copy()
        deal.points[x][j] = edit.target
        home = state.home[edit.name]
        moved += lattice_distance(home, edit.target) - lattice_distance(home, edit.source)
    elif isinstance(edit, SwapColors):
        (x, i), (y, j) = deal.slot(edit.a), deal.slot(edit.b)
        costs = table.costs.copy()
        # hands with b in a's old slot (x = i) and another city of b's old color
        got_b = table.pivot_costs(x, int(table.city_nodes[y, j]))  # axes: colors but x
        got_a = table.pivot_costs(y, int(table.city_nodes[x, i]))  # axes: colors but y
        view_x = np.moveaxis(costs, x, 0)[i]  # axes: colors but x
        keep = view_x[(slice(None),) * (y - (y > x)) + (j,)].copy()
        view_x[...] = got_b
        view_x[(slice(None),) * (y - (y > x)) + (j,)] = keep
        view_y = np.moveaxis(costs, y, 0)[j]  # axes: colors but y
        keep = view_y[(slice(None),) * (x - (x > y)) + (i,)].copy()
        view_y[...] = got_a
        view_y[(slice(None),) * (x - (x > y)) + (i,)] = keep
        deal = deal.copy()
        deal.names[x][i], deal.names[y][j] = edit.b, edit.a
        deal.points[x][i], deal.points[y][j] = deal.points[y][j], deal.points[x][i]
    elif isinstance(edit, SwapDashed):
        (x, i), (_, j) = deal.slot(edit.dash), deal.slot(edit.undash)
        costs = table.costs
        deal = deal.copy()
        deal.dashed[x][i], deal.dashed[x][j] = True, False
    elif isinstance(edit, SetSegment):
        a, b = edit.between
        s = state.board.segments.get(edit.between)
        old_cost = math.inf if s is None else s.cost
        from workbench.analysis.costs import segment_cost

        new_cost = segment_cost(edit.type, edit.terrain, state.double_cost)
        if new_cost <= old_cost:
            costs = table.cheaper(table.node(a), table.node(b), new_cost)
            if s is None:
                bridges = bridges.joined(a, b)
        else:
            G = state.G.copy()
            G.edges[a, b]["weight"] = new_cost
            costs = hand_costs_on(G, state.where, dict(zip(deal.colors, deal.names, strict=True)))
    else:  # pragma: no cover - every edit kind is handled above
        raise TypeError(f"unknown edit {edit!r}")
    if not np.isfinite(costs).all():
        return None
    if any(len(d) == 0 for p in state.players for d in deal.dealt(p)):
        return None  # a color with no card dealt
    measures = tuple(_measure(costs, deal, bridges, p) for p in state.players)
    score = objective.score(measures, reference, moved, state.edits + 1)
    return Suggestion(edit, score, measures, moved, state.measures, state.score)


def _ranked(
    state: _State,
    objective: Objective,
    allowed: Allowed,
    reference: Sequence[float],
    rng: np.random.Generator,
    tick: Callable[[], None],
) -> list[Suggestion]:
    """Every candidate of ``state`` scored, best first (ties in a seeded random order)."""
    found = []
    for edit in _candidates(state, allowed):
        scored = _score_edit(state, edit, objective, reference)
        tick()
        if scored is not None:
            found.append(scored)
    keys = rng.random(len(found))
    order = sorted(range(len(found)), key=lambda i: (round(found[i].score, 9), keys[i]))
    return [found[i] for i in order]


def _players(players: int | Iterable[int]) -> tuple[int, ...]:
    out = (players,) if isinstance(players, int) else tuple(players)
    if not out or any(not 2 <= p <= 6 for p in out):
        raise ValueError(f"the game is for 2 to 6 players, not {players!r}")
    return tuple(sorted(set(out)))


def suggest(
    board: Board,
    players: int | Iterable[int] = 4,
    objective: Objective | None = None,
    allowed: Allowed | None = None,
    top: int = 5,
    seed: int = 0,
    double_cost: DoubleCost = 2,
    original: Board | None = None,
    better_only: bool = True,
) -> list[Suggestion]:
    """The ``top`` single edits that improve ``board``'s score most, best first.

    ``original`` is the board the cities' moves are measured from (default ``board``).
    Only edits that make a legal board are listed, and (``better_only``, the default) only
    those that lower the score; without it, the best ``top`` whatever their score (the play
    doctor, :mod:`workbench.sim.doctor`, takes them as its candidates).

    Examples
    --------
    >>> from workbench import load_map
    >>> best = suggest(load_map("maps/tiny.yaml"), objective=Objective(fair_spread=1.0), top=2)
    >>> len(best), best[0].score <= best[1].score
    (2, True)
    """
    objective = objective or Objective()
    allowed = allowed or Allowed()
    counts = _players(players)
    first = original or board
    reference = [_reference(first, p, double_cost) for p in counts]
    state = _State(board, first, double_cost, counts, objective, reference, 0)
    ranked = _ranked(state, objective, allowed, reference, np.random.default_rng(seed),
                     lambda: None)  # fmt: skip
    out: list[Suggestion] = []
    for s in ranked:
        if len(out) >= top or (better_only and s.score >= state.score - 1e-9):
            break
        try:
            s.edit.apply(board)
        except MapError:
            continue
        out.append(s)
    return out


def _reference(board: Board, players: int, double_cost: DoubleCost) -> float:
    table = hand_table(board, players, double_cost, progress=False)
    return float(table.costs.mean())


def plan(
    board: Board,
    players: int | Iterable[int] = 4,
    objective: Objective | None = None,
    allowed: Allowed | None = None,
    edits: int = 5,
    beam: int = 1,
    seed: int = 0,
    double_cost: DoubleCost = 2,
    progress: bool | None = None,
    stop: Callable[[], bool] | None = None,
) -> Plan:
    """The best sequence of up to ``edits`` edits, found by beam search (``beam=1``:
    greedy), each step's effect measured exactly.

    Each round scores every candidate edit of every board in the beam with every hand's
    exact cost and keeps the ``beam`` best boards; the search ends after ``edits`` rounds,
    or when no edit lowers the best score. ``progress`` shows a tqdm bar over the
    candidates (``None``: when it takes a while). ``stop`` is asked between candidates;
    when it says so, or on Ctrl-C (``KeyboardInterrupt``), the best plan found so far is
    returned with ``stopped=True``. The same arguments give the same plan.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> a = plan(board, objective=Objective(fair_spread=1.0), edits=2, progress=False)
    >>> b = plan(board, objective=Objective(fair_spread=1.0), edits=2, progress=False)
    >>> [str(s.edit) for s in a.steps] == [str(s.edit) for s in b.steps]
    True
    """
    objective = objective or Objective()
    allowed = allowed or Allowed()
    counts = _players(players)
    if edits < 0 or beam < 1:
        raise ValueError(f"edits must be 0 or more and beam 1 or more, not {edits}, {beam}")
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    reference = [_reference(board, p, double_cost) for p in counts]
    root = _State(board, board, double_cost, counts, objective, reference, 0)
    beams: list[tuple[_State, tuple[Step, ...]]] = [(root, ())]
    best: tuple[_State, tuple[Step, ...]] = beams[0]
    scored = 0
    stopped = False
    bar = None
    if progress is not False:
        from tqdm.auto import tqdm

        bar = tqdm(total=None, desc="doctor: ", delay=0 if progress else 2.0,
                   bar_format="{desc}{n} candidates scored [{elapsed}, {rate_fmt}]",
                   unit=" candidates")  # fmt: skip

    def tick() -> None:
        nonlocal scored
        scored += 1
        if bar is not None:
            bar.update(1)
        if stop is not None and stop():
            raise KeyboardInterrupt

    try:
        for round_ in range(edits):
            if bar is not None:
                bar.set_description(f"doctor: edit {round_ + 1} of {edits}")
            pool: list[tuple[Suggestion, _State, tuple[Step, ...]]] = []
            for state, steps in beams:
                for s in _ranked(state, objective, allowed, reference, rng, tick):
                    if s.score >= state.score - 1e-9:
                        break
                    pool.append((s, state, steps))
            pool.sort(key=lambda t: t[0].score)  # stable: each beam's seeded order holds
            nxt: list[tuple[_State, tuple[Step, ...]]] = []
            seen: set[Board] = set()
            for s, state, steps in pool:
                if len(nxt) >= beam:
                    break
                try:
                    new_board = s.edit.apply(state.board)
                except MapError:
                    continue
                if new_board in seen:
                    continue
                seen.add(new_board)
                table = None
                if isinstance(s.edit, MoveCity):  # the rows without the city stay as they are
                    x, j = state.deal.slot(s.edit.name)
                    table = state.table.moved(x, j, state.table.node(s.edit.target))
                child = _State(new_board, board, double_cost, counts, objective, reference,
                               state.edits + 1, table)  # fmt: skip
                step = Step(s.edit, new_board, state.measures, child.measures, state.score,
                            child.score)  # fmt: skip
                nxt.append((child, (*steps, step)))
            if not nxt:
                break
            beams = nxt
            if beams[0][0].score < best[0].score - 1e-9:
                best = beams[0]
    except KeyboardInterrupt:
        stopped = True
    except SystemError as e:  # Ctrl-C inside compiled code, chained by CPython
        if not isinstance(e.__cause__ or e.__context__, KeyboardInterrupt):
            raise
        stopped = True
    finally:
        if bar is not None:
            bar.close()
    state, steps = best
    return Plan(
        original=board,
        board=state.board,
        players=counts,
        steps=steps,
        start=root.measures,
        candidates=scored,
        seconds=time.perf_counter() - started,
        stopped=stopped,
    )
