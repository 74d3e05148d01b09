"""Sessions as SPEC §3: a short-lived JWT access token and a rotating, single-use refresh token.

An auth_sessions row is one signed-in browser (a family of refresh tokens). Revoking it ends the
session everywhere: access tokens carry its id (sid) and are checked against it on every use.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import jwt
import sqlalchemy as sa
from sqlmodel import Session, select

from learnsite.config import settings
from learnsite.models import AuthSession, RefreshToken, User
from learnsite.services.public_user import PublicUser

ALGORITHM = "HS256"
ISSUER = "learnsite"
SESSION_LIFETIME = timedelta(days=30)
# A refresh token presented again this soon after its rotation is a race between two tabs of the
# same browser (both saw the old token), not a theft: refuse it without revoking the family.
REUSE_GRACE = timedelta(seconds=10)
KEEP_USED = 20  # used refresh tokens a session remembers, to catch a reuse


class TokenError(Exception):
    """The token is invalid, expired, revoked or reused."""


class StaleRefreshToken(TokenError):
    """Used moments ago by another tab of the same browser: refused, but the session lives on."""


@dataclass(frozen=True)
class SessionTokens:
    access_token: str
    refresh_token: str
    expires_in: int
    expires_at: int  # unix seconds
    token_type: str
    user: PublicUser


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(dt: datetime) -> datetime:
    # SQLite hands back naive datetimes even for timezone-aware columns
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def public_user(user: User) -> PublicUser:
    return PublicUser(id=user.id, email=user.email, role=user.role, full_name=user.full_name,
                      avatar_url=user.avatar_url)


def create_access_token(user: User | PublicUser, sid: str, now: datetime | None = None,
                        ttl: int | None = None) -> tuple[str, int]:
    now = now or _now()
    ttl = settings.access_token_ttl if ttl is None else ttl
    exp = int(now.timestamp()) + ttl
    claims = {"sub": str(user.id), "sid": sid, "role": user.role, "iss": ISSUER,
              "iat": int(now.timestamp()), "exp": exp}
    return jwt.encode(claims, settings.jwt_secret, algorithm=ALGORITHM), exp


def decode_access_token(token: str, *, verify_exp: bool = True) -> dict:
    """The claims of a token we signed; TokenError for anything else (algorithm pinned)."""
    if not token:
        raise TokenError("Auth session missing!")
    try:
        return jwt.decode(token, settings.jwt_secret, algorithms=[ALGORITHM], issuer=ISSUER,
                          options={"require": ["exp", "sub", "sid"], "verify_exp": verify_exp})
    except jwt.PyJWTError as exc:
        raise TokenError(str(exc)) from exc


def _new_refresh_token(s: Session, sid: str, now: datetime) -> str:
    token = secrets.token_urlsafe(32)  # 256 bits
    s.add(RefreshToken(token_hash=hash_token(token), session_id=sid, created_at=now))
    return token


def _tokens(s: Session, user: User, sid: str, now: datetime) -> SessionTokens:
    refresh = _new_refresh_token(s, sid, now)
    access, exp = create_access_token(user, sid, now)
    return SessionTokens(access_token=access, refresh_token=refresh, expires_in=exp - int(now.timestamp()),
                         expires_at=exp, token_type="bearer", user=public_user(user))


def start_session(s: Session, user: User, now: datetime | None = None) -> SessionTokens:
    now = now or _now()
    sid = secrets.token_urlsafe(24)
    s.add(AuthSession(id=sid, user_id=user.id, created_at=now, expires_at=now + SESSION_LIFETIME))
    s.flush()
    return _tokens(s, user, sid, now)


def refresh_session(s: Session, refresh_token: str, now: datetime | None = None) -> SessionTokens:
    """Rotate: the presented token is used up and a new pair is issued. A reused token revokes
    the whole session (family)."""
    now = now or _now()
    if not refresh_token:
        raise TokenError("Auth session missing!")
    token_hash = hash_token(refresh_token)
    row = s.get(RefreshToken, token_hash)
    if row is None:
        raise TokenError("Invalid Refresh Token: Refresh Token Not Found")
    session = s.get(AuthSession, row.session_id)
    if session is None or session.revoked_at is not None or _aware(session.expires_at) <= now:
        raise TokenError("Invalid Refresh Token: Session Expired")
    # Claim the token atomically: of two concurrent refreshes only one may win, on any database.
    claimed = s.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.token_hash == token_hash, RefreshToken.used_at.is_(None))
        .values(used_at=now)
    ).rowcount
    if not claimed:
        s.refresh(row)
        if row.used_at is not None and now - _aware(row.used_at) <= REUSE_GRACE:
            raise StaleRefreshToken("Invalid Refresh Token: Already Used")
        session.revoked_at = now
        s.add(session)
        s.commit()  # the revocation must stick although the caller's scope rolls back on the error
        raise TokenError("Invalid Refresh Token: Already Used (session revoked)")
    user = s.get(User, session.user_id)
    if user is None:
        raise TokenError("Auth session or user missing")
    _forget_old_used_tokens(s, session.id)
    return _tokens(s, user, session.id, now)


def _forget_old_used_tokens(s: Session, sid: str) -> None:
    """A session keeps its last KEEP_USED used tokens (a reuse of one of them revokes the session), not all: a tab
    refreshing in a loop wrote 500 rows in 3 s, kept for ever."""
    kept = (sa.select(RefreshToken.token_hash).where(RefreshToken.session_id == sid, RefreshToken.used_at.is_not(None))
            .order_by(RefreshToken.used_at.desc()).limit(KEEP_USED))
    s.execute(sa.delete(RefreshToken).where(RefreshToken.session_id == sid, RefreshToken.used_at.is_not(None),
                                            RefreshToken.token_hash.not_in(kept.scalar_subquery())))


def user_for_access_token(s: Session, access_token: str, now: datetime | None = None) -> PublicUser | None:
    """The user of a valid access token whose session is still live, else None."""
    try:
        claims = decode_access_token(access_token)
    except TokenError:
        return None
    now = now or _now()
    session = s.get(AuthSession, claims["sid"])
    if session is None or session.revoked_at is not None or _aware(session.expires_at) <= now:
        return None
    if str(session.user_id) != claims["sub"]:
        return None
    user = s.get(User, session.user_id)
    return public_user(user) if user else None


def session_id_of(access_token: str) -> str | None:
    """The sid of a token we signed, even if expired (for logout)."""
    try:
        return decode_access_token(access_token, verify_exp=False)["sid"]
    except TokenError:
        return None


def revoke_session(s: Session, sid: str, now: datetime | None = None) -> bool:
    session = s.get(AuthSession, sid)
    if session is None:
        return False
    if session.revoked_at is None:
        session.revoked_at = now or _now()
        s.add(session)
    return True


def revoke_session_of_refresh_token(s: Session, refresh_token: str) -> bool:
    row = s.get(RefreshToken, hash_token(refresh_token)) if refresh_token else None
    return revoke_session(s, row.session_id) if row else False


def revoke_user_sessions(s: Session, user_id: int, except_sid: str | None = None) -> int:
    now = _now()
    rows = s.exec(select(AuthSession).where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))).all()
    count = 0
    for row in rows:
        if row.id != except_sid:
            row.revoked_at = now
            s.add(row)
            count += 1
    return count
