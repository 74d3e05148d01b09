"""The full-list popups: All Presentations, All Storybooks, All Audiobooks (searchable), All Worksheets."""

from __future__ import annotations

import reflex as rx

from learnsite.popups.all_worksheets import all_worksheets_body
from learnsite.popups.dialog import popup, results_status, search_box
from learnsite.state.popups import PRESENTATION_ROWS, STORYBOOK_ROWS, PopupState


def _row(row) -> rx.Component:
    return rx.link(
        rx.image(src=row["image"], alt="", class_name="row-thumb", loading="lazy"),
        rx.vstack(
            rx.text(row["title"], as_="span", weight="bold"),
            rx.cond(row["subtitle"] != "", rx.text(row["subtitle"], as_="span", size="2", class_name="muted"),
                    rx.fragment()),
            rx.cond(row["ages"] != "", rx.badge(row["ages"], variant="soft", radius="full", size="1"),
                    rx.fragment()),
            spacing="0",
            align="start",
        ),
        href=row["href"],
        class_name="popup-item",
        underline="none",
        on_click=PopupState.close_all,
    )


def _static_rows(rows: list[dict]) -> rx.Component:
    return rx.el.ul(*[rx.el.li(_row(r)) for r in rows], class_name="popup-list")


def all_presentations_popup() -> rx.Component:
    return popup("all_presentations_open", "All Presentations", _static_rows(PRESENTATION_ROWS),
                 subtitle="Pick a slideshow and click through it.", icon="presentation", color="#eab308")


def all_storybooks_popup() -> rx.Component:
    return popup("all_storybooks_open", "All Storybooks", _static_rows(STORYBOOK_ROWS),
                 subtitle="Choose a story to read together.", icon="moon-star", color="#6366f1")


def all_audiobooks_popup() -> rx.Component:
    results = PopupState.audiobook_results
    return popup(
        "all_audiobooks_open",
        "All Audiobooks",
        search_box(placeholder="Search for a story...", aria_label="Search for a story",
                   value=PopupState.audiobook_query, on_change=PopupState.set_audiobook_query),
        results_status(results.length(), "story", "stories", "No stories found. Try another word."),
        rx.cond(
            results.length() == 0,
            rx.text("No stories match your search. Try another word!", class_name="empty-state", aria_hidden="true"),
            rx.el.ul(rx.foreach(results, lambda r: rx.el.li(_row(r))), class_name="popup-list"),
        ),
        subtitle="Stories to listen to, any time.",
        icon="headphones",
        color="#ec4899",
    )


def all_worksheets_popup() -> rx.Component:
    return popup("all_worksheets_open", "All Worksheets", all_worksheets_body(), wide=True,
                 subtitle="Pick a worksheet, then download or print it.", icon="printer", color="#f97316")
