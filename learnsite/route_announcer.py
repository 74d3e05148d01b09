"""Says the new page's title to a screen reader when the site moves to another page without loading one.

Reflex changes pages inside the open document (React Router): a screen reader heard nothing after a link was
followed, as if the press had done nothing. A live region that lives in the app wrap (one that came with the new
page would be read by nobody) gets the page's title once it has settled (route_announcer.js). The focus is not
moved: the games, books and popups place it themselves.
"""

from __future__ import annotations

import reflex as rx

ANNOUNCER_ID = "route-announcer"


def route_announcer() -> rx.Component:
    return rx.fragment(
        # no children for React: the script writes the words
        rx.el.p(id=ANNOUNCER_ID, aria_live="polite", aria_atomic="true", class_name="sr-only"),
        rx.script(src="/js/route_announcer.js"),
        rx.script(src="/js/header_height.js"),  # lives here for the same reason: it follows each page's header
    )
