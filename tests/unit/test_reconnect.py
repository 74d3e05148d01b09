"""An open page that connects again (Reflex hydrates and reruns its on_load) keeps what it showed; a page loaded
again, or opened again from the site, starts afresh."""

from __future__ import annotations

from typing import Callable, NamedTuple

import pytest

from learnsite.state.audiobook import AudiobookState
from learnsite.state.flipbook import FlipbookState
from learnsite.state.login_forms import AdminLoginState, SignUpState, UserLoginState
from learnsite.state.media import SongState
from learnsite.state.popups import PopupState
from learnsite.state.presentation import PresentationState
from learnsite.state.reconnect import ReconnectNote, ReconnectState
from learnsite.state.storybook import StorybookState
from tests.unit.auth_fixtures import client_tree, run
from tests.unit.reconnect_support import go_to, hydrate, page_opened


class Viewer(NamedTuple):
    state: type
    route: str
    item: str
    move: Callable  # what the child does on the page: (state) -> event handler and its arguments
    shown: Callable  # what stays on a reconnect


VIEWERS = [
    Viewer(StorybookState, "/storybook", "the-brave-knight", lambda s: (StorybookState.next_page,),
           lambda s: s.page_index),
    Viewer(FlipbookState, "/flipbook", "farm-friends", lambda s: (FlipbookState.flipped, 2), lambda s: s.page_index),
    Viewer(PresentationState, "/powerpoint", "dinosaur-facts", lambda s: (PresentationState.next_slide,),
           lambda s: s.slide_index),
    Viewer(AudiobookState, "/audiobook", "the-lion-and-the-mouse", lambda s: (AudiobookState.seek, 30),
           lambda s: (s.position, s.volume)),
    Viewer(SongState, "/song", "five-little-ducks", lambda s: (SongState.set_playing, True), lambda s: s.playing),
]


async def _opened(viewer: Viewer):
    root = client_tree(f"{viewer.route}/{viewer.item}", query=f"id={viewer.item}")
    state = await root.get_state(viewer.state)
    await hydrate(root, fresh=True)
    await run(viewer.state.load, state)
    start = viewer.shown(state)
    handler, *args = viewer.move(state)
    await run(handler, state, *args)
    assert viewer.shown(state) != start
    return root, state, start


@pytest.mark.parametrize("viewer", VIEWERS, ids=[v.state.__name__ for v in VIEWERS])
async def test_a_page_connecting_again_keeps_what_it_shows(viewer):
    root, state, start = await _opened(viewer)
    moved = viewer.shown(state)
    await hydrate(root, fresh=False)
    events = await run(viewer.state.load, state)  # the audiobook's toast is not shown again; a book says its page
    assert (events == []) if viewer.state in (AudiobookState, SongState) else (len(events) == 1)
    assert viewer.shown(state) == moved
    await hydrate(root, fresh=True)  # the page loaded again
    await run(viewer.state.load, state)
    assert viewer.shown(state) == start


@pytest.mark.parametrize("home_first", [True, False], ids=["from home", "by a link to itself"])
@pytest.mark.parametrize("viewer", VIEWERS, ids=[v.state.__name__ for v in VIEWERS])
async def test_a_page_opened_again_from_the_site_after_a_reconnect_starts_afresh(viewer, home_first):
    """From the home page, or by a link to the page already open (a header popup's, say): as before the
    reconnect, the page opens afresh."""
    root, state, start = await _opened(viewer)
    await hydrate(root, fresh=False)
    await run(viewer.state.load, state)
    if home_first:
        go_to(root, "/")
        await page_opened(root)
        go_to(root, f"{viewer.route}/{viewer.item}", f"id={viewer.item}")
    await page_opened(root)
    await run(viewer.state.load, state)
    assert viewer.shown(state) == start


async def test_a_first_connection_retried_on_a_page_not_shown_before_starts_afresh():
    """Only the first try at connecting sends the hashes: a page opened while the network was down, connected on
    a retry, is a page opened, not one connecting again."""
    root, state, start = await _opened(VIEWERS[0])
    go_to(root, "/")
    await page_opened(root)
    go_to(root, "/storybook/the-brave-knight", "id=the-brave-knight")  # opened again while the network is down
    await hydrate(root, fresh=False)  # the retry: no hashes
    await run(StorybookState.load, state)
    assert state.page_index == start


def test_the_events_noted_are_the_ones_reflex_sends():
    from reflex_base.event.processor.base_state_processor import _connect_supersedes

    from learnsite.state.reconnect import event_names

    assert event_names() == _connect_supersedes()


async def test_a_reconnect_on_another_page_keeps_nothing_of_this_one():
    root, state, start = await _opened(VIEWERS[0])
    go_to(root, "/storybook/the-magical-forest", "id=the-magical-forest")
    await hydrate(root, fresh=False)  # (a state that still names the other book: it was never opened here)
    await run(StorybookState.load, state)
    assert state.storybook_id == "the-magical-forest" and state.page_index == 0


async def test_other_events_pass_by_without_a_look_at_the_state():
    from reflex.event import Event

    root = client_tree("/storybook/the-brave-knight", query="id=the-brave-knight")
    await hydrate(root, fresh=True)
    await hydrate(root, fresh=False)
    note = await root.get_state(ReconnectState)
    assert note._route == "/storybook/the-brave-knight?id=the-brave-knight"
    go_to(root, "/")
    event = Event(name=f"{StorybookState.get_full_name()}.next_page", payload={})
    assert await ReconnectNote().preprocess(None, root, event) is None
    assert note._route == "/storybook/the-brave-knight?id=the-brave-knight"


async def test_a_route_longer_than_any_of_ours_is_not_kept_in_the_tab():
    root = client_tree("/storybook/the-brave-knight", query="id=the-brave-knight&x=" + "a" * 10_000)
    await hydrate(root, fresh=False)
    assert (await root.get_state(ReconnectState))._route == ""


async def test_a_popup_stays_open_when_the_page_connects_again_and_closes_when_a_page_opens():
    """Every page's on_load starts with PopupState.page_loaded: Back or a typed address left the last page's popup
    open over the next one, but a phone woken up keeps the popup the family had open."""
    root = client_tree("/storybook/jungle-friends", query="id=jungle-friends")
    popups = await root.get_state(PopupState)
    await hydrate(root, fresh=True)
    await run(PopupState.page_loaded, popups)
    await run(PopupState.open_start_learning, popups)
    await hydrate(root, fresh=False)  # the open page connects again
    await run(PopupState.page_loaded, popups)
    assert popups.start_learning_open
    go_to(root, "/activity/animal-sounds", "id=animal-sounds")  # then a page is opened
    await page_opened(root)
    await run(PopupState.page_loaded, popups)
    assert not popups.start_learning_open


@pytest.mark.parametrize("form, route", [(UserLoginState, "/login/user"), (AdminLoginState, "/login/admin"),
                                         (SignUpState, "/signup/user")])
async def test_a_sign_in_form_keeps_its_error_when_the_page_connects_again(form, route):
    """The forms' on_load cleared the error a parent was reading when a phone woke up; a page loaded again starts
    afresh, and a busy button never outlives the connection (a server gone mid-sign-in left it set)."""
    root = client_tree(route)
    state = await root.get_state(form)
    await hydrate(root, fresh=True)
    await run(form.on_load, state)
    state.error, state.busy = "Invalid email or password.", True
    await hydrate(root, fresh=False)  # the open page connects again
    await run(form.on_load, state)
    assert (state.error, state.busy) == ("Invalid email or password.", False)
    await hydrate(root, fresh=True)  # the page loaded again
    await run(form.on_load, state)
    assert state.error == ""
