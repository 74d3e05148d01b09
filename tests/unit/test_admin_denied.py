"""DECISIONS: an admin event refused on the server goes to the admin login, which comes back to the dashboard;
a tab whose admin signed out in another tab (or a forged event from a family's tab) gets no data and no change."""

from __future__ import annotations

import pytest

from learnsite.state.admin_worksheets import AdminWorksheetState as A
from tests.unit.auth_fixtures import client_tree, redirect_target, run

BACK_TO_LOGIN = "/login/admin?next=/admin/dashboard"


@pytest.mark.parametrize("handler, args", [
    (A.load, ()), (A.load_list, ()), (A.start_edit, ("1",)), (A.save_edit, ()), (A.ask_delete, ("1",)),
    (A.confirm_delete, ()),
])
async def test_a_signed_out_tab_is_sent_to_the_admin_login(handler, args):
    panel = await client_tree("/admin/dashboard").get_state(A)  # no stored session: signed out
    panel.items = [{"id": "1", "title": "Shapes", "description": "", "category_id": "", "subject": "",
                    "skill_type": ""}]
    panel.edit_id, panel.delete_id, panel.edit_title = "1", "1", "Renamed"
    events = await run(handler, panel, *args)
    assert redirect_target(events) == BACK_TO_LOGIN
    assert (panel.edit_id, panel.delete_id, panel.edit_title) == ("1", "1", "Renamed")
