"""Exercises that check themselves: seeded generators, forgiving checkers, friendly feedback.

Seven kinds of question, each asked on a board (a part of it, or a hand of its cities), on
any networkx graph, or on a fresh random graph when none is given:

=================  ===========================================================================
``kruskal_next``   Which segment does Kruskal's algorithm add next?
``bridges``        Which segments are bridges (blocking one cuts the network in two)?
``missing_rails``  How many rails is this hand missing (the round's scoring question)?
``start_marker``   Where should the start marker go, to miss as few rails as possible?
``dijkstra_order`` In which order does Dijkstra's algorithm settle these cities?
``longest_trail``  How long is the longest continuous path of these routes?
``ticket_forest``  What does the cheapest network completing these tickets cost?
=================  ===========================================================================

Every exercise has a ``question``, ``check(answer) -> Feedback`` (whether it is right and a
sentence saying why, specific to the answer given: the cycle a segment would close, the
cheaper segment that comes first, the usual slip behind a wrong count) and ``solution()``
(the answer explained, for a teacher). Answers are read forgivingly (see
:mod:`workbench.teach.answers`): city names in any case, points as ``3,4`` or ``[3, 4]``,
segments as ``"3,4-4,4"`` or pairs in either order. Where ties make several answers right
(equal weights, equal distances) every one of them is accepted and the feedback says so.

Truth comes from exact algorithms: :func:`workbench.algorithms.steiner_tree` and
:func:`~workbench.algorithms.steiner_cost_to_all` for the costs, networkx for bridges and
distances. The same seed gives the same exercise. Each exercise also carries a ``picture``
(a :class:`~workbench.teach.frames.Frame` of roles to draw with the question), a
``solution_picture``, and ``trace()``, the run of the algorithm that answers it, for the
stepper. Nothing here imports a UI.

Examples
--------
>>> from workbench.teach.exercises import exercise
>>> ex = exercise("dijkstra_order", seed=4)
>>> ex.check(ex.solution_answer()).correct
True
"""

from __future__ import annotations

import itertools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

import networkx as nx

from workbench.algorithms import steiner_cost_to_all, steiner_tree
from workbench.teach.answers import Names
from workbench.teach.forest import steiner_forest as forest_search
from workbench.teach.frames import Frame, FrozenMap, Trace
from workbench.teach.textbook import random_graph
from workbench.teach.trace import trace
from workbench.teach.trails import longest_trail as trail_search

if TYPE_CHECKING:
    from workbench.maps.board import Board

__all__ = [
    "EXERCISES",
    "Bridges",
    "DijkstraOrder",
    "Exercise",
    "Feedback",
    "KruskalNext",
    "LongestTrail",
    "MissingRails",
    "StartMarker",
    "TicketForest",
    "exercise",
]

Edge = tuple[Hashable, Hashable]

_AREA_KRUSKAL = 14
_AREA_BRIDGES = 18
_SHOWN = 6  # how many tied answers a message lists before saying "and N more"


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: right or not, and one friendly sentence or two saying why.

    It is true when the answer is right, and shows itself in colour in a notebook.

    Examples
    --------
    >>> f = Feedback(True, "Yes!")
    >>> bool(f), f.message
    (True, 'Yes!')
    """

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        colour, mark = ("#e3f4e1", "✔") if self.correct else ("#fdecd9", "✘")
        text = self.message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return (
            f'<div style="background:{colour};padding:6px 10px;border-radius:4px">'
            f"{mark} {text}</div>"
        )


# ---------------------------------------------------------------------------- helpers


def _num(x: Any) -> Any:
    """A weight or a cost as a person writes it: 3, not 3.0."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, float):
        return round(x, 3)
    return x


def _listing(items: Sequence[str], limit: int = _SHOWN) -> str:
    """``"a, b and c"``, or ``"a, b, c and 4 more"``."""
    if len(items) > limit:
        return f"{', '.join(items[:limit])} and {len(items) - limit} more"
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _count(n: int, word: str) -> str:
    """``"1 segment"``, ``"3 segments"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _resolve(source: Any, seed: int, **random_options: Any) -> tuple[nx.Graph, Board | None]:
    """The graph an exercise is asked on, and the board it comes from (if any)."""
    from workbench.maps.board import Board  # the core may import maps; lazily, to stay light

    if isinstance(source, Board):
        return source.graph(), source
    if isinstance(source, nx.Graph):
        if source.is_directed() or source.is_multigraph():
            raise ValueError("exercises are asked on simple undirected graphs")
        return source, None
    if source is None:
        return random_graph(seed, **random_options), None
    raise TypeError(f"expected a Board, a networkx Graph or None, got {type(source).__name__}")


def _induced(G: nx.Graph, nodes: Iterable[Hashable]) -> nx.Graph:
    """The subgraph of ``G`` on ``nodes``, a copy with ``G``'s order of nodes and edges.

    ``G.subgraph(...)`` lists a small subgraph's nodes in the order of a set, which for
    names depends on the process's string hashes; ties between equally good answers would
    then break differently from one run to the next.

    >>> G = nx.path_graph(["c", "a", "b", "d"])
    >>> list(_induced(G, ["b", "a", "c"]).edges())
    [('c', 'a'), ('a', 'b')]
    """
    keep = set(nodes)
    H = G.__class__()
    H.graph.update(G.graph)
    H.add_nodes_from((v, dict(d)) for v, d in G.nodes(data=True) if v in keep)
    H.add_edges_from((u, v, dict(d)) for u, v, d in G.edges(data=True) if u in keep and v in keep)
    return H


def _area(G: nx.Graph, rng: random.Random, size: int) -> nx.Graph:
    """``G`` if it is small, else the ``size`` nodes nearest (in steps) to a random city."""
    if len(G) <= size + size // 3:
        return G.copy()
    names = Names(G)
    centres = names.order(v for v, c in G.nodes(data="city") if c) or names.order(G)
    centre = rng.choice(centres)
    seen = [centre]
    for _, v in nx.bfs_edges(G, centre, sort_neighbors=names.order):
        seen.append(v)
        if len(seen) == size:
            break
    return _induced(G, seen)


def _weight(G: nx.Graph, e: Edge) -> Any:
    return G.edges[e].get("weight", 1)


def _cities(G: nx.Graph, board: Board | None, rng: random.Random, count: int) -> list[Hashable]:
    """A hand: on a board one city per color (as the game deals), else ``count`` nodes."""
    if board is not None:
        hand: list[Hashable] = []
        for color in board.color_names:
            options = [c.at for c in board.cities if c.color == color and c.at in G]
            if options:
                hand.append(rng.choice(options))
        return hand
    nodes = Names(G).order(G)
    return rng.sample(nodes, min(count, len(nodes)))


def _cost_text(board: Board | None) -> str:
    return " (a single costs 1 rail, a double 2)" if board is not None else ""


def _parse_number(answer: Any) -> float:
    if isinstance(answer, bool):
        raise ValueError("Please answer with a number, like 12.")
    if isinstance(answer, int | float):
        return float(answer)
    m = re.search(r"-?\d+(?:\.\d+)?", str(answer))
    if m is None:
        raise ValueError(f"Please answer with a number, like 12 (I read {str(answer)!r}).")
    return float(m.group(0))


def _given(
    source: Board | nx.Graph, board: Board | None = None
) -> tuple[nx.Graph, Board | None, Names]:
    """The graph a ``from_...`` constructor is given, its board (``board`` if named, else the
    one ``source`` is) and the names of its nodes."""
    G, found = _resolve(source, 0)
    return G, board if board is not None else found, Names(G)


def _place(board: Board | None) -> str:
    return "the highlighted part of the board" if board is not None else "this graph"


def _what(board: Board | None) -> str:
    return "segment" if board is not None else "edge"


class _Slips:
    """The wrong numbers the usual slips give, each with the hint that explains it.

    A slip that happens to give the right number is no slip and is left out; two slips
    giving the same number share it, their hints joined.
    """

    def __init__(self, right: Any) -> None:
        self.right = right
        self._hints: dict[Any, list[str]] = {}

    def __call__(self, value: Any, message: str) -> None:
        if value != self.right:
            self._hints.setdefault(_num(value), []).append(message)

    def frozen(self) -> FrozenMap:
        return FrozenMap({k: " ".join(v) for k, v in self._hints.items()})


def _check_number(
    answer: Any, right: Any, slips: Mapping[Any, str], yes: str, low: str, high: str
) -> Feedback:
    """The verdict on a number: right (``yes``), a known slip, or too low or too high."""
    value = _num(_parse_number(answer))
    if value == right:
        return Feedback(True, f"Yes! {yes}")
    if value in slips:
        return Feedback(False, f"Not quite. {slips[value]}")
    return Feedback(False, low if value < right else high)


# ---------------------------------------------------------------------------- the base


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class Exercise(ABC):
    """A question about a graph, its checker and its solution.

    Make one with a subclass's ``generate(source, seed=...)`` or with :func:`exercise`.

    Attributes
    ----------
    graph : networkx.Graph
        The graph the question is about (a part of a board, a board's graph, any graph).
    board : Board or None
        The board it comes from, for drawing.
    seed : int or None
        The seed it was generated from.
    question : str
        The question, in full sentences.
    picture : Frame
        Roles to draw with the question (a UI colours nodes and edges by them).
    solution_picture : Frame
        Roles that show the answer.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    answer_format: ClassVar[str]

    graph: nx.Graph
    board: Board | None
    seed: int | None
    question: str
    picture: Frame
    solution_picture: Frame

    @classmethod
    @abstractmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> Exercise:
        """A new exercise on ``source`` (a board, a graph, or ``None`` for a random graph)."""

    @cached_property
    def names(self) -> Names:
        """How the graph's nodes are called and read back."""
        return Names(self.graph)

    def check(self, answer: Any) -> Feedback:
        """Check ``answer`` and say why it is right or wrong.

        An answer that cannot be read gets a message saying how to write it.
        """
        try:
            return self._check(answer)
        except ValueError as error:
            return Feedback(False, f"{error} {self.answer_format}")

    @abstractmethod
    def _check(self, answer: Any) -> Feedback: ...

    @abstractmethod
    def solution(self) -> str:
        """The answer, explained (what a teacher shows)."""

    @abstractmethod
    def solution_answer(self) -> Any:
        """One right answer, written as a learner would type it."""

    @abstractmethod
    def trace(self) -> Trace:
        """The run of the algorithm behind the answer, to watch in a stepper."""

    def __repr__(self) -> str:
        where = self.board.name if self.board is not None else self.graph.name or "a graph"
        return f"<{type(self).__name__} seed={self.seed!r} on {where!r}: {self.question[:60]!r}...>"


def _shown(
    G: nx.Graph, board: Board | None, seed: int | None, question: str, picture: Frame, solved: Frame
) -> dict[str, Any]:
    """The fields every exercise has (those of :class:`Exercise`), by name."""
    return dict(
        graph=G,
        board=board,
        seed=seed,
        question=question,
        picture=picture,
        solution_picture=solved,
    )


def _frame(message: str, nodes: Mapping[Any, str], edges: Mapping[Any, str]) -> Frame:
    return Frame(0, message, FrozenMap(nodes), FrozenMap(edges))


def _solved(
    message: str,
    nodes: Mapping[Any, str],
    edges: Mapping[Any, str],
    build: Iterable[Edge],
    tree: Iterable[Hashable] | None = None,
) -> Frame:
    """The question's picture with a network to build drawn as a tree: its edges, and its
    nodes (``tree``, else the ends of its edges) unless they play a role already."""
    build = tuple(build)
    tree = (x for e in build for x in e) if tree is None else tree
    return _frame(
        message, {**dict.fromkeys(tree, "tree"), **nodes}, {**edges, **dict.fromkeys(build, "tree")}
    )


# ---------------------------------------------------------------------------- Kruskal


def _kruskal_order(G: nx.Graph, names: Names) -> list[Edge]:
    """The edges Kruskal adds, in the order it adds them (ties in node order, as the trace)."""
    parent = {v: v for v in G}

    def find(x: Hashable) -> Hashable:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    order = sorted(
        (names.key(u, v) for u, v in G.edges()), key=lambda e: (_weight(G, e), names.sort_key(e))
    )
    added = []
    for u, v in order:
        a, b = find(u), find(v)
        if a != b:
            parent[a] = b
            added.append((u, v))
    return added


def _components(G: nx.Graph, forest: Iterable[Edge]) -> dict[Hashable, int]:
    F: nx.Graph[Hashable] = nx.Graph()
    F.add_nodes_from(G)
    F.add_edges_from(forest)
    return {v: i for i, part in enumerate(nx.connected_components(F)) for v in part}


def _next_choices(G: nx.Graph, names: Names, forest: Sequence[Edge]) -> tuple[list[Edge], Any]:
    """Every edge Kruskal may add next after ``forest`` (ties), and their weight."""
    comp = _components(G, forest)
    joining = [names.key(u, v) for u, v in G.edges() if comp[u] != comp[v]]
    if not joining:
        return [], None
    best = min(_weight(G, e) for e in joining)
    return sorted((e for e in joining if _weight(G, e) == best), key=names.sort_key), best


def _kruskal_moments(G: nx.Graph, added: Sequence[Edge]) -> tuple[list[int], list[int]]:
    """Moments (edges added so far) with at most three right answers: those where a cheap
    edge would close a cycle (traps), and all of them (small)."""
    names = Names(G)
    small, traps = [], []
    for k in range(len(added)):
        choices, best = _next_choices(G, names, added[:k])
        if len(choices) <= 3:
            small.append(k)
            comp = _components(G, added[:k])
            if any(
                comp[u] == comp[v] and names.key(u, v) not in added[:k]
                for u, v in G.edges()
                if _weight(G, (u, v)) <= best
            ):
                traps.append(k)
    return traps, small


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class KruskalNext(Exercise):
    """Which segment does Kruskal's algorithm add next?

    Kruskal takes the edges from the cheapest up and keeps each one that joins two
    different trees of the forest built so far. The exercise stops it after a few additions
    (``forest``) and asks for the next one; every edge of the least weight that joins two
    different trees is right (``answers``), since equal weights may come in any order.

    Examples
    --------
    >>> from workbench.teach.textbook import textbook_graph
    >>> G = textbook_graph()
    >>> ex = KruskalNext.from_forest(G, [("g", "h"), ("c", "i"), ("f", "g")])
    >>> ex.answers, ex.cheapest
    ((('a', 'b'), ('c', 'f')), 4)
    >>> print(ex.check("f - c").message)
    Yes! c-f costs 4, the least of any edge joining two different trees. 2 edges tie at 4
    (a-b and c-f): Kruskal takes them in whatever order it sorted them, so each is a right
    answer.
    >>> ex = KruskalNext.from_forest(G, [*ex.forest, ("a", "b"), ("c", "f")])
    >>> print(ex.check("g-i").message)
    g-i would close a cycle: g and i are already joined by the tree (g-f-c-i). Kruskal
    skips it.
    >>> print(ex.check("a-h").message)
    Kruskal takes the cheapest edge that joins two different trees; a-h costs 8 but c-d
    costs 7.
    """

    kind = "kruskal_next"
    title = "Which segment does Kruskal add next?"
    answer_format = "Write a segment as its two ends joined by '-', like 'Paris-Lyon' or '3,4-4,4'."

    forest: tuple[Edge, ...]
    answers: tuple[Edge, ...]
    cheapest: Any

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> KruskalNext:
        """A random moment of Kruskal's run on ``source`` (a part of a board, or a graph).

        The moment is chosen among those with at most three right answers, preferring one
        where a cheap edge would close a cycle (the trap the exercise is about); on a board,
        up to twelve parts are tried for one with singles and doubles and such a moment.

        Examples
        --------
        >>> from workbench import load_map
        >>> ex = KruskalNext.generate(load_map("maps/tiny.yaml"), seed=2)
        >>> len(ex.graph), ex.check(ex.solution_answer()).correct
        (14, True)
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed)
        tries = 12 if len(G) > _AREA_KRUSKAL + _AREA_KRUSKAL // 3 else 1
        pick: tuple[tuple[bool, bool, bool], nx.Graph, list[Edge], list[int]] | None = None
        for _ in range(tries):  # a part with singles and doubles, and a trap, if one is near
            area = _area(G, rng, _AREA_KRUSKAL)
            added = _kruskal_order(area, Names(area))
            if not added:
                continue
            traps, small = _kruskal_moments(area, added)
            mixed = len({_weight(area, e) for e in area.edges()}) > 1
            score = (mixed and bool(traps), bool(traps), bool(small))
            if pick is None or score > pick[0]:
                pick = (score, area, added, traps or small or list(range(len(added))))
            if all(score):
                break
        if pick is None:
            raise ValueError("Kruskal adds nothing here: the graph has no edge between two nodes")
        _, area, added, moments = pick
        k = rng.choice(moments)
        return cls.from_forest(area, added[:k], board=board, seed=seed)

    @classmethod
    def from_forest(
        cls,
        G: nx.Graph,
        forest: Sequence[Edge],
        *,
        board: Board | None = None,
        seed: int | None = None,
    ) -> KruskalNext:
        """The exercise at the moment Kruskal has added ``forest`` (in that order) to ``G``."""
        names = Names(G)
        forest = tuple(names.key(u, v) for u, v in forest)
        choices, best = _next_choices(G, names, forest)
        if not choices:
            raise ValueError("the forest already spans the graph: Kruskal adds nothing more")
        what = _what(board)
        if forest:
            done = f"It has added these {what}s so far, in this order: " + ", ".join(
                names.segment(e) for e in forest
            )
            ask = f"Which {what} does it add next?"
        else:
            done = f"It has not added any {what} yet"
            ask = f"Which {what} does it add first?"
        question = (
            f"Kruskal's algorithm is building a minimum spanning tree of {_place(board)}"
            f"{_cost_text(board)}. {done}. {ask}"
        )
        in_tree = {x for e in forest for x in e}
        nodes = dict.fromkeys(names.order(in_tree), "tree")
        edges = {names.key(u, v): "candidate" for u, v in G.edges()}
        edges.update(dict.fromkeys(forest, "tree"))
        picture = _frame(f"Kruskal so far: {len(forest)} {what}s in the tree.", nodes, edges)
        solved = {**edges, **dict.fromkeys(choices, "current")}
        solution_picture = _frame("The next one (any of the ties).", nodes, solved)
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            forest=forest,
            answers=tuple(choices),
            cheapest=_num(best),
        )

    def _check(self, answer: Any) -> Feedback:
        names, what = self.names, _what(self.board)
        e = names.edge(answer)
        label = names.segment(e)
        if e in self.forest:
            i = self.forest.index(e) + 1
            return Feedback(
                False,
                f"{label} is already in the tree (Kruskal added it as {what} number {i}). "
                f"Which one comes next?",
            )
        w = _num(_weight(self.graph, e))
        comp = _components(self.graph, self.forest)
        if comp[e[0]] == comp[e[1]]:
            F = nx.Graph(list(self.forest))
            path = "-".join(names.label(v) for v in nx.shortest_path(F, e[0], e[1]))
            return Feedback(
                False,
                f"{label} would close a cycle: {names.label(e[0])} and {names.label(e[1])} are "
                f"already joined by the tree ({path}). Kruskal skips it.",
            )
        if e not in self.answers:
            best = names.segment(self.answers[0])
            return Feedback(
                False,
                f"Kruskal takes the cheapest {what} that joins two different trees; "
                f"{label} costs {w} but {best} costs {self.cheapest}.",
            )
        message = f"Yes! {label} costs {w}, the least of any {what} joining two different trees."
        if len(self.answers) > 1:
            ties = _listing([names.segment(a) for a in self.answers])
            message += (
                f" {len(self.answers)} {what}s tie at {w} ({ties}): Kruskal takes them in "
                f"whatever order it sorted them, so each is a right answer."
            )
        return Feedback(True, message)

    def solution(self) -> str:
        """The next edge (and its ties), and why.

        Examples
        --------
        >>> from workbench.teach.textbook import textbook_graph
        >>> KruskalNext.from_forest(textbook_graph(), []).solution()
        'Kruskal adds g-h next: it costs 1, the cheapest edge joining two different trees.'
        """
        names, what = self.names, _what(self.board)
        first = names.segment(self.answers[0])
        text = (
            f"Kruskal adds {first} next: it costs {self.cheapest}, the cheapest {what} joining "
            f"two different trees."
        )
        if len(self.answers) > 1:
            others = _listing([names.segment(a) for a in self.answers[1:]])
            text += f" These tie with it, and any of them is right: {others}."
        return text

    def solution_answer(self) -> str:
        """The first right answer, as text."""
        return self.names.segment(self.answers[0])

    def trace(self) -> Trace:
        """Kruskal's run on the exercise's graph."""
        return trace("kruskal", self.graph)


# ---------------------------------------------------------------------------- bridges


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class Bridges(Exercise):
    """Which segments are bridges: blocking any one of them cuts the network in two?

    The answer lists them all (``"none"`` when there are none). A segment listed that is
    not a bridge gets the cycle that goes round it; missing ones get a hint, not the answer.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    >>> ex = Bridges.from_graph(G)
    >>> ex.answers, ex.articulation_points
    ((('c', 'd'),), ('c',))
    >>> ex.check("d-c").correct
    True
    >>> print(ex.check("a-b; c-d").message)
    Not quite. a-b is not a bridge: it lies on the cycle a-b-c-a, so if a-b is blocked the
    trains go round the other way.
    >>> print(ex.check("none").message)
    Not quite. There is 1 bridge here. A bridge lies on no cycle: look near c.
    """

    kind = "bridges"
    title = "Which segments are bridges?"
    answer_format = (
        "List the segments separated by semicolons, like 'Paris-Lyon; 3,4-4,4', or answer 'none'."
    )

    answers: tuple[Edge, ...]
    articulation_points: tuple[Hashable, ...]

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> Bridges:
        """A part of a board (or a graph, or a random sparse graph) with a few bridges.

        On a board, parts around up to twelve cities are tried in a seeded order and the
        first with one to five bridges is asked; a given graph is asked as it is.

        Examples
        --------
        >>> ex = Bridges.generate(seed=3)
        >>> len(ex.answers) >= 1, ex.check(ex.solution_answer()).correct
        (True, True)
        """
        rng = random.Random(seed)
        if source is None:
            for _ in range(10):
                G = random_graph(rng.randrange(2**31), n=9, edges_per_node=1.2)
                if 1 <= sum(1 for _ in nx.bridges(G)) <= 4:
                    break
            G.graph["name"] = f"random graph (exercise seed {seed})"
            return cls.from_graph(G, seed=seed)
        G, board = _resolve(source, seed)
        area = _area(G, rng, _AREA_BRIDGES)
        if len(area) < len(G):
            for _ in range(12):
                if 1 <= sum(1 for _ in nx.bridges(area)) <= 5:
                    break
                area = _area(G, rng, _AREA_BRIDGES)
        return cls.from_graph(area, board=board, seed=seed)

    @classmethod
    def from_graph(
        cls, G: nx.Graph, *, board: Board | None = None, seed: int | None = None
    ) -> Bridges:
        """The exercise on ``G`` as it is."""
        names = Names(G)
        bridges = tuple(sorted((names.key(u, v) for u, v in nx.bridges(G)), key=names.sort_key))
        points = tuple(names.order(nx.articulation_points(G)))
        question = (
            f"Which {_what(board)}s of {_place(board)} are bridges: blocking any one of them "
            f"would cut the network in two? List them all (or answer 'none')."
        )
        edges = {names.key(u, v): "candidate" for u, v in G.edges()}
        picture = _frame("Find every bridge.", {}, edges)
        solved = {**edges, **dict.fromkeys(bridges, "bridge")}
        nodes = dict.fromkeys(points, "articulation")
        solution_picture = _frame("The bridges and the articulation points.", nodes, solved)
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            answers=bridges,
            articulation_points=points,
        )

    def _check(self, answer: Any) -> Feedback:
        names = self.names
        given = list(dict.fromkeys(names.edges(answer)))
        wrong = [e for e in given if e not in self.answers]
        found = [e for e in given if e in self.answers]
        missed = [e for e in self.answers if e not in given]
        what = _what(self.board)
        if not wrong and not missed:
            if not self.answers:
                return Feedback(True, f"Right: there is no bridge; every {what} lies on a cycle.")
            if len(self.answers) == 1:
                return Feedback(
                    True,
                    "Yes! The only bridge: no cycle goes through it, so it is the only way "
                    "between its two sides.",
                )
            return Feedback(
                True,
                f"Yes! All {len(self.answers)} bridges: no cycle goes through any of them, so "
                f"each is the only way between its two sides.",
            )
        parts = ["Not quite."]
        if wrong:
            e = wrong[0]
            H = self.graph.copy()
            H.remove_edge(*e)
            way = nx.shortest_path(H, e[1], e[0])
            cycle = "-".join(names.label(v) for v in [e[0], *way])
            label = names.segment(e)
            parts.append(
                f"{label} is not a bridge: it lies on the cycle {cycle}, so if {label} is "
                f"blocked the trains go round the other way."
            )
            if len(wrong) > 1:
                others = _listing([names.segment(x) for x in wrong[1:]])
                parts.append(f"Nor are {others}.")
        if missed:
            total = len(self.answers)
            near = names.label(missed[0][0])
            if found:
                parts.append(f"You found {len(found)} of the {total} bridges.")
            else:
                many = "is 1 bridge" if total == 1 else f"are {total} bridges"
                parts.append(f"There {many} here.")
            parts.append(f"A bridge lies on no cycle: look near {near}.")
        return Feedback(False, " ".join(parts))

    def solution(self) -> str:
        """The bridges and the articulation points.

        Examples
        --------
        >>> import networkx as nx
        >>> print(Bridges.from_graph(nx.path_graph(3)).solution())
        The bridges are 0-1 and 1-2. Blocking any one cuts the network in two. 1 is an
        articulation point: blocking it cuts the network too.
        """
        names = self.names
        what = _what(self.board)
        if not self.answers:
            return f"There is no bridge: every {what} lies on a cycle."
        listed = _listing([names.segment(e) for e in self.answers], 100)
        if len(self.answers) == 1:
            text = f"The only bridge is {listed}. Blocking it cuts the network in two."
        else:
            text = f"The bridges are {listed}. Blocking any one cuts the network in two."
        if self.articulation_points:
            points = [names.label(v) for v in self.articulation_points]
            if len(points) == 1:
                text += f" {points[0]} is an articulation point: blocking it cuts the network too."
            else:
                text += (
                    f" {_listing(points, 100)} are articulation points: blocking any one cuts "
                    f"the network too."
                )
        return text

    def solution_answer(self) -> str:
        """All the bridges, as text."""
        return "; ".join(self.names.segment(e) for e in self.answers) or "none"

    def trace(self) -> Trace:
        """Tarjan's search for bridges on the exercise's graph."""
        return trace("bridges", self.graph)


# ---------------------------------------------------------------------------- hands


def _zeroed(G: nx.Graph, rails: Iterable[Edge]) -> nx.Graph:
    H = G.copy()
    for a in H.edges.values():
        a.setdefault("weight", 1)
    for u, v in rails:
        H.edges[u, v]["weight"] = 0
    return H


def _tree_cost(G: nx.Graph, terminals: Sequence[Hashable]) -> tuple[Any, tuple[Edge, ...]]:
    """The optimum and one optimal tree's edges of positive weight."""
    if len(set(terminals)) < 2:
        return 0, ()
    T = steiner_tree(G, list(terminals))
    names = Names(G)
    build = [names.key(u, v) for u, v, w in T.edges(data="weight", default=1) if w]
    return _num(sum(_weight(G, e) for e in build)), tuple(sorted(build, key=names.sort_key))


def _rails(G: nx.Graph, rng: random.Random, avoid: set[Hashable]) -> tuple[Edge, ...]:
    """An opponent's line: part of a shortest path between two random nodes."""
    names = Names(G)
    nodes = names.order(v for v in G if v not in avoid) or names.order(G)
    a, b = rng.sample(nodes, 2)
    path = nx.shortest_path(G, a, b, weight="weight")
    line = [names.key(u, v) for u, v in itertools.pairwise(path)]
    keep = max(1, (len(line) * 2) // 3)
    return tuple(sorted(line[:keep], key=names.sort_key))


def _grown_from(tree: Iterable[Edge], start: Hashable, fraction: float) -> list[Edge]:
    """The first ``fraction`` of ``tree``'s edges met by a breadth-first walk from ``start``."""
    T: nx.Graph[Any] = nx.Graph(list(tree))
    if start not in T:
        return []
    walk: list[Edge] = [(a, b) for a, b in nx.bfs_edges(T, start, sort_neighbors=_sorted)]
    return walk[: int(len(walk) * fraction)]


def _sorted(nodes: Iterable[Any]) -> list[Any]:
    return sorted(nodes)


def _built_text(board: Board | None, rails: Sequence[Edge]) -> str:
    if not rails:
        return ""
    where = "on the board" if board is not None else "in the graph"
    return f" The rails drawn {where} are already built (by anyone: they cost you nothing)."


def _built(G: nx.Graph, names: Names, rails: Iterable[Any]) -> tuple[tuple[Edge, ...], nx.Graph]:
    """The rails already built (names or nodes), in order, and the cost graph they make."""
    built = tuple(sorted((names.edge(r) for r in rails), key=names.sort_key))
    return built, _zeroed(G, built)


def _hand_text(names: Names, hand: Sequence[Hashable]) -> str:
    return _listing([names.label(v) for v in hand], 100)


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class MissingRails(Exercise):
    """How many rails is this hand missing? (The round's scoring question.)

    The answer is the weight of a minimum Steiner tree joining the start marker and the
    hand's cities, where rails already on the board cost nothing. A wrong count is matched
    against the usual slips (paying for rails already built, counting a double as 1,
    forgetting the start, adding the paths from the start one by one, the greedy
    2-approximation) to say what went wrong.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> ex = MissingRails.from_hand(board, (0, 1), ["Alder", "Ginkgo"])
    >>> ex.cost, ex.check("2 rails").correct
    (2, True)
    >>> print(ex.check(3).message)
    Not quite. That adds up a separate path from the start to each city; branches can share
    segments, so the cheapest network costs less.
    >>> print(ex.check(5).message)
    Too high: there is a cheaper way. Look for branches that can share segments, and for
    rails already on the board.
    """

    kind = "missing_rails"
    title = "What is the missing-rail cost of this hand?"
    answer_format = "Answer with a number of rails, like 12."

    start: Hashable
    hand: tuple[Hashable, ...]
    rails: tuple[Edge, ...]
    cost: Any
    build: tuple[Edge, ...]
    slips: FrozenMap

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> MissingRails:
        """A random hand (one city per color on a board), start point and opponent's line.

        Examples
        --------
        >>> ex = MissingRails.generate(seed=1)
        >>> ex.check(ex.cost).correct
        True
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed, n=10)
        hand = _cities(G, board, rng, 3)
        names = Names(G)
        free = [v for v in names.order(G) if v not in hand]
        start = rng.choice(free or names.order(G))
        # the end of a round: part of the player's own network is built, and an opponent's line
        _, plan = _tree_cost(_zeroed(G, ()), [start, *hand])
        own = _grown_from(plan, start, rng.uniform(0.4, 0.75))
        theirs = _rails(G, rng, {start, *hand}) if G.number_of_edges() > 1 else ()
        rails = sorted(set(own) | set(theirs), key=names.sort_key)
        return cls.from_hand(G if board is None else board, start, hand, rails, seed=seed)

    @classmethod
    def from_hand(
        cls,
        source: Board | nx.Graph,
        start: Any,
        hand: Iterable[Any],
        rails: Iterable[Any] = (),
        *,
        seed: int | None = None,
    ) -> MissingRails:
        """The exercise for a given start, hand (names or nodes) and rails already built."""
        G, board, names = _given(source)
        start = names.node(start)
        hand = tuple(names.node(c) for c in hand)
        rails, H = _built(G, names, rails)
        cost, build = _tree_cost(H, [start, *hand])
        slip = _Slips(cost)

        if rails:
            slip(
                _tree_cost(_zeroed(G, ()), [start, *hand])[0],
                "That is what it costs with an empty board: rails already on the board count "
                "0, whoever built them.",
            )
        if board is not None and any(_weight(G, e) == 2 for e in build):
            ones = H.copy()
            for a in ones.edges.values():
                a["weight"] = min(a["weight"], 1)
            slip(_tree_cost(ones, [start, *hand])[0], "Did you count a double as 1? It costs 2.")
        slip(
            _tree_cost(H, list(hand))[0],
            "That joins your cities but not your start marker: the network must reach it too.",
        )
        dist = nx.single_source_dijkstra_path_length(H, start, weight="weight")
        slip(
            sum(dist[c] for c in hand),
            "That adds up a separate path from the start to each city; branches can share "
            "segments, so the cheapest network costs less.",
        )
        if len({start, *hand}) >= 2:
            approx = trace("steiner_mst", H, terminals=[start, *hand]).result["cost"]
            slip(
                approx,
                "That is the greedy answer (join the closest cities by shortest paths, like "
                "Prim or Kruskal on the distances). It is never more than twice the best, but "
                "here a cleverer network costs less.",
            )
        start_role = {start: "source"}
        nodes = {**dict.fromkeys(hand, "terminal"), **start_role}
        edges = dict.fromkeys(rails, "rail")
        seen = _hand_text(names, hand)
        built = _built_text(board, rails)
        question = (
            f"Your start marker is on {names.label(start)} and your cities are {seen}.{built} "
            f"How many rails are you missing to join your start and all your cities"
            f"{_cost_text(board)}?"
        )
        picture = _frame("Your start, your cities and the rails on the board.", nodes, edges)
        solution_picture = _solved(
            f"One cheapest network: {cost} rails to build.", nodes, edges, build
        )
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            start=start,
            hand=hand,
            rails=rails,
            cost=cost,
            build=build,
            slips=slip.frozen(),
        )

    def _check(self, answer: Any) -> Feedback:
        return _check_number(
            answer,
            self.cost,
            self.slips,
            self._explain(),
            "Too low: no network joins your start and all your cities with that few "
            "rails. Check that every city is joined, and that each double counts 2.",
            "Too high: there is a cheaper way. Look for branches that can share segments, "
            "and for rails already on the board.",
        )

    def _explain(self, limit: int = 8) -> str:
        names = self.names
        doubles = sum(1 for e in self.build if _weight(self.graph, e) == 2)
        kinds = (
            f" ({_count(len(self.build) - doubles, 'single')} and {_count(doubles, 'double')})"
            if self.board is not None
            else ""
        )
        if not self.build:
            return "0 rails: your start and your cities are already joined."
        segments = _listing([names.segment(e) for e in self.build], limit)
        return (
            f"{_count(self.cost, 'rail')}: the cheapest network joining your start and your "
            f"cities builds {_count(len(self.build), 'segment')}{kinds}, for example {segments}."
        )

    def solution(self) -> str:
        """The count and one optimal set of segments to build.

        Examples
        --------
        >>> import networkx as nx
        >>> print(MissingRails.from_hand(nx.path_graph(4), 0, [3], rails=[(1, 2)]).solution())
        2 rails: the cheapest network joining your start and your cities builds 2 segments,
        for example 0-1 and 2-3.
        """
        return self._explain(limit=100)

    def solution_answer(self) -> Any:
        """The count."""
        return self.cost

    def trace(self) -> Trace:
        """The exact Steiner program on the cost graph (rails at 0), start and hand."""
        terminals = [self.start, *self.hand]
        return trace("steiner_dp", _zeroed(self.graph, self.rails), terminals=terminals)


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class StartMarker(Exercise):
    """Where should the start marker go, to miss as few rails as possible?

    With the marker on ``v`` the hand misses the weight of a minimum Steiner tree joining
    ``v`` and the cities; the least of those is the tree of the cities alone, reached
    exactly at the points of some cheapest network joining them (``best``). Any of those
    points is right, and a wrong one is told how many rails it costs more.

    Examples
    --------
    >>> import networkx as nx
    >>> ex = StartMarker.from_hand(nx.path_graph(5), [1, 3])
    >>> ex.best, ex.best_cost
    ((1, 2, 3), 2)
    >>> ex.check("2").correct
    True
    >>> print(ex.check(4).message)
    Not the best spot: with the marker on 4 you would miss 3 rails, but 2 is possible
    (1 more). The best spots lie on a cheapest network joining your cities.
    """

    kind = "start_marker"
    title = "Where should the start marker go?"
    answer_format = "Answer with a point like '12,7' or a city's name."

    hand: tuple[Hashable, ...]
    rails: tuple[Edge, ...]
    costs: FrozenMap
    best: tuple[Hashable, ...]
    best_cost: Any
    build: tuple[Edge, ...]

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> StartMarker:
        """A random hand (one city per color on a board) and, one time in two, a line of rails.

        Examples
        --------
        >>> ex = StartMarker.generate(seed=2)
        >>> ex.check(ex.solution_answer()).correct
        True
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed, n=10)
        hand = _cities(G, board, rng, 3)
        rails = _rails(G, rng, set(hand)) if rng.random() < 0.5 and G.number_of_edges() else ()
        return cls.from_hand(G if board is None else board, hand, rails, seed=seed)

    @classmethod
    def from_hand(
        cls,
        source: Board | nx.Graph,
        hand: Iterable[Any],
        rails: Iterable[Any] = (),
        *,
        seed: int | None = None,
    ) -> StartMarker:
        """The exercise for a given hand (names or nodes) and rails already built."""
        G, board, names = _given(source)
        hand = tuple(names.node(c) for c in hand)
        if not hand:
            raise ValueError("a hand needs at least one city")
        rails, H = _built(G, names, rails)
        costs = {v: _num(c) for v, c in steiner_cost_to_all(H, list(hand)).items()}
        best_cost = min(costs.values())
        best = tuple(names.order(v for v, c in costs.items() if c == best_cost))
        _, build = _tree_cost(H, list(hand))
        nodes = dict.fromkeys(hand, "terminal")
        edges = dict.fromkeys(rails, "rail")
        built = _built_text(board, rails)
        question = (
            f"Your cities are {_hand_text(names, hand)}.{built} Where should you put your "
            f"start marker so that you miss as few rails as possible{_cost_text(board)}?"
        )
        picture = _frame("Your cities and the rails on the board.", nodes, edges)
        solution_picture = _solved(
            f"The best spots: every point on a cheapest network ({best_cost} rails).",
            nodes,
            edges,
            build,
            tree=best,
        )
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            hand=hand,
            rails=rails,
            costs=FrozenMap(costs),
            best=best,
            best_cost=best_cost,
            build=build,
        )

    def _check(self, answer: Any) -> Feedback:
        v = self.names.node(answer)
        label = self.names.label(v)
        cost = self.costs[v]
        if cost == self.best_cost:
            return Feedback(
                True,
                f"Yes! With the marker on {label} you miss {cost} rails, the fewest possible: "
                f"{label} lies on a cheapest network joining your cities, so the marker costs "
                f"nothing extra.",
            )
        return Feedback(
            False,
            f"Not the best spot: with the marker on {label} you would miss {cost} rails, but "
            f"{self.best_cost} is possible ({_num(cost - self.best_cost)} more). The best spots "
            f"lie on a cheapest network joining your cities.",
        )

    def solution(self) -> str:
        """The best spots and what they cost.

        Examples
        --------
        >>> import networkx as nx
        >>> print(StartMarker.from_hand(nx.path_graph(5), [1, 3]).solution())
        Anywhere on a cheapest network joining your cities: 3 points (1, 2 and 3). With the
        marker there you miss 2 rails.
        """
        spots = _listing([self.names.label(v) for v in self.best], 8)
        return (
            f"Anywhere on a cheapest network joining your cities: {len(self.best)} points "
            f"({spots}). With the marker there you miss {self.best_cost} rails."
        )

    def solution_answer(self) -> str:
        """A best spot, as text: the middle one of a cheapest network in node order."""
        return self.names.label(self.best[len(self.best) // 2])

    def trace(self) -> Trace:
        """The exact Steiner program joining the hand (rails at 0)."""
        return trace("steiner_dp", _zeroed(self.graph, self.rails), terminals=list(self.hand))


# ---------------------------------------------------------------------------- Dijkstra


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class DijkstraOrder(Exercise):
    """In which order does Dijkstra's algorithm settle (finish) these cities?

    Dijkstra settles nodes by increasing distance from the source, so the right orders are
    exactly those with non-decreasing distances: cities at equal distance may come in
    either order, and the feedback says which ones tie.

    Examples
    --------
    >>> from workbench.teach.textbook import textbook_graph
    >>> ex = DijkstraOrder.from_cities(textbook_graph(), "a", ["e", "b", "c", "h"])
    >>> dict(ex.distance)
    {'e': 21, 'b': 4, 'c': 12, 'h': 8}
    >>> ex.check("b, h, c, e").correct
    True
    >>> print(ex.check("b, c, h, e").message)
    You put c before h, but Dijkstra settles h first: h is 8 from a and c is 12. Dijkstra
    always settles the closest node still waiting.
    """

    kind = "dijkstra_order"
    title = "Order these cities by Dijkstra's finishing order"
    answer_format = (
        "Write the names in order, closest first, separated by commas: 'Paris, Lyon, Rome'."
    )

    source: Hashable
    cities: tuple[Hashable, ...]
    distance: FrozenMap

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> DijkstraOrder:
        """A random start (a city on a board) and five other cities (a hand of one per color).

        Examples
        --------
        >>> from workbench import load_map
        >>> ex = DijkstraOrder.generate(load_map("maps/trans_europa.yaml"), seed=1)
        >>> len(ex.cities), ex.check(ex.solution_answer()).correct
        (5, True)
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed, n=9)
        names = Names(G)
        if board is not None:
            origin = rng.choice(names.order(c.at for c in board.cities if c.at in G))
            cities = [c for c in _cities(G, board, rng, 5) if c != origin]
        else:
            origin = rng.choice(names.order(G))
            others = [v for v in names.order(G) if v != origin]
            cities = rng.sample(others, min(5, len(others)))
        rng.shuffle(cities)
        return cls.from_cities(G if board is None else board, origin, cities, seed=seed)

    @classmethod
    def from_cities(
        cls,
        source: Board | nx.Graph,
        origin: Any,
        cities: Iterable[Any],
        *,
        seed: int | None = None,
    ) -> DijkstraOrder:
        """The exercise for a start ``origin`` and the ``cities`` to order (names or nodes)."""
        G, board, names = _given(source)
        origin = names.node(origin)
        cities = tuple(dict.fromkeys(names.node(c) for c in cities))
        dist = nx.single_source_dijkstra_path_length(G, origin, weight="weight")
        unreachable = [names.label(c) for c in cities if c not in dist]
        if unreachable:
            raise ValueError(f"Dijkstra from {names.label(origin)} never reaches {unreachable}")
        distance = FrozenMap({c: _num(dist[c]) for c in cities})
        listed = _listing([names.label(c) for c in cities], 100)
        question = (
            f"Dijkstra's algorithm starts at {names.label(origin)}{_cost_text(board)}. In which "
            f"order does it settle these: {listed}? Closest first."
        )
        picture = _frame(
            "The start and the cities to order.",
            {**dict.fromkeys(cities, "terminal"), origin: "source"},
            {},
        )
        paths = nx.single_source_dijkstra_path(G, origin, weight="weight")
        on_paths = {names.key(u, v) for c in cities for u, v in itertools.pairwise(paths[c])}
        solution_picture = _frame(
            "Shortest paths from the start.",
            {**dict.fromkeys(cities, "visited"), origin: "source"},
            dict.fromkeys(on_paths, "path"),
        )
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            source=origin,
            cities=cities,
            distance=distance,
        )

    def _ties(self) -> list[list[Hashable]]:
        groups: dict[Any, list[Hashable]] = {}
        for c in self.cities:
            groups.setdefault(self.distance[c], []).append(c)
        return [groups[d] for d in sorted(groups) if len(groups[d]) > 1]

    def _check(self, answer: Any) -> Feedback:
        names = self.names
        given = names.nodes(answer)
        src = names.label(self.source)
        unit = " rails" if self.board is not None else ""
        extra = [c for c in given if c not in self.cities]
        if extra:
            wanted = _listing([names.label(c) for c in self.cities], 100)
            if extra[0] == self.source:
                return Feedback(
                    False,
                    f"{src} is the start (settled first, at 0); order only these: {wanted}.",
                )
            return Feedback(
                False, f"{names.label(extra[0])} is not one of the cities to order ({wanted})."
            )
        repeated = [c for i, c in enumerate(given) if c in given[:i]]
        if repeated:
            return Feedback(False, f"You listed {names.label(repeated[0])} twice.")
        missing = [c for c in self.cities if c not in given]
        if missing:
            left = _listing([names.label(c) for c in missing], 100)
            return Feedback(False, f"You left out {left}: order all {len(self.cities)} of them.")
        d = self.distance
        for i, c in enumerate(given):
            later = min(given[i + 1 :], key=lambda x: d[x], default=None)
            if later is not None and d[later] < d[c]:
                return Feedback(
                    False,
                    f"You put {names.label(c)} before {names.label(later)}, but Dijkstra settles "
                    f"{names.label(later)} first: {names.label(later)} is {d[later]}{unit} from "
                    f"{src} and {names.label(c)} is {d[c]}{unit}. Dijkstra always settles the "
                    f"closest node still waiting.",
                )
        message = "Yes! That is the order of their distances from " + src + "."
        for group in self._ties():
            tied = _listing([names.label(c) for c in group], 100)
            if len(group) == 2:
                message += (
                    f" {tied} are both {d[group[0]]}{unit} away: Dijkstra may settle either "
                    f"one first (its queue breaks the tie), so both orders are right."
                )
            else:
                message += (
                    f" {tied} are all {d[group[0]]}{unit} away: Dijkstra may settle them in "
                    f"any order (its queue breaks the tie), so any order of them is right."
                )
        return Feedback(True, message)

    def solution(self) -> str:
        """The order, with distances; ties marked.

        Examples
        --------
        >>> import networkx as nx
        >>> DijkstraOrder.from_cities(nx.star_graph(3), 1, [0, 2, 3]).solution()
        '1 first (0), then 0 (1), then 2 and 3 (2, either order).'
        """
        names = self.names
        groups: dict[Any, list[Hashable]] = {}
        for c in sorted(self.cities, key=lambda x: (self.distance[x], names.sort_key((x, x)))):
            groups.setdefault(self.distance[c], []).append(c)
        steps = []
        for dist, group in groups.items():
            label = _listing([names.label(c) for c in group], 100)
            steps.append(f"{label} ({dist}{', either order' if len(group) > 1 else ''})")
        return f"{names.label(self.source)} first (0), then " + ", then ".join(steps) + "."

    def solution_answer(self) -> str:
        """The cities by distance, as text."""
        order = sorted(self.cities, key=lambda x: (self.distance[x], self.names.sort_key((x, x))))
        return ", ".join(self.names.label(c) for c in order)

    def trace(self) -> Trace:
        """Dijkstra's run from the start."""
        return trace("dijkstra", self.graph, source=self.source)


# ---------------------------------------------------------------------------- Ticket to Ride

_TRAIL_ROUTES = 10  # routes in a generated player's network
_FOREST_AREA = 20  # nodes of a part of a board a hand of tickets is asked on


def _network(G: nx.Graph, rng: random.Random, count: int) -> list[Edge]:
    """About ``count`` edges of ``G`` forming one connected network: a random tree, then more."""
    names = Names(G)
    edges = sorted((names.key(u, v) for u, v in G.edges()), key=names.sort_key)
    rng.shuffle(edges)
    parent = {v: v for v in G}

    def find(x: Hashable) -> Hashable:
        while parent[x] != x:
            parent[x] = x = parent[parent[x]]
        return x

    start = rng.choice(names.order(G))
    grown, chosen = {start}, list[Edge]()
    while len(chosen) < count:
        step = [e for e in edges if (e[0] in grown) != (e[1] in grown)]
        if not step:
            break
        e = step[0]
        grown.update(e)
        chosen.append(e)
        parent[find(e[0])] = find(e[1])
    inner = [e for e in edges if e[0] in grown and e[1] in grown and e not in chosen]
    chosen += inner[: max(0, count - len(chosen)) + 2]
    return sorted(chosen, key=names.sort_key)


def _ticket(names: Names, ticket: Any) -> Edge:
    """A ticket as a pair of nodes: a pair of names or nodes, or text like ``"Paris-Wien"``."""
    if isinstance(ticket, str):
        for i, ch in enumerate(ticket):
            if ch in "-–—":
                try:
                    a, b = names.node(ticket[:i].strip()), names.node(ticket[i + 1 :].strip())
                except ValueError:
                    continue
                if a != b:
                    return names.key(a, b)
        raise ValueError(f"I can't read {ticket!r} as a ticket: write two cities joined by '-'.")
    a, b = (names.node(x) for x in ticket)
    if a == b:
        raise ValueError(f"A ticket joins two different cities, not {names.label(a)} twice.")
    return names.key(a, b)


def _around_cities(G: nx.Graph, rng: random.Random, count: int) -> nx.Graph:
    """The part of a board around a random city that holds ``count`` cities, with a margin
    of a third more points (the whole board if it has fewer cities)."""
    names = Names(G)
    cities = names.order(v for v, c in G.nodes(data="city") if c)
    if len(cities) <= count:
        return G.copy()
    centre = rng.choice(cities)
    seen, found, stop = [centre], 1, None
    for _, v in nx.bfs_edges(G, centre, sort_neighbors=names.order):
        seen.append(v)
        found += bool(G.nodes[v].get("city"))
        if found == count and stop is None:
            stop = len(seen) + len(seen) // 3
        if stop is not None and len(seen) >= stop:
            break
    return _induced(G, seen)


def _holding(G: nx.Graph, routes: Iterable[Edge]) -> nx.Graph:
    """The player's network: ``routes`` of ``G`` with their weights."""
    H: nx.Graph[Hashable] = nx.Graph()
    H.add_edges_from((u, v, {"weight": _weight(G, (u, v))}) for u, v in routes)
    return H


def _greedy_walk(H: nx.Graph) -> Any:
    """The longest trail found by always taking the longest unused route, from any city."""
    best: Any = 0
    for start in H:
        used: set[frozenset[Hashable]] = set()
        u, total = start, 0
        while True:
            options = [
                (H.edges[u, v].get("weight", 1), str(v), v)
                for v in H[u]
                if frozenset((u, v)) not in used
            ]
            if not options:
                break
            w, _, v = max(options)
            used.add(frozenset((u, v)))
            total += w
            u = v
        best = max(best, total)
    return best


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class LongestTrail(Exercise):
    """How long is the longest continuous path of these routes? (Ticket to Ride's bonus.)

    The answer is the length of a longest trail: a walk along the routes that uses each
    one at most once and may pass a city again. A wrong number is matched against the
    usual slips (a path that never passes a city twice, every route at once, a greedy walk,
    routes counted instead of their lengths).

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([("A", "B"), ("B", "C"), ("C", "A"), ("A", "D"), ("D", "E"), ("E", "A"),
    ...               ("B", "F"), ("D", "G"), ("C", "H")])
    >>> ex = LongestTrail.from_routes(G, G.edges())
    >>> ex.length, ex.check("7").correct
    (7, True)
    >>> print(ex.check(6).message)
    Not quite. That is the longest path that never passes a city twice. A trail may pass a
    city again, as long as it uses no route twice: go round a loop.
    >>> print(ex.check(9).message)
    Not quite. That uses every route, but no trail can: a trail uses two routes at every
    city it passes through, so only its two ends may have an odd number of routes, and
    this network has 6 such cities.
    """

    kind = "longest_trail"
    title = "How long is the longest continuous path?"
    answer_format = "Answer with a length, like 12."

    routes: tuple[Edge, ...]
    length: Any
    trail: tuple[Hashable, ...]
    slips: FrozenMap

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> LongestTrail:
        """A player's network of about ten routes on a part of a board (or a graph).

        Examples
        --------
        >>> ex = LongestTrail.generate(seed=2)
        >>> ex.check(ex.length).correct, len(ex.routes) <= 12
        (True, True)
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed, n=9)
        area = _area(G, rng, 9)
        routes = _network(area, rng, _TRAIL_ROUTES)
        return cls.from_routes(area, routes, board=board, seed=seed)

    @classmethod
    def from_routes(
        cls,
        source: Board | nx.Graph,
        routes: Iterable[Any],
        *,
        board: Board | None = None,
        seed: int | None = None,
    ) -> LongestTrail:
        """The exercise for a player holding ``routes`` (pairs or text) of ``source``."""
        G, board, names = _given(source, board)
        chosen = tuple(sorted({names.edge(r) for r in routes}, key=names.sort_key))
        H = _holding(G, chosen)
        result = trail_search(H, max_frames=2).result  # the answer, not the frames
        length = result["length"]
        slip = _Slips(length)

        paths = [
            nx.path_weight(H, p, "weight")
            for a, b in itertools.combinations(names.order(H), 2)
            for p in nx.all_simple_paths(H, a, b)
        ]
        slip(
            max(paths, default=0),
            "That is the longest path that never passes a city twice. A trail may pass a "
            "city again, as long as it uses no route twice: go round a loop.",
        )
        odd = sum(1 for _, d in H.degree() if d % 2)
        slip(
            H.size(weight="weight"),
            "That uses every route, but no trail can: a trail uses two routes at every city "
            "it passes through, so only its two ends may have an odd number of routes, and "
            f"this network has {odd} such cities.",
        )
        slip(
            _greedy_walk(H),
            "That is a greedy walk, always taking the longest route next: it gets stuck "
            "early. Try starting elsewhere, or keep a long route for later.",
        )
        if any(_weight(H, e) != 1 for e in H.edges()):
            slip(len(result["edges"]), "That counts the routes; add up their lengths.")
        seen = _listing([names.label(v) for v in names.order(H)], 100)
        what = "segments" if board is not None else f"edges (joining {seen})"
        question = (
            f"A player holds the highlighted {what}. How long is their longest "
            "continuous path: a trail along their routes that uses each route at most once "
            "but may pass a city again? Add up the lengths (the weights) of its routes."
        )
        rails = dict.fromkeys(chosen, "rail")
        picture = _frame("The player's routes.", {}, rails)
        trail_nodes: dict[Hashable, str] = dict.fromkeys(result["nodes"], "visited")
        if result["nodes"]:
            trail_nodes[result["nodes"][0]] = "source"
            trail_nodes[result["nodes"][-1]] = "current"
        solution_picture = _frame(
            f"A longest trail: {length} long.",
            trail_nodes,
            {**rails, **dict.fromkeys(result["edges"], "best")},
        )
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            routes=chosen,
            length=length,
            trail=result["nodes"],
            slips=slip.frozen(),
        )

    def _check(self, answer: Any) -> Feedback:
        return _check_number(
            answer,
            self.length,
            self.slips,
            self.solution(),
            "Too short: there is a longer trail. Start at a city with an odd number of routes "
            "and use the loops: a trail may pass a city again.",
            "Too long: no trail along these routes is that long. Check that your trail "
            "uses no route twice and that you added each route once.",
        )

    def solution(self) -> str:
        """The length and one longest trail.

        Examples
        --------
        >>> import networkx as nx
        >>> print(LongestTrail.from_routes(nx.path_graph(3), [(0, 1), (1, 2)]).solution())
        2: for example the trail 0 → 1 → 2, 2 routes.
        """
        names = self.names
        if not self.trail:
            return "0: there is no route."
        steps = " → ".join(names.label(v) for v in self.trail)
        count = _count(len(self.trail) - 1, "route")
        return f"{_num(self.length)}: for example the trail {steps}, {count}."

    def solution_answer(self) -> Any:
        """The length."""
        return _num(self.length)

    def trace(self) -> Trace:
        """The exact search on the player's routes."""
        return trail_search(_holding(self.graph, self.routes))


@dataclass(frozen=True, eq=False, kw_only=True, repr=False)
class TicketForest(Exercise):
    """What is the cheapest network completing this hand of tickets? (A Steiner forest.)

    The answer is the total weight of the cheapest set of edges joining each ticket's two
    cities; it may be in several pieces. A wrong number is matched against one shortest
    path per ticket (their union, or their plain sum) and one tree over every city.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph()
    >>> G.add_weighted_edges_from([("a", "L", 1), ("c", "L", 1), ("L", "R", 4), ("R", "b", 1),
    ...     ("R", "d", 1), ("a", "b", 5), ("c", "d", 5), ("R", "x", 9), ("x", "y", 1)])
    >>> ex = TicketForest.from_tickets(G, [("a", "b"), ("c", "d"), ("x", "y")])
    >>> ex.cost, ex.check("9").correct
    (9, True)
    >>> print(ex.check(11).message)
    Not quite. That is one shortest path per ticket. Tickets can share routes: a network
    joining several tickets at once can cost less than their paths.
    >>> print(ex.check(18).message)
    Not quite. That joins every city in one tree. Tickets far apart need not be joined to
    each other: the network may be in several pieces.
    """

    kind = "ticket_forest"
    title = "What does the cheapest network for these tickets cost?"
    answer_format = "Answer with a number, like 12."

    tickets: tuple[Edge, ...]
    cost: Any
    groups: tuple[tuple[Edge, ...], ...]
    build: tuple[Edge, ...]
    slips: FrozenMap

    @classmethod
    def generate(cls, source: Board | nx.Graph | None = None, seed: int = 0) -> TicketForest:
        """Three tickets on a part of a board (or a graph), a forest beating both easy answers
        when one of a few tries finds such a hand.

        Examples
        --------
        >>> ex = TicketForest.generate(seed=1)
        >>> ex.check(ex.cost).correct, len(ex.tickets)
        (True, 3)
        """
        rng = random.Random(seed)
        G, board = _resolve(source, seed, n=12)
        area = _area(G, rng, _FOREST_AREA) if board is None else _around_cities(G, rng, 6)
        names = Names(area)
        nodes = names.order(v for v, c in area.nodes(data="city") if c)
        if len(nodes) < 6:
            nodes = names.order(area)
        hand: list[Edge] = []
        for _ in range(8):
            picks = rng.sample(nodes, min(6, len(nodes)))
            hand = [names.key(picks[i], picks[i + 1]) for i in range(0, len(picks) - 1, 2)]
            r = forest_search(area, hand, max_frames=2).result
            if r["cost"] < min(r["paths_cost"], r["tree_cost"]):
                break
        return cls.from_tickets(area, hand, board=board, seed=seed)

    @classmethod
    def from_tickets(
        cls,
        source: Board | nx.Graph,
        tickets: Iterable[Any],
        *,
        board: Board | None = None,
        seed: int | None = None,
    ) -> TicketForest:
        """The exercise for a hand of ``tickets`` (pairs of cities, or text like ``"a-b"``)."""
        G, board, names = _given(source, board)
        hand = tuple(dict.fromkeys(_ticket(names, t) for t in tickets))
        result = forest_search(G, hand, max_frames=2).result
        cost = result["cost"]
        slip = _Slips(cost)

        slip(
            result["paths_cost"],
            "That is one shortest path per ticket. Tickets can share routes: a network "
            "joining several tickets at once can cost less than their paths.",
        )
        each = sum(nx.shortest_path_length(G, a, b, weight="weight") for a, b in hand)
        if each != result["paths_cost"]:
            slip(
                each,
                "That adds up each ticket's shortest path, paying twice for routes they share.",
            )
        slip(
            result["tree_cost"],
            "That joins every city in one tree. Tickets far apart need not be joined to "
            "each other: the network may be in several pieces.",
        )
        listed = _listing([names.segment(t) for t in hand], 100)
        question = (
            f"Your tickets are {listed}: each asks for its two cities to be joined by your "
            "routes. What is the least total length (weight) of routes that completes every "
            "ticket? The network may be in several pieces."
        )
        ends = dict.fromkeys((v for t in hand for v in t), "terminal")
        picture = _frame("The cities of your tickets.", ends, {})
        build = tuple(result["edges"])
        solution_picture = _solved(f"A cheapest network: {_num(cost)}.", ends, {}, build)
        return cls(
            **_shown(G, board, seed, question, picture, solution_picture),
            tickets=hand,
            cost=cost,
            groups=tuple(result["groups"]),
            build=build,
            slips=slip.frozen(),
        )

    def _check(self, answer: Any) -> Feedback:
        return _check_number(
            answer,
            self.cost,
            self.slips,
            self.solution(),
            "Too low: no network that cheap completes every ticket. Check that each "
            "ticket's two cities are joined.",
            "Too high: there is a cheaper network. Let tickets that go the same way share "
            "routes, and leave tickets far apart in separate pieces.",
        )

    def solution(self) -> str:
        """The cost, and which tickets share a piece.

        Examples
        --------
        >>> import networkx as nx
        >>> print(TicketForest.from_tickets(nx.path_graph(4), [(0, 1), (2, 3)]).solution())
        2: 2 pieces, {0-1} and {2-3}, for example 0-1 and 2-3.
        """
        names = self.names
        pieces = ["{" + ", ".join(names.segment(t) for t in group) + "}" for group in self.groups]
        routes = _listing([names.segment(e) for e in self.build], 100)
        count = _count(len(self.groups), "piece")
        return f"{_num(self.cost)}: {count}, {_listing(pieces, 100)}, for example {routes}."

    def solution_answer(self) -> Any:
        """The cost."""
        return _num(self.cost)

    def trace(self) -> Trace:
        """The exact forest: every group's tree, every split of the hand."""
        return forest_search(self.graph, self.tickets)


EXERCISES: Mapping[str, type[Exercise]] = {
    cls.kind: cls
    for cls in (
        KruskalNext,
        Bridges,
        MissingRails,
        StartMarker,
        DijkstraOrder,
        LongestTrail,
        TicketForest,
    )
}
"""Every kind of exercise by name, in the order of a lesson."""


def exercise(kind: str, source: Board | nx.Graph | None = None, seed: int = 0) -> Exercise:
    """Generate an exercise of ``kind`` on a board, a graph, or (``None``) a random graph.

    Parameters
    ----------
    kind : str
        A key of :data:`EXERCISES`.
    source : Board, networkx Graph or None
    seed : int
        The same seed gives the same exercise.

    Returns
    -------
    Exercise

    Raises
    ------
    ValueError
        If ``kind`` is unknown.

    Examples
    --------
    >>> from workbench import load_map
    >>> ex = exercise("missing_rails", load_map("maps/tiny.yaml"), seed=5)
    >>> ex.check(ex.cost).correct, ex.check(ex.cost + 1).correct
    (True, False)
    >>> exercise("dfs")
    Traceback (most recent call last):
    ...
    ValueError: unknown exercise 'dfs'; choose one of: kruskal_next, bridges, missing_rails, ...
    """
    cls = EXERCISES.get(kind)
    if cls is None:
        raise ValueError(f"unknown exercise {kind!r}; choose one of: {', '.join(EXERCISES)}")
    return cls.generate(source, seed=seed)
