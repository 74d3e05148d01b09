"""Apply migrations, then seed what must exist (the prestart step)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlmodel import select

from learnsite.config import REPO_ROOT, settings
from learnsite.db import session_scope
from learnsite.models import Category, Channel
from learnsite.services.purge import purge_all

SEED_CATEGORIES = (
    # name, age_group_start, age_group_end
    ("Math Practice", 4, 10),
    ("Letter Tracing", 3, 6),
    ("Color by Number", 3, 8),
    ("Word Puzzles", 6, 10),
)
SEED_CHANNELS = ("general", "worksheets", "parents")


def alembic_config(url: str | None = None) -> Config:
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "alembic"))
    cfg.attributes["url"] = url or settings.db_url
    return cfg


def upgrade(url: str | None = None) -> None:
    command.upgrade(alembic_config(url), "head")


def seed(url: str | None = None) -> None:
    with session_scope(url) as s:
        have = set(s.exec(select(Category.name)).all())
        for name, start, end in SEED_CATEGORIES:
            if name not in have:
                s.add(Category(name=name, age_group_start=start, age_group_end=end))
        have_channels = set(s.exec(select(Channel.name)).all())
        for name in SEED_CHANNELS:
            if name not in have_channels:
                s.add(Channel(name=name))


def prestart(url: str | None = None, *, starter_library: bool | None = None, storage=None) -> int:
    """Migrate, seed, purge the dead sign-in rows, then add the starter worksheets (unless
    LEARNSITE_SEED_STARTER=0); return how many. Every start purges all that is due: a site that restarts
    now and then needs no cron (learnsite.services.purge)."""
    upgrade(url)
    seed(url)
    purge_all(url)
    if not (settings.seed_starter if starter_library is None else starter_library):
        return 0
    from learnsite.services.starter_library import seed_starter_library
    from learnsite.services.storage import check_writable, get_storage

    storage = storage or get_storage()
    check_writable(storage)  # StorageError: one clear line for the operator, not a failure per starter
    return seed_starter_library(url, storage)
