"""Determinization: a Trans Europa state drawn from what one seat can see.

A seat sees the board (markers, rails, colored rails), the scores, its own hand, the colors
of every hand (the card backs are public), the cards the rules reveal, and the cards it has
held this round. :func:`sample_state` deals the other hands at random from the cards that
seat cannot place, one card per color each hand shows, and gives the game a fresh seed so
that later rounds are dealt anew. A search bot plays its playouts from such states.
"""

from __future__ import annotations

import numpy as np

from workbench.games.trans_europa.game import TransEuropa
from workbench.games.trans_europa.state import Observation, Step, TransEuropaState

__all__ = ["sample_state"]


def _step(text: str) -> Step | None:
    if not text:
        return None
    kind, _, rest = text.partition(" ")
    if kind == "pass":
        return ("pass", rest.split()[0])
    return (kind, rest)


def sample_state(game: TransEuropa, obs: Observation, rng: np.random.Generator) -> TransEuropaState:
    """A state consistent with ``obs``, the hidden cards dealt at random with ``rng``.

    The sampled state agrees with ``obs`` on everything the seat sees: its own hand, every
    hand's colors and revealed cards, the board, the scores and whose turn it is, so its
    legal actions are the observation's. Its history is empty and its game has a seed drawn
    from ``rng``.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> real = game.new_state()
    >>> obs = real.observation(0)
    >>> fake = sample_state(game, obs, np.random.default_rng(1))
    >>> fake.hands[0] == real.hands[0]
    True
    >>> fake.observation(0).hand_colors == obs.hand_colors
    True
    >>> fake.legal_actions() == real.legal_actions()
    True
    """
    eg = TransEuropa(game.board, game.rules, players=game.players, seed=int(rng.integers(2**62)))
    st = eg.new_state()
    n = eg.players
    me = obs.player
    rules = obs.rules
    color = eg.city_colors

    # the hands: mine as I see it, revealed cards where they are, the rest drawn at random
    known = set(obs.hand)
    for shown_cards in obs.revealed:
        known.update(shown_cards)
    pool: dict[str, list[str]] = {}
    for city in sorted(color):
        if city not in known:
            pool.setdefault(color[city], []).append(city)
    for stack in pool.values():
        rng.shuffle(stack)
    hands: list[tuple[str, ...]] = []
    for seat in range(n):
        if seat == me:
            hands.append(tuple(obs.hand))
            continue
        shown: list[str] = list(obs.revealed[seat]) if obs.revealed else []
        need = list(obs.hand_colors[seat])
        for card in shown:
            need.remove(color[card])
        drawn = [pool[c].pop() for c in need if pool.get(c)]
        hands.append(st._sorted_hand(shown + drawn))

    st.round = obs.round
    st.starter = obs.starter
    st.cards = obs.cards
    st.round_rules = rules
    # the engine's derived tables of the round's rules (as TransEuropaState._start_round makes them)
    st._doubles = eg.doubles_for(rules)
    st._colored = rules.colored_rails > 0
    st._ferries2 = rules.ferry_rails > 1 and bool(eg.ferries)
    st._dbl_flags = eg.double_flags_for(rules)
    st._cache = {}
    st.hands = tuple(hands)
    st.seen = tuple(frozenset(obs.seen) if s == me else frozenset(h) for s, h in enumerate(hands))
    st.returned = ()
    st.markers = obs.markers
    # the networks: kept per rail, as the engine keeps them, while every rail is a plain
    # black one; with colored or ferry rails down, found by search (the engine's fallback)
    if obs.pieces:
        st.rails = obs.rails
        st._nets = None
    else:
        st.rails = frozenset()
        st._nets = {}
        for s in sorted(obs.rails):
            st.rails = st.rails | {s}
            st._add_rail(s)
    st.pieces = dict(obs.pieces)
    st.rails_left = obs.rails_left
    st.colored_left = obs.colored_left
    st.placed = obs.placed
    st.round_ending = obs.round_ending
    st._scores = obs.scores
    st.results = obs.results
    st.phase = obs.phase
    to_play = obs.to_play
    ahead = 0 if to_play is None else (to_play - obs.starter) % n
    if obs.phase == "build":
        st.turn = (obs.lap - 1) * n + ahead
        st.placed_colored = sum(1 for s in obs.placed if to_play in st.pieces.get(s, ()))
    elif obs.phase == "markers":
        st.turn = sum(m is not None for m in obs.markers)
    else:
        st.turn = ahead
    step = _step(obs.step)
    st.step = step
    if step is not None:
        every = st._exchange_steps(rules)
        st.steps = every[every.index(step) + 1 :] if step in every else ()
        pending: list[str | None] = [None] * n
        for k in range(ahead):  # the seats before the one on turn have chosen
            seat = (obs.starter + k) % n
            if seat == me:
                pending[seat] = obs.chosen[0] if obs.chosen else None
            elif st.hands[seat]:
                pending[seat] = st.hands[seat][int(rng.integers(len(st.hands[seat])))]
        st.pending = tuple(pending)
    else:
        st.steps = ()
        st.pending = (None,) * n
    return st
