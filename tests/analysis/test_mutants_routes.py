"""Chokepoints and the start heatmap where the mutation run found them unchecked: the
order of bridges and articulation points, the bridges' shares, the progress bar's count
(docs/mutation.md)."""

from __future__ import annotations

import networkx as nx
import pytest

from workbench import Board
from workbench.analysis.hands import hand_table
from workbench.analysis.routes import chokepoints, start_heatmap


def _brute_bridges(G: nx.Graph) -> list[tuple[object, object]]:
    out = []
    parts = nx.number_connected_components(G)
    for a, b in G.edges:
        H = G.copy()
        H.remove_edge(a, b)
        if nx.number_connected_components(H) > parts:
            out.append(tuple(sorted((a, b))))
    return sorted(out)


def test_bridges_and_articulation_points_come_sorted(tiny: Board) -> None:
    found = chokepoints(tiny, top=0)
    assert found.bridges == _brute_bridges(tiny.graph())
    G = tiny.graph()
    cuts = [p for p in G if nx.number_connected_components(G.subgraph(set(G) - {p})) > 1]
    assert found.articulation_points == sorted(cuts)


def test_a_used_bridge_cuts_apart_the_share_of_hands_that_use_it(europe: Board) -> None:
    found = chokepoints(europe, top=0)
    table = hand_table(europe, 4)
    points = found.articulation_points
    assert len(points) > 2 and points == sorted(points)
    assert len(found.bridges) > 1
    used = [(a, b) for a, b in found.bridges if table.usage.get((a, b), 0)]
    assert len(used) > 1
    rows = found.critical
    assert found.bridges == sorted(found.bridges)
    assert sorted(zip(rows.a, rows.b, strict=True)) == used
    for row in rows.itertuples():
        assert row.cut_hands == table.usage[row.a, row.b]
        assert row.share == row.cut_hands / len(table.costs) < 1


def test_the_start_heatmap_lists_points_in_order(tiny: Board) -> None:
    heat = start_heatmap(tiny, ["Alder", "Ginkgo"])
    assert heat.index.tolist() == sorted(tiny.points)


def test_the_chokepoints_progress_bar_counts_every_pass(
    tiny: Board, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TQDM_MININTERVAL", "0")  # draw every update
    chokepoints(tiny, top=2, progress=True)
    states = capsys.readouterr().err.replace("\r", "\n").split("\n")
    counts = [s.split("|")[2].split()[0] for s in states if s.startswith("chokepoints:")]
    assert counts[0] == "0/2" and counts[-1] == "2/2"
    assert set(counts) <= {"0/2", "1/2", "2/2"}


def test_the_most_used_segments_are_tried_ties_by_segment_quietly(
    tiny: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    table = hand_table(tiny, 4)
    bridges = set(chokepoints(tiny, top=0).bridges)
    ranked = sorted(
        (e for e in table.usage if e not in bridges), key=lambda e: (-table.usage[e], e)
    )
    assert table.usage[ranked[0]] == table.usage[ranked[1]], "tiny's two most used tie"
    capsys.readouterr()
    found = chokepoints(tiny, top=4)
    assert capsys.readouterr().err == ""  # no progress bar unless asked
    rows = found.critical
    assert rows.index.tolist() == [0, 1, 2, 3]
    assert table.usage[ranked[3]] == table.usage[ranked[4]], "a tie at the fourth"
    assert {(r.a, r.b) for r in rows.itertuples()} == set(ranked[:4])
    assert [(r.a, r.b) for r in chokepoints(tiny, top=1).critical.itertuples()] == ranked[:1]
    for r in rows.itertuples():
        without = hand_table(tiny.set_segment(r.a, r.b, "none"), 4)
        assert r.mean_after == pytest.approx(without.costs.mean())
        assert r.increase == pytest.approx(without.costs.mean() - table.costs.mean())
        assert r.share == table.usage[r.a, r.b] / len(table.costs)
        assert r.cut_hands == 0
    assert rows.increase.tolist() == sorted(rows.increase, reverse=True)


def test_chokepoints_make_no_progress_bar_unless_asked(
    tiny: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tqdm.auto

    from tests.analysis.test_mutants_compare import _Bars

    hand_table(tiny, 4)  # the board's own table, cached before the bars are counted
    monkeypatch.setattr(tqdm.auto, "tqdm", _Bars)
    _Bars.made.clear()
    chokepoints(tiny, top=2)
    assert _Bars.made == []
    chokepoints(tiny, top=2, progress=True)
    assert _Bars.made == ["chokepoints"]
