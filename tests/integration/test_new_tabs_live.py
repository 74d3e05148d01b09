"""New tabs per client address on a running backend (learnsite/guard/tabs.py): over its budget a connect is
refused before any state is made, a page coming back to its own state still connects, and the log says so once."""

from __future__ import annotations

import asyncio

import pytest

from bench.wsclient import ReflexClient
from tests.conftest import uvicorn_backend

ROOT = "reflex___state____state"
BUDGET = 3


def _hydrate() -> dict:
    return {"event": {"name": f"{ROOT}.hydrate_and_load", "payload": {"vars": {}},
                      "router_data": {"pathname": "/", "query": {}, "asPath": "/"}}}


@pytest.fixture(scope="module")
def small_budget_server(app_server, tmp_path_factory):
    """A backend of the built app whose one address (127.0.0.1, every test's) may open BUDGET new tabs an hour."""
    log_path = tmp_path_factory.mktemp("tabs") / "server.log"
    with uvicorn_backend(app_server, log_path, ws="wsproto", LEARNSITE_NEW_TABS_PER_HOUR=str(BUDGET)) as url:
        yield url, log_path


async def _opened(url: str, token: str | None = None) -> ReflexClient:
    tab = ReflexClient(url) if token is None else ReflexClient(url, token=token)
    await tab.connect(_hydrate())
    try:
        await tab.wait_for(lambda update: True, timeout=10)  # the hydrate's state
    except (TimeoutError, Exception):  # noqa: BLE001  (refused: see tab.other)
        pass
    return tab


def test_an_address_over_its_new_tabs_is_refused_and_a_page_coming_back_is_not(small_budget_server):
    url, log_path = small_budget_server

    async def run():
        tabs = [await _opened(url) for _ in range(BUDGET)]
        assert all(tab.updates for tab in tabs)
        over = await _opened(url)
        await asyncio.sleep(0.5)
        assert over.updates == []  # no state was made for it, nor sent
        refusals = [frame for kind, frame in over.other if kind == "connect_error"]
        assert refusals and "Too many new pages from one network" in refusals[0]
        # the first tab drops and comes back with its token: its state is here, it is no new tab
        first = tabs[0]
        await first.close()
        await asyncio.sleep(1)
        back = await _opened(url, token=first.token)
        assert back.updates and not any(kind == "connect_error" for kind, _ in back.other)
        # a socket without a token is refused at once, and Reflex's line for each is not written
        tokenless = ReflexClient(url, token="")
        await tokenless.connect(_hydrate())
        await asyncio.sleep(0.5)
        assert [kind for kind, _ in tokenless.other] == ["connect_error"] and tokenless.updates == []
        await tokenless.close()
        for tab in (*tabs[1:], over, back):
            await tab.close()

    asyncio.run(run())
    text = log_path.read_text()
    assert "Traceback" not in text
    assert text.count(f"refused new tabs over a client address's or the server's budget ({BUDGET} /") == 1
    assert "No token provided" not in text
