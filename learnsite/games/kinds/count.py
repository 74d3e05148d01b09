"""Count: how many are there? One group of objects, or two groups to add together (Addition Fun)."""

from __future__ import annotations

from learnsite.games.kinds import choose
from learnsite.games.content.pictures import COUNTABLE, dots_picture
from learnsite.games.rounds import EASIER, Option, Round, option_count
from learnsite.variety import varied

# how to count, on the page under the question and read with it (each thing tapped shows and says its number)
HOW = "Tap each one as you count it."
TRIED = choose.TRIED
PARAMS = frozenset({"groups", "things", "container"})


def most(band: str, level: int, groups: int) -> int:
    """The largest count (or total) a round may have: 3-4 counts up to 5 objects, 3 a step down."""
    if band == "3-4":
        return 3 if level == EASIER else 5
    if groups == 2:
        return 5 if level == EASIER else 10
    return 6 if level == EASIER else 10


def on(a: int, b: int) -> str:
    """How to count on from a, one number for each new thing: for 4 + 1 its first number is the answer itself.

    Not "keep counting on: 4, 5...": 4 is the group already counted, so it read as counting on from 3."""
    return f"start at {a} and count on: {a + 1}..." if b > 1 else f"count on one more: what number comes after {a}?"


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    groups = params.get("groups", 1)
    container = params.get("container", "")  # "basket": the first group is in it, the second is put in
    top = most(band, level, groups)
    candidates = []
    for name in params.get("things") or COUNTABLE:
        if groups == 1:
            candidates += [(name, (k,)) for k in range(1, top + 1)]
        else:
            candidates += [(name, (a, b)) for a in range(1, top) for b in range(1, top - a + 1)]
    # the total, then the thing, then the first group (not 1 + 9 in the basket, then 1 + 8)
    picked = varied(rng, candidates, n, lambda c: sum(c[1]), lambda c: c[0], lambda c: c[1][0])
    k = option_count(band, level)
    rounds = []
    for name, parts in picked:
        singular, plural, image = COUNTABLE[name]
        total = sum(parts)
        numbers = _near(rng, total, k, top)
        # pre-readers see the digit with as many dots to count
        options = tuple(Option(str(x), dots_picture(x) if band == "3-4" else "") for x in numbers)
        if groups == 1:
            prompt = f"How many {plural} can you count?"
            # and what the count is for: the last number said is how many (a child who counts right may not know)
            hint = "Tap each one as you count: one, two, three... The last number you say tells you how many."
        else:
            a, b = parts
            if container:
                prompt = (f"{a} {singular if a == 1 else plural} {'is' if a == 1 else 'are'} in the {container}. "
                          # not "Put in 4 more": they are drawn beside it, and nothing can be put in
                          f"Here {'comes' if b == 1 else 'come'} {b} more! "
                          f"How many {plural} will be in the {container}?")
                # 1 + 7 counted on from 1 is seven counts to slip on: from the bigger group (as Math Whiz does)
                hint = (f"Count the {plural} in the {container}, then {on(a, b)}" if b <= a else
                        f"Start with the bigger group: count the {plural} that come, then {on(b, a)}")
            else:
                prompt = (f"{a} {singular if a == 1 else plural} and {b} more {singular if b == 1 else plural}. "
                          f"How many {plural} altogether?")
                hint = (f"Count the first group, then {on(a, b)}" if b <= a else
                        f"Start with the bigger group: count the second group, then {on(b, a)}")
        rounds.append(Round(kind="count", key=f"{name}:{'+'.join(map(str, parts))}", prompt=prompt,
                            say=f"{prompt} {HOW}", answer=numbers.index(total), pictures=(image,) * total,
                            options=options, hint=hint,
                            extra={"groups": [parts[0], total - parts[0]] if groups == 2 else [total],
                                   "container": container, "thing": singular}))
    return rounds


def _near(rng, total: int, k: int, top: int) -> list[int]:
    """k numbers in order: the total and its closest neighbours in 1..top + 1 (at least 1..k). One past the top:
    the biggest total was always the last of its numbers (5 of 3, 4, 5), to be picked by its place."""
    pool = [x for x in range(1, max(top + 1, k) + 1) if x != total]
    pool.sort(key=lambda x: (abs(x - total), rng.random()))
    return sorted([total] + pool[: k - 1])


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    """An addition shows its two groups apart, the first in its container where it has one; each picture is
    named by its thing until it is counted."""
    split = round_.extra["groups"]
    if len(split) == 2:
        board["pictures"], board["pictures_more"] = board["pictures"][:split[0]], board["pictures"][split[0]:]
    board["container"] = round_.extra["container"]
    board["thing"] = round_.extra["thing"]


# a count is answered by choosing the right number among the options: the same check as a choose round
check = choose.check
