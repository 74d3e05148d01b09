"""The frame every popup shares: a Radix dialog (focus trap, Escape closes) bound to one PopupState flag."""

from __future__ import annotations

import reflex as rx
from reflex_base.event import EventChain
from reflex_base.vars.base import Var

from learnsite import toast
from learnsite.state.popups import FLAGS, PopupState


# Radix gives focus back to a dialog's Trigger; these dialogs are opened by state: assets/js/focus_memory.js
# remembers the last control focused outside any dialog, RESTORE_FOCUS_JS gives focus back to it.
RESTORE_FOCUS_JS = "window.__learnsiteRestoreFocus && setTimeout(window.__learnsiteRestoreFocus, 0)"


# A tap on a toast (its x) is not a tap outside the popup: Radix closed the popup under it, and the toast stayed.
KEEP_OPEN_FOR_TOASTS = Var(
    _js_expr="((e) => { if (e.target?.closest?.('[data-sonner-toaster]')) e.preventDefault(); })",
    _var_type=EventChain,
)


def focus_memory() -> rx.Component:
    return rx.script(src="/js/focus_memory.js")  # a file: the CSP refuses unhashed inline scripts


def popup(flag: str, title: str | rx.Var, *body: rx.Component, subtitle: str | rx.Var = "", icon: str = "",
          color: str | rx.Var = "#7c3aed", wide: bool = False) -> rx.Component:
    assert flag in FLAGS, flag
    heading = rx.hstack(
        rx.box(rx.icon(icon, size=26, aria_hidden="true"), class_name="popup-icon", background=color)
        if icon else rx.fragment(),
        rx.vstack(
            rx.dialog.title(title, class_name="popup-title", margin="0"),
            rx.dialog.description(subtitle, class_name="popup-subtitle") if isinstance(subtitle, rx.Var) or subtitle
            else rx.fragment(),
            spacing="1",
            min_width="0",  # a long title (or the reader's bigger text) wraps, and the Close button stays in the box
        ),
        rx.spacer(),
        rx.dialog.close(rx.icon_button(rx.icon("x", aria_hidden="true"), variant="soft", radius="full",
                                       aria_label="Close", class_name="popup-close")),
        align="center",
        width="100%",
        spacing="3",
    )
    return rx.dialog.root(
        rx.dialog.content(
            rx.vstack(heading, *body, spacing="4", width="100%"),
            class_name="popup" + (" popup-wide" if wide else ""),
            data_popup=flag,
            on_close_auto_focus=rx.call_script(RESTORE_FOCUS_JS),
            on_escape_key_down=PopupState.escape_pressed(flag),
            on_interact_outside=KEEP_OPEN_FOR_TOASTS,
        ),
        open=getattr(PopupState, flag),
        on_open_change=lambda is_open: PopupState.set_open(flag, is_open),
    )


def search_box(value, on_change, **props) -> rx.Component:
    """A popup's search box. Its text is the state's, so each key waited for the server: quick typing lost letters
    ("Ocean" became "en"). The debounce keeps the typed text in the page and sends it once typing pauses."""
    return rx.debounce_input(rx.el.input(type="search", value=value, on_change=on_change, class_name="search-input",
                                         **props), debounce_timeout=250)


def pager_button(label: str, on_click, unavailable) -> rx.Component:
    """Previous / Next of a paged list, aria-disabled at the ends (its state ignores a page past them): a disabled
    button would drop the focus of a keyboard pressing Next onto the last page."""
    return rx.button(label, on_click=on_click, aria_disabled=unavailable.to_string(),
                     data_disabled=rx.cond(unavailable, "", None), variant="soft")  # Radix greys [data-disabled]


def results_status(count, noun: str, nouns: str, none: str) -> rx.Component:
    """What a search or filter found, said to a screen reader as it changes ("3 activities found", or `none` in
    place of the empty state's words, which are hidden from it): the list itself is not a live region, and an
    empty state put in the page is not read, so a screen reader heard nothing."""
    return rx.el.p(rx.cond(count == 0, none,
                           rx.cond(count == 1, f"1 {noun} found", count.to_string() + f" {nouns} found")),
                   role="status", class_name="sr-only")


def coming_soon_buttons(*labels: str) -> rx.Component:
    icons = {"Add to Favorites": "heart", "Share with Friends": "share-2", "Add to Playlist": "list-plus"}
    return rx.hstack(
        *[rx.button(rx.icon(icons.get(label, "sparkles"), size=16, aria_hidden="true"), label,
                    variant="soft", on_click=toast.coming_soon(), class_name="soon-button")
          for label in labels],
        wrap="wrap",
        spacing="2",
        width="100%",
    )
