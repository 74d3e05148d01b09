"""Animal Sounds (3-4, pictures and speech) and Animal Alphabet (an animal for every letter A-Z)."""

from __future__ import annotations

from learnsite.games.content.base import Question, fixed, together
from learnsite.games.content.pictures import ANIMAL_SOUNDS, alphabet_picture, letter_picture
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
# The device's voice can say a letter's name only ("jee"), never its sound: a word that begins with the sound
# carries it ("G, as in gate"). None is an animal of the game, and each begins as its letter's animal does.
KEYWORDS = {
    "A": "apple", "B": "ball", "C": "cup", "D": "door", "E": "egg", "F": "fan", "G": "gate", "H": "hat",
    "I": "igloo", "J": "jam", "K": "kite", "L": "leaf", "M": "moon", "N": "nest", "O": "olive", "P": "pan",
    "Q": "queen", "R": "red", "S": "sun", "T": "top", "U": "up", "V": "van", "W": "web", "Y": "yo-yo", "Z": "zip",
}
# A letter's spoken name that begins with another animal's first sound: the child who hears "jee" and picks the
# Jellyfish for G did what the voice said, so that animal is never a wrong answer for it (C "see": Snake,
# Y "why": Whale, U "you": Yak, W "double-you": Dolphin, F L M N S "eff el em en ess": Elephant, X-ray fish)
NAME_SOUNDS_LIKE = {"G": "J", "C": "S", "Y": "W", "U": "Y", "W": "D", "F": "E", "L": "E", "M": "E", "N": "E",
                    "S": "E"}


# what a small child calls a picture when the animal's own name is new: the Rabbit is a "bunny" (B), the Iguana a
# "lizard" (L) or "dinosaur" (D), the Yak a "cow" (C) or "bull" (B), the Quail a "bird" or "chicken", the Vulture
# a "bird" or "turkey", the Umbrellabird a "bird": never the wrong answer for those letters (the child did what
# was asked)
CALLED = {"Rabbit": "B", "Iguana": "LD", "Yak": "CB", "Quail": "BC", "Vulture": "BT", "Umbrellabird": "B"}
# pictures a child takes for one thing: a narwhal is a "whale"; three birds are three "birds". One to a round
LOOK_ALIKE = (frozenset({"Narwhal", "Whale"}), frozenset({"Quail", "Vulture", "Umbrellabird"}))


def same_first_sound(a: str, b: str) -> bool:
    return a == b or together(SAME_FIRST_SOUND, a, b)


def heard_alike(asked: str, other: str) -> bool:
    """Whether the animal of `other` could be taken for the answer to `asked`: the same first sound, or the first
    sound of `asked`'s name as the voice says it."""
    name_sound = NAME_SOUNDS_LIKE.get(asked)
    return same_first_sound(asked, other) or (name_sound is not None and same_first_sound(name_sound, other))


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
                  if not heard_alike(letter, l) and letter not in CALLED.get(a, "")
                  and (level != EASIER or abs(ord(l) - ord(letter)) > 3)]
        keyword = KEYWORDS.get(letter)
        out.append(Question(
            key=f"letter:{letter}", prompt=f"Which animal starts with the letter {letter}?",
            say=f"{letter}{f', as in {keyword}' if keyword else ''}. Which animal starts with the letter {letter}?",
            right=Option(animal, alphabet_picture(animal)), wrong=tuple(Option(a, alphabet_picture(a)) for a in others),
            pictures=(letter_picture(letter),),  # the letter, big, beside the question
            look_alike=LOOK_ALIKE,
            hint="Say each name slowly. Which one begins with "
                 + (SOUND_OF[letter] if letter in SOUND_OF else f"the same sound as “{keyword}”") + "?"))
    return out
