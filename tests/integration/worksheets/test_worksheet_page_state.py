"""/worksheet/[id] on_load: a worksheet read moments ago shows in one update; any write shows at once."""

from __future__ import annotations

import pytest

import learnsite.services.worksheets as ws
from learnsite.state.worksheets import WorksheetPageState
from tests.unit.auth_fixtures import auth_env, client_tree  # noqa: F401


@pytest.fixture
def page_env(auth_env, monkeypatch):
    monkeypatch.setattr(ws, "settings", auth_env)  # the change marker lives in this test's data folder
    ws.RECENT_VIEWS.changed()
    return auth_env


def _create(db_url, local_storage, sample_pdf, category_id, title="Counting Apples"):
    return ws.create_worksheet(db_url, local_storage, pdf_path=sample_pdf, original_name="a.pdf", title=title,
                               category_id=category_id, subject="math", skill_type="counting")


async def _load(worksheet_id) -> tuple[WorksheetPageState, list[str]]:
    """Run the page's on_load; the statuses the page saw (one per update it was sent)."""
    root = client_tree(f"/worksheet/{worksheet_id}")
    page = await root.get_state(WorksheetPageState)
    seen = []
    async for _ in WorksheetPageState.load_worksheet.fn(page):
        seen.append(page.ws_status)
    seen.append(page.ws_status)
    return page, seen


async def test_first_load_reads_the_database_then_a_reload_needs_one_update(
        page_env, db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    page, seen = await _load(view.id)
    assert seen == ["loading", "found"]
    assert (page.ws_title, page.ws_download_name) == ("Counting Apples", "counting_apples.pdf")
    page, seen = await _load(view.id)
    assert seen == ["found"]
    assert page.ws_title == "Counting Apples"


async def test_an_edit_or_a_delete_is_seen_by_the_next_load(
        page_env, db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    await _load(view.id)
    ws.update_worksheet(db_url, view.id, title="Trace the A", category_id=math_category, subject="math",
                        skill_type="counting")
    page, seen = await _load(view.id)
    assert (seen, page.ws_title) == (["loading", "found"], "Trace the A")
    ws.delete_worksheet(db_url, local_storage, view.id)
    page, seen = await _load(view.id)
    assert seen == ["loading", "missing"]


async def test_a_new_worksheet_reusing_a_deleted_id_is_not_shown_as_the_old_one(
        page_env, db_url, local_storage, sample_pdf, math_category):
    old = _create(db_url, local_storage, sample_pdf, math_category, title="Old Sheet")
    await _load(old.id)
    ws.delete_worksheet(db_url, local_storage, old.id)
    new = _create(db_url, local_storage, sample_pdf, math_category, title="New Sheet")
    page, _ = await _load(new.id)
    assert page.ws_title == "New Sheet"


async def test_unknown_and_malformed_ids_are_missing(page_env, db_url):
    for raw in ("999999", "abc", "²", "1" * 20):
        page, seen = await _load(raw)
        assert seen[-1] == "missing"
