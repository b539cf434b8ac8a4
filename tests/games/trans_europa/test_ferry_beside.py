"""``Rules.ferry_beside_colored``: others lay the black line beside a colored ferry rail."""

from __future__ import annotations

import pytest

from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    EndTurn,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    dump_rules,
    loads_rules,
)
from workbench.maps.board import Board

FERRY = ((5, 1), (6, 1))


def started(tiny: Board, beside: bool) -> TransEuropa:
    rules = Rules(ferry_rails=2, colored_rails=3, ferry_beside_colored=beside)
    return TransEuropa(tiny, rules, players=2, hands=[(("Hazel",), ("Elder",))])


def after_a_colored_ferry_rail(game: TransEuropa):  # type: ignore[no-untyped-def]
    state = game.new_state()
    state.apply(PlaceMarker((5, 1)))
    state.apply(PlaceMarker((6, 1)))
    state.apply(PlaceRail(FERRY, colored=True))  # seat 0's colored rail on the ferry
    state.apply(EndTurn())
    assert state.to_play == 1
    return state


def test_by_default_only_the_owner_builds_beside(tiny: Board) -> None:
    state = after_a_colored_ferry_rail(started(tiny, False))
    assert PlaceRail(FERRY) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="only they may build there"):
        state.apply(PlaceRail(FERRY))


def test_the_black_line_beside_completes_the_ferry_for_the_owner_only(tiny: Board) -> None:
    state = after_a_colored_ferry_rail(started(tiny, True))
    legal = state.legal_actions()
    assert PlaceRail(FERRY) in legal and PlaceRail(FERRY, colored=True) not in legal
    with pytest.raises(IllegalActionError, match="only a black rail may go beside it"):
        state.apply(PlaceRail(FERRY, colored=True))
    supply, before = state.rails_left, state.missing_rails(0)
    state.apply(PlaceRail(FERRY))
    assert state.pieces == {FERRY: (0, None)} and state.rails_left == supply - 1
    # seat 0 (its marker at 5,1) is joined across and a rail nearer Hazel; seat 1 is not
    assert (6, 1) in state.network(0) and (5, 1) not in state.network(1)
    assert state.seat_rails(1).blocked == {FERRY}
    assert state.missing_rails(0) == before - 1


def test_the_rule_is_data(tiny: Board) -> None:
    rules = Rules(ferry_rails=2, ferry_beside_colored=True)
    assert loads_rules(dump_rules(rules)) == rules
    assert Rules().ferry_beside_colored is False
