"""The search and filter rules of the list popups (SPEC §5), and the popup flow's server-side handlers."""

import pytest

from learnsite.catalogue.home import CATEGORIES
from learnsite.catalogue.entries import list_rows
from learnsite.catalogue.filters import ALL, filter_activities, is_read_prompt, item_route, matches, search_titles
from learnsite.state.popups import FLAGS, PopupState


def titles(results):
    return [r["title"] for r in results]


def test_no_filter_lists_every_category_with_all_items():
    results = filter_activities(CATEGORIES)
    assert titles(results) == [c.title for c in CATEGORIES]
    assert sum(len(r["items"]) for r in results) == 28


def test_search_is_a_case_insensitive_substring_of_item_names():
    results = filter_activities(CATEGORIES, "DUCKS")
    assert [(r["title"], r["items"]) for r in results] == [("Phonics Songs", ["Five Little Ducks"])]
    results = filter_activities(CATEGORIES, "  the ")
    found = {name for r in results for name in r["items"]}
    assert "The Magical Forest" in found and "Colors of the Rainbow" in found and "Math Practice" not in found


def test_search_does_not_match_category_titles():
    assert filter_activities(CATEGORIES, "Bedtime") == []


def test_category_title_filter():
    results = filter_activities(CATEGORIES, category_title="Animated Videos")
    assert titles(results) == ["Animated Videos"]
    assert filter_activities(CATEGORIES, category_title=ALL) == filter_activities(CATEGORIES)


def test_type_filter_all_or_one_type():
    assert titles(filter_activities(CATEGORIES, kind="book")) == ["Bedtime Storybooks"]
    assert len(filter_activities(CATEGORIES, kind=ALL)) == 7


def test_filters_combine_and_can_leave_nothing():
    assert filter_activities(CATEGORIES, category_title="Animated Videos", kind="song") == []
    assert filter_activities(CATEGORIES, "ocean", kind="flipbook")[0]["items"] == ["Ocean Explorers"]
    assert filter_activities(CATEGORIES, "no such thing") == []


def test_item_routes_follow_the_type_table_and_slug_rule():
    assert item_route("video", "ABC Adventure") == "/video/abc-adventure"
    assert item_route("book", "Mystery of the Stars") == "/storybook/mystery-of-the-stars"
    assert item_route("powerpoint", "Solar System Tour") == "/powerpoint/solar-system-tour"
    assert item_route("audiobook", "The Lion and the Mouse") == "/audiobook/the-lion-and-the-mouse"
    assert item_route("worksheet", "Math Practice") == ""


def test_read_prompts_are_only_the_read_items():
    audio = next(c for c in CATEGORIES if c.type == "audiobook")
    assert [n for n in audio.items if is_read_prompt(n)] == ["Read Along Fables", "Read Aloud Classics"]


def test_audiobook_search_by_title_any_case():
    rows = list_rows("audiobook")
    assert [r["id"] for r in rows] == ["the-lion-and-the-mouse", "the-tortoise-and-the-hare"]
    assert titles(search_titles(rows, "TORTOISE")) == ["The Tortoise and the Hare"]
    assert titles(search_titles(rows, "")) == ["The Lion and the Mouse", "The Tortoise and the Hare"]
    assert search_titles(rows, "dragon") == []


def test_full_list_rows_link_to_their_pages():
    assert [r["href"] for r in list_rows("powerpoint")] == [
        "/powerpoint/solar-system-tour", "/powerpoint/dinosaur-facts", "/powerpoint/world-of-insects",
        "/powerpoint/ancient-egypt"]
    assert [r["href"] for r in list_rows("book")][0] == "/storybook/the-magical-forest"


def test_matches_blank_query():
    assert matches("Anything", "   ") and not matches("Anything", "x y")


# ---------------------------------------------------------------- the popup flow's handlers (server side)

@pytest.fixture
def popups() -> PopupState:
    return PopupState(_reflex_internal_init=True)


def call(state, handler, *args):
    return getattr(PopupState, handler).fn(state, *args)


def open_flags(state) -> list[str]:
    return [f for f in FLAGS if getattr(state, f)]


def test_there_are_fifteen_popup_flags_all_closed_at_first(popups):
    assert len(FLAGS) == len(set(FLAGS)) == 15
    assert open_flags(popups) == []


def test_choosing_a_category_closes_start_learning_and_all_activities(popups):
    call(popups, "open_start_learning")
    assert open_flags(popups) == ["start_learning_open"]
    call(popups, "open_category", "song")
    assert open_flags(popups) == ["song_open"]
    call(popups, "open_all_activities")
    call(popups, "open_category", "worksheet")
    assert open_flags(popups) == ["worksheet_open"]


def test_full_lists_replace_the_category_popup(popups):
    for kind, handler, flag in [("powerpoint", "open_all_presentations", "all_presentations_open"),
                                ("book", "open_all_storybooks", "all_storybooks_open"),
                                ("audiobook", "open_all_audiobooks", "all_audiobooks_open"),
                                ("worksheet", "open_all_worksheets", "all_worksheets_open")]:
        call(popups, "open_category", kind)
        call(popups, handler)
        assert open_flags(popups) == [flag]


def test_unknown_inputs_open_nothing(popups):
    assert call(popups, "open_category", "casino") is not None  # a coming-soon toast instead
    assert call(popups, "open_age_group", "popup-11-12") is not None
    assert call(popups, "open_activity", "../etc") is not None
    call(popups, "set_open", "is_admin", True)
    assert open_flags(popups) == [] and not hasattr(popups, "is_admin")


def test_age_group_and_activity_popups(popups):
    call(popups, "open_age_group", "popup-7-8")
    assert popups.age_group == "popup-7-8" and open_flags(popups) == ["age_group_open"]
    call(popups, "open_activity", "shape-safari")
    assert popups.activity["title"] == "Shape Safari" and open_flags(popups) == ["activity_open"]


def test_choosing_items(popups):
    call(popups, "open_category", "video")
    redirect = call(popups, "choose_item", "video", "ABC Adventure")
    assert open_flags(popups) == [] and "/video/abc-adventure" in str(redirect)
    call(popups, "open_category", "audiobook")
    prompt = call(popups, "choose_item", "audiobook", "Read Along Fables")
    assert "Please select from the list!" in str(prompt) and open_flags(popups) == ["audiobook_open"]
    assert call(popups, "choose_item", "video", "Not In The List") is None


def test_search_fields_are_validated(popups):
    call(popups, "set_activities_category", "Nope")
    call(popups, "set_activities_type", "nope")
    assert (popups.activities_category, popups.activities_type) == (ALL, ALL)
    call(popups, "set_activities_type", "book")
    assert [r["title"] for r in popups.activity_results] == ["Bedtime Storybooks"]
    assert popups.activity_match_count == len(popups.activity_results[0]["items"]) == 4  # the items, not categories
    call(popups, "set_audiobook_query", "x" * 500)
    assert len(popups.audiobook_query) == 100 and popups.audiobook_results == []


def test_title_takes_only_a_plausible_host(popups):
    call(popups, "set_host_title", "localhost:3000")
    assert popups.host_title == "localhost:3000 - Fun Learning for Kids Ages 3-10"
    call(popups, "set_host_title", "<script>")
    assert popups.host_title == "localhost:3000 - Fun Learning for Kids Ages 3-10"
    call(popups, "set_host_title", "evil.example\n")  # "$" lets a last newline through; fullmatch does not
    assert popups.host_title == "localhost:3000 - Fun Learning for Kids Ages 3-10"
