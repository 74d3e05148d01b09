"""The game pictures: SVGs in assets/art/games/, served at /art/games/."""

from __future__ import annotations

ART = "/art/games"

# name -> (one, many, picture) for counting
COUNTABLE = {
    "apple": ("apple", "apples", f"{ART}/apple.svg"),
    "ball": ("ball", "balls", f"{ART}/ball.svg"),
    "star": ("star", "stars", f"{ART}/shape-star-yellow.svg"),
    "bee": ("bee", "bees", f"{ART}/bee.svg"),
    "fish": ("fish", "fish", f"{ART}/fish.svg"),
    "duck": ("duck", "ducks", f"{ART}/duck.svg"),
}

def dots_picture(n: int) -> str:
    """The digit n above n dots (1-10)."""
    return f"{ART}/dots-{n}.svg"


def ten_frame_picture(n: int) -> str:
    """The digit n above a ten frame with n of its 10 boxes filled (1-9): its empty boxes are its friend to 10."""
    return f"{ART}/tenframe-{n}.svg"


# colour name -> fill (light enough that a dark outline shows, strong enough to tell apart)
COLOURS = {
    "red": "#ef4444", "blue": "#3b82f6", "yellow": "#facc15", "green": "#22c55e",
    "orange": "#f97316", "purple": "#a855f7", "pink": "#f472b6",
}


# each colour's ball and T-shirt carry the same little white mark: a child who cannot tell red from green (about
# 1 boy in 12) matches by the mark (the pictures' data-motif; tests/unit/games/test_kinds.py)
COLOUR_MARKS = {
    "red": "heart", "blue": "star", "yellow": "circle", "green": "triangle",
    "orange": "square", "purple": "moon", "pink": "flower",
}


def colour_thing(thing: str, colour: str) -> str:
    """A ball or a T-shirt ("shirt") in one of COLOURS, with the colour's mark."""
    return f"{ART}/{thing}-{colour}.svg"


SHAPES = ["circle", "square", "triangle", "star", "heart"]
SAFARI_SHAPES = SHAPES + ["rectangle", "oval", "diamond"]
SHAPE_COLOURS = ["red", "blue", "yellow", "green"]


# A shape to sort may not be drawn as its home is: smaller, or turned, so that a child sorts by sides and corners
# rather than matching one picture to another (a maths review: a triangle is a triangle whichever way it lies).
# Each pose is its own file, the plain picture under an SVG transform (posed_svg; a test keeps the two the same).
SHAPE_POSES = {
    "small": "translate(50 50) scale(0.65) translate(-50 -50)",
    "turned": "rotate(-25 50 50) translate(50 50) scale(0.85) translate(-50 -50)",
}


def shape_picture(shape: str, colour: str, pose: str = "") -> str:
    """A shape filled with a colour of SHAPE_COLOURS, or "outline" (the home a shape is sorted into); `pose` is ""
    (as its home is drawn) or one of SHAPE_POSES."""
    return f"{ART}/shape-{shape}-{colour}{'-' + pose if pose else ''}.svg"


def posed_svg(svg: str, pose: str) -> str:
    """The plain picture's SVG text with its drawing under the pose's transform."""
    head, _, rest = svg.partition(">")
    body, _, tail = rest.rpartition("</svg>")
    return f'{head}><g transform="{SHAPE_POSES[pose]}">{body}</g></svg>{tail}'


# animal -> (its sound, picture)
ANIMAL_SOUNDS = {
    "cow": ("Moo", f"{ART}/animal-cow.svg"),
    "sheep": ("Baa", f"{ART}/animal-sheep.svg"),
    "duck": ("Quack", f"{ART}/duck.svg"),
    "dog": ("Woof", f"{ART}/animal-dog.svg"),
    "cat": ("Meow", f"{ART}/animal-cat.svg"),
    "pig": ("Oink", f"{ART}/animal-pig.svg"),
    "horse": ("Neigh", f"{ART}/animal-horse.svg"),
    "hen": ("Cluck", f"{ART}/animal-hen.svg"),
    "frog": ("Ribbit", f"{ART}/animal-frog.svg"),
    "owl": ("Hoot", f"{ART}/animal-owl.svg"),
    "lion": ("Roar", f"{ART}/animal-lion.svg"),
    "bee": ("Buzz", f"{ART}/bee.svg"),
}


def alphabet_picture(animal: str) -> str:
    """Animal Alphabet's picture of an animal ("X-ray fish" -> animal-xray-fish.svg)."""
    return f"{ART}/animal-{animal.lower().replace('-', '').replace(' ', '-')}.svg"


def all_pictures() -> set[str]:
    """Every picture path the games can show (tests check each file exists)."""
    paths = {p for _, _, p in COUNTABLE.values()} | {p for _, p in ANIMAL_SOUNDS.values()}
    paths |= {colour_thing(t, c) for t in ("ball", "shirt") for c in COLOURS}
    paths |= {shape_picture(s, c) for s in SAFARI_SHAPES for c in SHAPE_COLOURS + ["outline"]}
    paths |= {shape_picture(s, c, pose) for s in SHAPES for c in SHAPE_COLOURS for pose in SHAPE_POSES}
    paths |= {dots_picture(n) for n in range(1, 11)} | {ten_frame_picture(n) for n in range(1, 10)}
    from learnsite.games.content.animals import ALPHABET

    paths |= {alphabet_picture(animal) for _, animal in ALPHABET}
    return paths
