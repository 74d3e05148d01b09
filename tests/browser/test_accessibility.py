"""axe-core (tests/tools, from npm) finds no WCAG 2.x A/AA violation on any page or state of
a11y_pages.VISITS, at 1280 px and at 375 px."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.a11y_pages import VISITS, Visit
from tests.chat_live_support import make_user, sign_in
from tests.conftest import REPO_ROOT, wait_hydrated

AXE = REPO_ROOT / "tests" / "tools" / "node_modules" / "axe-core" / "axe.min.js"
RULESETS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = [1280, 375]
PASSWORD = "a11y-password-1"


def axe_violations(page) -> list[str]:
    """One line per violation: rule, impact, and the first few elements it names."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # through Playwright, not a <script> element: the page's CSP allows no inline script
        page.evaluate(Path(AXE).read_text())
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", RULESETS)
    return [f"{v['id']} ({v['impact']}): {v['help']} -> "
            + json.dumps([n["target"] for n in v["nodes"][:4]]) + (f" +{len(v['nodes']) - 4} more" if len(v["nodes"]) > 4 else "")
            for v in result["violations"]]


@pytest.fixture(scope="module")
def accounts(app_server):
    tag = uuid.uuid4().hex[:8]
    made = {}
    for who in ("user", "admin"):
        email = f"a11y-{who}-{tag}@example.com"
        make_user(app_server, email, PASSWORD, f"A11y {who.title()}", role=who)
        made[who] = email
    return made


def _sign_in(page, who: str, email: str, path: str) -> None:
    if who == "user":
        sign_in(page, email, PASSWORD, path)
        return
    page.goto(f"/login/admin?next={path}")
    wait_hydrated(page)
    form = page.locator("form")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_role("button", name="Login").click()
    # the path itself (not the login's ?next=/chat, which ends with it too); an admin login goes to the dashboard
    # for a page that is not an admin one
    page.wait_for_url(lambda url: urlsplit(url).path.rstrip("/") in (path, "/admin/dashboard"))
    if urlsplit(page.url).path.rstrip("/") != path:
        page.goto(path)
    wait_hydrated(page)


@pytest.mark.parametrize("visit", VISITS, ids=[v.name for v in VISITS])
def test_no_wcag_violations(page, accounts, visit: Visit):
    if AXE.exists() is False:
        pytest.fail(f"{AXE} missing: `make test` installs tests/tools (npm install --ignore-scripts)")
    if visit.who:
        _sign_in(page, visit.who, accounts[visit.who], visit.path)
    else:
        page.goto(visit.path)
        if visit.hydrates:
            wait_hydrated(page)
    if visit.setup:
        visit.setup(page)
    page.wait_for_load_state("networkidle")
    found = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 600 else 812})
        page.wait_for_timeout(300)  # layout settles
        found[width] = axe_violations(page)
    assert found == {w: [] for w in WIDTHS}, json.dumps(found, indent=1)
