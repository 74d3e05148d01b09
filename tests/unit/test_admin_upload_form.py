"""The dashboard's upload form put back after a failed upload request (AdminWorksheetState.restore_form): only into
an admin tab's empty form, and each field only as its own setter keeps it."""

from __future__ import annotations

from learnsite.services import worksheets as service
from learnsite.state.admin_worksheets import AdminWorksheetState as A
from learnsite.state.auth import AuthState
from learnsite.state.worksheets import SKILL_LABELS
from tests.unit.auth_fixtures import client_tree, run

DRAFT = {"title": "t" * (service.TITLE_MAX + 50), "description": "Colour the shapes.", "category_id": "7",
         "subject": "not-a-subject", "skill_type": next(iter(SKILL_LABELS))}


async def _form(access: str = "granted"):
    root = client_tree("/admin/dashboard")
    (await root.get_state(AuthState)).admin_access = access
    form = await root.get_state(A)
    form.categories = [{"id": "7", "name": "Color by Number"}]
    return form


async def test_the_form_comes_back_bounded_as_its_setters_keep_it():
    form = await _form()
    await run(A.restore_form, form, {**DRAFT, "extra": "ignored"})
    assert form.title == "t" * service.TITLE_MAX
    assert (form.description, form.category_id, form.subject) == ("Colour the shapes.", "7", "")
    assert form.skill_type == DRAFT["skill_type"]


async def test_nothing_comes_back_into_a_filled_form_or_a_tab_the_guard_did_not_let_in():
    form = await _form()
    form.title = "Mine"
    await run(A.restore_form, form, DRAFT)
    assert (form.title, form.description) == ("Mine", "")
    form = await _form(access="checking")
    await run(A.restore_form, form, DRAFT)
    assert (form.title, form.category_id) == ("", "")


async def test_a_field_that_is_not_text_comes_back_empty():
    form = await _form()
    await run(A.restore_form, form, {"title": 5, "description": ["x"], "category_id": "7"})
    assert (form.title, form.description, form.category_id) == ("", "", "7")
