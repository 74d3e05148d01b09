"""Rows of the All Presentations / All Storybooks / All Audiobooks popups, from the built-in library.

The library module is filled by the content feature; until it is, the rows come from the fixed titles
of the matching learning category, so the popups always list the catalogue's items.
"""

from __future__ import annotations

from learnsite.catalogue import library
from learnsite.catalogue.home import CATEGORIES, TYPE_ROUTES
from learnsite.catalogue.types import slugify
from learnsite.popups.filters import is_read_prompt

# category type -> (library collection name, art folder)
_SOURCES = {"powerpoint": ("PRESENTATIONS", "presentation"), "book": ("STORYBOOKS", "storybook"),
            "audiobook": ("AUDIOBOOKS", "audiobook")}


def _row(kind: str, item_id: str, title: str, subtitle: str = "") -> dict:
    art = _SOURCES[kind][1]
    return {"id": item_id, "title": title, "subtitle": subtitle, "image": f"/art/{art}/{item_id}.svg",
            "href": f"{TYPE_ROUTES[kind]}/{item_id}"}


def list_rows(kind: str) -> list[dict]:
    collection = getattr(library, _SOURCES[kind][0], ())
    if collection:
        return [_row(kind, x.id, x.title, getattr(x, "author", "")) for x in collection]
    category = next(c for c in CATEGORIES if c.type == kind)
    return [_row(kind, slugify(name), name) for name in category.items if not is_read_prompt(name)]
