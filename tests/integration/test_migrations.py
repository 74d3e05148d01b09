"""The migrations build exactly the tables learnsite/models.py describes (SQLite and PostgreSQL)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import learnsite.models  # noqa: F401  (registers the tables)
from learnsite.db import get_engine


def test_migrated_schema_matches_the_models(db_url):
    with get_engine(db_url).connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []  # else: `make migration MSG=...` and review what it writes
