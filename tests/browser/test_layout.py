"""The shared shell at phone width: nothing sticks out sideways, signed out or in."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.test_auth_flows import header, login
from tests.conftest import wait_hydrated

PAGES = ["/", "/chat", "/admin/dashboard", "/admin/account", "/worksheet/1", "/flipbook/ocean-explorers"]


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{page.url} is {width}px wide at 375px"


@pytest.mark.parametrize("role", ["user", "admin"])
def test_signed_in_header_fits_a_phone(browser, app_server, role):
    email = f"phone-{uuid.uuid4().hex[:8]}@example.com"
    app_server.create_user(email, "secret123", role=role, name="Pat Phone")
    ctx = browser.new_context(base_url=app_server.url, viewport={"width": 375, "height": 800})
    page = ctx.new_page()
    try:
        login(page, "/login/user", email, "secret123")
        expect(header(page).get_by_text("Welcome!")).to_be_visible()
        for path in PAGES if role == "admin" else PAGES[:2] + PAGES[4:]:
            page.goto(path)
            wait_hydrated(page)
            expect(header(page).get_by_role("button", name="Logout")).to_be_visible()
            expect(header(page).get_by_role("button", name="Explore")).to_be_visible()
            page.wait_for_timeout(300)
            _no_sideways_scroll(page)
    finally:
        ctx.close()


def test_favicon_is_served(page, app_server):
    response = page.request.get(f"{app_server.url}/favicon.ico")
    assert response.status == 200
    assert response.body()[:4] == b"\x00\x00\x01\x00"  # an ICO file
