"""Shapes of the built-in catalogue entries, and the slug rule."""

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


