"""The three playing styles: each one's defining preference on a position set up by hand,
where it must choose otherwise than the two other styles, and whole games at every player
count, the same from the same seed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pytest

from workbench.games import GAMES, play
from workbench.games.transorient_express import CardSet, TransorientState
from workbench.games.transorient_express.styles import STYLES

INFO = GAMES["transorient_express"]
NAMES = list(STYLES)


def position(
    new: Callable[..., TransorientState],
    cards: CardSet,
    *,
    objectives: Sequence[int],
    bottom: Sequence[str | None],
    piles: Sequence[Sequence[int]],
    stores: Sequence[Sequence[int]],
    tableaux: Sequence[Sequence[str]],
    order: Sequence[int],
    turn: int,
    luggage: Sequence[int] = (),
) -> TransorientState:
    """A 4-player state at a take decision, set field by field (cards by label; objectives
    by their number)."""
    state = new(4)
    number = {o.number: i for i, o in enumerate(cards.objectives)}
    state.objectives = [number[n] for n in objectives]
    state.bottom = [-1 if x is None else cards.destination(x) for x in bottom]
    state.piles = [list(p) for p in piles]
    state.stores = [list(s) for s in stores]
    state.tableaux = [[cards.destination(x) for x in t] for t in tableaux]
    state.hands = [[] for _ in range(4)]
    state.luggage = [list(luggage), [], [], []]
    state.order, state.turn, state.phase = list(order), turn, "take"
    return state


def choices(state: TransorientState, seat: int) -> dict[str, str]:
    obs = state.observation(seat)
    return {
        name: str(INFO.bots[name](state.game, seat, np.random.default_rng(0)).act(obs))
        for name in [*NAMES, "planner", "greedy"]
    }


def alone(chosen: dict[str, str], name: str) -> None:
    for other in NAMES:
        if other != name:
            assert chosen[name] != chosen[other], (name, other, chosen)


def test_the_styles_are_registered_by_name() -> None:
    for name in NAMES:
        assert INFO.bot(name).name == name


def test_objectives_first_takes_the_card_that_feeds_a_season(
    new: Callable[..., TransorientState], cards: CardSet
) -> None:
    # the 9 green and the 7 white both add 3 points to seat 0's score, the 9 green with a
    # store besides: the others take it; the 7 white is a wild number that lengthens
    # seat 0's Route set (1, 2, 5 becomes 1, 2, 3: one point more on Route 13), which the
    # objectives-first bot counts three times
    state = position(
        new,
        cards,
        objectives=(4, 8, 13),
        bottom=(None, "9 green", "11 black", None, "7 white"),
        piles=((0,) * 5, (0, 0, 1, 1, 1), (2, 0, 0, 0, 1), (0,) * 5, (1, 0, 2, 1, 2)),
        stores=((0, 2, 1, 0, 0), (0, 0, 1, 1, 1), (0, 0, 2, 0, 0), (3, 0, 0, 0, 0)),
        tableaux=(
            ("1 red", "5 green", "2 white"),
            ("9 black", "11 white"),
            ("3 yellow", "7 green", "6 black", "12 black"),
            ("1 blue", "12 yellow"),
        ),
        order=(2, 3, 0, 1),
        turn=2,
        luggage=(4,),
    )
    chosen = choices(state, 0)
    assert chosen["objectives"] == "take 5"
    assert chosen["collector"] == chosen["blocker"] == chosen["planner"] == "take 2"
    alone(chosen, "objectives")


def test_the_collector_takes_its_color(
    new: Callable[..., TransorientState], cards: CardSet
) -> None:
    # seat 0 holds two green cards (its color): it takes the 4 green, where the others
    # take the 10 white or the 3 red
    state = position(
        new,
        cards,
        objectives=(4, 8, 13),
        bottom=("3 red", "5 white", "10 white", "2 blue", "4 green"),
        piles=((1, 1, 0, 1, 0), (0, 1, 0, 0, 2), (1, 1, 0, 0, 1), (2, 0, 0, 0, 2), (1, 0, 0, 2, 0)),
        stores=((0, 2, 1, 2, 1), (0, 0, 0, 0, 2), (0, 1, 2, 2, 0), (0, 0, 2, 1, 1)),
        tableaux=(
            ("1 red", "5 green", "2 white", "9 green"),
            ("9 black", "11 white", "6 green", "5 red", "3 black"),
            ("3 yellow", "7 green", "6 black", "12 black"),
            ("1 blue", "12 yellow", "2 green", "7 red"),
        ),
        order=(0, 1, 2, 3),
        turn=0,
        luggage=(4,),
    )
    chosen = choices(state, 0)
    assert chosen["collector"] == "take 5"
    assert cards.destinations[state.bottom[4]].color == "green"
    alone(chosen, "collector")


def test_the_blocker_buries_what_the_next_players_want(
    new: Callable[..., TransorientState], cards: CardSet
) -> None:
    # the 6 yellow is worth 11 points to seats 2 and 3 (3 to seat 0): the blocker takes
    # the tokens under it, so that the card leaves the table, where the objectives-first
    # bot and the collector take the 1 green for themselves
    state = position(
        new,
        cards,
        objectives=(4, 8, 13),
        bottom=("11 green", "11 yellow", "4 black", "6 yellow", "1 green"),
        piles=((0, 2, 1, 0, 0), (0, 1, 2, 0, 1), (1, 1, 0, 0, 1), (1, 0, 0, 1, 1), (1, 0, 0, 1, 1)),
        stores=((0, 0, 0, 0, 1), (0, 0, 1, 0, 0), (0, 0, 1, 1, 0), (0, 0, 0, 1, 1)),
        tableaux=(("1 red",), ("9 black",), (), ()),
        order=(0, 1, 2, 3),
        turn=0,
    )
    chosen = choices(state, 0)
    assert chosen["blocker"] == "pile 4"
    assert chosen["objectives"] == chosen["collector"] == "take 5"
    alone(chosen, "blocker")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_styles_play_whole_games_the_same_from_the_same_seed(players: int) -> None:
    lineup = [INFO.bots[NAMES[(k + players) % len(NAMES)]] for k in range(players)]
    end = play(INFO.new_game(players=players, seed=players), lineup, seed=7)
    assert end.is_terminal()
    assert len(end.winners()) >= 1
    again = play(INFO.new_game(players=players, seed=players), lineup, seed=7)
    assert again.history == end.history
