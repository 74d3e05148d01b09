"""Every server-side event that turns text into a Reflex literal (redirect, set_value, call_script, download,
scroll_to, set_clipboard, toast) gets a constant or text that passed safe_text.inert(): read from the code."""

from __future__ import annotations

import ast

from learnsite.config import REPO_ROOT

SINKS = {"redirect", "set_value", "call_script", "download", "scroll_to", "set_clipboard", "toast"}
# flip_script and turn_to_js build their script from an int; address_js from an int and a path made of a
# catalogue item's id, json-quoted (a caller must never hand it the route's id as the client sent it)
SAFE_CALLS = {"inert", "flip_script", "notify", "address_js", "turn_to_js"}


def _safe(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Name):
        return node.id.isupper()
    if isinstance(node, ast.Attribute):
        return node.attr.isupper()
    if isinstance(node, ast.Call):
        fn = node.func
        name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
        return name in SAFE_CALLS
    if isinstance(node, ast.IfExp):
        return _safe(node.body) and _safe(node.orelse)
    return False


def _sink_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            fn = node.func
            is_rx = (isinstance(fn.value, ast.Name) and fn.value.id == "rx") or (
                isinstance(fn.value, ast.Attribute) and fn.value.attr == "toast")
            if is_rx and fn.attr in SINKS:
                yield node


def test_state_code_passes_only_constants_or_inert_text_to_sinks():
    unsafe = []
    for path in sorted((REPO_ROOT / "learnsite").rglob("*.py")):
        if "pages" in path.parts or path.name == "toast.py":
            continue  # pages build events at compile time from Vars, never from text a client sent
        for call in _sink_calls(ast.parse(path.read_text())):
            args = [*call.args, *(k.value for k in call.keywords if k.arg not in {"callback"})]
            if not all(_safe(a) for a in args):
                unsafe.append(f"{path.relative_to(REPO_ROOT)}:{call.lineno}")
    assert unsafe == []
