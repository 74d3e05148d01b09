"""The production server sends the security headers on every kind of response, and CORS trusts only
the site's own public URL (requests as curl would make them, against the running app)."""

from __future__ import annotations

import base64
import hashlib
import re
import socket
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

EVIL = "https://evil.example"


def fetch(app_server, path: str, method: str = "GET", headers: dict | None = None, body: bytes | None = None):
    """(status, headers, body) for a request; error statuses are answers too."""
    request = urllib.request.Request(app_server.url + path, method=method, headers=headers or {}, data=body)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def assert_secured(headers, frameable: bool = False) -> str:
    csp = headers["Content-Security-Policy"]
    assert csp, "no Content-Security-Policy"
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in directives["script-src"]
    assert directives["base-uri"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert directives["frame-ancestors"] == ("'self'" if frameable else "'none'")
    assert headers["X-Frame-Options"] == ("SAMEORIGIN" if frameable else "DENY")
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    permissions = headers["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions
    assert "autoplay" not in permissions  # Web Audio (songs, read-aloud) may start sound
    assert headers["Strict-Transport-Security"] is None  # http:// public URL: no HSTS
    return csp


def test_page_carries_headers_and_hashes_of_its_inline_scripts(app_server):
    status, headers, body = fetch(app_server, "/")
    assert status == 200
    csp = assert_secured(headers)
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    inline = [m.group(2) for m in re.finditer(rb"<script\b([^>]*)>(.*?)</script>", body, re.S)
              if b"src=" not in m.group(1) and m.group(2)]
    assert len(inline) >= 3  # react-router's boot scripts
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script).digest()).decode()
        assert f"'sha256-{digest}'" in directives["script-src"]
    port = urlsplit(app_server.url).netloc
    assert f"ws://{port}" in directives["connect-src"].split()


@pytest.mark.parametrize("path", ["/login", "/no/such/page", "/favicon.ico", "/styles.css"])
def test_other_pages_static_files_and_not_found(app_server, path):
    status, headers, _ = fetch(app_server, path)
    assert status in {200, 404}
    assert_secured(headers)


def test_built_script_carries_headers(app_server):
    _, _, body = fetch(app_server, "/")
    script = re.search(rb'src="(/assets/[^"]+\.js)"', body) or re.search(rb'"(/assets/[^"]+\.js)"', body)
    status, headers, _ = fetch(app_server, script.group(1).decode())
    assert status == 200
    assert_secured(headers)
    # named by its content's hash: kept for good (a slow phone re-checked every script after each deploy)
    assert {k.lower(): v for k, v in headers.items()}["cache-control"] == "public, max-age=31536000, immutable"
    _, page, _ = fetch(app_server, "/")
    assert "cache-control" not in {k.lower() for k in page}  # a page is asked for again


def test_files_api_may_be_framed_by_the_site_only(app_server):
    status, headers, _ = fetch(app_server, "/files/worksheets/missing.pdf")
    assert status == 404
    assert_secured(headers, frameable=True)
    status, headers, _ = fetch(app_server, "/files/thumbnails/missing.png")
    assert status == 404
    assert_secured(headers)


def test_upload_endpoint_answers_carry_headers(app_server):
    status, headers, _ = fetch(app_server, "/_upload", method="POST", body=b"x",
                               headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert status >= 400
    assert_secured(headers)


def test_an_upload_from_no_open_page_is_refused_before_any_state_is_made(app_server):
    """Reflex made and kept a whole tab's state (about 31 KB, for an hour) for any token an upload named."""
    handler = "reflex___state____state.learnsite___state___admin_worksheets____admin_worksheet_state.upload_worksheet"
    body = b'--B\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--B--\r\n'
    status, headers, text = fetch(app_server, "/_upload", method="POST", body=body, headers={
        "Content-Type": "multipart/form-data; boundary=B", "Reflex-Client-Token": "no-page-has-this-token",
        "Reflex-Event-Handler": handler})
    assert (status, text) == (403, b"Open the page again to upload")
    assert_secured(headers)


def test_cors_trusts_only_the_public_url(app_server):
    for path in ("/", "/ping", "/files/worksheets/missing.pdf"):
        _, headers, _ = fetch(app_server, path, headers={"Origin": EVIL})
        assert headers["Access-Control-Allow-Origin"] is None, path
        _, headers, _ = fetch(app_server, path, headers={"Origin": app_server.url})
        assert headers["Access-Control-Allow-Origin"] == app_server.url, path

    preflight = {"Origin": EVIL, "Access-Control-Request-Method": "POST"}
    status, headers, _ = fetch(app_server, "/_upload", method="OPTIONS", headers=preflight)
    assert status == 400
    assert headers["Access-Control-Allow-Origin"] is None
    assert_secured(headers)  # even the preflight refusal Reflex's CORS layer answers itself
    status, headers, _ = fetch(app_server, "/_upload", method="OPTIONS",
                               headers={**preflight, "Origin": app_server.url})
    assert status == 200
    assert headers["Access-Control-Allow-Origin"] == app_server.url


def _socket_handshake_status(app_server, origin: str, host: str | None = None) -> str:
    parts = urlsplit(app_server.url)
    request = (f"GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\nHost: {host or parts.netloc}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: {origin}\r\n\r\n")
    with socket.create_connection((parts.hostname, parts.port), timeout=15) as s:
        s.sendall(request.encode())
        return s.recv(4096).split(b"\r\n", 1)[0].decode()


def test_event_socket_refuses_other_origins(app_server):
    assert " 101 " in _socket_handshake_status(app_server, app_server.url)
    assert " 101 " not in _socket_handshake_status(app_server, EVIL)
    # the site reached by another name: its own pages (same origin as the Host they address) still connect
    other = urlsplit(app_server.url).netloc.replace("localhost", "127.0.0.1")
    assert " 101 " in _socket_handshake_status(app_server, f"http://{other}", host=other)
    assert " 101 " not in _socket_handshake_status(app_server, EVIL, host=other)
