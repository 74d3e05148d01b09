"""A page that loses its server says so calmly, and says nothing once it is back."""

from __future__ import annotations

from playwright.sync_api import expect

from learnsite.connection_banner import RECONNECTING
from tests.conftest import open_page, window


def test_a_lost_connection_shows_a_calm_line_and_no_technical_error(browser, app_server):
    """Reflex's own toast read "Cannot connect to server: websocket error. Check if server is reachable at
    ws://...": alarming and meaningless to a parent (a resilience review)."""
    with window(browser, app_server, 1280, 800) as page:
        open_page(page, "/activity/animal-sounds")
        line = page.get_by_text(RECONNECTING)
        expect(line).to_have_count(0)
        page.context.set_offline(True)
        # the network goes as a phone's does when it sleeps: Reflex drops its socket on pagehide and tries to
        # connect again when the page shows, which fails while offline
        page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}))")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(line).to_be_visible(timeout=20_000)
        expect(page.get_by_text("Cannot connect to server")).to_have_count(0)
        page.context.set_offline(False)
        expect(line).to_have_count(0, timeout=30_000)
        page.get_by_role("button", name="Start Playing!").click()  # connected again: the game answers
        expect(page.locator("#game-prompt")).to_be_visible()
