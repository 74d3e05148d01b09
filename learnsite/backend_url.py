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
