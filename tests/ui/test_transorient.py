"""The Transorient Express play widget, driven from Python."""

from __future__ import annotations

from workbench.ui.transorient import TransorientPlay


def test_an_illegal_tap_says_why_and_changes_nothing() -> None:
    play = TransorientPlay(players=3, seed=2)
    before = play.state.copy()
    play.act("take 9")
    assert "take 9 is not legal" in play.message and play.state == before
    assert "take 9 is not legal" in play.status.value


def test_taps_play_a_game_to_the_end() -> None:
    play = TransorientPlay(players=2, seed=5, bots=["planner"])
    for _ in range(2000):
        state = play.state
        if state.is_terminal():
            break
        legal = state.legal_actions()
        rich = sum(state.stores[0]) >= 4
        play.act(str(legal[-1] if state.phase == "take" and not rich else legal[0]))
    assert play.state.is_terminal() and "Game over" in play.header.value
    assert any(line.startswith("seat 1:") for line in play.log)
    assert any(line.startswith("you: pile") for line in play.log)


def test_buttons_follow_the_legal_actions() -> None:
    play = TransorientPlay(players=4, seed=1)
    buttons = [b for box in play.station.children[3].children for b in box.children[2:]]
    enabled = sorted(b.description for b in buttons if not b.disabled)
    assert enabled == sorted(str(a) for a in play.state.legal_actions())
    buttons[0].click()  # take 1
    assert play.state.phase == "place" and play.log[-1] == "you: take 1"
