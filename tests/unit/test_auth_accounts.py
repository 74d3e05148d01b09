"""Account services: sign-up, confirmation, sign-in rules, email change, create-user."""

import email
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import EmailToken, LoginAttempt, User
from learnsite.services import accounts, password_reset, passwords, throttle
from learnsite.services.accounts import AccountError
from tests.unit.auth_fixtures import auth_env  # noqa: F401


def _mails(cfg):
    return sorted(cfg.outbox_dir.iterdir()) if cfg.outbox_dir.exists() else []


def _link_token(path):
    body = email.message_from_bytes(path.read_bytes()).get_payload(decode=True).decode()
    link = next(word for word in body.split() if word.startswith("http"))
    return link, parse_qs(urlsplit(link).query)["token"][0]


def test_two_uses_of_one_confirmation_link_at_once_confirm_once(auth_env, monkeypatch):
    """Both uses have read the link as unused before either marks it: only one may go through (with a read, then
    a write, both did)."""
    import threading

    from learnsite.services import tokens

    accounts.sign_up("new.kid@example.com", "secret1")
    token = _link_token(_mails(auth_env)[0])[1]
    both_read, aware = threading.Barrier(2, timeout=10), tokens._aware

    def read_then_wait(moment):
        both_read.wait()
        return aware(moment)

    monkeypatch.setattr(tokens, "_aware", read_then_wait)
    results = []

    def use():
        try:
            results.append(accounts.confirm_email(token).purpose)
        except AccountError as exc:
            results.append(str(exc))

    uses = [threading.Thread(target=use) for _ in range(2)]
    for t in uses:
        t.start()
    for t in uses:
        t.join()
    assert sorted(results) == sorted(["confirm", accounts.BAD_LINK]), results


def test_create_user_defaults(auth_env):
    user = accounts.create_user("  Anna.Smith@Example.COM ", "secret1")
    assert user.email == "anna.smith@example.com"
    assert user.full_name == "anna.smith"
    assert user.role == "user" and not user.confirmed
    with session_scope() as s:
        row = s.get(User, user.id)
    assert row.password_hash.startswith("$2") and row.email_confirmed_at is None


def test_create_user_refusals(auth_env):
    accounts.create_user("a@example.com", "secret1", role="admin", full_name="Ada", confirmed=True)
    with pytest.raises(AccountError, match="already exists"):
        accounts.create_user("A@EXAMPLE.com", "secret1")
    for address in ("not-an-email", "kid@example", "kid@@example.com"):
        with pytest.raises(AccountError) as refused:
            accounts.create_user(address, "secret1")
        assert str(refused.value) == accounts.INVALID_EMAIL  # a parent's words, not the validator's
    with pytest.raises(AccountError, match="role"):
        accounts.create_user("b@example.com", "secret1", role="root")
    with pytest.raises(AccountError, match="at least 6"):
        accounts.create_user("b@example.com", "12345")
    with pytest.raises(AccountError, match="72"):
        accounts.create_user("b@example.com", "p" * 73)


def test_sign_up_mails_a_link_that_confirms(auth_env):
    accounts.sign_up("New.Kid@Example.com", "secret1")
    with pytest.raises(AccountError, match="confirm"):
        accounts.sign_in("new.kid@example.com", "secret1")
    (mail_file,) = _mails(auth_env)
    msg = email.message_from_bytes(mail_file.read_bytes())
    assert msg["To"] == "new.kid@example.com"
    link, token = _link_token(mail_file)
    assert link.startswith("http://testserver/auth/confirm?token=")
    assert len(token) >= 22
    result = accounts.confirm_email(token)
    assert result.purpose == "confirm" and result.email == "new.kid@example.com"
    assert accounts.sign_in("NEW.KID@example.com", "secret1").user.full_name == "new.kid"
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email(token)  # single use
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email("made-up")


def test_sign_up_does_not_reveal_existing_email(auth_env):
    accounts.create_user("taken@example.com", "original1", confirmed=True)
    accounts.sign_up("taken@example.com", "another1")  # same silent success as a new email
    with session_scope() as s:
        assert len(s.exec(select(User)).all()) == 1
    assert accounts.sign_in("taken@example.com", "original1")  # password unchanged
    (mail_file,) = _mails(auth_env)
    assert b"already has an account" in mail_file.read_bytes()
    assert b"http://testserver/auth/forgot" in mail_file.read_bytes()  # the way in if they forgot the password


def test_signing_up_again_before_confirming_sends_a_new_link(auth_env):
    """A parent who lost the first mail and signed up again was told the address "already has an account", and
    could not log in ("Email not confirmed") nor get another link."""
    accounts.sign_up("lost@example.com", "first1")
    accounts.sign_up("lost@example.com", "second2")
    with session_scope() as s:
        assert len(s.exec(select(User)).all()) == 1
    first, second = _mails(auth_env)
    assert b"already has an account" not in second.read_bytes()
    _, token = _link_token(second)
    assert accounts.confirm_email(token).email == "lost@example.com"
    assert accounts.sign_in("lost@example.com", "second2")  # the password of the sign-up they remember
    with pytest.raises(AccountError):
        accounts.sign_in("lost@example.com", "first1")


def test_a_stranger_signing_up_with_your_address_cannot_choose_your_password(auth_env):
    """Signing up again used to replace the password at once while the first link stayed good: a stranger who
    signed up with a parent's address after the parent did could sign in once the parent opened their own link."""
    accounts.sign_up("parent@example.com", "parents1")
    accounts.sign_up("parent@example.com", "stranger1")  # someone else, before the parent opens the mail
    parents_mail, strangers_mail = _mails(auth_env)
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email(_link_token(parents_mail)[1])  # voided by the later sign-up: nothing is confirmed
    with pytest.raises(AccountError, match="confirm"):
        accounts.sign_in("parent@example.com", "parents1")
    accounts.sign_up("parent@example.com", "parents1")  # the parent signs up again, as the site tells them to
    _, token = _link_token(_mails(auth_env)[-1])
    accounts.confirm_email(token)
    assert accounts.sign_in("parent@example.com", "parents1")
    with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
        accounts.sign_in("parent@example.com", "stranger1")
    with pytest.raises(AccountError, match="invalid or has expired"):
        accounts.confirm_email(_link_token(strangers_mail)[1])  # an older link never resets the password


def test_a_stranger_who_signed_up_first_loses_the_account_to_its_owner(auth_env):
    accounts.sign_up("early@example.com", "stranger1")  # the stranger's mail goes to the owner, who ignores it
    accounts.sign_up("early@example.com", "owners1")
    _, token = _link_token(_mails(auth_env)[-1])
    accounts.confirm_email(token)
    assert accounts.sign_in("early@example.com", "owners1")
    with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
        accounts.sign_in("early@example.com", "stranger1")


def test_sign_up_validation(auth_env):
    for email_, pw, pattern in [
        ("", "secret1", "must provide"),
        ("a@example.com", "", "must provide"),
        ("nope", "secret1", "valid email"),
        ("a@example.com", "12345", "at least 6"),
        ("a@example.com", "\u00e9" * 37, "72"),
    ]:
        with pytest.raises(AccountError, match=pattern):
            accounts.sign_up(email_, pw)
    assert _mails(auth_env) == []


def test_sign_in_wrong_password_and_unknown_email_alike(auth_env, monkeypatch):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    checks = []
    real = passwords.verify_password
    monkeypatch.setattr(passwords, "verify_password", lambda pw, h: checks.append(h) or real(pw, h))
    with pytest.raises(AccountError) as wrong:
        accounts.sign_in("kid@example.com", "wrong-one")
    with pytest.raises(AccountError) as unknown:
        accounts.sign_in("ghost@example.com", "wrong-one")
    assert str(wrong.value) == str(unknown.value) == "The email or password is not right. Check both and try again."
    # both paths ran one bcrypt check (the unknown email against the dummy hash)
    assert len(checks) == 2 and checks[1] is None


def test_unconfirmed_needs_right_password_before_saying_so(auth_env):
    accounts.sign_up("pending@example.com", "secret1")
    with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
        accounts.sign_in("pending@example.com", "wrong-one")
    with pytest.raises(AccountError, match="Email not confirmed"):
        accounts.sign_in("pending@example.com", "secret1")


def test_admin_only_sign_in(auth_env):
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    with pytest.raises(AccountError, match="not an administrator"):
        accounts.sign_in("kid@example.com", "secret1", require_admin=True)
    assert accounts.sign_in("boss@example.com", "bosspass", require_admin=True).user.is_admin


def test_email_change_flow(auth_env):
    boss = accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    session = accounts.sign_in("boss@example.com", "bosspass")
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    with pytest.raises(AccountError, match="cannot be used"):
        accounts.request_email_change(boss.id, "kid@example.com", "bosspass")
    with pytest.raises(AccountError, match="already your email"):
        accounts.request_email_change(boss.id, "BOSS@example.com", "bosspass")
    with pytest.raises(AccountError, match="current password is not correct"):
        accounts.request_email_change(boss.id, "Chief@Example.com", "not-my-password")
    accounts.request_email_change(boss.id, "Chief@Example.com", "bosspass")
    (mail_file,) = [m for m in _mails(auth_env) if _to(m) == "chief@example.com"]
    assert accounts.sign_in("boss@example.com", "bosspass")  # nothing changed until the link is opened
    _, token = _link_token(mail_file)
    result = accounts.confirm_email(token)
    assert result.purpose == "change_email" and result.email == "chief@example.com" and result.role == "admin"
    assert accounts.user_for_access_token(session.access_token) is None  # sessions ended
    assert accounts.sign_in("chief@example.com", "bosspass").user.email == "chief@example.com"
    with pytest.raises(AccountError):
        accounts.sign_in("boss@example.com", "bosspass")


def _to(path) -> str:
    return email.message_from_bytes(path.read_bytes())["To"]


def _body(path) -> str:
    return email.message_from_bytes(path.read_bytes()).get_payload(decode=True).decode()


def test_the_old_address_is_told_of_an_email_change_and_how_to_stop_it(auth_env, monkeypatch):
    boss = accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.request_email_change(boss.id, "thief@example.com", "bosspass")
    (notice,) = [m for m in _mails(auth_env) if _to(m) == "boss@example.com"]
    body = _body(notice)
    assert "thief@example.com" in body and "token=" not in body  # the new address's link is not in it
    assert "/auth/forgot?for=admin" in body
    # what the notice says works: a new password (here by the reset link) cancels the change
    monkeypatch.setattr(password_reset, "in_background", lambda fn, *args: fn(*args))
    password_reset.request_reset("boss@example.com")
    (reset_mail,) = [m for m in _mails(auth_env) if "Reset" in email.message_from_bytes(m.read_bytes())["Subject"]]
    _, reset_token = _link_token(reset_mail)
    password_reset.reset_password(reset_token, "brand-new-pw", "brand-new-pw")
    (change_mail,) = [m for m in _mails(auth_env) if _to(m) == "thief@example.com"]
    with pytest.raises(AccountError):
        accounts.confirm_email(_link_token(change_mail)[1])
    assert accounts.sign_in("boss@example.com", "brand-new-pw").user.email == "boss@example.com"


def test_a_password_change_is_told_to_the_account_address(auth_env):
    kid = accounts.create_user("kid@example.com", "secret1", confirmed=True)
    accounts.change_password(kid.id, "secret22", "secret1")
    (notice,) = _mails(auth_env)
    assert _to(notice) == "kid@example.com"
    body = _body(notice)
    assert "password" in body and "secret22" not in body
    assert "/auth/forgot\n" in body  # a family account's reset page, not the admin's


def test_a_notice_that_cannot_be_sent_does_not_undo_the_change(auth_env, monkeypatch, caplog):
    kid = accounts.create_user("kid@example.com", "secret1", confirmed=True)

    def down(*_args, **_kwargs):
        raise OSError("mail server down")
    monkeypatch.setattr(accounts.mail, "send_mail", down)
    accounts.change_password(kid.id, "secret22", "secret1")
    assert accounts.sign_in("kid@example.com", "secret22")
    assert "was not sent" in caplog.text and "secret22" not in caplog.text


def test_sign_up_is_throttled_per_email_and_per_client(auth_env, monkeypatch):
    monkeypatch.setattr(throttle, "MAX_PER_ACCOUNT", 5)  # an address's ceiling, across clients
    for i in range(5):
        accounts.sign_up("flood@example.com", "secret12", client_ip="10.9.9.9" if i % 2 else None)
    with pytest.raises(AccountError, match="Too many sign-up attempts"):
        accounts.sign_up("flood@example.com", "secret12")
    assert len(_mails(auth_env)) == accounts.SIGNUP_MAILS_PER_HOUR  # the rest, and the refused attempt, sent nothing
    for i in range(2):
        accounts.sign_up(f"other{i}@example.com", "secret12", client_ip="10.9.9.9")
    # that client has now tried five times (2 above + 2 here + 1 more): the sixth is refused
    accounts.sign_up("other2@example.com", "secret12", client_ip="10.9.9.9")
    with pytest.raises(AccountError, match="Too many sign-up attempts"):
        accounts.sign_up("other3@example.com", "secret12", client_ip="10.9.9.9")


def test_one_client_signing_up_with_someones_address_does_not_keep_its_owner_from_signing_up(auth_env):
    """A security review: at five sign-ups a minute per address, a stranger trying five times a minute with
    someone's address kept its owner from ever signing up; now that is one client's limit, not the address's."""
    for _ in range(5):
        accounts.sign_up("owner@example.com", "stranger1", client_ip="10.6.6.6")
    for _ in range(10):
        with pytest.raises(AccountError, match="Too many sign-up attempts"):
            accounts.sign_up("owner@example.com", "stranger1", client_ip="10.6.6.6")
    accounts.sign_up("owner@example.com", "owner-pass", client_ip="10.7.7.7")  # not refused
    for i in range(5):
        accounts.sign_up(f"other{i}@example.com", "stranger1", client_ip=f"2001:db8:1:2::{i}")
    with pytest.raises(AccountError, match="Too many sign-up attempts"):  # a phone's new address is no new client
        accounts.sign_up("other@example.com", "stranger1", client_ip="2001:db8:1:2:ffff::9")
    accounts.sign_up("other@example.com", "stranger1", client_ip="2001:db8:1:3::9")  # the next home's is


@pytest.mark.parametrize("confirmed", [True, False])
def test_one_address_gets_at_most_three_sign_up_mails_an_hour(auth_env, confirmed):
    """A security review: five sign-ups a minute with someone's address put five mails in their inbox (7,200 a
    day); a reset mails one account at most 3 links an hour, and now so does the sign-up form."""
    if confirmed:
        accounts.create_user("owner@example.com", "owner-pass", confirmed=True)
    for _ in range(accounts.SIGNUP_MAILS_PER_HOUR + 2):
        accounts.sign_up("owner@example.com", "stranger1")  # the same silent answer each time
    assert len(_mails(auth_env)) == accounts.SIGNUP_MAILS_PER_HOUR
    with session_scope() as s:  # an hour later
        s.execute(sa.update(EmailToken).values(created_at=EmailToken.created_at - timedelta(hours=1)))
        s.execute(sa.delete(LoginAttempt))
    accounts.sign_up("owner@example.com", "stranger1")
    assert len(_mails(auth_env)) == accounts.SIGNUP_MAILS_PER_HOUR + 1
    if confirmed:
        assert accounts.sign_in("owner@example.com", "owner-pass")  # the notes changed nothing
    else:  # the newest link still confirms (a capped sign-up voided nothing)
        _, token = _link_token(_mails(auth_env)[-1])
        assert accounts.confirm_email(token).email == "owner@example.com"


def _about(call, *args, **kwargs) -> tuple[str, ...]:
    with pytest.raises(AccountError) as refused:
        call(*args, **kwargs)
    return refused.value.about


def test_each_refusal_says_which_entries_were_at_fault(auth_env):
    """A form marks only these fields invalid: a wrong password is not the email's fault, and a wait is no one's."""
    boss = accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.create_user("kid@example.com", "secret1", confirmed=True)
    accounts.sign_up("pending@example.com", "secret1")
    assert _about(accounts.sign_up, "", "secret1") == ("email", "password")
    assert _about(accounts.sign_up, "nope", "secret1") == ("email",)
    assert _about(accounts.sign_up, "a@example.com", "12345") == ("new_password",)
    assert _about(accounts.sign_in, "kid@example.com", "wrong-one") == ("email", "password")  # never says which
    assert _about(accounts.sign_in, "pending@example.com", "secret1") == ("email",)  # not confirmed
    assert _about(accounts.sign_in, "kid@example.com", "secret1", require_admin=True) == ("email",)
    assert _about(accounts.request_email_change, boss.id, "kid@example.com", "bosspass") == ("email",)
    assert _about(accounts.request_email_change, boss.id, "boss@example.com", "bosspass") == ("email",)
    assert _about(accounts.request_email_change, boss.id, "chief@example.com", "") == ("password",)
    assert _about(accounts.request_email_change, boss.id, "chief@example.com", "wrong-one") == ("password",)
    assert _about(accounts.change_password, boss.id, "abc", "bosspass") == ("new_password",)
    assert _about(accounts.change_password, boss.id, "new-password", "wrong-one") == ("password",)
    assert _about(accounts.confirm_email, "no-such-token") == ()
    for _ in range(10):  # the throttle: waiting is no entry's fault
        about = _about(accounts.sign_in, "kid@example.com", "wrong-again")
    assert about == ()


def test_fields_at_fault_names_each_forms_own_fields():
    from learnsite.state.account_calls import fields_at_fault
    from learnsite.state.account_settings import EMAIL_FORM_FIELDS, PASSWORD_FORM_FIELDS
    from learnsite.state.login_forms import SIGN_IN_FIELDS, SIGN_UP_FIELDS

    assert fields_at_fault(("email", "password"), SIGN_IN_FIELDS) == ["email", "password"]
    assert fields_at_fault(("new_password",), SIGN_UP_FIELDS) == ["password"]
    assert fields_at_fault(("email",), EMAIL_FORM_FIELDS) == ["new_email"]
    assert fields_at_fault(("password",), EMAIL_FORM_FIELDS) == ["current_password"]
    assert fields_at_fault(("password",), PASSWORD_FORM_FIELDS) == ["current_password"]
    assert fields_at_fault(("new_password",), PASSWORD_FORM_FIELDS) == ["new_password"]
    assert fields_at_fault((), SIGN_IN_FIELDS) == []
