"""learnsite.guard.tabs: one client address opens a bounded number of new tabs an hour, each of which holds its
state on the server for an hour; a page coming back to its own state is not counted, a refused connect neither."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest
from reflex.utils.token_manager import LocalTokenManager

import learnsite.learnsite  # noqa: F401  (installs the guards, as the server does)
from learnsite.guard import tabs


@pytest.fixture(autouse=True)
def _fresh_windows(monkeypatch):
    monkeypatch.setattr(tabs, "_windows", tabs._Windows())
    monkeypatch.setattr(tabs, "NEW_TABS_PER_WINDOW", 5)


class _Namespace:
    """What the connect guard reads of Reflex's EventNamespace, with Reflex's own way of finding the address."""

    def __init__(self):
        from reflex.app import EventNamespace

        self.app = SimpleNamespace(state_manager=SimpleNamespace(states={}))
        self._token_manager = LocalTokenManager()
        self._build_static_router_data = EventNamespace._build_static_router_data.__get__(self)


def _environ(address: str, token: str | None) -> dict:
    return {"QUERY_STRING": f"token={token}" if token else "", "asgi.scope": {"client": (address, 50000)}}


def _connects(ns, address: str, tokens) -> list[bool]:
    return [tabs.may_connect(ns, f"sid-{token}", _environ(address, token)) for token in tokens]


def test_an_address_opens_its_budget_of_new_tabs_then_is_refused_until_the_window_ends(monkeypatch):
    ns = _Namespace()
    assert _connects(ns, "198.51.100.7", [f"t{i}" for i in range(8)]) == [True] * 5 + [False] * 3
    assert _connects(ns, "198.51.100.8", ["other"]) == [True]  # another family is not refused
    later = tabs.time.monotonic() + tabs.WINDOW_S
    monkeypatch.setattr(tabs.time, "monotonic", lambda: later)
    assert _connects(ns, "198.51.100.7", ["t9"]) == [True]


def test_an_ipv6_home_is_one_client_whatever_its_last_64_bits():
    ns = _Namespace()
    opened = [tabs.may_connect(ns, f"s{i}", _environ(f"2001:db8:4:4::{i + 1:x}", f"t{i}")) for i in range(7)]
    assert opened == [True] * 5 + [False] * 2
    assert _connects(ns, "2001:db8:4:5::1", ["next-home"]) == [True]


def test_a_page_coming_back_to_its_state_is_not_counted_but_a_token_another_socket_holds_is():
    ns = _Namespace()
    ns.app.state_manager.states = {"mine": object(), "held": object()}
    ns._token_manager.token_to_socket["held"] = SimpleNamespace(sid="elsewhere", instance_id="x")
    assert _connects(ns, "203.0.113.4", ["mine"] * 20) == [True] * 20  # a phone's many reconnects
    # Reflex gives a socket bringing a token another holds a new token and a new state ("Duplicate tab"):
    # one token reused for every socket would otherwise make states without end
    assert _connects(ns, "203.0.113.4", ["held"] * 7) == [True] * 5 + [False] * 2


def test_refused_connects_are_not_counted_and_a_socket_without_a_token_is_let_be():
    ns = _Namespace()
    assert _connects(ns, "192.0.2.9", [f"t{i}" for i in range(30)]).count(True) == 5
    assert _connects(ns, "192.0.2.9", [None]) == [True]  # Reflex links no token: no state, events ignored
    assert tabs._windows._by_address["192.0.2.9"][1] == 5


async def test_the_socket_door_refuses_the_connect_before_reflex_makes_anything(caplog):
    from reflex.app import EventNamespace
    from socketio.exceptions import ConnectionRefusedError

    ns = _Namespace()  # without what Reflex's own on_connect needs: reaching it would raise something else
    for i in range(5):
        assert tabs.may_connect(ns, f"s{i}", _environ("192.0.2.50", f"t{i}"))
    with caplog.at_level(logging.WARNING, logger="learnsite.guard"):
        with pytest.raises(ConnectionRefusedError, match="Too many new pages"):
            await EventNamespace.on_connect(ns, "s-over", _environ("192.0.2.50", "t-over"))
        with pytest.raises(ConnectionRefusedError):
            await EventNamespace.on_connect(ns, "s-over2", _environ("192.0.2.50", "t-over2"))
    refusals = [r.getMessage() for r in caplog.records if r.name == "learnsite.guard"]
    assert refusals == ["refused new tabs from a client address over its 5 an hour"]  # one line a minute, no address
    assert "192.0.2.50" not in caplog.text
