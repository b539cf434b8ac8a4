"""A real JupyterLab and a real Chromium for the browser tests.

The tests skip, saying why, when Debian's Chromium (``/usr/bin/chromium``) or the Playwright
package is missing. JupyterLab runs on 127.0.0.1 with a token, in a temporary copy of the
notebooks; a failing test leaves a screenshot in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("WORKBENCH_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


LAB_SETTINGS: dict[str, dict[str, object]] = {
    # every cell stays in the page (JupyterLab drops cells scrolled out of view otherwise)
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    # no "news" toast over the notebook
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false"},
}
"""User settings of the test JupyterLab, by plugin."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """A JupyterLab server: (base URL, token, notebook folder)."""
    folder = tmp_path_factory.mktemp("lab")
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy2(nb, folder / nb.name)
    port, token = _free_port(), secrets.token_hex(16)
    settings = tmp_path_factory.mktemp("lab-settings")
    for plugin, values in LAB_SETTINGS.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    env = dict(
        os.environ,
        WORKBENCH_MAP=str(ROOT / "maps" / "trans_europa.yaml"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
    )
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
        f"--notebook-dir={folder}", "--ServerApp.open_browser=False",
    ]  # fmt: skip
    # a workspace of its own: JupyterLab would otherwise reopen the tabs of other sessions
    command.append(f"--LabApp.workspaces_dir={tmp_path_factory.mktemp('workspaces')}")
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = open(folder / "jupyter.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError(
                        "JupyterLab did not start:\n" + (folder / "jupyter.log").read_text()
                    ) from None
                time.sleep(0.3)
        yield url, token, folder
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    # Module scope, not session: Playwright's sync API keeps an asyncio loop running in
    # the main thread while it is open, and later tests (a widget that schedules bots on
    # a running loop) must not see it.
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (Debian package: chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, request: pytest.FixtureRequest) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def open_notebook(page, lab: tuple[str, str, Path], name: str, workspace: str = "") -> None:  # type: ignore[no-untyped-def]
    """Open notebook ``name`` in JupyterLab (in its own ``workspace`` if given, with no
    tabs of earlier tests) and start running all its cells; return without waiting."""
    import re

    url, token, _ = lab
    where = f"workspaces/{workspace}/" if workspace else ""
    page.goto(f"{url}/lab/{where}tree/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    select = page.locator(".jp-Dialog button", has_text="Select")
    try:  # JupyterLab may ask which kernel to start
        select.wait_for(timeout=10_000)
        select.click()
    except Exception:  # no dialog: the kernel started on its own
        pass
    page.wait_for_selector(IDLE, timeout=60_000)
    page.locator(".jp-Notebook").click()  # focus the notebook, in command mode
    page.keyboard.press("Escape")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()


IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle'] >> visible=true"


def run_notebook(page, lab: tuple[str, str, Path], name: str) -> None:  # type: ignore[no-untyped-def]
    """Open notebook ``name`` in JupyterLab, run all its cells, and wait for the kernel."""
    open_notebook(page, lab, name)
    idle = IDLE
    # every code cell in the page shows an execution count, and the kernel is idle
    done = """() => {
        const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
        return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
    }"""
    page.wait_for_function(done, timeout=180_000)
    page.wait_for_selector(idle, timeout=180_000)


def write_cells(folder: Path, name: str, cells: list[str]) -> str:
    """Write a notebook of code ``cells`` as ``folder/name`` (nbformat 4.5, a Python 3
    kernel) for a test to open; returns ``name``."""
    import json

    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
             "outputs": [], "source": source}
            for i, source in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    (folder / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name
