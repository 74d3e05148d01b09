"""Read to me on storybooks and flipbooks, with a fake speechSynthesis (Chromium's real one has no voices
here): words light up in order, pages turn by the page's own Next, only on-device voices speak, and a device
without one is told so (issue 13)."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from learnsite.catalogue.library import FLIPBOOKS, STORYBOOKS, find
from tests.browser.fake_speech import LOCAL, NETWORK, NO_VOICE, install_fake_speech, speech
from tests.conftest import hold_requests, open_page, wait_held, window


def page_text(book_id: str, index: int, books=STORYBOOKS) -> str:
    return " ".join(find(books, book_id).pages[index].text.split())


def open_book(page, path: str) -> None:
    """The book's page with its words on show and its reader loaded: Read to me reads the words the page shows
    (a click before the book's state has arrived would find none to read), and the page loads
    read_aloud.js after hydrating (a click before it has run has no listener; CI saw one, under load)."""
    open_page(page, path)
    expect(page.locator("[data-read-text] [data-word]").first).to_be_attached()
    page.wait_for_function("() => !!window.learnsiteReadAloud")


def read_button(page):
    return page.get_by_role("button", name="Read to me", exact=True)


def test_reads_the_page_lighting_each_word_in_order_then_turns_the_page(page):
    install_fake_speech(page, late=True)  # voices arrive with voiceschanged, as in Chrome
    open_book(page, "/storybook/the-magical-forest")
    expect(page.get_by_text("Page 1 / 6")).to_be_visible()
    read_button(page).click()
    expect(read_button(page)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("status").filter(has_text="Reading aloud.")).to_be_attached()

    expect(page.get_by_text("Page 2 / 6")).to_be_visible(timeout=20_000)
    page.wait_for_function("window.__speech.spoken.length >= 2", timeout=20_000)
    log = speech(page)
    first = page_text("the-magical-forest", 0)
    assert log["spoken"][0]["text"] == first
    assert log["spoken"][1]["text"] == page_text("the-magical-forest", 1)
    words = first.split()
    lit_first_page = [x["word"] for x in log["lit"][:len(words)]]
    assert lit_first_page == list(range(len(words)))  # every word, in order
    assert [x["text"] for x in log["lit"][:3]] == words[:3]
    # only the on-device voice ever spoke, although the network voice is the browser's default
    assert {s["voice"] for s in log["spoken"]} == {LOCAL["name"]}
    page.get_by_role("button", name="Stop", exact=True).click()
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")


def test_stops_at_the_last_page_without_wrapping(page):
    install_fake_speech(page, word_ms=40)
    open_book(page, "/storybook/jungle-friends")
    for n in range(2, 5):
        page.get_by_role("button", name="Next", exact=True).click()
        expect(page.get_by_text(f"Page {n} / 5")).to_be_visible()
    read_button(page).click()
    page.get_by_role("button", name="Pause", exact=True).focus()  # a keyboard left on Pause to the end
    expect(page.get_by_text("Page 5 / 5")).to_be_visible(timeout=20_000)
    expect(page.get_by_role("status")).to_have_text("The end. Reading finished.", timeout=20_000)
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")
    expect(read_button(page)).to_be_focused()
    expect(page.get_by_text("Page 5 / 5")).to_be_visible()  # no wrap back to page 1
    expect(page.get_by_role("button", name="Next", exact=True)).to_be_disabled()
    spoken = [s["text"] for s in speech(page)["spoken"]]
    assert spoken == [page_text("jungle-friends", 3), page_text("jungle-friends", 4)]
    assert page.locator(".read-word-now").count() == 0


def test_without_an_on_device_voice_it_says_so_and_reads_nothing(page):
    install_fake_speech(page, voices=(NETWORK, {**NETWORK, "name": "Cloud French", "lang": "fr-FR"}))
    open_book(page, "/storybook/the-brave-knight")
    button = read_button(page)
    expect(button).to_have_attribute("aria-disabled", "true", timeout=15_000)
    expect(button).to_be_disabled()  # aria-disabled: still focusable, so the note is read with it
    expect(page.get_by_text(NO_VOICE)).to_be_visible()
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_have_text(NO_VOICE)
    page.wait_for_timeout(500)
    assert speech(page)["spoken"] == []
    expect(button).to_have_attribute("aria-pressed", "false")


def test_a_browser_without_speech_synthesis_is_told_the_same(page):
    page.add_init_script("Object.defineProperty(window, 'speechSynthesis', {value: undefined, configurable: true})")
    open_book(page, "/storybook/jungle-friends")
    expect(read_button(page)).to_be_disabled()
    expect(page.get_by_text(NO_VOICE)).to_be_visible()
    page.get_by_role("button", name="Next", exact=True).click()  # the book itself still works
    expect(page.get_by_text("Page 2 / 5")).to_be_visible()


def test_timing_fallback_moves_word_by_word_without_boundary_events(page):
    install_fake_speech(page, voices=(LOCAL,), boundary=False, word_ms=2000)  # the fake speaks slowly
    open_book(page, "/storybook/mystery-of-the-stars")
    read_button(page).click()
    page.wait_for_function("window.__speech.lit.length >= 5", timeout=10_000)
    lit = speech(page)["lit"]
    assert [x["word"] for x in lit[:5]] == [0, 1, 2, 3, 4]
    assert [x["text"] for x in lit[:2]] == ["Every", "night,"]
    assert page.locator(".read-word-now").count() == 1


def test_follow_along_lights_each_word_in_turn_in_silence(page):
    """A deaf child, or one reading along by themself, had the words lit only while a voice read them, and on a
    device with no voice never: Follow along lights each in turn at a young reader's pace and says nothing."""
    install_fake_speech(page, voices=(NETWORK,))  # no voice of the device's own: Read to me cannot, Follow can
    open_book(page, "/storybook/mystery-of-the-stars")
    expect(read_button(page)).to_have_attribute("aria-disabled", "true", timeout=15_000)
    page.get_by_role("button", name="Slow", exact=True).click()  # no voice, yet a speed: Follow along's
    follow = page.get_by_role("button", name="Follow along", exact=True)
    follow.click()
    expect(follow).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("status")).to_have_text("Following along, slowly: each word lights up in turn.")
    page.wait_for_function("window.__speech.lit.length >= 3", timeout=10_000)
    lit = speech(page)["lit"]
    assert [x["word"] for x in lit[:3]] == [0, 1, 2]
    assert [x["text"] for x in lit[:2]] == ["Every", "night,"]
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")

    page.get_by_role("button", name="Pause", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Paused.")
    held = len(speech(page)["lit"])
    page.wait_for_timeout(1500)
    assert len(speech(page)["lit"]) == held  # paused, the light stays on its word
    page.get_by_role("button", name="Resume", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Following along.")
    page.wait_for_function(f"window.__speech.lit.length > {held}", timeout=5_000)
    page.get_by_role("button", name="Stop", exact=True).click()
    expect(follow).to_have_attribute("aria-pressed", "false")
    expect(follow).to_be_focused()  # the keyboard back on the button that began it
    expect(page.locator(".read-word-now")).to_have_count(0)
    assert speech(page)["spoken"] == []


def test_follow_along_turns_the_page_and_gives_way_to_read_to_me(page):
    install_fake_speech(page, voices=(LOCAL,), word_ms=20)
    open_book(page, "/storybook/jungle-friends")
    for n in range(2, 5):
        page.get_by_role("button", name="Next", exact=True).click()
        expect(page.get_by_text(f"Page {n} / 5")).to_be_visible()
    follow = page.get_by_role("button", name="Follow along", exact=True)
    follow.click()
    expect(page.get_by_text("Page 5 / 5")).to_be_visible(timeout=30_000)  # the next page, turned by itself
    assert speech(page)["spoken"] == []
    read_button(page).click()  # Read to me takes over: it reads this page aloud
    expect(read_button(page)).to_have_attribute("aria-pressed", "true")
    expect(follow).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("status")).to_have_text("The end. Reading finished.", timeout=20_000)
    assert [s["text"] for s in speech(page)["spoken"]] == [page_text("jungle-friends", 4)]


def test_pause_resume_stop_and_slow_speed(page):
    install_fake_speech(page, voices=(LOCAL,), word_ms=300)
    open_book(page, "/storybook/the-magical-forest")
    page.get_by_role("button", name="Slow", exact=True).click()
    expect(page.get_by_role("button", name="Slow", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Normal", exact=True)).to_have_attribute("aria-pressed", "false")
    read_button(page).focus()
    page.keyboard.press("Enter")  # keyboard works like a click
    page.wait_for_function("window.__speech.lit.length >= 2")
    assert speech(page)["spoken"][0]["rate"] == pytest.approx(0.7)

    page.get_by_role("button", name="Pause", exact=True).click()
    expect(page.get_by_role("button", name="Resume", exact=True)).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Paused.")
    held = len(speech(page)["lit"])
    page.wait_for_timeout(1200)
    assert len(speech(page)["lit"]) == held  # nothing moves while paused
    page.get_by_role("button", name="Resume", exact=True).click()
    page.wait_for_function(f"window.__speech.lit.length > {held}")

    page.get_by_role("button", name="Stop", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_have_text("Stopped reading.")
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")
    expect(read_button(page)).to_be_focused()  # Stop went hidden with the focus on it: the body had it
    expect(page.get_by_role("button", name="Pause", exact=True)).to_be_hidden()
    assert page.locator(".read-word-now").count() == 0
    assert speech(page)["cancels"] >= 1
    expect(page.get_by_text("Page 1 / 6")).to_be_visible()


def test_turning_the_page_by_hand_reads_the_new_page(page):
    install_fake_speech(page, voices=(LOCAL,), word_ms=400)
    open_book(page, "/storybook/the-brave-knight")
    read_button(page).click()
    page.wait_for_function("window.__speech.lit.length >= 1")
    page.keyboard.press("ArrowRight")  # the book's own keys, while it reads
    expect(page.get_by_text("Page 2 / 6")).to_be_visible()
    page.wait_for_function("window.__speech.spoken.length >= 2")
    assert speech(page)["spoken"][1]["text"] == page_text("the-brave-knight", 1)
    expect(read_button(page)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("Page 2 / 6")).to_be_visible()  # no extra turn


def test_read_to_me_looks_unavailable_until_its_reader_has_loaded(page):
    """The page loads read_aloud.js after the book shows: until it has run, a tap would do nothing, so the
    button and the speeds are drawn unavailable; once it has run, they are live and it reads."""
    held = hold_requests(page, "**/js/read_aloud.js")
    install_fake_speech(page, voices=(LOCAL,), word_ms=60)
    open_page(page, "/storybook/the-magical-forest")
    expect(page.locator("[data-read-text] [data-word]").first).to_be_attached()
    wait_held(page, held)
    expect(read_button(page)).to_have_attribute("aria-disabled", "true")
    speeds = page.get_by_role("group", name="Reading speed").get_by_role("button")
    for k in range(2):
        expect(speeds.nth(k)).to_have_attribute("aria-disabled", "true")
    held[0].continue_()
    expect(read_button(page)).to_have_attribute("aria-disabled", "false")
    for k in range(2):
        expect(speeds.nth(k)).to_have_attribute("aria-disabled", "false")
    read_button(page).click()
    page.wait_for_function("window.__speech.lit.length >= 1")
    # another book, opened inside the site: its button is drawn anew, and the script (there already) makes it live
    _open_storybook_from_header(page, "The Brave Knight")
    expect(page).to_have_url(re.compile(r"/storybook/the-brave-knight$"))
    expect(read_button(page)).to_have_attribute("aria-disabled", "false")
    assert len(held) == 1  # the script was not loaded again


def test_reduced_motion_keeps_the_highlight_still(browser, app_server):
    with window(browser, app_server, 1280, 720, reduced_motion="reduce") as page:
        install_fake_speech(page, voices=(LOCAL,), word_ms=400)
        open_book(page, "/storybook/the-magical-forest")
        read_button(page).click()
        page.wait_for_function("window.__speech.lit.length >= 1")
        now = page.locator(".read-word-now")
        expect(now).to_have_count(1)
        assert now.evaluate("e => getComputedStyle(e).transitionDuration") == "0s"


def _start_reading(page, path: str) -> None:
    install_fake_speech(page, voices=(LOCAL,), word_ms=400)
    open_book(page, path)
    read_button(page).click()
    page.wait_for_function("window.__speech.lit.length >= 1")


def _open_storybook_from_header(page, title: str) -> None:
    page.get_by_role("navigation", name="Learning categories").get_by_role("button", name="Storybooks").click()
    page.get_by_role("dialog", name="Bedtime Storybooks").get_by_role("link", name=title).click()


def _expect_reading_stopped(page) -> None:
    """The reading was cancelled and nothing more is spoken: the first utterance was the only one."""
    page.wait_for_function("window.__speech.cancels >= 1")
    spoken = len(speech(page)["spoken"])
    page.wait_for_timeout(1500)
    assert len(speech(page)["spoken"]) == spoken == 1


def test_leaving_the_page_stops_reading(page):
    _start_reading(page, "/storybook/the-brave-knight")
    page.get_by_role("link", name="Back to Home").click()
    expect(page).to_have_url(re.compile(r"/$"))
    _expect_reading_stopped(page)


def test_another_book_opened_while_reading_stops_the_reading(page):
    """The storybook page stays when another book is opened from the header: the reader went on into the new
    book, unasked."""
    _start_reading(page, "/storybook/the-brave-knight")
    _open_storybook_from_header(page, "Mystery of the Stars")
    expect(page).to_have_url(re.compile(r"/storybook/mystery-of-the-stars$"))
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")
    _expect_reading_stopped(page)  # nothing of the new book was read


def test_flipbook_reads_the_open_pages_and_flips_on(page):
    install_fake_speech(page, word_ms=40)
    open_book(page, "/flipbook/ocean-explorers")
    page.wait_for_function("() => !!document.querySelector('.stf__parent')")
    counter = page.locator(".content-counter")
    expect(counter).to_have_text("Page 1 of 8")
    read_button(page).click()
    expect(counter).not_to_have_text("Page 1 of 8", timeout=15_000)
    page.wait_for_function("window.__speech.spoken.length >= 3", timeout=15_000)
    spoken = [s["text"] for s in speech(page)["spoken"]]
    # the cover alone, then the two pages of the open spread (1280 px wide: landscape)
    assert spoken[:3] == [page_text("ocean-explorers", i, FLIPBOOKS) for i in range(3)]
    assert {s["voice"] for s in speech(page)["spoken"]} == {LOCAL["name"]}
    page.get_by_role("button", name="Stop", exact=True).click()
    expect(read_button(page)).to_have_attribute("aria-pressed", "false")


def test_reading_makes_no_third_party_requests(page, app_server):
    host = urlparse(app_server.url).netloc
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    install_fake_speech(page, word_ms=40)
    open_book(page, "/storybook/jungle-friends")
    read_button(page).click()
    expect(page.get_by_text("Page 2 / 5")).to_be_visible(timeout=20_000)
    page.wait_for_load_state("networkidle")
    outside = sorted({u for u in seen if urlparse(u).scheme in {"http", "https"} and urlparse(u).netloc != host})
    assert outside == [], outside
    assert any(urlparse(u).path == "/js/read_aloud.js" for u in seen)


def _place(locator) -> tuple[int, int, int]:
    """Where a button is on the page (not the screen: a click may scroll) and how wide."""
    return locator.evaluate("b => { const r = b.getBoundingClientRect(); "
                            "return [Math.round(r.x + scrollX), Math.round(r.y + scrollY), Math.round(r.width)]; }")


@pytest.mark.parametrize("path", ["/storybook/the-magical-forest", "/flipbook/ocean-explorers"])
def test_the_button_that_began_the_reading_stays_under_the_finger(page, path):
    """Pause and Stop coming in re-centred the row: on a laptop a flipbook's Read to me moved 118 px, and a second
    tap where it had been (to stop it) landed on Follow along. Tapped again in its place, it stops the reading;
    Pause turned Resume keeps its place too."""
    install_fake_speech(page, voices=(LOCAL,), word_ms=400)
    for width, height in [(1366, 768), (1024, 768), (768, 1024), (375, 740), (320, 640)]:
        page.set_viewport_size({"width": width, "height": height})
        open_book(page, path)
        for name in ["Read to me", "Follow along"]:
            button = page.get_by_role("button", name=name, exact=True)
            before = _place(button)
            button.click()
            expect(page.get_by_role("button", name="Stop", exact=True)).to_be_visible()
            assert _place(button) == before, (width, name)
            pause = page.get_by_role("button", name="Pause", exact=True)
            held = _place(pause)
            pause.click()
            assert _place(page.get_by_role("button", name="Resume", exact=True)) == held, (width, name)
            assert _place(button) == before, (width, name)
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            expect(page.get_by_role("status")).to_have_text("Stopped reading.")
            expect(button).to_have_attribute("aria-pressed", "false")
