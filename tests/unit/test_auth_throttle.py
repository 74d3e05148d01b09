"""Sign-in throttling: attempts are recorded before they are checked; the lock-out is per account and client."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from unittest import mock

import pytest

from learnsite.db import session_scope
from learnsite.services import accounts, passwords, throttle
from learnsite.services.accounts import AccountError


def test_throttle_counts_within_window(db_url):
    keys = throttle.keys_for("A@x.org", "10.0.0.1")
    assert list(keys) == ["pair:a@x.org|10.0.0.1", "client:10.0.0.1", "email:a@x.org"]
    now = datetime.now(timezone.utc)
    with session_scope(db_url) as s:
        for _ in range(throttle.MAX_FAILURES):
            throttle.attempt(s, keys, now=now)  # the 5th is still allowed
        with pytest.raises(throttle.Throttled, match="wait"):
            throttle.attempt(s, keys, now=now)
        # a minute later the window has passed
        throttle.attempt(s, keys, now=now + throttle.WINDOW + timedelta(seconds=1))


def test_lock_out_is_per_account_and_client(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    accounts.create_user("mum@example.com", "secret2", confirmed=True, url=db_url)
    for _ in range(throttle.MAX_FAILURES):
        with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
            accounts.sign_in("kid@example.com", "wrong-pass", client_ip="10.0.0.7", url=db_url)
    with pytest.raises(AccountError, match="wait"):
        accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.7", url=db_url)
    # the owner elsewhere, and other accounts behind the same address, are not locked out
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="10.9.9.9", url=db_url)
    assert accounts.sign_in("mum@example.com", "secret2", client_ip="10.0.0.7", url=db_url)


def test_a_client_address_has_a_higher_ceiling_of_its_own(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    with mock.patch.object(throttle, "MAX_PER_CLIENT", 8):
        for i in range(8):
            with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
                accounts.sign_in(f"nobody{i}@example.com", "whatever1", client_ip="10.0.0.8", url=db_url)
        with pytest.raises(AccountError, match="wait"):
            accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.8", url=db_url)
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.9", url=db_url)


def test_a_right_password_clears_its_pair(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    for _ in range(throttle.MAX_FAILURES - 1):
        with pytest.raises(AccountError):
            accounts.sign_in("kid@example.com", "oops-typo", client_ip="10.0.0.1", url=db_url)
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.1", url=db_url)
    for _ in range(throttle.MAX_FAILURES - 1):  # a fresh allowance after a success
        with pytest.raises(AccountError, match="The email or password is not right. Check both and try again."):
            accounts.sign_in("kid@example.com", "oops-typo", client_ip="10.0.0.1", url=db_url)


def test_parallel_attempts_get_no_more_password_checks_than_the_limit(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    checks = []
    real_verify = passwords.verify_password

    def counted(password, hashed):
        checks.append(1)
        return real_verify(password, hashed)

    def guess(i: int):
        try:
            accounts.sign_in("kid@example.com", f"guess-{i}", client_ip="10.0.0.5", url=db_url)
        except AccountError as exc:
            return str(exc)

    with mock.patch.object(passwords, "verify_password", counted):
        with ThreadPoolExecutor(max_workers=20) as pool:
            answers = list(pool.map(guess, range(20)))
    assert len(checks) <= throttle.MAX_FAILURES
    assert sum("wait" in a for a in answers) >= 20 - throttle.MAX_FAILURES


def test_a_client_guessing_at_an_account_cannot_lock_its_owner_out_from_elsewhere(db_url):
    """A security review: refused guesses went on counting against the account's own ceiling, so one address
    trying 31 times a minute locked the owner out everywhere. A refused try counts only against the limit it broke."""
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    accounts.create_user("mum@example.com", "secret2", confirmed=True, url=db_url)
    with mock.patch.object(throttle, "MAX_PER_CLIENT", 8):
        for _ in range(throttle.MAX_PER_ACCOUNT + 10):
            with pytest.raises(AccountError):
                accounts.sign_in("kid@example.com", "a-guess", client_ip="10.0.0.66", url=db_url)
        # nor do the refused tries use up the address's ceiling for the other accounts behind it
        assert accounts.sign_in("mum@example.com", "secret2", client_ip="10.0.0.66", url=db_url)
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="10.9.9.9", url=db_url)
    with pytest.raises(AccountError, match="wait"):  # while the guessing client is still refused
        accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.66", url=db_url)


def test_guessing_spread_over_many_clients_still_meets_the_accounts_ceiling(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    with mock.patch.object(throttle, "MAX_PER_ACCOUNT", 8):
        for i in range(8):
            with pytest.raises(AccountError, match="not right"):
                accounts.sign_in("kid@example.com", "a-guess", client_ip=f"10.1.0.{i}", url=db_url)
        with pytest.raises(AccountError, match="wait"):
            accounts.sign_in("kid@example.com", "secret1", client_ip="10.2.0.1", url=db_url)


def test_an_ipv6_home_is_one_client_whatever_its_last_64_bits(db_url):
    """A phone is given a whole /64: counted by full address, it could change address before every guess."""
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    for i in range(throttle.MAX_FAILURES):
        with pytest.raises(AccountError, match="not right"):
            accounts.sign_in("kid@example.com", "a-guess", client_ip=f"2001:db8:5:6::{i + 1}", url=db_url)
    with pytest.raises(AccountError, match="wait"):
        accounts.sign_in("kid@example.com", "secret1", client_ip="2001:db8:5:6:abcd::1", url=db_url)
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="2001:db8:5:7::1", url=db_url)
    assert throttle.keys_for("kid@example.com", "::ffff:10.0.0.1") == throttle.keys_for("kid@example.com", "10.0.0.1")


def test_refused_guesses_in_flight_together_do_not_fill_the_accounts_ceiling(db_url):
    """A security review: guesses sent at once are all recorded before any is counted; each then saw the others'
    rows, all were refused, and all kept their row under the account's key, which was full: the owner was locked
    out without one password checked. A refused attempt now keeps only its row under the one client's key."""
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    burst = 9
    all_recorded = threading.Barrier(burst)
    real_check = throttle.check

    def check_when_all_recorded(s, keys, now=None):
        all_recorded.wait(timeout=30)
        return real_check(s, keys, now)

    def guess(i: int) -> str:
        try:
            accounts.sign_in("kid@example.com", f"guess-{i}", client_ip="203.0.113.9", url=db_url)
        except AccountError as exc:
            return str(exc)

    with mock.patch.object(throttle, "MAX_PER_ACCOUNT", 8), mock.patch.object(throttle, "check",
                                                                               check_when_all_recorded):
        with ThreadPoolExecutor(max_workers=burst) as pool:
            answers = list(pool.map(guess, range(burst)))
    assert all("wait" in answer for answer in answers)
    with mock.patch.object(throttle, "MAX_PER_ACCOUNT", 8):
        assert accounts.sign_in("kid@example.com", "secret1", client_ip="198.51.100.1", url=db_url)
        with pytest.raises(AccountError, match="wait"):  # the guessing client is still refused
            accounts.sign_in("kid@example.com", "secret1", client_ip="203.0.113.9", url=db_url)
