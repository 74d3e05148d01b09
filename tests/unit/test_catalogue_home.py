"""Integrity of the home-page catalogue: age groups, learning categories, featured activities."""

from pathlib import Path

import pytest

from learnsite.catalogue import home
from learnsite.catalogue.home import AGE_GROUPS, CATEGORIES, FEATURED, TYPE_ROUTES, age_group_art, category_art
from learnsite.catalogue.types import slugify
from learnsite.header import nav_label

ASSETS = Path(__file__).resolve().parents[2] / "assets"

SPEC_AGE_ACTIVITIES = {
    "popup-3-4": ["color-matching", "shape-sorting", "number-counting", "animal-sounds"],
    "popup-5-6": ["letter-tracing", "sight-words", "addition-fun", "number-friends"],
    "popup-7-8": ["reading-comp", "math-whiz", "story-starter", "science-facts"],
    "popup-9-10": ["multi-masters", "creative-writing", "science-lab", "history-quest"],
}


def test_four_age_groups_with_the_spec_activity_ids():
    assert {g.type: [a for a, _ in g.popup_activities] for g in AGE_GROUPS} == SPEC_AGE_ACTIVITIES
    assert [g.age for g in AGE_GROUPS] == ["Ages 3-4", "Ages 5-6", "Ages 7-8", "Ages 9-10"]


def test_age_groups_show_the_spec_names_taken_from_the_library():
    names = {g.type: [name for _, name in g.popup_activities] for g in AGE_GROUPS}
    assert names["popup-3-4"] == ["Color Matching", "Shape Sorting", "Number Counting", "Animal Sounds"]
    assert names["popup-9-10"] == ["Multi Masters", "Creative Writing", "Science Lab", "History Quest"]
    for group in AGE_GROUPS:
        for activity_id, name in group.popup_activities:
            assert activity_id == slugify(name), (activity_id, name)
    assert [f.title for f in FEATURED] == ["Rainbow Math", "Animal Alphabet", "Shape Safari"]


def test_an_age_group_naming_an_activity_the_library_lacks_fails_at_import():
    with pytest.raises(LookupError, match="'paint-splash' is not in library.ACTIVITIES"):
        home._titled("color-matching", "paint-splash")


def test_activity_ids_are_unique_across_age_groups_and_featured():
    ids = [a for g in AGE_GROUPS for a, _ in g.popup_activities] + [f.id for f in FEATURED]
    assert len(ids) == len(set(ids))  # how many: the spec's, pinned in test_catalogue_library.py


def test_seven_categories_in_spec_order_with_four_items_each():
    assert [(c.title, c.type) for c in CATEGORIES] == [
        ("Printable Worksheets", "worksheet"), ("Interactive Flipbooks", "flipbook"),
        ("Animated Videos", "video"), ("Phonics Songs", "song"), ("Bedtime Storybooks", "book"),
        ("Slide Presentations", "powerpoint"), ("Listening Audiobooks", "audiobook"),
    ]
    for c in CATEGORIES:
        assert len(c.items) == 4 and len(set(c.items)) == 4, c.title
        assert c.description and c.icon and c.color.startswith("#")


def test_category_items_are_the_fixed_titles():
    items = {c.type: c.items for c in CATEGORIES}
    assert items["worksheet"] == ("Math Practice", "Letter Tracing", "Color by Number", "Word Puzzles")
    assert items["powerpoint"] == ("Solar System Tour", "Dinosaur Facts", "World of Insects", "Ancient Egypt")
    assert items["book"] == ("The Magical Forest", "The Brave Knight", "Mystery of the Stars", "Jungle Friends")
    assert items["audiobook"] == ("The Lion and the Mouse", "The Tortoise and the Hare",
                                  "Read Along Fables", "Read Aloud Classics")


def test_every_non_worksheet_type_has_a_route():
    assert set(TYPE_ROUTES) == {c.type for c in CATEGORIES} - {"worksheet"}


def test_nav_labels_are_unique_second_words():
    labels = [nav_label(c.title) for c in CATEGORIES]
    assert labels == ["Worksheets", "Flipbooks", "Videos", "Songs", "Storybooks", "Presentations", "Audiobooks"]
    assert len(set(labels)) == len(labels)


def test_three_featured_activities_with_the_spec_ids():
    assert [f.id for f in FEATURED] == ["rainbow-math", "animal-alphabet", "shape-safari"]
    for f in FEATURED:
        assert f.id == slugify(f.title)
        assert f.description and f.image_alt and f.icon and f.color.startswith("#")


@pytest.mark.parametrize("path", [f.image for f in FEATURED] + [age_group_art(g) for g in AGE_GROUPS]
                         + [category_art(c) for c in CATEGORIES] + ["/art/hero.svg"])
def test_home_art_exists_locally_and_is_small(path):
    file = ASSETS / path.lstrip("/")
    assert file.is_file(), path
    text = file.read_text()
    assert file.stat().st_size < 4096 and text.lstrip().startswith("<svg")
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
