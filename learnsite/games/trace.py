"""Letter Tracing: stroke guides for letters (A-Z, a-z) and digits, and the server's check of a child's trace.

Plain Python, no Reflex. Everything lives in a 0..100 box, y growing downwards. The three writing
lines are TOP (capitals, ascenders), MIDDLE (x-height) and BASE; descenders reach below BASE.

Each letter is a list of strokes in the usual school order and direction (Zaner-Bloser style: top to
bottom, left to right, circles counter-clockwise from the top). A stroke is a polyline; its first point
is the start dot. Checkpoints are spread along each stroke every ~CHECKPOINT_SPACING units, both ends
included. A trace is accepted when the child's ink passes every checkpoint, in order, within RADIUS
(a finger's width), without much ink far from the letter and without an overlong path (scribbles).
"""

from __future__ import annotations

import math
import string
from functools import lru_cache

Point = tuple[float, float]

TOP, MIDDLE, BASE = 10, 45, 80
RADIUS = 12  # how close the ink must come to a checkpoint (a child's fingertip on a phone)
CHECKPOINT_SPACING = 14
FAR = 16  # ink further than this from every stroke is "off the letter"
MAX_FAR_SHARE = 0.15  # at most this share of the ink may be off the letter
MAX_LENGTH_FACTOR, LENGTH_SLACK = 1.8, 40  # ink length at most 1.8 x the letter's + 40 units
MAX_STROKES, MAX_POINTS = 20, 300
MIN_COORD, MAX_COORD = -10, 110
LENGTH_STEP = 5.0  # ink length is measured over points this far apart (finger jitter does not count)
STEP = 3.0  # the ink is resampled this finely before it is compared


# ---------------------------------------------------------------- drawing helpers (data building only)

def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> list[Point]:
    """Points on an ellipse from angle a0 to a1 (degrees; 90 = up, growing = counter-clockwise)."""
    steps = max(2, int(abs(a1 - a0) / 15) + 1)
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy - ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]


def _join(*parts: list[Point] | Point) -> list[Point]:
    out: list[Point] = []
    for part in parts:
        for p in ([part] if isinstance(part, tuple) else part):
            if not out or math.dist(out[-1], p) > 0.5:
                out.append(p)
    return out


def _line(*points: Point) -> list[Point]:
    return list(points)


T, M, B = TOP, MIDDLE, BASE

_UPPER: dict[str, list[list[Point]]] = {
    "A": [_line((50, T), (20, B)), _line((50, T), (80, B)), _line((31, 55), (69, 55))],
    "B": [_line((25, T), (25, B)),
          _join((25, T), (52, T), _arc(52, 27.5, 18, 17.5, 90, -90), (25, M), (56, M),
                _arc(56, 62.5, 20, 17.5, 90, -90), (25, B))],
    "C": [_arc(52, 45, 30, 35, 45, 315)],
    "D": [_line((25, T), (25, B)), _join((25, T), (45, T), _arc(45, 45, 32, 35, 90, -90), (25, B))],
    "E": [_line((25, T), (25, B)), _line((25, T), (75, T)), _line((25, M), (65, M)), _line((25, B), (75, B))],
    "F": [_line((25, T), (25, B)), _line((25, T), (75, T)), _line((25, M), (65, M))],
    "G": [_arc(52, 45, 30, 35, 45, 345), _line((60, 50), (82, 50))],
    "H": [_line((22, T), (22, B)), _line((78, T), (78, B)), _line((22, M), (78, M))],
    "I": [_line((50, T), (50, B)), _line((32, T), (68, T)), _line((32, B), (68, B))],
    "J": [_join((65, T), (65, 60), _arc(46, 60, 19, 20, 0, -180)), _line((45, T), (82, T))],
    "K": [_line((25, T), (25, B)), _line((75, T), (25, 50)), _line((40, 39), (78, B))],
    "L": [_line((28, T), (28, B)), _line((28, B), (75, B))],
    "M": [_line((18, T), (18, B)), _line((18, T), (50, 60), (82, T), (82, B))],
    "N": [_line((22, T), (22, B)), _line((22, T), (78, B), (78, T))],
    "O": [_arc(50, 45, 30, 35, 90, 450)],
    "P": [_line((25, T), (25, B)), _join((25, T), (52, T), _arc(52, 29, 20, 19, 90, -90), (25, 48))],
    "Q": [_arc(50, 45, 30, 35, 90, 450), _line((58, 64), (82, 88))],
    "R": [_line((25, T), (25, B)),
          _join((25, T), (52, T), _arc(52, 29, 20, 19, 90, -90), (25, 48), (45, 48), (78, B))],
    "S": [_join(_arc(50, 27.5, 25, 17.5, 30, 270), _arc(50, 62.5, 27, 17.5, 90, -150))],
    "T": [_line((50, T), (50, B)), _line((20, T), (80, T))],
    "U": [_join((22, T), (22, 52), _arc(50, 52, 28, 28, 180, 360), (78, T))],
    "V": [_line((20, T), (50, B), (80, T))],
    "W": [_line((12, T), (30, B), (50, 30), (70, B), (88, T))],
    "X": [_line((22, T), (78, B)), _line((78, T), (22, B))],
    "Y": [_line((22, T), (50, 47)), _line((78, T), (50, 47), (50, B))],
    "Z": [_line((22, T), (78, T), (22, B), (78, B))],
}

_DIGITS: dict[str, list[list[Point]]] = {
    "0": [_arc(50, 45, 26, 35, 90, 450)],
    "1": [_line((50, T), (50, B))],
    "2": [_join(_arc(50, 30, 26, 20, 165, -30), (22, B), (78, B))],
    "3": [_join(_arc(48, 28, 25, 18, 150, -90), _arc(48, 63, 28, 17, 90, -150))],
    "4": [_line((28, T), (22, 58), (80, 58)), _line((65, T), (65, B))],
    "5": [_join((30, T), (29, 44), _arc(48, 60, 26, 20, 135, -155)), _line((30, T), (74, T))],
    "6": [_join(_arc(52, 50, 28, 36, 60, 180), _arc(50, 62, 26, 18, 180, 540))],
    "7": [_line((22, T), (78, T), (40, B))],
    "8": [_join(_arc(50, 28, 18, 18, 30, 270), _arc(50, 63, 22, 17, 90, -270), _arc(50, 28, 18, 18, -90, 30))],
    "9": [_join(_arc(50, 30, 22, 20, 0, 360), (72, B))],
}

# Lower case sits between MIDDLE and BASE; ascenders reach TOP, descenders go down to 98.
D = 98
_XC, _XR, _XRY = 62.5, 17, 17.5  # the x-height circle: centre y, radii
_DOT = 4  # an i or j dot is a tiny stroke: a tap covers it

_LOWER: dict[str, list[list[Point]]] = {
    "a": [_join(_arc(48, _XC, _XR, _XRY, 20, 360), (65, M), (65, B))],
    "b": [_join((30, T), (30, B), (30, _XC), _arc(47, _XC, _XR, _XRY, 180, -180))],
    "c": [_arc(50, _XC, _XR, _XRY, 40, 320)],
    "d": [_join(_arc(48, _XC, _XR, _XRY, 20, 360), (65, T), (65, B))],
    "e": [_join((32, _XC), (66, _XC), _arc(49, _XC, _XR, _XRY, 0, 320))],
    "f": [_join(_arc(60, 24, 12, 14, 30, 180), (48, B)), _line((34, M), (64, M))],
    "g": [_join(_arc(48, _XC, _XR, _XRY, 20, 360), (65, M), (65, 88), _arc(50, 88, 15, 10, 0, -180))],
    "h": [_join((30, T), (30, B), (30, 62), _arc(47, 62, _XR, _XRY, 180, 0), (64, B))],
    "i": [_line((50, M), (50, B)), _line((50, 28), (50, 28 + _DOT))],
    "j": [_join((56, M), (56, 88), _arc(44, 88, 12, 10, 0, -170)), _line((56, 28), (56, 28 + _DOT))],
    "k": [_line((30, T), (30, B)), _line((64, M), (30, 66), (66, B))],
    "l": [_line((50, T), (50, B))],
    "m": [_join((24, M), (24, B), (24, 60), _arc(37, 60, 13, 15, 180, 0), (50, B), (50, 60),
                _arc(63, 60, 13, 15, 180, 0), (76, B))],
    "n": [_join((30, M), (30, B), (30, 62), _arc(47, 62, _XR, _XRY, 180, 0), (64, B))],
    "o": [_arc(50, _XC, _XR, _XRY, 90, 450)],
    "p": [_join((30, M), (30, D), (30, _XC), _arc(47, _XC, _XR, _XRY, 180, -180))],
    "q": [_join(_arc(48, _XC, _XR, _XRY, 20, 360), (65, M), (65, D))],
    "r": [_join((32, M), (32, B), (32, 62), _arc(48, 60, 16, 14, 180, 30))],
    "s": [_join(_arc(50, 53.75, 15, 8.75, 30, 270), _arc(50, 71.25, 16, 8.75, 90, -150))],
    "t": [_line((50, 20), (50, B)), _line((36, M), (64, M))],
    "u": [_join((30, M), (30, 63), _arc(47, 63, _XR, _XR, 180, 360), (64, M), (64, B))],
    "v": [_line((28, M), (50, B), (72, M))],
    "w": [_line((18, M), (33, B), (50, 55), (67, B), (82, M))],
    "x": [_line((30, M), (70, B)), _line((70, M), (30, B))],
    "y": [_line((30, M), (50, B)), _line((70, M), (38, D))],
    "z": [_line((30, M), (70, M), (30, B), (70, B))],
}

_STROKES: dict[str, list[list[Point]]] = {**_UPPER, **_LOWER, **_DIGITS}
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


def _arrow(line: tuple[tuple[int, int], ...]) -> dict:
    """Where the direction arrow of a stroke sits (a little after its start) and where it points."""
    points = _along([(float(x), float(y)) for x, y in line], 6)
    at = points[min(3, len(points) - 1)]  # ~18 units in: clear of the start dot
    ahead = points[min(4, len(points) - 1)]
    before = points[min(2, len(points) - 2)]
    return {"x": round(at[0]), "y": round(at[1]), "angle": _angle(before, ahead)}


def letter_guide(letter: str) -> dict:
    """Everything a canvas needs to draw the dotted guide of `letter` (JSON-able).

    {"letter", "lines": {"top", "middle", "base"}, "strokes": [[[x, y], ...], ...],
     "starts": [[x, y], ...], "checkpoints": [[[x, y], ...], ...] (per stroke, in order),
     "arrows": [{"x", "y", "angle"}, ...] (per stroke; angle in screen degrees, 0 = right, 90 = down),
     "radius": RADIUS}. Raises ValueError for a letter without a guide.
    """
    key = _normal(letter)
    if key is None:
        raise ValueError("no tracing guide for this letter")
    strokes, checkpoints = _guide(key)
    return {
        "letter": key,
        "lines": {"top": TOP, "middle": MIDDLE, "base": BASE},
        "strokes": [[list(p) for p in line] for line in strokes],
        "starts": [list(line[0]) for line in strokes],
        "checkpoints": [[list(p) for p in cps] for cps in checkpoints],
        "arrows": [_arrow(line) for line in strokes],
        "radius": RADIUS,
    }


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

    # Greedy in-order matching is exact for "is the checkpoint list a subsequence of the ink's visits".
    targets = [cp for cps in checkpoints for cp in cps]
    next_cp = 0
    for p in points:
        while next_cp < len(targets) and math.dist(p, targets[next_cp]) <= RADIUS:
            next_cp += 1
        if next_cp == len(targets):
            return True
    return False
