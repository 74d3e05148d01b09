"""Importing a page module registers its pages with learnsite.layout.PAGES."""

from learnsite.pages import home  # noqa: F401
