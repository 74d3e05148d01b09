"""Chat fan-out: 1 sender, 100 viewers of one channel, on 2 backend processes sharing Redis.

Two backend processes of the built app (uvicorn, REFLEX_REDIS_URL; nothing is flushed: state keys are
per tab, push topics per database) and one PostgreSQL database, as in production. 101 signed-in users,
each a websocket client hydrated as /chat (so the page's on_load opens the first channel and its
process watches the tab for pushes);
viewers alternate between the two backends, the sender sits on the first. The sender posts messages
as the chat form does (ChatState.send_message); for each one we time, from the send, when each
viewer's tab receives the state update carrying it. Messages are spaced to stay inside the chat's
rate limit (10 per 10 s per user).
"""

from __future__ import annotations

import asyncio
import json
import secrets

from bench import clients as cl
from bench import site
from bench.common import Result, fmt_ms, log, percentile
from bench.profiling import record
from bench.recorder import with_storage
from bench.session import Bench

VIEWERS = 100
TARGET_S = 0.200


def new_messages(update: dict) -> list:
    """Messages a state update brings to the chat thread (its `messages` or `live` part)."""
    values = (update.get("delta") or {}).get(site.names()["chat"]) or {}
    return [*values.get("messages_rx_state_", ()), *values.get("live_rx_state_", ())]


def thread_view(updates) -> list[dict]:
    """What the tab shows after these updates: older + messages + live, each the latest value sent."""
    parts = {"older": [], "messages": [], "live": []}
    for u in updates:
        values = (u.data.get("delta") or {}).get(site.names()["chat"]) or {}
        for name in parts:
            if f"{name}_rx_state_" in values:
                parts[name] = values[f"{name}_rx_state_"]
    return [*parts["older"], *parts["messages"], *parts["live"]]


def has_text(text: str):
    return lambda u: any(m.get("content") == text for m in new_messages(u))


def chat_ready(u: dict) -> bool:
    return site.var(u, "chat", "loading") is False


def send_event(text: str, client_id: str | None = None) -> dict:
    fields = [["message", text], ["chat_message_input", text]]
    if client_id:  # what the page's outbox adds (learnsite.state.chat_outbox)
        fields.append(["client_id", client_id])
    return site.event("chat", "send_message", {"form_data": {"__reflex_form_data__": fields}}, path="/chat/")


def flush_event(entries: list[dict]) -> dict:
    """The page's outbox handing over its unanswered sends."""
    return site.event("chat", "flush_outbox", {"outbox": json.dumps(entries)}, path="/chat/")


def answered(client_id: str):
    """The server's answer to a send: it tells the page's outbox to drop the message."""
    return lambda u: "learnsiteOutbox.done" in str(u.get("events") or "") and client_id in str(u.get("events"))


async def connect_chatters(backends: list[str], auths: list[dict]) -> list:
    """Client i on backends[i % len(backends)], each hydrated and with its channel loaded."""
    groups = [[] for _ in backends]
    for i, auth in enumerate(auths):
        groups[i % len(backends)].append(auth)
    connected = await asyncio.gather(*(cl.connect_many(url, g, concurrency=10) for url, g in zip(backends, groups)))
    out = [None] * len(auths)
    for b, group in enumerate(connected):
        for j, c in enumerate(group):
            out[j * len(backends) + b] = c
    await asyncio.gather(*(c.wait_for(chat_ready, timeout=60) for c in out))
    return out


async def fanout(urls: list[str], auths: list[dict], messages: int, gap: float) -> tuple[list, list, list]:
    clients = await connect_chatters(urls, auths)
    sender, viewers = clients[0], clients[1:]
    every, each, missing = [], [], []
    try:
        await asyncio.sleep(1)
        for k in range(messages):
            text = f"fan-out {k} {secrets.token_hex(3)}"
            marks = [len(v.updates) for v in viewers]
            sent = await sender.emit(send_event(text))
            got = await asyncio.gather(*(v.wait_for(has_text(text), since=m, timeout=60)
                                         for v, m in zip(viewers, marks)), return_exceptions=True)
            lat = [u.at - sent for u in got if not isinstance(u, BaseException)]
            missing.append(len(viewers) - len(lat))
            each.extend(lat)
            every.append(max(lat) if len(lat) == len(viewers) else float("inf"))
            log(f"chat_fanout message {k + 1}/{messages}: {len(lat)} of {len(viewers)} viewers, "
                f"last after {max(lat, default=0) * 1000:.0f} ms")
            await asyncio.sleep(gap)
    finally:
        await cl.close_all(clients)
    return every, each, missing


def run(bench: Bench) -> Result:
    app = bench.site()
    db_url = bench.pg_database()
    viewers = bench.chat_viewers
    ids = site.make_users(db_url, viewers + 1, prefix="benchchat")
    sessions = site.sessions(db_url, ids)
    # recorded on the (SQLite) site with a session of its own; replayed with the PostgreSQL sessions
    template = bench.hydrate(app, "/chat", site.storage_of(site.sessions(None, site.make_users(None, 1))[0]), key="chat")
    auths = [with_storage(template, s) for s in sessions]
    env = {"REFLEX_REDIS_URL": bench.redis_url, "LEARNSITE_DATABASE_URL": db_url}
    one = bench.backend("chat-a", env)
    two = bench.backend("chat-b", env)
    messages = 5 if bench.quick else 20
    result = Result("chat_fanout", f"Chat fan-out: 1 sender, {viewers} viewers, 2 backends + Redis")
    try:
        with record(bench.profile, [one, two], "chat_fanout", result.notes):
            every, each, missing = asyncio.run(fanout([one.url, two.url], auths, messages, gap=1.1))
    finally:
        bench.stop_app(one)
        bench.stop_app(two)
    p50, p95 = percentile(every, 50), percentile(every, 95)
    result.add(f"until every viewer has the message (p50 / p95 of {messages} messages)",
               f"{fmt_ms(p50)} / {fmt_ms(p95)}", target=f"p95 ≤ {TARGET_S * 1000:.0f} ms", ok=p95 <= TARGET_S)
    result.add("viewers that never got a message within 60 s (summed over messages)", f"{sum(missing)}",
               target="0", ok=sum(missing) == 0)
    result.add(f"one viewer's delivery (p50 / p95 of {len(each)})",
               f"{fmt_ms(percentile(each, 50))} / {fmt_ms(percentile(each, 95))}")
    result.notes.append("Viewers alternate between the two backends; the sender is on the first, so half the "
                        "viewers get the message through Redis pub/sub.")
    return result
