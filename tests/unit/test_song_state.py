"""SongState follows the page's player: set_playing takes only a real bool, the song's end pauses it, and
the lyrics and tune sent to the page come from the catalogue."""

from __future__ import annotations

import json

from learnsite.catalogue.songs import tune_for
from learnsite.state.media import SongState
from tests.unit.auth_fixtures import opened, run


async def _song(song_id: str):
    return await opened(SongState, f"/song/{song_id}", song_id=song_id, loaded=True)


async def test_set_playing_follows_the_player_and_refuses_other_types():
    song = await _song("five-little-ducks")
    await run(SongState.set_playing, song, True)
    assert song.playing is True
    for odd in ("false", 0, None, [False]):
        await run(SongState.set_playing, song, odd)
        assert song.playing is True  # unchanged, no exception
    await run(SongState.song_ended, song)
    assert song.playing is False


async def test_lyrics_and_tune_come_from_the_catalogue():
    song = await _song("days-of-the-week")
    tune = tune_for("days-of-the-week")
    assert song.lyrics == [line.text for line in tune.lines]
    assert song.tune_name == "Oh My Darling, Clementine"
    assert json.loads(song.tune_json)["duration"] == 30.0
    missing = await _song("no-such-song")
    assert (missing.lyrics, missing.tune_json, missing.tune_name) == ([], "", "")
