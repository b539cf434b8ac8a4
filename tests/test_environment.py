"""environment.yml lists what pyproject.toml needs, so conda users get the same tools."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_environment_matches_pyproject() -> None:
    project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]}
    env = yaml.safe_load(Path("environment.yml").read_text())
    listed = {_name(d) for d in env["dependencies"] if isinstance(d, str)}
    listed |= {
        _name(d) for p in env["dependencies"] if isinstance(p, dict) for d in p.get("pip", [])
    }
    assert wanted - listed == set()
