"""Importing a page module registers its pages with learnsite.layout.PAGES."""

from learnsite.pages import (  # noqa: F401
    account_pages,
    activity,
    admin,
    audiobook,
    chat,
    flipbook,
    home,
    not_found_page,
    password_reset,
    presentation,
    sheet_maker,
    song,
    storybook,
    video,
    worksheet,
)
