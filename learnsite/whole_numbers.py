"""Whole numbers that came from a client as text: ASCII digits only.

`str.isdigit()` is True for "²", which `int()` refuses, and a long run of digits makes `int()` slow or
raise; so every id, seed or round number a client sends is read here, with a bound on its digits.
"""

from __future__ import annotations

import re

ID_DIGITS = 10  # a table's id: a PostgreSQL integer is at most 2147483647

def parse(value: object, most_digits: int, *, signed: bool = False) -> int | None:
    """`value` as an int if it is 1 to `most_digits` ASCII digits (after a "-" if `signed`), else None."""
    if not isinstance(value, str):
        return None
    pattern = ("-?" if signed else "") + f"[0-9]{{1,{most_digits}}}"  # compiled once: re keeps a cache
    return int(value) if re.fullmatch(pattern, value) else None
