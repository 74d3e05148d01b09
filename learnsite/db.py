"""Engine and sessions for plain-Python services (usable without Reflex)."""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from typing import Iterator

import sqlalchemy as sa
from sqlmodel import Session

from learnsite.config import settings


def normalise_url(url: str) -> str:
    # psycopg 3 is the PostgreSQL driver we ship.
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def resolve_url(url: str | None = None) -> str:
    """The database a service reaches with `url` (None: the configured one)."""
    return normalise_url(url or settings.db_url)


@lru_cache(maxsize=8)
def get_engine(url: str | None = None) -> sa.Engine:
    url = resolve_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn, _record):
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with Session(get_engine(url), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except Exception:
            session.rollback()
            raise
