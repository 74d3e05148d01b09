"""Catalogue integrity for the content library (SPEC §3, titles brief)."""

import re
from pathlib import Path

import pytest

from learnsite.catalogue import home, library
from learnsite.catalogue.library import find
from learnsite.catalogue.types import slugify
from learnsite.state.content_lookup import clock

ASSETS = Path(__file__).resolve().parents[2] / "assets"

KINDS = {
    "activities": library.ACTIVITIES,
    "videos": library.VIDEOS,
    "songs": library.SONGS,
    "presentations": library.PRESENTATIONS,
    "storybooks": library.STORYBOOKS,
    "audiobooks": library.AUDIOBOOKS,
    "flipbooks": library.FLIPBOOKS,
}


@pytest.mark.parametrize("kind", KINDS)
def test_ids_are_unique_and_follow_the_slug_rule(kind):
    items = KINDS[kind]
    assert items, f"{kind} is empty"
    ids = [item.id for item in items]
    assert len(ids) == len(set(ids))
    for item in items:
        assert item.id == slugify(item.title)


def test_the_fixed_ids_of_the_spec():
    assert [p.id for p in library.PRESENTATIONS] == ["solar-system-tour", "dinosaur-facts", "world-of-insects", "ancient-egypt"]
    assert [s.id for s in library.STORYBOOKS] == ["the-magical-forest", "the-brave-knight", "mystery-of-the-stars", "jungle-friends"]
    assert [f.id for f in library.FLIPBOOKS] == ["ocean-explorers", "farm-friends", "space-adventure", "my-first-shapes"]
    assert [v.id for v in library.VIDEOS] == ["abc-adventure", "counting-with-animals", "colors-of-the-rainbow", "how-plants-grow"]
    assert [s.id for s in library.SONGS] == ["the-alphabet-song", "five-little-ducks", "days-of-the-week", "phonics-fun"]


def test_every_age_group_and_featured_activity_has_a_page():
    activity_ids = {a.id for a in library.ACTIVITIES}
    popup_ids = {id_ for group in home.AGE_GROUPS for id_, _ in group.popup_activities}
    featured = {"rainbow-math", "animal-alphabet", "shape-safari"}
    assert len(popup_ids) == 16
    assert activity_ids == popup_ids | featured


def test_presentations_have_4_to_6_slides():
    for p in library.PRESENTATIONS:
        assert 4 <= len(p.slides) <= 6, p.id


def test_storybooks_have_5_to_6_pages():
    for s in library.STORYBOOKS:
        assert 5 <= len(s.pages) <= 6, s.id


def test_flipbooks_have_an_even_8_to_10_pages():
    for f in library.FLIPBOOKS:
        assert 8 <= len(f.pages) <= 10 and len(f.pages) % 2 == 0, f.id


def test_audiobook_durations():
    assert {a.id: a.duration for a in library.AUDIOBOOKS} == {
        "the-lion-and-the-mouse": 180, "the-tortoise-and-the-hare": 240,
    }
    for a in library.AUDIOBOOKS:
        assert a.author and a.description


def test_every_slide_and_page_has_text_and_a_described_picture():
    pages = [p for x in library.PRESENTATIONS for p in x.slides] + [p for x in library.STORYBOOKS for p in x.pages] \
        + [p for x in library.FLIPBOOKS for p in x.pages]
    for page in pages:
        assert page.text.strip() and page.image_alt.strip() and page.image.startswith("/art/")


def _referenced_art() -> set[str]:
    paths = {library.NOT_FOUND_ART}
    for items in KINDS.values():
        for item in items:
            for attr in ("image", "cover"):
                if getattr(item, attr, None):
                    paths.add(getattr(item, attr))
            for page in getattr(item, "slides", ()) + getattr(item, "pages", ()):
                paths.add(page.image)
    return paths


def test_all_referenced_art_exists_and_is_small():
    referenced = _referenced_art()
    assert len(referenced) > 40
    for path in referenced:
        file = ASSETS / path.lstrip("/")
        assert file.is_file(), path
        assert file.stat().st_size < 4096, path
        assert file.read_text().lstrip().startswith("<svg"), path


def test_every_page_picture_is_used():
    referenced = _referenced_art()
    for kind in ("presentation", "storybook", "flipbook"):
        for file in (ASSETS / "art" / kind).glob("*.svg"):
            assert f"/art/{kind}/{file.name}" in referenced, file.name


def test_art_is_plain_svg_that_the_csp_allows():
    """Hand-written pictures only: nothing the strict CSP blocks or that fetches or runs anything."""
    files = list((ASSETS / "art").rglob("*.svg"))
    assert len(files) > 40
    for file in files:
        text = file.read_text().lower()
        for banned in ("<script", "<image", "<foreignobject", "<style", "@import", "href", "url(", "data:"):
            assert banned not in text, (file.name, banned)
        assert not re.search(r"\son[a-z]+=", text), file.name
        assert "http" not in text.replace("http://www.w3.org/2000/svg", ""), file.name


@pytest.mark.parametrize("id_", ["world-of-insects", "ancient-egypt", "the-brave-knight", "jungle-friends"])
def test_each_page_of_these_books_has_a_picture_of_its_own(id_):
    """Some books come back to a picture on purpose (the owl's forest, the starry sky at the end, the flipbooks'
    covers); in these each page shows its own moment, so two pages sharing one means a picture is missing."""
    book = find(library.PRESENTATIONS + library.STORYBOOKS, id_)
    pages = getattr(book, "slides", None) or book.pages
    images = [page.image for page in pages]
    assert len(images) == len(set(images)), images
    assert len({page.image_alt for page in pages}) == len(pages)


def test_each_item_has_its_own_picture_at_the_agreed_path():
    kinds = {"activity": library.ACTIVITIES, "video": library.VIDEOS, "song": library.SONGS,
             "presentation": library.PRESENTATIONS, "storybook": library.STORYBOOKS,
             "audiobook": library.AUDIOBOOKS, "flipbook": library.FLIPBOOKS}
    for kind, items in kinds.items():
        for item in items:
            assert (ASSETS / "art" / kind / f"{item.id}.svg").is_file(), (kind, item.id)


def test_find():
    assert find(library.AUDIOBOOKS, "the-lion-and-the-mouse").title == "The Lion and the Mouse"
    assert find(library.AUDIOBOOKS, "nope") is None
    assert find(library.AUDIOBOOKS, "") is None
    assert find(library.AUDIOBOOKS, None) is None


@pytest.mark.parametrize("seconds,label", [(0, "0:00"), (5, "0:05"), (59, "0:59"), (60, "1:00"), (185, "3:05"), (240, "4:00")])
def test_clock_is_m_ss(seconds, label):
    assert clock(seconds) == label


def test_every_built_in_item_says_the_ages_it_suits_within_the_sites():
    """Shown where a grown-up picks one: a grandparent could not tell which story was for a 4-year-old."""
    items = (library.VIDEOS + library.SONGS + library.PRESENTATIONS + library.STORYBOOKS + library.AUDIOBOOKS
             + library.FLIPBOOKS)
    assert set(library.AGES) == {item.id for item in items}
    for id_, ages in library.AGES.items():
        low, high = map(int, ages.split("-"))
        assert 3 <= low < high <= 10, id_
    assert library.ages_label("The Brave Knight") == "Ages 4-7"
    assert library.ages_label("Read Along Fables") == ""  # a prompt, not a book


def test_the_list_popups_rows_carry_their_ages():
    from learnsite.catalogue.entries import list_rows
    assert {row["id"]: row["ages"] for row in list_rows("book")}["jungle-friends"] == "Ages 3-6"
    assert all(row["ages"] for kind in ("powerpoint", "book", "audiobook") for row in list_rows(kind))
