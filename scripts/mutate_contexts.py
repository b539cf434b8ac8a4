"""A pytest plugin for ``scripts/mutate.py --prepare``: per-test coverage contexts.

Loaded with ``-p mutate_contexts`` under ``coverage run``. Every test's setup, call and
teardown are measured under the test's node id as the coverage *context*, so the runner
can tell which tests execute a line; what runs while tests are collected (imports) is
measured under ``<collect>``. Each test's duration (all three phases) is written to the
JSON file named by ``MUTATE_DURATIONS``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import coverage
import pytest

_durations: dict[str, float] = {}


def _switch(context: str) -> None:
    cov = coverage.Coverage.current()
    if cov is not None:
        cov.switch_context(context)


def pytest_sessionstart(session: pytest.Session) -> None:
    _switch("<collect>")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _switch(item.nodeid)
    yield
    _switch("<between>")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: Any) -> None:
    out = os.environ.get("MUTATE_DURATIONS")
    if out:
        with open(out, "w") as f:
            json.dump(_durations, f, indent=0, sort_keys=True)
