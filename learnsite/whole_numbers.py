"""Whole numbers that came from a client as text: ASCII digits only.

`str.isdigit()` is True for "²", which `int()` refuses, and a long run of digits makes `int()` slow or
raise; so every id, seed or round number a client sends is read here, with a bound on its digits.
"""

from __future__ import annotations

import re

ID_DIGITS = 10  # a table's id: a PostgreSQL integer is at most 2147483647

_PATTERNS: dict[tuple[int, bool], re.Pattern[str]] = {}


def parse(value: object, most_digits: int, *, signed: bool = False) -> int | None:
    """`value` as an int if it is 1 to `most_digits` ASCII digits (after a "-" if `signed`), else None."""
    if not isinstance(value, str):
        return None
    key = (most_digits, signed)
    pattern = _PATTERNS.get(key)
    if pattern is None:
        pattern = _PATTERNS[key] = re.compile(("-?" if signed else "") + f"[0-9]{{1,{most_digits}}}")
    return int(value) if pattern.fullmatch(value) else None
