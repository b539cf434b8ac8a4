"""The report's text lists the eight most used segments, most used first, as the usage
table has them."""

from __future__ import annotations

from workbench import Board
from workbench.analysis import segment_usage
from workbench.analysis.report import analyze


def test_the_text_lists_the_eight_most_used_segments(tiny: Board) -> None:
    text = analyze(tiny, chokepoint_candidates=None).text()
    lines = text.splitlines()
    start = lines.index("Most used segments (share of hands whose optimal tree uses them)") + 1
    listed = lines[start : lines.index("", start)]
    usage = segment_usage(tiny)
    assert (usage.share > 0).sum() > 8, "tiny uses more than eight segments"
    top = usage.head(8)
    expected = [
        f"  [{a[0]}, {a[1]}]-[{b[0]}, {b[1]}] {kind:<7} {share:6.1%}"
        for a, b, kind, share in zip(top.a, top.b, top.kind, top.share, strict=True)
    ]
    assert listed == expected
    shares = [float(line.rsplit(None, 1)[1].rstrip("%")) for line in listed]
    assert shares == sorted(shares, reverse=True)


def test_the_text_histogram_draws_bars_in_proportion(tiny: Board) -> None:
    report = analyze(tiny, chokepoint_candidates=None)
    width = 30
    lines = report.text(width=width).splitlines()
    start = lines.index("Hand costs (rails)") + 2
    rows = lines[start : lines.index("", start)]
    histogram = report.summary.histogram
    peak = max(histogram.values())
    assert len(rows) == len(histogram)
    for row, (cost, count) in zip(rows, histogram.items(), strict=True):
        bars = row.split()[1] if count else ""
        assert row.split()[0] == str(cost) and row.split()[-1] == str(count)
        expected = 0 if not count else max(1, round(width * count / peak))
        assert bars == "#" * expected, row
    assert any(len(row.split()[1]) == width for row in rows if row.split()[1].startswith("#"))


def test_the_route_report_text_ends_with_the_colors_table() -> None:
    from tests.conftest import MAPS
    from workbench import RouteBoard, load_map
    from workbench.analysis.route_report import route_report

    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    report = route_report(board, players=4)
    lines = report.text().splitlines()
    table = ["  " + line for line in report.colors.to_string().splitlines()]
    heading = "Routes by color and length (cards: the color's cards plus locomotives)"
    assert lines[-len(table) - 1 :] == [heading, *table]
