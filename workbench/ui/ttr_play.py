"""Play Ticket to Ride Europe in JupyterLab against bots (or with friends at one screen).

:class:`TicketToRidePlay` is the widget of a
:class:`~workbench.session.ttr_play.TicketToRideSession`: the session holds the game, the
seats, the log, the selected route, the hint and the scoring in words, and the widget draws
them and turns clicks into session calls. The board is the route board's Bokeh drawing
with the claimed routes marked in their owner's color, the stations as triangles and the
hint (the cheapest network joining my open tickets) dashed; beside it the hand and the
market as cards, the tickets, the moves a tap on a route allows (a gray route lists one
payment per color), the seats, the log (other players' hidden cards and tickets are not
shown), saving and loading, and at the end the scoring line by line.

The widget decides only when the bots move: at once after each of your moves
(``bots="auto"``), or one bot decision per press of **Bot move** (``bots="step"``).
Everything else is the session's; the widget's methods (:meth:`~TicketToRidePlay.play`,
:meth:`~TicketToRidePlay.click_route`, :meth:`~TicketToRidePlay.hint`,
:meth:`~TicketToRidePlay.play_bots`) are the session's calls plus a redraw.

>>> play = TicketToRidePlay(seats=["human", "greedy"], seed=3)
>>> play.state.to_play, play.state.phase
(0, 'keep')
>>> play.play(play.choices()[0])
True
>>> play.state.phase, play.state.to_play
('turn', 0)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState
from workbench.games.ticket_to_ride.actions import LOCO, DrawBlind, TakeCard
from workbench.session.ttr_play import TicketToRideSession
from workbench.ui._play_base import PlayWidget

__all__ = ["SEAT_COLORS", "TicketToRidePlay"]

SEAT_COLORS = ("#c0392b", "#1f77b4", "#2ca02c", "#8e44ad", "#e67e22")
"""The color of each seat's trains on the board."""

_CARD_FILL = {LOCO: "linear-gradient(90deg,#e74c3c,#f1c40f,#2ecc71,#3498db,#9b59b6)"}


class TicketToRidePlay(PlayWidget):
    """The Ticket to Ride widget over a :class:`TicketToRideSession`.

    Parameters
    ----------
    board : RouteBoard or path, optional
        The shipped Europe board by default.
    seats : sequence of str
        ``"human"`` or a bot's name (``greedy``, ``planner``, ``random``, ...) per seat.
    rules : preset name or TTRRules, optional
    seed : int
        The game's and the bots' seed.
    width : int
        The board's width in pixels.
    session : TicketToRideSession, optional
        Draw this session instead of starting one (the other game arguments are then
        ignored).
    bots : {"auto", "step"}
        Whether the bots answer at once after your move, or one decision per press of
        **Bot move** (:meth:`step_bot`).
    delay : float, optional
        Seconds between two bot decisions in a notebook (``bots="auto"`` only).
    """

    prefix = "wb-ttr"
    save_name = "ttr_game.json"
    session: TicketToRideSession

    def __init__(
        self,
        board: Any = None,
        seats: Sequence[str] = ("human", "greedy", "greedy", "greedy"),
        rules: Any = None,
        seed: int = 0,
        width: int = 760,
        *,
        session: TicketToRideSession | None = None,
        bots: str = "auto",
        delay: float = 0,
    ) -> None:
        if bots not in ("auto", "step"):
            raise ValueError(f"bots is {bots!r}: use 'auto' or 'step'")
        if session is None:
            session = TicketToRideSession(board=board, seats=seats, rules=rules, seed=seed)
        self.bots = bots
        self.width = width
        self._sources: dict[str, Any] = {}
        super().__init__(session, delay if bots == "auto" else None)
        self._start()

    def __repr__(self) -> str:
        return f"<TicketToRidePlay {', '.join(self.session.seats)}; {self.status()}>"

    @property
    def state(self) -> TicketToRideState:
        """The session's state."""
        return self.session.state

    @property
    def game(self) -> TicketToRide:
        """The session's game."""
        return self.session.game

    def click_route(self, route: str) -> list[Any]:
        """Select ``route`` (its id): the moves list its claims; returns them."""
        return list(self._call(self.session.click_route, route))

    def unselect(self) -> None:
        """Select no route: the moves list every move again."""
        self._call(self.session.unselect)

    def hint(self) -> list[str]:
        """The routes of the cheapest network joining your open tickets, drawn dashed."""
        return list(self._call(self.session.hint))

    def _figure(self) -> Any:
        from bokeh.models import ColumnDataSource, TapTool
        from bokeh.models.glyphs import MultiLine, Scatter

        from workbench.ui.route_render import car_columns, route_figure

        fig = route_figure(self.board, width=self.width, title="")
        cars = car_columns(self.board)
        self._centers: dict[str, list[tuple[float, float]]] = {}
        for kind in ("plain", "tunnel", "ferry"):
            for xs, ys, rid in zip(
                cars[kind]["xs"], cars[kind]["ys"], cars[kind]["route"], strict=True
            ):
                self._centers.setdefault(rid, []).append((sum(xs) / 4, sum(ys) / 4))
        claims = ColumnDataSource({"x": [], "y": [], "fill": []})
        fig.add_glyph(
            claims,
            Scatter(x="x", y="y", marker="square", size=9, fill_color="fill", line_color="white"),
            name="claims",
        )
        stations = ColumnDataSource({"x": [], "y": [], "fill": []})
        fig.add_glyph(
            stations,
            Scatter(
                x="x", y="y", marker="triangle", size=16, fill_color="fill", line_color="black"
            ),
            name="stations",
        )
        hint = ColumnDataSource({"xs": [], "ys": []})
        fig.add_glyph(
            hint,
            MultiLine(xs="xs", ys="ys", line_color="#111111", line_width=3, line_dash="dashed"),
            name="hint",
        )
        renderers: list[Any] = [
            fig.select_one({"name": f"cars-{k}"}) for k in ("plain", "tunnel", "ferry")
        ]
        fig.add_tools(TapTool(renderers=renderers))
        for renderer in renderers:
            source = renderer.data_source

            def on_tap(attr: str, old: Any, new: Any, source: Any = source) -> None:
                if new:
                    rid = source.data["route"][new[0]]
                    if rid != self.session.selected:  # jupyter_bokeh calls back twice
                        self.click_route(rid)

            source.selected.on_change("indices", on_tap)
        self._sources = {"claims": claims, "stations": stations, "hint": hint}
        return fig

    def build_view(self) -> tuple[list[Any], list[Any], list[Any]]:
        import ipywidgets as w
        from jupyter_bokeh.widgets import BokehModel

        board = self._part(BokehModel(self._figure()), "board")
        texts = {}
        for name in ("hand", "tickets", "seat_table", "scoring"):
            texts[name] = self._part(w.HTML(layout=w.Layout(width="100%")), name)
        market = self._part(w.HBox(layout=w.Layout(flex_flow="row wrap")), "market")
        moves = self._part(w.Dropdown(options=[], layout=w.Layout(width="300px")), "moves")
        go = self._part(w.Button(description="Play", button_style="primary"), "go")
        unselect = w.Button(description="All moves")

        def on_go(_: Any) -> None:
            if moves.value is not None:
                self.play(moves.value)

        go.on_click(on_go)
        unselect.on_click(lambda _: self.unselect())
        side = [
            w.HTML("<b>Market</b> (tap to take)"),
            market,
            w.HTML("<b>Your hand</b>"),
            texts["hand"],
            texts["tickets"],
            w.HTML("<b>Moves</b> (tap a route on the board to see its claims)"),
            moves,
            w.HBox([go, unselect]),
            texts["seat_table"],
        ]
        return [board], side, [texts["scoring"]]

    def refresh_view(self) -> None:
        """Fill the market, hand, tickets, moves, seats and scoring; draw the board."""
        import ipywidgets as w

        wd = self._widgets
        session = self.session
        s = self.state
        t = self.game.tables
        viewer = session.viewer()
        wd["hand"].value = _cards_html(t.names, s.hands[viewer])
        wd["tickets"].value = (
            "<div style='line-height:1.5'><b>Your tickets</b><br>"
            + (
                "<br>".join(
                    f"{'&#10003;' if row['joined'] else '&#9744;'} {html.escape(row['ticket'])} "
                    f"({row['points']})"
                    for row in session.ticket_rows()
                )
                or "none yet"
            )
            + "</div>"
        )
        buttons = []
        draws = session.draws()
        for i, k in enumerate(s.market):
            for _ in range(k):
                name = t.names[i]
                b = w.Button(
                    description=name,
                    layout=w.Layout(width="62px"),
                    disabled=TakeCard(name) not in draws,
                )
                b.style.button_color = self.board.fill(name) if name != LOCO else "#d8c8f0"
                b.on_click(lambda _, n=name: self.play(TakeCard(n)))
                buttons.append(b)
        blind = w.Button(
            description=f"deck ({sum(s.deck)})",
            layout=w.Layout(width="90px"),
            disabled=DrawBlind() not in draws,
        )
        blind.on_click(lambda _: self.play(DrawBlind()))
        buttons.append(blind)
        wd["market"].children = buttons
        options = [(str(a), a) for a in self.choices()]
        wd["moves"].options = options
        wd["moves"].value = options[0][1] if options else None
        num = "style='text-align:right;padding:0 4px'"
        rows = "".join(
            f"<tr><td style='color:{SEAT_COLORS[r['seat'] % 5]};padding:0 4px'>&#9632; "
            f"{r['name']} <small>{html.escape(r['plays'])}</small></td><td {num}>"
            f"{r['points']}</td><td {num}>{r['cars']}</td><td {num}>{r['cards']}</td>"
            f"<td {num}>{r['tickets']}</td><td {num}>{r['stations']}</td></tr>"
            for r in session.seat_rows()
        )
        wd["seat_table"].value = (
            "<table style='font-size:12px;line-height:1.5;border-collapse:collapse'><tr>"
            f"<th style='text-align:left;padding:0 4px'>seat</th><th {num}>points</th>"
            f"<th {num}>cars</th><th {num}>cards</th><th {num}>tickets</th>"
            f"<th {num}>stations</th></tr>{rows}</table>"
        )
        wd["scoring"].value = self._scoring_html() if s.is_terminal() else ""

    def draw(self) -> None:
        """Draw the claims, the stations and the hint on the board (once it is built)."""
        if not self._sources:
            return
        s = self.state
        t = self.game.tables
        xs, ys, fill = [], [], []
        for i, owner in enumerate(s.owners):
            if owner >= 0:
                for x, y in self._centers[t.route_ids[i]]:
                    xs.append(x)
                    ys.append(y)
                    fill.append(SEAT_COLORS[owner % 5])
        self._sources["claims"].data = {"x": xs, "y": ys, "fill": fill}
        pos = self.board.positions
        items = sorted(s.station_at.items())
        self._sources["stations"].data = {
            "x": [pos[c][0] for c, _ in items],
            "y": [pos[c][1] + 0.35 for c, _ in items],
            "fill": [SEAT_COLORS[o % 5] for _, o in items],
        }
        lines = [self.board.line(self.board.route(r)) for r in self.session.hint_routes]
        self._sources["hint"].data = {
            "xs": [[x for x, _ in line] for line in lines],
            "ys": [[y for _, y in line] for line in lines],
        }

    def _scoring_html(self) -> str:
        columns = (
            "name", "routes", "tickets", "completed", "failed", "stations", "longest",
            "bonus", "borrowed", "total",
        )  # fmt: skip
        cell = "padding:2px 8px;text-align:{}"
        head = "".join(
            f"<th style='{cell.format('left' if c in ('name', 'borrowed') else 'right')}'>"
            f"{'seat' if c == 'name' else c}</th>"
            for c in columns
        )
        rows = []
        for r in self.session.score_rows():
            name = (
                r["name"]
                if r["name"] == "you"
                else f"{r['name']} ({self.session.seats[r['seat']]})"
            )
            values = {**r, "name": name}
            tds = "".join(
                f"<td style='{cell.format('left' if c in ('name', 'borrowed') else 'right')}'>"
                f"{'<b>' if c == 'total' else ''}{html.escape(str(values[c]))}"
                f"{'</b>' if c == 'total' else ''}</td>"
                for c in columns
            )
            rows.append(f"<tr>{tds}</tr>")
        lines = html.escape("\n".join(self.session.explain_scoring()))
        return (
            "<div style='display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start'>"
            "<div><b>Final scoring</b> (stations: 4 points for each one not built; bonus: "
            "the longest path)<table class='wb-ttr-score' style='border-collapse:collapse'>"
            f"<tr>{head}</tr>{''.join(rows)}</table></div>"
            "<details open><summary><b>Line by line</b></summary>"
            f"<pre style='font-size:11px;line-height:1.35;margin:4px 0'>{lines}</pre></details>"
            "</div>"
        )


def _cards_html(names: Sequence[str], counts: Sequence[int]) -> str:
    from workbench.maps.routes import CARD_COLORS

    fills = {c.name: c.fill for c in CARD_COLORS}
    chips = []
    for name, k in zip(names, counts, strict=True):
        if not k:
            continue
        fill = _CARD_FILL.get(name, fills.get(name, "#999"))
        text = "#000" if name in ("white", "yellow", LOCO) else "#fff"
        chips.append(
            f"<span style='display:inline-block;margin:2px;padding:3px 6px;border-radius:4px;"
            f"border:1px solid #444;background:{fill};color:{text}'>{name} &times;{k}</span>"
        )
    return "".join(chips) or "<i>no cards</i>"
