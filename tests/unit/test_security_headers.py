"""The header set itself: script hashes from a build folder, HSTS for https only, a 500 still secured."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from pathlib import Path

import pytest

from learnsite.services.security_headers import SecurityHeaders, header_set, inline_script_hashes, socket_origin_check


def test_inline_scripts_of_every_built_page_are_hashed(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text('<script>boot()</script><script src="/a.js"></script>')
    (tmp_path / "sub" / "page.html").write_text('<script type="module">go()</script><script>boot()</script>')
    expected = sorted("'sha256-" + base64.b64encode(hashlib.sha256(code).digest()).decode() + "'"
                      for code in (b"boot()", b"go()"))
    assert inline_script_hashes(tmp_path) == expected


def test_hsts_and_secure_socket_only_for_an_https_public_url():
    plain = header_set("http://localhost:3000", [])
    assert "Strict-Transport-Security" not in plain
    assert "connect-src 'self' ws://localhost:3000;" in plain["Content-Security-Policy"]
    secure = header_set("https://learn.example", ["'sha256-x'"])
    assert secure["Strict-Transport-Security"].startswith("max-age=63072000")
    assert "connect-src 'self' wss://learn.example;" in secure["Content-Security-Policy"]
    assert "script-src 'self' 'unsafe-eval' 'sha256-x';" in secure["Content-Security-Policy"]


def _call(app, path="/"):
    sent = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "path": path, "method": "GET", "headers": []}
    try:
        asyncio.run(SecurityHeaders(app, "http://localhost:3000", build_dir=Path("/nonexistent"))(
            scope, receive, send))
    except RuntimeError:
        pass
    return sent


def test_an_unhandled_error_becomes_a_secured_500():
    async def broken(scope, receive, send):
        raise RuntimeError("boom")

    start = _call(broken)[0]
    headers = dict(start["headers"])
    assert start["status"] == 500
    assert headers[b"x-frame-options"] == b"DENY"
    assert headers[b"content-security-policy"].startswith(b"default-src 'self'")


@pytest.mark.parametrize("path,frame", [("/files/worksheets/a.pdf", b"SAMEORIGIN"), ("/files/thumbnails/a.png", b"DENY")])
def test_own_headers_are_kept_and_pdfs_may_be_framed_by_the_site(path, frame):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"x-content-type-options", b"nosniff")]})
        await send({"type": "http.response.body", "body": b""})

    headers = _call(app, path)[0]["headers"]
    assert [v for k, v in headers if k == b"x-content-type-options"] == [b"nosniff"]
    assert dict(headers)[b"x-frame-options"] == frame


def test_event_socket_accepts_the_public_url_and_same_origin_pages_only():
    allowed = socket_origin_check("https://learn.example")
    assert allowed("https://learn.example", {"HTTP_HOST": "backend:8000"})  # behind a proxy
    assert allowed("http://127.0.0.1:3000", {"HTTP_HOST": "127.0.0.1:3000"})  # the site by another name
    assert not allowed("https://evil.example", {"HTTP_HOST": "learn.example"})
    assert not allowed("https://evil.example", {})
    assert not allowed(None, {"HTTP_HOST": "learn.example"})


def _directives(csp: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in csp.split("; ")}


def test_s3_files_origin_is_allowed_where_files_are_drawn_framed_and_fetched():
    """An operator's review: with S3 storage (no public URL, the README's many-machine setup) every worksheet's
    frame, thumbnail and Download were refused by the site's own CSP, which allowed 'self' only."""
    from learnsite.services.security_headers import files_origin
    from learnsite.services.storage import LocalStorage, S3Storage

    site = "https://learn.example"
    assert files_origin(site, LocalStorage("/tmp/x")) == ""  # root-relative /files/... addresses
    presigned = S3Storage("worksheets", endpoint_url="http://127.0.0.1:9000", access_key="a", secret_key="b")
    assert files_origin(site, presigned) == "http://127.0.0.1:9000"
    cdn = S3Storage("worksheets", access_key="a", secret_key="b", public_url="https://cdn.example/sheets/")
    assert files_origin(site, cdn) == "https://cdn.example"
    aws = S3Storage("worksheets", access_key="a", secret_key="b")
    assert files_origin(site, aws).startswith("https://") and "amazonaws.com" in files_origin(site, aws)
    assert files_origin(site, S3Storage("w", access_key="a", secret_key="b", public_url=site + "/files")) == ""

    class Broken(LocalStorage):
        def url(self, key):
            raise RuntimeError("no storage")

    assert files_origin(site, Broken("/tmp/x")) == ""

    csp = _directives(header_set(site, [], file_origin="http://127.0.0.1:9000")["Content-Security-Policy"])
    for name in ("img-src", "frame-src", "connect-src"):
        assert "http://127.0.0.1:9000" in csp[name], name
    assert not any("127.0.0.1" in v for name, values in csp.items() if name not in ("img-src", "frame-src",
                                                                                 "connect-src") for v in values)
    assert "127.0.0.1" not in header_set(site, [])["Content-Security-Policy"]


def test_the_middleware_asks_its_storage_for_the_files_origin():
    from learnsite.services.storage import S3Storage

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    sent = []

    async def receive():
        return {"type": "http.request"}

    async def send(message):
        sent.append(message)

    storage = S3Storage("worksheets", endpoint_url="http://127.0.0.1:9000", access_key="a", secret_key="b")
    scope = {"type": "http", "path": "/worksheet/1", "method": "GET", "headers": []}
    asyncio.run(SecurityHeaders(app, "http://localhost:3000", build_dir=Path("/nonexistent"), storage=storage)(
        scope, receive, send))
    csp = _directives(dict(sent[0]["headers"])[b"content-security-policy"].decode())
    assert "http://127.0.0.1:9000" in csp["frame-src"] and "http://127.0.0.1:9000" in csp["img-src"]


@pytest.mark.parametrize("path,status,cached", [
    ("/assets/Helmet-Dtj71yPs.js", 200, True), ("/assets/__reflex_global_styles-CIiK_lxJ.css", 304, True),
    ("/assets/gone-abc123.js", 404, False), ("/js/games.js", 200, False), ("/art/games/ball.svg", 200, False),
    ("/", 200, False)])
def test_the_builds_hashed_files_are_kept_for_good_and_nothing_else(path, status, cached):
    """A slow phone's review: no Cache-Control anywhere, so after each deploy a visit re-checked 26-32 files."""
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    headers = dict(_call(app, path)[0]["headers"])
    assert (headers.get(b"cache-control") == b"public, max-age=31536000, immutable") is cached
    if not cached:
        assert b"cache-control" not in headers


def test_a_responses_own_cache_control_is_kept():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": b""})

    headers = _call(app, "/assets/x-abc.js")[0]["headers"]
    assert [v for k, v in headers if k == b"cache-control"] == [b"no-store"]
