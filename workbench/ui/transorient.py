"""Play Transorient Express in Jupyter: the Central Station as cards, tap to take, tap to
play, against bots.

:class:`TransorientPlay` is a thin view over a :class:`~workbench.games.Match`: the match
referees (bots, chance draws, legality); the widget draws the state seen from the human's
seat and turns taps into the actions' texts (``take 3``, ``pile 3``, ``play 5-green``,
``pass``, ``master 2``, ``keep 4``, ``discard 2-red``, ``return blue``). An illegal tap
shows the engine's message and changes nothing. Every tap is a method you can call from
Python (:meth:`TransorientPlay.act`), which is how the tests drive it.

>>> from workbench.ui.transorient import TransorientPlay
>>> play = TransorientPlay(players=3, seed=2)
>>> play.state.to_play, play.state.phase
(0, 'take')
>>> play.act("pile 1"); play.state.phase
'place'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from workbench.exceptions import IllegalActionError
from workbench.games import GAMES, Match
from workbench.games.transorient_express.game import Observation, TransorientState

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


def _chip(color: str, n: int = 1) -> str:
    shade = COLORS.get(color, "#777")
    return "".join(
        f"<span title='{color}' style='display:inline-block;width:12px;height:12px;"
        f"border-radius:6px;background:{shade};margin:1px;border:1px solid #fff'></span>"
        for _ in range(n)
    )


class TransorientPlay:
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
    """

    def __init__(
        self,
        players: int = 3,
        seed: int = 0,
        bots: Sequence[str] = ("greedy",),
        seat: int = 0,
        rules: Any = None,
        cards: Any = None,
    ) -> None:
        info = GAMES["transorient_express"]
        self.game = info.new_game(players=players, seed=seed, rules=rules, board=cards)
        self.cards = self.game.cards  # type: ignore[attr-defined]
        self.seat = seat
        names = list(bots)
        others = [names[i % len(names)] for i in range(players - 1)]
        lineup: list[Any] = []
        for s in range(players):
            lineup.append(None if s == seat else info.bots[others.pop(0)])
        self.match = Match(self.game, lineup, seed)
        self.message = ""
        self.log: list[str] = []
        self.header = w.HTML()
        self.station = w.VBox()
        self.hand = w.HBox()
        self.extra = w.HBox()
        self.status = w.HTML()
        self.widget = w.VBox(
            [
                self.header,
                self.station,
                w.HTML("<b>Your hand</b>"),
                self.hand,
                self.extra,
                self.status,
            ],
            layout=w.Layout(width="1300px"),
        )
        self.widget.add_class("wb-transorient")  # fmt: skip
        self._advance()

    # ------------------------------------------------------------------ the model

    @property
    def state(self) -> TransorientState:
        """The match's state (the whole truth; the view shows the human's observation)."""
        state = self.match.state
        assert isinstance(state, TransorientState)
        return state

    def act(self, text: str) -> None:
        """Play the human's action written ``text``; an illegal one sets :attr:`message`
        and changes nothing."""
        try:
            self.match.play(text)
        except (IllegalActionError, ValueError) as e:
            self.message = str(e)
            self.render()
            return
        self.log.append(f"you: {text}")
        self.message = ""
        self._advance()

    def _advance(self) -> None:
        before = len(self.state.history)
        self.match.run()
        for action, seat in self._decisions(before):
            self.log.append(f"seat {seat}: {action}")
        self.render()

    def _decisions(self, start: int) -> list[tuple[str, int]]:
        # which seat made each decision since ``start``: replay the tail's seats
        out = []
        probe = self.game.new_state()
        for i, action in enumerate(self.state.history):
            seat = probe.to_play
            probe.apply(action)
            if i >= start and seat is not None and seat != self.seat:
                out.append((str(action), seat))
        return out

    # ------------------------------------------------------------------ drawing

    def _card_html(self, index: int, width: int = 150) -> str:
        if index < 0:
            return f"<div style='width:{width}px;height:92px;border:1px dashed #ccc'></div>"
        d = self.cards.destinations[index]
        cost = "".join(_chip(c, n) for c, n in d.cost)
        icons = "✈" * d.passports
        if d.luggage:
            icons += (" <span style='font-size:10px;background:#8b5a2b;color:#fff;"
                      "border-radius:3px;padding:0 3px'>luggage</span>")  # fmt: skip
        effect = "" if d.effect.kind == "none" else html.escape(d.effect.text())
        return (
            f"<div style='width:{width}px;height:92px;border-radius:6px;padding:4px;"
            f"border:3px solid {COLORS.get(d.color, '#777')};background:#fdfbf6;"
            f"font:12px sans-serif;box-sizing:border-box'>"
            f"<b>{d.number}</b> {html.escape(d.name)} <span style='float:right'>"
            f"<b>{d.points}</b> pt</span><br>{cost}<br>{icons}<br><i>{effect}</i></div>"
        )

    def _button(self, label: str, action: str, legal: set[str], style: str = "") -> w.Button:
        button = w.Button(description=label, disabled=action not in legal,
                          layout=w.Layout(width="150px"), button_style=style)  # fmt: skip
        button.on_click(lambda _: self.act(action))
        return button

    def render(self) -> None:
        """Draw the state as the human's seat sees it."""
        state = self.state
        obs: Observation = state.observation(self.seat)
        legal = {str(a) for a in obs.legal_actions}
        cards = self.cards
        scores = state.scores()
        objectives = ", ".join(cards.objectives[i].describe() for i in obs.objectives)
        if state.is_terminal():
            won = ", ".join(f"seat {s}" for s in state.winners())
            parts = "; ".join(
                f"seat {s}: cards {b.cards}, luggage {b.luggage}, objectives "
                f"{'+'.join(map(str, b.objectives))}"
                for s, b in enumerate(state.breakdown())
            )
            turn = f"<b>Game over</b>: {won} won <small>({parts})</small>"
        elif obs.to_play == self.seat:
            turn = f"<b>Your turn</b>: {obs.phase}"
        else:
            turn = "the bots are playing"
        players = " &nbsp; ".join(
            f"seat {s}{' (you)' if s == self.seat else ''}: {scores[s]} pts, "
            f"{len(obs.tableaux[s])} cards, "
            + "".join(_chip(c, n) for c, n in zip(cards.token_colors, obs.stores[s], strict=True))
            for s in range(self.game.players)
        )
        self.header.value = (
            f"<div style='font:14px sans-serif'>Round {obs.round} · {turn}<br>{players}<br>"
            f"<small>Objectives: {html.escape(objectives)} · bag {sum(obs.bag)} · "
            f"Stationmaster: {self._master(obs)}</small></div>"
        )
        top = w.HBox([w.HTML(self._card_html(c, 150)) for c in obs.top])
        bottom = []
        for col, card in enumerate(obs.bottom):
            pile = "".join(_chip(c, n) for c, n in zip(cards.token_colors, obs.piles[col],
                                                       strict=True))  # fmt: skip
            mark = " ★" if obs.stationmaster[1] == col else ""
            bottom.append(w.VBox([
                w.HTML(self._card_html(card)),
                w.HTML(f"<div style='height:16px'>{pile}{mark}</div>"),
                self._button(f"take {col + 1}", f"take {col + 1}", legal, "info"),
                self._button(f"pile {col + 1}", f"pile {col + 1}", legal),
                self._button(f"master {col + 1}", f"master {col + 1}", legal),
            ]))  # fmt: skip
        self.station.children = [
            w.HTML("<b>Next round</b>"),
            top,
            w.HTML("<b>Central Station</b>"),
            w.HBox(bottom),
        ]
        hand = []
        for card in obs.hand:
            d = cards.destinations[card]
            label = f"{d.number}-{d.color}"
            hand.append(w.VBox([
                w.HTML(self._card_html(card)),
                self._button(f"play {label}", f"play {label}", legal, "success"),
                self._button(f"discard {label}", f"discard {label}", legal, "warning"),
            ]))  # fmt: skip
        mine = ", ".join(cards.destinations[c].label for c in obs.tableaux[self.seat]) or "none"
        hand.append(w.HTML(f"<div style='font:12px sans-serif;width:300px;padding:6px'>"
                           f"<b>In front of you:</b> {html.escape(mine)}<br><b>Luggage:</b> "
                           f"{len(obs.luggage)}</div>"))  # fmt: skip
        self.hand.children = hand
        others = [
            self._button(text, text, legal)
            for text in sorted(legal)
            if text == "pass" or text.split()[0] in ("keep", "return")
        ]
        self.extra.children = others
        last = "<br>".join(html.escape(line) for line in self.log[-6:])
        error = f"<div style='color:#b00'>{html.escape(self.message)}</div>" if self.message else ""
        self.status.value = f"{error}<div style='font:12px monospace;color:#555'>{last}</div>"

    def _master(self, obs: Observation) -> str:
        holder, column, _ = obs.stationmaster
        if column is not None:
            return f"under column {column + 1}"
        return "nobody" if holder is None else f"seat {holder}"

    def _ipython_display_(self) -> None:  # pragma: no cover - drawn by Jupyter
        from IPython.display import display

        display(self.widget)
