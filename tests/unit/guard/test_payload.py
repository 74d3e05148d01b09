"""The event boundary's checks, without a server: types, bounds, text, structure."""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest

from learnsite.guard.payload import (MAX_EVENT_UNITS, MAX_ROUTE_QUERY, MAX_ROUTE_TEXT, MAX_TEXT, Refused, allow_text,
                                     check_arguments, check_event, check_value)


def _event(payload: dict, name: str = "reflex___state____state.x___state.handler") -> dict:
    return {"name": name, "payload": payload, "router_data": {"pathname": "/", "query": {}, "asPath": "/"}}


@pytest.mark.parametrize("value, hint", [
    ("hello", str), ("", str), (3, int), (-2, int), (2.5, float), (3, float), (True, bool),
    ([1, 2], list[int]), ([[1, 2], [3, 4]], list[list[int]]), ({"a": "b"}, dict[str, str]),
    ({"a": 1, "b": "x"}, dict), ("b", Literal["a", "b"]), (None, int | None), ("x", str | None),
    ({"deep": [1, {"x": None}]}, Any), ("\u202eevil", str), ("<script>", str),
])
def test_values_a_page_sends_pass(value, hint):
    check_value(value, hint)


@pytest.mark.parametrize("value, hint", [
    (3, str), ("3", int), (True, int), (1.5, int), ("1", float), (float("inf"), float), (float("-inf"), float),
    (float("nan"), float), (2**64, int), (2**64, float), ("x", bool), ("a", list[str]), ([1, "2"], list[int]),
    ("x\x00y", str), ("\ud800x", str), ("c", Literal["a", "b"]), (1, Literal["1"]), ([], dict),
    ({"a": float("nan")}, dict), ({"a": "x" * (MAX_TEXT + 1)}, dict[str, str]), (list(range(3000)), list[int]),
    ("x", type(None)),
])
def test_values_of_the_wrong_shape_are_refused(value, hint):
    with pytest.raises(Refused):
        check_value(value, hint)


def test_a_submitted_form_is_checked_as_the_dict_its_handler_receives():
    form = {"__reflex_form_data__": [["round", "2"], ["answer", "12"]]}
    check_value(form, dict[str, str])
    check_value(form, dict)
    for bad in ({"__reflex_form_data__": [["round", 2]]}, {"__reflex_form_data__": "x"},
                {"__reflex_form_data__": [["a"]]}, {"__reflex_form_data__": [[1, "x"]]},
                {"__reflex_form_data__": [], "extra": "x"}, {"__reflex_form_data__": [["a", "x\x00"]]}):
        with pytest.raises(Refused):
            check_value(bad, dict[str, str])


def test_text_is_bounded_unless_the_handler_allows_more():
    with pytest.raises(Refused):
        check_value("x" * (MAX_TEXT + 1), str)
    check_value("x" * 50_000, str, text_limit=60_000)

    @allow_text(outbox=60_000)
    def flush(self, outbox: str): ...

    check_arguments(flush, {"outbox": "x" * 50_000}, {"outbox": str}, [("outbox", False)])
    with pytest.raises(Refused):
        check_arguments(flush, {"outbox": "x" * 70_000}, {"outbox": str}, [("outbox", False)])


def test_missing_extra_and_unannotated_arguments_are_refused():
    def handler(self, index: int, note: str = ""): ...

    hints, params = {"index": int, "note": str}, [("index", False), ("note", True)]
    check_arguments(handler, {"index": 1}, hints, params)
    check_arguments(handler, {"index": 1, "note": "x"}, hints, params)
    for payload in ({}, {"note": "x"}, {"index": 1, "other": 2}):
        with pytest.raises(Refused):
            check_arguments(handler, payload, hints, params)
    with pytest.raises(Refused):
        check_arguments(handler, {"index": 1}, {}, [("index", False)])


def test_an_event_must_be_an_object_with_a_name_and_bounded_size_and_depth():
    name, payload, router = check_event(_event({"a": 1}))
    assert payload == {"a": 1} and router["pathname"] == "/"
    nested: Any = 1
    for _ in range(100):
        nested = [nested]
    for bad in ("string data", ["a", "list"], 42, None, {"payload": {}}, {"name": 5},
                _event({"a": "x" * (MAX_EVENT_UNITS + 1)}), _event({"a": nested}),
                {"name": "a.b", "payload": "not an object"}, _event({"a": b"bytes"}), _event({1: 2})):
        with pytest.raises(Refused):
            check_event(bad)


def test_router_data_text_is_bounded():
    """Each [id] page's state keeps the page's id from the router data: 240,000 characters of it made a tab 0.5 MB."""
    event = _event({})
    event["router_data"] = {"pathname": "/storybook/[id]", "query": {"id": "x" * (MAX_ROUTE_TEXT + 1)}}
    with pytest.raises(Refused):
        check_event(event)
    event["router_data"]["query"]["id"] = "jungle-friends"
    assert check_event(event)[2]["query"] == {"id": "jungle-friends"}


def test_router_data_holds_only_what_a_page_sends():
    """Reflex's state.js sends the page's pathname, asPath and query; Reflex keeps the router data in the tab and
    merges each event's over it, so another key (a new one each event) would pile up there."""
    page = {"pathname": "/activity/[id]", "asPath": "/activity/animal-sounds?utm_source=mail"}
    tracked = {f"utm_{k}": "spring-newsletter" for k in range(12)} | {"id": "animal-sounds"}
    assert check_event({**_event({}), "router_data": {**page, "query": tracked}})[2]["query"] == tracked
    for route in ({**page, "token": "x"}, {**page, "headers": {}}, {**page, "query": "id=x"},
                  {**page, "query": {f"q{k}": "" for k in range(MAX_ROUTE_QUERY + 1)}},
                  {**page, "query": {f"q{k}": "x" * 1000 for k in range(20)}}):
        with pytest.raises(Refused):
            check_event({**_event({}), "router_data": route})


def test_refusals_never_quote_the_payload():
    secret = "SECRET-PAYLOAD-" + "z" * 5000
    for value, hint in ((secret, int), ([secret], list[int]), ({"k": secret}, dict[str, int])):
        with pytest.raises(Refused) as exc:
            check_value(value, hint)
        assert "SECRET" not in str(exc.value) and len(str(exc.value)) < 200


def test_random_json_never_raises_anything_but_refused():
    rng = random.Random(7)
    atoms = [None, True, 0, -1, 2**70, 1.5, float("inf"), "", "\ud800", "\x00", "<reflex.Var>a</reflex.Var>", "é"]

    def make(depth: int):
        roll = rng.random()
        if depth > 4 or roll < 0.5:
            return rng.choice(atoms)
        if roll < 0.75:
            return [make(depth + 1) for _ in range(rng.randint(0, 4))]
        return {rng.choice(["a", "b", "payload", "name"]): make(depth + 1) for _ in range(rng.randint(0, 3))}

    hints = [str, int, float, bool, list[int], dict[str, str], Literal["a"], Any, int | None, list[list[int]]]
    for _ in range(3000):
        value = make(0)
        for hint in hints:
            try:
                check_value(value, hint)
            except Refused:
                pass
        try:
            check_event(value)
        except Refused:
            pass
