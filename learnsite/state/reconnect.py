"""An open page that connects again keeps what the child was doing.

Reflex sends a hydrate event, then runs the page's on_load handlers, both when a page opens and when an open
page's websocket connects again (a phone put down and woken up, the network gone and back). The hydrate tells
the two apart: a page just loaded sends the hashes of the state it was built with, a page connecting again does
not. This middleware notes a reconnect's route for the on_load handlers that follow (`connected_again`), which
then keep the game, the storybook's page or the song playing instead of starting the page afresh. The note is
dropped by the next page the tab opens, so a page opened from the site starts afresh.
"""

from __future__ import annotations

import reflex as rx
from reflex.constants import CompileVars, RouteVar
from reflex.middleware import Middleware

from learnsite.state.content_lookup import route_id

HYDRATE = f".{CompileVars.HYDRATE_AND_LOAD}"
MAX_ROUTE = 300


class ReconnectState(rx.State):
    _route: str = ""  # the page (path and query) that has just connected again, "" when none has


def _route(state: rx.State) -> str:
    """The page's path and query (sent by the client: a longer one than any of ours is not noted)."""
    data = state.router_data if isinstance(state.router_data, dict) else {}
    route = data.get(RouteVar.ORIGIN, "")
    return route.split("#", 1)[0] if isinstance(route, str) and len(route) <= MAX_ROUTE else ""


async def connected_again(state: rx.State, shown_id: str) -> bool:
    """In an on_load handler of an [id] page: True when Reflex runs it because the open page connected again and
    `shown_id` (the id the state last loaded) is still the page's, so what the page shows can stay."""
    if not shown_id or shown_id != route_id(state):
        return False
    note = await state.get_state(ReconnectState)
    return note._route != "" and note._route == _route(state)


class ReconnectNote(Middleware):
    async def preprocess(self, app, state, event):
        name = event.name  # every event passes here: all but two kinds at the cost of these tests
        if name.endswith(HYDRATE):
            payload = event.payload if isinstance(event.payload, dict) else {}
            note = await state.get_state(ReconnectState)
            note._route = "" if payload.get(CompileVars.PAYLOAD_HASHES) else _route(state)
        elif name == CompileVars.ON_LOAD_INTERNAL:
            note = await state.get_state(ReconnectState)
            if note._route and note._route != _route(state):  # the tab has gone on to another page
                note._route = ""
        return None
