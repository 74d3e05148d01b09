"""Shared fixtures: databases (SQLite always, PostgreSQL when configured), the running app, Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from learnsite.config import REPO_ROOT
from tests.databases import fresh_postgres_database

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
# Every test's tabs come from 127.0.0.1: the servers the tests start (which inherit this) let that address open
# as many as the suite needs; tests/integration/test_new_tabs_live.py starts one with the limit low.
os.environ.setdefault("LEARNSITE_NEW_TABS_PER_HOUR", "1000000")
os.environ.setdefault("LEARNSITE_NEW_TABS_PER_HOUR_ALL", "1000000")
POSTGRES_URL = os.environ.get("LEARNSITE_TEST_POSTGRES_URL", "")
REDIS_URL = os.environ.get("LEARNSITE_TEST_REDIS_URL", "")
CHROMIUM = os.environ.get("LEARNSITE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def require_service(url: str, name: str) -> None:
    """Skip locally without the service; in CI a missing service is a failure, never a silent skip."""
    if url:
        return
    if IN_CI:
        pytest.fail(f"{name} URL not set in CI (.ci/run sets it when the service answers)")
    pytest.skip(f"{name} not configured")


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API keeps an event loop running in the main thread
    for the rest of the session, and asyncio.run() in a later test would refuse to start."""
    items.sort(key=lambda item: "browser" in getattr(item, "fixturenames", ()))


# ---------------------------------------------------------------- databases

@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory) -> str:
    from learnsite.migrate import prestart

    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
    prestart(url, starter_library=False)  # tests of the starter library add it themselves
    return url


@pytest.fixture(scope="session")
def _migrated_postgres() -> str:
    require_service(POSTGRES_URL, "PostgreSQL")
    from learnsite.migrate import prestart

    url, drop = fresh_postgres_database(POSTGRES_URL)
    prestart(url, starter_library=False)
    yield url
    drop()


def _reset(url: str) -> None:
    """Empty every table, then seed again: each test starts from a freshly prestarted database."""
    from sqlmodel import SQLModel

    from learnsite.db import get_engine
    from learnsite.migrate import seed

    engine = get_engine(url)
    with engine.begin() as c:
        if engine.dialect.name == "postgresql":
            names = ", ".join(f'"{t.name}"' for t in SQLModel.metadata.sorted_tables)
            c.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for t in reversed(SQLModel.metadata.sorted_tables):
                c.execute(t.delete())
    seed(url)


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request) -> str:
    """A migrated, seeded, empty database URL: every DB test runs on SQLite and on PostgreSQL."""
    url = request.getfixturevalue(f"_migrated_{request.param}")
    _reset(url)
    return url


@pytest.fixture
def sqlite_url(_migrated_sqlite) -> str:
    _reset(_migrated_sqlite)
    return _migrated_sqlite


# ---------------------------------------------------------------- the running app

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float) -> None:
    """Until `url` answers 200; fails at once if the process exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"app exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            time.sleep(0.5)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


def stop_process_group(proc: subprocess.Popen, grace: float = 20) -> None:
    """SIGTERM the server's process group; SIGKILL what is left after `grace` seconds."""
    os.killpg(proc.pid, 15)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)


@contextmanager
def uvicorn_backend(app_server, log_path: Path, ws: str = "auto", **env_extra: str):
    """One more backend process of the built app (no frontend, no compile) served by uvicorn on a free port,
    with app_server's environment and `env_extra`; yields its http://127.0.0.1:<port>."""
    port = free_port()
    env = {**app_server.env, "REFLEX_ENV_MODE": "prod", "__REFLEX_SKIP_COMPILE": "true", **env_extra}
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "learnsite.learnsite:app", "--host", "127.0.0.1",
         "--port", str(port), "--ws", ws],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        try:
            wait_http(f"http://127.0.0.1:{port}/ping", proc, timeout=120)
        except (RuntimeError, TimeoutError) as exc:
            raise type(exc)(f"{exc}: {log_path.read_text()[-3000:]}") from exc
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process_group(proc, grace=15)
        log.close()


class RunningApp:
    def __init__(self, url: str, data_dir: Path, env: dict):
        self.url = url
        self.data_dir = data_dir
        self.env = env

    def cli(self, *args: str) -> subprocess.CompletedProcess:  # noqa: D401
        """Run the `learnsite` command against this app's data (as an operator would)."""
        return subprocess.run(
            [str(REPO_ROOT / ".venv" / "bin" / "learnsite"), *args],
            env=self.env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=60,
        )

    def create_user(self, email: str, password: str, role: str = "user", name: str | None = None,
                    confirmed: bool = True) -> None:
        args = ["create-user", "--email", email, "--password", password, "--role", role]
        if name:
            args += ["--name", name]
        if confirmed:
            args.append("--confirmed")
        result = self.cli(*args)
        assert result.returncode == 0, result.stderr


@pytest.fixture(scope="session")
def app_server(tmp_path_factory) -> RunningApp:
    """The production build served on one free port, with its own data folder."""
    data_dir = tmp_path_factory.mktemp("appdata")
    port = free_port()
    log_path = data_dir / "server.log"
    env = {**os.environ, "LEARNSITE_DATA_DIR": str(data_dir), "LEARNSITE_PUBLIC_URL": f"http://localhost:{port}",
           "REFLEX_TELEMETRY_ENABLED": "false", "PYTHONUNBUFFERED": "1",
           # this checkout's code, also when the venv is shared with another checkout
           "PYTHONPATH": str(REPO_ROOT),
           # a fresh install without the starter library: the browser tests see the empty states of SPEC
           "LEARNSITE_SEED_STARTER": "0"}
    env.pop("LEARNSITE_DATABASE_URL", None)
    env["PATH"] = f"{REPO_ROOT / '.venv' / 'bin'}:{REPO_ROOT / '.tools' / 'node_modules' / '.bin'}:{env['PATH']}"
    subprocess.run([str(REPO_ROOT / ".venv" / "bin" / "learnsite"), "prestart"], env=env, cwd=REPO_ROOT, check=True)
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [str(REPO_ROOT / ".venv" / "bin" / "reflex"), "run", "--env", "prod", "--single-port",
         "--frontend-port", str(port), "--backend-port", str(port), "--loglevel", "info"],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        wait_http(f"http://localhost:{port}/ping", proc, timeout=300)
        wait_http(f"http://localhost:{port}/", proc, timeout=60)
    except Exception:
        proc.kill()
        print(log_path.read_text()[-5000:], file=sys.stderr)
        raise
    yield RunningApp(f"http://localhost:{port}", data_dir, env)
    stop_process_group(proc)
    log.close()


# ---------------------------------------------------------------- the browser

# Every page of every browser test reports what the Content-Security-Policy refused; a test with any
# violation fails at teardown (README "Security": extend the policy, never the test).
CSP_VIOLATIONS: list[str] = []
_RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const text = `${e.effectiveDirective} refused ${e.blockedURI || "inline code"} on ${document.location.pathname}`
    + ` (${e.sourceFile || "page"}:${e.lineNumber} ${(e.sample || "").slice(0, 80)})`;
  window.__cspViolations.push(text);
  window.__reportCspViolation(text);
});
"""


def watch_csp(ctx) -> None:
    ctx.expose_binding("__reportCspViolation", lambda source, text: CSP_VIOLATIONS.append(str(text)[:300]))
    ctx.add_init_script(_RECORD_CSP_VIOLATIONS)
    ctx.on("console", lambda m: _policy_complaint(m.type, m.text)
           and CSP_VIOLATIONS.append(f"console: {m.text[:300]}"))


def _policy_complaint(kind: str, text: str) -> bool:
    """A refusal by the CSP, or a Permissions-Policy feature the browser does not know (a header to fix)."""
    return (kind == "error" and "Content Security Policy" in text) or "Error with Permissions-Policy header" in text


@pytest.fixture(autouse=True)
def _no_csp_violations(request):
    if "browser" not in request.fixturenames:
        yield
        return
    already = len(CSP_VIOLATIONS)
    yield
    seen = CSP_VIOLATIONS[already:]
    assert seen == [], f"Content-Security-Policy violations or Permissions-Policy errors: {seen}"


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make test` installs Debian's chromium")
    from playwright.sync_api import expect, sync_playwright

    # a loaded 2-core CI machine can take more than expect()'s default 5 s to settle a page;
    # a check that holds still passes at once, one that does not still fails
    expect.set_options(timeout=10_000)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        launch_context = b.new_context

        def new_context(**options):
            ctx = launch_context(**options)
            watch_csp(ctx)
            return ctx

        b.new_context = new_context  # every context of every browser test, also those a test opens itself
        yield b
        b.close()


@pytest.fixture
def context(browser, app_server):
    ctx = browser.new_context(base_url=app_server.url, viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    p = context.new_page()
    yield p


@contextmanager
def window(browser, app_server, width: int, height: int, **options):
    """A page in a window of that size (a zoomed one: 400% of 1280 x 1024 is 320 x 256), closed after."""
    ctx = browser.new_context(base_url=app_server.url, viewport={"width": width, "height": height}, **options)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


@contextmanager
def phone(browser, app_server, width: int = 375, height: int = 740, **options):
    """A page in a touch screen's window, a phone's unless told (and the context's other `options`), closed after."""
    with window(browser, app_server, width, height, has_touch=True, **options) as page:
        yield page


def wait_hydrated(page) -> None:
    """Wait until Reflex has connected its websocket and hydrated state (events work)."""
    page.wait_for_selector('#hydration-marker[data-hydrated="true"]', state="attached", timeout=30000)


def open_page(page, path: str) -> None:
    page.goto(path)
    wait_hydrated(page)


def hold_requests(page, url_glob: str) -> list:
    """Requests for url_glob wait, unanswered, in the returned list (route.continue_() lets one go)."""
    held: list = []
    page.route(url_glob, lambda route: held.append(route))
    return held


def wait_held(page, held: list, timeout_ms: int = 10_000) -> None:
    """Until the page has asked for what hold_requests holds."""
    for _ in range(timeout_ms // 100):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page never asked for the held request")


# true once the page has not scrolled for 10 frames: a smooth scroll on a busy machine outlasts a fixed wait (false
# if it is still scrolling after 15 s: Playwright's evaluate has no timeout of its own)
_SCROLL_STILL = """() => new Promise((done) => {
  let last = scrollY, still = 0;
  const until = performance.now() + 15000;
  const tick = () => {
    if (scrollY === last) still++; else { still = 0; last = scrollY; }
    if (still >= 10) done(true); else if (performance.now() > until) done(false); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def scroll_still(page) -> None:
    """Until the page has stopped scrolling (a smooth scroll to the focus, a followed line)."""
    assert page.evaluate(_SCROLL_STILL), "the page was still scrolling after 15 s"


def toast(page, title: str | None = None):
    """The visible toasts (the site shows one at a time), or those with `title`."""
    found = page.locator("[data-sonner-toast]")
    return found if title is None else found.filter(has_text=title)


# an animation that never ends (a spinner, a skeleton's pulse) has nothing to wait for; allSettled: one cancelled
# meanwhile (a skeleton replaced by its content) rejects its `finished`, and is done too
_ANIMATIONS_DONE = """(el, subtree) => Promise.allSettled(el.getAnimations({ subtree })
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished))"""


def animations_done(locator, subtree: bool = True) -> None:
    """Until the element's animations (and, with subtree, its children's) have ended: a popup zooming in or a toast
    sliding in is measured where it comes to rest, not where a fixed wait caught it on a busy machine."""
    locator.evaluate(_ANIMATIONS_DONE, subtree)


def toast_at_rest(shown) -> None:
    """Until a toast has slid in: sonner marks it mounted a moment after it is in the page (visible to Playwright,
    still transparent), and only then starts the slide."""
    from playwright.sync_api import expect

    expect(shown).to_have_attribute("data-mounted", "true")
    animations_done(shown, subtree=False)
