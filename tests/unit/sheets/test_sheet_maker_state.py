"""The maker page's state checks options like the PDF route does, and keeps the last good ones."""

from __future__ import annotations

import dataclasses
from typing import get_args, get_type_hints

from learnsite.services import worksheets as service
from learnsite.sheets import _MODULES, KINDS
from learnsite.state.sheet_maker import BORROWING_MEANS, CARRYING_MEANS, LEVELS, Kind, SheetMakerState
from tests.unit.auth_fixtures import client_tree, run


async def _maker():
    root = client_tree("/worksheets/maker")
    return await root.get_state(SheetMakerState)


async def test_a_bad_count_shows_a_message_and_keeps_the_last_good_sheet():
    s = await _maker()
    await run(SheetMakerState.set_count, s, "500")
    assert s.error == "Number of problems: choose between 1 and 100."
    assert "count=20" in s.query
    await run(SheetMakerState.set_count, s, "12")
    assert s.error == "" and "count=12" in s.query


async def test_an_error_names_the_option_it_is_about_so_the_page_shows_it_there():
    """On a phone the one note stood by Download, a screen below "Numbers from"; now it stands under its option."""
    s = await _maker()
    for handler, value, field, beside in ((SheetMakerState.set_low, "5000", "range", True),
                                          (SheetMakerState.set_low, "x", "range", True),
                                          (SheetMakerState.set_count, "0", "count", True),
                                          (SheetMakerState.set_seed, "-5", "seed", False)):
        await run(handler, s, value)
        assert (s.error != "", s.error_field, s.error_beside_field) == (True, field, beside), value
        await run(SheetMakerState.set_kind, s, "addition")  # back to the defaults
        await run(SheetMakerState.set_seed, s, "1")
        assert (s.error, s.error_field, s.error_beside_field) == ("", "", False)
    await run(SheetMakerState.set_high, s, "4")
    await run(SheetMakerState.set_carrying, s, "only")
    assert (s.error_field, s.error_beside_field) == ("carrying", True)


async def test_the_times_tables_range_says_how_to_ask_for_one_table():
    s = await _maker()
    await run(SheetMakerState.set_kind, s, "multiplication")
    assert (s.range_label, s.low, s.high) == ("Times tables from", "1", "5")
    assert s.range_hint == "0 to 12; 7 to 7 makes the 7 times table, 7 × 1 to 7 × 12"
    await run(SheetMakerState.set_kind, s, "addition")
    assert s.range_hint == "0 to 999"


async def test_choosing_a_kind_gives_its_options_and_file_name():
    s = await _maker()
    await run(SheetMakerState.set_kind, s, "word-search")
    await run(SheetMakerState.set_seed, s, "4321")
    assert (s.has_level, s.has_range, s.has_count, s.count) == (True, False, True, "8")
    assert s.file_name == "sight-word-search-sheet-4321.pdf"
    await run(SheetMakerState.set_kind, s, "letter-tracing")
    assert (s.has_case, s.has_key, s.answer_key) == (True, False, False)
    assert (s.low, s.high) == ("1", "5")  # A to E, picked as letters on the page


async def test_a_kind_offers_its_own_levels_and_the_guard_lets_each_through(monkeypatch):
    """The page offered a fixed three levels and set_level took only "1".."3": a kind made with five showed three
    and the guard refused its "4"."""
    s = await _maker()
    await run(SheetMakerState.set_kind, s, "word-search")
    assert [c["name"] for c in s.level_choices] == ["Level 1 (easiest)", "Level 2", "Level 3 (hardest)"]
    await run(SheetMakerState.set_level, s, "3")
    assert s.level == "3" and "level=3" in s.query
    monkeypatch.setitem(KINDS, "word-search", dataclasses.replace(KINDS["word-search"], levels=2))
    await run(SheetMakerState.set_kind, s, "addition")
    await run(SheetMakerState.set_kind, s, "word-search")
    assert [c["id"] for c in s.level_choices] == ["1", "2"]
    await run(SheetMakerState.set_level, s, "3")  # past this kind's levels: its first
    assert s.level == "1"
    assert get_args(get_type_hints(SheetMakerState.set_level.fn)["value"]) == LEVELS
    assert len(LEVELS) == max(spec.levels for spec in KINDS.values())


async def test_impossible_carrying_and_junk_are_refused_calmly():
    s = await _maker()
    await run(SheetMakerState.set_high, s, "4")
    await run(SheetMakerState.set_carrying, s, "only")
    assert s.error.startswith("No problems with carrying")
    await run(SheetMakerState.set_carrying, s, "any")
    await run(SheetMakerState.set_low, s, "1e9")
    assert s.error == "From must be a whole number."
    await run(SheetMakerState.set_low, s, "x" * 5000)
    assert len(s.low) <= 7 and s.error
    await run(SheetMakerState.set_seed, s, "²")  # a digit to str.isdigit(), not to int(): once it broke the tab
    assert s.error == "The sheet number must be a whole number."
    await run(SheetMakerState.set_seed, s, "12")
    await run(SheetMakerState.set_low, s, "1")
    assert s.error == "" and s.query
    await run(SheetMakerState.set_kind, s, "not-a-kind")
    assert s.kind == "addition"


async def test_the_library_form_keeps_only_choices_the_library_offers():
    s = await _maker()
    s.categories = [{"id": "3", "name": "Math Practice"}]
    for handler, good in ((SheetMakerState.set_lib_category_id, "3"), (SheetMakerState.set_lib_subject, "math"),
                          (SheetMakerState.set_lib_skill_type, "counting")):
        await run(handler, s, good)
        await run(handler, s, "x" * 40)
    assert (s.lib_category_id, s.lib_subject, s.lib_skill_type) == ("", "", "")
    await run(SheetMakerState.set_lib_category_id, s, "3")
    await run(SheetMakerState.set_lib_subject, s, "literacy")
    await run(SheetMakerState.set_lib_skill_type, s, "reading")
    assert (s.lib_category_id, s.lib_subject, s.lib_skill_type) == ("3", "literacy", "reading")


def test_every_kind_can_be_chosen_made_and_filed():
    """A kind is its KindSpec (and its generator): the maker's choice and the library tags come from it, so a kind
    added there cannot be offered by the page and then refused by the guard."""
    assert set(get_args(Kind)) == set(KINDS) == set(_MODULES)
    for spec in KINDS.values():
        category, subject, skill = spec.library
        assert category in service.ALLOWED_CATEGORIES and subject in service.SUBJECTS
        assert skill in service.SKILL_TYPES, spec.kind


async def test_carrying_and_borrowing_say_what_they_mean_beside_their_choice():
    """"Carrying" is a teacher's word: a grandparent making a sheet did not know it (a review)."""
    s = await _maker()
    assert (s.has_carrying, s.carrying_label, s.carrying_hint) == (True, "Carrying", CARRYING_MEANS)
    assert "27 + 15" in CARRYING_MEANS  # 7 + 5 makes 12: the 1 carried is real
    await run(SheetMakerState.set_kind, s, "subtraction")
    assert (s.carrying_label, s.carrying_hint) == ("Borrowing", BORROWING_MEANS)
    assert "42 − 17" in BORROWING_MEANS  # 2 is smaller than 7: a ten is borrowed
