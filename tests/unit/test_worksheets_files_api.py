"""The /files routes and the upload size guard, through Starlette's test client."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from learnsite.guard.uploads import MULTIPART_SLACK, UploadSizeGuard
from learnsite.services.files_api import FilesRoute, files_app
from tests.worksheet_pdfs import make_pdf


def test_serves_pdf_and_png_with_their_types(tmp_path):
    (tmp_path / "worksheets").mkdir()
    (tmp_path / "thumbnails").mkdir()
    pdf = make_pdf()
    (tmp_path / "worksheets" / "1-a.pdf").write_bytes(pdf)
    (tmp_path / "thumbnails" / "1-a.png").write_bytes(b"\x89PNG fake")
    client = TestClient(files_app(tmp_path))
    r = client.get("/files/worksheets/1-a.pdf")
    assert r.status_code == 200 and r.content == pdf and r.headers["content-type"] == "application/pdf"
    r = client.get("/files/thumbnails/1-a.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"


def test_refuses_unknown_folders_types_and_traversal(tmp_path):
    (tmp_path / "worksheets").mkdir()
    (tmp_path / "secret.pdf").write_bytes(b"%PDF secret")
    (tmp_path / "worksheets" / "notes.txt").write_text("hi")
    client = TestClient(files_app(tmp_path))
    for url in ["/files/worksheets/missing.pdf", "/files/worksheets/notes.txt", "/files/other/secret.pdf",
                "/files/worksheets/..%2Fsecret.pdf", "/files/worksheets/../secret.pdf"]:
        assert client.get(url).status_code == 404, url


def _echo_app() -> Starlette:
    async def upload(request):
        from starlette.requests import ClientDisconnect

        body = b""
        try:
            async for chunk in request.stream():
                body += chunk
        except ClientDisconnect:
            return PlainTextResponse(f"cut after {len(body)}", status_code=400)
        return PlainTextResponse(str(len(body)))

    return Starlette(routes=[Route("/_upload", upload, methods=["POST"])])


UPLOAD_STATE = "reflex___state____state.learnsite___state___admin_worksheets____admin_worksheet_state"
OPEN_TAB = "tab-with-its-page-open"


async def _only_the_open_tab(token: str) -> bool:
    return token == OPEN_TAB


def _guarded(limit: int = 1000) -> TestClient:
    import learnsite.learnsite  # noqa: F401  (registers the States the handler names point at)

    return TestClient(UploadSizeGuard(_echo_app(), limit=limit, connected=_only_the_open_tab))


def _upload_headers(**changed: str) -> dict:
    return {"reflex-event-handler": f"{UPLOAD_STATE}.upload_worksheet", "reflex-client-token": OPEN_TAB,
            "content-type": "multipart/form-data; boundary=x", **changed}


def test_upload_guard_refuses_declared_oversize_bodies():
    client = _guarded()
    ok = client.post("/_upload", content=b"x" * 1000, headers=_upload_headers())
    assert ok.status_code == 200 and ok.text == "1000"
    too_big = client.post("/_upload", content=b"x" * (1000 + MULTIPART_SLACK + 1), headers=_upload_headers())
    assert too_big.status_code == 413 and "larger than 1000 bytes" in too_big.text


def test_upload_guard_stops_undeclared_streams():
    client = _guarded()

    def chunks():
        for _ in range(200):
            yield b"y" * 1024

    r = client.post("/_upload", content=chunks(), headers=_upload_headers())  # no Content-Length: chunked
    assert r.status_code == 400 and r.text.startswith("cut after")
    assert int(r.text.split()[-1]) <= 1000 + MULTIPART_SLACK


def test_files_route_sends_only_files_to_the_files_app(tmp_path):
    """/files/... is served here; pages, events and websockets reach the app behind, untouched."""
    from starlette.routing import WebSocketRoute

    (tmp_path / "worksheets").mkdir()
    (tmp_path / "worksheets" / "1-a.pdf").write_bytes(make_pdf())

    async def page(request):
        return PlainTextResponse(f"app saw {request.url.path}")

    async def echo(websocket):
        await websocket.accept()
        await websocket.send_text("app: " + await websocket.receive_text())
        await websocket.close()

    behind = Starlette(routes=[Route("/{path:path}", page), WebSocketRoute("/_event", echo)])
    client = TestClient(FilesRoute(behind, files=files_app(tmp_path)))
    assert client.get("/files/worksheets/1-a.pdf").headers["content-type"] == "application/pdf"
    assert client.get("/files/worksheets/missing.pdf").status_code == 404  # not passed on to the app
    assert client.get("/worksheet/1").text == "app saw /worksheet/1"
    assert client.get("/filesystem").text == "app saw /filesystem"
    with client.websocket_connect("/_event") as ws:
        ws.send_text("hello")
        assert ws.receive_text() == "app: hello"


def test_keys_no_stored_file_can_have_are_plain_404s(tmp_path):
    """A NUL byte or a name longer than a file system holds: 404, never a 500 with a traceback."""
    (tmp_path / "worksheets").mkdir()
    client = TestClient(files_app(tmp_path), raise_server_exceptions=False)
    for url in ["/files/worksheets/%00.pdf", "/files/worksheets/a%00b.pdf", f"/files/worksheets/{'n' * 300}.pdf",
                f"/files/thumbnails/{'é' * 200}.png"]:
        r = client.get(url)
        assert r.status_code == 404 and r.text == "Not Found", url


def test_upload_guard_refuses_a_handler_that_takes_no_files():
    client = _guarded()
    for handler in (f"{UPLOAD_STATE}.set_title", f"{UPLOAD_STATE}.nothing", "nonsense",
                    "reflex___state____state.setvar"):
        r = client.post("/_upload", content=b"x", headers=_upload_headers(**{"reflex-event-handler": handler}))
        assert r.status_code == 400 and r.text == "Not an upload", handler
    ok = client.post("/_upload", content=b"x", headers=_upload_headers())
    assert ok.status_code == 200


def test_upload_guard_refuses_what_reflex_would_keep_or_trace():
    """A token with no open page: Reflex made and kept a whole tab's state for it (31 KB, an hour), 100 requests
    100 states. Two handler headers: Reflex read the first and the guard the last. No multipart type: Reflex's
    parser raised a KeyError, a 500 with a traceback. Each is refused before the body is read."""
    client = _guarded()
    r = client.post("/_upload", content=b"x", headers=_upload_headers(**{"reflex-client-token": "made-up"}))
    assert r.status_code == 403 and r.text == "Open the page again to upload"
    twice = [(b"reflex-event-handler", b"reflex___state____state.setvar")] + [
        (k.encode(), v.encode()) for k, v in _upload_headers().items()]
    r = client.post("/_upload", content=b"x", headers=twice)
    assert r.status_code == 400 and r.text == "Not an upload"
    for content_type in (None, "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"):
        headers = {k: v for k, v in _upload_headers().items() if k != "content-type"}
        if content_type:
            headers["content-type"] = content_type
        r = client.post("/_upload", content=b"x", headers=headers)
        assert r.status_code == 400 and r.text == "Not an upload", content_type
    no_token = {k: v for k, v in _upload_headers().items() if k != "reflex-client-token"}
    assert client.post("/_upload", content=b"x", headers=no_token).status_code == 400


async def test_a_token_with_no_socket_is_no_open_page():
    """The guard's default test of a token asks Reflex's token manager, as the app's event door does: here, with
    no server running, no token has a socket (a tab with one is the admin's upload browser tests)."""
    import learnsite.learnsite  # noqa: F401
    from learnsite.guard import uploads

    assert await uploads._page_is_open("made-up") is False
    assert await uploads._page_is_open("x" * 200) is False
