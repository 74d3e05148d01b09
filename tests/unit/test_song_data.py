"""The four song tunes: 30 s each, notes a small synth can play, lyric lines in order covering the song."""

import json

import pytest

from learnsite.catalogue.library import SONGS
from learnsite.catalogue.songs import HIGHEST, LOWEST, SONG_SECONDS, TUNES, midi, parse, tune_for, tune_json

EPS = 1e-6


def test_every_song_has_a_tune_and_every_tune_a_song():
    assert sorted(t.song_id for t in TUNES) == sorted(s.id for s in SONGS)
    assert all(tune_for(s.id) is not None for s in SONGS)
    assert tune_for("no-such-song") is None


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_each_song_lasts_exactly_30_seconds(tune):
    assert SONG_SECONDS == 30.0
    assert abs(tune.duration - 30.0) < EPS
    assert abs(max(n.start + n.duration for n in tune.melody) - 30.0) < EPS


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_notes_are_in_range_and_in_time_order(tune):
    for part in (tune.melody, tune.bass):
        assert part, "a part with no notes"
        for note in part:
            assert LOWEST <= note.pitch <= HIGHEST
            assert note.start >= 0 and note.duration > 0
            assert note.start + note.duration <= 30.0 + EPS
        for a, b in zip(part, part[1:]):
            assert b.start >= a.start + a.duration - EPS  # one voice: a note ends before the next starts
    assert 55 <= min(n.pitch for n in tune.melody) and max(n.pitch for n in tune.melody) <= 72  # a child's range


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_lyric_lines_are_in_order_without_overlap_and_cover_the_song(tune):
    lines = tune.lines
    assert len(lines) >= 4
    assert lines[0].start == 0
    assert abs(lines[-1].end - 30.0) < EPS
    for line in lines:
        assert line.text.strip() and line.end > line.start
    for a, b in zip(lines, lines[1:]):
        assert abs(b.start - a.end) < EPS  # no gap, no overlap


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_every_line_has_notes_sung_in_it(tune):
    for line in tune.lines:
        assert any(line.start - EPS <= n.start < line.end - EPS for n in tune.melody), line.text


def test_json_for_the_page_carries_the_timing():
    tune = tune_for("the-alphabet-song")
    data = json.loads(tune_json(tune))
    assert data["duration"] == 30.0
    assert data["melody"][0] == [60, 0.0, 0.625]  # middle C for one beat at 96 bpm
    assert data["lines"][0] == [0.0, 5.0] and data["lines"][-1] == [25.0, 30.0]
    assert len(data["melody"]) == len(tune.melody) and len(data["bass"]) == len(tune.bass)


def test_note_names_and_rests():
    assert (midi("C4"), midi("A4"), midi("F#3"), midi("Bb3"), midi("G2")) == (60, 69, 54, 58, 43)
    notes = parse("C4 R/1 E4/.5 | G4/2", 0.5)
    assert [(n.pitch, n.start, n.duration) for n in notes] == [(60, 0.0, 0.5), (64, 1.0, 0.25), (67, 1.25, 1.0)]
    with pytest.raises(ValueError):
        parse("H4", 0.5)
    with pytest.raises(ValueError):
        parse("C4/0", 0.5)
