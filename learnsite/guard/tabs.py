"""How many new tabs one client may open: each holds its state on the server for an hour.

A new socket with a token the server holds no state for makes one (about 20 KB) on its first event, and keeps it
for Reflex's token expiry (an hour) whether or not the tab stays. Nothing bounded how many one client made: a
script opening sockets with new tokens grew the server's memory without end. Now a client address (its IPv6 /64,
addresses.share_of) may open NEW_TABS_PER_WINDOW of them an hour, a school's or a library's shared address many
times over what its children open. The next is refused at the connect, before any state is made (the page shows
"Reconnecting…" and tries again later); a refused one is not counted, nor is a page coming back to its own state.
"""

from __future__ import annotations

import logging
import time
import urllib.parse
from collections import OrderedDict

from reflex.constants import RouteVar

from learnsite.config import settings
from learnsite.services.addresses import share_of

log = logging.getLogger("learnsite.guard")

# an hour's tabs per address (LEARNSITE_NEW_TABS_PER_HOUR, 600): at most about 12 MB of state held for one address
NEW_TABS_PER_WINDOW = settings.new_tabs_per_hour
WINDOW_S = 3600.0  # Reflex's token expiry: a window's states are gone when the next window's are counted
_TRACKED_ADDRESSES = 10_000
REFUSED = "Too many new pages from one network. Please wait a while and try again."


class _Windows:
    """Each address's window start and count, the oldest address forgotten first (bounded memory)."""

    def __init__(self) -> None:
        self._by_address: OrderedDict[str, list[float]] = OrderedDict()
        self._last_log = -WINDOW_S

    def take(self, address: str, now: float) -> bool:
        """One more new tab for `address`, unless its window's are all taken (then nothing is counted)."""
        entry = self._by_address.pop(address, None) or [now, 0]
        if now - entry[0] >= WINDOW_S:
            entry[:] = [now, 0]
        self._by_address[address] = entry
        while len(self._by_address) > _TRACKED_ADDRESSES:
            self._by_address.popitem(last=False)
        if entry[1] >= NEW_TABS_PER_WINDOW:
            return False
        entry[1] += 1
        return True

    def log_refusal(self, now: float) -> None:
        """At most one line a minute for the whole process, and no address in it (it would be personal data)."""
        if now - self._last_log >= 60:
            self._last_log = now
            log.warning("refused new tabs from a client address over its %d an hour", NEW_TABS_PER_WINDOW)


_windows = _Windows()


def _token(environ: dict) -> str | None:
    tokens = urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).get("token", [])
    return tokens[0] if tokens else None


def _coming_back(namespace, token: str) -> bool:
    """Whether the connect is a page coming back to the state this process holds for its token, which no other
    socket holds: a token another socket holds is given a new one, and a new state (Reflex's "Duplicate tab"),
    so a script could reuse one token for every socket. With Redis nothing here knows, and every connect with
    a token counts: a page reconnects rarely, far below the limit."""
    states = getattr(namespace.app.state_manager, "states", None)
    linked = getattr(namespace._token_manager, "token_to_socket", None)
    return isinstance(states, dict) and token in states and isinstance(linked, dict) and token not in linked


def may_connect(namespace, sid: str, environ: dict) -> bool:
    """Whether this connect may go on: a token with state here, no token (Reflex links none: no state is made,
    and the event door ignores the socket), or a new tab within its address's budget."""
    token = _token(environ)
    if token is None or _coming_back(namespace, token):
        return True
    address = share_of(str(namespace._build_static_router_data(sid, environ)[RouteVar.CLIENT_IP]))
    now = time.monotonic()
    if _windows.take(address, now):
        return True
    _windows.log_refusal(now)
    return False


def install() -> None:
    """Wrap Reflex's EventNamespace.on_connect once (idempotent)."""
    import reflex.app as reflex_app
    from socketio.exceptions import ConnectionRefusedError

    namespace_cls = reflex_app.EventNamespace
    if getattr(namespace_cls.on_connect, "_learnsite_tabs", False):
        return
    original = namespace_cls.on_connect

    async def on_connect(self, sid, environ, auth=None):
        if not may_connect(self, sid, environ):
            raise ConnectionRefusedError(REFUSED)
        return await original(self, sid, environ, auth)

    on_connect._learnsite_tabs = True
    namespace_cls.on_connect = on_connect
