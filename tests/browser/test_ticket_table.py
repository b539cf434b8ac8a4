"""The route editor's ticket table on the original board in a real JupyterLab: after the
ceiling is solved, each ticket shows its points, shortest path, premium and the share of
optimal solo plans that keep it. With ``WORKBENCH_VIEWPORT_SHOTS=FOLDER`` the table is
photographed at 1400 x 900."""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import open_notebook
from tests.browser.test_editor import viewport_shot, wait_for
from tests.browser.test_route_editor import write_notebook

ROOT = Path(__file__).resolve().parents[2]


def test_ticket_table_shows_what_the_ceiling_keeps(lab, page) -> None:  # type: ignore[no-untyped-def]
    folder = lab[2]
    (folder / "usa.yaml").write_text((ROOT / "maps" / "ticket_to_ride_usa.yaml").read_text())
    write_notebook(folder, "ticket_table.ipynb", "usa.yaml")
    # solve a small budget before showing the editor (the button solves 44 to 46 cars)
    path = folder / "ticket_table.ipynb"
    text = path.read_text(encoding="utf-8").replace(
        "editor = MapEditor('usa.yaml')",
        "editor = MapEditor('usa.yaml')\\neditor.compute_ceiling(range(8, 10))",
    )
    path.write_text(text, encoding="utf-8")
    open_notebook(page, lab, "ticket_table.ipynb", workspace="ticket-table")
    editor = page.locator(".wb-route-editor").first
    table = editor.locator(".wb-ticket-table")
    wait_for(lambda: "kept" in table.inner_text() and "%" in table.inner_text(), 120,
             "the ticket table with the ceiling's shares")  # fmt: skip
    assert "Ceiling" in editor.inner_text()
    assert "8 cars: 21" in editor.inner_text()
    viewport_shot(page, editor.locator(".wb-analysis"), "ticket_table.png")
