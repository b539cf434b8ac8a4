"""Playing the game: actions, the immutable :class:`Game`, its changing :class:`State`,
per-player :class:`Observation` values, replay and saved games.

The engine plays every rule of :class:`workbench.rules.Rules`: the basic game, the turn
budgets (rails per turn, doubles, mixed doubles, the lap rhythm), the cost of doubles, the
rail supply, dashed cards by player count, colors out of the hands, building anywhere, the
hand-exchange cards (discard, reveal, draft, pass one card, pass the hand) as phases of
their own, the special cards turned over each round or fixed for the game, and the later
edition's colored rails and two-rail ferries. ``docs/engine.md`` gives our readings.

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
    Discard,
    EndTurn,
    NextRound,
    PassCard,
    PlaceMarker,
    PlaceRail,
    action_key,
    parse_action,
)
from workbench.engine.game import Game, Hands
from workbench.engine.record import FORMAT, load_game, save_game
from workbench.engine.state import (
    Observation,
    Phase,
    Pieces,
    RoundResult,
    SeatRails,
    State,
    replay,
    seat_rails,
)

__all__ = [
    "FORMAT",
    "Action",
    "Discard",
    "EndTurn",
    "Game",
    "Hands",
    "NextRound",
    "Observation",
    "PassCard",
    "Phase",
    "Pieces",
    "PlaceMarker",
    "PlaceRail",
    "RoundResult",
    "SeatRails",
    "State",
    "action_key",
    "load_game",
    "parse_action",
    "replay",
    "save_game",
    "seat_rails",
]
