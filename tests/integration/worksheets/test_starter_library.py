"""prestart's starter library: added once and only once (SQLite, PostgreSQL, local and S3 storage)."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from alembic import command
from sqlmodel import select

from learnsite.db import get_engine, session_scope
from learnsite.migrate import alembic_config, prestart
from learnsite.models import Content, StarterSeed
from learnsite.services import worksheets as ws
from learnsite.services.pdf import validate_pdf
from learnsite.services.starter_library import seed_starter_library
from learnsite.services.storage import LocalStorage, StorageError
from learnsite.sheets import make_sheet
from learnsite.sheets.starter import STARTERS, edition


def _all(db_url, storage=None):
    views, total = ws.list_worksheets(db_url, per_page=50, storage=storage)
    assert total == len(views)
    return views


def test_prestart_adds_the_starter_library_once_and_only_once(db_url, local_storage, tmp_path):
    assert prestart(db_url, starter_library=True, storage=local_storage) == len(STARTERS)
    views = _all(db_url)
    assert sorted(v.title for v in views) == sorted(s.title for s in STARTERS)
    for view in views:
        key = view.file_url.removeprefix("/files/")
        assert re.fullmatch(r"worksheets/\d+-[a-z0-9-]+\.pdf", key)
        path = local_storage.path_of(key)
        assert validate_pdf(path) >= 1
        assert view.thumbnail_url and local_storage.path_of(ws.thumbnail_key(key)).read_bytes()[:4] == b"\x89PNG"
    assert {v.category_name for v in views} == set(ws.ALLOWED_CATEGORIES)
    assert {v.subject for v in views} == set(ws.SUBJECTS)
    assert {v.skill_type for v in views} == set(ws.SKILL_TYPES)

    assert prestart(db_url, starter_library=True, storage=local_storage) == 0
    assert len(_all(db_url)) == len(STARTERS)


def test_a_starter_an_admin_deleted_is_not_added_again(db_url, local_storage):
    few = STARTERS[:3]
    assert seed_starter_library(db_url, local_storage, few) == 3
    victim = next(v for v in _all(db_url) if v.title == few[0].title)
    assert ws.delete_worksheet(db_url, local_storage, victim.id)
    assert seed_starter_library(db_url, local_storage, few) == 0
    assert sorted(v.title for v in _all(db_url)) == sorted(s.title for s in few[1:])


class _BrokenStorage(LocalStorage):
    def save(self, key, source, content_type):
        raise StorageError("disk full")


def test_a_starter_that_could_not_be_stored_is_tried_again_next_start(db_url, tmp_path):
    few = STARTERS[:2]
    assert seed_starter_library(db_url, _BrokenStorage(tmp_path / "broken"), few) == 0
    with session_scope(db_url) as s:
        assert s.exec(select(StarterSeed)).all() == []  # claims released
    assert _all(db_url) == []
    assert seed_starter_library(db_url, LocalStorage(tmp_path / "ok"), few) == 2


def _stored(db_url) -> dict[int, str]:
    with session_scope(db_url) as s:
        return {row.id: row.storage_key for row in s.exec(select(Content)).all()}


def _made_by(db_url, old: str) -> None:
    """As if the starters had been made by an earlier edition of the generators."""
    with session_scope(db_url) as s:
        s.connection().execute(sa.update(StarterSeed).values(edition=old))


def test_a_starter_made_by_an_earlier_edition_gets_a_new_pdf_in_place(db_url, local_storage):
    few = STARTERS[:2]
    assert seed_starter_library(db_url, local_storage, few) == 2
    before = _stored(db_url)
    edited = next(v for v in _all(db_url) if v.title == few[0].title)
    ws.update_worksheet(db_url, edited.id, title="Our counting sheet", description="Edited by the admin.",
                        category_id=edited.category_id, subject=edited.subject, skill_type=edited.skill_type)
    seed_starter_library(db_url, local_storage, few)
    assert _stored(db_url) == before  # the same edition: nothing made again

    _made_by(db_url, "an earlier edition")
    assert seed_starter_library(db_url, local_storage, few) == 0  # none added: made again
    after = _stored(db_url)
    assert after.keys() == before.keys()
    for worksheet_id, key in after.items():
        assert key != before[worksheet_id]
        assert not local_storage.exists(before[worksheet_id])
        assert not local_storage.exists(ws.thumbnail_key(before[worksheet_id]))
        assert local_storage.read(ws.thumbnail_key(key))[:4] == b"\x89PNG"
    by_title = {v.title: v for v in _all(db_url)}
    assert set(by_title) == {"Our counting sheet", few[1].title}  # the admin's edit stays
    assert by_title["Our counting sheet"].description == "Edited by the admin."
    for starter, view in zip(few, (by_title["Our counting sheet"], by_title[few[1].title])):
        assert local_storage.read(after[view.id]) == make_sheet(starter.options).pdf
    with session_scope(db_url) as s:
        assert {row.key: row.edition for row in s.exec(select(StarterSeed))} == {st.key: edition(st) for st in few}
    seed_starter_library(db_url, local_storage, few)
    assert _stored(db_url) == after


def test_a_deleted_starter_is_not_made_again(db_url, local_storage):
    few = STARTERS[:2]
    seed_starter_library(db_url, local_storage, few)
    victim = next(v for v in _all(db_url) if v.title == few[0].title)
    ws.delete_worksheet(db_url, local_storage, victim.id)
    _made_by(db_url, "an earlier edition")
    assert seed_starter_library(db_url, local_storage, few) == 0
    assert [v.title for v in _all(db_url)] == [few[1].title]
    with session_scope(db_url) as s:
        assert s.get(StarterSeed, few[0].key).worksheet_id is None


def test_a_starter_that_could_not_be_made_again_keeps_its_sheet_and_is_tried_next_start(db_url, local_storage,
                                                                                        tmp_path):
    few = STARTERS[:1]
    seed_starter_library(db_url, local_storage, few)
    before = _stored(db_url)
    _made_by(db_url, "an earlier edition")
    broken = _BrokenStorage(local_storage.root)
    assert seed_starter_library(db_url, broken, few) == 0
    assert _stored(db_url) == before
    assert local_storage.exists(next(iter(before.values())))
    seed_starter_library(db_url, local_storage, few)
    assert _stored(db_url) != before


def test_the_migration_links_starters_added_before_it_to_their_worksheets(db_url, local_storage, sample_pdf,
                                                                         math_category):
    """Revision 0005 finds each starter's worksheet by its stored name: the next start makes them again."""
    few = STARTERS[:3]
    seed_starter_library(db_url, local_storage, few)
    gone = next(v for v in _all(db_url) if v.title == few[2].title)
    ws.delete_worksheet(db_url, local_storage, gone.id)
    look_alike = ws.create_worksheet(  # an admin's upload, named like a starter
        db_url, local_storage, pdf_path=sample_pdf, original_name=f"my-{few[0].key}.pdf", title="Mine",
        category_id=math_category, subject="math", skill_type="counting")
    ids = {v.title: v.id for v in _all(db_url)}
    command.downgrade(alembic_config(db_url), "0004")
    try:
        with get_engine(db_url).connect() as connection:
            columns = {c["name"] for c in sa.inspect(connection).get_columns("starter_seeds")}
        assert columns == {"key", "seeded_at"}
    finally:
        command.upgrade(alembic_config(db_url), "head")
    with session_scope(db_url) as s:
        seeds = {row.key: (row.worksheet_id, row.edition) for row in s.exec(select(StarterSeed))}
    assert seeds == {few[0].key: (ids[few[0].title], ""), few[1].key: (ids[few[1].title], ""),
                     few[2].key: (None, "")}
    before = _stored(db_url)
    assert seed_starter_library(db_url, local_storage, few) == 0
    after = _stored(db_url)
    assert after[look_alike.id] == before[look_alike.id]
    assert after[ids[few[0].title]] != before[ids[few[0].title]]
    assert after[ids[few[1].title]] != before[ids[few[1].title]]


def test_starter_library_with_s3_storage(db_url, s3_storage):
    few = (STARTERS[0], STARTERS[-1])
    assert seed_starter_library(db_url, s3_storage, few) == 2
    assert seed_starter_library(db_url, s3_storage, few) == 0
    with session_scope(db_url) as s:
        from learnsite.models import Content

        keys = [row.storage_key for row in s.exec(select(Content)).all()]
    assert len(keys) == 2
    for key in keys:
        assert s3_storage.read(key)[:5] == b"%PDF-"
        assert s3_storage.read(ws.thumbnail_key(key))[:4] == b"\x89PNG"
    assert all("X-Amz-Signature=" in v.thumbnail_url for v in _all(db_url, s3_storage))


def test_prestart_stops_with_one_clear_line_when_storage_cannot_be_used(db_url, moto_server, tmp_path):
    """An operator's review: with the S3 bucket missing (or a read-only folder) prestart failed once per starter,
    99 tracebacks, then said "Database migrated and seeded" and exited 0. It now stops at once and says why."""
    from learnsite.services.storage import S3Storage

    missing = S3Storage("no-such-bucket", endpoint_url=moto_server, region="us-east-1", access_key="test",
                        secret_key="test")
    with pytest.raises(StorageError) as caught:
        prestart(db_url, starter_library=True, storage=missing)
    assert "Worksheet storage cannot be used" in str(caught.value) and "'no-such-bucket'" in str(caught.value)
    assert _all(db_url) == []
    with session_scope(db_url) as s:
        assert s.exec(select(StarterSeed)).all() == []

    with pytest.raises(StorageError, match="LEARNSITE_DATA_DIR"):
        prestart(db_url, starter_library=True, storage=_BrokenStorage(tmp_path / "broken"))
    assert prestart(db_url, starter_library=False, storage=missing) == 0  # create-user's prestart: no storage


def test_a_working_storage_keeps_no_probe(db_url, local_storage, s3_storage):
    from learnsite.services.storage import PROBE_KEY, check_writable

    for storage in (local_storage, s3_storage):
        check_writable(storage)
        assert not storage.exists(PROBE_KEY)
