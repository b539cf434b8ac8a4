"""Names and lengths placed clear of each other (ui/labels.py), and how the lesson's route
map draws its ticket cities, legend, dashed candidates and labels (issue 29, point 10)."""

from __future__ import annotations

import pytest
from bokeh.models.annotations import LabelSet, Legend

import workbench
from workbench.teach import trace
from workbench.teach.textbook import FOREST_HAND, route_graph
from workbench.ui.labels import overlaps, place_labels
from workbench.ui.stepper import PRESENTATION_ZOOM, AlgorithmStepper, FrameView

ROUTES = route_graph(workbench.load_map("ticket_to_ride_europe"))


def _europe(scale: float, lengths: bool) -> tuple[list[str], list, list]:  # type: ignore[type-arg]
    nodes = list(ROUTES)
    index = {v: i for i, v in enumerate(nodes)}
    edges = [(index[u], index[v], str(w)) for u, v, w in ROUTES.edges(data="weight")]
    names, placed = place_labels(
        [ROUTES.nodes[v]["pos"] for v in nodes], nodes, edges if lengths else [], scale
    )
    return nodes, names, placed


@pytest.mark.parametrize("scale", [14.0, 19.0])
def test_no_city_name_covers_another_on_the_europe_map(scale: float) -> None:
    nodes, names, _ = _europe(scale, lengths=False)
    crossing = [
        (nodes[i], nodes[j])
        for i in range(len(names))
        for j in range(i)
        if overlaps(names[i].box, names[j].box)
    ]
    assert not crossing
    # and every name stands beside its own city (within a name's size of it)
    for name, v in zip(names, nodes, strict=True):
        x, y = ROUTES.nodes[v]["pos"]
        assert abs(name.x - x) * scale < 100 and abs(name.y - y) * scale < 20


def test_lengths_go_beside_their_routes_and_mostly_clear_of_the_names() -> None:
    _, names, lengths = _europe(14.0, lengths=True)
    assert len(lengths) == ROUTES.number_of_edges()
    touching = sum(1 for a in names for b in lengths if overlaps(a.box, b.box))
    assert touching <= 4  # the Low Countries are crowded at this size; 3 when measured
    assert not [
        (i, j) for i in range(len(names)) for j in range(i) if overlaps(names[i].box, names[j].box)
    ]


def test_with_room_every_name_sits_above_its_node() -> None:
    names, _ = place_labels([(0, 0), (10, 0), (0, 10)], ["a", "b", "c"], [], 50.0)
    assert [n.baseline for n in names] == ["bottom"] * 3
    with pytest.raises(ValueError, match="scale is 0"):
        place_labels([(0, 0)], ["a"], [], 0)


def test_the_forest_map_draws_tickets_legend_dashes_and_lengths_for_reading() -> None:
    forest = trace("steiner_forest", ROUTES, tickets=FOREST_HAND)
    stepper = AlgorithmStepper(forest, ROUTES, width=640)
    view = stepper.view
    fig = view.figure
    # a ticket city is a star twice a node's size, its legend swatch without a white rim
    terminal = fig.select_one({"name": "nodes-terminal"}).glyph
    assert terminal.marker == "star" and terminal.size >= 2 * 13
    swatch = fig.select_one({"name": "legend-nodes-terminal"}).glyph
    assert swatch.marker == "star" and swatch.line_color == swatch.fill_color
    legend = fig.select_one({"name": "roles-legend"})
    assert isinstance(legend, Legend)
    # BokehJS draws legend markers at 0.4 of the smaller side: at least 12 pixels
    assert 0.4 * min(legend.glyph_width, legend.glyph_height) >= 12
    assert legend.label_standoff >= 8
    # a dashed candidate keeps its gaps: square ends, a gap wider than a round cap would close
    candidate = fig.select_one({"name": "edges-candidate"}).glyph
    assert candidate.line_cap == "butt" and candidate.line_dash[1] >= 6
    # lengths: off on a route map until asked for, always under the pointer
    assert not view.lengths_shown and all(not x.visible for x in view.length_labels)
    assert not stepper.lengths.value and stepper.lengths.layout.display != "none"
    stepper.lengths.value = True
    assert view.lengths_shown and all(x.visible for x in view.length_labels)
    # presentation mode enlarges the names and the lengths with the picture
    names = fig.select_one({"name": "graph-names"})
    assert isinstance(names, LabelSet) and names.text_font_size == "8pt"
    stepper.set_presentation(True)
    assert float(names.text_font_size[:-2]) == pytest.approx(8 * PRESENTATION_ZOOM, rel=0.01)
    assert float(view.length_labels[1].text_font_size[:-2]) > 9
    assert legend.glyph_height > 30
    stepper.set_presentation(False)
    assert names.text_font_size == "8pt" and legend.glyph_height == 30


def test_a_small_graph_still_writes_its_lengths() -> None:
    from workbench.teach.textbook import textbook_graph

    view = FrameView(textbook_graph())
    assert view.lengths_shown and all(x.visible for x in view.length_labels)
    # its ticket cities' stars reach well past the discs the names are written on
    disc = view.figure.select_one({"name": "graph-nodes"}).glyph.size
    assert view.figure.select_one({"name": "nodes-terminal"}).glyph.size >= 1.8 * disc
