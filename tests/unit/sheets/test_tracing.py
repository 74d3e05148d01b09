import io
import math
import string

import pytest
from fpdf.enums import StrokeJoinStyle
from pypdf import PdfReader

from learnsite.sheets.layout import GREY, MARGIN, SheetPdf
from learnsite.sheets.options import defaults
from learnsite.sheets.strokes import DIGITS, GLYPHS, LOWER, UPPER
from learnsite.sheets.arrows import (ARROW, ARROW_GAP, CLEAR, DOT_GAP, SHAFT, _arrow_points, _distance, arrow_places,
                                     shaft)
from learnsite.sheets import tracing
from learnsite.sheets.dots import DISC_SPACE, DOT_SPACE
from learnsite.sheets.tracing import (LEAD, ROW_PITCH, SMALL, TALL, UNIT, _model_arrows, _row, _strokes,
                                      copy_starts, dotting, letters, model_dots, pen_downs)

from .support import made, page_texts


def test_every_letter_and_digit_has_strokes_inside_the_guides():
    assert set(UPPER) == set(string.ascii_uppercase)
    assert set(LOWER) == set(string.ascii_lowercase)
    assert set(DIGITS) == set(string.digits)
    for ch, strokes in GLYPHS.items():
        assert strokes, ch
        for stroke in strokes:
            for x, y in stroke:
                assert -0.01 <= x <= 2.0, ch
                top = 0 if ch in UPPER or ch in DIGITS else -0.01
                bottom = 2.01 if ch not in "gjpqy" else 2.85
                assert top - 0.01 <= y <= bottom, (ch, y)


@pytest.mark.parametrize("case,rows,heading", [
    ("upper", ["A", "B", "C"], "Trace the letters A to C"),
    ("lower", ["a", "b", "c"], "Trace the letters a to c"),
    ("both", ["A", "a", "B", "b", "C", "c"], "Trace the letters Aa to Cc"),
])
def test_letter_rows_follow_the_case(case, rows, heading):
    sheet = made(kind="letter-tracing", low=1, high=3, case=case)
    assert sheet.plan == rows
    text = page_texts(sheet)[0]
    assert heading in text and "Start at the big dot" in text


def test_all_letters_fit_on_pages_and_have_no_answer_key():
    sheet = made(kind="letter-tracing", low=1, high=26, case="both", answer_key=True)
    texts = page_texts(sheet)
    assert len(sheet.plan) == 52 and sheet.pages == 8
    assert not any(t.startswith("Answer key") for t in texts)


def test_number_tracing_rows():
    sheet = made(kind="number-tracing", low=8, high=12)
    assert sheet.plan == ["8", "9", "10", "11", "12"]
    assert "Trace the numbers 8 to 12" in page_texts(sheet)[0]


def test_one_number_is_named_as_one():
    """"Trace the numbers 20 to 20" read oddly where letters already said "Trace the letter A"."""
    assert "Trace the number 20\n" in page_texts(made(kind="number-tracing", low=20, high=20))[0]
    assert "Trace the numbers" not in page_texts(made(kind="number-tracing", low=0, high=0))[0]


def test_the_solid_model_has_round_corners():
    """A mitred corner of the thick model stroke poked 2 mm past the guide lines (M's top, the foot of N, V, W):
    the model is drawn in a graphics state with round joins (/LJ 1), the only one the sheet uses."""
    sheet = made(kind="letter-tracing", low=13, high=14, case="upper")
    states = [s["/LJ"] for s in PdfReader(io.BytesIO(sheet.pdf)).pages[0]["/Resources"]["/ExtGState"].values()
              if "/LJ" in s.get_object()]
    assert states == [1]


def test_a_number_s_copies_stand_further_apart_than_its_digits():
    """"17 17 17" with the space between copies hardly wider than between 1 and 7 read "171717"."""
    for text in [str(n) for n in range(10, 21)]:
        starts = copy_starts(text, MARGIN, 195.0)
        ends = [max(x for stroke in _strokes(text, start, 0) for x, _ in stroke) for start in starts]
        between = min(b - e for e, b in zip(ends, starts[1:]))
        first = [x for stroke in _strokes(text[0], starts[0], 0) for x, _ in stroke]
        second = [x for stroke in _strokes(text, starts[0], 0)[len(GLYPHS[text[0]]):] for x, _ in stroke]
        inside = min(second) - max(first)
        assert len(starts) >= 4 and between >= 2 * inside, (text, between, inside)


@pytest.mark.parametrize("text", sorted(GLYPHS) + [str(n) for n in range(10, 21)])
def test_the_models_arrows_stand_clear_beside_their_strokes(text):
    """An arrow on a stroke's ink read as part of the letter (on A's crossbar, N's slant, m's arch), and two on
    one spot made a blot: each arrowhead stands beside its own stroke, points the way it is written, keeps clear
    of every stroke of the model and the copy beside it and of the other arrows, and stays on its row."""
    model = _strokes(text, MARGIN + LEAD, 0)
    near = model + _strokes(text, copy_starts(text, MARGIN, 200)[1], 0)
    dots = model_dots(text, model)
    arrows = arrow_places(model, near, MARGIN, -(ROW_PITCH - 2.85 * UNIT), letters(text, model), dots)
    drawn = [(x + MARGIN, y, angle, length) for x, y, angle, length in _model_arrows(text)]
    assert [v for arrow in arrows for v in arrow] == pytest.approx([v for arrow in drawn for v in arrow])  # as drawn
    lines = [s for s in model if len(s) > 1]
    assert len(arrows) == len(lines)
    heads = [_arrow_points((x, y), angle, length) for x, y, angle, length in arrows]
    for i, ((x, y, angle, _), head, stroke) in enumerate(zip(arrows, heads, lines)):
        beside = min(_distance((x, y), a, b) for a, b in zip(stroke, stroke[1:]))
        assert beside <= ARROW + 0.01, (text, i)  # less where the stroke bends back towards it
        ways = [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in zip(stroke, stroke[1:]) if a != b]
        assert min(abs(math.remainder(angle - w, math.tau)) for w in ways) < 0.01, (text, i)
        assert min(_distance(p, a, b) for p in head for s in near for a, b in zip(s, s[1:])) >= CLEAR, (text, i)
        assert all(math.dist(p, centre) >= radius + DOT_GAP for p in head for centre, radius in dots), (text, i)
        for other in heads[:i] + heads[i + 1:]:
            assert min(_distance(p, a, b) for p in head for a, b in zip(other, other[1:] + other[:1])) >= ARROW_GAP
        assert min(px for px, _ in head) >= MARGIN, (text, i)
        # between the row above's descenders (g, j, p, q, y) and its own descender line
        assert -(ROW_PITCH - 2.85 * UNIT) < min(py for _, py in head) < max(py for _, py in head) < 2.85 * UNIT


class _Recording(SheetPdf):
    """A sheet that notes each line's colour and each filled dot, as a printer would lay them down."""

    def __init__(self):
        super().__init__(defaults("letter-tracing"), "test")
        self.lines, self.dots, self.dotted, self.contexts = [], [], [], []
        self.add_page()

    def local_context(self, **kwargs):
        self.contexts.append(kwargs)
        return super().local_context(**kwargs)

    def polyline(self, point_list, *args, **kwargs):
        if self.dash_pattern["dash"]:  # a stroke dotted by a dash pattern: a dot each pitch along it
            pattern = self.dash_pattern
            self.dotted += [(x, y, self.line_width, self.draw_color.colors)
                            for x, y in _dots_along(list(point_list), pattern["dash"] + pattern["gap"])]
        super().polyline(point_list, *args, **kwargs)

    def line(self, x1, y1, x2, y2):
        if math.dist((x1, y1), (x2, y2)) < 0.1:  # a dot: a dash too short to see, with round ends
            self.dotted.append(((x1 + x2) / 2, (y1 + y2) / 2, self.line_width, self.draw_color.colors))
        else:
            self.lines.append(((x1, y1, x2, y2), self.draw_color.colors))
        super().line(x1, y1, x2, y2)

    def circle(self, x, y, radius, style=None):
        self.dots.append((x, y, radius))
        super().circle(x, y, radius, style=style)


@pytest.mark.parametrize("text", ["E", "Z", "T", "t", "7"])
def test_the_guides_are_lighter_than_the_dotted_letter_lying_on_them(text):
    """In black, the guides hid every stroke drawn along one: E's arms, Z's top and base, T's bar, 7's top."""
    pdf = _Recording()
    _row(pdf, text, 40)
    guides = [colour for (x1, y1, x2, y2), colour in pdf.lines if y1 == y2 and x2 - x1 >= pdf.content_w - 0.01]
    assert len(guides) == 3
    dot_grey = GREY[0] / 255
    assert all(min(colour) >= dot_grey + 0.2 for colour in guides), guides


@pytest.mark.parametrize("text", ["A", "E", "B", "m", "i", "17"])
def test_each_letter_starts_at_its_one_big_dot(text):
    """"Start at the big dot": E's three strokes had three equal dots, and the model's dot hid under its stroke."""
    pdf = _Recording()
    _row(pdf, text, 40)
    starts = copy_starts(text, MARGIN, MARGIN + pdf.content_w)
    per_text = sum(pen_downs(text))  # a dot for each stroke the pencil is put down for (and i's dot)
    model, copies = pdf.dots[:per_text], pdf.dots[per_text:]  # the model's dots come first
    assert len(copies) == per_text * (len(starts) - 1)

    def begins(x: float) -> list[tuple[float, float]]:  # where each character's first stroke begins
        return sorted(_strokes(ch, x + offset, 40)[0][0] for ch, offset in zip(text, _offsets(text)))

    dot_width = max(width for *_, width, colour in pdf.dotted if colour != (1, 1, 1))
    for dots, xs, ink in ((model, starts[:1], 1.4), (copies, starts[1:], dot_width)):
        big = max(r for _, _, r in dots)
        assert sorted((x, y) for x, y, r in dots if r == big) == sorted(p for x in xs for p in begins(x))
        assert big >= ink / 2 + 0.5  # well wider than the model's 1.4 mm stroke, or than the copy's dots
        assert all(r <= big - 0.3 for _, _, r in dots if r != big)  # the rest plainly smaller


def _offsets(text: str) -> list[float]:
    """Each character's x offset within text, as _strokes places it."""
    first = [_strokes(ch, 0, 0)[0][0][0] for ch in text]
    whole = _strokes(text, 0, 0)
    at, out = 0, []
    for ch, own in zip(text, first):
        out.append(whole[at][0][0] - own)
        at += len(GLYPHS[ch])
    return out


def _rows_drawn(monkeypatch, **raw) -> list[list[tuple[str, bool, float]]]:
    """Each page's rows as the sheet lays them down: (text, own turn, top), with the page's body bottom last."""
    pages: list[list] = []

    def noting(pdf, text, y, own_turn=False):
        if not pages or pages[-1][0] != pdf.page_no():
            pages.append((pdf.page_no(), pdf.body_bottom, []))
        pages[-1][2].append((text, own_turn, y))

    monkeypatch.setattr(tracing, "_row", noting)
    made(**raw)
    return [(bottom, rows) for _, bottom, rows in pages]


def test_a_last_page_ends_in_own_turn_rows_taken_from_the_whole_sheet(monkeypatch):
    """A band of blank paper stood under the last letters; a teacher gets "your turn" rows there instead."""
    pages = _rows_drawn(monkeypatch, kind="number-tracing", low=0, high=9)
    assert [len(rows) for _, rows in pages] == [7, 7]
    assert [(t, own) for t, own, _ in pages[0][1]] == [(str(n), False) for n in range(7)]
    assert [(t, own) for t, own, _ in pages[1][1]] == [("7", False), ("8", False), ("9", False),
                                                       ("0", True), ("2", True), ("5", True), ("7", True)]


@pytest.mark.parametrize("paper,name_line", [("A4", True), ("Letter", True), ("A4", False)])
@pytest.mark.parametrize("low,high", [(7, 7), (7, 8), (1, 3)])
def test_a_sheet_of_a_few_letters_fills_its_page_with_copies_and_a_turn_of_its_own_for_each(monkeypatch, low, high,
                                                                                           paper, name_line):
    """The teacher's reviews: a sheet of one letter was one row of copies, then six "your turn" rows; on a sheet of
    two or three only the first letter had a "your turn" row. Each letter now has its rows of copies, as many as
    each other letter, then its own "your turn" row; a row left over is one more "your turn" row."""
    pages = _rows_drawn(monkeypatch, kind="letter-tracing", low=low, high=high, case="lower", paper=paper,
                        name_line=name_line)
    assert len(pages) == 1
    rows = [(t, own) for t, own, _ in pages[0][1]]
    letters = [string.ascii_lowercase[i - 1] for i in range(low, high + 1)]
    each = (len(rows) - len(letters)) // len(letters)
    grouped = [(t, own) for t in letters for own in [False] * each + [True]]
    assert each >= 1 and rows[:len(grouped)] == grouped
    assert all(own for _, own in rows[len(grouped):]) and len(rows) - len(grouped) < len(letters)
    assert {t for t, own in rows if own} == set(letters)


def test_a_sheet_of_one_letter_has_six_rows_of_copies_and_a_your_turn_row(monkeypatch):
    one = _rows_drawn(monkeypatch, kind="letter-tracing", low=7, high=7, case="lower")
    assert [(t, own) for t, own, _ in one[0][1]] == [("g", False)] * 6 + [("g", True)]
    numbers = _rows_drawn(monkeypatch, kind="number-tracing", low=10, high=12)
    assert [(t, own) for t, own, _ in numbers[0][1]] == [("10", False), ("10", True), ("11", False), ("11", True),
                                                          ("12", False), ("12", True), ("10", True)]
    two = _rows_drawn(monkeypatch, kind="letter-tracing", low=1, high=1, case="both")
    assert [(t, own) for t, own, _ in two[0][1]] == [("A", False), ("A", False), ("A", True),
                                                      ("a", False), ("a", False), ("a", True), ("A", True)]


def test_a_full_page_shares_its_height_between_its_rows(monkeypatch):
    """35 mm stood blank under a full page's last row: the rows now spread over the page, each row still whole."""
    for bottom, rows in _rows_drawn(monkeypatch, kind="letter-tracing", low=1, high=26, case="both"):
        tops = [y for _, _, y in rows]
        pitches = {round(b - a, 6) for a, b in zip(tops, tops[1:])}
        assert len(pitches) == 1 and ROW_PITCH <= pitches.pop() <= 1.25 * ROW_PITCH
        assert bottom - ROW_PITCH < tops[-1] + 2.85 * UNIT <= bottom  # the last row's descenders on the page


def test_an_own_turn_row_has_one_copy_to_trace():
    pdf = _Recording()
    _row(pdf, "B", 40, own_turn=True)
    assert len(pdf.dots) == 2 * sum(pen_downs("B")) == 2  # the model's start dot and one copy's


def _dots_along(pts: list[tuple[float, float]], pitch: float) -> list[tuple[float, float]]:
    """Where a dash-patterned stroke's dots fall: one each pitch along it from its start, as the printer dashes it."""
    out, travelled = [], 0.0
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        k = math.ceil(travelled / pitch - 1e-9)
        while seg and k * pitch <= travelled + seg + 1e-9:
            t = (k * pitch - travelled) / seg
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            k += 1
        travelled += seg
    return out


WHITE = (1, 1, 1)
GUIDES = (40, 40 + UNIT, 40 + 2 * UNIT)  # the guide lines of the row _first_copy draws


def _first_copy(text: str) -> tuple[list, list, list, list]:
    """A row of text drawn on a recording sheet, and its first dotted copy: its strokes, its dots (x, y, width), the
    white dots drawn under them (x, y, width) and its start dots (x, y, radius)."""
    pdf = _Recording()
    _row(pdf, text, 40)
    starts = copy_starts(text, MARGIN, MARGIN + pdf.content_w)
    left, right = starts[1] - 3, starts[2] - 3
    dots = [(x, y, width) for x, y, width, colour in pdf.dotted if left <= x < right and colour != WHITE]
    rings = [(x, y, width) for x, y, width, colour in pdf.dotted if left <= x < right and colour == WHITE]
    discs = [(x, y, r) for x, y, r in pdf.dots[sum(pen_downs(text)):] if left <= x < right]
    return [s for s in _strokes(text, starts[1], 40) if len(s) > 1], dots, rings, discs


def _marked(p: tuple[float, float], dots: list, discs: list) -> bool:
    """Whether a dot stands on p, or a start dot covers it."""
    return any(math.dist(p, d[:2]) < 0.1 for d in dots) or any(math.dist(p, d[:2]) < d[2] for d in discs)


def _on(dot: tuple, stroke: list[tuple[float, float]]) -> bool:
    return min(_distance(dot[:2], a, b) for a, b in zip(stroke, stroke[1:])) < 0.1


@pytest.mark.parametrize("text", list(string.ascii_lowercase))
def test_a_small_letter_s_dotted_copy_reads_as_its_letter(text):
    """On lowercase n-z each dotted r was a 3 mm start dot, a small dot and two or three grey dots 2.1 mm apart,
    and x, z, k, w, n were as thin: a small letter is dotted at most 1.4 mm apart, from its start to its very end,
    under a start dot no wider than 2.2 mm, and its dots still stand apart (a guide to trace, not a line)."""
    strokes, dots, _, discs = _first_copy(text)
    assert max(r for _, _, r in discs) <= 1.1
    assert SMALL.pitch <= 1.4 and SMALL.pitch - SMALL.ink >= 0.3 and SMALL.guide_pitch - SMALL.guide_ink >= 0.3
    assert max(w for _, _, w in dots) <= SMALL.ink
    for pts in strokes:
        assert _marked(pts[-1], dots, discs), text


@pytest.mark.parametrize("text", sorted(UPPER) + sorted(DIGITS))
def test_a_tall_character_s_dotted_copy_ends_where_its_stroke_ends(text):
    """At a fixed 2.1 mm the last dot fell up to 2 mm short of a stroke's end (T's bar, the foot of L): the dots
    are spaced about as far apart as before (closer along a guide line), with a dot or a start dot on each end."""
    strokes, dots, _, discs = _first_copy(text)
    for pitch, ink in ((TALL.pitch, TALL.ink), (TALL.guide_pitch, TALL.guide_ink)):
        assert 1.5 <= pitch <= 2.5 and pitch - ink >= 0.25
    for pts in strokes:
        assert _marked(pts[0], dots, discs) and _marked(pts[-1], dots, discs), text


DOTTED = sorted(GLYPHS) + ["17"]


@pytest.mark.parametrize("text", DOTTED)
def test_no_dot_of_a_copy_crowds_another_or_a_start_dot(text):
    """At v's and W's sharp feet two dots nearly touched, three clumped where I's stem meets its base, and dots sat
    half under the start dots (of I's and T's bars, of A's legs): every dot of a copy has DOT_SPACE of paper round
    it to the next dot, and DISC_SPACE to every start dot."""
    _, dots, _, discs = _first_copy(text)
    for i, (x, y, w) in enumerate(dots):
        for x2, y2, w2 in dots[i + 1:]:
            assert math.dist((x, y), (x2, y2)) - (w + w2) / 2 >= DOT_SPACE - 0.02, (text, (x, y), (x2, y2))
        for cx, cy, r in discs:
            assert math.dist((x, y), (cx, cy)) - w / 2 - r >= DISC_SPACE - 0.02, (text, (x, y), (cx, cy))


@pytest.mark.parametrize("text", DOTTED)
def test_a_copy_s_dots_mark_its_whole_path(text):
    """Dots kept apart must not leave the way unmarked: every point of every stroke is within 0.8 of a pitch of a
    dot or under a start dot (evenly spaced dots leave half a pitch; round a start dot or a corner a little more)."""
    strokes, dots, _, discs = _first_copy(text)
    pitch = dotting(text).pitch
    for pts in strokes:
        for a, b in zip(pts, pts[1:]):
            for t in (i / 20 for i in range(21)):
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                hole = min([math.dist(p, d[:2]) for d in dots] + [math.dist(p, d[:2]) - d[2] for d in discs])
                assert hole <= 0.8 * pitch, (text, p, hole)


@pytest.mark.parametrize("text", DOTTED)
def test_every_stroke_of_a_copy_shows_its_way_in_dots(text):
    """I's bars showed three clear dots, one half under the start dot: each stroke of a copy shows at least three
    dots clear of every start dot besides its own start dot (A's bar, 7 mm between its legs, three)."""
    strokes, dots, _, discs = _first_copy(text)
    for i, pts in enumerate(strokes):
        clear = [d for d in dots if _on(d, pts) and all(math.dist(d[:2], c[:2]) > c[2] + d[2] / 2 for c in discs)]
        assert len(clear) >= 3, (text, i, len(clear))


def _corners(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A stroke's corners sharper than a right angle (V's and w's feet, M's and W's peaks, Z's and 7's turns)."""
    ways = [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in zip(pts, pts[1:])]
    return [p for p, before, after in zip(pts[1:], ways, ways[1:])
            if abs(math.remainder(after - before, math.tau)) > math.radians(90)]


@pytest.mark.parametrize("text", sorted(GLYPHS))
def test_a_sharp_corner_has_one_dot_on_its_point(text):
    """At v's and w's feet no dot stood on the point: the dots either side of it nearly touched. A corner sharper
    than a right angle has a dot on its point, unless a start dot covers it (the dots beside it stand clear, as
    every dot does)."""
    strokes, dots, _, discs = _first_copy(text)
    for pts in strokes:
        for corner in _corners(pts):
            assert _marked(corner, dots, discs), (text, corner)
    if text in "VWMNvw":
        assert any(_corners(pts) for pts in strokes)


@pytest.mark.parametrize("text", ["Z", "L", "2", "7", "E", "T", "I", "z", "t"])
def test_dots_on_a_guide_line_stand_on_white(text):
    """Grey dots on a grey guide line (Z's bars, L's foot, 2's base) were hard to see on a home printer: each dot
    on a guide line is drawn on a white dot wider than itself, and along a line these meet, so no line shows between
    the dots (nor between a dot and a start dot); the dots elsewhere have none."""
    strokes, dots, rings, discs = _first_copy(text)
    under = {(x, y, w): [rw for rx, ry, rw in rings if math.dist((x, y), (rx, ry)) < 0.01] for x, y, w in dots}
    on_line = [d for d in dots if any(abs(d[1] - line) < 0.05 for line in GUIDES)]
    assert on_line, text
    for dot, widths in under.items():
        assert (widths and min(widths) >= dot[2] + 0.6) if dot in on_line else not widths, (text, dot)
    for pts in strokes:
        for a, b in zip(pts, pts[1:]):
            if a[1] == b[1] and a[1] in GUIDES:
                marks = sorted([(x, min(under[(x, y, w)])) for x, y, w in on_line
                                if _distance((x, y), a, b) < 0.01]
                               + [(x, 2 * r) for x, y, r in discs if _distance((x, y), a, b) < 0.01])
                assert len(marks) >= 3, (text, a, b)
                for (x, w), (x2, w2) in zip(marks, marks[1:]):
                    assert x2 - x <= (w + w2) / 2, (text, x, x2)


def test_a_dotted_copy_has_no_spike_on_a_sharp_corner():
    """Dots spaced to end on each stroke's end fell on W's middle peak, drawn with a mitred join: a 2 mm spike.
    The copies are drawn with round joins, as the model is."""
    pdf = _Recording()
    _row(pdf, "W", 40)
    assert [c.get("stroke_join_style") for c in pdf.contexts if c.get("draw_color") == GREY] == [StrokeJoinStyle.ROUND]


def _beside(arrow: tuple[float, float, float, float], stroke: list[tuple[float, float]]) -> int:
    """The index of the segment of stroke that arrow stands beside, pointing its way (-1 for none)."""
    x, y, angle, _ = arrow
    for side in (1, -1):
        foot = (x - side * math.sin(angle) * ARROW, y + side * math.cos(angle) * ARROW)
        for i, (a, b) in enumerate(zip(stroke, stroke[1:])):
            way = math.atan2(b[1] - a[1], b[0] - a[0])
            if a != b and _distance(foot, a, b) < 0.01 and abs(math.remainder(angle - way, math.tau)) < 0.01:
                return i
    return -1


def _first_corner(stroke: list[tuple[float, float]]) -> int:
    """The index of the first segment after a turn of more than 40 degrees (an arc's steps turn 10 or less)."""
    ways = [(i, math.atan2(b[1] - a[1], b[0] - a[0])) for i, (a, b) in enumerate(zip(stroke, stroke[1:])) if a != b]
    turns = [i for (_, before), (i, after) in zip(ways, ways[1:])
             if abs(math.remainder(after - before, math.tau)) > math.radians(40)]
    return turns[0] if turns else len(stroke) - 1


@pytest.mark.parametrize("text", sorted(GLYPHS))
def test_each_arrow_shows_its_stroke_s_first_move(text):
    """W and w had one arrow, on the second leg pointing up (as had M's second stroke): the first move, down, was
    never shown and a child may start at the bottom. Each stroke's arrow stands beside its first part, before any
    corner, pointing its way; only e's bar, inside its eye, has no room, and its arrow stands where the bar turns
    up into the bowl."""
    model = [s for s in _strokes(text, LEAD, 0) if len(s) > 1]
    arrows = _model_arrows(text)
    assert len(arrows) == len(model)
    for i, (arrow, stroke) in enumerate(zip(arrows, model)):
        at = _beside(arrow, stroke)
        if text == "e":
            length = [math.dist(a, b) for a, b in zip(stroke, stroke[1:])]
            assert 0 <= at and sum(length[:at]) < 0.4 * sum(length), (text, at)
        else:
            assert 0 <= at < _first_corner(stroke), (text, i, at)


@pytest.mark.parametrize("text", list("bhkmnpruBDEFHKLMNPRU56"))
def test_a_first_stem_s_arrow_stands_outside_the_letter(text):
    """The last note: m's and n's stem arrow stood inside their arch (p's in its bowl, u's in its cup), where the
    letter's own strokes crowd it, and 5's, inside the 5, had no room for a shaft. A character's first stroke tries
    the side away from the letter first: each of these stems down the letter's left has its arrow left of it,
    with a shaft, and on the row (the model stands LEAD mm in, room for it)."""
    stroke = _strokes(text, LEAD, 0)[0]
    x, y, angle, length = _model_arrows(text)[0]
    assert x < min(px for px, _ in stroke) and length == SHAFT, (text, x)
    assert min(px for px, _ in _arrow_points((x, y), angle, length)) >= 0


@pytest.mark.parametrize("text", ["h", "r", "n", "m"])
def test_an_arch_s_arrow_stands_right_of_its_stem(text):
    """An arch sets off up the stem: its arrow left of the stem (h's) pointed into the stem, under the arch (r's)
    it pointed up. A later stroke's arrow keeps right of where its letter starts less ARROW."""
    stem_x = min(px for px, _ in _strokes(text, LEAD, 0)[0])
    x, y, angle, _ = _model_arrows(text)[1]
    assert x > stem_x and y < UNIT * 1.2, (text, x, y)  # beside the arch's top, right of the stem


@pytest.mark.parametrize("text,stroke", [("W", 0), ("w", 0), ("M", 1)])
def test_w_and_m_s_arrows_point_down_their_first_leg(text, stroke):
    """A scan found an arrow pointing up the second leg only on W, w and M's second stroke."""
    assert math.sin(_model_arrows(text)[stroke][2]) > 0.5, text


@pytest.mark.parametrize("text", ["E", "F", "H", "I", "N", "Z", "M", "W", "0", "8"])
def test_a_capital_s_copies_stand_apart(text):
    """Copies of E, F, H, I, N and Z stood 6 mm apart, the letters 10 mm wide: a row read as a fence. A capital's
    (or a digit's) copies stand over 9 mm apart, and the row still fits its line."""
    x1 = MARGIN + 180.0
    starts = copy_starts(text, MARGIN, x1)
    spans = [(min(x for s in _strokes(text, x, 0) for x, _ in s), max(x for s in _strokes(text, x, 0) for x, _ in s))
             for x in starts]
    between = min(b[0] - a[1] for a, b in zip(spans, spans[1:]))
    assert between >= 9, (text, between)
    assert len(starts) >= 5 and spans[-1][1] <= x1


@pytest.mark.parametrize("text", ["T", "E", "F", "I"])
def test_a_stroke_along_a_guide_line_shows_plainly(text):
    """T's dotted bar lay on the top guide line under the big start dot and almost vanished, and I's bars showed
    three dots: a capital's stroke along a guide line is dotted finer and closer, so at least five of its dots stand
    wholly clear of the start dots."""
    strokes, dots, _, discs = _first_copy(text)
    on_guide = [pts for pts in strokes if any(all(abs(py - line) < 0.01 for _, py in pts) for line in GUIDES)]
    assert on_guide, text
    for pts in on_guide:
        clear = [d for d in dots if _on(d, pts) and all(math.dist(d[:2], c[:2]) > c[2] + d[2] / 2 for c in discs)]
        assert len(clear) >= 5, (text, len(clear))


def test_each_model_arrow_has_a_shaft_and_stands_near_where_the_stroke_starts():
    """The phonics review: bare 3 mm heads read as triangles to a 5-year-old, and standing a third of the way along
    their stroke, o's and u's only arrow was under the baseline, far from the start dot. Each arrow has a shaft
    (5's first too, now that it stands left of its short stem, outside the 5), and a round letter's first arrow
    stands in the upper half of its x-height, by its start."""
    for text in GLYPHS:
        for i, (_, _, _, length) in enumerate(_model_arrows(text)):
            assert length == SHAFT, (text, i)
    for text in "acdgoqsu":
        x, y, angle, length = _model_arrows(text)[0]
        middle = (y + shaft((x, y), angle, length)[1][1]) / 2  # between the tip and the shaft's end
        assert middle < 1.5 * UNIT, (text, middle / UNIT)  # the x-height runs from 1 to 2 line gaps down


def _legs(pts: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """A stroke cut at its corners (turns of over 40 degrees, as the dots see them): 1's flag and its stem."""
    pts = [p for i, p in enumerate(pts) if not i or math.dist(p, pts[i - 1]) > 1e-9]
    legs, leg = [], [pts[0]]
    for a, b, c in zip(pts, pts[1:], pts[2:]):
        leg.append(b)
        turn = math.atan2(c[1] - b[1], c[0] - b[0]) - math.atan2(b[1] - a[1], b[0] - a[0])
        if abs(math.remainder(turn, math.tau)) > math.radians(40):
            legs.append(leg)
            leg = [b]
    return legs + [leg + [pts[-1]]]


def _way(p: tuple[float, float], pts: list[tuple[float, float]]) -> float:
    """The way pts goes where it passes nearest p."""
    a, b = min(((a, b) for a, b in zip(pts, pts[1:]) if a != b), key=lambda ab: _distance(p, *ab))
    return math.atan2(b[1] - a[1], b[0] - a[0])


@pytest.mark.parametrize("text", DOTTED + ["10", "11"])
def test_every_leg_of_a_copy_shows_three_dots_of_its_own(text):
    """The teacher's review: 1's flag was its big start dot and one grey dot, floating off the stem ("10" read
    "• ¦0"), and Q's tail a dot inside the O and a grey dot or two (A's bar had two). Every leg of every stroke of a
    copy (from its start or a corner to the next corner or its end) shows at least three dots clear of the start
    dots that are its own: not where another leg crosses it or meets it at an angle (the dot on 1's corner is its
    stem's top, the one where Q's tail crosses the O is the O's), though where two run together (u's second stroke
    down its first) the dots are both's."""
    strokes, dots, _, discs = _first_copy(text)
    legs = [leg for pts in strokes for leg in _legs(pts)]
    for k, leg in enumerate(legs):
        others = legs[:k] + legs[k + 1:]
        own = [d for d in dots if _on(d, leg) and all(math.dist(d[:2], c[:2]) > c[2] + d[2] / 2 for c in discs)
               and not any(min(_distance(d[:2], a, b) for a, b in zip(o, o[1:])) <= d[2]
                           and abs(math.sin(_way(d[:2], leg) - _way(d[:2], o))) > 0.5 for o in others)]
        assert len(own) >= 3, (text, k, len(own))


@pytest.mark.parametrize("text", sorted(GLYPHS) + ["17"])
def test_no_two_start_dots_of_a_character_stand_within_2_mm(text):
    """The teacher's review: a, g and q showed two black start dots in a clump at the top right (the stem's 0.45 mm
    from the bowl's), each copy an "ȧ". A copy's start dots (and i's and j's dot) stand at least 2 mm of paper
    apart; a stroke starting on an earlier one's start dot (A's second leg) is marked by that dot alone."""
    _, _, _, discs = _first_copy(text)
    for i, (x, y, r) in enumerate(discs):
        for x2, y2, r2 in discs[:i]:
            assert math.dist((x, y), (x2, y2)) - r - r2 >= 2.0, (text, (x, y), (x2, y2))


@pytest.mark.parametrize("text", list("adgqhmnbpru"))
def test_a_letter_written_without_lifting_the_pencil_has_one_start_dot(text):
    """Schools teach a, d, g and q round, up and down, and h, m and n (b, p, r) down, back up and over, in one
    movement; d's stem, n's arch and m's two had a start dot of their own, which says "lift the pencil and start
    here". The model and each copy have one start dot, where the letter begins; every part still has its arrow."""
    _, _, _, discs = _first_copy(text)
    model = _strokes(text, LEAD, 0)
    assert len(discs) == 1 and len(model_dots(text, model)) == 1
    assert discs[0][:2] == pytest.approx(_strokes(text, copy_starts(text, MARGIN, MARGIN + 180)[1], 40)[0][0])
    assert len(_model_arrows(text)) == len(GLYPHS[text]) > 1


def test_r_s_arch_rises_off_the_middle_line_and_comes_down():
    """The teacher's review: r's arch was about four dots lying along the dashed middle line, so the copy read as
    an i. The arch still reaches the middle line, and its dots show it leaving the stem and coming down past its
    top, each of these more than a dot's width below the line."""
    strokes, dots, _, _ = _first_copy("r")
    arch, middle = strokes[1], GUIDES[1]
    top_x, top_y = min(arch, key=lambda p: p[1])
    assert top_y == pytest.approx(middle, abs=0.01)
    below = [(x, y) for x, y, w in dots if _on((x, y), arch) and y - middle > w]
    assert any(x < top_x for x, _ in below) and any(x > top_x for x, _ in below)
    assert max(y for _, y in arch) - middle >= 1.5  # its end comes down


def test_q_s_tail_crosses_out_of_the_o():
    """Q's tail starts inside the O and crosses out of it, two of its dots plainly outside."""
    strokes, dots, _, _ = _first_copy("Q")
    ring, tail = strokes
    centre = (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))
    radius = math.dist(centre, ring[0])
    assert math.dist(centre, tail[0]) < radius < math.dist(centre, tail[-1])
    outside = [d for d in dots if _on(d, tail) and math.dist(d[:2], centre) > radius + d[2]]
    assert len(outside) >= 2


def test_your_turn_rows_say_what_the_blank_line_is_for():
    """The teacher's review: a "your turn" row (a model, one copy, then a blank line) had no instruction, and a parent
    could not tell what the blank line was for. Each says so, in small grey print, and a sheet without one does
    not."""
    texts = page_texts(made(kind="number-tracing", low=0, high=9))
    assert tracing.OWN_TURN_NOTE == "Now write it on your own."
    assert [t.count(tracing.OWN_TURN_NOTE) for t in texts] == [0, 4]  # 7, 8, 9, then four rows of their own
    assert tracing.OWN_TURN_NOTE not in "".join(page_texts(made(kind="number-tracing", low=0, high=6)))  # full page
    assert tracing.OWN_TURN_NOTE in page_texts(made(kind="letter-tracing", low=17, high=17, case="upper"))[0]


@pytest.mark.parametrize("text", ["g", "B", "17", "W"])
def test_the_your_turn_note_stands_over_the_blank_line(monkeypatch, text):
    """The note stands over the row's blank part, where the next copy would have started, just above its top line
    and below the reach of the row above's descenders; it is small and grey."""
    notes = []

    def noting(pdf, x, y, words, size, **kwargs):
        notes.append((x, y, words, size, pdf.text_color.colors))

    monkeypatch.setattr(_Recording, "text_at", noting, raising=False)
    pdf = _Recording()
    _row(pdf, text, 40, own_turn=True)
    (x, y, words, size, colour), = notes
    starts = copy_starts(text, MARGIN, MARGIN + pdf.content_w)
    copy_end = max(px for stroke in _strokes(text, starts[1], 40) for px, _ in stroke)
    assert words == tracing.OWN_TURN_NOTE and size <= 10 and colour == tuple(c / 255 for c in GREY)
    assert x == pytest.approx(starts[2]) and x > copy_end + 3
    height = size * 0.3528 * 1.15
    assert 40 - (ROW_PITCH - 2.85 * UNIT) < y and y + height <= 40
    pdf2 = _Recording()
    notes.clear()
    _row(pdf2, text, 40)
    assert notes == []  # a row of copies has none
