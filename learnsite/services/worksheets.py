"""Worksheets: create (file + row, no orphans), update, delete, get, list with paging.

Plain Python over a database URL and a Storage; the Reflex states call these.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import select

from learnsite.catalogue import worksheet_tags
from learnsite.config import settings
from learnsite.db import resolve_url, session_scope
from learnsite.models import Category, Content
from learnsite.services.pdf import InvalidPdf, validate_pdf
from learnsite.services.recent_cache import RecentCache
from learnsite.services.storage import Storage, StorageError
from learnsite.services.thumbnail import ThumbnailFailed, render_thumbnail

log = logging.getLogger(__name__)

SUBJECTS = tuple(worksheet_tags.SUBJECTS)
SKILL_TYPES = tuple(worksheet_tags.SKILLS)
ALLOWED_CATEGORIES = worksheet_tags.CATEGORIES
TITLE_MAX = 200
DESCRIPTION_MAX = 2000
NAME_MAX = 120
PAGE_SIZE_MAX = 50
RECENT_VIEW_SECONDS = 10.0  # how stale a worksheet page may be on another host after an edit

# Worksheet pages read moments ago (the page's on_load then needs no database round trip).
# Every write below calls RECENT_VIEWS.changed().
RECENT_VIEWS = RecentCache(lambda: settings.data_dir / "worksheets.changed", ttl_seconds=RECENT_VIEW_SECONDS)


class WorksheetError(Exception):
    """A failure the admin should read: str(exc) is the message for the toast."""


class InvalidWorksheetInput(WorksheetError):
    """A missing or unknown title, category, subject or skill type. `field` names the form field at fault
    ("title", "description", "category_id", "subject", "skill_type"; "" for none), so the form can say it there."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


class UploadFailed(WorksheetError):
    """The file was refused or could not be stored ("❌ Upload Failed for {file}")."""


class FileTooLarge(UploadFailed):
    pass


class DatabaseEntryFailed(WorksheetError):
    """The row could not be written ("❌ Database Entry Failed"); the stored file was removed."""


@dataclass(frozen=True)
class WorksheetView:
    id: int
    title: str
    description: str
    file_url: str
    thumbnail_url: str
    category_id: int | None
    category_name: str
    subject: str
    skill_type: str
    created_at: str

    def to_dict(self) -> dict:
        return asdict(self)


# ---------------------------------------------------------------- names and limits

def safe_file_name(original: str) -> str:
    """The original name made safe: no directories, no traversal, plain ASCII, ends in .pdf."""
    base = re.split(r"[\\/]", original or "")[-1]
    base = unicodedata.normalize("NFKD", base).encode("ascii", "ignore").decode()
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", base)
    base = re.sub(r"\.{2,}", ".", base).strip("._-")
    stem = base[:-4] if base.lower().endswith(".pdf") else base
    stem = stem.strip("._-")[: NAME_MAX - 4] or "worksheet"
    return f"{stem}.pdf"


def stored_name(original: str, now_ms: int | None = None) -> str:
    """SPEC §3: the current timestamp, a hyphen, then the (sanitised) original name."""
    now_ms = now_ms if now_ms is not None else int(time.time() * 1000)
    return f"{now_ms}-{safe_file_name(original)}"


def file_key(name: str) -> str:
    return f"worksheets/{name}"


def thumbnail_key(storage_key: str) -> str:
    stem = storage_key.rsplit("/", 1)[-1].removesuffix(".pdf")
    return f"thumbnails/{stem}.png"


class UploadSpool:
    """Receives an upload in chunks into a temporary file, refusing it once it passes the limit.

    The limit is checked on every chunk, so an oversized body is never held whole.
    """

    def __init__(self, limit: int, directory: Path | None = None):
        self.limit = limit
        self.size = 0
        if directory:
            Path(directory).mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix="upload-", suffix=".pdf", dir=directory)
        self.path = Path(name)
        self._file = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> None:
        self.size += len(data)
        if self.limit and self.size > self.limit:
            self.discard()
            raise FileTooLarge(f"File is larger than {self.limit} bytes")
        self._file.write(data)

    def finish(self) -> Path:
        self._file.close()
        return self.path

    def discard(self) -> None:
        if not self._file.closed:
            self._file.close()
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> "UploadSpool":
        return self

    def __exit__(self, *exc) -> None:
        self.discard()


# ---------------------------------------------------------------- reading

def list_categories(db_url: str | None = None) -> list[dict]:
    """Categories ordered by age_group_start then name (SPEC §7)."""
    with session_scope(db_url) as s:
        rows = s.exec(select(Category).order_by(Category.age_group_start, Category.name)).all()
        return [
            {"id": c.id, "name": c.name, "age_group_start": c.age_group_start, "age_group_end": c.age_group_end}
            for c in rows
        ]


def library_choices(db_url: str | None = None) -> list[dict[str, str]]:
    """The categories a worksheet may be filed under, as a form's choices: {"id": "3", "name": "Math Practice"}."""
    return [{"id": str(c["id"]), "name": c["name"]} for c in list_categories(db_url)
            if c["name"] in ALLOWED_CATEGORIES]


def _view(row: Content, category_name: str | None, storage: Storage | None) -> WorksheetView:
    file_url, thumb_url = row.file_url, row.thumbnail_url or ""
    if storage is not None and row.storage_key:
        # Presigned URLs expire: hand out a fresh one each time the row is read.
        try:
            file_url = storage.url(row.storage_key)
            if row.thumbnail_url:
                thumb_url = storage.url(thumbnail_key(row.storage_key))
        except Exception:  # noqa: BLE001 - a stale URL beats no page at all
            log.exception("could not refresh URL for worksheet %s", row.id)
    return WorksheetView(
        id=row.id, title=row.title, description=row.description or "", file_url=file_url,
        thumbnail_url=thumb_url, category_id=row.category_id, category_name=category_name or "",
        subject=row.subject or "", skill_type=row.skill_type or "",
        created_at=row.created_at.isoformat() if row.created_at else "",
    )


def _query():
    return (
        select(Content, Category.name)
        .join(Category, Content.category_id == Category.id, isouter=True)
        .where(Content.content_type == "worksheet")
    )


def get_worksheet(worksheet_id: int, db_url: str | None = None, storage: Storage | None = None,
                  remember: bool = False) -> WorksheetView | None:
    """The worksheet read from the database; with remember, kept for recent_worksheet()."""
    read_since = RECENT_VIEWS.marker_signature() if remember else None
    with session_scope(db_url) as s:
        found = s.exec(_query().where(Content.id == worksheet_id)).first()
        view = _view(found[0], found[1], storage) if found else None
    if remember and view is not None:
        RECENT_VIEWS.put(_recent_key(worksheet_id, db_url), view, read_since)
    return view


def recent_worksheet(worksheet_id: int, db_url: str | None = None) -> WorksheetView | None:
    """A view get_worksheet(remember=True) read less than RECENT_VIEW_SECONDS ago, without the database."""
    return RECENT_VIEWS.get(_recent_key(worksheet_id, db_url))


def _recent_key(worksheet_id: int, db_url: str | None) -> tuple[str, int]:
    return resolve_url(db_url), int(worksheet_id)


def _spellings(search: str) -> set[str]:
    """What a parent may type for what a title says: "color" for "Colour by number" (the category is the spec's
    "Color by Number"), and a verb's -ing ("tracing" for "Trace the numbers", "colouring" for "Colour")."""
    typed = search.lower()
    both = {typed, typed.replace("colour", "color"), typed.replace("color", "colour")}
    return both | {re.sub(r"\b(\w{4,})ing\b", r"\1", words) for words in both}


AGES = tuple(range(3, 11))  # the site's children, 3 to 10: the All Worksheets popup's age filter
_AGE_RANGE = re.compile(r"(?:^| )ages (\d{1,2})-(\d{1,2})\b", re.IGNORECASE)  # as _for_age finds it


def age_range(description: str) -> str:
    """The ages a description names ("4-6" for "... For ages 4-6.", as the library's own sheets end), else "";
    only a range within the site's ages, the ones the age filter finds ("ages 1-2" is not shown: no age finds it)."""
    m = _AGE_RANGE.search(description or "")
    low, high = (int(m.group(1)), int(m.group(2))) if m else (0, -1)
    return f"{low}-{high}" if AGES[0] <= low <= high <= AGES[-1] else ""


def _for_age(age: int):
    """A description naming a range of ages that holds `age` ("ages 4-6" for a child of 5): each such range of the
    site's ages spelt out as the descriptions write it (at most 4 x 5 of them, for 6 or 7)."""
    text = sa.func.lower(Content.description)
    ranges = [f"ages {low}-{high}" for low in range(AGES[0], age + 1) for high in range(age, AGES[-1] + 1)]
    return sa.or_(*[condition for words in ranges
                    for condition in (text.startswith(words, autoescape=True),
                                      text.contains(" " + words, autoescape=True))])


def list_worksheets(
    db_url: str | None = None,
    *,
    search: str = "",
    category_id: int | None = None,
    subject: str = "",
    skill_type: str = "",
    age: int | None = None,
    page: int = 1,
    per_page: int = 12,
    storage: Storage | None = None,
) -> tuple[list[WorksheetView], int]:
    """One page of worksheets, newest first, and the total matching count."""
    per_page = max(1, min(int(per_page), PAGE_SIZE_MAX))
    page = max(1, int(page))
    conditions = [Content.content_type == "worksheet"]
    search = (search or "").strip()
    if search:
        title = sa.func.lower(Content.title)
        conditions.append(sa.or_(*[title.contains(words, autoescape=True) for words in sorted(_spellings(search))]))
    if category_id:
        conditions.append(Content.category_id == category_id)
    if subject:
        conditions.append(Content.subject == subject)
    if skill_type:
        conditions.append(Content.skill_type == skill_type)
    if age in AGES:
        conditions.append(_for_age(age))
    with session_scope(db_url) as s:
        total = s.exec(select(sa.func.count()).select_from(Content).where(*conditions)).one()
        rows = s.exec(
            _query().where(*conditions)
            .order_by(Content.created_at.desc(), Content.id.desc())
            .offset((page - 1) * per_page).limit(per_page)
        ).all()
        return [_view(row, name, storage) for row, name in rows], int(total)


# ---------------------------------------------------------------- writing

def _clean_fields(db_url, title, description, category_id, subject, skill_type) -> dict:
    title = (title or "").strip()
    description = (description or "").strip()
    if not title:
        raise InvalidWorksheetInput("Please enter a title for the worksheet.", "title")
    if len(title) > TITLE_MAX:
        raise InvalidWorksheetInput(f"The title may be at most {TITLE_MAX} characters.", "title")
    if len(description) > DESCRIPTION_MAX:
        raise InvalidWorksheetInput(f"The description may be at most {DESCRIPTION_MAX} characters.", "description")
    # the form's order (Category, Subject, Skill Type): the first thing missing is the first the admin meets
    try:
        category_id = int(category_id)
    except (TypeError, ValueError):
        raise InvalidWorksheetInput("Please choose a category.", "category_id") from None
    if subject not in SUBJECTS:
        raise InvalidWorksheetInput("Please choose a subject.", "subject")
    if skill_type not in SKILL_TYPES:
        raise InvalidWorksheetInput("Please choose a skill type.", "skill_type")
    with session_scope(db_url) as s:
        category = s.get(Category, category_id)
        if category is None or category.name not in ALLOWED_CATEGORIES:
            raise InvalidWorksheetInput("Please choose a category.", "category_id")
    return dict(title=title, description=description, category_id=category_id, subject=subject, skill_type=skill_type)


def validate_fields(db_url: str | None, *, title, description, category_id, subject, skill_type) -> dict:
    """The cleaned form fields, or InvalidWorksheetInput with a message for the admin."""
    return _clean_fields(db_url, title, description, category_id, subject, skill_type)


def create_worksheet(
    db_url: str | None,
    storage: Storage,
    *,
    pdf_path: Path,
    original_name: str,
    title: str,
    description: str = "",
    category_id: int | str | None,
    subject: str,
    skill_type: str,
    now_ms: int | None = None,
    thumbnail_png: bytes | None = None,
) -> WorksheetView:
    """Validate, store the file (and its thumbnail), then insert the row.

    Storing fails -> no row. Inserting fails -> the stored files are removed.
    thumbnail_png: page 1 already rendered, for PDFs the site made itself (the worksheet maker and
    the starter library); uploads leave it None and are rendered in a child process.
    """
    fields = _clean_fields(db_url, title, description, category_id, subject, skill_type)
    key, file_url, thumb_url, stored = _store(storage, pdf_path, original_name, now_ms, thumbnail_png)

    try:
        with session_scope(db_url) as s:
            row = Content(
                **fields, content_type="worksheet", interaction_mode="printable",
                file_url=file_url, storage_key=key, thumbnail_url=thumb_url,
            )
            s.add(row)
            s.flush()
            s.refresh(row)
            category_name = s.get(Category, row.category_id).name
            view = _view(row, category_name, None)
    except Exception as exc:
        _remove(storage, stored)
        raise DatabaseEntryFailed(_db_message(exc)) from exc
    RECENT_VIEWS.changed()  # SQLite can give a deleted worksheet's id to the new one
    return view


def _store(storage: Storage, pdf_path: Path, original_name: str, now_ms: int | None,
           thumbnail_png: bytes | None) -> tuple[str, str, str | None, list[str]]:
    """Check a PDF, then store it and its thumbnail under a new key: (key, file URL, thumbnail URL or None,
    the keys stored).

    Nothing stays stored if storing fails (UploadFailed, as for a file that is not a PDF).
    """
    try:
        validate_pdf(pdf_path)
    except InvalidPdf as exc:
        raise UploadFailed(str(exc)) from exc
    key = file_key(stored_name(original_name, now_ms))
    thumb_key = thumbnail_key(key)
    stored: list[str] = []
    # The thumbnail renders in its own process while the PDF is being stored.
    with ThreadPoolExecutor(1, thread_name_prefix="thumbnail") as pool:
        if thumbnail_png is None:
            rendering = pool.submit(_render_thumbnail, Path(pdf_path), key)
        else:
            rendering = pool.submit(_write_thumbnail, Path(pdf_path), thumbnail_png)
        try:
            file_url = storage.save_file(key, pdf_path, "application/pdf")
            stored.append(key)
            thumb_url = None
            if (thumb_path := rendering.result()) is not None:
                thumb_url = storage.save_file(thumb_key, thumb_path, "image/png")
                stored.append(thumb_key)
        except (StorageError, OSError) as exc:
            _remove(storage, stored)
            log.error("storing a worksheet's files failed", exc_info=exc)  # names the server's paths
            raise UploadFailed(STORE_FAILED) from exc
        finally:
            # waits for the child if storing failed first (a thumbnail that failed to write is in the caller's
            # temporary folder)
            if rendering.exception() is None and (thumb_path := rendering.result()) is not None:
                thumb_path.unlink(missing_ok=True)
    return key, file_url, thumb_url, stored


def _write_thumbnail(pdf_path: Path, png: bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix="thumb-", suffix=".png", dir=pdf_path.parent)
    with os.fdopen(fd, "wb") as out:
        out.write(png)
    return Path(name)


def _render_thumbnail(pdf_path: Path, key: str) -> Path | None:
    """Page 1 as a PNG in a temporary file beside the PDF (the caller removes it), or None.

    A worksheet without a thumbnail is still a worksheet: failures are logged (under the file's storage key, made
    safe from its name, never the name the browser sent), not raised.
    """
    started = time.perf_counter()
    out_path = None
    try:
        fd, name = tempfile.mkstemp(prefix="thumb-", suffix=".png", dir=pdf_path.parent)
        os.close(fd)
        out_path = Path(name)
        peak = render_thumbnail(pdf_path, out_path)
    except (ThumbnailFailed, OSError) as exc:
        log.error("thumbnail failed for %s: %s", key, exc)
    except Exception:  # noqa: BLE001 - not even a bug here may cost the admin the upload
        log.exception("thumbnail failed for %s", key)
    else:
        log.info("thumbnail for %s rendered in %.2f s (renderer process peak RSS %.1f MiB)",
                 key, time.perf_counter() - started, peak / 2**20)
        return out_path
    if out_path is not None:
        out_path.unlink(missing_ok=True)
    return None


DB_FAILED = "The worksheet could not be saved in the library. Please try again."
STORE_FAILED = "The file could not be stored. Please try again."


def _db_message(exc: Exception) -> str:
    """What the admin reads: the database's own words can name its host, user and statement, so they are logged."""
    log.error("a worksheet's database write failed", exc_info=exc)
    return DB_FAILED


def _remove(storage: Storage, keys: list[str]) -> None:
    for key in keys:
        try:
            storage.delete(key)
        except Exception:  # noqa: BLE001
            log.exception("could not remove stored file %s", key)


def update_worksheet(
    db_url: str | None, worksheet_id: int, *, title: str, description: str = "",
    category_id: int | str | None, subject: str, skill_type: str,
) -> WorksheetView:
    fields = _clean_fields(db_url, title, description, category_id, subject, skill_type)
    with session_scope(db_url) as s:
        row = s.get(Content, worksheet_id)
        if row is None or row.content_type != "worksheet":
            raise InvalidWorksheetInput("That worksheet no longer exists.")
        for name, value in fields.items():
            setattr(row, name, value)
        s.add(row)
        s.flush()
        view = _view(row, s.get(Category, row.category_id).name, None)
    RECENT_VIEWS.changed()
    return view


def replace_worksheet_file(
    db_url: str | None, storage: Storage, worksheet_id: int, *, pdf_path: Path, original_name: str,
    thumbnail_png: bytes | None = None, now_ms: int | None = None,
) -> bool:
    """Give a worksheet a new PDF (and thumbnail), keeping its id and fields, then remove the old files.

    False, with nothing changed, if the worksheet is gone or another process replaced its file first.
    """
    with session_scope(db_url) as s:
        row = s.get(Content, worksheet_id)
        if row is None or row.content_type != "worksheet":
            return False
        old_key = row.storage_key
    key, file_url, thumb_url, stored = _store(storage, pdf_path, original_name, now_ms, thumbnail_png)
    try:
        with session_scope(db_url) as s:
            replaced = s.connection().execute(
                sa.update(Content)
                .where(Content.id == worksheet_id, Content.storage_key == old_key)
                .values(file_url=file_url, storage_key=key, thumbnail_url=thumb_url)
            ).rowcount
    except Exception as exc:
        _remove(storage, stored)
        raise DatabaseEntryFailed(_db_message(exc)) from exc
    if not replaced:
        _remove(storage, stored)
        return False
    RECENT_VIEWS.changed()
    if old_key:
        _remove(storage, [old_key, thumbnail_key(old_key)])
    return True


def delete_worksheet(db_url: str | None, storage: Storage, worksheet_id: int) -> bool:
    """Delete the row, then its file and thumbnail. False if there was no such worksheet."""
    with session_scope(db_url) as s:
        row = s.get(Content, worksheet_id)
        if row is None or row.content_type != "worksheet":
            return False
        key = row.storage_key
        s.delete(row)
    RECENT_VIEWS.changed()
    if key:
        _remove(storage, [key, thumbnail_key(key)])
    return True
