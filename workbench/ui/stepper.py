"""Watch a traced algorithm step by step, forwards and backwards, on a board or a graph.

:class:`AlgorithmStepper` is an ipywidgets box: the board (or a small graph) on the left
with the current frame's roles drawn over it (frontier, visited, in the tree, candidate...
each in its own colour, with a legend), and on the right the pseudo-code with the line
being run highlighted, the frame's sentence and the algorithm's data structures as small
tables (queue, priority queue, union-find sets, a row of the Steiner table), scrolling in
a box as tall as the board. Above both, in one row that never moves: play, pause, stop,
step back and forward, a slider to seek any frame, the speed and a presentation mode.

The widget only draws :class:`~workbench.teach.frames.Frame` values from a
:class:`~workbench.teach.frames.Trace`; every algorithm lives in :mod:`workbench.teach`.
Going to another frame replaces the data of a few ``ColumnDataSource`` objects (one per
role) and two HTML strings; the figure itself is built once. :class:`FrameView` is the
drawing part alone, which :mod:`workbench.ui.exercise` reuses.

In a notebook, load BokehJS once first (it works offline)::

    from bokeh.io import output_notebook
    from bokeh.resources import INLINE
    output_notebook(resources=INLINE, hide_banner=True)
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets
import networkx as nx
from bokeh.models import ColumnDataSource, DataRange1d, HoverTool
from bokeh.models.annotations import LabelSet, Legend, LegendItem
from bokeh.models.glyphs import Scatter, Segment
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure

from workbench.maps.board import Board
from workbench.maps.lattice import plane_xy
from workbench.teach import ALGORITHMS, EDGE_ROLES, EXACT_SEARCHES, NODE_ROLES, Frame, Trace, trace
from workbench.teach.answers import Names
from workbench.ui.labels import place_labels
from workbench.ui.render import PADDING, board_extent, board_figure

if TYPE_CHECKING:
    from jupyter_bokeh.widgets import BokehModel

__all__ = [
    "EDGE_STYLE",
    "NODE_STYLE",
    "PRESENTATION_SIDE_ZOOM",
    "PRESENTATION_ZOOM",
    "ROLE_LABELS",
    "SPEEDS",
    "AlgorithmStepper",
    "FrameView",
    "node_values",
    "state_html",
]

# ---------------------------------------------------------------------------- style

NODE_STYLE: Mapping[str, Mapping[str, Any]] = {
    # drawn bottom to top; marker shapes differ too, so colour is never the only cue. The
    # colours stay clear of the card colours of the cities (brown, white, pink, orange,
    # turquoise) and of each other within an algorithm (tests/ui/test_stepper.py measures it)
    "visited": {"fill_color": "#4477AA", "marker": "circle"},
    "frontier": {"fill_color": "#FFE119", "marker": "circle"},
    "tree": {"fill_color": "#1B9E3E", "marker": "circle"},
    "rejected": {"fill_color": "#BBBBBB", "marker": "x", "line_color": "#555555"},
    "terminal": {"fill_color": "#111111", "marker": "star", "line_color": "#FFFFFF"},
    "articulation": {"fill_color": "#E41A1C", "marker": "triangle"},
    "source": {"fill_color": "#3A2BD9", "marker": "square"},
    "sink": {"fill_color": "#A50026", "marker": "diamond"},
    "current": {"fill_color": "#D1008F", "marker": "circle", "line_width": 3},
}
"""How each node role is drawn: fill colour, marker shape (and line width) of its layer."""

EDGE_STYLE: Mapping[str, Mapping[str, Any]] = {
    # clear of the board's lines: grey singles, blue water and ferries, brown mountains
    "best": {"line_color": "#FFB000", "line_width": 12, "line_alpha": 0.75},  # a band below
    "rail": {"line_color": "#111111", "line_width": 5},
    "rejected": {"line_color": "#9A9A9A", "line_width": 3, "line_dash": [4, 3]},
    "candidate": {"line_color": "#8F2BD9", "line_width": 6, "line_dash": [10, 7]},
    "back": {"line_color": "#D1008F", "line_width": 3, "line_dash": [6, 3]},
    "flow": {"line_color": "#3A2BD9", "line_width": 5},
    "path": {"line_color": "#E6007E", "line_width": 6},
    "tree": {"line_color": "#1B9E3E", "line_width": 5},
    "cut": {"line_color": "#E41A1C", "line_width": 7},
    "bridge": {"line_color": "#E41A1C", "line_width": 7, "line_dash": [10, 4]},
    "current": {"line_color": "#FF00A0", "line_width": 8},
}
"""How each edge role is drawn: colour, width (pixels) and dash of its layer, bottom to top.
A dashed layer has square ends (``butt`` caps): round caps would close its gaps."""

ROLE_LABELS: Mapping[str, str] = {
    "source": "source",
    "sink": "sink",
    "terminal": "terminal",
    "current": "current",
    "frontier": "frontier (waiting)",
    "visited": "visited / settled",
    "tree": "in the tree",
    "articulation": "articulation point",
    "rejected": "rejected",
    "candidate": "candidate",
    "back": "back edge",
    "path": "path",
    "flow": "carries flow",
    "cut": "in the cut",
    "bridge": "bridge",
    "rail": "rail already built",
    "best": "best so far",
}
"""What the legend calls each role."""

SPEEDS: tuple[tuple[str, int], ...] = (
    ("slow", 1500),
    ("normal", 700),
    ("fast", 300),
    ("very fast", 100),
)
"""The speed control's choices: name and milliseconds per frame."""

assert set(NODE_STYLE) == set(NODE_ROLES) and set(EDGE_STYLE) == set(EDGE_ROLES)

_PRESENTATION_NODE = 1.3  # nodes grow this much more than the picture when presenting
_PLAIN_NODE = 26  # marker size (pixels) of a node of a small graph drawn on its own
_BOARD_NODE = 13  # marker size of a highlighted point of a board
_NAMED_NODES = 60  # a graph drawn on its own shows its node names up to this many nodes
_SCALED_LABELS = ("city-names", "city-names-halo", "graph-names", "graph-names-halo",
                  "graph-weights", "graph-weights-halo")  # fmt: skip
_WHOLE_PIXELS = ("glyph_width", "glyph_height", "label_standoff")
_EMPTY_NODES: dict[str, list[Any]] = {"x": [], "y": [], "name": []}
_EMPTY_EDGES: dict[str, list[Any]] = {"x0": [], "y0": [], "x1": [], "y1": [], "name": []}

# ---------------------------------------------------------------------------- the view


def _positions(G: nx.Graph, seed: int = 7) -> dict[Hashable, tuple[float, float]]:
    """Node positions: lattice points on the plane, else ``pos`` attributes, else a layout."""
    names = Names(G)
    if names.points:
        return {v: plane_xy(v) for v in G}
    pos = nx.get_node_attributes(G, "pos")
    if len(pos) == len(G):
        return {v: (float(p[0]), float(p[1])) for v, p in pos.items()}
    layout = nx.spring_layout(G, seed=seed)
    return {v: (float(p[0]), float(p[1])) for v, p in layout.items()}


class FrameView:
    """A board or a graph drawn once, with one layer per role, redrawn from frames.

    Parameters
    ----------
    source : Board or networkx Graph
        A board is drawn with :func:`~workbench.ui.render.board_figure`; a graph with its
        nodes' ``pos`` (or lattice points, or a seeded spring layout), node names and, if
        its edges have weights, their weights.
    graph : networkx Graph, optional
        The graph whose frames are drawn, when it is not the board's own graph (e.g. the
        cost graph of a game position, or a part of the board). Its nodes must be points.
    node_roles, edge_roles : iterable of str, optional
        The roles listed in the legend (all by default); a role of both nodes and edges
        gets one entry showing both.
    focus : iterable of nodes, optional
        Zoom the view onto these nodes (a part of a board).
    width : int, default 640
    title : str, optional
    lengths : bool, optional
        Write the edges' lengths beside them (a graph drawn on its own). By default they
        are written up to 40 nodes; on a larger map (a route board) they show under the
        pointer and when :meth:`show_lengths` is called, placed clear of the names.

    Attributes
    ----------
    figure : bokeh.plotting.figure
    node_sources, edge_sources : dict of str to ColumnDataSource
        One source per role; :meth:`show` replaces their data.

    Examples
    --------
    >>> from workbench.teach.textbook import textbook_graph
    >>> from workbench.teach import trace
    >>> view = FrameView(textbook_graph())
    >>> view.show(trace("prim", textbook_graph(), root="a").frames[-1])
    >>> len(view.edge_sources["tree"].data["x0"])
    8
    """

    def __init__(
        self,
        source: Board | nx.Graph,
        *,
        graph: nx.Graph | None = None,
        node_roles: Iterable[str] | None = None,
        edge_roles: Iterable[str] | None = None,
        focus: Iterable[Hashable] | None = None,
        width: int = 640,
        title: str | None = None,
        lengths: bool | None = None,
    ) -> None:
        self.board = source if isinstance(source, Board) else None
        if graph is None:
            graph = self.board.graph() if self.board is not None else cast(nx.Graph, source)
        assert isinstance(graph, nx.Graph)
        self.graph = graph
        self.length_labels: list[LabelSet] = []
        """The edges' lengths written on a graph drawn on its own (:meth:`show_lengths`)."""
        self._lengths_shown = len(graph) <= _NAMED_NODES - 20 if lengths is None else lengths
        self.names = Names(graph)
        self.positions = _positions(graph)
        plain = self.board is None and len(graph) <= 40
        if self.board is not None:
            self.figure = board_figure(self.board, width=width, title=title or self.board.name)
            xmin, xmax, _, _ = board_extent(self.board)
            scale = min(max(width / (xmax - xmin + 2 * PADDING) / 24, 0.5), 1.5)
        else:
            self.figure = self._graph_figure(width, title)
            scale = 1.0
        node_size = _PLAIN_NODE if plain else round(_BOARD_NODE * scale)
        self._node_size = node_size
        self._base_size = (self.figure.width or width, self.figure.height or width)
        self._scaled: list[tuple[Any, str, float]] = []  # (model, property, value at 1x)
        shown_nodes = set(NODE_ROLES if node_roles is None else node_roles)
        shown_edges = set(EDGE_ROLES if edge_roles is None else edge_roles)
        self.edge_sources: dict[str, ColumnDataSource] = {}
        self.node_sources: dict[str, ColumnDataSource] = {}
        drawn: dict[str, list[GlyphRenderer[Any]]] = {}  # legend swatches, by role

        def edge_glyph(role: str, swatch: bool = False) -> Segment:
            style = EDGE_STYLE[role]
            width_px = max(1.5, style["line_width"] * scale)
            # a dashed line keeps its gaps with square ends; a legend's swatch never reaches
            # past its box into the label with them either
            cap = "butt" if swatch or "line_dash" in style else "round"
            return Segment(
                x0="x0", y0="y0", x1="x1", y1="y1", line_cap=cap,
                **{**style, "line_width": width_px},
            )  # fmt: skip

        def node_glyph(role: str, swatch: bool = False) -> Scatter:
            # a ticket city (terminal) is a star about twice a node's size, so that it reads
            # at a glance and is not a mark inside the node's disc (a star fills less of its
            # size than a disc, and a name written on a disc covers its middle)
            size = node_size + (4 if role == "current" else 0)
            if role == "terminal":
                size = round(node_size * (1.8 if plain else 2))
            style = {"line_color": "#222222", "line_width": 1.5, **NODE_STYLE[role]}
            if swatch and style["line_color"].upper() == "#FFFFFF":
                # on the legend's white a white outline only shrinks the swatch to a dot
                style["line_color"] = style["fill_color"]
            return Scatter(x="x", y="y", size=size, fill_alpha=0.9, **style)

        layers = (
            ("edges", EDGE_STYLE, _EMPTY_EDGES, edge_glyph, self.edge_sources, shown_edges),
            ("nodes", NODE_STYLE, _EMPTY_NODES, node_glyph, self.node_sources, shown_nodes),
        )
        for kind, styles, empty, make, sources, shown in layers:
            for role in styles:
                data = ColumnDataSource({k: list(v) for k, v in empty.items()})
                r: GlyphRenderer[Any] = GlyphRenderer(
                    data_source=data, glyph=make(role), name=f"{kind}-{role}"
                )
                self.figure.renderers.append(r)
                sources[role] = data
                self._remember_size(r.glyph)
                if role in shown:
                    # BokehJS draws no legend glyph for a renderer without rows, so the legend
                    # shows a copy with one row at NaN (never drawn, not in the ranges)
                    nowhere = ColumnDataSource({k: [math.nan] for k in empty if k != "name"})
                    swatch: GlyphRenderer[Any] = GlyphRenderer(
                        data_source=nowhere,
                        glyph=make(role, swatch=True),
                        name=f"legend-{kind}-{role}",
                    )
                    self.figure.renderers.append(swatch)
                    drawn.setdefault(role, []).append(swatch)
                    self._remember_size(swatch.glyph)
        order = [*NODE_ROLES, *EDGE_ROLES]
        items = [
            LegendItem(label=ROLE_LABELS[role], renderers=drawn[role])
            for role in sorted(drawn, key=order.index)
        ]
        if items:
            # BokehJS draws a legend's marker at 0.4 times the smaller side of its box: boxes
            # of 34 x 30 pixels give 12-pixel markers (a star shows as a star), room for a
            # dash and a gap, and the labels stand clear of the swatches
            legend = Legend(
                items=items,
                ncols=4,
                label_text_font_size="9pt",
                glyph_width=34,
                glyph_height=30,
                label_standoff=8,
                spacing=4,
                name="roles-legend",
            )
            self.figure.add_layout(legend, "below")
            self._scaled.append((legend, "label_text_font_size", 9.0))
            for prop in ("glyph_width", "glyph_height", "label_standoff"):
                self._scaled.append((legend, prop, float(getattr(legend, prop))))
            if self.board is None and self.figure.height is not None:
                # room for the legend's rows below a graph, so that it does not squeeze the
                # picture (a board's figure has its own height)
                self.figure.height += 34 * math.ceil(len(items) / 4) + 14
                self._base_size = (self._base_size[0], self.figure.height)
        self.value_source = ColumnDataSource({"x": [], "y": [], "text": []})
        """The numbers written beside the nodes in presentation mode (:meth:`show_values`)."""
        self._value_labels: list[LabelSet] = []
        # plain dark figures: a light outline thins their strokes to nothing at this size
        labels = LabelSet(
            x="x",
            y="y",
            text="text",
            source=self.value_source,
            text_font_size="8pt",
            text_font_style="bold",
            text_color="#111111",
            text_align="center",
            text_baseline="middle",
            visible=False,
            name="node-values",
        )
        self.figure.add_layout(labels)
        self._value_labels.append(labels)
        self._scaled.append((labels, "text_font_size", 8.0))
        for layout in self.figure.center:
            if isinstance(layout, LabelSet) and layout.name in _SCALED_LABELS:
                size = str(layout.text_font_size)
                if size.endswith("pt"):
                    self._scaled.append((layout, "text_font_size", float(size[:-2])))
                outline = layout.text_outline_width
                if layout.name.endswith("-halo") and isinstance(outline, int | float):
                    self._scaled.append((layout, "text_outline_width", float(outline)))
        for base in self.figure.renderers:
            if isinstance(base, GlyphRenderer) and base.name in ("graph-edges", "graph-nodes"):
                self._remember_size(base.glyph)
        if focus is not None:
            self.set_focus(focus)
        self._shown: dict[str, tuple[Any, ...]] = {}
        self._frame: Frame | None = None
        self.zoom = 1.0

    def _remember_size(self, glyph: Any) -> None:
        for prop in ("size", "line_width"):
            value = getattr(glyph, prop, None)
            if isinstance(value, int | float):
                self._scaled.append((glyph, prop, float(value)))

    def resize(self, zoom: float) -> None:
        """Draw the picture ``zoom`` times its first size: the figure, the highlighted nodes
        and edges, the names and the legend (a projector wants 1.5).

        Examples
        --------
        >>> from workbench.teach.textbook import textbook_graph
        >>> view = FrameView(textbook_graph(), width=400)
        >>> view.resize(1.5)
        >>> view.figure.width
        600
        """
        self.zoom = zoom
        width, height = self._base_size
        self.figure.width, self.figure.height = round(width * zoom), round(height * zoom)
        for model, prop, value in self._scaled:
            if prop == "text_font_size" or prop == "label_text_font_size":
                setattr(model, prop, f"{value * zoom:.3g}pt")
            elif prop in _WHOLE_PIXELS:
                setattr(model, prop, round(value * zoom))
            elif prop == "size" and zoom > 1:  # room for the number written on a node
                setattr(model, prop, value * zoom * _PRESENTATION_NODE)
            else:
                setattr(model, prop, value * zoom)

    def show_lengths(self, on: bool = True) -> None:
        """Write the edges' lengths beside them, or stop (a graph drawn on its own).

        Examples
        --------
        >>> import workbench
        >>> from workbench.teach.textbook import route_graph
        >>> view = FrameView(route_graph(workbench.load_map("ticket_to_ride_europe")))
        >>> view.lengths_shown, len(view.length_labels)
        (False, 2)
        >>> view.show_lengths(); view.lengths_shown
        True
        """
        self._lengths_shown = on
        for labels in self.length_labels:
            labels.visible = on

    @property
    def lengths_shown(self) -> bool:
        """Whether the edges' lengths are written."""
        return self._lengths_shown

    def show_values(self, on: bool = True) -> None:
        """Write each node's number (distance, level, or its entry in the Steiner table's row)
        beside it, or stop.

        Examples
        --------
        >>> from workbench.teach.textbook import textbook_graph
        >>> from workbench.teach import trace
        >>> view = FrameView(textbook_graph())
        >>> view.show(trace("dijkstra", textbook_graph(), source="a").frames[-1])
        >>> view.show_values()
        >>> sorted(zip(view.value_source.data["text"], view.value_source.data["x"]))[:2]
        [('0', ...), ('11', ...)]
        """
        for labels in self._value_labels:
            labels.visible = on
        if self._frame is not None:
            self._write_values(self._frame)

    def _write_values(self, frame: Frame) -> None:
        values = node_values(frame.state) if self._value_labels[0].visible else {}
        rows = [(*self.positions[v], _number(d)) for v, d in values.items() if v in self.positions]
        data: dict[str, Any] = {
            "x": [r[0] for r in rows],
            "y": [r[1] for r in rows],
            "text": [r[2] for r in rows],
        }
        if dict(self.value_source.data) != data:
            self.value_source.data = data

    def _graph_figure(self, width: int, title: str | None) -> figure:
        xs = [x for x, _ in self.positions.values()] or [0.0]
        ys = [y for _, y in self.positions.values()] or [0.0]
        span_x, span_y = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
        height = int(min(max(width * span_y / span_x, 260), 1.1 * width)) + 60
        fig = figure(
            width=width,
            height=height,
            title=title if title is not None else (self.graph.name or None),
            tools="pan,wheel_zoom,reset,save",
            match_aspect=True,
            x_axis_type=None,
            y_axis_type=None,
            toolbar_location="above",
            outline_line_color=None,
            min_border=10,
        )
        for r in (fig.x_range, fig.y_range):
            if isinstance(r, DataRange1d):
                r.range_padding = 0.12
        fig.grid.visible = False
        fig.toolbar.logo = None
        edges: list[tuple[Any, Any, Any]] = list(self.graph.edges(data="weight"))
        ends: dict[str, Any] = {
            "x0": [self.positions[u][0] for u, _, _ in edges],
            "y0": [self.positions[u][1] for u, _, _ in edges],
            "x1": [self.positions[v][0] for _, v, _ in edges],
            "y1": [self.positions[v][1] for _, v, _ in edges],
        }
        base = Segment(x0="x0", y0="y0", x1="x1", y1="y1", line_color="#9a9a9a", line_width=2)
        edge_source = ColumnDataSource(ends)
        edge_layer = GlyphRenderer(data_source=edge_source, glyph=base, name="graph-edges")
        fig.renderers.append(edge_layer)
        names = [self.names.label(v) for v in self.graph]
        small = len(self.graph) > 40  # a route board's 47 cities: small names beside discs
        texts = ["" if w is None else f"{w:g}" for *_, w in edges]
        weighted = any(w is not None for *_, w in edges)
        index = {v: i for i, v in enumerate(self.graph)}
        spots = lengths = None
        if small:
            # names (and lengths) placed clear of each other on the picture's pixels: the
            # scale is the plot's (match_aspect, 12 % padding, borders, title and toolbar)
            scale = min((width - 20) / (span_x * 1.12), (height - 80) / (span_y * 1.12))
            spots, lengths = place_labels(
                [self.positions[v] for v in self.graph],
                names,
                [(index[u], index[v], t) for (u, v, _), t in zip(edges, texts, strict=True)],
                scale,
                radius_px=5.0,
            )
        if weighted:
            if lengths is not None:
                mx, my = [p.x for p in lengths], [p.y for p in lengths]
            else:
                # each weight sits beside its edge's middle, off the line
                sizes = [
                    math.hypot(x1 - x0, y1 - y0)
                    for x0, y0, x1, y1 in zip(
                        ends["x0"], ends["y0"], ends["x1"], ends["y1"], strict=True
                    )
                ]
                gap = 0.09 * (sorted(sizes)[len(sizes) // 2] if sizes else 1.0)
                mx, my = [], []
                for x0, y0, x1, y1 in zip(
                    ends["x0"], ends["y0"], ends["x1"], ends["y1"], strict=True
                ):
                    size = math.hypot(x1 - x0, y1 - y0) or 1.0
                    nx_, ny_ = -(y1 - y0) / size, (x1 - x0) / size
                    if ny_ < 0 or (ny_ == 0 and nx_ < 0):  # always above (or right of) the line
                        nx_, ny_ = -nx_, -ny_
                    mx.append((x0 + x1) / 2 + gap * nx_)
                    my.append((y0 + y1) / 2 + gap * ny_)
            middle = ColumnDataSource({"x": mx, "y": my, "text": texts})
            anchor = Scatter(x="x", y="y", size=12, fill_alpha=0, line_alpha=0)  # in the ranges
            fig.renderers.append(
                GlyphRenderer(data_source=middle, glyph=anchor, name="graph-weight-anchors")
            )
            halo = {"text_color": "white", "text_outline_color": "white", "text_outline_width": 3}
            for name, style in (("graph-weights-halo", halo), ("graph-weights", {})):
                weights = LabelSet(
                    x="x",
                    y="y",
                    text="text",
                    source=middle,
                    text_font_size="9pt",
                    text_align="center",
                    text_baseline="middle",
                    name=name,
                    visible=self._lengths_shown,
                )
                weights.update(**style)
                fig.add_layout(weights)
                self.length_labels.append(weights)
            # a route's length shows under the pointer too, whether or not it is written
            edge_source.data["route"] = [
                f"{self.names.label(u)}-{self.names.label(v)}" for u, v, _ in edges
            ]
            edge_source.data["length"] = texts
            fig.add_tools(
                HoverTool(
                    renderers=[edge_layer],
                    tooltips=[("route", "@route"), ("length", "@length")],
                    line_policy="interp",
                )
            )
        columns: dict[str, Any] = {
            "x": [self.positions[v][0] for v in self.graph],
            "y": [self.positions[v][1] for v in self.graph],
            "name": names,
        }
        if spots is not None:
            columns.update(
                lx=[p.x for p in spots],
                ly=[p.y for p in spots],
                align=[p.align for p in spots],
                baseline=[p.baseline for p in spots],
            )
        nodes = ColumnDataSource(columns)
        size = _PLAIN_NODE if len(self.graph) <= 40 else 10
        disc = Scatter(
            x="x", y="y", size=size, fill_color="white", line_color="#333333", line_width=1.5
        )
        fig.renderers.append(GlyphRenderer(data_source=nodes, glyph=disc, name="graph-nodes"))
        if len(self.graph) <= _NAMED_NODES:
            # up to 40 nodes the names sit on the discs; a larger map (a route board's 47
            # cities) gets smaller names beside its smaller discs, each where it covers no
            # other name (labels.place_labels)
            halo = {"text_color": "white", "text_outline_color": "white", "text_outline_width": 3}
            placed: dict[str, Any] = (
                {"x": "lx", "y": "ly", "text_align": "align", "text_baseline": "baseline"}
                if small
                else {"x": "x", "y": "y", "text_align": "center", "text_baseline": "middle"}
            )
            for name, style in (("graph-names-halo", halo), ("graph-names", {})):
                labels = LabelSet(
                    text="name",
                    source=nodes,
                    text_font_size="8pt" if small else "10pt",
                    text_font_style="bold",
                    name=name,
                    **placed,
                )
                labels.update(**style)
                fig.add_layout(labels)
        return fig

    def set_focus(self, nodes: Iterable[Hashable]) -> None:
        """Fit the view to ``nodes`` (with some room around them)."""
        xy = [self.positions[v] for v in nodes if v in self.positions]
        if not xy:
            return
        data: dict[str, Any] = {"x": [x for x, _ in xy], "y": [y for _, y in xy]}
        marker = Scatter(x="x", y="y", size=1, fill_alpha=0, line_alpha=0)
        focus = GlyphRenderer(data_source=ColumnDataSource(data), glyph=marker, name="focus")
        self.figure.renderers.append(focus)
        for r in (self.figure.x_range, self.figure.y_range):
            if isinstance(r, DataRange1d):
                r.renderers = [focus]
                r.range_padding = 0.25

    def _columns(self, frame: Frame) -> dict[str, tuple[Any, ...]]:
        """The layers' rows for ``frame``: per layer, a tuple of (x..., name) rows."""
        rows: dict[str, list[Any]] = {}
        for v, role in frame.nodes.items():
            if v in self.positions:
                x, y = self.positions[v]
                rows.setdefault(f"n:{role}", []).append((x, y, self.names.label(v)))
        for (u, v), role in frame.edges.items():
            if u in self.positions and v in self.positions:
                (x0, y0), (x1, y1) = self.positions[u], self.positions[v]
                rows.setdefault(f"e:{role}", []).append(
                    (x0, y0, x1, y1, f"{self.names.label(u)}-{self.names.label(v)}")
                )
        return {k: tuple(v) for k, v in rows.items()}

    def show(self, frame: Frame) -> None:
        """Draw ``frame``'s roles; only the layers whose rows change get new data."""
        rows = self._columns(frame)
        for key in set(rows) | set(self._shown):
            new = rows.get(key, ())
            if self._shown.get(key, ()) == new:
                continue
            kind, role = key.split(":", 1)
            columns: tuple[str, ...]
            if kind == "n":
                columns = ("x", "y", "name")
                target = self.node_sources[role]
            else:
                columns = ("x0", "y0", "x1", "y1", "name")
                target = self.edge_sources[role]
            target.data = {c: [row[i] for row in new] for i, c in enumerate(columns)}
        self._shown = rows
        self._frame = frame
        self._write_values(frame)

    def snapshot(self) -> dict[str, dict[str, list[Any]]]:
        """A copy of every layer's data, by ``"nodes-<role>"`` / ``"edges-<role>"`` (tests)."""
        out = {
            f"nodes-{r}": {str(k): list(v) for k, v in s.data.items()}
            for r, s in self.node_sources.items()
        }
        out.update(
            {
                f"edges-{r}": {str(k): list(v) for k, v in s.data.items()}
                for r, s in self.edge_sources.items()
            }
        )
        return out

    def widget(self) -> BokehModel:
        """The figure as a widget that talks to Python (``jupyter_bokeh``)."""
        from jupyter_bokeh.widgets import BokehModel

        return BokehModel(self.figure)


# ---------------------------------------------------------------------------- the panel

_TABLE = 'style="border-collapse:collapse;font-size:1em;margin:2px 0 8px 0"'
_CELL = 'style="border:1px solid #ddd;padding:1px 6px;text-align:left"'
_HEAD = 'style="border:1px solid #ddd;padding:1px 6px;background:#f3f3f3;text-align:left"'
_TITLES = {
    "queue": "queue",
    "buckets": "buckets (distance: nodes)",
    "sets": "union-find sets (of two or more)",
    "next": "next in line",
    "stack": "DFS stack (bottom to top)",
    "closure": "metric closure (by distance)",
    "table": "table rows filled",
    "row": "this row: C[subset][node]",
    "trail": "this trail",
    "best trail": "best trail so far",
    "groups": "groups of tickets: a minimum tree each",
}
_NODE_MAPS = ("level", "distance", "disc", "low", "row")


def _esc(x: Any) -> str:
    return html.escape(str(x))


def _table(
    title: str,
    head: Sequence[str],
    rows: Sequence[Sequence[object]],
    more: int = 0,
    *,
    escaped: bool = False,
) -> str:
    cells = "".join(f"<th {_HEAD}>{_esc(h)}</th>" for h in head)
    text = (lambda c: str(c)) if escaped else _esc
    body = "".join(
        "<tr>" + "".join(f"<td {_CELL}>{text(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    if not rows:
        body = f'<tr><td {_CELL} colspan="{len(head)}"><i>empty</i></td></tr>'
    if more:
        body += f'<tr><td {_CELL} colspan="{len(head)}"><i>… and {more} more</i></td></tr>'
    return f"<div><b>{_esc(title)}</b><table {_TABLE}><tr>{cells}</tr>{body}</table></div>"


def _role_dot(role: str | None) -> str:
    """A dot in the colour of a node's role, before its name in a table."""
    if role is None or role not in NODE_STYLE:
        return ""
    color = NODE_STYLE[role]["fill_color"]
    return f'<span title="{_esc(ROLE_LABELS[role])}" style="color:{color}">●</span> '


def _label_any(names: Names, x: Any) -> str:
    """A node, an edge or a tuple of nodes by name."""
    if (
        isinstance(x, tuple)
        and len(x) == 2
        and _is_node(names, x[0])
        and _is_node(names, x[1])
        and names.G.has_edge(*x)
    ):
        return names.segment(x)
    if isinstance(x, tuple) and all(_is_node(names, v) for v in x):
        return ", ".join(names.label(v) for v in x)
    if _is_node(names, x):
        return names.label(x)
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _is_node(names: Names, x: Any) -> bool:
    try:
        return x in names.G
    except TypeError:
        return False


_VALUE_MAPS = ("distance", "level", "row")


def node_values(state: Mapping[str, Any]) -> Mapping[Hashable, Any]:
    """The number a frame gives each node: its distance, its BFS level or its entry in the
    Steiner table's row (the first of these the state holds), finite ones only.

    Examples
    --------
    >>> node_values({"queue": (), "distance": {"a": 0, "b": 4, "c": float("inf")}})
    {'a': 0, 'b': 4}
    """
    for key in _VALUE_MAPS:
        value = state.get(key)
        if isinstance(value, Mapping):
            return {
                v: d
                for v, d in value.items()
                if not (isinstance(d, float) and not math.isfinite(d))
            }
    return {}


def _number(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


def state_html(
    state: Mapping[str, Any],
    names: Names,
    roles: Mapping[Hashable, str] | None = None,
    limit: int = 10,
) -> str:
    """The data structures of a frame as small HTML tables.

    Queues list their entries front first; maps from nodes to numbers (levels, distances,
    discovery times and low-links, a row of the Steiner table) share one table, the nodes
    being worked on first; union-find sets, buckets and the metric closure get a row each.
    Long tables show ``limit`` rows and say how many more there are.

    Parameters
    ----------
    state : mapping
        :attr:`Frame.state`.
    names : Names
        How to call the nodes.
    roles : mapping, optional
        :attr:`Frame.nodes`: nodes with a role of ``current`` or ``frontier`` come first.
    limit : int, default 10

    Returns
    -------
    str

    Examples
    --------
    >>> import networkx as nx
    >>> from workbench.teach import trace
    >>> from workbench.teach.answers import Names
    >>> G = nx.path_graph(["a", "b", "c"])
    >>> f = trace("bfs", G, source="a").frames[2]
    >>> text = state_html(f.state, Names(G), f.nodes)
    >>> "queue" in text and "<td" in text
    True
    """
    roles = roles or {}
    rank = {"current": 0, "frontier": 1}
    parts: list[str] = []
    rows: list[tuple[object, ...]]
    node_maps = [k for k in _NODE_MAPS if isinstance(state.get(k), Mapping)]
    for key, value in state.items():
        if key in node_maps or key == "table":
            continue
        title = _TITLES.get(key, key)
        if key == "queue" or key == "next":
            entries = list(value)
            priority = bool(entries) and isinstance(entries[0], tuple) and len(entries[0]) == 2
            if key == "queue" and priority:
                title = "priority queue (smallest first)"
            elif key == "queue":
                title = "queue (front first)"
            shown = entries[:limit]
            if priority:
                rows = [(_label_any(names, k), _label_any(names, v)) for k, v in shown]
                edges = any(not _is_node(names, v) for _, v in shown)
                head = ["weight", "edge"] if edges else ["distance", "node"]
            else:
                rows = [(i + 1, _label_any(names, v)) for i, v in enumerate(shown)]
                head = ["#", "node"]
            parts.append(_table(title, head, rows, len(entries) - len(shown)))
        elif key == "buckets":
            rows = [(d, _label_any(names, tuple(vs))) for d, vs in list(value)[:limit]]
            parts.append(_table(title, ["distance", "nodes"], rows, max(0, len(value) - limit)))
        elif key == "sets":
            rows = [
                (i + 1, len(s), _label_any(names, tuple(s)))
                for i, s in enumerate(list(value)[:limit])
            ]
            parts.append(_table(title, ["set", "size", "nodes"], rows, max(0, len(value) - limit)))
        elif key == "closure":
            kept = set(state.get("kept", ()))
            rows = [
                (
                    _label_any(names, pair[0]) + "-" + _label_any(names, pair[1]),
                    d,
                    "kept" if pair in kept else "",
                )
                for pair, d in list(value)[:limit]
            ]
            parts.append(_table(title, ["pair", "distance", ""], rows, max(0, len(value) - limit)))
        elif key == "kept":
            continue  # shown in the closure table
        elif key == "stack":
            parts.append(
                f"<div><b>{_esc(title)}</b>: {_esc(' → '.join(names.label(v) for v in value))}"
                "</div>"
            )
        elif key == "path":
            text = " → ".join(names.label(v) for v in value) if value else "none yet"
            parts.append(f"<div><b>last augmenting path</b>: {_esc(text)}</div>")
        elif key in ("trail", "best trail"):
            text = " → ".join(names.label(v) for v in value) if value else "none yet"
            parts.append(f"<div><b>{_esc(title)}</b>: {_esc(text)}</div>")
        elif key == "groups":
            rows = [(group, _number(c)) for group, c in list(value)[:limit]]
            parts.append(_table(title, ["group", "tree"], rows, max(0, len(value) - limit)))
        elif key == "subset":
            text = "{" + ", ".join(names.label(v) for v in value) + "}"
            parts.append(f"<div><b>subset</b>: {_esc(text)}</div>")
        else:
            parts.append(f"<div><b>{_esc(title)}</b>: {_esc(_label_any(names, value))}</div>")
    if node_maps:
        maps = [state[k] for k in node_maps]
        keys = list(dict.fromkeys(v for m in maps for v in m))

        def value(v: Hashable) -> tuple[int, Any]:
            d = maps[0].get(v)
            return (0, d) if isinstance(d, int | float) else (1, 0)

        # the nodes being worked on make the cut, then the table reads in order of the value
        keys.sort(key=lambda v: (rank.get(roles.get(v, ""), 2), value(v)))
        shown_keys = sorted(keys[:limit], key=lambda v: (value(v), names.label(v)))
        rows = [
            (_role_dot(roles.get(v)) + _esc(names.label(v)),
             *(_esc(_label_any(names, m.get(v, ""))) for m in maps))
            for v in shown_keys
        ]  # fmt: skip
        title = " / ".join(_TITLES.get(k, k) for k in node_maps)
        title += f" (by {node_maps[0]})"
        parts.append(_table(title, ["node", *node_maps], rows, len(keys) - len(rows), escaped=True))
    if "table" in state:
        parts.append(f"<div><b>{_TITLES['table']}</b>: {len(state['table'])}</div>")
    return f'<div class="wb-stepper-data" style="line-height:1.35">{"".join(parts)}</div>'


def _pseudocode_html(lines: Sequence[str], current: int) -> str:
    out = []
    for i, line in enumerate(lines):
        text = _esc(line.lstrip())
        indent = f"{len(line) - len(line.lstrip())}ch"  # long lines wrap under their indent
        if i == current:
            out.append(
                '<div style="background:#ffe08a;font-weight:bold;border-left:4px solid #e7298a;'
                f'padding-left:calc(2px + {indent})">{text}</div>'
            )
        else:
            out.append(f'<div style="padding-left:calc(6px + {indent})">{text}</div>')
    return (
        '<div class="wb-stepper-code" style="font-family:monospace;font-size:0.95em;'
        "line-height:1.35;white-space:pre-wrap;background:#fafafa;border:1px solid #e3e3e3;"
        f'padding:4px">{"".join(out)}</div>'
    )


_POINT_REPR = re.compile(r"\((\d+), (\d+)\)")
_QUOTED = re.compile(r"'([^']*)'")


def _readable(message: str, names: Names) -> str:
    """A frame's sentence with nodes by name: ``(12, 7)`` becomes ``Paris``."""

    def point(m: re.Match[str]) -> str:
        p = (int(m.group(1)), int(m.group(2)))
        return names.label(p) if p in names.G else m.group(0)

    def quoted(m: re.Match[str]) -> str:
        return m.group(1) if m.group(1) in names.G else m.group(0)

    if names.points:
        return _POINT_REPR.sub(point, message)
    return _QUOTED.sub(quoted, message)


def _summary(frame: Frame) -> str:
    parts = []
    for what, roles in (("nodes", frame.nodes), ("edges", frame.edges)):
        counts: dict[str, int] = {}
        for role in roles.values():
            counts[role] = counts.get(role, 0) + 1
        if counts:
            listed = ", ".join(f"{n} {ROLE_LABELS[r]}" for r, n in sorted(counts.items()))
            parts.append(f"{what}: {listed}")
    return "; ".join(parts) or "nothing highlighted"


# ---------------------------------------------------------------------------- the widget

_DEFAULT_TERMINALS = 5
_FONT_PX = 12  # text size of the side panel
_SIDE_PX = 390  # width of the side panel at that size

PRESENTATION_ZOOM = 1.35
"""How much larger the picture is in presentation mode (560 pixels become 756)."""
PRESENTATION_SIDE_ZOOM = 1.3
"""How much larger the side panel's text is in presentation mode."""


def _default_params(name: str, G: nx.Graph, board: Board | None) -> dict[str, Any]:
    """Parameters a teacher did not give: the first city (or node) as the source, etc."""
    names = Names(G)
    cities: list[Hashable]
    if board is not None:
        cities = [c.at for c in board.cities if c.at in G]
        picks: list[Hashable] = []
        for color in board.color_names:  # one city per color, like a hand
            picks += [c.at for c in board.cities if c.color == color and c.at in G][:1]
        spread = picks or cities
    else:
        cities = names.order(G)
        spread = cities[:: max(1, len(cities) // _DEFAULT_TERMINALS)][:_DEFAULT_TERMINALS]
    cities = cities or names.order(G)
    params: dict[str, Any] = {}
    needed = {**ALGORITHMS, **EXACT_SEARCHES}[name].params
    if "source" in needed:
        params["source"] = cities[0]
    if "s" in needed:
        params["s"], params["t"] = cities[0], cities[-1]
    if "terminals" in needed:
        params["terminals"] = spread
    return params


def _resolve_params(params: dict[str, Any], names: Names) -> dict[str, Any]:
    """City names (any case) or point text in node parameters become the graph's nodes."""
    out = dict(params)
    for key in ("source", "s", "t", "root"):
        if key in out and out[key] is not None and not _is_node(names, out[key]):
            out[key] = names.node(out[key])
    if "terminals" in out:
        out["terminals"] = [v if _is_node(names, v) else names.node(v) for v in out["terminals"]]
    if "tickets" in out:
        out["tickets"] = [
            tuple(v if _is_node(names, v) else names.node(v) for v in ticket)
            for ticket in out["tickets"]
        ]
    return out


def _roles_used(t: Trace) -> tuple[set[str], set[str]]:
    """The node roles and the edge roles that some frame of ``t`` uses."""
    nodes = {r for f in t.frames for r in f.nodes.values()}
    edges = {r for f in t.frames for r in f.edges.values()}
    return nodes, edges


class AlgorithmStepper(widgets.VBox):
    """Step through a traced algorithm on a board or a graph, forwards and backwards.

    The controls sit in one row above the picture and never move: play, pause (stay on this
    step), stop (go back to the step where play was pressed), one step back or forward, a
    slider to any step, the speed, and a presentation mode for a projector (a larger picture
    and text, each node's distance written beside it). The pseudo-code and the tables sit
    beside the picture and scroll inside their own box, so the picture stays put too.

    Parameters
    ----------
    trace_or_name : Trace or str
        A trace, or the name of an algorithm in :data:`workbench.teach.ALGORITHMS` to run.
    G_or_board : Board or networkx Graph
        Where to draw (and, given a name, what to run it on: a board's
        :meth:`~workbench.maps.board.Board.graph`, 1 rail for a single and 2 for a double).
    graph : networkx Graph, optional
        Run on (or the trace was made on) this graph instead, drawn over the board
        ``G_or_board``: e.g. :func:`workbench.analysis.costs.cost_graph` with rails at 0.
    focus : iterable of nodes, optional
        Zoom the picture onto these nodes (a part of a board).
    width : int, default 560
        Width of the picture in pixels (:data:`PRESENTATION_ZOOM` times more when presenting).
    presentation : bool, default False
        Start in presentation mode.
    **params
        The algorithm's parameters (``source=``, ``s=``/``t=``, ``terminals=``, ``root=``,
        ``weight=``, ``max_frames=``). Nodes may be given by city name or as ``"12,7"``.
        Missing ones default to the first city (or node), the first and last, or one city
        per color.

    Attributes
    ----------
    trace : Trace
    view : FrameView
        The picture: :attr:`FrameView.node_sources` and :attr:`FrameView.edge_sources`.
    play_button, pause_button, stop_button, back_button, step_button : ipywidgets.Button
    slider, speed, presentation, lengths : ipywidgets
        The step slider (from 1), the speed, the presentation toggle, and the toggle that
        writes every edge's length on a large map (route boards: shown on hover otherwise).
    play : ipywidgets.Play
        The timer that steps while playing (hidden: the buttons drive it).
    controls : ipywidgets.HBox
        The row of controls.
    code, status, data : ipywidgets.HTML
        The pseudo-code, the sentence and counts, the data structures.

    Examples
    --------
    >>> from workbench.teach.textbook import textbook_graph
    >>> stepper = AlgorithmStepper("kruskal", textbook_graph())
    >>> stepper.index, len(stepper.trace)
    (0, 13)
    >>> stepper.step()
    >>> stepper.frame.message
    "Add 'g'-'h' (1): union the sets of 'g' and 'h'."
    >>> len(stepper.view.edge_sources["tree"].data["x0"])
    1
    >>> stepper.back()
    >>> len(stepper.view.edge_sources["tree"].data["x0"])
    0
    >>> stepper.start(); stepper.play.value = 5; stepper.pause(); stepper.index
    4
    >>> stepper.stop(); stepper.index
    0
    """

    def __init__(
        self,
        trace_or_name: Trace | str,
        G_or_board: Board | nx.Graph,
        /,
        *,
        graph: nx.Graph | None = None,
        focus: Iterable[Hashable] | None = None,
        width: int = 560,
        presentation: bool = False,
        **params: Any,
    ) -> None:
        board = G_or_board if isinstance(G_or_board, Board) else None
        if graph is None:
            graph = board.graph() if board is not None else cast(nx.Graph, G_or_board)
        assert isinstance(graph, nx.Graph)
        names = Names(graph)
        if isinstance(trace_or_name, Trace):
            if params:
                raise ValueError("parameters go with an algorithm's name, not with a trace")
            t = trace_or_name
        else:
            if trace_or_name not in ALGORITHMS and trace_or_name not in EXACT_SEARCHES:
                trace(trace_or_name, graph)  # raises, listing the names
            wanted = {**_default_params(trace_or_name, graph, board), **params}
            t = trace(trace_or_name, graph, **_resolve_params(wanted, names))
        self.trace = t
        self.names = names
        node_roles, edge_roles = _roles_used(t)
        self.view = FrameView(
            G_or_board,
            graph=graph,
            node_roles=node_roles,
            edge_roles=edge_roles,
            focus=focus,
            width=width,
        )
        self._index = -1
        self._played_from = 0
        self._font_px = _FONT_PX

        known = {**ALGORITHMS, **EXACT_SEARCHES}
        title = known[t.name].title if t.name in known else t.name
        last = max(len(t.frames), 1)  # the play and the slider count steps from 1
        self.play = widgets.Play(value=1, min=1, max=last, step=1, interval=SPEEDS[1][1])
        self.play.layout.display = "none"  # a timer only: the buttons below drive it
        self.slider = widgets.IntSlider(
            value=1, min=1, max=last, description="step", continuous_update=True
        )
        self.slider.style.description_width = "initial"
        self.slider.layout.width = "250px"

        def button(label: str, tip: str, css: str, action: Any) -> widgets.Button:
            b = widgets.Button(description=label, tooltip=tip)
            b.add_class(css)
            b.layout.width = "auto"  # as wide as its label: never cut
            b.on_click(lambda _: action())
            return b

        # icons from the lab's icon font: the pause and stop characters are missing from
        # common fonts and showed as boxes
        self.play_button = button("play", "play from this step", "wb-step-play", self.start)
        self.pause_button = button("pause", "stop playing, stay on this step",
                                   "wb-step-pause", self.pause)  # fmt: skip
        self.stop_button = button("stop", "stop playing, back to the step where play started",
                                  "wb-step-stop", self.stop)  # fmt: skip
        self.play_button.icon, self.pause_button.icon, self.stop_button.icon = (
            "play", "pause", "stop")  # fmt: skip
        self.back_button = button("◀ back", "one step back", "wb-step-back", self.back)
        self.step_button = button("step ▶", "one step forward", "wb-step-forward", self.step)
        self.speed = widgets.SelectionSlider(
            options=list(SPEEDS), value=SPEEDS[1][1], description="speed"
        )
        self.speed.style.description_width = "initial"
        self.speed.layout.width = "210px"
        self.presentation = widgets.ToggleButton(
            value=False, description="presentation", icon="desktop",
            tooltip="a larger picture and text for a projector, distances on the nodes",
        )  # fmt: skip
        self.presentation.layout.width = "auto"
        self.presentation.add_class("wb-step-present")
        self.lengths = widgets.ToggleButton(
            value=self.view.lengths_shown, description="lengths",
            tooltip="write every route's length (the pointer shows one route's anyway)",
        )  # fmt: skip
        self.lengths.layout.width = "auto"
        self.lengths.add_class("wb-step-lengths")
        self.lengths.observe(lambda change: self.view.show_lengths(bool(change["new"])), "value")
        if not self.view.length_labels:
            self.lengths.layout.display = "none"  # nothing to write
        self.speed.observe(self._on_speed, "value")
        self.slider.observe(self._on_seek, "value")
        self.play.observe(self._on_tick, "value")
        self.play.observe(self._on_playing, "playing")
        self.presentation.observe(self._on_presentation, "value")

        header = widgets.HTML(f"<h3 style='margin:2px 0'>{_esc(title)}</h3>")
        self.status = widgets.HTML()
        self.status.add_class("wb-stepper-status")
        self.code = widgets.HTML()
        self.data = widgets.HTML()
        self.side = widgets.VBox([self.status, self.code, self.data])
        self.side.layout.padding = "0 0 0 10px"
        self.side.layout.overflow_y = "auto"  # long tables scroll here, nothing moves
        self.side.layout.min_width = "300px"  # narrower when room is short, not below this
        for part in (self.status, self.code, self.data):
            part.layout.width = "98%"  # the pseudo-code wraps to the panel
        self.side.add_class("wb-stepper-side")
        self.controls = widgets.HBox(
            [
                self.play_button, self.pause_button, self.stop_button, self.back_button,
                self.step_button, self.slider, self.speed, self.presentation, self.lengths,
                self.play,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        self.controls.add_class("wb-stepper-controls")
        self._update_buttons()
        # the first frame goes into the figure before it becomes a widget: jupyter_bokeh
        # sends later changes to the views already open, and none is open yet
        self._render(0)
        self.board_widget = self.view.widget()
        self.board_widget.add_class("wb-stepper-board")
        self.board_widget.layout.flex = "0 0 auto"  # the board keeps its size
        self._fit_side()
        body = widgets.HBox([self.board_widget, self.side])
        super().__init__([header, self.controls, body])
        self.add_class("wb-stepper")
        if presentation:
            self.presentation.value = True

    # ---------------------------------------------------------------- scripting

    @property
    def index(self) -> int:
        """The frame shown, from 0."""
        return self._index

    @property
    def frame(self) -> Frame:
        """The frame shown."""
        return self.trace.frames[self._index]

    def seek(self, index: int) -> None:
        """Show frame ``index`` (clamped to the trace; negative counts from the end)."""
        n = len(self.trace.frames)
        if index < 0:
            index += n
        index = min(max(index, 0), n - 1)
        self.slider.value = index + 1
        self._render(index)

    def step(self) -> None:
        """One frame forward (nothing at the last one)."""
        self.seek(self._index + 1)

    def back(self) -> None:
        """One frame back (nothing at the first one)."""
        if self._index > 0:
            self.seek(self._index - 1)

    def start(self) -> None:
        """Play from this step at the chosen speed (from the first if at the last)."""
        if self.play.playing:
            return
        if self._index >= len(self.trace.frames) - 1:
            self.seek(0)
        self._played_from = self._index
        self.play.playing = True

    def pause(self) -> None:
        """Stop playing and stay on this step; :meth:`start` goes on from here."""
        self.play.playing = False

    def stop(self) -> None:
        """Stop playing and go back to the step where play started."""
        self.play.playing = False
        self.seek(self._played_from)

    def set_presentation(self, on: bool = True) -> None:
        """Presentation mode on or off: the picture and the text :data:`PRESENTATION_ZOOM`
        times larger and each node's distance (level, table entry) written beside it."""
        self.presentation.value = on

    # ---------------------------------------------------------------- drawing

    def _on_seek(self, change: dict[str, Any]) -> None:
        self._render(int(change["new"]) - 1)
        self.play.value = self.slider.value  # the timer goes on from here

    def _on_tick(self, change: dict[str, Any]) -> None:
        """The timer moved on. A tick that arrives once playing has stopped was sent before
        the browser heard of the pause or the stop: put the timer back instead of following."""
        if self.play.playing:
            self.slider.value = int(change["new"])
        elif int(change["new"]) != self.slider.value:
            self.play.value = self.slider.value

    def _on_speed(self, change: dict[str, Any]) -> None:
        self.play.interval = int(change["new"])

    def _on_playing(self, change: dict[str, Any]) -> None:
        self._update_buttons()

    def _update_buttons(self) -> None:
        playing = bool(self.play.playing)
        self.play_button.disabled = playing
        self.pause_button.disabled = not playing
        self.stop_button.disabled = not playing and self._index == self._played_from

    def _on_presentation(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        self.view.resize(PRESENTATION_ZOOM if on else 1.0)
        self.view.show_values(on)
        self._font_px = round(_FONT_PX * (PRESENTATION_SIDE_ZOOM if on else 1.0))
        self._fit_side()
        if on:
            self.add_class("wb-stepper-presenting")
        else:
            self.remove_class("wb-stepper-presenting")
        index, self._index = self._index, -1
        self._render(index)

    def _fit_side(self) -> None:
        """The side panel as tall as the picture (it scrolls inside), and wide enough for
        the pseudo-code at the current text size."""
        height = self.view.figure.height or 400
        self.side.layout.height = f"{height}px"
        wide = round(_SIDE_PX * self._font_px / _FONT_PX)
        self.side.layout.max_width = f"{wide}px"
        self.side.layout.flex = f"1 1 {wide}px"

    def _render(self, index: int) -> None:
        if index == self._index:
            return  # idempotent: the browser may report one change twice
        self._index = index
        f = self.trace.frames[index]
        self.view.show(f)
        n = len(self.trace.frames)
        dropped = f" ({self.trace.dropped} frames left out)" if self.trace.dropped else ""
        size = f'<div style="font-size:{self._font_px}px">'
        self.status.value = (
            f'{size}<div style="line-height:1.35">'
            f'<div><b class="wb-stepper-step">step {index + 1} of {n}</b>{dropped}</div>'
            f'<div class="wb-stepper-message" style="font-size:1.15em;margin:4px 0">'
            f"{_esc(_readable(f.message, self.names))}</div>"
            f'<div class="wb-stepper-roles" style="color:#666;font-size:0.9em">'
            f"{_esc(_summary(f))}</div></div></div>"
        )
        self.code.value = size + _pseudocode_html(self.trace.pseudocode, f.line) + "</div>"
        self.data.value = size + state_html(f.state, self.names, f.nodes) + "</div>"
        if not self.play.playing:
            self._update_buttons()

    def __repr__(self) -> str:
        return (
            f"<AlgorithmStepper {self.trace.name!r}: frame {self._index + 1} of "
            f"{len(self.trace.frames)}>"
        )
