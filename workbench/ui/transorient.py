"""Play Transorient Express in Jupyter: the Central Station as cards, tap to take, tap to
play, against bots.

:class:`TransorientPlay` is a thin view over a
:class:`~workbench.session.transorient.TransorientSession`, built on the play widgets'
shared base (:class:`~workbench.ui._play_base.PlayWidget`: seats, status, hint, the bots'
pace, log, Save and Load) with the station and the hand as its view: the session decides (the
referee, the bots, chance, legality, what each tap does, the log, the scoring in words);
the widget draws what the session says, seen from the human's seat, and turns taps into
:meth:`~workbench.session.transorient.TransorientSession.act` with the action's text
(``take 3``, ``pile 3``, ``play 5-green``, ``pass``, ``master 2``, ``keep 4``,
``discard 2-red``, ``return blue``). An illegal tap shows the session's message and
changes nothing. Every tap is a call you can make from Python (:meth:`TransorientPlay.act`,
or the session itself), which is how the tests drive it.

>>> from workbench.ui.transorient import TransorientPlay
>>> play = TransorientPlay(players=3, seed=2)
>>> play.state.to_play, play.state.phase
(0, 'take')
>>> play.act("pile 1"), play.state.phase
(True, 'place')
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from workbench.session.transorient import CardView, Tap, TransorientSession
from workbench.ui._play_base import PlayWidget

__all__ = ["COLORS", "TransorientPlay"]

COLORS = {
    "red": "#c0392b",
    "yellow": "#e0b000",
    "green": "#2e8b57",
    "blue": "#2c6fbb",
    "black": "#333333",
    "white": "#9a9a9a",
}
"""Screen colors of the shipped set's token and card colors (others are drawn grey)."""


def _chips(pairs: Sequence[tuple[str, int]]) -> str:
    return "".join(
        f"<span title='{color}' style='display:inline-block;width:12px;height:12px;"
        f"border-radius:6px;background:{COLORS.get(color, '#777')};margin:1px;"
        "border:1px solid #fff'></span>" * n
        for color, n in pairs
    )


def _card_html(card: CardView, width: int = 150) -> str:
    if card.index < 0:
        return f"<div style='width:{width}px;height:104px;border:1px dashed #ccc'></div>"
    icons = "✈" * card.passports
    if card.luggage:
        icons += (" <span style='font-size:10px;background:#8b5a2b;color:#fff;"
                  "border-radius:3px;padding:0 3px'>luggage</span>")  # fmt: skip
    now = ""
    if card.cost_now != card.cost:
        now = f"<br><small>you pay {_chips(card.cost_now) or 'nothing'}</small>"
    return (
        f"<div style='width:{width}px;height:104px;border-radius:6px;padding:4px;"
        f"border:3px solid {COLORS.get(card.color, '#777')};background:#fdfbf6;"
        f"font:12px sans-serif;box-sizing:border-box;overflow:hidden'>"
        f"<b>{card.label}</b> {html.escape(card.name)} <span style='float:right'>"
        f"<b>{card.points}</b> pt</span><br>{_chips(card.cost)}{now}<br>{icons}<br>"
        f"<i>{html.escape(card.effect)}</i></div>"
    )


class TransorientPlay(PlayWidget):
    """A game of Transorient Express with a human at ``seat`` and bots elsewhere.

    Parameters
    ----------
    players : int
        2 to 4.
    seed : int
        The game's seed (deals and draws) and the bots'.
    bots : sequence of str
        The bots' names for the other seats, cycled (``greedy`` by default).
    seat : int
        The human's seat.
    rules, cards : optional
        A rules value or preset's name; a card set or its path (the shipped set).
    delay : float or None, optional
        The bots' pace (:class:`~workbench.ui._play_base.PlayWidget`): at once by default.
    """

    prefix = "wb-transorient"
    save_name = "transorient_game.json"
    side_by_side = False
    session: TransorientSession

    def __init__(
        self,
        players: int = 3,
        seed: int = 0,
        bots: Sequence[str] = ("greedy",),
        seat: int = 0,
        rules: Any = None,
        cards: Any = None,
        delay: float | None = 0,
    ) -> None:
        seats = self.human_seats(players, bots, seat)
        session = TransorientSession(seats, cards=cards, rules=rules, seed=seed)
        self.seat = seat
        self.header = w.HTML()
        self.station = w.VBox()
        self.hand = w.HBox()
        self.extra = w.HBox()
        self.scoring = w.HTML()
        super().__init__(session, delay)
        self._start()

    # ------------------------------------------------------------------ the session

    @property
    def state(self) -> Any:
        """The session's state (the whole truth; the view shows the human's part)."""
        return self.session.state

    def status(self) -> str:
        """The session's status line, opened by "Your turn" when a person is on turn."""
        s = self.session
        return f"Your turn · {s.status()}" if s.human_to_play() else s.status()

    def act(self, text: str) -> bool:
        """A tap: the human's action ``text``, then the bots; an illegal one sets
        :attr:`message` and changes nothing."""
        return self.play(text)

    # ------------------------------------------------------------------ drawing

    def _button(self, tap: Tap, style: str = "") -> w.Button:
        # a disabled button says why it cannot be pressed, then what it would do
        tooltip = tap.does if tap.legal else f"{tap.why or 'not now'}. (It would {tap.does}.)"
        button = w.Button(description=tap.text, disabled=not tap.legal, tooltip=tooltip,
                          layout=w.Layout(width="150px"), button_style=style)  # fmt: skip
        button.on_click(lambda _: self.act(tap.text))
        return button

    def build_view(self) -> tuple[list[Any], list[Any], list[Any]]:
        for name in ("header", "station", "hand", "extra"):
            self._part(getattr(self, name), name)
        view = [self.header, self.station, w.HTML("<b>Your hand</b>"), self.hand, self.extra]
        return view, [], [self._part(self.scoring, "scoring")]

    def draw(self) -> None:
        """Draw the session as the human's seat sees it."""
        s = self.session
        over = s.state.is_terminal()
        seats = " &nbsp; ".join(
            f"{html.escape(r['name'])}{'' if r['name'] == 'you' else ' (' + r['plays'] + ')'}: "
            f"{r['points']} pts, {len(r['tableau'])} cards, {sum(n for _, n in r['store'])}"
            f"/{r['store_limit']} tokens {_chips(r['store'])}"
            for r in s.seat_rows()
        )
        bag = sum(n for _, n in s.bag())
        self.header.value = (
            f"<div style='font:14px sans-serif'>{seats}<br><small>Objectives: "
            f"{html.escape(' · '.join(s.objectives()))} · bag {bag} · Stationmaster: "
            f"{html.escape(s.stationmaster())}</small></div>"
        )

        top, bottom = s.station()
        master = s.state.sm_column
        columns = []
        for col, card in enumerate(bottom):
            mark = " ★" if master == col else ""
            boxes: list[Any] = [
                w.HTML(_card_html(card)),
                w.HTML(f"<div style='height:16px'>{_chips(s.pile(col))}{mark}</div>"),
            ]
            styles = ("info", "", "")
            boxes += [self._button(t, st) for t, st in zip(card.taps, styles, strict=False)]
            columns.append(w.VBox(boxes))
        self.station.children = [
            w.HTML("<b>Next round</b>"),
            w.HBox([w.HTML(_card_html(c)) for c in top]),
            w.HTML("<b>Central Station</b>"),
            w.HBox(columns),
        ]
        hand: list[Any] = []
        for card in s.hand():
            play, discard = card.taps
            hand.append(w.VBox([
                w.HTML(_card_html(card)),
                self._button(play, "success"),
                self._button(discard, "warning"),
            ]))  # fmt: skip
        me = s.seat_rows()[s.viewer()]
        mine = ", ".join(me["tableau"]) or "none"
        luggage = "; ".join(s.my_luggage()) or "none"
        discounts = ", ".join(f"{n} {c}" for c, n in me["discounts"]) or "none"
        hand.append(w.HTML(f"<div style='font:12px sans-serif;width:420px;padding:6px'>"
                           f"<b>In front of you:</b> {html.escape(mine)}<br><b>Discounts:</b> "
                           f"{html.escape(discounts)}<br><b>Luggage:</b> "
                           f"{html.escape(luggage)}</div>"))  # fmt: skip
        self.hand.children = hand
        self.extra.children = [self._button(t) for t in s.other_taps()]
        lines = s.explain_scoring() if over else []
        text = "<br>".join(html.escape(line).replace("  ", "&nbsp;&nbsp;") for line in lines)
        self.scoring.value = (
            f"<b>Final scoring</b><div style='font:12px monospace;color:#333'>{text}</div>"
            if over
            else ""
        )
