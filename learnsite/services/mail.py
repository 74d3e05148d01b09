"""Outgoing email: SMTP when LEARNSITE_SMTP_HOST is set, otherwise .eml files in the outbox folder."""

from __future__ import annotations

import logging
import re
import smtplib
import ssl
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from learnsite.config import Settings, settings as default_settings

log = logging.getLogger("learnsite.mail")
MAIL_FAILED = "We could not send the email just now. Please try again in a few minutes."


class MailError(RuntimeError):
    pass


def build_message(to: str, subject: str, text: str, cfg: Settings) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = cfg.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = datetime.now(timezone.utc).strftime("%a, %d %b %Y %H:%M:%S +0000")
    msg["Message-ID"] = make_msgid(domain="learnsite.local")
    # plain 7bit when possible, so links stay whole in the raw .eml (no quoted-printable breaks)
    msg.set_content(text, cte="7bit" if text.isascii() else "quoted-printable")
    return msg


def send_mail(to: str, subject: str, text: str, cfg: Settings | None = None) -> Path | None:
    """Deliver one plain-text message. Returns the outbox file when no SMTP server is configured."""
    cfg = cfg or default_settings
    msg = build_message(to, subject, text, cfg)
    if cfg.smtp_host:
        _send_smtp(msg, cfg)
        log.info("mail sent to %s via %s:%s", to, cfg.smtp_host, cfg.smtp_port)
        return None
    return _write_outbox(msg, to, text, cfg)


def _send_smtp(msg: EmailMessage, cfg: Settings) -> None:
    try:
        if cfg.smtp_tls == "ssl":
            server = smtplib.SMTP_SSL(cfg.smtp_host, cfg.smtp_port, timeout=20,
                                      context=ssl.create_default_context())
        else:
            server = smtplib.SMTP(cfg.smtp_host, cfg.smtp_port, timeout=20)
        with server:
            if cfg.smtp_tls == "starttls":
                server.starttls(context=ssl.create_default_context())
            if cfg.smtp_user:
                server.login(cfg.smtp_user, cfg.smtp_password)
            server.send_message(msg)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("sending an email failed: %s: %s", exc.__class__.__name__, exc)
        raise MailError(MAIL_FAILED) from exc


def _write_outbox(msg: EmailMessage, to: str, text: str, cfg: Settings) -> Path:
    outbox = cfg.outbox_dir
    outbox.mkdir(mode=0o700, parents=True, exist_ok=True)  # its links sign people in: for the operator's eyes only
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    safe_to = re.sub(r"[^A-Za-z0-9@._-]", "_", to)
    path = outbox / f"{stamp}-{safe_to}.eml"
    path.write_bytes(bytes(msg))
    links = re.findall(r"https?://\S+", text)
    note = f"mail to {to} written to {path}" + (f"; link: {links[0]}" if links else "")
    log.warning(note)
    print(f"[learnsite mail] {note}", flush=True)  # visible in the server log without logging setup
    return path
