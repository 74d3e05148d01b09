"""What a family sees while the page has lost its server: one calm line at the foot of the screen, in place of
Reflex's red toast ("Cannot connect to server: websocket error. Check if server is reachable at ws://...").

It replaces the app's "Overlay" wrap (Reflex's connection toast and pulsing icon). Taps made meanwhile are sent
once the page is connected again; the line goes as soon as it is.
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.core.banner import has_connection_errors

from learnsite.route_announcer import route_announcer

RECONNECTING = "Reconnecting… Please keep this page open."


@rx.memo
def connection_banner() -> rx.Component:
    # a live region that is always there, so the words are read out when they appear; not role="status", which
    # would make every page hold a second, empty status beside its own (a storybook's "Paused.", a game's cheer)
    return rx.el.div(
        rx.cond(has_connection_errors,
                rx.el.p(rx.icon("wifi-off", size=20, aria_hidden="true"), RECONNECTING, class_name="connection-line")),
        aria_live="polite",
        class_name="connection-banner",
    )


def overlay(stateful: bool) -> rx.Component | None:
    """The app wrap (a fragment: the rest of the app is appended to it as children); the route announcer lives
    there too, as a live region must outlast the pages it speaks of."""
    return rx.fragment(connection_banner(), route_announcer()) if stateful else None
