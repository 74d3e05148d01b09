"""Activity page state: which built-in activity the route names (the game itself: state/game.py)."""

import reflex as rx

from learnsite.catalogue.library import ACTIVITIES, find
from learnsite.games import activities as games
from learnsite.state.content_lookup import route_id


class ActivityState(rx.State):
    activity_id: str = ""
    loaded: bool = False

    @rx.event
    def load(self):
        self.activity_id = route_id(self)
        self.loaded = True

    @rx.var
    def found(self) -> bool:
        return find(ACTIVITIES, self.activity_id) is not None

    @rx.var
    def title(self) -> str:
        item = find(ACTIVITIES, self.activity_id)
        return item.title if item else "Not Found"

    @rx.var
    def description(self) -> str:
        item = find(ACTIVITIES, self.activity_id)
        return item.description if item else "This activity could not be found."

    @rx.var
    def image(self) -> str:
        item = find(ACTIVITIES, self.activity_id)
        return item.image if item else ""

    @rx.var
    def facts(self) -> list[str]:
        """The game's age band, rounds and reading aloud, as short chips under the description."""
        return games.facts(self.activity_id) if self.found else []

    @rx.var
    def reads_by_itself(self) -> bool:
        return games.reads_by_itself(self.activity_id)

    @rx.var
    def next_game(self) -> dict[str, str]:
        """The next game for the same ages, for the finish screen's "Next game": its id, title and picture (all ""
        when there is none)."""
        item = find(ACTIVITIES, games.next_game(self.activity_id)) if self.found else None
        if item is None:
            return {"id": "", "title": "", "image": ""}
        return {"id": item.id, "title": item.title, "image": item.image}
