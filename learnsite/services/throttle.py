"""Sign-in throttling, shared by every process through the DB.

Each attempt is recorded first, in its own committed transaction, and only then counted: of N parallel
attempts, the k-th to commit sees at least k rows, so no more than the limit ever reach a password check.
The lock-out is per account *and* client (one guessing client cannot lock the owner out from elsewhere,
nor other accounts behind the same address); a client address has a separate, higher ceiling (many
families can share one proxy), and so does an account across all addresses (guessing spread over many).

A refused attempt counts only against its first key, the one client's (for a sign-in, with the one account): a
client locked out of one account cannot go on filling that account's own ceiling, which would lock the owner out
from everywhere, nor can refused attempts still in flight make the shared counts look full to each other. A client
is counted by addresses.share_of (an IPv6 home's whole /64), or a phone could change addresses and never be refused.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from sqlmodel import Session, select

from learnsite.models import LoginAttempt
from learnsite.services.addresses import share_of

MAX_FAILURES = 5  # per account and client
MAX_PER_CLIENT = 50  # per client address, all accounts
MAX_PER_ACCOUNT = 30  # per account, all addresses
WINDOW = timedelta(minutes=1)
WAIT_MESSAGE = "Too many failed sign-in attempts. Please wait a minute and try again."


class Throttled(Exception):
    def __init__(self, message: str = WAIT_MESSAGE):
        super().__init__(message)


def client_of(client_ip: str | None) -> str:
    """The client a counter is kept for: its address's share (addresses.share_of), or "unknown"."""
    return share_of(client_ip) if client_ip else "unknown"


def keys_for(email: str, client_ip: str | None) -> dict[str, int]:
    """The counters one sign-in attempt adds to, each with its limit, the one client's first (see attempt)."""
    email = email.strip().lower()
    client = client_of(client_ip)
    return {f"pair:{email}|{client}": MAX_FAILURES, f"client:{client}": MAX_PER_CLIENT,
            f"email:{email}": MAX_PER_ACCOUNT}


def _now() -> datetime:
    return datetime.now(timezone.utc)


def record_attempt(s: Session, keys: dict[str, int], now: datetime | None = None) -> list[int]:
    """Record one attempt under every key and commit it; returns the new rows' ids."""
    at = now or _now()
    rows = [LoginAttempt(key=key[:400], at=at) for key in keys]
    s.add_all(rows)
    # keep the table small: old rows mean nothing any more
    s.execute(sa.delete(LoginAttempt).where(LoginAttempt.at < at - 10 * WINDOW))
    s.commit()
    return [row.id for row in rows]


def check(s: Session, keys: dict[str, int], now: datetime | None = None) -> None:
    """Raise Throttled when a key has more attempts in the window than its limit (this one included)."""
    since = (now or _now()) - WINDOW
    for key, limit in keys.items():
        count = s.exec(
            select(sa.func.count()).select_from(LoginAttempt)
            .where(LoginAttempt.key == key[:400], LoginAttempt.at > since)
        ).one()
        if count > limit:
            raise Throttled()


def attempt(s: Session, keys: dict[str, int], now: datetime | None = None) -> list[int]:
    """Record, then check: Throttled when over a limit. Returns the attempt's row ids (see forgive).

    `keys` start with the one client's: a refused attempt keeps its row there (a client that goes on trying stays
    refused) and takes back the others. Every attempt that got through keeps its rows, so the k-th of them still
    saw at least k rows, and no key lets more than its limit through."""
    ids = record_attempt(s, keys, now)
    try:
        check(s, keys, now)
    except Throttled:
        s.execute(sa.delete(LoginAttempt).where(LoginAttempt.id.in_(ids[1:])))
        s.commit()
        raise
    return ids


def forgive(s: Session, keys: dict[str, int], attempt_ids: list[int]) -> None:
    """A right password: this attempt does not count, nor do the earlier failures of the same pair."""
    s.execute(sa.delete(LoginAttempt).where(LoginAttempt.id.in_(attempt_ids)))
    pair = next(iter(keys))
    s.execute(sa.delete(LoginAttempt).where(LoginAttempt.key == pair[:400]))
