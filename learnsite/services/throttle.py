"""Failed sign-in throttling, per account and per client, shared by every process through the DB."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from sqlmodel import Session, select

from learnsite.models import LoginAttempt

MAX_FAILURES = 5
WINDOW = timedelta(minutes=1)
WAIT_MESSAGE = "Too many failed sign-in attempts. Please wait a minute and try again."


class Throttled(Exception):
    def __init__(self, message: str = WAIT_MESSAGE):
        super().__init__(message)


def keys_for(email: str, client_ip: str | None) -> list[str]:
    keys = [f"email:{email.strip().lower()}"]
    if client_ip:
        keys.append(f"client:{client_ip}")
    return keys


def _now() -> datetime:
    return datetime.now(timezone.utc)


def check(s: Session, keys: list[str], now: datetime | None = None) -> None:
    """Raise Throttled when any key has MAX_FAILURES failures inside the window."""
    since = (now or _now()) - WINDOW
    for key in keys:
        count = s.exec(
            select(sa.func.count()).select_from(LoginAttempt)
            .where(LoginAttempt.key == key, LoginAttempt.at > since)
        ).one()
        if count >= MAX_FAILURES:
            raise Throttled()


def record_failure(s: Session, keys: list[str], now: datetime | None = None) -> None:
    at = now or _now()
    for key in keys:
        s.add(LoginAttempt(key=key[:400], at=at))
    # keep the table small: old rows mean nothing any more
    s.execute(sa.delete(LoginAttempt).where(LoginAttempt.at < at - 10 * WINDOW))


def clear(s: Session, key: str) -> None:
    s.execute(sa.delete(LoginAttempt).where(LoginAttempt.key == key))
