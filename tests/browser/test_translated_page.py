"""A parent learning English turns on the browser's "Translate this page" (Chrome's translator swaps every text
node for <font> elements of its own; this script does the same, marking each translated text "«T» "). React went
on changing its own hidden text nodes: a game kept round 1's question, count and cheer on screen while it went on
asking others (a child typed the sum shown and was marked wrong), and a book its first page number. And an
English voice read the translation. What changes is now remade when it changes, and what is said is the English
the page was sent (data-text)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.fake_speech import LOCAL, install_fake_speech, speech
from tests.browser.test_games import board, solve_round, start
from tests.conftest import open_page

MARK = "«T» "
TRANSLATE = """window.__translate = () => {
  const mark = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, { acceptNode: (n) => {
      const p = n.parentElement;
      if (!n.nodeValue.trim() || !p || p.closest('script, style, textarea, [translate=no], font[data-gt]'))
        return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT; } });
    const found = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) found.push(n);
    for (const n of found) {
      const outer = document.createElement('font'), inner = document.createElement('font');
      outer.setAttribute('data-gt', ''); inner.setAttribute('data-gt', '');
      inner.textContent = '«T» ' + n.nodeValue;
      outer.appendChild(inner);
      n.parentNode.replaceChild(outer, n);
    }
  };
  mark(document.body);
  new MutationObserver(() => mark(document.body)).observe(document.body,
    { childList: true, subtree: true, characterData: true });
};"""


def translate(page) -> None:
    page.evaluate(TRANSLATE)
    page.evaluate("window.__translate()")


def shown(locator) -> str:
    return " ".join((locator.inner_text() or "").split())


def test_a_translated_game_shows_each_new_round_and_says_its_english(page):
    install_fake_speech(page, voices=(LOCAL,), boundary=False, word_ms=5)
    start(page, "science-facts")
    translate(page)
    prompt, count = page.locator("#game-prompt"), page.locator(".game-round-count")
    feedback = board(page).locator(".game-feedback")
    answers = page.get_by_role("group", name="Answers").get_by_role("button")
    for round_number in (1, 2, 3):
        question = board(page).get_attribute("data-say") or ""  # a quiz for readers says its printed question
        expect(prompt).to_have_text(MARK + question)
        expect(count).to_have_text(MARK + f"{round_number} of 8")
        for button in answers.all():
            assert shown(button) == MARK + (button.get_attribute("data-label") or "")
        solve_round(page, limit=8)
        expect(feedback).to_have_text(re.compile("^«T» " + re.escape(feedback.get_attribute("data-text") or "")))
        expect(count).to_have_text(MARK + f"{round_number + 1} of 8")

    # a wrong answer (the first left, until one is wrong): its hint shown, and the English said with Hear it
    for _ in range(5):
        before = [board(page).get_attribute("data-round"), feedback.get_attribute("data-text")]
        answers.first.click()
        page.wait_for_function("""([r, t]) => { const b = document.querySelector('#game-board');
          return b.getAttribute('data-round') !== r || b.querySelector('.game-feedback').dataset.text !== t; }""",
                               arg=before)
        if "is-hint" in (feedback.get_attribute("class") or ""):
            break
    english = feedback.get_attribute("data-text") or ""
    assert english
    expect(feedback).to_have_text(MARK + english)
    said = len(speech(page)["spoken"])
    page.get_by_role("button", name=re.compile("^Hear it")).click()
    page.wait_for_function("(n) => window.__speech.spoken.length > n", arg=said)
    spoken = " ".join(s["text"] for s in speech(page)["spoken"][said:])
    assert "«T»" not in spoken and english in spoken


def test_a_translated_book_and_slideshow_count_their_pages(page):
    open_page(page, "/storybook/jungle-friends")
    translate(page)
    page.get_by_role("button", name="Next").click()
    expect(page.locator(".content-counter")).to_have_text(MARK + "Page 2 / 5")
    page.get_by_role("button", name="Next").click()
    expect(page.locator(".content-counter")).to_have_text(MARK + "Page 3 / 5")

    open_page(page, "/powerpoint/dinosaur-facts")
    translate(page)
    page.get_by_role("button", name=re.compile("Next")).first.click()
    expect(page.locator(".content-counter")).to_have_text(re.compile(r"^«T» Slide 2 / \d+$"))
