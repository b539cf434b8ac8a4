"""*Plan by play* in the route editor, in a real JupyterLab: the button starts the play
doctor on Ticket to Ride Europe in the kernel's background, the progress bar moves, the plan
arrives with its check on fresh seeds (the very plan the core finds with the same options),
*Apply plan* makes it one undoable edit, and *Stop* ends a long search with the plan so far.

With ``WORKBENCH_VIEWPORT_SHOTS=FOLDER`` the panel is photographed at 1400 x 900.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import open_notebook, write_cells
from tests.browser.test_editor import viewport_shot, wait_for
from workbench import load_map
from workbench.sim.doctor import play_plan

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"edits": 1, "candidates": 2, "games_budget": 16, "fresh_games": 6, "seed": 3}


def write_notebook(folder: Path, name: str, options: dict[str, int]) -> None:
    write_cells(folder, name, [
        "from workbench.ui.route_editor import RouteEditor\n"
        f"editor = RouteEditor('europe.yaml', play={options!r})",
        "editor.widget",
    ])  # fmt: skip


def test_plan_by_play_runs_shows_and_applies_in_the_route_editor(lab, page) -> None:
    folder = lab[2]
    (folder / "europe.yaml").write_text((ROOT / "maps" / "ticket_to_ride_europe.yaml").read_text())
    write_notebook(folder, "play_doctor.ipynb", SMALL)
    expected = play_plan(load_map(ROOT / "maps" / "ticket_to_ride_europe.yaml"), players=4,
                         **SMALL)  # fmt: skip
    open_notebook(page, lab, "play_doctor.ipynb", workspace="play-doctor")
    editor = page.locator(".wb-route-editor").first
    editor.wait_for(timeout=120_000)
    button = editor.locator(".wb-play-doctor button, button.wb-play-doctor").first
    button.scroll_into_view_if_needed()
    status = editor.locator(".wb-play-doctor-panel")
    assert "judged by simulated games of four bots of different playing styles" in (
        status.inner_text()
    )
    button.click()
    plan = editor.locator(".wb-play-plan")
    plan.wait_for(timeout=240_000)
    text = plan.inner_text()
    # the browser shows the plan the core finds with the same options, and its check
    assert expected.text().splitlines()[1:] == text.splitlines()[1:]
    assert "fresh games (seed 1000006, never used by the search)" in text
    bar = editor.locator(".wb-play-doctor-panel progress, .wb-play-doctor-panel .progress-bar")
    assert bar.count() >= 1
    viewport_shot(page, editor.locator(".wb-play-doctor-heading"), "play_doctor_route.png")
    apply = editor.locator(".wb-apply-play-plan button, button.wb-apply-play-plan").first
    if expected.steps:
        assert apply.is_enabled()
        apply.click()
        history = editor.locator(".wb-history, .wb-last-edit").first
        wait_for(lambda: "play plan" in history.inner_text(), 60, "the plan in the history")
        assert str(expected.steps[0].edit) in history.inner_text()
    else:
        assert not apply.is_enabled()
        assert "no edit plays better" in text


def test_stop_ends_a_long_search_with_the_plan_so_far_in_the_map_editor(lab, page) -> None:
    folder = lab[2]
    (folder / "tiny.yaml").write_text((ROOT / "maps" / "tiny.yaml").read_text())
    cells = [
        "from workbench.ui.editor import MapEditor\n"
        "editor = MapEditor('tiny.yaml', players=2)\n"
        "editor.suggest.play_panel.doctor.options.update(games_budget=200_000, "
        "fresh_games=8, bots=['random'])",
        "editor",
    ]
    write_cells(folder, "stop_doctor.ipynb", cells)
    open_notebook(page, lab, "stop_doctor.ipynb", workspace="stop-doctor")
    editor = page.locator(".wb-editor").first
    editor.wait_for(timeout=120_000)
    panel = editor.locator(".wb-play-doctor-panel")
    panel.scroll_into_view_if_needed()
    panel.locator("button.wb-play-doctor").click()
    status = panel.locator(".wb-working")
    wait_for(lambda: "games played" in panel.inner_text(), 60, "the progress line")
    wait_for(
        lambda: (
            int(panel.inner_text().split(" of at most")[0].split()[-1].replace(",", "")) > 0
            if " of at most" in panel.inner_text()
            else False
        ),
        60,
        "games to be played",
    )
    assert status.count() >= 1
    stop = panel.locator("button.wb-play-doctor-stop")
    assert stop.is_enabled()
    stop.click()
    plan = panel.locator(".wb-play-plan")
    plan.wait_for(timeout=120_000)
    assert "(stopped)" in panel.inner_text()
    assert "stopped early" in plan.inner_text()
    assert not stop.is_enabled() and panel.locator("button.wb-play-doctor").is_enabled()
    viewport_shot(page, editor.locator(".wb-suggest"), "play_doctor_lattice.png")
