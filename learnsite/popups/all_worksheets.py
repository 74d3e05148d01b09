"""The body of the All Worksheets popup. The worksheets feature replaces all_worksheets_body() with the
real list (loading, loaded, empty, error); the popup frame and its flag stay in PopupState."""

import reflex as rx


def all_worksheets_body() -> rx.Component:
    return rx.vstack(
        rx.icon("file-text", size=40, aria_hidden="true", color="#f97316"),
        rx.text("No worksheets available yet. Check back soon!", weight="bold"),
        align="center",
        width="100%",
        class_name="empty-state",
    )
