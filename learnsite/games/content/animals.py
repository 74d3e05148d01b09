"""Animal Sounds (3-4, pictures and speech) and Animal Alphabet (an animal for every letter A-Z)."""

from __future__ import annotations

from learnsite.games.content.base import Question, fixed, together
from learnsite.games.content.pictures import ANIMAL_SOUNDS, alphabet_picture
from learnsite.games.rounds import EASIER, Option

ALPHABET = (
    ("A", "Ant"), ("B", "Bear"), ("C", "Camel"), ("D", "Dolphin"), ("E", "Elephant"), ("F", "Frog"),
    ("G", "Goat"), ("H", "Hippo"), ("I", "Iguana"), ("J", "Jellyfish"), ("K", "Kangaroo"), ("L", "Lion"),
    ("M", "Monkey"), ("N", "Narwhal"), ("O", "Octopus"), ("P", "Penguin"), ("Q", "Quail"), ("R", "Rabbit"),
    ("S", "Snake"), ("T", "Tiger"), ("U", "Umbrellabird"), ("V", "Vulture"), ("W", "Whale"),
    ("X", "X-ray fish"), ("Y", "Yak"), ("Z", "Zebra"),
)

# letters whose animals start with the same sound: said slowly, "Camel" and "Kangaroo" both begin with "k", so
# neither is offered as the wrong answer for the other (G and O have the animals of their phonics sounds, goat and
# octopus: a giraffe begins with "j", an owl with "ow")
SAME_FIRST_SOUND = (frozenset("CKQ"), frozenset("EX"))
# X's animal begins with the letter's name, not the sound x makes at the end of "fox"
SOUND_OF = {"X": "“ex”, the name of the letter X"}


def same_first_sound(a: str, b: str) -> bool:
    return a == b or together(SAME_FIRST_SOUND, a, b)


@fixed
def sounds(rng, band: str, level: int) -> list[Question]:
    animals = sorted(ANIMAL_SOUNDS)
    out = []
    for name in animals:
        sound, picture = ANIMAL_SOUNDS[name]
        others = [a for a in animals if ANIMAL_SOUNDS[a][0] != sound]
        prompt = f"Who says “{sound}”?"
        out.append(Question(
            key=f"sound:{name}", prompt=prompt, say=f"{sound}! {sound}! Who says {sound}?",
            right=Option(name, picture), wrong=tuple(Option(a, ANIMAL_SOUNDS[a][1]) for a in others),
            hint=f"Listen again: {sound}! Which animal makes that sound?"))
    return out


@fixed
def alphabet(rng, band: str, level: int) -> list[Question]:
    """Pictures without their names: the child says each animal's name and listens for its first sound (a
    printed name would turn it into matching the letter's shape); Hear it reads the names in the order shown."""
    out = []
    for letter, animal in ALPHABET:
        # a step down, the wrong answers start with letters far from this one in the alphabet
        others = [a for l, a in ALPHABET
                  if not same_first_sound(l, letter) and (level != EASIER or abs(ord(l) - ord(letter)) > 3)]
        out.append(Question(
            key=f"letter:{letter}", prompt=f"Which animal starts with the letter {letter}?",
            say=f"{letter}. Which animal starts with the letter {letter}?",
            right=Option(animal, alphabet_picture(animal)), wrong=tuple(Option(a, alphabet_picture(a)) for a in others),
            hint=f"Say each name slowly. Which one begins with {SOUND_OF.get(letter, f'the sound of {letter}')}?"))
    return out
