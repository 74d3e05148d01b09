"""Forced colours (Windows high contrast) repaint the page in a few system colours and drop backgrounds and
shadows. What a reader needs to see still shows: the chip chosen, the word being read, the reader's pressed
and unavailable buttons, the line being sung, the song's progress, the edges of fields and buttons, and an
error's box. The games' own states are in test_games.py, the chat's in test_chat.py and an upload's progress
in worksheets/test_worksheets_admin.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.fake_speech import NETWORK, install_fake_speech
from tests.browser.system_colours import HIGHLIGHT, SYSTEM
from tests.browser.test_auth_flows import login, unique
from tests.browser.test_popups import open_category
from tests.browser.test_read_aloud import open_book, read_button
from tests.browser.test_songs import audio_browser, press_play, song_page  # noqa: F401 - fixtures
from tests.conftest import open_page, wait_hydrated

BACKGROUND = "el => getComputedStyle(el).backgroundColor"


def filled(page, locator, colour: str) -> bool:
    """Whether the element's background is `colour` once any transition has run (at most 2 s)."""
    try:
        page.wait_for_function("([el, c]) => getComputedStyle(el).backgroundColor === c",
                               arg=[locator.element_handle(), colour], timeout=2000)
    except PlaywrightTimeout:  # not that colour
        return False
    return True


@pytest.fixture
def page(context):
    page = context.new_page()
    page.emulate_media(forced_colors="active")
    return page


def test_the_chosen_type_of_activity_is_filled_with_the_highlight(page):
    open_page(page, "/")
    wait_hydrated(page)
    page.get_by_role("region", name="Today's Special Activities").get_by_role(
        "button", name="Browse All Activities").click()
    dialog = page.get_by_role("dialog", name="Explore All Activities")
    dialog.get_by_role("button", name="Songs", exact=True).click()
    songs, videos = dialog.get_by_role("button", name="Songs", exact=True), dialog.get_by_role("button", name="Videos")
    expect(songs).to_have_attribute("aria-pressed", "true")
    highlight = page.evaluate(HIGHLIGHT)
    assert filled(page, songs, highlight) and videos.evaluate(BACKGROUND) != highlight
    # the popup keeps an edge against the page behind it (its shadow is gone)
    edge = "el => el.closest('.popup') && getComputedStyle(el.closest('.popup')).borderTopStyle"
    assert dialog.evaluate(edge) == "solid"


def test_the_word_being_read_and_the_pressed_reader_buttons_show(page):
    install_fake_speech(page, word_ms=1500)  # a word lit long enough to look at
    open_book(page, "/storybook/the-magical-forest")
    read_button(page).click()
    expect(read_button(page)).to_have_attribute("aria-pressed", "true")
    word = page.locator(".read-word-now")
    expect(word).to_have_count(1)
    highlight = page.evaluate(HIGHLIGHT)
    assert filled(page, word, highlight)
    assert filled(page, read_button(page), highlight)
    normal, slow = page.get_by_role("button", name="Normal", exact=True), page.get_by_role("button", name="Slow")
    expect(normal).to_have_attribute("aria-pressed", "true")
    assert filled(page, normal, highlight) and slow.evaluate(BACKGROUND) != highlight


def test_the_line_being_sung_and_the_songs_progress_show(song_page):
    page = song_page
    page.emulate_media(forced_colors="active")
    open_page(page, "/song/the-alphabet-song")
    fill = page.locator(".song-progress-fill")
    assert "linear-gradient" in fill.evaluate("el => getComputedStyle(el).backgroundImage")
    press_play(page)
    sung = page.locator(".song-line.is-sung")
    expect(sung).to_have_count(1)
    assert filled(page, sung, page.evaluate(HIGHLIGHT))


def test_buttons_drawn_by_their_fill_keep_an_edge(page):
    edge = "el => getComputedStyle(el).borderTopStyle"
    open_page(page, "/activity/animal-alphabet")
    assert page.get_by_role("button", name="Start Playing!").evaluate(edge) == "solid"
    open_page(page, "/")
    assert page.get_by_role("link", name="Find Your Age").evaluate(edge) == "solid"
    open_page(page, "/audiobook/the-tortoise-and-the-hare")
    assert page.locator(".player-button").first.evaluate(edge) == "solid"


def test_form_fields_selects_and_boxes_to_tick_keep_their_edges(page):
    """Radix Themes draws these edges with box shadows, which forced colours drop: a field, a select and a box to
    tick vanished from the worksheet maker (and the sign-in and chat forms)."""
    open_page(page, "/worksheets/maker")
    wait_hydrated(page)
    edge = "el => getComputedStyle(el).borderTopStyle + ' ' + getComputedStyle(el).borderTopWidth"
    for part in (".rt-TextFieldRoot", ".rt-SelectTrigger", ".rt-BaseCheckboxRoot"):
        assert page.locator(part).first.evaluate(edge) == "solid 1px", part
    ticked = "el => getComputedStyle(el, '::before').backgroundColor"
    boxes = page.get_by_role("checkbox")
    boxes.first.click()
    expect(boxes.first).to_have_attribute("data-state", "unchecked")
    expect(boxes.nth(1)).to_have_attribute("data-state", "checked")
    highlight = page.evaluate(HIGHLIGHT)
    assert boxes.nth(1).evaluate(ticked) == highlight and boxes.first.evaluate(ticked) != highlight


def test_a_reader_with_no_voice_on_this_device_looks_unavailable(page):
    install_fake_speech(page, voices=(NETWORK,))
    open_book(page, "/storybook/the-brave-knight")
    expect(read_button(page)).to_have_attribute("aria-disabled", "true", timeout=15_000)
    grey = page.evaluate(SYSTEM, "GrayText")
    assert read_button(page).evaluate("el => getComputedStyle(el).color") == grey
    assert page.get_by_role("button", name="Next").evaluate("el => getComputedStyle(el).color") != grey


def test_an_error_notice_keeps_its_box(page, app_server):
    address = unique("fc")
    app_server.create_user(address, "right-password")
    login(page, "/login/user", address, "wrong-password")
    notice = page.locator(".auth-error").filter(has_text="The email or password is not right. Check both and try again.")
    expect(notice).to_be_visible()
    edge = "el => getComputedStyle(el).borderTopStyle + ' ' + getComputedStyle(el).borderTopWidth"
    assert notice.evaluate(edge) == "solid 2px"



def test_the_sign_in_card_and_the_kinds_of_worksheet_keep_their_edges(page):
    """The card's sides and the kinds' boxes (badges once, soft buttons since session 51) were drawn by a shadow
    and a tint, both dropped."""
    side = "el => getComputedStyle(el).borderLeftStyle + ' ' + getComputedStyle(el).borderLeftWidth"
    open_page(page, "/login/user")
    assert page.locator(".auth-card").evaluate(side) == "solid 1px"
    open_page(page, "/")
    wait_hydrated(page)
    kinds = open_category(page, "Printable Worksheets").get_by_role("group", name="Kinds of worksheet")
    buttons = kinds.get_by_role("button")
    expect(buttons.first).to_be_visible()
    assert buttons.count() == 4 and buttons.first.evaluate(side) == "solid 1px"
