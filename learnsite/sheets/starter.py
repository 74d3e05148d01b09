"""The starter library: worksheets every install gets from prestart, made by the generators.

Each has a stable key (recorded in starter_seeds once added), its library tags and its options.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import fpdf

from learnsite.catalogue import worksheet_tags
from learnsite.sheets.options import SheetOptions, defaults


@dataclass(frozen=True)
class Starter:
    key: str
    title: str
    description: str
    category: str
    subject: str
    skill_type: str
    options: SheetOptions


def edition(starter: Starter) -> str:
    """What the starter's PDF is made from: its options and the generators (their code, fonts and fpdf2).

    Prestart makes an added starter again, in place, when its edition changes.
    """
    digest = hashlib.sha256(_generators())
    digest.update(json.dumps(starter.options.to_dict(), sort_keys=True).encode())
    return digest.hexdigest()


@functools.cache
def _generators() -> bytes:
    package = Path(__file__).parent
    files = sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    digest = hashlib.sha256(f"fpdf2 {fpdf.__version__}".encode())
    for path in [*files, package.parent / "variety.py"]:
        digest.update(path.relative_to(package.parent).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _s(key, title, ages, about, category, subject, skill, kind, **options) -> Starter:
    opts = defaults(kind, seed=options.pop("seed", 1), **options)
    return Starter(key, title, f"{about} For ages {ages}.", category, subject, skill, opts)


MATH, TRACE, COLOUR, WORDS = worksheet_tags.CATEGORIES

STARTERS: tuple[Starter, ...] = (
    _s("count-to-5", "Count to 5", "4-5", "Count the apples, balls, fish, flowers or stars in each box.", MATH, "math",
       "counting", "counting", low=1, high=5, count=6),
    _s("count-to-10", "Count to 10", "4-6", "Count the pictures in each box and write how many.", MATH, "math",
       "counting", "counting", low=1, high=10, count=12),
    _s("count-to-20", "Count to 20", "5-7", "Bigger groups of pictures to count.", MATH, "math", "counting",
       "counting", low=8, high=20, count=12),
    _s("adding-0-to-3", "Adding numbers 0 to 3", "4-5", "Sixteen small sums, dots to count under each number, and an "
       "answer key.", MATH, "math", "addition-subtraction", "addition", low=0, high=3, count=16),
    _s("adding-0-to-5", "Adding numbers 0 to 5", "5-6", "Sums of numbers up to 5, with dots to count; answer key "
       "included.", MATH, "math", "addition-subtraction", "addition", low=0, high=5, count=16),
    _s("adding-0-to-10", "Adding numbers 0 to 10", "6-7", "Sums of numbers up to 10, answer key included.", MATH,
       "math", "addition-subtraction", "addition", low=0, high=10, count=20),
    _s("two-digit-addition-no-carrying", "Two-digit addition (no carrying)", "7-8",
       "Add two-digit numbers; no column carries.", MATH, "math", "addition-subtraction", "addition",
       low=10, high=99, count=20, carrying="none"),
    # up to 49: every answer under 100, so the one carry is from the ones into the tens (77 + 85 = 162 carried
    # twice, into the hundreds: a later step, a teacher's review)
    _s("two-digit-addition-carrying", "Two-digit addition with carrying", "7-9",
       "Every sum carries from the ones into the tens; every answer is under 100.", MATH, "math",
       "addition-subtraction", "addition", low=10, high=49, count=20, carrying="only"),
    _s("three-digit-addition", "Three-digit addition", "8-10", "Forty sums of three-digit numbers.", MATH, "math",
       "addition-subtraction", "addition", low=100, high=999, count=40),
    _s("three-digit-subtraction", "Three-digit subtraction", "8-10", "Forty take-aways of three-digit numbers.",
       MATH, "math", "addition-subtraction", "subtraction", low=100, high=999, count=40),
    _s("taking-away-within-5", "Taking away within 5", "4-5", "Twenty first take-aways, from numbers up to 5.",
       MATH, "math", "addition-subtraction", "subtraction", low=0, high=5, count=20),
    _s("taking-away-within-10", "Taking away within 10", "5-7", "Twenty small subtractions.", MATH, "math",
       "addition-subtraction", "subtraction", low=0, high=10, count=20),
    _s("two-digit-subtraction-no-borrowing", "Two-digit subtraction (no borrowing)", "7-8",
       "Subtract two-digit numbers; no column borrows.", MATH, "math", "addition-subtraction", "subtraction",
       low=10, high=99, count=20, carrying="none"),
    _s("two-digit-subtraction-borrowing", "Two-digit subtraction with borrowing", "7-9",
       "Every problem borrows from the next column.", MATH, "math", "addition-subtraction", "subtraction",
       low=10, high=99, count=20, carrying="only"),
    _s("times-table-2", "The 2 times table", "6-8", "Twenty facts of the 2 times table, up to 2 × 12.", MATH,
       "math", "problem-solving", "multiplication", low=2, high=2, count=20),
    _s("times-table-5", "The 5 times table", "6-8", "Twenty facts of the 5 times table, up to 5 × 12.", MATH,
       "math", "problem-solving", "multiplication", low=5, high=5, count=20),
    _s("times-table-10", "The 10 times table", "6-8", "Twenty facts of the 10 times table, up to 10 × 12.", MATH,
       "math", "problem-solving", "multiplication", low=10, high=10, count=20),
    _s("times-tables-1-5", "Times tables 1 to 5", "7-9", "Facts of the 1 to 5 times tables, up to × 12.", MATH,
       "math", "problem-solving", "multiplication", low=1, high=5, count=20),
    _s("times-tables-2-10", "Times tables 2 to 10", "8-10", "Forty facts of the 2 to 10 times tables, up to × 12.",
       MATH, "math", "problem-solving", "multiplication", low=2, high=10, count=40),
    _s("times-tables-6-12", "Times tables 6 to 12", "9-10", "Forty facts of the harder tables, 6 to 12, up to × 12.",
       MATH, "math", "problem-solving", "multiplication", low=6, high=12, count=40),
    _s("division-facts-2-10", "Division facts 2 to 10", "9-10",
       "Forty divisions: the 2 to 10 times tables read backwards.", MATH, "math", "problem-solving", "division",
       low=2, high=10, count=40),
    _s("number-bonds-to-5", "Number bonds to 5", "4-5", "Pairs of numbers that make 5: find the missing one.",
       MATH, "math", "addition-subtraction", "number-bonds", low=5, high=5, count=12),
    _s("number-bonds-to-10", "Number bonds to 10", "5-7", "Pairs of numbers that make 10: find the missing one.",
       MATH, "math", "addition-subtraction", "number-bonds", low=10, high=10, count=12),
    _s("number-bonds-to-20", "Number bonds to 20", "6-8", "Pairs of numbers that make 20: find the missing one.",
       MATH, "math", "problem-solving", "number-bonds", low=20, high=20, count=12),
    _s("trace-numbers-0-9", "Trace the numbers 0 to 9", "3-5", "Dotted numbers with start dots and arrows.",
       TRACE, "math", "writing", "number-tracing", low=0, high=9),
    _s("trace-numbers-10-20", "Trace the numbers 10 to 20", "4-6", "Two-digit numbers to trace.", TRACE, "math",
       "fine-motor", "number-tracing", low=10, high=20),
    _s("trace-capitals-a-m", "Trace capital letters A to M", "3-5", "Capital letters on three-line guides.",
       TRACE, "literacy", "writing", "letter-tracing", low=1, high=13, case="upper"),
    _s("trace-capitals-n-z", "Trace capital letters N to Z", "3-5", "Capital letters on three-line guides.",
       TRACE, "literacy", "writing", "letter-tracing", low=14, high=26, case="upper"),
    _s("trace-lowercase-a-m", "Trace lowercase letters a to m", "4-6", "Small letters with start dots.", TRACE,
       "literacy", "fine-motor", "letter-tracing", low=1, high=13, case="lower"),
    _s("trace-lowercase-n-z", "Trace lowercase letters n to z", "4-6", "Small letters with start dots.", TRACE,
       "literacy", "fine-motor", "letter-tracing", low=14, high=26, case="lower"),
    _s("trace-letters-a-e", "Trace letters Aa to Ee", "4-6", "Each capital letter, then its small letter.", TRACE,
       "literacy", "writing", "letter-tracing", low=1, high=5, case="both"),
    _s("sight-words-pre-primer", "Sight-word search: first words", "5-6",
       "Find six pre-primer sight words going across and down.", WORDS, "literacy", "reading", "word-search",
       level=1, count=6),
    _s("sight-words-primer", "Sight-word search: primer words", "6-7",
       "Find eight primer sight words, some on a diagonal.", WORDS, "literacy", "reading", "word-search",
       level=2, count=8),
    _s("sight-words-first-grade", "Sight-word search: harder words", "7-8",
       "Ten harder sight words going across, down, diagonally, backwards and up.", WORDS, "literacy",
       "reading", "word-search", level=3, count=10),
    _s("sight-words-challenge", "Sight-word search challenge", "7-9",
       "Twelve sight words hidden five ways, even backwards and up.", WORDS, "literacy",
       "problem-solving",
       "word-search", level=3, count=12, seed=2),
    _s("colour-heart", "Colour by number: heart", "3-5", "A big heart in two colours.", COLOUR, "art",
       "fine-motor", "colour-by-number", level=1, seed=0),
    _s("colour-sun", "Colour by number: sun", "3-5", "A sun over the grass.", COLOUR, "art", "fine-motor",
       "colour-by-number", level=1, seed=1),
    _s("colour-house", "Colour by number: house", "5-7", "A house with windows and a door.", COLOUR, "art",
       "fine-motor", "colour-by-number", level=2, seed=0),
    _s("colour-tree", "Colour by number: tree", "5-7", "A tree on a sunny day.", COLOUR, "art", "fine-motor",
       "colour-by-number", level=2, seed=1),
    _s("colour-fish", "Colour by number: fish", "6-8", "An orange fish in the sea.", COLOUR, "art", "fine-motor",
       "colour-by-number", level=3, seed=0),
    _s("colour-flower", "Colour by number: flower", "6-8", "A pink flower in the garden.", COLOUR, "art",
       "fine-motor", "colour-by-number", level=3, seed=1),
)
