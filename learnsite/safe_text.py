"""Text on its way into an event the server sends (toast, set_value, redirect, call_script).

Reflex 0.10.1 turns every such string into a `LiteralStringVar`, whose constructor scans it for its own
var tags (`<reflex.Var>...</reflex.Var>`). A tag whose content is not a number makes that scan loop
forever (the backend hangs and grows until it is killed); a numeric one splices a compiled var into the
string. Text a client sent, or text stored from one, therefore passes `inert()` first: a word joiner
(U+2060, invisible, zero width) after the tag's "<" leaves what the person typed looking the same while
no tag is left to find.
"""

from __future__ import annotations

from typing import Any

VAR_TAG = "<reflex.Var>"  # reflex_base.constants.REFLEX_VAR_OPENING_TAG
_BROKEN_TAG = "<\u2060reflex.Var>"


def inert(text: Any) -> str:
    """`text` as a string that can never carry a Reflex var tag, shown as typed."""
    value = text if isinstance(text, str) else str(text)
    return value.replace(VAR_TAG, _BROKEN_TAG) if VAR_TAG in value else value
