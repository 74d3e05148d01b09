"""Storybook viewer state: page index (moves only within range), direction and a random transition. The page
shows in the address (?page=N), so a reload, Back or a copied link opens the book where the child was."""

import random

import reflex as rx

from learnsite.catalogue.library import STORYBOOKS, find
from learnsite.state.content_lookup import address_js, page_step, route_id, route_page
from learnsite.state.reconnect import connected_again

# CSS animation classes in assets/css/content.css
TRANSITIONS = ("slide-horizontal", "slide-vertical", "flip-horizontal", "flip-vertical")


class StorybookState(rx.State):
    storybook_id: str = ""
    page_index: int = 0
    direction: str = "forward"  # or "back"
    transition: str = TRANSITIONS[0]
    loaded: bool = False

    def _count(self) -> int:
        book = find(STORYBOOKS, self.storybook_id)
        return len(book.pages) if book else 0

    def _address(self):
        book = find(STORYBOOKS, self.storybook_id)
        return rx.call_script(address_js(f"/storybook/{book.id}", self.page_index)) if book else None

    def _turn_to(self, index: int):
        if 0 <= index < self._count() and index != self.page_index:
            self.direction = "forward" if index > self.page_index else "back"
            self.page_index = index
            self.transition = random.choice(TRANSITIONS)
            return self._address()

    @rx.event
    async def load(self):
        if await connected_again(self, self.storybook_id):
            # the open page connected again: the child's page stays, and the address says so (a turn whose
            # reply was lost on the way left it a page behind)
            return self._address()
        self.storybook_id = route_id(self)
        self.page_index = route_page(self, self._count())
        self.direction = "forward"
        self.transition = random.choice(TRANSITIONS)
        self.loaded = True
        return self._address()

    @rx.event
    def next_page(self):
        return self._turn_to(self.page_index + 1)

    @rx.event
    def previous_page(self):
        return self._turn_to(self.page_index - 1)

    @rx.event
    def key_pressed(self, key: str, _info: dict | None = None):
        if step := page_step(key):
            return self._turn_to(self.page_index + step)

    @rx.var
    def found(self) -> bool:
        return find(STORYBOOKS, self.storybook_id) is not None

    @rx.var
    def title(self) -> str:
        book = find(STORYBOOKS, self.storybook_id)
        return book.title if book else "Not Found"

    @rx.var
    def total(self) -> int:
        return self._count()

    @rx.var
    def is_first(self) -> bool:
        return self.page_index <= 0

    @rx.var
    def is_last(self) -> bool:
        return self.page_index >= self._count() - 1

    def _page(self):
        book = find(STORYBOOKS, self.storybook_id)
        return book.pages[min(self.page_index, len(book.pages) - 1)] if book else None

    @rx.var
    def image(self) -> str:
        p = self._page()
        return p.image if p else ""

    @rx.var
    def image_alt(self) -> str:
        p = self._page()
        return p.image_alt if p else ""

    @rx.var
    def text(self) -> str:
        p = self._page()
        return p.text if p else ""

    @rx.var
    def words(self) -> list[str]:
        """The page's text word by word, for the read-aloud highlight."""
        return self.text.split()

    @rx.var
    def animation_class(self) -> str:
        return f"story-page anim-{self.transition} dir-{self.direction}"
