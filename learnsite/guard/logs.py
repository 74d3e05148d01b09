"""Every log record is cut to a bounded length, whoever writes it (Reflex, socket.io, the servers, us).

Installed as the logging record factory, so it holds for loggers configured later too: a record's message
(and its formatted traceback) longer than MAX_RECORD_CHARS is cut, with the number of characters cut said: a
message keeps its start, a traceback its start and its end (the exception and its message).
"""

from __future__ import annotations

import logging
import traceback

MAX_RECORD_CHARS = 2048
_installed = False


TRACEBACK_HEAD = 512  # a cut traceback keeps its start (the first exception, where it began) and its end


def _cut(text: str, limit: int = MAX_RECORD_CHARS) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [{len(text) - limit} characters cut]"


def _cut_traceback(text: str) -> str:
    """A traceback cut in its middle: its end is the exception raised and its message, what an operator needs
    (cut at the end, a database outage read "raise exc_valu... [6802 characters cut]")."""
    if len(text) <= MAX_RECORD_CHARS:
        return text
    tail = MAX_RECORD_CHARS - TRACEBACK_HEAD
    return f"{text[:TRACEBACK_HEAD]}\n... [{len(text) - MAX_RECORD_CHARS} characters cut] ...\n{text[-tail:]}"


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def bounded_record(*args, **kwargs) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001  (a record whose args do not fit its format: keep it as it is)
            return record
        if len(message) > MAX_RECORD_CHARS:
            record.msg, record.args = _cut(message), None
        if record.exc_info and record.exc_info[0] is not None and not record.exc_text:
            record.exc_text = _cut_traceback("".join(traceback.format_exception(*record.exc_info)).rstrip("\n"))
        return record

    logging.setLogRecordFactory(bounded_record)


FRONTEND_REPORT_CHARS = 600
_frontend_log = logging.getLogger("learnsite.frontend")


def frontend_report(exception: Exception) -> None:
    """The app's handler of the page's own error reports: any client can send one (within the guard's budget), so
    it is logged on one line (a line break it holds is escaped: it cannot forge a log line of its own) and cut."""
    text = _cut(str(exception), FRONTEND_REPORT_CHARS)
    _frontend_log.error("a page reported an error: %s", text if text.isprintable() else repr(text)[1:-1])
