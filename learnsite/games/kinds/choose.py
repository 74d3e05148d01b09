"""Choose: one right answer among pictures or words. The questions come from a content bank."""

from __future__ import annotations

from types import MappingProxyType

from learnsite.games.content import BANKS
from learnsite.games.content.base import together
from learnsite.games.rounds import REFUSED, Outcome, Round, in_range, option_count, shuffled_apart, shuffled_with
from learnsite.variety import picked, varied

TRIED = "choice"  # an option tried is greyed for the rest of the round
PARAMS = frozenset({"bank", "options", "say_options", "spread", "story_order"})  # what a GameSpec may set
SPREAD = MappingProxyType({"spread": True})  # a round's mark: its game's bank has its subjects spread apart


def make_rounds(rng, band: str, level: int, n: int, params: dict) -> list[Round]:
    if params["bank"] not in BANKS:
        raise KeyError(f"no question bank {params['bank']!r}: name its function in learnsite/games/content BANKS")
    questions = BANKS[params["bank"]](rng, band, level)
    k = params.get("options") or option_count(band, level)
    say_options = params.get("say_options")
    if params.get("spread"):  # the questions' subjects ("circle" of "circle:red") each once before any twice
        chosen = varied(rng, questions, n, lambda q: q.key.split(":")[0])
    else:
        chosen = picked(rng, questions, n)
    if params.get("story_order"):  # a story's questions follow the story; the spare rounds come after
        position = {q.key: i for i, q in enumerate(questions)}
        shown = params["rounds"]
        chosen = sorted(chosen[:shown], key=lambda q: position[q.key]) + chosen[shown:]
    mark = {"extra": SPREAD} if params.get("spread") else {}  # else Round's own empty extra
    rounds = []
    for q in chosen:
        n_options = min(k, len(q.wrong) + 1)
        if q.look_alike:
            options, right = shuffled_apart(rng, q.right, q.wrong, n_options,
                                            lambda a, b: together(q.look_alike, a.label, b.label))
        else:
            options, right = shuffled_with(rng, q.right, q.wrong, n_options)
        say = q.say or q.prompt
        if say_options:  # the answers are words a pre-reader hears (never a word to recognise)
            say = f"{say} {', '.join(o.label for o in options[:-1])} or {options[-1].label}?"
        hint = q.hint_for(tuple(o.label for i, o in enumerate(options) if i != right)) if q.hint_for else q.hint
        rounds.append(Round("choose", q.key, q.prompt, right, say, q.passage, q.pictures, tuple(options),
                            hint=hint or "Have another look.", **mark))
    return rounds


def may_follow(round_: Round, served: tuple[str, ...]) -> bool:
    """Not two rounds of one subject in a row (a bank's keys "subject:...": Sight Words' "word" and "sentence",
    Shape Safari's shapes). `spread` orders each level's list so; a step down or a round skipped may not. A bank
    not spread (a quiz, every key "fact:N") has one subject: any round may follow."""
    return (not served or not round_.extra.get("spread")
            or round_.key.partition(":")[0] != served[-1].partition(":")[0])


def check(round_: Round, move: dict, settled: frozenset[int]) -> Outcome:
    choice = in_range(move.get("choice"), len(round_.options))
    if choice is None:
        return REFUSED
    if choice == round_.answer:
        return Outcome(accepted=True, right=True, round_done=True, part=choice)
    return Outcome(accepted=True, right=False, part=choice, message=round_.hint)
