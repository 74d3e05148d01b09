"""Fixtures for the worksheet integration tests: storage backends and sample PDFs."""

from __future__ import annotations

import pytest

from learnsite.services.storage import LocalStorage, S3Storage
from learnsite.services.worksheets import list_categories
from tests.conftest import free_port
from tests.worksheet_pdfs import make_pdf


@pytest.fixture
def local_storage(tmp_path) -> LocalStorage:
    return LocalStorage(tmp_path / "files")


@pytest.fixture(scope="session")
def moto_server():
    """moto's standalone S3 API server on loopback (a real HTTP S3 endpoint)."""
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def s3_storage(moto_server, request) -> S3Storage:
    import boto3

    bucket = "worksheets"
    kwargs = dict(endpoint_url=moto_server, region="us-east-1", access_key="test", secret_key="test")
    client = boto3.client("s3", endpoint_url=moto_server, region_name="us-east-1",
                          aws_access_key_id="test", aws_secret_access_key="test")
    existing = {b["Name"] for b in client.list_buckets().get("Buckets", [])}
    if bucket in existing:
        for obj in client.list_objects_v2(Bucket=bucket).get("Contents", []):
            client.delete_object(Bucket=bucket, Key=obj["Key"])
    else:
        client.create_bucket(Bucket=bucket)
    return S3Storage(bucket, **kwargs)


@pytest.fixture
def sample_pdf(tmp_path):
    path = tmp_path / "upload.pdf"
    path.write_bytes(make_pdf("Count the apples"))
    return path


@pytest.fixture
def math_category(db_url) -> int:
    return next(c["id"] for c in list_categories(db_url) if c["name"] == "Math Practice")
