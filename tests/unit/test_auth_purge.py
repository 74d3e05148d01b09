"""The purge of dead sign-in rows: what goes after its grace, what stays, in bounded rounds (SQLite and PostgreSQL)."""

from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.migrate import prestart
from learnsite.models import ActivityStars, AuthSession, Channel, EmailToken, Message, RefreshToken, User
from learnsite.services import accounts, purge
from tests.unit.auth_fixtures import auth_env  # noqa: F401

NOW = datetime.now(timezone.utc)
DAY = timedelta(days=1)
PAST = NOW - purge.SESSION_GRACE - DAY  # past every grace
RECENT = NOW - purge.SESSION_GRACE + DAY  # within every grace


@pytest.fixture(autouse=True)
def _no_earlier_round(monkeypatch):
    """Each test starts as a fresh process would: its first sign-in or sign-up runs a round."""
    monkeypatch.setattr(purge, "_last_run", {})


def _user(s, email: str, confirmed: bool = False, role: str = "user", created_at: datetime = PAST) -> int:
    user = User(email=email, password_hash="x", role=role, full_name=email.split("@")[0], created_at=created_at,
                email_confirmed_at=created_at if confirmed else None)
    s.add(user)
    s.flush()
    return user.id


def _session(s, user_id: int, sid: str, expires_at: datetime, revoked_at: datetime | None = None,
             refresh_tokens: int = 2) -> None:
    s.add(AuthSession(id=sid, user_id=user_id, created_at=expires_at - 30 * DAY, expires_at=expires_at,
                      revoked_at=revoked_at))
    s.flush()
    for i in range(refresh_tokens):
        s.add(RefreshToken(token_hash=f"{sid}-{i}", session_id=sid, used_at=None if i else expires_at - DAY))


def _link(s, user_id: int, name: str, expires_at: datetime, used_at: datetime | None = None) -> None:
    s.add(EmailToken(token_hash=name, user_id=user_id, purpose="confirm", expires_at=expires_at, used_at=used_at,
                     created_at=expires_at - accounts.EMAIL_TOKEN_LIFETIME))


def _left(url: str, column) -> set:
    with session_scope(url) as s:
        return set(s.exec(select(column)).all())


def test_sessions_and_their_refresh_tokens_go_a_grace_after_they_end(db_url):
    with session_scope(db_url) as s:
        uid = _user(s, "kid@example.com", confirmed=True)
        _session(s, uid, "expired-long-ago", expires_at=PAST)
        _session(s, uid, "revoked-long-ago", expires_at=NOW + 20 * DAY, revoked_at=PAST)
        _session(s, uid, "expired-lately", expires_at=RECENT)
        _session(s, uid, "revoked-lately", expires_at=NOW + 20 * DAY, revoked_at=RECENT)
        _session(s, uid, "live", expires_at=NOW + 20 * DAY)
    done = purge.purge(db_url)
    assert (done.sessions, done.refresh_tokens) == (2, 4)
    assert _left(db_url, AuthSession.id) == {"expired-lately", "revoked-lately", "live"}
    assert {t.rsplit("-", 1)[0] for t in _left(db_url, RefreshToken.token_hash)} == _left(db_url, AuthSession.id)
    assert _left(db_url, User.email) == {"kid@example.com"}


def test_email_links_go_a_grace_after_their_use_or_expiry(db_url):
    with session_scope(db_url) as s:
        uid = _user(s, "kid@example.com", confirmed=True)
        _link(s, uid, "used-long-ago", expires_at=NOW + DAY, used_at=PAST)
        _link(s, uid, "expired-long-ago", expires_at=PAST)
        _link(s, uid, "used-lately", expires_at=NOW + DAY, used_at=RECENT)
        _link(s, uid, "expired-lately", expires_at=RECENT)
        _link(s, uid, "live", expires_at=NOW + DAY)
    assert purge.purge(db_url).email_tokens == 2
    assert _left(db_url, EmailToken.token_hash) == {"used-lately", "expired-lately", "live"}


def test_an_account_never_confirmed_goes_a_grace_after_its_last_link(db_url):
    with session_scope(db_url) as s:
        _link(s, _user(s, "throwaway@example.com"), "stale", expires_at=PAST)
        _user(s, "no-link-made-long-ago@example.com")  # create-user without --confirmed: can never sign in
        _link(s, _user(s, "link-expired-lately@example.com"), "lately", expires_at=RECENT)
        twice = _user(s, "signed-up-twice@example.com")  # sign_up voids the first link as it mails a new one
        _link(s, twice, "first", expires_at=PAST, used_at=RECENT)
        _link(s, twice, "second", expires_at=NOW + DAY)
        _user(s, "no-link-made-lately@example.com", created_at=RECENT)
    done = purge.purge(db_url)
    assert (done.users, done.email_tokens) == (2, 2)  # "stale" and "first"
    assert _left(db_url, User.email) == {"link-expired-lately@example.com", "signed-up-twice@example.com",
                                         "no-link-made-lately@example.com"}
    assert _left(db_url, EmailToken.token_hash) == {"lately", "second"}


def test_confirmed_admin_live_linked_or_owning_accounts_are_never_deleted(db_url):
    with session_scope(db_url) as s:
        _user(s, "confirmed@example.com", confirmed=True)
        _user(s, "admin@example.com", role="admin")
        _link(s, _user(s, "live-link@example.com"), "live", expires_at=NOW + DAY)
        general = s.exec(select(Channel.id).where(Channel.name == "general")).one()
        s.add(Message(content="hi", user_id=_user(s, "wrote@example.com"), channel_id=general))
        s.add(ActivityStars(user_id=_user(s, "played@example.com"), activity_id="count-1", best_stars=3))
        _session(s, _user(s, "signed-in@example.com"), "its-session", expires_at=NOW + 20 * DAY)
    assert purge.purge_all(db_url) == purge.Purged()
    assert len(_left(db_url, User.id)) == 6


def test_an_address_purged_signs_up_again(auth_env):
    with session_scope() as s:
        _link(s, _user(s, "kid@example.com"), "stale", expires_at=PAST)
    accounts.sign_up("kid@example.com", "secret1")  # the round runs first: a new account, a new link
    (created,) = _left(auth_env.db_url, User.created_at)
    assert created.replace(tzinfo=timezone.utc) > NOW - DAY
    assert len(_left(auth_env.db_url, EmailToken.token_hash)) == 1


def test_a_round_is_bounded_and_purge_all_finishes(db_url):
    with session_scope(db_url) as s:
        mum = _user(s, "mum@example.com", confirmed=True)
        for i in range(7):
            _user(s, f"kid{i}@example.com")
            _link(s, mum, f"link{i}", expires_at=PAST)
            _session(s, mum, f"s{i}", expires_at=PAST)
    assert purge.purge(db_url, limit=3) == purge.Purged(sessions=3, refresh_tokens=6, email_tokens=3, users=3)
    assert len(_left(db_url, User.id)) == 1 + 4
    assert purge.purge_all(db_url, limit=3) == purge.Purged(sessions=4, refresh_tokens=8, email_tokens=4, users=4)
    assert _left(db_url, AuthSession.id) == set() and _left(db_url, EmailToken.token_hash) == set()
    assert _left(db_url, User.email) == {"mum@example.com"}


def test_prestart_purges(db_url):
    with session_scope(db_url) as s:
        _link(s, _user(s, "throwaway@example.com"), "stale", expires_at=PAST)
        _session(s, _user(s, "kid@example.com", confirmed=True), "old", expires_at=PAST)
    prestart(db_url, starter_library=False)
    assert _left(db_url, User.email) == {"kid@example.com"}
    assert _left(db_url, AuthSession.id) == set() and _left(db_url, RefreshToken.token_hash) == set()


def _old_session(url: str, sid: str) -> None:
    with session_scope(url) as s:
        uid = s.exec(select(User.id).where(User.email == "kid@example.com")).one()
        _session(s, uid, sid, expires_at=PAST)


def test_sign_in_runs_a_round_at_most_once_an_interval(db_url, monkeypatch):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    _old_session(db_url, "old")
    accounts.sign_in("kid@example.com", "secret1", url=db_url)
    assert "old" not in _left(db_url, AuthSession.id)
    _old_session(db_url, "older")
    accounts.sign_in("kid@example.com", "secret1", url=db_url)
    assert "older" in _left(db_url, AuthSession.id)  # too soon: this sign-in did no housekeeping
    monkeypatch.setattr(purge, "INTERVAL", 0.0)
    accounts.sign_in("kid@example.com", "secret1", url=db_url)
    assert "older" not in _left(db_url, AuthSession.id)


def test_sign_up_runs_a_round(auth_env):
    with session_scope() as s:
        _link(s, _user(s, "throwaway@example.com"), "stale", expires_at=PAST)
    accounts.sign_up("someone.else@example.com", "secret1")
    assert _left(auth_env.db_url, User.email) == {"someone.else@example.com"}


def test_a_failing_round_never_fails_the_sign_in(db_url, monkeypatch, caplog):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)

    def broken(url=None):
        raise sa.exc.OperationalError("DELETE", {}, Exception("database is locked"))

    monkeypatch.setattr(purge, "purge", broken)
    assert accounts.sign_in("kid@example.com", "secret1", url=db_url).user.email == "kid@example.com"
    assert "purge of old sign-in rows failed" in caplog.text
