"""Every script in benchmarks/ runs, in its quick mode, so none can rot unnoticed.

The scripts are found by listing the folder: a new benchmark is tested without being named
here. Each must take ``--quick`` (a run of a few seconds that goes through all of its code
paths it can on a small board) and exit with status 0. Speed is not asserted: the figures
are the scripts' to print.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_NUM_THREADS": "1"}
    return subprocess.run(
        [sys.executable, str(script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_benchmarks_are_found() -> None:
    assert {"sim.py", "engine_playouts.py", "steiner.py"} <= {p.name for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_benchmark_runs_in_quick_mode(script: Path) -> None:
    helped = run(script, "--help")
    assert helped.returncode == 0, helped.stderr
    assert "--quick" in helped.stdout, (
        f"benchmarks/{script.name} has no --quick flag: add one that runs the script on a "
        "small case in a few seconds (tests/test_benchmarks.py runs every benchmark with it)"
    )
    done = run(script, "--quick")
    assert done.returncode == 0, f"benchmarks/{script.name} --quick failed:\n{done.stderr}"
    assert done.stdout.strip(), f"benchmarks/{script.name} --quick printed nothing"
