"""Toasts: one shared id (at most one visible) and the spec's durations, as compiled for the browser."""

import reflex as rx

from learnsite.toast import COMING_SOON_MS, INFINITE, SUMMARY_MS, TOAST_ID, coming_soon, notify


def _js(event) -> str:
    return str(rx.Var.create(event))


def test_every_toast_reuses_one_id():
    for event in (notify("A"), notify("B", "b", level="error"), coming_soon()):
        assert f'["id"] : "{TOAST_ID}"' in _js(event)


def test_durations():
    assert '["duration"] : 5000' in _js(notify("A"))
    assert f'["duration"] : {COMING_SOON_MS}' in _js(coming_soon())
    assert f'["duration"] : {SUMMARY_MS}' in _js(notify("Summary", "text", duration=SUMMARY_MS))
    assert '["duration"] : Infinity' in _js(notify("Stays", duration=INFINITE))


def test_levels_pick_the_toast_kind():
    assert '["error"]' in _js(notify("Oops", level="error"))
    assert '["success"]' in _js(notify("Yay", level="success"))
    assert '"Feature Coming Soon!"' in _js(coming_soon())
