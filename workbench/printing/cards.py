"""A board's cards on card sheets: nine 63 x 88 mm cards a page, with cut marks.

What a card shows depends on the game:

* a lattice board (Trans Europa, Trans Amerika): one city card per city, framed in its
  card colour (a dashed frame for the cards taken out with 2-3 players), with its colour's
  mark and a small map that shows where the city lies;
* a route board (Ticket to Ride): one ticket per destination ticket, its two cities, its
  points and the two ends on a small map (long tickets say so);
* a card set (Transorient Express): every Destination, Luggage and Objective card, with
  its number, colour, cost in tokens, points, passports, luggage and effect.

Cards sit edge to edge in a 3 x 3 grid centred on the sheet, so one straight cut
separates two cards; the cut marks stand in the margins, in line with every edge.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from workbench.games.transorient_express.cards import CardSet, Destination, Luggage, Objective
from workbench.maps.board import Board, City
from workbench.maps.drawing import board_extent, terrain_xy
from workbench.maps.lattice import plane_xy
from workbench.maps.routes import RouteBoard, Ticket
from workbench.printing.canvas import Canvas, View
from workbench.printing.layout import PAPERS
from workbench.printing.style import PRINT, TOKEN_COLORS, ink_on, mark_of

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "CardSlot", "PrintedCards", "cards_pdf"]

CARD_WIDTH = 63.0
"""A card's width, mm (the common "poker" size of rail games' cards)."""
CARD_HEIGHT = 88.0
"""A card's height, mm."""
COLUMNS, ROWS = 3, 3
INSET = 3.5  # mm from a card's edge to its frame: what a slightly crooked cut may take
XY = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class CardSlot:
    """Where a card was printed: ``page`` (from 1), the card's top left ``(x, y)`` in mm,
    and its ``title`` (the city, the ticket's ends, the card's label)."""

    page: int
    x: float
    y: float
    title: str


@dataclass
class PrintedCards:
    """The card sheets' PDF ``data``, one :class:`CardSlot` per card, and the page count."""

    data: bytes
    slots: list[CardSlot]
    pages: int

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the PDF to ``path`` atomically."""
        from workbench.files import write_atomic

        return write_atomic(Path(path), self.data)


Drawer = Callable[[Canvas, float, float], None]


# ---------------------------------------------------------------------- text helpers


def _fit(c: Canvas, text: str, width: float, size: float, bold: bool = True) -> float:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` mm."""
    w = c.width_of(text, size, bold)
    return size if w <= width else max(size * width / w, 5.0)


def _wrap(c: Canvas, text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.width_of(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _frame(c: Canvas, x: float, y: float, color: str, dashed: bool = False) -> Box:
    """A card's white face and coloured frame; returns the box inside the frame."""
    c.rect(x, y, CARD_WIDTH, CARD_HEIGHT, "#ffffff")
    dash = (4.0, 2.4) if dashed else None
    c.rect(
        x + INSET,
        y + INSET,
        CARD_WIDTH - 2 * INSET,
        CARD_HEIGHT - 2 * INSET,
        None,
        color,
        1.8,
        dash=dash,
        round_corners=3.0,
    )
    inner = INSET + 2.5
    return (x + inner, y + inner, CARD_WIDTH - 2 * inner, CARD_HEIGHT - 2 * inner)


def _band(
    c: Canvas,
    box: Box,
    fill: str,
    text: str,
    mark: str | None,
    height: float = 9.0,
    right: str = "",
) -> None:
    """A coloured header band across the top of ``box`` with a mark and a word."""
    x, y, w, _ = box
    c.rect(x, y, w, height, fill, PRINT["city-line"], 0.3, round_corners=1.5)
    ink = ink_on(fill)
    tx = x + 2.5
    if mark:
        c.disc((x + 2.5 + height * 0.32, y + height / 2), height * 0.32, fill, ink, 0.3)
        c.mark(mark, (x + 2.5 + height * 0.32, y + height / 2), height * 0.2, ink)
        tx += height * 0.64 + 2.0
    c.text(tx, y + height / 2, text, 9.0, True, ink, baseline="middle")
    if right:
        c.text(x + w - 2.5, y + height / 2, right, 9.0, True, ink, "right", "middle")


# ---------------------------------------------------------------------- mini maps


def _mini_lattice(c: Canvas, board: Board, box: Box, highlight: str) -> None:
    xmin, xmax, ymin, ymax = board_extent(board)
    k = min(box[2] / (xmax - xmin + 1), box[3] / (ymax - ymin + 1))
    w, h = (xmax - xmin + 1) * k, (ymax - ymin + 1) * k
    ox, oy = box[0] + (box[2] - w) / 2, box[1] + (box[3] - h) / 2
    v = View(k, xmin - 0.5, ymax + 0.5, ox, oy)
    c.rect(ox, oy, w, h, PRINT["sea"])
    with c.clip(ox, oy, w, h):
        for area in board.land:
            c.polygon(
                v.many([terrain_xy(q) for q in area.polygon]),
                PRINT["land"],
                PRINT["land-line"],
                0.15,
            )
        fills = {col.name: col.fill for col in board.colors}
        for city in board.cities:
            if city.name != highlight:
                c.disc(v(*plane_xy(city.at)), 0.55, PRINT["faint"])
        city = board.city(highlight)
        fill = fills.get(city.color, "#ffffff")
        c.disc(v(*plane_xy(city.at)), 2.0, fill, PRINT["city-line"], 0.4)
        mark = {col.name: mark_of(i) for i, col in enumerate(board.colors)}.get(city.color)
        if mark:
            c.mark(mark, v(*plane_xy(city.at)), 1.1, ink_on(fill))
    c.rect(ox, oy, w, h, None, PRINT["land-line"], 0.2)


def _mini_routes(c: Canvas, board: RouteBoard, box: Box, ends: Sequence[str]) -> None:
    pos = board.positions
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    xmin, xmax, ymin, ymax = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    k = min(box[2] / (xmax - xmin), box[3] / (ymax - ymin))
    w, h = (xmax - xmin) * k, (ymax - ymin) * k
    ox, oy = box[0] + (box[2] - w) / 2, box[1] + (box[3] - h) / 2
    v = View(k, xmin, ymax, ox, oy)
    c.rect(ox, oy, w, h, PRINT["sea"] if board.land else PRINT["plain-board"])
    with c.clip(ox, oy, w, h):
        for area in board.land:
            c.polygon(
                v.many([board.xy(q) for q in area.polygon]), PRINT["land"], PRINT["land-line"], 0.15
            )
        for route in board.routes:
            a, b = route.ends
            c.line(v(*pos[a]), v(*pos[b]), "#b9b1a0", 0.2)
        for name, xy in pos.items():
            if name not in ends:
                c.disc(v(*xy), 0.5, PRINT["faint"])
        start, end = (pos[e] for e in ends)
        c.line(v(*start), v(*end), "#c0392b", 0.6, dash=(1.2, 0.8))
        for e in ends:
            c.disc(v(*pos[e]), 1.4, "#c0392b", PRINT["city-line"], 0.3)
    c.rect(ox, oy, w, h, None, PRINT["land-line"], 0.2)


# ---------------------------------------------------------------------- the cards


def _city_cards(board: Board) -> list[tuple[str, Drawer, str]]:
    marks = {col.name: mark_of(i) for i, col in enumerate(board.colors)}
    fills = {col.name: col.fill for col in board.colors}
    out: list[tuple[str, Drawer, str]] = []
    for city in board.cities:

        def draw(c: Canvas, x: float, y: float, city: City = city) -> None:
            fill = fills.get(city.color, "#ffffff")
            frame = (
                PRINT["city-line"] if fill.lower() in ("#ffffff", "#f2f2f2", "#f4f4f4") else fill
            )
            box = _frame(c, x, y, frame, city.dashed)
            _band(c, box, fill, city.color, marks.get(city.color))
            size = _fit(c, city.name, box[2], 17.0)
            c.text(
                x + CARD_WIDTH / 2,
                box[1] + 17.0,
                city.name,
                size,
                True,
                PRINT["text"],
                "center",
                "middle",
            )
            _mini_lattice(c, board, (box[0], box[1] + 25.0, box[2], box[3] - 31.0), city.name)
            foot = "dashed: out with 2-3 players" if city.dashed else board.name
            c.text(
                x + CARD_WIDTH / 2,
                box[1] + box[3] - 2.0,
                foot,
                6.5,
                False,
                PRINT["faint"],
                "center",
                "bottom",
            )

        out.append((city.name, draw, "city card"))
    return out


def _tickets(board: RouteBoard) -> list[tuple[str, Drawer, str]]:
    out: list[tuple[str, Drawer, str]] = []
    for ticket in board.tickets:

        def draw(c: Canvas, x: float, y: float, t: Ticket = ticket) -> None:
            color = "#1f4e79" if t.long else "#8a6d3b"
            box = _frame(c, x, y, color)
            _band(c, box, color, "Long route" if t.long else "Destination", None)
            a, b = t.ends
            for i, name in enumerate((a, b)):
                size = _fit(c, name, box[2], 14.0)
                c.text(
                    x + CARD_WIDTH / 2,
                    box[1] + 15.0 + i * 8.0,
                    name,
                    size,
                    True,
                    PRINT["text"],
                    "center",
                    "middle",
                )
            _mini_routes(c, board, (box[0], box[1] + 27.0, box[2], box[3] - 44.0), t.ends)
            centre = (box[0] + box[2] - 7.0, box[1] + box[3] - 7.0)
            c.disc(centre, 6.0, "#ffffff", color, 0.8)
            c.text(
                centre[0], centre[1], str(t.points), 13.0, True, PRINT["text"], "center", "middle"
            )
            c.text(box[0], box[1] + box[3] - 2.0, board.name, 6.0, False, PRINT["faint"])

        back = "long route" if ticket.long else "destination ticket"
        out.append((f"{ticket.ends[0]} - {ticket.ends[1]}", draw, back))
    return out


def _token(c: Canvas, centre: XY, r: float, color: str, mark: str) -> None:
    fill = TOKEN_COLORS.get(color, "#9a9a9a")
    c.disc(centre, r, fill, PRINT["city-line"], 0.3)
    c.mark(mark, centre, r * 0.6, ink_on(fill))


def _card_set(cards: CardSet) -> list[tuple[str, Drawer, str]]:
    marks = {name: mark_of(i) for i, name in enumerate(cards.colors)}
    out: list[tuple[str, Drawer, str]] = []

    def lines(c: Canvas, box: Box, top: float, texts: Sequence[str], size: float = 8.0) -> None:
        y = top
        for text in texts:
            for line in _wrap(c, text, box[2], size):
                c.text(box[0], y, line, size, False, PRINT["text"], baseline="top")
                y += size * 0.45
            y += 1.0

    for d in cards.destinations:

        def draw_destination(c: Canvas, x: float, y: float, d: Destination = d) -> None:
            fill = TOKEN_COLORS.get(d.color, "#9a9a9a")
            frame = PRINT["city-line"] if d.color == "white" else fill
            box = _frame(c, x, y, frame)
            _band(c, box, fill, f"{d.number} {d.color}", marks.get(d.color), right=f"{d.number}")
            size = _fit(c, d.name, box[2], 15.0)
            c.text(
                x + CARD_WIDTH / 2,
                box[1] + 15.0,
                d.name,
                size,
                True,
                PRINT["text"],
                "center",
                "middle",
            )
            c.text(box[0], box[1] + 23.0, "cost", 7.0, False, PRINT["faint"], baseline="top")
            tx = box[0]
            for color, n in d.cost:
                mark = mark_of(list(cards.colors).index(color)) if color in cards.colors else "dot"
                for _ in range(n):
                    if tx + 5.0 > box[0] + box[2]:
                        break
                    _token(c, (tx + 2.3, box[1] + 30.5), 2.3, color, mark)
                    tx += 5.4
                tx += 1.2
            facts = [_count(d.points, "point"), _count(d.passports, "passport")]
            if d.luggage:
                facts.append("luggage")
            lines(c, box, box[1] + 37.0, [" · ".join(facts)], 9.0)
            if d.effect.kind != "none":
                lines(c, box, box[1] + 46.0, [f"effect: {d.effect.text()}"], 9.0)
            centre = (box[0] + box[2] - 7.0, box[1] + box[3] - 7.0)
            c.disc(centre, 6.0, "#ffffff", frame, 0.8)
            c.text(
                centre[0], centre[1], str(d.points), 13.0, True, PRINT["text"], "center", "middle"
            )

        out.append((f"{d.number} {d.color} {d.name}", draw_destination, "Destination"))
    for i, lug in enumerate(cards.luggage, start=1):

        def draw_luggage(c: Canvas, x: float, y: float, lug: Luggage = lug, i: int = i) -> None:
            box = _frame(c, x, y, "#6b4f2a")
            _band(c, box, "#6b4f2a", "Luggage", None, right=f"#{i}")
            # a suitcase
            cx, cy = x + CARD_WIDTH / 2, box[1] + 24.0
            c.rect(cx - 10, cy - 6, 20, 13, "#c9a66b", PRINT["city-line"], 0.4, round_corners=2)
            c.rect(cx - 4, cy - 9, 8, 3.5, None, PRINT["city-line"], 0.8, round_corners=1)
            facts = [_count(lug.points, "point"), _count(lug.passports, "passport")]
            lines(c, box, box[1] + 38.0, [" · ".join(facts)], 9.0)
            if lug.effect.kind != "none":
                lines(c, box, box[1] + 46.0, [f"effect: {lug.effect.text()}"], 9.0)

        out.append((f"Luggage {i}", draw_luggage, "Luggage"))
    for o in cards.objectives:

        def draw_objective(c: Canvas, x: float, y: float, o: Objective = o) -> None:
            box = _frame(c, x, y, "#34495e")
            _band(c, box, "#34495e", f"{o.kind.title()} {o.number}", None)
            head, rows = _objective_text(o)
            c.text(box[0], box[1] + 13.0, head, 8.0, False, PRINT["faint"], baseline="top")
            lines(c, box, box[1] + 19.0, rows, 10.0)

        out.append((f"{o.kind} {o.number}", draw_objective, "Objective"))
    return out


def _count(n: int, word: str) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _objective_text(o: Objective) -> tuple[str, list[str]]:
    """What an Objective card measures, and its scoring lines.

    >>> _objective_text(Objective(1, "visa", table=((2, 3), (4, 6))))
    ('passports you hold', ['2 or more: 3 points', '4 or more: 6 points'])
    >>> season = Objective(11, "season", need="colors", need_value=("red", "blue"), points=5)
    >>> _objective_text(season)
    ('your Destination cards', ['red + blue: 5 points'])
    """
    what = {"visa": "passports you hold", "route": "your Route set's length"}
    places = ("most", "second most", "third most")
    if o.medals:
        rows = [f"{places[i]}: {_count(p, 'point')}" for i, p in enumerate(o.medals[:3])]
        return what.get(o.kind, o.kind) + ", ranked", rows
    if o.kind == "season":
        value = o.need_value
        if isinstance(value, tuple):
            need = " + ".join(value)
        else:
            need = {
                "distinct": f"{value} different colors",
                "same": f"{value} cards of one color",
                "pairs": f"{value} colors with 2 cards or more",
            }.get(o.need, f"{o.need} {value}")
        return "your Destination cards", [f"{need}: {_count(o.points, 'point')}"]
    return what.get(o.kind, o.kind), [f"{k} or more: {_count(v, 'point')}" for k, v in o.table]


def _cut_marks(c: Canvas, left: float, top: float) -> None:
    right, bottom = left + COLUMNS * CARD_WIDTH, top + ROWS * CARD_HEIGHT
    for i in range(COLUMNS + 1):
        x = left + i * CARD_WIDTH
        c.line((x, top - 1.0), (x, max(top - 6.0, 0.5)), "#000000", 0.2)
        c.line((x, bottom + 1.0), (x, bottom + 6.0), "#000000", 0.2)
    for j in range(ROWS + 1):
        y = top + j * CARD_HEIGHT
        c.line((left - 1.0, y), (max(left - 6.0, 0.5), y), "#000000", 0.2)
        c.line((right + 1.0, y), (right + 6.0, y), "#000000", 0.2)


def _back(c: Canvas, x: float, y: float, game: str, deck: str) -> None:
    """A card's back: the game's name and the deck's, over a pattern of rails."""
    ink, paper = "#34495e", "#f3efe4"
    c.rect(x, y, CARD_WIDTH, CARD_HEIGHT, "#ffffff")
    inner = (x + INSET, y + INSET, CARD_WIDTH - 2 * INSET, CARD_HEIGHT - 2 * INSET)
    c.rect(*inner, paper, ink, 1.8, round_corners=3.0)
    with c.clip(inner[0] + 1.5, inner[1] + 1.5, inner[2] - 3.0, inner[3] - 3.0):
        step = 6.0
        for i in range(-16, 16):  # a lattice of rails, as on a board
            x0 = x + i * step
            c.line((x0, y), (x0 + CARD_HEIGHT * 0.577, y + CARD_HEIGHT), "#d8cfba", 0.5)
            c.line((x0 + CARD_HEIGHT * 0.577, y), (x0, y + CARD_HEIGHT), "#d8cfba", 0.5)
        for j in range(0, 16):
            c.line(
                (x, y + j * step * 0.866), (x + CARD_WIDTH, y + j * step * 0.866), "#d8cfba", 0.5
            )
    cx, cy = x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2
    c.rect(x + 8.0, cy - 11.0, CARD_WIDTH - 16.0, 22.0, "#ffffff", ink, 0.6, round_corners=2.0)
    c.text(
        cx, cy - 3.0, game, _fit(c, game, CARD_WIDTH - 20.0, 11.0), True, ink, "center", "middle"
    )
    c.text(cx, cy + 5.0, deck, 8.0, False, ink, "center", "middle")


def cards_pdf(
    source: Board | RouteBoard | CardSet, *, paper: str = "a4", backs: bool = False
) -> PrintedCards:
    """Print the cards of ``source`` on sheets of ``paper``, nine a page.

    With ``backs``, each sheet of fronts is followed by a sheet of backs laid out mirrored,
    so that printing double-sided and flipping on the long edge puts every back behind its
    front (the deck's name on it: city cards, tickets and long routes, or a card set's
    Destination, Luggage and Objective cards, told apart face down).

    Parameters
    ----------
    source : Board, RouteBoard or CardSet
        A lattice board (its city cards), a route board (its tickets) or a card set.
    paper : {"a4", "letter"}
        The sheets.
    backs : bool
        A sheet of backs after each sheet of fronts, for double-sided printing.

    Returns
    -------
    PrintedCards

    Examples
    --------
    >>> from workbench import load_map
    >>> printed = cards_pdf(load_map("maps/trans_europa.yaml"))
    >>> len(printed.slots), printed.pages, printed.slots[9].page
    (35, 4, 2)
    """
    if paper not in PAPERS:
        raise ValueError(f"paper {paper!r} is not one of {sorted(PAPERS)}")
    game = source.name
    if isinstance(source, CardSet):
        cards, title = _card_set(source), source.name
        game = game.split(" (")[0]
    elif isinstance(source, RouteBoard):
        cards, title = _tickets(source), f"{source.name}: tickets"
    else:
        cards, title = _city_cards(source), f"{source.name}: city cards"
    if not cards:
        raise ValueError(f"{title!r} has no cards to print")
    sheet = PAPERS[paper]
    left = (sheet.width - COLUMNS * CARD_WIDTH) / 2
    top = (sheet.height - ROWS * CARD_HEIGHT) / 2
    c = Canvas(title=title, subject="card sheets printed by rail-workbench")
    slots: list[CardSlot] = []
    per_page = COLUMNS * ROWS
    sheets = -(-len(cards) // per_page)
    for k in range(sheets):
        chunk = cards[k * per_page : (k + 1) * per_page]
        c.page(sheet.width, sheet.height)
        _cut_marks(c, left, top)
        note = f"{title} · sheet {k + 1} of {sheets}"
        c.text(left, sheet.height - 1.5, note, 6.0, False, PRINT["faint"])
        for n, (name, draw, _) in enumerate(chunk):
            x, y = left + (n % COLUMNS) * CARD_WIDTH, top + (n // COLUMNS) * CARD_HEIGHT
            draw(c, x, y)
            slots.append(CardSlot(c.pages, x, y, name))
        if backs:
            c.page(sheet.width, sheet.height)
            _cut_marks(c, left, top)
            note = f"{title} · backs of sheet {k + 1}: print double-sided, flip on the long edge"
            c.text(left, sheet.height - 1.5, note, 6.0, False, PRINT["faint"])
            for n, (_, _, deck) in enumerate(chunk):
                mirrored = COLUMNS - 1 - n % COLUMNS
                x, y = left + mirrored * CARD_WIDTH, top + (n // COLUMNS) * CARD_HEIGHT
                _back(c, x, y, game, deck)
    return PrintedCards(c.to_bytes(), slots, c.pages)
