"""How many new tabs one client may open: each holds its state on the server for an hour.

A socket whose token the server holds no state for makes one (about 20 KB), and so does a socket bringing a token
another socket holds (Reflex gives it a new token: "Duplicate tab"); Reflex keeps it for its token expiry (an
hour) whether or not the tab stays. Nothing bounded how many one client made: a script opening sockets grew the
server's memory without end. Now, in each hour:
- a client address (its IPv6 /64, addresses.share_of) may open NEW_TABS_PER_WINDOW new tabs, a school's or a
  library's shared address many times over what its children open; an IPv6 /56 twice that, a /48 four times
  (a tunnel broker gives anyone a /48: 65,536 /64s);
- the process all of them together ALL_NEW_TABS_PER_WINDOW (the memory the states of an hour's tabs may take).
A window is counted from its first tab, so around a window's end an address may open up to twice its share.
The next is refused at the link of its token, in the same step as Reflex's own link (no other connect can come
between the count and the link), so before any state is made: the page shows "Reconnecting…" and tries again
later. A refused one is not counted, nor a page coming back to its own state (after rejoin.py has freed its token
from a silent socket: install this before rejoin). With Redis, every connect counts, per process.

A socket without a token is refused at once: no page connects so, and Reflex would log a line for each. Reflex's
other connect warnings (a page of another build) are kept to a few a minute.
"""

from __future__ import annotations

import ipaddress
import logging
import time
import urllib.parse
from collections import OrderedDict

from reflex.constants import RouteVar

from learnsite.config import settings
from learnsite.guard.boundary import counted
from learnsite.services.addresses import share_of

log = logging.getLogger("learnsite.guard")

# an hour's tabs per address (LEARNSITE_NEW_TABS_PER_HOUR, 600): at most about 12 MB of state held for one address
NEW_TABS_PER_WINDOW = settings.new_tabs_per_hour
# the process's (LEARNSITE_NEW_TABS_PER_HOUR_ALL, 20,000): at most about 400 MB of tabs' state
ALL_NEW_TABS_PER_WINDOW = settings.new_tabs_per_hour_all
WINDOW_S = 3600.0  # Reflex's token expiry: a window's states are gone when the next window's are counted
WIDER_IPV6 = ((56, 2), (48, 4))  # an IPv6 /64's wider networks, each with this many times its share
_TRACKED = 100_000  # windows kept (only counted tabs make one: beyond the process's budget nothing is added)
_ALL = "*"
REFUSED = "Too many new pages from one network. Please wait a while and try again."
CONNECT_WARNINGS_PER_MINUTE = 5


class _Windows:
    """Each budget's window start and count, the oldest forgotten first (bounded memory)."""

    def __init__(self) -> None:
        self._by_key: OrderedDict[str, list[float]] = OrderedDict()
        self._last_log = -WINDOW_S

    def _count(self, key: str, now: float) -> float:
        entry = self._by_key.get(key)
        return 0 if entry is None or now - entry[0] >= WINDOW_S else entry[1]

    def take(self, budgets: list[tuple[str, int]], now: float) -> bool:
        """One more new tab in each of `budgets` (key, limit), unless one of them is spent: then none is counted."""
        if any(self._count(key, now) >= limit for key, limit in budgets):
            return False
        for key, _ in budgets:
            entry = self._by_key.pop(key, None)
            if entry is None or now - entry[0] >= WINDOW_S:
                entry = [now, 0]
            entry[1] += 1
            self._by_key[key] = entry
        while len(self._by_key) > _TRACKED:
            self._by_key.popitem(last=False)
        return True

    def log_refusal(self, now: float) -> None:
        """At most one line a minute for the whole process, and no address in it (it would be personal data)."""
        if now - self._last_log >= 60:
            self._last_log = now
            log.warning("refused new tabs over a client address's or the server's budget (%d / %d an hour)",
                        NEW_TABS_PER_WINDOW, ALL_NEW_TABS_PER_WINDOW)


_windows = _Windows()
_connect_warnings = None  # set by install(): the filter on Reflex's logger
_connecting: dict[str, str] = {}  # a socket being connected -> its client address's share, for the link


def budgets_of(share: str) -> list[tuple[str, int]]:
    """The budgets a new tab from `share` (addresses.share_of) takes from, each (key, limit)."""
    budgets = [(share, NEW_TABS_PER_WINDOW)]
    try:
        network = ipaddress.ip_network(share)
    except ValueError:
        network = None
    if network is not None and network.version == 6 and network.prefixlen == 64:
        budgets += [(str(network.supernet(new_prefix=prefix)), NEW_TABS_PER_WINDOW * times)
                    for prefix, times in WIDER_IPV6]
    return budgets + [(_ALL, ALL_NEW_TABS_PER_WINDOW)]


def _token(environ: dict) -> str | None:
    tokens = urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).get("token", [])
    return tokens[0] if tokens else None


def makes_state(namespace, sid: str, token: str) -> bool:
    """Whether linking `token` to socket `sid` makes a new state: the process holds none for it, or another socket
    holds the token (Reflex then gives this one a new token). With Redis nothing here knows: every link counts."""
    states = getattr(namespace.app.state_manager, "states", None)
    linked = getattr(namespace._token_manager, "token_to_socket", None)
    if not isinstance(states, dict) or not isinstance(linked, dict):
        return True
    holder = linked.get(token)
    return token not in states or (holder is not None and holder.sid != sid)


def may_link(namespace, sid: str, token: str) -> bool:
    """Whether the token may be linked to the socket: no new state, or one within every budget (then counted)."""
    if not makes_state(namespace, sid, token):
        return True
    now = time.monotonic()
    if _windows.take(budgets_of(_connecting.get(sid, "unknown")), now):
        return True
    _windows.log_refusal(now)
    return False


class _FewConnectWarnings(logging.Filter):
    """Reflex logs a warning for each connect of a page of another build (its header or state schema): any client
    can send them, so a few a minute are kept, and the first one beyond says so."""

    PREFIXES = ("Frontend version", "Frontend state schema")

    def __init__(self) -> None:
        super().__init__()
        self._window = [0.0, 0.0, 0.0]  # as boundary's budgets: (unused), window start, warnings in window

    def filter(self, record: logging.LogRecord) -> bool:
        if not isinstance(record.msg, str) or not record.msg.startswith(self.PREFIXES):
            return True
        if counted(self._window, time.monotonic(), CONNECT_WARNINGS_PER_MINUTE):
            return True
        if self._window[2] == CONNECT_WARNINGS_PER_MINUTE + 1:
            record.msg, record.args = "further connect warnings this minute are not logged", None
            return True
        return False


def install() -> None:
    """Wrap Reflex's EventNamespace.on_connect and link_token_to_sid once (idempotent); before rejoin.install()."""
    import reflex.app as reflex_app
    from socketio.exceptions import ConnectionRefusedError

    namespace_cls = reflex_app.EventNamespace
    if getattr(namespace_cls.on_connect, "_learnsite_tabs", False):
        return
    original_connect, original_link = namespace_cls.on_connect, namespace_cls.link_token_to_sid

    async def on_connect(self, sid, environ, auth=None):
        if _token(environ) is None:
            raise ConnectionRefusedError(REFUSED)
        _connecting[sid] = share_of(str(self._build_static_router_data(sid, environ)[RouteVar.CLIENT_IP]))
        try:
            return await original_connect(self, sid, environ, auth)
        finally:
            _connecting.pop(sid, None)

    async def link_token_to_sid(self, sid, token, *, update_state=True):
        # no await between the count and Reflex's own link: a connect cannot come between them
        if isinstance(token, str) and not may_link(self, sid, token):
            raise ConnectionRefusedError(REFUSED)
        return await original_link(self, sid, token, update_state=update_state)

    on_connect._learnsite_tabs = True
    namespace_cls.on_connect = on_connect
    namespace_cls.link_token_to_sid = link_token_to_sid
    global _connect_warnings
    _connect_warnings = _FewConnectWarnings()
    logging.getLogger(reflex_app.__name__).addFilter(_connect_warnings)
