"""Body of the All Worksheets popup (the home feature renders the popup frame around it).

open_all_worksheets() gives the events of "Browse Worksheets" / "Find & Print": they only set
PopupState.all_worksheets_open. The body reloads page 1 from the database each time it mounts, i.e.
each time the dialog (which unmounts its closed content, Radix's default) opens (SPEC §4).
"""

from __future__ import annotations

import reflex as rx

from learnsite.popups.dialog import pager_button
from learnsite.state.popups import PopupState
from learnsite.state.worksheets import AGE_CHOICES, ALL, SKILL_LABELS, SUBJECT_LABELS, WorksheetBrowserState as S

EMPTY_TEXT = "No worksheets available yet. Check back soon!"
NO_MATCH_TEXT = "No worksheets match your search and filters."


def open_all_worksheets() -> list:
    """The events of "Browse Worksheets" and "Find & Print"."""
    return [PopupState.open_all_worksheets]


def _select(label: str, value, on_change, options) -> rx.Component:
    """A labelled filter select; options is a list of (value, label) or a Var of {id, name}."""
    if isinstance(options, list):
        items = [rx.select.item(text, value=val) for val, text in options]
    else:
        items = [rx.foreach(options, lambda c: rx.select.item(c["name"], value=c["id"]))]
    return rx.el.label(
        rx.text(label, size="1", weight="bold", class_name="ws-filter-label"),
        rx.select.root(
            rx.select.trigger(aria_label=label, class_name="ws-filter-trigger"),
            rx.select.content(rx.select.item(f"All {label.lower()}", value=ALL), *items),
            value=value,
            on_change=on_change,
        ),
        class_name="ws-filter",
    )


SEARCH_LABEL = "Search worksheets by title"
FOCUS_SEARCH_JS = f"document.querySelector('[aria-label=\"{SEARCH_LABEL}\"]')?.focus()"  # a fixed string only


def _filters() -> rx.Component:
    return rx.vstack(
        rx.el.label(
            rx.text("Search", size="1", weight="bold", class_name="ws-filter-label"),
            rx.input(
                rx.input.slot(rx.icon("search", size=16)),
                placeholder="Search worksheets by title...",
                value=S.search,
                on_change=S.set_search,
                debounce_timeout=300,
                aria_label=SEARCH_LABEL,
                type="search",
                class_name="ws-search",
            ),
            class_name="ws-filter ws-filter-search",
        ),
        rx.grid(
            _select("Categories", S.category_filter, S.set_category_filter, S.categories),
            _select("Subjects", S.subject_filter, S.set_subject_filter, list(SUBJECT_LABELS.items())),
            _select("Skills", S.skill_filter, S.set_skill_filter, list(SKILL_LABELS.items())),
            # "All ages", then "Age 3" to "Age 10": the sheets whose description names a range that holds it
            _select("Ages", S.age_filter, S.set_age_filter, AGE_CHOICES),
            columns={"initial": "1", "sm": "2"},
            spacing="3",
            width="100%",
        ),
        class_name="ws-filters",
        spacing="3",
    )


def _tag(text) -> rx.Component:
    return rx.cond(text != "", rx.badge(text, variant="soft", radius="full", size="1"), rx.fragment())


def _card(item) -> rx.Component:
    return rx.link(
        rx.box(
            rx.cond(
                item["thumbnail_url"] != "",
                rx.image(src=item["thumbnail_url"], alt="", loading="lazy", class_name="ws-thumb"),
                rx.center(rx.icon("file-text", size=40), class_name="ws-thumb ws-thumb-empty"),
            ),
            class_name="ws-thumb-frame",
        ),
        rx.vstack(
            rx.text(item["title"], weight="bold", size="3", class_name="ws-card-title"),
            rx.cond(item["description"] != "",
                    rx.text(item["description"], size="2", class_name="ws-card-description"), rx.fragment()),
            rx.flex(_tag(item["ages"]), _tag(item["category"]), _tag(item["subject"]), _tag(item["skill"]),
                    spacing="1", wrap="wrap"),
            spacing="1",
            align="start",
            class_name="ws-card-body",
        ),
        href=item["href"],
        on_click=S.choose,
        underline="none",
        class_name="ws-card",
    )


def _pager() -> rx.Component:
    return rx.cond(
        S.page_count > 1,
        rx.hstack(
            pager_button("Previous", S.previous_page, S.page <= 1),
            rx.text(f"Page {S.page} of {S.page_count}", size="2", aria_live="polite", aria_atomic="true"),
            pager_button("Next", S.next_page, S.page >= S.page_count),
            justify="center",
            align="center",
            class_name="ws-pager",
        ),
        rx.fragment(),
    )


def _empty() -> rx.Component:
    """Under the status line's "No worksheets match..." (or EMPTY_TEXT): the way back to every worksheet."""
    return rx.cond(
        S.filtering,
        # the button goes with the filters: the keyboard goes on to the search box (it fell to the dialog's frame)
        rx.center(rx.button("Clear filters", on_click=[rx.call_script(FOCUS_SEARCH_JS), S.clear_filters],
                            variant="soft"), class_name="ws-state"),
        rx.fragment(),
    )


def _count():
    return rx.cond(S.total == 1, "1 worksheet", f"{S.total} worksheets")


def _status_line() -> rx.Component:
    """How many were found, or that none were: one line always on the page, so a screen reader reads it out as a
    search or filter changes it (a live region new to the page is not read). Unchanged while the next page loads,
    so paging reads only "Page 2 of 3"."""
    return rx.text(
        rx.match(S.status,
                 ("loaded", _count()),
                 ("loading", rx.cond(S.items.length() > 0, _count(), "")),
                 ("empty", rx.cond(S.filtering, NO_MATCH_TEXT, EMPTY_TEXT)),
                 ""),
        role="status", size="2", class_name=rx.cond(S.status == "empty", "ws-count ws-count-empty", "ws-count"),
    )


def _results() -> rx.Component:
    return rx.vstack(
        rx.el.div(rx.foreach(S.items, _card), class_name="ws-grid", aria_busy=(S.status == "loading").to_string()),
        _pager(),
        width="100%",
    )


def _maker_link() -> rx.Component:
    return rx.link(rx.icon("wand-sparkles", size=18, aria_hidden="true"), "Make your own worksheet",
                   href="/worksheets/maker", on_click=PopupState.close_all, class_name="ws-maker-link")


def all_worksheets_body() -> rx.Component:
    return rx.vstack(
        _maker_link(),
        _filters(),
        _status_line(),
        # a page or filter change keeps the last results (and the pager, with its focus: one place in the tree, not
        # one per status) until the new ones come
        rx.cond(
            S.items.length() > 0,
            _results(),
            rx.match(
                S.status,
                ("loading", rx.center(rx.spinner(size="3"), rx.text("Loading worksheets..."),
                                      class_name="ws-state", role="status", spacing="2")),
                ("error", rx.center(
                    rx.vstack(
                        rx.text("Error loading worksheets", weight="bold"),
                        rx.text(S.error_message, size="2"),
                        rx.button("Try again", on_click=S.load, variant="soft"),
                        align="center",
                    ),
                    class_name="ws-state", role="alert",
                )),
                ("empty", _empty()),
                rx.fragment(),
            ),
        ),
        width="100%",
        spacing="4",
        class_name="all-worksheets",
        on_mount=S.reset_and_load,  # the dialog mounts its content on every open
    )
