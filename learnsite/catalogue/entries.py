"""Rows of the All Presentations / All Storybooks / All Audiobooks popups, from the built-in library."""

from __future__ import annotations

from learnsite.catalogue import library
from learnsite.catalogue.home import TYPE_ROUTES

# category type -> (library collection name, art folder)
_SOURCES = {"powerpoint": ("PRESENTATIONS", "presentation"), "book": ("STORYBOOKS", "storybook"),
            "audiobook": ("AUDIOBOOKS", "audiobook")}


def _row(kind: str, item_id: str, title: str, subtitle: str = "") -> dict:
    art = _SOURCES[kind][1]
    return {"id": item_id, "title": title, "subtitle": subtitle, "image": f"/art/{art}/{item_id}.svg",
            "href": f"{TYPE_ROUTES[kind]}/{item_id}", "ages": library.ages_label(title)}


def list_rows(kind: str) -> list[dict]:
    return [_row(kind, x.id, x.title, getattr(x, "author", "")) for x in getattr(library, _SOURCES[kind][0])]
