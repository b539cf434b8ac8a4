"""What a newcomer meets first: dev.py's commands, boards by name, clean notebooks, and a
checkout that the README's examples leave tidy."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest

from workbench import load_map
from workbench.nbclean import CHECKED_TAG, clean, is_clean, strip_on_save
from workbench.resources import find_map, jupyter_config_dir, maps_dir, notebooks_dir

ROOT = Path(__file__).resolve().parent.parent


def _dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------- dev.py


def test_dev_test_runs_only_the_paths_given() -> None:
    dev = _dev()
    one = dev.pytest_command(["tests/maps/test_io.py", "-x"])
    assert "tests/maps/test_io.py" in one and "notebooks" not in one and "workbench" not in one
    everything = dev.pytest_command(["-x", "-k", "load"])
    assert all(p in everything for p in ("tests", "workbench", "notebooks"))
    assert {"--durations=15", "--nbval-lax"} <= set(everything)
    assert everything[everything.index("-n") + 1] == "auto"
    assert everything[everything.index("--dist") + 1] == "loadfile"
    assert dev.pytest_command(["-n", "0"]).count("-n") == 1  # the user's choice wins


def test_dev_test_collects_that_file_alone() -> None:
    args = _dev().pytest_command(["tests/maps/test_io.py", "-n", "0"])
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", *args],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    files = {line.split("::")[0] for line in out.splitlines() if "::" in line}
    assert files == {"tests/maps/test_io.py"}


@pytest.mark.skipif(os.name == "nt", reason="no exec on Windows")
def test_dev_lab_replaces_itself_by_jupyterlab(tmp_path: Path) -> None:
    """dev.py lab execs `workbench lab` (same process: a kill reaches JupyterLab), with the
    configuration that saves shipped notebooks clean."""
    fake = tmp_path / "workbench"
    fake.write_text('#!/bin/sh\necho "$$ $JUPYTER_CONFIG_PATH $*"\n')
    fake.chmod(0o755)
    code = (
        "import os, sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import dev; "
        "dev.setup = lambda: None; dev.BIN = Path(sys.argv[2]); print(os.getpid(), flush=True); "
        "dev.lab(['--map', 'tiny'])"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(tmp_path)],
        capture_output=True, text=True, check=True, env={**os.environ, "JUPYTER_CONFIG_PATH": ""},
    )  # fmt: skip
    lines = run.stdout.splitlines()
    pid, (same, config, args) = lines[0], lines[-1].split(" ", 2)
    assert same == pid  # the same process: exec, not a child
    assert Path(config) == jupyter_config_dir() and args == "lab --map tiny"


def test_build_backend_supports_the_licence_expression() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"  # an SPDX expression: setuptools 77 or newer
    (requirement,) = [r for r in project["build-system"]["requires"] if "setuptools" in r]
    assert int(re.search(r">=\s*(\d+)", requirement).group(1)) >= 77  # type: ignore[union-attr]


# ---------------------------------------------------------------------------- boards by name


def test_boards_load_by_name_from_any_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_map("trans_europa") == load_map(maps_dir() / "trans_europa.yaml")
    assert find_map("trans_amerika.yaml") == maps_dir() / "trans_amerika.yaml"
    assert find_map("maps/tiny.yaml") == maps_dir() / "tiny.yaml"  # README paths, anywhere
    (tmp_path / "tiny.yaml").write_text("not a map")
    assert find_map("tiny.yaml") == Path("tiny.yaml")  # a file that exists comes first
    with pytest.raises(FileNotFoundError, match="trans_amerika, trans_europa"):
        load_map("trans_europopa")
    with pytest.raises(FileNotFoundError):
        find_map("maps/nowhere.yaml")


def test_readme_python_examples_name_boards_not_paths() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    assert blocks
    for block in blocks:
        assert '"maps/' not in block, "use a board's name: it works from notebooks/ too"


# ---------------------------------------------------------------------------- tidy checkout


def _readme_outputs() -> list[str]:
    """The files the README's commands and examples write, relative to where they run."""
    readme = (ROOT / "README.md").read_text()
    code = "\n".join(re.findall(r"```(?:sh|python)\n(.*?)```", readme, flags=re.S))
    names = re.findall(r"(?:-o|--html|--out)\s+(\S+)", code)
    names += re.findall(r"save(?:_map)?\([^)]*?\"([^\"]+)\"\)", code)
    return names


def test_readme_commands_leave_no_untracked_files() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    outputs = _readme_outputs()
    assert {"europe.html", "europe-report.html", "countdown.csv", "my_europe.yaml"} <= set(outputs)
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", *outputs],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    assert sorted(ignored) == sorted(outputs)


# ---------------------------------------------------------------------------- clean notebooks


def test_stored_notebooks_are_clean() -> None:
    dirty = []
    for path in sorted(notebooks_dir().glob("*.ipynb")):
        if not is_clean(json.loads(path.read_text(encoding="utf-8"))):
            dirty.append(path.name)
    assert not dirty, (
        f"{dirty} stored with outputs: run python -m workbench.nbclean notebooks/*.ipynb"
    )


def _executed(nb: dict) -> dict:
    """``nb`` as JupyterLab saves it after a run: outputs (a checked cell's too, with a
    drawing beside its text), counts, timings, widget state."""
    out = json.loads(json.dumps(nb))
    out["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    out["metadata"]["language_info"] = {"name": "python"}
    drawing = {"output_type": "display_data", "data": {"text/html": "<div id='x1'>"}}
    for i, cell in enumerate(out["cells"]):
        if cell["cell_type"] != "code":
            continue
        cell["execution_count"] = i + 1
        cell["metadata"]["execution"] = {"iopub.status.idle": "2026-01-01T00:00:00Z"}
        if CHECKED_TAG in cell["metadata"].get("tags", []):
            for output in cell["outputs"]:
                output["metadata"] = {"trusted": True}
                if "execution_count" in output:
                    output["execution_count"] = i + 1
            cell["outputs"].append(drawing)
        else:
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "x" * 1000}]
    return out


def _notebook(source: str, output: str) -> dict:
    cell = {
        "cell_type": "code", "execution_count": 1, "id": "only",
        "metadata": {"tags": [CHECKED_TAG]}, "source": source,
        "outputs": [{"name": "stdout", "output_type": "stream", "text": output}],
    }  # fmt: skip
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4,
            "nbformat_minor": 5}  # fmt: skip


@pytest.mark.slow
def test_the_test_run_compares_checked_cells_only(tmp_path: Path) -> None:
    """``--nbval-lax`` (as dev.py runs it) fails on a checked cell whose output changed."""
    args = [a for a in _dev().pytest_command(["-n", "0"]) if a.startswith("--nbval")]
    assert args == ["--nbval-lax"]
    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.ipynb"
    good.write_text(json.dumps(_notebook("print(6 * 7)", "42\n")))
    bad.write_text(json.dumps(_notebook("print(6 * 7)", "41\n")))
    for path, expected in ((good, 0), (bad, 1)):
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, str(path)],
            cwd=tmp_path, capture_output=True, text=True,
        )  # fmt: skip
        assert run.returncode == expected, run.stdout[-2000:]


def test_clean_keeps_sources_and_ids_and_drops_the_rest() -> None:
    nb = json.loads((notebooks_dir() / "01_quickstart.ipynb").read_text(encoding="utf-8"))
    ran = _executed(nb)
    assert not is_clean(ran)
    assert clean(ran) == nb  # exactly what is stored: sources, ids, tags, kernelspec
    assert clean(clean(ran)) == clean(ran)


def test_the_hook_cleans_shipped_notebooks_only(tmp_path: Path) -> None:
    class Server:
        root_dir = str(tmp_path)

    nb = json.loads((notebooks_dir() / "01_quickstart.ipynb").read_text(encoding="utf-8"))
    mine = {"type": "notebook", "content": _executed(nb)}
    strip_on_save(mine, "mine.ipynb", Server())
    assert mine["content"] == _executed(nb)  # a user's own notebook keeps its outputs
    Server.root_dir = str(notebooks_dir())
    shipped = {"type": "notebook", "content": _executed(nb)}
    strip_on_save(shipped, "/01_quickstart.ipynb", Server())
    assert shipped["content"] == nb


@pytest.mark.slow
def test_jupyter_server_saves_clean_notebooks(tmp_path: Path) -> None:
    """A real Jupyter server with the shipped configuration stores no outputs."""
    root = tmp_path / "lab"
    root.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = secrets.token_hex(8)
    env = dict(
        os.environ,
        JUPYTER_CONFIG_PATH=str(jupyter_config_dir()),
        WORKBENCH_CLEAN_NOTEBOOKS=str(root),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
    )
    command = [
        sys.executable, "-m", "jupyter_server", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
    ]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/api/contents/saved.ipynb?token={token}"
    nb = json.loads((notebooks_dir() / "01_quickstart.ipynb").read_text(encoding="utf-8"))
    body = json.dumps({"type": "notebook", "format": "json", "content": _executed(nb)})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                request = urllib.request.Request(url, data=body.encode(), method="PUT")
                urllib.request.urlopen(request, timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=20)
    saved = json.loads((root / "saved.ipynb").read_text(encoding="utf-8"))
    assert is_clean(saved) and "widgets" not in saved["metadata"]
    kept = {c["id"]: c["outputs"] for c in saved["cells"] if c.get("outputs")}
    assert set(kept) == {"quickstart-01", "quickstart-05"}  # the checked cells, text only
    text = "".join(kept["quickstart-05"][0]["text"])  # the server stores it line by line
    assert text.startswith("     brown: Barcelona") and len(kept["quickstart-05"]) == 1


def test_the_lab_shows_the_maps() -> None:
    """JupyterLab opens on notebooks/: its maps/ entry is the shipped maps folder, so the
    boards can be browsed there and ``maps/...`` paths work in a notebook too."""
    link = notebooks_dir() / "maps"
    assert link.is_symlink() and link.resolve() == maps_dir().resolve()
    assert (link / "trans_europa.yaml").is_file()


@pytest.mark.slow
def test_a_notebook_runs_whole_in_the_parallel_test_run(tmp_path: Path) -> None:
    """dev.py's parallel options keep a notebook's cells in one kernel, in order."""
    cells = [("x = 6", None), ("y = x * 7", None), ("print(y)", "42\n"), ("print(x + y)", "48\n")]
    nb = _notebook("", "")
    nb["cells"] = [
        {**nb["cells"][0], "id": f"c{i}", "source": source,
         "outputs": [] if out is None else [{"name": "stdout", "output_type": "stream",
                                             "text": out}],
         "execution_count": None if out is None else 1,
         "metadata": {} if out is None else {"tags": [CHECKED_TAG]}}
        for i, (source, out) in enumerate(cells)
    ]  # fmt: skip
    (tmp_path / "chain.ipynb").write_text(json.dumps(nb))
    (tmp_path / "test_other.py").write_text("def test_a():\n    pass\n\ndef test_b():\n    pass\n")
    args = [a for a in _dev().pytest_command(["-n", "2"]) if a not in ("tests", "workbench")]
    args = [a for a in args if a != "notebooks"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, "."],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:]
    assert "6 passed" in run.stdout
