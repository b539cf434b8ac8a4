"""BoardView draws colored rails from real game states, as the engine keeps them.

The engine records who owns the rails of a segment in ``state.pieces`` (segment -> owners,
a seat for a colored rail, ``None`` for a black one); an observation carries the same as a
tuple of pairs. These positions are played by the engine on the tiny board, so the shapes
drawn are the shapes the engine produces.
"""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.games.trans_europa import EndTurn, PlaceMarker, PlaceRail, Rules
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa import TransEuropaState as State
from workbench.maps.lattice import edge
from workbench.ui.boardview import BoardView, colored_rails, player_color

FERRY = ((5, 1), (6, 1))


def position(board: Board, **rules: object) -> State:
    """Seat 0 on [1, 1], seat 1 on [5, 1]; each lays a colored rail, seat 0 a black one."""
    game = Game(board, Rules().replace(colored_rails=3, **rules), players=2,
                hands=[(("Hazel",), ("Alder",))])  # fmt: skip
    state = game.new_state()
    state.apply(PlaceMarker((1, 1)))
    state.apply(PlaceMarker((5, 1)))
    state.apply(PlaceRail(((1, 1), (2, 1)), colored=True))
    state.apply(PlaceRail(((2, 1), (3, 1))))
    assert state.to_play == 1
    state.apply(PlaceRail(((5, 1), (5, 2)), colored=True))
    state.apply(EndTurn())
    return state


def test_colored_rails_of_a_real_state_are_drawn_in_their_owner_color(tiny: Board) -> None:
    state = position(tiny)
    assert state.pieces == {((1, 1), (2, 1)): (0,), edge((5, 1), (5, 2)): (1,)}
    view = BoardView(tiny, state)
    data = view.sources["colored-rails"].data
    assert list(data["seat"]) == [0, 1]
    assert list(data["color"]) == [player_color(0), player_color(1)]
    assert list(data["between"]) == ["Alder [1, 1] - [2, 1]", "[5, 1] - [5, 2]"]
    # the black rail only is in the rails layer; the casing shares the colored source
    assert list(view.sources["rails"].data["between"]) == ["[2, 1] - [3, 1]"]
    casing = view.figure.select_one({"name": "colored-rails-casing"})
    assert casing.data_source is view.sources["colored-rails"]


def test_an_observation_draws_as_its_state(tiny: Board) -> None:
    state = position(tiny)
    from_state = BoardView(tiny, state)
    for seat in (0, 1):
        obs = state.observation(seat)
        assert isinstance(obs.pieces, tuple)
        from_obs = BoardView(tiny, obs)  # type: ignore[arg-type]
        for name in ("rails", "colored-rails"):
            assert from_obs.sources[name].data == from_state.sources[name].data, name


def test_a_ferry_with_a_black_and_a_colored_rail_is_drawn_both_ways(tiny: Board) -> None:
    game = Game(tiny, Rules(colored_rails=3, ferry_rails=2), players=2,
                hands=[(("Hazel",), ("Elder",))])  # fmt: skip
    state = game.new_state()
    state.apply(PlaceMarker((5, 1)))
    state.apply(PlaceMarker((6, 1)))
    state.apply(PlaceRail(FERRY))  # seat 0: one black rail on the ferry
    state.apply(EndTurn())
    state.apply(PlaceRail(FERRY, colored=True))  # seat 1 completes it with a colored one
    assert state.pieces[FERRY] == (None, 1)
    view = BoardView(tiny, state)
    rails = view.sources["rails"].data
    colored = view.sources["colored-rails"].data
    assert len(rails["x0"]) == 1 and list(colored["seat"]) == [1]
    assert rails["x0"] == colored["x0"] and rails["y1"] == colored["y1"]


@pytest.mark.parametrize("seed", range(3))
def test_colored_rails_read_every_colored_piece_of_played_games(tiny: Board, seed: int) -> None:
    from workbench.games.trans_europa.bots import GreedyBot, RandomBot, play_game

    seen = []

    def check(state: State, _action: object) -> None:
        expected = sorted(
            (segment, seat)
            for segment, owners in state.pieces.items()
            for seat in owners
            if seat is not None
        )
        assert colored_rails(state) == expected
        seen.extend(expected)

    game = Game(tiny, Rules.preset("colored"), players=2, seed=seed)
    play_game(game, [RandomBot, GreedyBot], seed=seed, on_action=check)
    assert seen, "the colored preset's games lay colored rails"


def test_update_follows_the_pieces_as_they_change(tiny: Board) -> None:
    state = position(tiny)
    view = BoardView(tiny)
    assert len(view.sources["colored-rails"].data["x0"]) == 0
    view.update(state)
    assert len(view.sources["colored-rails"].data["x0"]) == 2
    state.apply(PlaceRail(((0, 1), (1, 1)), colored=True))
    view.update(state)
    assert list(view.sources["colored-rails"].data["seat"]) == [0, 0, 1]
    view.update(None)
    assert len(view.sources["colored-rails"].data["x0"]) == 0
