"""The "Read to me" controls shared by the storybook and flipbook pages (assets/js/read_aloud.js does the
reading). Registers no page.

The script owns these buttons' pressed/hidden state and the status text; their props here never change, so
React leaves what the script sets alone. Only fixed strings go into scripts.
"""

from __future__ import annotations

import reflex as rx

READ_ALOUD_JS = "/js/read_aloud.js"
MOUNT_JS = "window.learnsiteReadAloud && window.learnsiteReadAloud.mount()"
STOP_JS = "window.learnsiteReadAloud && window.learnsiteReadAloud.stop()"


def _button(label: str, icon: str, class_name: str = "read-button", **props) -> rx.Component:
    return rx.el.button(rx.icon(icon, size=20, aria_hidden="true"), rx.el.span(label, **props.pop("label_props", {})),
                        type="button", class_name=class_name, **props)


def read_aloud_controls() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            # shown unavailable (and the speeds too) until read_aloud.js has run (it loads after the page):
            # never a dead button
            _button("Read to me", "volume-2", "read-button read-main", aria_pressed="false", aria_disabled="true",
                    data_read_toggle="true", aria_describedby="read-aloud-novoice"),
            # silent: each word lit in turn at a reading pace and the pages turned, nothing said. For a deaf child,
            # one reading along by themself, or a device with no voice: it needs none, so it is never unavailable
            _button("Follow along", "highlighter", "read-button read-follow", aria_pressed="false",
                    data_read_follow="true"),
            speed_group("data-read-speed", {"aria_disabled": "true"}, data_read_speeds="true"),
            # last, and as one: once reading begins they come beside or under the row, never moving the button
            # just pressed (a second tap there stops it; the row re-centred put Follow along under it)
            rx.el.div(
                _button("Pause", "pause", hidden=True, aria_label="Pause", data_read_pause="true",
                        label_props={"data_read_pause_label": "true"}),
                _button("Stop", "square", hidden=True, data_read_stop="true"),
                class_name="read-hold",
            ),
            class_name="read-aloud-row",
        ),
        rx.el.p(id="read-aloud-novoice", hidden=True, class_name="read-novoice", data_read_novoice="true"),
        rx.el.p(role="status", aria_live="polite", class_name="read-status", data_read_status="true"),
        rx.script(src=READ_ALOUD_JS),
        on_mount=rx.call_script(MOUNT_JS),
        on_unmount=rx.call_script(STOP_JS),
        class_name="read-aloud",
        data_read_aloud="true",
    )


def speed_group(attribute: str, button_props: dict | None = None, **group_props) -> rx.Component:
    """The "Reading speed" pair, Slow and Normal, that a script reads by `attribute` ("slow" or "normal") and owns
    the aria-pressed of (read_aloud.js for a book, games.js for Reading Comp's story)."""
    def speed(label: str, pressed: str) -> rx.Component:
        return rx.el.button(label, type="button", class_name="read-speed", aria_pressed=pressed,
                            custom_attrs={attribute: label.lower()}, **(button_props or {}))
    return rx.el.div(speed("Slow", "false"), speed("Normal", "true"),
                     role="group", aria_label="Reading speed", class_name="read-speeds", **group_props)


def spoken_words(words) -> rx.Component:
    """Words of a state var list as spans the reader can light up (a real space between them for screen
    readers and copying); each keeps its English in data-text, which is what is said (read_aloud.js): a browser
    translating the page changes what is shown, and an English voice read the translation."""
    return rx.foreach(words, lambda w, i: rx.fragment(rx.el.span(w, class_name="read-word", data_word=i,
                                                                 data_text=w), " "))


def static_words(text: str) -> list:
    """The same for text known when the page is built (flipbook pages must stay static)."""
    out: list = []
    for i, w in enumerate(text.split()):
        out += [rx.el.span(w, class_name="read-word", data_word=str(i), data_text=w), " "]
    return out
