"""`--profile`: py-spy samples the server processes while a benchmark measures, then says whose time it was.

Each stack is charged to the innermost frame that is Learnsite's own code (learnsite/), else to the
framework (reflex*, socketio/engineio, starlette, uvicorn/granian), the database driver
(sqlalchemy, psycopg, sqlite3), redis, or other. Idle samples (threads waiting) are left out
(py-spy's default). Raw stacks and an SVG flame graph are kept in bench/profiles/ (not committed).
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections import Counter
from pathlib import Path

from bench.common import BENCH_DIR, VENV_BIN, log

PROFILES = BENCH_DIR / "profiles"

KINDS = (
    ("learnsite", ("learnsite/",)),
    ("reflex", ("reflex/", "reflex_base/", "reflex_components")),
    ("socket.io/websocket", ("socketio/", "engineio/", "wsproto/", "h11/", "simple_websocket/")),
    ("asgi server", ("uvicorn/", "granian/", "starlette/")),
    ("database", ("sqlalchemy/", "psycopg", "sqlite3/", "sqlmodel/")),
    ("redis", ("redis/",)),
    ("json", ("json/", "orjson")),
    ("asyncio/sockets", ("asyncio/", "selectors.py", "socket.py", "ssl.py")),
    ("pdf", ("pypdf", "pypdfium2")),
)


def path_of(frame: str) -> str:
    """'func (reflex/app.py:12)' -> 'reflex/app.py'"""
    inside = frame.rsplit("(", 1)[-1]
    return inside.rsplit(":", 1)[0]


def kind_of(frame: str) -> str:
    path = path_of(frame)
    for kind, marks in KINDS:
        if any(path.startswith(m) or f"/{m}" in path for m in marks):
            return kind
    return "other"


def summarize(raw: Path, top: int = 8) -> tuple[dict[str, float], list[tuple[str, float]]]:
    """(share of samples by owner, top self-time frames) from py-spy's raw (collapsed) output."""
    owners: Counter = Counter()
    leaves: Counter = Counter()
    total = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        n = int(count)
        frames = [f for f in stack.split(";") if "(" in f]
        if not frames:
            continue
        total += n
        leaves[frames[-1].strip()] += n
        ours = next((f for f in reversed(frames) if kind_of(f) == "learnsite"), None)
        owners["learnsite" if ours else kind_of(frames[-1])] += n
    if not total:
        return {}, []
    return ({k: v / total for k, v in owners.most_common()},
            [(f, v / total) for f, v in leaves.most_common(top)])


@contextlib.contextmanager
def record(enabled: bool, apps: list, name: str, notes: list[str] | None = None, rate: int = 97):
    """Sample every process of `apps` while the block runs; add a summary line to `notes`."""
    spy = VENV_BIN / "py-spy"
    if not enabled or not spy.exists():
        if enabled:
            log("--profile: py-spy is not installed (.venv/bin/pip install py-spy)")
        yield
        return
    PROFILES.mkdir(exist_ok=True)
    procs = []
    for app in apps:
        for p in app.processes():
            if "python" not in (p.cmdline()[:1] or [""])[0]:
                continue
            out = PROFILES / f"{name}-{app.name}-{p.pid}.txt"
            procs.append((subprocess.Popen(
                [str(spy), "record", "--pid", str(p.pid), "--rate", str(rate), "--format", "raw", "--output", str(out),
                 "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out))
    try:
        yield
    finally:
        for proc, _ in procs:
            proc.send_signal(2)  # SIGINT: py-spy writes its output and exits
        for proc, _ in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        merged = PROFILES / f"{name}.txt"
        with open(merged, "w") as f:
            for _, out in procs:
                if out.exists():
                    f.write(out.read_text(errors="replace"))
                    out.unlink()
        owners, leaves = summarize(merged)
        if owners and notes is not None:
            notes.append(f"Profile ({name}, py-spy, busy samples of the server processes): "
                         + ", ".join(f"{k} {v * 100:.0f}%" for k, v in owners.items() if v >= 0.01)
                         + ". Top self time: " + "; ".join(f"{f[:90]} {v * 100:.0f}%" for f, v in leaves[:5])
                         + f". Stacks: bench/profiles/{merged.name}")
        flame = shutil.which("flamegraph.pl")
        if flame:
            with contextlib.suppress(Exception), open(PROFILES / f"{name}.svg", "w") as svg:
                subprocess.run([flame, str(merged)], stdout=svg, timeout=60)
