"""Type the answer: sums, take-aways, times tables and multi-step questions, typed on a number pad.

A move is {"value": int}. Modes (params["mode"]):
- "sums": + and - within 10 (5-6; within 5 a step down) or within 20 (7-8, past 10; within 10 a step down), and
  for 7-8 some within 100 as Year 3 adds mentally (47 + 5 and 53 − 8 across a ten, 34 + 20 and 76 − 30 in tens);
- "times": times tables (9-10: 3-12 x 2-12, read forwards, as division and as a missing number, and multi-step
  word problems; a step down: the 2, 3, 4, 5 and 10 times tables, 2 to 10 times).
"""

from __future__ import annotations

import re

from learnsite.games.rounds import EASIER, REFUSED, Outcome, Round, as_int, distinct_rounds

MAX_VALUE = 999  # no answer is bigger; the number pad takes 3 digits
SHOWN_AFTER = 3  # wrong answers to one question before it is shown and the game goes on (a stuck child)
TRIED = "value"  # a number typed again (a held Enter, a second Check) is no news, and no miss
NEW_ANSWER_NEXT = True  # 17 + 3 = 20 right after 15 + 5 = 20 read as the same sum again
PARAMS = frozenset({"mode", "seconds"})
SAME_ANSWER = 2  # the most rounds of a game with one answer (not 17 + 3, 15 + 5 and 19 + 1 in one game)
# a sum in a hint stays on one line ("Multiply first: 4" / "× 7. Then add 7." on a phone)
SIGN = re.compile(r"(?<=\d) ([+−×÷=]) (?=\d)")


def _unbroken(text: str) -> str:
    return SIGN.sub("\u00a0\\1\u00a0", text)


BEYOND_20 = 0.4  # of Math Whiz's sums (7-8) go past 20: it never did, and Year 3 adds two-digit numbers


def _sums(rng, band, level):
    if band == "7-8" and level != EASIER and rng.random() < BEYOND_20:
        return _sums_to_100(rng)
    top = {"5-6": 10, "7-8": 20, "9-10": 100}.get(band, 10)
    if level == EASIER:
        top = top // 2
    # within 20 (7-8), no + 1, − 1 or 13 − 13: a step too small to practise (within 10 they stay)
    least = 2 if top >= 20 else 1
    # but a 7-8 step down starts from 3 or more: "1 + 1" and "1 − 1" after two misses read as babyish at 7
    first = 3 if band != "5-6" and level == EASIER else least
    # and within 20 the sum, or the number taken from, is past 10: 3 − 2 and 4 + 3 are the step down's (within 10)
    past = 11 if top == 20 else 0
    if rng.random() < 0.5:
        a = rng.randint(max(least, first), top - least)
        b = rng.randint(max(least, past - a), top - a)
        return f"{a}+{b}", f"{a} + {b} = ?", f"What is {a} plus {b}?", a + b, plus_hint(a, b)
    # from the top number too: 10 − 4 and 20 − 7 are the take-aways a child most needs
    a = rng.randint(max(2 * least - 1, past, first), top)
    b = rng.randint(least, a - least + 1)
    return f"{a}-{b}", f"{a} − {b} = ?", f"What is {a} take away {b}?", a - b, minus_hint(a, b)


def _sums_to_100(rng):
    """A two-digit number and some ones across a ten, or and some tens; each with the way in a teacher shows."""
    way = rng.randrange(4)
    if way == 0:  # 47 + 5: make the next ten first
        a = rng.choice([n for n in range(21, 89) if n % 10 >= 2])
        b = rng.randint(11 - a % 10, 9)
        up = 10 - a % 10
        return (f"{a}+{b}", f"{a} + {b} = ?", f"What is {a} plus {b}?", a + b,
                f"Make the next ten first: {a} + {up} = {a + up}. Then add the {b - up} left over.")
    if way == 1:  # 53 − 8: back to the ten first
        a = rng.choice([n for n in range(21, 100) if 1 <= n % 10 <= 7])
        b = rng.randint(a % 10 + 1, 9)
        return (f"{a}-{b}", f"{a} − {b} = ?", f"What is {a} take away {b}?", a - b,
                f"Take away {a % 10} to get to {a - a % 10}, then take away {b - a % 10} more.")
    a = rng.choice([n for n in range(21, 80) if n % 10])
    if way == 2:  # 34 + 20: the tens change, the ones stay
        tens = rng.randint(2, min(5, (99 - a) // 10))
        return (f"{a}+{10 * tens}", f"{a} + {10 * tens} = ?", f"What is {a} plus {10 * tens}?", a + 10 * tens,
                f"{a} is {a // 10} tens and {a % 10}. Add {tens} more tens, and keep the {a % 10}.")
    a += 20  # 76 − 30: at least 41, and a ten or more left
    tens = rng.randint(2, a // 10 - 1)
    return (f"{a}-{10 * tens}", f"{a} − {10 * tens} = ?", f"What is {a} take away {10 * tens}?", a - 10 * tens,
            f"{a} is {a // 10} tens and {a % 10}. Take away {tens} tens, and keep the {a % 10}.")


def plus_hint(a: int, b: int) -> str:
    """A teacher's way in, never a count of more than 5: count on from the bigger number, make 10 first when
    the sum passes 10, or add to the ones of a teen number."""
    big, small = max(a, b), min(a, b)
    if big < 10 < big + small:
        return f"Make 10 first: {big} + {10 - big} = 10. Then add the {small - (10 - big)} left over."
    if big == 10:
        return f"Think of one ten and {small} ones. Which teen number is that?" if small < 10 \
            else "Think of two tens. How many is that?"
    if big > 10 and small > 5:
        return f"{big} is 10 and {big - 10}. Add {small} to the {big - 10}, then add the 10."
    return f"Start at {big} and count on {small} more."


def minus_hint(a: int, b: int) -> str:
    """The same for take-away: count back a few, count up between close numbers, take the 10 away
    first, go through 10, or take away from the ones of a teen number."""
    if b == a:
        which = {1: "the only one", 2: "both of them"}.get(a, f"all {a} of them")
        return f"If you take away {which}, how many are left?"
    if b > a - b and a - b <= 5:  # 15 − 14: one step up from 14 to 15, not 14 steps back
        return f"Count up from {b} to {a}. How many steps is that?"
    if b <= 5:
        return f"Start at {a} and count back {b}."
    if b == 10:
        return f"{a} is 10 and {a - 10}. Take away the 10."
    if b > 10:
        return f"Take away 10 first: {a} − 10 = {a - 10}. Then take away {b - 10} more."
    if a - b < 10 < a:
        return f"Take away {a - 10} to get to 10, then take away {b - (a - 10)} more."
    return f"{a} is 10 and {a - 10}. Take {b} from the {a - 10}, then put the 10 back."


# multi-step word problems for 9-10: (template, answer, hint, the biggest third number); every number stays
# small, and the third is at least 2 ("2 more eggs", never "1 more eggs")
_STORIES = (
    # the loose pencils are fewer than a pack holds (more would fill another pack); not eggs, whose boxes
    # hold 6 or 12, never 7
    ("A pack holds {a} pencils. You have {b} full packs and {c} more. How many pencils in all?",
     lambda a, b, c: a * b + c, "First find {b} × {a}, then add {c}.", lambda a, b: a - 1),
    ("{b} friends each have {a} stickers. They give away {c}. How many stickers are left?",
     lambda a, b, c: a * b - c, "First find {b} × {a}, then take away {c}.", lambda a, b: a * b - 1),
    ("A bus has {b} rows of {a} seats. {c} seats are empty. How many people are sitting?",
     lambda a, b, c: a * b - c, "First find all the seats: {b} × {a}. Then take away the empty ones.",
     lambda a, b: a * b - 1),
    ("You read {a} pages a day for {b} days, then {c} more. How many pages did you read?",
     lambda a, b, c: a * b + c, "First find {b} × {a}, then add {c}.", lambda a, b: a * b - 1),
)


def _times(rng, band, level):
    if level == EASIER:
        # a step down that still suits 9-10: a friendlier table, never × 1 (a 9-year-old read "2 × 1" as babyish)
        a, b = rng.choice((2, 3, 4, 5, 10)), rng.randint(2, 10)
        return f"{a}x{b}", f"{a} × {b} = ?", f"What is {a} times {b}?", a * b, f"Count in {a}s, {b} times."
    pick = rng.random()
    if pick < 0.25:
        i = rng.randrange(len(_STORIES))
        text, solve, hint, top = _STORIES[i]
        a, b = rng.randint(3, 12), rng.randint(3, 9)
        c = rng.randint(2, top(a, b))
        return f"story{i}:{a},{b},{c}", text.format(a=a, b=b, c=c), text.format(a=a, b=b, c=c), \
            solve(a, b, c), hint.format(a=a, b=b, c=c)
    a, b = rng.randint(3, 12), rng.randint(2, 12)
    p = a * b
    # the facts read backwards, as Year 4-5 learn them: division, and the missing number
    if pick < 0.45:
        return f"{p}/{b}", f"{p} ÷ {b} = ?", f"What is {p} divided by {b}?", a, \
            f"Which number times {b} makes {p}?"
    if pick < 0.55:
        return f"?x{b}={p}", f"? × {b} = {p}", f"What number times {b} makes {p}?", a, \
            f"Division undoes times: the missing number is {p} ÷ {b}."
    if pick < 0.7:
        c = rng.randint(1, 20)
        return f"{a}x{b}+{c}", f"{a} × {b} + {c} = ?", f"What is {a} times {b}, plus {c}?", p + c, \
            f"Multiply first: {a} × {b}. Then add {c}."
    return f"{a}x{b}", f"{a} × {b} = ?", f"What is {a} times {b}?", p, times_hint(a, b)


def times_hint(a: int, b: int) -> str:
    """A way to a × b (b groups of a, as the step down's "Count in 3s, 10 times" reads it) from a fact a child
    knows: the 2s, 5s and 10s are counted in; 9, 11 and 12 groups are 10 groups and a little; 6 and 7 are 5 and
    a little; 3, 4 and 8 groups are doubles; 2 groups a double, 5 half of 10. None says the answer (a maths review:
    "10 × 8, then one more 8"), nor says the sum again ("Think of 5 groups of 11")."""
    if a in (2, 5, 10):
        return f"Count in {a}s, {b} times."
    if b == 2:
        return f"Double {a}."
    if b == 10:
        return f"Count in 10s, {a} times."
    if b == 5:
        return f"Count in 5s, {a} times." if a <= 10 else \
            f"Think of 10 groups of {a}: {10 * a}. 5 groups are half of that."
    if b in (9, 11, 12):
        then = {9: f"take away one {a}", 11: f"add one more {a}", 12: f"add 2 more groups of {a}"}[b]
        return f"Think of 10 groups of {a}: {10 * a}. Then {then}."
    if b in (6, 7):
        more = "1 more group" if b == 6 else "2 more groups"
        return f"Think of 5 groups of {a}: {5 * a}. Then add {more} of {a}."
    if b == 3:
        return f"Think of 2 groups of {a}: {2 * a}. Then add one more {a}."
    if b == 4:
        return f"Double {a} is {2 * a}. Double that again."
    return f"Double {a}, then double again, then once more: {2 * a}, {4 * a}, ..."  # b is 8: 2 to 12 all met


def _template(key: str) -> str:
    """The kind of question (two pencil packs, or two missing numbers, in a row read as the same one twice)."""
    if key.startswith("story"):
        return key.split(":")[0]
    return "missing" if key.startswith("?") else "division" if "/" in key else key


MODES = {"sums": _sums, "times": _times}


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    make = MODES[params["mode"]]
    answers: dict[int, int] = {}
    last = [""]

    def build(key, prompt, say, answer, hint) -> Round:
        answers[answer] = answers.get(answer, 0) + 1
        last[0] = _template(key)
        return Round(kind="type", key=key, prompt=prompt, say=say, answer=answer, hint=_unbroken(hint),
                     extra={"seconds": params.get("seconds", 0)})

    return distinct_rounds(n, lambda: make(rng, band, level), build,
                           usable=lambda key, prompt, say, answer, hint: (0 <= answer <= MAX_VALUE
                                                                          and answers.get(answer, 0) < SAME_ANSWER
                                                                          and _template(key) != last[0]),
                           apart=lambda key, prompt, say, answer, hint: answer)


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    value = as_int(move.get("value"))
    if value is None or not 0 <= value <= MAX_VALUE:
        return REFUSED
    if value == round_.answer:
        return Outcome(accepted=True, right=True, round_done=True)
    return Outcome(accepted=True, right=False, part=value, message=round_.hint)  # part: the number tried


SHOWN_KEPT = True  # the sum worked out stays above the next one, to read


def shown_after(round_: Round, misses: int) -> str:
    """After SHOWN_AFTER wrong answers, the worked answer, so a stuck child is not kept on one sum for ever."""
    if misses < SHOWN_AFTER:
        return ""
    if round_.prompt.endswith("= ?"):
        worked = _unbroken(round_.prompt.replace("= ?", f"= {round_.answer}."))
    elif round_.prompt.startswith("? "):  # a missing number: ? × 7 = 56
        worked = _unbroken(f"{round_.answer}{round_.prompt[1:]}.")
    else:
        worked = f"The answer is {round_.answer}."
    return f"That one was tricky! {worked}"


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    board["seconds"] = round_.extra["seconds"]
