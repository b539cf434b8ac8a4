"""The Transorient Express play widget, driven from Python."""

from __future__ import annotations

import html
import re

from workbench.ui.transorient import TransorientPlay


def test_an_illegal_tap_says_why_and_changes_nothing() -> None:
    play = TransorientPlay(players=3, seed=2)
    assert play.widget is not None
    before = play.state.copy()
    play.act("take 9")
    assert "take 9 is not legal" in play.message and play.state == before
    assert "take 9 is not legal" in play._widgets["message"].value


def test_taps_play_a_game_to_the_end() -> None:
    play = TransorientPlay(players=2, seed=5, bots=["planner"])
    for _ in range(2000):
        state = play.state
        if state.is_terminal():
            break
        legal = state.legal_actions()
        rich = sum(state.stores[0]) >= 4
        play.act(str(legal[-1] if state.phase == "take" and not rich else legal[0]))
    assert play.state.is_terminal() and "Game over" in play.status()
    assert any(line.startswith("seat 1:") for line in play.log)
    assert any(line.startswith("you: pile") for line in play.log)


def test_buttons_follow_the_legal_actions() -> None:
    play = TransorientPlay(players=4, seed=1)
    buttons = [b for box in play.station.children[3].children for b in box.children[2:]]
    enabled = sorted(b.description for b in buttons if not b.disabled)
    assert enabled == sorted(str(a) for a in play.state.legal_actions())
    buttons[0].click()  # take 1
    assert play.state.phase == "place" and play.log[-1].startswith("you: take 1 (")


def test_the_view_follows_its_session_driven_by_code() -> None:
    play = TransorientPlay(players=3, seed=2)
    assert play.widget is not None
    renders = []
    draw = play.render
    play.render = lambda: (renders.append(1), draw())[1]  # type: ignore[method-assign]
    assert play.session.act("pile 1") and play.state.phase == "place"
    column = play.station.children[3].children[1].children  # column 1 was emptied
    assert "Your turn" in play._widgets["status"].value and len(renders) == 1
    assert [b.description for b in column[2:] if not b.disabled] == ["master 2"]
    assert play.session.act("master 2") and play.state.phase == "play" and len(renders) == 2
    told = len(play.log)
    assert play.session.act("pass")  # the bots play on: one redraw when they are done
    assert play.state.round == 2 and play.session.human_to_play() and len(renders) == 3
    assert any(line.startswith("seat 2: ") for line in play.log[told:])
    assert html.escape(play.session.log[-1]) in play._widgets["log"].value
    assert (
        not play.session.act("take 9") and "take 9 is not legal" in play._widgets["message"].value
    )


def test_the_hint_names_a_legal_move_and_what_it_does() -> None:
    play = TransorientPlay(players=3, seed=2)
    assert play.widget is not None and not play._widgets["hint"].disabled
    move = play.hint()
    assert move in {str(a) for a in play.state.legal_actions()}
    assert (
        play.message.startswith(f"Hint: {move}: ") and "wb-hint" in play._widgets["message"].value
    )


def test_save_and_load_through_the_shared_row(tmp_path) -> None:  # type: ignore[no-untyped-def]
    play = TransorientPlay(players=2, seed=4)
    assert play.act("pile 1")
    assert play.act(str(play.state.legal_actions()[0]))
    path = play.save(tmp_path / "to.json")
    other = TransorientPlay(players=2, seed=9)
    other.load(path)
    assert other.state == play.state and other.log == play.log


def test_a_disabled_button_says_why_and_the_log_names_cards() -> None:
    play = TransorientPlay(players=3, seed=2)
    buttons = [b for box in play.station.children[3].children for b in box.children[2:]]
    master = next(b for b in buttons if b.description == "master 1")
    assert master.disabled
    assert master.tooltip.startswith("not now: first take a card from the bottom row")
    _, bottom = play.session.station()
    card = bottom[0]
    assert play.act("take 1")
    assert play.log[-1] == f"you: take 1 ({card.label} {card.name})"
    # a bot's take names the card it took, not only a column that shifts afterwards
    bots = TransorientPlay(players=2, seed=2, seat=1)
    takes = [line for line in bots.log if line.startswith(("seat 0: take", "seat 0: pile"))]
    assert takes and all(re.fullmatch(r"seat 0: (take|pile) \d \(.+\)", x) for x in takes)
