"""Addition, subtraction, multiplication and division drills, answer key on its own page.

Small sums and times tables are written across ("3 + 4 = ___", "56 ÷ 7 = ___"), as children first learn them;
bigger numbers stand in columns, ones under ones, to work out with carrying and borrowing. A division drill is the
times tables read backwards: its range is of tables, as a multiplication drill's is. The youngest's sums (adding
numbers up to 5) show each number as a die's dots under it, so a child who cannot yet add counts them.
"""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.layout import FONT, INK, MARGIN, SheetPdf, grid_cells, pages_of, rng_for
from learnsite.sheets.options import SheetOptionError, SheetOptions
from learnsite.variety import picked, varied

SIGNS = {"addition": "+", "subtraction": "−", "multiplication": "×", "division": "÷"}
TABLES = ("multiplication", "division")  # kinds whose range is of times tables
COLS, ROWS = 4, 5
ACROSS_COLS, ACROSS_ROWS = 2, 10  # the same 20 a page, each a line wide
# with dots under each sum, 16 a page: in rows of 10 a sum's dots stood as near the sum below as their own (US
# Letter, a teacher's review), and a 4-year-old counted the wrong row's
PICTURED_ROWS = 8
ACROSS_MAX = 20  # a sheet of numbers up to this is written across (and every times-table sheet)
TRIES = 4000  # draws for a wide range's problems
ENUMERATE = 2000  # a range with at most this many pairs of numbers (0-43) lists them all
SAMPLE = 100  # a wide range's problems to choose a sheet from (at least 5 per problem on it)
FEWEST = 4  # problems a carrying or borrowing rule must leave to fill a sheet with
ZERO_SHARE = 5  # at most one problem in 5 has a 0 in it (0 + 3, 6 − 0, 4 × 0) when the range has other numbers
TIMES = range(1, 13)  # a times table's facts: × 1 to × 12


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


def regroups_ones(kind: str, a: int, b: int) -> bool:
    """The ones column carries into the tens (8 + 5) or borrows from them (12 − 5): where a child learns to
    regroup. 92 + 63 carries only from the tens, and taught as "with carrying" it is a sum without."""
    return a % 10 + b % 10 >= 10 if kind == "addition" else a % 10 < b % 10


def _fits(kind: str, a: int, b: int, carrying: str) -> bool:
    if kind in TABLES or carrying == "any":
        return True
    if carrying == "only":
        return regroups_ones(kind, a, b)
    return not (carries(a, b) if kind == "addition" else borrows(a, b))


def _zero_cap(options: SheetOptions) -> int:
    """How many problems of the sheet may have a 0 in them. A small range (0 to 3) would otherwise fill a third of
    a sheet with 0 + 0, 0 + 2 and 3 + 0, which all teach one fact; below 3 (0 to 2) the zeros are half of what
    there is to practise, and stay. In a times table × 1 is as easy as × 0, and capped with it ("Times tables 1 to 5"
    had 6 × 1 facts in 20); every times table has its × 1."""
    if options.kind not in TABLES and (options.low > 0 or options.high < 3):
        return options.count
    return zero_share(options.count)


def _easiest(kind: str) -> int:
    """The largest number that makes a problem practise no more than one fact: 0 (0 + 3, 6 − 0, 4 × 0), or in a
    times table 1."""
    return 1 if kind in TABLES else 0


def _easy(kind: str, pair: tuple[int, int]) -> bool:
    if kind == "division":  # 7 ÷ 1 and 7 ÷ 7: the divisor or the answer is 1
        return pair[1] == 1 or pair[0] == pair[1]
    return min(pair) <= _easiest(kind)


def zero_share(count: int) -> int:
    """The most of `count` problems that may have a 0 in them, where a range is wide enough to cap them."""
    return max(1, count // ZERO_SHARE)


def _answer(kind: str, a: int, b: int) -> int:
    if kind == "division":
        return a // b
    return a + b if kind == "addition" else a - b if kind == "subtraction" else a * b


def _candidates(rng, options: SheetOptions) -> list[tuple[int, int]]:
    """The problems that fit the sheet: every one of a small range; of a wide one (10-99 has 8,100), as many
    different ones as SAMPLE problems a sheet could use, drawn at random."""
    kind, low, high = options.kind, options.low, options.high
    if kind == "multiplication":
        # the range is of times tables: 7 to 7 is 7 × 1 to 7 × 12, both ways round (it was 7 × 7, twenty times)
        facts = {(table, times) for table in range(low, high + 1) for times in TIMES}
        # a range of tables turns round only its own facts: 3 × 6 belongs to the 3 times table, and "6 to 12" was
        # two facts in three with a 5 or less in them; a single table is practised both ways round
        return sorted(facts | {(b, a) for a, b in facts if b >= low or low == high})
    if kind == "division":  # 7 to 7 divides by 7: 7 ÷ 7 to 84 ÷ 7
        return sorted((table * times, table) for table in range(max(low, 1), high + 1) for times in TIMES)
    if (high - low + 1) ** 2 <= ENUMERATE:
        pairs = [(a, b) for a in range(low, high + 1) for b in range(low, (a if kind == "subtraction" else high) + 1)]
        return [(a, b) for a, b in pairs if _fits(kind, a, b, options.carrying)]
    found: set[tuple[int, int]] = set()
    want = max(SAMPLE, 5 * options.count)
    for _ in range(TRIES):
        a, b = rng.randint(low, high), rng.randint(low, high)
        if kind == "subtraction" and a < b:
            a, b = b, a
        if _fits(kind, a, b, options.carrying):
            found.add((a, b))
            if len(found) >= want:
                break
    return sorted(found)


def plan(options: SheetOptions) -> list[Problem]:
    """options.count problems, none twice while the range has new ones (a small range goes through them again).
    The answers come up about as often as one another (not "Taking away within 10" with five answers of 1), then
    the first numbers; neighbours differ in both where they can (not 63 − 28, 63 − 38, 63 − 48 in a row)."""
    rng = rng_for(options)
    kind, sign = options.kind, SIGNS[options.kind]
    pool = _candidates(rng, options)
    # a rule that leaves a handful of problems would fill the sheet with them (50 to 55 carries only in 55 + 55)
    if options.carrying != "any" and len(pool) < min(options.count, FEWEST):
        word = "carrying" if kind == "addition" else "borrowing"
        need = "with" if options.carrying == "only" else "without"
        how_many = "No problems" if not pool else f"Only {len(pool)} problem{'s' if len(pool) > 1 else ''}"
        fit = "fits" if len(pool) == 1 else "fit"
        raise SheetOptionError(f"{how_many} {need} {word} {fit} numbers from {options.low} to {options.high}: "
                               "widen the range or allow any.", "carrying")
    cap = _zero_cap(options)
    easy = [pair for pair in pool if _easy(kind, pair)]
    plain = [pair for pair in pool if not _easy(kind, pair)]
    # neighbours differ in their answer, then in each number: in one times table every fact has the table in it, so
    # its first numbers alternated, 7 x 9 down one column and 12 x 7 down the other; its facts come either way round
    numbers = () if kind in TABLES and options.low == options.high else (lambda p: p[0], lambda p: p[1])
    pairs: list[tuple[int, int]] = []
    while len(pairs) < options.count:
        easy_left = max(0, cap - sum(_easy(kind, pair) for pair in pairs))
        choice = plain + picked(rng, easy, easy_left) if plain else easy
        n = min(options.count - len(pairs), len(choice))
        pairs += varied(rng, choice, n, lambda p: _answer(kind, *p), *numbers, after=pairs[-1] if pairs else None)
    return [Problem(a, b, sign, _answer(kind, a, b)) for a, b in pairs]


def heading(options: SheetOptions) -> str:
    """What the sheet practises, so a pile of printed drills can be told apart."""
    low, high = options.low, options.high
    if options.kind == "multiplication":
        return f"The {low} times table" if low == high else f"Times tables {low} to {high}"
    if options.kind == "division":
        return f"Dividing by {low}" if low == high else f"Dividing by {low} to {high}"
    name, rule = ("Addition", "carrying") if options.kind == "addition" else ("Subtraction", "borrowing")
    kept = {"only": f" with {rule}", "none": f" without {rule}"}.get(options.carrying, "")
    return f"{name}{kept}: numbers {low} to {high}"


def written_across(options: SheetOptions) -> bool:
    """From the options, not the problems drawn: the same options give the same layout whatever the seed."""
    return options.kind in TABLES or options.high <= ACROSS_MAX


PICTURED_MAX = 5  # an addition sheet of numbers up to this draws each number as dots (a die shows up to 6)
# (column, row) in a 3 x 3 grid: the faces of a die, which a child learns to know at a glance
DIE = {0: (), 1: ((1, 1),), 2: ((2, 0), (0, 2)), 3: ((2, 0), (1, 1), (0, 2)),
       4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2))}
DOT_R, DOT_PITCH = 1.25, 3.3  # mm: a face 9.1 mm across, narrower than the gap between a sum's two numbers
PICTURED_LIFT = 5.3  # mm the sum stands higher in its cell: the sum, its line and its dots centred in the cell


def pictured(options: SheetOptions) -> bool:
    """The sheet draws its numbers as dots too: from the options, as the layout is (0 to 3 for ages 4-5 was
    twenty bare sums, which a child who cannot add yet cannot start on)."""
    return options.kind == "addition" and options.high <= PICTURED_MAX


def die_dots(n: int, cx: float, top: float) -> list[tuple[float, float]]:
    """The centres of n's dots, as on a die, in a face centred on cx whose top edge is at `top` (0 has none)."""
    return [(cx + (col - 1) * DOT_PITCH, top + DOT_R + row * DOT_PITCH) for col, row in DIE[n]]


def draw(pdf: SheetPdf, options: SheetOptions, problems: list[Problem]) -> None:
    heading = pdf.label
    verb = {"addition": "Add", "subtraction": "Subtract", "multiplication": "Multiply",
            "division": "Divide"}[options.kind]
    number = 0
    across = written_across(options)  # one layout for the whole sheet
    dots = pictured(options)
    cols, rows = (ACROSS_COLS, PICTURED_ROWS if dots else ACROSS_ROWS) if across else (COLS, ROWS)
    room = marks_room(options.kind, problems)
    sum_w = _sums_width(pdf, problems) if across else 0.0
    for page_problems in pages_of(problems, cols * rows):
        where = "on the line" if across else "under the line"
        help_ = " Count the dots if you need to." if dots else ""
        top = pdf.start_page(heading, f"{verb}.{help_} Write each answer {where}.")
        cells = grid_cells(MARGIN, top, pdf.content_w, pdf.body_bottom - top, cols, rows)
        for problem, (x, y, w, h) in zip(page_problems, cells):
            number += 1
            if across:
                _problem_across(pdf, number, problem, x, y, w, h, sum_w, dots)
            else:
                _problem(pdf, number, problem, x, y, w, room)
    if options.answer_key:
        draw_key(pdf, heading, [p.text() for p in problems])


CARRY_ROOM = 6.0  # mm


def marks_room(kind: str, problems: list[Problem]) -> float:
    """How far a sheet's sums stand lower in their boxes, to leave room above for a carried 1 or a borrowed ten
    (there were 5 mm, and 20 under the answer line)."""
    if kind in TABLES:
        return 0.0
    regroups = carries if kind == "addition" else borrows
    return CARRY_ROOM if any(p.a >= 10 and regroups(p.a, p.b) for p in problems) else 0.0


def _problem(pdf: SheetPdf, number: int, p: Problem, x: float, y: float, w: float, room: float = 0.0) -> None:
    pdf.text_at(x + 2, y + 2, f"{number}.", 10)
    right = x + w - 8
    box_w = 30.0
    pdf.text_at(right - box_w, y + room + 6, str(p.a), 22, align="R", width=box_w)
    pdf.text_at(right - box_w - 8, y + room + 15, f"{p.sign} {p.b}", 22, align="R", width=box_w + 8)
    pdf.set_line_width(0.6)
    pdf.line(right - box_w - 6, y + room + 25.5, right, y + room + 25.5)


ACROSS_SIZE = 22  # pt


def _sum(p: Problem) -> str:
    return f"{p.a} {p.sign} {p.b} ="


def _sums_width(pdf: SheetPdf, problems: list[Problem]) -> float:
    """The widest "a + b =" of the sheet: the sums' right edge, for the "=" signs to line up down the page."""
    pdf.set_font(FONT, "", ACROSS_SIZE)
    return max((pdf.get_string_width(_sum(p)) for p in problems), default=0) + 1


def _problem_across(pdf: SheetPdf, number: int, p: Problem, x: float, y: float, w: float, h: float,
                    sum_w: float, dots: bool = False) -> None:
    """ "3 + 4 = ____" on one line, the answer line as long as the cell leaves; with `dots`, each number's dots
    under it."""
    middle = y + h / 2 - (PICTURED_LIFT if dots else 0.0)
    pdf.text_at(x + 2, middle - 2.5, f"{number}.", 10)
    pdf.text_at(x + 12, middle - 4.5, _sum(p), ACROSS_SIZE, align="R", width=sum_w)
    pdf.set_line_width(0.6)
    pdf.line(x + 12 + sum_w + 3, middle + 4, x + w - 8, middle + 4)
    if dots:
        _dots_under(pdf, p, x + 12 + sum_w - pdf.c_margin, middle + 6.0)


def _dots_under(pdf: SheetPdf, p: Problem, right: float, top: float) -> None:
    """Each number's die face centred under it; the sum "a + b =" ends at `right`."""
    left = right - pdf.get_string_width(_sum(p))  # the font is still the sum's
    a_mid = left + pdf.get_string_width(str(p.a)) / 2
    b_mid = left + pdf.get_string_width(f"{p.a} {p.sign} ") + pdf.get_string_width(str(p.b)) / 2
    pdf.set_fill_color(*INK)
    for cx, cy in die_dots(p.a, a_mid, top) + die_dots(p.b, b_mid, top):
        pdf.circle(cx, cy, DOT_R, style="F")


KEY_SIZE, KEY_GAP = 12, 4.0  # pt, mm between a line and the next column


def draw_key(pdf: SheetPdf, heading: str, lines: list[str], cols: int = 4, note: str = "") -> None:
    """All answers as numbered lines in columns, on their own page(s): as many columns (up to `cols`) as the
    longest line leaves room for ("10. 955 + 474 = 1429" ran into "35." of the column beside it). `note`, under
    each page's heading, says how to read the lines."""
    per_col = 25
    numbered = [f"{i + 1}. {line}" for i, line in enumerate(lines)]
    pdf.set_font(FONT, "", KEY_SIZE)
    widest = max((pdf.get_string_width(line) for line in numbered), default=0)
    cols = max(1, min(cols, int((pdf.content_w + KEY_GAP) // (widest + KEY_GAP))))
    col_w = pdf.content_w / cols
    for chunk in pages_of(numbered, per_col * cols):
        top = pdf.start_page(heading, note, key=True)
        for i, line in enumerate(chunk):
            col, row = divmod(i, per_col)
            pdf.text_at(MARGIN + col * col_w, top + row * 8.5, line, KEY_SIZE)
