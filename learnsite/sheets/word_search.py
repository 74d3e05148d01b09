"""Sight-word search: Dolch sight words hidden in a letter grid, only in the directions the sheet names."""

from __future__ import annotations

import functools
import math
import string
from dataclasses import dataclass

from fpdf.enums import StrokeCapStyle

from learnsite.sheets.layout import INK, MARGIN, SheetPdf, rng_for
from learnsite.sheets.options import SheetOptionError, SheetOptions

# Dolch lists: pre-primer, primer, first grade (words of three letters or more), less "live": a child reads a grid
# every way, and "live" reads "evil" the other way whichever way it goes (38 of the first 150 level-3 sheets had it).
WORDS = {
    1: ("and away big blue can come down find for funny help here jump little look make not one play red run said "
        "see the three two where yellow you").split(),
    2: ("all are ate black brown but came did eat four get good have into like must new now our out please "
        "pretty ran ride saw say she soon that there they this too under want was well went what white who "
        "will with yes").split(),
    3: ("after again any ask could every fly from give going had has her him his how just know let may "
        "old once open over put round some stop take thank them then think walk were when").split(),
}
# What each level's words are called where a parent picks a sheet (the starters' titles), and on the printed sheet.
LEVEL_NAMES = {1: "first words", 2: "primer words", 3: "harder words"}
SIZES = {1: 8, 2: 10, 3: 12}
# Largest grid cell (mm) at each level: big letters for 5-6 year olds, yet a 12x12 grid still fits the page.
CELL_MAX = {1: 20.0, 2: 17.0, 3: 15.0}
WORD_ROW, KEY_ROW = 10.0, 7.0  # mm from one line of the word list (the answer key's list) to the next
DIRECTIONS = {  # name, (row step, column step), arrow
    "across": ((0, 1), "→"),
    "down": ((1, 0), "↓"),
    "diagonal": ((1, 1), "↘"),
    "backwards": ((0, -1), "←"),
    "up": ((-1, 0), "↑"),
}
LEVEL_DIRECTIONS = {1: ("across", "down"), 2: ("across", "down", "diagonal"),
                    3: ("across", "down", "diagonal", "backwards", "up")}
TRIES = 400
# Words a child must not find by chance in the random letters, read any of the 8 ways a child scans a grid;
# fresh letters are drawn until none shows and each listed word shows once (a second "the" would puzzle them).
# Three letters are enough: "nig", "cum" and "fuk" turned up in about 7 % of sheets with the first, short list.
UNWANTED = frozenset("""
ass arse bum butt poo poop pee wee wees piss fart turd crap shit sht shat cack barf
fuck fuk fck fuc fuq phuk cunt cnt twat twt dick dik dic cock cok kok coc knob nob tit boob boobs willy minge
fanny muff puss anus anal cum semen sperm dildo horny sexy sex nude naked porn smut shag hump fap suck
slut whore hoe hooker pimp bitch wank jizz bugger bollock git prat sod tosser damn hell
fag gay homo lesbo dyke poof tranny queer nig nigg niga niger coon wog paki chink gook spic kike jap
spaz retard tard mong cripple idiot stupid dumb ugly fat loser
nazi kkk rape kill kys die dead death murder shoot gun stab bomb hate evil moron jerk freak liar
""".split())
SIGHT_WORDS = frozenset(w for level in WORDS.values() for w in level)
# The random letters leave out b, d, p and q: mirror images of each other that a child with dyslexia mixes up,
# which made a search far harder for them (a word to find keeps its own).
FILLER = "".join(ch for ch in string.ascii_lowercase if ch not in "bdpq")
LAYOUTS, FILLS = 20, 20  # placements of the words, and fresh letters for each (most fills read well)


@dataclass(frozen=True)
class Placement:
    word: str
    row: int
    col: int
    direction: str

    def cells(self) -> list[tuple[int, int]]:
        (dr, dc), _ = DIRECTIONS[self.direction]
        return [(self.row + i * dr, self.col + i * dc) for i in range(len(self.word))]

    def text(self) -> str:
        arrow = DIRECTIONS[self.direction][1]
        return f"{self.word}: row {self.row + 1}, column {self.col + 1}, {self.direction} {arrow}"


@dataclass(frozen=True)
class Puzzle:
    grid: tuple[str, ...]  # one string per row
    placements: tuple[Placement, ...]
    directions: tuple[str, ...]


def plan(options: SheetOptions) -> Puzzle:
    rng = rng_for(options)
    size = SIZES[options.level]
    directions = LEVEL_DIRECTIONS[options.level]
    for attempt in range(LAYOUTS):
        grid, placements = _layout(rng, options, size, directions)
        if len(placements) < options.count:
            if attempt == 0:
                raise SheetOptionError(f"Only {len(placements)} words fit this grid: choose fewer words.", "count")
            continue
        words = [p.word for p in placements]
        for _ in range(FILLS):
            filled = ["".join(ch or rng.choice(FILLER) for ch in row) for row in grid]
            if reads_well(filled, words):
                return Puzzle(tuple(filled), tuple(sorted(placements, key=lambda p: p.word)), directions)
    raise SheetOptionError("These words make a puzzle that is hard to read: try a new sheet number.")


def _layout(rng, options: SheetOptions, size: int, directions) -> tuple[list[list[str | None]], list[Placement]]:
    """The words placed in an empty grid (None where a random letter goes)."""
    grid: list[list[str | None]] = [[None] * size for _ in range(size)]
    placements: list[Placement] = []
    candidates = [w for w in WORDS[options.level] if len(w) <= size and hideable(w)]
    rng.shuffle(candidates)
    for word in candidates:
        if len(placements) == options.count:
            break
        if any(_overlap(word, p.word) for p in placements):
            continue
        placement = _place(rng, grid, word, _fewest_first(directions, placements))
        if placement:
            placements.append(placement)
            for (r, c), ch in zip(placement.cells(), word):
                grid[r][c] = ch
    return grid, placements


@functools.cache  # asked of every word of a level at each of a sheet's layouts
def hideable(word: str) -> bool:
    """Whether the word may go in a grid: a child reads every line both ways, so a word that holds an unwanted word
    either way ("live" is "evil" backwards) shows it whichever way it goes, not only placed backwards or up, and
    no fill of the letters around it could read well."""
    return not any(u in word or u in word[::-1] for u in UNWANTED)


def _fewest_first(directions, placements: list[Placement]) -> list[str]:
    """The sheet's directions, the one with fewest words so far first: every way the sheet names gets a word
    ("hidden five ways" had no diagonal word) and none gets most of them (7 of 8 went down on the first sheet).
    Ties go in the level's order, across first: the way young readers find words most easily."""
    used = [p.direction for p in placements]
    return sorted(directions, key=used.count)


def _overlap(a: str, b: str) -> bool:
    """One word read inside the other, either way ("here" in "where", "saw" in "was" backwards): the child would
    find it in two places."""
    return a in b or b in a or a[::-1] in b or b[::-1] in a


def _lines(grid) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every row, column and diagonal of the grid, each forwards and backwards, with its cells."""
    size, out = len(grid), []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r0 in range(size):
            for c0 in range(size):
                if 0 <= r0 - dr < size and 0 <= c0 - dc < size:
                    continue  # not where a line starts
                cells, r, c = [], r0, c0
                while 0 <= r < size and 0 <= c < size:
                    cells.append((r, c))
                    r, c = r + dr, c + dc
                text = "".join(grid[y][x] for y, x in cells)
                out += [(text, cells), (text[::-1], cells[::-1])]
    return out


def occurrences(grid, word: str, lines=None) -> set[frozenset[tuple[int, int]]]:
    """The places `word` can be read in the grid, any of the 8 ways (a palindrome read both ways is one place)."""
    found = set()
    for text, cells in lines if lines is not None else _lines(grid):
        i = text.find(word)
        while i >= 0:
            found.add(frozenset(cells[i:i + len(word)]))
            i = text.find(word, i + 1)
    return found


def reads_well(grid, words) -> bool:
    """No unwanted word anywhere, each word to find in one place only, and none of them read on into a longer
    sight word by the letters beside it ("her" followed by an "e" is "here": the child circles that)."""
    lines = _lines(grid)
    if any(occurrences(grid, w, lines) for w in UNWANTED):
        return False
    places = {w: occurrences(grid, w, lines) for w in words}
    if any(len(found) != 1 for found in places.values()):
        return False
    for w, found in places.items():
        (cells,) = found
        for longer in SIGHT_WORDS:
            if w in longer and w != longer and any(cells < place for place in occurrences(grid, longer, lines)):
                return False
    return True


def _place(rng, grid, word: str, directions) -> Placement | None:
    """A free place for the word in the first of the directions that has one."""
    size = len(grid)
    for direction in directions:
        (dr, dc), _ = DIRECTIONS[direction]
        for _ in range(TRIES):
            row, col = rng.randrange(size), rng.randrange(size)
            end_r, end_c = row + dr * (len(word) - 1), col + dc * (len(word) - 1)
            if not (0 <= end_r < size and 0 <= end_c < size):
                continue
            p = Placement(word, row, col, direction)
            if all(grid[r][c] in (None, ch) for (r, c), ch in zip(p.cells(), word)):
                return p
    return None


def _directions_text(directions) -> str:
    names = [f"{name} {DIRECTIONS[name][1]}" for name in directions]
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def heading(options: SheetOptions) -> str:
    """The level's words and how many, as the starters are titled: the four sight-word starters all printed
    "Sight-word search", and a parent could not tell the pages apart."""
    return f"{options.spec.label}: {LEVEL_NAMES[options.level]}, {options.count} to find"


def draw(pdf: SheetPdf, options: SheetOptions, puzzle: Puzzle) -> None:
    title = pdf.label
    top = pdf.start_page(title, f"Find each word and circle it. Words go {_directions_text(puzzle.directions)}.")
    size, count = len(puzzle.grid), len(puzzle.placements)
    cell = _cell(pdf, options.level, size, top, 6 + _word_list_height(count))
    _draw_grid(pdf, puzzle, top, cell)
    _word_list(pdf, puzzle, top + cell * size + 6)
    if options.answer_key:
        top = pdf.start_page(title, key=True)
        # the key's grid is the sheet's grid, so a teacher can lay one page on the other
        cell = min(cell, _cell(pdf, options.level, size, top, 5 + _key_list_height(count)))
        _draw_grid(pdf, puzzle, top, cell, answers=True)
        y = top + cell * size + 5
        for i, p in enumerate(puzzle.placements):
            pdf.text_at(MARGIN + (i % 2) * pdf.content_w / 2, y + (i // 2) * KEY_ROW, p.text(), 11)


def _word_list_height(count: int) -> float:
    """From the top of "Words to find:" to the foot of its last row of words (16 pt, four to a row)."""
    return 9 + (math.ceil(count / 4) - 1) * WORD_ROW + 7


def _key_list_height(count: int) -> float:
    return (math.ceil(count / 2) - 1) * KEY_ROW + 5  # 11 pt lines, two to a row


def _cell(pdf: SheetPdf, level: int, size: int, top: float, below: float) -> float:
    """The largest cell (mm) that fits the grid across the page and, with `below` under it, above the footer."""
    return min(CELL_MAX[level], pdf.content_w / size, (pdf.body_bottom - top - below) / size)


def _draw_grid(pdf: SheetPdf, puzzle: Puzzle, top: float, cell: float, answers: bool = False) -> None:
    size = len(puzzle.grid)
    x0 = MARGIN + (pdf.content_w - cell * size) / 2
    if answers:
        with pdf.local_context(line_width=cell * 0.55, draw_color=(200, 200, 200),
                               stroke_cap_style=StrokeCapStyle.ROUND):
            for p in puzzle.placements:
                (r0, c0), (r1, c1) = p.cells()[0], p.cells()[-1]
                pdf.line(x0 + (c0 + 0.5) * cell, top + (r0 + 0.5) * cell,
                         x0 + (c1 + 0.5) * cell, top + (r1 + 0.5) * cell)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.5)
    pdf.rect(x0, top, cell * size, cell * size)
    size_pt = cell * 1.55
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            pdf.text_at(x0 + c * cell, top + r * cell + (cell - size_pt * 0.406) / 2, ch, size_pt, align="C",
                        width=cell)


def _word_list(pdf: SheetPdf, puzzle: Puzzle, y: float) -> None:
    pdf.text_at(MARGIN, y, "Words to find:", 14, bold=True)
    col_w = pdf.content_w / 4
    for i, p in enumerate(puzzle.placements):
        col, row = i % 4, i // 4
        bx, by = MARGIN + col * col_w, y + 9 + row * WORD_ROW
        pdf.set_line_width(0.4)
        pdf.rect(bx, by + 1, 4.5, 4.5)
        pdf.text_at(bx + 7, by, p.word, 16)
