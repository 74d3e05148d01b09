"""The guarded event door itself: sockets without a token, and the error reports' budget."""

from __future__ import annotations

import logging

import pytest

# Imported here, not in the async test: the app's registration is a context variable, and one set inside a test's
# event loop task would be lost to every later test.
import learnsite.learnsite  # noqa: F401  (installs the guard, as the server does)
from learnsite.guard import boundary


@pytest.fixture(autouse=True)
def _fresh_log_budgets(monkeypatch):
    """Each test starts a new minute of log lines: an earlier test's refusals must not have spent the process's."""
    for name, fresh in (("_seen", boundary._PerSocket()), ("_address_logs", boundary._PerSocket()),
                        ("_all_logs", [0.0, 0.0, 0.0])):
        monkeypatch.setattr(boundary, name, fresh)


class _Namespace:
    """What the door reads of Reflex's EventNamespace: the socket's token, and where a notice would go."""

    def __init__(self, sid_to_token: dict[str, str]):
        self.sid_to_token, self.told = sid_to_token, []

    async def emit_update(self, update, token):
        self.told.append(token)


async def test_a_socket_without_a_token_is_ignored_without_a_log_line(caplog):
    """No page sends an event before its socket has its token: Reflex would log the whole event (2 KB a time)."""
    from reflex.app import EventNamespace

    door = EventNamespace.on_event
    bad = {"name": "x.y", "payload": "not an object", "router_data": {}}
    with caplog.at_level(logging.DEBUG):
        assert await door(_Namespace({}), "sid-without-token", bad) is None
    assert caplog.records == []
    with caplog.at_level(logging.DEBUG):
        assert await door(_Namespace({"sid-with-token": "tok"}), "sid-with-token", bad) is None
    assert [r.name for r in caplog.records] == ["learnsite.guard"]  # a socket with a token is told and logged


def _fresh_budgets(monkeypatch) -> None:
    monkeypatch.setattr(boundary, "_reports", boundary._PerSocket())
    monkeypatch.setattr(boundary, "_address_reports", boundary._PerSocket())
    monkeypatch.setattr(boundary, "_all_reports", [0.0, 0.0, 0.0])


def test_error_reports_are_bounded_per_process_as_well_as_per_socket(monkeypatch):
    _fresh_budgets(monkeypatch)
    # one report from each new socket, each from an address of its own
    kept = [boundary._within_report_budget(f"socket-{i}", f"198.51.100.{i}") for i in range(100)]
    assert kept == [True] * boundary.REPORTS_PER_MINUTE_ALL + [False] * (100 - boundary.REPORTS_PER_MINUTE_ALL)
    _fresh_budgets(monkeypatch)
    one_socket = [boundary._within_report_budget("chatty", "198.51.100.1") for _ in range(8)]
    assert one_socket == [True] * boundary.REPORTS_PER_MINUTE + [False] * (8 - boundary.REPORTS_PER_MINUTE)


def test_one_address_cannot_spend_the_whole_minutes_reports_with_many_sockets(monkeypatch):
    """The process's 60 a minute were anyone's: twelve sockets of one client took them all, and every other
    family's reports that minute were lost. An address (an IPv6 /64) now has REPORTS_PER_MINUTE_ADDRESS of them."""
    _fresh_budgets(monkeypatch)
    greedy = [boundary._within_report_budget(f"greedy-{i}", f"2001:db8:7:7::{i + 1:x}")
              for i in range(12) for _ in range(boundary.REPORTS_PER_MINUTE)]
    assert greedy.count(True) == boundary.REPORTS_PER_MINUTE_ADDRESS
    others = [boundary._within_report_budget(f"family-{i}", f"203.0.113.{i}") for i in range(20)]
    assert others == [True] * 20


async def test_the_door_counts_reports_by_the_address_reflex_found_for_the_socket(monkeypatch):
    from reflex.app import EventNamespace

    _fresh_budgets(monkeypatch)
    kept = []
    monkeypatch.setattr(boundary, "_within_report_budget", lambda sid, address: kept.append((sid, address)))
    namespace = _Namespace({"sid-r": "tok"})
    namespace._static_router_data = {"sid-r": {"ip": "192.0.2.44"}}
    report = {"name": "reflex___state____state.reflex___state____frontend_event_exception_state"
                      ".handle_frontend_exception",
              "payload": {"info": "x", "component_stack": ""}, "router_data": {}}
    assert await EventNamespace.on_event(namespace, "sid-r", report) is None  # refused: the budget said no
    assert kept == [("sid-r", "192.0.2.44")]


def test_an_upload_takes_no_arguments_besides_its_files():
    """Reflex merges /_upload's "__reflex_event_args" field into the handler's arguments, past the event guard."""
    from reflex_components_core.core import _upload
    from starlette.exceptions import HTTPException

    from tests import guard_fuzz

    assert _upload._decode_event_args(None) == {} and _upload._decode_event_args("") == {}
    for sent in ('{"x": 1}', '{"files": []}', "[]", "not json"):
        with pytest.raises(HTTPException) as refused:
            _upload._decode_event_args(sent)
        assert refused.value.status_code == 400
    # through Reflex's own code, so that a later Reflex calling something else by another name fails here
    from starlette.datastructures import FormData

    with pytest.raises(HTTPException):
        _upload._buffered_upload_args(FormData([("__reflex_event_args", '{"x": 1}')]))
    assert _upload._buffered_upload_args(FormData([])) == {}
    uploads = [h for h in guard_fuzz.handlers() if boundary.is_upload_handler(h.event_name)]
    assert uploads and all(len(h.params) == 1 for h in uploads)  # none has an argument the page could bind


async def test_a_refused_event_is_one_log_line_whatever_its_name(caplog, monkeypatch):
    """An event's name is the client's text: a line break in it must not write a line of its own into the log."""
    from reflex.app import EventNamespace

    forged = {"name": "state.handler\nERROR learnsite: forged line", "payload": {}, "router_data": {}}
    with caplog.at_level(logging.WARNING, logger="learnsite.guard"):
        await EventNamespace.on_event(_Namespace({"sid-a": "tok"}), "sid-a", forged)
    [record] = caplog.records
    assert "\n" not in record.getMessage() and "\\nERROR learnsite: forged line" in record.getMessage()


async def test_refusals_logged_are_bounded_per_address_and_per_process_not_only_per_socket(caplog, monkeypatch):
    """A security review: the budget of log lines was per socket only, and 200 new sockets wrote 1,200 lines a
    minute. An address (its IPv6 /64) and the process have budgets of their own; each says once when it is spent."""
    from reflex.app import EventNamespace

    forged = {"name": "state.no_such_handler", "payload": {}, "router_data": {}}

    async def refused_from(sid: str, address: str, times: int = 1) -> None:
        namespace = _Namespace({sid: "tok"})
        namespace._static_router_data = {sid: {"ip": address}}
        for _ in range(times):
            await EventNamespace.on_event(namespace, sid, forged)

    with caplog.at_level(logging.WARNING, logger="learnsite.guard"):
        for i in range(40):  # one phone, forty sockets, a new address in its /64 for each
            await refused_from(f"greedy-{i}", f"2001:db8:9:9::{i + 1:x}", times=boundary.LOG_PER_MINUTE)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == boundary.LOG_PER_MINUTE_ADDRESS + 1
    assert lines[-1] == "one client address: further refused events this minute are not logged"
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="learnsite.guard"):
        for i in range(300):  # three hundred sockets, each from an address of its own
            await refused_from(f"many-{i}", f"198.51.{i // 250}.{i % 250}")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == boundary.LOG_PER_MINUTE_ALL - boundary.LOG_PER_MINUTE_ADDRESS - 1 + 1
    assert lines[-1] == "all sockets: further refused events this minute are not logged"
    caplog.clear()
    monkeypatch.setattr(boundary, "_all_logs", [0.0, 0.0, 0.0])  # a new minute for the process
    with caplog.at_level(logging.WARNING, logger="learnsite.guard"):
        await refused_from("chatty", "203.0.113.5", times=boundary.LOG_PER_MINUTE + 3)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == boundary.LOG_PER_MINUTE + 1 and "no_such_handler" in lines[0]
    assert lines[-1] == "socket chatty: further refused events this minute are not logged"


def test_every_log_record_is_cut_to_its_bound(caplog):
    """guard.logs: installed by the app, it bounds every record, whoever logs it."""
    from learnsite.guard import logs

    with caplog.at_level(logging.INFO, logger="some.library"):
        logging.getLogger("some.library").info("%s", "x" * 100_000)
    message = caplog.records[-1].getMessage()
    cut = 100_000 - logs.MAX_RECORD_CHARS
    assert len(message) < logs.MAX_RECORD_CHARS + 60 and message.endswith(f"[{cut} characters cut]")


def test_a_long_traceback_keeps_its_end_the_exception_raised(caplog):
    """An operator's review: with the database down the log read "raise exc_valu... [6802 characters cut]", the
    exception and its message cut away. A traceback keeps its start and its end, still bounded."""
    from learnsite.guard import logs

    def one(n):  # two functions in turn: Python folds a frame repeated in a row into one line
        if n == 0:
            raise ConnectionRefusedError("connection to server at 127.0.0.1:5999 refused")
        other(n - 1)

    def other(n):
        one(n)

    try:
        one(60)
    except ConnectionRefusedError:
        with caplog.at_level(logging.ERROR, logger="some.library"):
            logging.getLogger("some.library").exception("sign in failed")
    record = caplog.records[-1]
    text = logging.Formatter().format(record)
    assert text.rstrip().endswith("ConnectionRefusedError: connection to server at 127.0.0.1:5999 refused")
    assert text.startswith("sign in failed\nTraceback (most recent call last):")
    assert "characters cut] ..." in record.exc_text and len(record.exc_text) < logs.MAX_RECORD_CHARS + 60


def test_a_pages_error_report_is_one_short_line_of_the_log(caplog):
    """Any client may send handle_frontend_exception (five a minute): Reflex's own handler logged its text as sent,
    line breaks and all, so a report could write lines that looked like the server's own."""
    from learnsite.learnsite import app

    sent = "TypeError: x is undefined\n2026-11-30 INFO learnsite: admin signed in\n" + "at f (page.js:1)\n" * 400
    with caplog.at_level(logging.DEBUG):
        app.frontend_exception_handler(Exception(sent))
    assert len(caplog.records) == 1
    line = caplog.records[0].getMessage()
    assert "\n" not in line and "\r" not in line and len(line) < 800
    assert "TypeError: x is undefined" in line and "characters cut" in line
