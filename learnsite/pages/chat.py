"""/chat: channels on the left, the live thread in the middle (SPEC §2 Chat)."""

from __future__ import annotations

import reflex as rx

from learnsite.layout import page_title, user_page
from learnsite.services.chat import MAX_MESSAGE_CHARS
from learnsite.state import chat_outbox
from learnsite.state.chat import ChatState

HEARTBEAT_MS = 60_000  # catches up on a push lost on the way
OLDER_BUTTON_ID = "chat-load-older"
SCROLL_ID = "chat-scroll"
# Infinite scroll up: when the "Load older messages" button scrolls into view, press it.
# (A MutationObserver follows the button as it comes and goes; the button stays usable by hand.) When the last older
# page has come the button goes: a keyboard that had pressed it stays on the messages, not on the page's body.
WATCH_OLDER_JS = f"""
(() => {{
  if (window.__chatOlder) return;
  const io = new IntersectionObserver((entries) => {{
    for (const e of entries) {{
      if (e.isIntersecting && e.target.getAttribute("aria-disabled") !== "true") e.target.click();
    }}
  }}, {{threshold: 0.5}});
  let current = null;
  const follow = () => {{
    const button = document.getElementById("{OLDER_BUTTON_ID}");
    if (button === current) return;
    if (current) io.unobserve(current);
    if (current && !button && document.activeElement === document.body) {{
      document.getElementById("{SCROLL_ID}")?.focus({{preventScroll: true}});
    }}
    current = button;
    if (button) io.observe(button);
  }};
  const mo = new MutationObserver(follow);
  mo.observe(document.body, {{childList: true, subtree: true}});
  follow();
  window.__chatOlder = {{io, mo}};
}})()
"""
UNWATCH_OLDER_JS = """
(() => {
  if (!window.__chatOlder) return;
  window.__chatOlder.io.disconnect();
  window.__chatOlder.mo.disconnect();
  window.__chatOlder = null;
})()
"""
# react-moment calendar formats: a time today, a day name this week, a date before
TIME_FORMATS = {
    "sameDay": "HH:mm",
    "lastDay": "[Yesterday] HH:mm",
    "lastWeek": "ddd HH:mm",
    "sameElse": "D MMM YYYY, HH:mm",
    "nextDay": "HH:mm",
    "nextWeek": "HH:mm",
}


def channel_button(channel: rx.Var) -> rx.Component:
    selected = channel["id"] == ChatState.channel_id
    return rx.el.li(
        rx.el.button(
            "# ",
            channel["name"],
            type="button",
            on_click=ChatState.select_channel(channel["id"]),
            aria_current=rx.cond(selected, "true", "false"),
            class_name=rx.cond(selected, "chat-channel chat-channel-selected", "chat-channel"),
        ),
    )


def admin_forms() -> rx.Component:
    return rx.cond(
        ChatState.is_admin,
        rx.box(
            rx.el.form(
                rx.el.label("New channel", html_for="chat-new-channel", class_name="chat-admin-label"),
                rx.hstack(
                    rx.input(id="chat-new-channel", name="name", placeholder="e.g. art-club", size="1", max_length=40),
                    rx.button("Create", type="submit", size="1", variant="soft"),
                    spacing="1",
                ),
                on_submit=ChatState.create_channel,
                reset_on_submit=True,
            ),
            rx.el.form(
                rx.el.label("Rename # ", ChatState.channel_name, html_for="chat-rename-channel",
                            class_name="chat-admin-label"),
                rx.hstack(
                    rx.input(id="chat-rename-channel", name="name", placeholder="new name", size="1", max_length=40),
                    rx.button("Rename", type="submit", size="1", variant="soft"),
                    spacing="1",
                ),
                on_submit=ChatState.rename_channel,
                reset_on_submit=True,
            ),
            class_name="chat-admin",
        ),
    )


def channel_list() -> rx.Component:
    return rx.el.nav(
        rx.heading("Channels", as_="h2", size="3", class_name="chat-side-title"),
        rx.el.ul(rx.foreach(ChatState.channels, channel_button), class_name="chat-channels"),
        admin_forms(),
        aria_label="Channels",
        class_name="chat-side",
    )


def _remove_controls(message: rx.Var) -> rx.Component:
    """An administrator's Remove on each message, asked "for everyone?" in place (Keep has the focus)."""
    return rx.cond(
        ChatState.confirm_remove == message["id"],
        rx.el.div(
            rx.el.span("Remove this message for everyone?"),
            rx.el.button("Remove", type="button", on_click=ChatState.remove_message(message["id"]),
                         class_name="chat-remove-yes"),
            rx.el.button("Keep", type="button", on_click=ChatState.keep_message, auto_focus=True,
                         class_name="chat-remove-no"),
            role="group", aria_label="Remove this message?", class_name="chat-remove-ask",
        ),
        rx.el.button(rx.icon("trash-2", size=16, aria_hidden="true"), type="button", aria_label="Remove message",
                     title="Remove message", on_click=ChatState.ask_remove(message["id"]), class_name="chat-remove"),
    )


def message_item(message: rx.Var) -> rx.Component:
    own = message["user_id"] == ChatState.my_id
    return rx.el.li(
        # your own messages sit on the right, unnamed; a screen reader hears "You" instead
        rx.cond(own, rx.el.span("You: ", class_name="sr-only"),
                rx.text(message["sender"],
                        # the site's own people, marked: a stranger may sign up as admin@... but gets no badge
                        rx.cond(message["admin"], rx.fragment(" ", rx.el.span("Admin", class_name="chat-admin-badge"))),
                        class_name="chat-sender")),
        # rendered as text: React escapes it, so no markup from a message ever runs
        rx.text(message["content"], class_name="chat-text"),
        # before the time: the Remove button floats left of it, on its line
        rx.cond(ChatState.is_admin, _remove_controls(message)),
        rx.moment(message["created_at"], calendar=TIME_FORMATS, class_name="chat-time"),
        data_own=rx.cond(own, "true", "false"),
        class_name=rx.cond(own, "chat-msg chat-msg-own", "chat-msg"),
    )


def older_controls() -> rx.Component:
    more = rx.cond(ChatState.older.length() > 0, ChatState.older_more, ChatState.has_earlier)
    return rx.cond(
        more,
        rx.box(
            # busy, not disabled: a disabled button drops the keyboard's focus to the page's body
            rx.button(
                rx.cond(ChatState.loading_older, "Loading older messages...", "Load older messages"),
                id=OLDER_BUTTON_ID,
                on_click=ChatState.load_older,
                aria_disabled=ChatState.loading_older.to_string(),
                aria_busy=ChatState.loading_older.to_string(),
                variant="soft",
                size="1",
                type="button",
            ),
            class_name="chat-older",
        ),
    )


def message_list() -> rx.Component:
    return rx.box(
        # column-reverse keeps the view pinned to the newest message as messages arrive
        rx.box(
            older_controls(),
            # history asked for is not news: inside the log, a page of 50 older messages was read out, one by one
            rx.el.ol(rx.foreach(ChatState.older, message_item), class_name="chat-messages",
                     aria_label="Older messages", aria_live="off"),
            rx.el.ol(
                rx.foreach(ChatState.messages, message_item),
                rx.foreach(ChatState.live, message_item),
                class_name="chat-messages",
                aria_label="Messages",
            ),
            # what this browser is still sending, drawn by the outbox (chat_outbox.OUTBOX_JS; no children for
            # React): said once by the status under the box, not read out again here
            rx.el.ol(id=chat_outbox.PENDING_ID, class_name="chat-messages chat-pending", aria_label="Waiting to send",
                     aria_live="off"),
            rx.cond(
                (ChatState.messages.length() == 0) & (ChatState.live.length() == 0),
                rx.text("No messages yet. Say hello!", class_name="chat-empty"),
            ),
        ),
        class_name="chat-scroll",
        id=SCROLL_ID,
        role="log",
        aria_live="polite",
        aria_label="Messages",
        tab_index=0,  # scrolled by the keyboard's arrow keys too (a scrolling box with nothing focusable was not)
    )


def composer() -> rx.Component:
    return rx.el.form(
        rx.input(
            id="chat-message-input",
            name="message",
            placeholder="Type a message...",
            aria_label="Message",
            auto_complete="off",
            # the server's limit: a longer message (pasted, say) was refused at the event boundary, and lost
            max_length=MAX_MESSAGE_CHARS,
            size="3",
            class_name="chat-input",
        ),
        # pressed with a finger, Send took the focus from the box and a phone's keyboard went down after each message
        rx.button("Send", type="submit", size="3", on_mouse_down=rx.prevent_default),
        # written by the outbox while a message waits for the server's answer (React leaves it empty)
        rx.el.p(id=chat_outbox.STATUS_ID, role="status", class_name="chat-outbox-status"),
        # filled in for the outbox (chat_outbox.OUTBOX_JS) as the form is submitted
        rx.el.input(type="hidden", name="client_id", default_value=""),
        rx.el.input(type="hidden", name="behind", default_value=""),
        rx.el.input(type="hidden", name="sender", value=ChatState.my_id.to_string()),
        rx.el.input(type="hidden", name="channel", value=ChatState.channel_id.to_string()),
        # pressed by the outbox's timer, never by a person: it hands the unanswered sends over
        rx.el.button(
            type="button",
            id=chat_outbox.FLUSH_BUTTON_ID,
            on_click=rx.call_script(chat_outbox.PENDING_JS, callback=ChatState.flush_outbox),
            tab_index=-1,
            aria_hidden="true",
            hidden=True,
        ),
        id=chat_outbox.FORM_ID,
        on_submit=ChatState.send_message,
        reset_on_submit=True,
        class_name="chat-composer",
    )


SUMMARY_NEEDS = "A summary needs at least 2 messages."


def thread() -> rx.Component:
    too_few = ChatState.messages.length() + ChatState.live.length() < 2
    said = too_few & ~ChatState.loading  # why the button is disabled, once the channel's messages are in
    return rx.box(
        rx.hstack(
            rx.heading("# ", ChatState.channel_name, as_="h2", size="4"),
            rx.hstack(
                # a disabled button says nothing of why (a disabled button gets no hover for a tooltip either)
                rx.cond(said, rx.text(SUMMARY_NEEDS, id="summary-needs", class_name="chat-summary-needs")),
                rx.button(
                    rx.cond(ChatState.summarizing, rx.spinner(size="1")),
                    "Summarize Thread",
                    on_click=ChatState.summarize_thread,
                    disabled=ChatState.summarizing | too_few,
                    aria_describedby=rx.cond(said, "summary-needs", ""),
                    variant="outline",
                    type="button",
                ),
                align="center",
                class_name="chat-summary",
            ),
            justify="between",
            align="center",
            class_name="chat-thread-head",
        ),
        rx.cond(
            ChatState.loading,
            rx.hstack(rx.spinner(), rx.text("Loading messages..."), class_name="chat-loading", role="status"),
            message_list(),
        ),
        composer(),
        class_name="chat-thread",
    )


@user_page(route="/chat", title=page_title("Chat"), on_load=ChatState.load_chat)
def chat_page() -> rx.Component:
    return rx.box(
        rx.heading("Chat", as_="h1", class_name="sr-only"),
        channel_list(),
        thread(),
        # a quiet timer: every minute the page catches up on anything a lost push left out
        rx.moment(interval=HEARTBEAT_MS, format="HH:mm:ss", on_change=ChatState.heartbeat, class_name="sr-only",
                  aria_hidden="true"),
        on_mount=[ChatState.rejoin, rx.call_script(WATCH_OLDER_JS), rx.call_script(chat_outbox.OUTBOX_JS)],
        on_unmount=[ChatState.leave_chat, rx.call_script(UNWATCH_OLDER_JS)],
        class_name="chat-layout",
    )
