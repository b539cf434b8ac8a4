"""The numba kernels' tests, run again as plain Python, where every index is checked.

Compiled numba code does not check array bounds: a kernel that reads one row past a table
(``range(full)`` made ``range(full + 1)``, say) goes on with whatever lies there, and the
tests may still pass. With ``NUMBA_DISABLE_JIT=1`` the same kernels run as Python over
numpy arrays, which raise ``IndexError`` at the first bad index and ``OverflowError`` where
a number does not fit its type. The mutation run (``scripts/mutate.py --jit-off``) found
85 planted bugs that only this notices (``docs/mutation/mut-kern.md``); this test makes the
suite notice them too. The tests run are the ones the mutation runner measures the kernels
with (``JIT_TESTS`` in ``scripts/mutate.py``), so the two cannot drift apart.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def jit_tests() -> list[str]:
    """``JIT_TESTS`` as written in ``scripts/mutate.py``, read without importing it.

    >>> "tests/algorithms" in jit_tests()
    True
    """
    tree = ast.parse((ROOT / "scripts" / "mutate.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "JIT_TESTS" for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise AssertionError("scripts/mutate.py has no JIT_TESTS")


@pytest.mark.slow  # a minute: the kernels as Python are slow
def test_the_kernel_tests_pass_as_plain_python_where_every_index_is_checked() -> None:
    tests = jit_tests()
    assert len(tests) >= 10 and all((ROOT / t.split("::")[0]).exists() for t in tests)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    quiet = ["-q", "-n", "0", "-p", "no:cacheprovider", "-W", "ignore::RuntimeWarning"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *quiet, *tests],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "no tests ran" not in run.stdout
