"""`learnsite create-user` as an operator runs it (the console script in .venv/bin)."""

import os
import subprocess

from learnsite.config import REPO_ROOT
from learnsite.services import accounts
from tests.unit.auth_fixtures import auth_env  # noqa: F401

LEARNSITE = str(REPO_ROOT / ".venv" / "bin" / "learnsite")


def _cli(db_url, data_dir, *args):
    env = {**os.environ, "LEARNSITE_DATABASE_URL": db_url, "LEARNSITE_DATA_DIR": str(data_dir),
           "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run([LEARNSITE, *args], env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)


def test_create_user_cli(auth_env, db_url, tmp_path):
    ok = _cli(db_url, tmp_path, "create-user", "--email", "Boss@Example.com", "--password", "boss-pass",
              "--role", "admin", "--name", "Big Boss", "--confirmed")
    assert ok.returncode == 0, ok.stderr
    assert "Created admin boss@example.com" in ok.stdout and "confirmed" in ok.stdout
    session = accounts.sign_in("boss@example.com", "boss-pass", require_admin=True)
    assert session.user.full_name == "Big Boss" and session.user.is_admin

    again = _cli(db_url, tmp_path, "create-user", "--email", "boss@example.com", "--password", "other-pass")
    assert again.returncode == 1 and "already exists" in again.stderr

    short = _cli(db_url, tmp_path, "create-user", "--email", "kid@example.com", "--password", "123")
    assert short.returncode == 1 and "at least 6" in short.stderr

    unconfirmed = _cli(db_url, tmp_path, "create-user", "--email", "kid@example.com", "--password", "kid-pass")
    assert unconfirmed.returncode == 0, unconfirmed.stderr
    # an operator's review: the README sent the person to a link nobody mailed; the command now mails it
    assert "A confirmation link was mailed to kid@example.com" in unconfirmed.stdout
    mailed = [p.read_text() for p in (tmp_path / "outbox").glob("*") if "kid@example.com" in p.read_text()]
    assert len(mailed) == 1 and "/auth/confirm?token=" in mailed[0]
    try:
        accounts.sign_in("kid@example.com", "kid-pass")
        raise AssertionError("an account created without --confirmed must not sign in")
    except accounts.AccountError as exc:
        assert "not confirmed" in str(exc)
