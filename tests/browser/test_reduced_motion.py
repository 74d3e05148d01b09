"""A reader who asked for reduced motion sees nothing animate: every element's computed style has no
animation and no transition, in the states where the site moves most (storybook and slide changes, the
playing song, popups, toasts); the flipbook turns its page at once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import open_page, toast, window

# Every element still animating or transitioning (a transition of 0s everywhere counts as none).
MOVING = """() => [...document.querySelectorAll('*')].flatMap(el => {
  const s = getComputedStyle(el);
  const animated = s.animationName.split(',').some(n => n.trim() !== 'none');
  const transits = s.transitionDuration.split(',').some(d => parseFloat(d) > 0);
  if (!animated && !transits) return [];
  return [`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}: ${s.animationName} / ${s.transitionDuration}`];
})"""


@pytest.fixture
def calm_page(browser, app_server):
    with window(browser, app_server, 1280, 900, reduced_motion="reduce") as page:
        page.context.set_default_timeout(15000)
        yield page


def still(page) -> None:
    moving = page.evaluate(MOVING)
    assert moving == [], moving


def test_home_and_a_popup_do_not_move(calm_page):
    open_page(calm_page, "/")
    still(calm_page)
    calm_page.get_by_role("button", name="Start Learning Now!").click()
    expect(calm_page.get_by_role("dialog")).to_be_visible()
    still(calm_page)


def test_storybook_and_slides_change_without_a_transition(calm_page):
    open_page(calm_page, "/storybook/jungle-friends")
    calm_page.get_by_role("button", name="Next").click()
    expect(calm_page.get_by_text("Page 2 / 5")).to_be_visible()
    still(calm_page)
    open_page(calm_page, "/powerpoint/dinosaur-facts")
    calm_page.get_by_role("button", name=re.compile("Next")).first.click()
    still(calm_page)


def test_playing_song_art_does_not_spin_and_toasts_do_not_slide(calm_page):
    open_page(calm_page, "/song/five-little-ducks")
    calm_page.get_by_role("button", name="Play").click()
    expect(calm_page.get_by_role("img", name="Five Little Ducks album art")).to_have_class(re.compile(r"\bspinning\b"))
    still(calm_page)
    calm_page.get_by_role("button", name="Rewind").click()
    expect(toast(calm_page)).to_be_visible()
    still(calm_page)


def test_flipbook_turns_its_page_at_once(calm_page):
    open_page(calm_page, "/flipbook/farm-friends")
    counter = calm_page.locator(".content-counter")
    expect(counter).to_have_text("Page 1 of 8")
    calm_page.wait_for_function("() => !!document.querySelector('.stf__parent')")
    # the counter follows page-flip's flip event, sent when the turn ends: 1000 ms later without the
    # preference, one frame later with it (plus one event round trip to the server)
    took = calm_page.evaluate("""() => new Promise(resolve => {
      const counter = document.querySelector('.content-counter');
      const start = performance.now();
      new MutationObserver(() => resolve(performance.now() - start))
        .observe(counter, {childList: true, subtree: true, characterData: true});
      document.querySelector('button[aria-label="Next page"]').click();
    })""")
    assert took < 900, f"the page turn took {took:.0f} ms"
    still(calm_page)
