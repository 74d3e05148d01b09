"""Access tokens (JWT) and refresh-token rotation, on SQLite and PostgreSQL."""

from datetime import datetime, timedelta, timezone

import jwt
import pytest

from learnsite.config import settings
from learnsite.db import session_scope
from learnsite.models import AuthSession, User
from learnsite.services import accounts, tokens


@pytest.fixture
def user(db_url):
    created = accounts.create_user("Kid@Example.com", "secret1", confirmed=True, url=db_url)
    with session_scope(db_url) as s:
        return s.get(User, created.id)


def test_access_token_claims_and_verification(db_url, user):
    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
    claims = tokens.decode_access_token(session.access_token)
    assert claims["sub"] == str(user.id)
    assert claims["role"] == "user"
    assert session.token_type == "bearer"
    assert session.expires_in == settings.access_token_ttl
    assert abs(session.expires_at - (datetime.now(timezone.utc).timestamp() + settings.access_token_ttl)) < 5
    assert session.user.email == "kid@example.com"
    assert not hasattr(session.user, "password_hash")
    with session_scope(db_url) as s:
        assert tokens.user_for_access_token(s, session.access_token).id == user.id


def test_expired_access_token_refused(db_url, user):
    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
        sid = tokens.session_id_of(session.access_token)
        old, _ = tokens.create_access_token(user, sid, now=datetime.now(timezone.utc) - timedelta(hours=1), ttl=60)
        assert tokens.user_for_access_token(s, old) is None
    with pytest.raises(tokens.TokenError):
        tokens.decode_access_token(old)
    # still readable for logout
    assert tokens.session_id_of(old) == sid


def test_forged_tokens_refused(db_url, user):
    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
    claims = tokens.decode_access_token(session.access_token)
    other_secret = jwt.encode({**claims, "role": "admin"}, "not-our-secret, though long enough for HS256", algorithm="HS256")
    unsigned = jwt.encode({**claims, "role": "admin"}, None, algorithm="none")
    other_alg = jwt.encode(claims, settings.jwt_secret, algorithm="HS512")
    with session_scope(db_url) as s:
        for forged in (other_secret, unsigned, other_alg, "", "garbage"):
            assert tokens.user_for_access_token(s, forged) is None


def test_token_for_another_user_id_in_same_session_refused(db_url, user):
    other = accounts.create_user("other@example.com", "secret1", confirmed=True, url=db_url)
    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
        claims = tokens.decode_access_token(session.access_token)
        swapped = jwt.encode({**claims, "sub": str(other.id)}, settings.jwt_secret, algorithm="HS256")
        assert tokens.user_for_access_token(s, swapped) is None


def test_revoked_session_ends_access(db_url, user):
    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
    assert accounts.sign_out(session.access_token, session.refresh_token, url=db_url)
    assert accounts.user_for_access_token(session.access_token, url=db_url) is None
    with pytest.raises(tokens.TokenError):
        accounts.refresh(session.refresh_token, url=db_url)


def test_refresh_rotates_single_use(db_url, user):
    with session_scope(db_url) as s:
        first = tokens.start_session(s, user)
    second = accounts.refresh(first.refresh_token, url=db_url)
    assert second.refresh_token != first.refresh_token
    assert len(second.refresh_token) >= 22  # >= 128 bits of urlsafe base64
    assert tokens.session_id_of(second.access_token) == tokens.session_id_of(first.access_token)
    assert accounts.user_for_access_token(second.access_token, url=db_url).id == user.id
    # the old one is used up: within the grace period it is refused but the session lives
    with pytest.raises(tokens.StaleRefreshToken):
        accounts.refresh(first.refresh_token, url=db_url)
    third = accounts.refresh(second.refresh_token, url=db_url)
    assert accounts.user_for_access_token(third.access_token, url=db_url) is not None


def test_reused_refresh_token_revokes_family(db_url, user):
    with session_scope(db_url) as s:
        first = tokens.start_session(s, user)
    second = accounts.refresh(first.refresh_token, url=db_url)
    later = datetime.now(timezone.utc) + tokens.REUSE_GRACE + timedelta(seconds=5)
    with pytest.raises(tokens.TokenError, match="revoked"):
        with session_scope(db_url) as s:
            tokens.refresh_session(s, first.refresh_token, now=later)
    sid = tokens.session_id_of(first.access_token)
    with session_scope(db_url) as s:
        assert s.get(AuthSession, sid).revoked_at is not None
    # the thief's and the owner's newer tokens die with the family
    assert accounts.user_for_access_token(second.access_token, url=db_url) is None
    with pytest.raises(tokens.TokenError):
        accounts.refresh(second.refresh_token, url=db_url)


def test_refresh_token_stored_hashed(db_url, user):
    from sqlmodel import select

    from learnsite.models import RefreshToken

    with session_scope(db_url) as s:
        session = tokens.start_session(s, user)
    with session_scope(db_url) as s:
        stored = s.exec(select(RefreshToken.token_hash)).all()
    assert session.refresh_token not in stored
    assert tokens.hash_token(session.refresh_token) in stored


def test_unknown_refresh_token(db_url, user):
    with pytest.raises(tokens.TokenError):
        accounts.refresh("not-a-token", url=db_url)
    with pytest.raises(tokens.TokenError):
        accounts.refresh("", url=db_url)


def test_a_session_remembers_only_its_recent_used_tokens(db_url, user):
    """A tab refreshing in a loop wrote a row a refresh, kept for ever (500 rows in 3 s): a session keeps its
    newest KEEP_USED used tokens, enough to catch a reuse, and the live one."""
    from sqlmodel import func, select

    from learnsite.models import RefreshToken

    with session_scope(db_url) as s:
        current = tokens.start_session(s, user)
    presented = []
    for _ in range(tokens.KEEP_USED + 10):
        presented.append(current.refresh_token)
        current = accounts.refresh(current.refresh_token, url=db_url)
    with session_scope(db_url) as s:
        assert s.exec(select(func.count()).select_from(RefreshToken)).one() == tokens.KEEP_USED + 1
    later = datetime.now(timezone.utc) + tokens.REUSE_GRACE + timedelta(seconds=5)
    with pytest.raises(tokens.TokenError, match="revoked"):  # a recent used token, stolen and replayed
        with session_scope(db_url) as s:
            tokens.refresh_session(s, presented[-5], now=later)
    assert accounts.user_for_access_token(current.access_token, url=db_url) is None
