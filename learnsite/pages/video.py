"""/video/{id}: a thumbnail with a play overlay, Like and Share: all show the coming-soon toast."""

import reflex as rx

from learnsite import toast
from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, loaded_switch, not_found
from learnsite.state.media import VideoState as S


def video_body() -> rx.Component:
    return rx.el.article(
        rx.el.h1(S.title, class_name="content-title"),
        rx.el.button(
            rx.el.img(src=S.image, alt="", class_name="video-thumb", width="640", height="360"),
            rx.el.span(rx.icon("play", size=44, aria_hidden="true"), class_name="video-play"),
            on_click=toast.coming_soon(), type="button", aria_label=S.title.to(str) + ": play video",
            class_name="video-frame",
        ),
        rx.el.p(S.description, class_name="content-lead"),
        rx.el.div(
            rx.el.button(rx.icon("thumbs-up", size=20, aria_hidden="true"), "Like", on_click=toast.coming_soon(),
                         type="button", class_name="content-button"),
            rx.el.button(rx.icon("share-2", size=20, aria_hidden="true"), "Share", on_click=toast.coming_soon(),
                         type="button", class_name="content-button content-button-soft"),
            class_name="content-actions",
        ),
        back_home_link(),
        class_name="content-card video-page",
    )


@page(route="/video/[id]", on_load=S.load,
      title=item_page_title("Video", S.title, S.loaded, S.found))
def video() -> rx.Component:
    return loaded_switch(S.loaded, S.found, video_body(),
                         not_found("Video Not Found", "We couldn't find this video. It may have moved."))
