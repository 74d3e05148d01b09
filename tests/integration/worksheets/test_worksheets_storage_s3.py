"""The S3 backend against a real S3 API server on loopback (moto's standalone server)."""

from __future__ import annotations

import io
import urllib.error
import urllib.request

import pytest
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import Content
from learnsite.services import worksheets as ws
from learnsite.services.storage import S3Storage, StorageError


def _get(url: str) -> tuple[int, bytes, str]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.read(), r.headers.get("Content-Type", "")


def test_s3_save_presigned_url_read_delete(s3_storage):
    url = s3_storage.save("worksheets/1-a.pdf", io.BytesIO(b"%PDF-1.4 bytes"), "application/pdf")
    assert "X-Amz-Signature=" in url and "/worksheets/worksheets/1-a.pdf" in url
    status, body, ctype = _get(url)
    assert (status, body, ctype) == (200, b"%PDF-1.4 bytes", "application/pdf")
    assert s3_storage.exists("worksheets/1-a.pdf") and s3_storage.read("worksheets/1-a.pdf") == b"%PDF-1.4 bytes"
    s3_storage.delete("worksheets/1-a.pdf")
    assert not s3_storage.exists("worksheets/1-a.pdf")


def test_s3_save_file_streams_from_disk(s3_storage, tmp_path):
    path = tmp_path / "big.pdf"
    path.write_bytes(b"%PDF-1.4 " + bytes(range(256)) * 40_000)  # over boto3's 8 MiB multipart threshold
    url = s3_storage.save_file("worksheets/3-c.pdf", path, "application/pdf")
    status, body, ctype = _get(url)
    assert (status, body, ctype) == (200, path.read_bytes(), "application/pdf")


def test_s3_save_file_failure_says_what_s3_said(moto_server, tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(b"%PDF-1.4 x")
    missing = S3Storage("no-such-bucket", endpoint_url=moto_server, access_key="test", secret_key="test")
    with pytest.raises(StorageError, match="NoSuchBucket") as err:
        missing.save_file("worksheets/x.pdf", path, "application/pdf")
    assert str(path) not in str(err.value)  # the server's temporary path is not the admin's business


def test_s3_public_url_mode(moto_server, s3_storage):
    public = S3Storage("worksheets", endpoint_url=moto_server, access_key="test", secret_key="test",
                       public_url=f"{moto_server}/worksheets")
    assert public.url("worksheets/2-b.pdf") == f"{moto_server}/worksheets/worksheets/2-b.pdf"


def test_s3_missing_bucket_is_a_storage_error(moto_server):
    missing = S3Storage("no-such-bucket", endpoint_url=moto_server, access_key="test", secret_key="test")
    with pytest.raises(StorageError):
        missing.save("worksheets/x.pdf", io.BytesIO(b"x"), "application/pdf")


def test_create_and_delete_worksheet_on_s3(db_url, s3_storage, sample_pdf, math_category):
    view = ws.create_worksheet(db_url, s3_storage, pdf_path=sample_pdf, original_name="Apples.pdf",
                               title="Apples", category_id=math_category, subject="math", skill_type="counting")
    with session_scope(db_url) as s:
        row = s.exec(select(Content)).one()
    assert s3_storage.read(row.storage_key) == sample_pdf.read_bytes()
    status, body, _ = _get(ws.get_worksheet(view.id, db_url, storage=s3_storage).file_url)
    assert status == 200 and body == sample_pdf.read_bytes()
    assert ws.delete_worksheet(db_url, s3_storage, view.id)
    assert not s3_storage.exists(row.storage_key)
    assert not s3_storage.exists(ws.thumbnail_key(row.storage_key))


def test_s3_store_failure_writes_no_row(db_url, moto_server, sample_pdf, math_category):
    missing = S3Storage("no-such-bucket", endpoint_url=moto_server, access_key="test", secret_key="test")
    with pytest.raises(ws.UploadFailed):
        ws.create_worksheet(db_url, missing, pdf_path=sample_pdf, original_name="a.pdf", title="A",
                            category_id=math_category, subject="math", skill_type="counting")
    with session_scope(db_url) as s:
        assert s.exec(select(Content)).all() == []
