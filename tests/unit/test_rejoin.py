"""learnsite.rejoin: a token still linked to a silent socket goes to the page that has come back; a live second
tab (Duplicate tab) still gets a new token from Reflex."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from engineio import packet
from reflex.utils.token_manager import LocalTokenManager

from learnsite import rejoin

TOKEN = "tab-token"


class FakeEngineSocket:
    """An Engine.IO socket whose page answers a ping with a pong, or is gone and says nothing."""

    def __init__(self, answers: bool) -> None:
        self.answers = answers
        self.closed = self.closing = False
        self.sent: list = []
        self.received: list = []
        self.close_args = None

    async def receive(self, pkt) -> None:
        self.received.append(pkt)

    async def send(self, pkt) -> None:
        self.sent.append(pkt)
        if self.answers and pkt.packet_type == packet.PING:
            asyncio.get_running_loop().call_later(0.01, lambda: asyncio.ensure_future(
                self.receive(packet.Packet(packet.PONG))))  # looked up on the instance, as Engine.IO does

    async def close(self, wait=True, abort=False, reason=None) -> None:
        self.closed = True
        self.close_args = (wait, abort)


def namespace_with(old_socket: FakeEngineSocket | None, *, instance: str | None = None):
    manager = LocalTokenManager()
    rooms = {"old-sid": "old-eio"}
    sockets = {"old-eio": old_socket} if old_socket is not None else {}
    ns = SimpleNamespace(
        namespace="/_event",
        _token_manager=manager,
        server=SimpleNamespace(manager=SimpleNamespace(eio_sid_from_sid=lambda sid, _ns: rooms.get(sid)),
                               eio=SimpleNamespace(sockets=sockets)),
        disconnects=[],
    )

    def on_disconnect(sid):  # as Reflex's: its cleanup of the token link runs as a task
        ns.disconnects.append(sid)
        token = manager.sid_to_token.get(sid)
        return asyncio.ensure_future(manager.disconnect_token(token, sid)) if token else None

    ns.on_disconnect = on_disconnect
    manager.token_to_socket[TOKEN] = SimpleNamespace(sid="old-sid", instance_id=instance or manager.instance_id)
    manager.sid_to_token["old-sid"] = TOKEN
    return ns


async def test_a_silent_socket_is_closed_and_the_page_back_keeps_its_token():
    gone = FakeEngineSocket(answers=False)
    ns = namespace_with(gone)
    assert await rejoin.free_token_of_silent_socket(ns, "new-sid", TOKEN, within=0.05) is True
    assert [p.packet_type for p in gone.sent] == [packet.PING]
    assert gone.closed and gone.close_args == (False, True)  # not waiting to flush to a page that is gone
    assert ns.disconnects == ["old-sid"]
    assert TOKEN not in ns._token_manager.token_to_socket  # Reflex's cleanup ran before the new link, not after
    assert await ns._token_manager.link_token_to_sid(TOKEN, "new-sid") is None  # no new token: the same state
    assert ns._token_manager.sid_to_token["new-sid"] == TOKEN


async def test_a_live_second_tab_still_gets_a_token_of_its_own():
    alive = FakeEngineSocket(answers=True)
    ns = namespace_with(alive)
    assert await rejoin.free_token_of_silent_socket(ns, "new-sid", TOKEN, within=2.0) is False
    assert not alive.closed and ns.disconnects == []
    assert [p.packet_type for p in alive.received] == [packet.PONG]  # the pong reached the socket's own receive
    assert alive.receive.__func__ is FakeEngineSocket.receive  # the probe's hook taken off
    new_token = await ns._token_manager.link_token_to_sid(TOKEN, "new-sid")
    assert new_token and new_token != TOKEN  # Reflex's rule for a second tab


async def test_a_link_to_a_socket_that_is_already_gone_is_freed():
    ns = namespace_with(None)
    assert await rejoin.free_token_of_silent_socket(ns, "new-sid", TOKEN, within=0.05) is True
    assert TOKEN not in ns._token_manager.token_to_socket


async def test_nothing_is_asked_of_another_process_socket_or_of_the_same_socket():
    other = FakeEngineSocket(answers=False)
    ns = namespace_with(other, instance="another-process")
    assert await rejoin.free_token_of_silent_socket(ns, "new-sid", TOKEN, within=0.05) is False
    assert other.sent == [] and not other.closed

    same = FakeEngineSocket(answers=False)
    ns = namespace_with(same)
    assert await rejoin.free_token_of_silent_socket(ns, "old-sid", TOKEN, within=0.05) is False
    assert same.sent == []
    assert await rejoin.free_token_of_silent_socket(ns, "new-sid", "unknown-token", within=0.05) is False


async def test_a_token_linked_again_while_the_ping_waited_is_left_alone():
    gone = FakeEngineSocket(answers=False)
    ns = namespace_with(gone)
    manager = ns._token_manager

    async def relink_meanwhile():
        await asyncio.sleep(0.01)
        manager.token_to_socket[TOKEN] = SimpleNamespace(sid="third-sid", instance_id=manager.instance_id)

    asyncio.ensure_future(relink_meanwhile())
    await rejoin.free_token_of_silent_socket(ns, "new-sid", TOKEN, within=0.05)
    assert not gone.closed and manager.token_to_socket[TOKEN].sid == "third-sid"


def test_install_wraps_reflex_once():
    import reflex.app as reflex_app

    rejoin.install()
    wrapped = reflex_app.EventNamespace.link_token_to_sid
    rejoin.install()
    assert reflex_app.EventNamespace.link_token_to_sid is wrapped
    assert getattr(wrapped, "_learnsite_rejoin", False)
