"""A small in-process cache of values read moments ago, dropped when any process says they changed.

Entries live `ttl_seconds`. `changed()` empties this process's cache and replaces a marker file;
every process on the host that shares the marker (other backend workers, operator scripts) sees
the new marker at its next read (one stat call) and empties its own. A process on another host
sees a change after at most `ttl_seconds`.
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Hashable


class RecentCache:
    def __init__(self, marker: Callable[[], Path], ttl_seconds: float = 10.0, max_entries: int = 1024,
                 clock: Callable[[], float] = time.monotonic):
        self._marker = marker  # a callable: the data folder is read from the settings when first needed
        self.ttl_seconds = ttl_seconds
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self._seen: tuple[int, int] | None = None
        self._lock = threading.Lock()

    def _signature(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self._marker())
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns

    def _drop_if_changed_elsewhere(self) -> None:
        signature = self._signature()
        if signature != self._seen:
            self._entries.clear()
            self._seen = signature

    def get(self, key: Hashable) -> Any | None:
        """The value put under key less than ttl_seconds ago, if nothing changed since; else None."""
        with self._lock:
            self._drop_if_changed_elsewhere()
            entry = self._entries.get(key)
            if entry is None:
                return None
            if entry[0] <= self._clock():
                del self._entries[key]
                return None
            return entry[1]

    def put(self, key: Hashable, value: Any, read_since: tuple[int, int] | None) -> None:
        """Keep value, read after read_since = marker_signature() was taken (unless a change came in between)."""
        with self._lock:
            self._drop_if_changed_elsewhere()
            if read_since != self._seen:
                return  # something changed while the value was being read: it may be stale already
            self._entries[key] = (self._clock() + self.ttl_seconds, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def marker_signature(self) -> tuple[int, int] | None:
        """Take this before reading a value to put."""
        return self._signature()

    def changed(self) -> None:
        """The cached values may be wrong now, here and in every process sharing the marker."""
        path = self._marker()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{secrets.token_hex(4)}.tmp")
        tmp.write_text(secrets.token_hex(8))
        os.replace(tmp, path)  # a new inode: a change is seen even within one mtime tick
        with self._lock:
            self._entries.clear()
            self._seen = self._signature()
