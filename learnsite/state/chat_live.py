"""Live chat pushes: what is posted reaches every tab viewing its channel, on every backend process.

- The database is the truth; a push only saves the tabs a trip to it.
- Each backend process knows the tabs whose sockets it serves, by channel (`watch`, `unwatch`:
  ChatState's handlers run on the process holding the tab's socket).
- A post is published once: through Redis pub/sub to every process when Redis is configured,
  else straight to this process.
- Each process then updates only its own viewers (`app.modify_state`), concurrently. Each update
  takes only that tab's lock and sends only what the tab lacks, so the cost of a message is spread
  over the processes and grows with the viewers' count, not with the window's size. (A Reflex
  SharedState room would take the room's lock once per viewer and resend the whole window.)
- Redis pub/sub is at-most-once: a push lost on the way is made good by the page's heartbeat,
  which reads from the database whatever the tab has not shown yet.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import reflex as rx
from reflex.utils import prerequisites

from learnsite.db import resolve_url

log = logging.getLogger(__name__)

PUSH_CONCURRENCY = 32  # tabs updated at once by one process
RETRY_SECONDS = 2.0

_viewers: dict[int, set[str]] = {}  # channel id -> client tokens served by this process
_watching: dict[str, int] = {}  # client token -> channel id
_tasks: set[asyncio.Task] = set()
_app: Any = None
_redis: Any = None


def topic() -> str:
    """Channel ids are per database: two sites sharing one Redis must not hear each other."""
    tag = hashlib.sha256(resolve_url().encode()).hexdigest()[:10]
    return f"learnsite:{tag}:chat"


# ---------------------------------------------------------------- who views what, here

def watch(token: str, channel_id: int) -> None:
    unwatch(token)
    _viewers.setdefault(channel_id, set()).add(token)
    _watching[token] = channel_id


def unwatch(token: str, channel_id: int | None = None) -> None:
    """Forget the tab (only if it still watches `channel_id`, when given)."""
    if channel_id is not None and _watching.get(token) != channel_id:
        return
    channel_id = _watching.pop(token, None)
    if channel_id is None:
        return
    tokens = _viewers.get(channel_id)
    if tokens is not None:
        tokens.discard(token)
        if not tokens:
            del _viewers[channel_id]


def watched_channel(token: str) -> int | None:
    return _watching.get(token)


# ---------------------------------------------------------------- publishing

def _redis_client():
    global _redis
    if _redis is None and prerequisites.parse_redis_url() is not None:
        _redis = prerequisites.get_redis()
    return _redis


def _spawn(coro) -> None:
    task = asyncio.get_running_loop().create_task(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def publish(event: dict) -> None:
    """Send an event to the viewers on every process. Never raises: the heartbeat is the fallback."""
    redis = _redis_client()
    if redis is None:
        _spawn(deliver(event))
        return
    try:
        await redis.publish(topic(), json.dumps(event, separators=(",", ":")))
    except Exception:
        log.exception("publishing a chat push failed; viewers catch up on their heartbeat")
        _spawn(deliver(event))  # at least the viewers on this process


def message_event(message: dict, sender_token: str) -> dict:
    return {"kind": "message", "channel_id": message["channel_id"], "message": message, "from": sender_token}


def removed_event(channel_id: int, message_id: int, sender_token: str) -> dict:
    return {"kind": "removed", "channel_id": channel_id, "message_id": message_id, "from": sender_token}


def channels_event(channels: list[dict]) -> dict:
    return {"kind": "channels", "channels": channels}


# ---------------------------------------------------------------- delivering, on each process

def _is_local(app, token: str) -> bool:
    manager = app.event_namespace._token_manager
    record = manager.token_to_socket.get(token)
    return record is not None and record.instance_id == manager.instance_id


def _recipients(app, event: dict) -> list[str]:
    if event.get("kind") in ("message", "removed"):
        tokens = set(_viewers.get(int(event["channel_id"]), ()))
        tokens.discard(event.get("from", ""))
    else:
        tokens = set(_watching)
    out = []
    for token in tokens:
        if _is_local(app, token):
            out.append(token)
        else:
            unwatch(token)  # the tab closed, or its socket moved: its new process watches it now
    return out


async def deliver(event: dict, app=None) -> int:
    """Apply an event to this process's viewers; returns how many tabs were updated."""
    from learnsite.state.chat import ChatState

    app = app or _app
    if app is None or app.event_namespace is None:
        return 0
    gate = asyncio.Semaphore(PUSH_CONCURRENCY)
    updated = 0

    async def push(token: str) -> None:
        nonlocal updated
        async with gate:
            try:
                async with app.modify_state(rx.BaseStateToken(ident=token, cls=ChatState)) as root:
                    chat = await root.get_state(ChatState)
                    if not await chat._may_receive():
                        return  # its session ended: unwatched
                    if chat._on_push(event):
                        updated += 1
                    elif event.get("kind") in ("message", "removed"):
                        # the tab left the channel meanwhile (if it watches another one now, keep that)
                        unwatch(token, int(event["channel_id"]))
            except Exception:
                log.exception("pushing a chat update to a tab failed")

    await asyncio.gather(*(push(t) for t in _recipients(app, event)))
    return updated


async def listen(app) -> None:
    """Lifespan task: remember the app, and with Redis, deliver what any process publishes."""
    global _app
    _app = app
    redis = _redis_client()
    if redis is None:
        return
    while True:
        pubsub = redis.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(topic())
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    event = json.loads(message["data"])
                except ValueError:
                    continue
                _spawn(deliver(event, app))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("chat push subscription lost; subscribing again")
            await asyncio.sleep(RETRY_SECONDS)
        finally:
            try:
                await pubsub.aclose()
            except Exception:  # noqa: BLE001
                pass
