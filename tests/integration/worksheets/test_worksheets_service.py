"""Worksheet service on SQLite and PostgreSQL: create, no orphans, update, delete, list, categories."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa
from sqlmodel import select

from learnsite.db import get_engine, session_scope
from learnsite.models import Category, Content
from learnsite.services import worksheets as ws
from learnsite.services.storage import LocalStorage
from learnsite.services.thumbnail import ThumbnailFailed


def _create(db_url, storage, pdf, category_id=None, title="Counting Apples", **kw):
    fields = dict(original_name="Counting Apples.pdf", title=title, description="Count and colour.",
                  category_id=category_id, subject="math", skill_type="counting")
    fields.update(kw)
    return ws.create_worksheet(db_url, storage, pdf_path=pdf, **fields)


def _rows(db_url) -> list[Content]:
    with session_scope(db_url) as s:
        return list(s.exec(select(Content)).all())


def _stored_files(storage: LocalStorage) -> list[str]:
    if not storage.root.exists():
        return []
    return sorted(str(p.relative_to(storage.root)) for p in storage.root.rglob("*") if p.is_file())


def test_categories_are_seeded_and_ordered_by_age_then_name(db_url):
    with session_scope(db_url) as s:
        s.add(Category(name="Aardvark Art", age_group_start=4, age_group_end=5))
    cats = ws.list_categories(db_url)
    assert [(c["age_group_start"], c["name"]) for c in cats] == sorted((c["age_group_start"], c["name"]) for c in cats)
    names = [c["name"] for c in cats]
    assert set(ws.ALLOWED_CATEGORIES) <= set(names)
    assert names.index("Color by Number") < names.index("Letter Tracing") < names.index("Aardvark Art")


def test_library_choices_are_the_allowed_categories_as_a_forms_text(db_url):
    choices = ws.library_choices(db_url)
    assert [c["name"] for c in choices] == [c["name"] for c in ws.list_categories(db_url)
                                            if c["name"] in ws.ALLOWED_CATEGORIES]
    assert {c["name"] for c in choices} == set(ws.ALLOWED_CATEGORIES)
    assert all(c["id"].isdigit() for c in choices)


def test_create_stores_file_thumbnail_and_row(db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    [row] = _rows(db_url)
    assert row.content_type == "worksheet" and row.interaction_mode == "printable"
    assert (row.title, row.subject, row.skill_type, row.category_id) == ("Counting Apples", "math", "counting", math_category)
    assert row.storage_key.startswith("worksheets/") and row.storage_key.endswith("-Counting_Apples.pdf")
    assert row.file_url == f"/files/{row.storage_key}"
    assert local_storage.read(row.storage_key) == sample_pdf.read_bytes()
    assert row.thumbnail_url == f"/files/{ws.thumbnail_key(row.storage_key)}"
    assert local_storage.read(ws.thumbnail_key(row.storage_key)).startswith(b"\x89PNG")
    assert view.id == row.id and view.category_name == "Math Practice"


def test_create_leaves_no_temporary_thumbnail_beside_the_upload(db_url, local_storage, sample_pdf, math_category):
    _create(db_url, local_storage, sample_pdf, math_category)
    assert sorted(p.name for p in sample_pdf.parent.iterdir()) == ["files", sample_pdf.name]


def test_thumbnail_failure_still_creates_the_worksheet(db_url, local_storage, sample_pdf, math_category, monkeypatch):
    def fail(pdf_path, out_path, **_):
        out_path.write_bytes(b"half an image")
        raise ThumbnailFailed("Rendering the thumbnail took longer than 30 s")

    monkeypatch.setattr(ws, "render_thumbnail", fail)
    view = _create(db_url, local_storage, sample_pdf, math_category)
    [row] = _rows(db_url)
    assert row.thumbnail_url is None and view.thumbnail_url == ""
    assert _stored_files(local_storage) == [row.storage_key]
    assert sorted(p.name for p in sample_pdf.parent.iterdir()) == ["files", sample_pdf.name]


def test_a_failed_thumbnail_is_logged_without_the_name_the_browser_sent(db_url, local_storage, sample_pdf,
                                                                        math_category, monkeypatch, caplog):
    """A file's name is the client's text: a newline in it wrote a line of its own into the log."""
    def fail(pdf_path, out_path, **_):
        raise ThumbnailFailed("Rendering the thumbnail took longer than 30 s")

    monkeypatch.setattr(ws, "render_thumbnail", fail)
    with caplog.at_level(logging.ERROR, logger=ws.log.name):
        _create(db_url, local_storage, sample_pdf, math_category, original_name="a.pdf\nERROR forged line.pdf")
    [row] = _rows(db_url)
    assert row.storage_key in caplog.text and "longer than 30 s" in caplog.text
    assert not [r for r in caplog.records if "\n" in r.getMessage() or "forged line" in r.getMessage()]


@pytest.mark.parametrize("field, value, message", [
    ("title", "   ", "title"), ("subject", "music", "subject"), ("skill_type", "juggling", "skill"),
    ("category_id", None, "category"), ("category_id", 99999, "category"),
    ("title", "T" * (ws.TITLE_MAX + 1), "title"), ("description", "D" * (ws.DESCRIPTION_MAX + 1), "description"),
])
def test_create_refuses_missing_or_unknown_fields(db_url, local_storage, sample_pdf, math_category, field, value, message):
    fields = {"category_id": math_category, field: value}
    with pytest.raises(ws.InvalidWorksheetInput, match=message) as refused:
        _create(db_url, local_storage, sample_pdf, **fields)
    assert refused.value.field == field  # the dashboard says it under that field
    assert _rows(db_url) == [] and _stored_files(local_storage) == []


def test_category_outside_allowed_list_is_refused(db_url, local_storage, sample_pdf):
    with session_scope(db_url) as s:
        other = Category(name="Secret Stuff", age_group_start=3, age_group_end=4)
        s.add(other)
        s.flush()
        other_id = other.id
    with pytest.raises(ws.InvalidWorksheetInput):
        _create(db_url, local_storage, sample_pdf, other_id)


def test_non_pdf_is_refused_and_nothing_stored(db_url, local_storage, tmp_path, math_category):
    fake = tmp_path / "notes.pdf"
    fake.write_text("just some text")
    with pytest.raises(ws.UploadFailed, match="not a PDF"):
        _create(db_url, local_storage, fake, math_category)
    assert _rows(db_url) == [] and _stored_files(local_storage) == []


def test_insert_failure_removes_stored_files(db_url, local_storage, sample_pdf, math_category):
    engine = get_engine(db_url)
    with engine.begin() as c:  # a real database failure: the table is missing at insert time
        c.execute(sa.text("ALTER TABLE content RENAME TO content_away"))
    try:
        with pytest.raises(ws.DatabaseEntryFailed) as err:
            _create(db_url, local_storage, sample_pdf, math_category)
        assert str(err.value) == ws.DB_FAILED  # the database's own words (host, user, statement) only logged
        assert _stored_files(local_storage) == []
    finally:
        with engine.begin() as c:
            c.execute(sa.text("ALTER TABLE content_away RENAME TO content"))
    assert _rows(db_url) == []


def test_store_failure_writes_no_row(db_url, tmp_path, sample_pdf, math_category):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the storage folder should be")
    with pytest.raises(ws.UploadFailed):
        _create(db_url, LocalStorage(blocker), sample_pdf, math_category)
    assert _rows(db_url) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([blocker.name, sample_pdf.name])  # no thumbnail left


def test_a_thumbnail_that_cannot_be_written_fails_the_upload_as_an_upload(db_url, local_storage, sample_pdf,
                                                                          math_category, monkeypatch, caplog):
    """A made sheet brings its own thumbnail: a full disk while writing it is an UploadFailed, which the admin's
    toast names, and not an OSError raised a second time on the way out."""
    def disk_full(_pdf_path, _png):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ws, "_write_thumbnail", disk_full)
    with caplog.at_level(logging.ERROR, logger=ws.log.name):
        with pytest.raises(ws.UploadFailed) as failed:
            _create(db_url, local_storage, sample_pdf, math_category, thumbnail_png=b"\x89PNG")
    assert str(failed.value) == ws.STORE_FAILED and "No space left" in caplog.text  # the reason logged, not shown
    assert _rows(db_url) == [] and _stored_files(local_storage) == []


def test_update_changes_details(db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    letters = next(c["id"] for c in ws.list_categories(db_url) if c["name"] == "Letter Tracing")
    updated = ws.update_worksheet(db_url, view.id, title="Trace the A", description="Big letters",
                                  category_id=letters, subject="literacy", skill_type="writing")
    assert (updated.title, updated.category_name, updated.subject, updated.skill_type) == (
        "Trace the A", "Letter Tracing", "literacy", "writing")
    assert ws.get_worksheet(view.id, db_url).description == "Big letters"
    with pytest.raises(ws.InvalidWorksheetInput):
        ws.update_worksheet(db_url, view.id, title="", category_id=letters, subject="literacy", skill_type="writing")


def test_delete_removes_row_and_files(db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    assert len(_stored_files(local_storage)) == 2
    assert ws.delete_worksheet(db_url, local_storage, view.id) is True
    assert _rows(db_url) == [] and _stored_files(local_storage) == []
    assert ws.delete_worksheet(db_url, local_storage, view.id) is False


def test_get_only_finds_worksheets(db_url, local_storage, sample_pdf, math_category):
    view = _create(db_url, local_storage, sample_pdf, math_category)
    assert ws.get_worksheet(view.id, db_url).title == "Counting Apples"
    assert ws.get_worksheet(view.id + 1000, db_url) is None
    with session_scope(db_url) as s:
        row = s.get(Content, view.id)
        row.content_type = "video"
        s.add(row)
    assert ws.get_worksheet(view.id, db_url) is None


def _bulk_insert(db_url, n: int, category_id: int) -> None:
    base = datetime(2026, 1, 1, tzinfo=timezone.utc)
    subjects, skills = ws.SUBJECTS, ws.SKILL_TYPES
    with session_scope(db_url) as s:
        s.add_all([
            Content(title=f"Sheet {i:05d}" + (" Apples" if i % 10 == 0 else ""), file_url=f"/files/worksheets/{i}.pdf",
                    category_id=category_id, subject=subjects[i % 3], skill_type=skills[i % 6],
                    created_at=base + timedelta(minutes=i))
            for i in range(n)
        ])


def test_list_pages_newest_first_with_total(db_url, math_category):
    _bulk_insert(db_url, 53, math_category)
    first, total = ws.list_worksheets(db_url, page=1, per_page=20)
    assert total == 53 and len(first) == 20
    assert [w.title for w in first[:2]] == ["Sheet 00052", "Sheet 00051"]
    last, _ = ws.list_worksheets(db_url, page=3, per_page=20)
    assert len(last) == 13 and last[-1].title == "Sheet 00000 Apples"
    everything = [w.id for p in (1, 2, 3) for w in ws.list_worksheets(db_url, page=p, per_page=20)[0]]
    assert len(set(everything)) == 53
    huge, _ = ws.list_worksheets(db_url, per_page=10_000)
    assert len(huge) == ws.PAGE_SIZE_MAX  # a client never gets the whole table


def test_list_search_and_filters(db_url, math_category):
    _bulk_insert(db_url, 60, math_category)
    found, total = ws.list_worksheets(db_url, search="aPPLes")
    assert total == 6 and all("Apples" in w.title for w in found)
    _, total = ws.list_worksheets(db_url, subject="art")
    assert total == 20
    _, total = ws.list_worksheets(db_url, skill_type="fine-motor", subject="art")
    assert total == 10
    found, total = ws.list_worksheets(db_url, search="apples", skill_type="counting")
    assert [w.title for w in found] == ["Sheet 00030 Apples", "Sheet 00000 Apples"]  # multiples of 10 and 6
    letters = next(c["id"] for c in ws.list_categories(db_url) if c["name"] == "Letter Tracing")
    assert ws.list_worksheets(db_url, category_id=letters) == ([], 0)
    assert ws.list_worksheets(db_url, search="100%_") == ([], 0)  # wildcards are literal


def test_search_finds_either_spelling_and_the_ing_of_a_verb(db_url, sample_pdf, local_storage, math_category):
    """The library's filters and tags say "Color by Number" and "Letter Tracing", its titles "Colour by number"
    and "Trace...": "color" and "tracing" found nothing."""
    for title in ("Colour by number: heart", "Trace the numbers 0 to 9", "Counting apples", "Color the fish"):
        ws.create_worksheet(db_url, local_storage, pdf_path=sample_pdf, original_name="a.pdf", title=title,
                            category_id=math_category, subject="math", skill_type="counting")

    def titles(search):
        return sorted(w.title for w in ws.list_worksheets(db_url, search=search)[0])

    assert titles("color") == titles("COLOUR") == ["Color the fish", "Colour by number: heart"]
    assert titles("colouring") == titles("Color")
    assert titles("tracing") == titles("trace") == ["Trace the numbers 0 to 9"]
    assert titles("counting") == ["Counting apples"]
    assert titles("string") == []


def test_the_age_filter_finds_sheets_whose_ages_hold_the_childs(db_url, sample_pdf, local_storage, math_category):
    """A grandparent looking for a 6-year-old's sheets: the age was only the end of each description."""
    for title, description in (("Trace 0 to 9", "Numbers to trace. For ages 4-6."),
                               ("Times tables", "The 2, 5 and 10 times tables. For ages 7-9."),
                               ("Ages 3-10 in the title only", "A sheet for everyone."),
                               ("Book pages", "Colour pages 5-6 of the book."),
                               ("Shapes", "Ages 6-7: find the shapes.")):
        ws.create_worksheet(db_url, local_storage, pdf_path=sample_pdf, original_name="a.pdf", title=title,
                            description=description, category_id=math_category, subject="math",
                            skill_type="counting")

    def titles(age):
        return sorted(w.title for w in ws.list_worksheets(db_url, age=age)[0])

    assert titles(6) == ["Shapes", "Trace 0 to 9"]
    assert titles(4) == ["Trace 0 to 9"]
    assert titles(8) == ["Times tables"]
    assert titles(3) == titles(10) == []
    assert len(titles(None)) == len(titles(99)) == 5  # no age, or one the site has no children of: every sheet
    assert ws.list_worksheets(db_url, age=6, search="trace")[1] == 1


def test_a_card_shows_ages_only_when_the_age_filter_finds_its_sheet(db_url, sample_pdf, local_storage,
                                                                    math_category):
    descriptions = ("For ages 4-6.", "For ages 1-2.", "For ages 2-5.", "Ages 9-12: long division.",
                    "For ages 3-10.", "No ages here.")
    for n, description in enumerate(descriptions):
        ws.create_worksheet(db_url, local_storage, pdf_path=sample_pdf, original_name="a.pdf", title=f"Sheet {n}",
                            description=description, category_id=math_category, subject="math",
                            skill_type="counting")
    found = {w.description for age in ws.AGES for w in ws.list_worksheets(db_url, age=age)[0]}
    assert found == {"For ages 4-6.", "For ages 3-10."}
    assert {d for d in descriptions if ws.age_range(d)} == found


@pytest.mark.parametrize("description, ages", [
    ("Numbers to trace. For ages 4-6.", "4-6"), ("Ages 8-10: tables", "8-10"), ("Colour pages 5-6.", ""),
    ("For ages 9-4.", ""), ("For ages 4 to 6.", ""), ("", ""),
    ("For ages 3-10.", "3-10"), ("For ages 1-2.", ""), ("For ages 2-5.", ""), ("For ages 9-12.", ""),
])
def test_the_ages_a_description_names(description, ages):
    assert ws.age_range(description) == ages
