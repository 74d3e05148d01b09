"""Checks of an event's data against bounds and its handler's annotations. Plain Python: no Reflex here.

Every public handler of every State is callable by any client with any payload, so the event is checked
before it reaches the handler: its whole size, its nesting, and each argument against the handler's
annotation (a str is a str of bounded length without NUL or lone surrogates, numbers are finite, lists
and dicts are bounded, a Literal is one of its values, missing and extra arguments are refused).
"""

from __future__ import annotations

import math
import types
import typing
from typing import Any, Callable, Literal, Union

MAX_EVENT_UNITS = 256 * 1024  # the chat outbox (50 messages of 2,000 characters) is the largest real event
MAX_DEPTH = 12  # the deepest real event: the tracing canvas's strokes inside the event's payload
MAX_TEXT = 2000  # a str argument, unless its handler allows more (allow_text)
MAX_ITEMS = 2000  # entries of a list or dict argument
MAX_NAME = 300  # an event's name: state path and handler
MAX_ROUTE_TEXT = 2048  # a text of the router data (the page's path and query): tab state keeps them
# What Reflex 0.10's state.js sends as router data (withRouterData). Reflex merges each event's router data over
# the tab's stored one, so any other key a client made up would be kept, and new ones piled up event after event.
ROUTE_KEYS = frozenset({"pathname", "asPath", "query"})
MAX_ROUTE_QUERY = 32  # entries of the query (a page's own links have one or two; tracking links a dozen)
MAX_ROUTE_UNITS = 16 * 1024  # the whole router data, as the tab keeps it until the next event
MAX_ABS_INT = 2**53  # the largest integer JavaScript can hold exactly
MAX_ABS_FLOAT = 1e15

_TEXT_LIMITS_ATTR = "__learnsite_text_limits__"
# A submitted form travels as {FORM_DATA_KEY: [[name, value], ...]} (Reflex 0.10's state.js, encodeFormDataArgs);
# the handler receives dict(entries).
FORM_DATA_KEY = "__reflex_form_data__"


class Refused(Exception):
    """An event the boundary does not pass on. The message is for the log: it never quotes the payload."""


def allow_text(**limits: int) -> Callable:
    """Let named str arguments of a handler be longer than MAX_TEXT (put it under @rx.event)."""

    def mark(fn: Callable) -> Callable:
        setattr(fn, _TEXT_LIMITS_ATTR, {**getattr(fn, _TEXT_LIMITS_ATTR, {}), **limits})
        return fn

    return mark


def text_limits(fn: Callable) -> dict[str, int]:
    return getattr(fn, _TEXT_LIMITS_ATTR, {})


def check_text(value: str, limit: int = MAX_TEXT) -> None:
    """_text_ok, or Refused saying which part of the rule the text broke."""
    if _text_ok(value, limit):
        return
    if len(value) > limit:
        raise Refused(f"text of {len(value)} characters (limit {limit})")
    if "\x00" in value:
        raise Refused("NUL in text")
    raise Refused("lone surrogate in text")


def _text_ok(value: str, limit: int) -> bool:
    """The rule for text: at most `limit` characters, no NUL, no lone surrogate (ASCII needs no copy)."""
    return len(value) <= limit and "\x00" not in value and (value.isascii() or _encodes(value))


def _encodes(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_json(value: Any, depth: int = 0, text_limit: int = MAX_EVENT_UNITS) -> int:
    """Walk plain JSON data; returns its size in units (characters of text, 8 per other value).

    Dispatches on the exact type first (what a parsed frame holds: every event goes through here), and
    checks an object's text keys and values in place rather than one call each."""
    if depth > MAX_DEPTH:
        raise Refused(f"nested deeper than {MAX_DEPTH}")
    kind = type(value)
    if kind is dict:
        if len(value) > MAX_EVENT_UNITS // 8:
            raise Refused("dict too large")
        size = 8
        for k, v in value.items():
            # texts and small ints checked here, not by a call of check_json each: an event holds a dozen
            # keys, short texts and small ints. check_text is reached only to say which rule a text broke.
            if type(k) is not str:
                raise Refused("non-text key")
            if not _text_ok(k, MAX_NAME):
                check_text(k, MAX_NAME)
            value_type = type(v)
            if value_type is str:
                if not _text_ok(v, text_limit):
                    check_text(v, text_limit)
                size += len(k) + len(v) + 2
            elif value_type is int and -MAX_ABS_INT <= v <= MAX_ABS_INT:  # an index, a round number
                size += len(k) + 8
            else:
                size += len(k) + check_json(v, depth + 1, text_limit)
        return size
    if kind is str:
        check_text(value, text_limit)
        return len(value) + 2
    if kind is int:
        if abs(value) > MAX_ABS_INT:
            raise Refused("integer out of range")
        return 8
    if kind is bool or value is None:
        return 8
    if kind is list or kind is tuple:
        if len(value) > MAX_EVENT_UNITS // 8:
            raise Refused("list too long")
        return 8 + sum(check_json(v, depth + 1, text_limit) for v in value)
    if kind is float:
        if not math.isfinite(value) or abs(value) > MAX_ABS_FLOAT:
            raise Refused("number not finite or out of range")
        return 8
    plain = next((t for t in (str, bool, int, float, list, tuple, dict) if isinstance(value, t)), None)
    if plain is None:
        raise Refused(f"not JSON data: {kind.__name__}")
    return check_json(plain(value), depth, text_limit)  # a subclass of a JSON type, checked as that type


def check_event(data: Any) -> tuple[str, dict, dict]:
    """The raw event of a websocket frame -> (name, payload, router_data), or Refused."""
    if not isinstance(data, dict):
        raise Refused(f"event data is a {type(data).__name__}, not an object")
    if len(data) > MAX_EVENT_UNITS // 8:
        raise Refused("dict too large")
    size = 8
    for key, part in data.items():  # each part walked once, the router data with its own text limit
        if type(key) is not str:
            raise Refused("non-text key")
        check_text(key, MAX_NAME)
        text_limit = MAX_ROUTE_TEXT if key == "router_data" else MAX_EVENT_UNITS
        part_size = check_json(part, 1, text_limit)
        if key == "router_data" and part_size > MAX_ROUTE_UNITS:
            raise Refused(f"router data of {part_size} units (limit {MAX_ROUTE_UNITS})")
        size += len(key) + part_size
    if size > MAX_EVENT_UNITS:
        raise Refused(f"event of {size} units (limit {MAX_EVENT_UNITS})")
    name, payload, router_data = data.get("name"), data.get("payload", {}), data.get("router_data", {})
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
        raise Refused("event without a valid name")
    if not isinstance(payload, dict) or not isinstance(router_data, dict):
        raise Refused("payload or router data is not an object")
    _check_route(router_data)
    return name, payload, router_data


def _check_route(router_data: dict) -> None:
    if not ROUTE_KEYS.issuperset(router_data):
        raise Refused("router data with a key no page sends")
    query = router_data.get("query", {})
    if not isinstance(query, dict) or len(query) > MAX_ROUTE_QUERY:
        raise Refused("router data's query is not a small object")


class Arguments:
    """A handler's parameters [(name, has_default)] and their annotations, read once: check(payload) is
    what every event of that handler goes through."""

    def __init__(self, fn: Callable, hints: dict[str, Any], params: list[tuple[str, bool]]) -> None:
        self.names = frozenset(name for name, _ in params)
        self.required = tuple(name for name, has_default in params if not has_default)
        limits = text_limits(fn)
        self.hints = hints
        self.limits = {name: limits.get(name, MAX_TEXT) for name in self.names}

    def check(self, payload: dict) -> None:
        if not self.names.issuperset(payload):
            raise Refused(f"{len([k for k in payload if k not in self.names])} unexpected argument(s)")
        missing = [name for name in self.required if name not in payload]
        if missing:
            raise Refused(f"missing argument(s): {', '.join(missing)}")
        hints = self.hints
        for name, value in payload.items():
            hint = hints.get(name)
            if hint is None:
                raise Refused(f"argument {name} has no annotation")
            if hint is int and type(value) is int and -MAX_ABS_INT <= value <= MAX_ABS_INT:
                continue  # most arguments: an index or a round number
            try:
                check_value(value, hint, self.limits[name])
            except Refused as exc:
                raise Refused(f"argument {name}: {exc}") from None


def check_arguments(fn: Callable, payload: dict, hints: dict[str, Any], params: list[tuple[str, bool]]) -> None:
    """payload against a handler's parameters [(name, has_default)] and their annotations."""
    Arguments(fn, hints, params).check(payload)


def _form_entries(value: dict) -> dict:
    """A submitted form's entries as the dict its handler receives, or Refused."""
    entries = value[FORM_DATA_KEY]
    if len(value) != 1 or not isinstance(entries, list) or len(entries) > MAX_ITEMS:
        raise Refused("malformed form data")
    if not all(isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) for e in entries):
        raise Refused("malformed form data")
    return dict(entries)


def check_value(value: Any, hint: Any, text_limit: int = MAX_TEXT, depth: int = 0) -> None:
    """One argument against its annotation."""
    if depth > MAX_DEPTH:
        raise Refused(f"nested deeper than {MAX_DEPTH}")
    if hint is Any or hint is object:
        check_json(value, depth, max(text_limit, MAX_TEXT))
        return
    # plain types first: most arguments are one, and they need no look at the hint's origin
    if hint is type(None):
        if value is not None:
            raise Refused("expected nothing")
        return
    if hint is str:
        if not isinstance(value, str):
            raise Refused(f"expected text, got {type(value).__name__}")
        check_text(value, text_limit)
        return
    if hint is bool:
        if not isinstance(value, bool):
            raise Refused(f"expected true/false, got {type(value).__name__}")
        return
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(f"expected an integer, got {type(value).__name__}")
        if abs(value) > MAX_ABS_INT:
            raise Refused("integer out of range")
        return
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise Refused(f"expected a number, got {type(value).__name__}")
        if not math.isfinite(value) or abs(value) > MAX_ABS_FLOAT:
            raise Refused("number not finite or out of range")
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        errors = []
        for option in args:
            try:
                check_value(value, option, text_limit, depth)
                return
            except Refused as exc:
                errors.append(str(exc))
        raise Refused(" / ".join(errors[:2]))
    if origin is Literal:
        if not any(type(value) is type(a) and value == a for a in args):
            raise Refused("not one of the allowed values")
        return
    container = origin or hint
    if container in (list, tuple, set, frozenset):
        if not isinstance(value, list):
            raise Refused(f"expected a list, got {type(value).__name__}")
        if len(value) > MAX_ITEMS:
            raise Refused(f"list of {len(value)} items (limit {MAX_ITEMS})")
        item = args[0] if args else Any
        for v in value:
            check_value(v, item, text_limit, depth + 1)
        return
    if container is dict:
        if not isinstance(value, dict):
            raise Refused(f"expected an object, got {type(value).__name__}")
        if FORM_DATA_KEY in value:
            value = _form_entries(value)
        if len(value) > MAX_ITEMS:
            raise Refused(f"object of {len(value)} entries (limit {MAX_ITEMS})")
        item = args[1] if len(args) == 2 else Any
        for k, v in value.items():
            check_text(k, MAX_NAME)
            check_value(v, item, text_limit, depth + 1)
        return
    raise Refused(f"no websocket argument can be a {getattr(hint, '__name__', hint)!s}")
