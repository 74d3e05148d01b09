"""Presentation viewer state: which presentation, which slide. Navigation wraps at both ends. The slide shows in
the address (?page=N), so a reload, Back or a copied link opens the slideshow on it."""

import reflex as rx

from learnsite.catalogue.library import NOT_FOUND_ART, PRESENTATIONS, find
from learnsite.catalogue.types import Page, Presentation
from learnsite.state.content_lookup import address_js, page_step, route_id, route_page
from learnsite.state.reconnect import connected_again

MISSING = Presentation("", "Not Found", (Page(NOT_FOUND_ART, "A sad face", "This presentation does not exist."),))


class PresentationState(rx.State):
    presentation_id: str = ""
    slide_index: int = 0
    loaded: bool = False

    def _presentation(self) -> Presentation:
        return find(PRESENTATIONS, self.presentation_id) or MISSING

    def _move(self, step: int):
        self.slide_index = (self.slide_index + step) % len(self._presentation().slides)
        return self._address()

    def _address(self):
        shown = find(PRESENTATIONS, self.presentation_id)
        return rx.call_script(address_js(f"/powerpoint/{shown.id}", self.slide_index)) if shown else None

    @rx.event
    async def load(self):
        if await connected_again(self, self.presentation_id):
            # the open page connected again: the slide stays, and the address says so (a turn whose
            # reply was lost on the way left it a page behind)
            return self._address()
        self.presentation_id = route_id(self)
        self.slide_index = route_page(self, len(self._presentation().slides))
        self.loaded = True
        return self._address()

    @rx.event
    def next_slide(self):
        return self._move(1)

    @rx.event
    def previous_slide(self):
        return self._move(-1)

    @rx.event
    def key_pressed(self, key: str, _info: dict | None = None):
        if step := page_step(key):
            return self._move(step)

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
