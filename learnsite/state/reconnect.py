"""An open page that connects again keeps its game.

Reflex sends a hydrate event, then runs the page's on_load, both when a page opens and when an open page's
websocket connects again (a phone put down and woken up, the network gone and back). The hydrate tells the two
apart: a page just loaded sends the hashes of the state it was built with, a page connecting again does not.
This middleware notes a reconnect on GameState, whose on_load handler (reset_game) then leaves the game be.
"""

from __future__ import annotations

from reflex.constants import CompileVars
from reflex.middleware import Middleware

from learnsite.state.content_lookup import route_id
from learnsite.state.game import GameState

HYDRATE = f".{CompileVars.HYDRATE_AND_LOAD}"


class ReconnectNote(Middleware):
    async def preprocess(self, app, state, event):
        if not event.name.endswith(HYDRATE):  # every event passes here: the others at the cost of this test
            return None
        payload = event.payload if isinstance(event.payload, dict) else {}
        game = await state.get_state(GameState)
        game._reconnected_on = "" if payload.get(CompileVars.PAYLOAD_HASHES) else route_id(state)
        return None
