"""The small "★★☆" badge beside an activity: a signed-in player's best stars there."""

from __future__ import annotations

import reflex as rx

from learnsite.state.auth import AuthState
from learnsite.state.stars import StarsState

_BADGES = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


def stars_badge(activity_id: str | rx.Var) -> rx.Component:
    """ "★★☆" with "2 of 3 stars" for screen readers, only for a signed-in player who has some."""
    count = StarsState.best[activity_id].to(int)
    return rx.cond(
        AuthState.signed_in & StarsState.best.contains(activity_id),
        rx.el.span(
            rx.match(count, *[(n, text) for n, text in _BADGES.items()], ""),
            role="img",
            aria_label=rx.match(count, *[(n, f"{n} of 3 stars") for n in _BADGES], ""),
            class_name="star-badge",
        ),
    )
