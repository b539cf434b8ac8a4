"""The referee: one loop that plays seats against each other, for every game and every
caller (the simulator, :func:`workbench.games.trans_europa.bots.play_game`, the command line, the
widgets).

A :class:`Match` holds a state, one bot or a human (``None``) per seat, and a generator for
chance outcomes seeded from the game's own seed. :meth:`Match.step` plays the next action
that is not a human's: a chance outcome, or the move of the bot on turn, which sees only its
observation. :meth:`Match.run` steps until a human is on turn, the game ends, or a limit.

Randomness: seat ``s``'s bot gets the ``s``-th generator spawned from the match's ``seed``
(:func:`bot_rngs`); chance outcomes come from :func:`chance_rng` of the game's seed. A match
therefore depends on the game, the bots and ``seed`` only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import reduce
from itertools import accumulate
from operator import add
from typing import Any

import numpy as np

from workbench.exceptions import IllegalActionError
from workbench.games.protocol import Bot, BotFactory, Game, State

__all__ = [
    "Match",
    "bot_rngs",
    "chance_rng",
    "numpy_sum",
    "outcome_cdf",
    "pick_outcome",
    "play",
    "sample_chance",
]

Callback = Callable[[State, Any, "int | None"], None]
"""Called with the state, the action and the seat that plays it (``None``: chance)."""


def bot_rngs(seed: int | np.random.SeedSequence, players: int) -> list[np.random.Generator]:
    """One independent generator per seat, spawned from ``seed``.

    Examples
    --------
    >>> a, b = bot_rngs(5, 2)
    >>> int(a.integers(1000)) == int(bot_rngs(5, 2)[0].integers(1000))
    True
    """
    seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return [np.random.default_rng(s) for s in seq.spawn(players)]


def chance_rng(game_seed: int) -> np.random.Generator:
    """The generator of a game's chance outcomes, from the game's seed alone.

    Examples
    --------
    >>> int(chance_rng(3).integers(100)) == int(chance_rng(3).integers(100))
    True
    """
    return np.random.default_rng(np.random.SeedSequence(int(game_seed), spawn_key=(2,)))


def sample_chance(state: State, rng: np.random.Generator) -> Any:
    """One chance outcome of ``state``, drawn with ``rng`` by the outcomes' probabilities.

    A single outcome is returned without touching ``rng`` (Trans Europa's node between
    rounds). Otherwise one uniform number is taken from ``rng`` (``rng.random()``) and
    :func:`pick_outcome` turns it into an outcome, draw for draw as
    ``rng.choice(len(outcomes), p=weights / weights.sum())`` did, at a tenth of its cost.

    Examples
    --------
    >>> class Coin:
    ...     def chance_outcomes(self):
    ...         return [("heads", 0.5), ("tails", 0.5)]
    >>> sample_chance(Coin(), np.random.default_rng(0)) in ("heads", "tails")
    True
    """
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalActionError("no chance outcome here: the state is not a chance node")
    if len(outcomes) == 1:
        return outcomes[0][0]
    return pick_outcome(outcomes, rng.random())


_CDFS: dict[tuple[float, ...], list[float]] = {}


def pick_outcome(outcomes: Sequence[tuple[Any, float]], u: float) -> Any:
    """The outcome a uniform number ``u`` in [0, 1) falls on by inverse transform.

    The probabilities are normalised by their sum, accumulated, and divided by the last
    partial sum, in numpy's floating-point order (:func:`numpy_sum` for the sum, then left
    to right), and the outcome is the first whose cumulative value exceeds ``u``. This is
    what :meth:`numpy.random.Generator.choice` computes from its one uniform number, so
    the referee draws the same outcomes as before, bit for bit (``tests/games/
    test_referee.py`` holds it against ``choice``). Outcomes of probability 0 are never
    drawn. Each distinct list of probabilities is accumulated once and kept.

    Raises
    ------
    IllegalActionError
        A negative or missing probability, or probabilities that add up to 0.

    Examples
    --------
    >>> coin = [("heads", 0.5), ("tails", 0.5)]
    >>> pick_outcome(coin, 0.0), pick_outcome(coin, 0.49), pick_outcome(coin, 0.5)
    ('heads', 'heads', 'tails')
    >>> pick_outcome([("a", 0.0), ("b", 2.0), ("c", 0.0)], 0.999)
    'b'
    """
    weights = tuple([p for _, p in outcomes])
    cdf = _CDFS.get(weights)
    if cdf is None:
        cdf = outcome_cdf(weights)
    return outcomes[bisect_right(cdf, u)][0]


def outcome_cdf(weights: tuple[float, ...]) -> list[float]:
    """The cumulative probabilities :func:`pick_outcome` bisects for ``weights`` (made
    once per distinct ``weights`` and kept): a game that knows its outcomes' weights can
    draw the very same outcome with ``bisect_right(outcome_cdf(weights), rng.random())``
    without building the list of outcomes.

    Raises
    ------
    IllegalActionError
        A negative or missing probability, or probabilities that add up to 0.

    Examples
    --------
    >>> outcome_cdf((1.0, 3.0))
    [0.25, 1.0]
    """
    cdf = _CDFS.get(weights)
    if cdf is None:
        if not all(p >= 0 for p in weights):
            raise IllegalActionError(f"chance outcomes with probabilities {weights!r}")
        if len(weights) < 8:  # numpy_sum of a short run: left to right
            total = 0.0
            for p in weights:
                total += p
        else:
            total = numpy_sum(weights)
        if not total > 0:
            raise IllegalActionError(f"chance outcomes whose probabilities add up to {total!r}")
        cumulative = list(accumulate([p / total for p in weights]))
        last = cumulative[-1]
        cdf = [c / last for c in cumulative]
        if len(_CDFS) >= 4096:
            _CDFS.clear()
        _CDFS[weights] = cdf
    return cdf


def numpy_sum(values: Sequence[float]) -> float:
    """The sum of ``values`` added in the order numpy adds a float64 array
    (``np.sum``'s pairwise summation: runs of fewer than 8 left to right, blocks of up to
    128 in 8 interleaved partial sums, longer runs split in two).

    Examples
    --------
    >>> values = [0.1] * 10
    >>> numpy_sum(values) == float(np.sum(values)), numpy_sum(values) == sum(values)
    (True, False)
    """
    return _pairwise(values, 0, len(values))


def _pairwise(a: Sequence[float], lo: int, n: int) -> float:
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res += a[i]
        return res
    if n <= 128:
        m = n - n % 8
        r = [reduce(add, a[lo + j : lo + m : 8]) for j in range(8)]
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for i in range(lo + m, lo + n):
            res += a[i]
        return res
    half = n // 2
    half -= half % 8
    return _pairwise(a, lo, half) + _pairwise(a, lo + half, n - half)


class Match:
    """A game in progress between bots and humans, refereed one action at a time.

    Parameters
    ----------
    game : Game
        Any registered game (see :data:`workbench.games.GAMES`).
    seats : sequence of bot factory or None
        One per seat: a factory ``(game, seat, rng) -> bot``, or ``None`` for a human whose
        moves come through :meth:`play`.
    seed : int or SeedSequence
        The seed of the bots' generators.
    state : State, optional
        Continue from this state instead of a new one.
    on_action : callable, optional
        ``f(state, action, seat)`` before each action is applied (``seat`` is ``None`` for
        chance).
    on_applied : callable, optional
        The same, after each action is applied.
    names : sequence of str, optional
        The seats' names for messages (the bots' class names by default).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> info = GAMES["trans_europa"]
    >>> game = info.new_game(players=2, seed=3, board="maps/tiny.yaml")
    >>> match = Match(game, [info.bots["random"], None], seed=1)
    >>> match.run()        # bots and chance play until the human's turn (not a stop: False)
    False
    >>> match.human_to_play(), match.state.to_play
    (True, 1)
    >>> match.play(match.state.legal_actions()[0])
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[BotFactory | None],
        seed: int | np.random.SeedSequence = 0,
        *,
        state: State | None = None,
        on_action: Callback | None = None,
        on_applied: Callback | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        rngs = bot_rngs(seed, game.players)
        self.bots: list[Bot | None] = [
            None if make is None else make(game, seat, rng)
            for seat, (make, rng) in enumerate(zip(seats, rngs, strict=True))
        ]
        self.state: State = game.new_state() if state is None else state
        self.chance = chance_rng(game.seed)
        self.on_action = on_action
        self.on_applied = on_applied
        self.names = [
            (type(b).__name__ if b is not None else "human") if names is None else str(names[i])
            for i, b in enumerate(self.bots)
        ]

    def __repr__(self) -> str:
        who = ", ".join("human" if b is None else type(b).__name__ for b in self.bots)
        return f"<Match {self.game.name}: {who}; to play {self.state.to_play}>"

    def human_to_play(self) -> bool:
        """Whether the game waits for a human's move."""
        seat = self.state.to_play
        return seat is not None and self.bots[seat] is None and not self.state.is_terminal()

    def _apply(self, action: Any, seat: int | None) -> None:
        if self.on_action is not None:
            self.on_action(self.state, action, seat)
        self.state.apply(action)
        if self.on_applied is not None:
            self.on_applied(self.state, action, seat)

    def step(self) -> Any:
        """Play the next chance outcome or bot move and return it; ``None`` when the game is
        over or a human is on turn.

        Raises
        ------
        IllegalActionError
            A bot chose an illegal action; the message names the seat and the bot.
        """
        state = self.state
        if state.is_terminal():
            return None
        seat = state.to_play
        if seat is None:
            action = sample_chance(state, self.chance)
        else:
            bot = self.bots[seat]
            if bot is None:
                return None
            action = bot.act(state.observation(seat))
        try:
            self._apply(action, seat)
        except IllegalActionError as e:
            who = "chance" if seat is None else f"bot {self.names[seat]!r} at seat {seat}"
            raise IllegalActionError(f"{who}: {e}") from e
        return action

    def play(self, action: Any) -> None:
        """Play a human's ``action`` (an action or its text) for the seat on turn.

        Raises
        ------
        IllegalActionError
            It is not a human's turn, or the action is illegal (the message says why).
        """
        if not self.human_to_play():
            raise IllegalActionError(
                "the game is over"
                if self.state.is_terminal()
                else f"seat {self.state.to_play} is not a human seat: it is a bot's turn"
            )
        if isinstance(action, str):
            action = self.game.parse_action(action)
        self._apply(action, self.state.to_play)

    def run(
        self, *, max_actions: int = 1_000_000, stop: Callable[[State], bool] | None = None
    ) -> bool:
        """Step until a human is on turn, the game ends, or ``stop(state)`` is true.

        Returns whether ``stop`` ended the run. ``RuntimeError`` after ``max_actions``
        actions without any of those (a guard against bots that never end a game).
        """
        # step() written out, with what it looks up held in locals (a simulated game is
        # several hundred actions, and this loop runs each of them)
        state, bots, chance, apply = self.state, self.bots, self.chance, self._apply
        for _ in range(max_actions):
            if stop is not None and stop(state):
                return True
            if state.is_terminal():
                return False
            seat = state.to_play
            if seat is None:
                action = sample_chance(state, chance)
            else:
                bot = bots[seat]
                if bot is None:
                    return False
                action = bot.act(state.observation(seat))
            try:
                apply(action, seat)
            except IllegalActionError as e:
                who = "chance" if seat is None else f"bot {self.names[seat]!r} at seat {seat}"
                raise IllegalActionError(f"{who}: {e}") from e
        raise RuntimeError(f"the game did not end within {max_actions} actions")


def play(
    game: Game,
    bots: Sequence[BotFactory],
    seed: int | np.random.SeedSequence = 0,
    *,
    max_actions: int = 1_000_000,
    on_action: Callback | None = None,
) -> State:
    """Play ``game`` to its end with one bot per seat; return the final state.

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> info = GAMES["trans_europa"]
    >>> game = info.new_game(players=2, seed=3, board="maps/tiny.yaml")
    >>> end = play(game, [info.bots["random"]] * 2, seed=1)
    >>> end.is_terminal(), end.history == play(game, [info.bots["random"]] * 2, seed=1).history
    (True, True)
    """
    match = Match(game, bots, seed, on_action=on_action)
    if None in match.bots:
        raise ValueError("play needs a bot at every seat")
    match.run(max_actions=max_actions)
    return match.state
