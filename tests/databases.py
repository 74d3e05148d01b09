"""A throwaway PostgreSQL database, for the tests and the benchmarks."""

from __future__ import annotations

import secrets
from typing import Callable

import sqlalchemy as sa


def fresh_postgres_database(base_url: str, prefix: str = "learnsite_test") -> tuple[str, Callable[[], None]]:
    """A new, empty database on the server of `base_url`: (its URL, a function that drops it)."""
    from learnsite.db import get_engine, normalise_url

    url = sa.make_url(normalise_url(base_url))
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        get_engine.cache_clear()
        with admin.connect() as c:
            c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return url.set(database=name).render_as_string(hide_password=False), drop
