"""HTTP side of the worksheet maker, in front of Reflex like files_api:

- GET /make-sheet/sheet.pdf?kind=...&seed=...  -> the PDF, as an attachment named e.g. addition-drill-seed-12.pdf
- GET /make-sheet/preview.png?...              -> page 1 as a PNG

Query parameters are checked by learnsite.sheets.checked(): a bad one gets 400 and a plain message.
Sheets are made in worker threads, at most MAKERS at once (a request that waits over WAIT_SECONDS
gets 503); a small cache serves the download right
after its preview without making it again.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict

from starlette.responses import PlainTextResponse, Response

from learnsite.services.pdf import first_page_png
from learnsite.sheets import MadeSheet, SheetOptionError, SheetOptions, checked, make_sheet

log = logging.getLogger(__name__)

PREFIX = "/make-sheet/"
PREVIEW_WIDTH = 640
MAKERS = 2
CACHE_SIZE = 16
QUERY_MAX = 400
WAIT_SECONDS = 10.0  # a request waiting longer for a free maker is told to try again
FIELDS = ("kind", "seed", "low", "high", "count", "paper", "name_line", "answer_key", "carrying", "case", "level")

_slots = threading.BoundedSemaphore(MAKERS)


class MakerBusy(Exception):
    """Every maker slot stayed taken for WAIT_SECONDS."""

_cache: OrderedDict[SheetOptions, MadeSheet] = OrderedDict()
_cache_lock = threading.Lock()


def made(options: SheetOptions) -> MadeSheet:
    """The sheet for checked options, from the cache or made now (blocking: call in a thread)."""
    with _cache_lock:
        if options in _cache:
            _cache.move_to_end(options)
            return _cache[options]
    if not _slots.acquire(timeout=WAIT_SECONDS):
        raise MakerBusy()
    try:
        sheet = make_sheet(options)
    finally:
        _slots.release()
    with _cache_lock:
        _cache[options] = sheet
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return sheet


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
        sheet = await asyncio.to_thread(made, options)
        if what == "sheet.pdf":
            response = Response(sheet.pdf, media_type="application/pdf", headers=_headers(
                {"Content-Disposition": f'attachment; filename="{sheet.file_name}"'}))
        else:
            png = await asyncio.to_thread(first_page_png, sheet.pdf, PREVIEW_WIDTH)
            response = Response(png, media_type="image/png", headers=_headers())
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
