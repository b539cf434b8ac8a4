"""What the widgets decide, without the widgets: editing a board and playing a game.

A session is plain Python: it holds the state a widget shows (a board and its history, a
game in progress), takes the calls a widget's clicks make, and tells listeners what changed
(:class:`~workbench.session.events.Change`). Nothing here imports Bokeh or ipywidgets; the
widgets in :mod:`workbench.ui` draw a session and forward clicks to it.
"""

from workbench.session.analysis import EditorAnalysis, analyze_edit
from workbench.session.edit import SEGMENT_CYCLE, EditSession, Opened, Place
from workbench.session.events import Change, Listeners
from workbench.session.game import GameSession
from workbench.session.jobs import LatestJob
from workbench.session.play import PlaySession
from workbench.session.route_analysis import RouteEditAnalysis, analyze_route_edit
from workbench.session.route_edit import RouteEditSession, RoutePlace

__all__ = [
    "SEGMENT_CYCLE",
    "Change",
    "EditSession",
    "EditorAnalysis",
    "GameSession",
    "LatestJob",
    "Listeners",
    "Opened",
    "Place",
    "PlaySession",
    "RouteEditAnalysis",
    "RouteEditSession",
    "RoutePlace",
    "analyze_edit",
    "analyze_route_edit",
]
