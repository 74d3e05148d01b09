"""Addition, subtraction and multiplication drills: vertical problems, answer key on its own page."""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.layout import MARGIN, SheetPdf, grid_cells, pages_of, rng_for
from learnsite.sheets.options import SheetOptionError, SheetOptions

SIGNS = {"addition": "+", "subtraction": "−", "multiplication": "×"}
COLS, ROWS = 4, 5
TRIES = 4000
REPEAT_AFTER = 300  # tries for a problem not yet on the sheet before one is repeated (small ranges)
ZERO_SHARE = 5  # at most one problem in 5 has a 0 in it (0 + 3, 6 − 0, 4 × 0) when the range has other numbers


@dataclass(frozen=True)
class Problem:
    a: int
    b: int
    sign: str
    answer: int

    def text(self) -> str:
        return f"{self.a} {self.sign} {self.b} = {self.answer}"


def carries(a: int, b: int) -> bool:
    """Adding a and b carries in some column."""
    power = 10
    while power <= max(a, b) * 10:
        if a % power + b % power >= power:
            return True
        power *= 10
    return False


def borrows(a: int, b: int) -> bool:
    """Taking b from a (a >= b) borrows in some column."""
    power = 10
    while power <= a * 10:
        if a % power < b % power:
            return True
        power *= 10
    return False


def _fits(kind: str, a: int, b: int, carrying: str) -> bool:
    if kind == "multiplication" or carrying == "any":
        return True
    regroups = carries(a, b) if kind == "addition" else borrows(a, b)
    return regroups if carrying == "only" else not regroups


def _zero_cap(options: SheetOptions) -> int:
    """How many problems of the sheet may have a 0 in them. A small range (0 to 3) would otherwise fill a third of
    a sheet with 0 + 0, 0 + 2 and 3 + 0, which all teach one fact; below 3 (0 to 2) the zeros are half of what
    there is to practise, and stay."""
    if options.low > 0 or options.high < 3:
        return options.count
    return zero_share(options.count)


def zero_share(count: int) -> int:
    """The most of `count` problems that may have a 0 in them, where a range is wide enough to cap them."""
    return max(1, count // ZERO_SHARE)


def _staleness(uses: dict[tuple[int, int], int], pair: tuple[int, int], last: tuple[int, int] | None) -> tuple:
    """Which repeat to take when a small range has run out of new problems: the one used least, and not the one
    just before (a teacher would not print 2 + 3 three times in a row)."""
    return uses[pair], pair == last


def plan(options: SheetOptions) -> list[Problem]:
    rng = rng_for(options)
    kind, sign = options.kind, SIGNS[options.kind]
    problems: list[Problem] = []
    uses: dict[tuple[int, int], int] = {}  # the problems on the sheet, and how many times each is there
    last = None
    zeros_left = _zero_cap(options)
    for _ in range(options.count):
        repeat = None  # a fitting problem already on the sheet: used only when no new one turns up
        for tries in range(TRIES):
            a, b = rng.randint(options.low, options.high), rng.randint(options.low, options.high)
            if kind == "subtraction" and a < b:
                a, b = b, a
            if (a == 0 or b == 0) and zeros_left <= 0:
                continue
            if _fits(kind, a, b, options.carrying):
                if (a, b) not in uses:
                    break
                if repeat is None or _staleness(uses, (a, b), last) < _staleness(uses, repeat, last):
                    repeat = (a, b)
            if repeat and tries >= REPEAT_AFTER:
                a, b = repeat
                break
        else:  # nothing fitted at all (a repeat would have been taken after REPEAT_AFTER tries)
            word = "carrying" if kind == "addition" else "borrowing"
            need = "with" if options.carrying == "only" else "without"
            raise SheetOptionError(f"No problems {need} {word} fit numbers from {options.low} to {options.high}: "
                                   "widen the range or allow any.")
        uses[(a, b)] = uses.get((a, b), 0) + 1
        last = (a, b)
        zeros_left -= a == 0 or b == 0
        answer = a + b if kind == "addition" else a - b if kind == "subtraction" else a * b
        problems.append(Problem(a, b, sign, answer))
    return problems


def draw(pdf: SheetPdf, options: SheetOptions, problems: list[Problem]) -> None:
    heading = pdf.label
    verb = {"addition": "Add", "subtraction": "Subtract", "multiplication": "Multiply"}[options.kind]
    number = 0
    for page_problems in pages_of(problems, COLS * ROWS):
        top = pdf.start_page(heading, f"{verb}. Write each answer under the line.")
        cells = grid_cells(MARGIN, top, pdf.content_w, pdf.body_bottom - top, COLS, ROWS)
        for problem, (x, y, w, h) in zip(page_problems, cells):
            number += 1
            _problem(pdf, number, problem, x, y, w)
    if options.answer_key:
        draw_key(pdf, heading, [p.text() for p in problems])


def _problem(pdf: SheetPdf, number: int, p: Problem, x: float, y: float, w: float) -> None:
    pdf.text_at(x + 2, y + 2, f"{number}.", 10)
    right = x + w - 8
    box_w = 30.0
    pdf.text_at(right - box_w, y + 6, str(p.a), 22, align="R", width=box_w)
    pdf.text_at(right - box_w - 8, y + 15, f"{p.sign} {p.b}", 22, align="R", width=box_w + 8)
    pdf.set_line_width(0.6)
    pdf.line(right - box_w - 6, y + 25.5, right, y + 25.5)


def draw_key(pdf: SheetPdf, heading: str, lines: list[str], cols: int = 4) -> None:
    """All answers as numbered lines in columns, on their own page(s)."""
    per_col = 25
    for page, chunk in enumerate(pages_of(lines, per_col * cols)):
        top = pdf.start_page(heading, key=True)
        col_w = pdf.content_w / cols
        start = page * per_col * cols
        for i, line in enumerate(chunk):
            col, row = divmod(i, per_col)
            pdf.text_at(MARGIN + col * col_w, top + row * 8.5, f"{start + i + 1}. {line}", 12)
