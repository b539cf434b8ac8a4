"""Playing any registered game without a widget: :class:`GameSession`.

The session holds what a play widget decides for a game of the registry
(:data:`workbench.games.GAMES`): the game (data file, rules, seed), the seats (a person, or
any bot the game registers), the referee (:class:`workbench.games.Match`) and its state,
the log, the message (why a move was refused), and saving and loading the game. It plays
the moves of the people at the table (an action or its text), steps the bots and chance
one move at a time or until a person is on turn, and tells listeners
(:meth:`GameSession.on_change`) what changed: ``game`` (a new or loaded game), ``state``
(an action was applied), ``log`` and ``message``; a game's own session adds its parts.

It knows the protocol only: a game's session (:class:`~workbench.session.ttr_play.
TicketToRideSession`) subclasses it and says what is public in each action
(:meth:`GameSession.describe`), whose turn it is in words (:meth:`GameSession.status`),
and what else its widget shows. By default the log names the decisions and keeps every
chance outcome to itself, which never shows anyone's hidden cards.

>>> session = GameSession("ticket_to_ride", ["human", "greedy"], seed=3)
>>> session.state.to_play, session.humans, session.bot_on_turn
(0, (0,), False)
>>> session.play("blind"), session.message
(False, 'turn 1, seat 0: blind is not allowed: choose the tickets to keep first')
>>> session.play(session.choices()[0]), session.run() > 0, session.state.to_play
(True, True, 0)
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from workbench.exceptions import IllegalActionError
from workbench.games import GAMES, Match, dump_record, load_record
from workbench.games import State as ProtocolState
from workbench.session.events import Listener, Listeners

__all__ = ["HUMAN", "MAX_BOT_MOVES", "GameSession", "seat_kinds"]

HUMAN = "human"
"""The seat kind of a person at the screen (several people play hot-seat)."""
MAX_BOT_MOVES = 1_000_000
"""A guard for :meth:`GameSession.run`: a game of bots ends long before this."""

Kind = Literal["info", "error", "hint"]

_SAME: Any = object()
"""``new_game``'s default: keep the current value."""


def seat_kinds(game: str) -> tuple[str, ...]:
    """What a seat of ``game`` can be: :data:`HUMAN`, or any bot the game registers.

    Examples
    --------
    >>> seat_kinds("ticket_to_ride")[:3]
    ('human', 'random', 'greedy')
    """
    return (HUMAN, *GAMES[game].bots)


class GameSession:
    """A game of the registry in progress: seats, state, log, message, saving and loading.

    Parameters
    ----------
    game : str
        The game's name in :data:`workbench.games.GAMES`.
    seats : sequence of str, optional
        One per seat: :data:`HUMAN` or a bot's name (:func:`seat_kinds`); the game's usual
        number of players, a person and bots, by default.
    rules : optional
        A rules value, a preset's name, or ``None`` for the published rules.
    board : optional
        The game's data file (a board or card set, a value or a path); the shipped one
        by default. It is loaded once and kept for every new game.
    seed : int, optional
        The game's seed (its chance outcomes).
    bot_seed : int, optional
        The seed of the bots' generators; the game's seed by default.

    Examples
    --------
    >>> session = GameSession("ticket_to_ride", ["greedy", "random"], seed=1)
    >>> session.run() > 100, session.state.is_terminal(), session.status()[:13]
    (True, True, 'The game is o')
    """

    def __init__(
        self,
        game: str,
        seats: Sequence[str] | None = None,
        *,
        rules: Any = None,
        board: Any = None,
        seed: int = 0,
        bot_seed: int | None = None,
    ) -> None:
        self.info = GAMES[game]
        self.board: Any = self.info.board(board)
        self.rules: Any = rules
        self.seed = seed
        self.bot_seed = seed if bot_seed is None else bot_seed
        self.seats: tuple[str, ...] = ()
        self.match: Match | None = None
        self.log: list[str] = []
        self._message: tuple[Kind, str] = ("info", "")
        self._listeners = Listeners()
        if seats is None:
            bots = [b for b in self.info.bots if b != "random"] or list(self.info.bots)
            seats = [HUMAN] + [bots[0]] * (self.info.default_players - 1)
        self.new_game(seats)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.info.name}: seats {list(self.seats)}; {self.status()}>"
        )

    def on_change(self, listener: Listener) -> Any:
        """Call ``listener`` with a :class:`~workbench.session.events.Change` after each
        change; returns a function that stops the calls.

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"])
        >>> heard = []
        >>> _ = session.on_change(lambda change: heard.append(sorted(change.what)))
        >>> session.play(session.choices()[0])
        True
        >>> heard[-1]
        ['log', 'message', 'state']
        """
        return self._listeners.add(listener)

    def send(self, parts: set[str]) -> None:
        """Tell the listeners that ``parts`` changed (for a game's own session)."""
        self._listeners.send(parts)

    # ------------------------------------------------------------------ setting up

    def new_game(
        self,
        seats: Sequence[str] | None = None,
        *,
        rules: Any = _SAME,
        seed: int | None = None,
        bot_seed: int | None = None,
    ) -> None:
        """Start a new game; arguments left out keep their current value.

        Raises ``ValueError`` for an unknown seat kind, a number of seats the game is not
        for, or rules it does not know (and the session keeps its game).

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"])
        >>> session.new_game(["human", "human", "planner"], rules="tunnels_2", seed=5)
        >>> session.seats, session.game.seed, session.game.rules.tunnel_reveal
        (('human', 'human', 'planner'), 5, 2)
        >>> session.new_game(["human", "chess"])
        Traceback (most recent call last):
        ...
        ValueError: seat kind 'chess' is unknown: use one of ('human', 'random', ...)
        """
        chosen = self.check_seats(self.seats if seats is None else seats)
        new_rules = self.rules if rules is _SAME else rules
        new_seed = self.seed if seed is None else seed
        game = self.create_game(len(chosen), new_rules, new_seed)
        self.seats, self.rules, self.seed = chosen, new_rules, new_seed
        if bot_seed is not None:
            self.bot_seed = bot_seed
        self._start(game, None)

    def check_seats(self, seats: Sequence[str]) -> tuple[str, ...]:
        """``seats`` as a tuple; a ``ValueError`` names a seat kind the game does not have.

        Examples
        --------
        >>> GameSession("ticket_to_ride", ["human", "greedy"]).check_seats(["greedy", "chess"])
        Traceback (most recent call last):
        ...
        ValueError: seat kind 'chess' is unknown: use one of ('human', 'random', ...)
        """
        kinds = seat_kinds(self.info.name)
        for kind in seats:
            if kind not in kinds:
                raise ValueError(f"seat kind {kind!r} is unknown: use one of {kinds}")
        return tuple(seats)

    def create_game(self, players: int, rules: Any, seed: int) -> Any:
        """The protocol game a new game starts (a game's own session may add settings);
        a ``ValueError`` says why there is none."""
        return self.info.new_game(players=players, seed=seed, rules=rules, board=self.board)

    def _start(self, game: Any, state: ProtocolState | None) -> None:
        """Referee ``game`` from ``state`` (its start when ``None``), the log rebuilt."""
        self.reset_view()
        start = game.new_state()
        self.log = self.first_lines(start)
        if state is not None:  # the log of a loaded game: its actions told again
            for action in state.history:
                seat = start.to_play
                self._before_apply(start, action, seat)
                start.apply(action)
                self.applied(start, action, seat)
        bots = self.info.bots
        self.match = Match(
            game,
            [None if kind == HUMAN else bots[kind] for kind in self.seats],
            seed=self.bot_seed,
            state=start,
            on_action=self._before_apply,
            on_applied=self._after_apply,
            names=[self.name(s) for s in range(len(self.seats))],
        )
        self._message = ("info", "")
        if start.is_terminal():  # a loaded game that was over
            self.log.append(self.result_line())
        self._deal()
        self._listeners.send({"game", "state", "log", "message", *self.view_parts()})

    def _deal(self) -> None:
        """Play the chance outcomes due now (the table deals at once; bots wait for
        :meth:`step` or :meth:`run`)."""
        match = self.match
        assert match is not None
        while match.state.to_play is None and not match.state.is_terminal():
            if self.chance_waits():
                return
            match.step()

    def chance_waits(self) -> bool:
        """Whether the chance outcome due now waits for a person's button (a new round's
        deal, say) instead of being dealt at once; never here."""
        return False

    def first_lines(self, state: ProtocolState) -> list[str]:
        """The log's first lines for a game starting at ``state`` (none here)."""
        return []

    def reset_view(self) -> None:
        """Forget what a game's own session shows beside the state (a selection, a hint)
        when the game changes; nothing here."""

    def view_parts(self) -> set[str]:
        """The parts of a game's own session that change with every move (none here)."""
        return set()

    @property
    def game(self) -> Any:
        """The protocol game in progress."""
        assert self.match is not None
        return self.match.game

    @property
    def state(self) -> Any:
        """The protocol state (the whole truth: a view shows a seat's part of it)."""
        assert self.match is not None
        return self.match.state

    # ------------------------------------------------------------------ who is who

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(i for i, kind in enumerate(self.seats) if kind == HUMAN)

    def name(self, seat: int) -> str:
        """What to call ``seat``: ``"you"`` (the only person), ``"human"``, or a bot's name.

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"])
        >>> session.name(0), session.who(1)
        ('you', 'seat 1 (greedy)')
        """
        kind = self.seats[seat]
        if kind == HUMAN:
            return "you" if len(self.humans) == 1 else "human"
        return kind

    def who(self, seat: int) -> str:
        """``"seat 1 (greedy)"``: a seat and what plays it."""
        return f"seat {seat} ({self.name(seat)})"

    def viewer(self) -> int:
        """The seat whose hand a view shows: the person on turn, else the first person
        (hot-seat players look away), else seat 0 (a table of bots, watched).

        Examples
        --------
        >>> GameSession("ticket_to_ride", ["greedy", "human"]).viewer()
        1
        """
        assert self.match is not None
        seat = self.match.state.to_play
        if seat is not None and seat in self.humans:
            return int(seat)
        return self.humans[0] if self.humans else 0

    def sees(self, seat: int | None) -> bool:
        """Whether the log may show what only ``seat`` sees: only with one person at the
        table, and only that person's."""
        return seat is not None and self.humans == (seat,)

    @property
    def message(self) -> str:
        """The last thing said to the players: why a move was refused, a hint."""
        return self._message[1]

    @property
    def message_kind(self) -> Kind:
        """``"error"`` (a refusal), ``"hint"`` or ``"info"``."""
        return self._message[0]

    def say(self, text: str, error: bool = False, kind: Kind | None = None) -> bool:
        """Put ``text`` in :attr:`message`; returns ``False`` (a refused move says why).

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"])
        >>> session.say("not now", error=True), session.message_kind
        (False, 'error')
        """
        self._message = (kind or ("error" if error else "info"), text)
        self._listeners.send({"message"})
        return False

    # ------------------------------------------------------------------ moves

    def human_to_play(self) -> bool:
        """Whether the game waits for a person's move."""
        return self.match is not None and self.match.human_to_play()

    def choices(self) -> list[Any]:
        """The legal actions of the person on turn (``[]`` when none is).

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"], seed=2)
        >>> choices = session.choices()
        >>> choices == session.state.legal_actions(), str(choices[0])[:5]
        (True, 'keep ')
        """
        if self.match is None or not self.human_to_play():
            return []
        return list(self.match.state.legal_actions())

    def play(self, action: Any) -> bool:
        """Play ``action`` (an action or its text) for the person on turn; whether it was
        played. A refusal (a bot's turn, the game over, an illegal or unreadable action)
        leaves the state as it was and says why in :attr:`message`."""
        why = self.refusal()
        if why is not None:
            return self.say(why, error=True)
        assert self.match is not None
        told = len(self.log)
        try:
            self.match.play(action)
        except (IllegalActionError, ValueError) as error:  # a bad text is a ValueError
            del self.log[told:]  # the line told before the referee refused the move
            return self.say(str(error), error=True)
        self._deal()
        return True

    def refusal(self) -> str | None:
        """Why no person may move now (no game, the game over, someone else on turn), or
        ``None`` when one may."""
        if self.match is None:
            return "there is no game: start a new one"
        state = self.match.state
        if state.is_terminal():
            return "the game is over: start a new one to play again"
        if not self.human_to_play():
            seat = state.to_play
            who = "the table is dealing" if seat is None else f"{self.who(seat)} is playing"
            return f"wait: {who}"
        return None

    @property
    def bot_on_turn(self) -> bool:
        """Whether :meth:`step` has a move to play: a bot's or chance's.

        The chance outcomes at the start and after a person's move are played at once (the
        table deals), so this is a bot's turn, or chance's after a bot's move."""
        match = self.match
        if match is None or match.state.is_terminal():
            return False
        seat = match.state.to_play
        if seat is None:
            return not self.chance_waits()
        return match.bots[seat] is not None

    def step(self) -> Any:
        """Play one chance outcome or bot move and return it; ``None`` when a person is on
        turn or the game is over.

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["greedy", "human"], seed=1)
        >>> str(session.step())[:5], session.state.to_play
        ('keep ', 1)
        """
        if self.match is None or not self.bot_on_turn:
            return None
        return self.match.step()

    def step_bot(self) -> list[Any]:
        """Play up to one bot's decision: the chance outcomes before it, the decision, and
        the chance outcomes after it; the actions played (``[]`` on a person's turn)."""
        played: list[Any] = []
        decided = False
        while self.bot_on_turn:
            assert self.match is not None
            if self.match.state.to_play is not None:
                if decided:
                    break
                decided = True
            played.append(self.step())
        return played

    def run(self, limit: int = MAX_BOT_MOVES) -> int:
        """Play bot moves and chance until a person is on turn or the game is over; how
        many actions were played.

        Examples
        --------
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"], seed=1)
        >>> session.run()
        0
        """
        for n in range(limit):
            if self.step() is None:
                return n
        raise RuntimeError(f"the bots did not stop within {limit} moves")

    # ------------------------------------------------------------------ the log

    def _before_apply(self, state: ProtocolState, action: Any, seat: int | None) -> None:
        self.before(state, action, seat)
        self._tell(state, action, seat)

    def before(self, state: ProtocolState, action: Any, seat: int | None) -> None:
        """What a game's own session notes before each action (nothing here)."""

    def _tell(self, state: ProtocolState, action: Any, seat: int | None) -> None:
        line = self.describe(state, action, seat)
        if line:
            self.log.append(line)

    def _after_apply(self, state: ProtocolState, action: Any, seat: int | None) -> None:
        parts = {"state", "log", *self.view_parts()}
        if seat is None or seat in self.humans or self.message_kind == "hint":
            # a person's move answers what was said to them; a bot's leaves a refusal on show
            self._message = ("info", "")
            parts.add("message")
        self.applied(state, action, seat)
        if state.is_terminal():
            self.log.append(self.result_line())
        self._listeners.send(parts)

    def applied(self, state: ProtocolState, action: Any, seat: int | None) -> None:
        """What a game's own session does after each action (nothing here)."""

    def describe(self, state: ProtocolState, action: Any, seat: int | None) -> str | None:
        """The log line of ``action`` about to be played from ``state`` by ``seat``
        (``None``: chance), or ``None`` for no line. Here: every decision by its text,
        no chance outcome (a game's session says which are public)."""
        if seat is None:
            return None
        return f"{self.who(seat)}: {action}"

    def result_line(self) -> str:
        """The log's last line: who won, with the scores."""
        state = self.state
        won = ", ".join(self.who(s) for s in state.winners())
        scores = ", ".join(f"{s:g}" for s in state.scores())
        return f"game over: {won} won (scores {scores})"

    def status(self) -> str:
        """Whose turn it is, or who won, in one line.

        Examples
        --------
        >>> GameSession("ticket_to_ride", ["human", "greedy"]).status()
        'Seat 0 (you) to play: keep.'
        """
        if self.match is None:
            return "No game."
        state = self.state
        if state.is_terminal():
            won = ", ".join(self.who(s) for s in state.winners())
            return f"The game is over: {won} won."
        seat = state.to_play
        if seat is None:
            return "The table is dealing."
        phase = getattr(state, "phase", "")
        what = f": {phase}" if phase else ""
        return f"{self.who(seat)[0].upper()}{self.who(seat)[1:]} to play{what}."

    # ------------------------------------------------------------------ saving

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the game to ``path`` as a saved game (JSON, the game's record format:
        :func:`workbench.games.dump_record`), atomically; the path written.

        Examples
        --------
        >>> import tempfile, os
        >>> session = GameSession("ticket_to_ride", ["human", "greedy"], seed=4)
        >>> _ = session.play(session.choices()[0]); _ = session.run()
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = session.save(os.path.join(folder, "game.json"))
        ...     other = GameSession("ticket_to_ride", ["human", "greedy"])
        ...     other.load(path)
        >>> other.state == session.state, other.log == session.log
        (True, True)
        """
        from workbench.files import inputs_read, write_atomic

        if self.match is None:
            raise ValueError("there is no game to save")
        text = json.dumps(dump_record(self.match.state), indent=1) + "\n"
        return write_atomic(path, text, inputs=inputs_read())  # never over a board read

    def load(self, path: str | os.PathLike[str], seats: Sequence[str] | None = None) -> None:
        """Continue the saved game at ``path`` (see :meth:`save`) with ``seats`` (the
        current seats by default; as many as the saved game has players).

        The game, its rules and seed come from the file; the bots start afresh from
        :attr:`bot_seed` (a saved game holds the moves, not the bots' thoughts). Raises
        ``ValueError`` for a file that is not a saved game of this game on this data file
        (the record's own checks say what is wrong) or a number of seats that does not
        match; the session then keeps its game.
        """
        from workbench.records import read_record

        try:
            record = read_record(path)  # bounded, regular files only; errors name the file
        except json.JSONDecodeError as error:
            raise ValueError(
                f"{path}:{error.lineno}:{error.colno}: not a saved game (JSON): {error.msg}"
            ) from error
        if isinstance(record, dict) and record.get("game") != self.info.name:
            raise ValueError(
                f"{path}: the saved game is of {record.get('game')!r}, not of {self.info.name!r}"
            )
        try:
            state = load_record(record, board=self.board)
        except ValueError as error:
            raise ValueError(f"{path}: {error}") from error
        chosen = self.check_seats(self.seats if seats is None else seats)
        if len(chosen) != state.game.players:
            raise ValueError(
                f"{path}: the saved game has {state.game.players} players, and "
                f"{len(chosen)} seats were given: give one seat kind a player"
            )
        self.seats = chosen
        self.rules = getattr(state.game, "rules", self.rules)
        self.seed = state.game.seed
        self._start(state.game, state)
