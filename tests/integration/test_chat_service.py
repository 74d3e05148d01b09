"""Chat service on SQLite and PostgreSQL: channels, posting rules, paging, names."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from learnsite.db import session_scope
from learnsite.models import Message, User, utcnow
from learnsite.services import chat
from learnsite.services.chat import ChatError


def make_user(db_url, email, name="", role="user") -> int:
    with session_scope(db_url) as s:
        user = User(email=email, password_hash="x", role=role, full_name=name)
        s.add(user)
        s.flush()
        return user.id


def channel_id(db_url, name="general") -> int:
    return next(c.id for c in chat.list_channels(db_url) if c.name == name)


def add_old_messages(db_url, user_id, cid, n, start=0):
    """Messages written long ago (outside the rate window), straight into the table."""
    with session_scope(db_url) as s:
        for i in range(start, start + n):
            s.add(Message(content=f"message {i}", user_id=user_id, channel_id=cid,
                          created_at=utcnow() - timedelta(hours=1) + timedelta(seconds=i)))


def test_seeded_channels_in_order(db_url):
    assert [c.name for c in chat.list_channels(db_url)] == ["general", "worksheets", "parents"]


def test_post_and_read_back_with_full_name(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    posted = chat.post_message(ann, cid, "  Hello <b>everyone</b>  ", db_url=db_url)
    assert posted.content == "Hello <b>everyone</b>"  # stored as text, trimmed
    assert posted.sender == "Ann Lee" and posted.user_id == ann and posted.channel_id == cid
    assert posted.created_at.endswith("+00:00")
    [read] = chat.recent_messages(cid, db_url=db_url)
    assert read == posted


def test_blank_empty_and_signed_out_are_refused(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    for text in ("", "   ", "\n\t "):
        with pytest.raises(ChatError, match="empty"):
            chat.post_message(ann, cid, text, db_url=db_url)
    with pytest.raises(ChatError, match="sign in"):
        chat.post_message(None, cid, "hi", db_url=db_url)
    with pytest.raises(ChatError, match="sign in"):
        chat.post_message(ann + 999, cid, "hi", db_url=db_url)  # a forged / deleted id
    with pytest.raises(ChatError, match="does not exist"):
        chat.post_message(ann, 9999, "hi", db_url=db_url)
    assert chat.count_messages(cid, db_url=db_url) == 0


def test_length_limit(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    assert chat.post_message(ann, cid, "x" * chat.MAX_MESSAGE_CHARS, db_url=db_url).content == "x" * 2000
    with pytest.raises(ChatError, match="at most 2,000 characters"):
        chat.post_message(ann, cid, "x" * 2001, db_url=db_url)
    assert chat.count_messages(cid, db_url=db_url) == 1


def test_rate_limit_is_per_user(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    bob = make_user(db_url, "bob@example.com", "Bob Ray")
    cid = channel_id(db_url)
    for i in range(chat.RATE_LIMIT_COUNT):
        chat.post_message(ann, cid, f"quick {i}", db_url=db_url)
    with pytest.raises(ChatError, match="too quickly"):
        chat.post_message(ann, cid, "one too many", db_url=db_url)
    chat.post_message(bob, cid, "Bob is not limited by Ann", db_url=db_url)
    contents = [m.content for m in chat.recent_messages(cid, db_url=db_url)]
    assert "one too many" not in contents and len(contents) == 11
    # the window slides: once Ann's messages are older than 10 s she may post again
    with session_scope(db_url) as s:
        for m in s.exec(select(Message).where(Message.user_id == ann)).all():
            m.created_at = utcnow() - timedelta(seconds=chat.RATE_LIMIT_SECONDS + 1)
            s.add(m)
    chat.post_message(ann, cid, "later", db_url=db_url)


def test_a_resend_under_the_same_client_id_is_stored_once(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    bob = make_user(db_url, "bob@example.com", "Bob Ray")
    cid = channel_id(db_url)
    first = chat.post_message(ann, cid, "only once", db_url=db_url, client_id="a1b2c3d4e5f6a7b8")
    again = chat.post_message(ann, cid, "only once", db_url=db_url, client_id="a1b2c3d4e5f6a7b8")
    assert again == first
    # the id is the sender's own: another user's message with the same id is another message
    bobs = chat.post_message(bob, cid, "mine", db_url=db_url, client_id="a1b2c3d4e5f6a7b8")
    assert bobs.id != first.id
    # no id, or an unusable one, means no de-duplication
    chat.post_message(ann, cid, "twice", db_url=db_url, client_id="<bad id>")
    chat.post_message(ann, cid, "twice", db_url=db_url)
    assert [m.content for m in chat.recent_messages(cid, db_url=db_url)] == ["only once", "mine", "twice", "twice"]


def test_resends_do_not_count_against_the_rate_limit(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    ids = [f"resend-{i:04d}" for i in range(chat.RATE_LIMIT_COUNT)]
    for client_id in ids:
        chat.post_message(ann, cid, client_id, db_url=db_url, client_id=client_id)
    for client_id in ids:  # every one sent again: each answered with what was stored
        assert chat.post_message(ann, cid, client_id, db_url=db_url, client_id=client_id).content == client_id
    assert chat.count_messages(cid, db_url=db_url) == chat.RATE_LIMIT_COUNT
    with pytest.raises(ChatError, match="too quickly"):
        chat.post_message(ann, cid, "new", db_url=db_url, client_id="resend-new0")


def test_concurrent_resends_store_one_message(db_url):
    from concurrent.futures import ThreadPoolExecutor

    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    with ThreadPoolExecutor(4) as pool:
        views = list(pool.map(lambda _: chat.post_message(ann, cid, "raced", db_url=db_url,
                                                          client_id="race-0123456789"), range(8)))
    assert len({v.id for v in views}) == 1
    assert chat.count_messages(cid, db_url=db_url) == 1


def test_paging_newest_first_window_then_older(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    other = channel_id(db_url, "parents")
    add_old_messages(db_url, ann, cid, 120)
    add_old_messages(db_url, ann, other, 5, start=500)
    newest = chat.recent_messages(cid, limit=50, db_url=db_url)
    assert [m.content for m in newest] == [f"message {i}" for i in range(70, 120)]
    older = chat.recent_messages(cid, limit=50, before_id=newest[0].id, db_url=db_url)
    assert [m.content for m in older] == [f"message {i}" for i in range(20, 70)]
    oldest = chat.recent_messages(cid, limit=50, before_id=older[0].id, db_url=db_url)
    assert [m.content for m in oldest] == [f"message {i}" for i in range(0, 20)]
    assert chat.recent_messages(cid, before_id=oldest[0].id, db_url=db_url) == []
    after = chat.messages_after(cid, newest[-3].id, db_url=db_url)
    assert [m.content for m in after] == ["message 118", "message 119"]
    assert chat.count_messages(cid, db_url=db_url) == 120


def test_unknown_user_fallback_and_name_default(db_url):
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    noname = make_user(db_url, "kid.parent@example.com", "")
    cid = channel_id(db_url)
    chat.post_message(ann, cid, "from Ann", db_url=db_url)
    chat.post_message(noname, cid, "from someone without a name", db_url=db_url)
    with session_scope(db_url) as s:
        s.delete(s.get(User, ann))
    senders = [(m.sender, m.user_id) for m in chat.recent_messages(cid, db_url=db_url)]
    assert senders == [("Unknown User", None), ("kid.parent", noname)]


def test_an_administrator_s_messages_are_marked_and_a_namesake_s_are_not(db_url):
    """A security review: anyone could sign up as admin@their-own-domain and post as "admin", looking just like
    the site's administrator. A message carries that its sender is an administrator, and nothing more."""
    real = make_user(db_url, "admin@learnsite.example", "admin", role="admin")
    namesake = make_user(db_url, "admin@evil.example", "admin")
    cid = channel_id(db_url)
    chat.post_message(real, cid, "Welcome, everyone!", db_url=db_url)
    chat.post_message(namesake, cid, "I am the admin, tell me your address", db_url=db_url)
    shown = [(m.sender, m.admin) for m in chat.recent_messages(cid, db_url=db_url)]
    assert shown == [("admin", True), ("admin", False)]
    assert set(chat.recent_messages(cid, db_url=db_url)[0].as_dict()) == {
        "id", "channel_id", "user_id", "sender", "content", "created_at", "admin"}  # no email, no role name


def test_only_an_administrator_removes_a_message_and_it_is_gone_for_good(db_url):
    """A security review: a chat for children had no way to take a message down, not even for an admin."""
    boss = make_user(db_url, "boss@example.com", "Boss", role="admin")
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    cid = channel_id(db_url)
    bad = chat.post_message(ann, cid, "something unkind", db_url=db_url)
    kept = chat.post_message(ann, cid, "something kind", db_url=db_url)
    for who in (ann, None):
        with pytest.raises(ChatError, match="Only administrators can remove messages."):
            chat.remove_message(who, bad.id, db_url=db_url)
    assert chat.remove_message(boss, bad.id, db_url=db_url) == cid
    assert [m.content for m in chat.recent_messages(cid, db_url=db_url)] == ["something kind"]
    with session_scope(db_url) as s:
        assert s.get(Message, bad.id) is None and s.get(Message, kept.id) is not None
    with pytest.raises(ChatError, match=chat.MESSAGE_GONE):
        chat.remove_message(boss, bad.id, db_url=db_url)


def test_admin_creates_and_renames_channels(db_url):
    admin = make_user(db_url, "boss@example.com", "Boss", role="admin")
    ann = make_user(db_url, "ann@example.com", "Ann Lee")
    made = chat.create_channel(admin, "#Art Club", db_url=db_url)
    assert made.name == "art-club"
    with pytest.raises(ChatError, match="already exists"):
        chat.create_channel(admin, "art-club", db_url=db_url)
    with pytest.raises(ChatError, match="Only administrators"):
        chat.create_channel(ann, "kids", db_url=db_url)
    with pytest.raises(ChatError, match="Only administrators"):
        chat.create_channel(None, "kids", db_url=db_url)
    with pytest.raises(ChatError, match="lowercase letters"):
        chat.create_channel(admin, "!!!", db_url=db_url)
    renamed = chat.rename_channel(admin, made.id, "painting", db_url=db_url)
    assert renamed.id == made.id and renamed.name == "painting"
    with pytest.raises(ChatError, match="already exists"):
        chat.rename_channel(admin, made.id, "general", db_url=db_url)
    with pytest.raises(ChatError, match="Only administrators"):
        chat.rename_channel(ann, made.id, "mine", db_url=db_url)
    assert [c.name for c in chat.list_channels(db_url)] == ["general", "worksheets", "parents", "painting"]


@pytest.mark.parametrize("value, expected", [
    ("msg-1a2b3c4d", "msg-1a2b3c4d"),
    ("msg-1a2b3c4d\n", None),  # "$" let a last newline through into the database
    ("short", None), ("x" * 65, None), ("a b c d e f", None), (12345678, None), (None, None),
])
def test_a_message_id_from_the_page_is_kept_only_when_well_formed(value, expected):
    assert chat.clean_client_id(value) == expected
