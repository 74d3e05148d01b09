"""Presentation viewer state: which presentation, which slide. Navigation wraps at both ends."""

import reflex as rx

from learnsite.catalogue.library import NOT_FOUND_ART, PRESENTATIONS, find
from learnsite.catalogue.types import Page, Presentation
from learnsite.state.content_lookup import route_id
from learnsite.state.reconnect import connected_again

MISSING = Presentation("", "Not Found", (Page(NOT_FOUND_ART, "A sad face", "This presentation does not exist."),))


class PresentationState(rx.State):
    presentation_id: str = ""
    slide_index: int = 0
    loaded: bool = False

    def _presentation(self) -> Presentation:
        return find(PRESENTATIONS, self.presentation_id) or MISSING

    @rx.event
    async def load(self):
        if await connected_again(self, self.presentation_id):
            return  # the open page connected again: the slide stays
        self.presentation_id = route_id(self)
        self.slide_index = 0
        self.loaded = True

    @rx.event
    def next_slide(self):
        self.slide_index = (self.slide_index + 1) % len(self._presentation().slides)

    @rx.event
    def previous_slide(self):
        self.slide_index = (self.slide_index - 1) % len(self._presentation().slides)

    @rx.event
    def key_pressed(self, key: str, _info: dict | None = None):
        if key == "ArrowRight":
            self.next_slide()
        elif key == "ArrowLeft":
            self.previous_slide()

    def _slide(self) -> Page:
        slides = self._presentation().slides
        return slides[self.slide_index % len(slides)]

    @rx.var
    def found(self) -> bool:
        return find(PRESENTATIONS, self.presentation_id) is not None

    @rx.var
    def title(self) -> str:
        return self._presentation().title

    @rx.var
    def total(self) -> int:
        return len(self._presentation().slides)

    @rx.var
    def image(self) -> str:
        return self._slide().image

    @rx.var
    def image_alt(self) -> str:
        return self._slide().image_alt

    @rx.var
    def text(self) -> str:
        return self._slide().text
