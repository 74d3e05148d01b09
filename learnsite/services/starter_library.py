"""Prestart's starter library: the generators' worksheets, added once each through the upload path.

A starter is claimed in starter_seeds before it is made (two hosts starting at once add it once),
and the claim is released if storing it fails, so the next start tries again. A starter an admin
deleted keeps its claim and is not added again.
"""

from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import Category, StarterSeed
from learnsite.services.pdf import first_page_png
from learnsite.services.storage import Storage
from learnsite.services.worksheets import WorksheetError, create_worksheet
from learnsite.sheets import make_sheet
from learnsite.sheets.starter import STARTERS, Starter

log = logging.getLogger(__name__)


def _claim(db_url: str | None, key: str) -> bool:
    try:
        with session_scope(db_url) as s:
            s.add(StarterSeed(key=key))
        return True
    except sa.exc.IntegrityError:
        return False


def _release(db_url: str | None, key: str) -> None:
    with session_scope(db_url) as s:
        if (row := s.get(StarterSeed, key)) is not None:
            s.delete(row)


def seed_starter_library(db_url: str | None, storage: Storage, starters: tuple[Starter, ...] = STARTERS) -> int:
    """Add every starter not added before; return how many were added now."""
    started = time.perf_counter()
    with session_scope(db_url) as s:
        done = set(s.exec(select(StarterSeed.key)).all())
        category_ids = {c.name: c.id for c in s.exec(select(Category)).all()}
    added = 0
    with tempfile.TemporaryDirectory(prefix="starter-") as tmp:
        for starter in starters:
            if starter.key in done or not _claim(db_url, starter.key):
                continue
            try:
                sheet = make_sheet(starter.options)
                pdf_path = Path(tmp) / f"{starter.key}.pdf"
                pdf_path.write_bytes(sheet.pdf)
                create_worksheet(
                    db_url, storage, pdf_path=pdf_path, original_name=pdf_path.name, title=starter.title,
                    description=starter.description, category_id=category_ids.get(starter.category),
                    subject=starter.subject, skill_type=starter.skill_type,
                    thumbnail_png=first_page_png(sheet.pdf),
                )
                pdf_path.unlink()
            except (WorksheetError, OSError) as exc:
                _release(db_url, starter.key)
                log.error("starter worksheet %s not added: %s", starter.key, exc)
                continue
            except BaseException:
                _release(db_url, starter.key)
                raise
            added += 1
    if added:
        log.info("added %d starter worksheets in %.1f s", added, time.perf_counter() - started)
    return added
