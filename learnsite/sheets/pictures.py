"""Simple objects drawn as vector outlines (white inside, so children can colour them)."""

from __future__ import annotations

import math

from learnsite.sheets.layout import SheetPdf


def apple(pdf: SheetPdf, cx: float, cy: float, s: float) -> None:
    pdf.ellipse(cx - s * 0.45, cy - s * 0.35, s * 0.9, s * 0.8, style="DF")
    pdf.line(cx, cy - s * 0.35, cx + s * 0.08, cy - s * 0.55)
    pdf.ellipse(cx + s * 0.08, cy - s * 0.58, s * 0.28, s * 0.14, style="DF")


def star(pdf: SheetPdf, cx: float, cy: float, s: float) -> None:
    # fpdf2 draws its first point straight down and turns clockwise: at 36 degrees a point is straight up
    pdf.star(cx, cy, s * 0.2, s * 0.5, 5, rotate_degrees=36, style="DF")


def ball(pdf: SheetPdf, cx: float, cy: float, s: float) -> None:
    r = s * 0.45
    pdf.circle(cx, cy, r, style="DF")
    pdf.line(cx - r, cy, cx + r, cy)
    pdf.ellipse(cx - r * 0.35, cy - r, r * 0.7, r * 2, style="D")


def fish(pdf: SheetPdf, cx: float, cy: float, s: float) -> None:
    pdf.polygon([(cx + s * 0.15, cy), (cx + s * 0.5, cy - s * 0.25), (cx + s * 0.5, cy + s * 0.25)], style="DF")
    pdf.ellipse(cx - s * 0.5, cy - s * 0.25, s * 0.75, s * 0.5, style="DF")
    with pdf.local_context(fill_color=(0, 0, 0)):
        pdf.circle(cx - s * 0.3, cy - s * 0.05, s * 0.05, style="F")


def flower(pdf: SheetPdf, cx: float, cy: float, s: float) -> None:
    for i in range(5):
        a = 2 * math.pi * i / 5
        pdf.circle(cx + s * 0.25 * math.cos(a), cy + s * 0.25 * math.sin(a), s * 0.18, style="DF")
    pdf.circle(cx, cy, s * 0.14, style="DF")


OBJECTS = {"apples": apple, "stars": star, "balls": ball, "fish": fish, "flowers": flower}
