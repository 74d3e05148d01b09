"""Ball-and-stick stroke data for A-Z, a-z and 0-9, in the order and direction a child writes them.

Units: y = 0 top line, 1 dashed middle line, 2 base line, up to 2.8 for descenders; x from 0.
Each glyph is a list of strokes; each stroke a list of points (a single point is a dot, as on i and j).
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Stroke = list[Point]


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> Stroke:
    """Points on an ellipse from angle start to end in degrees (0 = right, 90 = up; end < start turns clockwise)."""
    n = max(4, int(abs(end - start) / 10))
    return [(cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
             cy - ry * math.sin(math.radians(start + (end - start) * i / n))) for i in range(n + 1)]


def _s(top_c, top_r, bottom_c, bottom_r) -> Stroke:
    return arc(*top_c, *top_r, 30, 270) + arc(*bottom_c, *bottom_r, 90, -150)[1:]


UPPER: dict[str, list[Stroke]] = {
    "A": [[(0.65, 0), (0, 2)], [(0.65, 0), (1.3, 2)], [(0.25, 1.25), (1.05, 1.25)]],
    "B": [[(0, 0), (0, 2)], [(0, 0), (0.55, 0)] + arc(0.55, 0.5, 0.5, 0.5, 90, -90) + [(0, 1)],
          [(0, 1), (0.65, 1)] + arc(0.65, 1.5, 0.5, 0.5, 90, -90) + [(0, 2)]],
    "C": [arc(0.9, 1, 0.9, 1, 45, 315)],
    "D": [[(0, 0), (0, 2)], [(0, 0), (0.4, 0)] + arc(0.4, 1, 0.85, 1, 90, -90) + [(0, 2)]],
    "E": [[(0, 0), (0, 2)], [(0, 0), (1.1, 0)], [(0, 1), (0.9, 1)], [(0, 2), (1.1, 2)]],
    "F": [[(0, 0), (0, 2)], [(0, 0), (1.1, 0)], [(0, 1), (0.9, 1)]],
    "G": [arc(0.9, 1, 0.9, 1, 45, 360) + [(1.05, 1)]],
    "H": [[(0, 0), (0, 2)], [(1.2, 0), (1.2, 2)], [(0, 1), (1.2, 1)]],
    # as wide as T: 1.0 wide, a bar was a start dot, three dots and the big start dot of the stem on its middle
    "I": [[(0.6, 0), (0.6, 2)], [(0, 0), (1.2, 0)], [(0, 2), (1.2, 2)]],
    "J": [[(1, 0), (1, 1.45)] + arc(0.5, 1.45, 0.5, 0.55, 0, -170)],
    "K": [[(0, 0), (0, 2)], [(1.1, 0), (0, 1.05), (1.15, 2)]],
    "L": [[(0, 0), (0, 2), (1, 2)]],
    "M": [[(0, 0), (0, 2)], [(0, 0), (0.75, 1.4), (1.5, 0), (1.5, 2)]],
    "N": [[(0, 0), (0, 2)], [(0, 0), (1.2, 2), (1.2, 0)]],
    "O": [arc(0.95, 1, 0.95, 1, 90, 450)],
    "P": [[(0, 0), (0, 2)], [(0, 0), (0.6, 0)] + arc(0.6, 0.5, 0.5, 0.5, 90, -90) + [(0, 1)]],
    # the tail from inside the O out across it to the base line, no wider than the O (7 mm long, its dotted copy was
    # a start dot inside the O and a grey dot or two past it)
    "Q": [arc(0.95, 1, 0.95, 1, 90, 450), [(1.1, 1.4), (1.9, 2.0)]],
    "R": [[(0, 0), (0, 2)], [(0, 0), (0.6, 0)] + arc(0.6, 0.5, 0.5, 0.5, 90, -90) + [(0, 1)], [(0.5, 1), (1.15, 2)]],
    "S": [_s((0.6, 0.5), (0.55, 0.5), (0.6, 1.5), (0.6, 0.5))],
    "T": [[(0.6, 0), (0.6, 2)], [(0, 0), (1.2, 0)]],
    "U": [[(0, 0), (0, 1.4)] + arc(0.6, 1.4, 0.6, 0.6, 180, 360) + [(1.2, 0)]],
    "V": [[(0, 0), (0.65, 2), (1.3, 0)]],
    "W": [[(0, 0), (0.45, 2), (0.9, 0.6), (1.35, 2), (1.8, 0)]],
    "X": [[(0, 0), (1.2, 2)], [(1.2, 0), (0, 2)]],
    "Y": [[(0, 0), (0.6, 1)], [(1.2, 0), (0.6, 1), (0.6, 2)]],
    "Z": [[(0, 0), (1.2, 0), (0, 2), (1.2, 2)]],
}

LOWER: dict[str, list[Stroke]] = {
    "a": [arc(0.5, 1.5, 0.5, 0.5, 30, 390), [(1, 1), (1, 2)]],
    "b": [[(0, 0), (0, 2)], arc(0.5, 1.5, 0.5, 0.5, 180, -180)],
    "c": [arc(0.5, 1.5, 0.5, 0.5, 45, 315)],
    "d": [arc(0.5, 1.5, 0.5, 0.5, 30, 390), [(1, 0), (1, 2)]],
    "e": [[(0, 1.5), (1, 1.5)] + arc(0.5, 1.5, 0.5, 0.5, 0, 315)],
    "f": [arc(0.75, 0.45, 0.35, 0.4, 20, 180) + [(0.4, 2)], [(0.05, 1), (0.8, 1)]],
    "g": [arc(0.5, 1.5, 0.5, 0.5, 30, 390), [(1, 1), (1, 2.4)] + arc(0.5, 2.4, 0.5, 0.4, 0, -160)],
    "h": [[(0, 0), (0, 2)], arc(0.5, 1.5, 0.5, 0.5, 180, 0) + [(1, 2)]],
    "i": [[(0.3, 1), (0.3, 2)], [(0.3, 0.55)]],
    "j": [[(0.8, 1), (0.8, 2.4)] + arc(0.4, 2.4, 0.4, 0.4, 0, -160), [(0.8, 0.55)]],
    "k": [[(0, 0), (0, 2)], [(0.9, 1), (0, 1.55), (0.95, 2)]],
    "l": [[(0.2, 0), (0.2, 2)]],
    "m": [[(0, 1), (0, 2)], arc(0.375, 1.4, 0.375, 0.4, 180, 0) + [(0.75, 2)],
          arc(1.125, 1.4, 0.375, 0.4, 180, 0) + [(1.5, 2)]],
    "n": [[(0, 1), (0, 2)], arc(0.5, 1.5, 0.5, 0.5, 180, 0) + [(1, 2)]],
    "o": [arc(0.5, 1.5, 0.5, 0.5, 90, 450)],
    "p": [[(0, 1), (0, 2.8)], arc(0.5, 1.5, 0.5, 0.5, 180, -180)],
    "q": [arc(0.5, 1.5, 0.5, 0.5, 30, 390), [(1, 1), (1, 2.8)]],
    # the arch up from the stem, over and a little down (ending on the middle line, its dotted copy lay along the
    # dashes and the r read as an i)
    "r": [[(0, 1), (0, 2)], arc(0.45, 1.5, 0.45, 0.5, 180, 35)],
    "s": [_s((0.45, 1.25), (0.42, 0.25), (0.45, 1.75), (0.45, 0.25))],
    "t": [[(0.4, 0.3), (0.4, 2)], [(0, 1), (0.8, 1)]],
    "u": [[(0, 1), (0, 1.5)] + arc(0.5, 1.5, 0.5, 0.5, 180, 360) + [(1, 1)], [(1, 1), (1, 2)]],
    "v": [[(0, 1), (0.5, 2), (1, 1)]],
    "w": [[(0, 1), (0.35, 2), (0.7, 1.3), (1.05, 2), (1.4, 1)]],
    "x": [[(0, 1), (1, 2)], [(1, 1), (0, 2)]],
    "y": [[(0, 1), (0.5, 2)], [(1, 1), (0.2, 2.8)]],
    "z": [[(0, 1), (1, 1), (0, 2), (1, 2)]],
}

DIGITS: dict[str, list[Stroke]] = {
    "0": [arc(0.6, 1, 0.6, 1, 90, 450)],
    # the flag from a quarter of the way down (4.5 mm long, its dotted copy was the big start dot and one grey dot)
    "1": [[(0, 0.45), (0.6, 0), (0.6, 2)]],
    "2": [arc(0.6, 0.55, 0.55, 0.55, 160, -30) + [(0, 2), (1.2, 2)]],
    "3": [arc(0.55, 0.5, 0.55, 0.5, 150, -90) + arc(0.55, 1.5, 0.6, 0.5, 90, -150)[1:]],
    "4": [[(0.9, 0), (0, 1.35), (1.2, 1.35)], [(0.9, 0), (0.9, 2)]],
    "5": [[(0.15, 0), (0.1, 0.95)] + arc(0.55, 1.4, 0.55, 0.6, 140, -150), [(0.15, 0), (1.0, 0)]],
    "6": [arc(0.65, 1.0, 0.6, 1.0, 75, 180) + arc(0.6, 1.45, 0.55, 0.55, 180, 540)],
    "7": [[(0, 0), (1.2, 0), (0.4, 2)]],
    "8": [arc(0.6, 0.5, 0.5, 0.5, 30, 270) + arc(0.6, 1.5, 0.6, 0.5, 90, -270)[1:]
          + arc(0.6, 0.5, 0.5, 0.5, 270, 390)[1:]],
    "9": [arc(0.6, 0.55, 0.55, 0.55, 0, 360), [(1.15, 0.55), (1.15, 2)]],
}

GLYPHS = {**UPPER, **LOWER, **DIGITS}

# The strokes (by index) a child writes on from the stroke before without lifting the pencil, as schools teach them:
# a, d, g and q round, up and down; b, h, m, n, p and r down, back up and over; u down, round, up and down; 9 round
# and down; B's second bump on from the first. A sheet marks only where the pencil is put down: a start dot for each
# of these read "lift it here" (and a's, g's and q's sat under their bowls' start dots, two black dots in a clump).
JOINED: dict[str, frozenset[int]] = {ch: frozenset(strokes) for ch, strokes in {
    "a": {1}, "d": {1}, "g": {1}, "q": {1}, "b": {1}, "h": {1}, "m": {1, 2}, "n": {1}, "p": {1}, "r": {1},
    "u": {1}, "9": {1}, "B": {2},
}.items()}


def width(glyph: str) -> float:
    return max(x for stroke in GLYPHS[glyph] for x, _ in stroke)


def left(glyph: str) -> float:
    return min(x for stroke in GLYPHS[glyph] for x, _ in stroke)
