"""Question banks for the choose kind: bank(rng, band, level) -> Questions with distinct keys.

A new bank: a function in a module here (its Questions are built with base.py's helpers), named in BANKS. A game
takes rounds + 4 questions from its bank where it can (spare rounds for a step down), and at least its rounds.
"""

from __future__ import annotations

from learnsite.games.content import animals, quizzes, reading, shapes, sight_words

BANKS = {
    "animal_sounds": animals.sounds,
    "animal_alphabet": animals.alphabet,
    "sight_words": sight_words.bank,
    "shape_safari": shapes.safari,
    "stories": reading.bank,
    "science_facts": quizzes.science_facts,
    "science_lab": quizzes.science_lab,
    "history_quest": quizzes.history_quest,
}
