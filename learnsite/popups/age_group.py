"""The age-group popup (one of four groups, four activities each) and the activity popup."""

from __future__ import annotations

import reflex as rx

from learnsite import toast
from learnsite.catalogue.home import AGE_GROUPS
from learnsite.catalogue.library import ACTIVITIES
from learnsite.catalogue.types import AgeGroup
from learnsite.popups.dialog import coming_soon_buttons, popup
from learnsite.state.popups import PopupState
from learnsite.stars_badge import stars_badge
from learnsite.state.stars import StarsState

PICTURES = {activity.id: activity.image for activity in ACTIVITIES}


def play_link(name: str | rx.Var, activity_id: str | rx.Var) -> rx.Component:
    return rx.link(rx.icon("play", size=16, aria_hidden="true"), "Play ", name,
                   href="/activity/" + activity_id, class_name="play-link", underline="none",
                   on_click=PopupState.close_all)


def _picture_link(activity_id: str) -> rx.Component:
    """The game's own picture, a way in for a child who cannot read the names yet (four stars alike were no help):
    a tap on it plays, as "Play ..." beside it does; only that one link is in the keyboard's and screen reader's
    way, so the same place is not said twice."""
    return rx.link(
        rx.el.img(src=PICTURES[activity_id], alt="", width="80", height="60", class_name="age-activity-picture"),
        href="/activity/" + activity_id, on_click=PopupState.close_all, tab_index=-1, aria_hidden="true",
        class_name="age-activity-art",
    )


def _group_body(group: AgeGroup) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                _picture_link(activity_id),
                rx.text(name, as_="span", weight="bold", class_name="item-name"),
                stars_badge(activity_id),
                rx.icon_button(rx.icon("info", size=16, aria_hidden="true"), variant="ghost", radius="full",
                               aria_label=f"About {name}", on_click=PopupState.open_activity(activity_id)),
                play_link(name, activity_id),
                class_name="age-activity",
            )
            for activity_id, name in group.popup_activities
        ],
        class_name="popup-list",
        on_mount=StarsState.load_stars,
    )


def _fallback() -> rx.Component:
    return rx.vstack(
        rx.text("More activities for this age are on their way!"),
        rx.button("Tell me when", variant="soft", on_click=toast.coming_soon()),
    )


def age_group_popup() -> rx.Component:
    title = rx.match(PopupState.age_group, *[(g.type, f"{g.age} Activities") for g in AGE_GROUPS], "Activities")
    subtitle = rx.match(PopupState.age_group, *[(g.type, g.activities) for g in AGE_GROUPS], "")
    return popup(
        "age_group_open",
        title,
        rx.match(PopupState.age_group, *[(g.type, _group_body(g)) for g in AGE_GROUPS], _fallback()),
        subtitle=subtitle,
        icon="graduation-cap",
    )


def activity_popup() -> rx.Component:
    info = PopupState.activity
    return popup(
        "activity_open",
        info["title"],
        rx.image(src=info["image"], alt="", class_name="popup-art"),
        rx.hstack(play_link(info["title"], info["id"]), wrap="wrap"),
        coming_soon_buttons("Add to Favorites", "Share with Friends"),
        subtitle=info["description"],
        icon="sparkles",
        color=info["color"],
    )
