"""Keep the shipped notebooks clean: stored without outputs, whatever a user does in the lab.

An executed notebook carries its outputs (inline BokehJS alone weighs megabytes), execution
counts and widget state with random ids: git shows a huge change and nbval compares outputs
that differ on every run. :func:`strip_on_save` is a Jupyter server *pre-save hook*: the
workbench's JupyterLab (``python3 dev.py lab``, or any server with
:func:`workbench.resources.jupyter_config_dir` on ``JUPYTER_CONFIG_PATH``) stores a shipped
notebook as :func:`clean` makes it, while the open tab keeps its outputs. Notebooks anywhere
else (a copy made with ``workbench lab --dir``, your own) are saved as they are.

From a shell, ``python -m workbench.nbclean notebooks/*.ipynb`` cleans files in place and
``--check`` only says which are not clean (exit status 1).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from workbench.resources import notebooks_dir

__all__ = [
    "CHECKED_TAG",
    "CLEAN_DIRS_VARIABLE",
    "clean",
    "clean_folders",
    "is_clean",
    "main",
    "strip_on_save",
]

CLEAN_DIRS_VARIABLE = "WORKBENCH_CLEAN_NOTEBOOKS"
"""An environment variable listing more folders (``os.pathsep``-separated) whose notebooks
:func:`strip_on_save` cleans."""

_KEPT_NOTEBOOK_METADATA = ("kernelspec",)
_DROPPED_CELL_METADATA = ("execution", "collapsed", "scrolled", "jp-MarkdownHeadingCollapsed")


CHECKED_TAG = "nbval-check-output"
"""Cells with this tag keep their plain-text output: the test run compares it (``--nbval-lax``
compares these cells and only these)."""


def _kept_outputs(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A checked cell's outputs as stored: text only, without run metadata."""
    kept = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            kept.append({"name": out["name"], "output_type": kind, "text": out["text"]})
        elif kind in ("execute_result", "display_data") and "text/plain" in out.get("data", {}):
            item: dict[str, Any] = {
                "data": {"text/plain": out["data"]["text/plain"]},
                "metadata": {},
            }
            if kind == "execute_result":
                item["execution_count"] = 1
            kept.append({**item, "output_type": kind})
    return kept


def clean(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook ``nb`` (its JSON as a dict) without outputs, execution counts, widget
    state, language info or run timings; sources, cell ids and tags are kept.

    A cell tagged :data:`CHECKED_TAG` keeps its text output (and an execution count of 1, so
    that nbval compares it): that output is what the test run checks.

    Examples
    --------
    >>> nb = {"metadata": {"kernelspec": {"name": "python3"}, "widgets": {"state": {}}},
    ...       "cells": [{"cell_type": "code", "id": "a", "source": "1 + 1", "metadata": {},
    ...                  "execution_count": 3,
    ...                  "outputs": [{"output_type": "execute_result", "data": {}}]}]}
    >>> out = clean(nb)
    >>> out["metadata"], out["cells"][0]["execution_count"], out["cells"][0]["outputs"]
    ({'kernelspec': {'name': 'python3'}}, None, [])
    >>> out["cells"][0]["id"], out["cells"][0]["source"]
    ('a', '1 + 1')
    """
    out = dict(nb)
    out["metadata"] = {
        k: v for k, v in nb.get("metadata", {}).items() if k in _KEPT_NOTEBOOK_METADATA
    }
    cells = []
    for cell in nb.get("cells", []):
        cell = dict(cell)
        cell["metadata"] = {
            k: v for k, v in cell.get("metadata", {}).items() if k not in _DROPPED_CELL_METADATA
        }
        if cell.get("cell_type") == "code":
            checked = CHECKED_TAG in cell["metadata"].get("tags", ())
            outputs = _kept_outputs(cell.get("outputs", [])) if checked else []
            cell["execution_count"] = 1 if outputs else None
            cell["outputs"] = outputs
        cells.append(cell)
    out["cells"] = cells
    return out


def is_clean(nb: dict[str, Any]) -> bool:
    """Whether ``nb`` is stored as :func:`clean` would store it.

    Examples
    --------
    >>> is_clean({"metadata": {}, "cells": [{"cell_type": "code", "source": "", "metadata": {},
    ...           "execution_count": 1, "outputs": []}]})
    False
    """
    return clean(nb) == nb


def clean_folders() -> list[Path]:
    """The folders whose notebooks :func:`strip_on_save` cleans: the shipped notebooks and
    those listed in ``$WORKBENCH_CLEAN_NOTEBOOKS``.

    Examples
    --------
    >>> notebooks_dir().resolve() in clean_folders()
    True
    """
    extra = [p for p in os.environ.get(CLEAN_DIRS_VARIABLE, "").split(os.pathsep) if p]
    folders = []
    for folder in [notebooks_dir(), *map(Path, extra)]:
        try:
            folders.append(Path(folder).resolve())
        except OSError:
            continue
    return folders


def _inside(path: Path, folders: Iterable[Path]) -> bool:
    return any(path == f or f in path.parents for f in folders)


def strip_on_save(model: dict[str, Any], path: str, contents_manager: Any, **_: Any) -> None:
    """A Jupyter server pre-save hook: clean a notebook saved into :func:`clean_folders`.

    ``model`` is the contents model being saved; ``path`` is relative to the server's root
    (``contents_manager.root_dir``). The model is changed in place, so the file on disk is
    clean while the notebook open in the browser keeps its outputs.

    Examples
    --------
    >>> class Server:
    ...     root_dir = str(notebooks_dir())
    >>> model = {"type": "notebook", "content": {"metadata": {}, "cells": [
    ...     {"cell_type": "code", "source": "1", "metadata": {}, "execution_count": 1,
    ...      "outputs": [{"output_type": "stream", "name": "stdout", "text": "1"}]}]}}
    >>> strip_on_save(model, "01_quickstart.ipynb", Server())
    >>> model["content"]["cells"][0]["outputs"]
    []
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    root = Path(getattr(contents_manager, "root_dir", "") or os.getcwd())
    target = (root / path.lstrip("/")).resolve()
    if _inside(target, clean_folders()):
        model["content"] = clean(model["content"])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m workbench.nbclean [--check] NOTEBOOK...``: clean notebooks in place, or
    with ``--check`` list those that are not clean (exit status 1 if any).

    Examples
    --------
    >>> main(["--check", str(notebooks_dir() / "01_quickstart.ipynb")])
    0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    files = [Path(a) for a in args if a != "--check"]
    if not files:
        print("usage: python -m workbench.nbclean [--check] NOTEBOOK...", file=sys.stderr)
        return 2
    dirty = []
    for file in files:
        nb = json.loads(file.read_text(encoding="utf-8"))
        if is_clean(nb):
            continue
        dirty.append(file)
        if not check:
            text = json.dumps(clean(nb), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
            from workbench.files import write_atomic

            write_atomic(file, text)
    verb = "not clean" if check else "cleaned"
    for file in dirty:
        print(f"{file}: {verb}")
    return 1 if check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
