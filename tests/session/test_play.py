"""Tests for workbench.session.play: a game in progress without a widget (no Bokeh)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench import Board
from workbench.games.trans_europa import PRESETS, PlaceMarker
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa.bots import BOTS, play_game
from workbench.games.trans_europa.scoring import table_points
from workbench.session import Change, PlaySession
from workbench.session.play import HUMAN, describe_scoring


def test_bots_play_the_game_the_referee_plays(tiny: Board) -> None:
    """The session steps bots exactly as play_game does: same seeds, same game."""
    session = PlaySession(tiny, ["random", "greedy"], seed=4, bot_seed=9)
    session.run()
    assert session.state is not None and session.state.phase == "game_over"
    game = Game(tiny, PRESETS["rulebook"], players=2, seed=4)
    final = play_game(game, [BOTS["random"], BOTS["greedy"]], seed=9)
    assert session.state.scores == final.scores and session.state.round == final.round
    assert session.state.results == final.results


def test_a_refusal_stays_while_the_bots_move(tiny: Board) -> None:
    session = PlaySession(tiny, ["random", HUMAN], seed=1)
    assert not session.play(PlaceMarker((1, 1)))
    assert session.message == "wait: seat 0 (random) is playing"
    assert session.step() is not None  # the bot's move does not wipe what the human was told
    assert session.message == "wait: seat 0 (random) is playing"
    assert session.message_kind == "error"
    assert session.click_point((7, 4)) and session.message == "", "the human's move answers it"


def test_a_hint_goes_with_the_next_move(tiny: Board) -> None:
    session = PlaySession(tiny, [HUMAN, "random"], seed=1)
    tip = session.hint()
    assert tip is not None and session.message_kind == "hint"
    assert session.hint_completion == (0, tip)
    assert "start at" in session.message
    session.click_point((1, 1))
    assert session.hint_completion is None and session.message == ""
    session.run()
    session.hint()
    session.say("something else", error=True)
    assert session.hint_completion is not None, "the dashed line stays until a move"


def test_listeners_hear_each_action_and_new_games(tiny: Board) -> None:
    session = PlaySession(tiny, [HUMAN, "random"], seed=2)
    heard: list[Change] = []
    session.on_change(heard.append)
    session.click_point((1, 1))
    assert heard[-1].what >= {"state", "log"}
    session.run()
    assert session.state is not None
    assert sum("state" in c for c in heard) == len(session.state.history)  # one per action
    session.new_game(seed=3)
    assert "game" in heard[-1] and session.log == [f"round 1: seat {session.state.starter} starts"]


def test_hot_seat_shows_the_hand_on_turn(tiny: Board) -> None:
    session = PlaySession(tiny, [HUMAN, HUMAN], seed=1)
    assert session.viewer() == 0 and session.name(0) == "human"
    session.click_point((1, 1))
    assert session.viewer() == 1


def test_a_game_the_engine_refuses_says_why(tiny: Board) -> None:
    rules = PRESETS["rulebook"].replace(doubles_per_turn=0)
    session = PlaySession(tiny, [HUMAN, "random"], rules=rules)
    if session.state is not None:
        pytest.skip("this engine plays doubles_per_turn=0")
    assert session.error and session.message.endswith(session.error)
    assert not session.tap(0.0, 0.0) and session.status() == "No game."


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_scoring_in_force_is_the_rules(preset: str) -> None:
    """Every row of the table says what table_points gives (checked rail by rail)."""
    rules = PRESETS[preset]
    rows = describe_scoring(rules)
    if rules.scoring == "countdown":
        assert ("each rail missing", "-1") in rows
        return
    assert rows[0] == ("all cities joined (the round is won)", f"+{rules.winner_points}")
    for missing in range(1, 30):
        row = next(points for what, points in rows[1:] if _covers(what, missing))
        assert int(row) == table_points(rules, missing), (missing, row)


def _covers(what: str, missing: int) -> bool:
    span = what.split(" ")[0]
    if "or more" in what:
        return missing >= int(span)
    low, _, high = span.partition("-")
    return int(low) <= missing <= int(high or low)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 1000),
    clicks=st.lists(st.tuples(st.floats(-2, 12), st.floats(-8, 1)), max_size=12),
)
def test_taps_never_break_the_game(
    tiny: Board, seed: int, clicks: list[tuple[float, float]]
) -> None:
    """Any taps: each is played or refused with a reason, and the state stays consistent."""
    session = PlaySession(tiny, [HUMAN, "random"], seed=seed)
    for x, y in clicks:
        before = len(session.state.history) if session.state is not None else 0
        played = session.tap(x, y)
        if played:
            session.run()
        else:
            assert session.message and session.message_kind == "error"
            assert len(session.state.history) == before
    assert session.status()


def test_the_session_is_refereed_by_the_shared_match(tiny: Board) -> None:
    from workbench.games import Match, replay

    session = PlaySession(tiny, [HUMAN, "random"], seed=6, bot_seed=2)
    assert isinstance(session.match, Match)
    session.click_point((1, 1))
    session.run()
    assert session.state is session.match.state.engine
    again = replay(session.match.game, session.match.state.history)
    assert again.engine == session.state, "the log replays from the protocol's history"


def test_the_search_bot_takes_a_seat(tiny: Board) -> None:
    session = PlaySession(tiny, ["search", HUMAN], seed=1)
    assert session.step() is not None and session.state is not None
    assert session.state.to_play == 1 and session.log[-1].startswith("seat 0 (search)")


def test_people_read_the_round_before_the_next_deal(tiny: Board) -> None:
    session = PlaySession(tiny, [HUMAN, "random"], seed=3)
    for _ in range(400):
        state = session.state
        assert state is not None
        if state.phase == "round_over":
            break
        if state.to_play == 0:
            actions = state.legal_actions()
            assert session.play(actions[0]), session.message
        session.run()
    assert session.state is not None and session.state.phase == "round_over"
    assert not session.bot_on_turn and session.step() is None, "the deal waits"
    assert session.table() is not None
    assert session.next_round() and session.state.round == 2
