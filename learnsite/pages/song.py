"""/song/{id}: spinning album art, a progress bar, the lyrics, and the tune itself (assets/js/song_player.js)."""

import reflex as rx

from learnsite import toast
from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, loaded_switch, not_found
from learnsite.state.media import SongState as S

PLAYER_JS = "/js/song_player.js"
# fixed strings only: no text from the page goes into a script
IS_PLAYING_JS = "!!(window.learnsiteSong && window.learnsiteSong.isPlaying())"
STOP_JS = "window.learnsiteSong && window.learnsiteSong.stop()"
READY_JS = "window.learnsiteSong && window.learnsiteSong.ready()"
DEFAULT_VOLUME = 75  # of 100, as the audiobook's (SPEC); the tune's notes were louder than the games' chimes


def _icon(name: str) -> rx.Component:
    return rx.icon(name, size=24, aria_hidden="true")


def control(label, icon, on_click, main: bool = False, **props) -> rx.Component:
    return rx.el.button(_icon(icon) if isinstance(icon, str) else icon, on_click=on_click,
                        type="button", aria_label=label, title=label,
                        class_name="player-button player-main" if main else "player-button", **props)


def volume() -> rx.Component:
    """How loud the tune is: the browser's own setting, kept for every song (song_player.js reads the slider,
    stores it and sets the sound; a grown-up turns it down once). At 0 the song plays silently, and the script marks
    the label muted: the crossed speaker then shows why the turning record makes no sound."""
    return rx.el.label(
        rx.icon("volume-2", size=24, aria_hidden="true", class_name="song-volume-on"),
        rx.icon("volume-x", size=24, aria_hidden="true", class_name="song-volume-off"),
        rx.el.span("Volume", class_name="song-volume-label"),
        rx.el.input(type="range", min=0, max=100, step=5, default_value=str(DEFAULT_VOLUME),
                    data_song_volume="true", class_name="player-range song-volume-range"),
        rx.el.span(str(DEFAULT_VOLUME), class_name="player-volume-value", data_song_volume_value="true",
                   aria_hidden="true"),
        class_name="song-volume",
        data_song_volume_label="true",
    )


def lyrics() -> rx.Component:
    """The words, one line each; the script marks the line being sung (class is-sung, aria-current)."""
    return rx.el.section(
        rx.el.h2("Sing along", class_name="song-lyrics-title"),
        rx.el.ol(
            rx.foreach(S.lyrics, lambda line, i: rx.el.li(line, class_name="song-line", data_song_line=i)),
            class_name="song-lines",
        ),
        rx.el.p("Tune: ", S.tune_name, class_name="song-tune"),
        class_name="song-lyrics",
        aria_label="Lyrics",
    )


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
            aria_valuenow=45,  # the player script moves it with the music
        ),
        rx.el.div(
            control("Rewind", "rewind", toast.coming_soon()),
            control(rx.cond(S.playing, "Pause", "Play"), rx.cond(S.playing, _icon("pause"), _icon("play")),
                    rx.call_script(IS_PLAYING_JS, callback=S.set_playing),
                    # drawn unavailable until song_player.js has run (it loads after the page): no dead Play
                    main=True, aria_disabled="true", data_song_toggle="true"),  # its name says what a press does
            control("Fast Forward", "fast-forward", toast.coming_soon()),
            volume(),
            class_name="player-controls song-controls",
        ),
        lyrics(),
        rx.el.button(on_click=S.song_ended, type="button", hidden=True, tab_index=-1, aria_label="Song ended",
                     data_song_ended="true"),
        back_home_link(),
        rx.script(src=PLAYER_JS),
        on_mount=rx.call_script(READY_JS),  # another song opened: the script has run already
        on_unmount=rx.call_script(STOP_JS),
        data_song_player="true",
        data_song=S.tune_json,
        class_name=rx.cond(S.playing, "content-card song-page is-playing", "content-card song-page"),
    )


@page(route="/song/[id]", on_load=S.load,
      title=item_page_title("Song", S.title, S.loaded, S.found))
def song() -> rx.Component:
    return loaded_switch(S.loaded, S.found, song_body(),
                         not_found("Song Not Found", "We couldn't find this song. Try another one from the home page."))
