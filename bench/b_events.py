"""Event round trip at 1, 50 and 200 concurrent websocket clients: Learnsite's typical events vs the bare counter.

Round trip = from sending the event frame to receiving the state update that shows it was handled:
- bare app: CounterState.increment -> the update carrying the new count;
- popup: PopupState.open_age_group("popup-3-4") -> age_group_open true, then set_open(false) -> false
  (each open and each close is one sample), on the home page;
- worksheet page: the page's on_load (what the page sends on navigating to /worksheet/<id>) ->
  WorksheetPageState.ws_status "found" (reads the worksheet from the database).
Clients run closed loops (next event when the last one came back), all at once.
"""

from __future__ import annotations

import asyncio

from bench import clients as cl
from bench import site
from bench.common import Result, log, percentile, ratio
from bench.profiling import record
from bench.session import BARE_COUNTER, Bench

TARGET = 1.25


def levels(bench: Bench) -> list[tuple[int, int]]:
    """(clients, rounds per client)"""
    if bench.quick:
        return [(1, 20), (50, 4), (200, 2)]
    return [(1, 60), (50, 10), (200, 5)]


def bare_step():
    def ev(c, k):
        return {"name": f"{BARE_COUNTER}.increment", "router_data": {"pathname": "/", "asPath": "/"}}

    def done(u, k):
        return "count_rx_state_" in ((u.get("delta") or {}).get(BARE_COUNTER) or {})

    return cl.timed(ev, done)


def popup_step():
    def ev(c, k):
        if k % 2 == 0:
            return site.event("popup", "open_age_group", {"group_type": "popup-3-4"})
        return site.event("popup", "set_open", {"flag": "age_group_open", "is_open": False})

    def done(u, k):
        return site.var(u, "popup", "age_group_open") is (k % 2 == 0)

    return cl.timed(ev, done)


def worksheet_step(worksheet_id: int):
    path = f"/worksheet/{worksheet_id}"

    def ev(c, k):
        return site.event("on_load", "on_load_internal", path=path, query={"id": str(worksheet_id)})

    def done(u, k):
        return site.var(u, "page", "ws_status") == "found"

    return cl.timed(ev, done)


async def measure(url: str, auth: dict, n: int, rounds: int, step) -> list[float]:
    started = cl.now()
    clients = await cl.connect_many(url, [auth] * n)
    log(f"  {n} clients connected and hydrated in {cl.now() - started:.1f}s")
    try:
        # one warm-up event per client (first use of a state class), not counted
        await cl.closed_loop(clients, 1, step)
        return await cl.closed_loop(clients, rounds, step)
    finally:
        await cl.close_all(clients)


def run(bench: Bench) -> Result:
    bare, app = bench.bare(), bench.site()
    worksheet_id = site.add_worksheet(None)
    bare_auth = bench.hydrate(bare, "/")
    home_auth = bench.hydrate(app, "/")
    result = Result("events", "Event round trip (websocket, closed loop)")
    for n, rounds in levels(bench):
        figures = {}
        for label, url, auth, step in (
            ("bare counter", bare.url, bare_auth, bare_step()),
            ("popup open/close", app.url, home_auth, popup_step()),
            ("worksheet page load", app.url, home_auth, worksheet_step(worksheet_id)),
        ):
            log(f"events: {label}, {n} clients x {rounds}")
            target = bare if url == bare.url else app
            with record(bench.profile and n == max(x for x, _ in levels(bench)), [target],
                        f"events-{label.split()[0]}-{n}", result.notes):
                times = asyncio.run(measure(url, auth, n, rounds, step))
            figures[label] = [percentile(times, q) * 1000 for q in (50, 95, 99)]
        b50, b95, b99 = figures["bare counter"]
        result.add(f"bare counter, {n} clients (p50/p95/p99)", "", f"{b50:.1f} / {b95:.1f} / {b99:.1f} ms")
        for label in ("popup open/close", "worksheet page load"):
            p50, p95, p99 = figures[label]
            result.add(f"{label}, {n} clients (p50/p95/p99)", f"{p50:.1f} / {p95:.1f} / {p99:.1f} ms",
                       f"{b50:.1f} / {b95:.1f} / {b99:.1f} ms",
                       f"{ratio(p50, b50)} / {ratio(p95, b95)} / {ratio(p99, b99)}",
                       f"p50 ≤ {TARGET}× bare", p50 <= TARGET * b50)
    result.notes.append("Ratios are Learnsite ÷ bare app at the same percentile and concurrency; the "
                        "clients are python asyncio websockets in the benchmark process on the same 2 cores.")
    return result
