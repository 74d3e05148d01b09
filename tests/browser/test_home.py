"""The home page in a real browser: title, sections, links, phone layout, keyboard use."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.conftest import wait_hydrated, window

SHOTS = Path("/tmp/shots-home")
TAGLINE = "Fun Learning for Kids Ages 3-10"


def open_home(page, url: str = "/"):
    page.goto(url)
    wait_hydrated(page)


def test_title_shows_the_browsers_actual_host(page, app_server):
    host = urlparse(app_server.url).netloc  # localhost:PORT
    open_home(page)
    expect(page).to_have_title(f"{host} - {TAGLINE}")
    # the same server reached through another host name shows that name
    other = host.replace("localhost", "127.0.0.1")
    open_home(page, f"http://{other}/")
    expect(page).to_have_title(f"{other} - {TAGLINE}")
    # still set after state changes re-render the page
    page.get_by_role("button", name="Start Learning Now!").click()
    expect(page.get_by_role("dialog", name="Start Learning")).to_be_visible()
    page.keyboard.press("Escape")
    page.wait_for_timeout(500)
    assert page.title() == f"{other} - {TAGLINE}"


def test_every_home_section_is_visible(page):
    open_home(page)
    expect(page.get_by_role("heading", name="Learning is an Adventure!")).to_be_visible()
    expect(page.locator(".hero-art")).to_be_visible()
    for heading in ("Learning for Every Age", "Learning Categories", "Today's Special Activities",
                    "Why Families Love Learnsite", "Ready to Start Your Learning Adventure?"):
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    ages = page.get_by_role("region", name="Learning for Every Age")
    for age in ("Ages 3-4", "Ages 5-6", "Ages 7-8", "Ages 9-10"):
        expect(ages.get_by_role("button", name=age, exact=True)).to_be_visible()
    categories = page.get_by_role("region", name="Learning Categories")
    for title in ("Printable Worksheets", "Interactive Flipbooks", "Animated Videos", "Phonics Songs",
                  "Bedtime Storybooks", "Slide Presentations", "Listening Audiobooks"):
        expect(categories.get_by_role("button", name=title, exact=True)).to_be_visible()
    expect(categories.get_by_text("Five Little Ducks")).to_be_visible()
    expect(categories.get_by_role("listitem")).to_have_count(28)
    featured = page.get_by_role("region", name="Today's Special Activities")
    for title in ("Rainbow Math", "Animal Alphabet", "Shape Safari"):
        expect(featured.get_by_role("link", name=title, exact=True)).to_be_visible()
    expect(featured.get_by_role("link", name="Download Now!")).to_have_count(3)
    expect(featured.get_by_role("button", name="Browse All Activities")).to_be_visible()
    cta = page.get_by_role("region", name="Ready to Start Your Learning Adventure?")
    expect(cta.get_by_role("button", name="Start Learning Now!")).to_be_visible()
    expect(cta.get_by_role("button", name="Browse All Activities")).to_be_visible()
    footer = page.get_by_role("contentinfo")
    for text in ("Ages 3-10", "Educational Fun", "Safe Learning"):
        expect(footer.get_by_text(text, exact=True)).to_be_visible()
    expect(footer).to_contain_text("© 2025")
    # header: logo home link, the seven category buttons and Login
    nav = page.get_by_role("navigation", name="Learning categories")
    expect(nav.get_by_role("button")).to_have_text(
        ["Worksheets", "Flipbooks", "Videos", "Songs", "Storybooks", "Presentations", "Audiobooks"])
    page.get_by_role("banner").get_by_role("button", name="Login").click()
    expect(page).to_have_url(re.compile(r"/login/user$"))


def test_grids_on_a_large_screen(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_home(page)
    tops = [round(page.locator(".age-card").nth(i).bounding_box()["y"]) for i in range(4)]
    assert len(set(tops)) == 1, tops  # four age groups in one row
    tops = [round(page.locator(".featured-card").nth(i).bounding_box()["y"]) for i in range(3)]
    assert len(set(tops)) == 1, tops  # three specials a row
    downloads = [round(page.get_by_role("link", name="Download Now!").nth(i).bounding_box()["y"]) for i in range(3)]
    assert len(set(downloads)) == 1, downloads  # level, whatever the length of each card's words
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "home-desktop.png"), full_page=True)


@pytest.mark.parametrize("width, columns", [(1280, 3), (800, 2)])
def test_the_seventh_category_is_centred_under_the_others(page, width, columns):
    """On a tablet's two columns the last of the seven categories stood alone at the left."""
    page.set_viewport_size({"width": width, "height": 900})
    open_home(page)
    grid = page.locator(".category-grid").bounding_box()
    cards = page.locator(".category-card")
    expect(cards).to_have_count(7)
    first, last = cards.first.bounding_box(), cards.last.bounding_box()
    assert abs(last["width"] - first["width"]) <= 1  # a card's width, not the row's
    assert abs(last["x"] + last["width"] / 2 - (grid["x"] + grid["width"] / 2)) <= 2, (columns, last, grid)


def test_featured_card_and_download_now_open_the_activity(page):
    open_home(page)
    featured = page.get_by_role("region", name="Today's Special Activities")
    text = featured.get_by_text("Add and take away along a bright rainbow")
    text.scroll_into_view_if_needed()
    box = text.bounding_box()  # a click anywhere on the card, as a user's mouse would do it
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page).to_have_url(re.compile(r"/activity/rainbow-math$"))
    open_home(page)
    downloads = page.get_by_role("region", name="Today's Special Activities").get_by_role("link", name="Download Now!")
    # three links of the same words: each named with its game after them
    expect(downloads.nth(2)).to_have_accessible_name("Download Now! Shape Safari")
    downloads.nth(2).click()
    expect(page).to_have_url(re.compile(r"/activity/shape-safari$"))
    open_home(page)
    page.get_by_role("link", name="Animal Alphabet", exact=True).click()
    expect(page).to_have_url(re.compile(r"/activity/animal-alphabet$"))


def _no_horizontal_scroll(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths


def test_phone_width_has_no_horizontal_scroll(page):
    page.set_viewport_size({"width": 375, "height": 740})
    open_home(page)
    _no_horizontal_scroll(page)
    expect(page.get_by_role("navigation", name="Learning categories")).to_be_hidden()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "home-phone.png"), full_page=True)
    # the phone's Explore button stands in for the category row
    page.get_by_role("button", name="Explore").click()
    dialog = page.get_by_role("dialog", name="Start Learning")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Listening Audiobooks").click()
    dialog = page.get_by_role("dialog", name="Listening Audiobooks")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    page.screenshot(path=str(SHOTS / "popup-phone.png"))
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Browse All Activities").first.click()
    dialog = page.get_by_role("dialog", name="Explore All Activities")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    page.screenshot(path=str(SHOTS / "explore-phone.png"))
    _no_horizontal_scroll(page)


def test_keyboard_tab_enter_opens_and_escape_closes(page):
    open_home(page)
    page.locator("body").click(position={"x": 5, "y": 5})
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Ages 5-6":
            break
    else:
        raise AssertionError("Tab never reached the Ages 5-6 card")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Ages 5-6 Activities")
    expect(dialog).to_be_visible()
    # focus moves into the popup and stays trapped there
    page.wait_for_function("!!document.activeElement.closest('[role=dialog]')")
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('[role=dialog]')")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # focus returns to the card's button
    page.wait_for_function("document.activeElement.textContent === 'Ages 5-6'", timeout=5000)


TEXT_SPACING = ("* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }"
                " p { margin-bottom: 2em !important; }")  # WCAG 1.4.12's test


def test_at_400_percent_zoom_with_wider_text_spacing_nothing_scrolls_sideways(browser, app_server):
    """The call-to-action buttons kept one line: "Browse All Activities" grew to 337 px at 320 px wide."""
    with window(browser, app_server, 320, 256) as page:
        open_home(page)
        page.add_style_tag(content=TEXT_SPACING)
        page.wait_for_timeout(200)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        buttons = page.get_by_role("button", name="Browse All Activities")
        assert buttons.count() == 2
        for i in range(2):
            box = buttons.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 320, box
