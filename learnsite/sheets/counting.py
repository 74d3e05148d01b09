"""Counting pictures: a box of simple objects, "How many?" and a line to write on."""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.drills import draw_key
from learnsite.sheets.layout import SheetPdf, numbered_cells, rng_for
from learnsite.sheets.options import SheetOptions
from learnsite.sheets.pictures import OBJECTS
from learnsite.variety import varied

COLS, ROWS = 2, 3
# The objects sit in a grid of slots inside the box: the smallest grid that leaves room to scatter the most
# objects the sheet asks for, so a sheet for the youngest (up to 5) draws them big, and 20 still fit.
GRIDS = ((3, 2), (4, 2), (4, 3), (5, 3), (5, 4))  # fewer rows, bigger pictures
QUESTION_PT = 13


@dataclass(frozen=True)
class CountProblem:
    thing: str
    slots: tuple[tuple[int, int], ...]  # (column, row) of each object in the box
    grid: tuple[int, int]  # columns and rows of slots in the box (grid_for the sheet's most objects)

    @property
    def answer(self) -> int:
        return len(self.slots)

    def text(self) -> str:
        """The answer key's line: "1 apple", "3 apples" ("fish" is both)."""
        one = self.thing if self.thing == "fish" else self.thing.removesuffix("s")
        return f"{self.answer} {one if self.answer == 1 else self.thing}"


def grid_for(most: int) -> tuple[int, int]:
    """Half as many slots again as the most objects a box holds (a scatter, not a full row), if a grid has them."""
    return next((g for g in GRIDS if g[0] * g[1] >= most + (most + 1) // 2), GRIDS[-1])


def plan(options: SheetOptions) -> list[CountProblem]:
    """The boxes in order: every count from low to high about as often as the others, and neighbours differ
    in count and picture (not a sheet 'Count to 5' of ones, twos and threes, two boxes of one ball in a row)."""
    rng = rng_for(options)
    grid = grid_for(options.high)
    all_slots = [(c, r) for r in range(grid[1]) for c in range(grid[0])]
    candidates = [(n, thing) for n in range(options.low, options.high + 1) for thing in sorted(OBJECTS)]
    boxes: list[tuple[int, str]] = []
    while len(boxes) < options.count:  # more boxes than counts x pictures (a narrow range): the set again
        boxes += varied(rng, candidates, min(options.count - len(boxes), len(candidates)),
                        lambda c: c[0], lambda c: c[1], after=boxes[-1] if boxes else None)
    problems = []
    for n, thing in boxes:
        slots = tuple(sorted(rng.sample(all_slots, n), key=lambda s: (s[1], s[0])))
        problems.append(CountProblem(thing, slots, grid))
    return problems


def heading(options: SheetOptions) -> str:
    # not "Count groups of 8 to 20" (read as groups of eight), nor "Count 8 to 20 pictures" (a teacher's review)
    return (f"Count to {options.high}" if options.low == 1
            else f"Count to {options.high}: {options.low} or more in each box")


def draw(pdf: SheetPdf, options: SheetOptions, problems: list[CountProblem]) -> None:
    for number, p, (x, y, w, h) in numbered_cells(pdf, problems, "Count the pictures. Write how many.", COLS, ROWS):
        _problem(pdf, number, p, x + 2, y + 2, w - 4, h - 4)
    if options.answer_key:
        draw_key(pdf, pdf.label, [p.text() for p in problems], cols=3)


def _problem(pdf: SheetPdf, number: int, p: CountProblem, x: float, y: float, w: float, h: float) -> None:
    box_h = h - 14
    pdf.set_line_width(0.4)
    pdf.rect(x, y, w, box_h, round_corners=True, style="D")
    cols, rows = p.grid
    slot_w, slot_h = (w - 8) / cols, (box_h - 8) / rows
    size = min(slot_w, slot_h) * 0.78  # apples and flowers reach past their nominal size
    draw_one = OBJECTS[p.thing]
    pdf.set_line_width(0.5)
    pdf.set_fill_color(255, 255, 255)
    for col, row in p.slots:
        draw_one(pdf, x + 4 + (col + 0.5) * slot_w, y + 4 + (row + 0.5) * slot_h, size)
    # the number beside its question, not in the box's corner, where it met the rounded border and the objects;
    # the answer line starts after the question ("12. How many flowers?" is the longest)
    question = f"{number}. How many {p.thing}?"
    pdf.text_at(x + 2, y + box_h + 3, question, QUESTION_PT)
    line_from = max(x + w - 30, x + 2 + pdf.get_string_width(question) + 3)
    pdf.set_line_width(0.5)
    pdf.line(line_from, y + box_h + 10, x + w - 2, y + box_h + 10)
