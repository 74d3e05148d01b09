"""Shape Safari: spot a shape hiding in the wild."""

from __future__ import annotations

from learnsite.games.content import Question
from learnsite.games.content.pictures import SAFARI_SHAPES, SHAPE_COLOURS, SHAPES, shape_picture
from learnsite.games.rounds import EASIER, Option

HINTS = {
    "circle": "A circle is round like a ball, with no corners at all.",
    "square": "A square has 4 straight sides, all the same length.",
    "triangle": "A triangle has 3 sides and 3 corners.",
    "star": "A star has 5 pointy tips.",
    "heart": "A heart is round at the top and pointy at the bottom.",
    "rectangle": "A rectangle has 4 sides: 2 long and 2 short.",
    "oval": "An oval is round like an egg.",
    "diamond": "A diamond is like a square standing on one corner.",
}

PLACES = ("in the tall grass", "behind a tree", "by the river", "near the sleepy lion", "under a big leaf",
          "beside the elephant")


def a_or_an(word: str) -> str:
    """The article a sentence starts with: "An oval", "A circle" (the shapes' names all sound as spelled)."""
    return "An" if word[:1] in "aeiou" else "A"


def safari(rng, band: str, level: int) -> list[Question]:
    shapes = SHAPES if level == EASIER else SAFARI_SHAPES
    out = []
    for shape in shapes:
        for colour in SHAPE_COLOURS:
            place = rng.choice(PLACES)
            others = [s for s in shapes if s != shape]
            wrong = tuple(Option(f"{c} {s}", shape_picture(s, c))
                          for s, c in zip(others, rng.choices(SHAPE_COLOURS, k=len(others))))
            prompt = f"{a_or_an(shape)} {shape} is hiding {place}. Can you spot the {shape}?"
            out.append(Question(
                key=f"{shape}:{colour}", prompt=prompt,
                right=Option(f"{colour} {shape}", shape_picture(shape, colour)), wrong=wrong, hint=HINTS[shape]))
    return out
