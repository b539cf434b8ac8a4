#!/usr/bin/env python3
"""Set up and run rail-workbench from a fresh clone, with nothing but Python 3.11+ and pip.

    python3 dev.py lab     # create .venv, install everything, open JupyterLab on notebooks/
    python3 dev.py test    # create .venv, install everything, run the whole test suite

The virtual environment lives in .venv and is refreshed whenever pyproject.toml changes.
Extra arguments go to JupyterLab (lab) or to pytest (test): `python3 dev.py test
tests/maps/test_io.py` lints, then runs that file alone, and `-m "not slow"` leaves out the
slow tests (JupyterLab in Chromium, the notebooks, the long simulations). Tests run in
parallel on every core (pytest-xdist); `-n 0` runs them one after the other.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("WORKBENCH_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".rail-workbench-installed"


def say(message: str) -> None:
    print(f"[dev] {message}", flush=True)


def run(*command: str | Path) -> None:
    say(" ".join(map(str, command)))
    subprocess.run([str(c) for c in command], cwd=ROOT, check=True)


def setup() -> None:
    """Create .venv and install the package with its test tools, once per pyproject change."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py must run on any Python to say so
        sys.exit(f"rail-workbench needs Python 3.11 or newer, this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and PY.exists():
        return
    if not PY.exists():
        say(f"creating the virtual environment {VENV}")
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[test]")
    STAMP.write_text(wanted)


def lab(args: list[str]) -> int:
    """Replace this process by JupyterLab, so that a signal sent to dev.py reaches it."""
    setup()
    command = [str(BIN / "workbench"), "lab", *args]
    # the shipped notebooks are saved without outputs (workbench/nbclean.py)
    config = [str(ROOT / "workbench" / "jupyter_config"), os.environ.get("JUPYTER_CONFIG_PATH")]
    os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(p for p in config if p)
    say(" ".join(command[1:]))
    os.chdir(ROOT)
    if os.name == "nt":  # no exec on Windows: wait for it instead
        return subprocess.call(command)
    os.execv(command[0], command)  # never returns


PYTEST_DEFAULTS = ["tests", "workbench", "notebooks"]
"""What pytest runs when no path is given."""


def pytest_command(args: list[str]) -> list[str]:
    """The pytest arguments: the whole suite unless paths are given, in parallel, with the
    slowest tests listed.

    A notebook's cells share one kernel, so a file's tests go to one worker (``--dist
    loadfile``; conftest.py says why not ``loadgroup``); each worker that runs browser tests
    starts its own JupyterLab.
    """
    paths = [a for a in args if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    # nbval runs every cell and compares the outputs of the cells tagged nbval-check-output
    # (kept by workbench/nbclean.py), not the drawings and widgets, whose ids are random
    options = ["--nbval-lax", "--durations=15"]
    if not any(a == "-n" or a.startswith(("-n=", "--numprocesses")) for a in args):
        options += ["-n", "auto"]
    if not any(a.startswith("--dist") for a in args):
        options += ["--dist", "loadfile"]
    return [*options, *([] if paths else PYTEST_DEFAULTS), *args]


def test(args: list[str]) -> int:
    setup()
    linted = [
        p
        for p in ("workbench", "tests", "benchmarks", "docs", "dev.py", "conftest.py")
        if (ROOT / p).exists()
    ]
    steps = [
        [PY, "-m", "ruff", "check", *linted],
        [PY, "-m", "ruff", "format", "--check", "workbench", "tests"],
        [PY, "-m", "mypy"],
        # imports point down the layers of pyproject's [tool.importlinter]: no package cycles
        [BIN / ("lint-imports.exe" if os.name == "nt" else "lint-imports")],
        [PY, "-m", "workbench", "check", "--strict", *sorted(ROOT.glob("maps/*.yaml"))],
        [PY, "-m", "pytest", *pytest_command(args)],
    ]
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        say(
            "note: Chromium is not installed, so the browser tests will be skipped "
            "(install Debian's chromium package to run them)"
        )
    if shutil.which("pdftoppm") is None:
        say(
            "note: poppler-utils is not installed, so the printed-PDF tests will be skipped "
            "(install Debian's poppler-utils package to run them)"
        )
    for step in steps:
        say(" ".join(str(s) for s in step[1:] if s != PY))
        code = subprocess.call([str(s) for s in step], cwd=ROOT)
        if code:
            say(f"FAILED: {' '.join(map(str, step[1:4]))} (exit {code})")
            return code
    return 0


def main() -> int:
    commands = {"lab": lab, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
