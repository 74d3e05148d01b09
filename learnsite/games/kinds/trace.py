"""Trace: follow a dotted letter with a finger, the mouse or the keyboard pen. The guide (strokes, start
dots, checkpoints) and the checker come from learnsite.games.trace; the trace is accepted when it passes
the letter's checkpoints in order, checked here on the server from the sampled points.

A move is {"strokes": [[[x, y], ...], ...]} in the guide's 0..100 box.
"""

from __future__ import annotations

import string

from learnsite.games.rounds import EASIER, REFUSED, Outcome, Round

from learnsite.games.trace import check_trace, letter_guide

MAX_STROKES = 20  # the canvas's limits (components/trace_canvas.py)
MAX_POINTS = 300

# a step down: capitals made of straight lines only
STRAIGHT = "EFHILTV"
# the steps button is named by its picture too: a child who cannot read hears the hint (trace_canvas.js)
HINT = ("Start at dot 1 and follow the dots all the way along, or tap the button with the steps, "
        "“Trace for me step by step”.")
# tries at one letter before the game goes on: a hand with a tremor was kept on one letter for good (a line
# wobbling 13 px either side reads as a scribble), as typed sums show their answer after 3 (typed.SHOWN_AFTER)
SHOWN_AFTER = 3


def _round(letter: str) -> Round:
    size = "capital" if letter.isupper() else "small"
    return Round(kind="trace", key=f"letter:{letter}", prompt=f"Trace the {size} letter {letter}.",
                 # "dot 1", not "the green dot": to 1 boy in 12 the green dots and the orange arrows look alike;
                 # and a child who cannot read hears that the big button (a tick) says when it is done
                 say=f"Trace the {size} letter {letter}. Start at dot 1. When you finish, press the tick.",
                 answer=letter,
                 hint=HINT,
                 extra={"letter": letter, "guide": letter_guide(letter)})


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    """Each capital, then its small letter (B, then b), as a child learns them at 5-6."""
    if level == EASIER:
        return [_round(letter) for letter in rng.sample(STRAIGHT, n)]
    pairs = rng.sample(string.ascii_uppercase, (n + 1) // 2)
    return [_round(letter) for capital in pairs for letter in (capital, capital.lower())][:n]


def may_follow(round_: Round, served: tuple[str, ...]) -> bool:
    """A small letter only after its capital: back from the straight capitals to the pairs at their place, a game
    gave "l" without "L"."""
    letter = round_.answer
    return letter.isupper() or f"letter:{letter.upper()}" in served


def _valid(strokes) -> bool:
    if not isinstance(strokes, list) or not 0 < len(strokes) <= MAX_STROKES:
        return False
    total = 0
    for stroke in strokes:
        if not isinstance(stroke, list):
            return False
        total += len(stroke)
        for point in stroke:
            if (not isinstance(point, list) or len(point) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) and -10 <= v <= 110 for v in point)):
                return False
    return 0 < total <= MAX_POINTS


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    strokes = move.get("strokes")
    if not _valid(strokes):
        return REFUSED
    if check_trace(round_.answer, strokes):
        return Outcome(accepted=True, right=True, round_done=True)
    return Outcome(accepted=True, right=False, message=round_.hint)


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    board["guide"] = round_.extra["guide"]


def shown_after(round_: Round, misses: int) -> str:
    """After SHOWN_AFTER tries that were not taken, the game goes on to the next letter, kindly."""
    return "That letter was a tricky one. Well done for trying!" if misses >= SHOWN_AFTER else ""
