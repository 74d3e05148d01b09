"""`python -m bench [--only a,b] [--skip c] [--quick] [--soak-seconds N]`: run Learnsite's benchmarks.

Each benchmark prints a table and replaces its section of bench/results.md. Everything runs on
loopback, with a bounded number of clients and a bounded time; the apps started are stopped at the end.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
import traceback
from pathlib import Path

from bench.common import REPO_ROOT, log, print_result, write_result

# In priority order: name -> (module, what it measures)
BENCHMARKS = {
    "home_load": ("bench.b_home_load", "home page cold load in Chromium: FCP, LCP, JS/total bytes vs bare"),
    "events": ("bench.b_events", "event round trip p50/p95/p99 at 1/50/200 clients vs bare counter"),
    "games": ("bench.b_games", "game answer -> feedback round trip p50 at 1/50 clients vs bare counter"),
    "worksheets_pg": ("bench.b_worksheets_pg", "All Worksheets first page with 10,000 rows in PostgreSQL"),
    "upload": ("bench.b_upload", "20 MB PDF through /_upload as an admin: seconds, server RSS growth"),
    "chat_fanout": ("bench.b_chat_fanout", "1 sender, 100 viewers on 2 backends sharing Redis"),
    "soak": ("bench.b_soak", "100 clients browsing and chatting for --soak-seconds: errors, memory"),
    "sheets": ("bench.b_sheets", "worksheet generators: 2-page sheet p50 and size; prestart's starter-library seeding"),
    "faults": ("bench.b_faults", "kill 1 of 2 backends while 20 clients chat: reconnect, none lost or doubled"),
}


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", default="", help="comma-separated benchmarks to run (default: all)")
    p.add_argument("--skip", default="", help="comma-separated benchmarks to leave out")
    p.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    p.add_argument("--quick", action="store_true", help="fewer samples (for development; figures are noisier)")
    p.add_argument("--soak-seconds", type=float, default=600,
                   help="length of the soak (default 600 = 10 min; shorter runs are flagged in the results)")
    p.add_argument("--soak-no-chat", action="store_true",
                   help="soak clients only browse (no chat messages): separates chat fan-out from the rest")
    p.add_argument("--chat-viewers", type=int, default=100, help="viewers in chat_fanout (default 100)")
    p.add_argument("--app-root", default=str(REPO_ROOT), help="the Learnsite checkout to measure (default: this one)")
    p.add_argument("--postgres-url", default=os.environ.get("LEARNSITE_BENCH_POSTGRES_URL",
                                                            "postgresql://postgres@127.0.0.1:5432/test"),
                   help="a PostgreSQL server the benchmark may create and drop its own database on")
    p.add_argument("--redis-url", default=os.environ.get("LEARNSITE_BENCH_REDIS_URL", "redis://127.0.0.1:6379/13"),
                   help="Redis for the multi-backend benchmarks (nothing is flushed: keys are per tab and per data folder)")
    p.add_argument("--profile", action="store_true",
                   help="sample the servers with py-spy while measuring; summary in the results, stacks in bench/profiles/")
    p.add_argument("--no-results", action="store_true", help="print only; leave bench/results.md alone")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.list:
        for name, (_, what) in BENCHMARKS.items():
            print(f"{name:14} {what}")
        return 0
    chosen = [n.strip() for n in args.only.split(",") if n.strip()] or list(BENCHMARKS)
    skipped = {n.strip() for n in args.skip.split(",") if n.strip()}
    unknown = [n for n in [*chosen, *skipped] if n not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; see --list", file=sys.stderr)
        return 2
    chosen = [n for n in chosen if n not in skipped]

    from bench.session import Bench

    bench = Bench(Path(args.app_root), quick=args.quick, soak_seconds=args.soak_seconds,
                  postgres_url=args.postgres_url, redis_url=args.redis_url, profile=args.profile,
                  soak_chat=not args.soak_no_chat, chat_viewers=args.chat_viewers)
    from bench import site

    site.names()  # the app's States, imported here in the main thread (see site.names)
    failed = []
    started = time.monotonic()
    try:
        for name in chosen:
            log(f"=== {name}")
            try:
                module = importlib.import_module(BENCHMARKS[name][0])
                result = module.run(bench)
            except KeyboardInterrupt:
                raise
            except Exception:  # noqa: BLE001 - one broken benchmark does not hide the others' figures
                traceback.print_exc()
                failed.append(name)
                continue
            print_result(result)
            if not args.no_results:
                write_result(result)
    finally:
        bench.close()
    log(f"done in {time.monotonic() - started:.0f}s" + (f"; FAILED: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
