"""A tab's state stays small whatever its text setters are sent: every public setter of every State that
takes text gets the largest text the event guard lets through, and each state's pickle (what Reflex's
Redis manager stores per tab, and about what the embedded server keeps in memory) stays under a cap,
however often they are sent.
The setters are enumerated from the app, so one added later is covered without editing this test."""

from __future__ import annotations

import asyncio
import inspect

from learnsite.guard.payload import MAX_TEXT, text_limits
from tests import guard_fuzz

STATE_CAP = 64 * 1024
REPEATS = 40


def _text_setters() -> list[guard_fuzz.Handler]:
    return [h for h in guard_fuzz.handlers()
            if h.event_name.rsplit(".", 1)[1].startswith("set_") and len(h.params) == 1 and h.params[0][1] is str]


def test_every_text_setter_keeps_a_tab_state_under_the_cap():
    from reflex.state import State

    setters = _text_setters()
    assert len(setters) > 10  # the admin form, the worksheet filters, the maker, chat, account...
    root = State(_reflex_internal_init=True)
    for k in range(REPEATS):  # a setter that kept every value it was sent would pass the cap
        for h in setters:
            path, _, name = h.event_name.rpartition(".")
            state = root.get_substate(path.split(".")[1:])
            fn = type(state).event_handlers[name].fn
            longest = text_limits(fn).get(h.params[0][0], MAX_TEXT)  # the longest text the guard lets through
            result = fn(state, f"{k:03d}" + "q" * (longest - 3))
            if inspect.isawaitable(result):
                asyncio.run(result)

    sizes = {}

    def walk(state):
        sizes[state.get_full_name()] = len(state._serialize())
        for sub in state.substates.values():
            walk(sub)

    walk(root)
    largest = max(sizes, key=sizes.get)
    assert sizes[largest] < STATE_CAP, (largest, sizes[largest])


def test_the_router_data_a_tab_keeps_stays_small_whatever_events_carry():
    """Reflex merges each event's router data over what the tab kept: keys no page sends piled up, 12 MB after 50
    events. Now such an event is refused, and what passes is replaced, not added to, event after event."""
    import pickle

    import pytest
    from reflex.state import State

    from learnsite.guard import boundary
    from learnsite.guard.payload import MAX_ROUTE_QUERY, MAX_ROUTE_TEXT, Refused

    name = next(h.event_name for h in guard_fuzz.handlers() if not h.params)
    root = State(_reflex_internal_init=True)
    kept: dict = {}
    for k in range(50):
        page = {"pathname": "/", "asPath": "/"}
        with pytest.raises(Refused):  # a made-up key, new each time
            boundary.check({"name": name, "payload": {}, "router_data": {**page, f"k{k}": "x" * MAX_ROUTE_TEXT}})
        with pytest.raises(Refused):  # more query entries than any page has
            boundary.check({"name": name, "payload": {}, "router_data": {
                **page, "query": {f"q{k}_{j}": "x" for j in range(MAX_ROUTE_QUERY + 1)}}})
        # the most a passing event may carry, with new query names each time
        route = {**page, "query": {f"q{k}_{j}".ljust(200, "q"): "x" * 800 for j in range(MAX_ROUTE_QUERY)}}
        while True:
            try:
                boundary.check({"name": name, "payload": {}, "router_data": route})
                break
            except Refused:
                route["query"].popitem()
        assert len(route["query"]) > 4
        kept = root._update_router_vars(route, kept)
    assert len(pickle.dumps(kept)) < 20 * 1024
