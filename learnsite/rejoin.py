"""A page whose connection dropped, unheard by the server, keeps its state when it connects again.

A phone that loses the network for a moment leaves its websocket open on the server: nothing tells the server,
and Engine.IO's ping only finds it gone after up to 30 s (rxconfig.py; Reflex's own 145 s before). The page's new
socket carries the tab's token, and Reflex 0.10.1 (`LocalTokenManager.link_token_to_sid`) takes a token that is
still linked to another socket for a second tab made by "Duplicate tab": it hands the new socket a new token and
a fresh state. The child was back at "Start Playing!", the round and stars gone.

Before Reflex decides, this asks the socket the token is linked to whether anyone is there: it sends an
Engine.IO ping, which any live page answers at once. A real second tab answers and gets its new token as before.
A socket that says nothing within ANSWER_WITHIN_S is closed, with Reflex's own cleanup of it, and the token
goes to the page that has come back. Only a socket of this process can be asked; the others keep Reflex's rule.
"""

from __future__ import annotations

import asyncio

from engineio import packet

ANSWER_WITHIN_S = 2.0


def _engine_socket(namespace, sid: str):
    """The Engine.IO socket under the Socket.IO `sid` of this process, or None."""
    eio_sid = namespace.server.manager.eio_sid_from_sid(sid, namespace.namespace)
    return namespace.server.eio.sockets.get(eio_sid) if eio_sid is not None else None


async def _answers(namespace, sid: str, within: float) -> bool:
    """Whether the page at the far end of `sid` sends anything back within `within` seconds of a ping."""
    sock = _engine_socket(namespace, sid)
    if sock is None or sock.closed or sock.closing:
        return False
    heard = asyncio.Event()
    receive = sock.receive  # the socket's own way in (or an earlier probe's), put back after

    async def noting(pkt):
        heard.set()
        return await receive(pkt)

    sock.receive = noting
    try:
        # An extra ping is harmless: the page answers with a pong, and Engine.IO starts no second ping cycle
        # for a pong it was not waiting for.
        await sock.send(packet.Packet(packet.PING))
        await asyncio.wait_for(heard.wait(), within)
        return True
    except asyncio.TimeoutError:
        return False
    finally:
        sock.receive = receive


async def _close(namespace, sid: str) -> None:
    """Close a socket nobody answers on, after Reflex's own cleanup of it (its token link included): that
    cleanup, left to the close, would run after the token's new link and undo it."""
    cleanup = namespace.on_disconnect(sid)
    if cleanup is not None:
        await cleanup
    sock = _engine_socket(namespace, sid)
    if sock is not None:
        await sock.close(wait=False, abort=True)  # nothing to flush to a page that is gone


async def free_token_of_silent_socket(namespace, sid: str, token: str, within: float = ANSWER_WITHIN_S) -> bool:
    """Before `token` is linked to the new socket `sid`: if it is linked to another socket of this process that
    does not answer, close that one. True when it was closed (the token is then free for `sid`)."""
    manager = namespace._token_manager
    record = manager.token_to_socket.get(token)
    if record is None or record.sid == sid or record.instance_id != manager.instance_id:
        return False
    old_sid = record.sid
    if await _answers(namespace, old_sid, within):
        return False
    if manager.token_to_socket.get(token) is record:  # not already relinked while we waited
        await _close(namespace, old_sid)
    return True


def install() -> None:
    """Wrap Reflex's EventNamespace.link_token_to_sid once (idempotent)."""
    import reflex.app as reflex_app

    namespace_cls = reflex_app.EventNamespace
    if getattr(namespace_cls.link_token_to_sid, "_learnsite_rejoin", False):
        return
    original = namespace_cls.link_token_to_sid

    async def link_token_to_sid(self, sid, token, *, update_state=True):
        if isinstance(token, str):
            await free_token_of_silent_socket(self, sid, token)
        return await original(self, sid, token, update_state=update_state)

    link_token_to_sid._learnsite_rejoin = True
    namespace_cls.link_token_to_sid = link_token_to_sid
