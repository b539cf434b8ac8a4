"""Playing the game: actions, the immutable :class:`Game`, its changing :class:`State`,
per-player :class:`Observation` values, replay and saved games.

The engine plays the basic game and the rules that only change turn budgets and hands'
sizes: rails per turn, doubles, mixed doubles, the lap rhythm, the cost of doubles, the
rail supply, dashed cards by player count, colors out of the hands and building anywhere.
Hand-exchange cards, colored rails, two-rail ferries and special cards are not played yet
(``Game`` raises ``ValueError`` for them).

>>> from workbench import load_map
>>> from workbench.engine import Game, replay
>>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=1)
>>> state = game.new_state()
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0])
>>> state.phase, len(state.results) >= 1, replay(game, state.history) == state
('game_over', True, True)
"""

from workbench.engine.actions import (
    Action,
    EndTurn,
    NextRound,
    PlaceMarker,
    PlaceRail,
    action_key,
    parse_action,
)
from workbench.engine.game import Game, Hands
from workbench.engine.record import FORMAT, load_game, save_game
from workbench.engine.state import Observation, Phase, RoundResult, State, replay

__all__ = [
    "FORMAT",
    "Action",
    "EndTurn",
    "Game",
    "Hands",
    "NextRound",
    "Observation",
    "Phase",
    "PlaceMarker",
    "PlaceRail",
    "RoundResult",
    "State",
    "action_key",
    "load_game",
    "parse_action",
    "replay",
    "save_game",
]
