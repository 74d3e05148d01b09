"""The search and filter rules of the Explore All Activities and All Audiobooks popups (SPEC §5)."""

from learnsite.catalogue.home import CATEGORIES
from learnsite.popups.entries import list_rows
from learnsite.popups.filters import ALL, filter_activities, is_read_prompt, item_route, matches, search_titles


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
