"""RecentCache: values live ttl_seconds, and a change in any process sharing the marker drops them."""

from __future__ import annotations

from learnsite.services.recent_cache import RecentCache


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _cache(tmp_path, clock=None, **kw) -> RecentCache:
    return RecentCache(lambda: tmp_path / "data" / "things.changed", clock=clock or Clock(), **kw)


def test_a_value_lives_ttl_seconds(tmp_path):
    clock = Clock()
    cache = _cache(tmp_path, clock, ttl_seconds=10)
    cache.put("a", 1, cache.marker_signature())
    clock.now += 9.9
    assert cache.get("a") == 1
    clock.now += 0.2
    assert cache.get("a") is None
    assert cache.get("never put") is None


def test_changed_drops_values_here_and_in_another_process_sharing_the_marker(tmp_path):
    here, there = _cache(tmp_path), _cache(tmp_path)
    for cache in (here, there):
        cache.put("a", 1, cache.marker_signature())
    here.changed()
    assert here.get("a") is None
    assert there.get("a") is None  # it saw the new marker at its next read
    there.put("a", 2, there.marker_signature())
    assert there.get("a") == 2


def test_a_value_read_across_a_change_is_not_kept(tmp_path):
    reader, writer = _cache(tmp_path), _cache(tmp_path)
    before_read = reader.marker_signature()
    writer.changed()  # an admin edit lands while the reader is in the database
    reader.put("a", "maybe stale", before_read)
    assert reader.get("a") is None


def test_the_oldest_entries_go_beyond_max_entries(tmp_path):
    cache = _cache(tmp_path, max_entries=2)
    for key in ("a", "b", "c"):
        cache.put(key, key.upper(), cache.marker_signature())
    assert [cache.get(k) for k in ("a", "b", "c")] == [None, "B", "C"]
