import re

import pytest

from learnsite.sheets import SheetOptionError
from learnsite.sheets import defaults
from learnsite.sheets import drills
from learnsite.sheets.drills import borrows, carries, plan, regroups_ones
from learnsite.sheets.layout import SheetPdf

from .support import key_pages, made, page_texts, student_pages

STUDENT = re.compile(r"(\d+)\.\n(\d+)\n([+−×]) (\d+)")  # in a column: the number, then the sum
ACROSS = re.compile(r"(\d+)\. (\d+) ([+−×÷]) (\d+) =")  # written across: "3 + 4 ="
KEY = re.compile(r"(\d+)\. (\d+) ([+−×÷]) (\d+) = (\d+)")
OPS = {"+": lambda a, b: a + b, "−": lambda a, b: a - b, "×": lambda a, b: a * b, "÷": lambda a, b: a // b}


@pytest.mark.parametrize("kind,low,high,carrying", [
    ("addition", 0, 10, "any"), ("addition", 10, 99, "none"), ("addition", 10, 99, "only"),
    ("subtraction", 0, 20, "any"), ("subtraction", 100, 999, "none"), ("subtraction", 10, 99, "only"),
    ("multiplication", 0, 12, "any"),
])
def test_every_problem_on_the_sheet_matches_a_right_answer_in_the_key(kind, low, high, carrying):
    sheet = made(kind=kind, seed=42, low=low, high=high, count=45, carrying=carrying)
    texts = page_texts(sheet)
    across = kind == "multiplication" or high <= drills.ACROSS_MAX
    shown = [m for t in student_pages(texts) for m in (ACROSS if across else STUDENT).findall(t)]
    keyed = [m for t in key_pages(texts) for m in KEY.findall(t)]
    assert len(shown) == len(keyed) == 45
    assert len(student_pages(texts)) == 3 and len(key_pages(texts)) == 1
    for (n, a, sign, b), (kn, ka, ksign, kb, answer) in zip(shown, keyed):
        assert (n, a, sign, b) == (kn, ka, ksign, kb)
        a, b, answer = int(a), int(b), int(answer)
        assert OPS[sign](a, b) == answer
        assert low <= a <= high and low <= b <= high
        if kind == "subtraction":
            assert answer >= 0
        regroups = carries(a, b) if kind == "addition" else borrows(a, b) if kind == "subtraction" else None
        if carrying == "none":
            assert not regroups
        if carrying == "only":  # from the ones column, where a child learns it (92 + 63 carries only from the tens)
            assert regroups and regroups_ones(kind, a, b), (a, sign, b)


def test_carry_and_borrow_rules():
    assert carries(5, 5) and carries(15, 6) and carries(91, 10) and not carries(12, 34) and not carries(0, 0)
    assert borrows(20, 1) and borrows(305, 7) and not borrows(58, 23) and not borrows(7, 7)
    assert regroups_ones("addition", 15, 6) and not regroups_ones("addition", 92, 63)
    assert regroups_ones("subtraction", 20, 1) and not regroups_ones("subtraction", 315, 92)


def test_impossible_carrying_is_refused_with_a_message():
    with pytest.raises(SheetOptionError, match="No problems with carrying"):
        made(kind="addition", low=0, high=4, carrying="only")
    # from the ones, 50 to 55 carries only in 55 + 55: not a sheet of twenty of it
    with pytest.raises(SheetOptionError, match="Only 1 problem with carrying fits numbers from 50 to 55"):
        made(kind="addition", low=50, high=55, carrying="only")


def test_answer_key_off_gives_no_key_page():
    texts = page_texts(made(kind="addition", count=20, answer_key=False))
    assert len(texts) == 1 and not key_pages(texts)


@pytest.mark.parametrize("kind,low,high,carrying", [
    ("addition", 0, 10, "any"), ("subtraction", 0, 20, "any"), ("multiplication", 0, 12, "any"),
    ("addition", 10, 99, "only"), ("subtraction", 10, 99, "only"),
])
def test_a_sheet_repeats_no_problem_while_the_range_has_new_ones(kind, low, high, carrying):
    for seed in range(5):
        problems = plan(defaults(kind, seed=seed, low=low, high=high, carrying=carrying, count=45))
        pairs = [(p.a, p.b) for p in problems]
        assert len(pairs) == 45 and len(set(pairs)) == 45


def test_a_small_range_still_fills_the_sheet_repeating_what_it_must():
    problems = plan(defaults("addition", seed=3, low=0, high=1, count=20))
    pairs = [(p.a, p.b) for p in problems]
    assert len(pairs) == 20 and set(pairs) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert all(p.answer == p.a + p.b for p in problems)


@pytest.mark.parametrize("kind,low,high", [("addition", 0, 3), ("addition", 0, 5), ("subtraction", 0, 10),
                                           ("multiplication", 0, 12)])
def test_at_most_one_problem_in_five_has_a_zero_in_it(kind, low, high):
    """0 + 2, 5 − 0 and 4 × 0 all practise one fact: a sheet of small numbers is not a third zeros."""
    for seed in range(30):
        for count in (20, 45):  # 45 from 0-3 goes through its problems again: the zeros stay capped
            problems = plan(defaults(kind, seed=seed, low=low, high=high, count=count))
            assert sum(p.a == 0 or p.b == 0 for p in problems) <= count // 5
            assert all(low <= p.a <= high and low <= p.b <= high for p in problems)


@pytest.mark.parametrize("low,high", [(2, 10), (7, 7), (1, 12)])
def test_a_division_drill_is_the_times_tables_read_backwards_and_its_key_is_right(low, high):
    """A 9-10 review: no division anywhere, and the Worksheet Maker had no way to make it."""
    sheet = made(kind="division", seed=9, low=low, high=high, count=40)
    texts = page_texts(sheet)
    shown = [m for t in student_pages(texts) for m in ACROSS.findall(t)]
    keyed = [m for t in key_pages(texts) for m in KEY.findall(t)]
    assert len(shown) == len(keyed) == 40 and "Divide. Write each answer on the line." in student_pages(texts)[0]
    for (n, a, sign, b), (kn, ka, ksign, kb, answer) in zip(shown, keyed):
        assert (n, a, sign, b) == (kn, ka, ksign, kb) and sign == "÷"
        a, b, answer = int(a), int(b), int(answer)
        assert answer * b == a and low <= b <= high and 1 <= answer <= 12
    pairs = [(int(a), int(b)) for _, a, _, b in shown]
    if high - low >= 8:
        assert len(set(pairs)) == 40  # a wide range: no fact twice
    for seed in range(20):  # ÷ 1 and 7 ÷ 7 teach no fact: capped as × 1 is
        problems = plan(defaults("division", seed=seed, low=low, high=high, count=20))
        assert sum(p.b == 1 or p.answer == 1 for p in problems) <= 4
        answers = [p.answer for p in problems]
        assert all(x != y for x, y in zip(answers, answers[1:]))


def test_a_division_drill_cannot_divide_by_zero():
    with pytest.raises(SheetOptionError):
        made(kind="division", low=0, high=5)


@pytest.mark.parametrize("low,high", [(1, 5), (0, 5), (1, 10)])
def test_a_times_table_sheet_is_not_full_of_times_one(low, high):
    """"Times tables 1 to 5" had 6 facts of × 1 in 20: as easy as × 0, and capped with it."""
    for seed in range(30):
        problems = plan(defaults("multiplication", seed=seed, low=low, high=high, count=20))
        assert sum(p.a in (0, 1) or p.b in (0, 1) for p in problems) <= 4
    assert any(p.a == 1 or p.b == 1 for seed in range(30)
               for p in plan(defaults("multiplication", seed=seed, low=1, high=5, count=20)))  # still some


@pytest.mark.parametrize("table", [2, 7, 12])
def test_one_times_table_is_its_facts_times_one_to_twelve_both_ways_round(table):
    """A teacher's most usual sheet, "the 7 times table": 7 to 7 gave 7 × 7 = 49 twenty times."""
    for seed in range(10):
        problems = plan(defaults("multiplication", seed=seed, low=table, high=table, count=20))
        pairs = [(p.a, p.b) for p in problems]
        assert len(set(pairs)) == 20  # 23 facts to choose from: none twice
        assert all(table in pair and max(pair) <= 12 and min(pair) >= 1 for pair in pairs)
        assert all(p.answer == p.a * p.b for p in problems)
        assert any(p.a == table for p in problems) and any(p.b == table and p.a != table for p in problems)
        assert sum(1 in pair for pair in pairs) <= 4  # × 1 stays capped


def test_one_times_tables_facts_come_either_way_round_down_each_column():
    """Its first numbers alternated (neighbours differ in it), so the sheet's left column was all 7 x 9, 7 x 5 ...
    and its right column all 12 x 7, 6 x 7 ...: a child could read one column's pattern, not the facts."""
    for seed in range(10):
        problems = plan(defaults("multiplication", seed=seed, low=7, high=7, count=20))
        for column in (problems[0::2], problems[1::2]):  # written across two to a row, numbered along the rows
            assert 0 < sum(p.a == 7 for p in column) < len(column), (seed, [p.text() for p in column])
        answers = [p.answer for p in problems]
        assert all(x != y for x, y in zip(answers, answers[1:]))


def test_a_range_of_times_tables_reaches_times_twelve():
    problems = [p for seed in range(10) for p in plan(defaults("multiplication", seed=seed, low=2, high=5, count=20))]
    assert all(2 <= p.a <= 5 or 2 <= p.b <= 5 for p in problems)
    assert {max(p.a, p.b) for p in problems} >= set(range(6, 13))


def test_the_harder_tables_are_mostly_harder_facts():
    """"Times tables 6 to 12" turned round every fact, 3 × 6 as well as 6 × 3: two facts in three had a 5 or less
    in them, facts of the easier tables. Only its own facts are turned round now."""
    problems = [p for seed in range(50) for p in plan(defaults("multiplication", seed=seed, low=6, high=12, count=40))]
    assert all(6 <= p.a <= 12 or 6 <= p.b <= 12 for p in problems)
    assert all(p.a >= 6 for p in problems)  # the table first, its times second: 6 × 3, never 3 × 6
    assert sum(min(p.a, p.b) <= 5 for p in problems) / len(problems) < 0.45


def test_a_range_of_zero_to_two_keeps_its_zeros():
    problems = plan(defaults("addition", seed=1, low=0, high=2, count=20))
    assert sum(p.a == 0 or p.b == 0 for p in problems) > 4  # 5 of its 9 sums have a zero: nothing else to practise


@pytest.mark.parametrize("kind,low,high,most", [("addition", 0, 3, 2), ("addition", 0, 2, 3), ("addition", 0, 1, 5),
                                                ("subtraction", 0, 3, 3)])
def test_a_small_range_spreads_its_repeats_and_never_prints_one_twice_in_a_row(kind, low, high, most):
    """20 problems from a handful: each repeat is the problem used least, never the one just before."""
    for seed in range(30):
        pairs = [(p.a, p.b) for p in plan(defaults(kind, seed=seed, low=low, high=high, count=20))]
        assert max(pairs.count(p) for p in pairs) <= most
        assert all(x != y for x, y in zip(pairs, pairs[1:]))


@pytest.mark.parametrize("kind,low,high,carrying,count", [
    ("subtraction", 0, 10, "any", 20), ("addition", 0, 10, "any", 20), ("multiplication", 2, 10, "any", 40),
    ("subtraction", 10, 99, "only", 20), ("addition", 10, 99, "only", 45), ("addition", 100, 999, "none", 40),
])
def test_drill_answers_and_first_numbers_vary(kind, low, high, carrying, count):
    """Not 63 − 28, 63 − 38, 63 − 48 in a row, nor a sheet of small take-aways with the answer 1 five times:
    neighbours differ in the answer and in the first number, an answer comes at most 3 times on a sheet of
    20 from 0-10, and a two- or three-digit first number at most twice."""
    for seed in range(30):
        problems = plan(defaults(kind, seed=seed, low=low, high=high, carrying=carrying, count=count))
        answers, firsts = [p.answer for p in problems], [p.a for p in problems]
        assert all(x != y for x, y in zip(answers, answers[1:])), (seed, answers)
        assert all(x != y for x, y in zip(firsts, firsts[1:])), (seed, firsts)
        if high == 10 and count == 20:
            assert max(answers.count(x) for x in answers) <= 3, (seed, answers)
        if low >= 10:
            assert max(firsts.count(x) for x in firsts) <= 2, (seed, firsts)


class _Placed(SheetPdf):
    """A sheet that notes where each text and line goes."""

    def __init__(self, options):
        super().__init__(options, "test")
        self.texts, self.lines = [], []

    def text_at(self, x, y, text, size, **kw):
        self.texts.append((y, text))
        super().text_at(x, y, text, size, **kw)

    def line(self, x1, y1, x2, y2):
        self.lines.append(y1)
        super().line(x1, y1, x2, y2)


@pytest.mark.parametrize("kind,low,high,carrying,room", [
    ("addition", 10, 99, "only", True), ("subtraction", 10, 99, "only", True), ("addition", 100, 999, "any", True),
    ("addition", 10, 99, "none", False), ("subtraction", 100, 999, "none", False),
])
def test_a_sum_to_carry_or_borrow_in_leaves_room_above_it_to_write_the_mark(kind, low, high, carrying, room):
    """A carried 1 or a borrowed ten is written above the top number: there were 5 mm for it, and 20 under the
    answer line."""
    options = defaults(kind, low=low, high=high, carrying=carrying, count=20, seed=3)
    pdf = _Placed(options)
    drills.draw(pdf, options, plan(options))
    first_label = next(y for y, text in pdf.texts if text == "1.")
    top_number = next(y for y, text in pdf.texts if text == str(plan(options)[0].a))
    answer_line = min(y for y in pdf.lines if y > top_number)
    cell_top = first_label - 2
    cell_bottom = cell_top + (pdf.body_bottom - cell_top) / drills.ROWS
    assert top_number - first_label == pytest.approx(10 if room else 4)  # a sum without stays where it was
    assert cell_bottom - answer_line >= 12  # the answer still has room under its line


@pytest.mark.parametrize("kind, low, high, across", [
    ("addition", 0, 3, True), ("subtraction", 0, 20, True), ("multiplication", 1, 12, True), ("division", 1, 12, True),
    ("addition", 0, 21, False), ("subtraction", 10, 99, False),
])
def test_small_sums_and_times_tables_are_written_across(kind, low, high, across):
    """A teacher: 4- to 6-year-olds learn sums as "1 + 2 = __", and times tables are said and written so;
    columns come with bigger numbers, to carry and borrow in."""
    texts = page_texts(made(kind=kind, seed=5, low=low, high=high, count=16))
    [page] = student_pages(texts)
    assert ("on the line." in page) == across and ("under the line." in page) == (not across)
    assert len(ACROSS.findall(page)) == (16 if across else 0)


@pytest.mark.parametrize("raw, heading", [
    (dict(kind="addition"), "Addition: numbers 0 to 10"),
    (dict(kind="addition", low=10, high=99, carrying="only"), "Addition with carrying: numbers 10 to 99"),
    (dict(kind="subtraction", low=10, high=99, carrying="none"), "Subtraction without borrowing: numbers 10 to 99"),
    (dict(kind="multiplication", low=2, high=10), "Times tables 2 to 10"),
    (dict(kind="multiplication", low=7, high=7), "The 7 times table"),
    (dict(kind="division", low=2, high=10), "Dividing by 2 to 10"),
    (dict(kind="division", low=7, high=7), "Dividing by 7"),
])
def test_a_drill_is_headed_with_what_it_practises(raw, heading):
    """Every drill was headed "Subtraction drill": a teacher with a pile of them could not tell them apart."""
    texts = page_texts(made(**raw))
    assert texts[0].startswith(heading + "\n") and texts[-1].startswith(f"Answer key: {heading}\n")
    assert f"Learnsite · {heading} · sheet 1 · page 1" in texts[0]


@pytest.mark.parametrize("n", range(6))
def test_a_number_is_drawn_as_a_dies_face(n):
    dots = drills.die_dots(n, 50.0, 10.0)
    assert len(set(dots)) == n
    half = drills.DOT_PITCH + drills.DOT_R  # the face's half width
    assert all(50 - half <= x <= 50 + half and 10 <= y <= 10 + 2 * half for x, y in dots)
    assert (n % 2 == 1) == ((50.0, 10.0 + drills.DOT_R + drills.DOT_PITCH) in dots)  # an odd face has its middle


def _drawn_dots(monkeypatch, **raw):
    """The made sheet, and every circle drawing it drew: (page, x, y)."""
    circles = []
    monkeypatch.setattr(SheetPdf, "circle", lambda self, x, y, r, style=None: circles.append((self.page_no(), x, y)))
    sheet = made(**raw)
    return sheet, circles


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("high", [3, 5])
def test_the_youngest_sums_show_each_number_as_dots_under_it(monkeypatch, high, paper):
    """A teacher: "Adding numbers 0 to 3" (ages 4-5) was twenty bare sums, and a child who cannot add yet could not
    start. Each number has its die face under it: a's dots left of b's, as many as the sum's numbers. In rows of
    10, on US Letter, a sum's dots stood nearer the sum below than their own (a teacher's review): now 8 rows, and
    at least 3 mm of paper under each sum's dots, the sum below 6 mm further down."""
    sheet, circles = _drawn_dots(monkeypatch, kind="addition", seed=3, low=0, high=high, count=16, paper=paper)
    [page] = student_pages(page_texts(sheet))
    assert "Count the dots if you need to." in page
    assert all(p == 1 for p, _, _ in circles)  # none on the answer key
    assert len(circles) == sum(p.a + p.b for p in sheet.plan)
    pdf = SheetPdf(sheet.options, "x")
    top = pdf.start_page("x", "Add.")
    cells = drills.grid_cells(drills.MARGIN, top, pdf.content_w, pdf.body_bottom - top, drills.ACROSS_COLS,
                              drills.PICTURED_ROWS)
    for problem, (x, y, w, h) in zip(sheet.plan, cells):
        inside = sorted(cx for _, cx, cy in circles if x <= cx < x + w and y <= cy < y + h)
        assert len(inside) == problem.a + problem.b
        assert all(cy + drills.DOT_R <= y + h - 3 for _, cx, cy in circles if x <= cx < x + w and y <= cy < y + h)
        if problem.a and problem.b:  # the widest gap parts a's face from b's
            gaps = [inside[i + 1] - inside[i] for i in range(len(inside) - 1)]
            assert gaps.index(max(gaps)) + 1 == problem.a


@pytest.mark.parametrize("raw", [dict(kind="addition", low=0, high=10), dict(kind="subtraction", low=0, high=5),
                                 dict(kind="multiplication", low=1, high=5)])
def test_bigger_sums_and_other_kinds_have_no_dots(monkeypatch, raw):
    sheet, circles = _drawn_dots(monkeypatch, seed=3, count=20, **raw)
    assert circles == []
    assert "Count the dots" not in student_pages(page_texts(sheet))[0]
