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
    # each line lights LEAD (0.4 s) before its first note: a child singing along reads it in time
    assert data["lines"][0] == [0.0, 4.6] and data["lines"][1] == [4.6, 9.6] and data["lines"][-1] == [24.6, 30.0]
    assert len(data["melody"]) == len(tune.melody) and len(data["bass"]) == len(tune.bass)


def test_note_names_and_rests():
    assert (midi("C4"), midi("A4"), midi("F#3"), midi("Bb3"), midi("G2")) == (60, 69, 54, 58, 43)
    notes = parse("C4 R/1 E4/.5 | G4/2", 0.5)
    assert [(n.pitch, n.start, n.duration) for n in notes] == [(60, 0.0, 0.5), (64, 1.0, 0.25), (67, 1.25, 1.0)]
    with pytest.raises(ValueError):
        parse("H4", 0.5)
    with pytest.raises(ValueError):
        parse("C4/0", 0.5)


# Each line's words split into the syllables sung, as a song sheet prints them under the notes: one note a syllable
# ("W" is sung dou-ble-u). Days of the Week once struck D twice for the "-day" of Saturday.
SUNG = {
    "the-alphabet-song": ["A, B, C, D, E, F, G", "H, I, J, K, L, M, N, O, P", "Q, R, S, T, U, V",
                          "dou-ble-u, X, Y and Z", "Now I know my A, B, Cs", "Next time won't you sing with me?"],
    "five-little-ducks": [
        "Five lit-tle ducks went out one day,", "O-ver the hills and far a-way.",
        "Mo-ther duck said, \"Quack, quack, quack, quack!\"", "But on-ly four lit-tle ducks came back.",
        "Sad mo-ther duck went out one day,", "O-ver the hills and far a-way.",
        "Mo-ther duck said, \"Quack, quack, quack, quack!\"", "And all the five lit-tle ducks came back!"],
    "days-of-the-week": ["Sun-day, Mon-day, Tues-day, Wednes-day,", "Thurs-day, Fri-day, Sat-ur-day:",
                         "Se-ven days make up a week,", "Sing them all a-gain with me!"],
    "phonics-fun": ["Ap-ple starts with /a/, /a/, /a/!", "A says /a/, A says /a/,", "Ap-ple starts with /a/, /a/, /a/!",
                    "A, /a/, ap-ple!", "Ball be-gins with /b/, /b/, /b/!", "B says /b/, B says /b/,",
                    "Ball be-gins with /b/, /b/, /b/!", "B, /b/, /b/, ball!"],
}


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_each_line_has_one_note_for_each_syllable_sung(tune):
    assert len(SUNG[tune.song_id]) == len(tune.lines)
    for line, sung in zip(tune.lines, SUNG[tune.song_id]):
        words = sung.replace("dou-ble-u", "W").replace("-", "")
        assert words == line.text, (words, line.text)
        syllables = len(sung.replace("-", " ").split())
        notes = [n for n in tune.melody if line.start - EPS <= n.start < line.end - EPS]
        assert len(notes) == syllables, (line.text, len(notes), syllables)


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_no_melody_note_clashes_with_the_bass_it_starts_with(tune):
    """A melody note struck with a new bass note, a semitone or a major seventh from it, sounds wrong to anyone
    (Five Little Ducks struck E over F on "O-ver the hills")."""
    for bass in tune.bass:
        for note in (n for n in tune.melody if abs(n.start - bass.start) < EPS):
            assert (note.pitch - bass.pitch) % 12 not in (1, 11), (note, bass)


def _sung_notes(tune):
    """(syllable, note) for every melody note, in order."""
    pairs = []
    for line, sung in zip(tune.lines, SUNG[tune.song_id]):
        notes = [n for n in tune.melody if line.start - EPS <= n.start < line.end - EPS]
        pairs += zip(sung.replace("-", " ").replace(",", "").replace("!", "").split(), notes)
    return pairs


def test_a_consonants_sound_is_never_held():
    """A music specialist's review: Phonics Fun held /b/ on half notes, and children sang "buh", the vowel phonics
    teaching takes away. /b/ is a short note (a rest after it); /a/, a vowel, may be held."""
    tune = tune_for("phonics-fun")
    beat = 60 / 128
    held = [(s, n) for s, n in _sung_notes(tune) if s == "/b/" and n.duration > beat + EPS]
    assert not held, held
    assert any(s == "/a/" and n.duration > beat for s, n in _sung_notes(tune))


def test_every_song_sits_where_young_voices_sing():
    """Days of the Week went down to G3 on "Monday" and "again": in F, as Clementine is printed, C4 to C5."""
    for tune in TUNES:
        assert min(n.pitch for n in tune.melody) >= midi("C4"), tune.song_id


def test_the_alphabet_songs_w_x_are_a_beat_each_as_in_twinkle():
    """"dou-ble" was squeezed into two half beats and X held for two; "like a dia-mond" is four even beats."""
    tune = tune_for("the-alphabet-song")
    notes = [n for s, n in _sung_notes(tune) if s in ("dou", "ble", "u", "X")]
    assert [round(n.duration / (60 / 96), 3) for n in notes] == [1, 1, 1, 1]


# the beats a second of each tune holds, and a bar's beats (Days of the Week is a waltz)
TEMPO = {"the-alphabet-song": 96, "five-little-ducks": 128, "days-of-the-week": 96, "phonics-fun": 128}
# syllables a singer does not stress: small words and the weak half of a word ("ap-ple", "on-ly")
UNSTRESSED = {"But", "And", "and", "the", "for", "is", "are", "in", "a", "with", "them", "you", "my", "ple", "tle",
              "ther", "ly", "ven", "ur"}


@pytest.mark.parametrize("tune", TUNES, ids=lambda t: t.song_id)
def test_no_unstressed_syllable_falls_on_a_bars_first_beat(tune):
    """A music review: Five Little Ducks put "But" and "And" on the bar's first beat ("on-" came off it), Phonics Fun
    sang "A is for ap-PLE" and Days of the Week "are in a week" with "are" there. Each now starts its bar on a
    syllable a singer stresses; "But" and "And" are upbeats."""
    beat = 60 / TEMPO[tune.song_id]
    per_bar = 3 if tune.song_id == "days-of-the-week" else 4
    firsts = [s for s, n in _sung_notes(tune) if round(n.start / beat, 6) % per_bar == 0]
    assert len(firsts) >= len(tune.lines) and not set(firsts) & UNSTRESSED, firsts
