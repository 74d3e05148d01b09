"""Thread summary (SPEC §7 "summarize-thread"): one small interface, `summarize(messages) -> str`.

By default the summary is made here, with no network: an extractive summary naming who
talked, about which topics, and quoting the few messages that carry the thread. When
settings.summary_api_url is set, an OpenAI-compatible chat-completions endpoint writes it
instead; if that endpoint fails, SummaryError says why (no silent fallback, so a broken
setting is noticed).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from learnsite.config import settings

API_TIMEOUT_SECONDS = 20
MAX_QUOTES = 3
QUOTE_CHARS = 140

_WORD = re.compile(r"[a-z][a-z'-]+")
STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each few for from further get got had hadn't has hasn't have
    haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd
    i'll i'm i've if in into is isn't it it's its itself just let's like me more most mustn't my
    myself no nor not now of off on once only or other ought our ours ourselves out over own really
    same shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this those
    through to too under until up very was wasn't we we'd we'll we're we've were weren't what
    what's when when's where where's which while who who's whom why why's will with won't would
    wouldn't you you'd you'll you're you've your yours yourself yourselves yes yeah yep ok okay
    thanks thank hi hello hey please sure great good nice cool lol one two still even much many
    anyone someone everyone something anything thing things lot lots maybe think know want need
    going make made use used today tomorrow yesterday week day time well way see look try tried
    """.split()
)


class SummaryError(Exception):
    """The summary could not be made; the message is fit to show."""


@dataclass(frozen=True)
class Line:
    sender: str
    content: str


def _lines(messages: Iterable) -> list[Line]:
    out = []
    for m in messages:
        if isinstance(m, Mapping):
            sender, content = m.get("sender"), m.get("content")
        else:
            sender, content = getattr(m, "sender", None), getattr(m, "content", None)
        content = " ".join(str(content or "").split())
        if content:
            out.append(Line(sender=str(sender or "Unknown User"), content=content))
    return out


def summarize(messages: Iterable) -> str:
    """A few sentences about a thread (messages oldest first, each with `sender` and `content`)."""
    lines = _lines(messages)
    if len(lines) < 2:
        raise SummaryError("There is nothing to summarize yet: a thread needs at least 2 messages.")
    if settings.summary_api_url:
        return summarize_with_api(lines, settings.summary_api_url, settings.summary_api_key, settings.summary_model)
    return summarize_locally(lines)


# ---------------------------------------------------------------- built-in, extractive

def _words(text: str) -> list[str]:
    return [w.strip("'-") for w in _WORD.findall(text.lower())]


def _stem(word: str) -> str:
    """Fold simple plurals so "worksheet" and "worksheets" count as one topic."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _topics(lines: list[Line], limit: int = 3) -> list[str]:
    name_words = {w for line in lines for w in _words(line.sender)}
    counts: Counter[str] = Counter()
    shown: dict[str, Counter[str]] = {}
    for line in lines:
        for word in set(_words(line.content)):  # a word counts once per message
            if len(word) < 3 or word in STOPWORDS or word in name_words:
                continue
            stem = _stem(word)
            counts[stem] += 1
            shown.setdefault(stem, Counter())[word] += 1
    # a topic is a word that comes back; with a short thread, the most used words
    repeated = [(stem, n) for stem, n in counts.most_common() if n >= 2]
    chosen = repeated[:limit] or counts.most_common(min(limit, 2))
    # show a topic as people wrote it, the plural when both forms came up ("worksheets")
    return [max(shown[stem], key=lambda w: (w.endswith("s"), shown[stem][w])) for stem, _ in chosen]


def _score(line: Line, weights: Counter[str]) -> float:
    words = [_stem(w) for w in _words(line.content) if w not in STOPWORDS and len(w) >= 3]
    if not words:
        return 0.0
    score = sum(weights[w] for w in set(words)) / (len(set(words)) ** 0.5)
    if line.content.rstrip().endswith("?"):
        score *= 1.3  # questions steer a thread
    return score


def _quote(text: str) -> str:
    if len(text) <= QUOTE_CHARS:
        return text
    cut = text[:QUOTE_CHARS].rsplit(" ", 1)[0].rstrip(",;:-")
    return cut + "..."


def summarize_locally(lines: list[Line]) -> str:
    senders = Counter(line.sender for line in lines)
    people = [name for name, _ in senders.most_common()]
    topics = _topics(lines)

    if len(people) > 4:
        who = f"{_join(people[:3])} and {len(people) - 3} others"
    else:
        who = _join(people)
    count = f"{len(lines)} messages"
    if len(people) == 1:
        opening = f"{who} wrote {count}" + (f" about {_join(topics)}." if topics else ".")
    else:
        opening = f"{who} talked" + (f" about {_join(topics)}" if topics else "") + f" ({count})."

    weights: Counter[str] = Counter()
    for line in lines:
        weights.update({_stem(w) for w in _words(line.content) if w not in STOPWORDS and len(w) >= 3})
    ranked = sorted(range(len(lines)), key=lambda i: (-_score(lines[i], weights), i))
    chosen: list[int] = []
    for i in ranked:
        if len(chosen) == MAX_QUOTES:
            break
        if _score(lines[i], weights) > 0:
            chosen.append(i)
    chosen.sort()  # tell it in the order it happened

    sentences = [opening]
    previous: Line | None = None
    for i in chosen:
        line = lines[i]
        if line.content.rstrip().endswith("?"):
            verb = "asked"
        elif previous and previous.sender != line.sender and previous.content.rstrip().endswith("?"):
            verb = "replied"
        elif previous and previous.sender == line.sender:
            verb = "added"
        else:
            verb = "said"
        sentences.append(f'{line.sender} {verb}: "{_quote(line.content)}"')
        previous = line

    last = lines[-1]
    if not chosen or (chosen[-1] != len(lines) - 1 and len(lines) > MAX_QUOTES + 1):
        sentences.append(f'The latest message is from {last.sender}: "{_quote(last.content)}"')
    return " ".join(sentences)


# ---------------------------------------------------------------- optional OpenAI-compatible endpoint

def _endpoint(url: str) -> str:
    url = url.rstrip("/")
    return url if url.endswith("/chat/completions") else url + "/chat/completions"


def summarize_with_api(lines: list[Line], url: str, api_key: str = "", model: str = "gpt-4o-mini",
                       timeout: float = API_TIMEOUT_SECONDS) -> str:
    transcript = "\n".join(f"{line.sender}: {line.content}" for line in lines[-200:])
    body = {
        "model": model,
        "messages": [
            {
                "role": "system",
                "content": "You summarize a chat thread of a children's learning site for parents. "
                "In 2-4 plain sentences say who talked about which topics and what was decided or asked.",
            },
            {"role": "user", "content": transcript},
        ],
        "temperature": 0.2,
    }
    headers = {"Content-Type": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    request = urllib.request.Request(_endpoint(url), data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer = json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as exc:
        raise SummaryError(f"The summary service answered {exc.code} {exc.reason}.") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise SummaryError(f"The summary service could not be reached ({reason}).") from exc
    except ValueError as exc:
        raise SummaryError("The summary service sent an answer that is not JSON.") from exc
    try:
        text = answer["choices"][0]["message"]["content"].strip()
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise SummaryError("The summary service sent an answer without a summary.") from exc
    if not text:
        raise SummaryError("The summary service sent an empty summary.")
    return text
