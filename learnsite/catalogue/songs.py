"""The tunes of the four songs: public-domain melodies, lyric lines and their timing, 30 s each (SPEC: the
song page's bar goes to 100% over 30 s, so each song lasts exactly that).

Notes are written as "pitch/beats" ("G4/2", "D4/.5"), a rest as "R/beats", one bar per "|" (bars are for
the reader; only the beats count). The page's script (assets/js/song_player.js) plays `melody` and `bass`
with the Web Audio API and highlights the lyric line whose [start, end) holds the song clock.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

SONG_SECONDS = 30.0
# seconds a lyric line lights before its first note, so a child singing along has read it in time (a music
# review: the line lit as its first word was sung); the last line stays lit to the end
LEAD = 0.4
LOWEST, HIGHEST = 36, 84  # C2 .. C6 (MIDI numbers): a range a small synth voice plays cleanly

_NOTE = re.compile(r"^([A-G])(#|b)?(\d)$")
_STEPS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


@dataclass(frozen=True)
class Note:
    pitch: int  # MIDI number, 60 = middle C
    start: float  # seconds from the start of the song
    duration: float  # seconds


@dataclass(frozen=True)
class LyricLine:
    text: str
    start: float
    end: float


@dataclass(frozen=True)
class Tune:
    song_id: str
    tune_name: str  # the traditional melody it is sung to
    melody: tuple[Note, ...]
    bass: tuple[Note, ...]
    lines: tuple[LyricLine, ...]

    @property
    def duration(self) -> float:
        return max(n.start + n.duration for n in self.melody + self.bass)


def midi(name: str) -> int:
    """'C4' -> 60, 'F#3' -> 54, 'Bb3' -> 58."""
    m = _NOTE.match(name)
    if not m:
        raise ValueError(f"not a note: {name!r}")
    letter, accidental, octave = m.groups()
    shift = {"#": 1, "b": -1}.get(accidental or "", 0)
    return 12 * (int(octave) + 1) + _STEPS[letter] + shift


def parse(score: str, seconds_per_beat: float) -> tuple[Note, ...]:
    """'C4 C4/2 | R/1 G4/.5' -> notes (a bare note lasts one beat; rests only move the clock)."""
    notes, beat = [], 0.0
    for token in score.replace("|", " ").split():
        name, _, beats_text = token.partition("/")
        beats = float(beats_text) if beats_text else 1.0
        if beats <= 0:
            raise ValueError(f"a note lasts at least something: {token!r}")
        if name != "R":
            notes.append(Note(midi(name), beat * seconds_per_beat, beats * seconds_per_beat))
        beat += beats
    return tuple(notes)


def _lines(texts_and_beats: list[tuple[str, float]], seconds_per_beat: float) -> tuple[LyricLine, ...]:
    lines, beat = [], 0.0
    for text, beats in texts_and_beats:
        lines.append(LyricLine(text, beat * seconds_per_beat, (beat + beats) * seconds_per_beat))
        beat += beats
    return tuple(lines)


def _tune(song_id: str, tune_name: str, bpm: float, melody: str, bass: str,
          lines: list[tuple[str, float]]) -> Tune:
    spb = 60.0 / bpm
    return Tune(song_id, tune_name, parse(melody, spb), parse(bass, spb), _lines(lines, spb))


# "Twinkle, Twinkle" / "Ah vous dirai-je, maman" (French, 18th century): 48 beats at 96 bpm = 30 s.
_ALPHABET_MELODY = """
C4 C4 G4 G4 | A4 A4 G4/2 | F4 F4 E4 E4 | D4/.5 D4/.5 D4/.5 D4/.5 C4/2 |
G4 G4 F4/2 | E4 E4 D4/2 | G4 G4 F4 F4 | E4 E4 D4/2 |
C4 C4 G4 G4 | A4 A4 G4/2 | F4 F4 E4 E4 | D4 D4 C4/2
"""
_ALPHABET_BASS = """
C3/2 C3/2 | F3/2 C3/2 | F3/2 C3/2 | G3/2 C3/2 |
C3/2 F3/2 | C3/2 G3/2 | C3/2 F3/2 | C3/2 G3/2 |
C3/2 C3/2 | F3/2 C3/2 | F3/2 C3/2 | G3/2 C3/2
"""

# "Five Little Ducks", traditional counting song: two verses, 64 beats at 128 bpm = 30 s.
# "But" and "And" are the last line's upbeat, so "ON-ly four" and "ALL the five" fall on the bar's first beat (a
# music review: "But" and "And" stood on it, "on-" off the beat)
_DUCKS_VERSE = """
G4 E4/.5 E4/.5 G4 G4 | A4 G4 E4/2 | E4/.5 E4/.5 F4 D4 D4 | E4 D4 C4/2 |
G4/.5 G4/.5 A4 G4 C5 | C5 C5 C5/1.5 G4/.5 | A4 G4 E4 D4/.5 D4/.5 | E4 D4 C4/2 |
"""
# C under "Mother duck said" (an F there rubbed a ninth against the melody's G on the third beat)
_DUCKS_BASS_VERSE = "C3/2 C3/2 | F3/2 C3/2 | C3/2 G3/2 | G3/2 C3/2 | C3/2 C3/2 | C3/2 C3/2 | C3/2 C3/2 | G3/2 C3/2 |"

# "Oh My Darling, Clementine" (American, 1884), in 3/4: 48 beats at 96 bpm = 30 s. In F, its usual printed key:
# C4 to C5, where young voices sing (in C it went down to G3 on "Monday" and "again")
_DAYS_MELODY = """
F4/2 F4 | F4/2 C4 | A4/2 A4 | A4/2 F4 |
F4/2 A4 | C5/2 C5 | Bb4/2 A4 | G4/3 |
G4/2 A4 | Bb4/3 | A4 G4 A4 | F4/3 |
F4/2 A4 | G4/2 C4 | E4/2 G4 | F4/3
"""
_DAYS_BASS = """
F3/3 | F3/3 | F3/3 | F3/3 |
F3/3 | F3/3 | C3/3 | C3/3 |
C3/3 | C3/3 | F3/3 | F3/3 |
F3/3 | C3/3 | C3/3 | F3/3
"""

# "London Bridge Is Falling Down" (English, 17th century): two verses, 64 beats at 128 bpm = 30 s.
_PHONICS_VERSE = """
G4/1.5 A4/.5 G4 F4 | E4 F4 G4/2 | D4 E4 F4/2 | E4 F4 G4/2 |
G4/1.5 A4/.5 G4 F4 | E4 F4 G4/2 | D4/2 G4/2 | E4 C4/3 |
"""
# /b/ cannot be held: a long note made children sing "buh", the vowel phonics teaching takes away. The B verse
# is the same tune with each held /b/ a short note and a rest (/a/, a vowel, holds)
_PHONICS_VERSE_B = """
G4/1.5 A4/.5 G4 F4 | E4 F4 G4 R | D4 E4 F4 R | E4 F4 G4 R |
G4/1.5 A4/.5 G4 F4 | E4 F4 G4 R | D4/2 G4 R | E4 C4/3 |
"""
_PHONICS_BASS_VERSE = "C3/2 C3/2 | C3/2 C3/2 | G2/2 G2/2 | C3/2 C3/2 | C3/2 C3/2 | C3/2 C3/2 | G2/2 G2/2 | C3/4 |"

TUNES: tuple[Tune, ...] = (
    _tune("the-alphabet-song", "Twinkle, Twinkle, Little Star", 96, _ALPHABET_MELODY, _ALPHABET_BASS, [
        ("A, B, C, D, E, F, G", 8),
        ("H, I, J, K, L, M, N, O, P", 8),
        ("Q, R, S, T, U, V", 8),
        ("W, X, Y and Z", 8),
        ("Now I know my A, B, Cs", 8),
        ("Next time won't you sing with me?", 8),
    ]),
    _tune("five-little-ducks", "Five Little Ducks", 128, _DUCKS_VERSE * 2, _DUCKS_BASS_VERSE * 2, [
        ("Five little ducks went out one day,", 8),
        ("Over the hills and far away.", 8),
        ("Mother duck said, \"Quack, quack, quack, quack!\"", 7.5),
        ("But only four little ducks came back.", 8.5),
        # the song's last verse, not its second: 30 s hold two verses, and a small child hears them all come home
        ("Sad mother duck went out one day,", 8),
        ("Over the hills and far away.", 8),
        ("Mother duck said, \"Quack, quack, quack, quack!\"", 7.5),
        ("And all the five little ducks came back!", 8.5),
    ]),
    _tune("days-of-the-week", "Oh My Darling, Clementine", 96, _DAYS_MELODY, _DAYS_BASS, [
        ("Sunday, Monday, Tuesday, Wednesday,", 12),
        ("Thursday, Friday, Saturday:", 12),
        ("Seven days make up a week,", 12),  # "are in a week" put "are" on a bar's first beat
        ("Sing them all again with me!", 12),
    ]),
    _tune("phonics-fun", "London Bridge Is Falling Down", 128, _PHONICS_VERSE + _PHONICS_VERSE_B, _PHONICS_BASS_VERSE * 2, [
        # a letter's sound between slashes, as phonics lessons write it: "A says a" was read "A says ay"
        # "London Bridge is falling down" is LON-don BRIDGE is FALL-ing DOWN: "A is for ap-ple" sang "for" and
        # "-ple" on its strong beats (a music review)
        ("Apple starts with /a/, /a/, /a/!", 8),
        ("A says /a/, A says /a/,", 8),
        ("Apple starts with /a/, /a/, /a/!", 8),
        ("A, /a/, apple!", 8),
        ("Ball begins with /b/, /b/, /b/!", 8),
        ("B says /b/, B says /b/,", 8),
        ("Ball begins with /b/, /b/, /b/!", 8),
        ("B, /b/, /b/, ball!", 8),
    ]),
)


def tune_for(song_id: str) -> Tune | None:
    return next((t for t in TUNES if t.song_id == song_id), None)


def tune_json(tune: Tune) -> str:
    """What the page's player needs, compact: [pitch, start, duration] triples and [start, end] per line."""
    return json.dumps({
        "duration": SONG_SECONDS,
        "melody": [[n.pitch, round(n.start, 4), round(n.duration, 4)] for n in tune.melody],
        "bass": [[n.pitch, round(n.start, 4), round(n.duration, 4)] for n in tune.bass],
        "lines": _lit(tune.lines),
    }, separators=(",", ":"))


def _lit(lines: tuple[LyricLine, ...]) -> list[list[float]]:
    """When each line is lit: [start, end) seconds, LEAD before it is sung, the last to the song's end."""
    return [[round(max(0.0, line.start - LEAD), 4), round(SONG_SECONDS if line is lines[-1] else line.end - LEAD, 4)]
            for line in lines]
