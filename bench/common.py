"""Shared plumbing: the apps under test as child processes, ports, memory sampling, figures and results.md."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import psutil

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
BARE_ROOT = BENCH_DIR / "bare_app"
RESULTS = BENCH_DIR / "results.md"
CHROMIUM = os.environ.get("LEARNSITE_CHROMIUM", "/usr/bin/chromium")
# as tests/conftest.py CHROMIUM_ARGS
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VENV_BIN = REPO_ROOT / ".venv" / "bin"


APP_VERSION = {"text": ""}  # which checkout was measured (set by Bench), shown in results.md


def app_version(root: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s"], capture_output=True,
                             text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return f"{out[:70]}{' (with uncommitted changes)' if dirty else ''}"
    except Exception:  # noqa: BLE001
        return str(root)


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen | None, timeout: float, log_path: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log_path.read_text()[-4000:] if log_path and log_path.exists() else ""
            raise RuntimeError(f"process exited with {proc.returncode} before {url} answered\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                if r.status == 200:
                    return
        except Exception:  # noqa: BLE001
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f}s")


def base_env(extra: dict | None = None) -> dict:
    # every bench client's tab comes from 127.0.0.1, many more than one address may open an hour (guard/tabs.py)
    env = {**os.environ, "REFLEX_TELEMETRY_ENABLED": "false", "PYTHONUNBUFFERED": "1",
           "LEARNSITE_NEW_TABS_PER_HOUR": "1000000", "LEARNSITE_NEW_TABS_PER_HOUR_ALL": "1000000"}
    env["PATH"] = f"{VENV_BIN}:{REPO_ROOT / '.tools' / 'node_modules' / '.bin'}:{env['PATH']}"
    for name in ("LEARNSITE_DATABASE_URL", "REFLEX_REDIS_URL", "LEARNSITE_REDIS_URL"):
        env.pop(name, None)
    env.update(extra or {})
    return env


def stop(proc: subprocess.Popen, timeout: float = 20) -> None:
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@dataclass
class App:
    """A running app (or backend) process tree on one loopback port."""

    name: str
    url: str
    proc: subprocess.Popen
    log_path: Path
    env: dict
    data_dir: Path | None = None
    build_copy: Path | None = None  # the copy of the app this process was built in, removed by stop()

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def processes(self) -> list[psutil.Process]:
        try:
            root = psutil.Process(self.proc.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def rss(self) -> int:
        """Resident memory of the whole process tree (server, workers), bytes."""
        total = 0
        for p in self.processes():
            with contextlib.suppress(psutil.Error):
                total += p.memory_info().rss
        return total

    def python_rss(self) -> int:
        """Resident memory of the Python server processes only (no bun/node), bytes."""
        total = 0
        for p in self.processes():
            with contextlib.suppress(psutil.Error):
                if "python" in (p.cmdline()[:1] or [""])[0]:
                    total += p.memory_info().rss
        return total

    def thread_cpu(self) -> dict[tuple[int, int], float]:
        """CPU seconds of every thread of the process tree, by (pid, thread id)."""
        seconds = {}
        for p in self.processes():
            with contextlib.suppress(psutil.Error):
                for t in p.threads():
                    seconds[p.pid, t.id] = t.user_time + t.system_time
        return seconds

    def stop(self) -> None:
        stop(self.proc)
        if self.build_copy is not None:
            shutil.rmtree(self.build_copy, ignore_errors=True)


# Not copied into the build folder: the build output itself, the checkout's data and tools.
_NOT_COPIED = shutil.ignore_patterns(".web", ".git", ".venv", ".tools", "data", "node_modules", "__pycache__",
                                     ".pytest_cache", ".states", "uploaded_files", "test-artifacts", "screenshots")


def copy_for_build(root: Path, into: Path) -> Path:
    """A copy of the app's sources to build and run in: `reflex run` rewrites its folder's .web (and the
    reflex.lock), so building in the checkout would break a `make run` serving from it, and dirty
    tracked files (bench/bare_app/reflex.lock)."""
    copy = into / root.name
    shutil.copytree(root, copy, symlinks=True, ignore=_NOT_COPIED)
    return copy


def start_reflex_prod(name: str, root: Path, env_extra: dict | None = None, data_dir: Path | None = None,
                      prestart: bool = False, timeout: float = 600) -> App:
    """`reflex run --env prod --single-port` on a copy of `root` (compiles, builds the frontend, serves both);
    `root` itself is never written to."""
    port = free_port()
    logs = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    log_path = logs / "server.log"
    root = copy_for_build(root, logs)
    extra = dict(env_extra or {})
    if data_dir is not None:
        extra["LEARNSITE_DATA_DIR"] = str(data_dir)
    extra.setdefault("LEARNSITE_PUBLIC_URL", f"http://localhost:{port}")
    extra["PYTHONPATH"] = str(root)
    env = base_env(extra)
    if prestart:
        subprocess.run([str(VENV_BIN / "learnsite"), "prestart"], env=env, cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
    log(f"building and starting {name} on :{port} (log {log_path})")
    started = time.monotonic()
    out = open(log_path, "w")
    proc = subprocess.Popen(
        [str(VENV_BIN / "reflex"), "run", "--env", "prod", "--single-port", "--frontend-port", str(port),
         "--backend-port", str(port), "--loglevel", "info"],
        cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
    )
    app = App(name, f"http://localhost:{port}", proc, log_path, env, data_dir, build_copy=root)
    try:
        wait_http(f"{app.url}/ping", proc, timeout, log_path)
        wait_http(f"{app.url}/", proc, 120, log_path)
    except BaseException:
        app.stop()
        raise
    log(f"{name} up in {time.monotonic() - started:.0f}s")
    return app


def start_backend(name: str, site: App, env_extra: dict | None = None, timeout: float = 120) -> App:
    """One more backend process of an already built app (no compile, no frontend), as the chat tests do."""
    port = free_port()
    log_path = site.log_path.parent / f"{name}-{port}.log"
    env = {**site.env, "REFLEX_ENV_MODE": "prod", "__REFLEX_SKIP_COMPILE": "true", **(env_extra or {})}
    out = open(log_path, "w")
    proc = subprocess.Popen(
        [str(VENV_BIN / "python"), "-m", "uvicorn", "--factory", "learnsite.learnsite:app",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=env["PYTHONPATH"], env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
    )
    app = App(name, f"http://localhost:{port}", proc, log_path, env, site.data_dir)
    try:
        wait_http(f"{app.url}/ping", proc, timeout, log_path)
    except BaseException:
        app.stop()
        raise
    return app


def peak_rss(pid: int) -> int:
    """The process's own high-water mark (VmHWM), bytes: catches a peak between two samples; 0 if gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return next((int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:")), 0)
    except OSError:
        return 0


class MemorySampler:
    """Samples a process tree's RSS every `interval` seconds in a thread; keeps the peak and the series.

    Processes whose command line contains `apart` are left out of the figure and followed on their
    own: `apart_peak` is the largest high-water mark any of them reached, `apart_seen` their pids.
    """

    def __init__(self, app: App, interval: float = 0.02, python_only: bool = True, apart: str = ""):
        self.app, self.interval, self.python_only, self.apart = app, interval, python_only, apart
        self.peak = 0
        self.samples: list[tuple[float, int]] = []
        self.apart_peak = 0
        self.apart_seen: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _read(self) -> int:
        if not self.apart:
            return self.app.python_rss() if self.python_only else self.app.rss()
        total = 0
        for p in self.app.processes():
            with contextlib.suppress(psutil.Error):
                cmdline = p.cmdline()
                if self.apart in " ".join(cmdline):
                    self.apart_seen.add(p.pid)
                    self.apart_peak = max(self.apart_peak, peak_rss(p.pid))
                elif not self.python_only or "python" in (cmdline[:1] or [""])[0]:
                    total += p.memory_info().rss
        return total

    def _run(self) -> None:
        while not self._stop.is_set():
            value = self._read()
            self.peak = max(self.peak, value)
            self.samples.append((time.monotonic(), value))
            self._stop.wait(self.interval)

    def __enter__(self) -> "MemorySampler":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


# ---------------------------------------------------------------- figures

def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    k = (len(ordered) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


@dataclass
class Row:
    metric: str
    learnsite: str
    bare: str = ""
    ratio: str = ""
    target: str = ""
    verdict: str = ""  # "met", "MISSED" or ""


@dataclass
class Result:
    key: str
    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, metric, learnsite, bare="", ratio="", target="", ok: bool | None = None) -> None:
        verdict = "" if ok is None else ("met" if ok else "MISSED")
        self.rows.append(Row(metric, str(learnsite), str(bare), str(ratio), target, verdict))

    def table(self) -> str:
        head = "| Metric | Learnsite | Bare app | Ratio | Target | Verdict |\n|---|---|---|---|---|---|\n"
        return head + "\n".join(
            f"| {r.metric} | {r.learnsite} | {r.bare} | {r.ratio} | {r.target} | {r.verdict} |" for r in self.rows
        )

    def markdown(self) -> str:
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        load = os.getloadavg()
        parts = [f"## {self.title}\n", f"<!-- bench:{self.key} -->",
                 f"_Run {stamp} on `{APP_VERSION['text']}`, load average {load[0]:.1f} on {os.cpu_count()} cores._\n",
                 self.table()]
        if self.notes:
            parts.append("\n" + "\n".join(f"- {n}" for n in self.notes))
        return "\n".join(parts) + "\n"


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def fmt_bytes(n: float) -> str:
    return f"{n / 1024:.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.2f} MiB"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}×" if b else "n/a"


RESULTS_HEADER = """# Learnsite benchmark results

Written by `make bench` (`python -m bench`); each section is replaced when its benchmark runs again.
Ratios compare Learnsite with a bare Reflex counter app (bench/bare_app) built and run by the same
benchmark process on the same machine, so they hold on a noisy machine where absolute times do not.

Run all: `make bench`. One or more: `make bench BENCH_ARGS="--only home_load,events"`.
Options: `--quick` (fewer samples), `--soak-seconds N` (default 600), `--profile` (py-spy summary of
the servers while measuring), `--list`. Needs PostgreSQL (`--postgres-url`, default
postgresql://postgres@127.0.0.1:5432/test; a database of its own is created and dropped) and Redis
(`--redis-url`, default redis://127.0.0.1:6379/13) for worksheets_pg, chat_fanout and soak.
"""


def write_result(result: Result) -> None:
    """Replace (or append) this benchmark's section of bench/results.md."""
    text = RESULTS.read_text() if RESULTS.exists() else RESULTS_HEADER
    sections = text.split("\n## ")
    head, rest = sections[0], sections[1:]
    marker = f"<!-- bench:{result.key} -->"
    new = result.markdown().removeprefix("## ")
    replaced = False
    for i, s in enumerate(rest):
        if marker in s:
            rest[i] = new
            replaced = True
    if not replaced:
        rest.append(new)
    RESULTS.write_text("\n## ".join([head.rstrip() + "\n", *[s.rstrip() + "\n" for s in rest]]))


def print_result(result: Result) -> None:
    print(f"\n{result.title}\n{result.table()}")
    for n in result.notes:
        print(f"  - {n}")
    print(flush=True)
