"""Sight Words (5-6): Dolch pre-primer and primer words."""

from __future__ import annotations

import re
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


# a sentence for a word, heard whole and read with the word missing: the word in a sentence it belongs to, as a
# child meets it in a book (a game of 8 "Find the word you hear." grew samey). Short, every other word easy to
# read, the word once and never first (its answer is written small).
SENTENCES = {
    "away": "The bird flew away.", "big": "The elephant is big.", "blue": "The sky is blue.",
    "can": "I can hop on one leg.", "down": "The ball rolled down the hill.", "find": "Can you find my hat?",
    "funny": "The clown is funny.", "go": "We go to the park.", "help": "Can you help me?",
    "here": "Come here, little cat.", "in": "The fish is in the pond.", "jump": "The frog can jump.",
    "little": "A mouse is little.", "make": "We can make a cake.", "my": "This is my dog.",
    "not": "The cat is not wet.", "one": "I have one nose.", "play": "We like to play ball.",
    "red": "The apple is red.", "run": "The dog can run fast.", "see": "I see the moon.",
    "three": "I have three cats.", "two": "A bird has two legs.", "up": "The kite went up.",
    "yellow": "The sun is yellow.", "you": "I love you.",
    "ate": "The dog ate my cake.", "black": "The cat is black.", "brown": "The bear is brown.",
    "eat": "I like to eat apples.", "four": "A dog has four legs.", "good": "This cake is good.",
    "have": "I have a new book.", "like": "I like my bike.", "new": "I have new shoes.",
    "please": "Can I have one, please?", "ran": "The fox ran to the den.", "ride": "I ride my bike.",
    "saw": "I saw a fish.", "under": "The cat is under the bed.", "white": "Snow is white.",
    "went": "We went to the zoo.", "with": "Come and play with me.", "yes": "Mum said yes.",
}
GAP = "___"

# The other words of the lists that would fill a sentence's gap too ("The cat is ___." takes brown as well as
# black): never offered as its wrong answers, or a child who reads the sentence well is told a good one is wrong.
# Each sentence's gap is one of these kinds of place; a word may fill more than one kind.
COLOURS = {"black", "blue", "brown", "red", "white", "yellow"}
QUALITIES = {"big", "funny", "good", "little", "new", "pretty"}
# the cat is _ (three: a child's age)
_AFTER_IS = COLOURS | QUALITIES | {"away", "down", "four", "here", "in", "on", "one", "out", "there", "three", "two",
                                   "up", "well"}
_BEFORE_THINGS = COLOURS | QUALITIES | {"four", "my", "no", "our", "the", "three", "two"}  # I have _ cats
_BEFORE_A_THING = COLOURS | QUALITIES | {"a", "my", "no", "one", "our", "that", "the"}  # I have _ nose
_WHERE_TO = {"away", "down", "here", "in", "now", "on", "out", "there", "too", "up", "well"}  # the kite went _
_GO = {"came", "come", "get", "go", "jump", "ran", "ride", "run", "went"}  # we _ to the park
_DO_TO = {"ate", "eat", "find", "get", "have", "help", "like", "make", "play", "ride", "saw", "see", "want"}  # I _ it
FITS = {
    **dict.fromkeys(("big", "blue", "funny", "little", "red", "yellow", "black", "brown", "good", "white"),
                    _AFTER_IS),
    **dict.fromkeys(("three", "two", "four", "new"), _BEFORE_THINGS),
    "one": _BEFORE_A_THING,
    "my": {"a", "my", "no", "one", "our", "that", "the"},  # this is _ dog
    **dict.fromkeys(("away", "up"), _WHERE_TO),
    "here": _WHERE_TO | {"eat", "help", "jump", "look", "play", "run", "see"},  # come _ (come and see), little cat
    "down": {"at", "down", "in", "into", "on", "to", "under", "up"},  # rolled _ the hill
    **dict.fromkeys(("in", "under"), {"at", "in", "not", "on", "under"}),  # the fish is _ the pond
    "can": {"can", "did", "do", "must", "will"},  # I _ hop on one leg
    **dict.fromkeys(("go", "went"), _GO),
    "ran": {"came", "ran", "went"},  # the fox _ to the den
    **dict.fromkeys(("jump", "run"), {"come", "eat", "go", "help", "jump", "look", "play", "ride", "run", "see"}),
    **dict.fromkeys(("find", "help", "make", "eat", "play", "see", "have", "like", "ride", "saw", "ate"), _DO_TO),
    "not": {"all", "not", "now", "so", "too"},  # the cat is _ wet
    "you": COLOURS | {"all", "it", "me", "that", "this", "you"},  # I love _
    "please": {"now", "please", "soon", "too"},  # can I have one, _?
    "yes": {"it", "no", "please", "so", "that", "this", "yes"},  # Mum said _
    "with": {"for", "like", "with"},  # come and play _ me
}


def in_sentence(word: str) -> str:
    """The word's sentence with a gap where the word is."""
    return re.sub(rf"\b{re.escape(word)}\b", GAP, SENTENCES[word], count=1)


def sentence_words(sentence: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}


@fixed
def _word_rounds(rng, band: str, level: int) -> list[tuple[Question, Question | None]]:
    """Each word's two rounds: find the word you hear, and (where it has a sentence, else None) find the word
    missing from the sentence heard."""
    pool = PRE_PRIMER if level == EASIER else PRE_PRIMER + PRIMER
    out = []
    for word in pool:
        others = sorted((w for w in pool if w.lower() != word.lower() and not sounds_like(w, word)),
                        key=lambda w: (_likeness(word, w), w))
        alone = _question("word", word, others, level, "Find the word you hear.", f"Find the word: {word}.")
        in_its_sentence = (_question("sentence", word, [w for w in others if w not in FITS[word]], level,
                                     f"Find the missing word: “{in_sentence(word)}”",
                                     f"Find the missing word. {SENTENCES[word]}") if word in SENTENCES else None)
        out.append((alone, in_its_sentence))
    return out


def _question(form: str, word: str, others: list[str], level: int, prompt: str, say: str) -> Question:
    """The word among up to 6 others that look like it (a step down, ones with other first letters), none of them
    a word heard with it ("find", "the", a sentence's own)."""
    heard = sentence_words(say)
    near = [w for w in others if w.lower() not in heard and (level != EASIER or w[0].lower() != word[0].lower())]
    return Question(key=f"{form}:{word}", prompt=prompt, say=say, right=Option(word),
                    wrong=tuple(Option(w) for w in near[:6]), hint_for=partial(_hint, word))


def bank(rng, band: str, level: int) -> list[Question]:
    """Each word once, as a word to find or (about half of those with one, drawn each game) in its sentence."""
    return [sentence if sentence is not None and rng.random() < 0.5 else alone
            for alone, sentence in _word_rounds(rng, band, level)]


def _hint(word: str, near) -> str:
    """The first letter, unless a wrong word shown starts with it too: then every letter (a hint that helps)."""
    if len(word) == 1:  # "I" and "a": tall and small tell them apart when both are there
        return f"Look for the word that is just one {'tall' if word.isupper() else 'small'} letter: {word}."
    if not any(w[0].lower() == word[0].lower() for w in near):
        return f"Look at the first letter: “{word}” starts with {word[0]}."
    return f"Look at every letter: “{word}” is spelled {', '.join(word)}."
