"""The shortcuts the engine takes at a rail and at a round's end, against the plain ways.

After a black rail the engine asks only whether the rail finished someone when the rail
added a point that is some seat's marker or city (``_finished_by`` with what ``_add_rail``
reports); at a round's end it counts every seat's missing rails in one pass
(``_all_missing``). Both are checked here on seeded playouts against the definitions
(``finished()`` and ``missing_rails`` seat by seat), and a copy of a state whose networks
are still empty must grow networks of its own.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench import load_map
from workbench.games.trans_europa import (
    NextRound,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    replay,
)

TINY = load_map(MAPS / "tiny.yaml")
RULES = [
    Rules(),
    Rules(build_anywhere=True),
    Rules(rhythm=(3, 2, 1)),
    Rules(double_cost={"water": 1}),
    Rules(colored_rails=2, ferry_rails=2, scoring="countdown"),
]


def check_rails(state: TransEuropaState) -> int:
    """Every legal black rail of ``state``: the shortcut's finishers equal the plain ones.

    Returns how many rails were checked through the shortcut."""
    if state.phase != "build" or state._nets is None or state.round_ending or state.finished():
        return 0
    checked = 0
    for action in state.legal_actions():
        if not isinstance(action, PlaceRail) or action.colored:
            continue
        s = action.segment
        twin = state.copy()
        twin.rails = twin.rails | {s}
        grown = twin._add_rail(s)
        assert twin._finished_by(s, grown) == twin.finished(), (s, grown)
        checked += 1
    return checked


def check_missing(state: TransEuropaState) -> None:
    if state.phase == "build" and None not in state.markers:
        plain = tuple(state.missing_rails(p) for p in range(state.game.players))
        assert state._all_missing() == plain


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_shortcuts_agree_with_the_definitions(seed: int, rules: Rules) -> None:
    state = TransEuropa(TINY, rules, players=2, seed=seed).new_state()
    rng = np.random.default_rng(seed)
    checked = 0
    for _ in range(120):
        if state.is_terminal():
            break
        checked += check_rails(state)
        check_missing(state)
        actions = state.legal_actions() or [NextRound()]
        state.apply(actions[int(rng.integers(len(actions)))])
    assert checked > 0 or rules.colored_rails  # (colored rails leave the shortcut early)


def test_a_rail_reaching_a_city_finishes_its_seat() -> None:
    # one city each, the marker one step from it: the rail onto the city finishes seat 0
    game = TransEuropa(TINY, players=2, hands=[[("Alder",), ("Birch",)]])
    state = game.new_state()
    alder = game.city_points["Alder"]
    start = next(p for s in game.board.segments for p in s if alder in s and p != alder)
    state.apply(state.legal_actions()[[a.point for a in state.legal_actions()].index(start)])
    state.apply((state.legal_actions() or [NextRound()])[0])
    seat = state.to_play
    assert seat is not None and state.markers[seat] == start
    rail = next(a for a in state.legal_actions() if isinstance(a, PlaceRail) and alder in a.segment)
    twin = state.copy()
    twin.rails = twin.rails | {rail.segment}
    grown = twin._add_rail(rail.segment)
    assert grown is True  # the marker's first rail: a network of its own, checked in full
    assert twin._finished_by(rail.segment, grown) == twin.finished() == (seat,)
    state.apply(rail)  # and the round ends there
    assert state.results[-1].finishers == (seat,)


def test_a_copy_with_empty_networks_grows_its_own() -> None:
    # the build phase's first rail: the networks are still an empty table, which a copy
    # must not share (its rail once landed in the original's networks)
    game = TransEuropa(TINY, players=2, seed=1)
    state = game.new_state()
    while state.phase != "build":
        state.apply((state.legal_actions() or [NextRound()])[0])
    assert state._nets == {}
    legal = state.legal_actions()
    twin = state.copy()
    twin.apply((twin.legal_actions() or [NextRound()])[0])
    assert state._nets == {} and state.rails == frozenset()
    assert state.legal_actions() == legal
    state.apply(legal[-1])  # the original plays on as though the twin never was
    again = replay(game, state.history)
    assert state == again and state.legal_actions() == again.legal_actions()
