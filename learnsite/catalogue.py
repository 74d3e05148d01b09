"""The built-in catalogue: every age group, category, activity, book, video and song.

Declarative data only. Pictures are local assets under assets/art/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def slugify(title: str) -> str:
    """SPEC §2: lowercase the title and replace whitespace with hyphens."""
    return re.sub(r"\s+", "-", title.strip().lower())


@dataclass(frozen=True)
class Page:
    image: str  # asset path, e.g. "/art/planet-earth.svg"
    image_alt: str  # what the picture shows (the spec's "image description")
    text: str


@dataclass(frozen=True)
class AgeGroup:
    age: str  # "Ages 3-4"
    color: str
    activities: str  # summary line
    type: str  # "popup-3-4"
    popup_activities: tuple[tuple[str, str], ...]  # (id, name)


@dataclass(frozen=True)
class Category:
    title: str
    icon: str  # lucide icon name
    color: str
    description: str
    items: tuple[str, ...]
    type: str  # worksheet, flipbook, video, song, book, powerpoint, audiobook


@dataclass(frozen=True)
class Featured:
    id: str
    title: str
    image: str
    image_alt: str
    description: str
    icon: str
    color: str


@dataclass(frozen=True)
class Activity:
    id: str
    title: str
    description: str
    image: str


@dataclass(frozen=True)
class Video:
    id: str
    title: str
    image: str
    description: str = ""


@dataclass(frozen=True)
class Song:
    id: str
    title: str
    image: str
    description: str = ""


@dataclass(frozen=True)
class Presentation:
    id: str
    title: str
    slides: tuple[Page, ...]


@dataclass(frozen=True)
class Storybook:
    id: str
    title: str
    pages: tuple[Page, ...]


@dataclass(frozen=True)
class Audiobook:
    id: str
    title: str
    author: str
    description: str
    cover: str
    duration: int  # seconds


@dataclass(frozen=True)
class Flipbook:
    id: str
    title: str
    pages: tuple[Page, ...]


@dataclass(frozen=True)
class BuiltinWorksheet:
    id: str
    title: str
    description: str
    image: str


# ---------------------------------------------------------------- data

AGE_GROUPS: tuple[AgeGroup, ...] = (
    AgeGroup("Ages 3-4", "#f472b6", "Colors, shapes and first counting games", "popup-3-4",
             (("color-matching", "Color Matching"), ("shape-sorting", "Shape Sorting"),
              ("number-counting", "Number Counting"), ("animal-sounds", "Animal Sounds"))),
    AgeGroup("Ages 5-6", "#fb923c", "Letters, sight words and adding up", "popup-5-6",
             (("letter-tracing", "Letter Tracing"), ("sight-words", "Sight Words"),
              ("addition-fun", "Addition Fun"), ("number-friends", "Number Friends"))),
    AgeGroup("Ages 7-8", "#38bdf8", "Reading, maths and science facts", "popup-7-8",
             (("reading-comp", "Reading Comp"), ("math-whiz", "Math Whiz"),
              ("story-starter", "Story Starter"), ("science-facts", "Science Facts"))),
    AgeGroup("Ages 9-10", "#a78bfa", "Times tables, writing and big questions", "popup-9-10",
             (("multi-masters", "Multi Masters"), ("creative-writing", "Creative Writing"),
              ("science-lab", "Science Lab"), ("history-quest", "History Quest"))),
)

CATEGORIES: tuple[Category, ...] = ()
FEATURED: tuple[Featured, ...] = ()
ACTIVITIES: tuple[Activity, ...] = ()
VIDEOS: tuple[Video, ...] = ()
SONGS: tuple[Song, ...] = ()
PRESENTATIONS: tuple[Presentation, ...] = ()
STORYBOOKS: tuple[Storybook, ...] = ()
AUDIOBOOKS: tuple[Audiobook, ...] = ()
FLIPBOOKS: tuple[Flipbook, ...] = ()
WORKSHEETS: tuple[BuiltinWorksheet, ...] = ()
