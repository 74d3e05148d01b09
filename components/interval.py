"""A hidden timer: a small local React component (assets/js/interval.js) that fires `on_tick` when it mounts and
every `every` milliseconds after. The header's session clock (SPEC §9: check the session every 30 s).

Not rx.moment: for an interval alone, moment and react-moment would cost every page 68 KB of JavaScript (22 KB
compressed) that a family on a slow phone waits for.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var


class Interval(rx.Component):
    library = "$/public/js/interval.js"
    tag = "Interval"

    every: Var[int]  # milliseconds between ticks

    on_tick: rx.EventHandler[lambda: []]


def interval(every: int, on_tick) -> rx.Component:
    return Interval.create(every=every, on_tick=on_tick)
