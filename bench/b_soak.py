"""Soak and faults, bounded in time, loopback only, on 2 backend processes sharing Redis.

Soak: 100 signed-in clients (half on each backend) browse and chat for --soak-seconds (default
600): every 1-3 s each one opens and closes a popup, opens a worksheet page, goes back to /chat, or
(at most once per 12 s, inside the chat's rate limit) sends a message and waits to see it. Counted:
round trips, errors (timeouts, dropped sockets, error toasts, tracebacks in the servers' logs), the
backends' RSS every 5 s, and every message sent against the database (stored exactly once).
The backends run on a PostgreSQL database of the run's own and Redis, as in production.

Faults: 20 clients chat (a message every ~1.5 s each); after a few seconds one backend is killed
(SIGKILL). Its clients reconnect with the same tab token to the surviving backend (what a load
balancer does), rehydrate, and go on. Each client chats as the page does (learnsite.state.chat_outbox):
every message gets an id and stays in an outbox until the server answers for it; what is left
unanswered 4 s on (written into the dying socket, or answered on it) is handed over again after the
reconnect, and the server stores each id once. The DB is the truth: every message typed is checked
to be stored exactly once, and every client's final view of the thread is checked to hold each
stored message exactly once.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import signal
import time
from dataclasses import dataclass, field

import sqlalchemy as sa

from bench import clients as cl
from bench import site
from bench.b_chat_fanout import answered, chat_ready, connect_chatters, flush_event, has_text, send_event, thread_view
from bench.common import MemorySampler, Result, fmt_bytes, log, percentile
from bench.profiling import record
from bench.recorder import with_storage
from bench.session import Bench
from learnsite.services import chat
from learnsite.state import chat_outbox

CLIENTS = 100
FAULT_CLIENTS = 20
SEND_EVERY = 12.0
# A killed worker's Redis state locks live on until they expire (Reflex's redis_lock_expiration,
# 10 s by default): the surviving backend cannot process those tabs' events before that.
SEEN_WITHIN = 25.0
RESEND_AFTER = chat_outbox.RESEND_MS / 1000  # as the page's outbox


@dataclass
class Stats:
    ok: int = 0
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    by_action: dict[str, list[float]] = field(default_factory=dict)


def error_toasts(client) -> int:
    return sum(1 for u in client.updates if u.data.get("events") and "error" in str(u.data["events"]).lower()
               and "toast" in str(u.data["events"]).lower())


async def browse(c, deadline: float, worksheet_id: int, stats: Stats, chat: bool = True) -> None:
    last_send = time.monotonic() - random.uniform(0, SEND_EVERY)
    k = 0
    while time.monotonic() < deadline:
        await asyncio.sleep(random.uniform(1, 3))
        if time.monotonic() >= deadline:
            break
        action = random.choice(["popup", "worksheet", "chat", "send"] if chat else ["popup", "worksheet", "chat"])
        if action == "send" and time.monotonic() - last_send < SEND_EVERY:
            action = "popup"
        try:
            since = len(c.updates)
            if action == "popup":
                sent = await c.emit(site.event("popup", "open_age_group", {"group_type": "popup-5-6"}, path="/chat/"))
                u = await c.wait_for(lambda u: site.var(u, "popup", "age_group_open") is True, since=since)
                await c.emit(site.event("popup", "set_open", {"flag": "age_group_open", "is_open": False}, path="/chat/"))
            elif action == "worksheet":
                path = f"/worksheet/{worksheet_id}"
                sent = await c.emit(site.event("on_load", "on_load_internal", path=path, query={"id": str(worksheet_id)}))
                u = await c.wait_for(lambda u: site.var(u, "page", "ws_status") == "found", since=since)
            elif action == "chat":
                sent = await c.emit(site.event("on_load", "on_load_internal", path="/chat/"))
                u = await c.wait_for(chat_ready, since=since)
            else:
                text = f"soak {secrets.token_hex(5)}"
                sent = await c.emit(send_event(text))
                stats.sent.append(text)
                last_send = time.monotonic()
                u = await c.wait_for(has_text(text), since=since)
            stats.times.append(u.at - sent)
            stats.by_action.setdefault(action, []).append(u.at - sent)
            stats.ok += 1
        except Exception as exc:  # noqa: BLE001
            stats.errors.append(f"{action}: {exc!r}"[:200])
            if not c.alive:
                return
        k += 1


def stored_counts(db_url: str, texts: list[str]) -> dict[str, int]:
    from learnsite.db import get_engine

    counts = {t: 0 for t in texts}
    with get_engine(db_url).connect() as conn:
        for chunk in range(0, len(texts), 500):
            rows = conn.execute(sa.text("SELECT content, count(*) FROM messages WHERE content IN :t GROUP BY content")
                                .bindparams(sa.bindparam("t", expanding=True)), {"t": texts[chunk:chunk + 500]})
            for content, n in rows:
                counts[content] = n
    return counts


def stored_in_order(db_url: str, texts: list[str]) -> list[str]:
    from learnsite.db import get_engine

    with get_engine(db_url).connect() as conn:
        rows = conn.execute(sa.text("SELECT content FROM messages WHERE content IN :t ORDER BY id")
                            .bindparams(sa.bindparam("t", expanding=True)), {"t": texts})
        return [r[0] for r in rows]


def log_errors(app) -> list[str]:
    text = app.log_path.read_text(errors="replace") if app.log_path.exists() else ""
    return [line[:200] for line in text.splitlines() if "Traceback" in line or " ERROR" in line or "Error:" in line]


async def soak(urls: list[str], auths: list[dict], seconds: float, worksheet_id: int, apps, chat: bool) -> dict:
    stats = Stats()
    clients = await connect_chatters(urls, auths)
    with MemorySampler(apps[0], interval=5) as mem_a, MemorySampler(apps[1], interval=5) as mem_b:
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(browse(c, deadline, worksheet_id, stats, chat) for c in clients))
    toasts = sum(error_toasts(c) for c in clients)
    dropped = sum(1 for c in clients if not c.alive)
    await cl.close_all(clients)
    return {"stats": stats, "mem": [mem_a.samples, mem_b.samples], "toasts": toasts, "dropped": dropped}


def memory_trend(samples: list[tuple[float, int]]) -> tuple[int, int, int]:
    """RSS after the first fifth (warm), at the end, and the peak."""
    values = [v for _, v in samples]
    if not values:
        return 0, 0, 0
    warm = values[len(values) // 5]
    return warm, values[-1], max(values)


async def faults(urls: list[str], auths: list[dict], users: list[int], channel_id: int, kill, db_url: str,
                 seconds: float = 24) -> dict:
    clients = await connect_chatters(urls, auths)
    home = {id(c): urls[i % 2] for i, c in enumerate(clients)}
    auth_of = {id(c): auths[i] for i, c in enumerate(clients)}
    user_of = {id(c): users[i] for i, c in enumerate(clients)}
    sent: list[str] = []
    sent_to: dict[str, str] = {}
    requeued: list[str] = []
    unconfirmed: list[str] = []
    reconnects = 0
    errors: list[str] = []
    deadline = time.monotonic() + seconds

    async def chatter(c) -> None:
        """Chats as the page does: each message gets an id and stays in the outbox until answered."""
        nonlocal reconnects
        outbox: dict[str, str] = {}  # client id -> text, sent but not answered

        async def answer(client_id: str, since: int, timeout: float) -> None:
            try:
                await c.wait_for(answered(client_id), since=since, timeout=timeout)
                outbox.pop(client_id, None)
            except Exception:  # noqa: BLE001 - no answer (yet): it stays in the outbox
                pass

        while time.monotonic() < deadline or outbox:
            await asyncio.sleep(random.uniform(1.5, 2.5))
            if time.monotonic() > deadline + 40:
                break
            if not c.alive:  # the backend went away: reconnect through the "load balancer"
                try:
                    reconnects += 1
                    since = len(c.updates)
                    await c.reconnect(urls[0], auth_of[id(c)])
                    await c.wait_for(chat_ready, since=since, timeout=30)
                except Exception as exc:  # noqa: BLE001
                    errors.append(f"reconnect: {exc!r}"[:200])
                    continue
            if outbox:  # unanswered sends: hand them over again, as the page's outbox timer does
                entries = [{"id": k, "user": str(user_of[id(c)]), "channel": str(channel_id), "text": t}
                           for k, t in outbox.items()]
                requeued.extend(outbox.values())
                since = len(c.updates)
                try:
                    await c.emit(flush_event(entries))
                except Exception:  # noqa: BLE001
                    continue
                for k in list(outbox):
                    await answer(k, since, RESEND_AFTER)
                continue
            if time.monotonic() >= deadline:
                break
            text, client_id = f"fault {secrets.token_hex(5)}", secrets.token_hex(8)
            outbox[client_id] = text
            sent.append(text)
            sent_to[text] = c.base_url
            since = len(c.updates)
            try:
                await c.emit(send_event(text, client_id))
            except Exception:  # noqa: BLE001 - the socket died under us: it stays in the outbox
                continue
            await answer(client_id, since, RESEND_AFTER)
            if client_id not in outbox:
                try:  # a person waits to see their message before typing the next one
                    await c.wait_for(has_text(text), since=since, timeout=SEEN_WITHIN)
                except Exception:  # noqa: BLE001
                    unconfirmed.append(text)

    tasks = [asyncio.create_task(chatter(c)) for c in clients]
    await asyncio.sleep(seconds / 3)
    log("faults: killing backend 2")
    kill()
    await asyncio.gather(*tasks)
    # let the surviving backend finish what it was given before counting
    previous, stable_since = -1, time.monotonic()
    while time.monotonic() - stable_since < 12 and time.monotonic() < deadline + 60:
        now_count = sum(1 for n in stored_counts(db_url, sent).values() if n)
        if now_count != previous:
            previous, stable_since = now_count, time.monotonic()
        await asyncio.sleep(0.5)
    # the page's minute heartbeat catches up from the database; send it now rather than wait
    for c in clients:
        if c.alive:
            await c.emit(site.event("chat", "heartbeat", {"_tick": "bench"}, path="/chat/"))
    await asyncio.sleep(5)
    views = [[m.get("content") for m in thread_view(c.updates)] for c in clients]
    alive = sum(1 for c in clients if c.alive)
    await cl.close_all(clients)
    return {"sent": sent, "sent_to": sent_to, "requeued": requeued, "unconfirmed": unconfirmed, "reconnects": reconnects,
            "errors": errors, "views": views, "alive": alive,
            "moved": sum(1 for c in clients if home[id(c)] != urls[0])}


def run(bench: Bench) -> Result:
    app = bench.site()
    db_url = bench.pg_database()
    worksheet_id = site.add_worksheet(db_url, "Soak worksheet")
    ids = site.make_users(db_url, CLIENTS, prefix="benchsoak")
    sessions = site.sessions(db_url, ids)
    template = bench.hydrate(app, "/chat", site.storage_of(site.sessions(None, site.make_users(None, 1))[0]), key="chat")
    auths = [with_storage(template, s) for s in sessions]
    env = {"REFLEX_REDIS_URL": bench.redis_url, "LEARNSITE_DATABASE_URL": db_url}
    seconds = bench.soak_seconds
    result = Result("soak", f"Soak: {CLIENTS} clients browsing and chatting, {seconds / 60:.1f} min, 2 backends + Redis")
    if not bench.soak_chat:
        result.key, result.title = "soak_no_chat", result.title.replace("Soak", "Soak WITHOUT chat messages")
        result.notes.append("--soak-no-chat: clients browse (popups, worksheet page, chat page) but send no messages.")
    if seconds < 600:
        result.notes.append(f"SHORTER THAN THE SPECIFIED 10 MINUTES: this soak ran {seconds:.0f} s "
                            f"(--soak-seconds); run `make bench BENCH_ARGS=\"--only soak\"` for the full one.")

    one, two = bench.backend("soak-a", env), bench.backend("soak-b", env)
    try:
        log(f"soak: {CLIENTS} clients for {seconds:.0f}s")
        with record(bench.profile, [one, two], "soak", result.notes):
            out = asyncio.run(soak([one.url, two.url], auths, seconds, worksheet_id, [one, two], bench.soak_chat))
        server_errors = log_errors(one) + log_errors(two)
    finally:
        bench.stop_app(one)
        bench.stop_app(two)
    stats = out["stats"]
    counts = stored_counts(db_url, stats.sent) if stats.sent else {}
    wrong = {t: n for t, n in counts.items() if n != 1}
    errors = len(stats.errors) + out["toasts"] + len(server_errors) + out["dropped"]
    result.add("round trips done (p50 / p95 / p99)",
               f"{stats.ok} ({percentile(stats.times, 50) * 1000:.0f} / {percentile(stats.times, 95) * 1000:.0f} / "
               f"{percentile(stats.times, 99) * 1000:.0f} ms)")
    result.add("errors: client / error toasts / server log / dropped sockets",
               f"{len(stats.errors)} / {out['toasts']} / {len(server_errors)} / {out['dropped']}",
               target="0", ok=errors == 0)
    result.add("chat messages sent / stored exactly once", f"{len(stats.sent)} / {len(stats.sent) - len(wrong)}",
               target="all", ok=not wrong)
    for name, samples in zip(("backend 1", "backend 2"), out["mem"]):
        warm, end, peak = memory_trend(samples)
        growth = (end - warm) / warm if warm else 0
        result.add(f"{name} RSS warm → end (peak)", f"{fmt_bytes(warm)} → {fmt_bytes(end)} ({fmt_bytes(peak)}), "
                   f"{growth * 100:+.1f}%", target="flat (< +10%)", ok=growth < 0.10)
    result.notes.append("Round trip p50 / p95 by action: " + ", ".join(
        f"{a} {percentile(t, 50) * 1000:.0f} / {percentile(t, 95) * 1000:.0f} ms ({len(t)})"
        for a, t in sorted(stats.by_action.items())))
    if stats.errors:
        result.notes.append("First client errors: " + "; ".join(stats.errors[:3]))
    if server_errors:
        result.notes.append("First server log errors: " + "; ".join(server_errors[:3]))

    return result


def run_faults(bench: Bench) -> Result:
    """Kill one of two backends while 20 clients chat (the `faults` benchmark)."""
    app = bench.site()
    db_url = bench.pg_database()
    ids = site.make_users(db_url, FAULT_CLIENTS, prefix="benchfault")
    sessions = site.sessions(db_url, ids)
    template = bench.hydrate(app, "/chat", site.storage_of(site.sessions(None, site.make_users(None, 1))[0]), key="chat")
    auths = [with_storage(template, s) for s in sessions]
    env = {"REFLEX_REDIS_URL": bench.redis_url, "LEARNSITE_DATABASE_URL": db_url}
    result = Result("faults", "Faults: kill 1 of 2 backends (SIGKILL) while 20 clients chat")
    one, two = bench.backend("fault-a", env), bench.backend("fault-b", env)
    try:
        def kill():
            os.killpg(two.proc.pid, signal.SIGKILL)

        channel_id = chat.list_channels(db_url)[0].id  # the one the chat page opens
        out = asyncio.run(faults([one.url, two.url], auths[:FAULT_CLIENTS], ids[:FAULT_CLIENTS], channel_id, kill, db_url))
    finally:
        bench.stop_app(one)
        bench.stop_app(two)
    counts = stored_counts(db_url, out["sent"]) if out["sent"] else {}
    lost = [t for t, n in counts.items() if n == 0]
    doubled = [t for t, n in counts.items() if n > 1]
    in_order = stored_in_order(db_url, out["sent"])
    bad_views = 0
    for view in out["views"]:
        # The thread shows the newest messages: it must be the DB's newest ones, each once.
        fault_msgs = [t for t in view if t and t.startswith("fault ")]
        if not fault_msgs or fault_msgs != in_order[-len(fault_msgs):]:
            bad_views += 1
    result.add("faults: clients reconnected to the surviving backend / alive at the end",
               f"{out['reconnects']} / {out['alive']} of {FAULT_CLIENTS}", target=f"all {FAULT_CLIENTS} alive",
               ok=out["alive"] == FAULT_CLIENTS and not out["errors"])
    result.add("faults: messages sent / lost / doubled (DB is the truth)",
               f"{len(out['sent'])} / {len(lost)} / {len(doubled)}", target="0 lost, 0 doubled",
               ok=not lost and not doubled)
    result.add("faults: sent again by the outbox (no answer: lost on the dead socket, or its answer was)",
               f"{len(out['requeued'])}")
    result.add(f"faults: sent but not seen by the sender within {SEEN_WITHIN:.0f} s", f"{len(out['unconfirmed'])}")
    result.add("faults: clients whose final thread is the DB's newest messages, each once",
               f"{FAULT_CLIENTS - bad_views} of {FAULT_CLIENTS}", target="all", ok=bad_views == 0)
    if lost:
        on_killed = sum(1 for t in lost if out["sent_to"].get(t) == two.url)
        result.notes.append(f"Of the {len(lost)} lost messages, {on_killed} were sent to the killed backend.")
    if out["errors"]:
        result.notes.append("Fault errors: " + "; ".join(out["errors"][:3]))
    return result
