"""The workbench's games as OpenSpiel games (``pip install rail-workbench[rl]``).

Importing this module registers every game of :data:`workbench.games.GAMES` with
``pyspiel.register_game`` as ``rail_workbench_<name>``; then ``pyspiel.load_game`` makes
it, and every OpenSpiel algorithm written for Python games runs on it:

>>> import pyspiel
>>> import workbench.envs.openspiel
>>> game = pyspiel.load_game("rail_workbench_trans_europa", {"players": 2, "board": "tiny"})
>>> state = game.new_initial_state()
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'M 0,0')

Parameters (each with its default): ``players`` (the game's usual number), ``board`` (a
path or a shipped file's name; ``default`` is the game's shipped file), ``rules`` (a
preset's name, ``rulebook`` by default), ``seed`` (the game's seed: Trans Europa deals
every round from it, the others draw their chance outcomes at OpenSpiel's chance nodes)
and ``max_moves`` (the longest history, actions and chance outcomes together, 20,000 by
default: a game still going then is cut off as a draw, as the simulator cuts off long
games; Trans Europa played at random never ends).

How the protocol maps onto OpenSpiel:

* actions are the numbers of :mod:`workbench.envs.codec`, chance outcomes their own
  numbers (a chance node of the protocol is a chance node here, with its probabilities;
  Trans Europa's single outcome ``N`` has probability 1);
* returns are zero-sum: a winner gets ``1/k - 1/n`` (``k`` winners share the win, ``n``
  seats), everyone else ``-1/n``; a cut-off game gives everyone 0;
* the observation tensor is :mod:`workbench.envs.observe`'s, and its string the tensor's
  nonzero entries; the information state adds the seat's own past actions (a tensor of how
  often it played each action, and their texts), so it recalls everything the seat did;
* ``resample_from_infostate`` is the protocol's ``game.sample_state`` (a determinization),
  which is what OpenSpiel's IS-MCTS needs. The resampled state starts a new OpenSpiel
  history (its ``history()`` is empty) but plays on like the original.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from workbench.envs.codec import ActionCodec, action_codec
from workbench.envs.observe import ObservationEncoder, observation_encoder
from workbench.games import GAMES

__all__ = [
    "PREFIX",
    "RailGame",
    "RailState",
    "ScoreEvaluator",
    "game_name",
    "ismcts_bot",
    "protocol_game",
    "register",
]

PREFIX = "rail_workbench_"
MAX_MOVES = 20_000
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def game_name(name: str) -> str:
    """The OpenSpiel name of a registered game.

    Examples
    --------
    >>> game_name("ticket_to_ride")
    'rail_workbench_ticket_to_ride'
    """
    return PREFIX + name


_PROTOCOL: dict[tuple[Any, ...], Any] = {}
_DATA: dict[tuple[str, str], Any] = {}


def _board_arg(name: str, board: str) -> str | None:
    if board in ("", "default"):
        return None
    from workbench.resources import maps_dir

    if "/" not in board and not board.endswith((".yaml", ".yml")):
        shipped = maps_dir() / f"{board}.yaml"
        if shipped.exists():
            return str(shipped)
    return board


def protocol_game(name: str, players: int, board: str, rules: str, seed: int) -> Any:
    """The protocol game an OpenSpiel game of these parameters plays (made once).

    Examples
    --------
    >>> protocol_game("trans_europa", 2, "tiny", "rulebook", 0).board.name
    'Tiny Island'
    """
    key = (name, players, board, rules, seed)
    hit = _PROTOCOL.get(key)
    if hit is None:
        info = GAMES[name]
        if len(_PROTOCOL) > 64:
            _PROTOCOL.clear()
            _DATA.clear()
        data = _DATA.get((name, board))
        if data is None:
            data = _DATA[(name, board)] = info.board(_board_arg(name, board))
        hit = _PROTOCOL[key] = info.new_game(
            players=players, seed=seed, rules=rules or None, board=data
        )
    return hit


def _params(params: Any, name: str) -> tuple[int, str, str, int, int]:
    info = GAMES[name]
    p = dict(params or {})
    players = int(p.get("players", info.default_players))
    return (
        players,
        str(p.get("board", "default")),
        str(p.get("rules", "rulebook")),
        int(p.get("seed", 0)),
        int(p.get("max_moves", MAX_MOVES)),
    )


def _game_type(name: str) -> pyspiel.GameType:
    info = GAMES[name]
    return pyspiel.GameType(
        short_name=game_name(name),
        long_name=f"rail-workbench {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players[1],
        min_num_players=info.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info.default_players,
            "board": "default",
            "rules": "rulebook",
            "seed": 0,
            "max_moves": MAX_MOVES,
        },
    )


class _World:
    """Everything a state holds on the Python side, copied by ``state.clone()`` (the
    protocol state by its own ``copy()``, the game's tables shared) and pickled by
    OpenSpiel's serialization as the game's parameters and the history's texts."""

    def __init__(self, key: tuple[Any, ...], state: Any, own: list[list[int]]) -> None:
        self.key = key  # (name, players, board, rules, seed, max_moves)
        self.state = state
        self.own = own  # each seat's own actions, by number
        self.game = state.game
        self.codec: ActionCodec = action_codec(self.game)
        self.encoder: ObservationEncoder = observation_encoder(self.game)
        self.legal: list[Any] | None = None
        self.ids: list[int] | None = None
        self.digest = hashlib.sha256()  # of the history's texts, for the state's text
        history = state.history
        for action in history:
            self.digest.update(f"{action}\n".encode())
        self.length = len(history)  # (a protocol state's history is a new tuple each time)
        self.player: int | None = None  # current_player(), until the next action

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        new = _World.__new__(_World)
        new.key, new.game, new.codec, new.encoder = self.key, self.game, self.codec, self.encoder
        new.state = self.state.copy()
        new.own = [list(a) for a in self.own]
        new.legal, new.ids = self.legal, self.ids
        new.digest = self.digest.copy()
        new.length = self.length
        new.player = self.player
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.key, [str(a) for a in self.state.history], self.own))


def _restore(key: tuple[Any, ...], history: Sequence[str], own: list[list[int]]) -> _World:
    name, players, board, rules, seed, _ = key
    game = protocol_game(name, players, board, rules, seed)
    state = game.new_state()
    for text in history:
        state.apply(game.parse_action(text))
    return _World(key, state, [list(a) for a in own])


class RailGame(pyspiel.Game):
    """An OpenSpiel game around a registered workbench game (see the module's text).

    Examples
    --------
    >>> import pyspiel
    >>> game = pyspiel.load_game("rail_workbench_transorient_express", {"players": 3})
    >>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
    (3, 181, 116)
    """

    workbench_name = ""

    def __init__(self, params: Any = None) -> None:
        name = self.workbench_name
        players, board, rules, seed, max_moves = _params(params, name)
        self.key = (name, players, board, rules, seed, max_moves)
        self.protocol = protocol_game(name, players, board, rules, seed)
        self.codec = action_codec(self.protocol)
        self.encoder = observation_encoder(self.protocol)
        self.max_moves = max_moves
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_distinct_actions,
            max_chance_outcomes=self.codec.num_chance_outcomes,
            num_players=players,
            min_utility=-1.0 / players,
            max_utility=1.0 - 1.0 / players,
            utility_sum=0.0,
            max_game_length=max_moves,
        )
        full = {"players": players, "board": board, "rules": rules, "seed": seed}
        full["max_moves"] = max_moves
        super().__init__(_game_type(name), info, full)

    def new_initial_state(self) -> RailState:
        """A state at the start of the game."""
        return RailState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> RailObserver:
        """The observer of a seat: the observation, or with ``perfect_recall`` the
        information state."""
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            raise ValueError("a public-only observer is not offered: use the default one")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RailObserver(self, recall)


class RailState(pyspiel.State):
    """An OpenSpiel state around a protocol state (``state.protocol``)."""

    def __init__(self, game: RailGame, world: _World | None = None) -> None:
        super().__init__(game)
        # made when first needed: OpenSpiel's clone() makes a new initial state and then
        # copies the original's attributes over it
        self._world = world

    @property
    def world(self) -> _World:
        """The Python side of the state (see :class:`_World`)."""
        w = self._world
        if w is None:
            game = self.get_game()
            w = self._world = _World(
                game.key, game.protocol.new_state(), [[] for _ in range(game.key[1])]
            )
        return w

    @property
    def protocol(self) -> Any:
        """The protocol state (do not change it behind OpenSpiel's back)."""
        return self.world.state

    # ------------------------------------------------------------------ the API

    def current_player(self) -> int:
        """The seat on turn, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        w = self.world
        if w.player is None:
            if w.length >= w.key[5] or w.state.is_terminal():
                w.player = _TERMINAL
            else:
                seat = w.state.to_play
                w.player = _CHANCE if seat is None else int(seat)
        return w.player

    def _over(self) -> bool:
        return self.current_player() == _TERMINAL

    def _legal(self) -> tuple[list[Any], list[int]]:
        w = self.world
        if w.legal is None or w.ids is None:
            legal = w.state.legal_actions()
            ids = w.codec.legal_indices(legal, sort=False)
            w.legal, w.ids = legal, ids
        return w.legal, w.ids

    def _legal_actions(self, player: int) -> list[int]:
        if self._over() or player != self.world.state.to_play:
            return []
        return sorted(self._legal()[1])

    # The next two answer Python callers directly: through pyspiel's C++ methods, each
    # call crosses into Python several times (about 15 µs for a list of legal actions),
    # which would cost more than a whole move of the protocol. C++ callers still reach
    # the same answers through _legal_actions, chance_outcomes and current_player.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (numbers, ascending) of ``player`` (by default the one on
        turn; at a chance node, the outcomes)."""
        seat = self.current_player()
        if seat == _TERMINAL or (player is not None and player != seat):
            return []
        if seat == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return sorted(self._legal()[1])

    def is_chance_node(self) -> bool:
        """True at a chance node."""
        return self.current_player() == _CHANCE

    # The C++ observation_tensor() asks the game for the tensor's size first, which for a
    # Python game makes a new initial state and observes it, every call: these two give
    # Python callers the same values without that.

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor of ``player`` (by default the one on turn), as OpenSpiel
        gives it: a list of floats (:meth:`observation_array` skips the list)."""
        return self.observation_array(player).tolist()

    def observation_array(self, player: int | None = None) -> np.ndarray:
        """The observation tensor of ``player`` as a float32 array (making a list of a few
        thousand Python floats costs more than a move of the game)."""
        w = self.world
        seat = self.current_player() if player is None else int(player)
        return w.encoder.encode(w.state.observation(seat))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information-state tensor of ``player``: the observation tensor, then how
        often the seat played each action."""
        w = self.world
        seat = self.current_player() if player is None else int(player)
        own = np.bincount(w.own[seat], minlength=w.codec.num_distinct_actions)
        seen = w.encoder.encode(w.state.observation(seat))
        return [*seen.tolist(), *own.astype(np.float32).tolist()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's number and probability, by number."""
        w = self.world
        if self._over():
            return []
        out = [(w.codec.chance_index(o), float(p)) for o, p in w.state.chance_outcomes() if p > 0]
        out.sort()
        return out

    def _apply_action(self, action: int) -> None:
        w = self.world
        s = w.state
        seat = s.to_play
        if seat is None:
            move = w.codec.chance_outcome(int(action))
        else:
            legal, ids = self._legal()
            try:
                move = legal[ids.index(int(action))]
            except ValueError:
                raise ValueError(
                    f"action {action} ({w.codec.text(int(action))}) is not legal here"
                ) from None
            w.own[seat].append(int(action))
        s.apply(move)
        w.legal = w.ids = w.player = None
        w.length += 1
        w.digest.update(f"{move}\n".encode())

    def _action_to_string(self, player: int, action: int) -> str:
        w = self.world
        if player == pyspiel.PlayerId.CHANCE:
            return w.codec.chance_texts[int(action)]
        offer = None
        if action >= w.codec.keep_base and not self._over() and w.state.to_play is not None:
            keeps = [a for a in self._legal()[0] if hasattr(a, "tickets")]
            if keeps:
                offer = max((a.tickets for a in keeps), key=len)
        return w.codec.text(int(action), offer)

    def is_terminal(self) -> bool:
        """True when the game is over or cut off at ``max_moves``."""
        return self._over()

    def returns(self) -> list[float]:
        """Zero-sum returns: ``1/k - 1/n`` for each of ``k`` winners, ``-1/n`` otherwise;
        0 for everyone before the end and in a cut-off game.

        Examples
        --------
        >>> import pyspiel
        >>> game = pyspiel.load_game("rail_workbench_trans_europa", {"board": "tiny", "players": 2})
        >>> state = game.new_initial_state()
        >>> while not state.is_terminal():
        ...     state.apply_action(state.legal_actions()[0])
        >>> sorted(state.returns())
        [-0.5, 0.5]
        """
        s = self.world.state
        n = self.world.key[1]
        if not s.is_terminal():
            return [0.0] * n
        winners = s.winners()
        share = 1.0 / len(winners) if winners else 0.0
        base = 1.0 / n if winners else 0.0
        return [(share if i in winners else 0.0) - base for i in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RailState:
        """A state ``player_id`` cannot tell from this one: what it cannot see is drawn
        anew (the protocol's ``sample_state``), seeded by ``probability_sampler()``."""
        seed = int(float(probability_sampler()) * 2**53)
        return self.resample(player_id, np.random.default_rng(seed))

    def resample(self, player_id: int, rng: np.random.Generator) -> RailState:
        """:meth:`resample_from_infostate` with a numpy generator.

        Examples
        --------
        >>> import pyspiel
        >>> game = pyspiel.load_game("rail_workbench_ticket_to_ride", {"players": 2})
        >>> state = game.new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> other = state.resample(0, np.random.default_rng(1))
        >>> other.information_state_string(0) == state.information_state_string(0)
        True
        """
        w = self.world
        sampled = w.game.sample_state(w.state.observation(player_id), rng)
        world = _World(w.key, sampled, [list(a) for a in w.own])
        world.legal = world.ids = None
        world.length = w.length
        return RailState(self.get_game(), world)

    def __str__(self) -> str:
        s = self.world.state
        digest = self.world.digest.hexdigest()[:16]
        return (
            f"{self.world.key[0]}: {self.world.length} actions (sha256 {digest}), "
            f"to play {s.to_play}, scores {list(s.scores())}"
        )


class RailObserver:
    """A seat's observation tensor and string; with ``recall``, the information state (the
    observation and how often the seat played each action, and their texts)."""

    def __init__(self, game: RailGame, recall: bool) -> None:
        self.game = game
        self.recall = recall
        size = game.encoder.size + (game.codec.num_distinct_actions if recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict = {"info_state" if recall else "observation": self.tensor}
        self._seen = self.tensor[: game.encoder.size]
        self._own = self.tensor[game.encoder.size :]

    def set_from(self, state: RailState, player: int) -> None:
        w = state.world
        w.encoder.encode(w.state.observation(player), self._seen)
        if self.recall:
            own = w.own[player]
            self._own[:] = np.bincount(own, minlength=len(self._own)) if own else 0

    def string_from(self, state: RailState, player: int) -> str:
        w = state.world
        x = w.encoder.encode(w.state.observation(player))
        text = w.encoder.describe(x)
        if self.recall:
            text += " | own: " + " ".join(map(str, w.own[player]))
        return text


_REGISTERED: set[str] = set()


def register(names: Sequence[str] | None = None) -> list[str]:
    """Register the games (all by default) with OpenSpiel; done on import. Returns the
    OpenSpiel names.

    Examples
    --------
    >>> register()  # doctest: +NORMALIZE_WHITESPACE
    ['rail_workbench_trans_europa', 'rail_workbench_ticket_to_ride',
     'rail_workbench_transorient_express']
    """
    out = []
    for name in names or list(GAMES):
        full = game_name(name)
        if full not in _REGISTERED:
            cls = type(f"RailGame_{name}", (RailGame,), {"workbench_name": name})
            pyspiel.register_game(_game_type(name), cls)
            _REGISTERED.add(full)
        out.append(full)
    return out


register()


# ---------------------------------------------------------------------- search


def _evaluator_base() -> type:
    from open_spiel.python.algorithms import mcts

    return mcts.Evaluator


class ScoreEvaluator(_evaluator_base()):  # type: ignore[misc]
    """An OpenSpiel MCTS evaluator for long games: ``depth`` random moves (chance drawn by
    its probabilities), then the returns if the game is over, else each seat's score
    against the mean, scaled into (-1, 1) (``(s - mean) / (max |s - mean| + scale)``).

    Examples
    --------
    >>> import pyspiel
    >>> game = pyspiel.load_game("rail_workbench_transorient_express", {"players": 2})
    >>> ScoreEvaluator(seed=1).evaluate(game.new_initial_state())
    array([0., 0.])
    """

    def __init__(self, depth: int = 0, scale: float = 10.0, seed: int = 0) -> None:
        self.depth = depth
        self.scale = scale
        self.rng = np.random.default_rng(seed)

    def evaluate(self, state: RailState) -> np.ndarray:
        work = state.clone() if self.depth else state
        for _ in range(self.depth):
            if work.is_terminal():
                break
            if work.is_chance_node():
                outcomes = work.chance_outcomes()
                p = np.array([q for _, q in outcomes])
                work.apply_action(outcomes[int(self.rng.choice(len(p), p=p / p.sum()))][0])
            else:
                legal = work.legal_actions()
                work.apply_action(legal[int(self.rng.integers(len(legal)))])
        if work.is_terminal():
            return np.array(work.returns())
        scores = np.array(work.protocol.scores(), dtype=float)
        lead = scores - scores.mean()
        return lead / (np.abs(lead).max() + self.scale)

    def prior(self, state: RailState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(
    game: RailGame,
    simulations: int = 100,
    seed: int = 0,
    evaluator: Any = None,
    uct_c: float = 2.0,
    max_world_samples: int = -1,
) -> Any:
    """OpenSpiel's information-set MCTS bot (``open_spiel.python.algorithms.ismcts``) on
    one of our games: worlds drawn by :meth:`RailState.resample` from ``seed``, the
    :class:`ScoreEvaluator` unless another is given.

    Examples
    --------
    >>> import pyspiel
    >>> game = pyspiel.load_game("rail_workbench_transorient_express", {"players": 2})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> bot = ismcts_bot(game, simulations=5, seed=1)
    >>> bot.step(state) in state.legal_actions()
    True
    """
    from open_spiel.python.algorithms import ismcts

    rng = np.random.default_rng(seed)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator if evaluator is not None else ScoreEvaluator(seed=seed),
        uct_c,
        simulations,
        max_world_samples=max_world_samples,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(lambda state, player: state.resample(player, rng))
    return bot
