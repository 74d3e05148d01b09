"""Colour by number: a picture as a grid of squares (the regions), each with its colour's number.

The student page is outlines and numbers only (black-and-white friendly); the key page fills each
region with its colour. The seed picks the picture and which number stands for which colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.layout import INK, MARGIN, SheetPdf, rng_for
from learnsite.sheets.options import SheetOptions

COLOURS = {  # letter in a picture -> (name on the sheet, RGB for the key)
    "L": ("light blue", (173, 216, 240)),
    "R": ("red", (220, 40, 40)),
    "P": ("pink", (245, 160, 200)),
    "Y": ("yellow", (250, 220, 50)),
    "G": ("green", (60, 170, 70)),
    "N": ("brown", (140, 90, 40)),
    "O": ("orange", (245, 140, 30)),
    "B": ("blue", (40, 90, 200)),
    "K": ("black", (20, 20, 20)),
}

PICTURES = {
    1: {
        "heart": ["LRRLLRRL", "RRRRRRRR", "RRRRRRRR", "RRRRRRRR", "LRRRRRRL", "LLRRRRLL", "LLLRRLLL", "LLLLLLLL"],
        # a sun with rays, high over the grass (a round yellow block on the grass read as a haystack)
        "sun": ["YLLLLLLY", "LLLYYLLL", "LLYYYYLL", "YLYYYYLY", "LLYYYYLL", "LLLYYLLL", "YLLLLLLY", "GGGGGGGG"],
    },
    2: {
        "house": ["LLLLRRLLLL", "LLLRRRRLLL", "LLRRRRRRLL", "LRRRRRRRRL", "LYYYYYYYYL", "LYBBYYBBYL",
                  "LYBBYYBBYL", "LYYYNNYYYL", "LYYYNNYYYL", "GGGGGGGGGG"],
        # the tree stands on grass, the sun of its sunny day in the sky's corner; its leaves round off above the
        # trunk (a row of green from edge to edge read as a band across the sky)
        "tree": ["LLLLGGLLYY", "LLLGGGGLYY", "LLGGGGGGLL", "LGGGGGGGGL", "LGGGGGGGGL", "LGGGGGGGGL",
                 "LLGGGGGGLL", "LLLLNNLLLL", "LLLLNNLLLL", "GGGGGGGGGG"],
    },
    3: {
        "fish": ["LLLLLLLLLLLL", "LLLLOOOOLLLL", "LLLOOOOOOLLO", "LLOOKOOOOLOO", "LOOOOOOOOOOO", "LOOOOOOOOOOL",
                 "LOOOOOOOOOOL", "LOOOOOOOOOOO", "LLOOOOOOOLOO", "LLLOOOOOOLLO", "LLLLOOOOLLLL", "YYYYYYYYYYYY"],
        "flower": ["LLLLLLLLLLLL", "LLLPPLLPPLLL", "LLPPPPPPPPLL", "LLPPPYYPPPLL", "LLLPYYYYPLLL", "LLPPPYYPPPLL",
                   "LLPPPPPPPPLL", "LLLPPGGPPLLL", "LLLLLGGLLLLL", "LLGGLGGLGGLL", "LLLGGGGGGLLL", "NNNNNGGNNNNN"],
    },
}


@dataclass(frozen=True)
class ColourPuzzle:
    picture: str
    cells: tuple[tuple[int, ...], ...]  # the number in each square, row by row
    key: tuple[tuple[int, str], ...]  # (number, colour name)

    def colour_of(self, number: int) -> str:
        return dict(self.key)[number]


def plan(options: SheetOptions) -> ColourPuzzle:
    rng = rng_for(options)
    pictures = PICTURES[options.level]
    name = sorted(pictures)[options.seed % len(pictures)]
    rows = pictures[name]
    letters = sorted({ch for row in rows for ch in row})
    rng.shuffle(letters)
    number_of = {ch: i + 1 for i, ch in enumerate(letters)}
    cells = tuple(tuple(number_of[ch] for ch in row) for row in rows)
    key = tuple((number_of[ch], COLOURS[ch][0]) for ch in letters)
    return ColourPuzzle(name, cells, key)


def _rgb(name: str) -> tuple[int, int, int]:
    return next(rgb for colour, rgb in COLOURS.values() if colour == name)


def draw(pdf: SheetPdf, options: SheetOptions, puzzle: ColourPuzzle) -> None:
    heading = f"{pdf.label}: {puzzle.picture}"
    top = pdf.start_page(heading, "Colour each square with the colour of its number.", scored=False)
    y = _legend(pdf, puzzle, top)
    _grid(pdf, puzzle, y + 4, fill=False)
    if options.answer_key:
        top = pdf.start_page(heading, key=True)
        y = _legend(pdf, puzzle, top)
        _grid(pdf, puzzle, y + 4, fill=True)


def _legend(pdf: SheetPdf, puzzle: ColourPuzzle, y: float) -> float:
    col_w = pdf.content_w / 3
    for i, (number, colour) in enumerate(puzzle.key):
        x, row_y = MARGIN + (i % 3) * col_w, y + (i // 3) * 10
        with pdf.local_context(fill_color=_rgb(colour), line_width=0.4):
            pdf.rect(x, row_y + 0.5, 7, 7, style="DF")
        pdf.text_at(x + 9, row_y, f"{number} = {colour}", 15)
    return y + ((len(puzzle.key) + 2) // 3) * 10


def _grid(pdf: SheetPdf, puzzle: ColourPuzzle, top: float, *, fill: bool) -> None:
    n = len(puzzle.cells)
    cell = min(pdf.content_w / n, (pdf.body_bottom - top) / n, 18.0)
    x0 = MARGIN + (pdf.content_w - cell * n) / 2
    size_pt = min(16.0, cell * 1.2)
    pdf.set_line_width(0.4)
    pdf.set_draw_color(*INK)
    for r, row in enumerate(puzzle.cells):
        for c, number in enumerate(row):
            x, y = x0 + c * cell, top + r * cell
            if fill:
                rgb = _rgb(puzzle.colour_of(number))
                with pdf.local_context(fill_color=rgb):
                    pdf.rect(x, y, cell, cell, style="DF")
                pdf.set_text_color(*((255, 255, 255) if sum(rgb) < 300 else INK))
            else:
                pdf.rect(x, y, cell, cell)
            pdf.text_at(x, y + (cell - size_pt * 0.406) / 2, str(number), size_pt, align="C", width=cell)
            pdf.set_text_color(*INK)
