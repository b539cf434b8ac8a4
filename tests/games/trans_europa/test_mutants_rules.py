"""Behaviours of the rules package that the full mutation run (``scripts/mutate.py``)
showed untested: each test states one behaviour a planted one-line bug broke silently."""

from __future__ import annotations

import pytest

from workbench.exceptions import RulesError
from workbench.games.trans_europa import Rules
from workbench.games.trans_europa.cards import DECK, SpecialDeck, schedule
from workbench.games.trans_europa.rules_io import dump_rules, loads_rules
from workbench.games.trans_europa.scoring import start_scores, table_points


def test_drawing_no_card_draws_nothing_and_leaves_the_deck_as_it_was() -> None:
    deck = SpecialDeck(("rhythm", "generous"), ("generous",))
    drawn, rest = deck.draw(0, rng=0)
    assert drawn == ()
    assert rest == deck


def test_a_schedule_of_no_rounds_is_empty_and_of_fewer_than_none_an_error() -> None:
    rules = Rules(special_cards=DECK)
    assert schedule(rules, 0, rng=1) == []
    assert schedule(rules.replace(card_mode="fixed"), 0) == []
    with pytest.raises(ValueError, match="rounds is -1, it must be 0 or more"):
        schedule(rules, -1, rng=1)


def test_a_rhythm_may_have_a_hundred_laps_and_not_one_more() -> None:
    assert loads_rules(f"rhythm: [{', '.join(['1'] * 100)}]\n").rhythm == (1,) * 100
    with pytest.raises(RulesError, match="a list of 101 entries, over the limit of 100"):
        loads_rules(f"rhythm: [{', '.join(['1'] * 101)}]\n")


def test_a_rules_file_holding_only_null_says_it_should_be_a_mapping() -> None:
    with pytest.raises(RulesError) as info:
        loads_rules("null\n")
    assert [(p.line, p.column, p.message) for p in info.value.problems] == [
        (1, 1, "the file should be a mapping of keys, not NoneType None")
    ]


def test_a_wrong_field_is_reported_alone_without_the_checks_between_fields() -> None:
    # one card and two per round break a rule between fields, but the wrong target stops
    # the reading first: the fields' own problems are fixed before the rules between them
    between = "special_cards: [rhythm]\ncards_per_round: 2\n"
    with pytest.raises(RulesError, match="at most the 1 special cards in play"):
        loads_rules(between)
    with pytest.raises(RulesError) as info:
        loads_rules(between + "target: -1\n")
    assert [(p.line, p.message) for p in info.value.problems] == [(3, "target is -1")]


def test_a_saved_color_name_with_a_comma_or_bracket_reads_back_as_one_name() -> None:
    rules = Rules().replace(colors_out=("gray, dark", "pink]"))
    text = dump_rules(rules)
    assert 'colors_out: ["gray, dark", "pink]"]' in text
    assert loads_rules(text) == rules


def test_a_turn_cannot_color_more_rails_than_it_places() -> None:
    rules = Rules(colored_rails=4, colored_per_turn=2)
    assert rules.allows_turn(2, colored=2)
    assert not rules.allows_turn(1, colored=2)


def test_a_game_needs_at_least_one_player_to_start_scores() -> None:
    assert start_scores(Rules(), 1) == (0,)
    with pytest.raises(ValueError, match="players is 0, it must be at least 1"):
        start_scores(Rules(), 0)


def test_table_points_reads_zero_missing_rails_from_the_table_and_refuses_fewer() -> None:
    rules = Rules()  # the rulebook's table: at most 1 missing scores 3
    assert table_points(rules, 0) == table_points(rules, 1) == 3
    with pytest.raises(ValueError, match="a missing-rail count is 0 or more, not -1"):
        table_points(rules, -1)
