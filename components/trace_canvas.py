"""The Letter Tracing canvas: a small local React component (assets/js/trace_canvas.js) wrapped for Reflex.

It draws the dotted guide of `learnsite.games.trace.letter_guide(letter)` (three writing lines, numbered
start dots, arrows) under the child's ink; mouse, touch and pen draw (pointer events, touch-action none);
"Trace for me step by step" lets a keyboard (arrows / Enter / Space) or taps move a pen from checkpoint
to checkpoint. "Done" calls on_done with the ink sampled to at most 300 integer points in the 0..100 box,
at most 20 strokes: list[list[list[int]]], ready for `learnsite.games.trace.check_trace` on the server.
Changing `reset_key` (e.g. the round number) clears the ink.

Use on a page (the guide is public: the dotted letter is the task, not its answer):

    trace_canvas(GameState.board.guide, on_done=GameState.submit_trace,
                 reset_key=GameState.turn.round.to_string())

    # in the state: the board's guide (set from letter_guide(letter) when a round starts), and
    @rx.event
    async def submit_trace(self, strokes: list[list[list[int]]]):
        ok = check_trace(self._letter, strokes)   # False for anything malformed or oversized
"""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var

# Reflex copies assets/ into the web app's public folder; "$/public/..." imports it as a module.
LIBRARY = "$/public/js/trace_canvas.js"


def _strokes(strokes: Var) -> tuple[Var[list[list[list[int]]]]]:
    return (strokes,)


class TraceCanvas(rx.Component):
    library = LIBRARY
    tag = "TraceCanvas"

    guide: Var[dict]  # letter_guide(letter): strokes, starts, checkpoints, arrows, lines
    reset_key: Var[str]  # a new value clears the ink (a new round, "Play Again")
    disabled: Var[bool]  # while the server checks, or after the game ends

    on_done: rx.EventHandler[_strokes]


def trace_canvas(guide: dict | Var, on_done, reset_key: str | Var = "", disabled: bool | Var = False,
                 **props) -> rx.Component:
    """The tracing board and its Clear / step-by-step / Done buttons."""
    return TraceCanvas.create(guide=guide, on_done=on_done, reset_key=reset_key, disabled=disabled, **props)
