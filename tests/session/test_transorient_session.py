"""The Transorient Express session without any widget: a game played by code, refusals,
hidden information kept out of the wrong log, saving and loading, the scoring in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.transorient_express.actions import Discard, Keep, LuggageDraw, Play
from workbench.session.transorient import TransorientSession


def _play_out(session: TransorientSession) -> int:
    """Play the person's seat to the end by code (the bots first if they start): a pile
    while poor, a card when rich, the first legal play, keep or return; the number of taps."""
    session.run()
    taps = 0
    for taps in range(1, 3000):
        if session.state.is_terminal():
            return taps
        state = session.state
        legal = session.choices()
        assert legal, session.status()
        seat = state.to_play
        rich = sum(state.stores[seat]) >= 4
        choice = legal[-1] if state.phase == "take" and not rich else legal[0]
        assert session.act(state.text(choice)), session.message
    raise AssertionError("the game did not end")


def test_a_game_is_played_to_the_end_through_the_session() -> None:
    session = TransorientSession(seats=["human", "greedy", "greedy"], seed=2)
    _play_out(session)
    state = session.state
    assert state.is_terminal() and session.status().startswith("Game over: ")
    assert max(len(t) for t in state.tableaux) >= state.game.rules.end_at(3)
    assert session.log[-1].startswith("game over: ")
    assert any(line.startswith("you: pile") for line in session.log)
    assert any(line.startswith("seat 1: take") for line in session.log)
    assert session.choices() == [] and not session.act("pass")
    assert session.message.startswith("the game is over")


def test_refusals_say_why_and_change_nothing() -> None:
    session = TransorientSession(seats=["human", "greedy", "greedy"], seed=2)
    before = session.state.copy()
    log = list(session.log)
    assert not session.act("take 9")
    assert "take 9 is not legal in the take step" in session.message
    assert session.message_kind == "error"
    assert not session.act("fly home")
    assert "is not an action" in session.message
    assert not session.act("play 1-red")
    assert session.state == before and session.log == log
    bots = TransorientSession(seats=["greedy", "human"], seed=2)
    assert not bots.act("take 1") and bots.message == "wait: seat 0 (greedy) is playing"


def test_station_taps_follow_the_legal_actions_and_say_what_they_do() -> None:
    session = TransorientSession(seats=["human", "greedy", "greedy", "greedy"], seed=1)
    top, bottom = session.station()
    assert len(top) == len(bottom) == session.game.columns
    legal = sorted(session.state.text(a) for a in session.state.legal_actions())
    taps = [t for card in bottom for t in card.taps]
    assert sorted(t.text for t in taps if t.legal) == legal
    first = bottom[0]
    take = first.taps[0]
    assert take.text == "take 1" and first.label in take.does
    pile = session.pile(0)
    assert sum(n for _, n in pile) == sum(session.state.piles[0])
    assert all(f"{n} {c}" in first.taps[1].does for c, n in pile)


def test_the_hand_shows_costs_after_discounts_and_the_legal_plays() -> None:
    session = TransorientSession(seats=["human", "greedy"], seed=5)
    seen_play = False
    for _ in range(400):
        state = session.state
        if state.is_terminal():
            break
        if state.phase == "play":
            seat = session.viewer()
            hand = session.hand()
            assert [c.index for c in hand] == state.hands[seat]
            plays = dict(session.plays())
            for card in hand:
                d = session.cards.destinations[card.index]
                discount = dict(zip(session.cards.token_colors, state.discounts[seat], strict=True))
                expected = tuple((c, n - discount[c]) for c, n in d.cost if n > discount[c])
                assert card.cost_now == expected
                assert card.taps[0].legal == (card.taps[0].text in plays) == card.affordable
                if card.affordable:
                    assert plays[card.taps[0].text] == expected
                    seen_play = True
        legal = session.choices()
        plays_now = [a for a in legal if isinstance(a, Play)]
        rich = sum(state.stores[session.viewer()]) >= 4
        pick = 0 if state.phase != "take" or rich else -1  # take when rich, else pile
        choice = plays_now[0] if plays_now else legal[pick]
        assert session.act(choice)
    assert seen_play


def _hidden_lines(session: TransorientSession, seat: int) -> list[str]:
    return [line for line in session.log if line.startswith(f"seat {seat}")]


@pytest.mark.parametrize("human", [0, 1])
def test_hidden_information_never_reaches_another_seats_log(human: int) -> None:
    seats = ["greedy", "greedy"]
    seats[human] = "human"
    session = TransorientSession(seats=seats, seed=7)
    _play_out(session)
    other = 1 - human
    history = session.state.history
    # what the other seat drew, kept and discarded happened, and is not named
    replay = session.game.new_state()
    secret = 0
    for action in history:
        owner = replay.pending[0][1] if replay.to_play is None and replay.pending else None
        if isinstance(action, LuggageDraw) and owner == other:
            secret += 1
        if isinstance(action, Keep | Discard) and replay.to_play == other:
            secret += 1
        replay.apply(action)
    lines = _hidden_lines(session, other)
    assert secret > 0
    for line in lines:
        assert not re.search(r"Luggage \d|keep \d|discard \d", line), line
    assert sum("draws a Luggage card" in line for line in lines) > 0
    mine = [line for line in session.log if line.startswith("you")]
    assert any(re.search(r"Luggage \d+ \(", line) for line in mine) or not any(
        session.state.luggage[human]
    )


def test_save_and_load_give_back_the_game_and_its_log(tmp_path: Path) -> None:
    session = TransorientSession(seats=["human", "greedy", "planner"], seed=4)
    for _ in range(12):
        legal = session.choices()
        assert session.act(legal[len(legal) // 2])
    path = session.save(tmp_path / "game.json")
    other = TransorientSession(seats=["human", "greedy", "planner"], seed=99)
    other.load(path)
    assert other.state == session.state and other.log == session.log
    assert other.status() == session.status()
    assert [c.label for c in other.hand()] == [c.label for c in session.hand()]
    _play_out(other)
    assert other.state.is_terminal()
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.json:1:2: not a saved game"):
        other.load(tmp_path / "bad.json")
    assert other.state.is_terminal()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_scoring_in_words_adds_up_to_the_score(seed: int) -> None:
    session = TransorientSession(seats=["greedy", "planner", "greedy"], seed=seed)
    assert session.explain_scoring() == [] and session.score_rows() == []
    session.run()
    lines = session.explain_scoring()
    scores = session.state.scores()
    heads = [i for i, line in enumerate(lines) if not line.startswith("  ")]
    assert len(heads) == 3
    for seat, start in enumerate(heads):
        end = heads[seat + 1] if seat + 1 < len(heads) else len(lines)
        total = int(lines[start].split(": ")[1].split()[0])
        parts = [int(m.group(1)) for line in lines[start + 1 : end]
                 if (m := re.search(r": \+(-?\d+)$", line))]  # fmt: skip
        assert total == scores[seat] == sum(parts)
        assert len(parts) >= 2 + 3  # printed, luggage, three objectives
    rows = session.score_rows()
    assert [r["total"] for r in rows] == list(scores)


def test_listeners_hear_each_tap() -> None:
    session = TransorientSession(seats=["human", "greedy", "greedy"], seed=2)
    heard: list[set[str]] = []
    session.on_change(lambda change: heard.append(set(change.what)))
    assert session.act("pile 1")
    assert heard and "state" in heard[-1]


@pytest.mark.parametrize(
    ("game", "move"), [("ticket_to_ride", "blind"), ("transorient_express", "take 9")]
)
def test_a_refused_move_leaves_no_line_in_any_games_log(game: str, move: str) -> None:
    from workbench.session.game import GameSession

    session = GameSession(game, ["human", "greedy"], seed=3)
    log = list(session.log)
    assert not session.play(move) and session.message_kind == "error"
    assert session.log == log


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    data=st.data(),
)
def test_any_game_keeps_secrets_and_its_scoring_adds_up(
    seed: int, players: int, data: st.DataObject
) -> None:
    """Random taps at a random seat against greedy and random bots: the log never names
    another seat's Luggage draws, kept Luggage or discards; the view shows the viewer's
    hand alone; the scoring in words adds up to every score."""
    human = data.draw(st.integers(0, players - 1), label="human seat")
    seats = ["greedy" if s % 2 else "random" for s in range(players)]
    seats[human] = "human"
    session = TransorientSession(seats=seats, seed=seed)
    session.run()
    taps = 0
    while not session.state.is_terminal():
        assert [c.index for c in session.hand()] == session.state.hands[human]
        legal = session.choices()
        taps += 1
        assert session.act(legal[data.draw(st.integers(0, len(legal) - 1)) if taps < 40 else 0])
    for line in session.log:
        if line.startswith("seat "):
            assert not re.search(r"Luggage \d|keep \d|discard \d", line), line
    lines = session.explain_scoring()
    heads = [i for i, line in enumerate(lines) if not line.startswith("  ")]
    for seat, start in enumerate(heads):
        end = heads[seat + 1] if seat + 1 < len(heads) else len(lines)
        parts = [int(m.group(1)) for line in lines[start + 1 : end]
                 if (m := re.search(r": \+(-?\d+)$", line))]  # fmt: skip
        assert sum(parts) == session.state.scores()[seat]
