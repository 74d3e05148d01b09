"""/flipbook/{id}: a react-pageflip book with previous/next buttons and "Page N of M".

Each built-in book is rendered statically (rx.match on the id picks one): the book's children must be
plain DOM elements that never change, or react-pageflip loses its pages (components/pageflip.py).
"""

import reflex as rx

from components.pageflip import flip_book, flip_script
from learnsite.catalogue.library import FLIPBOOKS
from learnsite.catalogue.types import Flipbook
from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, fresh, loaded_switch, nav_button, not_found, page_turn_keys
from learnsite.pages.read_aloud import read_aloud_controls, static_words
from learnsite.state.flipbook import BOOK_ID, EXPOSE_BOOK_JS
from learnsite.state.flipbook import FlipbookState as S


def book_page(number: int, count: int, image: str, alt: str, text: str) -> rx.Component:
    """Page `number` (1-based); its words are spans the read-aloud script lights up."""
    hard = number in (1, count)  # covers are stiff pages
    return rx.el.div(
        rx.el.div(
            rx.el.img(src=image, alt=alt, class_name="flip-picture", width="400", height="300", draggable=False),
            rx.el.p(*static_words(text), class_name="flip-text", data_read_text="true", data_read_page=str(number - 1)),
            rx.el.span(f"{number}", class_name="flip-number", aria_hidden="true"),
            class_name="flip-page-inner",
        ),
        class_name="flip-page flip-cover" if hard else "flip-page",
        data_density="hard" if hard else "soft",
    )


def static_book(book: Flipbook) -> rx.Component:
    count = len(book.pages)
    return rx.el.div(
        rx.el.h1(book.title, class_name="content-title"),
        rx.el.div(
            flip_book(
                *[book_page(i + 1, count, p.image, p.image_alt, p.text) for i, p in enumerate(book.pages)],
                id=BOOK_ID,
                class_name="flip-book",
                on_flip=S.flipped,
                on_init=S.opened,
                on_change_orientation=S.oriented,
            ),
            class_name="flip-stage",
        ),
        class_name="flip-book-wrap",
    )


def controls() -> rx.Component:
    return rx.el.div(
        nav_button("previous", rx.call_script(flip_script(BOOK_ID, "flipPrev")), S.previous_disabled,
                   name="Previous page"),
        rx.el.p(fresh("Page " + (S.page_index + 1).to_string() + " of " + S.total.to_string()),
                class_name="content-counter", aria_live="polite",
                aria_atomic="true"),
        nav_button("next", rx.call_script(flip_script(BOOK_ID, "flipNext")), S.next_disabled, name="Next page",
                   data_read_next="true"),
        class_name="content-nav",
    )


def viewer() -> rx.Component:
    return rx.el.article(
        rx.match(S.flipbook_id, *[(book.id, static_book(book)) for book in FLIPBOOKS], rx.fragment()),
        read_aloud_controls(),
        controls(),
        rx.el.p("Tip: use the arrow keys or drag a page corner to turn the page.", class_name="content-hint desktop-hint"),
        back_home_link(),
        page_turn_keys(S.key_pressed),
        on_mount=rx.call_script(EXPOSE_BOOK_JS),
        class_name="flipbook-page",
        data_page_keys="true",
        data_read_aloud_root="flipbook",
    )


def missing() -> rx.Component:
    return not_found("Not Found", "This flipbook does not exist.")


@page(route="/flipbook/[id]", on_load=S.load,
      title=item_page_title("Flipbook", S.title, S.loaded, S.found))
def flipbook() -> rx.Component:
    return loaded_switch(S.loaded, S.found, viewer(), missing())
