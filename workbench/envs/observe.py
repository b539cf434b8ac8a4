"""Numeric observations: what one seat may see, as a flat float32 tensor.

Each game's tensor is made from the protocol's observation (``state.observation(seat)``)
and nothing else, so it holds exactly what the seat may know: its own hand, everything
public, and of the other seats only what the game shows (hand sizes, ticket counts, ...).
Seats are **relative**: section row 0 is the observing seat, row 1 the next seat clockwise,
and so on, so one policy can play any seat. The tensor is a concatenation of named
sections (:attr:`ObservationEncoder.sections`, each a name and a shape); counts are raw
numbers, one-hot rows are 0 or 1.

Trans Europa (``n`` seats, ``P`` points, ``S`` segments, ``C`` cities, ``K`` colors)
    ``phase`` (7: discard, draft, pass, markers, build, round_over, game_over), ``to_play``
    (n), ``starter`` (n), ``counters`` (4: round, lap, rails left in the supply, round
    ending), ``scores``, ``hand_sizes``, ``colored_left`` (n each), ``hand``, ``chosen``,
    ``seen`` (C each: the own hand, the card set aside in an exchange, every card held this
    round), ``revealed`` (n x C), ``hand_colors`` (n x K: the backs of the cards held),
    ``markers`` (n x P), ``black`` (S: black rails on the segment), ``colored`` (n x S),
    ``placed`` (S: this turn's rails). Left out: the special cards of the round and the
    results of past rounds.
Ticket to Ride (``R`` routes, ``T`` tickets, ``C`` cities, ``D`` = colors + locomotive)
    ``phase`` (5: deal, turn, draw2, keep, tunnel), ``flags`` (3: setup, over, last turns
    counting), ``to_play`` (n), ``hand`` (D), ``market`` (D), ``discard`` (D),
    ``tunnel_offer`` (D), ``tunnel_revealed`` (D), ``tunnel_route`` (R), ``tickets`` (T),
    ``offered`` (T), ``counters`` (8: deck, ticket pile, tickets under it, long tickets
    left, last turns, passes, turns, relays), ``hand_sizes``, ``ticket_counts``,
    ``offered_counts``, ``cars``, ``stations_left``, ``route_points`` (n each), ``owners``
    (n x R), ``stations`` (n x C).
Transorient Express (``c`` columns, ``D`` Destination cards, ``L`` Luggage cards, ``O``
objectives, ``k`` token colors)
    ``phase`` (9: newround, take, place, play, keep, discard, return, endturn, over),
    ``to_play`` (n), ``order`` (2n x n: the seat at each place of the round's turn order),
    ``counters`` (5: round, turn, offer size, Destination pile, Luggage pile), ``objectives`` (O),
    ``bottom``, ``top`` (c x D), ``piles`` (c x k), ``bag`` (k), ``stores`` (n x k),
    ``stationmaster`` (n + c + n: holder, column, owner), ``tableaux`` (n x D), ``hand``
    (D), ``discarded`` (D), ``luggage`` (L), ``offer`` (L), ``hand_sizes``,
    ``luggage_counts`` (n each).

>>> from workbench.games import GAMES
>>> game = GAMES["trans_europa"].new_game(players=2, seed=1, board="maps/tiny.yaml")
>>> encoder = observation_encoder(game)
>>> x = encoder.encode(game.new_state().observation(0))
>>> x.shape == (encoder.size,), x.dtype.name
(True, 'float32')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from workbench.envs.codec import data_of

__all__ = ["ObservationEncoder", "observation_encoder"]

_TE_PHASES = ("discard", "draft", "pass", "markers", "build", "round_over", "game_over")
_TTR_PHASES = ("deal", "turn", "draw2", "keep", "tunnel")
_TOE_PHASES = ("newround", "take", "place", "play", "keep", "discard", "return", "endturn", "over")


class ObservationEncoder:
    """A game's observation tensor: named sections laid end to end.

    Parameters
    ----------
    game_name : str
    players : int
    sections : sequence of (name, shape)
    fill : callable
        ``fill(observation, views) -> None`` writes an observation into ``views``, a dict of
        each section's array (zeroed beforehand).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> encoder = observation_encoder(GAMES["transorient_express"].new_game(players=3))
    >>> encoder.sections[:2]
    (('phase', (9,)), ('to_play', (3,)))
    """

    def __init__(
        self,
        game_name: str,
        players: int,
        sections: Sequence[tuple[str, tuple[int, ...]]],
        fill: Callable[[Any, dict[str, np.ndarray]], None],
    ) -> None:
        self.game_name = game_name
        self.players = players
        self.sections = tuple((name, tuple(shape)) for name, shape in sections)
        self.slices: dict[str, slice] = {}
        at = 0
        for name, shape in self.sections:
            size = int(np.prod(shape))
            self.slices[name] = slice(at, at + size)
            at += size
        self.size = at
        self._fill = fill
        self._last: tuple[np.ndarray, dict[str, np.ndarray]] | None = None
        self._buffer = np.zeros(self.size, dtype=np.float32)
        self._buffer_views = self.views(self._buffer)

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.game_name}: {self.size} values>"

    def views(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """Each section of ``out`` (a flat array of :attr:`size`) as an array of its shape.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> encoder = observation_encoder(GAMES["transorient_express"].new_game(players=3))
        >>> encoder.views(np.zeros(encoder.size))["order"].shape
        (6, 3)
        """
        return {name: out[self.slices[name]].reshape(shape) for name, shape in self.sections}

    def encode(self, observation: Any, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of ``observation`` (written into ``out`` when given).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["ticket_to_ride"].new_game(players=2)
        >>> encoder = observation_encoder(game)
        >>> float(encoder.encode(game.new_state().observation(1)).sum()) > 0
        True
        """
        if out is None:  # filled in a buffer whose sections are cut once, then copied
            self._buffer[:] = 0
            self._fill(observation, self._buffer_views)
            return self._buffer.copy()
        else:
            out[:] = 0
            last = self._last
            if last is not None and last[0] is out:  # an observer's buffer, filled again
                views = last[1]
            else:
                views = self.views(out)
                self._last = (out, views)
        self._fill(observation, views)
        return out

    def describe(self, x: np.ndarray) -> str:
        """A tensor as text: each section's name, then its nonzero entries as ``i=v`` with
        ``i`` the flat index inside the section. Equal tensors give equal texts, so it
        serves as an observation string.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=3)
        >>> encoder = observation_encoder(game)
        >>> encoder.describe(encoder.encode(game.new_state().observation(0)))[:26]
        'phase: 0=1 to_play: order:'
        """
        nz = np.flatnonzero(x).tolist()
        values = x[nz].tolist()
        parts = []
        k = 0
        for name, _ in self.sections:
            part = self.slices[name]
            parts.append(f"{name}:")
            while k < len(nz) and nz[k] < part.stop:
                v = values[k]
                parts.append(f"{nz[k] - part.start}={int(v) if v == int(v) else v}")
                k += 1
        return " ".join(parts)


def _rel(seat: int | None, me: int, n: int) -> int | None:
    return None if seat is None else (seat - me) % n


def _rows(n: int, me: int) -> list[int]:
    """Row of each seat (by seat) in relative order."""
    return [(s - me) % n for s in range(n)]


def _put(view: np.ndarray, values: Iterable[float], rows: Sequence[int]) -> None:
    for s, v in enumerate(values):
        view[rows[s]] = v


# ---------------------------------------------------------------------- Trans Europa


def _trans_europa(game: Any) -> ObservationEncoder:
    board = game.board
    n = game.players
    points = {p: i for i, p in enumerate(sorted(board.points))}
    segs = {s: i for i, s in enumerate(sorted(board.segments))}
    cities = {c.name: i for i, c in enumerate(board.cities)}
    colors = {c: i for i, c in enumerate(board.color_names)}
    nc, ns, npt, nk = len(cities), len(segs), len(points), len(colors)
    sections = [
        ("phase", (len(_TE_PHASES),)),
        ("to_play", (n,)),
        ("starter", (n,)),
        ("counters", (4,)),
        ("scores", (n,)),
        ("hand_sizes", (n,)),
        ("colored_left", (n,)),
        ("hand", (nc,)),
        ("chosen", (nc,)),
        ("seen", (nc,)),
        ("revealed", (n, nc)),
        ("hand_colors", (n, nk)),
        ("markers", (n, npt)),
        ("black", (ns,)),
        ("colored", (n, ns)),
        ("placed", (ns,)),
    ]

    def fill(obs: Any, v: dict[str, np.ndarray]) -> None:
        me = obs.player
        rows = _rows(n, me)
        if obs.phase in _TE_PHASES:
            v["phase"][_TE_PHASES.index(obs.phase)] = 1
        t = _rel(obs.to_play, me, n)
        if t is not None:
            v["to_play"][t] = 1
        v["starter"][rows[obs.starter]] = 1
        v["counters"][:] = (obs.round, obs.lap, obs.rails_left, obs.round_ending)
        _put(v["scores"], obs.scores, rows)
        _put(v["hand_sizes"], obs.hand_sizes, rows)
        _put(v["colored_left"], obs.colored_left, rows)
        for key in ("hand", "chosen", "seen"):
            view = v[key]
            for c in getattr(obs, key):
                view[cities[c]] = 1
        for s, shown in enumerate(obs.revealed):
            for c in shown:
                v["revealed"][rows[s], cities[c]] = 1
        for s, backs in enumerate(obs.hand_colors):
            for c in backs:
                v["hand_colors"][rows[s], colors[c]] += 1
        for s, m in enumerate(obs.markers):
            if m is not None:
                v["markers"][rows[s], points[m]] = 1
        black = v["black"]
        for e in obs.rails:
            black[segs[e]] = 1
        for e, owners in obs.pieces:
            i = segs[e]
            black[i] = sum(1 for o in owners if o is None)
            for o in owners:
                if o is not None:
                    v["colored"][rows[o], i] += 1
        for e in obs.placed:
            v["placed"][segs[e]] = 1

    return ObservationEncoder(game.name, n, sections, fill)


# ---------------------------------------------------------------------- Ticket to Ride


def _ticket_to_ride(game: Any) -> ObservationEncoder:
    board = game.board
    n = game.players
    cards = (*board.color_names, "loco")
    card = {c: i for i, c in enumerate(cards)}
    routes = {r.id: i for i, r in enumerate(board.routes)}
    tickets = {t.id: i for i, t in enumerate(board.tickets)}
    cities = {c.name: i for i, c in enumerate(board.cities)}
    nd, nr, nt, nc = len(cards), len(routes), len(tickets), len(cities)
    sections = [
        ("phase", (len(_TTR_PHASES),)),
        ("flags", (3,)),
        ("to_play", (n,)),
        ("hand", (nd,)),
        ("market", (nd,)),
        ("discard", (nd,)),
        ("tunnel_offer", (nd,)),
        ("tunnel_revealed", (nd,)),
        ("tunnel_route", (nr,)),
        ("tickets", (nt,)),
        ("offered", (nt,)),
        ("counters", (8,)),
        ("hand_sizes", (n,)),
        ("ticket_counts", (n,)),
        ("offered_counts", (n,)),
        ("cars", (n,)),
        ("stations_left", (n,)),
        ("route_points", (n,)),
        ("owners", (n, nr)),
        ("stations", (n, nc)),
    ]

    def fill(obs: Any, v: dict[str, np.ndarray]) -> None:
        me = obs.player
        rows = _rows(n, me)
        if obs.phase in _TTR_PHASES:
            v["phase"][_TTR_PHASES.index(obs.phase)] = 1
        v["flags"][:] = (obs.setup, obs.over, obs.last_turns is not None)
        t = _rel(obs.to_play, me, n)
        if t is not None:
            v["to_play"][t] = 1
        v["hand"][:] = obs.hand
        v["market"][:] = obs.market
        v["discard"][:] = obs.discard
        if obs.tunnel is not None:
            route, offer, revealed = obs.tunnel
            v["tunnel_route"][routes[route]] = 1
            v["tunnel_revealed"][:] = revealed
            for term in offer.split("+"):
                if term != "0":
                    digits = len(term) - len(term.lstrip("0123456789"))
                    v["tunnel_offer"][card[term[digits:]]] += int(term[:digits])
        for key in ("tickets", "offered"):
            for tid in getattr(obs, key):
                v[key][tickets[tid]] = 1
        v["counters"][:] = (
            obs.deck_size,
            obs.pile_size,
            obs.bottom_size,
            obs.long_left,
            -1 if obs.last_turns is None else obs.last_turns,
            obs.passes,
            obs.turns,
            obs.relays,
        )
        for key in ("hand_sizes", "ticket_counts", "offered_counts", "cars"):
            _put(v[key], getattr(obs, key), rows)
        _put(v["stations_left"], obs.stations_left, rows)
        _put(v["route_points"], obs.route_points, rows)
        owners = v["owners"]
        for i, o in enumerate(obs.owners):
            if o >= 0:
                owners[rows[o], i] = 1
        for city, o in obs.stations:
            v["stations"][rows[o], cities[city]] = 1

    return ObservationEncoder(game.name, n, sections, fill)


# ---------------------------------------------------------------------- Transorient Express


def _transorient_express(game: Any) -> ObservationEncoder:
    from workbench.envs.codec import action_codec

    cards = game.cards
    n = game.players
    codec = action_codec(game)
    columns = sum(1 for t in codec.texts if t.startswith("take "))
    nd, nl, nk = len(cards.destinations), len(cards.luggage), len(cards.token_colors)
    sections = [
        ("phase", (len(_TOE_PHASES),)),
        ("to_play", (n,)),
        ("order", (2 * n, n)),
        ("counters", (5,)),
        ("objectives", (len(cards.objectives),)),
        ("bottom", (columns, nd)),
        ("top", (columns, nd)),
        ("piles", (columns, nk)),
        ("bag", (nk,)),
        ("stores", (n, nk)),
        ("stationmaster", (n + columns + n,)),
        ("tableaux", (n, nd)),
        ("hand", (nd,)),
        ("discarded", (nd,)),
        ("luggage", (nl,)),
        ("offer", (nl,)),
        ("hand_sizes", (n,)),
        ("luggage_counts", (n,)),
    ]

    def fill(obs: Any, v: dict[str, np.ndarray]) -> None:
        me = obs.player
        rows = _rows(n, me)
        if obs.phase in _TOE_PHASES:
            v["phase"][_TOE_PHASES.index(obs.phase)] = 1
        t = _rel(obs.to_play, me, n)
        if t is not None:
            v["to_play"][t] = 1
        for place, s in enumerate(obs.order[: 2 * n]):
            v["order"][place, rows[s]] = 1
        v["counters"][:] = (obs.round, obs.turn, obs.offer_size, obs.deck_size, obs.luggage_size)
        for index in obs.objectives:  # indices into the card set's objectives
            v["objectives"][index] = 1
        for key in ("bottom", "top"):
            for col, c in enumerate(getattr(obs, key)):
                if c >= 0:
                    v[key][col, c] = 1
        for col, pile in enumerate(obs.piles):
            v["piles"][col] = pile
        v["bag"][:] = obs.bag
        for s, store in enumerate(obs.stores):
            v["stores"][rows[s]] = store
        holder, column, owner = obs.stationmaster
        sm = v["stationmaster"]
        if holder is not None:
            sm[rows[holder]] = 1
        if column is not None:
            sm[n + column] = 1
        if owner is not None:
            sm[n + columns + rows[owner]] = 1
        for s, tableau in enumerate(obs.tableaux):
            for c in tableau:
                v["tableaux"][rows[s], c] += 1
        for key in ("hand", "discarded"):
            for c in getattr(obs, key):
                v[key][c] += 1
        for key in ("luggage", "offer"):
            for c in getattr(obs, key):
                v[key][c] += 1
        _put(v["hand_sizes"], obs.hand_sizes, rows)
        _put(v["luggage_counts"], obs.luggage_counts, rows)

    return ObservationEncoder(game.name, n, sections, fill)


_BUILDERS: dict[str, Callable[[Any], ObservationEncoder]] = {
    "trans_europa": _trans_europa,
    "ticket_to_ride": _ticket_to_ride,
    "transorient_express": _transorient_express,
}
_ENCODERS: dict[tuple[str, int, int], tuple[Any, ObservationEncoder]] = {}


def observation_encoder(game: Any) -> ObservationEncoder:
    """The observation tensor of ``game`` (made once per data file and player count).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> observation_encoder(GAMES["ticket_to_ride"].new_game(players=2))
    <ObservationEncoder ticket_to_ride: 564 values>
    """
    make = _BUILDERS.get(game.name)
    if make is None:
        raise ValueError(
            f"no observation tensor for game {game.name!r}: add one to workbench.envs.observe "
            f"({', '.join(_BUILDERS)} have one)"
        )
    data = data_of(game)
    key = (game.name, id(data), game.players)
    hit = _ENCODERS.get(key)
    if hit is None or hit[0] is not data:
        if len(_ENCODERS) > 32:
            _ENCODERS.clear()
        hit = _ENCODERS[key] = (data, make(game))
    return hit[1]
