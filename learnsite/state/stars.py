"""A signed-in player's best stars per activity (learnsite.stars_badge shows them).

Visitors have no stars and see no badge; nothing here asks anyone to sign in.

For the games state, after a finish the server has scored:

    stars_state = await self.get_state(StarsState)
    best = await stars_state._set_best(activity_id, stars)   # None for a visitor or a refusal
"""

from __future__ import annotations

import asyncio
import logging

import reflex as rx

from learnsite.services import stars
from learnsite.state.auth import AuthState

log = logging.getLogger("learnsite.stars")



class StarsState(rx.State):
    # {activity_id: 1..3}, at most one per catalogue activity; empty for a visitor
    best: dict[str, int] = {}

    @rx.event
    async def load_stars(self):
        """The signed-in player's best stars (nothing for a visitor)."""
        user = await AuthState.user_of(self)
        if user is None:
            self.best = {}
            return
        try:
            self.best = await asyncio.to_thread(stars.best_stars, user.id)
        except Exception:  # the database is away: show no stars rather than an error
            log.exception("could not load stars")

    async def _set_best(self, activity_id: str, count: int) -> int | None:
        """Save a finished game's stars for the signed-in player (the best is kept); the best now stored.

        Not an event: only server code that scored the game calls it. None for a visitor, an unknown
        activity or stars outside 1..3.
        """
        user = await AuthState.user_of(self)
        if user is None:
            return None
        try:
            best = await asyncio.to_thread(stars.record_best, user.id, activity_id, count)
        except ValueError as e:  # the server's own score and activity: a fault to hear of, not a forged move
            log.warning("stars not saved for %s: %s", activity_id, e)
            return None
        self.best = {**self.best, activity_id: best}
        return best
