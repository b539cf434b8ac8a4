"""The examples of docs/rl.md run as written (the ``python`` blocks, as doctests)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'rail-workbench[rl]'"
)
pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install 'rail-workbench[rl]'"
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_examples_of_docs_rl_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), flags=re.S)
    assert len(blocks) >= 5
    text = "\n".join(blocks)
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/rl.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.tries >= 20
    assert runner.failures == 0, f"{runner.failures} examples of docs/rl.md failed (see above)"
