"""Video and song page state: which built-in item, and whether the song is playing (SPEC §4).

The sound itself is made in the browser (assets/js/song_player.js); `playing` follows it."""

import reflex as rx

from learnsite.catalogue.library import SONGS, VIDEOS, find
from learnsite.catalogue import songs
from learnsite.state.content_lookup import route_id
from learnsite.state.reconnect import connected_again


class VideoState(rx.State):
    video_id: str = ""
    loaded: bool = False

    @rx.event
    def load(self):
        self.video_id = route_id(self)
        self.loaded = True

    @rx.var
    def found(self) -> bool:
        return find(VIDEOS, self.video_id) is not None

    @rx.var
    def title(self) -> str:
        item = find(VIDEOS, self.video_id)
        return item.title if item else ""

    @rx.var
    def description(self) -> str:
        item = find(VIDEOS, self.video_id)
        return item.description if item else ""

    @rx.var
    def image(self) -> str:
        item = find(VIDEOS, self.video_id)
        return item.image if item else ""


class SongState(rx.State):
    song_id: str = ""
    loaded: bool = False
    playing: bool = False

    @rx.event
    async def load(self):
        if await connected_again(self, self.song_id):
            return  # the open page connected again: a song playing in the page is still playing
        self.song_id = route_id(self)
        self.playing = False
        self.loaded = True

    @rx.event
    def toggle_play(self):
        self.playing = not self.playing

    @rx.event
    def set_playing(self, playing: bool):
        """The page's player says whether the tune is playing now (it starts and pauses in the click)."""
        if isinstance(playing, bool):
            self.playing = playing

    @rx.event
    def song_ended(self):
        self.playing = False

    @rx.var
    def lyrics(self) -> list[str]:
        tune = songs.tune_for(self.song_id)
        return [line.text for line in tune.lines] if tune else []

    @rx.var
    def tune_name(self) -> str:
        tune = songs.tune_for(self.song_id)
        return tune.tune_name if tune else ""

    @rx.var
    def tune_json(self) -> str:
        tune = songs.tune_for(self.song_id)
        return songs.tune_json(tune) if tune else ""

    @rx.var
    def found(self) -> bool:
        return find(SONGS, self.song_id) is not None

    @rx.var
    def title(self) -> str:
        item = find(SONGS, self.song_id)
        return item.title if item else ""

    @rx.var
    def description(self) -> str:
        item = find(SONGS, self.song_id)
        return item.description if item else ""

    @rx.var
    def image(self) -> str:
        item = find(SONGS, self.song_id)
        return item.image if item else ""
