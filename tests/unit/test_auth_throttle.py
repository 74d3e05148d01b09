from datetime import datetime, timedelta, timezone

import pytest

from learnsite.db import session_scope
from learnsite.services import accounts, throttle
from learnsite.services.accounts import AccountError


def test_throttle_counts_within_window(db_url):
    keys = throttle.keys_for("A@x.org", "10.0.0.1")
    assert keys == ["email:a@x.org", "client:10.0.0.1"]
    now = datetime.now(timezone.utc)
    with session_scope(db_url) as s:
        for _ in range(throttle.MAX_FAILURES - 1):
            throttle.record_failure(s, keys, now=now)
        throttle.check(s, keys, now=now)  # 4 failures: still allowed
        throttle.record_failure(s, keys, now=now)
        with pytest.raises(throttle.Throttled, match="wait"):
            throttle.check(s, keys, now=now)
        # a minute later the window has passed
        throttle.check(s, keys, now=now + throttle.WINDOW + timedelta(seconds=1))


def test_sign_in_throttled_per_account(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    for i in range(throttle.MAX_FAILURES):
        with pytest.raises(AccountError, match="Invalid login credentials"):
            accounts.sign_in("kid@example.com", "wrong-pass", client_ip=f"10.0.0.{i}", url=db_url)
    # even the right password waits now, from any client
    with pytest.raises(AccountError, match="wait"):
        accounts.sign_in("kid@example.com", "secret1", client_ip="10.9.9.9", url=db_url)


def test_sign_in_throttled_per_client(db_url):
    accounts.create_user("kid@example.com", "secret1", confirmed=True, url=db_url)
    for i in range(throttle.MAX_FAILURES):
        with pytest.raises(AccountError):
            accounts.sign_in(f"nobody{i}@example.com", "whatever1", client_ip="10.0.0.7", url=db_url)
    with pytest.raises(AccountError, match="wait"):
        accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.7", url=db_url)
    # another client is not affected
    assert accounts.sign_in("kid@example.com", "secret1", client_ip="10.0.0.8", url=db_url).user.email == "kid@example.com"
