"""Number bonds: a whole in the top circle, two parts below; one of the three is left blank."""

from __future__ import annotations

from dataclasses import dataclass

from learnsite.sheets.drills import ZERO_SHARE, draw_key
from learnsite.sheets.layout import SheetPdf, numbered_cells, rng_for
from learnsite.sheets.options import SheetOptions

COLS, ROWS = 3, 4
MISSING = ("whole", "left", "right")
TRIES = 50  # draws for a bond not yet on the sheet before one may repeat


@dataclass(frozen=True)
class Bond:
    whole: int
    left: int
    right: int
    missing: str  # which circle is blank

    def shown(self) -> list[int]:
        """The numbers printed, in drawing order (whole, left, right), without the blank one."""
        return [v for name, v in zip(MISSING, (self.whole, self.left, self.right)) if name != self.missing]

    def answer(self) -> int:
        return {"whole": self.whole, "left": self.left, "right": self.right}[self.missing]

    def text(self) -> str:
        return f"{self.whole} = {self.left} + {self.right}"

    @property
    def fact(self) -> tuple[int, int]:
        """What the bond teaches: 8 is 3 and 5, the same fact as 8 = 5 + 3."""
        return self.whole, min(self.left, self.right)

    @property
    def has_zero(self) -> bool:
        return self.left == 0 or self.right == 0


def plan(options: SheetOptions) -> list[Bond]:
    """options.count bonds, none repeating a fact already on the sheet (8 = 3 + 5 or 5 + 3, whichever circle is
    blank) while the range holds new ones; then a known fact with a new blank; a range as narrow as 0-1 has only
    a few bonds, and then one may come again. As in the drills, at most one bond in ZERO_SHARE has a 0 part
    (7 = 7 + 0): one fact, not a quarter of the sheet; wholes up to 2 keep theirs."""
    rng = rng_for(options)
    zeros_left = options.count if options.high < 3 else max(1, options.count // ZERO_SHARE)
    bonds: list[Bond] = []
    facts: set[tuple[int, int]] = set()
    for _ in range(options.count):
        new_blank = None
        for _ in range(TRIES):
            bond = _draw(rng, options)
            if bond.has_zero and zeros_left <= 0:
                continue
            if bond.fact not in facts:
                break
            if new_blank is None and bond not in bonds:
                new_blank = bond
        else:
            bond = new_blank or bond
        zeros_left -= bond.has_zero
        facts.add(bond.fact)
        bonds.append(bond)
    return bonds


def _draw(rng, options: SheetOptions) -> Bond:
    whole = rng.randint(options.low, options.high)
    left = rng.randint(0, whole)
    missing = rng.choice(MISSING) if whole > 5 else rng.choice(MISSING[1:])
    return Bond(whole, left, whole - left, missing)


def draw(pdf: SheetPdf, options: SheetOptions, bonds: list[Bond]) -> None:
    for number, bond, (x, y, w, h) in numbered_cells(
            pdf, bonds, "Write the missing number in the empty circle.", COLS, ROWS):
        _bond(pdf, number, bond, x, y, w, h)
    if options.answer_key:
        draw_key(pdf, pdf.label, [b.text() for b in bonds], cols=3)


def _bond(pdf: SheetPdf, number: int, bond: Bond, x: float, y: float, w: float, h: float) -> None:
    pdf.text_at(x + 2, y + 2, f"{number}.", 10)
    r = min(w, h) * 0.17
    cx = x + w / 2
    top = (cx, y + 4 + r)
    left = (cx - r * 1.6, y + h - r - 6)
    right = (cx + r * 1.6, y + h - r - 6)
    pdf.set_line_width(0.5)
    for end in (left, right):
        pdf.line(top[0], top[1] + r, end[0], end[1] - r)
    values = {"whole": bond.whole, "left": bond.left, "right": bond.right}
    for name, (px, py) in zip(MISSING, (top, left, right)):
        pdf.set_line_width(0.9 if name == bond.missing else 0.6)
        pdf.set_fill_color(255, 255, 255)
        pdf.circle(px, py, r, style="DF")
        if name != bond.missing:
            size = 20 if values[name] < 100 else 16
            pdf.text_at(px - r, py - size * 0.2, str(values[name]), size, align="C", width=2 * r)
