"""Shape Safari: spot a shape hiding in the wild."""

from __future__ import annotations

from learnsite.games.content.base import Question, together
from learnsite.games.content.pictures import SAFARI_SHAPES, SHAPE_COLOURS, SHAPES, shape_picture
from learnsite.games.rounds import EASIER, Option
from learnsite.variety import picked

HINTS = {
    "circle": "A circle is round like a coin, with no corners at all.",
    "square": "A square has 4 straight sides, all the same length, and 4 square corners.",
    "triangle": "A triangle has 3 sides and 3 corners.",
    "star": "A star has 5 pointy tips.",
    "heart": "A heart is round at the top and pointy at the bottom.",
    "rectangle": "A rectangle has 4 straight sides and 4 square corners, like a door.",
    "oval": "An oval is long and round, like the outline of an egg.",
    # not "a square standing on one corner": turning a shape does not change it, and a square is no diamond here
    "diamond": "A diamond has 4 straight sides, all the same length, and pointy ends at the top and bottom.",
}

# one for every shape and colour of the safari (hiding_places gives each its own)
PLACES = ("in the tall grass", "behind a tree", "by the river", "near the sleepy lion", "under a big leaf",
          "beside the elephant", "behind the waterfall", "on a big rock", "in a thorny bush", "next to the zebra",
          "under the giraffe", "by the lake", "in the muddy pond", "behind the hippo", "on a high branch",
          "in the long green grass", "under a pink flower", "beside the crocodile", "near the monkeys",
          "inside an old log", "behind a big stone", "next to the rhino", "up in a tall tree", "near the flamingos",
          "behind the truck", "in the warm sand", "on top of a hill", "inside a dark cave", "beside the ostrich",
          "near a bird's nest", "by the sleepy tortoise", "under the tent")

# the shapes a child could rightly call the asked one: a square is a rectangle too, and a diamond (4 sides, all
# the same); a circle is an oval too. Never its wrong answer. The other way round they are the best wrong answers:
# a rectangle is not a square (are its sides the same?), an oval not a circle. (The diamond is drawn thin: one
# drawn as a square on its corner was a square, marked wrong for "Find the rectangle".)
IS_ALSO = {"rectangle": {"square"}, "diamond": {"square"}, "oval": {"circle"}}
# a square beside a rectangle, or a circle beside an oval, looks like one wrong shape offered twice
LOOK_ALIKE = (frozenset({"square", "rectangle"}), frozenset({"square", "diamond"}), frozenset({"circle", "oval"}))


def a_or_an(word: str) -> str:
    """The article a sentence starts with: "An oval", "A circle" (the shapes' names all sound as spelled)."""
    return "An" if word[:1] in "aeiou" else "A"


def hiding_places(rng) -> dict[tuple[str, str], str]:
    """A place of its own for every (shape, colour). choose plays the questions in a random order, so a place
    drawn per question came back in the next round (6 games in 10); drawn first, the same at both levels, no two
    rounds of a game hide in the same place, a step down's included."""
    spots = [(shape, colour) for shape in SAFARI_SHAPES for colour in SHAPE_COLOURS]
    return dict(zip(spots, picked(rng, PLACES, len(spots))))


def look_alike(a: str, b: str) -> bool:
    return together(LOOK_ALIKE, a, b)


def wrong_shapes(rng, shape: str, shapes) -> list[str]:
    """The shapes that are not `shape` (one that is it too would be a second right answer), no two of them alike:
    a circle and an oval side by side look like one wrong shape offered twice."""
    kept: list[str] = []
    for other in picked(rng, [s for s in shapes if s != shape and s not in IS_ALSO.get(shape, ())], len(shapes)):
        if not any(look_alike(other, k) for k in kept):
            kept.append(other)
    return kept


def safari(rng, band: str, level: int) -> list[Question]:
    places = hiding_places(rng)
    shapes = SHAPES if level == EASIER else SAFARI_SHAPES
    out = []
    for shape in shapes:
        for colour in SHAPE_COLOURS:
            place = places[shape, colour]
            others = wrong_shapes(rng, shape, shapes)
            wrong = tuple(Option(f"{c} {s}", shape_picture(s, c))
                          for s, c in zip(others, rng.choices(SHAPE_COLOURS, k=len(others))))
            # what to do first, in plain words ("spot" reads as a dot to a child learning English)
            prompt = f"Find the {shape}. It is hiding {place}."
            # the shape to spot drawn beside the question, as an outline: a child who cannot read sees what to find
            out.append(Question(
                key=f"{shape}:{colour}", prompt=prompt, pictures=(shape_picture(shape, "outline"),),
                right=Option(f"{colour} {shape}", shape_picture(shape, colour)), wrong=wrong, hint=HINTS[shape]))
    return out
