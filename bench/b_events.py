"""Event round trip at 1, 50 and 200 concurrent websocket clients: Learnsite's typical events vs the bare counter.

Round trip = from sending the event frame to receiving the state update that shows it was handled:
- bare app: CounterState.increment -> the update carrying the new count;
- bare page load: the page's on_load_internal for the bare app's /loaded, whose on_load is the counter's
  increment -> the update carrying the count: the framework's page-load chain, the floor of any page load;
- popup: PopupState.open_age_group("popup-3-4") -> age_group_open true, then set_open(false) -> false
  (each open and each close is one sample), on the home page;
- worksheet page: the page's on_load (what the page sends on navigating to /worksheet/<id>) ->
  WorksheetPageState.ws_status "found" (reads the worksheet from the database).
Clients run closed loops (next event when the last one came back), all at once. The four run in
turn, PASSES times over, and each one's samples are pooled, so a change in the machine's load during
the run weighs on all four alike.
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
    return [(1, 200), (50, 20), (200, 6)]


# bare, popup, worksheet, bare, popup, ...: drift in the machine's load hits all four alike (one pass at
# 50 clients lasts about a second: 3 passes left the popup ratio swinging 0.8-1.6x between runs)
PASSES = 6


def bare_step():
    def ev(c, k):
        return {"name": f"{BARE_COUNTER}.increment", "router_data": {"pathname": "/", "asPath": "/"}}

    def done(u, k):
        return "count_rx_state_" in ((u.get("delta") or {}).get(BARE_COUNTER) or {})

    return cl.timed(ev, done)


def bare_page_load_step():
    """The framework's page-load chain with the least handler: the bare app's /loaded, whose on_load
    is CounterState.increment -> the update carrying the new count (as the worksheet page's "found")."""

    def ev(c, k):
        return site.event("on_load", "on_load_internal", path="/loaded")

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
        samples: dict[str, list[float]] = {}
        for k in range(1 if bench.quick else PASSES):
            for label, url, auth, step in (
                ("bare counter", bare.url, bare_auth, bare_step()),
                ("bare page load", bare.url, bare_auth, bare_page_load_step()),
                ("popup open/close", app.url, home_auth, popup_step()),
                ("worksheet page load", app.url, home_auth, worksheet_step(worksheet_id)),
            ):
                log(f"events: {label}, {n} clients x {rounds} (pass {k + 1})")
                target = bare if url == bare.url else app
                with record(bench.profile and k == 0 and n == max(x for x, _ in levels(bench)), [target],
                            f"events-{label.replace(' ', '-').replace('/', '-')}-{n}", result.notes):
                    samples.setdefault(label, []).extend(asyncio.run(measure(url, auth, n, rounds, step)))
        figures = {label: [percentile(times, q) * 1000 for q in (50, 95, 99)] for label, times in samples.items()}
        b50, b95, b99 = figures["bare counter"]
        result.add(f"bare counter, {n} clients (p50/p95/p99)", "", f"{b50:.1f} / {b95:.1f} / {b99:.1f} ms")
        for label in ("popup open/close", "worksheet page load"):
            p50, p95, p99 = figures[label]
            result.add(f"{label}, {n} clients (p50/p95/p99)", f"{p50:.1f} / {p95:.1f} / {p99:.1f} ms",
                       f"{b50:.1f} / {b95:.1f} / {b99:.1f} ms",
                       f"{ratio(p50, b50)} / {ratio(p95, b95)} / {ratio(p99, b99)}",
                       f"p50 ≤ {TARGET}× bare", p50 <= TARGET * b50)
        f50, f95, f99 = figures["bare page load"]
        w50, w95, w99 = figures["worksheet page load"]
        result.add(f"framework floor: bare app page load, {n} clients (p50/p95/p99)", "",
                   f"{f50:.1f} / {f95:.1f} / {f99:.1f} ms", f"{ratio(f50, b50)} of the bare counter")
        result.add(f"worksheet page load ÷ bare page load, {n} clients (p50/p95/p99)", "", "",
                   f"{ratio(w50, f50)} / {ratio(w95, f95)} / {ratio(w99, f99)}")
    result.notes.append("A page load is a chain of events in Reflex (on_load_internal, the page's on_load "
                        "handlers, set_is_hydrated), each taking the tab's state lock and sending an update: "
                        "the bare app's /loaded (its on_load is the counter's increment) is that chain's "
                        "floor, and the last rows compare the worksheet page with it.")
    result.notes.append("Ratios are Learnsite ÷ bare app at the same percentile and concurrency; the "
                        "clients are python asyncio websockets in the benchmark process on the same 2 cores.")
    return result
