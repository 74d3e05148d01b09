"""Live chat pushes on one backend process: who is watched, who gets a push, and what it changes."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

import pytest

from learnsite.services import accounts, chat
from learnsite.state import chat_live
from learnsite.state.auth import AuthState
from learnsite.state.chat import LIVE_MAX, SESSION_RECHECK_S, ChatState
from tests.unit.auth_fixtures import auth_env, client_tree, run  # noqa: F401


class FakeApp:
    """Just what chat_live.deliver uses of the Reflex app: local sockets and modify_state."""

    def __init__(self):
        self.roots: dict[str, object] = {}
        self.elsewhere: set[str] = set()
        manager = SimpleNamespace(instance_id="here", token_to_socket={})
        self.event_namespace = SimpleNamespace(_token_manager=manager)
        self.modified: list[str] = []

    def add_tab(self, root, token):
        self.roots[token] = root
        where = "there" if token in self.elsewhere else "here"
        self.event_namespace._token_manager.token_to_socket[token] = SimpleNamespace(instance_id=where, sid=token)

    @contextlib.asynccontextmanager
    async def modify_state(self, token):
        self.modified.append(token.ident)
        yield self.roots[token.ident]


@pytest.fixture
def live(auth_env):
    chat_live._viewers.clear()
    chat_live._watching.clear()
    yield
    chat_live._viewers.clear()
    chat_live._watching.clear()


def person(email, role="user"):
    accounts.create_user(email, "secret1", role=role, confirmed=True, full_name=email.split("@")[0].title())
    return accounts.sign_in(email, "secret1")


async def tab(app, session, token):
    root = client_tree("/chat", token=token)
    auth = await root.get_state(AuthState)
    auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    app.add_tab(root, token)
    state = await root.get_state(ChatState)
    await run(ChatState.load_chat, state)
    return state


async def test_watching_a_channel_moves_the_tab(live):
    chat_live.watch("t1", 1)
    chat_live.watch("t1", 2)
    assert chat_live._viewers == {2: {"t1"}}
    chat_live.unwatch("t1", 1)  # a late push for the channel it left keeps its new one
    assert chat_live.watched_channel("t1") == 2
    chat_live.unwatch("t1")
    assert chat_live._viewers == {} and chat_live.watched_channel("t1") is None


async def test_a_message_reaches_the_other_viewers_of_its_channel_only(live):
    admin = person("lead@example.com", role="admin")
    ann, bob, cy = person("ann@example.com"), person("bob@example.com"), person("cy@example.com")
    first = chat.list_channels()[0].id
    other = chat.create_channel(admin.user.id, "other").id
    app = FakeApp()
    a, b, c = await tab(app, ann, "ta"), await tab(app, bob, "tb"), await tab(app, cy, "tc")
    assert a.channel_id == b.channel_id == c.channel_id == first
    await run(ChatState.select_channel, c, other)  # Cy looks at another channel

    posted = chat.post_message(ann.user.id, first, "hello").as_dict()
    app.roots["tb"]._clean()
    updated = await chat_live.deliver(chat_live.message_event(posted, "ta"), app)
    assert updated == 1
    assert [m["content"] for m in b.live] == ["hello"]
    assert {v for v in b.dirty_vars if not v.startswith("_")} == {"live"}  # only what Bob lacked is sent
    assert a.live == [] and c.live == []  # the sender updates her own tab; Cy is elsewhere
    assert app.modified == ["tb"]
    # the same push twice shows the message once
    await chat_live.deliver(chat_live.message_event(posted, "ta"), app)
    assert [m["content"] for m in b.live] == ["hello"]


async def test_a_tab_whose_socket_left_this_process_is_dropped(live):
    ann, bob = person("ann@example.com"), person("bob@example.com")
    app = FakeApp()
    app.elsewhere.add("tb")
    a, b = await tab(app, ann, "ta"), await tab(app, bob, "tb")
    posted = chat.post_message(ann.user.id, a.channel_id, "hi").as_dict()
    assert await chat_live.deliver(chat_live.message_event(posted, "ta"), app) == 0
    assert b.live == [] and chat_live.watched_channel("tb") is None


async def test_sending_shows_the_message_and_what_the_tab_had_missed(live):
    ann, bob = person("ann@example.com"), person("bob@example.com")
    app = FakeApp()
    a = await tab(app, ann, "ta")
    missed = chat.post_message(bob.user.id, a.channel_id, "a push that was lost")
    await run(ChatState.send_message, a, {"message": "mine"})
    assert [m["content"] for m in a.live] == ["a push that was lost", "mine"]
    assert missed.id == a.live[0]["id"]


async def test_heartbeat_catches_up_and_many_messages_fold_into_the_window(live):
    writers = [person(f"{n}@example.com") for n in ("ann", "bob", "cy")]  # inside the rate limit
    app = FakeApp()
    a = await tab(app, writers[0], "ta")
    for i in range(LIVE_MAX + 1):
        chat.post_message(writers[i % 3].user.id, a.channel_id, f"m{i}")
    chat_live.unwatch("ta")  # as if the push subscription had dropped it
    await run(ChatState.heartbeat, a, "tick")
    shown = [m["content"] for m in a.messages + a.live]
    assert shown == [f"m{i}" for i in range(LIVE_MAX + 1)]
    assert a.live == []  # past LIVE_MAX the live part folded into the window
    assert chat_live.watched_channel("ta") == a.channel_id


async def test_a_new_channel_reaches_every_viewer(live):
    ann = person("ann@example.com")
    app = FakeApp()
    a = await tab(app, ann, "ta")
    names = [c.as_dict() for c in chat.list_channels()] + [{"id": 999, "name": "brand-new"}]
    await chat_live.deliver(chat_live.channels_event(names), app)
    assert "brand-new" in [c["name"] for c in a.channels]


async def test_a_tab_whose_session_ended_elsewhere_stops_hearing_the_channel(live):
    """A security review: a socket left open after a logout or a password reset elsewhere kept receiving every
    message of the channel (200 s after and on), as long as its page sent nothing."""
    ann, bob = person("ann@example.com"), person("bob@example.com")
    app = FakeApp()
    a, b = await tab(app, ann, "ta"), await tab(app, bob, "tb")
    first = chat.post_message(ann.user.id, a.channel_id, "before").as_dict()
    assert await chat_live.deliver(chat_live.message_event(first, "ta"), app) == 1
    assert accounts.sign_out(bob.access_token, bob.refresh_token)
    b._session_checked_at -= SESSION_RECHECK_S  # the session is read again at most this often
    after = chat.post_message(ann.user.id, a.channel_id, "after the logout").as_dict()
    assert await chat_live.deliver(chat_live.message_event(after, "ta"), app) == 0
    assert [m["content"] for m in b.live] == ["before"]
    assert chat_live.watched_channel("tb") is None  # and no more pushes are even tried
    await run(ChatState.heartbeat, b)  # the page's own timer, should it still tick, shows it nothing either
    assert b.live == [] and b.messages == [] and chat_live.watched_channel("tb") is None


async def test_a_live_session_is_read_once_per_recheck_and_a_refused_tab_comes_back_on_its_heartbeat(live,
                                                                                                    monkeypatch):
    ann, bob = person("ann@example.com"), person("bob@example.com")
    app = FakeApp()
    a, b = await tab(app, ann, "ta"), await tab(app, bob, "tb")
    reads = []
    real = accounts.user_for_access_token
    monkeypatch.setattr(accounts, "user_for_access_token", lambda token, *args: reads.append(token) or real(token))
    for text in ("one", "two", "three"):
        posted = chat.post_message(ann.user.id, a.channel_id, text).as_dict()
        assert await chat_live.deliver(chat_live.message_event(posted, "ta"), app) == 1
    assert reads == [bob.access_token]
    # a token that will not do (e.g. it expired while a laptop slept): pushes stop, the heartbeat mends it
    b._session_checked_at -= SESSION_RECHECK_S
    monkeypatch.setattr(accounts, "user_for_access_token", lambda token, *args: None)
    missed = chat.post_message(ann.user.id, a.channel_id, "while asleep").as_dict()
    assert await chat_live.deliver(chat_live.message_event(missed, "ta"), app) == 0
    assert chat_live.watched_channel("tb") is None
    monkeypatch.setattr(accounts, "user_for_access_token", real)
    await run(ChatState.heartbeat, b)
    assert [m["content"] for m in b.live][-1] == "while asleep"
    assert chat_live.watched_channel("tb") == b.channel_id


async def test_an_administrator_removes_a_message_for_every_viewer(live, monkeypatch):
    boss = person("boss@example.com", role="admin")
    ann, bob = person("ann@example.com"), person("bob@example.com")
    app = FakeApp()
    monkeypatch.setattr(chat_live, "_app", app)  # what listen() keeps: publish delivers here without Redis
    monkeypatch.setattr(chat_live, "_redis_client", lambda: None)
    a, b, c = await tab(app, ann, "ta"), await tab(app, bob, "tb"), await tab(app, boss, "tc")
    bad = chat.post_message(ann.user.id, a.channel_id, "something unkind").as_dict()
    await chat_live.deliver(chat_live.message_event(bad, "ta"), app)
    await chat_live.deliver(chat_live.message_event(bad, "ta"), app)
    await run(ChatState.heartbeat, a)
    assert all(bad["id"] in [m["id"] for m in t.messages + t.live] for t in (a, b, c))

    await run(ChatState.ask_remove, b, bad["id"])  # not an administrator: nothing is asked, nothing removed
    await run(ChatState.remove_message, b, bad["id"])
    assert b.confirm_remove == 0 and chat.count_messages(a.channel_id) == 1

    await run(ChatState.ask_remove, c, bad["id"])
    assert c.confirm_remove == bad["id"]
    await run(ChatState.keep_message, c)
    assert c.confirm_remove == 0 and chat.count_messages(a.channel_id) == 1
    await run(ChatState.ask_remove, c, bad["id"])
    events = await run(ChatState.remove_message, c, bad["id"])
    assert "Message removed" in str(events) and c.confirm_remove == 0
    assert chat.count_messages(a.channel_id) == 0
    await asyncio.gather(*chat_live._tasks)  # the push, delivered on this process
    for t in (a, b, c):
        assert bad["id"] not in [m["id"] for m in t.older + t.messages + t.live]
    events = await run(ChatState.remove_message, c, bad["id"])  # removed already: said, and nothing breaks
    assert "already removed" in str(events)
