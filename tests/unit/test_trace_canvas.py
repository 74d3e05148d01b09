"""The tracing canvas wrapper: its props and event reach React under the right names, and the JS's sampling
sends what the server's check_trace accepts (at most 300 integer points in the box, at most 20 strokes)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest
import reflex as rx

from components.trace_canvas import LIBRARY, TraceCanvas, trace_canvas
from learnsite.config import REPO_ROOT
from learnsite.games import trace
from learnsite.games.trace import check_trace, letter_guide

JS = REPO_ROOT / "assets" / "js" / "trace_canvas.js"


class TraceCanvasTestState(rx.State):
    verdict: bool = False

    @rx.event
    def done(self, strokes: list[list[list[int]]]):
        self.verdict = check_trace("A", strokes)


def test_the_canvas_renders_its_props_and_event_in_camel_case():
    js = str(trace_canvas(letter_guide("A"), on_done=TraceCanvasTestState.done, reset_key="3", disabled=False,
                          id="tracer"))
    assert js.startswith("jsx(TraceCanvas,")
    for expected in ('resetKey:"3"', "disabled:false", "guide:", '"checkpoints"', "onDone:", "done", 'id:"tracer"'):
        assert expected in js, expected


def test_the_canvas_imports_the_local_module():
    imports = TraceCanvas.create(guide={})._get_all_imports()
    assert LIBRARY == "$/public/js/trace_canvas.js" and LIBRARY in imports
    assert JS.is_file()
    source = JS.read_text()
    assert "export function TraceCanvas" in source
    # the page's limits are the server's
    assert f"const MAX_POINTS = {trace.MAX_POINTS};" in source
    assert f"const MAX_STROKES = {trace.MAX_STROKES};" in source
    assert "touchAction: \"none\"" in source and "onPointerDown" in source
    assert "fetch(" not in source and "http" not in source  # no third-party requests


def _sample_in_node(strokes: list, function: str = "sampleStrokes") -> list:
    """Run the canvas's own sampleStrokes() (or another of its functions of strokes; React stubbed out)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node not installed")
    module = JS.read_text().replace(
        'import { createElement as h, useCallback, useEffect, useRef, useState } from "react";',
        "const h = () => null, useCallback = (f) => f, useEffect = () => {}, useRef = () => ({}), useState = () => [];",
    )
    script = module + (
        '\nimport { readFileSync } from "fs";\n'
        f"process.stdout.write(JSON.stringify({function}(JSON.parse(readFileSync(0, 'utf8')))));\n"
    )
    out = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(strokes),
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _dense(letter: str, seed: int = 0) -> list:
    """A slow finger: a point every 0.4 units along each stroke, a little wobbly, as floats."""
    rnd = random.Random(seed)
    strokes = [[(float(x), float(y)) for x, y in s] for s in letter_guide(letter)["strokes"]]
    return [[[x + rnd.uniform(-2, 2), y + rnd.uniform(-2, 2)] for x, y in trace._along(s, 0.4)] for s in strokes]


@pytest.mark.parametrize("letter", ["A", "B", "E", "M", "W", "8", "S", "Q"])
def test_a_slow_careful_trace_is_sampled_small_and_still_passes(letter):
    raw = _dense(letter)
    sent = _sample_in_node(raw)
    assert sum(len(s) for s in raw) > trace.MAX_POINTS >= sum(len(s) for s in sent)
    assert all(isinstance(v, int) for s in sent for p in s for v in p)
    assert check_trace(letter, sent) is True


def test_a_huge_scribble_is_cut_to_the_limits():
    rnd = random.Random(7)
    raw = [[[rnd.uniform(-30, 130), rnd.uniform(-30, 130)] for _ in range(400)] for _ in range(30)]
    sent = _sample_in_node(raw)
    assert 1 <= len(sent) <= trace.MAX_STROKES
    assert sum(len(s) for s in sent) <= trace.MAX_POINTS
    assert all(trace.MIN_COORD <= v <= trace.MAX_COORD for s in sent for p in s for v in p)
    assert check_trace("A", sent) is False  # refused calmly, not an error


def test_no_ink_sends_nothing():
    assert _sample_in_node([]) == []
    assert _sample_in_node([[]]) == []
    assert check_trace("A", []) is False


def test_a_guides_dots_land_on_both_ends_of_each_stroke():
    """A review: dots every 4.6 units from a stroke's start left F's stem a dot's gap above the base line. Each
    stroke's pathLength is its count of dot gaps (one dot a gap, at both ends); i's dot, shorter, is one dot."""
    guides = {letter: letter_guide(letter)["strokes"] for letter in "FOijAkz"}
    each = "((g) => Object.fromEntries(Object.entries(g).map(([k, s]) => [k, s.map(dotsAlong)])))"
    counts = _sample_in_node(guides, each)
    for letter, strokes in guides.items():
        for stroke, gaps in zip(strokes, counts[letter]):
            length = trace._length([(float(x), float(y)) for x, y in stroke])
            if length < 4.6:
                assert gaps == 0.5, (letter, stroke)  # one dot, at its start
            else:
                assert gaps == int(gaps) >= 1 and 3.4 <= length / gaps <= 6.9, (letter, length, gaps)
    assert any(gaps == 0.5 for gaps in counts["i"]) and all(gaps >= 1 for gaps in counts["F"])
