"""The All Worksheets popup's filters keep only the choices the page offers (any client can send anything)."""

from __future__ import annotations

import pytest

from learnsite.state.worksheets import ALL, AGE_CHOICES, WorksheetBrowserState, _ages_tag


@pytest.fixture
def browser_state() -> WorksheetBrowserState:
    return WorksheetBrowserState(_reflex_internal_init=True)


def test_the_age_filter_offers_ages_3_to_10():
    assert AGE_CHOICES[0] == ("3", "Age 3") and AGE_CHOICES[-1] == ("10", "Age 10") and len(AGE_CHOICES) == 8


@pytest.mark.parametrize("sent, kept", [("6", "6"), ("10", "10"), ("2", ALL), ("11", ALL), ("06", ALL), ("6 ", ALL),
                                        ("{x}", ALL), (ALL, ALL)])
def test_the_age_filter_keeps_only_an_offered_age(browser_state, sent, kept):
    WorksheetBrowserState.set_age_filter.fn(browser_state, sent)
    assert browser_state.age_filter == kept


def test_clear_filters_clears_the_age_too(browser_state):
    WorksheetBrowserState.set_age_filter.fn(browser_state, "5")
    assert browser_state.filtering
    WorksheetBrowserState.clear_filters.fn(browser_state)
    assert browser_state.age_filter == ALL and not browser_state.filtering


def test_a_card_shows_the_ages_its_description_names():
    assert _ages_tag("Numbers to trace. For ages 4-6.") == "Ages 4-6"
    assert _ages_tag("Count and colour.") == ""
