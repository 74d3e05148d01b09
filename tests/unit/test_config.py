"""Settings an operator gets wrong are refused with the variable to fix, not taken in silence."""

from __future__ import annotations

import pytest

from learnsite import config
from learnsite.config import ConfigError, load_settings


@pytest.fixture
def env(monkeypatch, tmp_path):
    for name in ("LEARNSITE_SMTP_TLS", "LEARNSITE_SMTP_PORT", "LEARNSITE_JWT_SECRET"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LEARNSITE_DATA_DIR", str(tmp_path))
    return monkeypatch


def test_the_defaults_load(env, tmp_path):
    cfg = load_settings()
    assert cfg.smtp_tls == "" and cfg.smtp_port == 587
    assert len(cfg.jwt_secret) >= config.MIN_JWT_SECRET_CHARS and (tmp_path / "jwt_secret").is_file()
    assert load_settings().jwt_secret == cfg.jwt_secret  # kept, not made again


@pytest.mark.parametrize("mode", ["starttls", "SSL", " ssl "])
def test_the_two_tls_modes_are_taken(env, mode):
    env.setenv("LEARNSITE_SMTP_TLS", mode)
    assert load_settings().smtp_tls == mode.strip().lower()


@pytest.mark.parametrize("mode", ["tls", "true", "yes", "starttls,ssl"])
def test_another_tls_mode_is_refused_not_sent_in_the_clear(env, mode):
    env.setenv("LEARNSITE_SMTP_TLS", mode)
    with pytest.raises(ConfigError, match="LEARNSITE_SMTP_TLS must be starttls or ssl"):
        load_settings()


def test_a_port_that_is_not_a_number_names_its_variable(env):
    env.setenv("LEARNSITE_SMTP_PORT", "abc")
    with pytest.raises(ConfigError, match="LEARNSITE_SMTP_PORT must be a whole number, not 'abc'"):
        load_settings()


def test_a_short_signing_secret_is_refused(env):
    env.setenv("LEARNSITE_JWT_SECRET", "x")
    with pytest.raises(ConfigError, match="LEARNSITE_JWT_SECRET must be at least 32 characters"):
        load_settings()
    env.setenv("LEARNSITE_JWT_SECRET", "k" * 32)
    assert load_settings().jwt_secret == "k" * 32


def test_an_empty_secret_file_says_to_delete_it(env, tmp_path):
    (tmp_path / "jwt_secret").write_text("\n")
    with pytest.raises(ConfigError, match="holds no usable secret: delete it"):
        load_settings()
    (tmp_path / "jwt_secret").unlink()
    assert len(load_settings().jwt_secret) >= 32


def test_a_new_data_folder_and_its_mail_outbox_are_private(env, tmp_path):
    """A security review: the database (emails, password hashes, chat) and the outbox's mails (reset links, an
    hour valid) were readable by every account on the machine (0644 files in 0755 folders)."""
    from learnsite.services import mail

    data = tmp_path / "new-data"
    env.setenv("LEARNSITE_DATA_DIR", str(data))
    cfg = load_settings()
    assert data.stat().st_mode & 0o777 == 0o700
    mail.send_mail("someone@example.com", "Hello", "A link: http://localhost/x", cfg=cfg)
    assert cfg.outbox_dir.stat().st_mode & 0o777 == 0o700
