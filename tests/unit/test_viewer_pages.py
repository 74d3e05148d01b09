"""The storybook, flipbook and presentation open on the page their address asks for (?page=N: a reload, Back or a
copied link) and write the page they show into it; anything but a page of the item opens the first page."""

from __future__ import annotations

from typing import Callable, NamedTuple

import pytest

from learnsite.state.flipbook import FlipbookState
from learnsite.state.presentation import PresentationState
from learnsite.state.storybook import StorybookState
from tests.unit.auth_fixtures import client_tree, run
from tests.unit.reconnect_support import go_to, hydrate, page_opened


class Viewer(NamedTuple):
    state: type
    route: str
    item: str
    pages: int
    index: Callable  # (state) -> the page index shown
    forward: Callable  # (state) -> the handler and arguments that turn one page on


VIEWERS = [
    Viewer(StorybookState, "/storybook", "the-brave-knight", 6, lambda s: s.page_index,
           lambda s: (StorybookState.next_page,)),
    Viewer(FlipbookState, "/flipbook", "farm-friends", 8, lambda s: s.page_index,
           lambda s: (FlipbookState.flipped, s.page_index + 1)),
    Viewer(PresentationState, "/powerpoint", "dinosaur-facts", 5, lambda s: s.slide_index,
           lambda s: (PresentationState.next_slide,)),
]
IDS = [v.state.__name__ for v in VIEWERS]


def scripts(events: list) -> list[str]:
    """The JavaScript of every rx.call_script among the events."""
    out = []
    for event in events:
        args = {name._js_expr: value for name, value in getattr(event, "args", ())}
        if "javascript_code" in args:
            out.append(args["javascript_code"]._var_value)
    return out


def address_pages(events: list) -> list[str]:
    """What each address script writes: "3" for ?page=3, "" for the first page (no ?page=)."""
    found = []
    for script in scripts(events):
        if "history.replaceState" in script:
            found.append(script.split("set('page', '")[1].split("'")[0] if "set('page'" in script else "")
    return found


async def _load(viewer: Viewer, page: str | None):
    query = f"id={viewer.item}" + (f"&page={page}" if page is not None else "")
    root = client_tree(f"{viewer.route}/{viewer.item}", query=query)
    state = await root.get_state(viewer.state)
    await hydrate(root, fresh=True)
    return root, state, await run(viewer.state.load, state)


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_the_page_in_the_address_opens(viewer):
    _, state, events = await _load(viewer, "3")
    assert viewer.index(state) == 2
    assert address_pages(events) == ["3"]
    _, state, events = await _load(viewer, str(viewer.pages))
    assert viewer.index(state) == viewer.pages - 1


@pytest.mark.parametrize("page", [None, "0", "999", "abc", "-1", "2.5", "", "<reflex.Var>{\"x\": 1}</reflex.Var>",
                                  "1e3", "9" * 50])
@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_any_other_page_opens_the_first_and_is_not_echoed(viewer, page):
    _, state, events = await _load(viewer, page)
    assert viewer.index(state) == 0
    assert address_pages(events) == [""]  # the address loses what it was sent
    if page not in (None, "", "0"):  # ("0" is in the flipbook's turnToPage(0))
        assert not any(page in script for script in scripts(events))


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_turning_a_page_writes_it_into_the_address(viewer):
    _, state, _ = await _load(viewer, None)
    handler, *args = viewer.forward(state)
    assert address_pages(await run(handler, state, *args)) == ["2"]
    assert viewer.index(state) == 1


async def test_a_storybook_turn_past_either_end_changes_no_address():
    _, state, _ = await _load(VIEWERS[0], "6")
    assert await run(StorybookState.next_page, state) == []
    assert await run(StorybookState.key_pressed, state, "ArrowRight") == []
    assert address_pages(await run(StorybookState.key_pressed, state, "ArrowLeft")) == ["5"]
    _, state, _ = await _load(VIEWERS[0], None)
    assert await run(StorybookState.previous_page, state) == []


async def test_a_presentation_wraps_in_the_address_too():
    _, state, _ = await _load(VIEWERS[2], None)
    assert address_pages(await run(PresentationState.previous_slide, state)) == ["5"]
    assert address_pages(await run(PresentationState.key_pressed, state, "ArrowRight")) == [""]


async def test_a_classroom_clicker_turns_the_pages_as_the_arrow_keys_do():
    """A whiteboard review: a presentation clicker sends Page Down and Page Up, which turned nothing."""
    _, state, _ = await _load(VIEWERS[0], None)
    assert address_pages(await run(StorybookState.key_pressed, state, "PageDown")) == ["2"]
    assert address_pages(await run(StorybookState.key_pressed, state, "PageUp")) == [""]
    _, state, _ = await _load(VIEWERS[2], None)
    assert address_pages(await run(PresentationState.key_pressed, state, "PageDown")) == ["2"]
    assert address_pages(await run(PresentationState.key_pressed, state, "PageUp")) == [""]
    for other in ("Enter", "Home", "a", ["PageDown"], {"key": "PageDown"}, None):
        assert await run(PresentationState.key_pressed, state, other) == []


async def test_a_missing_item_writes_no_address():
    root = client_tree("/storybook/no-such-book", query="id=no-such-book&page=2")
    state = await root.get_state(StorybookState)
    assert await run(StorybookState.load, state) == []
    assert state.page_index == 0 and state.found is False


async def test_a_flipbook_turns_to_the_asked_page_as_it_opens_or_when_it_is_already_open():
    _, state, events = await _load(VIEWERS[1], "5")
    assert any(script.endswith("?.turnToPage(4)") for script in scripts(events))  # a book already on the page
    # a page loaded again: the book is made after load, at its cover, and says so (onInit)
    assert scripts(await run(FlipbookState.opened, state, "landscape")) == [
        "refs['ref_flipbook_book']?.current?.pageFlip()?.turnToPage(4)"]
    assert state.portrait is False
    _, state, _ = await _load(VIEWERS[1], None)
    assert await run(FlipbookState.opened, state, "portrait") == []  # at the cover already
    assert state.portrait is True


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_a_page_that_connects_again_with_its_page_in_the_address_keeps_it(viewer):
    """The address gained ?page=N as the child turned pages, after the page was opened: it is still the same page,
    so the reconnect keeps what the state holds."""
    root, state, _ = await _load(viewer, None)
    handler, *args = viewer.forward(state)
    await run(handler, state, *args)
    go_to(root, f"{viewer.route}/{viewer.item}", f"id={viewer.item}&page=2")
    await hydrate(root, fresh=False)
    assert address_pages(await run(viewer.state.load, state)) == ["2"]  # only the address, said again
    assert viewer.index(state) == 1


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_a_reconnect_puts_right_an_address_a_lost_reply_left_behind(viewer):
    """A turn whose reply (its address script) was lost as the socket dropped left ?page= a page behind the page
    shown; a reload then opened the page before."""
    root, state, _ = await _load(viewer, None)
    for _ in range(2):
        handler, *args = viewer.forward(state)
        await run(handler, state, *args)
    go_to(root, f"{viewer.route}/{viewer.item}", f"id={viewer.item}&page=2")  # the second turn's reply lost
    await hydrate(root, fresh=False)
    assert address_pages(await run(viewer.state.load, state)) == ["3"]
    assert viewer.index(state) == 2


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_a_reconnect_is_known_with_another_query_written_back_by_the_page(viewer):
    """address_js writes the whole query back through URLSearchParams ("a%20b" comes back "a+b", "?ref" as
    "?ref="), so the reconnect's address no longer matched the one opened: it counted as a page opened afresh."""
    root = client_tree(f"{viewer.route}/{viewer.item}", query=f"id={viewer.item}&utm=a%20b&ref")
    state = await root.get_state(viewer.state)
    await hydrate(root, fresh=True)
    await run(viewer.state.load, state)
    for _ in range(2):
        handler, *args = viewer.forward(state)
        await run(handler, state, *args)
    # the second turn's reply lost too: only a reconnect keeps page 3 (a page opened afresh reads ?page=2)
    go_to(root, f"{viewer.route}/{viewer.item}", f"id={viewer.item}&utm=a+b&ref=&page=2")
    await hydrate(root, fresh=False)
    await run(viewer.state.load, state)
    assert viewer.index(state) == 2


@pytest.mark.parametrize("viewer", VIEWERS, ids=IDS)
async def test_back_to_the_viewer_opens_the_page_its_history_entry_has(viewer):
    root, state, _ = await _load(viewer, "4")
    go_to(root, "/")
    await page_opened(root)
    go_to(root, f"{viewer.route}/{viewer.item}", f"id={viewer.item}&page=3")
    await page_opened(root)
    await run(viewer.state.load, state)
    assert viewer.index(state) == 2
