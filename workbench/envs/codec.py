"""Integer actions: a fixed numbering of every action a game can offer on one data file.

Reinforcement-learning frameworks want actions as integers ``0 .. n - 1`` and legal actions
as a mask of length ``n``. :class:`ActionCodec` numbers every action a game can ever offer
on a given board or card set, and every chance outcome, through the protocol's text forms
only: the numbering is a list of texts, each read back by ``game.parse_action``, so it
follows the game's own actions and needs none of its classes.

The numbering of each game (blocks in this order; inside a block, the order given):

Trans Europa / Trans Amerika (``trans_europa``)
    ``M c,r`` for every point of the board (sorted by column, then row); ``R a-b`` for every
    segment (sorted), then ``C a-b`` (colored rails) for every segment; ``E``; ``D city``
    then ``P city`` for every city in the board's order. Chance: ``N``.
Ticket to Ride (``ticket_to_ride``)
    ``take CARD`` for every card (the board's colors, then ``loco``); ``blind``;
    ``tickets``; ``withdraw``; ``pass``; ``claim ROUTE PAY`` for every route in board order,
    each with every payment its length, color and ferry locomotives allow (for each color in
    card order the most colored cards first, then locomotives alone); ``pay PAY`` for every
    tunnel payment of 0 to 3 extra cards; ``station CITY PAY`` for every city in board
    order and every station cost (1, 2, 3); then the ticket keeps, which are
    **positional**: index ``keep_base + m`` keeps the tickets at the positions set in the
    bit mask ``m`` of the offer sorted by ticket id (the offer is part of the seat's
    observation), so ``2**k`` keeps cover an offer of up to ``k`` tickets (``k`` is 4,
    the opening offer). Chance: ``deal CARD`` for every card, then ``deal ticket ID`` for
    every ticket in board order.
Transorient Express (``transorient_express``)
    ``take k``, then ``pile k``, then ``master k`` for the columns 1 to 5; ``play CARD``
    then ``discard CARD`` for every Destination card in the set's order; ``pass``;
    ``keep l`` for every Luggage card; ``return COLOR`` for every token color. Chance:
    ``draw COLOR``, ``deal CARD``, ``luggage l``, ``objective n``, ``lose COLOR``.

The numbering depends on the data file only, so it is the same for every player count and
every rule preset of one file: the blocks whose size a rule sets (Transorient Express's
columns, Ticket to Ride's tunnel payments, station costs and ticket offer) are sized for the
published rules (:data:`COLUMNS`, :data:`TUNNEL_EXTRA`, :data:`STATION_COSTS`,
:data:`TICKET_OFFER`) and grow only for rules beyond them. :meth:`ActionCodec.digest`
fingerprints a numbering.

>>> from workbench.games import GAMES
>>> game = GAMES["trans_europa"].new_game(players=2, seed=1, board="maps/tiny.yaml")
>>> codec = action_codec(game)
>>> state = game.new_state()
>>> legal = state.legal_actions()
>>> ids = codec.legal_indices(legal)
>>> codec.action(ids[0], legal) in legal, codec.text(ids[0])
(True, 'M 0,0')
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

__all__ = ["ActionCodec", "action_codec"]

_KEEP = "keep"


class ActionCodec:
    """Both ways between a game's actions and the integers ``0 .. num_distinct_actions-1``.

    Parameters
    ----------
    game_name : str
        The registered name of the game the numbering is for.
    texts : sequence of str
        The text form of every action, by number (positional keeps excluded).
    chance_texts : sequence of str
        The text form of every chance outcome, by number.
    parse : callable
        ``parse(text) -> action`` (the game's ``parse_action``).
    keep_slots : int, optional
        For positional ticket keeps (Ticket to Ride): the largest offer; ``2**keep_slots``
        numbers follow the texts.

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> game = GAMES["transorient_express"].new_game(players=3, seed=1)
    >>> codec = action_codec(game)
    >>> codec.num_distinct_actions, codec.text(0), codec.index(game.parse_action("pass"))
    (181, 'take 1', 159)
    """

    def __init__(
        self,
        game_name: str,
        texts: Sequence[str],
        chance_texts: Sequence[str],
        parse: Callable[[str], Any],
        keep_slots: int = 0,
    ) -> None:
        self.game_name = game_name
        self.parse = parse
        self.texts: tuple[str, ...] = tuple(str(parse(t)) for t in texts)
        self.chance_texts: tuple[str, ...] = tuple(str(parse(t)) for t in chance_texts)
        for name, block in (("action", self.texts), ("chance outcome", self.chance_texts)):
            if len(set(block)) != len(block):
                seen: set[str] = set()
                twice = next(t for t in block if t in seen or seen.add(t))  # type: ignore[func-returns-value]
                raise ValueError(f"the {name} {twice!r} is numbered twice in {game_name}")
        self._by_text = {t: i for i, t in enumerate(self.texts)}
        self._chance_by_text = {t: i for i, t in enumerate(self.chance_texts)}
        self.keep_slots = keep_slots
        self.keep_base = len(self.texts)
        self.num_distinct_actions = len(self.texts) + (2**keep_slots if keep_slots else 0)
        self.num_chance_outcomes = len(self.chance_texts)
        self._memo: dict[Any, int] = {}
        self._chance_memo: dict[Any, int] = {}
        self._chance_values: list[Any] | None = None  # each outcome, read once
        # games reuse their action values: by identity first (an int's hash is cheaper
        # than a dataclass's); the value is kept alive with its number, so its id stays its
        self._ids: dict[int, tuple[Any, int]] = {}
        self._chance_ids: dict[int, tuple[Any, int]] = {}

    def __repr__(self) -> str:
        return (
            f"<ActionCodec {self.game_name}: {self.num_distinct_actions} actions, "
            f"{self.num_chance_outcomes} chance outcomes>"
        )

    # ------------------------------------------------------------------ actions

    def index(self, action: Any, offer: Sequence[str] | None = None) -> int:
        """The number of ``action``; a positional keep needs ``offer``, the offered ticket
        ids (any order). ``ValueError`` when the numbering has no such action.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["ticket_to_ride"].new_game(players=2)
        >>> codec = action_codec(game)
        >>> codec.index(game.parse_action("blind"))
        9
        >>> keep = game.parse_action("keep Berlin-Roma,Paris-Wien")
        >>> codec.index(keep, ["Paris-Wien", "Amsterdam-Pamplona", "Berlin-Roma"]) - codec.keep_base
        6
        """
        hit = self._memo.get(action)
        if hit is not None:
            return hit
        if self.keep_slots and _is_keep(action):
            if offer is None:
                raise ValueError(f"{action} is numbered by its place in the offer: pass offer")
            return self.keep_base + _keep_mask(action, sorted(offer))
        text = str(action)
        i = self._by_text.get(text)
        if i is None:
            raise ValueError(
                f"{text!r} is not among the {len(self.texts)} numbered actions of "
                f"{self.game_name} (another board or card set?)"
            )
        if len(self._memo) < 500_000:
            self._memo[action] = i
        return i

    def text(self, index: int, offer: Sequence[str] | None = None) -> str:
        """The text of action number ``index`` (a keep without ``offer`` names positions).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> codec = action_codec(GAMES["ticket_to_ride"].new_game(players=2))
        >>> codec.text(codec.keep_base + 5), codec.text(codec.keep_base + 5, ["B-C", "A-D", "C-E"])
        ('keep #1,#3', 'keep A-D,C-E')
        """
        self._check(index)
        if index < self.keep_base:
            return self.texts[index]
        mask = index - self.keep_base
        if offer is None:
            return f"{_KEEP} " + ",".join(
                f"#{k + 1}" for k in range(self.keep_slots) if mask >> k & 1
            )
        ordered = sorted(offer)
        if mask >> len(ordered):
            raise ValueError(f"keep number {index} names a ticket beyond the offer {ordered}")
        return f"{_KEEP} " + ",".join(t for k, t in enumerate(ordered) if mask >> k & 1)

    def action(self, index: int, legal: Sequence[Any] | None = None) -> Any:
        """The action numbered ``index``: among ``legal`` when given (``ValueError`` if it is
        not legal), else read from its text (a keep needs ``legal``).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=3)
        >>> action_codec(game).action(159)
        Pass()
        """
        if legal is not None:
            ids = self.legal_indices(legal, sort=False)
            for i, a in zip(ids, legal, strict=True):
                if i == index:
                    return a
            raise ValueError(f"action {index} ({self.text(index)}) is not legal here")
        self._check(index)
        if index >= self.keep_base:
            raise ValueError(f"keep number {index} needs the legal actions (the offer)")
        return self.parse(self.texts[index])

    def legal_indices(self, legal: Sequence[Any], sort: bool = True) -> list[int]:
        """The numbers of ``legal`` (a state's or observation's legal actions), sorted.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=3)
        >>> codec = action_codec(game)
        >>> codec.legal_indices([game.parse_action("pass"), game.parse_action("take 2")])
        [1, 159]
        """
        memo = self._memo
        by_id = self._ids
        out: list[int] = []
        offer: list[str] | None = None
        for a in legal:
            hit = by_id.get(id(a))
            if hit is not None and hit[0] is a:
                out.append(hit[1])
                continue
            i = memo.get(a)
            if i is not None and len(by_id) < 20_000:
                by_id[id(a)] = (a, i)
            if i is None:
                if self.keep_slots and _is_keep(a):
                    if offer is None:  # the largest keep comes first and holds the offer
                        offer = sorted(
                            max((k for k in legal if _is_keep(k)), key=_keep_len).tickets
                        )
                    i = self.keep_base + _keep_mask(a, offer)
                else:
                    i = self.index(a)
            out.append(i)
        if sort:
            out.sort()
        return out

    def mask(self, legal: Sequence[Any]) -> np.ndarray:
        """The legal actions as a mask of ``num_distinct_actions`` int8 (1 = legal).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=3)
        >>> int(action_codec(game).mask([game.parse_action("pass")]).sum())
        1
        """
        out = np.zeros(self.num_distinct_actions, dtype=np.int8)
        if legal:
            out[self.legal_indices(legal, sort=False)] = 1
        return out

    # ------------------------------------------------------------------ chance

    def chance_index(self, outcome: Any) -> int:
        """The number of a chance outcome.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["trans_europa"].new_game(players=2, board="maps/tiny.yaml")
        >>> action_codec(game).chance_index(game.parse_action("N"))
        0
        """
        known = self._chance_ids.get(id(outcome))
        if known is not None and known[0] is outcome:
            return known[1]
        hit = self._chance_memo.get(outcome)
        if hit is not None:
            if len(self._chance_ids) < 20_000:
                self._chance_ids[id(outcome)] = (outcome, hit)
            return hit
        text = str(outcome)
        i = self._chance_by_text.get(text)
        if i is None:
            raise ValueError(f"{text!r} is not a numbered chance outcome of {self.game_name}")
        self._chance_memo[outcome] = i
        return i

    def chance_outcome(self, index: int) -> Any:
        """The chance outcome numbered ``index``.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["ticket_to_ride"].new_game(players=2)
        >>> action_codec(game).chance_outcome(8)
        Deal(color='loco')
        """
        if not 0 <= index < self.num_chance_outcomes:
            raise ValueError(f"chance outcome {index} is outside 0..{self.num_chance_outcomes - 1}")
        values = self._chance_values
        if values is None:
            values = self._chance_values = [self.parse(t) for t in self.chance_texts]
        return values[index]

    def digest(self) -> str:
        """A fingerprint of the numbering (SHA-256 of every text, in order, and the keeps).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> len(action_codec(GAMES["transorient_express"].new_game(players=3)).digest())
        64
        """
        h = hashlib.sha256()
        for block in (self.texts, self.chance_texts, (f"keeps {self.keep_slots}",)):
            h.update("\n".join(block).encode())
            h.update(b"\0")
        return h.hexdigest()

    def _check(self, index: int) -> None:
        if not 0 <= index < self.num_distinct_actions:
            raise ValueError(f"action {index} is outside 0..{self.num_distinct_actions - 1}")


def _is_keep(action: Any) -> bool:
    return type(action).__name__ == "Keep" and hasattr(action, "tickets")


def _keep_len(action: Any) -> int:
    return len(action.tickets)


def _keep_mask(action: Any, offer: Sequence[str]) -> int:
    mask = 0
    where = {t: k for k, t in enumerate(offer)}
    for t in action.tickets:
        k = where.get(t)
        if k is None:
            raise ValueError(f"{action} keeps {t!r}, which is not in the offer {list(offer)}")
        mask |= 1 << k
    return mask


# ---------------------------------------------------------------------- numberings


# The published rules' sizes: a block is never smaller, so every rules value within them
# (every preset shipped today) numbers alike; rules beyond them make the block larger.
TUNNEL_EXTRA = 3
"""Ticket to Ride: the most extra cards a tunnel asks (the rulebook reveals 3)."""
STATION_COSTS = (1, 2, 3)
"""Ticket to Ride: the rulebook's station costs."""
TICKET_OFFER = 4
"""Ticket to Ride: the largest ticket offer (1 long and 3 short at the start)."""
COLUMNS = 5
"""Transorient Express: the most columns (2 and 4 players)."""


def _trans_europa(game: Any) -> ActionCodec:
    board = game.board
    pt = "{},{}".format
    texts = [f"M {pt(*p)}" for p in sorted(board.points)]
    segments = sorted(board.segments)
    for kind in ("R", "C"):
        texts += [f"{kind} {pt(*a)}-{pt(*b)}" for a, b in segments]
    texts.append("E")
    names = [c.name for c in board.cities]
    texts += [f"D {c}" for c in names] + [f"P {c}" for c in names]
    return ActionCodec(game.name, texts, ["N"], game.parse_action)


def _payments(total: int, colors: Sequence[str], min_locos: int = 0) -> list[str]:
    """Every payment of ``total`` cards: per color, the most colored cards first (at least
    one), then locomotives alone."""
    if total == 0:
        return ["0"]
    out = []
    for c in colors:
        for k in range(total - min_locos, 0, -1):
            out.append(f"{k}{c}" + (f"+{total - k}loco" if total > k else ""))
    out.append(f"{total}loco")
    return out


def _ticket_to_ride(game: Any) -> ActionCodec:
    board = game.board
    colors = list(board.color_names)
    texts = [f"take {c}" for c in [*colors, "loco"]]
    texts += ["blind", "tickets", "withdraw", "pass"]
    for r in board.routes:
        paid_by = [r.color] if r.color in colors else colors
        locos = r.locomotives if r.kind == "ferry" else 0
        texts += [f"claim {r.id} {p}" for p in _payments(r.length, paid_by, locos)]
    rules = game.rules
    extra = max(TUNNEL_EXTRA, rules.tunnel_reveal)
    texts += [f"pay {p}" for e in range(extra + 1) for p in _payments(e, colors)]
    costs = sorted({*STATION_COSTS, *rules.station_costs})
    for city in board.cities:
        texts += [f"station {city.name} {p}" for c in costs for p in _payments(c, colors)]
    offer = max(TICKET_OFFER, rules.start_long + rules.start_short, rules.draw_tickets)
    chance = [f"deal {c}" for c in [*colors, "loco"]]
    chance += [f"deal ticket {t.id}" for t in board.tickets]
    return ActionCodec(game.name, texts, chance, game.parse_action, keep_slots=offer)


def _transorient_express(game: Any) -> ActionCodec:
    from workbench.games import GAMES

    cards = game.cards
    low, high = GAMES[game.name].players
    columns = COLUMNS
    for n in range(low, high + 1):
        try:
            columns = max(columns, game.rules.columns(n))
        except (KeyError, ValueError):
            continue
    texts = [f"{verb} {k}" for verb in ("take", "pile", "master") for k in range(1, columns + 1)]
    labels = [f"{d.number}-{d.color}" for d in cards.destinations]
    texts += [f"play {c}" for c in labels] + [f"discard {c}" for c in labels]
    texts.append("pass")
    texts += [f"keep {k}" for k in range(1, len(cards.luggage) + 1)]
    texts += [f"return {c}" for c in cards.token_colors]
    chance = [f"draw {c}" for c in cards.token_colors]
    chance += [f"deal {c}" for c in labels]
    chance += [f"luggage {k}" for k in range(1, len(cards.luggage) + 1)]
    chance += [f"objective {o.number}" for o in cards.objectives]
    chance += [f"lose {c}" for c in cards.token_colors]
    return ActionCodec(game.name, texts, chance, game.parse_action)


_BUILDERS: dict[str, Callable[[Any], ActionCodec]] = {
    "trans_europa": _trans_europa,
    "ticket_to_ride": _ticket_to_ride,
    "transorient_express": _transorient_express,
}

_CODECS: dict[tuple[str, int, str], tuple[Any, ActionCodec]] = {}


def data_of(game: Any) -> Any:
    """The board or card set a game is played on (``game.board`` or ``game.cards``).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> data_of(GAMES["transorient_express"].new_game(players=3)).name
    'Transorient Express (workbench set)'
    """
    data = getattr(game, "board", None)
    return data if data is not None else game.cards


def action_codec(game: Any) -> ActionCodec:
    """The numbering of ``game``'s actions (made once per data file and rules).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> action_codec(GAMES["trans_europa"].new_game(players=3))
    <ActionCodec trans_europa: 2194 actions, 1 chance outcomes>
    """
    make = _BUILDERS.get(game.name)
    if make is None:
        raise ValueError(
            f"no action numbering for game {game.name!r}: add one to workbench.envs.codec "
            f"({', '.join(_BUILDERS)} have one)"
        )
    data = data_of(game)
    key = (game.name, id(data), repr(game.rules))  # rules beyond the published sizes
    hit = _CODECS.get(key)
    if hit is None or hit[0] is not data:
        if len(_CODECS) > 32:
            _CODECS.clear()
        hit = _CODECS[key] = (data, make(game))
    return hit[1]
