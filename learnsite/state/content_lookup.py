"""Reading the [id] route segment shared by the content pages' states."""

from __future__ import annotations

import reflex as rx

ID_MAX = 100  # the catalogue's ids are short slugs; a longer one is kept nowhere


def route_id(state: rx.State) -> str:
    """The [id] segment of the current route ("" when absent).

    Read from the event's router data, where Reflex's (deprecated) `router.page.params` takes it from: that
    property walks the call stack to word its deprecation warning on every call (0.4 s the first time a
    server process opens an activity, story, book or video page, then about 40 µs a page)."""
    query = state.router_data.get("query") if isinstance(state.router_data, dict) else None
    value = query.get("id", "") if isinstance(query, dict) else ""
    return value if isinstance(value, str) and len(value) <= ID_MAX else ""  # no such item: "Not Found"


def clock(seconds: int) -> str:
    """m:ss, e.g. 185 -> "3:05"."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
