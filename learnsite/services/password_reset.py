"""Forgotten passwords: mail a one-time link to an account's address, then set the password it is opened with.

Plain Python over the database (no Reflex), as accounts.py. The request says the same whatever the address
(no one learns which addresses have accounts); only a confirmed account is mailed a link.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import EmailToken, User
from learnsite.services import mail, passwords, purge, throttle, tokens
from learnsite.services.accounts import (AccountError, check_password, email_link, find_user, normalise_email,
                                        void_links)

log = logging.getLogger("learnsite.accounts")

RESET_PATH = "/auth/reset"
# short: whoever reads the mailbox later (a shared family computer) cannot use an old link
RESET_LINK_LIFETIME = timedelta(hours=1)
PURPOSE = "reset"
MAILS_PER_HOUR = 3  # reset links mailed to one account

SENT = "If an account uses that address, we have sent it a link to choose a new password. It works for one hour."
RESET_WAIT = "Too many reset requests. Please wait a minute and try again."
BAD_RESET_LINK = "This password reset link is invalid or has expired. Please ask for a new one."


def request_reset(email: str, client_ip: str | None = None, url: str | None = None) -> None:
    """Mail a reset link to a confirmed account with this address; the earlier links stop working.

    A client sending too many requests is refused (RESET_WAIT); an address is mailed at most MAILS_PER_HOUR links
    an hour, beyond which requests are answered alike and mail nothing: a stranger can neither flood someone's
    inbox nor, by asking for it often, lock the owner out of their own reset. The mail leaves off the request
    path, so how long the answer takes does not tell a known address either."""
    email = normalise_email(email)
    purge.now_and_then(url)
    with session_scope(url) as s:
        try:
            throttle.attempt(s, {f"reset-client:{throttle.client_of(client_ip)}": throttle.MAX_FAILURES})
        except throttle.Throttled as exc:
            raise AccountError(RESET_WAIT) from exc
    with session_scope(url) as s:
        user = find_user(s, email)
        if user is None or user.email_confirmed_at is None or _mailed_lately(s, user.id):
            return  # the same answer: nothing tells the asker whether the address has an account
        void_links(s, user.id, PURPOSE)
        link = email_link(s, user.id, PURPOSE, path=RESET_PATH, lifetime=RESET_LINK_LIFETIME)
        address, user_id = user.email, user.id
    in_background(_mail_link, address, link, user_id)


def _mailed_lately(s, user_id: int) -> bool:
    since = datetime.now(timezone.utc) - timedelta(hours=1)
    sent = s.exec(select(sa.func.count()).select_from(EmailToken).where(
        EmailToken.user_id == user_id, EmailToken.purpose == PURPOSE, EmailToken.created_at > since)).one()
    return sent >= MAILS_PER_HOUR


def in_background(fn, *args) -> None:
    threading.Thread(target=fn, args=args, daemon=True, name="reset-mail").start()


def _mail_link(address: str, link: str, user_id: int) -> None:
    try:
        mail.send_mail(address, "Reset your Learnsite password",
                       "Someone (we hope you) asked to choose a new password for your Learnsite account.\n\n"
                       f"Open this link within one hour to choose it:\n\n{link}\n\n"
                       "If you did not ask, you can ignore this message: your password stays as it is.\n")
    except Exception:  # noqa: BLE001 - said to the asker, a failure would tell them the address has an account
        log.exception("the password reset mail of user %s was not sent", user_id)


def reset_password(token: str, new_password: str, confirm: str, url: str | None = None) -> str:
    """Set the password with a mailed link; every session of the account ends (a thief signed in is signed out),
    and so do its links to change the email (a thief's pending one would take the account back).
    Returns the account's role (its login page is the one to go to)."""
    check_password(new_password)
    if new_password != confirm:
        raise AccountError(passwords.MISMATCH, ("new_password", "confirm_password"))
    new_hash = passwords.hash_password(new_password)  # before the link is claimed: the claim is one quick update
    now = datetime.now(timezone.utc)
    key = tokens.hash_token(token) if token else ""
    with session_scope(url) as s:
        row = s.get(EmailToken, key) if key else None
        if row is None or row.purpose != PURPOSE or tokens._aware(row.expires_at) <= now:
            raise AccountError(BAD_RESET_LINK)
        # one update claims the link: of two uses at once, one finds it claimed (a read, then a write, let both in)
        claimed = s.execute(sa.update(EmailToken).where(EmailToken.token_hash == key, EmailToken.used_at.is_(None))
                            .values(used_at=now)).rowcount
        user = s.get(User, row.user_id)
        if not claimed or user is None:
            raise AccountError(BAD_RESET_LINK)
        user.password_hash = new_hash
        s.add(user)
        for purpose in (PURPOSE, "change_email"):
            void_links(s, user.id, purpose)
        tokens.revoke_user_sessions(s, user.id)
        return user.role


def link_is_open(token: str, url: str | None = None) -> bool:
    """Whether a reset link can still be used (the page asks before showing its form)."""
    if not token:
        return False
    with session_scope(url) as s:
        row = s.get(EmailToken, tokens.hash_token(token))
        return (row is not None and row.purpose == PURPOSE and row.used_at is None
                and tokens._aware(row.expires_at) > datetime.now(timezone.utc))

