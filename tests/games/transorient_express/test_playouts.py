"""Whole games through the protocol: invariants after every action and every turn,
observations that hide what they should, exact replays, saved games, every bot."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.games import GAMES, Match, dump_record, load_record, play, replay
from workbench.games.referee import sample_chance
from workbench.games.transorient_express import CardSet, Rules, TransorientExpress
from workbench.games.transorient_express.game import TransorientState

RULES = st.sampled_from(
    [
        Rules(),
        Rules(discard="out"),
        Rules(returns="random"),
        Rules(stationmaster_counts=True),
        Rules(ranked_ties="competition"),
        Rules(end_cards=4, end_cards_two=4),
        Rules(first_player=1),
    ]
)


def check_conserved(state: TransorientState) -> None:
    cards = state.game.cards
    tokens = [
        state.bag[i] + sum(p[i] for p in state.piles) + sum(s[i] for s in state.stores)
        for i in range(len(cards.tokens))
    ]
    assert tokens == list(cards.tokens)
    assert all(n >= 0 for part in (state.bag, *state.piles, *state.stores) for n in part)
    where = [
        *state.deck,
        *state.deck_bottom,
        *state.discarded,
        *(c for c in state.bottom + state.top if c >= 0),
        *(c for h in state.hands for c in h),
        *(c for t in state.tableaux for c in t),
    ]
    assert sorted(where) == list(range(len(cards.destinations)))
    lug = [*state.lug, *state.lug_bottom, *state.offer, *(c for h in state.luggage for c in h)]
    assert sorted(lug) == list(range(len(cards.luggage)))
    # nobody plays more Destination cards than the number that ends the game
    most = state.game.rules.end_at(state.game.players)
    assert all(len(t) <= most for t in state.tableaux)


def check_limits(state: TransorientState, seat: int) -> None:
    rules = state.game.rules
    assert len(state.hands[seat]) <= rules.hand_limit
    assert state.store_size(seat) <= state.store_limit(seat)


def check_observations(state: TransorientState, rng: np.random.Generator) -> None:
    game = state.game
    for seat in range(game.players):
        obs = state.observation(seat)
        for other in range(game.players):
            if other != seat:
                assert obs.hand_sizes[other] == len(state.hands[other])
        assert obs.hand == tuple(state.hands[seat])
        assert obs.luggage == tuple(state.luggage[seat])
        # each player reveals their Luggage cards at the end, and not before
        over = state.is_terminal()
        assert obs.luggage_shown == (tuple(map(tuple, state.luggage)) if over else ())
        # nothing hidden leaks: a state drawn at random from the observation looks the same
        sample = game.sample_state(obs, rng)
        assert sample.observation(seat) == obs
        check_conserved(sample)
        assert sample.legal_actions() == state.legal_actions() or state.to_play != seat
        if over:  # everything is known at the end: the same Luggage, the same scores
            assert sample.luggage == state.luggage and sample.scores() == state.scores()


def playout(game: TransorientExpress, seed: int, look: bool) -> TransorientState:
    rng = np.random.default_rng(seed)
    state = game.new_state()
    while not state.is_terminal():
        seat = state.to_play
        turn = (state.round, state.turn)
        if seat is None:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            assert game.parse_action(str(action)) == action
        before = state.seat
        state.apply(action)
        check_conserved(state)
        if before is not None and (state.round, state.turn) != turn:
            check_limits(state, before)  # the turn of ``before`` has ended
        if look and int(rng.integers(6)) == 0:
            check_observations(state, rng)
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_every_invariant(
    cards: CardSet, players: int, rules: Rules, seed: int
) -> None:
    game = TransorientExpress(cards, rules, players, seed)
    end = playout(game, seed, look=True)
    assert end.is_terminal() and end.winners()
    check_observations(end, np.random.default_rng(seed))
    assert max(len(t) for t in end.tableaux) >= rules.end_at(players) or any(
        c < 0 for c in end.bottom
    )
    again = replay(game, [str(a) for a in end.history])
    assert again == end and again.scores() == end.scores()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_saved_games_round_trip(cards: CardSet, players: int, seed: int, cut: float) -> None:
    game = TransorientExpress(cards, Rules(returns="random"), players, seed)
    end = playout(game, seed, look=False)
    part = replay(game, end.history[: int(len(end.history) * cut)])
    for state in (end, part):
        record = json.loads(json.dumps(dump_record(state)))
        assert record["game"] == "transorient_express"
        assert load_record(record, board=cards) == state


def test_a_record_for_another_card_set_is_refused(cards: CardSet) -> None:
    import dataclasses

    import pytest

    game = TransorientExpress(cards, Rules(), 2, 1)
    record = dump_record(game.new_state())
    edited = dataclasses.replace(cards, destinations=cards.destinations[:-1])
    with pytest.raises(ValueError, match="another version"):
        load_record(record, board=edited)


def test_bots_play_through_the_referee_and_replay_exactly(cards: CardSet) -> None:
    info = GAMES["transorient_express"]
    for players in (2, 3, 4):
        game = info.new_game(players=players, seed=players, board=cards)
        lineup = [info.bots[name] for name in ("random", "greedy", "planner", "greedy")]
        end = play(game, lineup[:players], seed=9)
        assert end.is_terminal()
        assert replay(game, [str(a) for a in end.history]) == end
        assert play(game, lineup[:players], seed=9).history == end.history


def test_the_search_bot_plays_a_full_game(cards: CardSet) -> None:
    from workbench.bots.search import SearchBot

    info = GAMES["transorient_express"]
    game = info.new_game(players=2, seed=5, board=cards)
    search = SearchBot.factory(playouts=6, max_depth=60)
    match = Match(game, [search, info.bots["greedy"]], seed=2)
    match.run()
    assert match.state.is_terminal() and match.state.winners()


def test_a_human_seat_waits_and_plays_by_text(cards: CardSet) -> None:
    info = GAMES["transorient_express"]
    game = info.new_game(players=3, seed=4, board=cards)
    match = Match(game, [None, info.bots["greedy"], info.bots["greedy"]], seed=1)
    match.run()
    assert match.human_to_play() and match.state.phase == "take"
    match.play("pile 1")
    assert match.state.phase == "place"
