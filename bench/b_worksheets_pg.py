"""All Worksheets with 10,000 rows in PostgreSQL: time to produce the popup's first page.

A database of the benchmark's own is created on the PostgreSQL server (and dropped at the end),
migrated and seeded by Learnsite's prestart, then filled with 10,000 worksheet rows. Measured:
- service: what WorksheetBrowserState.load runs (list_categories + list_worksheets page 1 with the
  storage URLs), called in the benchmark process;
- event: a backend process of the built app on that database; a websocket client sends the popup
  body's on_mount event (WorksheetBrowserState.reset_and_load) and waits for the update with
  status "loaded" and the 12 cards, i.e. the whole server side of opening the popup.
"""

from __future__ import annotations

import asyncio
import time

import sqlalchemy as sa

from bench import clients as cl
from bench import site
from bench.common import Result, fmt_ms, log, percentile
from bench.profiling import record
from bench.session import Bench

ROWS = 10_000
TARGET_S = 0.050


def service_times(db_url: str, runs: int) -> list[float]:
    from learnsite.services import worksheets as service
    from learnsite.services.storage import get_storage
    from learnsite.state.worksheets import PER_PAGE

    out = []
    for i in range(runs + 3):
        started = time.perf_counter()
        service.list_categories(db_url)
        views, total = service.list_worksheets(db_url, page=1, per_page=PER_PAGE, storage=get_storage())
        elapsed = time.perf_counter() - started
        assert total == ROWS and len(views) == PER_PAGE, (total, len(views))
        if i >= 3:  # the first calls open connections
            out.append(elapsed)
    return out


def explain(db_url: str) -> str:
    from learnsite.db import get_engine

    q = ("EXPLAIN (ANALYZE, BUFFERS off) SELECT c.*, k.name FROM content c LEFT JOIN categories k ON "
         "c.category_id = k.id WHERE c.content_type = 'worksheet' ORDER BY c.created_at DESC, c.id DESC LIMIT 12")
    with get_engine(db_url).connect() as c:
        lines = [r[0] for r in c.execute(sa.text(q))]
    return "; ".join(line.strip() for line in lines if "Execution Time" in line or "Scan" in line)[:400]


async def event_times(url: str, auth: dict, runs: int) -> list[float]:
    def ev(c, k):
        return site.event("browser", "reset_and_load")

    def done(u, k):
        return site.var(u, "browser", "status") == "loaded"

    step = cl.timed(ev, done)
    clients = await cl.connect_many(url, [auth])
    try:
        await cl.closed_loop(clients, 3, step)  # warm-up: connections, first queries
        return await cl.closed_loop(clients, runs, step)
    finally:
        await cl.close_all(clients)


def run(bench: Bench) -> Result:
    runs = 15 if bench.quick else 50
    app = bench.site()
    db_url = bench.pg_database()
    log(f"worksheets_pg: adding {ROWS} rows to {db_url.rsplit('/', 1)[-1]}")
    site.bulk_worksheet_rows(db_url, ROWS)
    with sa.create_engine(db_url).connect() as c:
        c.execute(sa.text("ANALYZE content"))
        c.commit()

    result = Result("worksheets_pg", f"All Worksheets first page, {ROWS:,} rows in PostgreSQL")
    svc = service_times(db_url, runs)
    p50, p95 = percentile(svc, 50), percentile(svc, 95)
    result.add(f"service: categories + page 1 of 12 (p50 / p95 of {runs})", f"{fmt_ms(p50)} / {fmt_ms(p95)}",
               target=f"≤ {TARGET_S * 1000:.0f} ms", ok=p95 <= TARGET_S)

    backend = bench.backend("pg-backend", {"LEARNSITE_DATABASE_URL": db_url})
    try:
        auth = bench.hydrate(app, "/")
        with record(bench.profile, [backend], "worksheets_pg", result.notes):
            times = asyncio.run(event_times(backend.url, auth, runs))
    finally:
        bench.stop_app(backend)
    e50, e95 = percentile(times, 50), percentile(times, 95)
    result.add(f"popup body event reset_and_load -> 12 cards (p50 / p95 of {runs})",
               f"{fmt_ms(e50)} / {fmt_ms(e95)}", target=f"≤ {TARGET_S * 1000:.0f} ms", ok=e95 <= TARGET_S)
    result.notes.append(f"Query plan of page 1: {explain(db_url)}")
    result.notes.append("The event figure is the whole server side of opening the popup seen from a loopback "
                        "websocket client (one backend process, uvicorn, on the PostgreSQL database).")
    return result
