"""Setup, dealing, the variants, observations, copies, replay and saved games."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from workbench import Board
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    DECK,
    NextRound,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    load_game,
    replay,
    save_game,
)


def first_round(game: TransEuropa) -> TransEuropaState:
    state = game.new_state()
    while state.phase not in ("round_over", "game_over"):
        state.apply((state.legal_actions() or [NextRound()])[0])
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_one_city_of_each_color(europe: Board, players: int) -> None:
    game = TransEuropa(europe, players=players, seed=players)
    hands = game.deal(1)
    assert len(hands) == players
    colors = [europe.city(name).color for hand in hands for name in hand]
    assert Counter(colors) == dict.fromkeys(europe.color_names, players)
    names = [name for hand in hands for name in hand]
    assert len(set(names)) == len(names)
    dashed = any(europe.city(name).dashed for name in names)
    assert not dashed or players >= 4
    assert [[europe.city(n).color for n in hand] for hand in hands] == [
        list(europe.color_names)
    ] * players


def test_dashed_cards_out_below_four(europe: Board) -> None:
    for seed in range(20):
        hands = TransEuropa(europe, players=3, seed=seed).deal(1)
        assert not any(europe.city(n).dashed for hand in hands for n in hand)


def test_colors_out(europe: Board) -> None:
    game = TransEuropa(europe, Rules(colors_out=("white", "pink")), players=4, seed=3)
    hands = game.deal(2)
    assert all(len(h) == 3 for h in hands)
    assert not any(europe.city(n).color in ("white", "pink") for h in hands for n in h)


def test_deal_follows_the_seed(europe: Board) -> None:
    a, b = TransEuropa(europe, seed=1), TransEuropa(europe, seed=2)
    assert a.deal(1) == TransEuropa(europe, seed=1).deal(1)
    assert a.deal(1) != b.deal(1)
    assert a.deal(1) != a.deal(2)


def test_starting_seat_rotates_left(tiny: Board) -> None:
    state = TransEuropa(tiny, Rules(target=99), players=2, seed=3).new_state()
    starters: list[int] = []
    while len(starters) < 3:
        starters.append(state.starter)
        assert state.to_play == state.starter
        while state.phase != "round_over":
            state.apply((state.legal_actions() or [NextRound()])[0])
        state.apply(NextRound())
    assert starters == [0, 1, 0]
    assert state.rails == frozenset() and state.markers == (None, None)
    assert state.rails_left == 85 and state.round == 4


@pytest.mark.parametrize(
    "changes",
    [
        {"discard_one": True},
        {"reveal": ("pink",)},
        {"draft_extra": ("brown",)},
        {"pass_one_times": 3},
        {"pass_hand": True},
        {"colored_rails": 3},
        {"ferry_rails": 2},
        {"special_cards": ("rhythm",)},
        {"special_cards": DECK, "card_mode": "fixed"},
    ],
)
def test_every_variant_is_played(tiny: Board, changes: dict[str, object]) -> None:
    state = first_round(TransEuropa(tiny, Rules().replace(**changes), players=2, seed=3))
    assert state.results and state.results[-1].round == 1


def test_doubles_per_turn_zero_is_refused_on_a_board_with_doubles(tiny: Board) -> None:
    with pytest.raises(ValueError, match="does not play these rules yet: doubles_per_turn=0"):
        TransEuropa(tiny, Rules(doubles_per_turn=0), players=2)


def test_cards_that_could_empty_the_hands_are_refused(tiny: Board) -> None:
    rules = Rules(
        colors_out=("brown", "pink", "orange"), special_cards=("no_white", "no_turquoise")
    )
    TransEuropa(tiny, rules, players=2)  # one card a round: a color is always left
    with pytest.raises(ValueError, match="can take every color out"):
        TransEuropa(tiny, rules.replace(cards_per_round=2), players=2)
    with pytest.raises(ValueError, match="can take every color out"):
        TransEuropa(tiny, rules.replace(card_mode="fixed"), players=2)


def test_bad_parameters(tiny: Board, europe: Board) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        TransEuropa(europe, players=7)
    with pytest.raises(ValueError, match="each player needs one"):
        TransEuropa(tiny, players=3)  # two cards of each color
    with pytest.raises(ValueError, match="seed"):
        TransEuropa(tiny, players=2, seed=-1)
    with pytest.raises(ValueError, match="every color"):
        TransEuropa(tiny, Rules(colors_out=tuple(tiny.color_names)), players=2)
    with pytest.raises(ValueError, match="has 1 hands for 2"):
        TransEuropa(tiny, players=2, hands=[[("Alder",)]])
    with pytest.raises(KeyError, match="Aldr"):
        TransEuropa(tiny, players=2, hands=[[("Aldr",), ("Birch",)]])


def test_observation_hides_other_hands(europe: Board) -> None:
    state = TransEuropa(europe, players=4, seed=5).new_state()
    for player in range(4):
        obs = state.observation(player)
        assert obs.hand == state.hands[player]
        others = {n for p, h in enumerate(state.hands) if p != player for n in h}
        assert not any(repr(name) in repr(obs) for name in others)
        assert obs.hand_sizes == (5, 5, 5, 5)
        assert (len(obs.legal_actions) > 0) == (player == state.to_play)
    with pytest.raises(ValueError, match="seats are 0 to 3"):
        state.observation(4)


def test_copy_is_equal_and_independent(tiny: Board) -> None:
    state = TransEuropa(tiny, players=2, seed=8).new_state()
    for _ in range(7):
        state.apply((state.legal_actions() or [NextRound()])[-1])
    twin = state.copy()
    assert twin == state
    twin.apply((twin.legal_actions() or [NextRound()])[0])
    assert twin != state and len(state.history) == 7


def test_illegal_action_leaves_the_state_unchanged(tiny: Board) -> None:
    state = TransEuropa(tiny, players=2, seed=8).new_state()
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceMarker((8, 5)))
    before = state.copy()
    with pytest.raises(IllegalActionError):
        state.apply(PlaceRail(((4, 4), (5, 4))))
    assert state == before


def test_replay_and_saved_game(tiny: Board) -> None:
    game = TransEuropa(tiny, Rules(target=6), players=2, seed=12)
    state = first_round(game)
    assert replay(game, state.history) == state
    record = json.loads(json.dumps(save_game(state)))
    assert load_game(record, tiny) == state
    with pytest.raises(ValueError, match="not on"):
        load_game({**record, "board": "Elsewhere"}, tiny)
    with pytest.raises(IllegalActionError):
        replay(game, ["M 0,0", "M 0,0"])


def test_repr_and_game_dict(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, seed=1)
    assert "players=2, seed=1" in repr(game)
    assert game.to_dict()["rules"].startswith("# rail-workbench rules")
    assert "round 1, markers" in repr(game.new_state())
