"""/chat in Chromium: two signed-in people in two browser contexts on the running app."""

from __future__ import annotations

import contextlib

import re
import time
from datetime import timedelta
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from learnsite.services import chat
from learnsite.state import chat_outbox
from tests import chat_live_support as support
from tests.browser.system_colours import HIGHLIGHT

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-chat"
RESEND_WAIT_MS = 20_000  # the outbox sends again after 4 s; a loaded CI machine may take longer
FRAMES: dict = {}  # page -> websocket frames it received


@pytest.fixture(scope="module")
def people(app_server):
    tag = support.unique("")
    found = {}
    for key, name, role in (("admin", "Lena Lead", "admin"), ("ann", "Ann Lee", "user"), ("bob", "Bob Ray", "user")):
        email = f"{key}{tag}@example.com"
        found[key] = (support.make_user(app_server, email, "pw-123456", name, role=role), email)
    return found


def person(browser, app_server, email, viewport=None, websocket=None):
    ctx = browser.new_context(base_url=app_server.url, viewport=viewport or {"width": 1280, "height": 900})
    ctx.set_default_timeout(15000)
    if websocket:  # stands between the page and the server, frame by frame
        ctx.route_web_socket(lambda url: "/_event" in url, websocket)
    page = ctx.new_page()
    FRAMES[page] = frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    support.sign_in(page, email, "pw-123456")
    return ctx, page


@pytest.fixture
def channel(app_server, people):
    return support.fresh_channel(app_server, people["admin"][0])


@pytest.fixture
def ann_and_bob(browser, app_server, people, channel):
    ctx_a, a = person(browser, app_server, people["ann"][1])
    ctx_b, b = person(browser, app_server, people["bob"][1], viewport={"width": 375, "height": 740})
    support.open_channel(a, channel)
    support.open_channel(b, channel)
    yield a, b
    ctx_a.close()
    ctx_b.close()
    FRAMES.pop(a, None)
    FRAMES.pop(b, None)


def send(page, text, enter=True):
    box = page.get_by_placeholder("Type a message...")
    box.fill(text)
    if enter:
        box.press("Enter")
    else:
        page.get_by_role("button", name="Send").click()


def messages(page):
    return page.get_by_role("log").get_by_role("listitem")


def test_signed_out_visitor_is_sent_to_login(page):
    page.goto("/chat")
    page.wait_for_url(lambda url: "/login/user?next=/chat" in url)
    expect(page.get_by_placeholder("Type a message...")).to_have_count(0)


def test_first_channel_selected_and_channels_listed(browser, app_server, people):
    ctx, a = person(browser, app_server, people["ann"][1])
    nav = a.get_by_role("navigation", name="Channels")
    for name in ("general", "worksheets", "parents"):
        expect(nav.get_by_role("button", name=f"# {name}")).to_be_visible()
    expect(nav.get_by_role("button", name="# general")).to_have_attribute("aria-current", "true")
    expect(a.get_by_role("heading", name="# general")).to_be_visible()
    # a plain user gets no channel admin form
    expect(a.get_by_label("New channel")).to_have_count(0)
    ctx.close()


def test_message_appears_live_for_the_other_person(ann_and_bob):
    a, b = ann_and_bob
    send(a, "Good morning! Anyone tried the shapes worksheet?")
    mine = messages(a).filter(has_text="Good morning!")
    theirs = messages(b).filter(has_text="Good morning!")
    expect(theirs).to_be_visible()  # no reload on B's side
    expect(theirs).to_contain_text("Ann Lee")  # B sees A's full name
    expect(mine).not_to_contain_text("Ann Lee")  # A's own message has no name ...
    expect(mine).to_have_attribute("data-own", "true")
    # ... for the eye (it sits on the right); a screen reader hears "You:" before it, not nothing
    expect(mine.locator(".sr-only")).to_have_text("You:")
    expect(theirs.locator(".sr-only")).to_have_count(0)
    assert mine.evaluate("e => getComputedStyle(e.querySelector('.chat-time')).opacity") == "1"
    send(b, "Yes, my son loved it", enter=False)
    expect(messages(a).filter(has_text="my son loved it")).to_contain_text("Bob Ray")
    # ... and sits on the right of the thread, the other person's on the left
    log_box = a.get_by_role("log").bounding_box()
    own_box = mine.bounding_box()
    other_box = messages(a).filter(has_text="my son loved it").bounding_box()
    assert own_box["x"] + own_box["width"] > log_box["x"] + log_box["width"] - 40
    assert own_box["x"] > log_box["x"] + log_box["width"] / 3
    assert other_box["x"] < log_box["x"] + 40
    # each message shows its time
    expect(mine.locator("time")).to_have_count(1)
    a.screenshot(path=f"{SHOTS}/chat-desktop.png")
    b.screenshot(path=f"{SHOTS}/chat-phone.png")


def test_reload_keeps_the_open_channel_and_its_messages(ann_and_bob, channel):
    a, _ = ann_and_bob
    send(a, "still here after a reload")
    expect(messages(a).filter(has_text="still here after a reload")).to_have_count(1)
    for _ in range(2):
        a.reload()
        expect(a.get_by_role("heading", name=f"# {channel}")).to_be_visible()
        expect(messages(a).filter(has_text="still here after a reload")).to_have_count(1)
    # and the page still follows the channel live
    send(a, "and live after it")
    expect(messages(a).filter(has_text="and live after it")).to_have_count(1)


def test_in_forced_colours_the_open_channel_and_the_bubbles_show(ann_and_bob):
    """Windows high contrast drops backgrounds: the open channel is filled with the highlight, and a message
    keeps its bubble's edge, one's own a thicker one."""
    a, _ = ann_and_bob
    a.emulate_media(forced_colors="active")
    send(a, "Hello in high contrast")
    expect(messages(a).filter(has_text="Hello in high contrast")).to_have_count(1)
    selected = a.locator(".chat-channel-selected")
    assert selected.evaluate("el => getComputedStyle(el).backgroundColor") == a.evaluate(HIGHLIGHT)
    own = a.locator(".chat-msg-own").filter(has_text="Hello in high contrast")
    width = "el => getComputedStyle(el).borderTopStyle + ' ' + getComputedStyle(el).borderTopWidth"
    assert own.evaluate(width) == "solid 3px"
    a.emulate_media(forced_colors="none")


def test_blank_message_is_not_sent(ann_and_bob, app_server):
    a, b = ann_and_bob
    send(a, "   ")
    send(a, "", enter=False)
    send(a, "\t  ", enter=False)
    send(a, "the only real one")
    expect(b.get_by_text("the only real one")).to_be_visible()
    expect(messages(b)).to_have_count(1)
    expect(messages(a)).to_have_count(1)


def test_a_message_stops_at_the_servers_limit_and_is_sent_whole(ann_and_bob):
    """A pasted 2,001-character message was refused as a whole ("Something went wrong") and its text was gone."""
    a, b = ann_and_bob
    box = a.get_by_placeholder("Type a message...")
    box.fill("a" * 1990 + " " + "b" * 100)
    assert len(box.input_value()) == chat.MAX_MESSAGE_CHARS
    box.press("Enter")
    expect(messages(b)).to_have_count(1)
    assert len(messages(b).first.inner_text()) >= chat.MAX_MESSAGE_CHARS


def test_message_is_shown_as_text_not_html(ann_and_bob):
    a, b = ann_and_bob
    payload = '<img src=x onerror="document.body.dataset.hacked=1"><b>bold?</b>'
    send(a, payload)
    expect(b.get_by_text(payload)).to_be_visible()
    assert b.locator("body[data-hacked]").count() == 0
    expect(b.get_by_role("log").locator("img")).to_have_count(0)


def test_summary_button_needs_two_messages_then_shows_a_toast(ann_and_bob):
    a, b = ann_and_bob
    button = a.get_by_role("button", name="Summarize Thread")
    expect(button).to_be_disabled()
    expect(button).to_have_accessible_description("A summary needs at least 2 messages.")
    send(a, "Which fractions worksheet works for a 7-year-old?")
    expect(b.get_by_text("Which fractions worksheet")).to_be_visible()
    expect(button).to_be_disabled()
    expect(a.get_by_text("A summary needs at least 2 messages.")).to_be_visible()
    send(b, "The pizza fractions worksheet, my daughter finished it in 20 minutes.")
    expect(button).to_be_enabled()
    expect(a.get_by_text("A summary needs at least 2 messages.")).to_have_count(0)
    expect(button).to_have_accessible_description("")
    button.click()
    toast = a.locator("[data-sonner-toast]")
    expect(toast).to_contain_text("Thread Summary")
    expect(toast).to_contain_text("Ann Lee and Bob Ray talked about")
    expect(toast).to_contain_text("fractions")
    expect(button).to_be_enabled()
    a.screenshot(path=f"{SHOTS}/chat-summary.png")


def _seed_older(app_server, channel: str, author_id: int, count: int, text: str) -> None:
    """`count` messages by `author_id` in `channel`, two hours old, a second apart: "{text} 00" first."""
    from learnsite.db import session_scope
    from learnsite.models import Message, utcnow
    from learnsite.services import chat

    cid = next(c.id for c in chat.list_channels(support.app_db_url(app_server)) if c.name == channel)
    start = utcnow() - timedelta(hours=2)
    with session_scope(support.app_db_url(app_server)) as s:
        for i in range(count):
            s.add(Message(content=f"{text} {i:02d}", user_id=author_id, channel_id=cid,
                          created_at=start + timedelta(seconds=i)))


def test_newest_shown_first_then_older_pages_on_scroll_up(browser, app_server, people, channel):
    from learnsite.services import chat

    _seed_older(app_server, channel, people["bob"][0], 65, "old note")
    ctx, a = person(browser, app_server, people["ann"][1])
    support.open_channel(a, channel)
    expect(messages(a)).to_have_count(chat.PAGE_SIZE)
    expect(a.get_by_text("old note 64")).to_be_in_viewport()  # scrolled to the newest
    expect(a.get_by_text("old note 14", exact=True)).to_have_count(0)
    a.get_by_role("log").hover()
    a.mouse.wheel(0, -20000)  # scrolling up to the top loads the page above by itself
    expect(messages(a)).to_have_count(65)
    texts = messages(a).locator(".chat-text").all_inner_texts()
    assert texts == [f"old note {i:02d}" for i in range(65)]  # oldest first, each once
    expect(a.get_by_role("button", name="Load older messages")).to_have_count(0)
    ctx.close()


def test_scrolling_up_slowly_keeps_the_place_and_loads_each_older_page(browser, app_server, people, channel):
    """An admin review: scrolling up with the wheel, the page of 50 older messages came in and the view jumped to
    its oldest, past 49 unseen ones, with the button still in sight, so it never loaded by itself again."""
    from learnsite.services import chat

    _seed_older(app_server, channel, people["bob"][0], 2 * chat.PAGE_SIZE + 30, "slow note")
    ctx, a = person(browser, app_server, people["ann"][1])
    support.open_channel(a, channel)
    expect(messages(a)).to_have_count(chat.PAGE_SIZE)
    log = a.get_by_role("log", name="Messages")
    log.hover()

    def scroll_up_until(count: int) -> None:
        for _ in range(200):
            if messages(a).count() >= count:
                return
            a.mouse.wheel(0, -120)
            a.wait_for_timeout(60)
        raise AssertionError(f"{messages(a).count()} messages shown, not {count}")

    scroll_up_until(2 * chat.PAGE_SIZE)
    a.wait_for_timeout(500)
    # the place kept: the oldest message shown before the page came (80) is still in view, not the new oldest (30)
    expect(a.get_by_text(f"slow note {chat.PAGE_SIZE + 30:02d}", exact=True)).to_be_in_viewport()
    expect(a.get_by_text("slow note 30", exact=True)).not_to_be_in_viewport()
    scroll_up_until(2 * chat.PAGE_SIZE + 30)  # and on up, by itself
    ctx.close()


def test_older_messages_by_keyboard_keep_the_focus_and_are_not_read_out(browser, app_server, people, channel):
    """The button went disabled while the page came, and away after the last: the keyboard's focus fell to the
    page's body. The older page was added inside the log, so a screen reader read 50 old messages out."""
    from learnsite.services import chat

    _seed_older(app_server, channel, people["bob"][0], 60, "older note")
    ctx, a = person(browser, app_server, people["ann"][1])
    support.open_channel(a, channel)
    expect(messages(a)).to_have_count(chat.PAGE_SIZE)
    older = a.get_by_role("button", name="Load older messages")
    older.focus()  # in view: the page presses it, as scrolling up does
    expect(messages(a)).to_have_count(60)
    expect(older).to_have_count(0)
    log = a.get_by_role("log", name="Messages")
    expect(log).to_be_focused()  # not the page's body
    expect(a.get_by_role("list", name="Older messages")).to_have_attribute("aria-live", "off")
    expect(a.get_by_role("list", name="Older messages").get_by_role("listitem")).to_have_count(10)
    top = log.evaluate("el => el.scrollTop")
    a.keyboard.press("PageDown")  # the focused log scrolls by the keyboard
    a.wait_for_timeout(300)
    assert log.evaluate("el => el.scrollTop") != top
    ctx.close()


def test_an_administrator_s_messages_carry_an_admin_badge(ann_and_bob, browser, app_server, people, channel):
    """A security review: a stranger who signed up as admin@... posted as "admin", just like the site's own."""
    a, b = ann_and_bob
    ctx, boss = person(browser, app_server, people["admin"][1])
    support.open_channel(boss, channel)
    send(boss, "Welcome to the new channel!")
    send(b, "Thank you!")
    from_boss = messages(a).filter(has_text="Welcome to the new channel!")
    expect(from_boss.locator(".chat-sender")).to_have_text("Lena Lead Admin")
    expect(from_boss.locator(".chat-admin-badge")).to_be_visible()
    expect(messages(a).filter(has_text="Thank you!").locator(".chat-admin-badge")).to_have_count(0)
    expect(messages(boss).filter(has_text="Welcome to the new channel!").locator(".chat-admin-badge")) \
        .to_have_count(0)  # her own: on the right, unnamed
    a.screenshot(path=f"{SHOTS}/chat-admin-badge.png")
    ctx.close()


def test_an_administrator_removes_a_message_for_everyone(ann_and_bob, browser, app_server, people, channel):
    """A security review: a chat for children had no way to take a message down."""
    a, b = ann_and_bob
    ctx, boss = person(browser, app_server, people["admin"][1])
    try:
        support.open_channel(boss, channel)
        send(a, "something unkind")
        send(a, "something kind")
        unkind = messages(boss).filter(has_text="something unkind")
        expect(unkind).to_be_visible()
        boss.screenshot(path=f"{SHOTS}/chat-remove.png")
        expect(a.get_by_role("button", name="Remove message")).to_have_count(0)  # only for administrators
        unkind.get_by_role("button", name="Remove message").click()
        ask = unkind.get_by_role("group", name="Remove this message?")
        expect(ask).to_contain_text("Remove this message for everyone?")
        expect(ask.get_by_role("button", name="Keep")).to_be_focused()  # the safe choice under a stray Enter
        boss.screenshot(path=f"{SHOTS}/chat-remove-ask.png")
        ask.get_by_role("button", name="Keep").click()
        expect(ask).to_have_count(0)
        unkind.get_by_role("button", name="Remove message").click()
        unkind.get_by_role("group", name="Remove this message?").get_by_role("button", name="Remove").click()
        expect(boss.locator("[data-sonner-toast]").filter(has_text="Message removed")).to_be_visible()
        for page in (boss, a, b):
            expect(messages(page).filter(has_text="something unkind")).to_have_count(0)
            expect(messages(page).filter(has_text="something kind")).to_have_count(1)
        b.reload()
        expect(messages(b).filter(has_text="something kind")).to_have_count(1)
        expect(messages(b).filter(has_text="something unkind")).to_have_count(0)
    finally:
        ctx.close()


def test_admin_creates_and_renames_a_channel(browser, app_server, people):
    ctx, boss = person(browser, app_server, people["admin"][1])
    viewer_ctx, viewer = person(browser, app_server, people["bob"][1])  # Bob's list follows, no reload
    side = viewer.get_by_role("navigation", name="Channels")
    name = support.unique("club-")
    boss.get_by_label("New channel").fill(name)
    boss.get_by_role("button", name="Create").click()
    expect(boss.get_by_role("heading", name=f"# {name}")).to_be_visible()
    boss.get_by_label("Rename").fill(f"{name}-x")
    boss.get_by_role("button", name="Rename").click()
    expect(boss.get_by_role("heading", name=f"# {name}-x")).to_be_visible()
    expect(boss.get_by_role("navigation", name="Channels").get_by_role("button", name=f"# {name}-x")).to_be_visible()
    boss.screenshot(path=f"{SHOTS}/chat-admin.png")
    expect(side.get_by_role("button", name=f"# {name}-x")).to_be_visible()
    expect(side.get_by_role("button", name=f"# {name}", exact=True)).to_have_count(0)
    ctx.close()
    viewer_ctx.close()


def test_leaving_and_coming_back_keeps_the_thread_once(ann_and_bob, channel):
    a, b = ann_and_bob
    send(a, "before Bob leaves")
    expect(b.get_by_text("before Bob leaves")).to_be_visible()
    assert any("before Bob leaves" in f for f in FRAMES[b])  # the frame capture does see chat pushes
    mark = len(FRAMES[b])
    b.get_by_role("link", name="Learnsite home").click()
    b.wait_for_url(lambda url: urlparse(url).path in ("", "/"))
    # the chat page has unmounted and the server has left its channel (leave_chat's answer: no channel), however
    # long a busy server takes (a fixed 500 ms was the sync point)
    wait_until(b, lambda: any(re.search(r'"channel_id\w*":0\b', f) for f in FRAMES[b][mark:]))
    seen_before = len(FRAMES[b])
    send(a, "while Bob is away")
    expect(messages(a)).to_have_count(2)
    b.wait_for_timeout(1000)
    frames = FRAMES[b][seen_before:]
    # a tab that left /chat receives no more chat messages (privacy after leaving or signing out)
    assert not any("while Bob is away" in f for f in frames)
    support.open_channel(b, channel)
    expect(b.get_by_text("while Bob is away")).to_have_count(1)
    expect(messages(b)).to_have_count(2)
    send(a, "Bob is back")
    expect(b.get_by_text("Bob is back")).to_have_count(1)
    expect(messages(b)).to_have_count(3)


def test_a_drop_the_server_did_not_hear_of_leaves_a_channel_open(browser, app_server, people, channel):
    """A phone off the wifi: its socket died and the server, not told, kept it; the page, on a new one, was a second
    tab to it and had a fresh state. Its guard hid the chat a moment, the unmount closed the channel that on_load had
    opened, and the parent was left with "#" and "No messages yet" (a flaky-network review). The page now keeps its
    state (learnsite.rejoin); the chat's own rejoin still covers a backend restart."""
    sockets = []

    def websocket(ws):
        ws.connect_to_server()
        ws.on_close(lambda code, reason: None)  # the page's side closed leaves the server's open
        sockets.append(ws)

    ctx, page = person(browser, app_server, people["ann"][1], websocket=websocket)
    try:
        support.open_channel(page, channel)
        send(page, "said before the drop")
        expect(messages(page).filter(has_text="said before the drop")).to_have_count(1)
        dropped, mark = len(sockets), len(FRAMES[page])
        sockets[-1].close()  # the page's side alone: the server's stays open, as a dead phone's does
        wait_until(page, lambda: len(sockets) > dropped)
        wait_until(page, lambda: any('"is_hydrated_rx_state_":true' in f for f in FRAMES[page][mark:]), seconds=15)
        assert not any("new_token" in f for f in FRAMES[page])  # the silent old socket was closed: same state
        expect(page.get_by_role("heading", name=re.compile(r"^# \S"))).to_be_visible()  # a channel open, not "#"
        support.open_channel(page, channel)
        expect(messages(page).filter(has_text="said before the drop")).to_have_count(1)
    finally:
        ctx.close()
        FRAMES.pop(page, None)


def test_an_event_after_the_session_ended_posts_nothing(ann_and_bob, app_server, people):
    import sqlalchemy as sa

    a, b = ann_and_bob
    send(a, "still signed in")
    expect(b.get_by_text("still signed in")).to_be_visible()
    # the session is revoked on the server (logout elsewhere, password change...)
    engine = sa.create_engine(support.app_db_url(app_server))
    with engine.begin() as c:
        c.execute(sa.text("UPDATE auth_sessions SET revoked_at = CURRENT_TIMESTAMP WHERE user_id = :u"),
                  {"u": people["ann"][0]})
    engine.dispose()
    send(a, "sent after the session ended")
    send(b, "Bob is still here")
    expect(b.get_by_text("Bob is still here")).to_be_visible()
    b.wait_for_timeout(1500)
    assert support.message_count(support.app_db_url(app_server), "sent after the session ended") == 0
    expect(b.get_by_text("sent after the session ended")).to_have_count(0)


def lossy_websocket(drop_to_server=None, drop_to_page=None):
    """A route that loses the first frame each way that `drop_to_server` / `drop_to_page` picks out."""
    dropped = {"to server": [], "to page": []}

    def route(ws):
        server = ws.connect_to_server()

        def to_server(message):
            if drop_to_server and not dropped["to server"] and drop_to_server(str(message)):
                dropped["to server"].append(message)
            else:
                server.send(message)

        def to_page(message):
            if drop_to_page and not dropped["to page"] and drop_to_page(str(message)):
                dropped["to page"].append(message)
            else:
                ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    return route, dropped


def wait_until(page, condition, seconds=10):
    """Let the page (and Playwright's routes) run until condition() holds."""
    for _ in range(seconds * 10):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out waiting for the page")


OUTBOX_JS = f"JSON.parse(window.localStorage.getItem('{chat_outbox.STORAGE_KEY}') || '[]')"


def outbox(page) -> list:
    return page.evaluate(OUTBOX_JS)


def wait_for_outbox_size(page, size: int, timeout: float | None = None) -> None:
    page.wait_for_function(f"{OUTBOX_JS}.length === {size}", timeout=timeout)


@contextlib.contextmanager
def lossy_pair(browser, app_server, people, channel, **drops):
    """Ann (her socket losing what `drops` picks out) and Bob, in the channel; their windows closed after."""
    route, dropped = lossy_websocket(**drops)
    ctx_a, a = person(browser, app_server, people["ann"][1], websocket=route)
    ctx_b, b = person(browser, app_server, people["bob"][1])
    try:
        support.open_channel(a, channel)
        support.open_channel(b, channel)
        yield a, b, dropped
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_message_lost_on_the_way_to_the_server_is_sent_again(browser, app_server, people, channel):
    text = f"lost on the way {support.unique('')}"
    with lossy_pair(browser, app_server, people, channel,
                    drop_to_server=lambda m: "send_message" in m and text in m) as (a, b, dropped):
        send(a, text)
        wait_for_outbox_size(a, 1)
        wait_until(a, lambda: dropped["to server"])
        assert len(dropped["to server"]) == 1  # the server never heard of it ...
        assert [e["text"] for e in outbox(a)] == [text]  # ... but the page kept it, and says so
        expect(a.get_by_role("status").filter(has_text="Sending 1 message...")).to_be_visible()
        # and shows it in the thread, pale, "Sending..." where its time will be (it showed only in the status)
        waiting = a.get_by_role("list", name="Waiting to send").get_by_role("listitem")
        expect(waiting).to_have_count(1)
        expect(waiting).to_have_text(f"You: {text}{chat_outbox.PENDING_SAYS}")
        expect(a.get_by_text("No messages yet. Say hello!")).to_be_hidden()  # above it, it read as never sent
        a.screenshot(path=f"{SHOTS}/chat-sending.png")
        # a few seconds later (RESEND_MS, then the next one-second tick) the page's outbox sends it again
        expect(messages(b).filter(has_text=text)).to_have_count(1, timeout=RESEND_WAIT_MS)
        expect(messages(a).filter(has_text=text)).to_have_count(1)
        wait_for_outbox_size(a, 0)
        expect(a.get_by_text("Sending 1 message...")).to_have_count(0)
        expect(waiting).to_have_count(0)
        expect(messages(a).filter(has_text=text)).not_to_have_class(re.compile("chat-msg-pending"))
        assert support.message_count(support.app_db_url(app_server), text) == 1
        a.reload()
        expect(messages(a).filter(has_text=text)).to_have_count(1)


def test_a_message_whose_answer_was_lost_is_not_stored_twice(browser, app_server, people, channel):
    text = f"answer lost {support.unique('')}"
    with lossy_pair(browser, app_server, people, channel,
                    drop_to_page=lambda m: "learnsiteOutbox.done" in m) as (a, b, dropped):
        send(a, text)
        expect(messages(b).filter(has_text=text)).to_have_count(1)  # stored and pushed ...
        wait_until(a, lambda: dropped["to page"])
        assert len(dropped["to page"]) == 1  # ... but the page never heard back
        # so it sends the message again; the server knows it and only answers
        wait_for_outbox_size(a, 0, timeout=RESEND_WAIT_MS)
        expect(messages(a).filter(has_text=text)).to_have_count(1)
        expect(messages(b).filter(has_text=text)).to_have_count(1)
        assert support.message_count(support.app_db_url(app_server), text) == 1


def test_logout_takes_the_unsent_messages_with_it(browser, app_server, people, channel):
    """A privacy review: words typed but not yet sent stayed in the browser's storage for 24 h after Logout, for
    the next person at a shared family computer."""
    text = f"never sent {support.unique('')}"
    with lossy_pair(browser, app_server, people, channel,
                    drop_to_server=lambda m: "send_message" in m and text in m) as (a, b, dropped):
        send(a, text)
        wait_for_outbox_size(a, 1)
        a.locator("header").get_by_role("button", name="Logout").click()
        expect(a.locator("header").get_by_role("button", name="Login")).to_be_visible()
        wait_for_outbox_size(a, 0)
        assert a.evaluate(f"window.localStorage.getItem('{chat_outbox.STORAGE_KEY}')") is None


def test_send_keeps_the_focus_in_the_box_for_the_next_message(browser, app_server, people, channel):
    """Tapped with a finger (or clicked), Send took the focus from the box: a phone's keyboard went down after
    every message and came back only with another tap on the box."""
    ctx = browser.new_context(base_url=app_server.url, viewport={"width": 375, "height": 740}, has_touch=True,
                              is_mobile=True)
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    try:
        support.sign_in(page, people["ann"][1], "pw-123456")
        support.open_channel(page, channel)
        box = page.get_by_placeholder("Type a message...")
        box.tap()
        for text in ("Sent with a tap", "And another one"):
            box.press_sequentially(text)
            page.get_by_role("button", name="Send").tap()
            expect(messages(page).filter(has_text=text)).to_be_visible()
            expect(box).to_be_focused()
            expect(box).to_have_value("")
        page.get_by_role("button", name="Send").click()  # a mouse's click too
        expect(box).to_be_focused()
    finally:
        ctx.close()


def test_every_channel_is_in_sight_on_a_320_px_phone(browser, app_server, people):
    """The channels were a strip scrolled sideways, which a touch screen shows no scrollbar for: the last one
    ("# parents") was cut off at the screen's edge. They wrap."""
    ctx, page = person(browser, app_server, people["ann"][1], viewport={"width": 320, "height": 640})
    try:
        page.goto("/chat")
        channels = page.locator(".chat-channel")
        expect(channels.first).to_be_visible()
        assert channels.count() >= 2
        for i in range(channels.count()):  # across: each whole within the screen's width (the list may run
            box = channels.nth(i).bounding_box()  # below the screen's foot: the suite's channels add up)
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, (i, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        ctx.close()
        FRAMES.pop(page, None)


def test_at_400_percent_zoom_an_admin_still_has_room_to_read_the_messages(browser, app_server, people, channel):
    """At 320 x 256 the layout held to the screen's height left an admin (the channel forms above the thread) a
    28 px strip of messages; "Summarize Thread" ran past the thread's edge with wider text spacing."""
    ctx, page = person(browser, app_server, people["admin"][1], viewport={"width": 320, "height": 256})
    try:
        support.open_channel(page, channel)
        send(page, "Hello from a small screen")
        expect(messages(page).last).to_contain_text("Hello from a small screen")
        assert page.locator(".chat-scroll").bounding_box()["height"] >= 150
        expect(page.get_by_role("button", name="Summarize Thread")).to_have_accessible_description(
            "A summary needs at least 2 messages.")  # its words hidden for room, still said
        page.add_style_tag(content="* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
                                   " word-spacing: 0.16em !important; }")
        button = page.get_by_role("button", name="Summarize Thread")
        thread = page.locator(".chat-thread").bounding_box()
        box = button.bounding_box()
        assert box["x"] + box["width"] <= thread["x"] + thread["width"], (box, thread)  # not cut off
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        ctx.close()
        FRAMES.pop(page, None)


def test_a_message_typed_after_one_held_by_the_rate_limit_goes_after_it(browser, app_server, people, channel):
    """The held message went after one typed later: once the limit allowed, the later one went straight through and
    the held one waited for the outbox's next flush. Now the later one goes with that flush, behind the held one."""
    email = f"quick{support.unique('')}@example.com"  # a person of its own: nobody else's messages in the window
    support.make_user(app_server, email, "pw-123456", "Quinn Quick")
    ctx, a = person(browser, app_server, email)
    tag = support.unique("")
    try:
        support.open_channel(a, channel)
        started = time.monotonic()
        for i in range(chat.RATE_LIMIT_COUNT):
            send(a, f"burst {i} {tag}")
            wait_for_outbox_size(a, 0)
        burst = time.monotonic() - started
        send(a, f"held back {tag}")
        expect(a.get_by_text("You are sending messages too quickly", exact=False)).to_be_visible()
        wait_for_outbox_size(a, 1)
        # keep the page's timer from sending it again by itself: only the next message may bring it
        a.evaluate(f"""() => {{
            const key = '{chat_outbox.STORAGE_KEY}';
            const list = JSON.parse(localStorage.getItem(key)).map((e) => ({{...e, tried: Date.now() + 3600000}}));
            localStorage.setItem(key, JSON.stringify(list));
        }}""")
        # the window has passed for every message of the burst but those sent in its last second
        a.wait_for_timeout(max(0.0, chat.RATE_LIMIT_SECONDS + burst + 1.5 - (time.monotonic() - started)) * 1000)
        send(a, f"typed later {tag}")
        expect(messages(a).filter(has_text=f"typed later {tag}")).to_have_count(1, timeout=RESEND_WAIT_MS)
        expect(messages(a).filter(has_text=f"held back {tag}")).to_have_count(1)
        shown = [t for t in messages(a).all_inner_texts() if tag in t and "burst" not in t]
        assert [("held" in t, "later" in t) for t in shown] == [(True, False), (False, True)], shown
        wait_for_outbox_size(a, 0)
    finally:
        ctx.close()
        FRAMES.pop(a, None)
