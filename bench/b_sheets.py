"""Worksheet generators: time to make a 2-page sheet (p50, p95) and its size; prestart's seeding time.

Runs in this process (plain Python, no app server): each kind is made with a new seed each run so
nothing is reused. Seeding: the starter library into a fresh SQLite database and local storage in a
temporary folder (the default install), then again on PostgreSQL when the bench server answers.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import Result, fmt_bytes, log, percentile
from bench.session import Bench

TARGET_MS = 150.0
TARGET_BYTES = 200 * 1024
TARGET_SEED_S = 30.0
TWO_PAGE = {  # kind -> options giving one page of work and its answer key (tracing: two pages of rows)
    "addition": dict(low=10, high=99, count=20),
    "multiplication": dict(low=2, high=10, count=20),
    "number-bonds": dict(low=5, high=20, count=12),
    "counting": dict(low=1, high=20, count=6),
    "word-search": dict(level=3, count=12),
    "colour-by-number": dict(level=3),
    "number-tracing": dict(low=0, high=13),
    "letter-tracing": dict(low=1, high=7, case="both"),
}


def sheet_times(runs: int) -> dict[str, tuple[list[float], int, int]]:
    from learnsite.sheets import defaults, make_sheet

    out = {}
    for kind, options in TWO_PAGE.items():
        make_sheet(defaults(kind, seed=0, **options))  # warm imports
        times, size, pages = [], 0, 0
        for i in range(runs):
            started = time.perf_counter()
            sheet = make_sheet(defaults(kind, seed=i + 1, **options))
            times.append((time.perf_counter() - started) * 1000)
            size, pages = max(size, len(sheet.pdf)), sheet.pages
        out[kind] = (times, size, pages)
    return out


def seeding_seconds(db_url: str, files: Path) -> tuple[float, int]:
    from learnsite.migrate import prestart
    from learnsite.services.storage import LocalStorage

    started = time.perf_counter()
    added = prestart(db_url, starter_library=True, storage=LocalStorage(files))
    return time.perf_counter() - started, added


def run(bench: Bench) -> Result:
    runs = 10 if bench.quick else 40
    result = Result("sheets", "Worksheet generators and the starter library")
    for kind, (times, size, pages) in sheet_times(runs).items():
        p50 = percentile(times, 50)
        result.add(f"{kind}: {pages}-page sheet, p50 (p95) ms", f"{p50:.0f} ({percentile(times, 95):.0f})",
                   target=f"<= {TARGET_MS:.0f} ms", ok=p50 <= TARGET_MS)
        result.add(f"{kind}: size", fmt_bytes(size), target=f"<= {fmt_bytes(TARGET_BYTES)}", ok=size <= TARGET_BYTES)
    with tempfile.TemporaryDirectory(prefix="bench-sheets-") as tmp:
        seconds, added = seeding_seconds(f"sqlite:///{Path(tmp) / 'seed.db'}", Path(tmp) / "files")
        result.add(f"prestart on a fresh SQLite install ({added} starter sheets)", f"{seconds:.1f} s",
                   target=f"<= {TARGET_SEED_S:.0f} s", ok=seconds <= TARGET_SEED_S)
        again, none = seeding_seconds(f"sqlite:///{Path(tmp) / 'seed.db'}", Path(tmp) / "files")
        result.add(f"prestart again (adds {none})", f"{again:.1f} s")
        try:
            pg_url = bench.pg_database()
        except Exception as exc:  # noqa: BLE001 - PostgreSQL is optional here
            log(f"sheets: no PostgreSQL ({exc}); SQLite only")
        else:
            seconds, added = seeding_seconds(pg_url, Path(tmp) / "pg-files")
            result.add(f"prestart on a fresh PostgreSQL database ({added} starter sheets)", f"{seconds:.1f} s",
                       target=f"<= {TARGET_SEED_S:.0f} s", ok=seconds <= TARGET_SEED_S)
    result.notes.append("Sheets made in-process with a new seed each run (fpdf2, DejaVu Sans subset embedded); "
                        "prestart = migrations + categories + starter library, thumbnails rendered in-process.")
    return result
