"""Playing Transorient Express without a widget: :class:`TransorientSession`.

A :class:`~workbench.session.game.GameSession` of ``GAMES["transorient_express"]`` with
what the play widget (:class:`workbench.ui.transorient.TransorientPlay`) shows and decides
besides the state, all seen from the viewer's seat (:meth:`~GameSession.viewer`):

* the Central Station as rows of cards (:meth:`~TransorientSession.station`): the next
  round's row, and the bottom row with the tokens under each column and the taps each
  column offers (``take``, ``pile``, ``master``), each saying in words what it does and
  whether it is legal now;
* the viewer's hand with what playing or discarding each card costs and does
  (:meth:`~TransorientSession.hand`), the other taps of the moment (pass, keep a Luggage
  card, return a token: :meth:`~TransorientSession.other_taps`) and the legal plays with
  their cost after discounts (:meth:`~TransorientSession.plays`);
* every seat's public part: points so far, tableau, store, hand and Luggage counts
  (:meth:`~TransorientSession.seat_rows`), the bag and the Stationmaster;
* the log in words, naming a Luggage card drawn, the one kept and a card discarded only
  to their owner (:meth:`~TransorientSession.describe`);
* the hint: the move the planner bot would make in the viewer's seat, and what it does
  (:meth:`~TransorientSession.hint`);
* at the end, the scoring line by line in words (:meth:`~TransorientSession.explain_scoring`),
  whose ``+N`` lines add up to each seat's score.

:meth:`~TransorientSession.act` is a widget's tap: the person's move, then the bots until a
person is on turn again.

>>> session = TransorientSession(seats=["human", "greedy", "greedy"], seed=2)
>>> session.status()
'Round 1, turn 1 of 3: you to take a card from the bottom row or a token pile.'
>>> session.act("take 9"), session.message[:24]
(False, 'round 1, turn 1, seat 0:')
>>> session.act("pile 1"), session.state.phase
(True, 'place')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.exceptions import IllegalActionError
from workbench.games.transorient_express.actions import (
    Discard,
    Keep,
    LoseToken,
    LuggageDraw,
    ObjectiveDraw,
    Pass,
    Pile,
    Place,
    Play,
    Return,
    Take,
    TokenDraw,
)
from workbench.games.transorient_express.cards import CardSet
from workbench.games.transorient_express.game import TransorientExpress, TransorientState
from workbench.games.transorient_express.scoring import objective_value
from workbench.session.game import HUMAN, GameSession

__all__ = ["HINT_BOT", "PHASES", "CardView", "Tap", "TransorientSession"]

HINT_BOT = "planner"
"""The bot whose move the hint suggests."""

PHASES = {
    "take": "take a card from the bottom row or a token pile",
    "place": "put the Stationmaster token under a column",
    "play": "play a card from the hand or pass",
    "keep": "keep one of the two Luggage cards drawn",
    "discard": "discard a card down to the hand limit",
    "return": "return tokens to the bag down to the store limit",
}
"""What the seat on turn does in each phase, in words."""


@dataclass(frozen=True)
class Tap:
    """A button: the action's ``text`` (what :meth:`TransorientSession.act` takes), what
    it ``does`` in words, whether it is ``legal`` now, and if not, ``why`` (the rule that
    refuses it, as the game says it)."""

    text: str
    does: str
    legal: bool
    why: str = ""


@dataclass(frozen=True)
class CardView:
    """A Destination card as a view draws it; ``index`` is ``-1`` for an empty slot.
    ``cost`` is the printed cost, ``cost_now`` what it costs the viewer after discounts
    (both ``((color, count), ...)``); ``taps`` what tapping it (or under it) does."""

    index: int
    label: str = ""
    name: str = ""
    color: str = ""
    points: int = 0
    passports: int = 0
    luggage: bool = False
    effect: str = ""
    cost: tuple[tuple[str, int], ...] = ()
    cost_now: tuple[tuple[str, int], ...] = ()
    affordable: bool = False
    taps: tuple[Tap, ...] = ()


def _count(n: int, thing: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _tokens(pairs: Sequence[tuple[str, int]]) -> str:
    """``2 red + 1 blue`` (``nothing`` for none)."""
    return " + ".join(f"{n} {c}" for c, n in pairs if n) or "nothing"


class TransorientSession(GameSession):
    """A game of Transorient Express with people and bots (see the module's text).

    Parameters
    ----------
    seats : sequence of str
        :data:`~workbench.session.game.HUMAN` or a bot's name per seat (2 to 4).
    cards : CardSet or path, optional
        The card set; the shipped one by default.
    rules : preset name or Rules, optional
    seed : int
        The game's seed; the bots' too unless ``bot_seed`` is given.
    bot_seed : int, optional

    Examples
    --------
    >>> session = TransorientSession(seats=["greedy", "planner"], seed=1)
    >>> session.run() > 0, session.state.is_terminal()
    (True, True)
    >>> session.explain_scoring()[0].startswith("seat 0 (greedy): ")
    True
    """

    def __init__(
        self,
        seats: Sequence[str] = (HUMAN, "greedy", "greedy"),
        cards: Any = None,
        rules: Any = None,
        seed: int = 0,
        bot_seed: int | None = None,
    ) -> None:
        super().__init__(
            "transorient_express", seats, rules=rules, board=cards, seed=seed, bot_seed=bot_seed
        )

    @property
    def game(self) -> TransorientExpress:
        """The game in progress."""
        game = super().game
        assert isinstance(game, TransorientExpress)
        return game

    @property
    def state(self) -> TransorientState:
        """The state in progress (the whole truth; the views show the viewer's part)."""
        state = super().state
        assert isinstance(state, TransorientState)
        return state

    @property
    def cards(self) -> CardSet:
        """The card set in play."""
        return self.game.cards

    def act(self, action: Any) -> bool:
        """A tap: play ``action`` (an action or its text) for the person on turn and, when
        it was played, the bots and chance until a person is on turn or the game is over.
        Whether it was played; a refusal says why in :attr:`message` and changes nothing.

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> session.act("play 5-green"), session.message[:24]
        (False, 'round 1, turn 1, seat 0:')
        """
        if not self.play(action):
            return False
        self.run()
        return True

    def hint(self) -> str | None:
        """The move the planner bot (:data:`HINT_BOT`) would make for the person on turn,
        from what that seat sees, with what it does, in :attr:`message`; its text, or
        ``None`` (and a message saying why) when no person is on turn.

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> move = session.hint()
        >>> move in {str(a) for a in session.choices()}, session.message.startswith("Hint: ")
        (True, True)
        """
        if not self.human_to_play():
            self.say("hints are for a person's turn", error=True)
            return None
        state = self.state
        seat = state.to_play
        assert seat is not None
        bot = self.info.bots[HINT_BOT](self.game, seat, np.random.default_rng(self.seed))
        text = state.text(bot.act(state.observation(seat)))
        taps = [*self.station()[1], *self.hand()]
        does = {t.text: t.does for view in taps for t in view.taps}
        does.update({t.text: t.does for t in self.other_taps()})
        why = f": {does[text]}" if text in does else ""
        self.say(f"Hint: {text}{why} (the {HINT_BOT} bot's move).", kind="hint")
        return text

    def _name(self, seat: int) -> str:
        return "you" if self.sees(seat) else f"seat {seat}"

    def _does(self, seat: int, verb: str) -> str:
        """``you draw`` or ``seat 1 draws``."""
        return f"you {verb}" if self.sees(seat) else f"seat {seat} {verb}s"

    def _card_text(self, index: int) -> str:
        d = self.cards.destinations[index]
        return f"{d.number}-{d.color}"

    def _luggage_text(self, index: int) -> str:
        lg = self.cards.luggage[index]
        effect = "" if lg.effect.kind == "none" else f", {lg.effect.text()}"
        return f"Luggage {index + 1} ({lg.points} pts, {lg.passports} passports{effect})"

    # ------------------------------------------------------------------ the log

    def describe(self, state: Any, action: Any, seat: int | None) -> str | None:
        """The log line of ``action`` about to be played from ``state``: the decisions and
        the draws into a store, the objectives in play and the Luggage draws; the cards
        and tokens dealt to the station show on the table and get no line. A Luggage card
        drawn or kept and a hand card discarded are named only to their owner (when the
        log is that person's alone).

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> session.log[0]
        'objective 1 in play: visa 1: 2+ = 3, 4+ = 6, 6+ = 10'
        >>> session.log[3:5]
        ['you draw a black token', 'you draw a green token']
        >>> session.act("take 1"), session.log[-1]
        (True, 'you: take 1 (9-red Ankara)')
        """
        if seat is None:
            kind, target = state.pending[0]
            if isinstance(action, ObjectiveDraw):
                objective = next(o for o in self.cards.objectives if o.number == action.number)
                return f"objective {action.number} in play: {objective.describe()}"
            if isinstance(action, TokenDraw) and kind == "store":
                return f"{self._does(target, 'draw')} a {action.color} token"
            if isinstance(action, LoseToken):
                return f"{self._does(target, 'lose')} a {action.color} token to the bag"
            if isinstance(action, LuggageDraw):
                if self.sees(target):
                    return f"you draw {self._luggage_text(action.luggage)}"
                return f"{self._name(target)} draws a Luggage card"
            return None
        who = self._name(seat)
        if isinstance(action, Keep) and not self.sees(seat):
            return f"{who} keeps a Luggage card"
        if isinstance(action, Discard) and not self.sees(seat):
            return f"{who} discards a card from the hand"
        if isinstance(action, Keep):
            return f"{who}: keep {self._luggage_text(action.luggage)}"
        if isinstance(action, Take | Pile | Place) and 0 <= action.column < len(state.bottom):
            return f"{who}: {state.text(action)} ({self._column_text(state, action)})"
        return f"{who}: {state.text(action)}"

    def _column_text(self, state: Any, action: Take | Pile | Place) -> str:
        """What a tap on a column takes, by the card there (columns shift; cards do not)."""
        cards = state.game.cards
        col = action.column
        card = state.bottom[col]
        d = cards.destinations[card] if card >= 0 else None
        label = f"{d.number}-{d.color} {d.name}" if d is not None else "an empty column"
        if isinstance(action, Take):
            return label
        if isinstance(action, Place):
            return f"the Stationmaster under {label}"
        colors = cards.token_colors
        tokens = _tokens(tuple(zip(colors, state.piles[col], strict=True)))
        return f"{tokens} from under {label}, which is discarded"

    def result_line(self) -> str:
        state = self.state
        won = ", ".join(self._name(s) for s in state.winners())
        scores = ", ".join(map(str, state.scores()))
        return f"game over: {won} won (scores {scores})"

    def status(self) -> str:
        """Whose turn it is and what they do, or the result.

        Examples
        --------
        >>> session = TransorientSession(seats=["greedy", "human"], seed=2)
        >>> session.status()
        'Round 1, turn 1 of 4: seat 0 to take a card from the bottom row or a token pile.'
        """
        s = self.state
        if s.is_terminal():
            won = ", ".join(self._name(w) for w in s.winners())
            scores = ", ".join(f"{self._name(i)} {p}" for i, p in enumerate(s.scores()))
            return f"Game over: {won} won ({scores})."
        seat = s.to_play
        if seat is None:
            return "The table is dealing."
        what = PHASES.get(s.phase, s.phase)
        return (
            f"Round {s.round}, turn {s.turn + 1} of {len(s.order)}: {self._name(seat)} to {what}."
        )

    # ------------------------------------------------------------------ the table

    def _tap(self, text: str, does: str, legal: set[str]) -> Tap:
        """A button for the action ``text``; when it is not legal, why not."""
        if text in legal:
            return Tap(text, does, True)
        return Tap(text, does, False, self.why_not(text))

    def why_not(self, text: str) -> str:
        """Why the person at the screen may not play ``text`` now: whose turn it is, or
        the rule the game refuses it by (its own words, without the turn's prefix).

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> session.why_not("master 2")
        'not now: first take a card from the bottom row or a token pile'
        """
        state = self.state
        if state.is_terminal():
            return "the game is over"
        if not self.human_to_play():
            seat = state.to_play
            return "the table is dealing" if seat is None else f"{self.who(seat)} is playing"
        try:
            trial = state.copy()
            trial.apply(self.game.parse_action(text))
        except (IllegalActionError, ValueError) as error:
            why = re.sub(r"^round \d+, turn \d+, seat \d+: ", "", str(error))
            why = re.sub(r" \(legal: .*\)$", "", why)
            if why.endswith(f"is not legal in the {state.phase} step"):
                return f"not now: first {PHASES.get(state.phase, state.phase)}"
            return why
        return ""

    def _legal(self) -> set[str]:
        state = self.state
        return {state.text(a) for a in self.choices()}

    def card_view(self, index: int, taps: tuple[Tap, ...] = ()) -> CardView:
        """The card ``index`` as the viewer sees it (an empty slot for ``-1``).

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> view = session.card_view(0)
        >>> view.label, view.cost == view.cost_now
        ('1-red', True)
        """
        if index < 0:
            return CardView(-1, taps=taps)
        d = self.cards.destinations[index]
        seat = self.viewer()
        colors = self.cards.token_colors
        now = tuple((colors[i], n) for i, n in self.state.cost(seat, index))
        return CardView(
            index=index,
            label=self._card_text(index),
            name=d.name,
            color=d.color,
            points=d.points,
            passports=d.passports,
            luggage=d.luggage,
            effect="" if d.effect.kind == "none" else d.effect.text(),
            cost=d.cost,
            cost_now=now,
            affordable=self.state.affordable(seat, index),
            taps=taps,
        )

    def pile(self, column: int) -> tuple[tuple[str, int], ...]:
        """The tokens under ``column`` (0-based): ``((color, count), ...)``, none left out."""
        colors = self.cards.token_colors
        return tuple((c, n) for c, n in zip(colors, self.state.piles[column], strict=True) if n)

    def bag(self) -> tuple[tuple[str, int], ...]:
        """The tokens in the bag by color."""
        colors = self.cards.token_colors
        return tuple(zip(colors, self.state.bag, strict=True))

    def station(self) -> list[list[CardView]]:
        """The Central Station, top row first: the next round's cards (no taps), then the
        bottom row, each card with its column's taps (take, pile, master) in words.

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy", "greedy"], seed=2)
        >>> top, bottom = session.station()
        >>> len(bottom), [t.text for t in bottom[0].taps]
        (4, ['take 1', 'pile 1', 'master 1'])
        >>> bottom[0].taps[0].legal, bottom[0].taps[2].legal
        (True, False)
        """
        state = self.state
        legal = self._legal()
        top = [self.card_view(c) for c in state.top]
        bottom = []
        for col, card in enumerate(state.bottom):
            n = col + 1
            pile = self.pile(col)
            back = (
                f"the {_tokens(pile)} under it go back to the bag" if pile else "no tokens go back"
            )
            taps: tuple[Tap, ...] = ()
            if card >= 0:
                label = self._card_text(card)
                taps = (
                    self._tap(f"take {n}", f"take {label} into your hand; {back}", legal),
                    self._tap(
                        f"pile {n}",
                        f"take the tokens of column {n} ({_tokens(pile)}); {label} is discarded",
                        legal,
                    ),
                    self._tap(
                        f"master {n}",
                        f"put the Stationmaster token under column {n}: who takes from it "
                        "takes the token",
                        legal,
                    ),
                )
            bottom.append(self.card_view(card, taps))
        return [top, bottom]

    def stationmaster(self) -> str:
        """Where the Stationmaster token is, in words."""
        s = self.state
        if s.sm_column is not None:
            return f"under column {s.sm_column + 1}"
        return "nobody" if s.sm_holder is None else self._name(s.sm_holder)

    def hand(self) -> list[CardView]:
        """The viewer's hand, each card with its ``play`` and ``discard`` taps: what it costs
        after discounts and scores.

        Examples
        --------
        >>> session = TransorientSession(seats=["human", "greedy"], seed=3)
        >>> _ = session.act("take 1")
        >>> [(t.text, t.legal) for t in session.hand()[0].taps]
        [('play 9-red', False), ('discard 9-red', False)]
        """
        legal = self._legal()
        out = []
        for card in self.state.hands[self.viewer()]:
            view = self.card_view(card)
            d = self.cards.destinations[card]
            effect = f", {view.effect}" if view.effect else ""
            play = f"play {view.label}"
            discard = f"discard {view.label}"
            taps = (
                self._tap(
                    play,
                    f"pay {_tokens(view.cost_now)} for {view.points} pts, "
                    f"{_count(d.passports, 'passport')}{effect}",
                    legal,
                ),
                self._tap(discard, f"put {view.label} under the Destination pile", legal),
            )
            out.append(CardView(**{**view.__dict__, "taps": taps}))
        return out

    def plays(self) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
        """The cards the person on turn may play now with their cost after discounts:
        ``[(text, ((color, count), ...))]`` (``[]`` off the play step)."""
        state = self.state
        seat = state.to_play
        colors = self.cards.token_colors
        return [
            (state.text(a), tuple((colors[i], n) for i, n in state.cost(seat, a.card)))
            for a in self.choices()
            if isinstance(a, Play) and seat is not None
        ]

    def other_taps(self) -> list[Tap]:
        """The moves of the person on turn that are neither the station's nor the hand's:
        pass, keep a Luggage card of the two drawn, return a token (all legal)."""
        state = self.state
        out = []
        for a in self.choices():
            if isinstance(a, Pass):
                out.append(Tap("pass", "play no card this turn", True))
            elif isinstance(a, Keep):
                out.append(
                    Tap(str(a), f"keep {self._luggage_text(a.luggage)}; the other goes back", True)
                )
            elif isinstance(a, Return):
                out.append(Tap(str(a), f"put a {a.color} token back in the bag", True))
            elif not isinstance(a, Take | Pile | Place | Play | Discard):
                out.append(Tap(state.text(a), state.text(a), True))
        return out

    def seat_rows(self) -> list[dict[str, Any]]:
        """What everyone sees of each seat: points so far, the tableau, the store, how many
        cards in hand and Luggage cards, the discounts, the store limit.

        Examples
        --------
        >>> TransorientSession(seats=["human", "greedy"], seed=3).seat_rows()[1]["hand"]
        0
        """
        s = self.state
        colors = self.cards.token_colors
        scores = s.scores()
        return [
            {
                "seat": i,
                "name": self._name(i),
                "plays": self.seats[i],
                "points": scores[i],
                "tableau": [self._card_text(c) for c in s.tableaux[i]],
                "store": tuple(zip(colors, s.stores[i], strict=True)),
                "store_limit": s.store_limit(i),
                "hand": len(s.hands[i]),
                "luggage": len(s.luggage[i]),
                "discounts": tuple(
                    (c, n) for c, n in zip(colors, s.discounts[i], strict=True) if n
                ),
            }
            for i in range(self.game.players)
        ]

    def my_luggage(self) -> list[str]:
        """The viewer's Luggage cards in words (hidden from the others)."""
        return [self._luggage_text(i) for i in self.state.luggage[self.viewer()]]

    def objectives(self) -> list[str]:
        """The three objectives in play, in words."""
        return [self.cards.objectives[i].describe() for i in self.state.objectives]

    # ------------------------------------------------------------------ the end

    def explain_scoring(self) -> list[str]:
        """The final scoring in words (``[]`` before the end): per seat a line with its total,
        then one line per source ending ``+N`` (the printed points, each card effect, the
        Luggage, each objective), which add up to the total, and the passports (the tie
        break).

        Examples
        --------
        >>> session = TransorientSession(seats=["greedy", "greedy"], seed=4)
        >>> _ = session.run()
        >>> lines = session.explain_scoring()
        >>> total = int(lines[0].split(": ")[1].split()[0])
        >>> total == session.state.scores()[0]
        True
        """
        s = self.state
        if not s.is_terminal():
            return []
        cards = self.cards
        lines = []
        for seat, b in enumerate(s.breakdown()):
            who = "you" if self.sees(seat) else self.who(seat)
            lines.append(f"{who}: {b.total} points")
            tableau = [cards.destinations[c] for c in s.tableaux[seat]]
            printed = sum(d.points for d in tableau)
            lines.append(f"  {_count(len(tableau), 'card')} played, printed points: +{printed}")
            passport = 0
            for d in tableau:
                if d.effect.kind == "per_passport":
                    gained = d.effect.amount * b.passports
                    passport += gained
                    lines.append(
                        f"  {d.number}-{d.color} ({d.effect.text()}, "
                        f"{_count(b.passports, 'passport')}): +{gained}"
                    )
            per_color = [d for d in tableau if d.effect.kind == "per_color"]
            if per_color:
                wild = sum(1 for d in tableau if d.effect.kind == "wild_color")
                names = ", ".join(f"{d.number}-{d.color} ({d.effect.text()})" for d in per_color)
                how = f", {wild} wild colors chosen at best" if wild else ""
                lines.append(f"  {names}{how}: +{b.cards - printed - passport}")
            luggage = s.luggage[seat]
            lines.append(f"  {_count(len(luggage), 'Luggage card')}: +{b.luggage}")
            for i, points in zip(s.objectives, b.objectives, strict=True):
                o = cards.objectives[i]
                if o.kind == "season":
                    what = "met" if points else "not met"
                else:
                    value = objective_value(o, tableau, b.passports)
                    if o.kind == "visa":
                        what = _count(value, "passport")
                    else:
                        what = f"a set of 1 to {value}" if value else "no set from 1"
                    if o.ranked:
                        what += ", ranked"
                lines.append(f"  {o.describe()} ({what}): +{points}")
            lines.append(f"  passports: {b.passports} (the tie-break)")
        return lines

    def score_rows(self) -> list[dict[str, Any]]:
        """The final scoring, one row a seat (``[]`` before the end): cards, luggage, each
        objective, passports, total."""
        s = self.state
        if not s.is_terminal():
            return []
        rows = []
        for seat, b in enumerate(s.breakdown()):
            row: dict[str, Any] = {"seat": seat, "name": self._name(seat), "cards": b.cards}
            row["luggage"] = b.luggage
            for i, points in zip(s.objectives, b.objectives, strict=True):
                o = self.cards.objectives[i]
                row[f"{o.kind} {o.number}"] = points
            row["passports"] = b.passports
            row["total"] = b.total
            rows.append(row)
        return rows
