"""Sort into groups: tap a thing, then tap the group it belongs to (tap-tap, no dragging).

A move is {"item": i, "group": g}; the round is done when every item is in its group.
"""

from __future__ import annotations

from learnsite.games.content.pictures import SHAPE_COLOURS, SHAPE_POSES, SHAPES, shape_picture
from learnsite.games.content.shapes import HINTS as SHAPE_HINTS
from learnsite.games.rounds import EASIER, Option, Outcome, Round, check_placement, distinct_rounds

# how to play, on the page under the question and read with it (a pre-reader hears it)
HOW = "Tap a shape, then tap its home."
THEN = "Now tap its home."
PARAMS = frozenset({"sets", "shapes"})
LOOK = "Look at its corners and sides. Which home has the same shape?"  # for a thing with no hint of its own


def sizes(band: str, level: int) -> tuple[int, int]:
    """(groups, items): pre-readers sort at most 5 things into 2 or 3 homes."""
    if band == "3-4":
        return (2, 4) if level == EASIER else (3, 5)
    return (2, 5) if level == EASIER else (3, 6)


def _shapes(rng, band, level, params):
    groups, items = sizes(band, level)
    homes = rng.sample(list(params.get("shapes") or SHAPES), groups)
    # every home gets at least one shape, the rest at random
    things = homes + [rng.choice(homes) for _ in range(items - groups)]
    rng.shuffle(things)
    colours = [rng.choice(SHAPE_COLOURS) for _ in things]
    poses = [""] * items if level == EASIER else _poses(rng, items)
    options = tuple(Option(f"{c} {s}", shape_picture(s, c, p)) for s, c, p in zip(things, colours, poses))
    group_opts = tuple(Option(f"{s.capitalize()} home", shape_picture(s, "outline")) for s in homes)
    answer = tuple(homes.index(s) for s in things)
    key = "shapes:" + ",".join(f"{s}/{c}/{p}" for s, c, p in zip(things, colours, poses))
    return key, options, group_opts, answer, "Help each shape find its home.", LOOK


def _poses(rng, items: int) -> list[str]:
    """How each shape lies: about a third as its home is drawn, the rest smaller or turned, and at least two not
    as at home (a child learns that a shape stays itself; the step down keeps every shape as at home)."""
    kinds = ["", *SHAPE_POSES]
    poses = [rng.choice(kinds) for _ in range(items)]
    for i in rng.sample(range(items), 2):
        poses[i] = poses[i] or rng.choice(list(SHAPE_POSES))
    return poses


SETS = {"shapes": _shapes}


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    make = SETS[params["sets"]]

    def build(key, options, groups, answer, prompt, hint) -> Round:
        return Round(kind="sort", key=key, prompt=prompt, say=f"{prompt} {HOW}", answer=answer,
                     options=options, groups=groups, hint=hint)

    return distinct_rounds(n, lambda: make(rng, band, level, params), build)


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    outcome = check_placement(round_, settled, move.get("item"), move.get("group"))
    if outcome.accepted and not outcome.right:  # about the shape the child moved: "A triangle has 3 corners..."
        shape = round_.options[outcome.part].label.split()[-1]
        if shape in SHAPE_HINTS:
            return outcome._replace(message=f"{SHAPE_HINTS[shape]} Which home has the same shape?")
    return outcome


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    """A thing sorted is shown inside its home, in the order the child put them there."""
    for i in settled:
        board["groups"][round_.answer[i]]["placed"].append(round_.options[i].image)
