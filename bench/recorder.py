"""Record what a real page sends: the hydrate event the page puts in its socket.io CONNECT packet.

The hydrate carries a state schema hash and per-state hashes that change with the code, so the
benchmarks record it from a real Chromium session of the very build they measure, then replay it
from many python clients, each with a fresh tab token (and, for signed-in users, its own session
in the localStorage vars of the hydrate).
"""

from __future__ import annotations

import json
import time

from bench.common import CHROMIUM, CHROMIUM_ARGS

CONNECT_PREFIX = "40/_event,"


def record_hydrates(base_url: str, paths: list[str], storage: dict[str, str] | None = None,
                    timeout_ms: int = 60000) -> dict[str, dict]:
    """{path: CONNECT auth payload} as Chromium sent it when loading each path of base_url."""
    from playwright.sync_api import sync_playwright

    found: dict[str, dict] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(base_url=base_url)
            if storage:
                context.add_init_script(
                    f"const t={json.dumps(storage)}; for (const k in t) localStorage.setItem(k, t[k]);")
            for path in paths:
                page = context.new_page()
                sent: list[str] = []
                page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f)))
                page.goto(path, timeout=timeout_ms)
                page.wait_for_selector('#hydration-marker[data-hydrated="true"]', state="attached",
                                       timeout=timeout_ms)
                deadline = time.monotonic() + 10
                while not any(f.startswith(CONNECT_PREFIX) for f in sent) and time.monotonic() < deadline:
                    page.wait_for_timeout(100)
                frame = next(f for f in sent if isinstance(f, str) and f.startswith(CONNECT_PREFIX))
                found[path] = json.loads(frame[len(CONNECT_PREFIX):])
                page.close()
        finally:
            browser.close()
    return found


def with_storage(auth: dict, values: dict[str, str]) -> dict:
    """A copy of a recorded signed-in hydrate with other localStorage values (same keys)."""
    copy = json.loads(json.dumps(auth))
    stored = copy["event"].setdefault("payload", {}).setdefault("vars", {})
    for key in list(stored):
        short = key.rsplit(".", 1)[-1].removesuffix("_rx_state_")
        if short in values:
            stored[key] = values[short]
    return copy
