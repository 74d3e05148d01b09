"""The backend's garbage-collector thresholds, set once as the app is imported (before Reflex forks its worker).

Every event allocates a few hundred short-lived containers, and every open or recently closed tab keeps its
state tree in memory (about 170 tracked objects a tab, for an hour: rxconfig.py). With CPython's defaults
(700, 10, 10) a young collection ran every ~17 events, and the full collections rescanned every tab's state
as they piled up: under 50 players, 17-70 us of every event (more as more tabs had been seen), timed with
gc.callbacks in the games benchmark's server. With these thresholds: 3-7 us of each event in the same run.

The young generation holds up to 10,000 containers between collections (a few MB at most). Full collections
still run, less often (CPython also waits until a quarter of the old objects are new), so cyclic garbage such
as an expired tab's state is still freed; the soak benchmark checks that memory stays flat.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 20, 100)  # young collections every 10,000 net container allocations; CPython: (700, 10, 10)


def tune() -> tuple[int, int, int]:
    """Set the thresholds (idempotent); returns them."""
    gc.set_threshold(*THRESHOLDS)
    return gc.get_threshold()
