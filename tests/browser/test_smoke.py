from tests.conftest import wait_hydrated


def test_home_serves_and_hydrates(page):
    page.goto("/")
    wait_hydrated(page)
    assert page.get_by_role("link", name="Learnsite home").is_visible()
