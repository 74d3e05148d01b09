"""Match pairs: tap something on the left, then its partner on the right (tap-tap, no dragging).

A move is {"left": i, "right": j}; the round is done when every left option has its partner.
"""

from __future__ import annotations

from learnsite.games.content.pictures import COLOUR_MARKS, COLOURS, colour_thing, ten_frame_picture
from learnsite.games.rounds import EASIER, Option, Outcome, Round, check_placement, distinct_rounds

# how to play, on the page under the question and read with it (a pre-reader hears it)
HOW = "Tap one on the left, then its partner on the right."
THEN = "Now tap its partner."
PARAMS = frozenset({"pairs"})


def pair_count(band: str, level: int) -> int:
    normal = 3 if band == "3-4" else 4
    return normal - 1 if level == EASIER else normal


# Color Matching's pairs: (left picture, right picture, their names, the question). The first round is the
# ball and its T-shirt; then the others take turns (five rounds of balls grew samey, most of all at 2 pairs)
COLOUR_SETS = (
    ("ball", "shirt", "ball", "T-shirt", "Match each ball with the T-shirt of the same colour!"),
    ("sock", "sock2", "sock", "sock", "Find each sock's partner: the sock of the same colour!"),
    ("car", "garage", "car", "garage", "Park each car in the garage of the same colour!"),
)


def _colour_pairs(rng, band, level, round_no: int = 0):
    """Color Matching: a thing on the left, its partner of the same colour on the right."""
    left_art, right_art, left_name, right_name, prompt = COLOUR_SETS[round_no % len(COLOUR_SETS)]
    k = pair_count(band, level)
    colours = rng.sample(sorted(COLOURS), k)
    left = [Option(f"{c} {left_name}", colour_thing(left_art, c)) for c in colours]
    right = [Option(f"{c} {right_name}", colour_thing(right_art, c)) for c in colours]
    key = f"colours:{left_name}:" + ",".join(sorted(colours))
    return key, left, right, prompt, \
        f"Look at the colour of the {left_name}. Which {right_name} has that colour too?"


def colour_hint(colour: str, left_name: str = "ball", right_name: str = "T-shirt") -> str:
    """After a wrong partner: the picked thing's colour and mark, said and shown (a child who cannot tell the
    colours apart hears which, and looks for the mark)."""
    mark = COLOUR_MARKS[colour]
    return f"This {left_name} is {colour}, with a {mark}. Find the {colour} {right_name} with a {mark} too."


def _bonds_to_ten(rng, band, level, round_no: int = 0):
    """Number Friends: two numbers that hold hands to make 10."""
    k = pair_count(band, level)
    numbers = rng.sample(range(1, 10), k)
    while any(10 - a in numbers and a != 5 for a in numbers):  # 3 and 7 both on the left would confuse
        numbers = rng.sample(range(1, 10), k)
    # each number above its ten frame: a child who cannot yet add sees the friend as the empty boxes
    left = [Option(str(a), ten_frame_picture(a)) for a in numbers]
    right = [Option(str(10 - a), ten_frame_picture(10 - a)) for a in numbers]
    key = "bonds:" + ",".join(map(str, sorted(numbers)))
    return key, left, right, "Match each number with its friend to make 10.", \
        "Count the empty boxes in a number's ten frame. Its friend has that many dots."


SETS = {"colours": _colour_pairs, "bonds10": _bonds_to_ten}


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    make = SETS[params["pairs"]]

    def build(key, left, right, prompt, hint) -> Round:
        order = list(range(len(right)))
        rng.shuffle(order)
        while len(order) > 1 and any(row == i for row, i in enumerate(order)):  # no partner straight across
            rng.shuffle(order)
        shuffled = tuple(right[i] for i in order)
        answer = tuple(order.index(i) for i in range(len(left)))
        return Round(kind="match", key=key, prompt=prompt, say=f"{prompt} {HOW}", answer=answer,
                     options=tuple(left), groups=shuffled, hint=hint)

    built: list[Round] = []  # a round's pairs may depend on its place in the game (Color Matching's turns)

    def counted(*item) -> Round:
        built.append(build(*item))
        return built[-1]

    return distinct_rounds(n, lambda: make(rng, band, level, len(built)), counted)


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    outcome = check_placement(round_, settled, move.get("left"), move.get("right"))
    if outcome.accepted and not outcome.right and round_.key.startswith("colours:"):
        colour, _, left_name = round_.options[outcome.part].label.partition(" ")
        right_name = round_.groups[0].label.partition(" ")[2]
        outcome = outcome._replace(message=colour_hint(colour, left_name, right_name))
    return outcome


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    """A partner matched is shown as done."""
    for i in settled:
        board["groups"][round_.answer[i]]["state"] = "done"
