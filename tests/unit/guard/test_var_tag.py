"""Reflex 0.10.1 loops forever on text like '<reflex.Var>a</reflex.Var>' in an event the server sends:
every sink of client-sent or stored text breaks the tag first, and shows the text as typed."""

from __future__ import annotations

import random
import threading

from learnsite.safe_text import VAR_TAG, inert

TAG = "<reflex.Var>a</reflex.Var>"


def _finishes(fn, seconds: float = 5.0):
    """fn()'s result, asserting it returns (a hang here is the upstream bug reached)."""
    box = {}
    worker = threading.Thread(target=lambda: box.setdefault("value", fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "building the event hung: the var tag reached Reflex"
    return box["value"]


def test_inert_breaks_every_tag_and_keeps_what_is_shown():
    rng = random.Random(3)
    pieces = ["<", ">", "reflex", ".Var", "</reflex.Var>", VAR_TAG, "a", "1", "-", " ", "é", "\u2060"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        safe = inert(text)
        assert VAR_TAG not in safe
        assert safe.replace("\u2060", "") == text.replace("\u2060", "")
    assert inert("plain text") == "plain text"


def test_each_sink_builds_its_event_from_tagged_text():
    import reflex as rx

    from learnsite.state.auth import login_redirect, safe_next
    from learnsite.state.chat import _not_sent
    from learnsite.state.chat_outbox import done
    from learnsite.services.chat import ChatError
    from learnsite.toast import notify

    _finishes(lambda: notify(TAG, TAG))
    _finishes(lambda: notify(f"x {TAG} y", f"{TAG}{TAG}", level="error"))
    _finishes(lambda: _not_sent(TAG, ChatError(TAG)))
    _finishes(lambda: done([TAG]))
    _finishes(lambda: login_redirect("/login/user", f"/chat/{TAG}"))
    assert safe_next(f"/{TAG}") == "/"
    assert safe_next("/admin/..//evil.com") == "/evil.com"
    _finishes(lambda: rx.redirect(inert(f"/x{TAG}")))
    _finishes(lambda: rx.set_value("id", inert(TAG)))
    _finishes(lambda: rx.call_script(inert(f"console.log({TAG!r})")))
