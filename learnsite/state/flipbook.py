"""Flipbook viewer state: which book and the page index reported by the book's onFlip event. The page shows in
the address (?page=N), so a reload, Back or a copied link opens the book on it (the book starts there)."""

import reflex as rx

from learnsite.catalogue.library import FLIPBOOKS, find
from components.pageflip import flip_object_script, flip_script
from learnsite.state.content_lookup import address_js, page_step, route_id, route_page
from learnsite.state.reconnect import connected_again

BOOK_ID = "flipbook-book"  # the id (and so the ref) of the book on the page
# lets assets/js/read_aloud.js ask the book which pages are open (refs live inside Reflex's module)
EXPOSE_BOOK_JS = f"window.learnsiteFlipBook = () => {flip_object_script(BOOK_ID)}"


def turn_to_js(index: int) -> str:
    """JavaScript turning the book on the page to page `index`, without a flip (a no-op before the book exists). The
    same book opened again from the site stays mounted: load turns it to the page the counter shows."""
    return f"{flip_object_script(BOOK_ID)}?.turnToPage({int(index)})"


class FlipbookState(rx.State):
    flipbook_id: str = ""
    page_index: int = 0
    portrait: bool = False  # the book shows one page at a time (a narrow screen), not a spread
    loaded: bool = False

    def _count(self) -> int:
        book = find(FLIPBOOKS, self.flipbook_id)
        return len(book.pages) if book else 0

    def _address(self):
        book = find(FLIPBOOKS, self.flipbook_id)
        return rx.call_script(address_js(f"/flipbook/{book.id}", self.page_index)) if book else None

    @rx.event
    async def load(self):
        if await connected_again(self, self.flipbook_id):
            # the open page connected again: the book stays open where it was, and the address says so (a turn whose
            # reply was lost on the way left it a page behind)
            return self._address()
        self.flipbook_id = route_id(self)
        # portrait is the window's, kept: the same book opened again does not report it anew
        self.page_index = route_page(self, self._count())
        self.loaded = True
        address = self._address()
        return [rx.call_script(turn_to_js(self.page_index)), address] if address else None

    @rx.event
    def opened(self, mode: str):
        """onInit from the book, which is made at its cover: it turns to the page load read from the address. A page
        loaded again makes its book only after load has answered. (Not a `start_page` prop from the state: the book's
        wrapper would then re-render, and the book rebuild its pages, on every turn.)"""
        self.portrait = mode == "portrait"
        return rx.call_script(turn_to_js(self.page_index)) if self.page_index else None

    @rx.event
    def oriented(self, mode: str):
        """onChangeOrientation from the book: "portrait" when it shows one page at a time."""
        self.portrait = mode == "portrait"

    @rx.event
    def flipped(self, index: int):
        """onFlip from the book: the index of the page now showing (the left one in a spread)."""
        try:
            index = int(index)
        except (TypeError, ValueError):
            return
        self.page_index = max(0, min(index, max(self._count() - 1, 0)))
        return self._address()

    @rx.event
    def key_pressed(self, key: str, _info: dict | None = None):
        """The arrow keys (and a clicker's Page Down and Page Up) turn the page, within the same limits as the
        buttons."""
        step = page_step(key)
        if step > 0 and not self.next_disabled:
            return rx.call_script(flip_script(BOOK_ID, "flipNext"))
        if step < 0 and self.page_index > 0:
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
