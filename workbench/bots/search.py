"""A search bot that knows nothing but the game protocol: information-set Monte Carlo tree
search over determinizations.

On its turn the bot grows one tree of action sequences from its observation. Each playout
first draws a state the bot cannot tell from the real one (``game.sample_state``: the
hidden hands dealt at random), walks the tree by UCB1 among the actions legal in that
state (counting how often each was available: the single-observer variant of Cowling,
Powley and Whitehouse), adds one node (progressive widening: a node gets more children as it is
visited more, the rollout policy's choice first), then plays on with the rollout policy (uniformly
random, or the game's own bots) until the game ends, the scores change (for games scored
round by round), or a depth limit. Every seat's reward is backed up along the path and
each node keeps the reward of the seat that chose it (max^n). The bot plays the root's most
visited action. Chance outcomes are drawn with ``state.chance_outcomes()``.

It runs on every registered game without game-specific code: all it uses is the protocol.

**Candidates** (``candidates=[factory, ...]``): a second way to search, for games whose
playouts are too dear for a tree. The bot keeps one bot of each factory at its seat for the
whole game (the first is its *prior*), asks each for its move, and when they disagree,
plays every distinct move on the same determinizations with the same playout seed (common
random numbers, so the moves are compared on the same deals and the same luck), the rollout
policy playing on to the end. It leaves the prior's move only for a move whose mean reward
beats it by more than ``switch`` standard errors of their paired differences, so noise
alone rarely makes it play worse than its prior. When the candidates agree it plays their
move at once, which spends the time budget where the heuristics differ.

References
----------
G. M. J.-B. Chaslot, M. H. M. Winands, H. J. van den Herik, J. W. H. M. Uiterwijk, B.
Bouzy, "Progressive Strategies for Monte-Carlo Tree Search", New Mathematics and Natural
Computation 4(3), 2008, 343-357. https://doi.org/10.1142/S1793005708001094

P. I. Cowling, E. J. Powley, D. Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, 120-143.
https://doi.org/10.1109/TCIAIG.2012.2200894
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.games.protocol import BotFactory, Game, State
from workbench.games.referee import sample_chance

__all__ = ["SearchBot"]


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat  # the seat that chose the action leading here (None: chance/root)
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


_REWARDS = ("win", "margin")


class _Factory:
    """A protocol bot factory for :class:`SearchBot` with fixed parameters."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = params

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"<bot {self.name!r}: SearchBot({params})>"

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> SearchBot:
        return SearchBot(game, seat, rng, **self.params)


class SearchBot:
    """Information-set MCTS on any registered game (see the module's text).

    Parameters
    ----------
    game : Game
        The protocol game (only its ``sample_state`` and ``players`` are used).
    seat : int
    rng : numpy.random.Generator
        The bot's only source of randomness (determinizations, rollouts, ties).
    playouts : int
        Playouts per decision.
    seconds : float, optional
        A time budget per decision instead (playouts then bound it from above). Timed
        search is not reproducible; leave it ``None`` for seeded experiments.
    exploration : float
        UCB1's exploration constant.
    rollout : bot factory, or one per seat, optional
        The policy of the playouts (the game's own bots, for every seat or one per seat);
        uniformly random moves by default.
    until_score_change : bool
        End a playout as soon as any score changes (games scored round by round). With
        ``candidates``, a candidate's playout ends when a score changes (by its own move
        too), worth what the round gave the seat against
        the best other (``margin``) or its share of the round's spread of gains (``win``).
    max_depth : int
        End a playout after this many actions.
    widening : float or None
        Progressive widening: a node visited ``n`` times has at most
        ``widening * sqrt(n + 1)`` children, the rollout policy's choice first, so a small
        budget is spent on a few good moves rather than one visit to each. ``None`` tries
        every action once before any twice.
    candidates : sequence of bot factories, optional
        Search among these bots' moves only, flat with common random numbers (see the
        module's text); the first is the prior. ``None``: the tree search.
    reward : {"win", "margin"}
        With ``candidates``, what a playout is worth to the seat: its share of the win, or
        its score less the best other score at the end plus 100 for a win (shared as the
        win is), so that a near win counts for more than a rout.
    switch : float
        With ``candidates``, how many standard errors of the paired differences a move
        must beat the prior's by to be played instead.
    steps : int, optional
        With ``candidates``, a budget in actions played in the playouts per decision
        (chance outcomes included): the rounds stop once it is spent (a round is never cut
        short), and ``playouts`` still bounds the rounds. Unlike ``seconds`` it keeps the
        search reproducible while its cost follows the playouts' length (long early in a
        game, short near its end).
    every_move_below : int
        With ``candidates``: when fewer legal actions than this are offered, every one of
        them is a candidate (the candidates' moves first), so small choices are searched
        in full; 0 keeps to the candidates' moves.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["trans_europa"]
    >>> game = info.new_game(players=2, seed=1, board="maps/tiny.yaml")
    >>> search = SearchBot.factory(playouts=8, until_score_change=True)
    >>> end = play(game, [search, info.bots["random"]], seed=3)
    >>> end.is_terminal()
    True
    """

    name = "search"

    def __init__(
        self,
        game: Game,
        seat: int,
        rng: np.random.Generator,
        *,
        playouts: int = 64,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: BotFactory | Sequence[BotFactory] | None = None,
        until_score_change: bool = False,
        max_depth: int = 400,
        widening: float | None = 1.0,
        candidates: Sequence[BotFactory] | None = None,
        reward: str = "win",
        switch: float = 1.0,
        every_move_below: int = 0,
        steps: int | None = None,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts is {playouts!r}: use at least 1")
        if reward not in _REWARDS:
            raise ValueError(f"reward is {reward!r}: use 'win' or 'margin'")
        if candidates is not None and not candidates:
            raise ValueError("candidates is empty: give at least one bot factory, or None")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        if rollout is None or isinstance(rollout, Sequence):
            self.rollout = None if rollout is None else list(rollout)
        else:
            self.rollout = [rollout] * game.players
        self.until_score_change = until_score_change
        self.max_depth = max_depth
        self.widening = widening
        self.candidates = None if candidates is None else list(candidates)
        self.reward = reward
        self.switch = switch
        self.every_move_below = every_move_below
        self.steps = steps
        self._spent = 0
        self._proposers: list[Any] | None = None
        self.searched = 0
        """Decisions at which the candidates disagreed (and were searched)."""

    def __repr__(self) -> str:
        return f"SearchBot(seat={self.seat}, playouts={self.playouts})"

    @classmethod
    def factory(cls, name: str = "search", **params: Any) -> BotFactory:
        """A bot factory ``(game, seat, rng) -> SearchBot`` with these parameters.

        Examples
        --------
        >>> SearchBot.factory(playouts=10)
        <bot 'search': SearchBot(playouts=10)>
        """
        return _Factory(name, params)

    # ------------------------------------------------------------------ the search

    def act(self, observation: Any) -> Any:
        """The most visited root action after the playouts."""
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in this observation")
        if self.candidates is not None:
            return self._choose_among(observation, legal)
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.playouts):
            state = self.game.sample_state(observation, self.rng)
            self._playout(root, state)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(
            range(len(legal)),
            key=lambda i: (
                root.children[str(legal[i])].visits if str(legal[i]) in root.children else -1,
                -i,
            ),
        )
        return legal[best]

    # ------------------------------------------------------------------ candidates

    def proposals(self, observation: Any) -> list[Any]:
        """The candidates' moves in this observation, each once, the prior's first.

        Every candidate bot is asked at every decision, so bots that remember (a plan, a
        station's purpose) see the whole game from this seat.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> info = GAMES["transorient_express"]
        >>> game = info.new_game(players=2, seed=3)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> bot = SearchBot(game, 0, np.random.default_rng(1),
        ...                 candidates=[info.bots["greedy"], info.bots["greedy"]])
        >>> len(bot.proposals(state.observation(0)))
        1
        """
        if self._proposers is None:
            assert self.candidates is not None
            seeds = self.rng.integers(2**63, size=len(self.candidates))
            self._proposers = [
                make(self.game, self.seat, np.random.default_rng(int(s)))
                for make, s in zip(self.candidates, seeds, strict=True)
            ]
        out: list[Any] = []
        seen: set[str] = set()
        for bot in self._proposers:
            action = bot.act(observation)
            if str(action) not in seen:
                seen.add(str(action))
                out.append(action)
        return out

    def _choose_among(self, observation: Any, legal: list[Any]) -> Any:
        moves = self.proposals(observation)
        if len(legal) == 1:
            return moves[0]
        if len(legal) < self.every_move_below:
            named = {str(m) for m in moves}
            moves.extend(a for a in legal if str(a) not in named)
        if len(moves) == 1:
            return moves[0]
        self.searched += 1
        totals = [0.0] * len(moves)
        diffs = [0.0] * len(moves)  # sums of (move - prior) and of their squares
        squares = [0.0] * len(moves)
        rounds = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self._spent = 0
        while rounds < self.playouts:
            state = self.game.sample_state(observation, self.rng)
            seed = int(self.rng.integers(2**63))
            values = []
            before = tuple(float(s) for s in state.scores())
            for move in moves:
                trial = state.copy()
                trial.apply(move)
                values.append(self._play_out(trial, np.random.default_rng(seed), before))
            rounds += 1
            for k, v in enumerate(values):
                totals[k] += v
                d = v - values[0]
                diffs[k] += d
                squares[k] += d * d
            if deadline is not None and time.perf_counter() > deadline:
                break
            if self.steps is not None and self._spent >= self.steps:
                break
        best = max(range(len(moves)), key=lambda k: (totals[k], -k))
        if best == 0 or rounds < 2:
            return moves[0]
        mean = diffs[best] / rounds
        var = max(squares[best] / rounds - mean * mean, 0.0) * rounds / (rounds - 1)
        if mean > self.switch * math.sqrt(var / rounds):
            return moves[best]
        return moves[0]

    def _play_out(
        self, state: State, rng: np.random.Generator, start: tuple[float, ...] | None = None
    ) -> float:
        """Play ``state`` on with the rollout policy (random without one), its chance
        drawn with ``rng``; this seat's reward (see ``reward``). With
        ``until_score_change`` the playout ends when the scores differ from ``start``
        (those of ``state`` by default)."""
        bots = None
        if self.rollout is not None:
            bots = [make(state.game, s, rng) for s, make in enumerate(self.rollout)]
        depth = 0
        if not self.until_score_change:
            start = ()
        elif start is None:
            start = tuple(float(s) for s in state.scores())
        while not state.is_terminal() and depth < self.max_depth:
            if start and self._changed(state, start):
                break
            seat = state.to_play
            if seat is None:
                action = sample_chance(state, rng)
            elif bots is not None:
                action = bots[seat].act(state.observation(seat))
            else:
                actions = state.legal_actions()
                action = actions[int(rng.integers(len(actions)))]
            state.apply(action)
            depth += 1
        self._spent += depth + 1
        me = self.seat
        if not state.is_terminal() and start:  # a round scored: what it gave, against the rest
            if self.reward == "win":
                return self._rewards(state, start)[me]
            gains = [float(s) - b for s, b in zip(state.scores(), start, strict=True)]
            return gains[me] - max(g for k, g in enumerate(gains) if k != me)
        scores = [float(s) for s in state.scores()]
        won = state.winners() if state.is_terminal() else ()
        share = 1.0 / len(won) if me in won else 0.0
        if self.reward == "win":
            return share
        best_other = max(s for k, s in enumerate(scores) if k != me)
        return scores[me] - best_other + 100.0 * share

    def _playout(self, root: _Node, state: State) -> None:
        start = tuple(float(s) for s in state.scores())
        path = [root]
        node = root
        depth = 0
        # selection and expansion
        while not state.is_terminal() and depth < self.max_depth:
            seat = state.to_play
            if seat is None:
                action = sample_chance(state, self.rng)
            else:
                actions = state.legal_actions()
                for a in actions:
                    child = node.children.get(str(a))
                    if child is not None:
                        child.avail += 1
                known = [a for a in actions if str(a) in node.children]
                fresh = [a for a in actions if str(a) not in node.children]
                if fresh and (not known or len(known) < self._width(node)):
                    action = self._expand(state, seat, fresh)
                    child = _Node(seat)
                    child.avail = 1
                    node.children[str(action)] = child
                    state.apply(action)
                    depth += 1
                    path.append(child)
                    break
                action = max(known, key=lambda a: self._ucb(node.children[str(a)]))
            key = str(action)
            state.apply(action)
            depth += 1
            if seat is None:
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(None)
            else:
                child = node.children[key]
            path.append(child)
            node = child
            if self.until_score_change and self._changed(state, start):
                break
        # rollout
        self._rollout(state, start, depth)
        rewards = self._rewards(state, start)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += rewards[n.seat]

    def _width(self, node: _Node) -> float:
        """How many children ``node`` may have after its visits (progressive widening)."""
        if self.widening is None:
            return math.inf
        return max(1.0, self.widening * math.sqrt(node.visits + 1))

    def _expand(self, state: State, seat: int, fresh: list[Any]) -> Any:
        """The next action to add to the tree: the rollout policy's choice if it is new
        (the game's own bot as a prior), else one drawn at random."""
        if self.rollout is not None:
            bot = self.rollout[seat](state.game, seat, self.rng)
            choice = bot.act(state.observation(seat))
            for a in fresh:
                if a == choice:
                    return a
        return fresh[int(self.rng.integers(len(fresh)))]

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.reward / child.visits
        return mean + self.exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)

    def _changed(self, state: State, start: tuple[float, ...]) -> bool:
        return tuple(float(s) for s in state.scores()) != start

    def _rollout(self, state: State, start: tuple[float, ...], depth: int) -> None:
        if self.until_score_change and self._changed(state, start):
            return
        bots = None
        if self.rollout is not None:
            bots = [make(state.game, s, self.rng) for s, make in enumerate(self.rollout)]
        while not state.is_terminal() and depth < self.max_depth:
            seat = state.to_play
            if seat is None:
                action = sample_chance(state, self.rng)
            elif bots is not None:
                action = bots[seat].act(state.observation(seat))
            else:
                actions = state.legal_actions()
                action = actions[int(self.rng.integers(len(actions)))]
            state.apply(action)
            depth += 1
            if self.until_score_change and self._changed(state, start):
                return

    def _rewards(self, state: State, start: tuple[float, ...]) -> list[float]:
        n = len(start)
        if state.is_terminal():
            won = state.winners()
            return [1.0 / len(won) if s in won else 0.0 for s in range(n)]
        gains = [float(s) - b for s, b in zip(state.scores(), start, strict=True)]
        low, high = min(gains), max(gains)
        if high == low:
            return [0.5] * n
        return [(g - low) / (high - low) for g in gains]
