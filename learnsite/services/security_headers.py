"""The security headers every HTTP response carries, in one place (README "Security").

With S3 storage the files' own origin is added to img-src, frame-src and connect-src (files_origin).
To allow something new, edit CSP_SOURCES (one line per directive, with the reason beside anything
beyond 'self') or PERMISSIONS; tests/integration/test_security_headers.py checks what is served, and
the browser suite fails on any CSP violation a page causes.

SecurityHeaders wraps the whole ASGI app (learnsite/learnsite.py), so pages (Reflex's static build),
static files, /files/..., /_upload, CORS preflights and 404/500 answers all get the same set.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from urllib.parse import urlsplit

# Directive -> sources. 'self' is the site's own origin; the reasons for the rest:
CSP_SOURCES: dict[str, list[str]] = {
    "default-src": ["'self'"],
    # + sha256 hashes of the prerendered pages' inline scripts (react-router's boot, the colour-mode
    # and scroll-restoration snippets), read from the built .web output: no 'unsafe-inline'.
    # 'unsafe-eval': Reflex's state.js eval()s the scripts server events send (rx.call_script, every
    # callback=, rx.toast.*, rx.scroll_to, ...): without it, no toast and no scripted action runs.
    "script-src": ["'self'", "'unsafe-eval'"],
    # Emotion (Radix/Reflex styling) inserts <style> elements at run time; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],  # inline SVG data URIs, canvas/blob previews
    "media-src": ["'self'", "data:", "blob:"],  # audiobooks, songs, Web Audio buffers from blob: URLs
    "font-src": ["'self'", "data:"],
    # + the site's own ws:// or wss:// origin (Reflex's event socket), added from the public URL
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],  # audio worklets / workers from same-origin or blob: scripts
    "manifest-src": ["'self'"],
    "frame-src": ["'self'"],  # the worksheet viewer frames its own /files/worksheets/<id>.pdf
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# The build's JS and CSS, named by their content's hash: a new build has new names, so a browser may keep them a
# year without asking again. Without a Cache-Control a slow phone re-checked 26-32 of them (all 304s) after each
# deploy. Other static files (/js/, /art/) keep their names across builds: they are left to the browser's own rules.
HASHED_PREFIX = "/assets/"
IMMUTABLE = (b"cache-control", b"public, max-age=31536000, immutable")

# Same-origin files the site frames itself (the worksheet PDF viewer): framing by 'self' only.
FRAMEABLE_PREFIXES = ("/files/worksheets/",)

# Features nobody on the site uses are switched off for every origin, including ours. Left on:
# autoplay and speaker-selection, which Web Audio (songs, read-aloud, game sounds) relies on.
PERMISSIONS = [
    "accelerometer", "camera", "display-capture",
    "encrypted-media", "gamepad", "geolocation", "gyroscope", "hid", "identity-credentials-get",
    "idle-detection", "local-fonts", "magnetometer", "microphone", "midi", "otp-credentials",
    "payment", "publickey-credentials-create", "publickey-credentials-get", "screen-wake-lock",
    "serial", "storage-access", "usb", "window-management", "xr-spatial-tracking",
]  # only features Chromium knows: an unknown one is a console error on every page (tests/conftest.py)

HSTS = "max-age=63072000; includeSubDomains"  # two years; only sent when the public URL is https

_INLINE_SCRIPT = re.compile(rb"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)


def inline_script_hashes(build_dir: Path) -> list[str]:
    """CSP sources ('sha256-...') for every inline <script> of the built HTML pages, sorted."""
    found: set[str] = set()
    for html in sorted(build_dir.rglob("*.html")):
        for attrs, body in _INLINE_SCRIPT.findall(html.read_bytes()):
            if re.search(rb"\bsrc\s*=", attrs) or not body:
                continue
            found.add("'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'")
    return sorted(found)


def socket_origin(public_url: str) -> str:
    """ws://host[:port] or wss://host[:port] for the site's public URL."""
    parts = urlsplit(public_url)
    return f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}"


# where worksheet files (PDFs, thumbnails) are drawn, framed and fetched (Download) from
FILE_DIRECTIVES = ("img-src", "frame-src", "connect-src")
_PROBE_KEY = "worksheets/csp-probe.pdf"


def files_origin(public_url: str, storage=None) -> str:
    """The origin worksheet files come from when it is not the site's own: S3 storage hands out the bucket's
    (or LEARNSITE_S3_PUBLIC_URL's) addresses. With only 'self' allowed, every worksheet's frame, thumbnail and
    Download was refused by the browser. "" for local storage (root-relative /files/... addresses)."""
    if storage is None:
        from learnsite.services.storage import get_storage

        storage = get_storage()
    try:
        parts = urlsplit(storage.url(_PROBE_KEY))  # presigning is local: no request is made
    except Exception:  # noqa: BLE001 - no storage, no files to allow
        return ""
    if not parts.scheme or not parts.netloc:
        return ""
    origin = f"{parts.scheme}://{parts.netloc}"
    site = urlsplit(public_url)
    return "" if origin == f"{site.scheme}://{site.netloc}" else origin


def content_security_policy(public_url: str, script_hashes: list[str], frameable: bool = False,
                            file_origin: str = "") -> str:
    sources = {name: list(values) for name, values in CSP_SOURCES.items()}
    sources["script-src"] += script_hashes
    sources["connect-src"].append(socket_origin(public_url))
    if file_origin:
        for name in FILE_DIRECTIVES:
            sources[name].append(file_origin)
    if frameable:
        sources["frame-ancestors"] = ["'self'"]
    return "; ".join(f"{name} {' '.join(values)}" for name, values in sources.items())


def header_set(public_url: str, script_hashes: list[str], frameable: bool = False,
               file_origin: str = "") -> dict[str, str]:
    headers = {
        "Content-Security-Policy": content_security_policy(public_url, script_hashes, frameable, file_origin),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Permissions-Policy": ", ".join(f"{feature}=()" for feature in PERMISSIONS),
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "X-Frame-Options": "SAMEORIGIN" if frameable else "DENY",
    }
    if urlsplit(public_url).scheme == "https":
        headers["Strict-Transport-Security"] = HSTS
    return headers


def socket_origin_check(public_url: str):
    """For the event socket (Engine.IO's cors_allowed_origins callable): the public URL, or the page's own
    origin (the Host it addressed: the site reached by another name, e.g. 127.0.0.1, still hydrates).
    Any other site's page is refused, so it cannot open a socket in a visitor's browser."""
    def allowed(origin: str | None, environ: dict) -> bool:
        host = environ.get("HTTP_HOST", "")
        return origin == public_url or (bool(host) and origin in {f"http://{host}", f"https://{host}"})
    return allowed


def _build_dir() -> Path:
    """Where Reflex's production build keeps the prerendered pages (.web/build/client)."""
    from reflex.utils import prerequisites

    return prerequisites.get_web_dir() / "build" / "client"


class SecurityHeaders:
    """ASGI middleware: adds header_set() to every HTTP response; an unhandled error becomes a bare 500
    that carries them too. Headers a response already sets itself are kept."""

    def __init__(self, app, public_url: str | None = None, build_dir: Path | None = None, storage=None):
        self.app = app
        self.public_url = public_url
        self.storage = storage  # None: the app's own (learnsite.services.storage.get_storage)
        self.build_dir = build_dir
        self._encoded: dict[bool, list[tuple[bytes, bytes]]] = {}
        self._built_at = -1

    def _headers(self, frameable: bool) -> list[tuple[bytes, bytes]]:
        build_dir = self.build_dir or _build_dir()
        try:
            built_at = (build_dir / "index.html").stat().st_mtime_ns
        except OSError:
            built_at = 0
        if built_at != self._built_at:  # the first request, or a new build: hash its scripts again
            self._encoded, self._built_at = {}, built_at
        if frameable not in self._encoded:
            from learnsite.config import settings

            public_url = self.public_url or settings.public_url
            hashes = inline_script_hashes(build_dir) if build_dir.is_dir() else []
            found = header_set(public_url, hashes, frameable, files_origin(public_url, self.storage))
            self._encoded[frameable] = [(k.lower().encode(), v.encode()) for k, v in found.items()]
        return self._encoded[frameable]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        ours = self._headers(scope["path"].startswith(FRAMEABLE_PREFIXES))
        hashed = scope["path"].startswith(HASHED_PREFIX)
        started = False

        async def send_with_headers(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name.lower() for name, _ in message.get("headers", [])}
                # only a file found is kept for good: a 404 or a 500 is asked again next time
                extra = [IMMUTABLE] if hashed and message.get("status") in (200, 304) else []
                message = {**message, "headers": [*message.get("headers", []),
                                                  *[(k, v) for k, v in [*ours, *extra] if k not in present]]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise
            body = b"Internal Server Error"
            await send({"type": "http.response.start", "status": 500,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), *ours]})
            await send({"type": "http.response.body", "body": body})
            raise


if __name__ == "__main__":  # the header set for another front (a static host of .web/build, a proxy)
    from learnsite.config import REPO_ROOT, settings

    built = REPO_ROOT / ".web" / "build" / "client"
    found = header_set(settings.public_url, inline_script_hashes(built), file_origin=files_origin(settings.public_url))
    for name, value in found.items():
        print(f"{name}: {value}")
