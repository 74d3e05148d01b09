"""Prestart's starter library: the generators' worksheets, added once each through the upload path.

A starter is claimed in starter_seeds before it is made (two hosts starting at once add it once),
and the claim is released if storing it fails, so the next start tries again. A starter an admin
deleted keeps its claim and is not added again.

A starter still in the library whose edition (its options and the generators' code) changed since it
was made gets a new PDF in place: same worksheet, same title and tags, a better sheet.
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
from learnsite.services.worksheets import WorksheetError, create_worksheet, replace_worksheet_file
from learnsite.sheets import make_sheet
from learnsite.sheets.starter import STARTERS, Starter, edition

log = logging.getLogger(__name__)


def _claim(db_url: str | None, key: str, made_by: str) -> bool:
    try:
        with session_scope(db_url) as s:
            s.add(StarterSeed(key=key, edition=made_by))
        return True
    except sa.exc.IntegrityError:
        return False


def _release(db_url: str | None, key: str) -> None:
    with session_scope(db_url) as s:
        if (row := s.get(StarterSeed, key)) is not None:
            s.delete(row)


def _record(db_url: str | None, key: str, **fields) -> None:
    with session_scope(db_url) as s:
        if (row := s.get(StarterSeed, key)) is not None:
            for name, value in fields.items():
                setattr(row, name, value)
            s.add(row)


def _pdf(starter: Starter, tmp: str) -> tuple[Path, bytes]:
    sheet = make_sheet(starter.options)
    pdf_path = Path(tmp) / f"{starter.key}.pdf"
    pdf_path.write_bytes(sheet.pdf)
    return pdf_path, first_page_png(sheet.pdf)


def _add(db_url: str | None, storage: Storage, starter: Starter, category_id: int | None, tmp: str) -> None:
    pdf_path, thumbnail = _pdf(starter, tmp)
    view = create_worksheet(
        db_url, storage, pdf_path=pdf_path, original_name=pdf_path.name, title=starter.title,
        description=starter.description, category_id=category_id,
        subject=starter.subject, skill_type=starter.skill_type, thumbnail_png=thumbnail,
    )
    pdf_path.unlink()
    try:
        _record(db_url, starter.key, worksheet_id=view.id)
    except sa.exc.SQLAlchemyError as exc:  # added all the same: it just keeps the sheet it was made with
        log.error("starter worksheet %s added but not linked: %s", starter.key, exc)


def _remake(db_url: str | None, storage: Storage, starter: Starter, worksheet_id: int, made_by: str,
            tmp: str) -> bool:
    pdf_path, thumbnail = _pdf(starter, tmp)
    replaced = replace_worksheet_file(db_url, storage, worksheet_id, pdf_path=pdf_path,
                                      original_name=pdf_path.name, thumbnail_png=thumbnail)
    pdf_path.unlink()
    # not replaced: another host made it just now, or an admin deleted it (the foreign key unlinked it then)
    _record(db_url, starter.key, edition=made_by)
    return replaced


def seed_starter_library(db_url: str | None, storage: Storage, starters: tuple[Starter, ...] = STARTERS) -> int:
    """Add every starter not added before, and make again those made by another edition.

    Returns how many were added now (not counting those made again).
    """
    started = time.perf_counter()
    with session_scope(db_url) as s:
        seeds = {row.key: (row.worksheet_id, row.edition) for row in s.exec(select(StarterSeed)).all()}
        category_ids = {c.name: c.id for c in s.exec(select(Category)).all()}
    added = remade = 0
    with tempfile.TemporaryDirectory(prefix="starter-") as tmp:
        for starter in starters:
            made_by = edition(starter)
            if starter.key in seeds:
                worksheet_id, made_before = seeds[starter.key]
                if worksheet_id is None or made_before == made_by:
                    continue
                try:
                    remade += _remake(db_url, storage, starter, worksheet_id, made_by, tmp)
                except (WorksheetError, OSError) as exc:  # the old sheet stays; the next start tries again
                    log.error("starter worksheet %s not made again: %s", starter.key, exc)
                continue
            if not _claim(db_url, starter.key, made_by):
                continue
            try:
                _add(db_url, storage, starter, category_ids.get(starter.category), tmp)
            except (WorksheetError, OSError) as exc:
                _release(db_url, starter.key)
                log.error("starter worksheet %s not added: %s", starter.key, exc)
                continue
            except BaseException:
                _release(db_url, starter.key)
                raise
            added += 1
    if added or remade:
        log.info("starter worksheets: %d added, %d made again, in %.1f s", added, remade,
                 time.perf_counter() - started)
    return added
