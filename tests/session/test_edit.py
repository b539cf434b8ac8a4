"""Tests for workbench.session.edit: editing a board without a widget (no Bokeh, no browser)."""

from __future__ import annotations

import dataclasses
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench import MapError, load_map
from workbench.maps.board import Area, Board, City, SegmentOverride
from workbench.maps.check import check_board
from workbench.maps.lattice import Point, edge, neighbours, plane_xy
from workbench.session import SEGMENT_CYCLE, Change, EditSession, LatestJob, analyze_edit

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "maps" / "tiny.yaml"


@pytest.fixture()
def session() -> Iterator[EditSession]:
    s = EditSession(TINY, background=False)
    yield s
    s.close()


def free_neighbour(board: Board, p: Point) -> Point:
    return next(q for q in neighbours(p) if q in board.points and board.city_at(q) is None)


def midpoint(a: Point, b: Point) -> tuple[float, float]:
    (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
    return (x0 + x1) / 2, (y0 + y1) / 2


def test_the_session_imports_no_widget_library() -> None:
    import subprocess

    code = (
        "import sys, workbench.session, workbench.session.edit;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('bokeh', 'ipywidgets', 'jupyter_bokeh') or m.startswith('workbench.ui')];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stderr


# ---------------------------------------------------------------------------- dropping


def test_a_drop_snaps_to_the_nearest_point(session: EditSession) -> None:
    target = free_neighbour(session.board, session.board.city("Alder").at)
    x, y = plane_xy(target)
    session.drop_city("Alder", x + 0.21, y - 0.13)
    assert session.board.city("Alder").at == target
    assert session.history == (f"move Alder to [{target[0]}, {target[1]}]",)


def test_a_drop_on_another_city_or_off_the_board_is_refused(session: EditSession) -> None:
    before = session.board
    with pytest.raises(MapError, match="'Alder' and 'Dogwood' are both on"):
        session.drop_city("Alder", *plane_xy(before.city("Dogwood").at))
    with pytest.raises(MapError) as error:
        session.drop_city("Alder", 40.0, 5.0)
    assert str(error.value).startswith("Alder was dropped off the board"), "no <board>:0:0:"
    assert session.board is before and session.message_kind == "error"


def test_a_drop_at_sea_snaps_to_the_coast_only_when_near(session: EditSession) -> None:
    assert (4, 2) not in session.board.points
    x, y = plane_xy((4, 2))
    with pytest.raises(MapError, match="dropped off the board"):
        session.drop_city("Alder", x, y)
    assert session.drop_city("Alder", x - 0.45, y).city("Alder").at == (3, 2)


def test_a_drop_on_its_own_point_changes_nothing(session: EditSession) -> None:
    x, y = plane_xy(session.board.city("Alder").at)
    session.drop_city("Alder", x + 0.05, y + 0.05)
    assert session.history == () and session.message == "Alder stays on [1, 1]"


def test_several_drops_are_one_step(session: EditSession) -> None:
    drops = [(n, *plane_xy(free_neighbour(session.board, session.board.city(n).at)))
             for n in ("Alder", "Ivy")]  # fmt: skip
    session.drop_cities(drops)
    assert session.history == ("move Alder, Ivy",)
    session.undo()
    assert session.board == load_map(TINY)


# ---------------------------------------------------------------------------- segments, taps


def test_cycling_a_segment_goes_through_every_type_and_back(session: EditSession) -> None:
    key = ((1, 1), (2, 1))
    seen = [session.segment_state(*key)]
    for _ in range(len(SEGMENT_CYCLE)):
        session.tap(*midpoint(*key))
        seen.append(session.segment_state(*key))
    assert seen == [*SEGMENT_CYCLE, SEGMENT_CYCLE[0]]
    assert session.board == load_map(TINY), "a full cycle leaves no override behind"
    assert session.history[0] == "segment [1, 1]-[2, 1]: single -> double (water)"


def test_a_segments_note_survives_every_type(session: EditSession) -> None:
    key = ((5, 1), (6, 1))  # tiny.yaml: a ferry with the note "ferry over the river"
    notes = []
    for _ in range(len(SEGMENT_CYCLE)):
        session.cycle_segment(key)
        segment = session.board.segments.get(key)
        override = next(o for o in session.board.overrides if o.between == key)
        notes.append(override.note)
        if segment is not None:
            assert segment.note == "ferry over the river"
    assert set(notes) == {"ferry over the river"}
    assert session.board == load_map(TINY), "six taps give the file's board back, note and all"
    session.set_segment(*key, "double", "water")
    assert session.board.segments[key].note == "ferry over the river"


def test_a_segment_that_cannot_go_skips_to_single(session: EditSession) -> None:
    dogwood = session.board.city("Dogwood").at
    links = sorted(edge(dogwood, q) for q in neighbours(dogwood) if q in session.board.points)
    with session.batch("leave Dogwood one segment"):
        for key in links[1:]:
            session.set_segment(*key, "none")
        session.set_segment(*links[0], "tunnel")
    session.cycle_segment(links[0])
    assert session.segment_state(*links[0]) == ("single", None)
    assert "not none: no path reaches city 'Dogwood'" in session.message


def test_a_segment_off_the_board_is_refused(session: EditSession) -> None:
    with pytest.raises(MapError, match=r"segment \[4, 2\]-\[5, 2\] is not on the board"):
        session.cycle_segment(((4, 2), (5, 2)))


def test_taps_select_pick_and_cycle(session: EditSession) -> None:
    assert session.tap(*plane_xy((1, 1))) == "selected Alder"
    assert session.selected == "Alder" and session.history == ()
    x, y = plane_xy((3, 3))
    assert session.tap(x + 0.1, y) == "picked [3, 3]"
    assert session.picked == (3, 3) and session.highlighted.points == ((3, 3),)
    assert session.tap(-5.0, 5.0) == "nothing" and session.history == ()
    cliff = ((0, 0), (1, 0))  # tiny.yaml removes it with a `none` override
    assert session.tap(*midpoint(*cliff)) == "segment [0, 0]-[1, 0]: none -> single"


# ---------------------------------------------------------------------------- cities


def test_city_edits_and_the_selection(session: EditSession) -> None:
    session.select("Alder")
    session.rename_city("Alder", " Aldergate ")
    assert session.selected == "Aldergate" and session.board.city("Aldergate").at == (1, 1)
    session.recolor_city("Aldergate", "white")
    session.set_dashed("Aldergate", True)
    assert session.board.city("Aldergate") == City("Aldergate", "white", (1, 1), dashed=True)
    session.remove_city("Aldergate")
    assert session.selected is None
    assert session.history == (
        "rename Alder to Aldergate", "recolor Aldergate white", "dash Aldergate",
        "remove Aldergate",
    )  # fmt: skip


def test_adding_a_city_selects_it_and_says_it_was_added(session: EditSession) -> None:
    session.pick_point((3, 3))
    session.add_city(" Elm ", "pink", (3, 3), dashed=True)
    assert session.board.city("Elm") == City("Elm", "pink", (3, 3), dashed=True)
    assert session.selected == "Elm" and session.picked is None
    assert session.message == "add Elm on [3, 3]", "not 'selected Elm'"


@pytest.mark.parametrize(
    ("name", "at", "expected"),
    [
        ("Elm", (8, 0), "are both on [8, 0]"),
        ("Fir", (3, 3), "city name 'Fir' is used 2 times"),
        ("Elm", (4, 2), "city 'Elm' is on a sea point [4, 2]"),
    ],
)
def test_illegal_additions_are_refused(
    session: EditSession, name: str, at: Point, expected: str
) -> None:
    before = session.board
    with pytest.raises(MapError):
        session.add_city(name, "brown", at)
    assert session.board is before and session.history == ()
    assert expected in session.message and session.message_kind == "error"


# ---------------------------------------------------------------------------- undo and redo


def test_undo_and_redo_walk_the_stack_of_boards(session: EditSession) -> None:
    boards = [session.board]
    boards.append(session.move_city("Alder", (2, 1)))
    boards.append(session.set_dashed("Birch", True))
    boards.append(session.cycle_segment(((3, 3), (4, 3))))
    for expected in reversed(boards[:-1]):
        assert session.undo() is expected
    assert session.future == (
        "move Alder to [2, 1]", "dash Birch", "segment [3, 3]-[4, 3]: single -> double (water)",
    )  # fmt: skip
    with pytest.raises(IndexError, match="nothing to undo"):
        session.undo()
    assert session.message == "nothing to undo"
    assert session.redo() is boards[1]
    session.recolor_city("Ivy", "pink")  # a new edit forgets what could be redone
    assert session.future == ()
    with pytest.raises(IndexError, match="nothing to redo"):
        session.redo()


@st.composite
def edits(draw: st.DrawFn, board: Board) -> tuple[str, tuple[Any, ...]]:
    kind = draw(st.sampled_from(["move", "cycle", "recolor", "dash", "rename", "add", "remove"]))
    names = [c.name for c in board.cities]
    points = sorted(board.points)
    if kind == "move":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(points)))
    if kind == "cycle":
        return kind, (edge(*draw(st.sampled_from(list(board.segments)))),)
    if kind == "recolor":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(board.color_names)))
    if kind == "dash":
        return kind, (draw(st.sampled_from(names)), draw(st.booleans()))
    if kind == "rename":
        return kind, (draw(st.sampled_from(names)), draw(st.sampled_from(["Oak", "Yew", "Alder"])))
    if kind == "add":
        return kind, (draw(st.sampled_from(["Oak", "Yew"])), draw(st.sampled_from(points)))
    return kind, (draw(st.sampled_from(names)),)


@pytest.fixture(scope="module")
def shared() -> Iterator[EditSession]:
    s = EditSession(TINY)  # background analysis: only the newest board's is computed
    yield s
    s.close()


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_edits_undone_give_the_first_board_back(
    shared: EditSession, data: st.DataObject
) -> None:
    session = shared
    start, depth = session.board, len(session.history)
    boards = [start]
    try:
        for _ in range(data.draw(st.integers(1, 6))):
            kind, args = data.draw(edits(session.board))
            call: Callable[..., Board] = {
                "move": session.move_city,
                "cycle": session.cycle_segment,
                "recolor": session.recolor_city,
                "dash": session.set_dashed,
                "rename": session.rename_city,
                "add": lambda name, at: session.add_city(name, "brown", at),
                "remove": session.remove_city,
            }[kind]
            before = session.board
            try:
                after = call(*args)
            except (MapError, KeyError):
                assert session.board is before, "a refused edit changes nothing"
                continue
            if after != before:
                boards.append(after)
            assert all(p.severity == "warning" for p in check_board(after))
        assert len(session.history) - depth == len(boards) - 1
        final = session.board
        while len(session.history) > depth:
            session.undo()
            assert session.board == boards[len(session.history) - depth]
        for _ in boards[1:]:
            session.redo()
        assert session.board == final
        assert session.wait(timeout=120)
        try:
            assert session.analysis.board is final, "the analysis is the newest board's"
        except ValueError as error:  # a color lost all its cities: no hand to deal
            assert "no cities of color" in str(error)
    finally:  # the next example starts from the same board
        while len(session.history) > depth:
            session.undo()
    assert session.board == start


# ---------------------------------------------------------------------------- files


def test_open_then_undo_brings_back_the_board_and_its_file(
    session: EditSession, tmp_path: Path
) -> None:
    europe = ROOT / "maps" / "trans_europa.yaml"
    session.set_dashed("Alder", True)
    assert session.open(europe, discard=True).board is not None
    assert session.path == europe and not session.modified
    session.undo()  # back to the edited tiny board: and to tiny.yaml, not trans_europa.yaml
    assert session.board.name == "Tiny Island" and session.path == TINY and session.modified
    session.redo()
    assert session.board.name == "Trans Europa" and session.path == europe
    session.undo()
    copy = tmp_path / "tiny.yaml"
    copy.write_text(TINY.read_text())
    session.undo()  # the dash taken back: the board is tiny.yaml's again
    assert session.path == TINY and not session.modified


def test_save_never_writes_an_old_board_under_a_new_name(tmp_path: Path) -> None:
    """The issue's story: open B, undo, save: the file written is A's, with A's board."""
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(TINY.read_text())
    b.write_text((ROOT / "maps" / "trans_amerika.yaml").read_text())
    session = EditSession(a, background=False)
    session.open(b)
    session.undo()
    session.set_dashed("Alder", True)
    written = session.save()
    assert written == a and load_map(a) == session.board
    assert load_map(b).name == "Trans Amerika", "the other file is untouched"


def test_open_over_unsaved_edits_asks_first(session: EditSession) -> None:
    europe = ROOT / "maps" / "trans_europa.yaml"
    session.set_dashed("Alder", True)
    edited = session.board
    opened = session.open(europe)
    assert opened.needs_confirmation and opened.board is None
    assert session.board is edited and session.path == TINY
    assert session.message_kind == "question" and "unsaved edits (1 step" in session.message
    assert session.open(europe, discard=True).board is session.board
    assert session.board.name == "Trans Europa"


def test_open_without_edits_does_not_ask(session: EditSession) -> None:
    amerika = ROOT / "maps" / "trans_amerika.yaml"
    assert session.open(amerika).board is session.board
    assert session.board.name == "Trans Amerika"


def test_open_reports_a_broken_file_and_keeps_the_board(session: EditSession) -> None:
    broken = ROOT / "tests" / "maps" / "broken" / "same_point.yaml"
    before = session.board
    with pytest.raises(MapError):
        session.open(broken)
    assert session.board is before and session.history == ()
    assert f"cannot open {broken}" in session.message and "same_point.yaml:" in session.message


def test_save_asks_before_replacing_a_file_it_does_not_know(
    session: EditSession, tmp_path: Path
) -> None:
    out = tmp_path / "mine.yaml"
    session.set_dashed("Alder", True)
    assert session.save(out) == out and session.path == out and not session.modified
    session.set_dashed("Birch", True)
    assert session.save() == out and load_map(out) == session.board, "its own file: saved"
    out.write_text((ROOT / "maps" / "trans_amerika.yaml").read_text())  # changed elsewhere
    session.set_dashed("Ivy", True)
    text = out.read_text()
    with pytest.raises(FileExistsError, match="holds a different map"):
        session.save(out)
    assert out.read_text() == text and session.modified
    session.save(out, overwrite=True)
    assert load_map(out) == session.board
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"], "no temporary file left"


def test_save_adds_yaml_and_names_a_missing_folder(session: EditSession, tmp_path: Path) -> None:
    assert session.save(tmp_path / "plain") == tmp_path / "plain.yaml"
    assert session.save(tmp_path / "kept.yml").name == "kept.yml"
    with pytest.raises(FileNotFoundError, match=r"the folder .*nowhere does not exist"):
        session.save(tmp_path / "nowhere" / "map.yaml")
    assert "nowhere does not exist: create it first" in session.message
    assert ".tmp" not in session.message


def test_save_with_an_empty_name_says_so(session: EditSession, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="empty"):
        session.save("  ")
    assert session.message == "type a file name to save to"
    unsaved = EditSession(session.board, background=False)
    with pytest.raises(ValueError, match="give a path"):
        unsaved.save()
    assert unsaved.message == "give a file name to save to" and unsaved.modified


# ---------------------------------------------------------------------------- problems


def test_problems_are_what_check_board_says(session: EditSession) -> None:
    assert session.problems == []
    session.remove_city("Alder")
    assert (
        [p.message for p in session.problems]
        == [p.message for p in check_board(session.board)]
        == ["color 'brown' has 1 city, the deck expects 2"]
    )
    assert session.highlight(0).points == (session.board.city("Birch").at,)
    session.undo()
    assert session.problems == [] and session.highlighted.points == ()


def test_highlight_marks_cities_segments_and_polygons(tiny: Board) -> None:
    broken = dataclasses.replace(
        tiny,
        cities=(*tiny.cities, City("Wet", "brown", (4, 2))),
        overrides=(*tiny.overrides, SegmentOverride(((0, 0), (2, 0)), "ferry")),
        land=(*tiny.land, Area(((0, 0), (2, 2), (2, 0), (0, 2)), name="bow tie")),
    )
    session = EditSession(broken, background=False)
    messages = [p.message for p in session.problems]
    assert messages == [p.message for p in check_board(broken)]
    index = {p.message: i for i, p in enumerate(session.problems)}
    assert session.highlight(index["city 'Wet' is on a sea point [4, 2]"]).points == ((4, 2),)
    joined = session.highlight(index["segment [0, 0]-[2, 0] joins points that are not neighbours"])
    assert joined.edges == (((0, 0), (2, 0)),)
    crossed = session.highlight(next(i for k, i in index.items() if "crosses itself" in k))
    assert len(crossed.outlines) == 1 and len(crossed.outlines[0]) == 4


# ---------------------------------------------------------------------------- events


def test_listeners_hear_what_changed(session: EditSession) -> None:
    heard: list[Change] = []
    stop = session.on_change(heard.append)
    session.select("Alder")
    assert heard[-1].what == {"selection", "message"}
    session.move_city("Fir", (5, 1))
    edit = next(c for c in heard if "board" in c)
    assert edit.before == load_map(TINY) and {"history", "problems", "working"} <= edit.what
    assert heard[-1].what == {"analysis"}
    session.pick_point((3, 3))
    assert heard[-1].what == {"picked", "highlight", "message"}
    stop()
    session.undo()
    assert "board" not in heard[-1]


def test_a_batch_is_one_step_and_one_analysis(session: EditSession) -> None:
    heard: list[Change] = []
    session.on_change(heard.append)
    with session.batch("two colors"):
        session.recolor_city("Alder", "orange")
        session.recolor_city("Ginkgo", "brown")
    assert session.history == ("two colors",)
    assert sum("analysis" in c for c in heard) == 1
    assert session.analysis.edit == "two colors" and session.analysis.comparison is not None


# ---------------------------------------------------------------------------- the analysis


def test_the_analysis_follows_each_edit(session: EditSession) -> None:
    first = session.analysis
    assert first.board is session.board and first.comparison is None
    assert first.summary.hands == 32
    session.move_city("Fir", (5, 1))
    result = session.analysis
    assert result.board is session.board and result.edit == "move Fir to [5, 1]"
    assert result.comparison is not None
    assert result.comparison.edits == ["moving Fir from [5, 0] to [5, 1]"]
    assert result.before == first.summary


def test_the_selected_citys_distances_follow_the_board(session: EditSession) -> None:
    assert session.distances() is None
    session.select("Alder")
    row = session.distances()
    assert row is not None and row["Ginkgo"] == 1 and row.is_monotonic_increasing
    session.move_city("Ginkgo", (4, 0))
    row = session.distances()
    assert row is not None and row["Ginkgo"] == 3


@pytest.mark.parametrize("board", ["tiny", "europe"])
def test_one_city_distances_are_its_row_of_the_table(board: str, request: Any) -> None:
    b: Board = request.getfixturevalue(board)
    table = analyze_edit(b).distances
    for city in b.cities[::3]:
        row = analyze_edit(b).distances_from(city.name)  # a fresh analysis: one search
        expected = table.loc[city.name].drop(city.name)
        assert row.to_dict() == expected.to_dict() and row.is_monotonic_increasing


def test_an_analysis_error_is_kept_and_editing_goes_on(tiny: Board) -> None:
    session = EditSession(tiny, background=False)
    session.remove_city("Alder")
    session.remove_city("Birch")  # brown has no city left: there is no hand
    assert "no cities of color brown" in str(session.analysis_error)
    with pytest.raises(ValueError, match="no cities of color brown"):
        _ = session.analysis
    session.undo()
    assert session.analysis.summary.hands == 16 and session.analysis_error is None


def test_the_analysis_computes_each_table_once_and_quietly(
    tiny: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    from workbench.analysis.hands import _cached_table

    _cached_table.cache_clear()
    result = analyze_edit(tiny.move_city("Fir", (5, 1)), tiny)
    assert result.comparison is not None
    assert _cached_table.cache_info().misses == 2, "one table per board, shared"
    assert "hand costs" not in capsys.readouterr().err, "no progress bar"


def test_analyze_edit_skips_the_comparison_across_boards(tiny: Board, europe: Board) -> None:
    assert analyze_edit(europe, before=tiny).comparison is None


def test_the_live_analysis_equals_one_computed_afresh(europe: Board) -> None:
    from workbench.analysis.hands import _cached_table
    from workbench.session.analysis import _summary

    session = EditSession(europe)
    try:
        city = europe.cities[3]
        session.move_city(city.name, free_neighbour(europe, city.at))
        session.recolor_city(city.name, next(c for c in europe.color_names if c != city.color))
        session.cycle_segment(sorted(europe.segments)[40])
        before = session.undo()
        before = session.board
        session.redo()
        assert session.wait(timeout=120)
        live = session.analysis
        _cached_table.cache_clear()
        _summary.cache_clear()
        fresh = analyze_edit(session.board, before, session.players, live.edit)
        assert live.summary == fresh.summary and live.before == fresh.before
        assert live.usage.equals(fresh.usage)
        assert live.comparison is not None and fresh.comparison is not None
        assert live.comparison.cities.equals(fresh.comparison.cities)
    finally:
        session.close()


def test_a_background_result_reaches_listeners_on_the_owners_thread(europe: Board) -> None:
    """Without an event loop, results wait for the owner; with one, the handoff brings them."""
    scheduled: list[Callable[[], Any]] = []
    session = EditSession(europe, handoff=scheduled.append)
    threads: list[str] = []
    session.on_change(
        lambda c: threads.append(threading.current_thread().name) if "analysis" in c else None
    )
    try:
        deadline = time.monotonic() + 120
        while not scheduled and time.monotonic() < deadline:
            time.sleep(0.01)
        assert scheduled and session.working and threads == [], "nothing applied off-thread"
        scheduled.pop()()  # the owner's event loop runs what was handed over
        assert not session.working and threads == [threading.current_thread().name]
        city = europe.cities[0]
        start = time.perf_counter()
        session.move_city(city.name, free_neighbour(europe, city.at))
        returned = time.perf_counter() - start
        assert session.working
        assert session.wait(timeout=120) and session.analysis.board is session.board
        assert returned < session.analysis.seconds + 5, "the edit did not wait for it"
    finally:
        session.close()


def test_stale_results_are_dropped() -> None:
    release, started = threading.Event(), threading.Event()
    ran: list[int] = []
    shown: list[Any] = []

    def work(job: int) -> int:
        if job == 1:
            started.set()
            release.wait(10)
        ran.append(job)
        return job * 10

    worker: LatestJob[int, int] = LatestJob(work, lambda result, error: shown.append(result))
    worker.submit(1)
    assert started.wait(10)
    worker.submit(2)
    worker.submit(3)
    assert worker.busy and worker.generation == 3
    release.set()
    assert worker.wait(timeout=10) and not worker.busy
    worker.close()
    assert ran == [1, 3], "job 2 was replaced by job 3 before it started"
    assert shown == [30], "job 1's result came too late to be shown"


def test_a_failing_job_hands_back_its_error() -> None:
    got: list[Any] = []
    job: LatestJob[int, int] = LatestJob(
        lambda n: 1 // n, lambda r, e: got.append((r, e)), background=False
    )
    job.submit(0)
    assert got[0][0] is None and isinstance(got[0][1], ZeroDivisionError)
