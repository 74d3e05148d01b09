"""HTTP side of worksheet storage, put in front of Reflex through rx.App(api_transformer=...).

- GET /files/worksheets/<name>.pdf  -> the PDF (Content-Type application/pdf), local backend
- GET /files/thumbnails/<name>.png  -> its first-page thumbnail (image/png)
- a guard on Reflex's POST /_upload that refuses bodies over the size limit while they stream

Both are plain ASGI wrappers that hand everything else to Reflex untouched. (Mounting Reflex inside
a Starlette app instead would pass every websocket frame through Starlette's middleware stack: about
0.05 ms of CPU per event, measured with py-spy on the events benchmark.)
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import FileResponse, PlainTextResponse
from starlette.routing import Route

from learnsite.config import settings
from learnsite.guard import boundary
from learnsite.services.storage import LOCAL_URL_PREFIX, LocalStorage, StorageError

SERVED = {"worksheets": (".pdf", "application/pdf"), "thumbnails": (".png", "image/png")}
MULTIPART_SLACK = 64 * 1024  # form boundaries, headers and the event-args field


MAX_NAME_BYTES = 255  # what a file system holds in one name


def _not_found() -> PlainTextResponse:
    return PlainTextResponse("Not Found", status_code=404)


async def serve_file(request):
    folder, name = request.path_params["folder"], request.path_params["name"]
    suffix, media_type = SERVED.get(folder, ("", ""))
    if not suffix or not name.endswith(suffix) or "\x00" in name or len(name.encode("utf-8", "replace")) > MAX_NAME_BYTES:
        return _not_found()
    try:
        path = LocalStorage(request.app.state.files_root).path_of(f"{folder}/{name}")
        if not path.is_file():
            return _not_found()
    except (StorageError, ValueError, OSError):  # a key no stored file can have
        return _not_found()
    return FileResponse(
        path, media_type=media_type,
        headers={"Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff",
                 "Content-Disposition": "inline"},
    )


def files_app(root=None) -> Starlette:
    from reflex.config import get_config

    app = Starlette(routes=[Route(f"{LOCAL_URL_PREFIX}/{{folder}}/{{name}}", serve_file, methods=["GET", "HEAD"])])
    app.state.files_root = root or settings.files_dir
    # as Reflex does for the apps it mounts: the dev frontend (another port) may fetch files
    app.add_middleware(CORSMiddleware, allow_credentials=True, allow_methods=["*"], allow_headers=["*"],
                       allow_origins=get_config().cors_allowed_origins)
    return app


class FilesRoute:
    """Requests under /files/ go to files_app(); everything else (pages, events, websockets) to Reflex."""

    def __init__(self, app, files=None):
        self.app = app
        self.files = files or files_app()
        self.prefix = f"{LOCAL_URL_PREFIX}/"

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith(self.prefix):
            return await self.files(scope, receive, send)
        return await self.app(scope, receive, send)


class UploadSizeGuard:
    """Refuse /_upload bodies larger than the limit (by Content-Length up front, else while streaming), and
    requests naming a handler that takes no uploaded files (400, before any body is read)."""

    def __init__(self, app, limit: int | None = None):
        self.app = app
        self.limit = (limit if limit is not None else settings.max_upload_bytes)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].endswith("/_upload"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        handler = headers.get(b"reflex-event-handler", b"").decode("utf-8", "replace")
        if scope.get("method") == "POST" and handler and not boundary.is_upload_handler(handler):
            return await PlainTextResponse("Not an upload", status_code=400)(scope, receive, send)
        if not self.limit:
            return await self.app(scope, receive, send)
        allowed = self.limit + MULTIPART_SLACK
        length = headers.get(b"content-length")
        if length and length.isdigit() and int(length) > allowed:
            response = PlainTextResponse(f"File is larger than {self.limit} bytes", status_code=413)
            return await response(scope, receive, send)
        seen = 0

        async def counted_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > allowed:
                    return {"type": "http.disconnect"}  # the upload parser stops as if the client left
            return message

        return await self.app(scope, counted_receive, send)


def api_transformers() -> list:
    from learnsite.services.sheets_api import SheetMakerRoute

    return [UploadSizeGuard, FilesRoute, SheetMakerRoute]
