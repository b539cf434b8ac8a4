"""The playtest report page in Chromium: every section drawn, charts with their bars and
whiskers, the board heat maps, tables that scroll in their own box, and a saved game per
failure state that downloads and loads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sim.test_playtest import small_board
from workbench.games import GAMES
from workbench.games.ticket_to_ride import TTRRules
from workbench.maps.routes import RouteDeck
from workbench.sim.playtest import playtest

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    # a deck of locomotives: the market gets stuck, so the page has a failure state to save
    deck = RouteDeck(cards_per_color=2, locomotives=40, short_tickets=10, long_tickets=5, cars=12)
    report = playtest(
        small_board(deck),
        players="2..3",
        bots=["greedy", "random"],
        games=6,
        seed=1,
        rules=TTRRules(cars=12, start_long=0),
    )
    path = report.save_html(tmp_path_factory.mktemp("playtest") / "report.html")
    return path, report


def test_the_report_page_draws_every_section(page, report_page) -> None:  # type: ignore[no-untyped-def]
    path, report = report_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_function(
        "() => window.Bokeh !== undefined && Object.keys(window.Bokeh.index).length > 0",
        timeout=20_000,
    )
    page.wait_for_timeout(1500)
    assert errors == []
    for section in report.sections():
        heading = page.locator(f"h2#{section.key}")
        assert heading.is_visible(), section.key
    # the charts: bar charts and the two board heat maps, each a figure of real size, and
    # the heat maps colored from their values (not all one color)
    sizes = page.evaluate(
        "() => Object.values(window.Bokeh.index).filter(v => v.model.type === 'Figure')"
        ".map(v => { const r = v.el.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    drawn = [s for s in sizes if s[0] > 300 and s[1] > 150]
    charts = sum(1 for s in report.sections() if s.plot != "table")
    assert len(drawn) == charts, sizes
    values = page.evaluate(
        "() => Object.values(window.Bokeh.index).filter(v => v.model.type === 'Figure')"
        ".flatMap(v => [...v.model.renderers])"
        ".filter(r => r.name === 'heat').map(r => new Set(r.data_source.data.value).size)"
    )
    assert len(values) == 2 and all(n > 1 for n in values), values
    # long tables scroll inside their own box, and the page scrolls to the end
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('.wb-box')].map(b => "
        "[b.scrollHeight, b.clientHeight, getComputedStyle(b).overflowY])"
    )
    assert all(h <= 381 or style == "auto" for _, h, style in boxes)
    assert any(sh > ch for sh, ch, _ in boxes)  # the routes table is taller than its box
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.locator("h2#failures").is_visible()


def test_a_failure_states_saved_game_downloads_and_loads(page, report_page) -> None:  # type: ignore[no-untyped-def]
    path, report = report_page
    page.goto(path.as_uri())
    links = page.locator("a.wb-save")
    assert links.count() >= 1
    with page.expect_download() as info:
        links.first.click()
    saved = Path(info.value.path()).read_text()
    record = json.loads(saved)
    state = GAMES["ticket_to_ride"].load_record(record, report.board)
    assert not state.is_terminal()
    assert state.market[state.game.tables.loco] >= state.game.rules.market_locomotive_limit
