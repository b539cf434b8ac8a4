"""Hand-worked positions, one rule each (docs/ticket_to_ride.md says where each comes from)."""

from __future__ import annotations

import pytest

from tests.games.ticket_to_ride.helpers import (
    EUROPE,
    card,
    conserved,
    deal,
    move,
    started,
)
from workbench.exceptions import IllegalActionError
from workbench.games.ticket_to_ride import TicketToRide, TTRRules
from workbench.games.ticket_to_ride.actions import (
    BuildStation,
    Claim,
    DrawBlind,
    DrawTickets,
    Keep,
    Pass,
    PayTunnel,
    TakeCard,
    Withdraw,
    parse_action,
)


def act(state, text: str) -> None:  # type: ignore[no-untyped-def]
    state.apply(parse_action(text))


def texts(actions) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a) for a in actions]


# ---------------------------------------------------------------------- setup


def test_setup_deals_four_cards_five_face_up_and_four_tickets_keeping_two() -> None:
    game = TicketToRide(EUROPE, players=3, seed=0)
    state = game.new_state()
    while state.to_play is None:
        state.apply(state.chance_outcomes()[-1][0])
    assert [sum(h) for h in state.hands] == [4, 4, 4] and sum(state.market) == 5
    for seat in range(3):
        offered = state.offered[seat]
        longs = [x for x in offered if game.tables.tickets[x].long]
        assert len(offered) == 4 and len(longs) == 1
    keeps = state.legal_actions()
    assert {len(k.tickets) for k in keeps} == {2, 3, 4} and len(keeps) == 6 + 4 + 1
    with pytest.raises(IllegalActionError, match="keep at least 2"):
        state.apply(Keep(state.offered[0][:1]))
    rejected = sorted(state.offered[0])[:2]
    act(state, "keep " + ",".join(sorted(state.offered[0])[2:]))
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.phase == "turn" and state.to_play == 0
    # rejected starting tickets leave the game, and so do the long tickets not dealt
    assert not set(rejected) & set(state.pile + state.bottom) and state.long_pile == []
    assert len(state.pile) == 40 - 9


# ---------------------------------------------------------------------- drawing cards


def test_a_face_up_locomotive_is_the_whole_turn_and_never_the_second_card() -> None:
    state = started(market={"loco": 2, "red": 3})
    act(state, "take loco")
    deal(state, "blue")  # the refill
    assert state.to_play == 1 and state.hands[0][card(state, "loco")] == 1
    act(state, "take red")
    deal(state, "green")
    assert state.to_play == 1 and state.phase == "draw2"
    assert "take loco" not in texts(state.legal_actions())
    with pytest.raises(IllegalActionError, match="second card cannot be a face-up locomotive"):
        act(state, "take loco")
    act(state, "blind")
    deal(state, "loco")  # a blind locomotive counts as one card
    assert state.to_play == 2 and sum(state.hands[1]) == 2
    assert conserved(state)


def test_the_free_locomotive_house_rule_lets_it_be_either_card() -> None:
    state = started(rules=TTRRules.preset("free_locomotive"), market={"loco": 2, "red": 3})
    act(state, "take loco")
    deal(state, "blue")
    assert state.to_play == 0 and "take loco" in texts(state.legal_actions())


def test_three_face_up_locomotives_lay_out_a_new_market() -> None:
    state = started(market={"loco": 2, "red": 3})
    act(state, "take red")
    deal(state, "loco")  # the refill shows a third locomotive
    assert state.relays == 1 and sum(state.market) == 0
    assert state.discard[card(state, "loco")] == 3 and state.discard[card(state, "red")] == 2
    deal(state, "blue", "blue", "green", "green", "black")
    assert state.to_play == 0 and state.phase == "draw2" and sum(state.market) == 5
    assert conserved(state)


def test_the_market_stops_being_laid_out_anew_after_the_limit() -> None:
    rules = TTRRules(max_relays=2)
    state = started(rules=rules, market={"loco": 2, "red": 3})
    act(state, "take red")
    deal(state, "loco")  # 3 locomotives: relay 1
    deal(state, "loco", "loco", "loco", "red", "red")  # 3 again: relay 2
    deal(state, "loco", "loco", "loco", "blue", "blue")  # 3 again: the limit, it stays
    assert state.relays == 2 and state.market[card(state, "loco")] == 3
    assert state.to_play == 0 and state.phase == "draw2"
    # a new take starts the count again: the refilled market is laid out anew once more
    act(state, "take blue")
    deal(state, "blue")
    assert state.relays == 1 and state.to_play is None and sum(state.market) == 0
    deal(state, "red", "red", "red", "red", "red")
    assert state.to_play == 1 and conserved(state)


def test_an_empty_deck_reshuffles_the_discards_and_then_stops_blind_draws() -> None:
    state = started()
    for i in range(len(state.deck)):  # every card in the discard pile but the market
        state.discard[i], state.deck[i] = state.deck[i], 0
    assert "blind" in texts(state.legal_actions())
    act(state, "blind")
    assert sum(state.discard) == 0 and sum(state.deck) == 105  # reshuffled
    deal(state, "green")
    # now empty both piles: only face-up cards can be drawn, and no refill happens
    move(
        state,
        state.hands[1],
        **{n: k for n, k in zip(state.game.tables.names, state.deck, strict=True)},
    )
    assert sum(state.deck) == 0 and texts(state.draws()) == [
        "take yellow",
        "take white",
        "take black",
    ]
    act(state, "take white")
    assert state.to_play == 1 and sum(state.market) == 4
    assert "blind" not in texts(state.legal_actions())
    assert texts(state.draws()) == ["take yellow", "take white", "take black"]
    assert conserved(state)


def test_nobody_able_to_act_passes_and_a_round_of_passes_ends_the_game() -> None:
    state = started(players=2, market={})
    for i in range(len(state.deck)):  # every card in seat 1's hand, no tickets left
        state.hands[1][i], state.deck[i] = state.deck[i], 0
    state.pile, state.bottom = [], []
    state.stations_left = [0, 0]
    state.cars = [0, 45]  # seat 0 can neither draw nor claim
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="pass only when nothing else is legal"):
        started().apply(Pass())
    state.apply(Pass())
    assert state.to_play == 1 and state.passes == 1 and not state.is_terminal()
    # seat 1 can claim; the last-turn rule is already running for seat 0's 0 cars
    assert state.last_turns == 2
    # with every route taken, nobody can do anything: a round of passes ends the game
    stuck = started(players=2, market={})
    for i in range(len(stuck.deck)):
        stuck.hands[1][i], stuck.deck[i] = stuck.deck[i], 0
    stuck.pile, stuck.bottom, stuck.stations_left = [], [], [0, 0]
    stuck.owners = [0] * len(stuck.owners)
    stuck.apply(Pass())
    assert not stuck.is_terminal() and stuck.legal_actions() == [Pass()]
    stuck.apply(Pass())
    assert stuck.is_terminal() and stuck.passes == 2 and stuck.last_turns is None


# ---------------------------------------------------------------------- claiming


def test_a_route_takes_cards_of_its_color_with_locomotives_wild() -> None:
    state = started()
    move(state, state.hands[0], orange=2, loco=1, white=3)
    claims = [a for a in state.legal_actions() if isinstance(a, Claim)]
    fp = [str(a) for a in claims if a.route.startswith("Frankfurt-Paris")]
    assert fp == [
        "claim Frankfurt-Paris 2orange+1loco",
        "claim Frankfurt-Paris#2 3white",
        "claim Frankfurt-Paris#2 2white+1loco",
    ]
    with pytest.raises(IllegalActionError, match="3 cards of orange"):
        act(state, "claim Frankfurt-Paris 3white")
    act(state, "claim Frankfurt-Paris#2 3white")
    assert state.owners[state.game.tables.index["Frankfurt-Paris#2"]] == 0
    assert state.cars[0] == 42 and state.route_points[0] == 4 and state.to_play == 1
    assert state.discard[card(state, "white")] == 3 and conserved(state)


def test_a_gray_route_takes_any_one_color_and_never_two() -> None:
    state = started()
    move(state, state.hands[0], red=1, blue=1, pink=2)
    gray = texts(a for a in state.legal_actions() if str(a).startswith("claim Wien-Zagrab"))
    assert gray == ["claim Wien-Zagrab 2pink"]
    with pytest.raises(ValueError, match="mixes two colors"):
        act(state, "claim Wien-Zagrab 1red+1blue")


def test_a_ferry_without_its_locomotives_is_refused() -> None:
    state = started()
    move(state, state.hands[0], red=4)
    assert not [a for a in state.legal_actions() if "Dieppe-London" in str(a)]
    with pytest.raises(IllegalActionError, match="at least 1 of them locomotives") as e:
        act(state, "claim Dieppe-London 2red")
    assert "turn 1, seat 0" in str(e.value) and state.cars[0] == 45
    move(state, state.hands[0], loco=1)
    assert "claim Dieppe-London 1red+1loco" in texts(state.legal_actions())
    act(state, "claim Dieppe-London 1red+1loco")
    assert state.cars[0] == 43


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_or_three_players_only_one_lane_of_a_double_is_taken(players: int) -> None:
    state = started(players=players)
    move(state, state.hands[0], orange=3)
    act(state, "claim Frankfurt-Paris 3orange")
    move(state, state.hands[1], white=3)
    assert "claim Frankfurt-Paris#2 3white" not in texts(state.legal_actions())
    with pytest.raises(IllegalActionError, match=f"with {players} players only one lane"):
        act(state, "claim Frankfurt-Paris#2 3white")


def test_with_four_players_both_lanes_are_taken_but_never_by_one_player() -> None:
    state = started(players=4)
    move(state, state.hands[0], orange=3, white=3)
    act(state, "claim Frankfurt-Paris 3orange")
    for seat in (1, 2, 3):  # round to seat 0 again: seats 1-3 draw tickets... or pass
        move(state, state.hands[seat], white=1)
        act(state, "blind")
        deal(state, "red")
        act(state, "blind")
        deal(state, "red")
    assert state.to_play == 0
    assert "claim Frankfurt-Paris#2 3white" not in texts(state.legal_actions())
    with pytest.raises(IllegalActionError, match="never takes both lanes"):
        act(state, "claim Frankfurt-Paris#2 3white")
    act(state, "blind")
    deal(state, "red")
    act(state, "blind")
    deal(state, "red")
    move(state, state.hands[1], white=2)
    act(state, "claim Frankfurt-Paris#2 3white")
    assert state.owners[state.game.tables.index["Frankfurt-Paris#2"]] == 1


def test_a_route_longer_than_the_cars_left_is_refused() -> None:
    state = started()
    state.cars[0] = 2
    move(state, state.hands[0], orange=3)
    with pytest.raises(IllegalActionError, match="needs 3 cars and 2 are left"):
        act(state, "claim Frankfurt-Paris 3orange")


# ---------------------------------------------------------------------- tunnels


def test_a_tunnel_paid() -> None:
    state = started()
    move(state, state.hands[0], blue=3, loco=1)
    act(state, "claim Munchen-Venezia 2blue")
    assert state.to_play is None and state.owners[state.game.tables.index["Munchen-Venezia"]] < 0
    deal(state, "blue", "red", "loco")  # one blue and one locomotive: 2 more cards
    assert state.phase == "tunnel" and state.to_play == 0
    assert texts(state.legal_actions()) == ["pay 1blue+1loco", "withdraw"]
    with pytest.raises(IllegalActionError, match="asks for 2 more cards"):
        act(state, "pay 1blue")
    act(state, "pay 1blue+1loco")
    assert state.owners[state.game.tables.index["Munchen-Venezia"]] == 0
    assert sum(state.hands[0]) == 0 and state.cars[0] == 43 and state.to_play == 1
    # the revealed cards and the paid ones are discarded
    assert state.discard[card(state, "blue")] == 4 and state.discard[card(state, "red")] == 1
    assert state.discard[card(state, "loco")] == 2 and conserved(state)


def test_a_tunnel_withdrawn_keeps_the_cards_and_ends_the_turn() -> None:
    state = started()
    move(state, state.hands[0], blue=2)
    act(state, "claim Munchen-Venezia 2blue")
    deal(state, "blue", "green", "green")
    assert texts(state.legal_actions()) == ["withdraw"]  # nothing left to pay with
    act(state, "withdraw")
    assert state.hands[0][card(state, "blue")] == 2 and state.to_play == 1
    assert state.owners[state.game.tables.index["Munchen-Venezia"]] < 0 and state.cars[0] == 45
    assert state.discard[card(state, "green")] == 2 and conserved(state)


def test_a_tunnel_paid_with_locomotives_only_counts_revealed_locomotives() -> None:
    state = started()
    move(state, state.hands[0], loco=3)
    act(state, "claim Munchen-Venezia 2loco")
    deal(state, "blue", "blue", "red")  # no locomotive: no extra card
    assert state.owners[state.game.tables.index["Munchen-Venezia"]] == 0 and state.to_play == 1
    state2 = started()
    move(state2, state2.hands[0], loco=3)
    act(state2, "claim Munchen-Venezia 2loco")
    deal(state2, "loco", "blue", "loco")
    assert texts(state2.legal_actions()) == ["withdraw"]  # 2 more locomotives; 1 left


def test_two_card_tunnels_reveal_two() -> None:
    state = started(rules=TTRRules.preset("tunnels_2"))
    move(state, state.hands[0], blue=2)
    act(state, "claim Munchen-Venezia 2blue")
    deal(state, "red", "red")
    assert state.to_play == 1 and state.owners[state.game.tables.index["Munchen-Venezia"]] == 0


# ---------------------------------------------------------------------- tickets


def test_drawn_tickets_keep_at_least_one_and_the_rest_go_under_the_pile() -> None:
    state = started()
    pile = list(state.pile)
    act(state, "tickets")
    for x in pile[:3]:
        act(state, f"deal ticket {x}")
    assert state.phase == "keep" and len(state.legal_actions()) == 7
    with pytest.raises(IllegalActionError, match="keep at least 1"):
        state.apply(Keep(()))
    act(state, f"keep {pile[1]}")
    assert state.bottom == sorted([pile[0], pile[2]]) and state.to_play == 1
    # the tickets under the pile come out only once the pile is empty, in order
    state.pile = []
    act(state, "tickets")
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"deal ticket {state.bottom[0]}"]


# ---------------------------------------------------------------------- stations


def test_stations_cost_one_two_three_cards_one_per_city() -> None:
    state = started(players=2)
    move(state, state.hands[0], red=3, loco=3)
    assert "station Wien 1red" in texts(state.legal_actions())
    act(state, "station Wien 1red")
    move(state, state.hands[1], red=2)
    with pytest.raises(IllegalActionError, match="Wien has a station already"):
        act(state, "station Wien 1red")
    act(state, "station Roma 1red")
    with pytest.raises(IllegalActionError, match="costs 2 cards"):
        act(state, "station Paris 1red")
    act(state, "station Paris 1red+1loco")
    act(state, "blind")
    deal(state, "red")
    act(state, "blind")
    deal(state, "red")
    act(state, "station Berlin 1red+2loco")
    assert state.stations_left == [0, 2] and state.station_at["Berlin"] == 0
    assert not [a for a in state.legal_actions() if isinstance(a, BuildStation)] or (
        state.to_play == 1
    )


def test_no_stations_house_rule() -> None:
    state = started(rules=TTRRules.preset("no_stations"))
    move(state, state.hands[0], red=3)
    assert not [a for a in state.legal_actions() if isinstance(a, BuildStation)]


# ---------------------------------------------------------------------- the end


def test_the_last_turn_trigger_gives_everyone_one_more_turn() -> None:
    state = started(players=3)
    state.cars[1] = 5
    act(state, "blind")
    deal(state, "red")
    act(state, "blind")
    deal(state, "red")
    move(state, state.hands[1], orange=3)
    act(state, "claim Frankfurt-Paris 3orange")  # seat 1 ends its turn with 2 cars
    assert state.cars[1] == 2 and state.last_turns == 3
    seats = []
    while not state.is_terminal():
        if state.to_play is None:
            deal(state, "red")
            continue
        seats.append(state.to_play)
        act(state, "blind")
    # seats 2, 0 and 1 each get one more turn (two cards drawn each)
    assert seats == [2, 2, 0, 0, 1, 1] and state.turns == 5
    assert state.legal_actions() == [] and state.to_play is None


def test_a_player_ending_with_three_cars_does_not_trigger_it() -> None:
    state = started(players=2)
    state.cars[0] = 6
    move(state, state.hands[0], orange=3)
    act(state, "claim Frankfurt-Paris 3orange")
    assert state.cars[0] == 3 and state.last_turns is None


def _finish(state) -> None:  # type: ignore[no-untyped-def]
    """End the game now: a final round from a seat with 0 cars."""
    state.cars = [0] * state.game.players
    state.last_turns = 1
    state.pile, state.bottom = [], []
    act(state, "blind")
    deal(state, "red")
    act(state, "blind")
    deal(state, "red")
    assert state.is_terminal()


def _own(state, seat: int, *routes: str) -> None:  # type: ignore[no-untyped-def]
    t = state.game.tables
    for r in routes:
        i = t.index[r]
        state.owners[i] = seat
        state.route_points[seat] += t.points[i]


def test_a_station_borrows_the_rival_route_that_helps_most() -> None:
    state = started(players=2)
    state.tickets = [["Paris-Wien"], []]
    points = state.game.tables.tickets["Paris-Wien"].points
    _own(state, 0, "Munchen-Wien")
    _own(state, 1, "Frankfurt-Munchen", "Frankfurt-Paris")
    state.station_at["Munchen"] = 0  # one borrowed route is not enough
    state.stations_left[0] = 2
    _finish(state)
    sheet = state.score_sheets()[0]
    assert sheet.tickets == -points and sheet.borrowed == () and sheet.failed == 1
    state2 = started(players=2)
    state2.tickets = [["Paris-Wien"], []]
    _own(state2, 0, "Munchen-Wien", "Frankfurt-Munchen")
    _own(state2, 1, "Berlin-Frankfurt", "Bruxelles-Frankfurt", "Frankfurt-Paris")
    state2.station_at["Frankfurt"] = 0  # three rival routes to choose from
    state2.stations_left[0] = 2
    _finish(state2)
    sheet = state2.score_sheets()[0]
    assert sheet.tickets == points and sheet.borrowed == ("Frankfurt-Paris",)
    assert sheet.completed == 1 and sheet.stations == 8
    # no points lent, no path lengthened: the longest path is still 5 cars
    assert sheet.routes == 4 + 2 and sheet.longest == 5


def test_two_stations_each_borrow_their_own_route() -> None:
    state = started(players=3)
    state.tickets = [["Berlin-Roma"], [], []]
    _own(state, 0, "Munchen-Wien", "Munchen-Venezia")
    _own(state, 1, "Berlin-Wien")
    _own(state, 2, "Roma-Venezia")
    state.station_at["Wien"] = 0
    state.station_at["Venezia"] = 0
    state.stations_left[0] = 1
    _finish(state)
    sheet = state.score_sheets()[0]
    assert sheet.completed == 1 and sorted(sheet.borrowed) == ["Berlin-Wien", "Roma-Venezia"]
    assert sheet.stations == 4 and sheet.longest == 5


def test_unused_stations_score_four_each() -> None:
    state = started(players=2)
    state.tickets = [[], []]
    state.stations_left = [3, 1]
    _finish(state)
    assert [s.stations for s in state.score_sheets()] == [12, 4]


def test_the_longest_path_bonus_goes_to_every_tied_player() -> None:
    state = started(players=3)
    state.tickets = [[], [], []]
    _own(state, 0, "Berlin-Wien", "Munchen-Wien")  # 3 + 3
    _own(state, 1, "Frankfurt-Paris", "Frankfurt-Munchen")  # 3 + 2 ... + Paris-Zurich below
    _own(state, 1, "Bruxelles-Paris")  # 2: a 7-car path Bruxelles-Paris-Frankfurt-Munchen
    _own(state, 2, "Madrid-Pamplona", "Barcelona-Pamplona")  # 3 + 2 + 1 ... 5
    _finish(state)
    sheets = state.score_sheets()
    assert [s.longest for s in sheets] == [6, 7, 5]
    assert [s.longest_bonus for s in sheets] == [0, 10, 0]
    state2 = started(players=3)
    state2.tickets = [[], [], []]
    _own(state2, 0, "Berlin-Wien", "Munchen-Wien")
    _own(state2, 1, "Frankfurt-Paris", "Frankfurt-Munchen")
    _own(state2, 1, "Dieppe-Paris")  # 1: a 6-car path too
    _finish(state2)
    sheets = state2.score_sheets()
    assert [s.longest for s in sheets] == [6, 6, 0]
    assert [s.longest_bonus for s in sheets] == [10, 10, 0]
    worth_15 = started(players=3, rules=TTRRules.preset("longest_15"))
    worth_15.tickets = [[], [], []]
    _own(worth_15, 2, "Dieppe-Paris")
    _finish(worth_15)
    assert [s.longest_bonus for s in worth_15.score_sheets()] == [0, 0, 15]


def test_final_ties_break_on_tickets_then_stations_then_the_longest_path() -> None:
    # equal totals: the seat with more completed tickets wins
    state2 = started(players=2)
    state2.tickets = [["Paris-Wien"], []]
    _own(state2, 0, "Munchen-Wien", "Frankfurt-Munchen", "Frankfurt-Paris")
    state2.route_points[1] = state2.route_points[0] + 8 + 10  # the ticket and the bonus
    _finish(state2)
    totals = state2.scores()
    assert totals[0] == totals[1] and state2.winners() == (0,)
    # equal totals and tickets: more unused stations wins
    state3 = started(players=2)
    state3.tickets = [[], []]
    state3.stations_left = [2, 3]
    state3.route_points = [4, 0]
    _finish(state3)
    assert state3.scores()[0] == state3.scores()[1] and state3.winners() == (1,)


def test_the_rules_refuse_moves_out_of_turn_and_of_phase() -> None:
    state = started()
    with pytest.raises(IllegalActionError, match="deal red is not allowed: it is not a move"):
        act(state, "deal red")
    act(state, "blind")
    with pytest.raises(IllegalActionError, match="a card is being dealt"):
        act(state, "blind")
    deal(state, "red")
    with pytest.raises(IllegalActionError, match="draw your second card"):
        act(state, "tickets")
    assert isinstance(state.legal_actions()[-1], DrawBlind)
    assert DrawTickets() not in state.legal_actions() and Withdraw() not in state.legal_actions()
    assert TakeCard("loco") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="not a move of this phase"):
        started().apply(PayTunnel(parse_action("pay 1red").payment))  # type: ignore[union-attr]
