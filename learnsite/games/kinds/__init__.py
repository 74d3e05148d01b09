"""Game kinds (the engine: kinds/ here, content/ the learning content, activities.py which game each
catalogue activity is, session.py one game being played).

Game kinds. Each module has make_rounds(rng, band, level, n, params) -> list[Round] (n rounds with
distinct keys) and check(round, move, settled) -> Outcome (`settled`: the parts of a match/sort round
already done). A kind may add shown_after(round, misses) -> str: the answer shown once a child has
missed that many times ("" until then), and the game goes on; and may_follow(round, served keys) -> bool
where a round needs another before it (tracing: a small letter after its capital)."""

from __future__ import annotations

from types import ModuleType

from learnsite.games.kinds import choose, count, match, prompt, sort, trace, typed

KINDS: dict[str, ModuleType] = {
    "choose": choose, "count": count, "match": match, "sort": sort, "type": typed, "prompt": prompt,
    "trace": trace,
}
