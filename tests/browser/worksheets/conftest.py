"""Helpers for the worksheet browser tests: worksheets created through the service in the app's data."""

from __future__ import annotations

import re
import subprocess
import textwrap

import pytest

from learnsite.config import REPO_ROOT


def run_in_app_env(app_server, code: str) -> str:
    """Run Python with the app's settings (its data folder and database), as an operator script would."""
    result = subprocess.run(
        [str(REPO_ROOT / ".venv" / "bin" / "python"), "-c", textwrap.dedent(code)],
        env=app_server.env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip()


@pytest.fixture
def create_worksheet(app_server, tmp_path):
    """Create a worksheet through the service (storage + row) in the running app; returns its id."""

    def create(title: str, pdf: bytes, description: str = "", category: str = "Math Practice",
               subject: str = "math", skill_type: str = "counting") -> int:
        path = tmp_path / f"{abs(hash(title))}.pdf"
        path.write_bytes(pdf)
        out = run_in_app_env(app_server, f"""
            from pathlib import Path
            from learnsite.services import worksheets as ws
            from learnsite.services.storage import get_storage
            cat = next(c["id"] for c in ws.list_categories() if c["name"] == {category!r})
            view = ws.create_worksheet(None, get_storage(), pdf_path=Path({str(path)!r}), original_name="sheet.pdf",
                                       title={title!r}, description={description!r}, category_id=cat,
                                       subject={subject!r}, skill_type={skill_type!r})
            print(view.id)
        """)
        return int(out.splitlines()[-1])

    return create


def _delete_all(app_server) -> None:
    run_in_app_env(app_server, """
        import sqlalchemy as sa
        from learnsite.db import session_scope
        from learnsite.models import Content
        from learnsite.services import worksheets as ws
        from learnsite.services.storage import get_storage
        with session_scope() as s:  # rows without stored files (bulk test data) go in one statement
            s.execute(sa.delete(Content).where(Content.storage_key == ""))
        ws.RECENT_VIEWS.changed()  # a write around the service tells the app's recent-worksheet cache
        while True:
            views, total = ws.list_worksheets(per_page=50)
            if not views:
                break
            for v in views:
                ws.delete_worksheet(None, get_storage(), v.id)
    """)


@pytest.fixture
def bulk_worksheets(app_server):
    """Insert n worksheet rows at once (no files behind them): enough to exercise paging."""

    def insert(n: int) -> None:
        run_in_app_env(app_server, f"""
            from datetime import datetime, timedelta, timezone
            from learnsite.db import session_scope
            from learnsite.models import Content
            from learnsite.services.worksheets import list_categories
            cat = list_categories()[0]["id"]
            base = datetime(2026, 1, 1, tzinfo=timezone.utc)
            with session_scope() as s:
                s.add_all([Content(title=f"Bulk Sheet {{i:05d}}", file_url="/files/worksheets/missing.pdf",
                                   category_id=cat, subject="math", skill_type="counting",
                                   created_at=base + timedelta(seconds=i)) for i in range({n})])
        """)

    return insert


@pytest.fixture(autouse=True)
def _leave_no_worksheets(app_server):
    """The app is shared by the whole browser suite: other features expect no worksheets."""
    yield
    _delete_all(app_server)


@pytest.fixture
def delete_all_worksheets(app_server):
    return lambda: _delete_all(app_server)


def choose(page, label: str, option: str) -> None:
    """One option of a select named `label` (its list opens outside the form or dialog it is in)."""
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()


def open_all_worksheets(page) -> None:
    """The visitor's way in: the header's Worksheets category (on a phone: Explore, then Worksheets), then
    "Browse Worksheets"."""
    nav = page.get_by_role("navigation", name="Learning categories").get_by_role("button", name="Worksheets")
    if nav.count() and nav.first.is_visible():
        nav.first.click()
    elif page.get_by_role("button", name="Explore").is_visible():
        page.get_by_role("button", name="Explore").click()
        page.get_by_role("dialog", name="Start Learning").get_by_role("button", name=re.compile("Worksheets")).click()
    page.get_by_role("button", name="Browse Worksheets").first.click()
    page.get_by_role("dialog", name="All Worksheets").wait_for()


def drop_files(page, selector: str, files: list[tuple[str, str, bytes]], event: str = "drop") -> None:
    """Drop files onto an element the way a browser does (DataTransfer + DragEvent)."""
    import base64

    payload = [{"name": n, "type": t, "b64": base64.b64encode(b).decode()} for n, t, b in files]
    page.locator(selector).evaluate(
        """(el, args) => {
            const [files, eventName] = args;
            const dt = new DataTransfer();
            for (const f of files) {
                const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
                dt.items.add(new File([bytes], f.name, { type: f.type }));
            }
            el.dispatchEvent(new DragEvent(eventName, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }""",
        [payload, event],
    )


def sign_in(page, app_server, email: str, password: str, role: str) -> None:
    """Create the account and sign in through the login page for that role."""
    app_server.create_user(email, password, role=role)
    page.goto("/login/admin" if role == "admin" else "/login/user")
    from tests.conftest import wait_hydrated

    wait_hydrated(page)
    page.locator("#main").get_by_label("Email").fill(email)
    page.locator("#main").get_by_label("Password", exact=True).fill(password)
    page.locator("#main").get_by_role("button", name="Login").click()
