"""Draw docs/architecture.png: the layers of rail-workbench, imports pointing down.

    python docs/make_architecture.py

The layers are the ones ``lint-imports`` checks (``[tool.importlinter]`` in
pyproject.toml). Drawn with Pillow and the DejaVu fonts, so it needs no browser.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parent / "architecture.png"
FONTS = Path("/usr/share/fonts/truetype/dejavu")
W, H = 960, 700

# (fill, outline, text) per layer
BLUE = ("#dce9f7", "#2f6aa3", "#1d3f63")
GREEN = ("#e3f1de", "#3f7f3a", "#245020")
ORANGE = ("#fde9d2", "#b06d1c", "#6a3d08")
YELLOW = ("#fdf5d0", "#a8901c", "#5a4a05")
PURPLE = ("#ece2f3", "#6d4f8f", "#3e2a57")
GREY = ("#eeeeee", "#777777", "#333333")


def font(bold: bool = False, size: int = 13, italic: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans" + ("-Bold" if bold else "-Oblique" if italic else "") + ".ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def box(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int, int, int],
    colors: tuple[str, str, str],
    title: str,
    lines: list[str],
    size: int = 12,
) -> None:
    fill, outline, text = colors
    draw.rounded_rectangle(xy, radius=9, fill=fill, outline=outline, width=2)
    x, y = xy[0] + 14, xy[1] + 9
    draw.text((x, y), title, fill=text, font=font(True, 15))
    for i, line in enumerate(lines):
        italic = line.startswith("~")
        draw.text(
            (x, y + 27 + i * 18), line.strip("~"), fill=text, font=font(size=size, italic=italic)
        )


def arrow(draw: ImageDraw.ImageDraw, y0: int, y1: int, x: int = W // 2) -> None:
    draw.line((x, y0, x, y1 - 8), fill="#444444", width=2)
    draw.polygon([(x - 7, y1 - 12), (x + 7, y1 - 12), (x, y1)], fill="#444444")


def main() -> None:
    image = Image.new("RGB", (W, H), "white")
    draw = ImageDraw.Draw(image)
    title = "rail-workbench: the layers (imports point down, never up; lint-imports checks)"
    draw.text((W // 2, 22), title, fill="#222222", font=font(True, 17), anchor="mm")
    box(draw, (40, 48, 920, 124), BLUE, "workbench/ui", [
        "Bokeh + ipywidgets views: editors, one play-widget base and a view per game, board view,",
        "stepper, reports. They draw a session and turn clicks into calls.   (cli.py above it all)",
    ])  # fmt: skip
    arrow(draw, 124, 144)
    box(draw, (40, 144, 920, 200), GREEN, "workbench/session", [
        "EditSession; GameSession (any game by the protocol), one subclass per game; change events",
    ])  # fmt: skip
    arrow(draw, 200, 220)
    games = "workbench/games/<game>: one package per game, the same files"
    box(draw, (40, 220, 920, 318), ORANGE, games, [
        "trans_europa/  ticket_to_ride/  transorient_express/",
        "__init__ (INFO)  rules  cards  actions  game  state  scoring  bots  sample  sim  record",
        "~a game imports the shared layers below it, never another game",
    ])  # fmt: skip
    arrow(draw, 318, 338)
    box(draw, (40, 338, 470, 412), YELLOW, "workbench/sim", [
        "simulate(..., game=NAME), sweep, Wilson intervals",
        "(a game's own tables come as its extra rows)",
    ])  # fmt: skip
    box(draw, (490, 338, 920, 412), YELLOW, "workbench/bots", [
        "bots that need only the protocol: random, search",
    ])  # fmt: skip
    arrow(draw, 412, 432)
    box(draw, (40, 432, 920, 508), ORANGE, "workbench/games: what every game shares", [
        "protocol (Game / State / Observation, chance outcomes), registry GAMES[name] -> GameInfo,",
        "referee Match (the one loop), record (saved games), tables (the simulator's columns)",
    ])  # fmt: skip
    arrow(draw, 508, 528)
    boxes = [
        ("analysis", "costs, hands, tickets"),
        ("teach", "traces, exercises"),
        ("algorithms", "exact Steiner, cuts"),
        ("maps", "lattice + route boards"),
    ]
    width = (880 - 3 * 20) // 4
    for i, (name, what) in enumerate(boxes):
        x = 40 + i * (width + 20)
        box(draw, (x, 528, x + width, 590), PURPLE, name, [what])
    arrow(draw, 590, 612)
    draw.rounded_rectangle((250, 612, 710, 652), radius=8, fill=GREY[0], outline=GREY[1], width=2)
    draw.text(
        (W // 2, 632),
        "exceptions.py, yamlfile.py, files.py, records.py, resources.py",
        fill=GREY[2],
        font=font(size=13),
        anchor="mm",
    )
    image.save(OUT, optimize=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
