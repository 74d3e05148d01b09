"""Best stars in the browser: a signed-in player sees them beside activities; visitors see none."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import User
from learnsite.services import stars
from tests.conftest import wait_hydrated

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-stars")
PASSWORD = "shining-stars"


def player_with_stars(app_server, **best: int) -> str:
    """A confirmed account whose best stars were saved through the service, as a finished game saves them."""
    address = f"star-{uuid.uuid4().hex[:8]}@example.com"
    app_server.create_user(address, PASSWORD, name="Star Player")
    url = f"sqlite:///{app_server.data_dir / 'learnsite.db'}"
    with session_scope(url) as s:
        uid = s.exec(select(User.id).where(User.email == address)).one()
    for activity_id, count in best.items():
        stars.record_best(uid, activity_id.replace("_", "-"), count, url)
    return address


def sign_in(page, app_server, address: str) -> None:
    page.goto("/login/user")
    wait_hydrated(page)
    page.get_by_label("Email").fill(address)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.locator("#main").get_by_role("button", name="Login", exact=True).click()
    page.wait_for_url(lambda u: u.rstrip("/") == app_server.url)
    wait_hydrated(page)
    expect(page.locator("header").get_by_text("Welcome!")).to_be_visible()


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_age_group(page, age: str):
    page.get_by_role("region", name="Learning for Every Age").get_by_role("button", name=age, exact=True).click()
    dialog = page.get_by_role("dialog", name=f"{age} Activities")
    expect(dialog).to_be_visible()
    return dialog


def row(dialog, name: str):
    return dialog.get_by_role("listitem").filter(has=dialog.page.get_by_role("link", name=f"Play {name}"))


def test_a_signed_in_player_sees_their_best_stars(page, app_server):
    address = player_with_stars(app_server, letter_tracing=2, sight_words=3, shape_safari=1)
    sign_in(page, app_server, address)

    featured = page.get_by_role("region", name="Today's Special Activities")
    safari = featured.get_by_role("article").filter(has=page.get_by_role("link", name="Shape Safari"))
    expect(safari.get_by_role("img", name="1 of 3 stars")).to_have_text("★☆☆")
    expect(featured.get_by_role("img", name=" of 3 stars")).to_have_count(1)  # only the played one

    dialog = open_age_group(page, "Ages 5-6")
    expect(row(dialog, "Letter Tracing").get_by_role("img", name="2 of 3 stars")).to_have_text("★★☆")
    expect(row(dialog, "Sight Words").get_by_role("img", name="3 of 3 stars")).to_have_text("★★★")
    expect(row(dialog, "Addition Fun").get_by_role("img")).to_have_count(0)
    shoot(page, "age-group-desktop")
    page.keyboard.press("Escape")
    expect(open_age_group(page, "Ages 3-4").get_by_role("img", name=" of 3 stars")).to_have_count(0)
    page.keyboard.press("Escape")

    page.set_viewport_size({"width": 375, "height": 800})
    safari.scroll_into_view_if_needed()
    shoot(page, "featured-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    dialog = open_age_group(page, "Ages 5-6")
    expect(row(dialog, "Letter Tracing").get_by_role("img", name="2 of 3 stars")).to_be_visible()
    shoot(page, "age-group-phone")
    page.keyboard.press("Escape")

    # signing out hides them at once
    page.locator("header").get_by_role("button", name="Logout").click()
    expect(page.locator("header").get_by_role("button", name="Login")).to_be_visible()
    expect(page.get_by_role("img", name=" of 3 stars")).to_have_count(0)


def test_a_visitor_sees_no_stars_and_no_sign_in_request(page, app_server):
    player_with_stars(app_server, number_counting=3, rainbow_math=2)  # someone else's stars
    page.goto("/")
    wait_hydrated(page)
    expect(page.get_by_role("region", name="Today's Special Activities").get_by_role("article")).to_have_count(3)
    dialog = open_age_group(page, "Ages 3-4")
    expect(dialog.get_by_role("link", name="Play Number Counting")).to_be_visible()
    expect(page.get_by_role("img", name=" of 3 stars")).to_have_count(0)
    expect(page.get_by_text("★")).to_have_count(0)
    assert "/login" not in page.url
