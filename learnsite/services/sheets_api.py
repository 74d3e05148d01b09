"""HTTP side of the worksheet maker, in front of Reflex like files_api:

- GET /make-sheet/sheet.pdf?kind=...&seed=...  -> the PDF, as an attachment named e.g. addition-drill-seed-12.pdf
- GET /make-sheet/preview.png?...              -> page 1 as a PNG

Query parameters are checked by learnsite.sheets.checked(): a bad one gets 400 and a plain message.
Sheets are made, and previews drawn, on MAKERS threads of their own (not the default thread pool the rest of the
app waits on); a request finding QUEUE_MAX others already waiting gets 503 at once. A small cache serves the
download and the preview again without making them again.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from starlette.responses import PlainTextResponse, Response

from learnsite.services.pdf import first_page_png
from learnsite.sheets import MadeSheet, SheetOptionError, SheetOptions, checked, make_sheet

log = logging.getLogger(__name__)

PREFIX = "/make-sheet/"
PREVIEW_WIDTH = 640
MAKERS = 2
QUEUE_MAX = 8  # requests waiting for a maker, beyond those being made
CACHE_SIZE = 16
QUERY_MAX = 400
FIELDS = ("kind", "seed", "low", "high", "count", "paper", "name_line", "answer_key", "carrying", "case", "level")

_makers = ThreadPoolExecutor(MAKERS, thread_name_prefix="sheet-maker")
_pending = 0
_pending_lock = threading.Lock()


class MakerBusy(Exception):
    """MAKERS sheets are being made and QUEUE_MAX more are waiting."""


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


async def body(options: SheetOptions, preview: bool) -> bytes:
    """The PDF or its preview: from the cache here, else from a maker thread if one is free or few are waiting."""
    global _pending
    entry = _cached(options)
    if entry and (entry.preview if preview else entry.sheet.pdf):
        return entry.preview if preview else entry.sheet.pdf
    with _pending_lock:
        if _pending >= MAKERS + QUEUE_MAX:
            raise MakerBusy()
        _pending += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_makers, _body, options, preview)
    finally:
        with _pending_lock:
            _pending -= 1


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
        if what == "sheet.pdf":
            pdf = await body(options, preview=False)
            response = Response(pdf, media_type="application/pdf", headers=_headers(
                {"Content-Disposition": f'attachment; filename="{options.file_name()}"'}))
        else:
            response = Response(await body(options, preview=True), media_type="image/png", headers=_headers())
    except SheetOptionError as exc:
        response = PlainTextResponse(str(exc), status_code=400)
    except MakerBusy:
        response = PlainTextResponse("The worksheet maker is busy. Please try again in a moment.", status_code=503,
                                     headers={"Retry-After": "5"})
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
