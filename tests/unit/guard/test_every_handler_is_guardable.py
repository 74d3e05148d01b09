"""Every public handler of every State can be checked by the event guard: each parameter is annotated with
a type the guard knows (a handler added later is covered without editing this test)."""

from __future__ import annotations

from learnsite.guard.payload import Refused, check_value
from tests import guard_fuzz


def test_every_handler_parameter_has_an_annotation_the_guard_checks():
    from learnsite.guard.boundary import is_upload_handler

    handlers = guard_fuzz.handlers()
    assert len(handlers) > 100
    unguarded = []
    for handler in handlers:
        if is_upload_handler(handler.event_name):
            continue  # uploads come over HTTP (/_upload), never over the websocket
        for name, hint in handler.params:
            if hint is guard_fuzz.UNANNOTATED:
                unguarded.append(f"{handler.event_name}({name}: no annotation)")
                continue
            try:
                check_value(guard_fuzz.plausible(hint), hint)
            except Refused as exc:
                if "no websocket argument" in str(exc):
                    unguarded.append(f"{handler.event_name}({name}: {hint})")
    assert unguarded == []
