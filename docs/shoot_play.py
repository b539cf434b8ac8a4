"""Take the pictures of the play widget and of a drawn position for the documentation.

Runs the browser test ``tests/browser/test_play.py`` (a real JupyterLab and Debian's
Chromium) with ``WORKBENCH_SHOOT=1``: after playing its turn on the quickstart notebook, the
test saves ``docs/play.png`` (the play widget with a hint drawn) and ``docs/boardview.png``
(the quickstart's ``BoardView`` of a position). Run from the repository root::

    python docs/shoot_play.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Run the browser test with the pictures switched on; its exit status."""
    env = dict(os.environ, WORKBENCH_SHOOT="1")
    test = ROOT / "tests" / "browser" / "test_play.py"
    command = [sys.executable, "-m", "pytest", "-q", str(test), "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=ROOT, env=env, check=False)
    for name in ("play.png", "boardview.png"):
        path = ROOT / "docs" / name
        if path.exists():
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1024:.0f} KB")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
