"""Audiobook visual player state (SPEC §4): playing or paused, position, volume, muted. No audio."""

import reflex as rx

from learnsite.catalogue.library import AUDIOBOOKS, find
from learnsite.state.content_lookup import clock, route_id
from learnsite.state.reconnect import connected_again
from learnsite.toast import notify

DEFAULT_VOLUME = 75


def not_implemented():
    return notify("Feature Not Implemented", "Audio playback is not available yet. This is a visual player only.")


class AudiobookState(rx.State):
    audiobook_id: str = ""
    loaded: bool = False
    playing: bool = False
    position: int = 0
    volume: int = DEFAULT_VOLUME
    muted: bool = False

    def _duration(self) -> int:
        book = find(AUDIOBOOKS, self.audiobook_id)
        return book.duration if book else 0

    @rx.event
    async def load(self):
        if await connected_again(self, self.audiobook_id):
            return  # the open page connected again: the player stays as it was, and no toast again
        self.audiobook_id = route_id(self)
        self.playing, self.position, self.volume, self.muted = False, 0, DEFAULT_VOLUME, False
        self.loaded = True
        if find(AUDIOBOOKS, self.audiobook_id):
            return notify("Audio Not Connected",
                          "This is a visual player only. Audio playback is not implemented yet.")

    @rx.event
    def toggle_play(self):
        self.playing = not self.playing
        return not_implemented()

    @rx.event
    def skip_back(self):
        return not_implemented()

    @rx.event
    def skip_forward(self):
        return not_implemented()

    @rx.event
    def share(self):
        return not_implemented()

    @rx.event
    def seek(self, value: float):
        self.position = _clamp(value, 0, self._duration(), self.position)

    @rx.event
    def set_volume(self, value: float):
        self.volume = _clamp(value, 0, 100, self.volume)
        self.muted = self.volume == 0

    @rx.event
    def toggle_mute(self):
        self.muted = not self.muted

    @rx.var
    def found(self) -> bool:
        return find(AUDIOBOOKS, self.audiobook_id) is not None

    @rx.var
    def title(self) -> str:
        book = find(AUDIOBOOKS, self.audiobook_id)
        return book.title if book else ""

    @rx.var
    def author(self) -> str:
        book = find(AUDIOBOOKS, self.audiobook_id)
        return book.author if book else ""

    @rx.var
    def description(self) -> str:
        book = find(AUDIOBOOKS, self.audiobook_id)
        return book.description if book else ""

    @rx.var
    def cover(self) -> str:
        book = find(AUDIOBOOKS, self.audiobook_id)
        return book.cover if book else ""

    @rx.var
    def duration(self) -> int:
        return self._duration()

    @rx.var
    def position_label(self) -> str:
        return clock(self.position)

    @rx.var
    def duration_label(self) -> str:
        return clock(self._duration())

    @rx.var
    def shown_volume(self) -> int:
        return 0 if self.muted else self.volume


def _clamp(value, low: int, high: int, fallback: int) -> int:
    try:
        number = int(float(value))
    except (TypeError, ValueError):
        return fallback
    return max(low, min(high, number))
