"""Where a tracing copy's dots stand: evenly along each stroke, one on every corner, end and crossing, none crowding
another or touching a start dot. Plain geometry in page millimetres (a stroke is a list of points), as arrows.py,
so tests can check it without a PDF.

Dashed along each whole stroke, dots fell where the arithmetic put them: two nearly touching at v's and W's sharp
feet, one half under a start dot, three in a clump where I's stem meets its base. So each stroke is cut into pieces
at its corners, where it runs onto or off a guide line, and where a stroke starts, ends, turns or crosses on it;
each piece is dotted evenly from end to end, clear of the start dots, and where pieces meet at a sharp angle the
dots beside the corner stand back until they are a dot's width apart. A piece along a guide line is dotted finer
and closer, and each dot on a line is drawn in a white ring (the line showed through grey dots of the same size).

A short leg of a stroke (from its start or a corner to its end or the next corner) is dotted finer and closer too:
at the stroke's pitch, 1's flag was its big start dot and one grey dot, and A's bar two, between their start dots
and the stroke they end on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from learnsite.sheets.arrows import CORNER

Point = tuple[float, float]
Disc = tuple[float, float, float]  # a start dot: centre and radius

DOT_SPACE = 0.25  # mm of paper between two dots at the least
DISC_SPACE = 0.2  # mm of paper between a dot and a start dot
MEET = 0.1  # mm: a point this near a stroke is on it (A's bar ends on its legs, I's stem on its base)
ON_LINE = 0.01  # mm: a point this near a guide line is on it (an arc's top, 0.03 mm off, runs across it)
STEP = 0.04  # mm: how finely a piece is searched for room clear of start dots and other dots
FEW = 3  # dots a leg of a stroke shows at the least past its start dot, its far end's dot not counted


@dataclass(frozen=True)
class Dotting:
    """How a row's copies are dotted, in mm: the distance between dots, each dot's width, the radii of the start dot
    where a character begins, of the smaller ones where its later strokes begin and of i's and j's dot, and the
    distance and width of the dots along a guide line."""
    pitch: float
    ink: float
    first: float
    later: float
    tittle: float
    guide_pitch: float
    guide_ink: float


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    ink: float  # its width
    on_guide: bool  # it sits on a guide line


@dataclass(frozen=True)
class _Piece:
    pts: list[Point]
    order: int  # its place in writing order
    on_guide: bool
    fine: bool  # dotted finer and closer: along a guide line, or on a leg too short for FEW dots at the pitch


def place_dots(strokes: list[list[Point]], discs: list[Disc], guides: tuple[float, ...],
               dotting: Dotting) -> list[Dot]:
    """The dots of a copy written with strokes (in writing order), whose start dots are discs, on a row whose guide
    lines stand at the heights guides."""
    lines = [s for s in strokes if len(s) > 1]
    pieces: list[_Piece] = []
    for stroke in lines:
        short = _short_legs(stroke, discs, dotting)
        for pts, start, end in _pieces(stroke, lines, guides):
            on_guide = all(_on_line(seg, guides) for seg in zip(pts, pts[1:]))
            fine = on_guide or any(a <= (start + end) / 2 <= b for a, b in short)
            pieces.append(_Piece(pts, len(pieces), on_guide, fine))
    rays = [(end, way, p.order) for p in pieces for end, way in _rays(p.pts)]
    kept: list[Dot] = []
    for piece in pieces:
        for dot in _dot_piece(piece, rays, discs, kept, guides, dotting):
            _keep(kept, dot, discs)
    return kept


def _short_legs(stroke: list[Point], discs: list[Disc], dotting: Dotting) -> list[tuple[float, float]]:
    """The legs of stroke (from, to along it: its parts between its corners) too short to show FEW dots at the
    pitch clear of the start dots on their ends."""
    stroke = [p for i, p in enumerate(stroke) if not i or math.dist(p, stroke[i - 1]) > 1e-9]  # an arc's joins
    at = _arclengths(stroke)
    marks = [0.0] + [at[i] for i in range(1, len(stroke) - 1) if _turn(*stroke[i - 1:i + 2]) > CORNER] + [at[-1]]
    out = []
    for a, b in zip(marks, marks[1:]):
        ends = (_point_at(stroke, at, a), _point_at(stroke, at, b))
        room = b - a - sum(max([r + dotting.ink / 2 + DISC_SPACE for x, y, r in discs
                                if math.dist(end, (x, y)) < MEET], default=0.0) for end in ends)
        if round(room / dotting.pitch) < FEW:
            out.append((a, b))
    return out


def _pieces(stroke: list[Point], lines: list[list[Point]],
            guides: tuple[float, ...]) -> list[tuple[list[Point], float, float]]:
    """stroke cut at its corners, where it runs onto or off a guide line, and where a stroke (itself included)
    starts, ends or turns on it or crosses it: each piece, with where along stroke it starts and ends."""
    at = _arclengths(stroke)
    cuts = {0.0, at[-1]}
    segments = list(zip(stroke, stroke[1:]))
    for i in range(1, len(stroke) - 1):
        if _turn(*stroke[i - 1:i + 2]) > CORNER or (_on_line(segments[i - 1], guides) != _on_line(segments[i], guides)):
            cuts.add(at[i])
    for other in lines:
        for p in _key_points(other):
            cuts.update(at[i] + t for i, (a, b) in enumerate(segments) if (t := _foot(p, a, b)) is not None)
        for j, (c, d) in enumerate(zip(other, other[1:])):
            for i, (a, b) in enumerate(segments):
                if other is not stroke or abs(i - j) > 1:
                    t = _crossing(a, b, c, d)
                    if t is not None:
                        cuts.add(at[i] + t)
    marks = [0.0]
    for cut in sorted(cuts):
        if cut - marks[-1] > MEET and at[-1] - cut > MEET:
            marks.append(cut)
    return [(_between(stroke, at, a, b), a, b) for a, b in zip(marks, marks[1:] + [at[-1]])]


def _dot_piece(piece: _Piece, rays: list, discs: list[Disc], kept: list[Dot], guides: tuple[float, ...],
               dotting: Dotting) -> list[Dot]:
    """A piece's dots: evenly along each stretch of it clear of the start dots and of the dots already placed, with
    a dot on each of its ends that no start dot covers. Where another piece leaves the same end at a sharp angle,
    the dots next to it stand back from it."""
    pitch, ink = (dotting.guide_pitch, dotting.guide_ink) if piece.fine else (dotting.pitch, dotting.ink)
    pts, near = piece.pts, ink + DOT_SPACE
    at = _arclengths(pts)
    backs = [_stand_back(end, way, piece.order, rays, near, pitch) for end, way in _rays(pts)]
    # a dot already placed on one of its ends (a corner, a crossing) is its own; it keeps clear of the others
    keep_off = [(x, y, r + ink / 2 + DISC_SPACE) for x, y, r in discs] + [
        (d.x, d.y, (d.ink + ink) / 2 + DOT_SPACE) for d in kept
        if min(math.dist((d.x, d.y), pts[0]), math.dist((d.x, d.y), pts[-1])) >= MEET]
    sharp = [back if back > pitch else 0.0 for back in backs]
    spots = [end for end, back in zip((pts[0], pts[-1]), sharp) if back]
    for a, b in _free(pts, at, keep_off, sharp):
        ends = (a == 0, b == at[-1])
        spots += [_point_at(pts, at, s) for s in _spread(a, b, ends, max([near] + [
            back for back, end in zip(backs, ends) if end]), pitch)]
    return [Dot(*p, ink, any(abs(p[1] - line) < ON_LINE for line in guides)) for p in spots]


def _free(pts: list[Point], at: list[float], keep_off: list[Disc], sharp: list[float]) -> list[tuple[float, float]]:
    """The stretches (from, to along it) of a piece at least their distance from each of keep_off's centres and,
    by a sharp corner, its stand-back from the corner."""
    count = math.ceil(at[-1] / STEP)
    runs: list[list[float]] = []
    was = False
    for s in [at[-1] * i / count for i in range(count)] + [at[-1]]:
        p = _point_at(pts, at, s)
        now = sharp[0] <= s <= at[-1] - sharp[1] and all(math.dist(p, (x, y)) >= r - 0.01 for x, y, r in keep_off)
        if now and was:
            runs[-1][1] = s
        elif now:
            runs.append([s, s])
        was = now
    return [(a, b) for a, b in runs]


def _spread(a: float, b: float, ends: tuple[bool, bool], need: float, pitch: float) -> list[float]:
    """Where dots stand on a stretch from a to b: evenly about pitch and at least need apart, one on each end; on
    one too short for two, one in its middle, or only the piece's end that it holds."""
    n = min(round((b - a) / pitch), math.floor((b - a) / need + 1e-9))
    if n:
        return [a + i * (b - a) / n for i in range(n + 1)]
    return [s for s, end in zip((a, b), ends) if end] if any(ends) else [(a + b) / 2]


def _keep(kept: list[Dot], dot: Dot, discs: list[Disc]) -> None:
    """Adds dot to kept, unless it is there already (where pieces meet: the wider stays) or would crowd a dot or a
    start dot (a last check: the pieces are dotted clear of both)."""
    for i, other in enumerate(kept):
        if math.dist((dot.x, dot.y), (other.x, other.y)) < MEET:
            kept[i] = max(other, dot, key=lambda d: d.ink)
            return
    keep_off = [(x, y, r + dot.ink / 2 + DISC_SPACE) for x, y, r in discs] + [
        (k.x, k.y, (k.ink + dot.ink) / 2 + DOT_SPACE) for k in kept]
    if all(math.dist((dot.x, dot.y), (x, y)) >= r - 0.01 for x, y, r in keep_off):
        kept.append(dot)


def _stand_back(end: Point, way: float, order: int, rays: list, near: float, pitch: float) -> float:
    """How far along a piece its first dot must stand from its end to be `near` from the first dots of the other
    pieces leaving that end. Where that is over two pitches the pieces run on together (n's arch up its stem) and
    the dots of the one written first stand for both."""
    angles = [abs(math.remainder(way - other, math.tau)) for p, other, o in rays
              if math.dist(p, end) < MEET and (o, other) != (order, way)]
    back = near / max(1e-9, min(1.0, 2 * math.sin(min(angles, default=math.pi) / 2)))
    return back if back <= 2 * pitch else near


def _rays(pts: list[Point]) -> list[tuple[Point, float]]:
    """A piece's two ends, each with the way the piece leaves it."""
    return [(pts[0], math.atan2(pts[1][1] - pts[0][1], pts[1][0] - pts[0][0])),
            (pts[-1], math.atan2(pts[-2][1] - pts[-1][1], pts[-2][0] - pts[-1][0]))]


def _key_points(stroke: list[Point]) -> list[Point]:
    """Where a stroke starts, turns a corner and ends."""
    return [stroke[0]] + [b for a, b, c in zip(stroke, stroke[1:], stroke[2:]) if _turn(a, b, c) > CORNER] \
        + [stroke[-1]]


def _on_line(segment: tuple[Point, Point], guides: tuple[float, ...]) -> bool:
    return any(abs(segment[0][1] - line) < ON_LINE and abs(segment[1][1] - line) < ON_LINE for line in guides)


def _turn(a: Point, b: Point, c: Point) -> float:
    before, after = math.atan2(b[1] - a[1], b[0] - a[0]), math.atan2(c[1] - b[1], c[0] - b[0])
    return abs(math.remainder(after - before, math.tau))


def _foot(p: Point, a: Point, b: Point) -> float | None:
    """How far along a-b the point of it nearest p stands, if p is on it."""
    seg = math.dist(a, b)
    if seg == 0:
        return None
    t = max(0.0, min(seg, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / seg))
    foot = (a[0] + (b[0] - a[0]) * t / seg, a[1] + (b[1] - a[1]) * t / seg)
    return t if math.dist(p, foot) < MEET else None


def _crossing(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """How far along a-b the segment c-d crosses it, if it does (touching is no crossing)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    s1, s2, s3, s4 = side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)
    if s1 * s2 < -1e-9 and s3 * s4 < -1e-9:
        return math.dist(a, b) * s3 / (s3 - s4)
    return None


def _arclengths(pts: list[Point]) -> list[float]:
    out = [0.0]
    for a, b in zip(pts, pts[1:]):
        out.append(out[-1] + math.dist(a, b))
    return out


def _point_at(pts: list[Point], at: list[float], s: float) -> Point:
    for (a, b), start, end in zip(zip(pts, pts[1:]), at, at[1:]):
        if s <= end and end > start:
            t = (s - start) / (end - start)
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    return pts[-1]


def _between(pts: list[Point], at: list[float], a: float, b: float) -> list[Point]:
    """The part of pts from a to b along it."""
    inside = [p for p, s in zip(pts, at) if a < s < b]
    return [_point_at(pts, at, a)] + inside + [_point_at(pts, at, b)]
