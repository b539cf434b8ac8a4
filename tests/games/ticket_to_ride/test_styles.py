"""The four playing styles: each one's defining preference on a position set up by hand,
where it must choose otherwise than the three other styles, and whole games at every
player count, the same from the same seed."""

from __future__ import annotations

import numpy as np
import pytest

from workbench.games import GAMES, play
from workbench.games.ticket_to_ride import TicketToRideState
from workbench.games.ticket_to_ride.styles import STYLES

from .helpers import move, started

INFO = GAMES["ticket_to_ride"]
NAMES = list(STYLES)


def choices(state: TicketToRideState) -> dict[str, str]:
    """What every style (and the strongest planner, for reference) plays at seat 0."""
    obs = state.observation(0)
    out = {}
    for name in [*NAMES, "planner_stations"]:
        bot = INFO.bots[name](state.game, 0, np.random.default_rng(0))
        out[name] = str(bot.act(obs))
    return out


def own(state: TicketToRideState, *routes: str) -> None:
    t = state.game.tables
    for rid in routes:
        i = t.index[rid]
        state.owners[i] = 0
        state.cars[0] -= t.length[i]
        state.route_points[0] += t.points[i]


def alone(chosen: dict[str, str], name: str) -> None:
    for other in NAMES:
        if other != name:
            assert chosen[name] != chosen[other], (name, other, chosen)


def test_the_styles_are_registered_by_name() -> None:
    for name in NAMES:
        assert name in INFO.bots
        assert INFO.bot(name).name == name


def test_route_focus_works_on_one_ticket_and_leaves_the_others_routes() -> None:
    # two 8-point tickets, each 8 cars away; the focus is the first by id, Dieppe-Madrid
    # (Dieppe-Paris, Paris-Pamplona, Pamplona-Madrid); the hand pays Frankfurt-Paris in
    # orange, a route of Paris-Wien's way, which every other style claims at once
    state = started(4)
    state.tickets[0] = ["Dieppe-Madrid", "Paris-Wien"]
    move(state, state.hands[0], green=2, white=4, orange=6)
    chosen = choices(state)
    assert chosen["route_focus"] == "take black"  # Madrid-Pamplona's black, face up
    for other in ("destination_hungry", "one_step", "planner_stations"):
        assert chosen[other] == "claim Frankfurt-Paris 3orange"
    alone(chosen, "route_focus")


def test_one_step_takes_the_route_that_completes_a_ticket_now() -> None:
    # Munchen-Zurich and Munchen-Wien are seat 0's: Budapest-Wien (1 red) completes
    # Budapest-Zurich (6 points) at once; the others claim longer routes of their plans
    state = started(4)
    state.tickets[0] = ["Budapest-Zurich", "Constantinople-Venezia"]
    own(state, "Munchen-Zurich", "Munchen-Wien")
    move(state, state.hands[0], pink=3, red=3, orange=6)
    chosen = choices(state)
    assert chosen["one_step"] == "claim Budapest-Wien 1red"
    alone(chosen, "one_step")


def test_the_long_route_exploiter_claims_a_long_route_off_its_plan() -> None:
    # six orange cards pay the 6-car Budapest-Kyiv, on no ticket's way: 15 points
    state = started(4)
    state.tickets[0] = ["Budapest-Zurich", "Constantinople-Venezia"]
    move(state, state.hands[0], pink=3, red=3, orange=6)
    chosen = choices(state)
    assert chosen["long_route"] == "claim Budapest-Kyiv 6orange"
    for other in ("route_focus", "destination_hungry", "one_step", "planner_stations"):
        assert chosen[other] == "claim Sarajevo-Zagrab 3red"
    alone(chosen, "long_route")


def test_the_destination_hungry_keeps_more_tickets() -> None:
    # 26 cars left and two tickets open: the others keep one of the three offered, the
    # hungry one the two that still fit its cars
    state = started(4)
    state.tickets[0] = ["Brindisi-Zurich", "Madrid-Zurich"]
    offered = ["Erzurum-Rostov", "London-Wien", "Smyrna-Sofia"]
    for x in offered:
        state.pile.remove(x)
    state.offered[0] = offered
    state.phase, state.setup, state.cars[0] = "keep", False, 26
    chosen = choices(state)
    assert chosen["destination_hungry"] == "keep Erzurum-Rostov,Smyrna-Sofia"
    for other in NAMES:
        if other != "destination_hungry":
            assert chosen[other].count(",") == 0, (other, chosen[other])


def test_the_destination_hungry_draws_tickets_where_greedy_claims() -> None:
    # its only ticket done, 12 cars left: greedy (15 cars kept back) claims, it draws
    state = started(4)
    state.tickets[0] = ["Frankfurt-Kobenhavn"]
    own(state, "Essen-Frankfurt", "Essen-Kobenhavn")
    state.cars[0] = 12
    move(state, state.hands[0], red=4)
    obs = state.observation(0)
    hungry = INFO.bots["destination_hungry"](state.game, 0, np.random.default_rng(0))
    greedy = INFO.bots["greedy_stations"](state.game, 0, np.random.default_rng(0))
    assert str(hungry.act(obs)) == "tickets"
    assert str(greedy.act(obs)).startswith("claim ")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_styles_play_whole_games_the_same_from_the_same_seed(players: int) -> None:
    lineup = [INFO.bots[NAMES[(k + players) % len(NAMES)]] for k in range(players)]
    game = INFO.new_game(players=players, seed=players)
    end = play(game, lineup, seed=7)
    assert end.is_terminal()
    assert len(end.winners()) >= 1
    again = play(INFO.new_game(players=players, seed=players), lineup, seed=7)
    assert again.history == end.history
