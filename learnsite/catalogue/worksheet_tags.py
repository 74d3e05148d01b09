"""The worksheet library's fixed tags: its four categories (SPEC), and the subjects and skills with the names a
page shows for them. The services check against these, the pages offer them, the sheets are filed under them."""

from __future__ import annotations

MATH, TRACING, COLOURING, WORD_PUZZLES = CATEGORIES = ("Math Practice", "Letter Tracing", "Color by Number",
                                                       "Word Puzzles")
SUBJECTS = {"math": "Math", "literacy": "Literacy", "art": "Art"}
SKILLS = {
    "counting": "Counting", "addition-subtraction": "Addition & Subtraction", "writing": "Writing",
    "reading": "Reading", "problem-solving": "Problem Solving", "fine-motor": "Fine Motor",
}
