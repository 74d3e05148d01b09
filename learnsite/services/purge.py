"""Housekeeping: delete the sign-in and sign-up rows nobody can use any more.

Without it every sign-in left an auth session (and its refresh tokens) for ever, every sign-up an email token,
and every throwaway sign-up an unconfirmed account: the database grew without bound at the pace of anonymous
clients. A deployment runs `learnsite prestart` and the app, and no scheduler, so the purge keeps itself:
prestart purges everything due, and sign-up and sign-in, the two writes that make these rows, each run
one bounded round at most once per INTERVAL per process (`now_and_then`), like throttle.record_attempt trims
its own table at write time.

Rows go only a grace period after they stopped meaning anything, so a purge never changes what a user sees:
a refused link or session is refused with or without its row, and the grace keeps a week of evidence for a
"why was I signed out?" question. A round deletes at most `limit` sessions (each with its few refresh tokens),
links and accounts, each table in its own short transaction, so a backlog (the first run on an old database)
never holds a long lock on a live site.

Plain Python over the database, no Reflex; logs carry counts only.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from learnsite.db import resolve_url, session_scope
from learnsite.models import ActivityStars, AuthSession, EmailToken, Message, RefreshToken, User

log = logging.getLogger("learnsite.purge")

# Past these, an expired or revoked session, a used or expired link, or a never-confirmed account is refused,
# or signed up again, exactly as if its row were gone; a week keeps recent history for support questions.
SESSION_GRACE = timedelta(days=7)
EMAIL_TOKEN_GRACE = timedelta(days=7)
# An account nobody confirmed: a sign-up of the same address would reuse it with a new link (accounts.sign_up),
# so deleting it changes nothing for a real owner, and frees the address for someone's change of email.
UNCONFIRMED_GRACE = timedelta(days=7)
BATCH = 500  # rows per table per round: a few milliseconds of work, and under SQLite's 999 bound parameters
INTERVAL = 600.0  # seconds between two write-time rounds of one process on one database


@dataclass(frozen=True)
class Purged:
    sessions: int = 0
    refresh_tokens: int = 0
    email_tokens: int = 0
    users: int = 0

    def __add__(self, other: Purged) -> Purged:
        return Purged(self.sessions + other.sessions, self.refresh_tokens + other.refresh_tokens,
                      self.email_tokens + other.email_tokens, self.users + other.users)

    @property
    def total(self) -> int:
        return self.sessions + self.refresh_tokens + self.email_tokens + self.users


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _sessions(url: str | None, now: datetime, limit: int) -> tuple[int, int]:
    """Sessions expired or revoked more than SESSION_GRACE ago, their refresh tokens first (children before
    the parent: no reliance on ON DELETE CASCADE). Neither can come back to life, nor get a new token."""
    cutoff = now - SESSION_GRACE
    with session_scope(url) as s:
        ids = s.execute(sa.select(AuthSession.id)
                        .where(sa.or_(AuthSession.expires_at < cutoff, AuthSession.revoked_at < cutoff))
                        .limit(limit)).scalars().all()
        if not ids:
            return 0, 0
        tokens = s.execute(sa.delete(RefreshToken).where(RefreshToken.session_id.in_(ids))).rowcount
        sessions = s.execute(sa.delete(AuthSession).where(AuthSession.id.in_(ids))).rowcount
    return sessions, tokens


def _email_tokens(url: str | None, now: datetime, limit: int) -> int:
    """Links used, or expired, more than EMAIL_TOKEN_GRACE ago: confirm_email refuses them either way."""
    cutoff = now - EMAIL_TOKEN_GRACE
    due = (sa.select(EmailToken.token_hash)
           .where(sa.or_(EmailToken.used_at < cutoff, EmailToken.expires_at < cutoff)).limit(limit))
    with session_scope(url) as s:
        return s.execute(sa.delete(EmailToken).where(EmailToken.token_hash.in_(due.scalar_subquery()))).rowcount


def _stale_unconfirmed(cutoff: datetime) -> list:
    """Never confirmed, not an admin, made more than the grace ago (an operator's create-user account has no
    link at all), with no link left (`_email_tokens` keeps a link until a grace after its expiry or use, and a
    sign-up writes its user and its link in one transaction), and owning nothing: no message, no star, no
    session. Sign-in refuses an unconfirmed account so it cannot own any, but a row it owned is never lost."""
    def has(table) -> sa.ColumnElement[bool]:
        return sa.exists().where(table.user_id == User.id)

    return [User.email_confirmed_at.is_(None), User.role != "admin", User.created_at < cutoff,
            ~has(EmailToken), ~has(Message), ~has(ActivityStars), ~has(AuthSession)]


def _users(url: str | None, now: datetime, limit: int) -> int:
    """The accounts `_stale_unconfirmed` describes: nothing refers to them, so nothing cascades. The delete
    checks every condition again, so an account signed up again since the select stays, with its new link."""
    stale = _stale_unconfirmed(now - UNCONFIRMED_GRACE)
    with session_scope(url) as s:
        ids = s.execute(sa.select(User.id).where(*stale).limit(limit)).scalars().all()
        if not ids:
            return 0
        return s.execute(sa.delete(User).where(User.id.in_(ids), *stale)).rowcount


def purge(url: str | None = None, now: datetime | None = None, limit: int = BATCH) -> Purged:
    """One bounded round: at most `limit` sessions (with their refresh tokens), email tokens and users.
    Links go before users: an account whose last link this round deletes goes in the same round."""
    now = now or _now()
    sessions, refresh_tokens = _sessions(url, now, limit)
    email_tokens = _email_tokens(url, now, limit)
    users = _users(url, now, limit)
    done = Purged(sessions, refresh_tokens, email_tokens, users)
    if done.total:
        log.info("purged %d sessions, %d refresh tokens, %d email tokens, %d unconfirmed users",
                 done.sessions, done.refresh_tokens, done.email_tokens, done.users)
    return done


def purge_all(url: str | None = None, now: datetime | None = None, limit: int = BATCH,
              max_rounds: int = 1000) -> Purged:
    """Rounds until one leaves nothing due (prestart: no request waits, but each round is still its own
    short transactions, so a site already serving from the same database is not blocked)."""
    now = now or _now()
    total = Purged()
    for _ in range(max_rounds):
        done = purge(url, now, limit)
        total += done
        if max(done.sessions, done.email_tokens, done.users) < limit:
            break
    return total


_last_run: dict[str, float] = {}
_lock = threading.Lock()


def now_and_then(url: str | None = None) -> None:
    """One round, unless this process ran one on this database less than INTERVAL ago: nearly every call
    costs a dict lookup. Housekeeping never fails the sign-in or sign-up that triggered it."""
    key = resolve_url(url)
    at = time.monotonic()
    with _lock:
        last = _last_run.get(key)
        if last is not None and at - last < INTERVAL:
            return
        _last_run[key] = at
    try:
        purge(url)
    except Exception:
        log.exception("purge of old sign-in rows failed; the next round retries")
