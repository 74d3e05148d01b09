"""Reading the [id] route segment shared by the content pages' states, the page a viewer shows in the
address (?page=N), and the keys that turn its pages."""

from __future__ import annotations

import json

import reflex as rx

from learnsite import whole_numbers

ID_MAX = 100  # the catalogue's ids are short slugs; a longer one is kept nowhere
PAGE_DIGITS = 4  # more pages than any book or slideshow has


# a classroom's presentation clicker sends Page Down and Page Up; a keyboard's arrows do the same
NEXT_KEYS = frozenset({"ArrowRight", "PageDown"})
PREVIOUS_KEYS = frozenset({"ArrowLeft", "PageUp"})


def page_step(key: str) -> int:
    """+1 for a key that turns to the next page, -1 for the previous, 0 for any other."""
    if not isinstance(key, str):
        return 0
    return 1 if key in NEXT_KEYS else -1 if key in PREVIOUS_KEYS else 0


def route_id(state: rx.State) -> str:
    """The [id] segment of the current route ("" when absent).

    Read from the event's router data, where Reflex's (deprecated) `router.page.params` takes it from: that
    property walks the call stack to word its deprecation warning on every call (0.4 s the first time a
    server process opens an activity, story, book or video page, then about 40 µs a page)."""
    query = state.router_data.get("query") if isinstance(state.router_data, dict) else None
    value = query.get("id", "") if isinstance(query, dict) else ""
    return value if isinstance(value, str) and len(value) <= ID_MAX else ""  # no such item: "Not Found"


def route_page(state: rx.State, count: int) -> int:
    """The 0-based index of the page the address asks for: ?page=N (1-based) when N is a whole number from 1 to
    `count`; anything else (sent by the client: missing, "abc", "999", "-2") opens the first page."""
    query = state.router_data.get("query") if isinstance(state.router_data, dict) else None
    number = whole_numbers.parse(query.get("page") if isinstance(query, dict) else None, PAGE_DIGITS)
    return number - 1 if number is not None and 1 <= number <= count else 0


def address_js(path: str, index: int) -> str:
    """JavaScript showing page `index` (0-based) in the address as ?page=N, none for the first page, so that a
    reload, the browser's Back or a copied link opens the viewer on it. replaceState keeps the router's history
    entry (and its state) in place: a page turn adds no step to Back. `path` is the viewer's own path, made from
    a catalogue id: a reply that arrives after the child has left the viewer changes no other page's address.
    Only that text and the server's own integer go into the script."""
    number = int(index) + 1
    change = f"set('page', '{number}')" if number > 1 else "delete('page')"
    return (f"(() => {{ if (window.location.pathname.replace(/\\/$/, '') !== {json.dumps(path)}) return; "
            f"const url = new URL(window.location.href); url.searchParams.{change}; "
            "window.history.replaceState(window.history.state, '', url); })()")


def clock(seconds: int) -> str:
    """m:ss, e.g. 185 -> "3:05"."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
