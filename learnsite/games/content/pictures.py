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


COLOUR_THINGS = ("ball", "shirt", "sock", "sock2", "car", "garage")


def colour_thing(thing: str, colour: str) -> str:
    """A thing of Color Matching (match.COLOUR_SETS: "ball", "shirt", "sock", "sock2" (turned), "car",
    "garage") in one of COLOURS, with the colour's mark."""
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


def letter_picture(letter: str) -> str:
    """Animal Alphabet's card of a letter (letter_card_svg)."""
    return f"{ART}/letter-{letter.upper()}.svg"


def letter_card_svg(letter: str) -> str:
    """A card of the capital and small letter side by side on the tracing sheets' three lines, drawn as Letter
    Tracing and the printed sheets write them (trace.letter_guide): the letter a child looks for, big, beside the
    question (a play-through: it was only inside the sentence). A test keeps assets/art/games/ the same as this."""
    from learnsite.games.trace import letter_guide

    guides = [letter_guide(letter.upper()), letter_guide(letter.lower())]
    spans = [(min(x for line in g["strokes"] for x, _ in line), max(x for line in g["strokes"] for x, _ in line))
             for g in guides]
    gap = 24  # wide enough that "Ll" is not read as one letter
    left = (150 - sum(right - first for first, right in spans) - gap) / 2  # the pair centred on the card
    parts = []
    for guide, (first, right) in zip(guides, spans):
        shift = round(left - first)
        for line in guide["strokes"]:
            points = " ".join(f"{x + shift},{y}" for x, y in line)
            parts.append(f'<polyline points="{points}"/>')
        left += right - first + gap
    lines = guides[0]["lines"]
    rules = "".join(f'<line x1="4" y1="{y}" x2="146" y2="{y}"/>' for y in (lines["top"], lines["middle"], lines["base"]))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 108">'
            '<rect x="1" y="1" width="148" height="106" rx="14" fill="#fef3c7" stroke="#f59e0b" stroke-width="2"/>'
            f'<g stroke="#d6b36a" stroke-width="1.5" stroke-dasharray="4 4">{rules}</g>'
            '<g fill="none" stroke="#6d28d9" stroke-width="7" stroke-linecap="round" stroke-linejoin="round">'
            f'{"".join(parts)}</g></svg>\n')


def all_pictures() -> set[str]:
    """Every picture path the games can show (tests check each file exists)."""
    paths = {p for _, _, p in COUNTABLE.values()} | {p for _, p in ANIMAL_SOUNDS.values()}
    paths |= {colour_thing(t, c) for t in COLOUR_THINGS for c in COLOURS}
    paths |= {shape_picture(s, c) for s in SAFARI_SHAPES for c in SHAPE_COLOURS + ["outline"]}
    paths |= {shape_picture(s, c, pose) for s in SHAPES for c in SHAPE_COLOURS for pose in SHAPE_POSES}
    paths |= {dots_picture(n) for n in range(1, 11)} | {ten_frame_picture(n) for n in range(1, 10)}
    from learnsite.games.content.animals import ALPHABET

    paths |= {alphabet_picture(animal) for _, animal in ALPHABET}
    paths |= {letter_picture(letter) for letter, _ in ALPHABET}
    return paths
