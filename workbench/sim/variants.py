"""What a simulation plays: a :class:`Variant` is a board, rules and a line-up of bots.

A sweep is a list of variants; :meth:`Variant.product` makes every combination of a few
boards, rules and line-ups, named after what varies.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product as _product
from typing import Any

from workbench.maps.board import Board

__all__ = ["BotSpec", "Variant", "bot_factory", "bot_label"]

BotSpec = str | Callable[..., Any]
"""A bot as a simulation takes it: a bot's name in the game's registry entry
(:attr:`GameInfo.bots <workbench.games.GameInfo>`), or a protocol bot factory
``(game, seat, rng) -> bot`` (a game's bot class is one)."""


def bot_factory(bot: BotSpec, game: str = "trans_europa") -> Any:
    """The protocol bot factory that ``bot`` names or is.

    Raises ``ValueError`` listing the game's bots for an unknown name.

    Examples
    --------
    >>> bot_factory("random")
    <class 'workbench.bots.random_bot.RandomBot'>
    >>> bot_factory("randmo")
    Traceback (most recent call last):
    ...
    ValueError: no bot 'randmo' (did you mean 'random'?); the bots are: random, ...
    """
    from workbench.games import GAMES

    info = GAMES[game]
    if isinstance(bot, str):
        return info.bot(bot)
    if callable(bot):
        return bot
    raise ValueError(f"bot is {bot!r}: use a bot's name or a bot factory")


def bot_label(bot: BotSpec, game: str = "trans_europa") -> str:
    """The name a bot goes by in tables: its name in the registry, else its ``name``, else
    its class.

    Examples
    --------
    >>> from workbench.games.trans_europa.bots import GreedyBot
    >>> bot_label("random"), bot_label(GreedyBot)
    ('random', 'greedy')
    """
    if isinstance(bot, str):
        return bot
    from workbench.games import GAMES

    for name, known in GAMES[game].bots.items():
        if known is bot:
            return name
    own = getattr(bot, "name", None)
    if isinstance(own, str) and own and own != "bot":
        return own
    return str(getattr(bot, "__name__", repr(bot)))


def _board(board: Any, game: str = "trans_europa") -> Any:
    from workbench.games import GAMES

    info = GAMES[game]
    if isinstance(board, str | os.PathLike):
        return info.board(board)
    if info.board_type is not None and not isinstance(board, info.board_type):
        raise ValueError(f"board is {board!r}: use a Board or the path of a map file")
    return board


def _rules(rules: Any, game: str = "trans_europa") -> Any:
    from workbench.games import GAMES

    return GAMES[game].resolve_rules(rules)


def _named_rules(key: str, rules: Any, game: str) -> Any:
    """``rules`` renamed ``key`` when they are a preset changed (say by a special card) but
    still named after it, so that the ``rules`` column says which variant they are.

    Examples
    --------
    >>> from workbench.games.trans_europa import Rules, apply_cards
    >>> _named_rules("flat water", apply_cards(Rules(), ["water_single"]), "trans_europa").name
    'flat water'
    >>> _named_rules("race", "rulebook", "trans_europa").name
    'rulebook'
    """
    from workbench.games import GAMES

    resolved = _rules(rules, game)
    presets = GAMES[game].presets
    name = getattr(resolved, "name", None)
    if isinstance(name, str) and name in presets and resolved != presets[name]:
        return resolved.replace(name=key)
    return resolved


@dataclass(frozen=True)
class Variant:
    """One thing to simulate: a board, rules, and one bot per seat.

    Parameters
    ----------
    name : str
        The variant's name in the tables (the ``variant`` column).
    board : Board or path
        A board, or the path of a map file to load.
    rules : Rules, preset name or None
        ``None`` is the rulebook's basic game.
    bots : sequence of bot names or bot factories
        One per seat; the number of players is their number. Names come from the game's
        registry entry (for Trans Europa, :data:`workbench.games.trans_europa.bots.BOTS` and
        ``search``).
    game : str
        The registered game (:data:`workbench.games.GAMES`); Trans Europa by default.

    Raises
    ------
    ValueError
        An unknown bot (the message lists the known ones), or a game the engine refuses
        (say too many players for the board's deck).

    Examples
    --------
    >>> v = Variant("base", "maps/tiny.yaml", "countdown", ["random", "random"])
    >>> v
    Variant('base', 'Tiny Island', Rules.preset('countdown'), ('random', 'random'))
    >>> v.players, v.lineup
    (2, 'random,random')
    >>> Variant("x", v.board, None, ["random"] * 3)
    Traceback (most recent call last):
    ...
    ValueError: variant 'x': 'Tiny Island' has 2 brown cards in the deck for 3 players: ...
    """

    name: str
    board: Board
    rules: Any = None
    bots: tuple[BotSpec, ...] = ("random", "random", "random", "random")
    game: str = "trans_europa"
    factories: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        name: str,
        board: Board | str | os.PathLike[str],
        rules: Any = None,
        bots: Sequence[BotSpec] = ("random", "random", "random", "random"),
        game: str = "trans_europa",
    ) -> None:
        from workbench.games import GAMES

        if game not in GAMES:
            raise ValueError(f"game is {game!r}: the games are {', '.join(GAMES)}")
        if not isinstance(name, str):
            raise ValueError(f"name is {name!r}: use text")
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise ValueError(f"bots is {bots!r}: use a list of bot names, one per seat")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "board", _board(board, game))
        object.__setattr__(self, "rules", _rules(rules, game))
        object.__setattr__(self, "bots", tuple(bots))
        object.__setattr__(self, "factories", tuple(bot_factory(b, game) for b in self.bots))
        try:
            GAMES[game].make_game(self.board, self.rules, len(self.bots), 0)
        except ValueError as e:
            raise ValueError(f"variant {name!r}: {e}") from None

    def __repr__(self) -> str:
        bots = tuple(bot_label(b) for b in self.bots)
        more = "" if self.game == "trans_europa" else f", game={self.game!r}"
        board = getattr(self.board, "name", self.board)
        return f"Variant({self.name!r}, {board!r}, {self.rules!r}, {bots!r}{more})"

    @property
    def players(self) -> int:
        """The number of players: one per bot."""
        return len(self.bots)

    @property
    def labels(self) -> tuple[str, ...]:
        """The bots' names, by seat (see :func:`bot_label`)."""
        return tuple(bot_label(b) for b in self.bots)

    @property
    def lineup(self) -> str:
        """The bots' names joined by commas, as in the ``bots`` column."""
        return ",".join(self.labels)

    @classmethod
    def product(
        cls,
        boards: Mapping[str, Board | str | os.PathLike[str]]
        | Sequence[Board | str | os.PathLike[str]],
        rules: Mapping[str, Any] | Sequence[Any] = (None,),
        bots: Mapping[str, Sequence[BotSpec]] | Sequence[Sequence[BotSpec]] = (("random",) * 4,),
        game: str = "trans_europa",
    ) -> list[Variant]:
        """Every combination of ``boards`` × ``rules`` × ``bots``, in that nesting order.

        Each argument is a mapping from a name to a value, or a list of values named after
        themselves (a board's name, a rules' name, a line-up's bots). A variant is named
        after the axes that have more than one entry, joined by ``" / "`` (the rules' name
        if none has).

        Examples
        --------
        >>> from workbench import load_map
        >>> tiny = load_map("maps/tiny.yaml")
        >>> vs = Variant.product([tiny], {"race": "rulebook", "countdown": "countdown"},
        ...                      [("random", "random")])
        >>> [v.name for v in vs]
        ['race', 'countdown']
        """

        def named(values: Any, label: Any) -> list[tuple[str, Any]]:
            if isinstance(values, Mapping):
                return [(str(k), v) for k, v in values.items()]
            return [(label(v), v) for v in values]

        board_items = named(boards, lambda b: _board(b, game).name)
        rule_items = named(rules, lambda r: _rules(r, game).name)
        if isinstance(rules, Mapping):  # a keyed variant of a preset goes by its key
            rule_items = [(n, _named_rules(n, r, game)) for n, r in rule_items]
        bot_items = named(bots, lambda bs: ",".join(bot_label(b) for b in bs))
        axes = (board_items, rule_items, bot_items)
        out = []
        for (bn, b), (rn, r), (ln, lineup) in _product(*axes):
            parts = [n for n, axis in zip((bn, rn, ln), axes, strict=True) if len(axis) > 1]
            name = " / ".join(parts) if parts else rn
            out.append(cls(name, b, r, lineup, game))
        return out


def as_variants(variants: Iterable[Variant] | Mapping[str, Variant]) -> tuple[Variant, ...]:
    """The variants of a sweep, checked: at least one, names unique.

    A mapping renames its variants after its keys.

    Examples
    --------
    >>> v = Variant("a", "maps/tiny.yaml", None, ["random"] * 2)
    >>> [x.name for x in as_variants({"b": v})]
    ['b']
    >>> as_variants([v, v])
    Traceback (most recent call last):
    ...
    ValueError: two variants are named 'a': give each a name of its own
    """
    if isinstance(variants, Mapping):
        out = tuple(Variant(str(k), v.board, v.rules, v.bots, v.game) for k, v in variants.items())
    else:
        out = tuple(variants)
    if not out:
        raise ValueError("no variants to simulate")
    seen: set[str] = set()
    for v in out:
        if not isinstance(v, Variant):
            raise ValueError(f"{v!r} is not a Variant")
        if v.name in seen:
            raise ValueError(f"two variants are named {v.name!r}: give each a name of its own")
        seen.add(v.name)
    return out
