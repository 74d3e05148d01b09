"""Where worksheet files live: one interface, two backends (local disk, S3-compatible).

Keys look like "worksheets/1732230000123-counting_apples.pdf". `url(key)` is the address a
browser fetches: for local files a root-relative path served by learnsite.services.files_api,
for S3 the bucket's public URL or a presigned GET.
"""

from __future__ import annotations

import io
import os
import shutil
from abc import ABC, abstractmethod
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from learnsite.config import Settings, settings as default_settings

LOCAL_URL_PREFIX = "/files"
PRESIGNED_TTL_SECONDS = 7 * 24 * 3600  # the longest S3 allows for SigV4


class StorageError(Exception):
    """Storing, reading or deleting a file failed."""


def check_key(key: str) -> str:
    """A key is a relative POSIX path without traversal; anything else is refused."""
    path = PurePosixPath(key)
    if not key or path.is_absolute() or "\\" in key or any(p in ("", ".", "..") for p in key.split("/")):
        raise StorageError(f"Invalid storage key: {key!r}")
    return key


class Storage(ABC):
    @abstractmethod
    def save(self, key: str, source: BinaryIO, content_type: str) -> str:
        """Store the readable binary stream under key; return the public URL."""

    def save_file(self, key: str, path: Path, content_type: str) -> str:
        """Store the file at path under key, streamed from disk (never read whole); return the public URL."""
        with open(path, "rb") as source:
            return self.save(key, source, content_type)

    @abstractmethod
    def delete(self, key: str) -> None:
        """Remove the object; a missing object is not an error."""

    @abstractmethod
    def exists(self, key: str) -> bool: ...

    @abstractmethod
    def read(self, key: str) -> bytes: ...

    @abstractmethod
    def url(self, key: str) -> str: ...


class LocalStorage(Storage):
    def __init__(self, root: Path, url_prefix: str = LOCAL_URL_PREFIX):
        self.root = Path(root).resolve()
        self.url_prefix = url_prefix.rstrip("/")

    def path_of(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if self.root not in path.parents:
            raise StorageError(f"Invalid storage key: {key!r}")
        return path

    def save(self, key: str, source: BinaryIO, content_type: str) -> str:
        path = self.path_of(key)
        tmp = path.with_name(f".{path.name}.part")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as out:
                shutil.copyfileobj(source, out, 1024 * 1024)
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise StorageError(f"Could not store {key}: {exc.strerror or exc}") from exc
        return self.url(key)

    def delete(self, key: str) -> None:
        self.path_of(key).unlink(missing_ok=True)

    def exists(self, key: str) -> bool:
        return self.path_of(key).is_file()

    def read(self, key: str) -> bytes:
        try:
            return self.path_of(key).read_bytes()
        except OSError as exc:
            raise StorageError(f"Could not read {key}") from exc

    def url(self, key: str) -> str:
        return f"{self.url_prefix}/{check_key(key)}"


class S3Storage(Storage):
    def __init__(self, bucket: str, *, endpoint_url: str = "", region: str = "us-east-1",
                 access_key: str = "", secret_key: str = "", public_url: str = ""):
        import boto3
        from botocore.config import Config

        self.bucket = bucket
        self.public_url = public_url.rstrip("/")
        self.client = boto3.client(
            "s3",
            endpoint_url=endpoint_url or None,
            region_name=region or None,
            aws_access_key_id=access_key or None,
            aws_secret_access_key=secret_key or None,
            config=Config(signature_version="s3v4", retries={"max_attempts": 3, "mode": "standard"}),
        )

    def save(self, key: str, source: BinaryIO, content_type: str) -> str:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.upload_fileobj(
                source, self.bucket, check_key(key),
                ExtraArgs={"ContentType": content_type, "CacheControl": "max-age=3600"},
            )
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(f"Could not store {key}: {exc}") from exc
        return self.url(key)

    def save_file(self, key: str, path: Path, content_type: str) -> str:
        # upload_file reads each part from disk as it is sent; upload_fileobj would read every part
        # of a seekable stream into memory first (8 MiB each, several at once).
        from boto3.exceptions import S3UploadFailedError
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.upload_file(
                str(path), self.bucket, check_key(key),
                ExtraArgs={"ContentType": content_type, "CacheControl": "max-age=3600"},
            )
        except (BotoCoreError, ClientError, S3UploadFailedError) as exc:
            # S3UploadFailedError wraps the ClientError with the local file's path: say what S3 said.
            reason = exc.__context__ if isinstance(exc, S3UploadFailedError) and exc.__context__ else exc
            raise StorageError(f"Could not store {key}: {reason}") from exc
        return self.url(key)

    def delete(self, key: str) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.delete_object(Bucket=self.bucket, Key=check_key(key))
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(f"Could not delete {key}: {exc}") from exc

    def exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self.client.head_object(Bucket=self.bucket, Key=check_key(key))
            return True
        except ClientError:
            return False

    def read(self, key: str) -> bytes:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return self.client.get_object(Bucket=self.bucket, Key=check_key(key))["Body"].read()
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(f"Could not read {key}: {exc}") from exc

    def url(self, key: str) -> str:
        if self.public_url:
            return f"{self.public_url}/{check_key(key)}"
        return self.client.generate_presigned_url(
            "get_object", Params={"Bucket": self.bucket, "Key": check_key(key)}, ExpiresIn=PRESIGNED_TTL_SECONDS,
        )


PROBE_KEY = "worksheets/.learnsite-probe"


def check_writable(storage: Storage) -> None:
    """Store, then delete, a small file. prestart runs it first: a missing bucket or a read-only folder failed once
    for each of the 33 starter worksheets, with their tracebacks, and the start went on as if all was well."""
    try:
        storage.save(PROBE_KEY, io.BytesIO(b"learnsite"), "text/plain")
        storage.delete(PROBE_KEY)
    except (StorageError, OSError) as exc:
        where = (f"the S3 bucket {storage.bucket!r} (LEARNSITE_S3_BUCKET): does it exist, and may these credentials "
                 "write to it?" if isinstance(storage, S3Storage)
                 else f"the folder {storage.root} (LEARNSITE_DATA_DIR): may this user write to it?")
        raise StorageError(f"Worksheet storage cannot be used: {exc}. Check {where}") from exc


def storage_from_settings(s: Settings | None = None) -> Storage:
    s = s or default_settings
    if s.storage_backend == "s3":
        return S3Storage(
            s.s3_bucket, endpoint_url=s.s3_endpoint_url, region=s.s3_region,
            access_key=s.s3_access_key, secret_key=s.s3_secret_key, public_url=s.s3_public_url,
        )
    if s.storage_backend != "local":
        raise StorageError(f"Unknown LEARNSITE_STORAGE backend: {s.storage_backend!r} (use local or s3)")
    return LocalStorage(s.files_dir)


_default: Storage | None = None


def get_storage() -> Storage:
    """The app's storage, built once from the environment's settings."""
    global _default
    if _default is None:
        _default = storage_from_settings()
    return _default
