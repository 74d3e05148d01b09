"""The body of the All Worksheets popup, and what opening it does.

The worksheets feature replaces both functions: all_worksheets_body() with the real list (loading,
loaded, empty, error) and open_all_worksheets() with PopupState.open_all_worksheets followed by its own
load event. The body is mounted afresh each time the popup opens, so an on_mount on its root element
also reloads it every time. The popup frame and its flag (PopupState.all_worksheets_open) stay put.
"""

import reflex as rx

from learnsite.state.popups import PopupState


def open_all_worksheets() -> list:
    """The events of "Browse Worksheets" and "Find & Print"."""
    return [PopupState.open_all_worksheets]


def all_worksheets_body() -> rx.Component:
    return rx.vstack(
        rx.icon("file-text", size=40, aria_hidden="true", color="#f97316"),
        rx.text("No worksheets available yet. Check back soon!", weight="bold"),
        align="center",
        width="100%",
        class_name="empty-state",
    )
