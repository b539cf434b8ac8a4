"""Play Ticket to Ride Europe in JupyterLab against bots (or with friends at one screen).

:class:`TicketToRidePlay` holds a refereed game (:class:`~workbench.games.Match`) whose human
seats are ``None``; everything it does is a method (:meth:`~TicketToRidePlay.play`,
:meth:`~TicketToRidePlay.click_route`, :meth:`~TicketToRidePlay.hint`,
:meth:`~TicketToRidePlay.play_bots`), and the widget only draws the state and forwards
clicks to them. The board is the route board's Bokeh drawing with the claimed routes marked
in their owner's color, the stations as triangles and the hint (the cheapest network
joining my open tickets) dashed; beside it the hand and the market as cards, the tickets,
the moves a tap on a route allows (a gray route lists one payment per color), the log
(other players' hidden cards and tickets are not shown), and at the end the scoring line by
line.

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

from workbench.games import GAMES, Match
from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState
from workbench.games.ticket_to_ride.actions import (
    LOCO,
    Claim,
    DrawBlind,
    Keep,
    TakeCard,
)
from workbench.games.ticket_to_ride.bots import GreedyBot

__all__ = ["SEAT_COLORS", "TicketToRidePlay"]

SEAT_COLORS = ("#c0392b", "#1f77b4", "#2ca02c", "#8e44ad", "#e67e22")
"""The color of each seat's trains on the board."""

_CARD_FILL = {LOCO: "linear-gradient(90deg,#e74c3c,#f1c40f,#2ecc71,#3498db,#9b59b6)"}


class TicketToRidePlay:
    """A game of Ticket to Ride with human and bot seats, and its widget.

    Parameters
    ----------
    board : RouteBoard or path, optional
        The shipped Europe board by default.
    seats : sequence of str
        ``"human"`` or a bot's name (``greedy``, ``planner``, ``random``) per seat.
    rules : preset name or TTRRules, optional
    seed : int
        The game's and the bots' seed.
    width : int
        The board's width in pixels.
    """

    def __init__(
        self,
        board: Any = None,
        seats: Sequence[str] = ("human", "greedy", "greedy", "greedy"),
        rules: Any = None,
        seed: int = 0,
        width: int = 760,
    ) -> None:
        info = GAMES["ticket_to_ride"]
        self.info = info
        self.seats = tuple(seats)
        for s in self.seats:
            if s != "human":
                info.bot(s)  # ValueError naming the bots
        self.game: TicketToRide = info.new_game(  # type: ignore[assignment]
            players=len(self.seats), seed=seed, rules=rules, board=board
        )
        self.board = self.game.board
        self.width = width
        factories = [None if s == "human" else info.bots[s] for s in self.seats]
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        self.viewer = humans[0] if humans else 0
        self.log: list[str] = []
        self.message = ""
        self.selected: str | None = None
        self.hint_routes: list[str] = []
        self._widgets: dict[str, Any] = {}
        self._root: Any = None
        self._sources: dict[str, Any] = {}
        self.match = Match(self.game, factories, seed, on_action=self._note)
        self.match.run()

    def __repr__(self) -> str:
        return f"<TicketToRidePlay {', '.join(self.seats)}; {self.status()}>"

    # ------------------------------------------------------------------ the game

    @property
    def state(self) -> TicketToRideState:
        return self.match.state  # type: ignore[return-value]

    def _seat_name(self, seat: int) -> str:
        return "you" if seat == self.viewer and self.seats[seat] == "human" else f"seat {seat}"

    def _note(self, state: Any, action: Any, seat: int | None) -> None:
        """Write the log line of an action, hiding what the viewer may not see."""
        if seat is None:
            task = state.tasks[0]
            if task[0] == "hand":
                who = task[1]
                text = (
                    f"{self._seat_name(who)} draw {action.color}"
                    if who == self.viewer
                    else f"{self._seat_name(who)} draws a card"
                )
            elif task[0] == "ticket":
                who = task[1]
                text = (
                    f"{self._seat_name(who)} draw ticket {action.ticket}"
                    if who == self.viewer
                    else f"{self._seat_name(who)} draws a ticket"
                )
            elif task[0] == "tunnel":
                text = f"the tunnel reveals {action.color}"
            else:
                text = f"the market shows {action.color}"
        elif isinstance(action, Keep) and seat != self.viewer:
            text = f"seat {seat} keeps {len(action.tickets)} tickets"
        else:
            text = f"{self._seat_name(seat)}: {action}"
        self.log.append(text)

    def status(self) -> str:
        """Whose turn it is and what they are doing, or the result."""
        s = self.state
        if s.is_terminal():
            won = ", ".join(self._seat_name(w) for w in s.winners())
            return f"the game is over: {won} won"
        seat = s.to_play
        if seat is None:
            return "dealing"
        what = {
            "keep": "choose the tickets to keep",
            "tunnel": "pay the tunnel's extra cards or withdraw",
            "draw2": "draw a second card",
            "turn": "draw cards, claim a route, draw tickets or build a station",
        }.get(s.phase, s.phase)
        last = " (last round)" if s.last_turns is not None else ""
        return f"turn {s.turns + 1}{last}: {self._seat_name(seat)} to {what}"

    def human_to_play(self) -> bool:
        return self.match.human_to_play()

    def choices(self) -> list[Any]:
        """The moves of the human on turn: those on the tapped route when one is selected
        at the start of a turn, else every move but the card draws (they have buttons)."""
        if not self.human_to_play():
            return []
        legal = self.state.legal_actions()
        if self.state.phase == "turn":
            if self.selected is not None:
                return [a for a in legal if isinstance(a, Claim) and a.route == self.selected]
            return [a for a in legal if not isinstance(a, TakeCard | DrawBlind)]
        return list(legal)

    def play(self, action: Any) -> bool:
        """Play the human's ``action`` (or its text); then the bots answer. ``False`` with
        :attr:`message` saying why when it is refused."""
        try:
            self.match.play(action)
        except ValueError as e:  # IllegalActionError is one too, and so is a bad text
            self.message = str(e)
            self._refresh()
            return False
        self.message = ""
        self.selected = None
        self.hint_routes = []
        self.match.run()
        self._refresh()
        return True

    def click_route(self, route: str) -> list[Any]:
        """Select ``route`` (its id): :meth:`choices` lists its claims; returns them."""
        self.board.route(route)  # KeyError for an unknown id
        self.selected = route
        found = self.choices()
        if self.human_to_play() and self.state.phase == "turn" and not found:
            self.message = f"you cannot claim {route} now (cards, cars or the double rule)"
        else:
            self.message = ""
        self._refresh()
        return found

    def play_bots(self) -> int:
        """Let the bots (and chance) play until a human is on turn or the game ends."""
        before = len(self.state.history)
        self.match.run()
        self._refresh()
        return len(self.state.history) - before

    def hint(self) -> list[str]:
        """The routes of the cheapest network joining the viewer's open tickets (the
        greedy planner's), drawn dashed on the board."""
        bot = GreedyBot(self.game, self.viewer, _no_rng())
        plan = bot.plan(self.state.observation(self.viewer))
        t = self.game.tables
        self.hint_routes = [t.route_ids[i] for i in plan.routes]
        cars = sum(t.length[i] for i in plan.routes)
        self.message = (
            f"hint: {len(self.hint_routes)} routes, {cars} cars: " + ", ".join(self.hint_routes)
            if self.hint_routes
            else "hint: your tickets are joined (or cannot be any more)"
        )
        self._refresh()
        return self.hint_routes

    # ------------------------------------------------------------------ the widget

    @property
    def widget(self) -> Any:
        """The ipywidgets box (built once)."""
        if self._root is None:
            self._root = self._build()
            self._refresh()
        return self._root

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import bokehjs_once

        display(HTML(bokehjs_once()))
        display(self.widget)

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
                    if rid != self.selected:  # jupyter_bokeh calls back twice
                        self.click_route(rid)

            source.selected.on_change("indices", on_tap)
        self._sources = {"claims": claims, "stations": stations, "hint": hint}
        return fig

    def _build(self) -> Any:
        import ipywidgets as w
        from jupyter_bokeh.widgets import BokehModel

        board = BokehModel(self._figure())
        board.add_class("wb-ttr-board")
        texts = {}
        for name in ("status", "message", "hand", "tickets", "seats", "log", "scoring"):
            texts[name] = w.HTML(layout=w.Layout(width="100%"))
            texts[name].add_class(f"wb-ttr-{name}")
        market = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        market.add_class("wb-ttr-market")
        moves = w.Dropdown(options=[], layout=w.Layout(width="300px"))
        moves.add_class("wb-ttr-moves")
        go = w.Button(description="Play", button_style="primary")
        go.add_class("wb-ttr-go")
        bots = w.Button(description="Bots play")
        hint = w.Button(description="Hint", icon="lightbulb-o")
        unselect = w.Button(description="All moves")

        def on_go(_: Any) -> None:
            if moves.value is not None:
                self.play(moves.value)

        def on_unselect(_: Any) -> None:
            self.selected = None
            self._refresh()

        go.on_click(on_go)
        bots.on_click(lambda _: self.play_bots())
        hint.on_click(lambda _: self.hint())
        unselect.on_click(on_unselect)
        side = w.VBox(
            [
                texts["status"],
                texts["message"],
                w.HTML("<b>Market</b> (tap to take)"),
                market,
                w.HTML("<b>Your hand</b>"),
                texts["hand"],
                texts["tickets"],
                w.HTML("<b>Moves</b> (tap a route on the board to see its claims)"),
                moves,
                w.HBox([go, unselect]),
                w.HBox([bots, hint]),
                texts["seats"],
                w.HTML("<b>Log</b>"),
                texts["log"],
            ],
            layout=w.Layout(width="340px", margin="0 0 0 10px"),
        )
        self._widgets = {"market": market, "moves": moves, "board": board, **texts}
        hint.add_class("wb-ttr-hint")
        root = w.VBox(
            [w.HBox([board, side], layout=w.Layout(flex_flow="row wrap")), texts["scoring"]]
        )
        root.add_class("wb-ttr")
        return root

    def _refresh(self) -> None:
        if not self._widgets:
            return
        import ipywidgets as w

        wd = self._widgets
        s = self.state
        t = self.game.tables
        wd["status"].value = f"<b>{html.escape(self.status())}</b>"
        css = "color:#b00020" if self.message and not self.message.startswith("hint") else ""
        wd["message"].value = f"<div style='{css}'>{html.escape(self.message)}</div>"
        wd["hand"].value = _cards_html(t.names, s.hands[self.viewer])
        mine = s.tickets[self.viewer]
        done = set(self._done_tickets())
        wd["tickets"].value = "<b>Your tickets</b><br>" + (
            "<br>".join(
                f"{'&#10003;' if x in done else '&#9744;'} {html.escape(x)} ({t.tickets[x].points})"
                for x in mine
            )
            or "none yet"
        )
        buttons = []
        on_turn = self.human_to_play() and s.phase in ("turn", "draw2")
        draws = s.draws() if on_turn else []
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
        rows = "".join(
            f"<tr><td style='color:{SEAT_COLORS[i % 5]}'>&#9632; {self._seat_name(i)} "
            f"({self.seats[i]})</td><td>{s.route_points[i]}</td><td>{s.cars[i]}</td>"
            f"<td>{sum(s.hands[i])}</td><td>{len(s.tickets[i])}</td>"
            f"<td>{s.stations_left[i]}</td></tr>"
            for i in range(self.game.players)
        )
        wd["seats"].value = (
            "<table><tr><th>seat</th><th>points</th><th>cars</th><th>cards</th>"
            f"<th>tickets</th><th>stations</th></tr>{rows}</table>"
        )
        wd["log"].value = (
            "<div style='font-family:monospace;font-size:11px'>"
            + "<br>".join(html.escape(x) for x in self.log[-14:])
            + "</div>"
        )
        wd["scoring"].value = self._scoring_html() if s.is_terminal() else ""
        self._draw_board()

    def _draw_board(self) -> None:
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
        lines = [self.board.line(self.board.route(r)) for r in self.hint_routes]
        self._sources["hint"].data = {
            "xs": [[x for x, _ in line] for line in lines],
            "ys": [[y for _, y in line] for line in lines],
        }

    def _done_tickets(self) -> list[str]:
        from workbench.games.ticket_to_ride.scoring import connected

        s = self.state
        t = self.game.tables
        own = [t.ends[i] for i, o in enumerate(s.owners) if o == self.viewer]
        mine = s.tickets[self.viewer]
        ok = connected(own, [t.tickets[x].ends for x in mine])
        return [x for x, y in zip(mine, ok, strict=True) if y]

    def _scoring_html(self) -> str:
        s = self.state
        head = (
            "<tr><th>seat</th><th>routes</th><th>tickets</th><th>completed</th><th>failed</th>"
            "<th>stations</th><th>longest path</th><th>bonus</th><th>borrowed</th>"
            "<th>total</th></tr>"
        )
        rows = "".join(
            f"<tr><td>{self._seat_name(i)}</td><td>{x.routes}</td><td>{x.tickets}</td>"
            f"<td>{x.completed}</td><td>{x.failed}</td><td>{x.stations}</td>"
            f"<td>{x.longest}</td><td>{x.longest_bonus}</td>"
            f"<td>{html.escape(', '.join(x.borrowed))}</td><td><b>{x.total}</b></td></tr>"
            for i, x in enumerate(s.score_sheets())
        )
        return f"<b>Final scoring</b><table class='wb-ttr-score'>{head}{rows}</table>"


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


def _no_rng() -> Any:
    import numpy as np

    return np.random.default_rng(0)
