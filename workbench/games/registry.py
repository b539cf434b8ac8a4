"""The registry of games: :data:`GAMES` maps a name to a :class:`GameInfo`.

Each game's package is imported the first time its entry is read, so listing the games
costs nothing and a game's package is free to import the shared layers (bots, analyses)
without import cycles.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from workbench.games.protocol import BotFactory, Game
from workbench.games.tables import Columns

__all__ = ["GAMES", "GameInfo", "PlayRows"]

PlayRows = Callable[..., Any]
"""A game's simulator entry: plays one game and appends its rows (see
:func:`workbench.games.trans_europa.sim.play_rows` for the signature)."""


@dataclass(frozen=True)
class GameInfo:
    """Everything the workbench knows about one game, by the game's own package.

    Attributes
    ----------
    name : str
        The registry key (``"trans_europa"``).
    title : str
        The name players know (``"Trans Europa / Trans Amerika"``).
    summary : str
        One sentence on the game.
    players : tuple of int
        The fewest and the most players.
    map_kind : str
        The kind of data file the game is played on: ``"lattice"``, ``"routes"`` or
        ``"cards"``.
    default_map : str
        The shipped data file played by default, a file name in ``maps/``.
    presets : mapping of str to rules
        The named rule sets.
    bots : mapping of str to bot factory
        The bots by name: ``factory(game, seat, rng) -> bot``.
    make_game : callable
        ``make_game(board, rules, players, seed) -> Game`` with every argument resolved.
    load_board : callable
        Reads the game's data file (board or card set) from a path.
    resolve_rules : callable
        ``None``, a preset's name or a rules value -> a rules value.
    tables : mapping of str to columns
        The simulator's tables: name -> {column: pandas dtype}; ``games`` and ``seats``
        hold the shared columns of :mod:`workbench.games.tables`.
    play_rows : callable
        The simulator's entry (:data:`PlayRows`).
    save_record : callable
        ``save_record(state) -> dict``: the state as a saved game (see
        :mod:`workbench.games.record`).
    load_record : callable
        ``load_record(record, board) -> State``: the state a record describes, on
        ``board``; ``ValueError`` saying what is wrong with a damaged or edited record.
    length_unit : str
        What ``length`` counts (``"rounds"``).
    check_data : callable, optional
        ``check_data(path) -> problems`` for a data file of a kind of the game's own (a card
        set), which ``workbench check`` calls; boards are checked by the maps layer.
    analyze_data : callable, optional
        ``analyze_data(path, players=(n,), html_out=path or None) -> exit code``: what
        ``workbench analyze`` prints for such a file (boards are analysed by the analysis
        layer).

    Examples
    --------
    >>> info = GAMES["trans_europa"]
    >>> info.title, info.players, {"greedy", "random"} <= set(info.bots)
    ('Trans Europa / Trans Amerika', (2, 6), True)
    """

    name: str
    title: str
    summary: str
    players: tuple[int, int]
    map_kind: str
    default_map: str
    presets: Mapping[str, Any]
    bots: Mapping[str, BotFactory]
    make_game: Callable[[Any, Any, int, int], Game]
    load_board: Callable[[str | os.PathLike[str]], Any]
    resolve_rules: Callable[[Any], Any]
    tables: Mapping[str, Mapping[str, str]]
    play_rows: PlayRows
    save_record: Callable[[Any], dict[str, Any]]
    load_record: Callable[[dict[str, Any], Any], Any]
    length_unit: str = "rounds"
    default_players: int = 4
    board_type: type | None = None
    check_data: Callable[[str | os.PathLike[str]], list[Any]] | None = None
    analyze_data: Callable[..., int] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<GameInfo {self.name}: {self.title}>"

    def board(self, board: Any = None) -> Any:
        """The game's data: ``board`` itself, loaded from a path, or the shipped default."""
        from workbench.resources import maps_dir

        if board is None:
            return self.load_board(maps_dir() / self.default_map)
        if isinstance(board, str | os.PathLike):
            return self.load_board(board)
        return board

    def bot(self, name: str) -> BotFactory:
        """The bot called ``name``; ``ValueError`` listing the bots (and the closest name).

        Examples
        --------
        >>> GAMES["trans_europa"].bot("greedy")
        <class 'workbench.games.trans_europa.bots.greedy.GreedyBot'>
        >>> GAMES["trans_europa"].bot("gredy")
        Traceback (most recent call last):
        ...
        ValueError: no bot 'gredy' (did you mean 'greedy'?); the bots are: random, greedy, ...
        """
        if name in self.bots:
            return self.bots[name]
        import difflib

        close = difflib.get_close_matches(name, list(self.bots), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(
            f"no bot {name!r}{hint}; the bots are: {', '.join(self.bots)} ({self.title})"
        )

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        rules: Any = None,
        board: Any = None,
    ) -> Game:
        """A new game: ``players`` (the game's usual number by default), ``seed``, ``rules``
        (a value, a preset's name, or ``None`` for the published rules) and ``board`` (a
        value, a path, or ``None`` for the shipped one).

        Examples
        --------
        >>> game = GAMES["trans_europa"].new_game(players=3, seed=5)
        >>> game.players, game.seed, game.board.name
        (3, 5, 'Trans Europa')
        """
        n = self.default_players if players is None else players
        low, high = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise ValueError(f"players is {n!r}: {self.title} is for {low} to {high} players")
        return self.make_game(self.board(board), self.resolve_rules(rules), n, seed)

    def empty_tables(self) -> dict[str, Columns]:
        """The simulator's tables with no rows."""
        return {name: {c: [] for c in columns} for name, columns in self.tables.items()}


class _Registry(Mapping[str, GameInfo]):
    """Names -> game entries, each game's package imported on first use."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, GameInfo] = {}

    def __getitem__(self, name: str) -> GameInfo:
        if name not in self._loaded:
            if name not in self._modules:
                import difflib

                close = difflib.get_close_matches(str(name), list(self._modules), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise KeyError(f"no game {name!r}{hint}; the games are: {', '.join(self._modules)}")
            module = importlib.import_module(self._modules[name])
            self._loaded[name] = module.INFO
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def register(self, name: str, module: str) -> None:
        """Add a game whose package ``module`` defines ``INFO`` (a :class:`GameInfo`)."""
        self._modules[name] = module
        self._loaded.pop(name, None)


GAMES = _Registry(
    {
        "trans_europa": "workbench.games.trans_europa",
        "ticket_to_ride": "workbench.games.ticket_to_ride",
        "transorient_express": "workbench.games.transorient_express",
    }
)
"""Every game of the workbench by name (see :class:`GameInfo`).

>>> list(GAMES)
['trans_europa', 'ticket_to_ride', 'transorient_express']
"""


def rules_resolver(cls: type) -> Callable[[Any], Any]:
    """The ``resolve_rules`` of a game whose rules class ``cls`` has a ``preset(name)``
    class method: ``None`` gives the published rules (``cls()``), a name its preset, and a
    value of ``cls`` itself; anything else is refused with a ``ValueError``.

    Examples
    --------
    >>> from workbench.games.trans_europa import Rules
    >>> resolve = rules_resolver(Rules)
    >>> resolve(None) == Rules(), resolve("countdown").name
    (True, 'countdown')
    >>> resolve(3)
    Traceback (most recent call last):
    ...
    ValueError: rules is 3: use a Rules value, a preset's name or None
    """

    def resolve(rules: Any) -> Any:
        if rules is None:
            return cls()
        if isinstance(rules, cls):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)  # type: ignore[attr-defined]
        raise ValueError(f"rules is {rules!r}: use a {cls.__name__} value, a preset's name or None")

    return resolve
