"""Helpers for the chat tests that drive the app: backends on Redis, contexts bound to one backend."""

from __future__ import annotations

import random
import re
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import sqlalchemy as sa

from tests.conftest import uvicorn_backend, wait_hydrated

ENV_ASSET = re.compile(r".*/assets/reflex-env-[^/]*\.js(\?.*)?$")


def app_db_url(app_server) -> str:
    return f"sqlite:///{app_server.data_dir / 'learnsite.db'}"


def redis_url_for_this_run(base: str) -> str:
    """A Redis DB number of its own for this run (room keys also carry a per-database tag)."""
    parsed = urlparse(base)
    return parsed._replace(path=f"/{random.randint(1, 15)}").geturl()


@contextmanager
def backend(app_server, redis_url: str, log_dir: Path):
    """One more backend process of the built app (no frontend, no compile) on its own port, on Redis."""
    port_log = log_dir / f"backend-{len(list(log_dir.glob('backend-*.log')))}.log"
    with uvicorn_backend(app_server, port_log, REFLEX_REDIS_URL=redis_url, LEARNSITE_PUBLIC_URL=app_server.url) as url:
        yield urlparse(url).port


def bind_to_backend(context, app_url: str, backend_port: int) -> None:
    """Serve the built frontend as usual, but point its websocket and HTTP calls at one backend."""
    app_port = urlparse(app_url).port

    def rewrite(route):
        response = route.fetch()
        body = response.text().replace(f"localhost:{app_port}", f"localhost:{backend_port}")
        route.fulfill(response=response, body=body)

    context.route(ENV_ASSET, rewrite)


def message_count(db_url: str, content: str) -> int:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as c:
            return c.execute(sa.text("SELECT count(*) FROM messages WHERE content = :c"), {"c": content}).scalar()
    finally:
        engine.dispose()


# ---------------------------------------------------------------- users

def make_user(app_server, email: str, password: str, name: str, role: str = "user") -> int:
    """A confirmed account made with the `learnsite create-user` command; returns its id."""
    from sqlmodel import select

    from learnsite.db import session_scope
    from learnsite.models import User

    app_server.create_user(email, password, role=role, name=name)
    with session_scope(app_db_url(app_server)) as s:
        return s.exec(select(User.id).where(User.email == email.lower())).one()


def sign_in(page, email: str, password: str, next_path: str = "/chat") -> None:
    """Log in through the user login form, as a person would, and land on next_path."""
    page.goto(f"/login/user?next={next_path}")
    wait_hydrated(page)
    form = page.locator("form")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_role("button", name="Login").click()
    page.wait_for_url(lambda url: urlparse(url).path.rstrip("/") == next_path)
    wait_hydrated(page)


def unique(prefix: str) -> str:
    return f"{prefix}{random.randint(0, 16**6):06x}"


def fresh_channel(app_server, admin_id: int) -> str:
    """A channel of its own for one test, so earlier tests' messages do not count."""
    from learnsite.services import chat

    return chat.create_channel(admin_id, unique("t-"), db_url=app_db_url(app_server)).name


def open_channel(page, name: str) -> None:
    if urlparse(page.url).path.rstrip("/") != "/chat":
        page.goto("/chat")
        wait_hydrated(page)
    try:
        page.get_by_role("button", name=f"# {name}").click()
    except Exception:
        page.screenshot(path="/tmp/shots-chat/fail.png")
        raise
    page.get_by_role("heading", name=f"# {name}").wait_for()
