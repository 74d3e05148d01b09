"""The games' little sounds stay in a comfortable range (assets/js/game_sounds.js): no note above 1.3 kHz, so a
long count does not climb into a shrill whistle, and counting still goes up a step for each of the first things."""

from __future__ import annotations

import json
import re

from learnsite.config import REPO_ROOT

JS = (REPO_ROOT / "assets" / "js" / "game_sounds.js").read_text()
TOP_HZ = 1320


def hz(midi: int) -> float:
    return 440 * 2 ** ((midi - 69) / 12)


def test_counting_climbs_ten_steps_then_holds_its_top_note_below_1_3_khz():
    scale = json.loads(re.search(r"var SCALE = (\[[\d, ]+\]);", JS).group(1))
    assert len(scale) >= 10 and all(a < b for a, b in zip(scale, scale[1:]))
    assert hz(scale[-1]) <= TOP_HZ
    # the nth thing counted plays SCALE[min(n, len) - 1]: the scale's top note for every thing past its end
    assert "SCALE[Math.min(n, SCALE.length) - 1]" in JS


def test_no_chime_hint_or_fanfare_note_is_above_1_3_khz():
    tunes = re.search(r"var TUNES = \{(.*?)\};", JS, re.S).group(1)
    pitches = [int(p) for p in re.findall(r"\[(\d+), [\d.]+, [\d.]+\]", tunes)]
    assert len(pitches) == 9  # cheer 3, hint 2, finish 4
    assert max(hz(p) for p in pitches) <= TOP_HZ
