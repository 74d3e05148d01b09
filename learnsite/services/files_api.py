"""HTTP side of worksheet storage, put in front of Reflex through rx.App(api_transformer=...).

- GET /files/worksheets/<name>.pdf  -> the PDF (Content-Type application/pdf), local backend
- GET /files/thumbnails/<name>.png  -> its first-page thumbnail (image/png)

A plain ASGI wrapper that hands everything else to Reflex untouched (Reflex's POST /_upload has its guard in
learnsite.guard.uploads). Mounting Reflex inside a Starlette app instead would pass every websocket frame through
Starlette's middleware stack: about 0.05 ms of CPU per event, measured with py-spy on the events benchmark.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import FileResponse, PlainTextResponse
from starlette.routing import Route

from learnsite.config import settings
from learnsite.services.storage import LOCAL_URL_PREFIX, LocalStorage, StorageError

SERVED = {"worksheets": (".pdf", "application/pdf"), "thumbnails": (".png", "image/png")}


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
