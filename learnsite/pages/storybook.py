"""/storybook/{id}: one page at a time with a random transition; no wrap at the ends."""

import reflex as rx

from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, fresh, loaded_switch, nav_button, not_found, page_turn_keys
from learnsite.pages.read_aloud import read_aloud_controls, spoken_words
from learnsite.state.storybook import StorybookState as S


def book_view() -> rx.Component:
    return rx.el.article(
        rx.el.h1(S.title, class_name="content-title"),
        read_aloud_controls(),
        rx.el.div(
            rx.el.section(
                rx.el.img(src=S.image, alt=S.image_alt, class_name="story-picture", width="400", height="300"),
                rx.el.p(spoken_words(S.words), class_name="story-text", data_read_text="true"),
                key=S.page_index,
                class_name=S.animation_class,
                data_transition=S.transition,
            ),
            # the live region stays while its page is replaced: a region new to the page is not read out
            aria_live="polite",
            class_name="story-stage",
        ),
        rx.el.div(
            nav_button("previous", S.previous_page, S.is_first),
            rx.el.p(fresh("Page " + (S.page_index + 1).to_string() + " / " + S.total.to_string()),
                    class_name="content-counter"),
            nav_button("next", S.next_page, S.is_last, data_read_next="true"),
            class_name="content-nav",
        ),
        back_home_link(),
        page_turn_keys(S.key_pressed),
        class_name="content-card storybook-page",
        data_page_keys="true",
        data_read_aloud_root="storybook",
    )


@page(route="/storybook/[id]", on_load=S.load,
      title=item_page_title("Storybook", S.title, S.loaded, S.found))
def storybook() -> rx.Component:
    return loaded_switch(S.loaded, S.found, book_view(), not_found("Not Found", "This storybook does not exist."))
