"""The shared shell at phone width: nothing sticks out sideways, signed out or in."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from learnsite.catalogue.home import SITE_TAGLINE
from tests.browser.test_auth_flows import header, login
from tests.conftest import animations_done, open_page, wait_hydrated, window

PAGES = ["/", "/chat", "/admin/dashboard", "/admin/account", "/worksheet/1", "/flipbook/ocean-explorers"]


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{page.url} is {width}px wide at 375px"


@pytest.mark.parametrize("role", ["user", "admin"])
def test_signed_in_header_fits_a_phone(browser, app_server, role):
    email = f"phone-{uuid.uuid4().hex[:8]}@example.com"
    app_server.create_user(email, "secret123", role=role, name="Pat Phone")
    with window(browser, app_server, 375, 800) as page:
        login(page, "/login/user", email, "secret123")
        expect(header(page).get_by_text("Welcome!")).to_be_visible()
        for path in PAGES if role == "admin" else PAGES[:2] + PAGES[4:]:
            page.goto(path)
            wait_hydrated(page)
            expect(header(page).get_by_role("button", name="Logout")).to_be_visible()
            expect(header(page).get_by_role("button", name="Explore")).to_be_visible()
            page.wait_for_timeout(300)
            _no_sideways_scroll(page)


def test_favicon_is_served(page, app_server):
    response = page.request.get(f"{app_server.url}/favicon.ico")
    assert response.status == 200
    assert response.body()[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_signed_in_header_fits_a_narrow_desktop(browser, app_server):
    """1024-1199 px (a 1280 px laptop at 125% zoom): the category row, Chat, Welcome! and Logout ran off the right
    edge, and the row slid under the logo."""
    email = f"desk-{uuid.uuid4().hex[:8]}@example.com"
    app_server.create_user(email, "secret123", role="user", name="Dee Desk")
    overlap = ("() => { const logo = document.querySelector('.header-inner > a').getBoundingClientRect();"
               " const first = document.querySelector('.nav-button').getBoundingClientRect();"
               " return first.left - logo.right; }")
    with window(browser, app_server, 1280, 800) as page:
        login(page, "/login/user", email, "secret123")
        expect(header(page).get_by_text("Welcome!")).to_be_visible()
        page.goto("/")  # the home page, signed in (not the login page on its way there)
        wait_hydrated(page)
        logout = header(page).get_by_role("button", name="Logout")
        for width in (1024, 1100, 1180, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            expect(logout).to_be_visible()
            page.wait_for_timeout(200)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, width
            box = logout.bounding_box()
            assert box and box["x"] + box["width"] <= width, width
            expect(header(page).get_by_role("navigation", name="Learning categories")).to_be_visible()
            assert page.evaluate(overlap) >= 0, width


INSIDE = "sel => document.querySelector(sel).contains(document.activeElement) && document.activeElement !== document.body"


def test_skip_to_content_takes_the_keyboard_past_the_header(page):
    """It was React Router's link: the address changed to /#main and the next Tab went to the header's logo."""
    open_page(page, "/storybook/jungle-friends")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#main")).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate(INSIDE, "#main"), page.evaluate("document.activeElement.outerHTML.slice(0, 200)")


def test_the_home_pages_jump_links_take_the_keyboard_to_their_section(page):
    for name, section in (("Find Your Age", "#age-groups"), ("See Today's Specials", "#featured")):
        open_page(page, "/")
        page.get_by_role("link", name=name).focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate(INSIDE, section), (name, page.evaluate("document.activeElement.outerHTML.slice(0, 200)"))


SAID = """() => { window.__said = []; const region = document.getElementById('route-announcer');
  new MutationObserver(() => { if (region.textContent) window.__said.push(region.textContent); })
    .observe(region, { childList: true, characterData: true, subtree: true }); }"""


def test_a_screen_reader_hears_the_new_page_when_a_link_is_followed(page):
    """Pages change inside the open document, so a screen reader heard nothing after a link was followed. A live
    region in the app's wrap says the new page's title once the page has settled: the game's own name, not the
    "Activity - Learnsite" it shows while it looks the game up. The first page, and Back, are said too."""
    open_page(page, "/")
    page.wait_for_function("window.__learnsiteRouteAnnouncer === true")
    announcer = page.locator("#route-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    page.evaluate(SAID)
    page.wait_for_timeout(1000)
    assert page.evaluate("window.__said") == []  # a page loaded whole: the screen reader reads it itself
    featured = page.get_by_role("region", name="Today's Special Activities")
    featured.get_by_role("link", name="Animal Alphabet", exact=True).click()
    expect(page).to_have_url(re.compile(r"/activity/animal-alphabet$"))
    expect(announcer).to_have_text("Animal Alphabet - Learnsite")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.__said") == ["Animal Alphabet - Learnsite"]  # said once, its own name
    page.go_back()
    expect(announcer).to_have_text(re.compile(re.escape(SITE_TAGLINE) + "$"))


HEADER_WITH_PLACEHOLDER = """() => {
    const header = document.querySelector('.site-header'), controls = header.querySelector('.auth-controls');
    const after = header.getBoundingClientRect().height, kept = [...controls.childNodes];
    const box = document.createElement('div');
    box.className = 'auth-loading';
    controls.replaceChildren(box);  // as the page shows it while the sign-in is checked
    const before = header.getBoundingClientRect().height;
    controls.replaceChildren(...kept);
    return [before, after];
}"""


@pytest.mark.parametrize("width", [320, 360, 390, 1280])
def test_the_header_keeps_its_height_when_the_sign_in_check_ends(browser, app_server, width):
    """A slow phone's review: the 88 px "checking sign-in" placeholder wrapped a 360 px header onto two lines (113
    px), which went back to one (67 px) as Login came, the whole page jumping up under a child's finger."""
    with window(browser, app_server, width, 740) as page:
        open_page(page, "/activity/color-matching")
        expect(page.get_by_role("button", name="Login")).to_be_visible()
        before, after = page.evaluate(HEADER_WITH_PLACEHOLDER)
        assert before == after, (before, after)


def test_the_activity_picture_keeps_its_room_before_it_has_come(browser, app_server):
    """Its box was 0 px tall until the picture came (Reflex drops the img's width and height), and the page under it
    jumped down 220 px."""
    with window(browser, app_server, 360, 740) as page:
        page.route("**/art/activity/*.svg", lambda route: route.abort())  # a picture that has not come yet
        open_page(page, "/activity/color-matching")
        picture = page.locator(".activity-picture")
        expect(picture).to_be_attached()
        box = picture.bounding_box()
        # 200 px wide on an upright phone (so that "Start Playing!" is on the first screen), 150 px tall
        assert box["width"] >= 120 and abs(box["height"] - box["width"] * 3 / 4) < 2, box


LINE_STARTS = """(selector) => {
    const el = document.querySelector(selector), range = document.createRange();
    range.selectNodeContents(el);
    const lines = {};  // each line's leftmost text box
    for (const r of range.getClientRects()) {
        const y = Math.round(r.bottom);
        lines[y] = Math.min(lines[y] === undefined ? Infinity : lines[y], Math.round(r.left));
    }
    return Object.values(lines);
}"""


def line_starts(page, selector: str) -> list:
    """Where each line of the element's text starts, once the page is at rest: a storybook page comes in with a
    random transition (a turn, a zoom)."""
    animations_done(page.locator("body"))
    return page.evaluate(LINE_STARTS, selector)


def test_text_of_several_lines_starts_each_line_at_one_left_edge(browser, app_server):
    """The dyslexia review: a storybook page's words and a game's hint were centred, and a child who struggles to
    read lost where the next line began. Several lines start at one edge; a line or less is still centred."""
    with window(browser, app_server, 375, 740) as page:
        open_page(page, "/storybook/jungle-friends")
        starts = line_starts(page, ".story-text")
        assert len(starts) >= 3 and max(starts) - min(starts) <= 1, starts
        open_page(page, "/activity/math-whiz")
        page.get_by_role("button", name="Start Playing!").click()
        box = page.get_by_label("Your answer")
        box.fill("999")
        box.press("Enter")
        hint = page.locator(".game-feedback.is-hint")
        expect(hint).to_be_visible()
        page.evaluate("() => { document.querySelector('.game-feedback').textContent ="
                      " 'Have another go! Start at the bigger number and count on the smaller one, one at a time.'; }")
        starts = line_starts(page, ".game-feedback")
        assert len(starts) >= 2 and max(starts) - min(starts) <= 1, starts
        prompt = page.locator("#game-prompt").bounding_box()  # one line: centred on the board
        board = page.locator("#game-board").bounding_box()
        assert abs((prompt["x"] + prompt["width"] / 2) - (board["x"] + board["width"] / 2)) <= 2
