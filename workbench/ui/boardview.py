"""A board and a game on it, as one Bokeh figure that a widget updates in place.

:class:`BoardView` draws a :class:`~workbench.maps.board.Board` with
:func:`~workbench.ui.render.board_figure` and adds the layers of a game, each a named glyph
renderer over a :class:`~bokeh.models.ColumnDataSource` of its own (see :data:`VIEW_NAMES`):

* ``"rails"`` -- every rail on the board, black (the base game's rails belong to no one);
* ``"colored-rails"`` -- colored rails, in their owner's color, when the state has them;
* ``"turn-rails"`` -- a halo in the player's color under the rails of the turn being played
  (or of any turn :meth:`BoardView.highlight` names);
* ``"tree"`` -- an optimal completion (dashed, in the player's color): the segments still to
  build, from a :class:`~workbench.analysis.costs.Completion`;
* ``"hand"`` -- rings in the player's color around the cities of a hand;
* ``"markers"`` and ``"marker-labels"`` -- start markers, hexagons in the player's color
  with the seat number on them, so that color is never the only cue.

:meth:`BoardView.update` only replaces the data of those sources, so a widget shows a new
state without building a new figure (a few milliseconds on the Europe board). The designer's
overlays of :mod:`workbench.ui.report` (the segment-usage heatmap and the start heatmap) go on
the same figure with :meth:`BoardView.show_usage` and :meth:`BoardView.show_start_heatmap`.

The view's ranges and frame are fixed (:attr:`BoardView.frame`): one plane unit is the same
number of pixels across and up, so a point's place on the canvas can be computed, which is
what browser tests do to click on it.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bokeh.core.properties import field
from bokeh.embed import components, file_html
from bokeh.events import Event, Tap
from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.models.annotations import LabelSet
from bokeh.models.glyph import Glyph
from bokeh.models.glyphs import Circle, Scatter, Segment
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure
from bokeh.resources import INLINE

from workbench.analysis.costs import Completion
from workbench.files import write_atomic
from workbench.maps.lattice import edge, plane_xy, point_name
from workbench.ui.render import PADDING, board_extent, board_figure, bokehjs_once

if TYPE_CHECKING:
    import pandas as pd

    from workbench.games.trans_europa import TransEuropaState as State
    from workbench.maps.board import Board
    from workbench.maps.lattice import Edge, Point

__all__ = ["PLAYER_COLORS", "VIEW_NAMES", "BoardView", "Frame", "colored_rails", "player_color"]

PLAYER_COLORS: tuple[str, ...] = (
    "#EE3377",  # magenta
    "#225522",  # dark green
    "#7B2FBE",  # violet
    "#999933",  # olive
    "#AA4499",  # purple
    "#3F007D",  # deep violet
)
"""The colors of seats 0 to 5, chosen to stand apart from the board and from each other.

None of them is a color the board already uses for something else: water and rivers are
blue, mountains and brown cards brown, the other cards white, pink, orange and turquoise, rails
black. Each is at least 25 (CIE76 Delta E) from every such color, and 6 under simulated
protanopia, deuteranopia and tritanopia (the matrices of Machado, Oliveira and Fernandes,
2009); any two are at least 20 apart with normal vision and with each of those deficiencies.
Most come from Paul Tol's color-blind-safe schemes. Markers also carry their seat number,
so color is never the only cue. ``tests/ui/test_boardview.py`` checks these distances.

References: G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A physiologically-based
model for simulation of color vision deficiency", *IEEE TVCG* 15(6), 2009,
doi:10.1109/TVCG.2009.113; P. Tol, *Colour schemes* (SRON/EPS/TN/09-002, 2021).
"""

_LABEL_TEXT: tuple[str, ...] = ("white", "white", "white", "black", "white", "white")
"""Text color of the seat number on each seat's marker: the one that reads best on it."""

VIEW_NAMES: tuple[str, ...] = (
    "tree",
    "turn-rails",
    "colored-rails-casing",
    "colored-rails",
    "rails",
    "hand",
    "markers",
)
"""The ``name`` of every glyph renderer :class:`BoardView` adds to the board, bottom to top.

The seat numbers on the markers are a :class:`~bokeh.models.LabelSet` called
``"marker-labels"``. ``"tree"`` to ``"rails"`` lie under the board's points and cities;
``"hand"`` and ``"markers"`` over them.
"""

RAIL = "#111111"
"""Color of a rail (any player's)."""
RAIL_WIDTH = 4.5
"""Width of a rail, in pixels."""
COLORED_WIDTH = 5.0
"""Width of a colored rail, in pixels (drawn over a black casing 2 pixels wider)."""
HALO_WIDTH = 11.0
"""Width of the halo under the rails of the highlighted turn, in pixels."""
TREE_WIDTH = 5.0
"""Width of the dashed lines of an optimal completion, in pixels."""
MARKER_SIZE = 19.0
"""Size of a start marker, in pixels."""
HAND_RADIUS = 0.47
"""Radius of the ring around a city of a hand, in plane units."""
CITY_NAME_LAYERS = ("city-names-halo", "city-names")
"""The board's city names (halo, then text), drawn over everything the view adds."""
DUPLICATE_TAP = 0.3
"""Seconds within which a second tap at the very same coordinates is taken as a repeat."""

Columns = dict[str, Any]
"""The data of a ColumnDataSource: column name -> list of values."""

_SEGMENT_COLUMNS = ("x0", "y0", "x1", "y1", "between", "kind")
_EMPTY: dict[str, tuple[str, ...]] = {
    "tree": (*_SEGMENT_COLUMNS, "color", "cost", "total"),
    "turn-rails": (*_SEGMENT_COLUMNS, "color"),
    "colored-rails": (*_SEGMENT_COLUMNS, "color", "seat"),
    "rails": _SEGMENT_COLUMNS,
    "hand": ("x", "y", "color", "name"),
    "markers": ("x", "y", "seat", "label", "who", "point", "color", "text", "missing"),
}
"""The columns of each source (``"colored-rails-casing"`` shares ``"colored-rails"``'s)."""

_STYLE: dict[str, dict[str, Any]] = {
    "tree": {
        "line_color": field("color"),
        "line_width": TREE_WIDTH,
        "line_dash": [7, 4],
        "line_alpha": 0.95,
        "line_cap": "round",
    },
    "turn-rails": {
        "line_color": field("color"),
        "line_width": HALO_WIDTH,
        "line_alpha": 0.55,
        "line_cap": "round",
    },
    "colored-rails-casing": {
        "line_color": RAIL,
        "line_width": COLORED_WIDTH + 2,
        "line_cap": "round",
    },
    "colored-rails": {
        "line_color": field("color"),
        "line_width": COLORED_WIDTH,
        "line_cap": "round",
    },
    "rails": {"line_color": RAIL, "line_width": RAIL_WIDTH, "line_cap": "round"},
    "hand": {
        "radius": HAND_RADIUS,
        "fill_color": None,
        "line_color": field("color"),
        "line_width": 3.5,
    },
    "markers": {
        "marker": "hex",
        "size": MARKER_SIZE,
        "fill_color": field("color"),
        "line_color": RAIL,
        "line_width": 1.5,
    },
    "marker-labels": {
        "text_align": "center",
        "text_baseline": "middle",
        "text_font_size": "8pt",
        "text_font_style": "bold",
    },
}
"""How each layer is drawn: keyword arguments of its Bokeh glyph (radii in plane units)."""


def player_color(seat: int) -> str:
    """The color of seat ``seat`` (:data:`PLAYER_COLORS`, repeating past six seats).

    Examples
    --------
    >>> player_color(0), player_color(1)
    ('#EE3377', '#225522')
    """
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def _pieces(state: Any) -> dict[Edge, tuple[int | None, ...]]:
    """The engine's ``pieces``: segment -> owners of its rails (``None`` for a black rail);
    a :class:`~workbench.engine.State` keeps a mapping, an observation a tuple of pairs."""
    pieces = getattr(state, "pieces", None)
    if not pieces:
        return {}
    items = pieces.items() if isinstance(pieces, Mapping) else pieces
    return {edge(*key): tuple(owners) for key, owners in items}


def colored_rails(state: Any) -> list[tuple[Edge, int]]:
    """The colored rails of ``state`` as ``(segment, seat)`` pairs; ``[]`` if it has none.

    Colored rails (the Vexation expansion, the 2018 edition) belong to one player's network.
    The engine keeps them in ``state.pieces``: segment -> the owners of its rails, a seat
    for a colored rail and ``None`` for a black one (a two-rail ferry may hold both). A state
    without them (the base game) gives ``[]``.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> colored_rails(SimpleNamespace(pieces={((2, 1), (1, 1)): (None, 1)}))
    [(((1, 1), (2, 1)), 1)]
    >>> colored_rails(object())
    []
    """
    out = [
        (segment, int(seat))
        for segment, owners in _pieces(state).items()
        for seat in owners
        if seat is not None
    ]
    return sorted(set(out))


def _rails_of(state: Any) -> list[Edge]:
    """The segments with a black rail: every rail but those only colored rails hold."""
    pieces = _pieces(state)
    rails = (edge(a, b) for a, b in getattr(state, "rails", ()))
    return sorted(s for s in rails if s not in pieces or None in pieces[s])


@dataclass(frozen=True)
class Frame:
    """Where the plane sits in the figure's canvas: fixed ranges, size and borders.

    ``x_start`` .. ``x_end`` (plane units) fill ``width`` pixels and ``y_start`` .. ``y_end``
    fill ``height`` pixels, at the same scale; the frame's left edge is ``left`` pixels from
    the canvas's left edge and its bottom edge ``bottom`` pixels above the canvas's bottom
    (a title and a toolbar go above the frame, so measuring from the bottom is exact).

    Examples
    --------
    >>> frame = Frame(0.0, 10.0, 0.0, 5.0, 400, 200, 4, 4)
    >>> frame.scale, frame.pixel(5.0, 0.0)
    (40.0, (204.0, 4.0))
    """

    x_start: float
    x_end: float
    y_start: float
    y_end: float
    width: int
    height: int
    left: int
    bottom: int

    @property
    def scale(self) -> float:
        """Pixels per plane unit."""
        return self.width / (self.x_end - self.x_start)

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        """The canvas pixel of plane point ``(x, y)``: from the left, and up from the bottom.

        Examples
        --------
        >>> Frame(0.0, 10.0, 0.0, 5.0, 400, 200, 4, 4).pixel(10.0, 5.0)
        (404.0, 204.0)
        """
        return (
            self.left + (x - self.x_start) * self.scale,
            self.bottom + (y - self.y_start) * self.scale,
        )


def _fix_frame(fig: figure, board: Board, width: int) -> Frame:
    """Give ``fig`` fixed ranges and a fixed frame of ``width`` pixels at one scale."""
    xmin, xmax, ymin, ymax = board_extent(board)
    border = int(fig.min_border or 0)
    frame_width = width - 2 * border
    x0, x1 = xmin - PADDING, max(xmax, xmin + 1.0) + PADDING
    scale = frame_width / (x1 - x0)
    y0 = ymin - PADDING
    frame_height = max(120, round((max(ymax, ymin + 1.0) + PADDING - y0) * scale))
    y1 = y0 + frame_height / scale
    fig.x_range = Range1d(start=x0, end=x1, name="x-range")
    fig.y_range = Range1d(start=y0, end=y1, name="y-range")
    fig.match_aspect = False  # the ranges and the frame already have one scale
    fig.frame_width, fig.frame_height = frame_width, frame_height
    fig.min_border_left = fig.min_border_right = fig.min_border_bottom = border
    return Frame(x0, x1, y0, y1, frame_width, frame_height, border, border)


def _insert_below(fig: figure, renderer: GlyphRenderer[Any], below: Sequence[str]) -> None:
    """Insert ``renderer`` under the first renderer named in ``below`` (else on top)."""
    names = [getattr(r, "name", None) for r in fig.renderers]
    for name in below:
        if name in names:
            fig.renderers.insert(names.index(name), renderer)
            return
    fig.renderers.append(renderer)


def _segments(board: Board, keys: Iterable[Edge], **extra: Sequence[Any]) -> Columns:
    """Columns for a ``Segment`` glyph: one row per segment key, plus ``extra`` columns."""
    data: Columns = {column: [] for column in _SEGMENT_COLUMNS}
    for key in keys:
        (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
        s = board.segments.get(key)
        data["x0"].append(x0)
        data["y0"].append(y0)
        data["x1"].append(x1)
        data["y1"].append(y1)
        data["between"].append(f"{_point_label(board, key[0])} - {_point_label(board, key[1])}")
        if s is None:
            data["kind"].append("not a segment")
        else:
            data["kind"].append(s.kind if s.terrain is None else f"{s.kind} ({s.terrain})")
    for column, values in extra.items():
        data[column] = list(values)
    return data


def _point_label(board: Board, p: Point) -> str:
    """``"Paris [10, 7]"`` for a city's point, ``"[10, 8]"`` for any other."""
    city = board.city_at(p)
    return point_name(p) if city is None else f"{city.name} {point_name(p)}"


class BoardView:
    """A board, and optionally a game state, drawn as one Bokeh figure that updates fast.

    Parameters
    ----------
    board : Board
        The board to draw.
    state : State, optional
        A game state to draw: rails, colored rails, start markers and this turn's rails.
    width : int, optional
        Width of the figure in pixels (the height follows the board's proportions).
    title : str, optional
        The figure's title; the board's name by default.
    players : sequence of str, optional
        A name per seat, shown when hovering a marker (``"seat 2"`` by default).
    tree : Completion, optional
        An optimal completion to draw (see :meth:`show_tree`).
    city_costs : mapping of city name to number, optional
        A figure per city, shown when hovering it (see :meth:`set_city_costs`).

    Attributes
    ----------
    board : Board
    figure : bokeh.plotting.figure
        The figure; the same object for the view's whole life.
    frame : Frame
        The figure's fixed ranges and frame, to turn plane points into canvas pixels.
    sources : dict of str to ColumnDataSource
        The data of each layer by renderer name (:data:`VIEW_NAMES`).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa as Game, PlaceMarker, PlaceRail
    >>> board = load_map("maps/tiny.yaml")
    >>> state = Game(board, players=2, seed=1).new_state()
    >>> view = BoardView(board, state, width=500)
    >>> state.apply(PlaceMarker((1, 1))); state.apply(PlaceMarker((7, 4)))
    >>> state.apply(PlaceRail(((1, 1), (2, 1))))
    >>> view.update(state)
    >>> view.sources["rails"].data["between"], view.sources["markers"].data["label"]
    (['Alder [1, 1] - [2, 1]'], ['0', '1'])
    """

    def __init__(
        self,
        board: Board,
        state: State | None = None,
        *,
        width: int = 900,
        title: str | None = None,
        players: Sequence[str] | None = None,
        tree: Completion | None = None,
        city_costs: Mapping[str, float] | None = None,
    ) -> None:
        self.board = board
        self.players: tuple[str, ...] | None = None if players is None else tuple(players)
        fig = board_figure(board, width=width, title=title)
        self.frame = _fix_frame(fig, board, width)
        self.figure = fig
        self.sources: dict[str, ColumnDataSource] = {}
        self._last: dict[str, Columns] = {}
        self._missing: dict[int, int] = {}
        renderers = {}
        for name in VIEW_NAMES:
            source_name = "colored-rails" if name == "colored-rails-casing" else name
            if source_name not in self.sources:
                columns = _EMPTY.get(source_name, _SEGMENT_COLUMNS)
                self.sources[source_name] = ColumnDataSource(
                    {column: [] for column in columns}, name=f"{source_name}-source"
                )
            glyph: Glyph
            if name == "hand":
                glyph = Circle(x="x", y="y", **_STYLE[name])
            elif name == "markers":
                glyph = Scatter(x="x", y="y", **_STYLE[name])
            else:
                glyph = Segment(x0="x0", y0="y0", x1="x1", y1="y1", **_STYLE[name])
            renderer = GlyphRenderer(data_source=self.sources[source_name], glyph=glyph, name=name)
            below = [] if name in ("hand", "markers") else ["points", "cities-dashed", "cities"]
            _insert_below(fig, renderer, below)
            renderers[name] = renderer
        labels = LabelSet(
            x="x",
            y="y",
            text="label",
            source=self.sources["markers"],
            name="marker-labels",
            text_color=field("text"),
            **_STYLE["marker-labels"],
        )
        fig.add_layout(labels)
        # city names last: over the markers and their numbers, so a marker never hides one
        names = [a for a in fig.center if getattr(a, "name", "") in CITY_NAME_LAYERS]
        fig.center = [a for a in fig.center if a not in names] + names
        fig.add_tools(
            HoverTool(
                renderers=[renderers["markers"]],
                tooltips=[
                    ("start marker", "seat @label: @who"),
                    ("point", "@point"),
                    ("missing rails", "@missing"),
                ],
                name="marker-hover",
            ),
            HoverTool(
                renderers=[renderers["rails"], renderers["colored-rails"]],
                tooltips=[("rail", "@between"), ("segment", "@kind")],
                name="rail-hover",
            ),
            HoverTool(
                renderers=[renderers["tree"]],
                tooltips=[
                    ("to build", "@between"),
                    ("segment", "@kind: @cost rail(s)"),
                    ("completion", "@total rails in all"),
                ],
                name="tree-hover",
            ),
        )
        if city_costs is not None:
            self.set_city_costs(city_costs)
        if state is not None:
            self.update(state)
        if tree is not None:
            self.show_tree(tree)

    # ------------------------------------------------------------------ building blocks

    def _set(self, name: str, data: Columns) -> None:
        """Replace a source's data, unless it is what the source already shows."""
        if self._last.get(name) == data:
            return
        self._last[name] = data
        self.sources[name].data = data

    def _who(self, seat: int) -> str:
        if self.players is not None and seat < len(self.players):
            return self.players[seat]
        return f"seat {seat}"

    # ------------------------------------------------------------------ public API

    def update(
        self, state: State | None, *, turn: tuple[int, Sequence[Edge]] | None = None
    ) -> None:
        """Draw ``state``: its rails, colored rails, markers and this turn's rails.

        Only the data of the view's sources change (the figure stays), so a widget showing
        the figure redraws at once. ``None`` clears the game layers.

        Parameters
        ----------
        state : State or None
            The state to draw. Colored rails are read with :func:`colored_rails`.
        turn : (seat, segments), optional
            The rails to put a halo under, in that seat's color (see :meth:`highlight`);
            by default the rails of the turn being played (``state.placed``).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import TransEuropa as Game
        >>> board = load_map("maps/tiny.yaml")
        >>> state = Game(board, players=2, seed=1).new_state()
        >>> view = BoardView(board)
        >>> fig = view.figure
        >>> view.update(state); view.update(None)
        >>> view.figure is fig, view.sources["markers"].data["x"]
        (True, [])
        """
        board = self.board
        if state is None:
            self._set("rails", _segments(board, ()))
            self._set("colored-rails", _segments(board, (), color=[], seat=[]))
            self._set("markers", {key: [] for key in _EMPTY["markers"]})
            self.highlight(())
            return
        self._set("rails", _segments(board, _rails_of(state)))
        colored = colored_rails(state)
        self._set(
            "colored-rails",
            _segments(
                board,
                [s for s, _ in colored],
                color=[player_color(seat) for _, seat in colored],
                seat=[seat for _, seat in colored],
            ),
        )
        markers: Columns = {key: [] for key in _EMPTY["markers"]}
        for seat, p in enumerate(state.markers):
            if p is None:
                continue
            x, y = plane_xy(p)
            missing = self._missing.get(seat)
            markers["x"].append(x)
            markers["y"].append(y)
            markers["seat"].append(seat)
            markers["label"].append(str(seat))
            markers["who"].append(self._who(seat))
            markers["point"].append(_point_label(board, p))
            markers["color"].append(player_color(seat))
            markers["text"].append(_LABEL_TEXT[seat % len(_LABEL_TEXT)])
            markers["missing"].append("?" if missing is None else str(missing))
        self._set("markers", markers)
        if turn is None:
            on_turn = state.to_play
            turn = (on_turn or 0, state.placed if on_turn is not None else ())
        self.highlight(turn[1], turn[0])

    def set_missing(self, missing: Sequence[int | None]) -> None:
        """Missing-rail counts per seat, shown when hovering a marker (until the next call).

        Examples
        --------
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> view.set_missing([3, None])
        >>> view._missing
        {0: 3}
        """
        self._missing = {seat: int(v) for seat, v in enumerate(missing) if v is not None}
        data: Columns = dict(self.sources["markers"].data)
        data["missing"] = [str(self._missing.get(int(seat), "?")) for seat in data.get("seat", [])]
        self._set("markers", data)

    def highlight(self, segments: Iterable[Edge], seat: int = 0) -> None:
        """Put a halo in ``seat``'s color under ``segments`` (a turn's rails); ``()`` clears.

        Examples
        --------
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> view.highlight([((2, 1), (1, 1))], seat=1)
        >>> view.sources["turn-rails"].data["color"]
        ['#225522']
        """
        keys = [edge(a, b) for a, b in segments]
        color = player_color(seat)
        self._set("turn-rails", _segments(self.board, keys, color=[color] * len(keys)))

    def show_tree(
        self, tree: Completion | Iterable[Edge] | None, seat: int = 0, double_cost: int = 2
    ) -> None:
        """Draw an optimal completion: the segments still to build, dashed in ``seat``'s color.

        Parameters
        ----------
        tree : Completion, iterable of segments, or None
            A :class:`~workbench.analysis.costs.Completion` (its ``build`` segments, with its
            ``cost`` as the total), or the segments themselves; ``None`` clears the overlay.
        seat : int, optional
            Whose color to draw in.
        double_cost : int, optional
            Rails a double is shown to cost in the hover when ``tree`` is not a Completion.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.analysis import missing_rails
        >>> board = load_map("maps/tiny.yaml")
        >>> done = missing_rails(board, [], (0, 1), ["Alder", "Ginkgo"])
        >>> view = BoardView(board, tree=done)
        >>> view.sources["tree"].data["between"], view.sources["tree"].data["total"]
        (['[0, 1] - Alder [1, 1]', 'Alder [1, 1] - Ginkgo [2, 0]'], [2, 2])
        """
        if tree is None:
            self._set("tree", _segments(self.board, (), color=[], cost=[], total=[]))
            return
        segments = tree.build if isinstance(tree, Completion) else tree
        keys = sorted(edge(a, b) for a, b in segments)
        costs = [self._cost(key, double_cost) for key in keys]
        total = int(tree.cost) if isinstance(tree, Completion) else sum(costs)
        color = player_color(seat)
        self._set(
            "tree",
            _segments(
                self.board,
                keys,
                color=[color] * len(keys),
                cost=costs,
                total=[total] * len(keys),
            ),
        )

    def _cost(self, key: Edge, double_cost: int) -> int:
        s = self.board.segments.get(key)
        return double_cost if s is not None and s.kind == "double" else 1

    def show_hand(self, cities: Iterable[str], seat: int = 0) -> None:
        """Ring the cities of a hand in ``seat``'s color; an empty hand clears the rings.

        Examples
        --------
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> view.show_hand(["Alder", "Birch"], seat=2)
        >>> view.sources["hand"].data["name"], view.sources["hand"].data["color"][0]
        (['Alder', 'Birch'], '#7B2FBE')
        """
        self.show_hands({seat: list(cities)})

    def show_hands(self, hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]]) -> None:
        """Ring the cities of several hands, each in its seat's color (a round's reveal).

        Parameters
        ----------
        hands : mapping seat -> city names, or one hand per seat in seat order

        Examples
        --------
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> view.show_hands([["Alder"], ["Birch", "Cedar"]])
        >>> view.sources["hand"].data["color"] == [player_color(0)] + [player_color(1)] * 2
        True
        """
        items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
        data: Columns = {key: [] for key in _EMPTY["hand"]}
        for seat, cities in items:
            for name in cities:
                x, y = plane_xy(self.board.city(name).at)
                data["x"].append(x)
                data["y"].append(y)
                data["color"].append(player_color(seat))
                data["name"].append(name)
        self._set("hand", data)

    def set_city_costs(self, costs: Mapping[str, float], label: str = "cost") -> None:
        """Show a figure per city (e.g. what it adds to its hands) when hovering it.

        Cities missing from ``costs`` show ``NaN``.

        Examples
        --------
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> view.set_city_costs({"Alder": 2.5}, label="adds (rails)")
        >>> cities = view.figure.select_one({"name": "cities"}).data_source.data
        >>> cities["cost"][0], math.isnan(cities["cost"][1])
        (2.5, True)
        """
        cities = self.figure.select_one({"name": "cities"})
        hover = self.figure.select_one({"name": "city-hover"})
        assert isinstance(cities, GlyphRenderer) and isinstance(hover, HoverTool)
        source = cities.data_source
        assert isinstance(source, ColumnDataSource)
        data: Columns = dict(source.data)
        data["cost"] = [float(costs.get(name, math.nan)) for name in data["name"]]
        source.data = data
        old = hover.tooltips if isinstance(hover.tooltips, list) else []
        kept: list[tuple[str, str]] = [(str(a), str(b)) for a, b in old if b != "@cost{0.0}"]
        hover.tooltips = [*kept, (label, "@cost{0.0}")]

    def show_usage(self, usage: pd.DataFrame) -> GlyphRenderer[Any]:
        """Add the segment-usage heatmap (:func:`workbench.ui.report.usage_overlay`).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.analysis import segment_usage
        >>> board = load_map("maps/tiny.yaml")
        >>> BoardView(board).show_usage(segment_usage(board)).name
        'usage-heatmap'
        """
        from workbench.ui.report import usage_overlay

        return usage_overlay(self.figure, self.board, usage)

    def show_start_heatmap(self, costs: pd.Series) -> GlyphRenderer[Any]:
        """Add the start heatmap (:func:`workbench.ui.report.start_heatmap_overlay`).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.analysis import start_heatmap
        >>> board = load_map("maps/tiny.yaml")
        >>> BoardView(board).show_start_heatmap(start_heatmap(board, ["Alder", "Fir"])).name
        'start-heatmap'
        """
        from workbench.ui.report import start_heatmap_overlay

        return start_heatmap_overlay(self.figure, self.board, costs)

    def on_tap(self, callback: Callable[[float, float], object]) -> None:
        """Call ``callback(x, y)`` (plane coordinates) when the figure is tapped in a widget.

        Works where Python hears the browser: in a ``jupyter_bokeh`` ``BokehModel`` or on a
        Bokeh server (not in a static page). A tap delivered twice (the same coordinates
        within :data:`DUPLICATE_TAP` seconds) is handled once, so a callback that plays a
        move never plays it twice; two real taps that close are a double tap to BokehJS.

        Examples
        --------
        >>> from bokeh.events import Event, Tap
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> taps = []
        >>> view.on_tap(lambda x, y: taps.append((x, y)))
        >>> for _ in range(2):
        ...     view.figure._trigger_event(Tap(view.figure, x=1.0, y=-0.5))
        >>> taps
        [(1.0, -0.5)]
        """
        last: list[tuple[float, float, float]] = []

        def tapped(event: Event) -> None:
            x, y = getattr(event, "x", None), getattr(event, "y", None)
            if x is None or y is None:
                return
            now = time.monotonic()
            if last and last[0][:2] == (x, y) and now - last[0][2] < DUPLICATE_TAP:
                return
            last[:] = [(float(x), float(y), now)]
            callback(float(x), float(y))

        self.figure.on_event(Tap, tapped)

    def html(self) -> str:
        """An HTML fragment of the figure, with BokehJS inline (loaded once per page).

        Examples
        --------
        >>> from workbench import load_map
        >>> fragment = BoardView(load_map("maps/tiny.yaml")).html()
        >>> "cdn.bokeh.org" in fragment, 'class="workbench-boardview"' in fragment
        (False, True)
        """
        script, div = components(self.figure)
        return f'<div class="workbench-boardview">{bokehjs_once()}\n{div}\n{script}</div>'

    def _repr_html_(self) -> str:
        return self.html()

    def save_html(self, path: str | os.PathLike[str], title: str | None = None) -> Path:
        """Write the view as a self-contained HTML page (BokehJS inline: works offline).

        The page is written atomically (:func:`workbench.files.write_atomic`).

        Parameters
        ----------
        path : str or os.PathLike
            Where to write the page; its folder must exist.
        title : str, optional
            The page's title; the board's name by default.

        Returns
        -------
        pathlib.Path
            ``path``, as a Path.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from workbench import load_map
        >>> view = BoardView(load_map("maps/tiny.yaml"))
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     page = view.save_html(Path(folder) / "view.html").read_text(encoding="utf-8")
        >>> page.lstrip().startswith("<!DOCTYPE html>"), "cdn.bokeh.org" in page
        (True, False)
        """
        name = self.board.name if title is None else title
        page = file_html(self.figure, resources=INLINE, title=name)
        return write_atomic(Path(path), page)

    def __repr__(self) -> str:
        rails = len(self.sources["rails"].data["between"])
        return f"<BoardView of {self.board.name!r}: {rails} rails>"
