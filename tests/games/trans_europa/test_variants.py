"""The variants, hand-worked on the tiny board: hand-exchange cards, special cards, colored
rails and two-rail ferries.

Tiny board, row 0: (1,0) - (2,0) Ginkgo - (3,0) - (4,0) - (5,0) Fir - (6,0); Alder is at
(1,1); (0,0) has a single segment, to (0,1); the ferry is (5,1)-(6,1). Cities by color:
brown Alder, Birch; white Cedar, Dogwood; pink Elder, Fir; orange Ginkgo, Hazel; turquoise
Ivy, Juniper.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from workbench import Board
from workbench.analysis.costs import missing_rails
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    CARDS,
    DECK,
    DEMANDING_TABLE,
    GENEROUS_TABLE,
    Discard,
    EndTurn,
    NextRound,
    PassCard,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    apply_cards,
    load_game,
    replay,
    round_points,
    save_game,
    schedule,
)

FERRY = ((5, 1), (6, 1))


def game_of(board: Board, hands: tuple[tuple[str, ...], ...], **rules: object) -> TransEuropa:
    return TransEuropa(board, Rules().replace(**rules), players=len(hands), hands=[hands])


def markers(state: TransEuropaState, *points: tuple[int, int]) -> TransEuropaState:
    for p in points:
        state.apply(PlaceMarker(p))
    assert state.phase == "build"
    return state


def rail(a: tuple[int, int], b: tuple[int, int], colored: bool = False) -> PlaceRail:
    return PlaceRail((a, b), colored)


def names_in(obs: object) -> str:
    """The observation's text without its past results (which show every hand)."""
    return repr(obs).split("results=")[0] + repr(obs).split("legal_actions=")[1]


# ---------------------------------------------------------------------- discard one


def test_discard_one_is_simultaneous_and_hidden(tiny: Board) -> None:
    game = game_of(
        tiny, (("Alder", "Cedar", "Elder"), ("Birch", "Dogwood", "Fir")), discard_one=True
    )
    state = game.new_state()
    assert state.phase == "discard" and state.to_play == 0
    assert [str(a) for a in state.legal_actions()] == ["D Alder", "D Cedar", "D Elder"]
    state.apply(Discard("Cedar"))
    assert state.hands[0] == ("Alder", "Cedar", "Elder"), "carried out when all have chosen"
    assert state.observation(0).chosen == ("Cedar",)
    other = state.observation(1)
    assert "Cedar" not in names_in(other) and other.chosen == ()
    assert other.hand_sizes == (3, 3)
    state.apply(Discard("Fir"))
    assert state.phase == "markers" and state.to_play == 0
    assert state.hands == (("Alder", "Elder"), ("Birch", "Dogwood"))
    assert state.observation(0).seen == ("Alder", "Cedar", "Elder")


def test_discard_one_errors_and_wrong_phase(tiny: Board) -> None:
    game = game_of(tiny, (("Alder", "Cedar"), ("Birch", "Dogwood")), discard_one=True)
    state = game.new_state()
    before = state.copy()
    with pytest.raises(IllegalActionError, match="round 1, discard, seat 0: D Birch is not a card"):
        state.apply(Discard("Birch"))
    with pytest.raises(IllegalActionError, match=r"put one back: 'D city'"):
        state.apply(PassCard("Alder"))
    with pytest.raises(IllegalActionError, match="while cards are put back"):
        state.apply(PlaceMarker((0, 0)))
    assert state == before
    markers_phase = game_of(tiny, (("Alder",), ("Birch",))).new_state()
    with pytest.raises(IllegalActionError, match="while markers are placed"):
        markers_phase.apply(Discard("Alder"))


def test_a_one_card_hand_does_not_discard(tiny: Board) -> None:
    state = game_of(tiny, (("Alder",), ("Birch", "Cedar")), discard_one=True).new_state()
    assert state.phase == "discard" and state.to_play == 1
    state.apply(Discard("Birch"))
    assert state.hands == (("Alder",), ("Cedar",)) and state.phase == "markers"


def test_the_next_round_discards_from_its_own_starter(tiny: Board) -> None:
    state = TransEuropa(tiny, Rules(discard_one=True, target=99), players=2, seed=5).new_state()
    while state.phase != "round_over":
        state.apply((state.legal_actions() or [NextRound()])[0])
    assert [len(h) for h in state.results[0].hands] == [4, 4], "scoring uses the final hands"
    state.apply(NextRound())
    assert state.phase == "discard" and state.to_play == 1 == state.starter


# ---------------------------------------------------------------------- reveal


def test_reveal_shows_the_colors_to_everyone_after_the_exchanges(tiny: Board) -> None:
    hands = (("Alder", "Cedar", "Elder"), ("Birch", "Dogwood", "Fir"))
    state = game_of(tiny, hands, reveal=("brown", "pink"), discard_one=True).new_state()
    assert state.observation(1).revealed == ((), ())
    state.apply(Discard("Elder"))
    state.apply(Discard("Dogwood"))
    for seat in (0, 1):
        assert state.observation(seat).revealed == (("Alder",), ("Birch", "Fir"))
    assert "Cedar" not in names_in(state.observation(1))


# ---------------------------------------------------------------------- draft


def test_draft_extra_card_goes_round_the_table(tiny: Board) -> None:
    # orange left over: Hazel; seat 0 draws it and passes one orange; seat 1, the last,
    # returns one of its orange cards
    hands = (("Alder", "Ginkgo"), ("Birch", "Cedar"))
    state = game_of(tiny, hands, draft_extra=("orange",)).new_state()
    assert state.phase == "draft" and state.to_play == 0
    assert state.hands[0] == ("Alder", "Ginkgo", "Hazel")
    assert state.observation(0).step == "draft orange"
    assert "Hazel" not in names_in(state.observation(1))
    assert [str(a) for a in state.legal_actions()] == ["P Ginkgo", "P Hazel"]
    with pytest.raises(IllegalActionError, match="P Alder is not one of your orange"):
        state.apply(PassCard("Alder"))
    with pytest.raises(IllegalActionError, match="pass one of your orange cards left"):
        state.apply(Discard("Ginkgo"))
    state.apply(PassCard("Ginkgo"))
    assert state.hands == (("Alder", "Hazel"), ("Birch", "Cedar", "Ginkgo"))
    assert state.to_play == 1 and state.legal_actions() == [Discard("Ginkgo")]
    state.apply(Discard("Ginkgo"))
    assert state.phase == "markers"
    assert state.hands == (("Alder", "Hazel"), ("Birch", "Cedar"))
    assert "Ginkgo" in state.observation(1).seen and "Hazel" not in state.observation(1).seen


def test_draft_without_a_card_left_is_skipped(tiny: Board) -> None:
    state = TransEuropa(tiny, Rules(draft_extra=("pink",)), players=2, seed=1).new_state()
    assert state.phase == "markers"  # two players hold both pink cards


def test_draft_on_europe(europe: Board) -> None:
    game = TransEuropa(europe, Rules(draft_extra=("brown", "pink")), players=4, seed=6)
    state = game.new_state()
    dealt = game.deal(1)
    assert state.phase == "draft" and state.observation(0).step == "draft brown"
    assert len(state.hands[0]) == 6 and game.stack(1, "brown")[0] in state.hands[0]
    while state.phase == "draft":
        seat = state.to_play
        assert seat is not None
        assert len(state.hands[seat]) == 6 and sum(map(len, state.hands)) == 21
        state.apply((state.legal_actions() or [NextRound()])[-1])
    assert state.phase == "markers"
    assert [len(h) for h in state.hands] == [5] * 4
    for hand in state.hands:
        assert Counter(europe.city(n).color for n in hand) == Counter(europe.color_names)
    assert sum(a != b for a, b in zip(dealt, state.hands, strict=True)) >= 1


# ---------------------------------------------------------------------- pass one card


def test_pass_one_card_left_twice(tiny: Board) -> None:
    hands = (("Alder", "Cedar"), ("Birch", "Dogwood"))
    state = game_of(tiny, hands, pass_one_times=2).new_state()
    assert state.phase == "pass" and state.observation(0).step == "pass 1 of 2"
    state.apply(PassCard("Alder"))
    assert "Alder" not in names_in(state.observation(1))
    assert state.observation(0).chosen == ("Alder",)
    state.apply(PassCard("Dogwood"))
    assert state.hands == (("Cedar", "Dogwood"), ("Alder", "Birch"))
    assert state.observation(1).step == "pass 2 of 2" and state.to_play == 0
    state.apply(PassCard("Dogwood"))
    state.apply(PassCard("Birch"))
    assert state.phase == "markers"
    assert state.hands == (("Birch", "Cedar"), ("Alder", "Dogwood"))
    assert state.observation(0).hand_colors == (("brown", "white"), ("brown", "white"))


def test_pass_one_goes_to_the_left_neighbour(europe: Board) -> None:
    game = TransEuropa(europe, Rules(pass_one_times=1), players=3, seed=2)
    state = game.new_state()
    chosen = []
    for _ in range(3):
        action = state.legal_actions()[0]
        assert isinstance(action, PassCard)
        chosen.append(action.city)
        state.apply(action)
    for seat in range(3):
        assert chosen[seat] in state.hands[(seat + 1) % 3]
        assert chosen[seat] not in state.hands[seat]


def test_passes_can_leave_a_hand_short_of_colors(tiny: Board) -> None:
    state = game_of(tiny, (("Alder", "Cedar"), ("Birch", "Dogwood")), pass_one_times=1)
    s = state.new_state()
    s.apply(PassCard("Cedar"))
    s.apply(PassCard("Birch"))
    assert s.hands == (("Alder", "Birch"), ("Cedar", "Dogwood"))


# ---------------------------------------------------------------------- pass the hand


def test_pass_hand_needs_no_decision(tiny: Board) -> None:
    hands = (("Alder", "Cedar"), ("Birch", "Dogwood"))
    state = game_of(tiny, hands, pass_hand=True).new_state()
    assert state.phase == "markers"
    assert state.hands == (("Birch", "Dogwood"), ("Alder", "Cedar"))
    assert state.observation(0).seen == ("Alder", "Birch", "Cedar", "Dogwood")


def test_pass_hand_goes_left(europe: Board) -> None:
    game = TransEuropa(europe, Rules(pass_hand=True), players=4, seed=3)
    dealt = game.deal(1)
    state = game.new_state()
    assert state.hands == tuple(dealt[(i - 1) % 4] for i in range(4))
    obs = state.observation(2)
    assert set(dealt[2]) <= set(obs.seen), "a player remembers the hand they passed"


# ---------------------------------------------------------------------- special cards


def test_special_cards_per_round_follow_the_schedule(tiny: Board) -> None:
    rules = Rules(special_cards=DECK, target=99)
    game = TransEuropa(tiny, rules, players=2, seed=11)
    seq = np.random.SeedSequence(11, spawn_key=(0, 1))
    expected = schedule(rules, 25, np.random.default_rng(seq))
    assert [game.round_cards(r) for r in range(1, 26)] == expected
    assert sorted(c for r in range(1, 20) for c in game.round_cards(r)) == sorted(DECK)
    assert TransEuropa(tiny, rules, players=2, seed=11).round_cards(3) == expected[2]
    assert game.deal(1) == TransEuropa(tiny, Rules(), players=2, seed=11).deal(1), "deal unchanged"


def test_round_rules_and_cards_are_shown(tiny: Board) -> None:
    rules = Rules(special_cards=DECK, cards_per_round=2, target=99)
    game = TransEuropa(tiny, rules, players=2, seed=4)
    state = game.new_state()
    for r in (1, 2, 3):
        assert state.cards == game.round_cards(r) and len(state.cards) == 2
        assert state.round_rules == apply_cards(rules, state.cards)
        obs = state.observation(1)
        assert obs.cards == state.cards and obs.rules == state.round_rules
        while state.phase != "round_over":
            state.apply((state.legal_actions() or [NextRound()])[0])
        assert state.results[-1].cards == state.cards
        state.apply(NextRound())


def test_fixed_cards_rule_every_round(tiny: Board) -> None:
    rules = Rules(special_cards=("three_rails", "no_white", "generous"), card_mode="fixed")
    game = TransEuropa(tiny, rules, players=2, seed=2)
    state = game.new_state()
    assert state.cards == ("three_rails", "no_white", "generous")
    assert all(len(h) == 4 for h in state.hands)
    markers(state, (0, 0), (8, 5))
    assert state.turn_budget == 3
    for _ in range(3):
        state.apply((state.legal_actions() or [NextRound()])[0])
    assert state.to_play == 1
    while state.phase == "build":
        state.apply((state.legal_actions() or [NextRound()])[0])
    result = state.results[-1]
    assert state.round_rules.table == GENEROUS_TABLE
    assert result.points == round_points(state.round_rules, result.missing)


def test_card_colors_out_go_back_under_the_stack(tiny: Board) -> None:
    game = TransEuropa(
        tiny,
        Rules(special_cards=("no_white",), card_mode="fixed"),
        players=2,
        hands=[(("Alder", "Cedar"), ("Birch", "Dogwood"))],
    )
    state = game.new_state()
    assert state.hands == (("Alder",), ("Birch",))
    assert state.observation(0).seen == ("Alder", "Cedar")


def test_water_card_and_anywhere_card(tiny: Board) -> None:
    rules = Rules(special_cards=("water_single", "anywhere"), card_mode="fixed")
    state = TransEuropa(tiny, rules, players=2, hands=[(("Alder",), ("Ivy",))]).new_state()
    markers(state, (6, 2), (0, 0))
    state.apply(rail((6, 1), (6, 2)))  # water: a single this round, so the turn goes on
    state.apply(rail((7, 0), (8, 0)))  # anywhere
    assert state.to_play == 1


# ---------------------------------------------------------------------- colored rails


def test_colored_rail_belongs_to_its_owner_only(tiny: Board) -> None:
    game = game_of(tiny, (("Fir",), ("Dogwood",)), colored_rails=3)
    state = markers(game.new_state(), (3, 0), (1, 0))
    state.apply(rail((2, 0), (3, 0), colored=True))
    assert state.colored_left == (2, 3) and state.rails_left == 85
    assert state.pieces == {((2, 0), (3, 0)): (0,)}
    with pytest.raises(IllegalActionError, match="at most 1 colored"):
        state.apply(rail((3, 0), (4, 0), colored=True))
    state.apply(rail((3, 0), (4, 0)))
    assert state.to_play == 1
    assert rail((2, 0), (3, 0)) not in state.legal_actions()
    state.apply(rail((1, 0), (2, 0)))  # seat 1 reaches (2, 0)
    with pytest.raises(IllegalActionError, match="holds a colored rail of seat 0"):
        state.apply(rail((2, 0), (3, 0)))
    assert (3, 0) not in state.network(1), "no joining through another's colored rail"
    assert {(1, 0), (2, 0), (3, 0), (4, 0)} <= state.network(0), "the owner uses black rails"
    # for seat 1 the colored segment is not there: round by (2, 1), (3, 1)
    view = state.seat_rails(1)
    assert view.blocked == {((2, 0), (3, 0))}
    expected = missing_rails(tiny, view.rails, (1, 0), ["Dogwood"], blocked=view.blocked).cost
    assert state.missing_rails(1) == expected
    assert state.missing_rails(0) == 1
    assert expected > missing_rails(tiny, state.rails, (1, 0), ["Dogwood"]).cost


def test_colored_rails_run_out_and_are_not_in_play_by_default(tiny: Board) -> None:
    state = markers(game_of(tiny, (("Fir",), ("Dogwood",))).new_state(), (3, 0), (7, 0))
    with pytest.raises(IllegalActionError, match="none are in play"):
        state.apply(rail((3, 0), (4, 0), colored=True))
    assert not any(isinstance(a, PlaceRail) and a.colored for a in state.legal_actions())
    game = game_of(tiny, (("Fir",), ("Birch",)), colored_rails=1)
    state = markers(game.new_state(), (2, 0), (7, 0))
    assert rail((2, 0), (3, 0), colored=True) in state.legal_actions()
    state.apply(rail((2, 0), (3, 0), colored=True))
    state.apply(EndTurn())
    state.apply(rail((7, 0), (8, 0)))
    state.apply(EndTurn())
    assert not any(isinstance(a, PlaceRail) and a.colored for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="has none left"):
        state.apply(rail((3, 0), (4, 0), colored=True))


def test_a_walled_in_player_is_skipped(tiny: Board) -> None:
    # seat 1's marker is on (0, 0), whose only segment seat 0 takes with a colored rail
    game = game_of(tiny, (("Ginkgo",), ("Alder",)), colored_rails=3)
    state = markers(game.new_state(), (0, 1), (0, 0))
    state.apply(rail((0, 0), (0, 1), colored=True))
    state.apply(EndTurn())
    assert state.to_play == 0 and state.lap == 2
    state.apply(rail((0, 1), (1, 1)))
    state.apply(EndTurn())
    assert state.to_play == 0
    state.apply(rail((1, 1), (2, 0)))
    assert state.phase == "round_over"
    # seat 1 is cut off: counted as though the colored rail were not there
    assert state.results[-1].missing == (0, 1)


# ---------------------------------------------------------------------- two-rail ferries


def test_a_ferry_takes_two_rails(tiny: Board) -> None:
    game = game_of(tiny, (("Hazel",), ("Ivy",)), ferry_rails=2)
    state = markers(game.new_state(), (5, 1), (0, 3))
    before = state.missing_rails(0)
    state.apply(PlaceRail(FERRY))
    assert state.pieces == {FERRY: (None,)} and FERRY in state.rails
    assert (6, 1) not in state.network(0), "half a ferry joins nothing"
    assert state.missing_rails(0) == before - 1
    assert PlaceRail(FERRY) in state.legal_actions()
    state.apply(PlaceRail(FERRY))  # the second rail, the same turn
    assert state.pieces == {FERRY: (None, None)} and state.rails_left == 83
    assert (6, 1) in state.network(0) and state.to_play == 1
    assert state.missing_rails(0) == before - 2


def test_a_free_ferry_counts_two(tiny: Board) -> None:
    game = game_of(tiny, (("Hazel",), ("Ivy",)), ferry_rails=2)
    state = markers(game.new_state(), (5, 1), (0, 3))
    one = game_of(tiny, (("Hazel",), ("Ivy",)))
    plain = markers(one.new_state(), (5, 1), (0, 3))
    expected = missing_rails(tiny, [], (5, 1), ["Hazel"], costs={FERRY: 2}).cost
    # by the ferry: 1 + 2 = 3 rails in the base game; the ferry now costs 2, so the way
    # round by (6, 0), (7, 0), (7, 1) is as cheap: 4
    assert plain.missing_rails(0) == 3
    assert state.missing_rails(0) == expected == 4


def test_a_ferry_over_two_turns_and_full(tiny: Board) -> None:
    game = game_of(tiny, (("Hazel",), ("Elder",)), ferry_rails=2, rhythm=(1,))
    state = markers(game.new_state(), (5, 1), (6, 1))
    state.apply(PlaceRail(FERRY))  # one rail a turn
    assert state.to_play == 1
    state.apply(PlaceRail(FERRY))  # the other player completes it, for everyone
    assert state.network(0) == state.network(1)
    with pytest.raises(IllegalActionError, match="is full"):
        state.apply(PlaceRail(FERRY))


def test_colored_rail_on_a_ferry(tiny: Board) -> None:
    game = game_of(tiny, (("Hazel",), ("Elder",)), ferry_rails=2, colored_rails=3)
    state = markers(game.new_state(), (5, 1), (6, 1))
    state.apply(PlaceRail(FERRY, colored=True))
    state.apply(PlaceRail(FERRY))  # one colored, one black: complete for seat 0 only
    assert state.pieces == {FERRY: (0, None)}
    assert (6, 1) in state.network(0) and (5, 1) not in state.network(1)
    assert state.seat_rails(1).blocked == {FERRY}
    state = markers(game.new_state(), (5, 1), (6, 1))
    state.apply(PlaceRail(FERRY, colored=True))
    state.apply(EndTurn())
    assert PlaceRail(FERRY) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="holds a colored rail of seat 0"):
        state.apply(PlaceRail(FERRY))


# ---------------------------------------------------------------------- logs


def test_variant_games_replay_and_save(tiny: Board) -> None:
    rules = Rules.preset("colored").replace(discard_one=True, pass_one_times=1, reveal=("pink",))
    game = TransEuropa(tiny, rules, players=2, seed=9)
    state = game.new_state()
    rng = np.random.default_rng(9)
    while not state.is_terminal() and len(state.history) < 400:
        actions = state.legal_actions() or [NextRound()]
        state.apply(actions[int(rng.integers(len(actions)))])
    texts = [str(a) for a in state.history]
    assert any(t.startswith("D ") for t in texts) and any(t.startswith("P ") for t in texts)
    assert replay(game, texts) == state
    assert load_game(save_game(state), tiny) == state


# ---------------------------------------------------------------------- every card


DEAL = (("Alder", "Elder", "Ginkgo"), ("Cedar", "Ivy", "Juniper"))
"""Left over after this deal: Birch (brown), Dogwood (white), Fir (pink), Hazel (orange)."""


def card_round(tiny: Board, card_id: str) -> TransEuropaState:
    rules = Rules(special_cards=(card_id,), card_mode="fixed")
    return TransEuropa(tiny, rules, players=2, hands=[DEAL]).new_state()


def check_card(state: TransEuropaState, card_id: str) -> None:
    """What the card does to the first round, seen from the state before the markers."""
    rules = state.round_rules
    if card_id == "generous":
        assert rules.table == GENEROUS_TABLE
    elif card_id == "demanding":
        assert rules.table == DEMANDING_TABLE
    elif card_id == "three_rails":
        assert rules.turn_budget(1) == 3 and rules.allows_turn(1, 1)
    elif card_id in ("water_single", "mountain_single"):
        terrain = card_id.split("_")[0]
        assert not any(
            state.game.board.segments[s].terrain == terrain for s in state.game.doubles_for(rules)
        )
    elif card_id == "no_white":
        assert state.hands == (DEAL[0], ("Ivy", "Juniper"))
    elif card_id == "no_turquoise":
        assert state.hands == (DEAL[0], ("Cedar",))
    elif card_id == "discard_one":
        assert state.phase == "discard"
    elif card_id == "rhythm":
        assert [rules.turn_budget(lap) for lap in (1, 2, 3, 4)] == [3, 2, 1, 3]
    elif card_id.startswith("reveal_"):
        shown = set(card_id.split("_")[1:])
        assert state.phase == "markers"
        assert state.revealed() == tuple(
            tuple(c for c in h if state.game.city_colors[c] in shown) for h in DEAL
        )
    elif card_id.startswith("draft_"):
        color = card_id.split("_")[1]
        top = {"brown": "Birch", "pink": "Fir", "orange": "Hazel"}[color]
        assert state.phase == "draft" and top in state.hands[0]
    elif card_id == "pass_one":
        assert state.phase == "pass" and state.observation(0).step == "pass 1 of 3"
    elif card_id == "pass_hand":
        assert state.hands == (DEAL[1], DEAL[0])
    elif card_id == "anywhere":
        assert rules.build_anywhere
    else:  # pragma: no cover - a new card needs a check here
        raise AssertionError(f"no check for card {card_id!r}")


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_each_special_card_plays_a_round(tiny: Board, card_id: str) -> None:
    state = card_round(tiny, card_id)
    assert state.cards == (card_id,) and state.round_rules == CARDS[card_id].apply(state.game.rules)
    check_card(state, card_id)
    while state.phase not in ("round_over", "game_over"):
        state.apply((state.legal_actions() or [NextRound()])[0])
    result = state.results[-1]
    assert result.cards == (card_id,)
    assert result.points == round_points(state.round_rules, result.missing)
    assert replay(state.game, state.history) == state
