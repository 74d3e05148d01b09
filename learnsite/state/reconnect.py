"""An open page that connects again keeps what the child was doing.

Reflex sends a hydrate event, then runs the page's on_load handlers, both when a page opens and when an open
page's websocket connects again (a phone put down and woken up, the network gone and back). The hydrate tells
the two apart: a page just loaded sends the hashes of the state it was built with, a page connecting again does
not (nor does a retry of a first connection that failed, so a reconnect must also be to the page last shown).
This middleware notes such a reconnect's route for the on_load handlers that follow (`connected_again`), which
then keep the game, the storybook's page or the song playing instead of starting the page afresh. Any page the
browser opens itself (a link within the site, the same page again included) drops the note.
"""

from __future__ import annotations

import functools
from urllib.parse import parse_qsl, urlencode

import reflex as rx
from reflex.constants import CompileVars, RouteVar
from reflex.middleware import Middleware
from reflex.state import OnLoadInternalState, State
from reflex_base.utils.format import format_event_handler

from learnsite.state.content_lookup import route_id

MAX_ROUTE = 300


class ReconnectState(rx.State):
    _route: str = ""  # the page (path and query) that has just connected again, "" when none has
    _shown: str = ""  # the page the tab last loaded


@functools.cache
def event_names() -> tuple[str, str]:
    """The full names of Reflex's hydrate event and of its page-load event (as the browser sends them)."""
    return (format_event_handler(State.event_handlers[CompileVars.HYDRATE_AND_LOAD]),
            format_event_handler(OnLoadInternalState.event_handlers["on_load_internal"]))


def _route(state: rx.State) -> str:
    """The page's path and query (sent by the client: a longer one than any of ours is not noted), without the
    viewers' ?page=: they rewrite it in place as the child turns pages (content_lookup.address_js), and it
    is still the page that was shown."""
    data = state.router_data if isinstance(state.router_data, dict) else {}
    route = data.get(RouteVar.ORIGIN, "")
    if not isinstance(route, str) or len(route) > MAX_ROUTE:
        return ""
    path, _, query = route.split("#", 1)[0].partition("?")
    # read as pairs, as address_js writes them back (URLSearchParams: "?ref" comes back "?ref=", "%20" as "+")
    kept = sorted((k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "page")
    return f"{path}?{urlencode(kept)}" if kept else path


async def page_connected_again(state: rx.State) -> bool:
    """In an on_load handler: True when Reflex runs it because the open page connected again (not opened)."""
    note = await state.get_state(ReconnectState)
    return note._route != "" and note._route == _route(state)


async def connected_again(state: rx.State, shown_id: str) -> bool:
    """In an on_load handler of an [id] page: True when Reflex runs it because the open page connected again and
    `shown_id` (the id the state last loaded) is still the page's, so what the page shows can stay."""
    if not shown_id or shown_id != route_id(state):
        return False
    return await page_connected_again(state)


class ReconnectNote(Middleware):
    async def preprocess(self, app, state, event):
        hydrate, page_load = event_names()
        name = event.name  # every event passes here: all but these two at the cost of two comparisons
        if name == hydrate:
            payload = event.payload if isinstance(event.payload, dict) else {}
            note = await state.get_state(ReconnectState)
            route = _route(state)
            again = route != "" and route == note._shown and not payload.get(CompileVars.PAYLOAD_HASHES)
            note._route, note._shown = (route if again else ""), route
        elif name == page_load and event.router_data:  # sent by the browser (the hydrate's own carries none)
            note = await state.get_state(ReconnectState)
            note._route, note._shown = "", _route(state)
        return None
