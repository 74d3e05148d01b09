"""The chat page's outbox: a message typed is sent until the server has answered for it.

Reflex sends an event once: one written into the socket of a backend that dies that instant is
lost, and the page cannot tell. So the page keeps what it sends in localStorage (shared by the
browser's tabs, kept across a reload):
- On submit, a capture listener gives the message an id (the form's hidden `client_id`) and files
  {id, user, channel, text} in the outbox before Reflex reads the form.
- The server answers every send it handled, stored or refused, with `done([...ids])`; a send or a
  flush that reaches the rate limit leaves the rest unanswered, for a later flush, and marks them
  held (`hold([...ids])`).
- A message typed while an earlier one is held (or was sent again by the timer) is not posted on
  its own: the form says it is `behind`, the server leaves it be, and the page presses the flush
  button at once, which posts the outbox in the order it was typed.
- Every second the page looks for entries sent RESEND_MS ago or more with no answer (backing off
  to a minute as they go unanswered); if any, it presses the hidden flush button, whose event hands the whole outbox to ChatState.flush_outbox.
  Reflex queues that event until the socket is connected again, so it rides out the reconnect.
- The server stores each entry once per (user, client_id) (learnsite.services.chat.post_message),
  so a resend of a message that was stored, but whose answer was lost, is not stored again.
Entries belong to the user who typed them: the server posts only the signed-in user's own, and
the page drops entries older than MAX_AGE_MS.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import reflex as rx

from learnsite.safe_text import inert

from learnsite.services import chat

FORM_ID = "chat-composer"
FLUSH_BUTTON_ID = "chat-outbox-flush"
STATUS_ID = "chat-outbox-status"  # "Sending 1 message...", while a send waits for its answer
PENDING_ID = "chat-outbox-pending"  # ... and each such message, a pale bubble at the end of the thread
PENDING_SAYS = "Sending..."  # under a waiting message's words, where a sent one has its time
STATUS_AFTER_MS = 1500  # a normal send is answered well before: no flicker
STORAGE_KEY = "learnsite.chat.outbox"
RESEND_MS = 4000
MAX_AGE_MS = 24 * 3600 * 1000
MAX_ENTRIES = 50  # kept in the browser
# what flush_outbox accepts: every entry at its longest, with room for its JSON
MAX_OUTBOX_CHARS = MAX_ENTRIES * (chat.MAX_MESSAGE_CHARS * 2 + 200)
FLUSH_MAX = 20  # taken by one flush

OUTBOX_JS = f"""
(() => {{
  if (window.learnsiteOutbox) return;
  const KEY = "{STORAGE_KEY}";
  const load = () => {{
    try {{ const list = JSON.parse(window.localStorage.getItem(KEY)); return Array.isArray(list) ? list : []; }}
    catch (e) {{ return []; }}
  }};
  const save = (list) => {{
    try {{ window.localStorage.setItem(KEY, JSON.stringify(list.slice(-{MAX_ENTRIES}))); }} catch (e) {{}}
  }};
  const newId = () => Array.from(window.crypto.getRandomValues(new Uint8Array(16)),
                                 (b) => b.toString(16).padStart(2, "0")).join("");
  // the signed-in user's id, as the chat form shows it (entries of another user stay put)
  const me = () => {{
    const form = document.getElementById("{FORM_ID}");
    return form ? form.elements.namedItem("sender").value : null;
  }};
  let asked = 0;  // when the flush button was last pressed and its event not yet run
  document.addEventListener("submit", (ev) => {{
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || form.id !== "{FORM_ID}") return;
    const field = (name) => form.elements.namedItem(name);
    const text = field("message") ? field("message").value : "";
    if (!text.trim()) {{ field("client_id").value = ""; field("behind").value = ""; return; }}
    const id = newId();
    field("client_id").value = id;
    const now = Date.now();
    const list = load();
    // an earlier message still waits (held by the rate limit, or sent again by the timer): this one goes after it
    const behind = list.some((e) => e.user === field("sender").value && (e.held || e.n));
    field("behind").value = behind ? "1" : "";
    save([...list, {{id, user: field("sender").value, channel: field("channel").value, text, at: now, tried: now}}]);
    if (behind) {{
      asked = now;
      window.setTimeout(() => {{ const b = document.getElementById("{FLUSH_BUTTON_ID}"); if (b) b.click(); }}, 0);
    }}
  }}, true);  // capture: runs before React's handler reads the form
  // the messages still waiting, of this channel, drawn at the thread's end (built as text: no markup of a message
  // runs), drawn again only when they change
  const bubble = (e) => {{
    const li = document.createElement("li");
    li.className = "chat-msg chat-msg-own chat-msg-pending";
    const parts = [["span", "sr-only", "You: "], ["p", "rt-Text chat-text", e.text],
                   ["span", "chat-time", "{PENDING_SAYS}"]];
    li.append(...parts.map(([tag, cls, text]) => {{
      const el = document.createElement(tag);
      el.className = cls;
      el.textContent = text;
      return el;
    }}));
    return li;
  }};
  const draw = (waiting) => {{
    const list = document.getElementById("{PENDING_ID}"), form = document.getElementById("{FORM_ID}");
    if (!list || !form) return;
    const channel = form.elements.namedItem("channel").value;
    const here = waiting.filter((e) => String(e.channel) === channel);
    const key = channel + ":" + here.map((e) => e.id).join(",");
    if (list.getAttribute("data-drawn") === key) return;
    list.setAttribute("data-drawn", key);
    list.replaceChildren(...here.map(bubble));
  }};
  const show = (list, now) => {{
    const status = document.getElementById("{STATUS_ID}");
    if (!status) return;
    const waiting = list.filter((e) => e.user === me() && now - e.at >= {STATUS_AFTER_MS});
    const n = waiting.length;
    const text = n ? `Sending ${{n}} message${{n === 1 ? "" : "s"}}...` : "";
    if (status.textContent !== text) status.textContent = text;
    draw(waiting);
  }};
  const tick = () => {{
    const now = Date.now();
    const list = load().filter((e) => now - e.at < {MAX_AGE_MS});
    show(list, now);
    // again after RESEND_MS, then twice as long each time up to a minute (a tab signed out meanwhile)
    const due = list.filter((e) => e.user === me() && now - e.tried >= {RESEND_MS} * Math.min(2 ** (e.n || 0), 15));
    const button = document.getElementById("{FLUSH_BUTTON_ID}");
    if (!due.length || !button || now - asked < 30000) return;
    due.forEach((e) => {{ e.tried = now; e.n = (e.n || 0) + 1; }});
    save(list);
    asked = now;
    button.click();
  }};
  window.learnsiteOutbox = {{
    pending: () => {{
      asked = 0;
      return JSON.stringify(load().filter((e) => e.user === me()).slice(0, {FLUSH_MAX}));
    }},
    hold: (ids) => {{
      const held = new Set(ids);
      save(load().map((e) => held.has(e.id) ? {{...e, held: true}} : e));
    }},
    done: (ids) => {{
      const gone = new Set(ids);
      const left = load().filter((e) => !gone.has(e.id));
      save(left);
      show(left, Date.now());
    }},
    timer: window.setInterval(tick, 1000),
  }};
}})()
"""
PENDING_JS = "window.learnsiteOutbox ? window.learnsiteOutbox.pending() : '[]'"


def forget() -> rx.event.EventSpec:
    """Logout: messages still waiting in this browser go with the session (a shared family computer keeps no one's
    unsent words for the next person)."""
    return rx.call_script(inert(f"window.localStorage.removeItem({json.dumps(STORAGE_KEY)})"))


def _tell(method: str, client_ids: list[str]) -> rx.event.EventSpec:
    return rx.call_script(inert(f"window.learnsiteOutbox && window.learnsiteOutbox.{method}({json.dumps(client_ids)})"))


def done(client_ids: list[str]) -> rx.event.EventSpec:
    """Tell the page these sends were answered: they leave its outbox."""
    return _tell("done", client_ids)


def hold(client_ids: list[str]) -> rx.event.EventSpec:
    """Tell the page these sends wait for the rate limit: a message typed meanwhile goes after them."""
    return _tell("hold", client_ids)


@dataclass(frozen=True)
class Entry:
    client_id: str
    channel_id: int
    text: str


def entries_of(raw, user_id: int) -> list[Entry]:
    """The outbox a page handed over, as far as it is well formed and the signed-in user's own."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return []
    if not isinstance(raw, list):
        return []
    entries = []
    for item in raw[:FLUSH_MAX]:
        if not isinstance(item, dict):
            continue
        client_id = chat.clean_client_id(item.get("id"))
        text = item.get("text")
        try:
            owner, channel_id = int(item.get("user")), int(item.get("channel"))
        except (TypeError, ValueError):
            continue
        if client_id and owner == user_id and isinstance(text, str):
            entries.append(Entry(client_id, channel_id, text))
    return entries
