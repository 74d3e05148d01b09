"""What every question bank is made of: a Question, and the helpers the banks share."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import wraps
from typing import Callable

from learnsite.games.rounds import Option


@dataclass(frozen=True)
class Question:
    key: str
    prompt: str
    right: Option
    wrong: tuple[Option, ...]
    say: str = ""
    passage: str = ""
    pictures: tuple[str, ...] = ()
    hint: str = ""
    # a hint that depends on the wrong answers a round shows (labels in, hint out); else `hint`
    hint_for: Callable[[tuple[str, ...]], str] | None = field(default=None, compare=False)
    # groups of option labels a child would take for one thing (a narwhal and a whale): a round shows one of each
    look_alike: tuple[frozenset[str], ...] = ()


def words(*labels: str) -> tuple[Option, ...]:
    return tuple(Option(label) for label in labels)


def together(groups, a: str, b: str) -> bool:
    """Whether a and b are in one of the groups (words that sound alike, letters with one first sound)."""
    return any(a in group and b in group for group in groups)


# a number and its unit stay on one line ("900 g" broke between 900 and g on a phone)
UNIT = re.compile(r"(\d) (?=(?:g|kg|ml|l|cm|m|km|°C|seconds|minutes)\b)")


def unbroken(text: str) -> str:
    return UNIT.sub("\\1\u00a0", text)


def quiz(items, key_prefix: str, passage: str = "") -> list[Question]:
    """(question, right answer, wrong answers, hint) tuples -> Questions (about `passage`, a story to read first)."""
    return [Question(key=f"{key_prefix}{i}", prompt=unbroken(q), right=Option(unbroken(right)),
                     wrong=words(*map(unbroken, wrong)), hint=unbroken(hint), passage=passage)
            for i, (q, right, wrong, hint) in enumerate(items)]


def fixed(bank):
    """A bank that draws nothing from the RNG: built once per (band, level), then shared (it is read-only:
    a game samples from it)."""
    built: dict[tuple[str, int], tuple[Question, ...]] = {}

    @wraps(bank)
    def shared(rng, band: str, level: int) -> tuple[Question, ...]:
        if (band, level) not in built:
            built[band, level] = tuple(bank(rng, band, level))
        return built[band, level]

    return shared
