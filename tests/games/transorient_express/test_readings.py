"""Rulebook readings found by scenario tests (issue 29): the most cards a player may play
with two players, the Luggage cards revealed at the end, and the first player chosen at
the table. Each test is named for the rulebook's sentence it pins."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.games.transorient_express.conftest import card, deal
from workbench.exceptions import IllegalActionError
from workbench.games import GAMES, Match, dump_record, load_record, play
from workbench.games.transorient_express import CardSet, Rules, TransorientExpress
from workbench.games.transorient_express.actions import Pass, Play, Take

# ---------------------------------------------------------------------- two players


def test_up_to_8_destination_cards_can_be_played_before_the_game_ends(new, cards: CardSet) -> None:
    """Two players take turns A, B, B, A: a player at 7 after a round could play its 8th
    and 9th card in the next one. The 8th is the last it may play."""
    state = new(2)
    red = card(cards, "1 red")  # costs one red token; every player starts with 2 red
    state.tableaux[0] = [card(cards, "3 red")] * 7
    state.hands[0] = [red]
    state.apply(Take(0))  # seat 0's first turn: takes 1 red too
    state.apply(Play(red))
    assert len(state.tableaux[0]) == 8 and not state.is_terminal()
    state.apply(state.legal_actions()[0])  # the first discard of the hand limit, if any
    while state.to_play == 1:  # seat 1's two turns
        state.apply(state.legal_actions()[0] if state.phase != "play" else Pass())
        deal(state)
    assert state.to_play == 0 and state.phase == "take" and state.order[state.turn] == 0
    state.apply(Take(state.legal_actions()[0].column))  # type: ignore[union-attr]
    assert state.played_out(0) and state.legal_actions() == [Pass()]
    assert state.hands[0] and state.affordable(0, state.hands[0][0])
    with pytest.raises(IllegalActionError, match="has 8 Destination cards in front, the most"):
        state.apply(Play(state.hands[0][0]))
    state.apply(Pass())
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
        deal(state)
    assert [len(t) for t in state.tableaux] == [8, 0]


@pytest.mark.parametrize("seed", [12, 14, 22])
def test_no_two_player_game_passes_8_destination_cards(seed: int) -> None:
    """Greedy games that ended with a player at 9 cards before issue 29 ([7, 9] at seeds
    12 and 14, [9, 5] at seed 22): nobody passes 8 now."""
    info = GAMES["transorient_express"]
    end = play(info.new_game(players=2, seed=seed), [info.bots["greedy"]] * 2, seed=seed)
    assert end.is_terminal() and max(len(t) for t in end.tableaux) == 8


def test_the_most_cards_follow_the_number_that_ends_the_game(new, cards: CardSet) -> None:
    state = new(2, Rules.preset("two_player_seven"))
    state.tableaux[1] = [card(cards, "3 red")] * 7
    assert state.played_out(1) and not state.played_out(0)


# ---------------------------------------------------------------------- the end


def test_each_player_then_reveals_their_luggage_cards() -> None:
    info = GAMES["transorient_express"]
    game = info.new_game(players=3, seed=4)
    match = Match(game, [info.bots["greedy"]] * 3, seed=4)
    while not match.state.is_terminal():
        state = match.state
        for seat in range(3):
            assert state.observation(seat).luggage_shown == ()
        match.step()
    end = match.state
    assert end.luggage[1]  # a card seat 0 did not see during the game (the check means something)
    everyone = tuple(map(tuple, end.luggage))
    rng = np.random.default_rng(0)
    for seat in range(3):
        seen = end.observation(seat)
        assert seen.luggage_shown == everyone
        # a state drawn from the observation has every player's Luggage: the same scores
        sample = game.sample_state(seen, rng)
        assert sample.luggage == end.luggage and sample.scores() == end.scores()


# ---------------------------------------------------------------------- the first player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_last_person_to_travel_on_a_train_begins_the_first_round(
    cards: CardSet, players: int
) -> None:
    """The table chooses who begins: any seat can (``Rules.first_player``)."""
    for first in range(players):
        game = TransorientExpress(cards, Rules(first_player=first), players, 3)
        state = deal(game.new_state())
        assert state.round == 1 and state.to_play == first and state.order[0] == first
        assert state.sm_holder == first
        if players == 2:
            assert state.order == [first, 1 - first, 1 - first, first]
        else:
            assert state.order == [(first + i) % players for i in range(players)]


def test_the_first_player_is_carried_by_saved_games_and_checked(cards: CardSet) -> None:
    info = GAMES["transorient_express"]
    game = info.new_game(players=3, seed=2, rules=Rules(first_player=2))
    end = play(game, [info.bots["greedy"]] * 3, seed=2)
    record = json.loads(json.dumps(dump_record(end)))
    assert record["rules"] == {"first_player": 2}
    again = load_record(record, board=cards)
    assert again == end and again.game.rules.first_player == 2
    # the default is seat 0, and a default game's record names no rule (as before)
    assert info.new_game(players=3, seed=2).to_record()["rules"] == {}
    with pytest.raises(ValueError, match="first_player is 3: a game of 3 players has seats"):
        TransorientExpress(cards, Rules(first_player=3), 3, 0)
    with pytest.raises(ValueError, match="first_player is -1"):
        Rules(first_player=-1)
