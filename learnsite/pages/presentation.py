"""/powerpoint/{id}: one slide at a time, previous/next wrap around, "Slide n / total"."""

import reflex as rx

from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, fresh, loading, nav_button, page_turn_keys
from learnsite.state.presentation import PresentationState as S


def slide_view() -> rx.Component:
    return rx.el.article(
        rx.el.h1(S.title, class_name="content-title"),
        rx.el.div(
            rx.el.section(
                rx.el.figure(
                    rx.el.img(src=S.image, alt=S.image_alt, class_name="slide-picture", width="400", height="300"),
                    # the picture's alt text says it once for a screen reader
                    rx.el.figcaption(S.image_alt, class_name="slide-caption", aria_hidden="true"),
                    class_name="slide-figure",
                ),
                rx.el.p(S.text, class_name="slide-text"),
                key=S.slide_index,
                class_name="slide",
            ),
            aria_live="polite",  # kept while its slide is replaced, so the new slide is read out
        ),
        rx.el.div(
            nav_button("previous", S.previous_slide),
            rx.el.p(fresh("Slide " + (S.slide_index + 1).to_string() + " / " + S.total.to_string()),
                    class_name="content-counter"),
            nav_button("next", S.next_slide),
            class_name="content-nav",
        ),
        rx.el.p("Tip: use the arrow keys to move between slides.", class_name="content-hint desktop-hint"),
        back_home_link(),
        page_turn_keys(S.key_pressed),
        class_name="content-card presentation-page",
        data_page_keys="true",
    )


@page(route="/powerpoint/[id]", on_load=S.load,
      title=item_page_title("Presentation", S.title, S.loaded, S.found))
def presentation() -> rx.Component:
    return rx.cond(S.loaded, slide_view(), loading())
