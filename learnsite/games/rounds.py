"""What every kind produces and returns: a Round (with its private answer) and an Outcome."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from learnsite.variety import picked

BANDS = ("3-4", "5-6", "7-8", "9-10")

# level 0 = one step easier than the band's normal; a game starts at NORMAL and steps down after 2 misses
EASIER, NORMAL = 0, 1
LEVELS = (EASIER, NORMAL)


# Option, Round and Outcome are NamedTuples: immutable like a frozen dataclass, and several times cheaper to
# make (a game makes a few dozen of each, on the path between a child's tap and the answer).
class Option(NamedTuple):
    label: str  # read by screen readers; shown unless the option is a picture
    image: str = ""  # asset path, e.g. "/art/games/cow.svg"


class Round(NamedTuple):
    """One round. `answer` and `hint` never reach the page before the child has answered.

    Per kind, `answer` is: choose/count -> index into options; match -> tuple (right index for each
    left option); sort -> tuple (group index for each item in options); type -> int; prompt -> None
    for a free pick or the minimum word count for the writing round; trace -> the letter.
    """

    kind: str
    key: str  # identifies the round's content: no two rounds of a game share a key
    prompt: str
    answer: Any
    say: str = ""  # the instruction spoken aloud (pre-readers)
    passage: str = ""  # a story to read (reading comprehension)
    pictures: tuple[str, ...] = ()  # pictures shown with the question (count: one per object)
    options: tuple[Option, ...] = ()
    groups: tuple[Option, ...] = ()  # match: the right-hand column; sort: the groups
    hint: str = "Have another look."
    extra: Mapping[str, Any] = MappingProxyType({})  # public, kind-specific (trace guide, words)


class Outcome(NamedTuple):
    accepted: bool  # False: the move was malformed or forged; nothing changed
    right: bool = False
    round_done: bool = False
    part: int = -1  # match/sort: which option is now settled
    message: str = ""


REFUSED = Outcome(accepted=False, message="")


def as_int(value: Any) -> int | None:
    """An int from a move (bools are not numbers here)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def in_range(value: Any, n: int) -> int | None:
    v = as_int(value)
    return v if v is not None and 0 <= v < n else None


def distinct_rounds(n: int, draw: Callable[[], tuple], build: Callable[..., Round],
                    usable: Callable[..., bool] = lambda *item: True,
                    apart: Callable[..., Any] | None = None) -> list[Round]:
    """n rounds from draw() (each a tuple whose first item is the round's key), none repeating a key and,
    given `apart`, no two in a row alike in apart(*item) (not 15 + 5, then 12 + 8); build(*item) runs as each
    draw is kept, so its own use of the RNG stays in the same order."""
    rounds, keys, last = [], set(), object()
    while len(rounds) < n:
        item = draw()
        if item[0] in keys or not usable(*item):
            continue
        alike = apart(*item) if apart is not None else None
        if apart is not None and alike == last:
            continue
        keys.add(item[0])
        last = alike
        rounds.append(build(*item))
    return rounds


def check_placement(round_: Round, settled: frozenset[int], part: Any, place: Any) -> Outcome:
    """Match and sort: put option `part` in group `place` (round_.answer[part] is its right group);
    the round is done when every option is placed. A placed option cannot be moved again."""
    part, place = in_range(part, len(round_.options)), in_range(place, len(round_.groups))
    if part is None or place is None or part in settled:
        return REFUSED
    if round_.answer[part] != place:
        return Outcome(accepted=True, right=False, part=part, message=round_.hint)
    return Outcome(accepted=True, right=True, round_done=len(settled) + 1 == len(round_.options), part=part)


def option_count(band: str, level: int) -> int:
    """How many choices a round offers: 3 for pre-readers, 4 from 5-6, one fewer a step down."""
    normal = 3 if band == "3-4" else 4
    return normal - 1 if level == EASIER else normal


def shuffled_apart(rng, right, wrong: list | tuple, n: int, alike) -> tuple[list, int]:
    """As shuffled_with, but no two choices alike(a, b): the wrong ones drawn in a random order, each kept unless
    it is alike the right one or one kept before (fewer than n where too few are apart)."""
    picks: list = []
    for item in picked(rng, wrong, len(wrong)):
        if len(picks) == n - 1:
            break
        if not alike(item, right) and not any(alike(item, p) for p in picks):
            picks.append(item)
    at = int(rng.random() * (len(picks) + 1))
    picks.insert(at, right)
    return picks, at


MAX_LAYOUTS = 1024  # above this many, shuffled_with sorts by random keys instead of reading a table


@lru_cache(maxsize=None)
def _layouts(wrong: int, n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to lay out n choices from `wrong` wrong answers and the right one: which wrong ones in which
    order, and where the right one goes (all equally likely, so one draw picks a layout). () when too many."""
    if math.perm(wrong, n - 1) * n > MAX_LAYOUTS:
        return ()
    return tuple((order, at) for order in itertools.permutations(range(wrong), n - 1) for at in range(n))


def shuffled_with(rng, right, wrong: list | tuple, n: int) -> tuple[list, int]:
    """n choices: the right one plus n-1 of `wrong`, in random order; returns (choices, right index)."""
    layouts = _layouts(len(wrong), n)
    if layouts:  # one draw: a round's choices are laid out as a child's game starts, a dozen rounds at a time
        order, at = layouts[int(rng.random() * len(layouts))]
        picks = [wrong[i] for i in order]
    else:
        picks = picked(rng, wrong, n - 1)
        at = int(rng.random() * n)
    picks.insert(at, right)
    return picks, at
