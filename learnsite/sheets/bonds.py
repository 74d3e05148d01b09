"""Number bonds: a whole in the top circle, two parts below; one of the three is left blank."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import accumulate

from learnsite.sheets.drills import draw_key, zero_share
from learnsite.sheets.layout import SheetPdf, numbered_cells, rng_for
from learnsite.sheets.options import SheetOptions
from learnsite.variety import picked, varied

COLS, ROWS = 3, 4
MISSING = ("whole", "left", "right")


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
        """The key's line, the blank circle's number in brackets: "10 = [0] + 10" (a teacher had to work out
        which number the child wrote)."""
        whole, left, right = (f"[{v}]" if name == self.missing else str(v)
                              for name, v in zip(MISSING, (self.whole, self.left, self.right)))
        return f"{whole} = {left} + {right}"

    @property
    def fact(self) -> tuple[int, int]:
        """What the bond teaches: 8 is 3 and 5, the same fact as 8 = 5 + 3."""
        return self.whole, min(self.left, self.right)

    @property
    def question(self) -> tuple:
        """What the child reads and writes, whichever side each number is drawn: 20 = 17 + [3] and 20 = [3] + 17
        both show 20 and 17 and want 3 (a teacher found the pair on one sheet)."""
        if self.missing == "whole":
            return "whole", min(self.left, self.right), max(self.left, self.right)
        return "part", self.whole, self.right if self.missing == "left" else self.left


def plan(options: SheetOptions) -> list[Bond]:
    """options.count bonds, each a fact not yet on the sheet (8 = 3 + 5 is 8 = 5 + 3, whichever circle is blank)
    while the range holds new ones; then the facts again, each asking a question asked least so far (20 = 17 + [3]
    again as 20 = 3 + [17], not as 20 = [3] + 17). The wholes come up about
    as often as one another, and so do the smaller parts: not a run of 1 + 8, 1 + 4, 1 + 9; neighbours differ in
    both where they can. As in the drills, at most one bond in ZERO_SHARE has a 0 part (7 = 7 + 0): one fact, not
    a quarter of the sheet; wholes up to 2 keep theirs, and so does a range with too few bonds without a 0 for the
    sheet ("Number bonds to 5" draws all 12 ways to make 5, 5 = 5 + [0] among them, not one twice)."""
    rng = rng_for(options)
    wholes = range(options.low, options.high + 1)
    one_whole = options.low == options.high
    facts = ((whole, part) for whole in wholes for part in range(whole // 2 + 1))
    # a range with fewer bonds than the sheet (wholes 2-3) draws some twice whatever the tries
    tries = TRIES if any(n >= options.count for n in accumulate(len(_ways(f, one_whole)) for f in facts)) else 1
    for _ in range(tries):
        bonds = _plan(rng, options)
        if len(set(bonds)) == len(bonds):
            break
    return bonds


# tries at a sheet with no bond drawn twice: "Number bonds to 5" has exactly 12 bonds for its 12, and the rules on
# neighbours can leave its last one a bond already drawn (about 1 sheet in 10 at the first try)
TRIES = 20


def _plan(rng, options: SheetOptions) -> list[Bond]:
    wholes = range(options.low, options.high + 1)
    capped = options.high >= 3
    # of each whole's facts, a few more than the sheet can use (wholes 2-100 have 2,500; 48 bonds use 48)
    enough = -(-options.count // len(wholes)) + 2
    facts = [(whole, part) for whole in wholes for part in picked(rng, range(capped, whole // 2 + 1), enough)]
    if capped:
        facts += picked(rng, [(whole, 0) for whole in wholes], zero_share(options.count))
    one_whole = options.low == options.high
    bonds: list[Bond] = []
    pool = facts
    while len(bonds) < options.count:
        # the whole pool in play order, though fewer may be needed: the last bonds of a sheet still have a choice
        after = bonds[-1].fact if bonds else None
        order = varied(rng, pool, len(pool), lambda f: f[0], lambda f: f[1], after=after)
        while order and len(bonds) < options.count:
            # the next fact, unless its only new ways blank the circle blanked twice just before: then the first
            # that has another (with two circles to blank, "pairs that make 10" ran left, left, left)
            last = bonds[-1].fact if bonds else None
            at = next((i for i, fact in enumerate(order)
                       if (i == 0 or fact != last) and _fresh(_ways(fact, one_whole), bonds)), 0)
            bonds.append(_new_bond(rng, _ways(order.pop(at), one_whole), bonds))
        if capped and _drawings([fact for fact in facts if fact[1]], one_whole) >= options.count:
            # the zeros had their share in the first pass, unless the sheet needs them not to draw a bond twice
            # ("Number bonds to 5" has 8 bonds without a 0 for its 12: 5 = 5 + [0] is better than one drawn again)
            facts = [fact for fact in facts if fact[1]]
        # next, the facts that can ask a question asked least so far (10 = 5 + 5 asks one question, 10 = 2 + 8 two)
        times = Counter(bond.question for bond in bonds)
        least = min(times[way.question] for fact in facts for way in _ways(fact, one_whole))
        pool = [fact for fact in facts if any(times[way.question] == least for way in _ways(fact, one_whole))]
    return bonds



def _ways(fact: tuple[int, int], one_whole: bool) -> list[Bond]:
    """The bonds that ask the fact: its parts either way round, any circle blank (the whole only above 5, and never
    on a sheet of one whole: "pairs that make 10" asked for 10 each time)."""
    whole, part = fact
    blanks = MISSING if whole > 5 and not one_whole else MISSING[1:]
    return [Bond(whole, left, whole - left, missing) for left in sorted({part, whole - part}) for missing in blanks]


def _drawings(facts: list[tuple[int, int]], one_whole: bool) -> int:
    """How many different bonds ask the facts."""
    return len({way for fact in facts for way in _ways(fact, one_whole)})


def _twice(bonds: list[Bond]) -> str | None:
    """The circle blanked in both of the last two bonds, if one was."""
    return bonds[-1].missing if len(bonds) >= 2 and bonds[-1].missing == bonds[-2].missing else None


def _least_asked(ways: list[Bond], bonds: list[Bond]) -> list[Bond]:
    """The ways whose question is on the sheet least often (not yet, while one is new)."""
    times = Counter(bond.question for bond in bonds)
    least = min(times[way.question] for way in ways)
    return [way for way in ways if times[way.question] == least]


def _fresh(ways: list[Bond], bonds: list[Bond]) -> bool:
    """Whether a way asking a question asked least is not yet drawn and blanks no circle a third time in a row (10 =
    4 + [6] came twice on "Number bonds to 10": its mirror, 10 = [6] + 4, would have blanked the left a third time,
    and another fact could have come first)."""
    twice = _twice(bonds)
    return any(bond.missing != twice and bond not in bonds for bond in _least_asked(ways, bonds))


def _new_bond(rng, ways: list[Bond], bonds: list[Bond]) -> Bond:
    """A way to ask the fact whose question is asked least so far, if it can be, without the same circle blank three
    times in a row: a question asked again too soon is the worse of the two. A question asked again is drawn the
    other way round where it can be (10 = [3] + 7 after 10 = 7 + [3]: a teacher found two bonds drawn alike)."""
    fresh, twice = _least_asked(ways, bonds), _twice(bonds)
    ways = [bond for bond in fresh if bond.missing != twice] or fresh
    return rng.choice([bond for bond in ways if bond not in bonds] or ways)


# a teacher's review: the key's brackets were left to be worked out
KEY_NOTE = "The number in [ ] is the one that goes in the empty circle."


def heading(options: SheetOptions) -> str:
    if options.low == options.high:
        return f"Number bonds to {options.low}"
    return f"Number bonds: wholes {options.low} to {options.high}"


def draw(pdf: SheetPdf, options: SheetOptions, bonds: list[Bond]) -> None:
    for number, bond, (x, y, w, h) in numbered_cells(
            pdf, bonds, "Write the missing number in the empty circle.", COLS, ROWS):
        _bond(pdf, number, bond, x, y, w, h)
    if options.answer_key:
        draw_key(pdf, pdf.label, [b.text() for b in bonds], cols=3, note=KEY_NOTE)


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
