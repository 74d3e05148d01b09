"""Forgotten passwords: the reset link is mailed only to a confirmed account, works once, for an hour, and ends
every session; the request says the same whatever the address."""

import email
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa

from learnsite.db import session_scope
from learnsite.models import EmailToken
from learnsite.services import accounts, password_reset as reset
from learnsite.services.accounts import AccountError
from learnsite.state.password_reset import ForgotPasswordState, ResetPasswordState
from tests.unit.auth_fixtures import auth_env, client_tree, redirect_target, run, toasts  # noqa: F401

_real_in_background = reset.in_background


@pytest.fixture(autouse=True)
def mail_inline(monkeypatch):
    """The reset mail leaves on a thread of its own (test_the_mail_leaves_off_the_request_path); here it is sent
    before request_reset returns, so each test reads it at once."""
    monkeypatch.setattr(reset, "in_background", lambda fn, *args: fn(*args))


def _mails(cfg):
    return sorted(cfg.outbox_dir.iterdir()) if cfg.outbox_dir.exists() else []


def _token(path) -> str:
    body = email.message_from_bytes(path.read_bytes()).get_payload(decode=True).decode()
    link = next(word for word in body.split() if word.startswith("http"))
    assert link.startswith("http://testserver/auth/reset?token=")
    return parse_qs(urlsplit(link).query)["token"][0]


def test_a_reset_link_sets_the_password_once_and_ends_every_session(auth_env):
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    session = accounts.sign_in("kid@example.com", "old-secret")
    reset.request_reset("Kid@Example.com")
    (mail_file,) = _mails(auth_env)
    assert email.message_from_bytes(mail_file.read_bytes())["To"] == "kid@example.com"
    token = _token(mail_file)
    assert reset.link_is_open(token)
    assert reset.reset_password(token, "new-secret", "new-secret") == "user"
    assert accounts.user_for_access_token(session.access_token) is None  # signed out everywhere
    assert accounts.sign_in("kid@example.com", "new-secret").user.email == "kid@example.com"
    with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
        accounts.sign_in("kid@example.com", "old-secret")
    assert not reset.link_is_open(token)
    with pytest.raises(AccountError, match="invalid or has expired"):
        reset.reset_password(token, "third-secret", "third-secret")  # once only


def test_the_request_says_nothing_of_whether_the_address_has_an_account(auth_env):
    accounts.sign_up("pending@example.com", "secret1")  # not confirmed: its confirmation mail only
    before = len(_mails(auth_env))
    assert reset.request_reset("nobody@example.com") is None
    assert reset.request_reset("pending@example.com") is None
    assert len(_mails(auth_env)) == before


def test_a_mail_that_fails_is_logged_not_said(auth_env, monkeypatch, caplog):
    """Only a confirmed account is mailed: a failure said to the asker would tell them the address has one."""
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)

    def broken(*args, **kwargs):
        raise reset.mail.MailError("the mail server is down")

    monkeypatch.setattr(reset.mail, "send_mail", broken)
    with caplog.at_level("ERROR", logger="learnsite.accounts"):
        assert reset.request_reset("kid@example.com") is None
    assert "password reset mail" in caplog.text and "kid@example.com" not in caplog.text


def test_a_new_request_voids_the_earlier_link_and_links_expire_in_an_hour(auth_env):
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    reset.request_reset("kid@example.com")
    reset.request_reset("kid@example.com")
    first, second = (_token(m) for m in _mails(auth_env))
    assert not reset.link_is_open(first) and reset.link_is_open(second)
    with session_scope() as s:
        row = s.get(EmailToken, reset.tokens.hash_token(second))
        left = reset.tokens._aware(row.expires_at) - datetime.now(timezone.utc)
        assert timedelta(minutes=59) < left <= timedelta(hours=1)
        s.execute(sa.update(EmailToken).values(expires_at=datetime.now(timezone.utc) - timedelta(seconds=1)))
    with pytest.raises(AccountError, match="invalid or has expired"):
        reset.reset_password(second, "new-secret", "new-secret")


def test_the_new_password_follows_the_rules_and_is_typed_twice_alike(auth_env):
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    reset.request_reset("kid@example.com")
    token = _token(_mails(auth_env)[0])
    with pytest.raises(AccountError, match="at least 6") as short:
        reset.reset_password(token, "abc", "abc")
    assert short.value.about == ("new_password",)
    with pytest.raises(AccountError, match="identical") as mismatch:
        reset.reset_password(token, "new-secret", "new-secrets")
    assert mismatch.value.about == ("new_password", "confirm_password")
    assert reset.link_is_open(token)  # a refused password leaves the link usable
    with pytest.raises(AccountError, match="valid email"):
        reset.request_reset("not-an-address")


def test_links_of_one_kind_do_not_open_the_other(auth_env):
    """A confirmation link is not a reset link, nor the other way round."""
    accounts.sign_up("new@example.com", "secret1")
    confirm_token = parse_qs(urlsplit(next(
        w for w in email.message_from_bytes(_mails(auth_env)[0].read_bytes()).get_payload(decode=True).decode().split()
        if w.startswith("http"))).query)["token"][0]
    assert not reset.link_is_open(confirm_token)
    with pytest.raises(AccountError, match="invalid or has expired"):
        reset.reset_password(confirm_token, "new-secret", "new-secret")
    accounts.confirm_email(confirm_token)
    reset.request_reset("new@example.com")
    reset_token = _token(_mails(auth_env)[-1])
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email(reset_token)
    assert reset.link_is_open(reset_token)


def test_a_client_asking_too_often_waits_and_an_address_gets_three_mails_an_hour(auth_env):
    """An address's limit is silent: a stranger asking for it often neither floods the inbox nor locks the owner
    out (a refusal on the address's count would answer the owner "wait" too)."""
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    for _ in range(5):
        reset.request_reset("nobody@example.com", client_ip="10.1.1.1")
    with pytest.raises(AccountError, match="Too many reset requests"):
        reset.request_reset("kid@example.com", client_ip="10.1.1.1")
    for k in range(6):
        assert reset.request_reset("kid@example.com", client_ip=f"10.2.2.{k}") is None
    assert len(_mails(auth_env)) == reset.MAILS_PER_HOUR == 3
    assert reset.link_is_open(_token(_mails(auth_env)[-1]))  # the last one mailed still works
    for k in range(5):  # a phone changing the last 64 bits of its IPv6 address is still one client
        reset.request_reset("nobody@example.com", client_ip=f"2001:db8:3:4::{k + 1}")
    with pytest.raises(AccountError, match="Too many reset requests"):
        reset.request_reset("nobody@example.com", client_ip="2001:db8:3:4:9::9")


def test_two_uses_of_one_link_at_once_set_the_password_once(auth_env):
    import threading

    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    reset.request_reset("kid@example.com")
    token, results, go = _token(_mails(auth_env)[0]), [], threading.Barrier(2)

    def use(password):
        go.wait()
        try:
            results.append(reset.reset_password(token, password, password))
        except AccountError as exc:
            results.append(str(exc))

    both = [threading.Thread(target=use, args=(p,)) for p in ("first-secret", "second-secret")]
    for t in both:
        t.start()
    for t in both:
        t.join()
    assert sorted(results) == sorted(["user", reset.BAD_RESET_LINK]), results


def test_a_reset_voids_a_pending_email_change_and_a_password_change_voids_reset_links(auth_env):
    """A thief who knew the password and asked to move the email to theirs loses that link when the owner
    resets; a reset link asked for earlier stops when the password is changed."""
    boss = accounts.create_user("boss@example.com", "old-secret", role="admin", confirmed=True)
    accounts.request_email_change(boss.id, "thief@example.com", "old-secret")
    change_token = parse_qs(urlsplit(next(
        w for w in email.message_from_bytes(_mails(auth_env)[0].read_bytes()).get_payload(decode=True).decode().split()
        if w.startswith("http"))).query)["token"][0]
    reset.request_reset("boss@example.com")
    reset.reset_password(_token(_mails(auth_env)[-1]), "new-secret", "new-secret")
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email(change_token)
    reset.request_reset("boss@example.com")
    open_link = _token(_mails(auth_env)[-1])
    accounts.change_password(boss.id, "third-secret", "new-secret")
    assert not reset.link_is_open(open_link)


def test_the_mail_leaves_off_the_request_path(auth_env, monkeypatch):
    """With a mail server, sending takes a while: an answer that waited for it would be slower for an address
    with an account than for one without."""
    import threading

    monkeypatch.setattr(reset, "in_background", _real_in_background)  # not the inline one of mail_inline
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    release, sent = threading.Event(), threading.Event()

    def slow(*args, **kwargs):
        release.wait(5)
        sent.set()

    monkeypatch.setattr(reset.mail, "send_mail", slow)
    reset.request_reset("kid@example.com")  # returns while the mail is still on its way
    assert not sent.is_set()
    release.set()
    assert sent.wait(5)


# ---------------------------------------------------------------- the pages' states, driven as the server does

async def test_forgot_page_says_the_same_for_any_address_and_keeps_a_refusal_on_the_email(auth_env):
    accounts.create_user("kid@example.com", "old-secret", confirmed=True)
    for address in ("kid@example.com", "nobody@example.com"):
        state = await client_tree("/auth/forgot").get_state(ForgotPasswordState)
        events = await run(ForgotPasswordState.submit, state, {"email": address})
        assert state.sent and not state.busy and state.error == ""
        assert "Check Your Email" in toasts(events) and reset.SENT in toasts(events)
    assert len(_mails(auth_env)) == 1
    state = await client_tree("/auth/forgot").get_state(ForgotPasswordState)
    events = await run(ForgotPasswordState.submit, state, {"email": "not-an-address"})
    assert "Reset Link Not Sent" in toasts(events) and not state.sent
    assert state.error_fields == ["email"] and "valid email" in state.error


async def test_forgot_page_goes_back_to_the_login_it_came_from(auth_env):
    for query, login in (("for=admin", "/login/admin"), ("", "/login/user"), ("for=%7Bx%7D", "/login/user"),
                         ("for=admin&for=user", "/login/user")):
        state = await client_tree("/auth/forgot", query).get_state(ForgotPasswordState)
        await run(ForgotPasswordState.on_load, state)
        assert state.back_to == login, query


async def test_reset_page_sets_the_password_then_sends_to_the_right_login(auth_env):
    accounts.create_user("boss@example.com", "old-secret", role="admin", confirmed=True)
    reset.request_reset("boss@example.com")
    token = _token(_mails(auth_env)[0])

    async def opened(query: str):
        state = await client_tree("/auth/reset", query).get_state(ResetPasswordState)
        await run(ResetPasswordState.on_load, state)
        return state

    assert (await opened("token=nonsense")).link == "closed"
    state = await opened(f"token={token}")
    assert state.link == "open"
    events = await run(ResetPasswordState.submit, state, {"new_password": "new-secret", "confirm_password": "x"})
    assert state.error_fields == ["new_password", "confirm_password"] and redirect_target(events) is None
    assert "Passwords Do Not Match" in toasts(events)  # the spec's titles of the account page's password change
    events = await run(ResetPasswordState.submit, state, {"new_password": "new", "confirm_password": "new"})
    assert "Password Too Short" in toasts(events) and "at least 6 characters long" in toasts(events)
    events = await run(ResetPasswordState.submit, state, {"new_password": "p" * 80, "confirm_password": "p" * 80})
    assert "Failed to Update Password" in toasts(events) and "72" in toasts(events)
    events = await run(ResetPasswordState.submit, state, {"new_password": "new-secret",
                                                          "confirm_password": "new-secret"})
    assert "Password Updated Successfully!" in toasts(events)
    assert redirect_target(events) == "/login/admin"
    assert accounts.sign_in("boss@example.com", "new-secret")
    state = await opened(f"token={token}")  # used: the page says so, and its form is gone
    assert state.link == "closed"
    assert await run(ResetPasswordState.submit, state, {"new_password": "a-third-one",
                                                        "confirm_password": "a-third-one"}) == []
