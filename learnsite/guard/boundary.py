"""The one guard every websocket event passes before any handler runs.

Installed by learnsite.learnsite at import, before the app's socket server exists: it wraps Reflex 0.10.1's
`EventNamespace.on_event` (the only door from a client's websocket to the handlers). An event is passed on
only when payload.check_event and payload.check_arguments accept it against the handler it names. A refused
event is answered with the person's generic message (at most one per tab every few seconds) and one short
log line that never quotes the payload (a few a minute per tab, more per client address, 60 in all); no handler
runs, no traceback.
Reflex's own text paths for malformed data (which log the data in full, twice) are never reached.
"""

from __future__ import annotations

import inspect
import logging
import time
from collections import OrderedDict
from typing import Any, NamedTuple

from reflex.constants import RouteVar

from learnsite.guard.payload import MAX_DEPTH, Arguments, Refused, check_event
from learnsite.services.addresses import share_of

log = logging.getLogger("learnsite.guard")

# Reflex's own handlers that the pages never send; `setvar` would reach any `set_*` method by name.
BLOCKED_HANDLERS = frozenset({"setvar"})
NOTICE_EVERY_S = 5.0
LOG_PER_MINUTE = 5
_TRACKED_SOCKETS = 10_000


class _PerSocket:
    """Bounded memory of when each socket was last told and logged (oldest sockets forgotten first)."""

    def __init__(self) -> None:
        self._seen: OrderedDict[str, list[float]] = OrderedDict()

    def entry(self, sid: str) -> list[float]:
        item = self._seen.pop(sid, None) or [0.0, 0.0, 0.0]  # last notice, log window start, logs in window
        self._seen[sid] = item
        while len(self._seen) > _TRACKED_SOCKETS:
            self._seen.popitem(last=False)
        return item


_seen = _PerSocket()
LOG_PER_MINUTE_ADDRESS = 15
LOG_PER_MINUTE_ALL = 60
_address_logs = _PerSocket()  # by addresses.share_of(the socket's client address)
_all_logs = [0.0, 0.0, 0.0]  # as a _PerSocket entry: (unused), window start, lines in window
_reports = _PerSocket()
_address_reports = _PerSocket()  # by addresses.share_of(the socket's client address)
# Reflex's page reports its own errors to the server log through this handler: a few a minute per socket
# are kept (they help find bugs), the rest are refused so that no client can fill the log with them.
# A budget per socket alone was no bound: 40 new sockets wrote 5 reports each. The process keeps 60 a minute in all,
# and one client address (its IPv6 /64) 15 of them, whatever its sockets: one client cannot take the whole minute's.
REPORTS_PER_MINUTE = 5
REPORTS_PER_MINUTE_ADDRESS = 15
REPORTS_PER_MINUTE_ALL = 60
_REPORT_HANDLER = "handle_frontend_exception"
_REPORT_SUFFIX = f".{_REPORT_HANDLER}"
_all_reports = [0.0, 0.0, 0.0]  # as a _PerSocket entry: (unused), window start, reports in window


def counted(entry: list[float], now: float, limit: int) -> bool:
    """One more in entry's minute (entry[1] its start, entry[2] its count), unless limit is already reached."""
    if now - entry[1] > 60:
        entry[1], entry[2] = now, 0
    entry[2] += 1
    return entry[2] <= limit


def _within_report_budget(sid: str, address: str) -> bool:
    """One more report from socket sid at address, unless the socket's, the address's or the process's budget for
    this minute is spent (a report refused by one is not counted by those after it)."""
    now = time.monotonic()
    return (counted(_reports.entry(sid), now, REPORTS_PER_MINUTE)
            and counted(_address_reports.entry(share_of(address)), now, REPORTS_PER_MINUTE_ADDRESS)
            and counted(_all_reports, now, REPORTS_PER_MINUTE_ALL))


def _client_address(namespace, sid: str) -> str:
    """The socket's client address as Reflex found it when it connected (router.session.client_ip)."""
    static = getattr(namespace, "_static_router_data", {}).get(sid) or {}
    return str(static.get(RouteVar.CLIENT_IP, "unknown"))


def _signature(handler) -> tuple[dict, list[tuple[str, bool]]]:
    params = list(inspect.signature(handler.fn).parameters.values())[1:]  # without self
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        raise Refused("handler takes *args or **kwargs")
    hints = handler._type_hints
    if hints is None:
        hints = _resolved_hints(handler.fn)
    return dict(hints), [(p.name, p.default is not p.empty) for p in params]


def _resolved_hints(fn) -> dict:
    import typing

    try:
        return typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001  (an unresolvable annotation: nothing is passed to it)
        return {}


def resolve_handler(name: str):
    """The EventHandler an event's name points at, or Refused."""
    from reflex.state import State
    from reflex_base.utils.format import format_event_handler

    state_path, _, handler_name = name.rpartition(".")
    if not state_path or handler_name in BLOCKED_HANDLERS:
        raise Refused("no such event")
    try:
        state_cls = State.get_class_substate(state_path)
    except Exception:  # noqa: BLE001  (an unknown state path)
        raise Refused("no such state") from None
    handler = state_cls.event_handlers.get(handler_name)
    if handler is None:
        raise Refused("no such event")
    # get_class_substate also finds a state without the root's name in front, but Reflex runs a handler only by
    # its full name: a short one got past here, then Reflex logged the whole event with a traceback, and kept it
    if format_event_handler(handler) != name:
        raise Refused("not the event's full name")
    return handler


class _Resolved(NamedTuple):
    handler: Any  # Reflex's EventHandler
    hints: dict
    params: list[tuple[str, bool]]
    arguments: Arguments


# Event name -> what it resolved to, for names that resolved: only real handlers' names get in, so it stays
# as small as the app (capped all the same), and an event skips the walk of the state classes.
_RESOLVED: dict[str, _Resolved] = {}
_RESOLVED_CAP = 4096


def _resolved(name: str) -> _Resolved:
    found = _RESOLVED.get(name)
    if found is None:
        handler = resolve_handler(name)
        hints, params = _signature(handler)
        found = _Resolved(handler, hints, params, Arguments(handler.fn, hints, params))
        if len(_RESOLVED) < _RESOLVED_CAP:
            _RESOLVED[name] = found
    return found


def is_upload_handler(name: str) -> bool:
    """Whether /_upload may call the handler `name`: one that takes uploaded files (and nothing else can)."""
    from reflex_components_core.core._upload import UploadChunkIterator, UploadFile

    try:
        hints = _resolved(name).hints
    except Refused:
        return False
    upload_types = {UploadChunkIterator, list[UploadFile]}
    return any(hint in upload_types for hint in hints.values())


MAX_STORED_VALUE = 4096  # a cookie or localStorage value the page sends back (tokens are under 1 KB)


def _check_client_storage(payload: dict) -> None:
    """Reflex's hydrate_and_load / update_vars_internal take {"<state path>.<var>_rx_state_": value}: each key
    must name a client-storage var (cookie, localStorage) of a real State, each value be short text."""
    from reflex.state import State

    for key, value in (payload.get("vars") or {}).items():
        state_name, _, var_name = key.rpartition(".")
        try:
            state_cls = State.get_class_substate(state_name)
        except Exception:  # noqa: BLE001  (an unknown state path)
            raise Refused("stored value for no such state") from None
        if not state_cls._is_client_storage(var_name.removesuffix("_rx_state_")):
            raise Refused("stored value for a var the browser does not keep")
        if not isinstance(value, str) or len(value) > MAX_STORED_VALUE:
            raise Refused("stored value is not short text")


# Reflex's own handlers whose arguments say less than what they accept
_INTERNAL_CHECKS = {"hydrate_and_load": _check_client_storage, "update_vars_internal": _check_client_storage}


def check(data) -> None:
    """Refused unless `data` is an event some page could have sent: known handler, arguments as annotated."""
    name, payload, _ = check_event(data)
    _resolved(name).arguments.check(payload)
    extra_check = _INTERNAL_CHECKS.get(name.rpartition(".")[2])
    if extra_check is not None:
        extra_check(payload)


def _short(text: str, limit: int = 120) -> str:
    """For the log: at most `limit` characters, and a line break or other control character a client sent (in an
    event's name, or an argument's name inside a reason) escaped, so that it cannot start a line of its own."""
    text = text if len(text) <= limit else text[:limit] + "..."
    return text if text.isprintable() else repr(text)[1:-1]


def _log_refusal(entry: list[float], sid: str, address: str, now: float, event_name: object, reason: str) -> None:
    """One line, unless the socket's, its address's or the process's budget of lines this minute is spent: a budget
    per socket alone was no bound (200 sockets wrote 1,200 lines a minute). A budget's first overflow says so in
    a line of its own, which the wider budgets count; the process's, once a minute, is the only line beyond them."""
    budgets = ((entry, LOG_PER_MINUTE, f"socket {_short(sid, 24)}"),
               (_address_logs.entry(share_of(address)), LOG_PER_MINUTE_ADDRESS, "one client address"),
               (_all_logs, LOG_PER_MINUTE_ALL, "all sockets"))
    for at, (counter, limit, whose) in enumerate(budgets):
        if counted(counter, now, limit):
            continue
        if counter[2] == limit + 1 and all(counted(c, now, lim) for c, lim, _ in budgets[at + 1:]):
            log.warning("%s: further refused events this minute are not logged", whose)
        return
    shown = _short(event_name.rpartition(".")[2]) if isinstance(event_name, str) else "?"
    log.warning("refused an event (%s) from socket %s: %s", shown, _short(sid, 24), _short(reason))


async def _refuse(namespace, sid: str, reason: str, event_name: object) -> None:
    now = time.monotonic()
    entry = _seen.entry(sid)
    _log_refusal(entry, sid, _client_address(namespace, sid), now, event_name, reason)
    token = namespace.sid_to_token.get(sid)
    if token is None or now - entry[0] < NOTICE_EVERY_S:
        return
    entry[0] = now
    try:
        await namespace.emit_update(_notice(), token)
    except Exception:  # noqa: BLE001  (the socket is gone: nobody waits for the notice)
        pass


def _notice():
    from reflex.event import Event
    from reflex.state import StateUpdate

    from learnsite.toast import notify

    spec = notify("Something went wrong", "Please try again.", level="error")
    return StateUpdate(events=Event.from_event_type(spec))


# What a frame nested beyond any real event parses to: an event without a name, which check() refuses.
_TOO_DEEP = ["event", {"name": None}]


def _guard_loads(loads):
    """Frames nested beyond any real event are never parsed (the parser would recurse thousands deep and
    socket.io would log the error with a traceback); they become an event that the guard refuses."""

    def guarded(data, **kwargs):
        text = data if isinstance(data, str) else bytes(data).decode("utf-8", "replace")
        if text.count("[") + text.count("{") > MAX_DEPTH * 64 and _too_deep(text):
            return list(_TOO_DEEP)
        return loads(data, **kwargs)

    return guarded


def _too_deep(text: str) -> bool:
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH + 8:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def install() -> None:
    """Wrap Reflex's event door once (idempotent)."""
    import reflex.app as reflex_app

    namespace_cls = reflex_app.EventNamespace
    if getattr(namespace_cls.on_event, "_learnsite_guarded", False):
        return
    original = namespace_cls.on_event

    async def on_event(self, sid, data=None):
        if self.sid_to_token.get(sid) is None:
            return None  # no page connects so: Reflex would log the whole event, and nobody could be answered
        try:
            check(data)
            if data["name"].endswith(_REPORT_SUFFIX) and not _within_report_budget(sid, _client_address(self, sid)):
                raise Refused("too many error reports this minute")
        except Refused as exc:
            await _refuse(self, sid, str(exc), data.get("name") if isinstance(data, dict) else None)
            return None
        except Exception as exc:  # noqa: BLE001  (the guard itself must never let a payload through or raise)
            await _refuse(self, sid, f"unreadable event ({type(exc).__name__})", None)
            return None
        return await original(self, sid, data)

    on_event._learnsite_guarded = True
    namespace_cls.on_event = on_event
    reflex_app._sio_loads = _guard_loads(reflex_app._sio_loads)
    _refuse_upload_args()


def _refuse_upload_args() -> None:
    """/_upload's other door: Reflex merges a JSON form field into the upload handler's arguments unchecked, and an
    unexpected one raised a TypeError traceback per anonymous request. No upload here binds arguments."""
    from reflex_components_core.core import _upload
    from starlette.exceptions import HTTPException

    def no_args(encoded):
        if encoded:
            raise HTTPException(status_code=400, detail="Uploads take no other arguments.")
        return {}

    _upload._decode_event_args = no_args
