"""No request of the home page, or of its popups, leaves the app's own host (privacy for children)."""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import expect

from tests.conftest import wait_hydrated


def _close(page, name: str) -> None:
    """Close a popup with its Close button (Escape is tested in test_home; here only requests matter)."""
    dialog = page.get_by_role("dialog", name=name)
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_home_and_popups_make_no_third_party_requests(page, app_server):
    host = urlparse(app_server.url).netloc
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.on("websocket", lambda ws: seen.append(ws.url))

    page.goto("/")
    wait_hydrated(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # load every lazy picture
    page.wait_for_load_state("networkidle")

    page.get_by_role("button", name="Start Learning Now!").click()
    page.get_by_role("dialog").get_by_role("button", name="Listening Audiobooks").click()
    page.get_by_role("dialog").get_by_role("button", name="All Audiobooks").click()
    _close(page, "All Audiobooks")
    page.get_by_role("button", name="Browse All Activities").first.click()
    _close(page, "Explore All Activities")
    page.get_by_role("button", name="About Rainbow Math").click()
    _close(page, "Rainbow Math")
    page.get_by_role("region", name="Learning for Every Age").get_by_role("button", name="Ages 9-10").click()
    expect(page.get_by_role("dialog", name="Ages 9-10 Activities")).to_be_visible()
    page.wait_for_load_state("networkidle")

    network = [u for u in seen if urlparse(u).scheme in {"http", "https", "ws", "wss"}]
    assert any(urlparse(u).path.endswith(".svg") for u in network)  # pictures were requested
    assert any(urlparse(u).scheme in {"ws", "wss"} for u in network)  # and the event socket opened
    outside = sorted({u for u in network if urlparse(u).netloc != host})
    assert outside == [], outside
