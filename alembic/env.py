"""Alembic environment: the models' metadata, and the URL from settings or -x url=..."""

from alembic import context
from sqlmodel import SQLModel

import learnsite.models  # noqa: F401  (registers the tables)
from learnsite.db import get_engine, normalise_url

config = context.config
target_metadata = SQLModel.metadata


def _url() -> str | None:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.attributes.get("url")
    return normalise_url(url) if url else None


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = get_engine(_url())
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
