"""The play widget's features work, or these tests fail: every preset and every special card
starts a game and is in force through a whole round, the deck turns a card over each
round, and a colored rail is built, drawn in its owner's color and closed to the others.

Driven through :class:`~workbench.ui.play.PlayRound`'s public methods, as its callbacks
drive it. (Unlike tests that accept the engine refusing a feature, a refusal fails here.)
"""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.games.trans_europa import CARDS, PRESETS, PlaceRail
from workbench.ui.boardview import player_color
from workbench.ui.play import DECK_CHOICE, HUMAN, PlayRound, describe_rules, round_rules


def bots_round(play: PlayRound) -> None:
    """Let the bots play the game out; the round's table must exist."""
    assert play.error is None, play.error
    assert play.play_bots() > 0
    assert play.state is not None and play.state.phase == "game_over"
    assert play.state.results


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_starts_and_plays_a_whole_game(tiny: Board, preset: str) -> None:
    play = PlayRound(tiny, ["greedy", "random"], rules=preset, seed=3, delay=None)
    assert play.error is None, f"preset {preset!r} was refused: {play.error}"
    assert play.game is not None and play.game.rules == PRESETS[preset]
    start = 13 if PRESETS[preset].scoring == "countdown" else 0
    assert play.state is not None and play.state.scores == (start, start)
    bots_round(play)
    if PRESETS[preset].colored_rails:
        assert play.state.colored_left != (), "the colored preset gives colored rails"


@pytest.mark.parametrize("card", sorted(CARDS))
def test_every_special_card_is_in_force_for_a_whole_game(tiny: Board, card: str) -> None:
    play = PlayRound(tiny, ["greedy", "random"], card=card, seed=2, delay=None)
    assert play.game is not None, f"card {card!r} was refused: {play.error}"
    rules = round_rules(play.game, 1)
    for field, value in CARDS[card].changes:
        if field == "double_cost":
            assert set(dict(value).items()) <= set(rules.double_cost_map.items())
        elif field == "colors_out":
            assert set(value) <= set(rules.colors_out)
            assert play.state is not None
            assert len(play.state.hands[0]) == len(tiny.color_names) - len(set(value))
        elif isinstance(value, tuple) and isinstance(getattr(rules, field), tuple):
            assert set(value) <= set(getattr(rules, field)), (field, value)
        else:
            assert getattr(rules, field) == value, (field, value)
    assert CARDS[card].name in describe_rules(play.game.rules, card)
    bots_round(play)
    assert all(result.cards == (card,) for result in play.state.results)


def test_the_deck_turns_a_card_over_each_round(tiny: Board) -> None:
    play = PlayRound(tiny, ["greedy", "random"], card=DECK_CHOICE, seed=4, delay=None)
    assert play.game is not None, play.error
    assert play.game.rules.card_mode == "per_round" and play.game.rules.special_cards
    assert "a special card from the deck each round" in describe_rules(play.game.rules, DECK_CHOICE)
    bots_round(play)
    played = [result.cards for result in play.state.results]
    assert played == [play.game.round_cards(r.round) for r in play.state.results]
    assert all(len(cards) == 1 for cards in played)
    assert len(set(played)) > 1, "different rounds turn different cards over"


def test_a_colored_rail_is_built_drawn_and_closed_to_the_others(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, HUMAN], rules="colored", seed=1, delay=None)
    assert play.state is not None, f"the colored preset was refused: {play.error}"
    assert play.click_point((1, 1)), play.message
    assert play.click_point((2, 1)), play.message
    left = play.state.colored_left[0]
    assert left > 0
    play.colored = True
    mine = ((1, 1), (2, 1))
    assert play.click_segment(mine), play.message
    assert play.log[-1] == "seat 0 (human): colored rail Alder [1, 1] - [2, 1]"
    assert play.state.colored_left[0] == left - 1
    assert play.state.pieces[mine] == (0,)
    drawn = play.view.sources["colored-rails"].data
    assert list(drawn["seat"]) == [0] and list(drawn["color"]) == [player_color(0)]
    assert play.end_turn(), play.message
    # seat 1's marker is at the rail's end, (2, 1): it may neither build on it nor use it
    assert play.state.to_play == 1
    assert PlaceRail(mine) not in play.state.legal_actions()
    assert mine in play.state.seat_rails(1).blocked
    play.colored = False
    assert not play.click_segment(mine), "a colored rail of seat 0 closes the segment"
    assert "R 1,1-2,1 holds a colored rail of seat 0" in play.message


def test_without_the_colored_rule_a_colored_rail_is_refused(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, "random"], seed=1, delay=0)
    assert play.click_point((1, 1))
    assert not play.click_segment(((1, 1), (2, 1)), colored=True)
    assert "is a colored rail, but none are in play" in play.message
    assert play.state.pieces == {} and not play.state.rails
