"""learnsite.rejoin on a running server: a page back on a new socket after a drop the server did not hear of keeps
its token (and so its state); a second tab beside a live first one still gets a token of its own."""

from __future__ import annotations

import asyncio
import time

from bench.wsclient import ReflexClient
from learnsite.rejoin import ANSWER_WITHIN_S

ROOT = "reflex___state____state"


def _hydrate() -> dict:
    return {"event": {"name": f"{ROOT}.hydrate_and_load", "payload": {"vars": {}},
                      "router_data": {"pathname": "/", "query": {}, "asPath": "/"}}}


def _new_tokens(client: ReflexClient) -> list:
    return [args for name, args in client.other if name == "new_token"]


def test_a_page_back_after_an_unheard_drop_keeps_its_token(app_server):
    async def run():
        phone = ReflexClient(app_server.url)
        await phone.connect(_hydrate())
        await phone.wait_for(lambda update: True)
        phone._reader.cancel()  # the phone is off the network: its socket stays open on the server, and silent
        back = ReflexClient(app_server.url, token=phone.token)
        started = time.monotonic()
        await back.connect(_hydrate())
        await back.wait_for(lambda update: True, timeout=ANSWER_WITHIN_S + 20)
        waited = time.monotonic() - started
        assert _new_tokens(back) == []  # the same token: the tab's state, not a fresh one
        assert waited >= ANSWER_WITHIN_S * 0.9  # the silent socket was given its time to answer
        await back.close()
        await phone.ws.close()

    asyncio.run(run())


def test_a_second_tab_beside_a_live_one_gets_a_token_of_its_own(app_server):
    async def run():
        first = ReflexClient(app_server.url)
        await first.connect(_hydrate())
        await first.wait_for(lambda update: True)
        second = ReflexClient(app_server.url, token=first.token)  # "Duplicate tab" copies the token
        await second.connect(_hydrate())
        await second.wait_for(lambda update: True)
        tokens = _new_tokens(second)
        assert len(tokens) == 1 and tokens[0] != [first.token]
        assert first.alive  # the first tab answered the ping and keeps its socket
        await first.close()
        await second.close()

    asyncio.run(run())
