"""Letter and number tracing: three-line guides (top, dashed middle, base), one solid model with
direction arrows, then dotted copies drawn from stroke data, a start dot where the pencil goes down.

A page's rows share its height evenly (a band left blank at the foot looked unfinished). The last page's free
rows are "your turn" rows: a model, one copy to trace and room to write it alone, as handwriting books do, each
with a small note saying so (a parent could not tell what the blank line was for). A sheet of one to three
letters or numbers fills most of its page with whole rows of copies first: it was one row of each, then six
"your turn" rows."""

from __future__ import annotations

import functools
import math
import string

from fpdf.enums import StrokeCapStyle, StrokeJoinStyle

from learnsite.sheets.arrows import ARROW, ARROW_SPREAD, SHAFT_WIDTH, Letter, arrow_places, shaft
from learnsite.sheets.dots import Dot, Dotting, place_dots
from learnsite.sheets.layout import DOT_GAP, GREY, INK, MARGIN, SMALL_DOT_GAP, SheetPdf, line_height
from learnsite.sheets.options import SheetOptions
from learnsite.sheets.strokes import GLYPHS, JOINED, left, width

UNIT = 8.5  # mm per stroke unit: capitals stand 17 mm tall
ROW_PITCH = 3.35 * UNIT
LEAD = 4.5  # mm from the guide lines' start to the model: room for an arrow left of a first stem (m, n, p, 5)
DESCENDER = 2.85  # units: the lowest a stroke (g, j, p, q, y) reaches
GAP = 0.7  # units between a small letter's copies
# a capital's or a digit's copies, twice a small letter's height: at 0.7 a row of E, H, I or N read as a fence
TALL_GAP = 1.15
# a number's copies stand further apart than its digits: at 0.7, "17 17 17" read "171717"
WIDE_GAP = 1.6
# The guides are light: in black, a stroke lying on one (E's arms, T's top, Z's base) vanished into it
GUIDE = (175, 175, 175)
# "Start at the big dot": one big dot where each letter begins, smaller ones where its later strokes begin
MODEL_FIRST_DOT, MODEL_LATER_DOT = 1.9, 1.2  # radii in mm, over the 1.4 mm model stroke


# along a guide line finer and closer: at 1.25 mm, T's and I's bars had room for three dots beside their start dots
TALL = Dotting(DOT_GAP, 1.25, 1.5, 0.95, 0.9, 1.5, 0.95)
# Small letters: at a capital's dotting a 3 mm start dot hid a third of an r, whose rest was three grey dots
SMALL = Dotting(SMALL_DOT_GAP, 0.9, 1.05, 0.7, 0.65, 1.1, 0.7)
RING = 0.45  # mm of white round a dot on a guide line: the rings of a stroke along it meet
OWN_TURN_NOTE = "Now write it on your own."
NOTE_PT = 9  # small and grey, over the blank part of a "your turn" row
FEW_ROWS = 3  # a sheet of this many rows or fewer repeats them to fill most of its page
# mm of paper between two start dots of a character at the least: a later one nearer an earlier one is left to it
# (A's second leg starts under the first's big dot; a's stem stood 0.45 mm from its bowl's, a black clump)
NEAR_START = 2.0


def dotting(text: str) -> Dotting:
    return SMALL if text.islower() else TALL


def plan(options: SheetOptions) -> list[str]:
    """The text of each row: a letter in the chosen case(s), or a number."""
    if options.kind == "number-tracing":
        return [str(n) for n in range(options.low, options.high + 1)]
    rows = []
    for letter in string.ascii_uppercase[options.low - 1:options.high]:
        if options.case in ("upper", "both"):
            rows.append(letter)
        if options.case in ("lower", "both"):
            rows.append(letter.lower())
    return rows


def _heading(options: SheetOptions, rows: list[str]) -> str:
    if options.kind == "number-tracing":
        return f"Trace the numbers {rows[0]} to {rows[-1]}" if len(rows) > 1 else f"Trace the number {rows[0]}"
    first, last = string.ascii_uppercase[options.low - 1], string.ascii_uppercase[options.high - 1]
    if options.case == "lower":
        first, last = first.lower(), last.lower()
    elif options.case == "both":
        first, last = first + first.lower(), last + last.lower()
    return f"Trace the letters {first} to {last}" if first != last else f"Trace the letter {first}"


def draw(pdf: SheetPdf, options: SheetOptions, rows: list[str]) -> None:
    heading = _heading(options, rows)
    rest = rows
    while rest:
        top = pdf.start_page(heading, "Start at the big dot. Follow the arrows, then trace the dotted shapes.",
                             scored=False)
        per_page = max(1, int((pdf.body_bottom - top) // ROW_PITCH))
        here, rest = rest[:per_page], rest[per_page:]
        if rest:
            laid = [(text, False) for text in here]
        elif len(rows) <= FEW_ROWS and here == rows:
            laid = few_rows(rows, per_page)
        else:
            laid = [(text, False) for text in here] + [(text, True) for text in
                                                      own_turn_rows(rows, per_page - len(here))]
        for (text, own), y in zip(laid, row_tops(top, pdf.body_bottom, per_page)):
            _row(pdf, text, y, own_turn=own)


def row_tops(top: float, bottom: float, count: int) -> list[float]:
    """Where each of a page's `count` rows starts (its top guide line): the room left under a whole row is shared
    out between the rows, up to a quarter of a row each (a full page stays a full page)."""
    spare = max(0.0, bottom - top - count * ROW_PITCH)
    pitch = ROW_PITCH + min(spare / count, ROW_PITCH / 4)
    return [top + 2 + i * pitch for i in range(count)]


def own_turn_rows(rows: list[str], free: int) -> list[str]:
    """The models for a last page's `free` empty rows, taken evenly from the whole sheet (the first row first)."""
    return [rows[i * len(rows) // free] for i in range(free)] if free > 0 and rows else []


def few_rows(rows: list[str], per_page: int) -> list[tuple[str, bool]]:
    """The page of a sheet of a few rows, as (text, own turn) rows: each text's rows of copies, as many of each,
    then its own "your turn" row (a teacher's review: on a sheet of 2-3 letters only the first had one), and any
    row left over a further "your turn" row, taken evenly from the texts."""
    each = max(1, (per_page - len(rows)) // len(rows))
    laid = [(text, own) for text in rows for own in [False] * each + [True]]
    return laid + [(text, True) for text in own_turn_rows(rows, per_page - len(laid))]


def _advance(ch: str) -> float:
    return max(width(ch) - left(ch), 0.7)


def _text_width(text: str) -> float:
    return sum(_advance(ch) for ch in text) + 0.35 * (len(text) - 1)


def _row(pdf: SheetPdf, text: str, y: float, own_turn: bool = False) -> None:
    """A row of guides with the model of text at its start, then dotted copies to the end or, on the child's own
    turn, one dotted copy and room to write it alone."""
    x0, x1 = MARGIN, MARGIN + pdf.content_w
    pdf.set_draw_color(*GUIDE)
    pdf.set_line_width(0.35)
    pdf.line(x0, y, x1, y)
    pdf.dashed_line(x0, y + UNIT, x1, y + UNIT)
    pdf.set_line_width(0.5)
    pdf.line(x0, y + 2 * UNIT, x1, y + 2 * UNIT)
    pdf.set_draw_color(*INK)
    starts = copy_starts(text, x0, x1)
    if own_turn and len(starts) > 2:
        _own_turn_note(pdf, starts[2], y)
    model = _strokes(text, starts[0], y)
    copies = [s for x in starts[1:2 if own_turn else None] for s in _strokes(text, x, y)]
    # round corners: a mitred one poked past the guide lines (M's top, the foot of N, V and W)
    with pdf.local_context(line_width=1.4, draw_color=INK, stroke_join_style=StrokeJoinStyle.ROUND,
                           stroke_cap_style=StrokeCapStyle.ROUND):
        for pts in model:
            if len(pts) > 1:
                pdf.polyline(pts, style="D")
    pdf.set_fill_color(*INK)
    for (dot_x, dot_y), radius in model_dots(text, model):
        pdf.circle(dot_x, dot_y, radius, style="F")
    firsts = _first_strokes(text)
    with pdf.local_context(line_width=SHAFT_WIDTH, draw_color=INK, stroke_cap_style=StrokeCapStyle.BUTT):
        for tip_x, tip_y, angle, length in _model_arrows(text):
            if length:
                (bx, by), (tx, ty) = shaft((x0 + tip_x, y + tip_y), angle, length)
                pdf.line(bx, by, tx, ty)
            pdf.arrow_head(x0 + tip_x, y + tip_y, angle, ARROW, spread=ARROW_SPREAD)
    dots = dotting(text)
    placed = [(x + d.x, y + d.y, d) for x in starts[1:2 if own_turn else None] for d in _copy_dots(text)]
    # a white ring parts a dot on a guide line from the line (grey on grey, Z's base read as a thicker line)
    with pdf.local_context(stroke_cap_style=StrokeCapStyle.ROUND, draw_color=(255, 255, 255)):
        for dx, dy, d in placed:
            if d.on_guide:
                _dot(pdf, dx, dy, d.ink + 2 * RING)
    # one graphics context for every dotted copy: entering one per stroke cost more than drawing it
    with pdf.local_context(stroke_cap_style=StrokeCapStyle.ROUND, stroke_join_style=StrokeJoinStyle.ROUND,
                           draw_color=GREY):
        for dx, dy, d in placed:
            _dot(pdf, dx, dy, d.ink)
    for pts in copies:
        if len(pts) == 1:
            pdf.set_fill_color(150, 150, 150)
            pdf.circle(pts[0][0], pts[0][1], dots.tittle, style="F")
    pdf.set_fill_color(*INK)
    per_copy, downs = len(model), pen_downs(text)
    for i, pts in enumerate(copies):
        if len(pts) > 1 and downs[i % per_copy]:
            pdf.circle(pts[0][0], pts[0][1], dots.first if i % per_copy in firsts else dots.later, style="F")


def _own_turn_note(pdf: SheetPdf, x: float, y: float) -> None:
    """OWN_TURN_NOTE over the blank part of a "your turn" row whose top line is at y, from x, where the next copy
    would have started: just above the top line, clear of the row above's descenders."""
    pdf.set_text_color(*GREY)
    pdf.text_at(x, y - line_height(NOTE_PT) - 0.3, OWN_TURN_NOTE, NOTE_PT)
    pdf.set_text_color(*INK)


def _dot(pdf: SheetPdf, x: float, y: float, ink: float) -> None:
    """A dot ink wide: a dash too short to see, with round ends."""
    if pdf.line_width != ink:
        pdf.set_line_width(ink)
    pdf.line(x - 0.005, y, x + 0.005, y)


@functools.cache
def _copy_dots(text: str) -> tuple[Dot, ...]:
    """A copy's dots on a row starting at 0 with its top line at 0 (the same in every copy, row and page), the
    widest first (fewer changes of width)."""
    strokes = _strokes(text, 0, 0)
    placed = place_dots(strokes, copy_discs(text, strokes), (0.0, UNIT, 2 * UNIT), dotting(text))
    return tuple(sorted(placed, key=lambda d: -d.ink))


def copy_discs(text: str, strokes: list[list[tuple[float, float]]]) -> list[tuple[float, float, float]]:
    """The start dots (centre and radius) of a copy of text, its strokes as _strokes gives them, in writing order:
    the dots of i and j, and one where the pencil is put down for a stroke (pen_downs)."""
    dots, firsts = dotting(text), _first_strokes(text)
    return [(*pts[0], dots.tittle if len(pts) == 1 else dots.first if i in firsts else dots.later)
            for i, (pts, down) in enumerate(zip(strokes, pen_downs(text))) if down]


@functools.cache
def pen_downs(text: str) -> tuple[bool, ...]:
    """Per stroke of text (as _strokes gives them), whether it has a start dot: a character's first stroke does,
    and a later one where the pencil is put down again. One written on from the stroke before (strokes.JOINED: a's
    stem, n's arch) has none, nor has one starting within NEAR_START of an earlier start dot of its character, in a
    copy (A's second leg, under the first's big dot). A stroke that is only a dot (i's, j's) is the dot itself."""
    dots, strokes = dotting(text), iter(_strokes(text, 0, 0))
    out: list[bool] = []
    for ch in text:
        kept: list[tuple[tuple[float, float], float]] = []
        for i, pts in zip(range(len(GLYPHS[ch])), strokes):
            radius = dots.later if i else dots.first
            down = len(pts) == 1 or not i or (i not in JOINED.get(ch, ()) and all(
                math.dist(pts[0], centre) - r - radius >= NEAR_START for centre, r in kept))
            if down and len(pts) > 1:
                kept.append((pts[0], radius))
            out.append(down)
    return tuple(out)


def _first_strokes(text: str) -> set[int]:
    """The indexes, among text's strokes, of each character's first stroke."""
    firsts, n = set(), 0
    for ch in text:
        firsts.add(n)
        n += len(GLYPHS[ch])
    return firsts


def _start_dot(first: bool, pts: list, big: float, small: float) -> float:
    """A stroke's start dot: big where a character begins, smaller where its later strokes begin (a stroke that is
    only a dot, i's or j's, keeps its own small size)."""
    if len(pts) == 1:
        return 0.9
    return big if first else small


def copy_starts(text: str, x0: float, x1: float) -> list[float]:
    """Where each copy of text starts on a row from x0 to x1 (the model first)."""
    gap, step = _copy_step(text)
    starts = []
    x = x0 + LEAD
    while x + step - gap * UNIT <= x1 - 1:
        starts.append(x)
        x += step
    return starts


def _copy_step(text: str) -> tuple[float, float]:
    """The gap between copies (stroke units) and the distance from one copy's start to the next (mm)."""
    gap = WIDE_GAP if len(text) > 1 else GAP if text.islower() else TALL_GAP
    return gap, (_text_width(text) + gap) * UNIT


@functools.cache
def _model_arrows(text: str) -> tuple[tuple[float, float, float, float], ...]:
    """The model's arrows (tip, angle, shaft length) on a row starting at 0 with its top line at 0 (the same on every
    row and page)."""
    model = _strokes(text, LEAD, 0)
    near = model + _strokes(text, LEAD + _copy_step(text)[1], 0)
    return tuple(arrow_places(model, near, 0, -(ROW_PITCH - DESCENDER * UNIT), letters(text, model),
                              model_dots(text, model)))


def model_dots(text: str, model: list[list[tuple[float, float]]]) -> list[tuple[tuple[float, float], float]]:
    """The start dots (centre, radius) of the model of text, its strokes as _strokes gives them."""
    firsts = _first_strokes(text)
    return [(pts[0], _start_dot(i in firsts, pts, MODEL_FIRST_DOT, MODEL_LATER_DOT))
            for i, (pts, down) in enumerate(zip(model, pen_downs(text))) if down]


def letters(text: str, model: list[list[tuple[float, float]]]) -> list[Letter]:
    """Per stroke of the model of text (its strokes as _strokes gives them), its character as its arrow needs it
    (learnsite.sheets.arrows)."""
    out: list[Letter] = []
    for ch in text:
        strokes = model[len(out):len(out) + len(GLYPHS[ch])]
        xs, ys = [px for s in strokes for px, _ in s], [py for s in strokes for _, py in s]
        middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        out += [Letter(middle, min(xs), i == 0) for i in range(len(strokes))]
    return out


def _strokes(text: str, x: float, y: float) -> list[list[tuple[float, float]]]:
    """Every stroke of text written from x on the row at y, in page millimetres."""
    out = []
    for ch in text:
        gx = x - left(ch) * UNIT
        out.extend([(gx + px * UNIT, y + py * UNIT) for px, py in stroke] for stroke in GLYPHS[ch])
        x += (_advance(ch) + 0.35) * UNIT
    return out
