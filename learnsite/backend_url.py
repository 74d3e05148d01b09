"""Root-relative backend URLs (/files/..., /make-sheet/...) resolved against the backend's origin
(a different port in dev; the same origin in a single-port production run)."""

from __future__ import annotations

import json

import reflex as rx
from reflex_base.vars.base import Var, VarData

from learnsite.toast import DEFAULT_MS, TOAST_ID

OFFLINE = "This device seems to be offline. Check the connection, then try again."

# "" in the HTML built ahead (no window): a root-relative address there loads from the host the page was reached
# by, where the configured one (localhost) was refused by the CSP at any other name; hydration keeps it as built
BACKEND_ORIGIN = Var(
    _js_expr='(typeof window === "undefined" ? "" : getBackendURL(env.PING).origin)',
    _var_type=str,
    _var_data=VarData(imports={"$/utils/state": "getBackendURL", "$/env.json": rx.ImportVar(tag="env", is_default=True)}),
)


def absolute(url: Var) -> Var:
    return rx.cond(url.to(str).startswith("/"), BACKEND_ORIGIN.to(str) + url.to(str), url).to(str)


# JS: (level, title, description) => a toast shown by the page itself, like learnsite.toast.notify's; needs `refs`
# from $/utils/state. Only fixed text may go in it, never text a client sent.
PAGE_TOAST = f"""(level, title, description) => refs["__toast"]?.[level](title, {{
    id: {json.dumps(TOAST_ID)}, closeButton: true, duration: {DEFAULT_MS}, description: description }})"""


def download_function(url: Var, filename: Var, failed: str, busy: str | None = None) -> Var:
    """JS: GET the file as a blob and save it under filename, saying how it went in a toast from the page itself
    (one sent by the server came only once the page was connected again, and blamed the sheet for the network).
    A second press while the first is still fetching does nothing: it saved the file twice.
    With `busy`, a 503 (the server asks to come back later) says that fixed text instead of `failed`: the file
    is fine, only now is wrong. The answer's own text is never shown."""
    busy_js = json.dumps(busy if busy is not None else failed)
    code = f"""async () => {{
  const toast = {PAGE_TOAST};
  const url = {url!s};
  const busy = window.__learnsiteDownloads = window.__learnsiteDownloads || new Set();
  if (busy.has(url)) return;
  busy.add(url);
  toast("info", "Preparing Download...", "");
  try {{
    const response = await fetch(url);
    if (response.status === 503) {{
      toast("error", "Uh oh! Download Failed.", {busy_js});
      return;
    }}
    if (!response.ok) throw new Error(String(response.status));
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = href;
    link.download = {filename!s};
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10000);
    toast("success", "Download Started!", "");
  }} catch (error) {{
    toast("error", "Uh oh! Download Failed.", navigator.onLine === false ? {json.dumps(OFFLINE)} : {json.dumps(failed)});
  }} finally {{
    busy.delete(url);
  }}
}}"""
    imports = {"$/utils/state": ["refs"]}
    return Var(_js_expr=code, _var_data=VarData.merge(url._get_all_var_data(), filename._get_all_var_data(),
                                                      VarData(imports=imports)))
