"""Helpers for the accounts tests: point the services at the test database and drive Reflex
states the way the server does (a state tree per client, handlers called with their payload)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from learnsite import config


@pytest.fixture
def auth_env(db_url, tmp_path, monkeypatch):
    """Services that default to settings.db_url / outbox use this test's database and folder."""
    cfg = dataclasses.replace(config.settings, db_url=db_url, data_dir=tmp_path, smtp_host="",
                              public_url="http://testserver")
    import learnsite.db
    import learnsite.services.accounts
    import learnsite.services.mail

    monkeypatch.setattr(learnsite.db, "settings", cfg)
    monkeypatch.setattr(learnsite.services.mail, "default_settings", cfg)
    monkeypatch.setattr(learnsite.services.accounts, "settings", cfg)
    # get_engine(None) is cached under None: forget the engine of the previous test's database
    learnsite.db.get_engine.cache_clear()
    yield cfg
    learnsite.db.get_engine.cache_clear()


def route_data(path: str, query: str = "") -> dict:
    """The router data that names a page: its path, its path with the query, and the query's values."""
    return {"pathname": path, "asPath": f"{path}?{query}" if query else path,
            "query": dict(p.split("=", 1) for p in query.split("&") if "=" in p)}


def client_tree(path: str = "/", query: str = "", ip: str = "127.0.0.1", token: str = "test-token"):
    """A fresh state tree for one browser tab, as the state manager would create it."""
    import learnsite.learnsite  # noqa: F401  (registers every state)
    from reflex.istate.data import RouterData
    from reflex.state import State

    root = State(_reflex_internal_init=True)
    router_data = {"ip": ip, "token": token, "headers": {"origin": "http://testserver"}, **route_data(path, query)}
    root.router_data = router_data  # as the server keeps it for each event (route_id reads it)
    root.router = RouterData.from_router_data(router_data)
    return root


async def opened(state_cls, path: str, **fields):
    """A tab's `state_cls` on the page at `path`, with `fields` as its page's on_load would have left them."""
    state = await client_tree(path).get_state(state_cls)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


async def run(handler, state, *args: Any) -> list:
    """Call an event handler like the server does and collect what it yields/returns."""
    result = handler.fn(state, *args)
    events: list = []
    if hasattr(result, "__aiter__"):
        async for item in result:
            if item is not None:
                events.append(item)
        return events
    if hasattr(result, "__await__"):
        result = await result
    if result is None:
        return []
    return list(result) if isinstance(result, (list, tuple)) else [result]


def redirect_target(events: list) -> str | None:
    """The path of the first rx.redirect among the events."""
    for ev in events:
        args = {name._js_expr: value for name, value in getattr(ev, "args", ())}
        if "path" in args and "external" in args:
            return args["path"]._var_value
    return None


def toasts(events: list) -> str:
    """The rendered JS of every toast among the events (titles and descriptions are in it)."""
    out = []
    for ev in events:
        for _name, value in getattr(ev, "args", ()):
            text = str(value)
            if "__toast" in text:
                out.append(text)
    return "\n".join(out)
