"""Prompt builder (Story Starter, Creative Writing): pick a hero, a place, a problem... then begin.

Every pick is right (it is the child's story). The last round shows the prompt built from the picks and
is done when the child writes at least a few words of their own ({"text": "..."}): a suggested first line
starts the writing (the page puts it in the box), and its words do not count. Where the task asks for words the
child picked (Creative Writing: "Use the words glimmer, squelch, compass: one in your first lines..."), one of them
must be there too, in
any form ("squelched"; in a first line taken, too). Stars come from finishing.
"""

from __future__ import annotations

import re

from learnsite.games.content.writing import STYLES
from learnsite.games.rounds import REFUSED, Option, Outcome, Round, in_range

MAX_TEXT = 600  # characters of the child's own first lines that are checked (never stored)
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
STEPS_DOWN = False  # every pick is right; a short piece of writing is no sign the next picks are too hard
FULL_STARS = True  # stars come from finishing (it is the child's story)
PARAMS = frozenset({"style"})


def min_words(band: str) -> int:
    return 10 if band == "9-10" else 5


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    style = STYLES[params["style"]]
    rounds = []
    for step in style["steps"][: n - 1]:
        options = tuple(Option(label) for label in rng.sample(step["choices"], 4))
        rounds.append(Round(kind="prompt", key=step["key"], prompt=step["question"], say=step["question"],
                            answer=None, options=options, hint="Any choice is a good one: it's your story!",
                            extra={"slot": step["key"]}))
    words = min_words(band)
    rounds.append(Round(kind="prompt", key="write", prompt=style["write"], say=style["write"], answer=words,
                        # no "Keep going!" of its own: the session puts one of its openers before it
                        hint=f"Write at least {words} words of your own.",
                        extra={"slot": "write", "min_words": words,
                               "lines": len(style["first_lines"]) + ("form_lines" in style)}))
    return rounds


class _Picks(dict):
    def __missing__(self, key: str) -> str:
        return "something"


def _capital(text: str) -> str:
    """A pick that starts a sentence: "a brave puppy" -> "A brave puppy" (the rest as picked)."""
    return text[:1].upper() + text[1:]


def _fields(picks: dict[str, str]) -> _Picks:
    fields = _Picks(picks)
    fields["helper_cap"] = _capital(picks.get("helper", "a friend"))
    fields["hero_cap"] = _capital(picks.get("hero", "a hero"))
    fields["first_word"] = picks.get("words", "surprise").split(",")[0].strip()
    fields["first_word_cap"] = _capital(fields["first_word"])
    return fields


def writing_task(style_name: str, picks: dict[str, str]) -> str:
    """The task built from the child's picks, e.g. "Write a story about a brave knight on the Moon ..."."""
    return STYLES[style_name]["task"].format_map(_fields(picks))


def first_lines(style_name: str, picks: dict[str, str]) -> tuple[Option, ...]:
    """The suggested first lines, the one for the piece picked (a poem, a postcard...) first."""
    style = STYLES[style_name]
    lines = style["first_lines"]
    if "form_lines" in style:
        lines = (style["form_lines"].get(picks.get("form", ""), "Here is what happened to {hero}."), *lines)
    return tuple(Option(line.format_map(_fields(picks))) for line in lines)


def own_words(text: str, lines: tuple[Option, ...]) -> str:
    """The text without the suggested first lines it starts with (one or more, as the page counts them): the
    child's own words are the ones asked for."""
    start, labels = text.lstrip(), [line.label for line in lines if line.label]
    while (line := next((label for label in labels if start.startswith(label)), None)) is not None:
        start = start[len(line):].lstrip()
    return start


def count_words(text: str) -> int:
    return len(WORD.findall(text[:MAX_TEXT]))


def chosen_words(picks: dict[str, str]) -> list[str]:
    """The words the writing is to use: Creative Writing's pick of three ("glimmer, squelch, compass")."""
    return [w.strip() for w in picks.get("words", "").split(",") if w.strip()]


def uses(word: str, text: str) -> bool:
    """The word is in the text, in any form: giggle -> giggled, giggling; echo -> echoes (as the page counts)."""
    stem = word.lower()[:-1] if word.lower().endswith("e") else word.lower()
    return any(found.lower().startswith(stem) for found in WORD.findall(text[:MAX_TEXT]))


def use_one_of(words: list[str]) -> str:
    listed = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
    return f"Now use one of your words: {listed}."


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    if round_.answer is None:  # a pick: any offered option
        choice = in_range(move.get("choice"), len(round_.options))
        if choice is None:
            return REFUSED
        return Outcome(accepted=True, right=True, round_done=True, part=choice)
    text = move.get("text")  # a suggested first line alone does not end the game: it starts the writing
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return REFUSED
    if count_words(text) < round_.answer:
        return Outcome(accepted=True, right=False, message=round_.hint)
    # set by own_move from the picks and the whole text, never taken from the page; a first line offered may hold
    # one of the words ("It all began with one funny word: thunder!"): it is in the piece, so it counts
    words, whole = move.get("words") or [], move.get("whole", text)
    if words and not any(uses(word, whole) for word in words):
        return Outcome(accepted=True, right=False, message=use_one_of(words))
    return Outcome(accepted=True, right=True, round_done=True)


def own_move(round_: Round, move: dict, params: dict, picks: dict) -> dict:
    """The writing round checks the child's own words: without the suggested first lines the text starts with."""
    if round_.answer is None or not isinstance(move.get("text"), str):
        return move
    return {"text": own_words(move["text"], first_lines(params["style"], picks)), "words": chosen_words(picks),
            "whole": move["text"]}


def kept_pick(round_: Round, outcome: Outcome) -> tuple[str, str] | None:
    """A pick (the hero, the place...) is kept for the writing task; the writing round keeps nothing."""
    return (round_.extra["slot"], round_.options[outcome.part].label) if round_.answer is None else None


def draw(board: dict, round_: Round, settled: tuple[int, ...], params: dict, picks: dict) -> None:
    """The writing round: the task built from the picks, and its suggested first lines as the options."""
    if round_.key == "write":
        board["task"], board["min_words"] = writing_task(params["style"], picks), round_.extra["min_words"]
        board["say"] = f"{round_.say} {board['task']}"  # Hear it reads the task too: a child who struggles to read
        board["words"] = chosen_words(picks)
        board["options"] = [{"label": o.label, "image": ""} for o in first_lines(params["style"], picks)]
