"""HTTP side of the worksheet maker, in front of Reflex like files_api:

- GET /make-sheet/sheet.pdf?kind=...&seed=...  -> the PDF, as an attachment named e.g. addition-drill-sheet-12.pdf
- GET /make-sheet/preview.png?...              -> page 1 as a PNG

Query parameters are checked by learnsite.sheets.checked(): a bad one gets 400 and a plain message.
Sheets are made, and previews drawn, on MAKERS threads of their own (not the default thread pool the rest of the
app waits on). At most MAKERS + QUEUE_MAX requests are pending (being made or waiting for a maker); one more gets
503 at once. The route is public and anonymous, so one client looping over new seeds could hold every one of
those places and keep every other family out: each client address therefore holds at most CLIENT_MAX of them,
and a request beyond its own share gets its own 503 at once while the others' requests are still made. The
address is found as Reflex finds router.session.client_ip, which the sign-in throttle uses (client_address()).
Within its share a client could still keep both makers busy all the time, one sheet after another, and slow
every page's events with them (they share the interpreter): each share may also have only SHEETS_PER_MINUTE
sheets made a minute, on average (a bucket of that many tokens that fills again over a minute). A family or
teacher making sheets by hand never comes near it. A place is held until its maker thread is done with it, even
when the request that asked is cancelled: the work goes on, and a client must not be able to queue more of it
by hanging up. A small cache serves the download and the preview again without making them again; a cached
answer takes no place and no token.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from reflex_base.config import get_config
from starlette.responses import PlainTextResponse, Response

from learnsite.services.addresses import share_of
from learnsite.services.pdf import first_page_png
from learnsite.sheets import MadeSheet, SheetOptionError, SheetOptions, checked, make_sheet

log = logging.getLogger(__name__)

PREFIX = "/make-sheet/"
PREVIEW_WIDTH = 640
MAKERS = 2
QUEUE_MAX = 8  # requests waiting for a maker, beyond those being made
CLIENT_MAX = 3  # pending requests per client address: a page's preview and download, and one preview more
RETRY_AFTER = 5  # seconds: a sheet takes about a tenth of one, so a full queue has long gone by then
SHEETS_PER_MINUTE = 30  # made (not served from the cache) per share; a client may make them all at once
BUCKETS_KEPT = 1024  # past this many shares with a bucket, the full ones (nothing made for a minute) are dropped
CACHE_SIZE = 16
QUERY_MAX = 400
# read once, with the app: get_config() in a request's own context could load a config of its own there
TRUSTED_PROXY_HOPS = get_config().trusted_proxy_hops
FIELDS = ("kind", "seed", "low", "high", "count", "paper", "name_line", "answer_key", "carrying", "case", "level")

_makers = ThreadPoolExecutor(MAKERS, thread_name_prefix="sheet-maker")
_pending = 0
_per_client: dict[str, int] = {}  # pending requests by client address; a client leaves it when it has none
_buckets: dict[str, tuple[float, float]] = {}  # share -> (tokens, when counted); only shares that made a sheet
_pending_lock = threading.Lock()  # _pending, _per_client and _buckets change together, from loop and maker threads
_clock = time.monotonic
BUSY = "The worksheet maker is busy. Please try again in a moment."
OVER_SHARE = ("Too many worksheets are being made for this connection at once. Please wait for them to finish, "
              "then try again.")
OVER_RATE = "Many new worksheets have been made from this connection in the last minute. Please wait a moment."


class MakerBusy(Exception):
    """MAKERS sheets are being made and QUEUE_MAX more are waiting."""

    message = BUSY
    retry_after = RETRY_AFTER


class ClientOverShare(MakerBusy):
    """This client already has CLIENT_MAX requests pending: only it waits, the others' are still made."""

    message = OVER_SHARE


class ClientOverRate(MakerBusy):
    """This client has had SHEETS_PER_MINUTE sheets made in the last minute or so: it waits `retry_after`."""

    message = OVER_RATE

    def __init__(self, retry_after: int):
        super().__init__()
        self.retry_after = retry_after


def client_address(scope) -> str:
    """The client's address by the rule Reflex gives router.session.client_ip (reflex/app.py,
    _build_static_router_data), which the sign-in throttle counts by: the ASGI scope's client, unless
    TRUSTED_PROXY_HOPS (Reflex's trusted_proxy_hops, REFLEX_TRUSTED_PROXY_HOPS, 0 by default) says that many
    proxies in front append to X-Forwarded-For; then the entry that many from its end, the one the nearest
    trusted proxy wrote. A client cannot pick its address here by sending the header, no more than it can
    for a sign-in."""
    client = scope.get("client")
    address = str(client[0]) if client else "0.0.0.0"
    if hops := TRUSTED_PROXY_HOPS:
        forwarded = ", ".join(_latin1(value) for name, value in scope.get("headers", [])
                              if name.lower() == b"x-forwarded-for")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if len(entries) >= hops:
            address = entries[-hops]
    return address


def _latin1(value: bytes) -> str:
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value.decode("latin-1")


def _take_place(client: str) -> None:
    """Count one more pending request for client, or raise: its own share first, so a client over it is told
    so even when the whole maker is busy too; then its rate. At most MAKERS + QUEUE_MAX clients are ever in
    _per_client; a bucket is only made for a request that takes a place, so _buckets holds at most the shares
    that had a sheet made in the last minute, and past BUCKETS_KEPT those are all it holds."""
    global _pending
    with _pending_lock:
        if _per_client.get(client, 0) >= CLIENT_MAX:
            raise ClientOverShare()
        if _pending >= MAKERS + QUEUE_MAX:
            raise MakerBusy()
        _take_token(client)
        _pending += 1
        _per_client[client] = _per_client.get(client, 0) + 1


def _tokens(client: str, now: float) -> float:
    tokens, at = _buckets.get(client, (SHEETS_PER_MINUTE, now))
    return min(SHEETS_PER_MINUTE, tokens + (now - at) * SHEETS_PER_MINUTE / 60)


def _take_token(client: str) -> None:
    """One sheet made for client, or ClientOverRate with the whole seconds until it may have the next."""
    now = _clock()
    tokens = _tokens(client, now)
    if tokens < 1:
        raise ClientOverRate(math.ceil((1 - tokens) * 60 / SHEETS_PER_MINUTE))
    _buckets[client] = (tokens - 1, now)
    if len(_buckets) > BUCKETS_KEPT:
        for full in [share for share in _buckets if _tokens(share, now) >= SHEETS_PER_MINUTE]:
            del _buckets[full]


def _give_place(client: str) -> None:
    """Undo _take_place: called once per place, when its maker is done (or the request never reached one)."""
    global _pending
    with _pending_lock:
        _pending -= 1
        left = _per_client.pop(client) - 1
        if left:
            _per_client[client] = left


class _Made:
    """A made sheet and, once asked for, its preview."""

    def __init__(self, sheet: MadeSheet):
        self.sheet, self.preview = sheet, b""


_cache: OrderedDict[SheetOptions, _Made] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(options: SheetOptions) -> _Made | None:
    with _cache_lock:
        if options in _cache:
            _cache.move_to_end(options)
            return _cache[options]
    return None


def made(options: SheetOptions) -> _Made:
    """The sheet for checked options, from the cache or made now (blocking: a maker thread calls it)."""
    if entry := _cached(options):
        return entry
    entry = _Made(make_sheet(options))
    with _cache_lock:
        _cache[options] = entry
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return entry


def _body(options: SheetOptions, preview: bool) -> bytes:
    entry = made(options)
    if not preview:
        return entry.sheet.pdf
    if not entry.preview:
        entry.preview = first_page_png(entry.sheet.pdf, PREVIEW_WIDTH)
    return entry.preview


async def body(options: SheetOptions, preview: bool, client: str = "0.0.0.0") -> bytes:
    """The PDF or its preview: from the cache here, else from a maker thread if one is free or few are waiting
    and client has not used up its share of them.

    The place is given back by the maker's future when it is done, not when this coroutine ends: a cancelled
    request (a client hanging up, if the server cancels) leaves its sheet still being made on a maker thread,
    and giving its place back then would let one client queue any number of sheets there. A job cancelled
    before a maker took it is done at once, so its place comes back at once."""
    entry = _cached(options)
    if entry and (entry.preview if preview else entry.sheet.pdf):
        return entry.preview if preview else entry.sheet.pdf
    _take_place(client)
    try:
        job = _makers.submit(_body, options, preview)
    except BaseException:
        _give_place(client)
        raise
    job.add_done_callback(lambda _: _give_place(client))
    return await asyncio.wrap_future(job)


def options_from_query(params) -> SheetOptions:
    unknown = [k for k in params.keys() if k not in FIELDS]
    if unknown:
        raise SheetOptionError("Unknown option in the address.")
    return checked({k: params[k] for k in FIELDS if k in params})


def _headers(extra: dict | None = None) -> dict:
    return {"Cache-Control": "private, max-age=600", "X-Content-Type-Options": "nosniff", **(extra or {})}


async def _respond(scope, receive, send) -> None:
    from starlette.requests import Request

    request = Request(scope, receive)
    what = scope["path"][len(PREFIX):]
    if request.method not in ("GET", "HEAD") or what not in ("sheet.pdf", "preview.png"):
        return await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
    if len(scope.get("query_string", b"")) > QUERY_MAX:
        return await PlainTextResponse("Too many options.", status_code=400)(scope, receive, send)
    try:
        options = options_from_query(request.query_params)
        made_for = share_of(client_address(scope))
        if what == "sheet.pdf":
            pdf = await body(options, preview=False, client=made_for)
            response = Response(pdf, media_type="application/pdf", headers=_headers(
                {"Content-Disposition": f'attachment; filename="{options.file_name()}"'}))
        else:
            png = await body(options, preview=True, client=made_for)
            response = Response(png, media_type="image/png", headers=_headers())
    except SheetOptionError as exc:
        response = PlainTextResponse(str(exc), status_code=400)
    except MakerBusy as busy:  # and ClientOverShare, ClientOverRate: a fixed message, never the client's own text
        response = PlainTextResponse(busy.message, status_code=503, headers={"Retry-After": str(busy.retry_after)})
    except Exception:  # noqa: BLE001 - a plain message, never a traceback
        log.exception("making a worksheet failed")
        response = PlainTextResponse("The worksheet could not be made. Please try again.", status_code=500)
    await response(scope, receive, send)


class SheetMakerRoute:
    """Requests under /make-sheet/ are answered here; everything else goes on to the app."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith(PREFIX):
            return await _respond(scope, receive, send)
        return await self.app(scope, receive, send)
