"""Activity page state: which built-in activity the route names."""

import reflex as rx

from learnsite.catalogue.library import ACTIVITIES, find
from learnsite.state.content_lookup import route_id
from learnsite.toast import notify


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

    @rx.event
    def start_playing(self):
        item = find(ACTIVITIES, self.activity_id)
        if item is None:
            return None
        return notify("Get Ready to Play!", f"{item.title} would start now. The game is a placeholder for now.",
                      level="success")
