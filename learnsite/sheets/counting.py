"""Counting pictures: a box of simple objects, "How many?" and a line to write on."""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.drills import draw_key
from learnsite.sheets.layout import SheetPdf, numbered_cells, rng_for
from learnsite.sheets.options import SheetOptions
from learnsite.sheets.pictures import OBJECTS

COLS, ROWS = 2, 3
SLOTS_X, SLOTS_Y = 5, 4  # at most 20 objects sit in a 5 x 4 grid of slots inside the box


@dataclass(frozen=True)
class CountProblem:
    thing: str
    slots: tuple[tuple[int, int], ...]  # (column, row) of each object in the box

    @property
    def answer(self) -> int:
        return len(self.slots)

    def text(self) -> str:
        return f"{self.answer} {self.thing}"


def plan(options: SheetOptions) -> list[CountProblem]:
    rng = rng_for(options)
    all_slots = [(c, r) for r in range(SLOTS_Y) for c in range(SLOTS_X)]
    problems = []
    for _ in range(options.count):
        n = rng.randint(options.low, options.high)
        slots = tuple(sorted(rng.sample(all_slots, n), key=lambda s: (s[1], s[0])))
        problems.append(CountProblem(rng.choice(sorted(OBJECTS)), slots))
    return problems


def draw(pdf: SheetPdf, options: SheetOptions, problems: list[CountProblem]) -> None:
    for number, p, (x, y, w, h) in numbered_cells(pdf, problems, "Count the pictures. Write how many.", COLS, ROWS):
        _problem(pdf, number, p, x + 2, y + 2, w - 4, h - 4)
    if options.answer_key:
        draw_key(pdf, pdf.label, [p.text() for p in problems], cols=3)


def _problem(pdf: SheetPdf, number: int, p: CountProblem, x: float, y: float, w: float, h: float) -> None:
    box_h = h - 14
    pdf.set_line_width(0.4)
    pdf.rect(x, y, w, box_h, round_corners=True, style="D")
    pdf.text_at(x + 2, y + 1.5, f"{number}.", 10)
    slot_w, slot_h = (w - 8) / SLOTS_X, (box_h - 8) / SLOTS_Y
    size = min(slot_w, slot_h) * 0.78  # apples and flowers reach past their nominal size
    draw_one = OBJECTS[p.thing]
    pdf.set_line_width(0.5)
    pdf.set_fill_color(255, 255, 255)
    for col, row in p.slots:
        draw_one(pdf, x + 4 + (col + 0.5) * slot_w, y + 4 + (row + 0.5) * slot_h, size)
    pdf.text_at(x + 2, y + box_h + 3, f"How many {p.thing}?", 14)
    pdf.set_line_width(0.5)
    pdf.line(x + w - 30, y + box_h + 10, x + w - 4, y + box_h + 10)
