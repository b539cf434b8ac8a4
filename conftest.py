"""Test-run settings for the whole checkout: which tests are slow, and which must share a
pytest-xdist worker.

- A notebook's cells share one kernel and run in order: they must run in one worker.
- The browser tests share one JupyterLab server (a session fixture): better in one worker.

``python3 dev.py test`` runs with ``--dist loadfile``, which keeps a file's tests (a
notebook's cells) in one worker. The ``xdist_group`` marks set here say the same for
``--dist loadgroup``, which pytest-xdist 3.8 cannot honour under pytest 9.2 (it renames the
node ids through ``item._nodeid``, which pytest 9.2 no longer reads). All of them are marked
``slow``, so ``-m "not slow"`` leaves them out, and so are the runs of the
benchmark scripts (a Python process each, compiling the numba code afresh).
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

# the adapters of the optional frameworks (rail-workbench[rl]) hold doctests that import them
collect_ignore = [
    f"workbench/envs/{module}.py"
    for module, needs in (
        ("openspiel", "pyspiel"),
        ("pettingzoo", "pettingzoo"),
        ("single", "gymnasium"),
    )
    if find_spec(needs) is None
]
BROWSER = ROOT / "tests" / "browser"
SLOW_FILES = {ROOT / "tests" / "test_benchmarks.py"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes seconds to minutes (browser, notebooks, long simulations)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path in SLOW_FILES and "quick_mode" in item.name:
            item.add_marker(pytest.mark.slow)
            continue
        if path.suffix == ".ipynb":
            group = f"notebook-{path.stem}"
        elif BROWSER in path.parents:
            group = "browser"
        else:
            continue
        item.add_marker(pytest.mark.xdist_group(group))
        item.add_marker(pytest.mark.slow)
