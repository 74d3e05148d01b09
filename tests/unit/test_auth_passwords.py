import bcrypt
import pytest

from learnsite.services import passwords


def test_hash_is_bcrypt_and_verifies():
    h = passwords.hash_password("correct horse")
    assert h.startswith("$2")
    assert h != "correct horse"
    assert passwords.verify_password("correct horse", h)
    assert not passwords.verify_password("wrong horse", h)


def test_same_password_hashes_differently():
    assert passwords.hash_password("secret1") != passwords.hash_password("secret1")


@pytest.mark.parametrize("pw", ["", "a", "12345"])
def test_short_password_refused(pw):
    with pytest.raises(passwords.PasswordRuleError, match="at least 6 characters"):
        passwords.hash_password(pw)


def test_six_characters_is_enough():
    assert passwords.verify_password("123456", passwords.hash_password("123456"))


def test_over_72_bytes_refused_not_truncated():
    long_pw = "a" * 73
    with pytest.raises(passwords.PasswordRuleError, match="72"):
        passwords.hash_password(long_pw)
    # multibyte: 25 letters of 3 bytes each is 75 bytes
    with pytest.raises(passwords.PasswordRuleError):
        passwords.hash_password("\u20ac" * 25)
    assert passwords.verify_password("a" * 72, passwords.hash_password("a" * 72))


def test_long_password_never_matches_its_72_byte_prefix():
    h = passwords.hash_password("b" * 72)
    assert not passwords.verify_password("b" * 80, h)


def test_no_hash_checks_a_dummy_and_fails():
    assert not passwords.verify_password("anything", None)
    # the dummy is a real bcrypt hash, so the unknown-email path costs one bcrypt check
    assert bcrypt.checkpw(b"learnsite-dummy-password", passwords._DUMMY_HASH.encode())
