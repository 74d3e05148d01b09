"""The events Reflex sends as a page opens or connects again, passed through the app's ReconnectNote."""

from __future__ import annotations

from reflex.constants import CompileVars
from reflex.event import Event
from reflex.state import State

from learnsite.state.reconnect import ReconnectNote, event_names
from tests.unit.auth_fixtures import route_data


def go_to(root: State, path: str, query: str = "") -> None:
    """The router data of the tab's next event: the page at path?query."""
    root.router_data = dict(root.router_data, **route_data(path, query))


async def hydrate(root: State, fresh: bool) -> None:
    """The hydrate that comes before the page's on_load: a page just loaded sends its state's hashes, an open
    page connecting again does not."""
    payload = {CompileVars.PAYLOAD_HASHES: ["abc"]} if fresh else {}
    event = Event(name=event_names()[0], payload=payload, router_data=root.router_data)
    assert await ReconnectNote().preprocess(None, root, event) is None
    await _page_load(root, chained=True)


async def page_opened(root: State) -> None:
    """A page opened from the site: the browser sends the page-load event (no hydrate before it)."""
    await _page_load(root, chained=False)


async def _page_load(root: State, chained: bool) -> None:
    """Reflex's page-load event: the browser's carries its router data; the one a hydrate chains carries none."""
    event = Event(name=event_names()[1], payload={}, router_data={} if chained else root.router_data)
    assert await ReconnectNote().preprocess(None, root, event) is None
