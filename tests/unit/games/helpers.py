"""Play games through the engine in tests: the right moves of a round are read from the engine."""

from __future__ import annotations

from learnsite.games import session as S


OWN_WORDS = "The sun came up and my story began with a big surprise today."


def own_words(s: S.Session) -> str:
    """The child's own first lines, with one of the words the task asks for (Creative Writing's picks)."""
    from learnsite.games.kinds.prompt import chosen_words

    words = chosen_words(dict(s.picks))
    return f"{OWN_WORDS} It was {words[0]}." if words else OWN_WORDS


def right_moves(s: S.Session) -> list[dict]:
    """The moves that finish the current round with no mistake."""
    r = S.current_round(s)
    if r.kind in ("choose", "count"):
        return [{"choice": r.answer}]
    if r.kind == "match":
        return [{"left": i, "right": j} for i, j in enumerate(r.answer) if i not in s.settled]
    if r.kind == "sort":
        return [{"item": i, "group": g} for i, g in enumerate(r.answer) if i not in s.settled]
    if r.kind == "type":
        return [{"value": r.answer}]
    if r.kind == "prompt":  # a pick, or the child's own first lines
        return [{"choice": 0}] if r.answer is None else [{"text": own_words(s)}]
    if r.kind == "trace":
        from learnsite.games.trace import letter_guide

        return [{"strokes": [[[int(x), int(y)] for x, y in stroke] for stroke in letter_guide(r.answer)["strokes"]]}]
    raise AssertionError(f"helpers.py knows no right moves of a {r.kind!r} round: add its moves here")


def wrong_move(s: S.Session) -> dict:
    """A move that is allowed but wrong (none exists for a prompt pick: any pick is right)."""
    r = S.current_round(s)
    if r.kind in ("choose", "count"):
        return {"choice": next(i for i in range(len(r.options)) if i != r.answer and i not in s.tried)}
    if r.kind == "match":
        left = next(i for i in range(len(r.options)) if i not in s.settled)
        return {"left": left, "right": (r.answer[left] + 1) % len(r.groups)}
    if r.kind == "sort":
        item = next(i for i in range(len(r.options)) if i not in s.settled)
        return {"item": item, "group": (r.answer[item] + 1) % len(r.groups)}
    if r.kind == "type":  # a number not tried yet (one sent again is refused)
        return {"value": next(v for v in range(r.answer + 1, r.answer + 99) if v not in s.tried)}
    if r.kind == "prompt" and r.key == "write":
        return {"text": "Once"}
    if r.kind == "trace":
        return {"strokes": [[[0, 0], [1, 1]]]}
    if r.kind == "prompt":
        raise AssertionError("no wrong move for a free pick: any pick is right")
    raise AssertionError(f"helpers.py knows no wrong move of a {r.kind!r} round: add one here")


def play_round(s: S.Session) -> S.Session:
    for move in right_moves(s):
        s, fb = S.answer(s, s.index, move)
        assert fb.accepted and fb.right, (s, move)
    return s


def play_perfect(activity_id: str, seed: int) -> tuple[S.Session, list]:
    """Play every round right first time; returns the finished session and the rounds served."""
    s = S.start(activity_id, seed)
    served = []
    while not s.finished:
        served.append(S.current_round(s))
        s = play_round(s)
    return s, served
