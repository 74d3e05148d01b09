"""/audiobook/{id}: a visual audiobook player (no audio): cover, seek, play/pause, volume, share."""

import reflex as rx

from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import fresh, loaded_switch, not_found
from learnsite.state.audiobook import AudiobookState as S


def _icon(name: str) -> rx.Component:
    return rx.icon(name, size=24, aria_hidden="true")


def icon_button(label, icon, on_click, class_name: str = "player-button", **props) -> rx.Component:
    return rx.el.button(_icon(icon) if isinstance(icon, str) else icon, on_click=on_click, type="button",
                        aria_label=label, title=label, class_name=class_name, **props)


def range_input(**props) -> rx.Component:
    """A native range input; the debounce wrapper keeps its value locally while it moves, so quick drags or
    key presses are not overwritten by older values coming back from the server."""
    return rx.debounce_input(rx.el.input(type="range", **props), debounce_timeout=150)


def player() -> rx.Component:
    return rx.el.article(
        rx.el.div(
            icon_button("Back to Home", "arrow-left", rx.redirect("/")),
            icon_button("Share", "share-2", S.share),
            class_name="player-top",
        ),
        rx.el.img(src=S.cover, alt=S.title + " cover", class_name="player-cover", width="280", height="280"),
        rx.el.h1(S.title, class_name="content-title"),
        rx.el.p("by ", S.author, class_name="player-author"),
        rx.el.p(S.description, class_name="player-description"),
        range_input(min=0, max=S.duration, step=1, value=S.position, on_change=S.seek, aria_label="Seek",
                    aria_valuetext=S.position_label + " of " + S.duration_label,
                    class_name="player-range player-seek"),
        rx.el.div(
            # words for a screen reader ("0:00 3:00" said nothing of which is which; aria-label on a span is not read)
            rx.el.span(rx.el.span("Played ", class_name="sr-only"), fresh(S.position_label),
                       class_name="player-time"),
            rx.el.span(rx.el.span("Length ", class_name="sr-only"), fresh(S.duration_label),
                       class_name="player-time"),
            class_name="player-times",
        ),
        rx.el.div(
            icon_button("Skip back", "rewind", S.skip_back),
            # its name says what a press does ("Play" / "Pause"): no aria-pressed too ("Pause, pressed" said both)
            icon_button(rx.cond(S.playing, "Pause", "Play"), rx.cond(S.playing, _icon("pause"), _icon("play")),
                        S.toggle_play, class_name="player-button player-main"),
            icon_button("Skip forward", "fast-forward", S.skip_forward),
            class_name="player-controls",
        ),
        rx.el.div(
            icon_button(rx.cond(S.muted, "Unmute", "Mute"), rx.cond(S.muted, _icon("volume-x"), _icon("volume-2")),
                        S.toggle_mute),
            range_input(min=0, max=100, step=1, value=S.shown_volume, on_change=S.set_volume,
                        aria_label="Volume", class_name="player-range player-volume"),
            rx.el.span(S.shown_volume, class_name="player-volume-value", aria_hidden="true"),
            class_name="player-volume-row",
        ),
        class_name="content-card audiobook-player",
    )


@page(route="/audiobook/[id]", on_load=S.load,
      title=item_page_title("Audiobook", S.title, S.loaded, S.found))
def audiobook() -> rx.Component:
    return loaded_switch(
        S.loaded, S.found, player(),
        not_found("Not Found", "Oops! We couldn't find the audio book you were looking for.",
                  rx.el.button("Go Back Home", on_click=rx.redirect("/"), type="button", class_name="content-button")),
    )
