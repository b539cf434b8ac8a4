"""rail-workbench: boards, exact route costs, games and lessons for rail-connection games.

>>> import workbench
>>> board = workbench.load_map("maps/trans_europa.yaml")
>>> board.name
'Trans Europa'
"""

from typing import TYPE_CHECKING, Any

from workbench.exceptions import MapError, Problem, WorkbenchError

if TYPE_CHECKING:
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

_MAPS = {
    "Board",
    "City",
    "RouteBoard",
    "check_map",
    "dumps_map",
    "load_map",
    "loads_map",
    "save_map",
}


def __getattr__(name: str) -> Any:
    # the maps layer (numpy, shapely, YAML) is imported on first use, so that the command
    # line (``workbench --help``) starts without it
    if name in _MAPS:
        import workbench.maps

        return getattr(workbench.maps, name)
    raise AttributeError(f"module 'workbench' has no attribute {name!r}")
