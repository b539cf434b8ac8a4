"""The values a trace is made of: frozen role maps, frames and traces, and their recorder.

A :class:`Frame` is one picture of an algorithm at work: which nodes and edges play which
role (a UI colours them from :data:`NODE_ROLES` and :data:`EDGE_ROLES`), the state of its
data structure (queue, priority queue, union-find sets, a row of a table), the line of
pseudo-code being run and one sentence saying what happened. A :class:`Trace` is the
frames of one run and its result.

Frames only hold immutable values (tuples, :class:`FrozenMap`), so a frame can be kept,
compared and shared; rows that do not change between frames are the same objects.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DEFAULT_MAX_FRAMES",
    "EDGE_ROLES",
    "NODE_ROLES",
    "Frame",
    "FrozenMap",
    "Recorder",
    "Trace",
]

DEFAULT_MAX_FRAMES = 5000
"""Frames kept per trace unless ``max_frames=`` says otherwise.

On Trans Europa (357 points, 883 segments) breadth-first search and Dijkstra take about 730
frames, Prim and Kruskal about 880, Tarjan's bridges about 1,160 and the exact Steiner program
on 8 cities 250, so every algorithm fits on the shipped boards. Past the cap the first
``max_frames - 1`` frames and the last one are kept and :attr:`Trace.dropped` counts the rest.
"""

NODE_ROLES = (
    "source",  # where a search starts (min_cut: s)
    "sink",  # min_cut: t
    "terminal",  # a node a Steiner tree must join
    "current",  # the node being worked on in this frame
    "frontier",  # discovered, waiting in a queue / on the DFS stack / a candidate
    "visited",  # finished (settled, dequeued, on the source side of a cut)
    "tree",  # in the tree being built
    "articulation",  # a cut vertex (bridges)
    "rejected",  # pruned (a non-terminal leaf of a Steiner tree)
)
"""Every role a node can have in a frame; a UI maps each one to a colour."""

EDGE_ROLES = (
    "current",  # the edge being looked at in this frame
    "candidate",  # waiting in a priority queue, or proposed
    "tree",  # in the tree (search tree, spanning tree, Steiner tree)
    "rejected",  # looked at and turned down (it would close a cycle, pruned)
    "back",  # a DFS back edge (bridges)
    "path",  # on a shortest / augmenting path
    "flow",  # carries a unit of flow (min_cut)
    "cut",  # in the minimum cut
    "bridge",  # its removal disconnects the graph
    "rail",  # a rail already on the board (exercises about hands)
    "best",  # the best found so far (the longest trail, the cheapest split of a hand)
)
"""Every role an edge can have in a frame; a UI maps each one to a colour."""


class FrozenMap(Mapping[Any, Any]):
    """An immutable, hashable mapping (a frame's roles and state).

    Examples
    --------
    >>> m = FrozenMap({"a": 1})
    >>> m["a"], m == {"a": 1}, hash(m) == hash(FrozenMap({"a": 1}))
    (1, True, True)
    >>> m
    FrozenMap({'a': 1})
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[Any, Any] | None = None) -> None:
        self._data: dict[Any, Any] = dict(data) if data is not None else {}
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


EMPTY = FrozenMap()


@dataclass(frozen=True)
class Frame:
    """One step of an algorithm, ready to draw.

    Attributes
    ----------
    line : int
        The index of the pseudo-code line being run, into :attr:`Trace.pseudocode`.
    message : str
        One sentence saying what happened.
    nodes : FrozenMap
        ``node -> role`` (one of :data:`NODE_ROLES`); nodes not listed play no role.
    edges : FrozenMap
        ``(u, v) -> role`` (one of :data:`EDGE_ROLES`); ``u`` before ``v`` in the graph's
        node order (sorted when the nodes sort), so a board's edges are its segment keys.
    state : FrozenMap
        The data structures by name (``"queue"``, ``"distance"``, ``"sets"``, ``"row"``...).

    Examples
    --------
    >>> f = Frame(0, "Start.", FrozenMap({1: "source"}), FrozenMap(), FrozenMap({"queue": (1,)}))
    >>> f.nodes[1], f.state["queue"]
    ('source', (1,))
    """

    line: int
    message: str
    nodes: FrozenMap = EMPTY
    edges: FrozenMap = EMPTY
    state: FrozenMap = EMPTY


@dataclass(frozen=True)
class Trace:
    """The frames of one run of an algorithm and its result.

    Attributes
    ----------
    name : str
        The algorithm's name in :data:`workbench.teach.ALGORITHMS`.
    pseudocode : tuple of str
        The algorithm's pseudo-code; :attr:`Frame.line` indexes it.
    frames : tuple of Frame
        The steps, in order; the last one shows the answer.
    result : dict
        The final answer (what each algorithm returns is documented with it).
    dropped : int
        Frames left out past ``max_frames`` (0 unless the cap was reached).

    Examples
    --------
    >>> import networkx as nx
    >>> from workbench.teach import trace
    >>> t = trace("bfs", nx.path_graph(3), source=0)
    >>> t
    <Trace 'bfs': 7 frames, result keys ['level', 'parent']>
    >>> t.pseudocode[t.frames[-1].line]
    'return level'
    """

    name: str
    pseudocode: tuple[str, ...]
    frames: tuple[Frame, ...]
    result: dict[str, Any] = field(default_factory=dict)
    dropped: int = 0

    def __len__(self) -> int:
        return len(self.frames)

    def __repr__(self) -> str:
        more = f", {self.dropped} dropped" if self.dropped else ""
        return (
            f"<Trace {self.name!r}: {len(self.frames)} frames{more}, "
            f"result keys {sorted(self.result)!r}>"
        )


State = Mapping[str, Any] | Callable[[], Mapping[str, Any]]


class Recorder:
    """Collects the frames of a run, snapshotting the caller's role dicts.

    ``state`` may be a mapping or a function returning one, so that a frame past the cap
    costs nothing to skip.

    Examples
    --------
    >>> rec = Recorder("demo", ("step", "done"), max_frames=2)
    >>> rec.add(0, "One.", {1: "current"}, {}, {})
    >>> rec.add(0, "Two.", {1: "current"}, {}, {})
    >>> rec.final(1, "Done.", {1: "visited"}, {}, lambda: {"n": 1})
    >>> t = rec.trace({"n": 1})
    >>> [f.message for f in t.frames], t.dropped
    (['One.', 'Done.'], 1)
    """

    def __init__(self, name: str, pseudocode: tuple[str, ...], max_frames: int) -> None:
        if max_frames < 2:
            raise ValueError(f"max_frames must be at least 2 (first and last), got {max_frames!r}")
        self.name = name
        self.pseudocode = pseudocode
        self.max_frames = max_frames
        self.frames: list[Frame] = []
        self.dropped = 0

    def wants(self) -> bool:
        """Whether the next :meth:`add` keeps its frame."""
        return len(self.frames) < self.max_frames - 1

    def add(
        self,
        line: int,
        message: str,
        nodes: Mapping[Hashable, str],
        edges: Mapping[Hashable, str],
        state: State,
    ) -> None:
        """Record a frame, unless the cap is reached (then count it as dropped)."""
        if not self.wants():
            self.dropped += 1
            return
        self._append(line, message, nodes, edges, state)

    def final(
        self,
        line: int,
        message: str,
        nodes: Mapping[Hashable, str],
        edges: Mapping[Hashable, str],
        state: State,
    ) -> None:
        """Record the last frame, which is always kept."""
        self._append(line, message, nodes, edges, state)

    def _append(
        self,
        line: int,
        message: str,
        nodes: Mapping[Hashable, str],
        edges: Mapping[Hashable, str],
        state: State,
    ) -> None:
        if not 0 <= line < len(self.pseudocode):
            raise AssertionError(f"{self.name}: line {line!r} is not in the pseudo-code")
        values = state() if callable(state) else state
        self.frames.append(
            Frame(line, message, FrozenMap(nodes), FrozenMap(edges), FrozenMap(values))
        )

    def trace(self, result: dict[str, Any]) -> Trace:
        """The finished trace."""
        return Trace(self.name, self.pseudocode, tuple(self.frames), result, self.dropped)
