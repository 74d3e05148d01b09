"""The seven learning-category popups (SPEC §2): worksheet, flipbook, video, song, book, powerpoint, audiobook."""

from __future__ import annotations

import reflex as rx

from learnsite.catalogue.home import CATEGORIES
from learnsite.catalogue.library import ages_label
from learnsite.catalogue.types import Category
from learnsite.popups.all_worksheets import open_all_worksheets
from learnsite.popups.dialog import coming_soon_buttons, popup
from learnsite.catalogue.filters import is_read_prompt, item_route
from learnsite.state.popups import CATEGORY_FLAGS, PopupState
from learnsite.state.worksheets import WorksheetBrowserState

# category type -> (label, event) of the button that opens the full list
FULL_LISTS = {
    "powerpoint": ("All Presentations", PopupState.open_all_presentations),
    "book": ("All Storybooks", PopupState.open_all_storybooks),
    "audiobook": ("All Audiobooks", PopupState.open_all_audiobooks),
}
PLAYLIST_TYPES = {"video", "song", "audiobook"}


def _item(category: Category, name: str) -> rx.Component:
    inner = [
        rx.box(rx.icon(category.icon, size=20, aria_hidden="true"), class_name="item-tile",
               background=category.color),
        rx.text(name, as_="span", weight="bold", class_name="item-name"),
        *([rx.badge(ages, variant="soft", radius="full", size="1", class_name="item-ages")]
          if (ages := ages_label(name)) else []),
        rx.icon("arrow-right", size=18, aria_hidden="true", class_name="item-arrow"),
    ]
    if is_read_prompt(name):
        return rx.el.button(*inner, type="button", class_name="popup-item",
                            on_click=PopupState.choose_item(category.type, name))
    return rx.link(*inner, href=item_route(category.type, name), class_name="popup-item", underline="none",
                   on_click=PopupState.close_all)


def _worksheet_popup(category: Category) -> rx.Component:
    return popup(
        CATEGORY_FLAGS["worksheet"],
        category.title,
        rx.image(src="/art/category/worksheet.svg", alt="A pencil drawing on a colourful worksheet",
                 class_name="popup-art"),
        # each opens All Worksheets showing that kind alone (as badges they looked like buttons and did nothing)
        rx.hstack(*[rx.button(name, size="2", variant="soft", color_scheme="orange", high_contrast=True,
                              on_click=WorksheetBrowserState.open_category(name), class_name="ws-category-button")
                    for name in category.items],
                  wrap="wrap", spacing="2", role="group", aria_label="Kinds of worksheet"),
        rx.hstack(
            rx.button(rx.icon("search", size=18, aria_hidden="true"), "Browse Worksheets", size="3",
                      on_click=open_all_worksheets(), class_name="cta-button"),
            rx.button(rx.icon("printer", size=18, aria_hidden="true"), "Find & Print", size="3", variant="soft",
                      on_click=open_all_worksheets(), class_name="cta-button"),
            rx.link(rx.icon("wand-sparkles", size=18, aria_hidden="true"), "Make a Worksheet",
                    href="/worksheets/maker", on_click=PopupState.close_all, underline="none",
                    class_name="cta-button ws-maker-link"),
            wrap="wrap",
            spacing="3",
        ),
        subtitle="Fun activities for everyone!",
        icon=category.icon,
        color=category.color,
    )


def _content_popup(category: Category) -> rx.Component:
    full = FULL_LISTS.get(category.type)
    buttons = ["Add to Favorites", "Share with Friends"] + (
        ["Add to Playlist"] if category.type in PLAYLIST_TYPES else [])
    return popup(
        CATEGORY_FLAGS[category.type],
        category.title,
        rx.el.ul(*[rx.el.li(_item(category, name)) for name in category.items], class_name="popup-list"),
        rx.button(rx.icon("library", size=18, aria_hidden="true"), full[0], size="3", on_click=full[1],
                  class_name="cta-button") if full else rx.fragment(),
        coming_soon_buttons(*buttons),
        subtitle=category.description,
        icon=category.icon,
        color=category.color,
    )


def category_popups() -> rx.Component:
    return rx.fragment(
        *[_worksheet_popup(c) if c.type == "worksheet" else _content_popup(c) for c in CATEGORIES]
    )
