"""Where a tracing model's direction arrows stand: beside their strokes, clear of every stroke and of each other
(they may cross a guide line, as a pencil's arrow on ruled paper does).

Plain geometry in page millimetres (a stroke is a list of points), so tests can check it without a PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Letter:
    """What a stroke's arrow needs to know of its character."""
    middle: Point  # the middle of the character's strokes' bounds
    left: float  # where the character starts
    first: bool  # the stroke is the character's first

ARROW = 3.0  # mm: the arrowhead's length, and how far beside its stroke it stands
ARROW_SPREAD = 0.36
SHAFT = 1.5  # mm of shaft behind the head: a bare head read as a triangle, not as "go this way", to a child
SHAFT_WIDTH = 0.6  # mm
CLEAR = 1.3  # mm from any stroke's centre line to the arrow: half the model's ink (0.7) and a gap
ARROW_GAP = 1.0  # mm between two arrowheads
DOT_GAP = 0.5  # mm between an arrow and a start dot
CORNER = math.radians(40)  # a turn sharper than this between two segments ends a stroke's first part
# where along its stroke's first part an arrow may stand, most wanted first: near the start dot, where the child
# begins (a third of the way put o's and u's arrow under the baseline, far from it)
ALONG = (0.2, 0.3, 0.15, 0.4, 0.25, 0.5, 0.1, 0.6, 0.7, 0.8)


def arrow_places(model: list[list[Point]], near: list[list[Point]], min_x: float,
                 min_y: float = -math.inf, letters: list[Letter] | None = None,
                 dots: list[tuple[Point, float]] = ()) -> list[tuple[float, float, float, float]]:
    """The tip, angle and shaft length of each model stroke's arrow (a dot has none), pointing the way to write.

    Each stands beside its stroke's first part (its left first), so it shows the first move, at the first place
    along it that keeps CLEAR of every stroke in near (its own included), ARROW_GAP from the arrows before it, and
    right of min_x (where the guide lines start) and below min_y (the row above's descenders); where none does,
    at the first such place along the whole stroke, else at the clearest. On the stroke's ink an arrow hid the line;
    on another stroke's it read as part of the letter (A's crossbar, N's slant); two on one spot (N's, h's) made a
    blot; a third of the way along W, it stood on the second leg pointing up, and the first move down had none.
    letters (one per model stroke, its character's Letter): a character's first stroke tries the side away from
    the character's middle first, so its arrow stands outside the letter where it fits (left of m's, n's, p's and
    u's stems, not in their arch); a later stroke's arrow stays right of where its character starts less ARROW
    (h's and r's arch set off up their stem: left of it, the arrow pointed into the stem). dots (centre, radius):
    the model's start dots, which an arrow keeps DOT_GAP from (m's arch arrow touched the big dot at its stem)."""
    lines = [(a, b) for stroke in near for a, b in zip(stroke, stroke[1:])]
    spots = [(centre, radius + DOT_GAP) for centre, radius in dots]
    placed, edges = [], []
    for k, pts in enumerate(model):
        if len(pts) > 1:
            letter = letters[k] if letters else None
            outside = letter.middle if letter and letter.first else None
            least = (max(min_x, letter.left - ARROW) if letter and not letter.first else min_x, min_y)
            # a shaft where it fits, else the head alone (a short stem with no room beside it), each on the stroke's
            # first part first; where nothing fits, the best head alone on the whole stroke (the last try)
            for part, length in [(part, length) for part in (first_part(pts), pts) for length in (SHAFT, 0.0)]:
                tip, angle, corners, fits = _place(part, lines, spots, edges, least, length, outside)
                if fits:
                    break
            placed.append((tip[0], tip[1], angle, length))
            edges.extend(zip(corners, corners[1:] + corners[:1]))
            edges.append(shaft(tip, angle, length))
    return placed


def _place(part: list[Point], lines: list[tuple[Point, Point]], spots: list[tuple[Point, float]],
           edges: list[tuple[Point, Point]], least: Point, length: float,
           centre: Point | None = None) -> tuple[Point, float, list[Point], bool]:
    """The first good place beside `part` of a stroke for its arrow (its shaft `length` long), else the best:
    (tip, angle, the head's corners, whether it is a good place). e's first part, its bar, lies inside its eye
    with no room for an arrow: the caller tries the whole stroke next."""
    best, best_score = None, None
    tries = []
    for along in ALONG:
        px, py, angle = _point_along(part, along)
        tips = [(px + side * math.sin(angle) * ARROW, py - side * math.cos(angle) * ARROW) for side in (1, -1)]
        if centre is not None:  # outside the letter first (a stable sort: the stroke's left where neither is)
            tips.sort(key=lambda tip: -round(math.dist(tip, centre), 1))
        tries += [(rank, tip, angle) for rank, tip in enumerate(tips)]
    # the first side anywhere along before the other: r's arch, its left taken near its start by the stem's arrow,
    # had its arrow under the arch pointing up rather than over it a little further on
    for _, tip, angle in sorted(tries, key=lambda t: t[0]):
        points = _arrow_points(tip, angle, length)
        slack = min([_distance(p, a, b) - CLEAR for p in points for a, b in lines]
                    + [math.dist(p, c) - room for p in points for c, room in spots]
                    + [_distance(p, a, b) - ARROW_GAP for p in points for a, b in edges])
        inside = min(x for x, _ in points) >= least[0] and min(y for _, y in points) >= least[1]
        if inside and slack >= 0:
            return tip, angle, points[:3], True
        if best_score is None or (inside, slack) > best_score:
            best, best_score = (tip, angle, points[:3], False), (inside, slack)
    return best


def first_part(pts: list[Point]) -> list[Point]:
    """A stroke up to its first corner: the first move a child makes (W's first leg down, not its second up).
    An arc's small steps are no corners, so a round stroke is its own first part."""
    ways = [(a, math.atan2(b[1] - a[1], b[0] - a[0])) for a, b in zip(pts, pts[1:]) if a != b]
    for i, ((_, before), (corner, after)) in enumerate(zip(ways, ways[1:])):
        if abs(math.remainder(after - before, math.tau)) > CORNER:
            return [p for p, _ in ways[:i + 1]] + [corner]
    return pts


def _point_along(pts: list[Point], along: float) -> tuple[float, float, float]:
    lengths = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
    target = sum(lengths) * along
    for (a, b), seg in zip(zip(pts, pts[1:]), lengths):
        if target <= seg and seg > 0:
            t = target / seg
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, math.atan2(b[1] - a[1], b[0] - a[0])
        target -= seg
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    return bx, by, math.atan2(by - ay, bx - ax)


def shaft(tip: Point, angle: float, length: float) -> tuple[Point, Point]:
    """The arrow's shaft: from the middle of the head's back to `length` behind it."""
    back, base = angle + math.pi, ARROW * math.cos(ARROW_SPREAD)
    return ((tip[0] + base * math.cos(back), tip[1] + base * math.sin(back)),
            (tip[0] + (base + length) * math.cos(back), tip[1] + (base + length) * math.sin(back)))


def _arrow_points(tip: Point, angle: float, length: float = SHAFT) -> list[Point]:
    """The arrowhead's corners, the middles of its sides, its centre and its shaft's middle and end: enough to
    tell it touches a line."""
    back = angle + math.pi
    corners = [tip] + [(tip[0] + ARROW * math.cos(back + s), tip[1] + ARROW * math.sin(back + s))
                       for s in (ARROW_SPREAD, -ARROW_SPREAD)]
    middles = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in zip(corners, corners[1:] + corners[:1])]
    centre = (sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3)
    base, tail = shaft(tip, angle, length)
    return corners + middles + [centre, ((base[0] + tail[0]) / 2, (base[1] + tail[1]) / 2), tail]


def _distance(p: Point, a: Point, b: Point) -> float:
    """From point p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))
