"""Confirmation mail over a real SMTP server (aiosmtpd on loopback), and the outbox default."""

import dataclasses
import email
import logging
import socket
from email import policy
from urllib.parse import parse_qs, urlsplit

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

import learnsite.services.accounts
import learnsite.services.mail
from learnsite.services import accounts
from learnsite.state.login_forms import EmailLinkState
from tests.unit.auth_fixtures import auth_env, client_tree, redirect_target, run, toasts  # noqa: F401


class Inbox:
    def __init__(self):
        self.messages: list[tuple[str, list[str], email.message.EmailMessage]] = []

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), msg))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login == b"mailer" and auth_data.password == b"s3cret"
    return AuthResult(success=ok)


@pytest.fixture(params=["plain", "auth"])
def smtp(request, auth_env, monkeypatch):
    inbox = Inbox()
    port = _free_port()
    kwargs = {}
    if request.param == "auth":
        kwargs = dict(authenticator=_authenticator, auth_require_tls=False, auth_required=True)
    controller = Controller(inbox, hostname="127.0.0.1", port=port, **kwargs)
    controller.start()
    cfg = dataclasses.replace(auth_env, smtp_host="127.0.0.1", smtp_port=port, smtp_tls="",
                              smtp_user="mailer" if request.param == "auth" else "",
                              smtp_password="s3cret" if request.param == "auth" else "",
                              mail_from="Learnsite <hello@learnsite.test>")
    monkeypatch.setattr(learnsite.services.mail, "default_settings", cfg)
    monkeypatch.setattr(learnsite.services.accounts, "settings", cfg)
    yield inbox, cfg
    controller.stop()


def _link(msg) -> str:
    body = msg.get_content()
    return next(word for word in body.split() if word.startswith("http"))


async def _follow(link: str):
    parts = urlsplit(link)
    root = client_tree(parts.path, parts.query)
    state = await root.get_state(EmailLinkState)
    return await run(EmailLinkState.on_load, state)


async def test_confirmation_mail_over_smtp(smtp):
    inbox, cfg = smtp
    accounts.sign_up("parent@example.com", "secret1")
    assert len(inbox.messages) == 1
    mail_from, rcpt, msg = inbox.messages[0]
    assert rcpt == ["parent@example.com"] and mail_from == "hello@learnsite.test"
    assert msg["Subject"] == "Confirm your Learnsite account"
    link = _link(msg)
    assert link.startswith("http://testserver/auth/confirm?token=")
    assert not cfg.outbox_dir.exists() or not any(cfg.outbox_dir.iterdir())  # SMTP, not the outbox

    with pytest.raises(accounts.AccountError, match="not confirmed"):
        accounts.sign_in("parent@example.com", "secret1")
    events = await _follow(link)
    assert redirect_target(events) == "/login/user"
    assert "Email Confirmed!" in toasts(events)
    assert accounts.sign_in("parent@example.com", "secret1").user.email == "parent@example.com"


async def test_email_change_mail_over_smtp(smtp):
    inbox, _ = smtp
    boss = accounts.create_user("boss@example.com", "bosspass", role="admin", confirmed=True)
    accounts.request_email_change(boss.id, "chief@example.com", "bosspass")
    # the link goes to the new address; the old one is told of the change, with no link to make it
    (_, rcpt, msg), (_, told, notice) = inbox.messages
    assert rcpt == ["chief@example.com"] and told == ["boss@example.com"]
    assert "chief@example.com" in notice.get_content() and "token=" not in notice.get_content()
    events = await _follow(_link(msg))
    assert redirect_target(events) == "/login/admin"
    assert accounts.sign_in("chief@example.com", "bosspass").user.is_admin


def test_smtp_failure_is_reported_and_the_reason_only_logged(auth_env, monkeypatch, caplog):
    """The person reads a fixed message: a mail server's own reply (hosts, addresses, its software) stays in the
    log."""
    cfg = dataclasses.replace(auth_env, smtp_host="127.0.0.1", smtp_port=_free_port())  # nobody listens
    monkeypatch.setattr(learnsite.services.mail, "default_settings", cfg)
    with caplog.at_level(logging.ERROR, logger="learnsite.mail"):
        with pytest.raises(learnsite.services.mail.MailError) as raised:
            accounts.sign_up("parent@example.com", "secret1")
    assert str(raised.value) == learnsite.services.mail.MAIL_FAILED
    assert "ConnectionRefusedError" in caplog.text


async def test_outbox_is_the_default(auth_env, caplog, capsys):
    assert auth_env.smtp_host == ""
    with caplog.at_level(logging.INFO, logger="learnsite.mail"):
        accounts.sign_up("parent@example.com", "secret1")
    (eml,) = list(auth_env.outbox_dir.glob("*.eml"))
    msg = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert msg["To"] == "parent@example.com"
    link = _link(msg)
    assert link in eml.read_text()  # readable as plain text, link unbroken
    assert link in caplog.text  # and logged, so a local user can confirm
    assert link in capsys.readouterr().out
    token = parse_qs(urlsplit(link).query)["token"][0]
    assert accounts.confirm_email(token).email == "parent@example.com"
