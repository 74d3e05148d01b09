"""The backend's garbage collector: rarer automatic collections, and a full collection every 15 seconds.

Every event allocates a few hundred short-lived containers, and every open or recently closed tab keeps its
state tree in memory (about 170 tracked objects a tab, for an hour: rxconfig.py). With CPython's defaults
(700, 10, 10) a young collection ran every ~17 events, and the full collections rescanned every tab's state
as they piled up: under 50 players, 17-70 us of every event (more as more tabs had been seen), timed with
gc.callbacks in the games benchmark's server. With the thresholds below: 3-7 us of each event.

Rarer full collections alone let cyclic garbage (a finished event's objects, an expired tab's state) wait
longer: the backends' memory grew 12-20% in a 150-second soak instead of 1%. A full collection on a timer
bounds that again (1% in the same soak) at a fixed cost: a few tens of milliseconds every 15 seconds.
"""

from __future__ import annotations

import asyncio
import gc

THRESHOLDS = (10_000, 20, 100)  # young collections every 10,000 net container allocations; CPython: (700, 10, 10)
FULL_EVERY_S = 15.0


def tune() -> tuple[int, int, int]:
    """Set the thresholds (idempotent); returns them. Called as the app is imported, before Reflex forks."""
    gc.set_threshold(*THRESHOLDS)
    return gc.get_threshold()


async def collect_periodically() -> None:
    """Lifespan task: a full collection every FULL_EVERY_S seconds, for as long as the backend runs."""
    while True:
        await asyncio.sleep(FULL_EVERY_S)
        gc.collect()
