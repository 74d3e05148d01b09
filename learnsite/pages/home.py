"""The home page (SPEC §2 "Home page"): hero, age groups, learning categories, today's specials,
feature teasers and the call to action. The popups themselves come with the header (learnsite.popups)."""

import reflex as rx

from learnsite.catalogue.home import AGE_GROUPS, CATEGORIES, FEATURED, age_group_art
from learnsite.catalogue.library import ages_tag
from learnsite.catalogue.types import AgeGroup, Category, Featured
from learnsite.games.activities import GAMES
from learnsite.layout import in_page_link, page
from learnsite.state.popups import PopupState
from learnsite.stars_badge import stars_badge
from learnsite.state.stars import StarsState

TEASERS = (
    ("shield-check", "Safe & Ad-Free", "No adverts, no trackers, nothing from other websites. Just learning."),
    ("printer", "Print & Play", "Worksheets that print beautifully for the kitchen table or the classroom."),
    ("music", "Sing, Watch & Listen", "Songs, cartoons and audiobooks for every kind of learner."),
    ("smile", "Made for Little Hands", "Big buttons, bright colours and simple steps kids can follow."),
)


def section(section_id: str, title: str, subtitle: str, *children, class_name: str = "") -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, class_name="section-title", id=f"{section_id}-title"),
        rx.text(subtitle, class_name="section-subtitle"),
        *children,
        id=section_id,
        aria_labelledby=f"{section_id}-title",
        class_name=f"home-section {class_name}".strip(),
    )


def hero() -> rx.Component:
    return rx.el.section(
        rx.box(
            rx.el.h1("Learning is an ", rx.el.span("Adventure!", class_name="hero-pop"), class_name="hero-title"),
            rx.text("Worksheets, stories, songs, videos and games for curious kids aged 3 to 10. "
                    "Pick an age or a topic and start exploring!", class_name="hero-text"),
            rx.hstack(
                in_page_link(rx.icon("baby", size=18, aria_hidden="true"), "Find Your Age", href="#age-groups",
                             class_name="hero-link"),
                in_page_link(rx.icon("sparkles", size=18, aria_hidden="true"), "See Today's Specials",
                             href="#featured", class_name="hero-link hero-link-alt"),
                wrap="wrap",
                spacing="3",
            ),
            class_name="hero-copy",
        ),
        rx.image(src="/art/hero.svg", alt="Happy children reading under a rainbow with stars and a rocket",
                 class_name="hero-art"),
        class_name="hero",
        aria_label="Welcome",
    )


def age_card(group: AgeGroup) -> rx.Component:
    return rx.el.article(
        rx.image(src=age_group_art(group), alt="", class_name="card-art"),
        rx.el.h3(
            rx.el.button(group.age, type="button", class_name="stretched",
                         on_click=PopupState.open_age_group(group.type)),
            class_name="card-title",
        ),
        rx.text(group.activities, class_name="card-text"),
        rx.text("4 activities", rx.icon("arrow-right", size=16, aria_hidden="true"), class_name="card-more"),
        class_name="home-card age-card",
        style={"--card-color": group.color},
    )


def category_card(category: Category) -> rx.Component:
    return rx.el.article(
        rx.box(rx.icon(category.icon, size=30, aria_hidden="true"), class_name="category-icon",
               background=category.color),
        rx.el.h3(
            rx.el.button(category.title, type="button", class_name="stretched",
                         on_click=PopupState.open_category(category.type)),
            class_name="card-title",
        ),
        rx.text(category.description, class_name="card-text"),
        rx.el.ul(*[rx.el.li(name) for name in category.items], class_name="category-items"),
        class_name="home-card category-card",
        style={"--card-color": category.color},
    )


def featured_card(item: Featured) -> rx.Component:
    return rx.el.article(
        rx.image(src=item.image, alt=item.image_alt, class_name="featured-art"),
        rx.hstack(
            rx.box(rx.icon(item.icon, size=20, aria_hidden="true"), class_name="featured-icon",
                   background=item.color),
            rx.el.h3(rx.el.a(item.title, href=f"/activity/{item.id}", class_name="stretched"),
                     class_name="card-title"),
            stars_badge(item.id),
            align="center",
            spacing="2",
        ),
        rx.text(item.description, class_name="card-text"),
        rx.badge(ages_tag(GAMES[item.id].band), variant="soft", radius="full", size="2", class_name="card-ages"),
        rx.hstack(
            # three of them: each named with its game after the words shown (a voice-control user can say
            # "click Download Now Shape Safari"; a screen reader's list of links tells them apart)
            rx.el.a(rx.icon("download", size=18, aria_hidden="true"), "Download Now!",
                    href=f"/activity/{item.id}", class_name="download-link above-stretch",
                    aria_label=f"Download Now! {item.title}"),
            rx.icon_button(rx.icon("info", size=18, aria_hidden="true"), variant="soft", radius="full",
                           aria_label=f"About {item.title}", class_name="above-stretch",
                           on_click=PopupState.open_activity(item.id)),
            align="center",
            justify="between",
            width="100%",
            wrap="wrap",  # (i) goes under the button when the reader's bigger text leaves no room beside it
        ),
        class_name="home-card featured-card",
        style={"--card-color": item.color},
    )


def browse_all_button() -> rx.Component:
    return rx.button(rx.icon("search", size=18, aria_hidden="true"), "Browse All Activities", size="4",
                     on_click=PopupState.open_all_activities, class_name="cta-button")


def teasers() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Why Families Love Learnsite", class_name="section-title", id="teasers-title"),
        rx.box(
            *[
                rx.box(rx.icon(icon, size=28, aria_hidden="true", class_name="teaser-icon"),
                       rx.el.h3(title, class_name="teaser-title"), rx.text(text, class_name="card-text"),
                       class_name="teaser")
                for icon, title, text in TEASERS
            ],
            class_name="teaser-grid",
        ),
        id="teasers",
        aria_labelledby="teasers-title",
        class_name="home-section",
    )


def call_to_action() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Ready to Start Your Learning Adventure?", class_name="cta-title", id="cta-title"),
        rx.text("Every click is a new discovery. Jump in and have fun!", class_name="cta-text"),
        rx.hstack(
            rx.button(rx.icon("rocket", size=18, aria_hidden="true"), "Start Learning Now!", size="4",
                      on_click=PopupState.open_start_learning, class_name="cta-button cta-primary"),
            rx.button(rx.icon("search", size=18, aria_hidden="true"), "Browse All Activities", size="4",
                      variant="outline", on_click=PopupState.open_all_activities, class_name="cta-button cta-light"),
            wrap="wrap",
            justify="center",
            spacing="3",
        ),
        id="get-started",
        aria_labelledby="cta-title",
        class_name="cta-block",
    )


@page(route="/", title=PopupState.host_title, on_load=[PopupState.load_home, StarsState.load_stars])
def home() -> rx.Component:
    return rx.box(
        hero(),
        section("age-groups", "Learning for Every Age", "Choose an age group to see activities made just right.",
                rx.box(*[age_card(g) for g in AGE_GROUPS], class_name="age-grid")),
        section("categories", "Learning Categories", "Worksheets, books, videos and songs: how do you like to learn?",
                rx.box(*[category_card(c) for c in CATEGORIES], class_name="category-grid")),
        section("featured", "Today's Special Activities", "Fresh picks for today. Tap one to start!",
                rx.box(*[featured_card(f) for f in FEATURED], class_name="featured-grid"),
                rx.box(browse_all_button(), class_name="center-row")),
        teasers(),
        call_to_action(),
        class_name="home",
    )
