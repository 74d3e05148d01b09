"""Adversarial events for every public handler of every State, sent over a raw websocket as a page would.

The handlers are enumerated from the app itself, so a handler added later is fuzzed without editing this
file. Used by tests/integration/test_event_guard_live.py on granian and on uvicorn.
"""

from __future__ import annotations

import inspect
import json
import typing
from dataclasses import dataclass
from typing import Any, Iterator, Literal

NAMESPACE = "/_event"
TAG = "<reflex.Var>a</reflex.Var>"
BIG = "y" * 400_000  # over the guard's event cap, under the socket's frame limit
TEXTS = [TAG, "\u202egnp.exe", "../../../../etc/passwd", "' OR 1=1; DROP TABLE users; --", "9" * 26, BIG,
         "x\x00y"]
OTHERS = [None, True, -1, 2**64, 3.5, [], {}, [[[]]], {"a": {"b": TAG}}, ["x"] * 3000]
# JSON tokens Python's json module writes and reads but no page sends
RAW_VALUES = ['"\\ud800x"', "Infinity", "-Infinity", "NaN"]


UNANNOTATED = object()  # what handlers() gives a parameter without annotation (the guard refuses it any value)


@dataclass
class Handler:
    event_name: str  # state path + "." + handler
    params: list[tuple[str, Any]]  # (name, annotation)


def handlers() -> list[Handler]:
    import learnsite.learnsite  # noqa: F401  (registers every State)
    from reflex.state import State

    found = []

    def walk(cls):
        for name, handler in cls.event_handlers.items():
            params = list(inspect.signature(handler.fn).parameters.values())[1:]
            try:
                hints = typing.get_type_hints(handler.fn)
            except Exception:  # noqa: BLE001
                hints = {}
            found.append(Handler(f"{cls.get_full_name()}.{name}",
                                 [(p.name, hints.get(p.name, UNANNOTATED)) for p in params]))
        for sub in cls.get_substates():
            walk(sub)

    walk(State)
    return found


def plausible(hint: Any) -> Any:
    """A value of the right shape for an annotation (so the other arguments of an event are not the fault)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return args[0]
    if args and type(None) in args:
        return plausible(next(a for a in args if a is not type(None)))
    if hint is str:
        return "a"
    if hint is bool:
        return True
    if hint is int:
        return 1
    if hint is float:
        return 0.5
    if (origin or hint) in (list, tuple, set):
        return []
    if (origin or hint) is dict:
        return {}
    return None


def frame(event: dict) -> str:
    return f"42{NAMESPACE}," + json.dumps(["event", event], separators=(",", ":"))


def adversarial_frames(handler: Handler) -> Iterator[str]:
    """Every bad value in every argument; missing and extra arguments; raw JSON no page sends."""
    router = {"pathname": "/", "query": {}, "asPath": "/"}
    base = {name: plausible(hint) for name, hint in handler.params}

    def event(payload: dict) -> dict:
        return {"name": handler.event_name, "payload": payload, "router_data": router}

    yield frame(event({**base, "extra_argument": 1}))
    if base:
        yield frame(event({}))
    for name, _ in handler.params:
        for value in TEXTS + OTHERS:
            yield frame(event({**base, name: value}))
        for raw in RAW_VALUES:
            payload = json.dumps({**base, name: "__RAW__"}).replace('"__RAW__"', raw)
            yield (f'42{NAMESPACE},["event",{{"name":{json.dumps(handler.event_name)},"payload":{payload},'
                   f'"router_data":{json.dumps(router)}}}]')
        deep = "[" * 10_000 + "]" * 10_000
        yield (f'42{NAMESPACE},["event",{{"name":{json.dumps(handler.event_name)},'
               f'"payload":{{{json.dumps(name)}:{deep}}},"router_data":{{}}}}]')


def malformed_frames() -> list[str]:
    """Frames that are not events at all."""
    return [
        f'42{NAMESPACE},["event","' + "X" * 300_000 + '"]',  # a string instead of an object
        f'42{NAMESPACE},["event",42]',
        f'42{NAMESPACE},["event"]',
        f'42{NAMESPACE},["event",{{"name":"reflex___state____state.nope.nothing"}}]',
        f'42{NAMESPACE},["event",{{"name":"reflex___state____state.setvar","payload":{{"var_name":"x","value":1}}}}]',
        f'451-{NAMESPACE},["event",{{"_placeholder":true,"num":0}}]',  # a binary attachment that never comes
        f'42{NAMESPACE},["event",{{"name":"a.b","payload":{{"x":1}},"router_data":{{}}}}]',
    ]
