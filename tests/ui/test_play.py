"""Tests for workbench.ui.play: the play widget, driven from Python as its callbacks drive it."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from bokeh.events import Tap
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench import Board
from workbench.analysis import missing_rails
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import CARDS, PRESETS, PlaceMarker, PlaceRail, Rules
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa.bots import BOTS
from workbench.maps.lattice import plane_xy
from workbench.ui.boardview import player_color
from workbench.ui.play import (
    DECK_CHOICE,
    HUMAN,
    PlayRound,
    describe_rules,
    make_game,
    round_rules,
    round_table,
    seat_kinds,
)


def human_vs(board: Board, *bots: str, seed: int = 1, **kw: object) -> PlayRound:
    """You against ``bots``; the bots answer at once unless ``delay`` says otherwise."""
    kw.setdefault("delay", 0)
    return PlayRound(board, [HUMAN, *bots], seed=seed, **kw)  # type: ignore[arg-type]


def midpoint(segment: tuple[tuple[int, int], tuple[int, int]]) -> tuple[float, float]:
    (x0, y0), (x1, y1) = plane_xy(segment[0]), plane_xy(segment[1])
    return (x0 + x1) / 2, (y0 + y1) / 2


def follow_hints(play: PlayRound, limit: int = 500) -> None:
    """Play the human's turns of a round with the hint's segments (a greedy player)."""
    for _ in range(limit):
        state = play.state
        assert state is not None
        if state.phase not in ("markers", "build"):
            return
        if state.phase == "markers":
            assert play.hint() is not None
            assert play.click_point(_hinted_start(play)), play.message
            continue
        tip = play.hint()
        assert tip is not None
        network = state.network(0)
        touching = [s for s in tip.build if s[0] in network or s[1] in network]
        if not (touching and play.click_segment(touching[0])):
            assert play.end_turn(), play.message
    raise AssertionError("the round did not end")


def _hinted_start(play: PlayRound) -> tuple[int, int]:
    """The start point the hint suggests, read from its message."""
    message = play.message
    assert message.startswith("Hint for seat 0 (you): start at ")
    text = message.split("start at ", 1)[1].split(";", 1)[0]
    col, row = text[text.rindex("[") + 1 : text.rindex("]")].split(",")
    return int(col), int(row)


# ---------------------------------------------------------------------------- seats, rules


def test_seat_kinds_are_human_and_the_registered_bots() -> None:
    from workbench.games import GAMES

    assert seat_kinds() == (HUMAN, *GAMES["trans_europa"].bots)
    assert set(BOTS) <= set(seat_kinds())


def test_unknown_seats_and_cards_are_refused(tiny: Board) -> None:
    with pytest.raises(ValueError, match="seat kind 'robot' is unknown"):
        PlayRound(tiny, [HUMAN, "robot"], delay=0)
    with pytest.raises(KeyError, match="did you mean 'rhythm'"):
        PlayRound(tiny, [HUMAN, "random"], card="rythm", delay=0)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_or_shows_the_engine_message(tiny: Board, preset: str) -> None:
    play = human_vs(tiny, "random", rules=preset)
    try:
        Game(tiny, PRESETS[preset], players=2, seed=1)
    except ValueError as error:
        assert play.state is None and play.error == str(error)
        assert play.message == f"This game cannot start: {error}"
        assert not play.click_point((1, 1)) and play.message.startswith("This game cannot")
    else:
        assert play.error is None and play.state is not None
        assert play.game is not None and play.game.rules == PRESETS[preset]
        assert play.state.scores() == (
            (13, 13) if PRESETS[preset].scoring == "countdown" else (0, 0)
        )


def test_a_game_the_engine_refuses_shows_why(europe: Board) -> None:
    rules = Rules(doubles_per_turn=0)  # Europe has doubles: a network could be walled in
    with pytest.raises(ValueError) as refused:
        Game(europe, rules, players=2)
    play = PlayRound(europe, [HUMAN, "random"], rules=rules, delay=0)
    assert play.state is None and play.error == str(refused.value)
    assert "doubles_per_turn=0" in play.message
    widget = play.widget
    assert "doubles_per_turn=0" in play._widgets["message"].value and widget is play.widget


@pytest.mark.parametrize("card", ["water_single", "three_rails", "no_white", "anywhere"])
def test_a_special_card_is_in_force_and_described(tiny: Board, card: str) -> None:
    play = human_vs(tiny, "random", card=card)
    if play.game is None:  # the engine does not play it: its own message is shown
        assert play.error and play.message.endswith(play.error)
        return
    rules = round_rules(play.game, 1)
    changes = dict(CARDS[card].changes)
    for field, value in changes.items():
        if field == "double_cost":
            assert rules.double_cost_map["water" if card == "water_single" else "mountain"] == 1
        elif field == "colors_out":
            assert set(value) <= set(rules.colors_out)
            assert len(play.state.hands[0]) == len(tiny.color_names) - len(value)
        else:
            assert getattr(rules, field) == value
    assert CARDS[card].name in describe_rules(play.game.rules, card)


def test_the_deck_turns_a_card_over_each_round(tiny: Board) -> None:
    try:
        game = make_game(tiny, 2, card=DECK_CHOICE, seed=4)
    except ValueError as error:
        pytest.skip(f"the engine does not draw special cards per round: {error}")
    assert game.rules.special_cards and game.rules.card_mode == "per_round"
    assert "a special card from the deck each round" in describe_rules(game.rules, DECK_CHOICE)


def test_describe_rules_reads_the_rules() -> None:
    text = describe_rules(PRESETS["countdown"])
    assert text.startswith("countdown: everyone starts at 13")
    mixed = Rules(double_cost={"water": 1, "mountain": 2})
    assert "doubles cost 2 over mountain, 1 over water" in describe_rules(mixed)


# ---------------------------------------------------------------------------- markers


def test_a_tap_near_a_point_places_the_marker(europe: Board) -> None:
    play = human_vs(europe, "random", "random")
    state = play.state
    assert state is not None
    paris = europe.city("Paris").at
    x, y = plane_xy(paris)
    assert play.tap(x + 0.2, y - 0.15)
    assert state.markers[0] == paris
    assert play.log[1].startswith("seat 0 (you): start marker on Paris [")
    # the bots answered at once: their markers are down and it is our first build turn
    assert all(m is not None for m in state.markers)
    assert state.phase == "build" and state.to_play == 0
    assert [line.split(":")[0] for line in play.log[2:4]] == ["seat 1 (random)", "seat 2 (random)"]
    assert play.view.sources["markers"].data["seat"] == [0, 1, 2]


@settings(max_examples=30, deadline=None)
@given(
    index=st.integers(0, 52),
    dx=st.floats(-0.3, 0.3),
    dy=st.floats(-0.3, 0.3),
)
def test_taps_snap_to_the_nearest_point(tiny: Board, index: int, dx: float, dy: float) -> None:
    play = human_vs(tiny, "random", delay=None)
    points = sorted(Game(tiny, players=2).marker_points)
    p = points[index % len(points)]
    x, y = plane_xy(p)
    assert play.tap(x + dx, y + dy), play.message
    assert play.state is not None and play.state.markers[0] == p


def test_a_tap_far_from_any_point_does_nothing(tiny: Board) -> None:
    play = human_vs(tiny, "random")
    before = play.state.copy()  # type: ignore[union-attr]
    assert not play.tap(-30.0, 30.0)
    assert play.state == before and "tap on a point" in play.message


def test_a_taken_point_is_refused_with_the_engine_message(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, HUMAN], delay=0)
    assert play.click_point((1, 1))
    before = play.state.copy()  # type: ignore[union-attr]
    assert not play.click_point((1, 1))
    assert play.message == "round 1, turn 2, seat 1: M 1,1 is taken by the marker of seat 0"
    assert play.state == before


# ---------------------------------------------------------------------------- rails


def test_rails_by_tap_and_the_illegal_one_explained(europe: Board) -> None:
    play = human_vs(europe, "random", "random")
    state = play.state
    assert state is not None
    play.click_point(europe.city("Paris").at)
    assert state.to_play == 0 and state.phase == "build"
    # a rail far from our network: the engine's reason, and nothing changes
    far = max(europe.segments, key=lambda s: plane_xy(s[0])[0])
    before = state.copy()
    assert not play.tap(*midpoint(far))
    with pytest.raises(IllegalActionError) as expected:
        before.copy().apply(PlaceRail(far), player=0)
    assert play.message == str(expected.value)
    assert "does not touch the network of seat 0" in play.message
    assert state == before
    # a legal rail by tap, then a legal one by call
    rails = [a.segment for a in state.legal_actions() if isinstance(a, PlaceRail)]
    singles = [s for s in rails if europe.segments[s].kind == "single"]
    assert play.tap(*midpoint(singles[0]))
    assert singles[0] in state.rails and state.placed == (singles[0],)
    assert play.log[-1].startswith("seat 0 (you): rail ")
    assert play.view.sources["turn-rails"].data["color"] == [player_color(0)]
    # End turn: the bots play their turns and it is ours again
    assert play.end_turn()
    assert state.to_play == 0 and state.lap == 2
    assert any(line.startswith("seat 1 (random): rail") for line in play.log)
    assert any(line.startswith("seat 2 (random): rail") for line in play.log)
    assert len(play.view.sources["rails"].data["x0"]) == len(state.rails) > 1


def test_a_tap_between_segments_is_explained(tiny: Board) -> None:
    play = human_vs(tiny, "random")
    play.click_point((1, 1))
    assert not play.tap(-30.0, 30.0)
    assert "tap on a segment" in play.message


def test_end_turn_without_a_rail_is_refused(tiny: Board) -> None:
    play = human_vs(tiny, "random")
    play.click_point((1, 1))
    assert not play.end_turn()
    assert play.message.endswith("E ends a turn without a rail: place at least one")


def test_clicks_out_of_turn_wait_for_the_bot(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", HUMAN], seed=2, delay=None)
    state = play.state
    assert state is not None and state.to_play == 0
    assert not play.click_point((1, 1))
    assert play.message == "wait: seat 0 (random) is playing"
    action = play.step()
    assert isinstance(action, PlaceMarker) and state.to_play == 1
    assert play.step() is None  # a human is on turn
    free = [p for p in sorted(Game(tiny, players=2).marker_points) if p not in state.markers]
    assert play.click_point(free[0])


def test_colored_rails_when_the_engine_has_them(tiny: Board) -> None:
    if not any(f.name == "colored" for f in dataclasses.fields(PlaceRail)):
        play = human_vs(tiny, "random")
        play.click_point((1, 1))
        assert not play.click_segment(((1, 1), (2, 1)), colored=True)
        assert "no colored rails" in play.message
        return
    play = human_vs(tiny, "random", rules="colored")
    if play.state is None:
        pytest.skip(f"the engine does not play colored rails yet: {play.error}")
    play.click_point((1, 1))
    play.colored = True
    assert play.click_segment(((1, 1), (2, 1))), play.message
    assert play.log[-1].startswith("seat 0 (you): colored rail")
    drawn = play.view.sources["colored-rails"].data
    assert drawn["seat"][:1] == [0] and drawn["color"][:1] == [player_color(0)]


def test_hand_exchanges_are_buttons_and_keep_cards_secret(tiny: Board) -> None:
    play = human_vs(tiny, "random", card="discard_one", seed=3)
    if play.state is None or play.state.phase == "markers":
        pytest.skip(f"the engine does not play the discard card: {play.error}")
    state = play.state
    choices = play.choices()
    assert choices and all(type(a).__name__ == "Discard" for a in choices)
    play.widget  # noqa: B018 - build the widget
    buttons = play._widgets["choices"].children
    assert [b.tooltip for b in buttons] == [str(a) for a in choices]
    buttons[0].click()
    assert play.log[1] == f"seat 0 (you): puts back {choices[0].city}"  # type: ignore[union-attr]
    assert play.log[2] == "seat 1 (random): puts back a card"
    assert state.phase == "markers" and len(state.hands[0]) == len(tiny.color_names) - 1
    assert play._widgets["choices"].children == ()


# ---------------------------------------------------------------------------- hints


def test_the_hint_before_the_marker_is_the_best_start(europe: Board) -> None:
    play = human_vs(europe, "random", "random")
    state = play.state
    assert state is not None
    tip = play.hint()
    assert tip is not None
    start = _hinted_start(play)
    assert start in Game(europe, players=3).marker_points and start not in state.markers
    assert tip == missing_rails(europe, [], start, state.hands[0])
    tree = play.view.sources["tree"].data
    assert len(tree["x0"]) == len(tip.build) and set(tree["total"]) == {tip.cost}
    # no other free point is cheaper (the exact start heatmap, brute force on a few)
    for city in europe.cities[:5]:
        if city.at not in state.markers:
            assert missing_rails(europe, [], city.at, state.hands[0]).cost >= tip.cost


def test_the_hint_draws_the_optimal_completion(europe: Board) -> None:
    play = human_vs(europe, "random", "random", seed=3)
    state = play.state
    assert state is not None
    play.click_point(europe.city(state.hands[0][0]).at)
    tip = play.hint()
    assert tip is not None
    assert tip.cost == state.missing_rails(0)
    marker = state.markers[0]
    assert marker is not None
    assert tip == missing_rails(europe, state.rails, marker, state.hands[0])
    tree = play.view.sources["tree"].data
    drawn = sorted(zip(tree["x0"], tree["y0"], tree["x1"], tree["y1"], strict=True))
    assert drawn == sorted((*plane_xy(a), *plane_xy(b)) for a, b in tip.build)
    assert f"{tip.cost} more rails" in play.message
    # the hint goes away with the next move
    rail = next(a for a in state.legal_actions() if isinstance(a, PlaceRail))
    assert play.click_segment(rail.segment)
    assert play.view.sources["tree"].data["x0"] == []


def test_no_hint_without_a_human(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", "random"], delay=None)
    assert play.hint() is None and "no human" in play.message


# ---------------------------------------------------------------------------- round and game


def test_a_round_ends_with_the_hands_revealed_and_scored(europe: Board) -> None:
    play = human_vs(europe, "random", seed=2)
    follow_hints(play)
    state = play.state
    assert state is not None and state.phase in ("round_over", "game_over")
    result = state.results[-1]
    table = round_table(result, [play.name(0), play.name(1)])
    assert list(table.columns) == ["seat", "player", "hand", "missing rails", "points", "score"]
    assert table["player"].tolist() == ["you", "random"]
    assert table["missing rails"].tolist() == list(result.missing)
    assert table["points"].tolist() == list(result.points)
    assert table["score"].tolist() == list(state.scores())
    assert table["hand"].tolist() == [", ".join(h) for h in result.hands]
    assert result.missing[0] == 0, "following the optimal completion wins against random"
    # every hand is ringed on the board, and the missing counts show on the markers
    hand = play.view.sources["hand"].data
    assert sorted(hand["name"]) == sorted(n for h in result.hands for n in h)
    assert play.view.sources["markers"].data["missing"] == [str(m) for m in result.missing]
    assert play.log[-1].startswith("round 1 over (a network is complete): seat 0 done, +4")
    assert "Round 1 is over" in play.status()
    # the widget shows the scoring table; Next round deals again
    play.widget  # noqa: B018 - build the widget
    html = play._widgets["table"].value
    assert "the hands revealed" in html and all(n in html for h in result.hands for n in h)
    assert play.next_round()
    # round 2 starts with seat 1: the bot puts its marker down and waits for ours
    assert state.round == 2 and state.phase == "markers" and state.to_play == 0
    assert play.log[-2:-1] == ["round 2: seat 1 starts"]
    assert play._widgets["table"].value == ""


def test_bots_only_play_a_whole_game(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", "random"], seed=5, bot_seed=3, delay=0)
    state = play.state
    assert state is not None and state.phase == "game_over"
    assert state.winners() and max(state.scores()) >= Rules().target
    assert play.log[-1].startswith("game over: ")
    rounds = [line for line in play.log if line.startswith("round ") and " over " in line]
    assert len(rounds) == len(state.results) >= 1
    assert "Game over" in play.status()
    assert play.step() is None


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_registered_bot_can_take_a_seat(tiny: Board, bot: str) -> None:
    play = PlayRound(tiny, [bot, "random"], seed=1, delay=0)
    assert play.state is not None and play.state.is_terminal()


def test_hot_seat_shows_the_hand_on_turn(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, HUMAN], seed=1, delay=0)
    state = play.state
    assert state is not None
    assert play.viewer() == 0 and play.name(0) == "human"
    assert play.view.sources["hand"].data["name"] == list(state.hands[0])
    play.click_point((1, 1))
    assert play.viewer() == 1
    assert play.view.sources["hand"].data["name"] == list(state.hands[1])
    assert set(play.view.sources["hand"].data["color"]) == {player_color(1)}


def test_new_game_restarts_with_new_settings(tiny: Board) -> None:
    play = human_vs(tiny, "random")
    play.click_point((1, 1))
    play.new_game(["random", HUMAN], rules="countdown", seed=9)
    state = play.state
    assert state is not None and play.seats == ("random", HUMAN)
    assert state.scores() == (13, 13) and play.game is not None and play.game.seed == 9
    assert state.to_play == 1, "the bot put its marker down at once"
    assert play.log[0] == "round 1: seat 0 starts" and len(play.log) == 2


# ---------------------------------------------------------------------------- the widget


def test_the_widget_calls_the_same_methods(tiny: Board) -> None:
    from jupyter_bokeh.widgets import BokehModel

    play = human_vs(tiny, "random")
    root = play.widget
    w = play._widgets
    assert isinstance(w["board"], BokehModel) and w["board"]._model is play.view.figure
    assert "wb-play" in root._dom_classes and "wb-play-log" in w["log"]._dom_classes
    assert "seat 0 (you) puts down a start marker" in w["status"].value
    # a tap on the figure, as BokehJS reports it
    fig = play.view.figure
    fig._trigger_event(Tap(fig, x=plane_xy((1, 1))[0], y=plane_xy((1, 1))[1]))
    state = play.state
    assert state is not None and state.markers[0] == (1, 1)
    assert "start marker on Alder" in w["log"].value
    assert w["end"].disabled and not w["hint"].disabled and w["next"].disabled
    # buttons
    w["end"].click()
    assert "without a rail" in w["message"].value and "wb-error" in w["message"].value
    w["hint"].click()
    assert "Hint for seat 0" in w["message"].value and play.view.sources["tree"].data["x0"]
    x, y = midpoint(((1, 1), (2, 1)))
    fig._trigger_event(Tap(fig, x=x, y=y))
    assert ((1, 1), (2, 1)) in state.rails and not w["end"].disabled
    w["end"].click()
    assert state.to_play == 0 and "seat 1 (random)" in w["log"].value
    assert all(name in w["hand"].value for name in state.hands[0])


def test_the_setup_row_starts_a_new_game(tiny: Board) -> None:
    play = human_vs(tiny, "random")
    play.widget  # noqa: B018 - build the widget
    w = play._widgets
    w["seats"][0].value = "random"
    w["seats"][1].value = HUMAN
    w["rules"].value = "countdown"
    w["seed"].value = 4
    w["new"].click()
    assert play.seats == ("random", HUMAN) and play.game is not None
    assert play.game.rules == PRESETS["countdown"] and play.game.seed == 4
    w["players"].value = 3
    assert w["seats"][2].layout.display == "" and w["seats"][3].layout.display == "none"


def test_step_button_with_no_delay(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", HUMAN], delay=None)
    play.widget  # noqa: B018 - build the widget
    w = play._widgets
    assert w["step"].layout.display == ""
    w["step"].click()
    assert play.state is not None and play.state.to_play == 1
    w["step"].click()
    assert "no bot is on turn" in w["message"].value


def test_with_a_delay_outside_a_notebook_bots_answer_at_once(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", HUMAN], delay=0.5)
    assert play.state is not None and play.state.to_play == 1 and play._pending is None


def test_bots_wait_their_delay_in_an_event_loop(tiny: Board) -> None:
    import asyncio

    async def scenario() -> list[int]:
        play = PlayRound(tiny, ["random", HUMAN], delay=0.01)
        seen = [len(play.log)]
        while play.state is not None and play.state.to_play != 1:
            await asyncio.sleep(0.005)
            seen.append(len(play.log))
        return seen

    seen = asyncio.run(scenario())
    assert seen[0] == 1, "nothing is played before the first delay"
    assert seen[-1] == 2 and set(seen) == {1, 2}, "the bot's move came after the delay"


def test_a_refusal_is_not_wiped_when_the_bot_moves(tiny: Board) -> None:
    import asyncio

    async def scenario() -> tuple[str, str]:
        play = PlayRound(tiny, ["random", HUMAN], delay=0.04)
        _ = play.widget
        play.click_point((1, 1))  # the bot is on turn: refused
        said = play._widgets["message"].value
        while play.state is not None and play.state.to_play != 1:
            await asyncio.sleep(0.01)
        return said, play._widgets["message"].value

    said, after = asyncio.run(scenario())
    assert "wait: seat 0 (random) is playing" in said
    assert after == said, "the bot's move 40 ms later leaves the message on show"


def test_the_log_opens_on_its_newest_line(tiny: Board) -> None:
    play = PlayRound(tiny, ["random", "random"], delay=None)
    _ = play.widget
    play.play_bots()
    value = play._widgets["log"].value
    assert value.startswith("<div class='wb-log-scroll'><div>")
    lines = re.findall(r"<div class='wb-log-line'>(.*?)</div>", value)
    assert lines[-1] == html.escape(play.log[-1]) and play.log[-1].startswith("game over")
    assert "flex-direction: column-reverse" in play.widget.children[0].value


def test_the_scoring_in_force_is_shown(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, "random"], delay=0)
    _ = play.widget
    scoring = play._widgets["scoring"].value
    assert "Scoring in force (rulebook)" in scoring
    assert "<td>5 or more rails missing</td><td><b>0</b></td>" in scoring
    countdown = PlayRound(tiny, [HUMAN, "random"], rules="countdown", delay=0)
    _ = countdown.widget
    assert "each rail missing" in countdown._widgets["scoring"].value


def test_the_play_widget_has_a_legend(tiny: Board) -> None:
    play = PlayRound(tiny, [HUMAN, "random"], delay=0)
    assert any("wb-legend" in str(getattr(c, "value", "")) for c in _walk(play.widget))


def _walk(widget: object) -> list[object]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out
