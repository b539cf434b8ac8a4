"""Actions: what their constructors make of loose input, and the order of :func:`action_key`.

Written for the mutants of ``workbench/games/trans_europa/actions.py`` that the other tests let
through
(issue 18); each test names the behaviour it pins.
"""

from __future__ import annotations

import numpy as np
import pytest

from workbench.games.trans_europa import (
    Discard,
    EndTurn,
    NextRound,
    PassCard,
    PlaceMarker,
    PlaceRail,
    action_key,
    parse_action,
)


def test_a_marker_point_given_as_a_list_or_numpy_numbers_is_kept_as_a_tuple_of_ints() -> None:
    marker = PlaceMarker([np.int64(3), np.int64(4)])  # type: ignore[arg-type]
    assert marker.point == (3, 4)
    assert type(marker.point) is tuple and all(type(x) is int for x in marker.point)
    assert marker == PlaceMarker((3, 4)) and hash(marker) == hash(PlaceMarker((3, 4)))


def test_a_rail_segment_given_as_lists_is_kept_as_a_canonical_tuple_of_int_points() -> None:
    placed = PlaceRail([[np.int64(4), 1], [3, np.int64(1)]])  # type: ignore[arg-type]
    assert placed.segment == ((3, 1), (4, 1))
    assert all(type(x) is int for p in placed.segment for x in p)


def test_a_rail_colored_flag_is_kept_as_a_bool() -> None:
    s = ((0, 0), (0, 1))
    assert PlaceRail(s, 1).colored is True  # type: ignore[arg-type]
    assert PlaceRail(s, 0).colored is False  # type: ignore[arg-type]
    assert PlaceRail(s, np.bool_(True)).colored is True  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [Discard, PassCard])
@pytest.mark.parametrize("name", ["", "   ", " Alder", "Alder ", None, 7])
def test_a_card_action_refuses_a_blank_or_padded_or_non_text_city(
    make: type[Discard] | type[PassCard], name: object
) -> None:
    with pytest.raises(ValueError, match="use a city's name, without spaces around it"):
        make(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [Discard, PassCard])
def test_a_card_action_keeps_a_city_name_with_inner_spaces(
    make: type[Discard] | type[PassCard],
) -> None:
    assert make("St. Louis").city == "St. Louis"


def test_markers_sort_before_every_rail_and_rails_before_end_and_next() -> None:
    rail = PlaceRail(((0, 0), (0, 1)))
    far_marker = PlaceMarker((9, 9))
    mixed = [NextRound(), EndTurn(), rail, far_marker]
    assert sorted(mixed, key=action_key) == [far_marker, rail, EndTurn(), NextRound()]
    assert action_key(far_marker) == (0, (9, 9))
    assert action_key(rail) == (1, (0, 0, 0, 1))


def test_a_black_rail_sorts_just_before_its_colored_twin_and_both_by_segment() -> None:
    a, b = ((0, 0), (0, 1)), ((0, 0), (1, 0))
    actions = [PlaceRail(b, True), PlaceRail(a, True), PlaceRail(b), PlaceRail(a)]
    assert sorted(actions, key=action_key) == [
        PlaceRail(a),
        PlaceRail(a, True),
        PlaceRail(b),
        PlaceRail(b, True),
    ]


def test_discards_then_passes_sort_after_next_round_by_city_code_points() -> None:
    actions = [PassCard("Alder"), Discard("alder"), Discard("Birch"), NextRound()]
    assert [str(a) for a in sorted(actions, key=action_key)] == [
        "N",
        "D Birch",
        "D alder",
        "P Alder",
    ]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("M 10,2", PlaceMarker((10, 2))),
        ("R 2,10-3,10", PlaceRail(((2, 10), (3, 10)))),
        ("C 12,3-12,4", PlaceRail(((12, 3), (12, 4)), colored=True)),
        ("  D  St. Louis ", Discard("St. Louis")),
        ("P Alder", PassCard("Alder")),
    ],
)
def test_parse_action_reads_each_form(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["D", "P  ", "M 1,2,3", "R 1,2-3,4-5,6", "C 1,2", "M 1,2 3"])
def test_parse_action_refuses_a_form_with_a_part_missing_or_too_many(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        parse_action(text)
