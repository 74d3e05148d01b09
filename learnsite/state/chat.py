"""Chat state: live channels (SPEC §2 Chat, §4, §5, §8).

How a message reaches every viewer:
- The database is the source of truth (learnsite.services.chat).
- ChatRoomState is a SharedState linked per channel (room_key). It holds only a
  window of the channel's newest messages. When anyone posts, the message is stored,
  then merged (by id) into the window; Reflex pushes the change to every client linked
  to that channel, also through Redis when the clients sit on other backend processes.
- Each client keeps the older pages it scrolled up to in its own ChatState.older,
  anchored to the window's first id: if the window is trimmed (first id moves), the
  older pages no longer join up with it and are hidden until loaded again, so the
  list never has a gap or a duplicate.
- Page load, channel switch and a periodic heartbeat re-sync the window from the
  database and re-join the channel; a reconnect rehydrates the current window, so a
  reconnecting user sees every message once.

Every handler takes the sender from the verified session (AuthState.user_of), never
from the page; ChatRoomState has no public handlers at all.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from typing import Any

import reflex as rx

from learnsite import toast
from learnsite.config import settings
from learnsite.db import normalise_url
from learnsite.services import chat, summary
from learnsite.services.chat import ChatError
from learnsite.services.summary import SummaryError
from learnsite.state.auth import AuthState

log = logging.getLogger(__name__)

WINDOW_PAGE = chat.PAGE_SIZE  # messages loaded when a window is (re)built
WINDOW_MAX = 2 * chat.PAGE_SIZE  # a live window is trimmed back to WINDOW_PAGE beyond this
OLDER_LIMIT = 20 * chat.PAGE_SIZE  # older history one tab may hold in State while scrolling up
SERVER_ERROR = "Something went wrong"


def _site_tag() -> str:
    """Channel ids are per database: two sites sharing one Redis must not share rooms."""
    return hashlib.sha256(normalise_url(settings.db_url).encode()).hexdigest()[:10]


def room_key(channel_id: int) -> str:
    return f"room{_site_tag()}c{int(channel_id)}"  # SharedState keys may not contain "_"


def _message_error(exc: Exception) -> str:
    return str(exc) if isinstance(exc, (ChatError, SummaryError)) else SERVER_ERROR


class ChatRoomState(rx.SharedState):
    """The newest messages of one channel, shared by everyone viewing it."""

    messages: list[dict[str, Any]] = []
    first_id: int = 0  # id of the window's first message (0: empty)
    has_earlier: bool = False  # the channel has messages before the window

    def _set_window(self, views: list[chat.MessageView], has_earlier: bool) -> None:
        rows = [v.as_dict() for v in views]
        if rows != self.messages:
            self.messages = rows
        first = rows[0]["id"] if rows else 0
        if first != self.first_id:
            self.first_id = first
        if has_earlier != self.has_earlier:
            self.has_earlier = has_earlier

    def _sync(self, channel_id: int) -> None:
        """Rebuild the window from the database, keeping its start when it still fits."""
        views: list[chat.MessageView] = []
        if self.first_id:
            views = chat.messages_after(channel_id, self.first_id - 1, limit=WINDOW_MAX + 1)
            if not views or views[0].id != self.first_id or len(views) > WINDOW_MAX:
                views = []
        if not views:
            views = chat.recent_messages(channel_id, limit=WINDOW_PAGE)
        earlier = bool(views) and bool(chat.recent_messages(channel_id, limit=1, before_id=views[0].id))
        self._set_window(views, earlier)

    def _add(self, channel_id: int, posted: chat.MessageView) -> None:
        """Merge a new message and anything newer that this window missed."""
        last = self.messages[-1]["id"] if self.messages else 0
        missed = chat.messages_after(channel_id, last, limit=WINDOW_MAX)
        incoming = [v.as_dict() for v in missed] + [posted.as_dict()]
        rows, trimmed = chat.merge_window(self.messages, incoming, WINDOW_MAX, WINDOW_PAGE)
        earlier = self.has_earlier or trimmed
        if rows != self.messages:
            self.messages = rows
        if rows and rows[0]["id"] != self.first_id:
            self.first_id = rows[0]["id"]
        if earlier != self.has_earlier:
            self.has_earlier = earlier


class ChatState(rx.State):
    channels: list[dict[str, Any]] = []
    channel_id: int = 0
    my_id: int = 0  # the signed-in user's id, to put own messages on the right
    is_admin: bool = False
    loading: bool = True
    older: list[dict[str, Any]] = []  # pages above the shared window, oldest first
    older_anchor: int = 0  # ChatRoomState.first_id when `older` was loaded
    older_more: bool = False  # messages exist before older[0]
    loading_older: bool = False
    summarizing: bool = False

    @rx.var
    def channel_name(self) -> str:
        return next((c["name"] for c in self.channels if c["id"] == self.channel_id), "")

    # ------------------------------------------------------------ helpers

    async def _room(self) -> ChatRoomState:
        return await self.get_state(ChatRoomState)

    def _load_channels(self) -> None:
        self.channels = [c.as_dict() for c in chat.list_channels()]

    async def _open(self, channel_id: int) -> None:
        room = await self._room()
        room = await room._link_to(room_key(channel_id))
        self.channel_id = channel_id
        self.older, self.older_anchor, self.older_more = [], 0, False
        room._sync(channel_id)

    async def _leave(self) -> None:
        """Stop receiving the channel's pushes (left /chat, or signed out)."""
        try:
            room = await self._room()
            if room._linked_to:
                await room._unlink()  # its rehydrate events are not needed: /chat re-syncs on load
        except Exception:
            log.exception("leaving the chat room failed")
        self.channel_id = 0
        self.older, self.older_anchor, self.older_more = [], 0, False

    # ------------------------------------------------------------ events

    @rx.event
    async def load_chat(self):
        """On page load: the channel list, then the selected (first) channel's messages."""
        user = await AuthState.user_of(self)
        if user is None:
            return
        self.my_id, self.is_admin = user.id, user.is_admin
        self.loading = True
        yield
        try:
            self._load_channels()
        except Exception as exc:
            log.exception("fetching channels failed")
            self.loading = False
            yield toast.notify("Error fetching channels", _message_error(exc), level="error")
            return
        ids = [c["id"] for c in self.channels]
        if not ids:
            self.loading = False
            return
        chosen = self.channel_id if self.channel_id in ids else ids[0]
        try:
            await self._open(chosen)
        except Exception as exc:
            log.exception("fetching messages failed")
            yield toast.notify("Error fetching messages", _message_error(exc), level="error")
        finally:
            self.loading = False

    @rx.event
    async def select_channel(self, channel_id: int):
        if await AuthState.user_of(self) is None:
            return
        try:
            channel_id = int(channel_id)
        except (TypeError, ValueError):
            return
        if channel_id not in {c["id"] for c in self.channels}:
            return
        self.loading = True
        yield
        try:
            await self._open(channel_id)
        except Exception as exc:
            log.exception("fetching messages failed")
            yield toast.notify("Error fetching messages", _message_error(exc), level="error")
        finally:
            self.loading = False

    @rx.event
    async def send_message(self, form_data: dict):
        user = await AuthState.user_of(self)
        if user is None or not self.channel_id:
            return  # signed out or forged: post nothing
        text = str((form_data or {}).get("message", ""))
        if not text.strip():
            return  # SPEC §5: an empty or blank message is not sent
        try:
            posted = await asyncio.to_thread(chat.post_message, user.id, self.channel_id, text)
        except Exception as exc:
            if not isinstance(exc, ChatError):
                log.exception("sending a message failed")
            # give the text back so nothing typed is lost
            return [
                rx.set_value("chat-message-input", text),
                toast.notify("Error sending message", _message_error(exc), level="error"),
            ]
        room = await self._room()
        room._add(self.channel_id, posted)

    @rx.event
    async def load_older(self):
        """Scrolling up: the page of messages just above what is shown."""
        if await AuthState.user_of(self) is None or not self.channel_id or len(self.older) >= OLDER_LIMIT:
            return
        room = await self._room()
        if not room.first_id:
            return
        if self.older_anchor != room.first_id:  # the window moved: start again from it
            self.older, self.older_anchor = [], room.first_id
        before = self.older[0]["id"] if self.older else room.first_id
        self.loading_older = True
        yield
        try:
            page = await asyncio.to_thread(chat.recent_messages, self.channel_id, chat.PAGE_SIZE, before)
            self.older = [v.as_dict() for v in page] + self.older
            # State holds a bounded history: past OLDER_LIMIT messages, scrolling up stops.
            self.older_more = bool(page) and len(self.older) < OLDER_LIMIT and bool(
                await asyncio.to_thread(chat.recent_messages, self.channel_id, 1, page[0].id)
            )
        except Exception as exc:
            log.exception("fetching older messages failed")
            yield toast.notify("Error fetching messages", _message_error(exc), level="error")
        finally:
            self.loading_older = False

    @rx.event
    async def heartbeat(self, _tick: str = ""):
        """Every few minutes: stay joined to the channel and catch up on anything missed."""
        if not self.channel_id:
            return
        if await AuthState.user_of(self) is None:
            await self._leave()  # signed out meanwhile: no more messages for this tab
            return
        try:
            room = await self._room()
            room._sync(self.channel_id)
        except Exception:
            log.exception("chat heartbeat failed")

    @rx.event
    async def leave_chat(self):
        """The chat page unmounted (the tab went to another page)."""
        await self._leave()

    @rx.event(background=True)
    async def summarize_thread(self):
        async with self:
            user = await AuthState.user_of(self)
            if user is None or self.summarizing or not self.channel_id:
                return
            self.summarizing = True
            channel_id = self.channel_id
        try:
            thread = await asyncio.to_thread(chat.thread_for_summary, channel_id)
            text = await asyncio.to_thread(summary.summarize, thread)
        except Exception as exc:
            if not isinstance(exc, (ChatError, SummaryError)):
                log.exception("summarizing a thread failed")
            result = toast.notify("Error summarizing thread", _message_error(exc), level="error")
        else:
            result = toast.notify("Thread Summary", text, level="info", duration=toast.SUMMARY_MS)
        async with self:
            self.summarizing = False
        yield result

    # ------------------------------------------------------------ admin: channels

    @rx.event
    async def create_channel(self, form_data: dict):
        admin = await AuthState.admin_of(self)
        if admin is None:
            return
        try:
            made = chat.create_channel(admin.id, str((form_data or {}).get("name", "")))
            self._load_channels()
        except Exception as exc:
            return toast.notify("Could not create channel", _message_error(exc), level="error")
        return [ChatState.select_channel(made.id), toast.notify("Channel created", f"#{made.name} is ready.", level="success")]

    @rx.event
    async def rename_channel(self, form_data: dict):
        admin = await AuthState.admin_of(self)
        if admin is None or not self.channel_id:
            return
        try:
            renamed = chat.rename_channel(admin.id, self.channel_id, str((form_data or {}).get("name", "")))
            self._load_channels()
        except Exception as exc:
            return toast.notify("Could not rename channel", _message_error(exc), level="error")
        return toast.notify("Channel renamed", f"It is now #{renamed.name}.", level="success")
