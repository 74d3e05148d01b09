"""The boundary remembers only the event names that name a real handler, so a client sending made-up
names cannot grow it, and a remembered name is checked exactly as before."""

from __future__ import annotations

import pytest

from learnsite.guard import boundary
from learnsite.guard.payload import Refused


def _choose_event(payload: dict) -> dict:
    from learnsite.state.game import GameState

    return {"name": f"{GameState.get_full_name()}.choose", "payload": payload, "router_data": {}}


def test_made_up_names_are_refused_and_never_remembered():
    import learnsite.learnsite  # noqa: F401  (registers the app's states)

    real = _choose_event({})["name"]
    before = len(boundary._RESOLVED)
    for k in range(500):
        for name in (f"reflex___state____state.nowhere_{k}.choose", f"{real}_{k}", f"{real}.{k}"):
            with pytest.raises(Refused):
                boundary.check({"name": name, "payload": {}})
    assert len(boundary._RESOLVED) == before


def test_a_remembered_handler_still_checks_every_argument():
    import learnsite.learnsite  # noqa: F401

    boundary.check(_choose_event({"round_no": 1, "choice": 2}))
    assert _choose_event({})["name"] in boundary._RESOLVED
    for bad in ({"round_no": "1", "choice": 2}, {"round_no": 1}, {"round_no": 1, "choice": 2, "extra": 0},
                {"round_no": 1, "choice": 2**60}):
        with pytest.raises(Refused):
            boundary.check(_choose_event(bad))
    boundary.check(_choose_event({"round_no": 0, "choice": 0}))


def test_a_handler_is_reached_only_by_its_full_name():
    """Reflex finds a state without the root's name in front, but runs a handler only by its full name: a short
    name got past the guard, and Reflex then logged the whole event with a traceback and kept it in memory."""
    import learnsite.learnsite  # noqa: F401
    from reflex.state import State

    full = _choose_event({})["name"]
    short = full.removeprefix(f"{State.get_full_name()}.")
    assert short != full
    for name in (short, f"{short.split('.')[0]}.{full}", full.replace("___state___", "___state___.", 1)):
        with pytest.raises(Refused):
            boundary.check({"name": name, "payload": {"round_no": 1, "choice": 2}})
    boundary.check({"name": full, "payload": {"round_no": 1, "choice": 2}})
