"""Chat state: live channels (SPEC §2 Chat, §4, §5, §8).

How a message reaches every viewer:
- The database is the source of truth (learnsite.services.chat).
- Each tab's ChatState holds what it shows of its channel: `older` (pages it scrolled up to),
  `messages` (the newest messages when it opened the channel) and `live` (what arrived since). A push
  changes only `live`, so it resends a few messages, not the whole thread; past LIVE_MAX, `live`
  folds into `messages`, which past WINDOW_MAX keeps its newest WINDOW_PAGE (dropping `older`, which
  would no longer join up with it: the list never has a gap or a duplicate).
- learnsite.state.chat_live delivers each post to the viewers on every backend process.
- Page load, channel switch and a heartbeat every minute read from the database what the tab has
  not shown yet, so a push lost on the way, or a reconnect, costs nothing but a moment.

Every handler takes the sender from the verified session (AuthState.user_of), never from the page;
_on_push is private (a leading underscore: no client can call it). Pushes reach only a tab whose session is
still live (checked at most every SESSION_RECHECK_S): a socket left open after its session ended (a logout or
a password reset elsewhere) stops hearing the channel, even if its page never sends another event.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import reflex as rx

from learnsite.guard.payload import allow_text
from learnsite.safe_text import inert

from learnsite import toast
from learnsite.services import accounts, chat, summary
from learnsite.services.chat import ChatError
from learnsite.services.summary import SummaryError
from learnsite.state import chat_live, chat_outbox
from learnsite.state.account_calls import form_field
from learnsite.state.auth import USER_LOGIN, AuthState, login_redirect

log = logging.getLogger(__name__)

WINDOW_PAGE = chat.PAGE_SIZE  # messages loaded when a channel opens
WINDOW_MAX = 2 * chat.PAGE_SIZE  # `messages` is trimmed back to WINDOW_PAGE beyond this
LIVE_MAX = 20  # `live` folds into `messages` beyond this
OLDER_LIMIT = 20 * chat.PAGE_SIZE  # older history one tab may hold in State while scrolling up
SESSION_RECHECK_S = 30  # a viewer's session is read again before a push at most this often


def _message_error(exc: Exception) -> str:
    return str(exc) if isinstance(exc, (ChatError, SummaryError)) else toast.SOMETHING_WRONG


WAITS_IN_OUTBOX = "Your message will be sent by itself in a moment."


def _not_sent(text: str, exc: Exception) -> list:
    """The refusal toast, and the text back in the input so nothing typed is lost."""
    return [rx.set_value("chat-message-input", inert(text)),
            toast.notify("Error sending message", _message_error(exc), level="error")]


def _window(channel_id: int) -> tuple[list[dict], bool]:
    """The newest WINDOW_PAGE messages, and whether any come before them."""
    views = chat.recent_messages(channel_id, limit=WINDOW_PAGE + 1)
    return [v.as_dict() for v in views[-WINDOW_PAGE:]], len(views) > WINDOW_PAGE


class ChatState(rx.State):
    channels: list[dict[str, Any]] = []
    channel_id: int = 0
    my_id: int = 0  # the signed-in user's id, to put own messages on the right
    is_admin: bool = False
    loading: bool = True
    older: list[dict[str, Any]] = []  # pages above `messages`, oldest first
    older_more: bool = False  # messages exist before older[0]
    messages: list[dict[str, Any]] = []  # the newest messages when the channel opened (+ folded live)
    live: list[dict[str, Any]] = []  # arrived since
    has_earlier: bool = False  # messages exist before messages[0]
    loading_older: bool = False
    summarizing: bool = False
    confirm_remove: int = 0  # an administrator's message to remove, asked "for everyone?" first
    _session_checked_at: float = 0.0  # when a push last found this tab's session live (time.time())

    @rx.var
    def channel_name(self) -> str:
        return next((c["name"] for c in self.channels if c["id"] == self.channel_id), "")

    # ------------------------------------------------------------ helpers

    @property
    def _token(self) -> str:
        return self.router.session.client_token

    async def _load_channels(self) -> None:
        self.channels = [c.as_dict() for c in await asyncio.to_thread(chat.list_channels)]

    def _last_id(self) -> int:
        shown = self.live or self.messages
        return shown[-1]["id"] if shown else 0

    async def _open(self, channel_id: int) -> None:
        rows, earlier = await asyncio.to_thread(_window, channel_id)
        self.channel_id = channel_id
        self.messages, self.live, self.has_earlier = rows, [], earlier
        self.older, self.older_more = [], False
        chat_live.watch(self._token, channel_id)

    async def _show(self, channel_id: int):
        """Open the channel and end the loading state; the error toast to yield if that failed."""
        try:
            await self._open(channel_id)
        except Exception as exc:
            log.exception("fetching messages failed")
            return toast.notify("Error fetching messages", _message_error(exc), level="error")
        finally:
            self.loading = False
        return None

    def _receive(self, rows: list[dict]) -> None:
        # read each var once: every read of a list var hands out a new proxy, so identity only
        # tells "unchanged" against the very object merge_live was given
        shown, arrived = self.messages, self.live
        merged = chat.merge_live(shown, arrived, rows, LIVE_MAX, WINDOW_MAX, WINDOW_PAGE)
        if merged is None:
            return
        window, live, trimmed = merged
        if window is not shown:  # assigning marks the var dirty: only what changed is sent
            self.messages = window
        if live is not arrived:
            self.live = live
        if trimmed:
            self.older, self.older_more, self.has_earlier = [], False, True

    async def _may_receive(self) -> bool:
        """A push may reach this tab: its session was live within SESSION_RECHECK_S (a read per viewer per
        message would cost the chat its speed). Read as it is, never refreshed: the push is not the page's
        doing. A tab refused stops being watched; a page that is really open (an access token that expired
        while a laptop slept) is watched again by its next heartbeat, which refreshes it and catches up."""
        now = time.time()
        if now - self._session_checked_at < SESSION_RECHECK_S:
            return True
        auth = await self.get_state(AuthState)
        if await asyncio.to_thread(accounts.user_for_access_token, auth.access_token) is None:
            chat_live.unwatch(self._token)
            return False
        self._session_checked_at = now
        return True

    def _on_push(self, event: dict) -> bool:
        """An update from chat_live; False when this tab no longer views the message's channel."""
        if event.get("kind") == "channels":
            self.channels = event["channels"]
            return True
        if int(event.get("channel_id", 0)) != self.channel_id or not self.channel_id:
            return False
        if event.get("kind") == "removed":
            self._drop(int(event["message_id"]))
        else:
            self._receive([event["message"]])
        return True

    def _drop(self, message_id: int) -> None:
        """A removed message leaves whichever list shows it (each list is assigned only if it held it)."""
        for name in ("older", "messages", "live"):
            shown = getattr(self, name)
            if any(m["id"] == message_id for m in shown):
                setattr(self, name, [m for m in shown if m["id"] != message_id])
        if self.confirm_remove == message_id:
            self.confirm_remove = 0

    async def _catch_up(self) -> None:
        """Show what the database has that this tab has not (a lost push, a reconnect)."""
        rows = await asyncio.to_thread(chat.messages_after, self.channel_id, self._last_id(), WINDOW_MAX + 1)
        if len(rows) > WINDOW_MAX:  # too far behind to join up: start again from the newest
            await self._open(self.channel_id)
        else:
            self._receive([v.as_dict() for v in rows])
            chat_live.watch(self._token, self.channel_id)

    def _leave(self) -> None:
        """Stop receiving the channel's pushes (left /chat, or signed out)."""
        chat_live.unwatch(self._token)
        self.channel_id = 0
        self.older, self.older_more, self.messages, self.live = [], False, [], []

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
            await self._load_channels()
        except Exception as exc:
            log.exception("fetching channels failed")
            self.loading = False
            yield toast.notify("Error fetching channels", _message_error(exc), level="error")
            return
        ids = [c["id"] for c in self.channels]
        if not ids:
            self.loading = False
            return
        if failed := await self._show(self.channel_id if self.channel_id in ids else ids[0]):
            yield failed

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
        if failed := await self._show(channel_id):
            yield failed

    @rx.event
    async def send_message(self, form_data: dict[str, str]):
        user = await AuthState.user_of(self)
        if user is None:
            # signed out in another tab meanwhile: post nothing; the outbox keeps the message for after the login
            return login_redirect(USER_LOGIN, "/chat")
        if not self.channel_id:
            return
        text = form_field(form_data, "message")
        if not text.strip():
            return  # SPEC §5: an empty or blank message is not sent
        client_id = chat.clean_client_id(form_data.get("client_id"))
        if client_id and form_data.get("behind"):
            return  # an earlier message waits in the page's outbox: the flush the page sends next posts both, in turn
        answered = [chat_outbox.done([client_id])] if client_id else []
        try:
            posted = await asyncio.to_thread(chat.post_message, user.id, self.channel_id, text, None, client_id)
        except chat.RateLimited as exc:
            if not client_id:
                return _not_sent(text, exc)
            # left unanswered, it stays in the page's outbox, which sends it when the limit allows, in turn (a
            # text given back in the box was overwritten by the next refused one: of a burst, only the last came
            # back)
            return [chat_outbox.hold([client_id]),
                    toast.notify("Error sending message", f"{exc} {WAITS_IN_OUTBOX}", level="error")]
        except Exception as exc:
            if not isinstance(exc, ChatError):
                log.exception("sending a message failed")
            return [*answered, *_not_sent(text, exc)]
        await self._publish_and_show(posted.as_dict())
        return answered

    async def _publish_and_show(self, message: dict) -> None:
        await chat_live.publish(chat_live.message_event(message, self._token))
        if message["channel_id"] == self.channel_id:
            await self._catch_up()  # anything this tab had not shown yet, then the new message
            self._receive([message])

    @rx.event
    @allow_text(outbox=chat_outbox.MAX_OUTBOX_CHARS)
    async def flush_outbox(self, outbox: str = "[]"):
        """The page's unanswered sends (see chat_outbox): each is stored once, then answered."""
        user = await AuthState.user_of(self)
        if user is None:
            return login_redirect(USER_LOGIN, "/chat")
        answered, refused, held = [], None, []
        entries = chat_outbox.entries_of(outbox, user.id)
        for i, entry in enumerate(entries):
            try:
                posted = await asyncio.to_thread(
                    chat.post_message, user.id, entry.channel_id, entry.text, None, entry.client_id
                )
            except chat.RateLimited:  # the rest stays in the outbox: it goes again a few seconds later
                held = [e.client_id for e in entries[i:]]
                break
            except ChatError as exc:
                answered.append(entry.client_id)
                refused = (entry.text, exc)
                continue
            except Exception:  # the database is away: the page tries again later
                log.exception("sending an outbox message failed")
                break
            answered.append(entry.client_id)
            await self._publish_and_show(posted.as_dict())
        events = [chat_outbox.done(answered)] if answered else []
        if held:
            events.append(chat_outbox.hold(held))
        if refused:
            events += _not_sent(*refused)
        return events

    @rx.event
    async def load_older(self):
        """Scrolling up: the page of messages just above what is shown."""
        if await AuthState.user_of(self) is None or not self.channel_id or len(self.older) >= OLDER_LIMIT:
            return
        if not self.messages or self.loading_older:  # a press while the page comes (the button stays focusable)
            return
        before = self.older[0]["id"] if self.older else self.messages[0]["id"]
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
        """Every minute: stay watched and catch up on anything a lost push left out."""
        if not self.channel_id:
            return
        if await AuthState.user_of(self) is None:
            self._leave()  # signed out meanwhile: no more messages for this tab
            return
        try:
            await self._catch_up()
        except Exception:
            log.exception("chat heartbeat failed")

    @rx.event
    async def leave_chat(self):
        """The chat page unmounted (the tab went to another page)."""
        self._leave()

    @rx.event
    def rejoin(self):
        """The chat page mounted. After a connection the server had not seen drop (a phone off the wifi), the tab
        came back with a fresh state: its guard hid the page a moment, the unmount's leave_chat closed the channel
        that on_load had opened, and the parent saw "#" and "No messages yet" until a reload. Open it again."""
        if not self.channel_id:
            return ChatState.load_chat

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

    # ------------------------------------------------------------ admin: messages

    @rx.event
    async def ask_remove(self, message_id: int):
        """An administrator's Remove: the message asks "for everyone?" before anything happens."""
        if self.is_admin and isinstance(message_id, int):
            self.confirm_remove = message_id

    @rx.event
    def keep_message(self):
        self.confirm_remove = 0

    @rx.event
    async def remove_message(self, message_id: int):
        """Remove a message for everyone: administrators only (checked again on the server)."""
        self.confirm_remove = 0
        admin = await AuthState.admin_of(self)
        if admin is None or not isinstance(message_id, int):
            return None
        try:
            channel_id = await asyncio.to_thread(chat.remove_message, admin.id, message_id)
        except Exception as exc:
            if not isinstance(exc, ChatError):
                log.exception("removing a message failed")
            elif str(exc) == chat.MESSAGE_GONE:
                self._drop(message_id)  # removed meanwhile (another admin, another tab): gone here too
            return toast.notify("Could not remove message", _message_error(exc), level="error")
        self._drop(message_id)
        await chat_live.publish(chat_live.removed_event(channel_id, message_id, self._token))
        return toast.notify("Message removed", "It is gone for everyone.", level="success")

    # ------------------------------------------------------------ admin: channels

    @rx.event
    async def create_channel(self, form_data: dict[str, str]):
        admin = await AuthState.admin_of(self)
        if admin is None:
            return
        try:
            made = await asyncio.to_thread(chat.create_channel, admin.id, form_field(form_data, "name"))
            await self._load_channels()
        except Exception as exc:
            if not isinstance(exc, ChatError):
                log.exception("creating a channel failed")
            return toast.notify("Could not create channel", _message_error(exc), level="error")
        await chat_live.publish(chat_live.channels_event(self.channels))
        return [ChatState.select_channel(made.id), toast.notify("Channel created", f"#{made.name} is ready.", level="success")]

    @rx.event
    async def rename_channel(self, form_data: dict[str, str]):
        admin = await AuthState.admin_of(self)
        if admin is None or not self.channel_id:
            return
        try:
            renamed = await asyncio.to_thread(
                chat.rename_channel, admin.id, self.channel_id, form_field(form_data, "name")
            )
            await self._load_channels()
        except Exception as exc:
            if not isinstance(exc, ChatError):
                log.exception("renaming a channel failed")
            return toast.notify("Could not rename channel", _message_error(exc), level="error")
        await chat_live.publish(chat_live.channels_event(self.channels))
        return toast.notify("Channel renamed", f"It is now #{renamed.name}.", level="success")
