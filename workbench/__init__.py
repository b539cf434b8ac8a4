"""rail-workbench: boards, exact route costs, games and lessons for rail-connection games.

>>> import workbench
>>> board = workbench.load_map("maps/trans_europa.yaml")
>>> board.name
'Trans Europa'
"""

from workbench.exceptions import MapError, Problem, WorkbenchError
from workbench.maps import (
    Board,
    City,
    RouteBoard,
    check_map,
    dumps_map,
    load_map,
    loads_map,
    save_map,
)

__all__ = [
    "Board",
    "City",
    "MapError",
    "Problem",
    "RouteBoard",
    "WorkbenchError",
    "check_map",
    "dumps_map",
    "load_map",
    "loads_map",
    "save_map",
]

__version__ = "0.1.0"
