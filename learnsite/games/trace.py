"""Letter Tracing: stroke guides for letters (A-Z, a-z) and digits, and the server's check of a child's trace.

Plain Python, no Reflex. Everything lives in a 0..100 box, y growing downwards. The three writing
lines are TOP (capitals, ascenders), MIDDLE (x-height) and BASE; descenders reach below BASE.

Each letter is a list of strokes in the usual school order and direction (ball and stick: top to bottom,
left to right, circles counter-clockwise), those of the printed tracing sheets (learnsite/sheets/strokes.py)
scaled into the box. A stroke is a polyline; its first point is the start dot. Checkpoints are spread
along each stroke every ~CHECKPOINT_SPACING units, both ends included. A trace is accepted when the child's
ink passes every checkpoint, in order, within RADIUS (a finger's width), without much ink far from the
letter and without an overlong path (scribbles).
"""

from __future__ import annotations

import json
import math
import string
from functools import lru_cache

from learnsite.sheets.strokes import GLYPHS

Point = tuple[float, float]

TOP, MIDDLE, BASE = 8, 40, 72
RADIUS = 12  # how close the ink must come to a checkpoint (a child's fingertip on a phone)
CHECKPOINT_SPACING = 14
FAR = 16  # ink further than this from every stroke is "off the letter"
MAX_FAR_SHARE = 0.15  # at most this share of the ink may be off the letter
MAX_LENGTH_FACTOR, LENGTH_SLACK = 1.8, 40  # ink length at most 1.8 x the letter's + 40 units
MAX_STROKES, MAX_POINTS = 20, 300
MIN_COORD, MAX_COORD = -10, 110
LENGTH_STEP = 5.0  # ink length is measured over points this far apart (finger jitter does not count)
STEP = 3.0  # the ink is resampled this finely before it is compared
HEADING_SPAN, HEADING_LOOK = 6.0, 40  # the way the ink goes at a point is measured over this much of it


# ---------------------------------------------------------------- the letters, as the tracing sheets draw them

UNIT = 32  # one sheet line gap (learnsite/sheets/strokes.py): TOP to MIDDLE, MIDDLE to BASE
DOT = 4  # an i or j dot (one point on the sheet) is a tiny stroke here: a tap covers it
SHARED, SHIFT = 8, 12  # a start this near an earlier one has its numbered dot drawn this far along its stroke
DOT_R = 4.4  # a numbered dot's radius (assets/js/trace_canvas.js)
APART = 10  # numbered dots' centres at least this far apart: a gap between them (2 x DOT_R touch)
ARROW_IN = 18  # a stroke's arrow stands about this far along it: early, to show the way
ARROW_STEP = 1.5  # the places along a stroke tried for its arrow
DOT_CLEAR = 9  # an arrow's centre this far from another stroke's dot: the dot (4.4) and the arrow (4) do not touch
OWN_DOT_CLEAR = 8  # and from its own, which it may just touch ("2▶": start here, go this way)
OTHERS_DOT = 20  # nearer another dot than its own, and closer than this, an arrow reads as that dot's way
CROSSING = 6  # an arrow's centre this far from every other stroke: not on a crossing
BESIDE = 8  # an arrow beside its stroke stands this far off it (the stroke's dots and the arrow do not touch)


def _scaled(strokes: list[list[Point]]) -> list[list[Point]]:
    """A sheet glyph in the game's box: its lines on TOP, MIDDLE and BASE, centred across."""
    xs = [x for stroke in strokes for x, _ in stroke]
    shift = 50 - UNIT * (min(xs) + max(xs)) / 2
    out = []
    for stroke in strokes:
        line = [(shift + UNIT * x, TOP + UNIT * y) for x, y in stroke]
        out.append(line if len(line) > 1 else [line[0], (line[0][0], line[0][1] + DOT)])
    return out


# the same shapes, strokes, order and directions as the printed tracing sheets: a child (and a teacher) meets one
# way of writing each letter on the site
_STROKES: dict[str, list[list[Point]]] = {ch: _scaled(glyph) for ch, glyph in GLYPHS.items()}
LETTERS: tuple[str, ...] = tuple(string.ascii_uppercase + string.ascii_lowercase + string.digits)


# ---------------------------------------------------------------- geometry

def _length(line: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(line, line[1:]))


def _along(line: list[Point], spacing: float) -> list[Point]:
    """Points every ~`spacing` units along a polyline, both ends included (evenly spaced)."""
    total = _length(line)
    if total == 0:
        return [line[0]]
    count = max(1, math.ceil(total / spacing))
    targets = [total * i / count for i in range(count + 1)]
    out: list[Point] = []
    walked, i = 0.0, 0
    for a, b in zip(line, line[1:]):
        seg = math.dist(a, b)
        while i < len(targets) and targets[i] <= walked + seg + 1e-9:
            t = 0.0 if seg == 0 else (targets[i] - walked) / seg
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            i += 1
        walked += seg
    while len(out) < len(targets):
        out.append(line[-1])
    return out


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _distance_to_strokes(p: Point, strokes: list[list[Point]]) -> float:
    return min(_segment_distance(p, a, b) if a != b else math.dist(p, a)
               for line in strokes for a, b in zip(line, line[1:] or line))


def _rounded(line: list[Point]) -> list[tuple[int, int]]:
    return [(round(x), round(y)) for x, y in line]


def _deduped(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Without a point equal to the one before (a stroke that goes back up the way it came down)."""
    return [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]


def _angle(a: Point, b: Point) -> int:
    """Direction from a to b in screen degrees (0 = right, 90 = down)."""
    return round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))) % 360


# ---------------------------------------------------------------- the guide

def _normal(letter: str) -> str | None:
    if not isinstance(letter, str) or len(letter) != 1:
        return None
    return letter if letter in _STROKES else None


@lru_cache(maxsize=None)
def _guide(letter: str) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """(strokes, checkpoints per stroke), all in integer coordinates."""
    strokes = tuple(tuple(_rounded(line)) for line in _STROKES[letter])
    checkpoints = tuple(tuple(_deduped(_rounded(_along([(float(x), float(y)) for x, y in line], CHECKPOINT_SPACING))))
                        for line in strokes)
    return strokes, checkpoints


def _first_way(line: tuple[tuple[int, int], ...]) -> int:
    """The way a stroke sets off (measured 12 to 24 units in, past the start's wobble), in screen degrees."""
    points = _along([(float(x), float(y)) for x, y in line], 6)
    return _angle(points[min(2, len(points) - 2)], points[min(4, len(points) - 1)])


def _dots(strokes: tuple[tuple[tuple[int, int], ...], ...]) -> list[tuple[int, int]]:
    """Where the numbered start dots are drawn: a start shared with an earlier stroke's (A, B, M) moves SHIFT along
    the way its stroke sets off, so both numbers show (the dots of r 4.4 units apart touched and read as one)."""
    out: list[tuple[int, int]] = []
    for i, line in enumerate(strokes):
        (x, y), way = line[0], math.radians(_first_way(line))
        shared = any(math.dist(line[0], earlier[0]) < SHARED for earlier in strokes[:i])
        out.append((round(x + SHIFT * math.cos(way)), round(y + SHIFT * math.sin(way))) if shared else
                   _apart((x, y), out))
    return out


def _apart(start: tuple[int, int], earlier: list[tuple[int, int]]) -> tuple[int, int]:
    """A start near, not on, an earlier dot (a, g and q: the stem's top 8 units from the bowl's start) has its dot
    moved straight away from that one until they no longer touch, by less than a radius: it still covers its
    start, and "2" is not read as part of "1"."""
    near = min(earlier, key=lambda d: math.dist(start, d), default=None)
    gap = math.dist(start, near) if near else APART
    if gap >= APART or gap == 0:
        return start
    push = min(APART - gap, DOT_R - 1) / gap
    x, y = start[0] + push * (start[0] - near[0]), start[1] + push * (start[1] - near[1])
    return math.ceil(x) if x > start[0] else math.floor(x), math.ceil(y) if y > start[1] else math.floor(y)


def _is_dot(line: list[Point]) -> bool:
    """An i's or j's dot: a tiny stroke a tap covers, which goes no way."""
    return _length(line) <= 2 * DOT


def _arrow(strokes: tuple[tuple[tuple[int, int], ...], ...], i: int, dots: list[tuple[int, int]]) -> dict | None:
    """Where stroke i's direction arrow stands and where it points: on its stroke about ARROW_IN along, else
    beside it (on either side, BESIDE off), at the first place that keeps clear of every numbered dot,
    is not by another dot rather than its own (it would read as that number's way), is not on another stroke (t's
    bar arrow stood on its stem) and, beside, keeps off every stroke. A dot has none.
    On n's stem it stood under dot 2 (the arch starts halfway up), on T's bar against dot 1 ("2 ▶ 1" read as
    "1 ▶"); where no place fits, it keeps the old one, ARROW_IN along."""
    line = [(float(x), float(y)) for x, y in strokes[i]]
    if _is_dot(line):
        return None
    points = _along(line, ARROW_STEP)
    last = len(points) - 1
    lines = [[(float(x), float(y)) for x, y in other] for other in strokes]
    other_lines = [other for j, other in enumerate(lines) if j != i]

    def way(k: int) -> Point:
        (ax, ay), (bx, by) = points[max(0, k - 2)], points[min(last, k + 2)]
        n = math.hypot(bx - ax, by - ay) or 1.0
        return (bx - ax) / n, (by - ay) / n

    def fits(at: Point, beside: bool) -> bool:
        room = [math.dist(at, d) for d in dots]
        own = room[i]
        others = [r for j, r in enumerate(room) if j != i]
        return (own >= OWN_DOT_CLEAR and all(r >= DOT_CLEAR and not (r < OTHERS_DOT and r <= own + 1) for r in others)
                and -2 <= at[0] <= 102 and -2 <= at[1] <= 102
                and (not beside or _distance_to_strokes(at, lines) >= BESIDE - 1)
                and (not other_lines or _distance_to_strokes(at, other_lines) >= CROSSING))

    ideal = min(round(ARROW_IN / ARROW_STEP), last)
    along = sorted(range(min(4, last), max(ideal, last - 2) + 1), key=lambda k: abs(k - ideal))
    tries = [(points[k], k) for k in along] + [
        ((points[k][0] + side * way(k)[1] * BESIDE, points[k][1] - side * way(k)[0] * BESIDE), k)
        for k in sorted(range(min(2, last), last + 1), key=lambda k: abs(k - ideal)) for side in (1, -1)]
    at, k = next(((p, k) for n, (p, k) in enumerate(tries) if fits(p, n >= len(along))), (points[ideal], ideal))
    dx, dy = way(k)
    return {"x": round(at[0]), "y": round(at[1]), "angle": round(math.degrees(math.atan2(dy, dx))) % 360}


def letter_guide(letter: str) -> dict:
    """Everything a canvas needs to draw the dotted guide of `letter` (JSON-able).

    {"letter", "lines": {"top", "middle", "base"}, "strokes": [[[x, y], ...], ...],
     "starts": [[x, y], ...], "dots": [[x, y], ...] (where the numbered start dots are drawn),
     "checkpoints": [[[x, y], ...], ...] (per stroke, in order),
     "arrows": [{"x", "y", "angle"} or None, ...] (per stroke, None for a dot; angle in screen degrees,
     0 = right, 90 = down),
     "radius": RADIUS}. Raises ValueError for a letter without a guide.
    """
    key = _normal(letter)
    if key is None:
        raise ValueError("no tracing guide for this letter")
    return json.loads(_guide_text(key))  # a copy of its own for each round: the caller may change it


@lru_cache(maxsize=None)  # one per glyph: placing the arrows takes about 0.6 ms, and Play Again weighs 12 games
def _guide_text(key: str) -> str:
    strokes, checkpoints = _guide(key)
    dots = _dots(strokes)
    return json.dumps({
        "letter": key,
        "lines": {"top": TOP, "middle": MIDDLE, "base": BASE},
        "strokes": [[list(p) for p in line] for line in strokes],
        "starts": [list(line[0]) for line in strokes],
        "dots": [list(p) for p in dots],
        "checkpoints": [[list(p) for p in cps] for cps in checkpoints],
        "arrows": [_arrow(strokes, i, dots) for i in range(len(strokes))],
        "radius": RADIUS,
    })


# ---------------------------------------------------------------- the check

def _clean(strokes: object) -> list[list[Point]] | None:
    """The ink as float polylines, or None when the payload is malformed or too big."""
    if not isinstance(strokes, list) or not 0 < len(strokes) <= MAX_STROKES:
        return None
    out: list[list[Point]] = []
    total = 0
    for stroke in strokes:
        if not isinstance(stroke, list):
            return None
        total += len(stroke)
        if total > MAX_POINTS:
            return None
        line: list[Point] = []
        for point in stroke:
            if (not isinstance(point, (list, tuple)) or len(point) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in point)
                    or not all(MIN_COORD <= v <= MAX_COORD for v in point)):
                return None
            line.append((float(point[0]), float(point[1])))
        if line:
            out.append(line)
    return out or None


def _thinned(line: list[Point], step: float) -> list[Point]:
    """The polyline without points closer than `step` to the last kept one (ends kept)."""
    out = [line[0]]
    for p in line[1:-1]:
        if math.dist(p, out[-1]) >= step:
            out.append(p)
    if len(line) > 1:
        out.append(line[-1])
    return out


def _resampled(line: list[Point]) -> list[Point]:
    out = [line[0]]
    for a, b in zip(line, line[1:]):
        steps = max(1, math.ceil(math.dist(a, b) / STEP))
        out.extend((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(1, steps + 1))
    return out


def check_trace(letter: str, strokes: list[list[list[int]]]) -> bool:
    """True when the ink passes the letter's checkpoints in order and stays on the letter.

    `strokes` is the child's ink as drawn: up to MAX_STROKES strokes, MAX_POINTS points in all, integer
    coordinates in MIN_COORD..MAX_COORD. Anything else (malformed, too big, empty) is simply False.
    """
    key = _normal(letter)
    ink = _clean(strokes)
    if key is None or ink is None:
        return False
    guide_strokes, checkpoints = _guide(key)
    guide = [[(float(x), float(y)) for x, y in line] for line in guide_strokes]

    ink_length = sum(_length(_thinned(line, LENGTH_STEP)) for line in ink)  # a shaky hand is not a scribble
    if ink_length > MAX_LENGTH_FACTOR * sum(_length(line) for line in guide) + LENGTH_SLACK:
        return False  # scribbling over everything

    points = [p for line in ink for p in _resampled(line)]
    far = sum(1 for p in points if _distance_to_strokes(p, guide) > FAR)
    if far > MAX_FAR_SHARE * len(points):
        return False

    # Greedy in-order matching is exact for "is the checkpoint list a subsequence of the ink's visits", each visit
    # going the stroke's way: on a short stroke one spot of ink is near all its checkpoints, and the stick of an
    # "a" drawn upwards, or an "f"'s bar drawn leftwards, passed them all at once in order.
    targets = [target for cps in checkpoints for target in zip(cps, _headings(cps))]
    next_cp = 0
    for p, going in _visits(ink):
        while next_cp < len(targets) and math.dist(p, targets[next_cp][0]) <= RADIUS and _along_the_way(
                going, targets[next_cp][1]):
            next_cp += 1
        if next_cp == len(targets):
            return True
    return False


def _headings(cps: tuple[tuple[int, int], ...]) -> list[Point | None]:
    """The way a stroke goes as it comes to each of its checkpoints: none at its start, nor on a dot (a tap)."""
    if _is_dot([(float(x), float(y)) for x, y in cps]):
        return [None] * len(cps)
    return [None] + [(bx - ax, by - ay) for (ax, ay), (bx, by) in zip(cps, cps[1:])]


def _visits(ink: list[list[Point]]) -> list[tuple[Point, Point | None]]:
    """The ink resampled, each point with the way its line goes there: from the last point at least HEADING_SPAN
    back (the canvas sends points 1.2 units apart, rounded: a finger's wobble turns the way between two of them
    round), or at a line's start to the first that far on; none for a tap."""
    out: list[tuple[Point, Point | None]] = []
    for line in ink:
        points = _resampled(line)
        for j, p in enumerate(points):
            # (looked for among the HEADING_LOOK points each side: ink balled up in one spot costs no more)
            back = next((q for q in reversed(points[max(0, j - HEADING_LOOK):j]) if math.dist(p, q) >= HEADING_SPAN),
                        None)
            on = None if back else next((q for q in points[j + 1:j + 1 + HEADING_LOOK]
                                         if math.dist(p, q) >= HEADING_SPAN), None)
            a, b = (back, p) if back else (p, on)
            out.append((p, (b[0] - a[0], b[1] - a[1]) if a and b else None))
    return out


def _along_the_way(going: Point | None, heading: Point | None) -> bool:
    """The ink goes less than a right angle off the stroke's way (or one of the two is unknown)."""
    return going is None or heading is None or going[0] * heading[0] + going[1] * heading[1] > 0
