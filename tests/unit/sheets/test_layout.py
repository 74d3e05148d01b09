"""What a printer puts on paper: every word and line inside the margins, and no two words on one line overlapping
(an answer key's "3. 232 + 930 = 1162" ran into the next column's "28." and read "116228")."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from learnsite.sheets import defaults, make_sheet
from learnsite.sheets.layout import FONT, HEADING_MIN_PT, HEADING_PT, MARGIN, SheetPdf
from learnsite.sheets.starter import STARTERS

SLACK = 0.01  # mm


@pytest.fixture
def drawn(monkeypatch):
    """(page, y, left, right, what) of each word and straight line the sheets draw."""
    spans: list[tuple[int, float, float, float, str]] = []
    text_at, line = SheetPdf.text_at, SheetPdf.line

    def record_text(pdf, x, y, text, size, *, bold=False, align="L", width=0):
        pdf.set_font(FONT, "B" if bold else "", size)
        w = pdf.get_string_width(text)
        left = x if align == "L" or not width else x + width - w if align == "R" else x + (width - w) / 2
        spans.append((pdf.page, round(y, 3), left, left + w, text))
        text_at(pdf, x, y, text, size, bold=bold, align=align, width=width)

    def record_line(pdf, x1, y1, x2, y2):
        spans.append((pdf.page, round(min(y1, y2), 3), min(x1, x2), max(x1, x2), "line"))
        line(pdf, x1, y1, x2, y2)

    monkeypatch.setattr(SheetPdf, "text_at", record_text)
    monkeypatch.setattr(SheetPdf, "line", record_line)
    return spans


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_starter_sheet_keeps_inside_its_margins_and_no_words_collide(drawn, paper):
    width = {"A4": 210.0, "Letter": 215.9}[paper]
    for starter in STARTERS:
        drawn.clear()
        make_sheet(replace(starter.options, paper=paper))
        assert drawn, starter.key
        for page, y, left, right, what in drawn:
            assert MARGIN - SLACK <= left and right <= width - MARGIN + SLACK, (starter.key, page, what, right)
        rows: dict[tuple[int, float], list[tuple[float, float, str]]] = {}
        for page, y, left, right, what in drawn:
            if what != "line":
                rows.setdefault((page, y), []).append((left, right, what))
        for (page, _), words in rows.items():
            words.sort()
            for (_, right, what), (left, _, after) in zip(words, words[1:]):
                assert right <= left + SLACK, (starter.key, page, what, after)


def test_a_long_heading_is_set_smaller_to_stay_on_the_page():
    """"Answer key: Subtraction without borrowing: numbers 100 to 999" ran 20 mm past the right margin at 20 pt."""
    pdf = SheetPdf(defaults("subtraction"), "test")
    long = "Subtraction without borrowing: numbers 100 to 999"
    pdf.start_page(long, key=True)
    assert HEADING_MIN_PT <= pdf.font_size_pt < HEADING_PT
    assert pdf.get_string_width(f"Answer key: {long}") <= pdf.content_w
    pdf.start_page("Count to 10", key=True)
    assert pdf.font_size_pt == HEADING_PT


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_starter_heading_fits_at_the_smallest_heading_size(paper):
    for starter in STARTERS:
        made = make_sheet(replace(starter.options, paper=paper))
        pdf = SheetPdf(made.options, "test")
        pdf.set_font(FONT, "B", HEADING_MIN_PT)
        label = PdfReader(io.BytesIO(made.pdf)).metadata.title
        assert pdf.get_string_width(f"Answer key: {label}") <= pdf.content_w, label
