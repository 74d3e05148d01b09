"""The events Reflex sends as a page opens or connects again, passed through the app's ReconnectNote."""

from __future__ import annotations

from reflex.constants import CompileVars
from reflex.event import Event
from reflex.state import State

from learnsite.state.reconnect import ReconnectNote


def go_to(root: State, path: str, query: str = "") -> None:
    """The router data of the tab's next event: the page at path?query."""
    root.router_data = dict(root.router_data, pathname=path, asPath=f"{path}?{query}" if query else path,
                            query=dict(p.split("=", 1) for p in query.split("&") if "=" in p))


async def hydrate(root: State, fresh: bool) -> None:
    """The hydrate that comes before the page's on_load: a page just loaded sends its state's hashes, an open
    page connecting again does not."""
    payload = {CompileVars.PAYLOAD_HASHES: ["abc"]} if fresh else {}
    event = Event(name=f"{State.get_full_name()}.{CompileVars.HYDRATE_AND_LOAD}", payload=payload)
    assert await ReconnectNote().preprocess(None, root, event) is None


async def page_opened(root: State) -> None:
    """The on_load event of a page opened from the site (no hydrate before it)."""
    assert await ReconnectNote().preprocess(None, root, Event(name=CompileVars.ON_LOAD_INTERNAL, payload={})) is None
