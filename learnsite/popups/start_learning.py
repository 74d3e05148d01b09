"""Start Learning (pick a category) and Explore All Activities (search and filter every category's items)."""

from __future__ import annotations

import reflex as rx

from learnsite.catalogue.home import CATEGORIES
from learnsite.popups.dialog import popup, results_status, search_box
from learnsite.catalogue.filters import ALL
from learnsite.state.popups import PopupState

TYPE_LABELS = {"worksheet": "Worksheets", "flipbook": "Flipbooks", "video": "Videos", "song": "Songs",
               "book": "Storybooks", "powerpoint": "Presentations", "audiobook": "Audiobooks"}


def start_learning_popup() -> rx.Component:
    return popup(
        "start_learning_open",
        "Start Learning",
        rx.grid(
            *[
                rx.el.button(
                    rx.box(rx.icon(c.icon, size=24, aria_hidden="true"), class_name="item-tile",
                           background=c.color),
                    rx.text(c.title, as_="span", weight="bold"),
                    type="button",
                    class_name="choice-card",
                    on_click=PopupState.open_category(c.type),
                )
                for c in CATEGORIES
            ],
            columns=rx.breakpoints(initial="1", sm="2"),
            spacing="3",
            width="100%",
        ),
        subtitle="What would you like to explore today? Pick one to begin!",
        icon="rocket",
        color="#f97316",
    )


def _type_chip(value: str, label: str) -> rx.Component:
    pressed = PopupState.activities_type == value
    return rx.el.button(label, type="button", aria_pressed=pressed.to_string(),
                        class_name=rx.cond(pressed, "chip chip-on", "chip"),
                        on_click=PopupState.set_activities_type(value))


def _result(result: rx.Var) -> rx.Component:
    return rx.el.button(
        rx.box(class_name="result-dot", background=result["color"]),
        rx.vstack(
            rx.text(result["title"], as_="span", weight="bold", class_name="result-title"),
            rx.text(result["items"].to(list[str]).join(" · "), as_="span", size="2", class_name="result-items"),
            spacing="1",
            align="start",
        ),
        type="button",
        class_name="choice-card result-card",
        on_click=PopupState.open_category(result["type"].to(str)),
    )


def all_activities_popup() -> rx.Component:
    results = PopupState.activity_results
    return popup(
        "all_activities_open",
        "Explore All Activities",
        search_box(placeholder="Search activities...", aria_label="Search activities",
                   value=PopupState.activities_query, on_change=PopupState.set_activities_query),
        rx.el.label(
            rx.text("Category", as_="span", size="2", weight="bold"),
            rx.el.select(
                rx.el.option("All categories", value=ALL),
                *[rx.el.option(c.title, value=c.title) for c in CATEGORIES],
                value=PopupState.activities_category,
                on_change=PopupState.set_activities_category,
                class_name="filter-select",
            ),
            class_name="filter-label",
        ),
        rx.el.div(
            _type_chip(ALL, "All"),
            *[_type_chip(kind, label) for kind, label in TYPE_LABELS.items()],
            role="group",
            aria_label="Type",
            class_name="chips",
        ),
        results_status(PopupState.activity_match_count, "activity", "activities",
                       "No activities found. Try another search or filter."),
        rx.cond(
            results.length() == 0,
            rx.vstack(
                rx.icon("search-x", size=40, aria_hidden="true", color="#a78bfa"),
                rx.text("No activities found!", weight="bold", size="4", aria_hidden="true"),
                rx.text("Try a different search or filter.", aria_hidden="true"),
                align="center",
                width="100%",
                class_name="empty-state",
            ),
            rx.vstack(rx.foreach(results, _result), spacing="2", width="100%"),
        ),
        subtitle="Search every worksheet, book, video and song.",
        icon="search",
        color="#0ea5e9",
        wide=True,
    )
