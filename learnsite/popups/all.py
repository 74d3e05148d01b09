"""Every popup, rendered once per page (the header's category navigation opens them anywhere)."""

import reflex as rx

from learnsite.popups.age_group import activity_popup, age_group_popup
from learnsite.popups.category import category_popups
from learnsite.popups.dialog import focus_memory
from learnsite.popups.full_lists import (
    all_audiobooks_popup, all_presentations_popup, all_storybooks_popup, all_worksheets_popup,
)
from learnsite.popups.start_learning import all_activities_popup, start_learning_popup


def all_popups() -> rx.Component:
    return rx.fragment(
        focus_memory(),
        category_popups(),
        age_group_popup(),
        activity_popup(),
        start_learning_popup(),
        all_activities_popup(),
        all_presentations_popup(),
        all_storybooks_popup(),
        all_audiobooks_popup(),
        all_worksheets_popup(),
    )
