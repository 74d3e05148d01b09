"""The chat outbox on the server: a message the page sends again is stored once, and answered."""

from __future__ import annotations

import json

from learnsite.services import chat
from learnsite.state import chat_outbox
from learnsite.state.chat import ChatState
from tests.unit.auth_fixtures import auth_env, redirect_target, run, toasts  # noqa: F401
from tests.unit.test_chat_live import FakeApp, live, person, tab  # noqa: F401


def answered(events, call: str = "done") -> list[str]:
    """The client ids the events tell the page to drop from its outbox (or, with call="hold", to mark held)."""
    ids = []
    for ev in events or []:
        for _name, value in getattr(ev, "args", ()):
            code = getattr(value, "_var_value", None)
            if isinstance(code, str) and code.startswith(f"window.learnsiteOutbox && window.learnsiteOutbox.{call}("):
                ids += json.loads(code.split(f"{call}(", 1)[1].rstrip(")"))
    return ids


def held(events) -> list[str]:
    return answered(events, "hold")


def entry(user_id, channel_id, text, client_id):
    return {"id": client_id, "user": str(user_id), "channel": str(channel_id), "text": text, "at": 1, "tried": 1}


def test_entries_keep_only_the_users_own_well_formed_ones():
    raw = [
        entry(7, 1, "mine", "id-mine-0001"),
        entry(8, 1, "someone else's", "id-theirs-01"),
        entry(7, 1, "bad id", "<script>"),
        {"id": "id-nochan-001", "user": "7", "text": "no channel"},
        entry(7, 1, ["not", "text"], "id-list-0001"),
        "not an entry",
    ]
    assert chat_outbox.entries_of(json.dumps(raw), 7) == [chat_outbox.Entry("id-mine-0001", 1, "mine")]
    assert chat_outbox.entries_of("{not json", 7) == []
    assert chat_outbox.entries_of({"id": "x"}, 7) == []
    many = [entry(7, 1, f"m{i}", f"id-many-{i:04d}") for i in range(chat_outbox.FLUSH_MAX + 5)]
    assert len(chat_outbox.entries_of(many, 7)) == chat_outbox.FLUSH_MAX


async def test_a_send_is_answered_and_a_resend_of_it_stored_once(live):
    ann = person("ann@example.com")
    a = await tab(FakeApp(), ann, "ta")
    form = {"message": "hello once", "client_id": "c0ffee00c0ffee00"}
    events = await run(ChatState.send_message, a, form)
    assert answered(events) == ["c0ffee00c0ffee00"]
    # the answer was lost: the page hands the same message over again from its outbox
    outbox = json.dumps([entry(ann.user.id, a.channel_id, "hello once", "c0ffee00c0ffee00")])
    events = await run(ChatState.flush_outbox, a, outbox)
    assert answered(events) == ["c0ffee00c0ffee00"] and not toasts(events)
    assert [m.content for m in chat.recent_messages(a.channel_id)] == ["hello once"]
    assert [m["content"] for m in a.live] == ["hello once"]


async def test_a_flush_posts_what_never_arrived_and_answers_refusals(live):
    ann, bob = person("ann@example.com"), person("bob@example.com")
    a = await tab(FakeApp(), ann, "ta")
    other = chat.list_channels()[1].id
    outbox = json.dumps([
        entry(ann.user.id, a.channel_id, "lost on the way", "lost-0000000001"),
        entry(ann.user.id, other, "for the other channel", "lost-0000000002"),
        entry(ann.user.id, a.channel_id, "x" * (chat.MAX_MESSAGE_CHARS + 1), "long-0000000001"),
        entry(bob.user.id, a.channel_id, "Bob's, typed in this browser earlier", "bobs-0000000001"),
    ])
    events = await run(ChatState.flush_outbox, a, outbox)
    assert answered(events) == ["lost-0000000001", "lost-0000000002", "long-0000000001"]
    assert "at most 2,000 characters" in toasts(events)  # the refusal is shown, its text given back
    assert [m["content"] for m in a.live] == ["lost on the way"]  # the other channel's is not shown here
    assert [m.content for m in chat.recent_messages(other)] == ["for the other channel"]
    assert chat.count_messages(a.channel_id) == 1  # Bob's entry is not posted as Ann


async def test_a_flush_from_a_signed_out_tab_posts_nothing(live):
    ann = person("ann@example.com")
    a = await tab(FakeApp(), ann, "ta")
    channel_id = a.channel_id
    from learnsite.state.auth import AuthState

    (await a.get_state(AuthState)).access_token = ""
    (await a.get_state(AuthState)).refresh_token = ""
    events = await run(ChatState.flush_outbox, a, json.dumps([entry(ann.user.id, channel_id, "hi", "gone-0000000001")]))
    # signed out in another tab: to the login, which comes back to the chat; the entry stays for after it
    assert redirect_target(events) == "/login/user?next=/chat" and not answered(events)
    events = await run(ChatState.send_message, a, {"message": "typed after", "client_id": "gone-0000000002"})
    assert redirect_target(events) == "/login/user?next=/chat" and not answered(events)
    assert chat.count_messages(channel_id) == 0


async def test_a_flush_past_the_rate_limit_keeps_the_rest_for_later(live):
    ann = person("ann@example.com")
    a = await tab(FakeApp(), ann, "ta")
    count = chat.RATE_LIMIT_COUNT + 3  # typed while the connection was away
    outbox = json.dumps([entry(ann.user.id, a.channel_id, f"queued {i}", f"queued-{i:08d}") for i in range(count)])
    events = await run(ChatState.flush_outbox, a, outbox)
    # the first ten are stored and answered; the others are not refused, only left for the next flush
    assert answered(events) == [f"queued-{i:08d}" for i in range(chat.RATE_LIMIT_COUNT)]
    assert held(events) == [f"queued-{i:08d}" for i in range(chat.RATE_LIMIT_COUNT, count)]  # a later one waits
    assert not toasts(events)
    assert chat.count_messages(a.channel_id) == chat.RATE_LIMIT_COUNT


async def test_a_send_past_the_rate_limit_waits_in_the_outbox_and_goes_later(live, monkeypatch):
    """An admin review: in a burst past the limit, each refused text was put back in the box over the one before:
    only the last came back. A refused send is now left unanswered: the page's outbox keeps it and sends it later."""
    from learnsite.state.chat import WAITS_IN_OUTBOX

    ann = person("ann@example.com")
    a = await tab(FakeApp(), ann, "ta")
    for i in range(chat.RATE_LIMIT_COUNT):
        chat.post_message(ann.user.id, a.channel_id, f"quick {i}")
    events = await run(ChatState.send_message, a, {"message": "one too many", "client_id": "wait-0000000001"})
    assert not answered(events) and "too quickly" in toasts(events) and WAITS_IN_OUTBOX in toasts(events)
    assert held(events) == ["wait-0000000001"]
    assert not any("chat-message-input" in str(getattr(ev, "args", "")) for ev in events)  # the box is left be
    monkeypatch.setattr(chat, "RATE_LIMIT_SECONDS", 0)  # the window has passed
    outbox = json.dumps([entry(ann.user.id, a.channel_id, "one too many", "wait-0000000001")])
    events = await run(ChatState.flush_outbox, a, outbox)
    assert answered(events) == ["wait-0000000001"]
    assert [m.content for m in chat.recent_messages(a.channel_id)][-1] == "one too many"


async def test_a_message_typed_behind_a_held_one_is_posted_after_it(live, monkeypatch):
    """A message held by the rate limit was posted after one typed later, once the limit allowed: the later one went
    straight through, the held one only with the outbox's next flush. Now a send the page marks as behind a held one
    is left to the flush, which posts the outbox in the order it was typed."""
    ann = person("ann@example.com")
    a = await tab(FakeApp(), ann, "ta")
    for i in range(chat.RATE_LIMIT_COUNT):
        chat.post_message(ann.user.id, a.channel_id, f"quick {i}")
    events = await run(ChatState.send_message, a, {"message": "held back", "client_id": "held-0000000001"})
    assert held(events) == ["held-0000000001"]
    monkeypatch.setattr(chat, "RATE_LIMIT_SECONDS", 0)  # the window has passed; the page has not flushed yet
    form = {"message": "typed later", "client_id": "late-0000000001", "behind": "1"}
    events = await run(ChatState.send_message, a, form)
    assert not answered(events) and not toasts(events)  # left in the outbox, for the flush the page sends next
    assert [m.content for m in chat.recent_messages(a.channel_id)][-1] == "quick 9"
    outbox = json.dumps([entry(ann.user.id, a.channel_id, "held back", "held-0000000001"),
                         entry(ann.user.id, a.channel_id, "typed later", "late-0000000001")])
    events = await run(ChatState.flush_outbox, a, outbox)
    assert answered(events) == ["held-0000000001", "late-0000000001"] and not held(events)
    assert [m.content for m in chat.recent_messages(a.channel_id)][-2:] == ["held back", "typed later"]
