"""One toast at a time (SPEC §4): every toast reuses the same id, so a new one replaces the old."""

from __future__ import annotations

import reflex as rx

from learnsite.safe_text import inert

TOAST_ID = "learnsite-toast"

DEFAULT_MS = 5000
COMING_SOON_MS = 4000
SUMMARY_MS = 9000
INFINITE = None  # pass duration=INFINITE for a toast that stays until dismissed

# For a failure the person can do nothing about: what broke is logged, never shown (a database's or mail
# server's message can name hosts, users, tables and the statement).
SOMETHING_WRONG = "Something went wrong"
SERVER_TROUBLE = "Something went wrong on the server. Please try again."

_LEVELS = {"info": "info", "success": "success", "error": "error", "warning": "warning"}


# Toasts show under the sticky header (63 px tall at every width at the browser's own text size; taller with the
# reader's bigger text, as header_height.js measures), not over its buttons and links for 5 s.
BELOW_HEADER = {"top": "calc(var(--header-height, 63px) + 9px)"}


def toaster() -> rx.Component:
    """The app's one toaster (SPEC §4: one toast at a time), at the top, below the header; sonner keeps its own
    side offsets (on a phone the toast spans the screen but for 16 px each side)."""
    return rx.toast.provider(visible_toasts=1, position="top-center", close_button=True,
                             custom_attrs={"offset": BELOW_HEADER, "mobileOffset": BELOW_HEADER})


def notify(
    title: str | rx.Var,
    description: str | rx.Var = "",
    *,
    level: str = "info",
    duration: int | None = DEFAULT_MS,
    position: str | None = None,
    passive: bool = False,
) -> rx.event.EventSpec:
    """A toast with a title and a description. level "error" is the spec's destructive toast. `position` (sonner's,
    "bottom-center"): where this one shows, if not under the header. `passive`: taps go through it to what it
    covers (a game's answers), but for its close button."""
    props: dict = {"id": TOAST_ID, "close_button": True}
    if position is not None:
        props["position"] = position
    if passive:
        props["class_name"] = "toast-passive"
    if isinstance(title, str):
        title = inert(title)
    if description:
        props["description"] = inert(description) if isinstance(description, str) else description
    # sonner treats Infinity as "never auto-dismiss"
    props["duration"] = duration if duration is not None else float("inf")
    return rx.toast(title, level=_LEVELS[level], **props)


def coming_soon() -> rx.event.EventSpec:
    return notify(
        "Feature Coming Soon!",
        "This feature is not implemented yet. Stay tuned!",
        duration=COMING_SOON_MS,
    )
