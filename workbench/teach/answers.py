"""Names for nodes and segments, and forgiving readers for a learner's answers.

An exercise asks about a graph whose nodes may be board points ``(col, row)``, city names
on those points, or the letters of a textbook graph. :class:`Names` gives each node the
name a learner sees (the city's name, else ``[col, row]``, else ``str(node)``) and reads
answers back in any of the forms people type: city names in any case, with or without
accents or dots (``"st louis"`` for ``St. Louis``); points as ``3,4``, ``[3, 4]`` or
``(3, 4)``; a segment as two of those joined by ``-``, ``to`` or a space, in either order
(``"3,4-4,4"``, ``"Lyon - Paris"``); lists separated by commas, semicolons or new lines.
Python values work too: a node, a pair of nodes, a list of pairs.

What cannot be read raises ``ValueError`` with a message meant for the learner.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import networkx as nx

__all__ = ["Names", "normalise"]

Edge = tuple[Hashable, Hashable]

_POINT = re.compile(r"[\[(]?\s*(\d+)\s*,\s*(\d+)\s*[\])]?")
_PAIR_SEPARATORS = re.compile(r"\s*(?:-|–|—|→|/|\bto\b|\band\b)\s*|\s+", re.IGNORECASE)
_LIST_SEPARATORS = re.compile(r"\s*(?:[,;\n|>]|→|\bthen\b)\s*", re.IGNORECASE)
_MARK = "\x00"


def normalise(text: str) -> str:
    """Fold a name for comparison: no accents, lower case, dots and spaces squeezed.

    Examples
    --------
    >>> normalise("  St. Louis "), normalise("KRAKÓW"), normalise("Salt  Lake City")
    ('st louis', 'krakow', 'salt lake city')
    """
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.sub(r"[.\s]+", " ", folded.casefold()).strip()


def _is_point(v: object) -> bool:
    return (
        isinstance(v, tuple)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    )


class Names:
    """How the nodes of ``G`` are called, and how to read nodes and segments from answers.

    A node with a ``city`` attribute (a board's graph has them) is called by the city's
    name; a lattice point by ``[col, row]``; any other node by ``str(node)``.

    Parameters
    ----------
    G : networkx Graph

    Examples
    --------
    >>> from workbench import load_map
    >>> names = Names(load_map("maps/tiny.yaml").graph())
    >>> names.node("alder"), names.node("2,0"), names.label((2, 0)), names.label((4, 0))
    ((1, 1), (2, 0), 'Ginkgo', '[4, 0]')
    >>> names.edge("[2, 0]-alder"), names.edge(((2, 0), (1, 1)))
    (((1, 1), (2, 0)), ((1, 1), (2, 0)))
    >>> names.edges("1,1-2,0; 0,1 to 1,1")
    [((1, 1), (2, 0)), ((0, 1), (1, 1))]
    >>> names.node("Alderr")
    Traceback (most recent call last):
    ...
    ValueError: I don't know a city or point called 'Alderr' (did you mean Alder, Elder?).
    """

    def __init__(self, G: nx.Graph) -> None:
        self.G = G
        self.points = len(G) > 0 and all(_is_point(v) for v in G)
        self._by_name: dict[str, Hashable] = {}
        self._labels: dict[Hashable, str] = {}
        for v, data in G.nodes(data=True):
            city = data.get("city")
            if city:
                label = str(city)
            elif _is_point(v):
                label = f"[{v[0]}, {v[1]}]"
            else:
                label = str(v)
            self._labels[v] = label
            self._by_name.setdefault(normalise(label), v)
            if not self.points:
                self._by_name.setdefault(normalise(str(v)), v)
        try:
            self._rank = {v: i for i, v in enumerate(sorted(G))}
        except TypeError:
            self._rank = {v: i for i, v in enumerate(G)}

    @property
    def what(self) -> str:
        """What a node is called in messages: ``"city or point"`` or ``"node"``."""
        return "city or point" if self.points else "node"

    def label(self, v: Hashable) -> str:
        """The name of node ``v`` as a learner sees it."""
        return self._labels.get(v, str(v))

    def segment(self, e: Edge) -> str:
        """The name of edge ``e``: its two ends' names joined by ``-``.

        Examples
        --------
        >>> import networkx as nx
        >>> Names(nx.Graph([("a", "b")])).segment(("a", "b"))
        'a-b'
        """
        return f"{self.label(e[0])}-{self.label(e[1])}"

    def key(self, u: Hashable, v: Hashable) -> Edge:
        """The edge ``{u, v}`` with its ends in node order (as the traces write edges)."""
        return (u, v) if self._rank[u] <= self._rank[v] else (v, u)

    def sort_key(self, e: Edge) -> tuple[int, int]:
        """Order edges as the traces do: by their ends' places in node order."""
        return (self._rank[e[0]], self._rank[e[1]])

    def order(self, nodes: Iterable[Hashable]) -> list[Hashable]:
        """``nodes`` in the graph's node order."""
        return sorted(nodes, key=self._rank.__getitem__)

    # ------------------------------------------------------------------ reading answers

    def _lookup(self, text: str) -> Hashable | None:
        if self.points:
            m = _POINT.fullmatch(text.strip())
            if m:
                p = (int(m.group(1)), int(m.group(2)))
                return p if p in self.G else None
        return self._by_name.get(normalise(text))

    def node(self, answer: Any) -> Hashable:
        """Read one node: a name, a point's text, or the node itself.

        Raises
        ------
        ValueError
            With a message for the learner (close matches suggested).
        """
        if not isinstance(answer, str):
            if isinstance(answer, list):
                answer = tuple(answer)
            try:
                if answer in self.G:
                    return answer
            except TypeError:
                pass
            raise ValueError(f"{answer!r} is not a {self.what} of this graph.")
        found = self._lookup(self._unmask(answer))
        if found is not None:
            return found
        text = self._unmask(answer).strip()
        if self.points and _POINT.fullmatch(text):
            raise ValueError(f"{text} is not a point of this board.")
        close = difflib.get_close_matches(normalise(text), list(self._by_name), n=3, cutoff=0.7)
        hint = ""
        if close:
            hint = f" (did you mean {', '.join(self.label(self._by_name[c]) for c in close)}?)"
        raise ValueError(f"I don't know a {self.what} called {text!r}{hint}.")

    def _mask(self, text: str) -> tuple[str, list[str]]:
        """Replace each point's text by a marker, so its comma does not split a list."""
        if not self.points:
            return text, []
        found: list[str] = []

        def keep(m: re.Match[str]) -> str:
            found.append(m.group(0))
            return f"{_MARK}{len(found) - 1}{_MARK}"

        return _POINT.sub(keep, text), found

    def _unmask(self, text: str, found: Sequence[str] = ()) -> str:
        return re.sub(f"{_MARK}(\\d+){_MARK}", lambda m: found[int(m.group(1))], text)

    def _edge_from_text(self, text: str, found: Sequence[str]) -> Edge:
        whole = self._unmask(text, found).strip()
        if not whole:
            raise ValueError("That answer is empty: write a segment like 'Paris-Lyon'.")
        splits = [
            m for m in _PAIR_SEPARATORS.finditer(text) if m.start() > 0 and m.end() < len(text)
        ]
        # explicit separators first, then single spaces (names may hold spaces)
        splits.sort(key=lambda m: m.group(0).strip() == "")
        for m in splits:
            a = self._lookup(self._unmask(text[: m.start()], found))
            b = self._lookup(self._unmask(text[m.end() :], found))
            if a is not None and b is not None:
                return self._checked_edge(a, b)
        parts = [p for p in re.split(r"\s*(?:-|–|—|→|\bto\b)\s*", text) if p.strip()]
        if len(parts) == 2:
            for part in parts:  # say which end could not be read
                self.node(self._unmask(part, found))
        raise ValueError(
            f"I could not read {whole!r} as a segment: write its two ends joined by '-', "
            f"like 'Paris-Lyon' or '3,4-4,4'."
        )

    def _checked_edge(self, a: Hashable, b: Hashable) -> Edge:
        if a == b:
            raise ValueError(f"Both ends are {self.label(a)}: a segment joins two places.")
        if not self.G.has_edge(a, b):
            raise ValueError(
                f"{self.label(a)} and {self.label(b)} are not joined by a segment "
                f"(a segment joins two neighbours)."
            )
        return self.key(a, b)

    def edge(self, answer: Any) -> Edge:
        """Read one edge: text like ``"3,4-4,4"`` or ``"Paris - Lyon"``, or a pair of nodes.

        Returns the edge with its ends in node order.

        Raises
        ------
        ValueError
            If it cannot be read, or its ends are not neighbours.
        """
        if isinstance(answer, str):
            text, found = self._mask(answer)
            return self._edge_from_text(text, found)
        if isinstance(answer, Sequence) and len(answer) == 2:
            return self._checked_edge(self.node(answer[0]), self.node(answer[1]))
        raise ValueError(f"I could not read {answer!r} as a segment: give its two ends.")

    def edges(self, answer: Any) -> list[Edge]:
        """Read a list of edges; ``""``, ``"none"`` or ``[]`` is the empty list.

        Repeats are kept (the caller decides what a repeat means).
        """
        if answer is None:
            return []
        if isinstance(answer, str):
            if normalise(answer) in {"", "none", "no", "nothing", "-", "0"}:
                return []
            text, found = self._mask(answer)
            chunks = [c for c in re.split(r"\s*(?:[;\n|]|\band\b)\s*", text) if c.strip()]
            out: list[Edge] = []
            for chunk in chunks:
                try:
                    out.append(self._edge_from_text(chunk, found))
                except ValueError:
                    pieces = [p for p in chunk.split(",") if p.strip()]
                    if len(pieces) < 2:
                        raise
                    out.extend(self._edge_from_text(p, found) for p in pieces)
            return out
        if isinstance(answer, Sequence) and len(answer) == 2 and not _is_edge_like(answer[0]):
            return [self.edge(answer)]
        return [self.edge(item) for item in answer]

    def nodes(self, answer: Any) -> list[Hashable]:
        """Read a list of nodes, in the order given (commas, semicolons, ``>`` or ``then``)."""
        if isinstance(answer, str):
            text, found = self._mask(answer)
            return [
                self.node(self._unmask(part, found))
                for part in _LIST_SEPARATORS.split(text)
                if part.strip()
            ]
        return [self.node(item) for item in answer]


def _is_edge_like(item: Any) -> bool:
    """A pair whose items are themselves pairs or strings with a separator (an edge)."""
    if isinstance(item, str):
        return bool(re.search(r"-|–|\bto\b", item))
    return isinstance(item, Sequence) and len(item) == 2 and not _is_point(item)
