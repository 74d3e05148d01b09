"""A reader who sets a bigger text size in the browser (WCAG 1.4.4), or wider text spacing (1.4.12), gets the whole
site in it: every text grows, nothing runs off the side, nothing is drawn over anything else.

The size is the browser's own setting (Chromium's default font size in a profile's Preferences), not page zoom
(which the layout tests cover): it changes what 1rem and em media queries mean, never a px."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from tests.browser.test_home import TEXT_SPACING
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, open_page, toast, toast_at_rest, watch_csp, window

pytestmark = pytest.mark.browser

BIG = 32  # the browser's "very large" text is 24 px; twice its default of 16 is what 1.4.4 asks for
PAGES = ["/", "/login/user", "/auth/forgot", "/worksheets/maker", "/activity/rainbow-math", "/activity/reading-comp",
         "/storybook/jungle-friends", "/song/the-alphabet-song", "/audiobook/the-tortoise-and-the-hare", "/nope"]

# each text on the page (an element with words of its own) and its font size
TEXT_SIZES = """() => {
  const out = {};
  for (const e of document.querySelectorAll('body *')) {
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    out[e.tagName + '.' + e.className.toString() + ':' + e.textContent.trim().slice(0, 40)] =
      parseFloat(getComputedStyle(e).fontSize);
  }
  return out;
}"""


@contextmanager
def text_size(browser, app_server, tmp_path, px: int, width: int = 1280, height: int = 1100):
    """A page in a Chromium whose reader set the default text size to `px`."""
    profile = tmp_path / f"profile-{px}-{width}"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps({"webkit": {"webprefs": {"default_font_size": px}}}))
    ctx = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=app_server.url,
        viewport={"width": width, "height": height})
    watch_csp(ctx)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def _sizes(page, path: str) -> dict:
    open_page(page, path)
    page.wait_for_timeout(500)
    return page.evaluate(TEXT_SIZES)


def _sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def test_every_text_grows_with_the_readers_text_size(browser, app_server, tmp_path):
    """Radix Themes wrote its sizes in px: on the login page, the maker and the forgot page no text grew, on the
    home page 41 of 90 (the header's links, the cards' words, the buttons)."""
    with window(browser, app_server, 1280, 1100) as plain, text_size(browser, app_server, tmp_path, BIG) as big:
        for path in PAGES:
            before, after = _sizes(plain, path), _sizes(big, path)
            shared = [k for k in before if k in after]
            assert len(shared) >= 10, (path, len(shared))
            # body text doubles; the big titles sized by the window's width (clamp with vw) grow by half at least
            small = [k for k in shared if before[k] < 24 and after[k] < 1.9 * before[k]]
            large = [k for k in shared if before[k] >= 24 and after[k] < 1.4 * before[k]]
            assert small == [] and large == [], (path, small[:5], large[:5])
            assert _sideways(big) <= 0, path


def test_a_toast_grows_too_and_stays_under_the_taller_header(browser, app_server, tmp_path):
    with text_size(browser, app_server, tmp_path, BIG) as page:
        open_page(page, "/login/user")
        form = page.locator("form")
        form.get_by_label("Email").fill("nobody@example.com")
        form.get_by_label("Password", exact=True).fill("not-the-password")
        form.get_by_role("button", name="Login").click()
        shown = toast(page).first
        expect(shown).to_be_visible()
        # the page's size, doubled (it was 13 px: small for a grandparent reading a message gone in 5 s)
        assert float(shown.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 2 * 16 - 1
        header = page.locator(".site-header").bounding_box()
        assert header["height"] > 63  # it grew with the text ...
        toast_at_rest(shown)
        assert shown.bounding_box()["y"] >= header["y"] + header["height"]  # ... and the toast sits under it
        # so does whatever the browser scrolls to
        padding = page.evaluate("parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)")
        assert padding >= header["height"]


def test_a_popups_title_keeps_its_lines_apart_and_its_close_button_in_sight(browser, app_server, tmp_path):
    """At twice the text a two-line title drew its lines over each other (Radix's 26 px line height for 45 px
    letters); on a 320 px phone the title pushed Close off the screen."""
    for width, height in ((1280, 1100), (320, 640)):
        with text_size(browser, app_server, tmp_path, BIG, width, height) as page:
            open_page(page, "/")
            page.get_by_role("button", name="Explore").click()
            page.get_by_role("dialog").get_by_role("button", name="Printable Worksheets").click()
            dialog = page.get_by_role("dialog")
            title = dialog.get_by_role("heading", name="Printable Worksheets")
            expect(title).to_be_visible()
            font, line = title.evaluate("e => [parseFloat(getComputedStyle(e).fontSize), "
                                        "parseFloat(getComputedStyle(e).lineHeight)]")
            assert line >= font
            close = dialog.get_by_role("button", name="Close")
            expect(close).to_be_in_viewport(ratio=1)
            box, card = close.bounding_box(), dialog.bounding_box()
            assert box["x"] + box["width"] <= card["x"] + card["width"]
            assert _sideways(page) <= 0


@pytest.mark.parametrize("path", ["/", "/login/user", "/activity/reading-comp", "/worksheets/maker"])
def test_a_phone_with_big_text_scrolls_only_down(browser, app_server, tmp_path, path):
    """Beyond what 1.4.4 asks (320 px and twice the text): the home page's "Slide Presentations" and the hero,
    the header's Explore and Login, the maker's title and a game's facts ran off the right edge."""
    with text_size(browser, app_server, tmp_path, BIG, 320, 640) as page:
        open_page(page, path)
        page.wait_for_timeout(500)
        assert _sideways(page) <= 0


def test_wider_text_spacing_keeps_the_header_one_line_high(browser, app_server):
    """The logo's and "Welcome!"'s words were paragraphs: with 1.4.12's spacing each took a 2 em margin, and the
    header grew from 63 to 107 px over what the page placed under it."""
    with window(browser, app_server, 1280, 900) as page:
        open_page(page, "/")
        page.add_style_tag(content=TEXT_SPACING)
        assert page.locator(".site-header").bounding_box()["height"] <= 70
        assert page.locator(".site-header p").count() == 0


def test_a_games_switches_keep_their_words_whole_with_big_text(browser, app_server, tmp_path):
    """The board is at most 640 px wide: with twice the text its bar's Sounds, Read aloud and Hear it were
    squeezed beside the round until "Sounds" ran under "Read aloud". They go under the round instead."""
    with text_size(browser, app_server, tmp_path, BIG, 1280, 900) as page:
        open_page(page, "/activity/rainbow-math")
        page.get_by_role("button", name="Start Playing!").click()
        bar = page.locator(".game-bar")
        expect(bar.get_by_role("button", name="Hear it")).to_be_visible()
        # read at one moment: the board is still scrolling into view
        pills = bar.locator(".game-hear").evaluate_all(
            "els => els.map(e => ({text: e.innerText, fits: e.scrollWidth <= e.clientWidth + 1,"
            " box: e.getBoundingClientRect().toJSON()}))")
        assert len(pills) >= 3
        for pill in pills:
            assert pill["fits"], pill["text"]
        for i, p in enumerate(pills):
            for q in pills[i + 1:]:
                a, b = p["box"], q["box"]
                apart = (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
                         or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)
                assert apart, (p, q)
