"""Test-run settings for the whole checkout: which tests are slow, and which must share a
pytest-xdist worker (``--dist loadgroup``, as ``python3 dev.py test`` runs them).

- The browser tests share one JupyterLab server (a session fixture): one group.
- A notebook's cells share one kernel and run in order: one group per notebook.
Both are marked ``slow``, so ``-m "not slow"`` leaves them out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
BROWSER = ROOT / "tests" / "browser"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes seconds to minutes (browser, notebooks, long simulations)"
    )


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.suffix == ".ipynb":
            group = f"notebook-{path.stem}"
        elif BROWSER in path.parents:
            group = "browser"
        else:
            continue
        item.add_marker(pytest.mark.xdist_group(group))
        item.add_marker(pytest.mark.slow)
