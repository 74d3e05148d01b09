"""Focus is never hidden under the sticky header (WCAG 2.2, 2.4.11): scrolled to the bottom of a page, Shift+Tab
walks back up through every control, and each one the browser scrolls to stands wholly below the header."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import open_page, window

# the focused element's box against the header's, or null for what sits in the header or a fixed layer
WHERE = """() => {
  const e = document.activeElement, header = document.querySelector('.site-header');
  if (!e || e === document.body || !header || header.contains(e) || e.matches('.skip-link')) return null;
  for (let n = e; n; n = n.parentElement) if (getComputedStyle(n).position === 'fixed') return null;
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) return null;
  return { top: r.top, bottom: r.bottom, header: header.getBoundingClientRect().bottom,
           name: (e.getAttribute('aria-label') || e.textContent || e.id || e.tagName).trim().slice(0, 40) };
}"""


def _start_game(page) -> None:
    page.get_by_role("button", name="Start Playing!").click()
    expect(page.locator("#game-board")).to_be_visible()


PAGES = [("/", None), ("/activity/reading-comp", _start_game), ("/activity/science-lab", None),
         ("/worksheets/", None), ("/storybook/the-magical-forest", None)]


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("path, setup", PAGES, ids=[p for p, _ in PAGES])
def test_shift_tab_from_the_bottom_never_hides_the_focus_under_the_header(browser, app_server, width, path, setup):
    # reduced motion: scrolled at once, not smoothly, so each box is final
    with window(browser, app_server, width, 740, reduced_motion="reduce") as page:
        open_page(page, path)
        if setup:
            setup(page)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.locator("footer").last.focus() if page.locator("footer a").count() == 0 \
            else page.locator("footer a").last.focus()
        hidden, seen = [], 0
        for _ in range(45):
            page.keyboard.press("Shift+Tab")
            where = page.evaluate(WHERE)
            if where is None:
                continue
            seen += 1
            if where["top"] < where["header"] - 1:
                hidden.append(f"{where['name']!r}: top {where['top']:.0f} under the header's {where['header']:.0f}")
        assert seen >= 3, f"too few controls walked to tell ({seen})"
        assert not hidden, hidden
