"""Learnsite-side helpers: state names for events, accounts with sessions, worksheet rows, PDFs.

Imported lazily (after Bench set LEARNSITE_DATA_DIR), so Learnsite's settings point at the
benchmark's own data folder.
"""

from __future__ import annotations

import os
import secrets
from functools import lru_cache

import sqlalchemy as sa

from tests.worksheet_pdfs import assemble_pdf


@lru_cache
def names() -> dict[str, str]:
    """Full state names as the page sends them (they are derived from module and class names).

    Called once in the main thread before any benchmark runs (bench/__main__): Reflex registers States in a
    context variable, so a State module first imported inside asyncio.run() is invisible to later imports."""
    import reflex.state as rs

    from learnsite.state.activity import ActivityState
    from learnsite.state.admin_worksheets import AdminWorksheetState
    from learnsite.state.auth import AuthState
    from learnsite.state.chat import ChatState
    from learnsite.state.game import GameState
    from learnsite.state.popups import PopupState
    from learnsite.state.worksheets import WorksheetBrowserState, WorksheetPageState

    return {
        "popup": PopupState.get_full_name(),
        "auth": AuthState.get_full_name(),
        "chat": ChatState.get_full_name(),
        "browser": WorksheetBrowserState.get_full_name(),
        "page": WorksheetPageState.get_full_name(),
        "admin_ws": AdminWorksheetState.get_full_name(),
        "on_load": rs.OnLoadInternalState.get_full_name(),
        "activity": ActivityState.get_full_name(),
        "game": GameState.get_full_name(),
    }


def event(state: str, handler: str, payload: dict | None = None, path: str = "/", query: dict | None = None) -> dict:
    router = {"pathname": path, "asPath": path}
    if query:
        router["query"] = query
    ev = {"name": f"{names()[state] if state in names() else state}.{handler}", "router_data": router}
    if payload is not None:
        ev["payload"] = payload
    return ev


def var(update: dict, state: str, name: str, default=None):
    """The new value of a state var in a state update, or default when the update does not carry it."""
    full = names().get(state, state)
    return ((update.get("delta") or {}).get(full) or {}).get(f"{name}_rx_state_", default)


# ---------------------------------------------------------------- accounts

def make_users(db_url: str, count: int, role: str = "user", prefix: str = "bench") -> list[int]:
    """`count` confirmed accounts sharing one password hash (one bcrypt, not `count`); returns their ids."""
    from sqlmodel import select

    from learnsite.db import session_scope
    from learnsite.models import User
    from learnsite.services import accounts

    tag = secrets.token_hex(3)
    first = accounts.create_user(f"{prefix}{tag}-0@example.com", "bench-password-1", role=role,
                                 full_name=f"Bench {role.title()} 0", confirmed=True, url=db_url)
    with session_scope(db_url) as s:
        template = s.exec(select(User).where(User.email == f"{prefix}{tag}-0@example.com")).one()
        ids = [template.id]
        columns = {c.name for c in User.__table__.columns} - {"id", "email", "full_name"}
        base = {c: getattr(template, c) for c in columns}
        for i in range(1, count):
            u = User(**base, email=f"{prefix}{tag}-{i}@example.com", full_name=f"Bench {role.title()} {i}")
            s.add(u)
            s.flush()
            ids.append(u.id)
    del first
    return ids


def sessions(db_url: str, user_ids: list[int]) -> list[dict[str, str]]:
    """A signed-in session per user, as the page keeps it in localStorage (short var names)."""
    from learnsite.db import session_scope
    from learnsite.models import User
    from learnsite.services import tokens

    out = []
    with session_scope(db_url) as s:
        for uid in user_ids:
            t = tokens.start_session(s, s.get(User, uid))
            out.append({"access_token": t.access_token, "refresh_token": t.refresh_token,
                        "expires_at": str(t.expires_at), "token_type": t.token_type})
    return out


def storage_of(session: dict[str, str]) -> dict[str, str]:
    """The same session under its localStorage keys (for a real browser)."""
    return {f"learnsite_{k}": v for k, v in session.items()}


# ---------------------------------------------------------------- worksheets

def make_pdf(size: int = 0, text: str = "Count the apples") -> bytes:
    """A valid one-page PDF; with `size`, the page is a scanned-looking photo of about `size` bytes.

    Big worksheets are scans: an uncompressed RGB image XObject of random pixels (incompressible, so
    the file really is that big on the wire and on disk), drawn over the whole page.
    """
    stream = f"0.9 0.3 0.2 rg 60 500 475 250 re f BT /F1 36 Tf 0 0 0 rg 72 760 Td ({text}) Tj ET".encode()
    resources = b"/Font << /F1 3 0 R >>"
    image = b""
    if size:
        side = max(16, int((max(0, size - 2000) / 3) ** 0.5))
        pixels = os.urandom(side * side * 3)
        image = (f"<< /Type /XObject /Subtype /Image /Width {side} /Height {side} /ColorSpace /DeviceRGB "
                 f"/BitsPerComponent 8 /Length {len(pixels)} >>\nstream\n").encode() + pixels + b"\nendstream"
        stream = b"q 595 0 0 842 0 0 cm /Im1 Do Q " + stream
        resources += b" /XObject << /Im1 6 0 R >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << " + resources + b" >> /Contents 5 0 R >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
    ]
    if image:
        objects.append(image)
    return assemble_pdf(objects)


def add_worksheet(db_url: str, title: str = "Count the apples") -> int:
    """One real worksheet (file, thumbnail, row) through the worksheets service; returns its id."""
    import tempfile
    from pathlib import Path

    from learnsite.services import worksheets
    from learnsite.services.storage import get_storage

    cat = next(c["id"] for c in worksheets.list_categories(db_url) if c["name"] in worksheets.ALLOWED_CATEGORIES)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "w.pdf"
        path.write_bytes(make_pdf())
        view = worksheets.create_worksheet(db_url, get_storage(), pdf_path=path, original_name="w.pdf", title=title,
                                           category_id=cat, subject="math", skill_type="counting")
    return view.id


def bulk_worksheet_rows(db_url: str, count: int) -> None:
    """`count` worksheet rows in one statement batch (files are not needed to list them)."""
    from datetime import datetime, timedelta, timezone

    from learnsite.db import get_engine
    from learnsite.models import Category, Content
    from learnsite.services import worksheets

    engine = get_engine(db_url)
    with engine.begin() as c:
        cats = [r[0] for r in c.execute(sa.select(Category.id).where(Category.name.in_(worksheets.ALLOWED_CATEGORIES)))]
        start = datetime.now(timezone.utc) - timedelta(days=400)
        rows = [
            {"title": f"Worksheet {i:05d} {worksheets.SUBJECTS[i % 3]}", "description": "Practice page " * 4,
             "content_type": "worksheet", "category_id": cats[i % len(cats)],
             "file_url": f"/files/worksheets/{i}-w.pdf", "storage_key": f"worksheets/{i}-w.pdf",
             "subject": worksheets.SUBJECTS[i % 3], "skill_type": worksheets.SKILL_TYPES[i % 6],
             "interaction_mode": "printable", "thumbnail_url": f"/files/thumbnails/{i}-w.png",
             "created_at": start + timedelta(minutes=i)}
            for i in range(count)
        ]
        for i in range(0, count, 2000):
            c.execute(sa.insert(Content.__table__), rows[i:i + 2000])
