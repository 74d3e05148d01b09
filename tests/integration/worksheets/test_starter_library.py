"""prestart's starter library: added once and only once (SQLite, PostgreSQL, local and S3 storage)."""

from __future__ import annotations

import re

from sqlmodel import select

from learnsite.db import session_scope
from learnsite.migrate import prestart
from learnsite.models import StarterSeed
from learnsite.services import worksheets as ws
from learnsite.services.pdf import validate_pdf
from learnsite.services.starter_library import seed_starter_library
from learnsite.services.storage import LocalStorage, StorageError
from learnsite.sheets.starter import STARTERS


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
