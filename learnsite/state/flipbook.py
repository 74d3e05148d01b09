"""Flipbook viewer state: which book and the page index reported by the book's onFlip event."""

import reflex as rx

from learnsite.catalogue.library import FLIPBOOKS, find
from components.pageflip import flip_object_script, flip_script
from learnsite.state.content_lookup import route_id
from learnsite.state.reconnect import connected_again

BOOK_ID = "flipbook-book"  # the id (and so the ref) of the book on the page
# lets assets/js/read_aloud.js ask the book which pages are open (refs live inside Reflex's module)
EXPOSE_BOOK_JS = f"window.learnsiteFlipBook = () => {flip_object_script(BOOK_ID)}"
# the same book opened again from the site (its page stays mounted) goes back to its cover with the counter
TURN_TO_COVER_JS = f"{flip_object_script(BOOK_ID)}?.turnToPage(0)"


class FlipbookState(rx.State):
    flipbook_id: str = ""
    page_index: int = 0
    portrait: bool = False  # the book shows one page at a time (a narrow screen), not a spread
    loaded: bool = False

    def _count(self) -> int:
        book = find(FLIPBOOKS, self.flipbook_id)
        return len(book.pages) if book else 0

    @rx.event
    async def load(self):
        if await connected_again(self, self.flipbook_id):
            return  # the open page connected again: the book stays open where it was
        self.flipbook_id = route_id(self)
        self.page_index = 0  # portrait is the window's, kept: the same book opened again does not report it anew
        self.loaded = True
        return rx.call_script(TURN_TO_COVER_JS)

    @rx.event
    def oriented(self, mode: str):
        """onInit and onChangeOrientation from the book: "portrait" when it shows one page at a time."""
        self.portrait = mode == "portrait"

    @rx.event
    def flipped(self, index: int):
        """onFlip from the book: the index of the page now showing (the left one in a spread)."""
        try:
            index = int(index)
        except (TypeError, ValueError):
            return
        self.page_index = max(0, min(index, max(self._count() - 1, 0)))

    @rx.event
    def key_pressed(self, key: str, _info: dict | None = None):
        """Arrow keys turn the page, within the same limits as the buttons."""
        if key == "ArrowRight" and not self.next_disabled:
            return rx.call_script(flip_script(BOOK_ID, "flipNext"))
        if key == "ArrowLeft" and self.page_index > 0:
            return rx.call_script(flip_script(BOOK_ID, "flipPrev"))

    @rx.var
    def found(self) -> bool:
        return find(FLIPBOOKS, self.flipbook_id) is not None

    @rx.var
    def title(self) -> str:
        book = find(FLIPBOOKS, self.flipbook_id)
        return book.title if book else ""

    @rx.var
    def total(self) -> int:
        return self._count()

    @rx.var
    def previous_disabled(self) -> bool:
        return self.page_index <= 0

    @rx.var
    def next_disabled(self) -> bool:
        """SPEC §2: next is disabled when the index is at or beyond the page count minus 2: the last spread.
        A book showing one page at a time (the spec allows portrait) has one more page to go, "The End"."""
        return self.page_index >= self._count() - (1 if self.portrait else 2)
