"""Settings read from environment variables, with embedded defaults.

A fresh clone needs none of them: SQLite under data/, files on the local disk,
emails in an outbox folder. See README.md for the production settings.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


class ConfigError(ValueError):
    """A setting the site cannot start with, named with the variable to fix (an operator's review: a port of
    "abc" said only "invalid literal for int()", and LEARNSITE_SMTP_TLS=tls quietly sent mail unencrypted)."""


SMTP_TLS_MODES = ("", "starttls", "ssl")
MIN_JWT_SECRET_CHARS = 32


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_int(name: str, default: int) -> int:
    raw = _env(name)
    try:
        return int(raw) if raw else default
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}.") from None


def _env_choice(name: str, choices: tuple[str, ...]) -> str:
    raw = _env(name).lower()
    if raw not in choices:
        named = " or ".join(c for c in choices if c)
        raise ConfigError(f"{name} must be {named} (or unset), not {raw!r}.")
    return raw


def _env_bool(name: str, default: bool = False) -> bool:
    raw = _env(name).lower()
    if not raw:
        return default
    return raw in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    db_url: str
    redis_url: str
    public_url: str
    # storage
    storage_backend: str  # "local" or "s3"
    max_upload_bytes: int
    thumbnail_renderers: int  # thumbnail child processes one app process runs at once
    new_tabs_per_hour: int  # new tabs one client address may open (each holds state an hour): guard/tabs.py
    new_tabs_per_hour_all: int  # new tabs all clients together may open, per process
    seed_starter: bool  # prestart adds the starter worksheet library (LEARNSITE_SEED_STARTER=0: not)
    s3_bucket: str
    s3_endpoint_url: str
    s3_region: str
    s3_access_key: str
    s3_secret_key: str
    s3_public_url: str  # base URL for public objects; empty means presigned URLs
    # mail
    smtp_host: str
    smtp_port: int
    smtp_user: str
    smtp_password: str
    smtp_tls: str  # "", "starttls" or "ssl"
    mail_from: str
    # auth
    jwt_secret: str = field(repr=False)
    access_token_ttl: int
    # summary
    summary_api_url: str
    summary_api_key: str = field(repr=False)
    summary_model: str

    @property
    def outbox_dir(self) -> Path:
        return self.data_dir / "outbox"

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"


def _jwt_secret(data_dir: Path) -> str:
    """The configured secret, or one generated once and kept in the data folder."""
    configured = _env("LEARNSITE_JWT_SECRET")
    if configured:
        if len(configured) < MIN_JWT_SECRET_CHARS:  # a guessable key lets anyone sign an admin's token
            raise ConfigError(f"LEARNSITE_JWT_SECRET must be at least {MIN_JWT_SECRET_CHARS} characters long "
                              "(python3 -c 'import secrets; print(secrets.token_urlsafe(48))' makes one).")
        return configured
    path = data_dir / "jwt_secret"
    if not path.exists():
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(secrets.token_urlsafe(48))
        tmp.chmod(0o600)
        try:
            os.link(tmp, path)  # atomic: the first process to write wins
        except FileExistsError:
            pass
        tmp.unlink(missing_ok=True)
    kept = path.read_text().strip()
    if len(kept) < MIN_JWT_SECRET_CHARS:  # every sign-in failed on an empty key ("Something went wrong")
        raise ConfigError(f"{path} holds no usable secret: delete it, and a new one is made at the next start "
                          "(everyone will have to sign in again).")
    return kept


def load_settings() -> Settings:
    data_dir = Path(_env("LEARNSITE_DATA_DIR") or REPO_ROOT / "data").resolve()
    # made private (the database, mailed links, uploads); a folder that exists keeps the mode its owner chose
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    return Settings(
        data_dir=data_dir,
        db_url=_env("LEARNSITE_DATABASE_URL") or f"sqlite:///{data_dir / 'learnsite.db'}",
        redis_url=_env("LEARNSITE_REDIS_URL") or _env("REFLEX_REDIS_URL"),
        public_url=_env("LEARNSITE_PUBLIC_URL", "http://localhost:3000").rstrip("/"),
        storage_backend=_env("LEARNSITE_STORAGE", "local").lower(),
        max_upload_bytes=_env_int("LEARNSITE_MAX_UPLOAD_BYTES", 50 * 1024 * 1024),
        thumbnail_renderers=max(1, _env_int("LEARNSITE_THUMBNAIL_RENDERERS", 2)),
        new_tabs_per_hour=max(1, _env_int("LEARNSITE_NEW_TABS_PER_HOUR", 600)),
        new_tabs_per_hour_all=max(1, _env_int("LEARNSITE_NEW_TABS_PER_HOUR_ALL", 20_000)),
        seed_starter=_env_bool("LEARNSITE_SEED_STARTER", True),
        s3_bucket=_env("LEARNSITE_S3_BUCKET", "worksheets"),
        s3_endpoint_url=_env("LEARNSITE_S3_ENDPOINT_URL"),
        s3_region=_env("LEARNSITE_S3_REGION", "us-east-1"),
        s3_access_key=_env("LEARNSITE_S3_ACCESS_KEY_ID"),
        s3_secret_key=_env("LEARNSITE_S3_SECRET_ACCESS_KEY"),
        s3_public_url=_env("LEARNSITE_S3_PUBLIC_URL").rstrip("/"),
        smtp_host=_env("LEARNSITE_SMTP_HOST"),
        smtp_port=_env_int("LEARNSITE_SMTP_PORT", 587),
        smtp_user=_env("LEARNSITE_SMTP_USER"),
        smtp_password=_env("LEARNSITE_SMTP_PASSWORD"),
        smtp_tls=_env_choice("LEARNSITE_SMTP_TLS", SMTP_TLS_MODES),
        mail_from=_env("LEARNSITE_MAIL_FROM", "Learnsite <no-reply@learnsite.local>"),
        jwt_secret=_jwt_secret(data_dir),
        access_token_ttl=_env_int("LEARNSITE_ACCESS_TOKEN_TTL", 900),
        summary_api_url=_env("LEARNSITE_SUMMARY_API_URL"),
        summary_api_key=_env("LEARNSITE_SUMMARY_API_KEY"),
        summary_model=_env("LEARNSITE_SUMMARY_MODEL", "gpt-4o-mini"),
    )


settings = load_settings()
