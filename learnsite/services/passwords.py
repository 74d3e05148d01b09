"""Password rules and bcrypt hashing."""

from __future__ import annotations

import bcrypt

MIN_LENGTH = 6
MAX_BYTES = 72  # bcrypt ignores everything after 72 bytes: refuse rather than truncate silently

TOO_SHORT = "Your new password must be at least 6 characters long."
MISMATCH = "Please ensure both password fields are identical."  # the new password typed twice
TOO_LONG = "Your password is too long: use at most 72 bytes (about 72 letters)."


class PasswordRuleError(ValueError):
    """The password breaks a rule; the message is shown to the user."""


SIGNUP_TOO_SHORT = "Password should be at least 6 characters."


def check_rules(password: str, too_short: str = TOO_SHORT) -> None:
    if len(password) < MIN_LENGTH:
        raise PasswordRuleError(too_short)
    if len(password.encode("utf-8")) > MAX_BYTES:
        raise PasswordRuleError(TOO_LONG)


def hash_password(password: str) -> str:
    check_rules(password)
    return bcrypt.hashpw(password.encode("utf-8"), bcrypt.gensalt()).decode("ascii")


def verify_password(password: str, password_hash: str | None) -> bool:
    """True when the password matches. With no hash, a dummy is checked so timing reveals nothing."""
    raw = password.encode("utf-8")
    if len(raw) > MAX_BYTES:
        raw = raw[:MAX_BYTES]  # never matches a hash made by us (those refuse > 72), but costs the same
        ok_length = False
    else:
        ok_length = True
    target = (password_hash or _DUMMY_HASH).encode("ascii")
    try:
        matched = bcrypt.checkpw(raw, target)
    except ValueError:
        matched = False
    return matched and ok_length and password_hash is not None


# Hashed once at import with the default cost, so an unknown email costs one real bcrypt check.
_DUMMY_HASH = bcrypt.hashpw(b"learnsite-dummy-password", bcrypt.gensalt()).decode("ascii")
