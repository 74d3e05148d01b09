"""Pure search and filter rules of the list popups (SPEC §5), free of Reflex so they are unit-testable."""

from __future__ import annotations

from typing import Iterable

from learnsite.catalogue.home import TYPE_ROUTES
from learnsite.catalogue.types import Category, slugify

ALL = "All"


def matches(text: str, query: str) -> bool:
    """Case-insensitive substring match; a blank query matches everything."""
    q = query.strip().lower()
    return not q or q in text.lower()


def filter_activities(
    categories: Iterable[Category], query: str = "", category_title: str = ALL, kind: str = ALL
) -> list[dict]:
    """Explore All Activities: the categories left after the category-title and type filters,
    each with its items whose name contains the query. Categories with no matching item drop out."""
    results = []
    for c in categories:
        if category_title not in ("", ALL) and c.title != category_title:
            continue
        if kind not in ("", ALL) and c.type != kind:
            continue
        items = [name for name in c.items if matches(name, query)]
        if items:
            results.append({"title": c.title, "type": c.type, "icon": c.icon, "color": c.color, "items": items})
    return results


def item_route(kind: str, name: str) -> str:
    """Where an item of a category popup goes: /{type-route}/{slug}; "" when it has no page of its own."""
    base = TYPE_ROUTES.get(kind)
    return f"{base}/{slugify(name)}" if base else ""


def is_read_prompt(name: str) -> bool:
    """The "Read ..." entries of the audiobook category are prompts, not books (SPEC §2 popup flow)."""
    return name.startswith("Read ")


def search_titles(entries: Iterable[dict], query: str) -> list[dict]:
    """All Audiobooks (and the other full lists): entries whose title contains the query, any case."""
    return [e for e in entries if matches(e["title"], query)]
