"""The page every worksheet shares: paper, margins, embedded font, heading, Name/Date/Score line, footer.

fpdf2 draws vectors and embeds a subset of the TTF it writes with; the creation date and the
document /ID are fixed so that the same options and seed give the same bytes.
"""

from __future__ import annotations

import hashlib
import math
import random
from datetime import datetime, timezone
from pathlib import Path

from fpdf import FPDF

from learnsite.sheets.options import SheetOptions

FONT_DIR = Path(__file__).with_name("fonts")
FONT = "DejaVu"  # DejaVu Sans subsets (fonts/subset.py): Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt
MARGIN = 15.0  # mm: inside every printer's unprintable edge on A4 and Letter
FOOTER_H = 8.0
HEADING_PT, HEADING_MIN_PT = 20, 12
FIXED_DATE = datetime(2024, 1, 1, tzinfo=timezone.utc)
INK = (0, 0, 0)
GREY = (110, 110, 110)
DOT_GAP = 2.1  # mm between the dots of a dotted stroke
# a small letter is half a capital's height: 2.1 mm apart, its dotted r was a start dot and three grey dots
SMALL_DOT_GAP = 1.3


def rng_for(options: SheetOptions) -> random.Random:
    """A generator fixed by every option that shapes the content (string seeds are stable across runs)."""
    o = options
    return random.Random(f"{o.kind}|{o.seed}|{o.low}|{o.high}|{o.count}|{o.carrying}|{o.case}|{o.level}")


def line_height(size: float) -> float:
    """mm of a line of text at size pt, as text_at draws it (a point is 0.3528 mm)."""
    return size * 0.3528 * 1.15


class SheetPdf(FPDF):
    def __init__(self, options: SheetOptions, label: str):
        super().__init__(orientation="P", unit="mm", format="A4" if options.paper == "A4" else "Letter")
        self.options = options
        self.label = label
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(False)
        self.add_font(FONT, "", FONT_DIR / "DejaVuSans-sheets.ttf")
        self.add_font(FONT, "B", FONT_DIR / "DejaVuSans-Bold-sheets.ttf")
        self.set_creation_date(FIXED_DATE)
        self.set_producer("Learnsite worksheet maker")
        self.set_creator("Learnsite")
        self.set_title(label)
        self.set_font(FONT, "", 12)

    def file_id(self) -> str:
        """fpdf2's hook for the document /ID (random unless overridden): one made from the options."""
        digest = hashlib.sha256(repr(sorted(self.options.to_dict().items())).encode()).hexdigest()[:32]
        return f"<{digest}><{digest}>"

    # ---------------------------------------------------------------- geometry

    @property
    def content_w(self) -> float:
        return self.w - 2 * MARGIN

    @property
    def body_bottom(self) -> float:
        return self.h - MARGIN - FOOTER_H

    # ---------------------------------------------------------------- page frame

    def footer(self) -> None:
        self.set_y(self.h - MARGIN - 4)
        self.set_font(FONT, "", 7)
        self.set_text_color(*GREY)
        self.cell(0, 4, f"Learnsite · {self.label} · sheet {self.options.seed} · page {self.page_no()}",
                  align="C")
        self.set_text_color(*INK)

    def start_page(self, heading: str, instructions: str = "", *, key: bool = False, scored: bool = True) -> float:
        """A new page with its heading; returns the y where the body starts. A sheet with nothing to mark right or
        wrong (tracing, colouring) has no Score line."""
        self.add_page()
        self.set_text_color(*INK)
        self.set_draw_color(*INK)
        self.set_xy(MARGIN, MARGIN)
        text = f"Answer key: {heading}" if key else heading
        size = HEADING_PT
        self.set_font(FONT, "B", size)
        while size > HEADING_MIN_PT and self.get_string_width(text) > self.content_w:
            size -= 1  # a long heading ("Answer key: Subtraction without borrowing: numbers 100 to 999") fits
            self.set_font(FONT, "B", size)
        self.cell(self.content_w, 10, text)
        y = MARGIN + 12
        if self.options.name_line and not key:
            y = self._name_line(y, scored)
        if instructions:
            self.set_xy(MARGIN, y)
            self.set_font(FONT, "", 13)
            self.multi_cell(self.content_w, 6.5, instructions, align="L")
            y = self.get_y() + 2
        return y + 2

    def _name_line(self, y: float, scored: bool = True) -> float:
        """Name, Date and Score to write on; the Name line takes what is left, so Score ends at the margin (it ran
        12 mm past it, into the strip many printers leave blank)."""
        self.set_font(FONT, "", 13)
        self.set_line_width(0.3)
        gap, date_w, score_w = 5.0, 38.0, 22.0
        fields = {"Date:": date_w, "Score:": score_w} if scored else {"Date:": date_w}
        labels = {label: self.get_string_width(label) + 1.5 for label in ("Name:", *fields)}
        name_w = self.content_w - sum(labels.values()) - sum(fields.values()) - len(fields) * gap
        x = MARGIN
        for label, width in (("Name:", name_w), *fields.items()):
            self.set_xy(x, y)
            text_w = labels[label]
            self.cell(text_w, 8, label)
            self.line(x + text_w, y + 6.5, x + text_w + width, y + 6.5)
            x += text_w + width + gap
        return y + 11

    def text_at(self, x: float, y: float, text: str, size: float, *, bold: bool = False, align: str = "L",
                width: float = 0) -> None:
        """Text with its top-left (or its box, for align C/R) at x, y."""
        self.set_font(FONT, "B" if bold else "", size)
        self.set_xy(x, y)
        self.cell(width or self.get_string_width(text) + 0.5, line_height(size), text, align=align)

    # ---------------------------------------------------------------- drawing helpers

    def dashed_line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3) -> None:
        with self.local_context(dash_pattern=dict(dash=2, gap=2), line_width=width):
            self.line(x1, y1, x2, y2)

    def arrow_head(self, x: float, y: float, angle: float, size: float = 2.2, spread: float = 0.45) -> None:
        """A filled arrowhead pointing along angle (radians, page coordinates) with its tip at x, y; spread is
        the angle of each side from the shaft (narrower points more plainly)."""
        back = angle + math.pi
        left = (x + size * math.cos(back + spread), y + size * math.sin(back + spread))
        right = (x + size * math.cos(back - spread), y + size * math.sin(back - spread))
        self.set_fill_color(*INK)
        self.polygon([(x, y), left, right], style="F")


def grid_cells(x: float, y: float, w: float, h: float, cols: int, rows: int):
    """(x, y, w, h) of each cell, row by row."""
    cw, ch = w / cols, h / rows
    for r in range(rows):
        for c in range(cols):
            yield x + c * cw, y + r * ch, cw, ch


def pages_of(items: list, per_page: int) -> list[list]:
    return [items[i:i + per_page] for i in range(0, len(items), per_page)] or [[]]


def numbered_cells(pdf: "SheetPdf", items: list, instruction: str, cols: int, rows: int):
    """(number, item, (x, y, w, h)) for each item, cols x rows to a page, each page started with its
    title and `instruction`."""
    number = 0
    for chunk in pages_of(items, cols * rows):
        top = pdf.start_page(pdf.label, instruction)
        for item, cell in zip(chunk, grid_cells(MARGIN, top, pdf.content_w, pdf.body_bottom - top, cols, rows)):
            number += 1
            yield number, item, cell
