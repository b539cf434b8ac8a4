from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.games.trans_europa import (
    EndTurn,
    NextRound,
    PlaceMarker,
    PlaceRail,
    action_key,
    parse_action,
)

coords = st.integers(0, 99)
points = st.tuples(coords, coords)
actions = st.one_of(
    st.builds(PlaceMarker, points),
    st.builds(PlaceRail, st.tuples(points, points)),
    st.just(EndTurn()),
    st.just(NextRound()),
)


@given(actions)
def test_text_round_trip(action: PlaceMarker | PlaceRail | EndTurn | NextRound) -> None:
    assert parse_action(str(action)) == action
    assert str(parse_action(str(action))) == str(action)


def test_rail_is_canonical() -> None:
    assert PlaceRail(((4, 1), (3, 1))) == PlaceRail(((3, 1), (4, 1)))
    assert hash(PlaceRail(((4, 1), (3, 1)))) == hash(PlaceRail(((3, 1), (4, 1))))


@pytest.mark.parametrize("text", ["", "M", "M 1", "M a,b", "R 1,2", "R 1,2-3", "Q", "E E"])
def test_bad_text_names_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        parse_action(text)


@given(st.lists(actions, max_size=12))
def test_key_orders_by_kind_then_place(
    items: list[PlaceMarker | PlaceRail | EndTurn | NextRound],
) -> None:
    ordered = sorted(items, key=action_key)
    kinds = [action_key(a)[0] for a in ordered]
    assert kinds == sorted(kinds)
