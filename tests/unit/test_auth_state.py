"""The auth contract and the server-side guards, driven through Reflex state instances exactly as
the server runs handlers: the client controls only its stored tokens and the event payloads."""

from datetime import datetime, timedelta, timezone

import jwt
from sqlmodel import select

from learnsite.config import settings
from learnsite.db import session_scope
from learnsite.models import EmailToken, User
from learnsite.services import accounts, tokens
from learnsite.state.account_settings import AccountSettingsState
from learnsite.state.auth import AuthState, safe_next
from tests.unit.auth_fixtures import auth_env, client_tree, redirect_target, run, toasts  # noqa: F401


def _user(email="kid@example.com", password="secret1", role="user"):
    accounts.create_user(email, password, role=role, confirmed=True)
    return accounts.sign_in(email, password)


async def _auth(root, session=None):
    auth = await root.get_state(AuthState)
    if session is not None:
        auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    return auth


def _hash_of(email):
    with session_scope() as s:
        return s.exec(select(User.password_hash).where(User.email == email)).one()


def _email_tokens():
    with session_scope() as s:
        return s.exec(select(EmailToken)).all()


async def test_user_of_verifies_signed_in_user(auth_env):
    session = _user()
    root = client_tree()
    await _auth(root, session)
    user = await AuthState.user_of(root)
    assert user is not None and user.email == "kid@example.com"
    assert await AuthState.admin_of(root) is None  # a plain user is no admin


async def test_admin_of_for_admin(auth_env):
    session = _user("boss@example.com", "bosspass", role="admin")
    root = client_tree()
    await _auth(root, session)
    admin = await AuthState.admin_of(await root.get_state(AccountSettingsState))
    assert admin is not None and admin.role == "admin"


async def test_signed_out_and_forged_tokens_have_no_user(auth_env):
    session = _user()
    root = client_tree()
    auth = await _auth(root)
    assert await AuthState.user_of(root) is None
    claims = tokens.decode_access_token(session.access_token)
    auth.access_token = jwt.encode({**claims, "role": "admin"}, "a guessed secret, long enough for HS256", algorithm="HS256")
    assert await AuthState.user_of(root) is None
    auth.access_token = jwt.encode({**claims, "sub": "999"}, settings.jwt_secret, algorithm="HS256")
    assert await AuthState.user_of(root) is None


async def test_logout_ends_the_session_on_the_server(auth_env):
    session = _user()
    root = client_tree()
    auth = await _auth(root, session)
    events = await run(AuthState.sign_out, auth)
    assert redirect_target(events) == "/"
    assert "Logged Out" in toasts(events)
    assert auth.access_token == "" and auth.auth_status == "signed_out"
    # a copy of the old tokens (another tab, a thief) no longer works
    other = client_tree()
    await _auth(other, session)
    assert await AuthState.user_of(other) is None


async def test_a_failed_logout_keeps_the_session_and_shows_no_server_detail(auth_env, monkeypatch):
    session = _user()
    root = client_tree()
    auth = await _auth(root, session)

    def database_down(*_args):
        raise RuntimeError('connection to server at "db.internal" (10.0.0.5), port 5432 failed')

    monkeypatch.setattr(accounts, "sign_out", database_down)
    events = await run(AuthState.sign_out, auth)
    assert "Sign out Failed" in toasts(events) and "Something went wrong" in toasts(events)
    assert "db.internal" not in toasts(events)
    assert auth.access_token == session.access_token  # still signed in: try again later


async def test_expired_access_token_is_refreshed(auth_env):
    session = _user()
    sid = tokens.session_id_of(session.access_token)
    with session_scope() as s:
        user = s.exec(select(User)).one()
    expired, _ = tokens.create_access_token(user, sid, now=datetime.now(timezone.utc) - timedelta(hours=1), ttl=60)
    root = client_tree()
    auth = await _auth(root)
    auth.access_token, auth.refresh_token = expired, session.refresh_token
    user = await AuthState.user_of(root)
    assert user is not None
    assert auth.access_token != expired and auth.refresh_token != session.refresh_token
    assert tokens.decode_access_token(auth.access_token)["sid"] == sid


async def test_tick_reads_session_and_refreshes_near_expiry(auth_env):
    session = _user()
    root = client_tree()
    auth = await _auth(root)
    await run(AuthState.tick, auth)
    assert auth.auth_status == "signed_out"  # nothing stored
    auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    await run(AuthState.tick, auth)
    assert auth.auth_status == "signed_in" and auth.user_email == "kid@example.com"
    assert auth.refresh_token == session.refresh_token  # far from expiry: no refresh
    # 60 s left (under 3 ticks of 30 s): refreshed
    sid = tokens.session_id_of(session.access_token)
    with session_scope() as s:
        user = s.exec(select(User)).one()
    soon, _ = tokens.create_access_token(user, sid, ttl=60)
    auth.access_token = soon
    await run(AuthState.tick, auth)
    assert auth.refresh_token != session.refresh_token and auth.access_token != soon
    assert auth.auth_status == "signed_in"


async def test_tick_signs_out_a_revoked_session(auth_env):
    session = _user()
    root = client_tree()
    auth = await _auth(root, session)
    accounts.sign_out(session.access_token, session.refresh_token)
    await run(AuthState.tick, auth)
    assert auth.auth_status == "signed_out" and auth.access_token == "" and auth.refresh_token == ""


async def test_guard_admin_redirects_signed_out_and_plain_users(auth_env):
    for session in (None, _user()):
        root = client_tree("/admin/account")
        auth = await _auth(root, session)
        events = await run(AuthState.guard_admin, auth)
        assert redirect_target(events) == "/login/admin?next=/admin/account"
        assert auth.admin_access == "checking"


async def test_guard_admin_admits_admin(auth_env):
    root = client_tree("/admin/dashboard")
    auth = await _auth(root, _user("boss@example.com", "bosspass", role="admin"))
    events = await run(AuthState.guard_admin, auth)
    assert redirect_target(events) is None
    assert auth.admin_access == "granted" and auth.user_role == "admin"


async def test_guard_user_for_chat(auth_env):
    root = client_tree("/chat")
    auth = await _auth(root)
    assert redirect_target(await run(AuthState.guard_user, auth)) == "/login/user?next=/chat"
    auth = await _auth(client_tree("/chat"), _user())
    assert redirect_target(await run(AuthState.guard_user, auth)) is None
    assert auth.user_access == "granted"


async def _verdicts_seen(handler, auth, attr) -> list[str]:
    """The guard's verdict at every point the server would send it to the page."""
    seen = []
    async for _ in handler.fn(auth):
        seen.append(getattr(auth, attr))
    return seen + [getattr(auth, attr)]


async def test_a_granted_verdict_stands_while_it_is_checked_again(auth_env):
    """A reload re-runs the guard; flipping to "checking" meanwhile would unmount the page."""
    auth = await _auth(client_tree("/chat"), _user())
    auth.user_access = "granted"
    assert set(await _verdicts_seen(AuthState.guard_user, auth, "user_access")) == {"granted"}
    admin = await _auth(client_tree("/admin/dashboard"), _user("boss@example.com", "bosspass", role="admin"))
    admin.admin_access = "granted"
    assert set(await _verdicts_seen(AuthState.guard_admin, admin, "admin_access")) == {"granted"}


async def test_a_granted_verdict_is_withdrawn_when_the_session_is_gone(auth_env):
    session = _user()
    auth = await _auth(client_tree("/chat"), session)
    auth.user_access = "granted"
    accounts.sign_out(session.access_token, session.refresh_token)
    assert redirect_target(await run(AuthState.guard_user, auth)) == "/login/user?next=/chat"
    assert auth.user_access == "checking"


async def test_signing_in_drops_the_previous_verdicts(auth_env):
    auth = await _auth(client_tree("/login/user"))
    auth.admin_access = auth.user_access = "granted"  # left by an admin who was here before
    auth._sign_in_with(_user())
    assert auth.admin_access == auth.user_access == "checking"


async def test_forged_admin_events_change_nothing(auth_env):
    """Events a non-admin (or nobody) sends straight to admin handlers are refused on the server."""
    _user("boss@example.com", "bosspass", role="admin")
    plain = _user("kid@example.com", "secret1")
    before = {e: _hash_of(e) for e in ("boss@example.com", "kid@example.com")}
    for session in (None, plain):
        root = client_tree("/admin/account")
        await _auth(root, session)
        state = await root.get_state(AccountSettingsState)
        events = await run(AccountSettingsState.change_password, state,
                           {"new_password": "hacked123", "confirm_password": "hacked123"})
        assert redirect_target(events).startswith("/login/admin")
        events = await run(AccountSettingsState.change_email, state, {"new_email": "thief@example.com"})
        assert redirect_target(events).startswith("/login/admin")
    assert {e: _hash_of(e) for e in before} == before
    assert _email_tokens() == []
    assert not (auth_env.outbox_dir.exists() and any(auth_env.outbox_dir.iterdir()))
    assert accounts.sign_in("kid@example.com", "secret1").user.email == "kid@example.com"


async def test_admin_password_change_rules_and_other_sessions_end(auth_env):
    _user("boss@example.com", "bosspass", role="admin")
    other_tab = accounts.sign_in("boss@example.com", "bosspass")
    here = accounts.sign_in("boss@example.com", "bosspass")
    root = client_tree("/admin/account")
    await _auth(root, here)
    state = await root.get_state(AccountSettingsState)
    before = _hash_of("boss@example.com")

    events = await run(AccountSettingsState.change_password, state,
                       {"new_password": "newpass1", "confirm_password": "newpass2"})
    assert "Passwords Do Not Match" in toasts(events)
    assert "Please ensure both password fields are identical." in toasts(events)
    events = await run(AccountSettingsState.change_password, state, {"new_password": "abc", "confirm_password": "abc"})
    assert "Password Too Short" in toasts(events)
    assert "Your new password must be at least 6 characters long." in toasts(events)
    events = await run(AccountSettingsState.change_password, state,
                       {"new_password": "x" * 80, "confirm_password": "x" * 80})
    assert "Failed to Update Password" in toasts(events) and "72" in toasts(events)
    assert _hash_of("boss@example.com") == before

    events = await run(AccountSettingsState.change_password, state,
                       {"new_password": "newpass1", "confirm_password": "newpass1", "current_password": "wrong-one"})
    assert "Failed to Update Password" in toasts(events) and "current password is not correct" in toasts(events)
    assert _hash_of("boss@example.com") == before
    events = await run(AccountSettingsState.change_password, state,
                       {"new_password": "newpass1", "confirm_password": "newpass1", "current_password": "bosspass"})
    assert "Password Updated Successfully!" in toasts(events)
    assert "Your password has been changed." in toasts(events)
    assert await AuthState.admin_of(root) is not None  # this session lives on
    assert accounts.user_for_access_token(other_tab.access_token) is None  # the other one ended
    assert accounts.sign_in("boss@example.com", "newpass1").user.role == "admin"


async def test_admin_email_change_sends_confirmation(auth_env):
    _user("boss@example.com", "bosspass", role="admin")
    root = client_tree("/admin/account")
    await _auth(root, accounts.sign_in("boss@example.com", "bosspass"))
    state = await root.get_state(AccountSettingsState)
    events = await run(AccountSettingsState.change_email, state, {"new_email": "not-an-email"})
    assert "Failed to Update Email" in toasts(events)
    events = await run(AccountSettingsState.change_email, state, {"new_email": "New.Boss@Example.com"})
    assert "Failed to Update Email" in toasts(events) and "current password" in toasts(events)
    events = await run(AccountSettingsState.change_email, state,
                       {"new_email": "New.Boss@Example.com", "current_password": "bosspass"})
    assert "Email Update Initiated" in toasts(events)
    assert "Please check your new email address for a confirmation link." in toasts(events)
    mails = sorted(m.name for m in auth_env.outbox_dir.iterdir())
    # the link to the new address, and a word to the old one
    assert len(mails) == 2 and sum("new.boss@example.com" in m for m in mails) == 1
    assert sum("boss@example.com" in m and "new.boss" not in m for m in mails) == 1
    # the email changes only once the link is opened
    assert _hash_of("boss@example.com")


def test_safe_next():
    assert safe_next("/chat") == "/chat"
    assert safe_next("/admin/account?x=1") == "/admin/account?x=1"
    for bad in ("//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)",
                "evil", "", None, "/\nx"):
        assert safe_next(bad) == "/"


async def test_failed_lookup_logs_and_denies(auth_env, monkeypatch, caplog):
    session = _user("boss@example.com", "bosspass", role="admin")
    root = client_tree("/admin/dashboard")
    auth = await _auth(root, session)

    def broken(*_a, **_k):
        raise RuntimeError("database unreachable")

    monkeypatch.setattr(accounts, "user_for_access_token", broken)
    assert await AuthState.admin_of(root) is None
    assert "could not verify the session" in caplog.text
    events = await run(AuthState.guard_admin, auth)
    assert redirect_target(events) == "/login/admin?next=/admin/dashboard"
    await run(AuthState.tick, auth)  # a failing check keeps the stored session for the next tick
    assert auth.access_token == session.access_token
