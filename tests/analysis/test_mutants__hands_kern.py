"""Behaviours of the hand tables' kernels (``workbench/analysis/_hands.py``) that the
mutation run with the JIT off (issue 18, helper mut-kern) found untested. Each test works
with the JIT on (the suite) and off (the mutation run), checking the kernels against
values worked out here or by an independent method."""

from __future__ import annotations
