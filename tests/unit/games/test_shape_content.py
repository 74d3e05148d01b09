"""Shape content a child of 3 to 6 can trust: one right answer, a new hiding place each round, hints that fit."""

from __future__ import annotations

import random
import re
from pathlib import Path

from learnsite.games import session as S
from learnsite.games.activities import GAMES
from learnsite.games.content.pictures import SAFARI_SHAPES, shape_picture
from learnsite.games.content.shapes import HINTS as SHAPE_HINTS
from learnsite.games.kinds import choose
from learnsite.games.rounds import EASIER, LEVELS, NORMAL, option_count
from learnsite.games.session import level_rounds

from tests.unit.games.helpers import play_round, wrong_move

SEEDS = range(300)
BANDS = ("3-4", "5-6", "7-8", "9-10")
# (asked, offered): the offered shape is the asked one too (a square is a rectangle, and a diamond; a circle an oval)
SECOND_RIGHT = {("rectangle", "square"), ("diamond", "square"), ("oval", "circle")}
# two wrong shapes that side by side look like one offered twice
LOOK_ALIKE = {("square", "rectangle"), ("square", "diamond"), ("circle", "oval")}


def shape_of(label: str) -> str:
    return label.split()[-1]  # "red circle" -> "circle"


def place_of(prompt: str) -> str:
    return re.fullmatch(r"Find the \w+\. It is hiding (.+)\.", prompt).group(1)


def check_safari_options(r, band, level):
    asked = shape_of(r.options[r.answer].label)
    offered = [shape_of(o.label) for o in r.options]
    assert len(offered) == len(set(offered)) == option_count(band, level), r
    assert not {(asked, s) for s in offered} & SECOND_RIGHT, (asked, offered)
    wrong = [s for s in offered if s != asked]  # no circle and oval side by side: one shape offered twice, to a child
    assert not {(a, b) for a in wrong for b in wrong} & LOOK_ALIKE, (asked, offered)


def test_shape_safari_never_offers_a_second_right_answer():
    band = GAMES["shape-safari"].band
    for level in LEVELS:
        for seed in SEEDS:
            for r in level_rounds("shape-safari", seed, level):
                check_safari_options(r, band, level)


def test_shape_safari_has_enough_wrong_shapes_for_every_band_and_level():
    """Every question of the bank, in every band: a full set of distinct options, none a second right answer."""
    for band in BANDS:
        for level in LEVELS:
            for seed in range(20):
                rounds = choose.make_rounds(random.Random(seed), band, level, 32, {"bank": "shape_safari"})
                assert len({r.key for r in rounds}) == len(rounds) == (32 if level == NORMAL else 20)
                for r in rounds:
                    check_safari_options(r, band, level)


def test_shape_safari_offers_the_shape_a_child_must_tell_apart_from_the_asked_one():
    """A rectangle is not a square (are its sides the same?), an oval not a circle: the wrong answers that teach
    the most were never offered, because a square is a rectangle and a circle an oval."""
    seen = set()
    for seed in range(60):
        for r in level_rounds("shape-safari", seed, NORMAL):
            asked = shape_of(r.options[r.answer].label)
            seen |= {(asked, shape_of(o.label)) for o in r.options}
    assert {("square", "rectangle"), ("circle", "oval"), ("square", "diamond")} <= seen


def test_shape_safaris_diamond_is_no_square_turned_on_its_corner():
    """Drawn 76 wide and 84 tall, the diamond was a square turned on its corner, a wrong answer to "Find the
    rectangle" that a child who knows a turned square is still a square would rightly pick."""
    art = Path(__file__).resolve().parents[3] / "assets"
    for colour in ("outline", "red", "blue"):
        svg = (art / shape_picture("diamond", colour).lstrip("/")).read_text()
        points = [tuple(map(int, p)) for p in re.findall(r"(\d+) (\d+)", re.search(r' d="([^"]+)"', svg).group(1))]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert (max(xs) - min(xs)) / (max(ys) - min(ys)) < 0.7, (colour, points)
    assert "square" not in SHAPE_HINTS["diamond"]


def test_shape_safari_never_hides_two_rounds_in_the_same_place():
    for level in LEVELS:
        for seed in SEEDS:
            places = [place_of(r.prompt) for r in level_rounds("shape-safari", seed, level)]
            assert all(a != b for a, b in zip(places, places[1:])), (seed, level, places)
            assert len(set(places)) == len(places), (seed, level, places)


def test_shape_safari_step_down_keeps_the_places_apart():
    """Two misses take the game a level down: the next round comes from the other level's rounds."""
    for seed in SEEDS:
        s = S.start("shape-safari", seed)
        places, levels = [place_of(S.current_round(s).prompt)], set()
        while not s.finished:
            if s.index == 2:
                for _ in range(2):
                    s, _ = S.answer(s, s.index, wrong_move(s))
            s = play_round(s)
            if not s.finished:
                places.append(place_of(S.current_round(s).prompt))
                levels.add(s.round_level)
        assert EASIER in levels and len(set(places)) == len(places) == 6, (seed, places)


def test_a_misplaced_shape_hears_about_its_own_shape():
    """Not one hint for the round whatever was moved ("Is it round...? If not, look at its corners"): a triangle
    put in the wrong home hears that a triangle has 3 corners, a circle that it is round."""
    heard = set()
    for seed in range(50):
        s = S.start("shape-sorting", seed)
        r = S.current_round(s)
        for i, o in enumerate(r.options):
            shape = shape_of(o.label)
            _, fb = S.answer(s, s.index, {"item": i, "group": (r.answer[i] + 1) % len(r.groups)})
            assert fb.accepted and not fb.right and fb.message.endswith(
                f"{SHAPE_HINTS[shape]} Which home has the same shape?"), (shape, fb.message)
            heard.add(shape)
    assert heard == {"circle", "square", "triangle"}
    assert "round like a coin, with no corners" in SHAPE_HINTS["circle"] and "3 corners" in SHAPE_HINTS["triangle"]


def test_shape_safari_asks_for_a_new_shape_each_round_while_there_are_new_ones():
    """Two rounds of one shape (a red circle, then a blue one) in six: eight shapes, six rounds, each once; a
    step down has five shapes for its rounds, none twice in a row."""
    for seed in SEEDS:
        for level in LEVELS:
            shapes = [shape_of(r.options[r.answer].label) for r in level_rounds("shape-safari", seed, level)]
            kinds = len(SAFARI_SHAPES) if level == NORMAL else 5
            assert len(set(shapes)) == min(len(shapes), kinds), (seed, level, shapes)
            assert all(a != b for a, b in zip(shapes, shapes[1:])), (seed, level, shapes)


def test_shape_safari_draws_the_shape_to_spot_beside_the_question():
    """A review as a child who cannot read, on a muted phone: "Can you spot the heart?" was words only. The shape
    asked for is drawn beside the question as an outline (the picture its home has in Shape Sorting)."""
    assets = Path(__file__).resolve().parents[3] / "assets"
    for level in LEVELS:
        for r in level_rounds("shape-safari", 7, level):
            asked = shape_of(r.options[r.answer].label)
            assert r.pictures == (shape_picture(asked, "outline"),), r
            assert (assets / r.pictures[0].lstrip("/")).is_file()
    s = S.start("shape-safari", 7)
    r = S.current_round(s)
    assert S.board_view(s)["pictures"] == [shape_picture(shape_of(r.options[r.answer].label), "outline")]
