"""Where the shipped maps and notebooks are, in a checkout or in an installed package."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["default_map", "maps_dir", "notebooks_dir"]

_CHECKOUT = Path(__file__).resolve().parent.parent
_INSTALLED = Path(sys.prefix) / "share" / "rail-workbench"


def _find(name: str) -> Path:
    for base in (_CHECKOUT, _INSTALLED):
        if (base / name).is_dir():
            return base / name
    raise FileNotFoundError(f"cannot find the {name}/ folder in {_CHECKOUT} or {_INSTALLED}")


def maps_dir() -> Path:
    """The folder holding the shipped maps.

    Examples
    --------
    >>> (maps_dir() / "trans_europa.yaml").is_file()
    True
    """
    return _find("maps")


def notebooks_dir() -> Path:
    """The folder holding the shipped notebooks.

    Examples
    --------
    >>> notebooks_dir().name
    'notebooks'
    """
    return _find("notebooks")


def default_map() -> Path:
    """The board notebooks open: ``$WORKBENCH_MAP`` if set, else Trans Europa.

    Examples
    --------
    >>> default_map().name in {"trans_europa.yaml", os.environ.get("WORKBENCH_MAP", "")}
    True
    """
    chosen = os.environ.get("WORKBENCH_MAP")
    return Path(chosen) if chosen else maps_dir() / "trans_europa.yaml"
