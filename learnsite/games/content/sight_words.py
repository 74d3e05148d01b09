"""Sight Words (5-6): Dolch pre-primer and primer words."""

from __future__ import annotations

from functools import partial

from learnsite.games.content.base import Question, fixed, together
from learnsite.games.rounds import EASIER, Option

PRE_PRIMER = (
    "a", "and", "away", "big", "blue", "can", "come", "down", "find", "for", "funny", "go", "help", "here",
    "I", "in", "is", "it", "jump", "little", "look", "make", "me", "my", "not", "one", "play", "red", "run",
    "said", "see", "the", "three", "to", "two", "up", "we", "where", "yellow", "you",
)
PRIMER = (
    "all", "am", "are", "at", "ate", "be", "black", "brown", "but", "came", "did", "do", "eat", "four",
    "get", "good", "have", "he", "into", "like", "must", "new", "no", "now", "on", "our", "out", "please",
    "pretty", "ran", "ride", "saw", "say", "she", "so", "soon", "that", "there", "they", "this", "too",
    "under", "want", "was", "well", "went", "what", "white", "who", "will", "with", "yes",
)

# words of the lists that sound the same: "Find the word: two." read aloud cannot tell them apart, so a word
# is never offered beside its sound-alike
SOUND_ALIKES = (frozenset({"to", "two", "too"}), frozenset({"for", "four"}), frozenset({"our", "are"}))


def sounds_like(a: str, b: str) -> bool:
    return together(SOUND_ALIKES, a, b)


def _likeness(a: str, b: str) -> tuple:
    """Words that look alike first: same first letter, then similar length."""
    return (a[0].lower() != b[0].lower(), abs(len(a) - len(b)))


@fixed
def bank(rng, band: str, level: int) -> list[Question]:
    pool = PRE_PRIMER if level == EASIER else PRE_PRIMER + PRIMER
    out = []
    for word in pool:
        # a step down the wrong words look less alike (different first letters)
        others = sorted((w for w in pool if w.lower() != word.lower() and not sounds_like(w, word)),
                        key=lambda w: (_likeness(word, w), w))
        near = others[:6] if level != EASIER else [w for w in others if w[0].lower() != word[0].lower()][:6]
        out.append(Question(
            key=f"word:{word}", prompt="Find the word you hear.", say=f"Find the word: {word}.",
            right=Option(word), wrong=tuple(Option(w) for w in near), hint_for=partial(_hint, word)))
    return out


def _hint(word: str, near) -> str:
    """The first letter, unless a wrong word shown starts with it too: then every letter (a hint that helps)."""
    if len(word) == 1:  # "I" and "a": tall and small tell them apart when both are there
        return f"Look for the word that is just one {'tall' if word.isupper() else 'small'} letter: {word}."
    if not any(w[0].lower() == word[0].lower() for w in near):
        return f"Look at the first letter: “{word}” starts with {word[0]}."
    return f"Look at every letter: “{word}” is spelled {', '.join(word)}."
