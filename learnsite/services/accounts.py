"""Accounts: create, sign up (with confirmation mail), sign in, confirm, change email/password.

Plain Python over the database (no Reflex). Every function takes an optional db URL; errors the
user may read are AccountError with a message fit to show.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from email_validator import EmailNotValidError, validate_email
from sqlmodel import select

from learnsite.config import settings
from learnsite.db import session_scope
from learnsite.models import EmailToken, User
from learnsite.services import mail, passwords, purge, throttle, tokens
from learnsite.services.public_user import PublicUser
from learnsite.services.tokens import SessionTokens

log = logging.getLogger("learnsite.accounts")

ROLES = ("user", "admin")
EMAIL_TOKEN_LIFETIME = timedelta(days=2)
CONFIRM_PATH = "/auth/confirm"
FORGOT_PATH = "/auth/forgot"  # where a new password is asked for: its page (pages/password_reset.py) and mails

MISSING_CREDENTIALS = "You must provide either an email or phone number and a password"
# plain words: "Invalid login credentials" lost a parent learning English
INVALID_CREDENTIALS = "The email or password is not right. Check both and try again."
NOT_CONFIRMED = "Email not confirmed: please open the confirmation link we sent to your email, then log in."
NOT_ADMIN = "This account is not an administrator account."
BAD_LINK = "This confirmation link is invalid or has expired."
EMAIL_TAKEN = "That email address cannot be used. Please choose another one."


class AccountError(Exception):
    """A refusal with a message the user may read. `about` names what the person entered that was refused
    ("email", "password" for the one they sign in with, "new_password" for one they choose), so a form can mark
    those fields invalid and no others; empty when no entry is at fault (a wait, a dead link)."""

    def __init__(self, message: str, about: tuple[str, ...] = ()):
        super().__init__(message)
        self.about = about


CREDENTIALS = ("email", "password")


@dataclass(frozen=True)
class CreatedUser:
    id: int
    email: str
    role: str
    full_name: str
    confirmed: bool


@dataclass(frozen=True)
class ConfirmResult:
    purpose: str  # "confirm" or "change_email"
    email: str
    role: str


def _now() -> datetime:
    return datetime.now(timezone.utc)


INVALID_EMAIL = "Please enter a valid email address, like name@example.com."


def normalise_email(email: str) -> str:
    """A syntactically valid address, lowercased; AccountError otherwise."""
    email = (email or "").strip()
    if not email:
        raise AccountError("Please enter your email address.", ("email",))
    try:
        valid = validate_email(email, check_deliverability=False)
    except EmailNotValidError as exc:
        # the library's reason ("The part after the @-sign is not valid. It should have a period.") is for developers
        raise AccountError(INVALID_EMAIL, ("email",)) from exc
    return valid.normalized.lower()


def check_password(password: str, too_short: str = passwords.TOO_SHORT) -> None:
    try:
        passwords.check_rules(password or "", too_short)
    except passwords.PasswordRuleError as exc:
        raise AccountError(str(exc), ("new_password",)) from exc


def find_user(s, email: str) -> User | None:
    return s.exec(select(User).where(sa.func.lower(User.email) == email.lower())).first()


def create_user(email: str, password: str, role: str = "user", full_name: str | None = None,
                confirmed: bool = False, url: str | None = None) -> CreatedUser:
    if role not in ROLES:
        raise AccountError(f"Unknown role {role!r}: use one of {', '.join(ROLES)}.")
    email = normalise_email(email)
    check_password(password, passwords.SIGNUP_TOO_SHORT)
    name = (full_name or "").strip() or email.split("@", 1)[0]
    with session_scope(url) as s:
        if find_user(s, email):
            raise AccountError(f"An account with the email {email} already exists.")
        user = User(email=email, password_hash=passwords.hash_password(password), role=role,
                    full_name=name[:200], email_confirmed_at=_now() if confirmed else None)
        s.add(user)
        try:
            s.flush()
        except sa.exc.IntegrityError as exc:  # a concurrent create won the race
            raise AccountError(f"An account with the email {email} already exists.") from exc
        return CreatedUser(id=user.id, email=user.email, role=user.role, full_name=user.full_name,
                           confirmed=confirmed)


def mail_confirmation(user_id: int, url: str | None = None) -> str:
    """Mail an account not yet confirmed its confirmation link (`learnsite create-user` without --confirmed: it
    made no link at all, so the person was told to open one nobody sent). Returns the address mailed."""
    with session_scope(url) as s:
        user = s.get(User, user_id)
        if user is None or user.email_confirmed_at is not None:
            raise AccountError("That account does not need confirming.")
        void_links(s, user.id, "confirm")
        link = email_link(s, user.id, "confirm")
        email = user.email
    mail.send_mail(email, "Confirm your Learnsite account",
                   "An account on Learnsite was made for this email address.\n\n"
                   f"Please confirm it by opening this link:\n\n{link}\n\n"
                   "If you did not expect this, you can ignore this message.\n")
    return email


def email_link(s, user_id: int, purpose: str, new_email: str | None = None, password_hash: str | None = None,
               path: str = CONFIRM_PATH, lifetime: timedelta = EMAIL_TOKEN_LIFETIME) -> str:
    """A one-time link for a mail: its token is kept only as a hash."""
    token = secrets.token_urlsafe(32)
    s.add(EmailToken(token_hash=tokens.hash_token(token), user_id=user_id, purpose=purpose, new_email=new_email,
                     password_hash=password_hash, expires_at=_now() + lifetime))
    return f"{settings.public_url}{path}?token={token}"


def void_links(s, user_id: int, purpose: str) -> None:
    s.execute(sa.update(EmailToken).where(EmailToken.user_id == user_id, EmailToken.purpose == purpose,
                                          EmailToken.used_at.is_(None)).values(used_at=_now()))


SIGNUP_WAIT = "Too many sign-up attempts. Please wait a minute and try again."
SIGNUP_MAILS_PER_HOUR = 3  # mails one address gets from sign-ups (links and "already has an account" notes)
NOTICE = "signup_notice"  # an EmailToken that is no link: it records that a note went, to count it


def sign_up(email: str, password: str, url: str | None = None, client_ip: str | None = None) -> None:
    """Create an unconfirmed account and mail its confirmation link.

    An email that already has an account gets the same answer (no enumeration); its owner is told
    by mail instead. An account never confirmed is signed up again with a new link (the first mail may be lost,
    and nothing else sends one). The password is set by the link it was chosen with, and a new sign-up voids the
    earlier links: a stranger signing up with someone's address cannot choose the password their link sets.
    """
    if not (email or "").strip() or not password:
        raise AccountError(MISSING_CREDENTIALS, CREDENTIALS)
    email = normalise_email(email)
    check_password(password, passwords.SIGNUP_TOO_SHORT)
    purge.now_and_then(url)  # sign-up makes users and links: it also clears the stale ones (purge's docstring)
    # Every attempt counts (not only failures): each one costs a bcrypt hash and may send a mail.
    # One client may try five times a minute; an address, like an account's sign-ins, has the higher ceiling
    # (at five, one client could keep its owner from signing up by trying it five times a minute).
    keys = {f"signup-client:{throttle.client_of(client_ip)}": throttle.MAX_FAILURES,
            f"signup:{email}": throttle.MAX_PER_ACCOUNT}
    with session_scope(url) as s:
        try:
            throttle.attempt(s, keys)
        except throttle.Throttled as exc:
            raise AccountError(SIGNUP_WAIT) from exc
    password_hash = passwords.hash_password(password)
    with session_scope(url) as s:
        existing = find_user(s, email)
        if existing is not None and _signup_mails_lately(s, existing.id) >= SIGNUP_MAILS_PER_HOUR:
            return  # the same answer, and no mail: a stranger cannot flood someone's inbox through this form
        if existing is None or existing.email_confirmed_at is None:
            if existing is None:
                user = User(email=email, password_hash=password_hash, role="user",
                            full_name=email.split("@", 1)[0][:200])
                s.add(user)
                try:
                    s.flush()
                except sa.exc.IntegrityError:
                    return  # created concurrently: same silent answer
            else:
                user = existing
                void_links(s, user.id, "confirm")
            link = email_link(s, user.id, "confirm", password_hash=password_hash)
            message = ("Welcome to Learnsite!\n\nPlease confirm your email address by opening this link:\n\n"
                       f"{link}\n\nIf you did not sign up, you can ignore this message.\n")
            subject = "Confirm your Learnsite account"
        else:
            login, forgot = f"{settings.public_url}/login/user", f"{settings.public_url}{FORGOT_PATH}"
            message = ("Someone (maybe you) tried to sign up to Learnsite with this email address, "
                       f"but it already has an account.\n\nYou can log in here: {login}\n\n"
                       f"Forgot your password? Choose a new one here: {forgot}\n\n"
                       "If this was not you, you can ignore this message.\n")
            subject = "Your Learnsite account"
            s.add(EmailToken(token_hash=tokens.hash_token(secrets.token_urlsafe(32)), user_id=existing.id,
                             purpose=NOTICE, expires_at=_now() + timedelta(hours=1)))
    mail.send_mail(email, subject, message)


def _signup_mails_lately(s, user_id: int) -> int:
    since = _now() - timedelta(hours=1)
    return s.exec(select(sa.func.count()).select_from(EmailToken).where(
        EmailToken.user_id == user_id, EmailToken.purpose.in_(("confirm", NOTICE)),
        EmailToken.created_at > since)).one()


def sign_in(email: str, password: str, client_ip: str | None = None, url: str | None = None,
            require_admin: bool = False) -> SessionTokens:
    if not (email or "").strip() or not password:
        raise AccountError(MISSING_CREDENTIALS, CREDENTIALS)
    email = normalise_email(email)
    purge.now_and_then(url)  # sign-in makes sessions: it also clears the dead ones (purge's docstring)
    with session_scope(url) as s:
        user = _checked_password(s, email, password, client_ip, INVALID_CREDENTIALS, CREDENTIALS)
        if user.email_confirmed_at is None:
            raise AccountError(NOT_CONFIRMED, ("email",))
        if require_admin and user.role != "admin":
            raise AccountError(NOT_ADMIN, ("email",))
        return tokens.start_session(s, user)


def _checked_password(s, email: str, password: str, client_ip: str | None, wrong: str,
                      wrong_about: tuple[str, ...]) -> User:
    """The user whose password this is; every try counts against the throttle before it is checked."""
    keys = throttle.keys_for(email, client_ip)
    try:
        attempt_ids = throttle.attempt(s, keys)
    except throttle.Throttled as exc:
        raise AccountError(str(exc)) from exc
    user = find_user(s, email)
    # Always one bcrypt check (a dummy hash for unknown emails): timing reveals nothing.
    if not passwords.verify_password(password, user.password_hash if user else None):
        raise AccountError(wrong, wrong_about)
    throttle.forgive(s, keys, attempt_ids)
    return user


WRONG_CURRENT_PASSWORD = "Your current password is not correct."


def refresh(refresh_token: str, url: str | None = None) -> SessionTokens:
    with session_scope(url) as s:
        return tokens.refresh_session(s, refresh_token)


def user_for_access_token(access_token: str, url: str | None = None) -> PublicUser | None:
    if not access_token:
        return None
    with session_scope(url) as s:
        return tokens.user_for_access_token(s, access_token)


def sign_out(access_token: str, refresh_token: str = "", url: str | None = None) -> bool:
    """Revoke the session of these tokens. False when there was no session to end."""
    sid = tokens.session_id_of(access_token) if access_token else None
    with session_scope(url) as s:
        if sid and tokens.revoke_session(s, sid):
            return True
        return tokens.revoke_session_of_refresh_token(s, refresh_token)


def confirm_email(token: str, url: str | None = None) -> ConfirmResult:
    """Use a link from a confirmation mail: confirm the account, or switch to the new email."""
    if not token:
        raise AccountError(BAD_LINK)
    now = _now()
    with session_scope(url) as s:
        row = s.get(EmailToken, tokens.hash_token(token))
        if (row is None or row.purpose not in ("confirm", "change_email") or row.used_at is not None
                or tokens._aware(row.expires_at) <= now):
            raise AccountError(BAD_LINK)
        # one update claims the link: of two uses at once, one finds it claimed (a read, then a write, let both in)
        claimed = s.execute(sa.update(EmailToken).where(EmailToken.token_hash == row.token_hash,
                                                        EmailToken.used_at.is_(None)).values(used_at=now)).rowcount
        user = s.get(User, row.user_id)
        if not claimed or user is None:
            raise AccountError(BAD_LINK)
        if row.purpose == "change_email":
            new_email = row.new_email or ""
            other = find_user(s, new_email)
            if other is not None and other.id != user.id:
                raise AccountError(EMAIL_TAKEN)
            user.email = new_email
            # the new address is proven by this link, so it is confirmed too
            user.email_confirmed_at = user.email_confirmed_at or now
            tokens.revoke_user_sessions(s, user.id)  # sign in again with the new email
        else:
            if user.email_confirmed_at is None and row.password_hash:
                user.password_hash = row.password_hash  # the password chosen with this link
            user.email_confirmed_at = user.email_confirmed_at or now
            void_links(s, user.id, "confirm")
        s.add(user)
        try:
            s.flush()
        except sa.exc.IntegrityError as exc:
            raise AccountError(EMAIL_TAKEN) from exc
        return ConfirmResult(purpose=row.purpose, email=user.email, role=user.role)


def _user_with_current_password(s, user_id: int, current_password: str, client_ip: str | None) -> User:
    """An open session is not enough to change sign-in details: the current password must be given too
    (a wrong one counts as a failed sign-in)."""
    user = s.get(User, user_id)
    if user is None:
        raise AccountError("Auth session or user missing")
    if not current_password:
        raise AccountError("Please enter your current password.", ("password",))
    _checked_password(s, user.email, current_password, client_ip, WRONG_CURRENT_PASSWORD, ("password",))
    return user


def request_email_change(user_id: int, new_email: str, current_password: str, client_ip: str | None = None,
                         url: str | None = None) -> str:
    """Mail a confirmation link to the new address; the email changes when it is opened."""
    new_email = normalise_email(new_email)
    with session_scope(url) as s:
        user = _user_with_current_password(s, user_id, current_password, client_ip)
        if new_email == user.email:
            raise AccountError("That is already your email address.", ("email",))
        if find_user(s, new_email) is not None:
            raise AccountError(EMAIL_TAKEN, ("email",))
        link = email_link(s, user.id, "change_email", new_email)
        old_email, forgot = user.email, _forgot_link(user)
    mail.send_mail(new_email, "Confirm your new Learnsite email address",
                   "Please confirm your new email address for Learnsite by opening this link:\n\n"
                   f"{link}\n\nIf you did not ask for this change, you can ignore this message.\n")
    _notice(old_email, user_id, "Your Learnsite email address is to change",
            f"Someone signed in to your Learnsite account asked to change its email address to {new_email}. "
            "It changes when the link we mailed to that address is opened.\n\n"
            "If this was you, there is nothing more to do.\n\n"
            "If it was not you, someone knows your password. Choose a new one now (it cancels the change "
            f"if that link has not been opened yet):\n\n{forgot}\n")
    return new_email


def change_password(user_id: int, new_password: str, current_password: str, keep_session: str | None = None,
                    client_ip: str | None = None, url: str | None = None) -> int:
    """Set a new password and end every other session of the user, and the account's open links to reset the
    password or change the email (someone who knew the old password may have asked for one). Returns how many
    sessions ended."""
    check_password(new_password)
    with session_scope(url) as s:
        user = _user_with_current_password(s, user_id, current_password, client_ip)
        user.password_hash = passwords.hash_password(new_password)
        s.add(user)
        for purpose in ("reset", "change_email"):
            void_links(s, user.id, purpose)
        ended = tokens.revoke_user_sessions(s, user.id, except_sid=keep_session)
        address, forgot = user.email, _forgot_link(user)
    _notice(address, user_id, "Your Learnsite password was changed",
            "The password of your Learnsite account was changed just now, and its other sessions were signed out."
            "\n\nIf this was you, there is nothing more to do.\n\n"
            f"If it was not you, choose a new password now:\n\n{forgot}\n")
    return ended


def _forgot_link(user: User) -> str:
    return f"{settings.public_url}{FORGOT_PATH}" + ("?for=admin" if user.role == "admin" else "")


def _notice(address: str, user_id: int, subject: str, text: str) -> None:
    """A change of sign-in details is told to the account's address, so its owner learns of one they did not
    make. The change is done by then: a mail that fails is logged, never shown."""
    try:
        mail.send_mail(address, subject, text)
    except Exception:  # noqa: BLE001
        log.exception("the notice %r to user %s was not sent", subject, user_id)
