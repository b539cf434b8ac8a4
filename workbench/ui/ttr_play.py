"""Play Ticket to Ride Europe in JupyterLab against bots (or with friends at one screen).

:class:`TicketToRidePlay` is the widget of a
:class:`~workbench.session.ttr_play.TicketToRideSession`: the session holds the game, the
seats, the log, the selected route, the hint and the scoring in words, and the widget draws
them and turns clicks into session calls; the seats row, status, hint, log, saving and
loading are the play widgets' shared base (:class:`~workbench.ui._play_base.PlayWidget`).
The board is the route board's Bokeh drawing: a claimed route is covered by its owner's
trains (a car in the owner's color with a white window, over the city names, the owner in
the hover), stations are triangles, a tunnel keeps its color under brown stripes, the
viewer's ticket cities are ringed (pink to join, green joined, orange offered) and the hint
(the cheapest network joining my open tickets) is dashed. Beside it: a tunnel's reveal
with the cards turned over, the hand and the market as cards (a greyed card says why),
the tickets with their points, the moves a tap on a route (its claims) or on a city (a
station there) allows, opening on "choose a move…" so that Play never plays by accident,
the seats, and at the end the scoring line by line. A move clears the selection: the board
is never left faded.

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
from workbench.session.ttr_play import PHASES, TicketToRideSession
from workbench.ui._play_base import PlayWidget

__all__ = ["SEAT_COLORS", "TICKET_RING", "TicketToRidePlay"]

SEAT_COLORS = ("#c0392b", "#1f77b4", "#2ca02c", "#8e44ad", "#e67e22")
"""The color of each seat's trains on the board."""
NO_MOVE = "choose a move…"
"""The moves list's first entry when nothing is selected: Play then plays nothing."""
TICKET_RING = {"open": "#d81b60", "joined": "#2e7d32", "offered": "#ff8f00"}
"""The ring around a ticket's city: still to join, joined, or offered to choose from."""

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
        width: int = 820,
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

    def click_city(self, city: str) -> list[Any]:
        """Select ``city``: the moves list the payments of a station there; returns them."""
        return list(self._call(self.session.click_city, city))

    def unselect(self) -> None:
        """Select no route: the moves list every move again."""
        self._call(self.session.unselect)

    def hint(self) -> list[str]:
        """The routes of the cheapest network joining your open tickets, drawn dashed."""
        return list(self._call(self.session.hint))

    def _figure(self) -> Any:
        from bokeh.models import ColumnDataSource, HoverTool, TapTool
        from bokeh.models.glyphs import MultiLine, Patches, Scatter

        from workbench.ui.route_render import STATION_STYLE, car_columns, route_figure

        fig: Any = route_figure(self.board, width=self.width, title="")
        cars = car_columns(self.board)
        self._cars: dict[str, list[tuple[list[float], list[float]]]] = {}
        for kind in ("plain", "tunnel", "ferry"):
            for xs, ys, rid in zip(
                cars[kind]["xs"], cars[kind]["ys"], cars[kind]["route"], strict=True
            ):
                self._cars.setdefault(rid, []).append((xs, ys))
        # the marks of the game sit over the city names: the names go down to the glyphs'
        # level (drawn after the cars) and the marks are annotations, drawn after them, so
        # a claim, a station or a ticket's city is never hidden by a label
        for name in ("city-names-halo", "city-names"):
            for labels in fig.select({"name": name}):
                labels.level = "glyph"
        # a tunnel keeps its color: a thin brown outline and brown stripes over the fill
        tunnel = fig.select_one({"name": "cars-tunnel"}).glyph
        tunnel.update(line_width=1.4, hatch_pattern="right_diagonal_line", hatch_color="#6b3a16",
                      hatch_scale=5, hatch_weight=1, hatch_alpha=0.8)  # fmt: skip
        for item in fig.legend[0].items:
            if item.label.value.startswith("tunnel"):
                item.label = {"value": "tunnel (brown outline and stripes)"}
        rings = ColumnDataSource({"x": [], "y": [], "line": [], "city": [], "what": []})
        fig.add_glyph(
            rings,
            Scatter(x="x", y="y", marker="circle", size=22, fill_alpha=0, line_color="line",
                    line_width=3),
            name="ticket-cities", level="annotation",
        )  # fmt: skip
        claims = ColumnDataSource({"xs": [], "ys": [], "fill": [], "route": [], "owner": []})
        claimed = fig.add_glyph(
            claims,
            Patches(xs="xs", ys="ys", fill_color="fill", line_color="#111111", line_width=1.2),
            name="claims", level="annotation",
        )  # fmt: skip
        stations = ColumnDataSource({"x": [], "y": [], "fill": [], "city": [], "owner": []})
        built = fig.add_glyph(
            stations,
            Scatter(x="x", y="y", fill_color="fill", **{**STATION_STYLE, "size": 18}),
            name="stations", level="annotation",
        )  # fmt: skip
        claimed.nonselection_glyph = None  # a selected route never fades the claims
        # a train on each car of a claim: a white window, so a claim never reads as a free
        # route of the owner's color
        windows = ColumnDataSource({"x": [], "y": []})
        fig.add_glyph(
            windows,
            Scatter(x="x", y="y", marker="square", size=5, fill_color="white",
                    line_color="#111111", line_width=0.8),
            name="claim-windows", level="annotation",
        )  # fmt: skip
        hint = ColumnDataSource({"xs": [], "ys": []})
        fig.add_glyph(
            hint,
            MultiLine(xs="xs", ys="ys", line_color="#111111", line_width=3, line_dash="dashed"),
            name="hint", level="annotation",
        )  # fmt: skip
        fig.add_tools(
            HoverTool(
                renderers=[claimed], tooltips=[("route", "@route"), ("claimed by", "@owner")],
                name="claim-hover",
            ),
            HoverTool(
                renderers=[built], tooltips=[("station", "@city"), ("built by", "@owner")],
                name="built-hover",
            ),
        )  # fmt: skip
        renderers: list[Any] = [
            fig.select_one({"name": f"cars-{k}"}) for k in ("plain", "tunnel", "ferry")
        ]
        cities: Any = fig.select_one({"name": "cities"})
        fig.add_tools(TapTool(renderers=[*renderers, cities, claimed]))
        for renderer in [*renderers, claimed]:
            source = renderer.data_source

            def on_tap(attr: str, old: Any, new: Any, source: Any = source) -> None:
                if new:
                    rid = source.data["route"][new[0]]
                    if rid != self.session.selected:  # jupyter_bokeh calls back twice
                        self.click_route(rid)

            source.selected.on_change("indices", on_tap)

        def on_city(attr: str, old: Any, new: Any) -> None:
            if new:
                city = cities.data_source.data["name"][new[0]]
                if city != self.session.selected_city:
                    self.click_city(city)

        cities.data_source.selected.on_change("indices", on_city)
        self._selectable = [r.data_source for r in (*renderers, cities, claimed)]
        self._sources = {
            "claims": claims, "windows": windows, "stations": stations, "hint": hint,
            "tickets": rings,
        }  # fmt: skip
        return fig

    def build_view(self) -> tuple[list[Any], list[Any], list[Any]]:
        import ipywidgets as w
        from jupyter_bokeh.widgets import BokehModel

        figure = self._figure()
        self.draw()  # before the model is wrapped: changes made before it is shown are lost
        board = self._part(BokehModel(figure), "board")
        texts = {}
        for name in ("tunnel", "hand", "tickets", "seat_table", "scoring"):
            texts[name] = self._part(w.HTML(layout=w.Layout(width="100%")), name)
        market = self._part(w.HBox(layout=w.Layout(flex_flow="row wrap")), "market")
        moves = self._part(w.Dropdown(options=[], layout=w.Layout(width="350px")), "moves")
        go = self._part(w.Button(description="Play", button_style="primary"), "go")
        unselect = w.Button(description="All moves", tooltip="select no route or city")

        def on_go(_: Any) -> None:
            if moves.value in (None, NO_MOVE):
                self.session.say(
                    "choose a move in the list first, or tap a route (to claim it) or a city "
                    "(to build a station there)",
                    error=True,
                )
            else:
                self.play(moves.value)

        go.on_click(on_go)
        unselect.on_click(lambda _: self.unselect())
        side = [
            texts["tunnel"],
            w.HTML("<b>Market</b> (tap to take)"),
            market,
            w.HTML("<b>Your hand</b>"),
            texts["hand"],
            texts["tickets"],
            w.HTML("<b>Your move</b> (tap a route to claim it, a city for a station)"),
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
        reveal = session.tunnel_reveal()
        wd["tunnel"].value = (
            ""
            if reveal is None
            else "<div style='border:2px solid #8B4513;border-radius:6px;padding:4px 6px;"
            f"background:#fbf3ea'><b>Tunnel {html.escape(reveal[0])}</b>: turned over "
            f"{_cards_html(t.names, _count(reveal[1], t.names))}<br>"
            f"{html.escape(session.tunnel_text())}</div>"
        )
        rows = []
        for row in session.ticket_rows():
            mark = "&#10003;" if row["joined"] else "&#9744;"
            lent = f" <small>(with a station: {html.escape(row['borrowing'])})</small>"
            rows.append(
                f"{mark} {html.escape(row['ticket'])} ({row['points']} pts)"
                f"{lent if row['borrowing'] else ''}"
            )
        offered = s.offered[viewer] if s.phase == "keep" and s.to_play == viewer else []
        offer = (
            "<br><b>To choose from</b> (ringed orange on the board)<br>"
            + "<br>".join(f"{html.escape(x)} ({t.tickets[x].points} pts)" for x in offered)
            if offered
            else ""
        )
        wd["tickets"].value = (
            "<div style='line-height:1.5'><b>Your tickets</b> (ringed on the board)<br>"
            + ("<br>".join(rows) or "none yet")
            + offer
            + "</div>"
        )
        buttons = []
        draws = session.draws()
        second = s.phase == "draw2"
        for i, k in enumerate(s.market):
            for _ in range(k):
                name = t.names[i]
                why = ""
                if TakeCard(name) not in draws:
                    if not session.human_to_play():
                        why = "not your turn"
                    elif second and name == LOCO:
                        why = "a face-up locomotive cannot be the second card of a draw"
                    else:
                        why = f"no card draw now: {PHASES.get(s.phase, s.phase)} first"
                b = w.Button(
                    description=name,
                    layout=w.Layout(width="62px"),
                    disabled=bool(why),
                    tooltip=why or f"take the face-up {name}",
                )
                b.style.button_color = self.board.fill(name) if name != LOCO else "#d8c8f0"
                b.on_click(lambda _, n=name: self.play(TakeCard(n)))
                buttons.append(b)
        blind_why = ""
        if DrawBlind() not in draws:
            blind_why = (
                "not your turn"
                if not session.human_to_play()
                else "the deck and the discards are empty"
                if not sum(s.deck) and not sum(s.discard)
                else f"no card draw now: {PHASES.get(s.phase, s.phase)} first"
            )
        blind = w.Button(
            description=f"deck ({sum(s.deck)})",
            layout=w.Layout(width="90px"),
            disabled=bool(blind_why),
            tooltip=blind_why or "draw the top card of the deck",
        )
        blind.on_click(lambda _: self.play(DrawBlind()))
        buttons.append(blind)
        wd["market"].children = buttons
        options: list[tuple[str, Any]] = [(session.move_label(a), a) for a in self.choices()]
        chosen = session.selected is not None or session.selected_city is not None
        if options and not chosen:
            # nothing is played by pressing Play without choosing (tickets drawn by accident)
            options = [(NO_MOVE, NO_MOVE), *options]
        wd["moves"].options = options
        wd["moves"].value = options[0][1] if options else None
        num = "style='text-align:right;padding:0 4px'"
        seat_rows = "".join(
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
            f"<th {num}>stations</th></tr>{seat_rows}</table>"
        )
        wd["scoring"].value = self._scoring_html() if s.is_terminal() else ""

    def draw(self) -> None:
        """Draw the claims (the owner's trains over the route's cars), the stations, the
        ticket cities and the hint on the board, once it is built; a board without a
        selection shows no route faded."""
        if not self._sources:
            return
        session = self.session
        s = self.state
        t = self.game.tables
        claims: dict[str, list[Any]] = {"xs": [], "ys": [], "fill": [], "route": [], "owner": []}
        for i, owner in enumerate(s.owners):
            if owner >= 0:
                rid = t.route_ids[i]
                for xs, ys in self._cars[rid]:
                    claims["xs"].append(xs)
                    claims["ys"].append(ys)
                    claims["fill"].append(SEAT_COLORS[owner % 5])
                    claims["route"].append(rid)
                    claims["owner"].append(session.owner_text(rid))
        self._sources["claims"].data = claims
        centres = [
            (sum(xs) / len(xs), sum(ys) / len(ys))
            for xs, ys in zip(claims["xs"], claims["ys"], strict=True)
        ]
        self._sources["windows"].data = {
            "x": [x for x, _ in centres],
            "y": [y for _, y in centres],
        }
        pos = self.board.positions
        items = sorted(s.station_at.items())
        self._sources["stations"].data = {
            "x": [pos[c][0] for c, _ in items],
            "y": [pos[c][1] for c, _ in items],
            "fill": [SEAT_COLORS[o % 5] for _, o in items],
            "city": [c for c, _ in items],
            "owner": ["you" if session.sees(o) else session.who(o) for _, o in items],
        }
        marks = sorted(session.ticket_cities().items())
        self._sources["tickets"].data = {
            "x": [pos[c][0] for c, _ in marks],
            "y": [pos[c][1] for c, _ in marks],
            "line": [TICKET_RING[w] for _, w in marks],
            "city": [c for c, _ in marks],
            "what": [w for _, w in marks],
        }
        lines = [self.board.line(self.board.route(r)) for r in session.hint_routes]
        self._sources["hint"].data = {
            "xs": [[x for x, _ in line] for line in lines],
            "ys": [[y for _, y in line] for line in lines],
        }
        if session.selected is None and session.selected_city is None:
            for source in self._selectable:
                if source.selected.indices:
                    source.selected.indices = []

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


def _count(cards: Sequence[str], names: Sequence[str]) -> list[int]:
    """How many of ``cards`` bear each of ``names`` (a locomotive counts as the last)."""
    return [
        sum(1 for c in cards if c == n or (k == len(names) - 1 and c == "locomotive"))
        for k, n in enumerate(names)
    ]
