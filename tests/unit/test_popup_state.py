"""PopupState handlers send only what changed: opening a popup closes just the ones that were open."""

from __future__ import annotations

from learnsite.state.popups import FLAGS, PopupState
from tests.unit.auth_fixtures import client_tree, run


async def _popups():
    root = client_tree("/")
    return root, await root.get_state(PopupState)


async def test_opening_an_age_group_dirties_only_it_and_the_popup_it_replaces():
    root, popups = await _popups()
    await run(PopupState.open_category, popups, "worksheet")
    root._clean()
    await run(PopupState.open_age_group, popups, "popup-3-4")
    assert popups.dirty_vars == {"worksheet_open", "age_group", "age_group_open"}
    assert [f for f in FLAGS if getattr(popups, f)] == ["age_group_open"]


async def test_opening_from_nothing_open_dirties_only_the_opened_flag():
    root, popups = await _popups()
    root._clean()
    await run(PopupState.open_start_learning, popups)
    assert popups.dirty_vars == {"start_learning_open"}
    await run(PopupState.close_all, popups)
    assert not any(getattr(popups, f) for f in FLAGS)


async def test_escape_meant_for_a_replaced_popup_closes_its_replacement():
    """Escape right after a click that replaces a popup reaches the old one, after the server replaced it."""
    root, popups = await _popups()
    await run(PopupState.open_age_group, popups, "popup-3-4")
    await run(PopupState.open_activity, popups, "animal-sounds")  # the click
    await run(PopupState.escape_pressed, popups, "age_group_open")  # the Escape, meant for the old one
    await run(PopupState.set_open, popups, "age_group_open", False)  # Radix may or may not report a close
    assert not any(getattr(popups, f) for f in FLAGS)


async def test_escape_on_the_open_popup_leaves_the_closing_to_on_open_change():
    root, popups = await _popups()
    await run(PopupState.open_category, popups, "worksheet")
    root._clean()
    await run(PopupState.escape_pressed, popups, "worksheet_open")
    assert popups.dirty_vars == set() and popups.worksheet_open
    await run(PopupState.escape_pressed, popups, "no_such_flag")
    assert popups.worksheet_open


async def test_closing_the_open_popup_leaves_the_others_alone():
    root, popups = await _popups()
    await run(PopupState.open_category, popups, "worksheet")
    root._clean()
    await run(PopupState.set_open, popups, "worksheet_open", False)
    assert popups.dirty_vars == {"worksheet_open"}
    assert not any(getattr(popups, f) for f in FLAGS)
