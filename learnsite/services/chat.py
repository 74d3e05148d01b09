"""Chat: channels and messages (SPEC §2 Chat, §3, §5, §7). Plain Python, no Reflex.

The sender of a message is always a user id the caller took from the verified
session; nothing here trusts a page. Messages are paged by id (ids grow with
time), so "older than message X" is exact even when two share a timestamp.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from sqlmodel import Session, func, select

from learnsite.db import session_scope
from learnsite.models import Channel, Message, User, utcnow

MAX_MESSAGE_CHARS = 2000
RATE_LIMIT_COUNT = 10
RATE_LIMIT_SECONDS = 10
PAGE_SIZE = 50
UNKNOWN_USER = "Unknown User"
CHANNEL_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


class ChatError(Exception):
    """A refusal with a message fit to show the user."""


class RateLimited(ChatError):
    """Too many messages just now: the same message may be sent again in a few seconds."""


@dataclass(frozen=True)
class ChannelView:
    id: int
    name: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class MessageView:
    """What a page may know about a message: no email; of the role, only that an administrator sent it (a
    stranger who signs up as admin@... is named "admin" too, but carries no badge)."""

    id: int
    channel_id: int
    user_id: int | None
    sender: str  # full name, or "Unknown User"
    content: str
    created_at: str  # ISO 8601, UTC
    admin: bool = False  # sent by an administrator: the page marks it

    def as_dict(self) -> dict:
        return asdict(self)


def _iso(at: datetime) -> str:
    if at.tzinfo is None:  # SQLite hands back naive datetimes: they are UTC
        at = at.replace(tzinfo=timezone.utc)
    return at.astimezone(timezone.utc).isoformat()


# ---------------------------------------------------------------- channels

def list_channels(db_url: str | None = None) -> list[ChannelView]:
    with session_scope(db_url) as s:
        rows = s.exec(select(Channel).order_by(Channel.id)).all()
        return [ChannelView(id=c.id, name=c.name) for c in rows]


def clean_channel_name(name: str) -> str:
    cleaned = re.sub(r"\s+", "-", (name or "").strip().lstrip("#").strip().lower())
    if not CHANNEL_NAME_RE.match(cleaned):
        raise ChatError(
            "Channel names use 1-40 lowercase letters, digits or hyphens, starting with a letter or digit."
        )
    return cleaned


def _require_admin(s: Session, admin_id: int | None, what: str = "manage channels") -> None:
    user = s.get(User, admin_id) if admin_id is not None else None
    if user is None or user.role != "admin":
        raise ChatError(f"Only administrators can {what}.")


def _name_taken(s: Session, name: str, except_id: int | None = None) -> bool:
    q = select(Channel.id).where(Channel.name == name)
    if except_id is not None:
        q = q.where(Channel.id != except_id)
    return s.exec(q).first() is not None


def create_channel(admin_id: int | None, name: str, db_url: str | None = None) -> ChannelView:
    cleaned = clean_channel_name(name)
    try:
        with session_scope(db_url) as s:
            _require_admin(s, admin_id)
            if _name_taken(s, cleaned):
                raise ChatError(f"A channel named #{cleaned} already exists.")
            channel = Channel(name=cleaned)
            s.add(channel)
            s.flush()
            return ChannelView(id=channel.id, name=channel.name)
    except sa.exc.IntegrityError as exc:  # a concurrent create won the race
        raise ChatError(f"A channel named #{cleaned} already exists.") from exc


def rename_channel(admin_id: int | None, channel_id: int, name: str, db_url: str | None = None) -> ChannelView:
    cleaned = clean_channel_name(name)
    try:
        with session_scope(db_url) as s:
            _require_admin(s, admin_id)
            channel = s.get(Channel, channel_id)
            if channel is None:
                raise ChatError("That channel does not exist.")
            if _name_taken(s, cleaned, except_id=channel_id):
                raise ChatError(f"A channel named #{cleaned} already exists.")
            channel.name = cleaned
            s.add(channel)
            return ChannelView(id=channel.id, name=channel.name)
    except sa.exc.IntegrityError as exc:
        raise ChatError(f"A channel named #{cleaned} already exists.") from exc


# ---------------------------------------------------------------- users

def senders(s: Session, user_ids) -> dict[int, tuple[str, bool]]:
    """(full name, is an administrator) keyed by id, for the ids given (missing ids are simply absent)."""
    ids = {i for i in user_ids if i is not None}
    if not ids:
        return {}
    rows = s.exec(select(User.id, User.full_name, User.email, User.role).where(User.id.in_(ids))).all()
    return {uid: (name or email.split("@")[0] or UNKNOWN_USER, role == "admin") for uid, name, email, role in rows}


def _views(s: Session, rows: list[Message]) -> list[MessageView]:
    who = senders(s, (m.user_id for m in rows))
    return [
        MessageView(id=m.id, channel_id=m.channel_id, user_id=m.user_id, sender=name, content=m.content,
                    created_at=_iso(m.created_at), admin=admin)
        for m in rows
        for name, admin in [who.get(m.user_id, (UNKNOWN_USER, False))]
    ]


# ---------------------------------------------------------------- messages

def recent_messages(
    channel_id: int,
    limit: int = PAGE_SIZE,
    before_id: int | None = None,
    db_url: str | None = None,
) -> list[MessageView]:
    """The newest `limit` messages of a channel (older than `before_id` if given), oldest first."""
    limit = max(1, min(int(limit), 200))
    with session_scope(db_url) as s:
        if s.get(Channel, channel_id) is None:
            raise ChatError("That channel does not exist.")
        q = select(Message).where(Message.channel_id == channel_id)
        if before_id is not None:
            q = q.where(Message.id < before_id)
        rows = list(s.exec(q.order_by(Message.id.desc()).limit(limit)).all())
        rows.reverse()
        return _views(s, rows)


def messages_after(channel_id: int, after_id: int, limit: int = 200, db_url: str | None = None) -> list[MessageView]:
    """Messages newer than `after_id`, oldest first (catching up after a gap)."""
    with session_scope(db_url) as s:
        q = (
            select(Message)
            .where(Message.channel_id == channel_id, Message.id > after_id)
            .order_by(Message.id)
            .limit(limit)
        )
        return _views(s, list(s.exec(q).all()))


def count_messages(channel_id: int, db_url: str | None = None) -> int:
    with session_scope(db_url) as s:
        return s.exec(select(func.count()).select_from(Message).where(Message.channel_id == channel_id)).one()


CLIENT_ID_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")


def clean_client_id(value) -> str | None:
    """A page's id for its message, or None when it sent none (or nothing usable)."""
    return value if isinstance(value, str) and CLIENT_ID_RE.fullmatch(value) else None


def _posted(s: Session, sender_id: int, client_id: str | None) -> Message | None:
    if client_id is None:
        return None
    return s.exec(select(Message).where(Message.user_id == sender_id, Message.client_id == client_id)).first()


def post_message(
    sender_id: int | None,
    channel_id: int,
    content: str,
    db_url: str | None = None,
    client_id: str | None = None,
) -> MessageView:
    """Store a message from the signed-in user `sender_id` (taken from the session, never the page).

    `client_id` is the page's own id for the message: a page that got no answer sends it again
    under the same id, and gets back the message already stored (not counted again by the rate
    limit), so a message is stored once however often it is sent.
    """
    if sender_id is None:
        raise ChatError("Please sign in to chat.")
    client_id = clean_client_id(client_id)
    text = (content or "").strip()
    if not text:
        raise ChatError("A message cannot be empty.")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ChatError(f"Messages can be at most {MAX_MESSAGE_CHARS:,} characters long (this one has {len(text):,}).")
    try:
        return _store(sender_id, channel_id, text, client_id, db_url)
    except sa.exc.IntegrityError:  # the same resend, committed meanwhile by another process
        with session_scope(db_url) as s:
            if (stored := _posted(s, sender_id, client_id)) is None:
                raise
            return _views(s, [stored])[0]


def _store(sender_id: int, channel_id: int, text: str, client_id: str | None, db_url: str | None) -> MessageView:
    with session_scope(db_url) as s:
        # Lock the sender's row (PostgreSQL) so concurrent posts by one user count (and find) each
        # other; on SQLite the insert below takes the single write lock before the count.
        sender = s.exec(select(User).where(User.id == sender_id).with_for_update()).first()
        if sender is None:
            raise ChatError("Please sign in to chat.")
        if (stored := _posted(s, sender_id, client_id)) is not None:
            return _views(s, [stored])[0]
        if s.get(Channel, channel_id) is None:
            raise ChatError("That channel does not exist.")
        message = Message(content=text, user_id=sender_id, channel_id=channel_id, client_id=client_id)
        s.add(message)
        s.flush()
        since = utcnow() - timedelta(seconds=RATE_LIMIT_SECONDS)
        recent = s.exec(
            select(func.count()).select_from(Message).where(Message.user_id == sender_id, Message.created_at > since)
        ).one()
        if recent > RATE_LIMIT_COUNT:
            raise RateLimited(
                f"You are sending messages too quickly: at most {RATE_LIMIT_COUNT} every "
                f"{RATE_LIMIT_SECONDS} seconds. Please wait a moment."
            )
        return _views(s, [message])[0]


def merge_live(
    window: list[dict], live: list[dict], incoming, live_max: int, window_max: int, keep: int
) -> tuple[list[dict], list[dict], bool] | None:
    """Add messages (dicts with an "id") to what one tab shows; each id once, oldest first.

    A tab holds `window` (sent once, when it opened the channel) and `live` (what arrived since),
    so a push resends only `live`. Past live_max, live folds into the window; past window_max the
    window keeps its newest `keep`. Returns None when nothing is new, else (window, live, trimmed).
    """
    known = {m["id"] for m in window}
    known.update(m["id"] for m in live)
    fresh = {}
    for m in incoming:
        if m["id"] not in known:
            fresh.setdefault(m["id"], m)
    if not fresh:
        return None
    by_id = lambda m: m["id"]  # noqa: E731
    if not window or min(fresh) > window[-1]["id"]:
        live = sorted([*live, *fresh.values()], key=by_id)
    else:  # committed late: its place is inside the window
        window, live = sorted([*window, *live, *fresh.values()], key=by_id), []
    if len(live) > live_max:
        window, live = window + live, []
    if len(window) > window_max:
        return window[-keep:], live, True
    return window, live, False


MESSAGE_GONE = "That message was already removed."


def remove_message(admin_id: int | None, message_id: int, db_url: str | None = None) -> int:
    """An administrator takes a message out of the chat for everyone (a children's site must be able to); returns
    its channel's id. The row is deleted: nothing of it is kept, as nothing of a deleted account is."""
    with session_scope(db_url) as s:
        _require_admin(s, admin_id, "remove messages")
        message = s.get(Message, message_id)
        if message is None:
            raise ChatError(MESSAGE_GONE)
        channel_id = message.channel_id
        s.delete(message)
        return channel_id


def thread_for_summary(channel_id: int, limit: int = 200, db_url: str | None = None) -> list[MessageView]:
    """The latest messages of a channel, oldest first, for the summarizer."""
    return recent_messages(channel_id, limit=limit, db_url=db_url)
