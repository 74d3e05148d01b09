"""/song/{id}: spinning album art and a progress bar while "playing" (a visual demo, no audio)."""

import reflex as rx

from learnsite import toast
from learnsite.layout import page, page_title
from learnsite.pages.content_parts import back_home_link, loaded_switch, not_found
from learnsite.state.media import SongState as S


def _icon(name: str) -> rx.Component:
    return rx.icon(name, size=24, aria_hidden="true")


def control(label, icon, on_click, main: bool = False, **props) -> rx.Component:
    return rx.el.button(_icon(icon) if isinstance(icon, str) else icon, on_click=on_click,
                        type="button", aria_label=label, title=label,
                        class_name="player-button player-main" if main else "player-button", **props)


def song_body() -> rx.Component:
    return rx.el.article(
        rx.el.div(
            rx.el.img(src=S.image, alt=S.title.to(str) + " album art", width="260", height="260",
                      class_name=rx.cond(S.playing, "song-art spinning", "song-art")),
            class_name="song-art-frame",
        ),
        rx.el.h1(S.title, class_name="content-title"),
        rx.el.p(S.description, class_name="content-lead"),
        rx.el.div(
            rx.el.div(class_name=rx.cond(S.playing, "song-progress-fill playing", "song-progress-fill")),
            class_name="song-progress",
            role="progressbar",
            aria_label="Song progress",
            aria_valuemin=0,
            aria_valuemax=100,
            aria_valuenow=rx.cond(S.playing, 100, 45),
        ),
        rx.el.div(
            control("Rewind", "rewind", toast.coming_soon()),
            control(rx.cond(S.playing, "Pause", "Play"), rx.cond(S.playing, _icon("pause"), _icon("play")), S.toggle_play,
                    main=True, aria_pressed=S.playing),
            control("Fast Forward", "fast-forward", toast.coming_soon()),
            class_name="player-controls",
        ),
        back_home_link(),
        class_name=rx.cond(S.playing, "content-card song-page is-playing", "content-card song-page"),
    )


@page(route="/song/[id]", title=page_title("Song"), on_load=S.load)
def song() -> rx.Component:
    return loaded_switch(S.loaded, S.found, song_body(),
                         not_found("Song Not Found", "We couldn't find this song. Try another one from the home page."))
