"""Pieces shared by the content pages (/activity, /powerpoint, /storybook, ...). Registers no page."""

from __future__ import annotations

import reflex as rx

from learnsite.catalogue.library import NOT_FOUND_ART


def fresh(text, **props) -> rx.Component:
    """Text that changes in place, in a span remade whenever it does. A browser's translation of the page puts its
    own text where React's was, and React then changed only its hidden original: under "Translate this page" a
    game kept round 1's question and count all game, and a book its first page number."""
    return rx.el.span(text, key=text, **props)


def back_home_link(label: str = "Back to Home") -> rx.Component:
    return rx.el.a(rx.icon("arrow-left", size=18, aria_hidden="true"), label, href="/", class_name="content-back")


def nav_button(direction: str, on_click, unavailable=None, name: str = "", **props) -> rx.Component:
    """A book's or slideshow's "Previous" / "Next", its chevron on the outer side; `name` is its name for a screen
    reader when the word alone is not enough ("Next page"). At the ends (`unavailable`) it is aria-disabled, not
    disabled: a disabled button drops the keyboard's focus to the page's top, so Next pressed onto the last page left
    a keyboard reader nowhere (the states ignore a turn past the ends)."""
    label = {"previous": "Previous", "next": "Next"}[direction]
    icon = rx.icon(f"chevron-{'left' if direction == 'previous' else 'right'}", size=22, aria_hidden="true")
    word = rx.el.span(label, class_name="nav-label")
    if unavailable is not None:
        props["aria_disabled"] = unavailable.to_string()
    return rx.el.button(*((icon, word) if direction == "previous" else (word, icon)), on_click=on_click,
                        type="button", aria_label=name or label, class_name="content-button", **props)


def picture(src, alt, class_name: str = "content-picture") -> rx.Component:
    return rx.el.img(src=src, alt=alt, class_name=class_name, width="400", height="300")


def loading() -> rx.Component:
    return rx.center(rx.spinner(size="3"), rx.el.span("Loading...", class_name="sr-only"),
                     class_name="content-loading", role="status")


def not_found(title: str, message: str, *extra: rx.Component) -> rx.Component:
    """A friendly not-found card: heading, message, a sad-face picture, and a way home."""
    return rx.el.section(
        rx.el.img(src=NOT_FOUND_ART, alt="A sad face", class_name="content-sad", width="160", height="160"),
        rx.el.h1(title, class_name="content-title"),
        rx.el.p(message, class_name="content-lead"),
        *(extra or (back_home_link(),)),
        class_name="content-card content-not-found",
    )


def loaded_switch(loaded, found, body: rx.Component, missing: rx.Component) -> rx.Component:
    """Spinner until on_load has looked the id up, then the page body or its not-found state."""
    return rx.cond(loaded, rx.cond(found, body, missing), loading())


def page_turn_keys(on_key: rx.EventHandler) -> rx.Component:
    """The arrow keys and a clicker's Page Down / Page Up turn a viewer's pages (its root has data_page_keys, so
    page_keys.js keeps those two from also scrolling the page)."""
    return rx.fragment(rx.window_event_listener(on_key_down=on_key), rx.script(src="/js/page_keys.js"))
