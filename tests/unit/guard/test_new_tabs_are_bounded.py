"""learnsite.guard.tabs: one client address, its wider IPv6 networks and the process open a bounded number of new
tabs an hour (each holds its state on the server for an hour); a page coming back to its own state is not counted,
a refused connect neither. Driven through Reflex's own on_connect and link, with the guards installed as served."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from reflex.app import EventNamespace
from reflex.utils.token_manager import LocalTokenManager
from socketio.exceptions import ConnectionRefusedError

import learnsite.learnsite  # noqa: F401  (installs the guards, as the server does)
from learnsite.guard import tabs
from tests.unit.test_rejoin import FakeEngineSocket

BUDGET = 5


@pytest.fixture(autouse=True)
def _fresh_windows(monkeypatch):
    monkeypatch.setattr(tabs, "_windows", tabs._Windows())
    monkeypatch.setattr(tabs, "NEW_TABS_PER_WINDOW", BUDGET)


class _Server(EventNamespace):
    """Reflex's socket namespace with only what a connect reads: states in memory, pages that answer a ping (or
    not, when `silent`), and no socket.io server around it."""

    def __init__(self):  # not Reflex's own
        self.namespace = "/_event"
        self.app = SimpleNamespace(state_manager=SimpleNamespace(states={}), _state=None, _event_processor=None)
        self._token_manager = LocalTokenManager()
        self._static_router_data, self._client_error_counts = {}, {}
        self.pages: dict[str, FakeEngineSocket] = {}
        self.server = SimpleNamespace(
            manager=SimpleNamespace(eio_sid_from_sid=lambda sid, _ns: sid if sid in self.pages else None),
            eio=SimpleNamespace(sockets=self.pages))
        self._sids = 0

    async def emit(self, event, data=None, to=None, **kwargs):
        pass

    async def open(self, address: str, token: str | None, silent: bool = False) -> str | None:
        """A page connects from `address` with `token` and hydrates (its state is made); its socket's id, or None
        when the connect was refused."""
        self._sids += 1
        sid = f"sid-{self._sids}"
        self.pages[sid] = FakeEngineSocket(answers=not silent)
        query = f"token={token}" if token is not None else ""
        try:
            await self.on_connect(sid, {"QUERY_STRING": query, "asgi.scope": {"client": (address, 50000)}})
        except ConnectionRefusedError:
            del self.pages[sid]
            return None
        self.app.state_manager.states.setdefault(self._token_manager.sid_to_token[sid], object())
        return sid

    async def opened(self, address: str, tokens) -> list[bool]:
        return [await self.open(address, token) is not None for token in tokens]


async def test_an_address_opens_its_budget_of_new_tabs_then_is_refused_until_the_window_ends(monkeypatch):
    ns = _Server()
    assert await ns.opened("198.51.100.7", [f"t{i}" for i in range(8)]) == [True] * BUDGET + [False] * 3
    assert await ns.opened("198.51.100.8", ["other"]) == [True]  # another family is not refused
    later = tabs.time.monotonic() + tabs.WINDOW_S
    monkeypatch.setattr(tabs.time, "monotonic", lambda: later)
    assert await ns.opened("198.51.100.7", ["t9"]) == [True]


async def test_an_ipv6_home_is_one_client_and_its_wider_networks_have_budgets_too():
    ns = _Server()
    assert [await ns.open(f"2001:db8:4:4::{i + 1:x}", f"a{i}") is not None for i in range(7)] == [True] * 5 + [False] * 2
    # a /56 has twice a /64's budget, a /48 four times: a tunnel broker's /48 is 65,536 /64s
    in_56 = [await ns.open(f"2001:db8:4:{net:x}::1", f"b{net}-{i}") is not None for net in (5, 6) for i in range(5)]
    assert in_56 == [True] * 5 + [False] * 5
    in_48 = [await ns.open(f"2001:db8:4:{net:x}00::1", f"c{net}-{i}") is not None for net in (1, 2, 3) for i in range(5)]
    assert in_48.count(True) == 4 * BUDGET - 2 * BUDGET
    assert await ns.opened("2001:db8:5::1", ["next-48"]) == [True]


async def test_the_process_has_a_budget_of_its_own(monkeypatch):
    monkeypatch.setattr(tabs, "ALL_NEW_TABS_PER_WINDOW", 7)
    ns = _Server()
    assert [await ns.open(f"192.0.2.{i}", f"t{i}") is not None for i in range(10)] == [True] * 7 + [False] * 3


async def test_a_page_coming_back_to_its_state_is_not_counted_and_a_silent_socket_gives_way():
    ns = _Server()
    first = await ns.open("203.0.113.4", "mine")
    await ns._token_manager.disconnect_token("mine", first)
    assert await ns.opened("203.0.113.4", ["mine"]) == [True]  # after a drop the server heard of
    for _ in range(2):  # after drops it did not hear of: rejoin closes the silent socket, the page gets its token
        silent = ns._token_manager.token_to_socket["mine"].sid
        ns.pages[silent].answers = False
        assert await ns.open("203.0.113.4", "mine") is not None
        assert ns._token_manager.token_to_socket["mine"].sid != silent
        await asyncio.sleep(0)
    assert tabs._windows._count("203.0.113.4", tabs.time.monotonic()) == 1


async def test_one_token_brought_by_many_sockets_at_once_is_counted_for_each_new_state():
    """A security review: sockets sent at once with one token the server holds state for passed uncounted, and
    Reflex gave each but the first a new token and a new state (95 states on a budget of 5). The count is now
    made in the same step as Reflex's link."""
    ns = _Server()
    mine = await ns.open("203.0.113.5", "mine")
    await ns._token_manager.disconnect_token("mine", mine)
    opened = await asyncio.gather(*(ns.open("203.0.113.5", "mine") for _ in range(20)))
    assert sum(sid is not None for sid in opened) == 1 + (BUDGET - 1)  # its own state, then new ones to the budget
    assert len(ns.app.state_manager.states) == BUDGET


async def test_refused_connects_are_not_counted_and_a_socket_without_a_token_is_refused_unlogged(caplog):
    ns = _Server()
    with caplog.at_level(logging.WARNING):
        assert (await ns.opened("192.0.2.9", [f"t{i}" for i in range(30)])).count(True) == BUDGET
        assert await ns.opened("192.0.2.10", [None] * 10) == [False] * 10  # no page connects without a token
    assert tabs._windows._count("192.0.2.9", tabs.time.monotonic()) == BUDGET
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["refused new tabs over a client address's or the server's budget "
                     f"({BUDGET} / {tabs.ALL_NEW_TABS_PER_WINDOW} an hour)"]
    assert "192.0.2" not in caplog.text  # one line a minute, and no address in it


def test_reflex_connect_warnings_are_kept_to_a_few_a_minute(caplog, monkeypatch):
    """A page of another build is warned of by Reflex at each connect; any client can claim to be one."""
    monkeypatch.setattr(tabs._connect_warnings, "_window", [0.0, 0.0, 0.0])
    with caplog.at_level(logging.WARNING, logger="reflex.app"):
        for i in range(12):
            logging.getLogger("reflex.app").warning(f"Frontend version {'x' * 2000} for session s{i} does not match")
        logging.getLogger("reflex.app").warning("something else Reflex says")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == tabs.CONNECT_WARNINGS_PER_MINUTE + 2
    assert lines[-2:] == ["further connect warnings this minute are not logged", "something else Reflex says"]
