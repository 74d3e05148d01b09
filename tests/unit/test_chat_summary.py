"""The built-in thread summary reads well on real-looking threads; the API path fails clearly."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from learnsite.services import summary
from learnsite.services.summary import SummaryError, summarize, summarize_locally, summarize_with_api


def thread(*pairs):
    return [{"sender": sender, "content": content} for sender, content in pairs]


FRACTIONS = thread(
    ("Maria Lopez", "Has anyone tried the fractions worksheet with a 7-year-old?"),
    ("Ben Carter", "Yes! My son loved the pizza fractions worksheet, took him about 20 minutes."),
    ("Maria Lopez", "Great, did you print it in colour or black and white?"),
    ("Ben Carter", "Black and white works fine, the pizza slices are outlined."),
    ("Chloe Park", "We printed the fractions worksheets twice so both kids could do it."),
    ("Maria Lopez", "Thanks both, printing it tonight."),
)

BEDTIME = thread(
    ("Sam Okafor", "Which storybook do your kids like at bedtime?"),
    ("Priya Shah", "The Magical Forest, every single night. The dragon page is the favourite."),
    ("Sam Okafor", "We keep reading The Brave Knight but my daughter finds the dragon scary."),
    ("Lena Vogel", "Try the audiobook of The Tortoise and the Hare, it is calm and short for bedtime."),
    ("Priya Shah", "Agree, the tortoise one is perfect before sleep."),
    ("Tom Reed", "Does the storybook work offline on a tablet?"),
    ("Sam Okafor", "Thanks, we will try the tortoise story tonight."),
)


def test_names_everyone_and_the_topics_of_the_thread():
    text = summarize_locally(summary._lines(FRACTIONS))
    assert text.startswith("Maria Lopez, Ben Carter and Chloe Park talked about")
    assert "(6 messages)" in text
    opening = text.split(".")[0]
    assert "fractions" in opening and "worksheets" in opening


def test_quotes_the_question_and_the_answer_in_order():
    text = summarize_locally(summary._lines(FRACTIONS))
    question = 'Maria Lopez asked: "Has anyone tried the fractions worksheet with a 7-year-old?"'
    answer = 'Ben Carter replied: "Yes! My son loved the pizza fractions worksheet'
    assert question in text and answer in text
    assert text.index(question) < text.index(answer)


def test_a_few_sentences_not_the_whole_thread():
    text = summarize_locally(summary._lines(BEDTIME))
    quoted = text.count(': "')
    assert 1 <= quoted <= summary.MAX_QUOTES + 1
    assert len(text) < sum(len(m["content"]) for m in BEDTIME) + 200
    assert "storybook" in text.split(".")[0] or "bedtime" in text.split(".")[0]
    # the opening names the four most active people or says how many others
    assert text.startswith("Sam Okafor, Priya Shah")


def test_long_messages_are_cut_at_a_word():
    long = "I printed the number tracing worksheet and " + "it went really well with the crayons " * 10
    text = summarize_locally(summary._lines(thread(("Ann Lee", long), ("Bo Kim", "Which crayons did you use?"))))
    assert "..." in text
    assert long not in text


def test_a_thread_of_small_talk_still_says_who_wrote():
    text = summarize_locally(summary._lines(thread(("Ann Lee", "hi"), ("Ann Lee", "hello there"))))
    assert text.startswith("Ann Lee wrote 2 messages.")
    assert '"hello there"' in text


def test_fewer_than_two_messages_is_refused(monkeypatch):
    monkeypatch.setattr(summary, "settings", type("S", (), {"summary_api_url": ""})())
    with pytest.raises(SummaryError, match="at least 2 messages"):
        summarize(thread(("Ann Lee", "only one")))
    with pytest.raises(SummaryError):
        summarize(thread(("Ann Lee", "one"), ("Bo Kim", "   ")))


def test_accepts_objects_with_sender_and_content(monkeypatch):
    from learnsite.services.chat import MessageView

    monkeypatch.setattr(summary, "settings", type("S", (), {"summary_api_url": ""})())
    views = [
        MessageView(id=i, channel_id=1, user_id=None, sender=m["sender"], content=m["content"], created_at="")
        for i, m in enumerate(FRACTIONS)
    ]
    assert summarize(views) == summarize_locally(summary._lines(FRACTIONS))


# ---------------------------------------------------------------- OpenAI-compatible endpoint

class _FakeCompletions(BaseHTTPRequestHandler):
    reply: tuple[int, bytes] = (200, b"{}")
    seen: list = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).seen.append((self.path, self.headers.get("Authorization"), body))
        status, payload = type(self).reply
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_api():
    server = HTTPServer(("127.0.0.1", 0), _FakeCompletions)
    _FakeCompletions.seen = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1", _FakeCompletions
    server.shutdown()


def test_api_summary_is_used_when_configured(fake_api, monkeypatch):
    url, handler = fake_api
    handler.reply = (200, json.dumps({"choices": [{"message": {"content": " Parents shared fraction tips. "}}]}).encode())
    settings = type("S", (), {"summary_api_url": url, "summary_api_key": "k-123", "summary_model": "m1"})()
    monkeypatch.setattr(summary, "settings", settings)
    assert summarize(FRACTIONS) == "Parents shared fraction tips."
    path, auth, body = handler.seen[0]
    assert path == "/v1/chat/completions"
    assert auth == "Bearer k-123"
    assert body["model"] == "m1"
    assert "Maria Lopez: Has anyone tried the fractions worksheet" in body["messages"][-1]["content"]


def test_api_errors_are_clear(fake_api):
    url, handler = fake_api
    handler.reply = (500, b'{"error": "boom"}')
    with pytest.raises(SummaryError, match="answered 500"):
        summarize_with_api(summary._lines(FRACTIONS), url)
    handler.reply = (200, b'{"choices": []}')
    with pytest.raises(SummaryError, match="without a summary"):
        summarize_with_api(summary._lines(FRACTIONS), url)


def test_api_unreachable_is_clear():
    with pytest.raises(SummaryError, match="could not be reached"):
        summarize_with_api(summary._lines(FRACTIONS), "http://127.0.0.1:9/v1", timeout=2)
