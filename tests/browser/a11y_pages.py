"""Every page and state a user meets, in one list: the accessibility test (test_accessibility.py) runs
axe-core on each at 1280 and 375 px. A new page or popup: add a Visit here (a path, and a setup that
brings the page to the state, as a user would: clicks, by role and text).

The header's Explore button (375 px only) opens the same Start Learning popup as the home page's button.
`who` signs in first: None (a visitor), "user" or "admin" (accounts made once per test session).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Literal

from playwright.sync_api import Page, expect

from tests.browser.fake_speech import NO_VOICE
from tests.browser.test_games import click_round, play_to_the_end


@dataclass(frozen=True)
class Visit:
    name: str
    path: str
    setup: Callable[[Page], None] | None = None
    who: Literal["user", "admin"] | None = None
    hydrates: bool = True  # False: a static page (no Reflex state to wait for)


def _dialog(page: Page, name: str | None = None) -> None:
    dialog = page.get_by_role("dialog", name=name) if name else page.get_by_role("dialog")
    expect(dialog).to_be_visible()


def category(title: str, then: str | None = None, full_list: str | None = None):
    """The category popup opened from its home card; `then` clicks a button inside it (a full list)."""
    def setup(page: Page) -> None:
        page.get_by_role("region", name="Learning Categories").get_by_role("button", name=title, exact=True).click()
        _dialog(page, title)
        if then:
            page.get_by_role("dialog").get_by_role("button", name=then).click()
            _dialog(page, full_list or then)
    return setup


def click(button: str, dialog: str | None = None, region: str | None = None):
    def setup(page: Page) -> None:
        scope = page.get_by_role("region", name=region) if region else page
        scope.get_by_role("button", name=button, exact=True).first.click()
        _dialog(page, dialog)
    return setup


def _play_song(page: Page) -> None:
    page.get_by_role("button", name="Play").click()


def _send_message(page: Page) -> None:
    box = page.get_by_placeholder("Type a message...")
    box.fill("Hello from the accessibility check")
    box.press("Enter")
    expect(page.get_by_role("log").get_by_text("Hello from the accessibility check").first).to_be_visible()


def _ask_remove(page: Page) -> None:
    """An administrator's chat: a message with its Remove button, and one asking "for everyone?"."""
    _send_message(page)
    _send_message(page)
    page.get_by_role("log").get_by_role("button", name="Remove message").last.click()
    expect(page.get_by_role("group", name="Remove this message?")).to_be_visible()


def _start_game(page: Page) -> None:
    page.get_by_role("button", name="Start Playing!").click()
    expect(page.locator("#game-board")).to_be_visible()


def _sort_one_shape(page: Page) -> None:
    """Shape Sorting with a shape already in its home (drawn inside the home's button)."""
    _start_game(page)
    things = page.get_by_role("group", name="Things to sort")
    shape = (things.get_by_role("button").first.get_attribute("aria-label") or "").split()[-1]
    things.get_by_role("button").first.click()
    page.get_by_role("button", name=f"{shape.capitalize()} home").click()
    expect(page.locator(".game-placed-picture")).to_have_count(1)


def _finish_game(page: Page) -> None:
    """Animal Sounds played to its finish screen: the stars, Play Again and the next game with its picture."""
    _start_game(page)
    play_to_the_end(page, click_round)
    expect(page.get_by_role("link", name=re.compile("^Next game: "))).to_be_visible()


def _no_voice_said(page: Page) -> None:
    expect(page.get_by_text(NO_VOICE)).to_be_visible()


def _preview_sheet(page: Page) -> None:
    expect(page.get_by_role("img", name=re.compile("preview", re.I)).first).to_be_visible()


CATEGORIES = ["Printable Worksheets", "Interactive Flipbooks", "Animated Videos", "Phonics Songs",
              "Bedtime Storybooks", "Slide Presentations", "Listening Audiobooks"]

VISITS: list[Visit] = [
    # the home page and every popup it opens
    Visit("home", "/"),
    *[Visit(f"popup: {title}", "/", category(title)) for title in CATEGORIES],
    Visit("popup: All Worksheets", "/", category("Printable Worksheets", "Browse Worksheets", "All Worksheets")),
    Visit("popup: All Storybooks", "/", category("Bedtime Storybooks", "All Storybooks")),
    Visit("popup: All Presentations", "/", category("Slide Presentations", "All Presentations")),
    Visit("popup: All Audiobooks", "/", category("Listening Audiobooks", "All Audiobooks")),
    Visit("popup: Start Learning", "/", click("Start Learning Now!")),
    Visit("popup: All Activities", "/", click("Browse All Activities", "Explore All Activities")),
    Visit("popup: age group", "/", click("Ages 5-6", "Ages 5-6 Activities", region="Learning for Every Age")),
    Visit("popup: activity", "/", click("About Shape Safari", "Shape Safari")),
    # one page of each content route family, and its not-found state
    Visit("activity", "/activity/rainbow-math"),
    # a game of every kind, playing
    *[Visit(f"game: {activity}", f"/activity/{activity}", _start_game) for activity in (
        "animal-sounds", "number-counting", "color-matching", "shape-sorting", "math-whiz", "story-starter",
        "letter-tracing", "reading-comp")],
    Visit("game: shape-sorting, a shape in its home", "/activity/shape-sorting", _sort_one_shape),
    Visit("game: animal-sounds, the finish screen", "/activity/animal-sounds", _finish_game),
    Visit("flipbook", "/flipbook/farm-friends"),
    Visit("video", "/video/how-plants-grow"),
    Visit("song (playing)", "/song/five-little-ducks", _play_song),
    Visit("storybook", "/storybook/jungle-friends"),
    Visit("presentation", "/powerpoint/dinosaur-facts"),
    Visit("audiobook", "/audiobook/the-tortoise-and-the-hare"),
    Visit("storybook (read-to-me controls, no device voice)", "/storybook/the-magical-forest", _no_voice_said),
    # the worksheet maker, as a visitor (with a preview) and as an admin (with the library form)
    Visit("worksheet maker", "/worksheets/maker", _preview_sheet),
    Visit("worksheet maker (admin)", "/worksheets/maker", who="admin"),
    *[Visit(f"not found: {path}", path) for path in (
        "/activity/no-such-game", "/flipbook/no-such-book", "/video/no-such-video", "/song/no-such-song",
        "/storybook/no-such-story", "/powerpoint/no-such-slides", "/audiobook/no-such-audio",
        "/worksheet/999999")],
    Visit("not found: unknown address", "/no/such/page"),
    # signing in
    Visit("user login", "/login/user"),
    Visit("user sign up", "/signup/user"),
    Visit("admin login", "/login/admin"),
    Visit("email confirmation (bad link)", "/auth/confirm?token=nonsense"),
    Visit("forgot password", "/auth/forgot"),
    Visit("password reset (bad link)", "/auth/reset?token=nonsense"),
    # signed in
    Visit("chat", "/chat", who="user"),
    Visit("chat (a message of your own)", "/chat", _send_message, who="user"),
    Visit("chat (admin: Remove buttons, one asking)", "/chat", _ask_remove, who="admin"),
    Visit("admin dashboard", "/admin/dashboard", who="admin"),
    Visit("admin account", "/admin/account", who="admin"),
]
