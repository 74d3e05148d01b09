"""Reading the [id] route segment shared by the content pages' states."""

from __future__ import annotations

import reflex as rx


def route_id(state: rx.State) -> str:
    """The [id] segment of the current route ("" when absent)."""
    value = state.router.page.params.get("id", "")
    return value if isinstance(value, str) else ""


def clock(seconds: int) -> str:
    """m:ss, e.g. 185 -> "3:05"."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
