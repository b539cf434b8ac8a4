"""Hand-worked scenarios, one per rule of the rulebook and per decided point.

States are set up with the first chance outcome at every draw (see ``conftest.deal``):
the objectives Visa 1, Season 7 and Route 13; every player's first tokens red; the bottom
row the five Paris cards (1 red, 1 yellow, 1 green, 1 blue, 1 black), the top row 1 white
and the Strasbourg cards 2 red to 2 blue. Fields are then set by hand where a scenario
needs it.
"""

from __future__ import annotations

import pytest

from tests.games.transorient_express.conftest import card, deal
from workbench.exceptions import IllegalActionError
from workbench.games.transorient_express import CardSet, Rules, TransorientState
from workbench.games.transorient_express.actions import (
    CardDraw,
    Discard,
    Keep,
    LoseToken,
    LuggageDraw,
    Pass,
    Pile,
    Place,
    Play,
    Return,
    Take,
    TokenDraw,
)

RED, YELLOW, GREEN, BLUE, BLACK = range(5)


def give(state: TransorientState, seat: int, **tokens: int) -> None:
    """Move tokens to ``seat``'s store from the bag, or from the piles when the bag has
    none of that color (tokens stay conserved)."""
    for name, n in tokens.items():
        i = state.game.cards.token_colors.index(name)
        for _ in range(n):
            source = state.bag if state.bag[i] else next(p for p in state.piles if p[i])
            source[i] -= 1
            state.stores[seat][i] += 1


def total_tokens(state: TransorientState) -> int:
    return sum(state.bag) + sum(map(sum, state.piles)) + sum(map(sum, state.stores))


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "columns"), [(2, 5), (3, 4), (4, 5)])
def test_setup_by_player_count(new, players: int, columns: int) -> None:
    state = new(players)
    assert len(state.bottom) == len(state.top) == columns
    assert all(c >= 0 for c in state.bottom + state.top)
    assert all(sum(p) == 3 for p in state.piles)
    assert all(sum(s) == 2 for s in state.stores)
    assert total_tokens(state) == 50 and sum(state.bag) == 50 - 3 * columns - 2 * players
    kinds = [state.game.cards.objectives[i].kind for i in state.objectives]
    assert kinds == ["visa", "season", "route"]
    assert len(state.deck) == 72 - 2 * columns
    assert state.to_play == 0 and state.phase == "take"
    assert state.order == ([0, 1, 1, 0] if players == 2 else list(range(players)))


def test_setup_draws_are_chance_outcomes_with_their_probabilities(cards: CardSet) -> None:
    from workbench.games.transorient_express import TransorientExpress

    state = TransorientExpress(cards, Rules(), 4, 0).new_state()
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"objective {n}" for n in range(1, 7)]
    for _ in range(3):
        state.apply(state.chance_outcomes()[-1][0])
    assert state.chance_outcomes() == [(TokenDraw(c), 0.2) for c in cards.token_colors]
    assert state.to_play is None and state.legal_actions() == []


# ---------------------------------------------------------------------- the mandatory action


def test_taking_a_card_puts_its_tokens_back_in_the_bag(new, cards: CardSet) -> None:
    state = new(4)
    under = list(state.piles[1])
    bag = list(state.bag)
    state.apply(Take(1))
    assert state.hands[0] == [card(cards, "1 yellow")]
    assert state.bottom[1] == -1 and sum(state.piles[1]) == 0
    assert state.bag == [b + u for b, u in zip(bag, under, strict=True)]


@pytest.mark.parametrize("discard", ["bottom", "out"])
def test_taking_a_pile_discards_its_card(new, cards: CardSet, discard: str) -> None:
    state = new(4, Rules(discard=discard))
    under = list(state.piles[2])
    state.apply(Pile(2))
    assert state.stores[0] == [2 + under[0], *under[1:]]
    gone = card(cards, "1 green")
    assert (state.deck_bottom if discard == "bottom" else state.discarded) == [gone]
    assert state.hands[0] == []


def test_taken_columns_are_not_replaced_during_the_round(new) -> None:
    state = new(4)
    state.apply(Pile(0))
    state.apply(Place(4))
    state.apply(Pass())
    state.apply(Return("red")) if state.phase == "return" else None
    assert state.bottom[0] == -1
    assert Take(0) not in state.legal_actions() and len(state.legal_actions()) == 8


# ---------------------------------------------------------------------- Stationmaster


def test_the_first_player_places_the_stationmaster_in_a_remaining_column(new) -> None:
    state = new(4)
    state.apply(Take(2))
    assert state.phase == "place" and state.to_play == 0
    assert state.legal_actions() == [Place(0), Place(1), Place(3), Place(4)]
    with pytest.raises(IllegalActionError, match="master 3 is not legal"):
        state.apply(Place(2))
    state.apply(Place(3))
    assert state.sm_column == 3 and state.sm_holder is None and state.phase == "play"


def test_whoever_takes_the_stationmasters_column_takes_it_and_starts_next(new) -> None:
    state = new(4)
    state.apply(Take(0))
    state.apply(Place(3))
    state.apply(Pass())
    state.apply(Take(3))  # seat 1 takes the column with the Stationmaster
    assert state.sm_holder == 1 and state.sm_column is None
    state.apply(Pass())
    for column in (1, 2):
        state.apply(Take(column))
        state.apply(Pass())
    deal(state)
    assert state.round == 2 and state.order == [1, 2, 3, 0] and state.to_play == 1


def test_an_untaken_stationmaster_returns_to_its_owner(new) -> None:
    state = new(3)  # 4 columns, 3 turns: one column is left
    state.apply(Take(0))
    state.apply(Place(3))
    state.apply(Pass())
    for column in (1, 2):
        state.apply(Take(column))
        state.apply(Pass())
    deal(state)
    assert state.sm_holder == 0 and state.order == [0, 1, 2]


@pytest.mark.parametrize("counts", [False, True])
def test_the_stationmaster_and_the_store_limit(new, counts: bool) -> None:
    state = new(4, Rules(stationmaster_counts=counts))
    state.apply(Take(0))
    state.apply(Place(1))
    state.apply(Pass())
    give(state, 1, yellow=1, green=2)  # seat 1 holds 2 red + 3 = 5
    state.apply(Take(1))  # and takes the Stationmaster
    state.apply(Pass())
    assert state.phase == ("return" if counts else "take")


def test_two_players_take_turns_a_b_b_a_and_pass_the_stationmaster(new) -> None:
    state = new(2)
    seats = []
    for _ in range(4):
        seats.append(state.to_play)
        state.apply(state.legal_actions()[0])  # take the first column
        while state.phase != "take" and state.to_play is not None:
            state.apply(Pass() if state.phase == "play" else state.legal_actions()[0])
        deal(state) if state.to_play is None else None
    assert seats == [0, 1, 1, 0]
    assert state.round == 2 and state.order == [1, 0, 0, 1]
    assert state.sm_holder == 1 and state.sm_column is None


# ---------------------------------------------------------------------- playing a card


def test_playing_pays_the_cost_into_the_bag(new, cards: CardSet) -> None:
    state = new(4)
    yellow = card(cards, "1 yellow")  # yellow, green, blue, black
    give(state, 0, green=1, blue=1, black=1)
    state.apply(Pile(1))  # 3 yellow
    state.apply(Place(4))
    assert Play(yellow) not in state.legal_actions()  # not in hand
    state.hands[0].append(yellow)
    bag = list(state.bag)
    assert Play(yellow) in state.legal_actions()
    state.apply(Play(yellow))
    assert state.tableaux[0] == [yellow] and state.hands[0] == []
    assert state.stores[0] == [2, 2, 0, 0, 0]
    assert state.bag == [bag[0], bag[1] + 1, bag[2] + 1, bag[3] + 1, bag[4] + 1]


def test_a_card_that_cannot_be_paid_is_not_legal(new, cards: CardSet) -> None:
    state = new(4)
    state.apply(Take(3))  # 1 blue costs 2 blue, 2 black
    state.apply(Place(0))
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="play 1-blue is not legal"):
        state.apply(Play(card(cards, "1 blue")))


def test_the_card_just_taken_may_be_played_and_one_card_only(new, cards: CardSet) -> None:
    state = new(4)
    state.apply(Take(0))  # 1 red costs 1 red; the store holds 2 red
    state.apply(Place(4))
    state.hands[0].append(card(cards, "2 red"))
    state.apply(Play(card(cards, "1 red")))
    assert state.to_play == 1 and state.hands[0] == [card(cards, "2 red")]


def test_the_same_destination_may_be_played_twice(new, cards: CardSet) -> None:
    state = new(4)
    state.tableaux[0].append(card(cards, "1 yellow"))
    state.apply(Take(0))
    state.apply(Place(4))
    state.apply(Play(card(cards, "1 red")))
    assert [cards.destinations[i].number for i in state.tableaux[0]] == [1, 1]


# ---------------------------------------------------------------------- effects


def test_discount_lowers_later_costs_and_stacks(new, cards: CardSet) -> None:
    state = new(4)
    white = card(cards, "1 white")  # discount green; costs green, blue
    assert cards.destinations[white].effect.kind == "discount"
    give(state, 0, green=1, blue=1)
    state.hands[0].append(white)
    state.apply(Take(2))  # 1 green costs green + black
    state.apply(Place(4))
    state.apply(Play(white))
    assert state.discounts[0][GREEN] == 1
    assert state.cost(0, card(cards, "1 green")) == [(BLACK, 1)]
    state.discounts[0][GREEN] += 1
    assert state.cost(0, card(cards, "2 yellow")) == [(YELLOW, 3)]  # 3 yellow, 2 green


def test_a_bigger_store_keeps_more_tokens(new, cards: CardSet) -> None:
    state = new(4)
    black = card(cards, "1 black")  # store +1; costs red, yellow, black
    give(state, 0, yellow=1, black=1)
    state.apply(Take(4))
    state.apply(Place(0))
    state.apply(Play(black))
    assert state.store_limit(0) == 6
    give(state, 0, green=6)
    assert sum(state.stores[0]) == 7
    state.phase, state.turn = "play", 0
    state.apply(Pass())
    assert state.phase == "return"
    state.apply(Return("green"))
    assert sum(state.stores[0]) == 6 and state.to_play == 1


def test_the_luggage_icon_draws_two_and_keeps_one(new, cards: CardSet) -> None:
    state = new(4)
    yellow = card(cards, "1 yellow")
    give(state, 0, green=1, blue=1, black=1)
    state.apply(Pile(1))
    state.apply(Place(4))
    state.hands[0].append(yellow)
    state.apply(Play(yellow))
    assert state.to_play is None and state.pending == [("luggage", 0)] * 2
    assert state.chance_outcomes() == [(LuggageDraw(i), 1 / 16) for i in range(16)]
    state.apply(LuggageDraw(5))
    state.apply(LuggageDraw(9))
    assert state.phase == "keep" and state.legal_actions() == [Keep(5), Keep(9)]
    assert state.observation(0).offer == (5, 9) and state.observation(1).offer == ()
    state.apply(Keep(9))
    assert state.luggage[0] == [9] and state.lug_bottom == [5] and 5 not in state.lug
    assert state.observation(1).luggage_counts == (1, 0, 0, 0)


def test_a_luggage_pile_used_up_is_drawn_from_its_bottom_in_order(new, cards: CardSet) -> None:
    state = new(4)
    state.lug, state.lug_bottom = [], [7, 3, 11]
    yellow = card(cards, "1 yellow")
    give(state, 0, green=1, blue=1, black=1)
    state.apply(Pile(1))
    state.apply(Place(4))
    state.hands[0].append(yellow)
    state.apply(Play(yellow))
    assert state.offer == [7, 3] and state.legal_actions() == [Keep(3), Keep(7)]


def test_end_game_effects_score(cards: CardSet) -> None:
    from workbench.games.transorient_express.scoring import score_players

    def total(labels: list[str], luggage: tuple[int, ...] = ()) -> int:
        tableau = [card(cards, x) for x in labels]
        return score_players(cards, [tableau], [list(luggage)], [])[0].total

    per_black = "2 black"  # 1 point, 1 per black card
    assert total([per_black]) == 1 + 1
    assert total([per_black, "1 black"]) == 1 + 3 + 2  # 1 black: 3 points, store +1
    per_passport = "2 blue"  # 0 points, 1 per passport
    assert total([per_passport]) == 0
    assert total([per_passport, "2 red"]) == 0 + 2 + 1 * 1  # 2 red: 2 points, 1 passport
    assert total([per_passport, "1 yellow"], (7,)) == 2 + 1 + 3  # 2 + 1 passports, luggage 1
    wild_color = "2 green"  # counts as a black card for 2 black's effect
    assert total([per_black, wild_color]) == 1 + 1 + 2
    per_luggage = next(i for i, lg in enumerate(cards.luggage) if lg.effect.kind == "per_luggage")
    assert total([], (per_luggage, 0)) == cards.luggage[0].points + 2 * 1


def test_wild_number_completes_a_route_set(cards: CardSet) -> None:
    from workbench.games.transorient_express.scoring import run_length

    wild = card(cards, "1 green")
    assert cards.destinations[wild].effect.kind == "wild_number"
    tableau = [cards.destinations[card(cards, x)] for x in ("1 red", "3 red")]
    assert run_length(tableau) == 1
    assert run_length([*tableau, cards.destinations[wild]]) == 3


# ---------------------------------------------------------------------- end of the turn


def test_a_third_card_in_hand_is_discarded_under_the_pile(new, cards: CardSet) -> None:
    state = new(4)
    state.hands[0] += [card(cards, "2 red"), card(cards, "2 yellow")]
    state.apply(Take(3))
    state.apply(Place(4))
    state.apply(Pass())
    assert state.phase == "discard" and len(state.legal_actions()) == 3
    state.apply(Discard(card(cards, "2 yellow")))
    assert state.deck_bottom == [card(cards, "2 yellow")] and len(state.hands[0]) == 2
    assert state.to_play == 1


def test_over_five_tokens_the_player_chooses_what_goes_back(new) -> None:
    state = new(4)
    give(state, 0, black=2)  # 2 red, 2 black; the pile of column 2 adds 3 yellow
    state.apply(Pile(1))
    state.apply(Place(4))
    state.apply(Pass())
    assert state.phase == "return" and state.legal_actions() == [
        Return("red"),
        Return("yellow"),
        Return("black"),
    ]
    state.apply(Return("black"))
    state.apply(Return("black"))
    assert state.stores[0] == [2, 3, 0, 0, 0] and state.to_play == 1
    assert total_tokens(state) == 50


def test_random_returns_are_chance_outcomes(new) -> None:
    state = new(4, Rules(returns="random"))
    state.apply(Pile(1))  # 2 red + 3 yellow = 5: no return
    state.apply(Place(4))
    state.apply(Pass())
    assert state.to_play == 1
    give(state, 1, black=4)  # 2 red + 4 black, then 3 yellow
    state.apply(Pile(2))
    state.apply(Pass())
    assert state.to_play is None and state.pending == [("lose", 1)] * 4
    assert state.chance_outcomes() == [
        (LoseToken("red"), 2 / 9),
        (LoseToken("yellow"), 3 / 9),
        (LoseToken("black"), 4 / 9),
    ]
    for _ in range(4):
        state.apply(LoseToken("black"))
    assert state.stores[1] == [2, 3, 0, 0, 0] and state.to_play == 2


# ---------------------------------------------------------------------- end of the round


def test_the_end_of_a_round_slides_refills_and_adds_a_token(new) -> None:
    state = new(4)
    top = list(state.top)
    for column in (0, 1, 2, 3):
        state.apply(Take(column))
        if state.phase == "place":
            state.apply(Place(4))
        state.apply(Pass())
    assert state.to_play is None and state.pending[0] == ("bonus", 4)
    left = sum(state.piles[4])
    state.apply(TokenDraw("blue"))
    assert sum(state.piles[4]) == left + 1
    assert state.bottom[:4] == top[:4] and state.bottom[4] >= 0 and state.top[4] == top[4]
    assert [kind for kind, _ in state.pending[:4]] == ["top"] * 4
    deal(state)
    assert all(c >= 0 for c in state.top) and all(sum(p) == 3 for p in state.piles[:4])
    assert state.round == 2 and total_tokens(state) == 50


def test_an_empty_bag_gives_smaller_piles(new) -> None:
    state = new(4)
    for seat in range(4):
        state.stores[seat] = [0] * 5
    state.bag = [0] * 5
    state.piles = [
        [10, 0, 0, 0, 0],
        [0, 10, 0, 0, 0],
        [0, 0, 10, 0, 0],
        [0, 0, 0, 10, 0],
        [0, 0, 0, 0, 10],
    ]
    for column in (0, 1, 2, 3):
        state.apply(Pile(column))
        if state.phase == "place":
            state.apply(Place(4))
        state.apply(Pass())
        while state.phase == "return":
            state.apply(state.legal_actions()[0])
    deal(state)
    assert state.round == 2 and total_tokens(state) == 50


# ---------------------------------------------------------------------- end of the game


@pytest.mark.parametrize(
    ("players", "rules", "cards_needed"),
    [(4, Rules(), 7), (2, Rules(), 8), (2, Rules(end_cards_two=7), 7)],
)
def test_the_game_ends_at_the_end_of_the_round_with_n_cards(
    new, cards: CardSet, players: int, rules: Rules, cards_needed: int
) -> None:
    state = new(players, rules)
    state.tableaux[0] = [card(cards, "3 red")] * (cards_needed - 1)
    state.apply(Take(0))  # 1 red, paid with a red token
    if state.phase == "place":
        state.apply(Place(4))
    state.apply(Play(card(cards, "1 red")))
    assert len(state.tableaux[0]) == cards_needed and not state.is_terminal()
    while state.to_play is not None:
        state.apply(state.legal_actions()[0])
        while state.to_play is not None and state.phase != "take":
            state.apply(Pass() if state.phase == "play" else state.legal_actions()[0])
    assert state.is_terminal() and state.pending == []
    assert 0 in state.winners() or state.winners()


def test_seven_cards_short_of_the_mark_go_on(new, cards: CardSet) -> None:
    state = new(2)
    state.tableaux[0] = [card(cards, "3 red")] * 7  # 2 players: 8 needed
    for _ in range(4):
        state.apply(state.legal_actions()[0])
        while state.to_play is not None and state.phase != "take":
            state.apply(Pass() if state.phase == "play" else state.legal_actions()[0])
    assert not state.is_terminal() and state.to_play is None


def test_ties_are_broken_by_passports_then_shared(new, cards: CardSet) -> None:
    state = new(2)
    state.objectives = []
    state.phase = "over"
    state.tableaux = [[card(cards, "2 red")], [card(cards, "9 red")]]
    a, b = (cards.destinations[i] for i in (state.tableaux[0][0], state.tableaux[1][0]))
    assert a.points == b.points and a.passports > b.passports
    assert state.winners() == (0,)
    state.tableaux = [[card(cards, "2 red")], [card(cards, "2 red")]]
    assert state.winners() == (0, 1)


# ---------------------------------------------------------------------- objectives


def test_objective_scoring_tables_medals_and_seasons(cards: CardSet) -> None:
    from workbench.games.transorient_express.scoring import (
        ranked_points,
        score_players,
        table_points,
    )

    route13 = cards.objectives_of("route")[0]
    assert [table_points(route13, k) for k in (1, 2, 4, 5, 7, 8)] == [0, 2, 4, 6, 9, 11]
    assert ranked_points([3, 3, 2, 0], [8, 5, 2]) == [8, 8, 5, 0]
    assert ranked_points([3, 3, 2, 1], [8, 5, 2], "competition") == [8, 8, 2, 0]
    assert ranked_points([3, 2, 2, 1], [8, 5, 2], "competition") == [8, 5, 5, 0]
    season = {o.number: i for i, o in enumerate(cards.objectives)}
    four = [card(cards, x) for x in ("3 red", "3 yellow", "3 green", "3 blue")]
    got = score_players(cards, [four, four[:3]], [[], []], [season[7]])
    assert [b.objectives for b in got] == [(6,), (0,)]
    wild = card(cards, "2 green")  # wild color: the fourth color
    got = score_players(cards, [[*four[:3], wild]], [[]], [season[7]])
    assert got[0].objectives == (6,)
    visa4 = season[4]  # ranked 8/5/2 on passports
    p2, p1, p0 = card(cards, "1 yellow"), card(cards, "2 red"), card(cards, "3 red")
    got = score_players(cards, [[p2], [p1], [p1], [p0]], [[]] * 4, [visa4])
    assert [b.objectives[0] for b in got] == [8, 5, 5, 0]
    got = score_players(cards, [[p2], [p1], [p1], [p0]], [[]] * 4, [visa4], "competition")
    assert [b.objectives[0] for b in got] == [8, 5, 5, 0]


def test_the_fast_scorer_agrees_with_the_plain_one(cards: CardSet) -> None:
    import numpy as np

    from workbench.games.transorient_express.scoring import Scorer, score_players

    rng = np.random.default_rng(3)
    for _ in range(200):
        objectives = [int(rng.integers(0, 6)), int(rng.integers(6, 12)), int(rng.integers(12, 18))]
        tableaux = [list(rng.choice(72, size=int(rng.integers(0, 9)))) for _ in range(3)]
        luggage = [
            list(rng.choice(16, size=int(rng.integers(0, 4)), replace=False)) for _ in range(3)
        ]
        ties = "dense" if rng.random() < 0.5 else "competition"
        plain = score_players(cards, tableaux, luggage, objectives, ties)
        fast = Scorer(cards, objectives, ties)
        assert fast.breakdown(tableaux, luggage) == plain
        assert [fast.total(s, tableaux, luggage) for s in range(3)] == [b.total for b in plain]


# ---------------------------------------------------------------------- actions


def test_every_action_reads_back_from_its_text(new, cards: CardSet) -> None:
    game = new(4).game
    actions = [
        Take(0),
        Pile(4),
        Place(2),
        Pass(),
        Keep(15),
        Return("black"),
        Play(card(cards, "12 white"), "12-white"),
        Discard(3, "1-blue"),
        TokenDraw("green"),
        CardDraw(7, "2-yellow"),
        LuggageDraw(0),
        LoseToken("red"),
    ]
    for action in actions:
        assert game.parse_action(str(action)) == action
    for bad in ("", "take", "take x", "pile 0", "play 13-red", "draw purple", "jump 3"):
        with pytest.raises(ValueError):
            game.parse_action(bad)


def test_illegal_actions_say_why(new) -> None:
    state = new(4)
    with pytest.raises(IllegalActionError, match=r"round 1, turn 1, seat 0: pass is not legal"):
        state.apply(Pass())
    with pytest.raises(IllegalActionError, match="a card of the shuffled pile"):
        fresh = state.game.new_state()
        fresh.pending = [("top", 0)]
        fresh.apply(TokenDraw("red"))


def test_rules_are_checked(cards: CardSet) -> None:
    with pytest.raises(ValueError, match=r"Rules\.discard is 'bin'"):
        Rules(discard="bin")
    with pytest.raises(ValueError, match="columns_4 is 4: it must be a whole number, at least 5"):
        Rules(columns_4=4)
    assert Rules.from_dict(Rules(returns="random").to_dict()) == Rules(returns="random")
    with pytest.raises(ValueError, match="unknown rule 'hand'"):
        Rules.from_dict({"hand": 3})
