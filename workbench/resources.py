"""Where the shipped maps and notebooks are, in a checkout or in an installed package.

:func:`find_map` turns what a user types into a map file: a path that exists, else a
shipped board by name (``"trans_europa"``), so ``load_map("trans_europa")`` works from any
folder, a notebook's included.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = [
    "default_map",
    "find_map",
    "jupyter_config_dir",
    "maps_dir",
    "notebooks_dir",
    "shipped_maps",
]

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


def shipped_maps() -> list[str]:
    """The names of the shipped boards, as :func:`find_map` takes them.

    Examples
    --------
    >>> shipped_maps()
    [..., 'tiny', 'trans_amerika', 'trans_europa', 'transorient_express']
    """
    return sorted(p.stem for p in maps_dir().glob("*.yaml"))


def find_map(name_or_path: str | os.PathLike[str]) -> Path:
    """The map file that ``name_or_path`` means.

    In this order: the path itself if it exists (relative to the current folder); a shipped
    board by name, with or without ``.yaml`` (``"trans_europa"``); a path starting with
    ``maps/`` read from the shipped maps folder (so the README's ``maps/...`` examples also
    work in a notebook, whose kernel runs in ``notebooks/``).

    Raises
    ------
    FileNotFoundError
        Naming what was looked for, where, and the shipped boards.

    Examples
    --------
    >>> find_map("trans_europa") == maps_dir() / "trans_europa.yaml"
    True
    >>> find_map("tiny.yaml").name
    'tiny.yaml'
    >>> find_map("nowhere")
    Traceback (most recent call last):
    ...
    FileNotFoundError: no map file 'nowhere' in ... (use a path, or one of: ..., tiny, ...)
    """
    path = Path(name_or_path)
    if path.exists():
        return path
    shipped = maps_dir()
    candidates: list[Path] = []
    if len(path.parts) == 1:
        candidates += [shipped / path.name, shipped / f"{path.name}.yaml"]
    elif path.parts[0] == "maps" and not path.is_absolute():
        candidates.append(shipped.joinpath(*path.parts[1:]))
    for candidate in candidates:
        if candidate.suffix == ".yaml" and candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"no map file {str(name_or_path)!r} in {Path.cwd()} and no shipped board of that name "
        f"(use a path, or one of: {', '.join(shipped_maps())})"
    )


def jupyter_config_dir() -> Path:
    """A Jupyter configuration folder for the workbench's JupyterLab: put it on
    ``JUPYTER_CONFIG_PATH`` and saving a shipped notebook stores it without outputs
    (:func:`workbench.nbclean.strip_on_save`).

    Examples
    --------
    >>> (jupyter_config_dir() / "jupyter_server_config.json").is_file()
    True
    """
    return Path(__file__).resolve().parent / "jupyter_config"
