"""Root-relative backend URLs (/files/..., /make-sheet/...) resolved against the backend's origin
(a different port in dev; the same origin in a single-port production run)."""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var, VarData

BACKEND_ORIGIN = Var(
    _js_expr="getBackendURL(env.PING).origin",
    _var_type=str,
    _var_data=VarData(imports={"$/utils/state": "getBackendURL", "$/env.json": rx.ImportVar(tag="env", is_default=True)}),
)


def absolute(url: Var) -> Var:
    return rx.cond(url.to(str).startswith("/"), BACKEND_ORIGIN.to(str) + url.to(str), url).to(str)


def download_function(url: Var, filename: Var) -> Var:
    """JS: GET the file as a blob and save it under filename; resolves to "ok" or "error"."""
    code = f"""async () => {{
  try {{
    const response = await fetch({url!s});
    if (!response.ok) return "error";
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = href;
    link.download = {filename!s};
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10000);
    return "ok";
  }} catch (error) {{
    return "error";
  }}
}}"""
    return Var(_js_expr=code, _var_data=VarData.merge(url._get_all_var_data(), filename._get_all_var_data()))
